"""What the service asks a game for: the views a text or an image is made from, the legal moves
with their labels and previews, and the moves worth a button.

The one module that makes these calls, so a change to how a game answers them (the engine's or
its presenter's) changes one file. Channel texts and images are made from the public view only;
a player's own texts (hand, prompt, options) from their seat's view.
"""

from __future__ import annotations

from typing import Any

from db import GameRecord
from presenters.protocol import MoveChoice, Presenter
from service.messages import CHOICES_AT_MOST

BUTTON_LIMIT = CHOICES_AT_MOST  # a decision with more answers than a select menu holds is left to /move


def public_view(presenter: Presenter, state: Any) -> Any:
    """What the whole table sees: channel texts and images are made from this view only. A
    view holds facts, no words: the texts made from it are in whichever language they need."""
    return presenter.engine.view(state, None)


def seat_view(presenter: Presenter, state: Any, seat: int) -> Any:
    """What `seat` sees: their own texts only, never the channel's."""
    return presenter.engine.view(state, seat)


def legal_choices(presenter: Presenter, state: Any, seat: int, locale: str | None) -> list[MoveChoice]:
    """`seat`'s legal moves, best first, labelled in `locale` (without previews: cheap)."""
    return presenter.moves.move_choices(state, seat, locale)


def previewed(
    presenter: Presenter, state: Any, seat: int, choices: list[MoveChoice], locale: str | None
) -> list[MoveChoice]:
    """`choices` with what each would change in their labels (each preview plays the move on a
    copy, so only for the few choices shown)."""
    return presenter.moves.with_previews(state, seat, choices, locale)


def move_buttons(
    presenter: Presenter, state: Any, seat: int, game: GameRecord, locale: str | None
) -> dict[str, Any]:
    """The moves worth a button for `seat` now (the engine's choice), labelled with what each
    would change, as `Message` fields; valid for this version of the game only."""
    offered = presenter.moves.button_moves(state, seat, BUTTON_LIMIT, locale)
    if not offered:
        return {}
    offered = previewed(presenter, state, seat, offered, locale)
    return {"moves": tuple(offered), "ref": (game.id, game.version)}
