"""The images a message carries, drawn off the event loop: the board, a seat's options, a
player's board; and the seat names they print.

A drawing failure costs the image, never the reply or a saved move: the message still goes out
(and still pings), without it.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from typing import Any

from db import GameRecord
from i18n import t
from presenters.protocol import Event, Presenter
from service.messages import Ready
from service.views import legal_choices, previewed, seat_view

log = logging.getLogger(__name__)


async def board_image(
    presenter: Presenter,
    game: GameRecord,
    view: Any,
    ready: Ready = None,
    changed: tuple[str, ...] = (),
    whole: bool = False,
    locale: str | None = None,
    turn: Sequence[Event] = (),
) -> bytes | None:
    """The public board (`view`: the public view), its words in `locale` (by default the game's
    language: the channel's image; a private one is drawn in its reader's), with what the
    `turn`'s events changed off the board where the game shows it. `ready` is called first:
    only drawing is left, so a front end with a deadline acknowledges now."""
    if ready is not None:
        await ready()
    language = locale or game.language
    draw = functools.partial(presenter.render, locale=language, turn=turn)
    names = seat_names(game, language)
    return await drawn("the board", game, draw, view, game.options, names, changed, whole)


async def options_image(
    presenter: Presenter, game: GameRecord, state: Any, seat: int, locale: str | None
) -> bytes | None:
    """`seat`'s options drawn for them alone, numbered as the autocomplete labels read; None
    when the game draws none now. Drawn from that seat's view, and only ever attached to a
    private reply to that seat."""
    view = seat_view(presenter, state, seat)
    choices = previewed(presenter, state, seat, legal_choices(presenter, state, seat, locale), locale)
    names = seat_names(game, locale)
    draw = functools.partial(presenter.render_options, locale=locale)
    return await drawn("the options", game, draw, view, game.options, names, seat, choices)


async def player_image(
    presenter: Presenter,
    game: GameRecord,
    view: Any,
    seat: int,
    whole: bool = False,
    locale: str | None = None,
) -> bytes | None:
    """One player's own board from the public view: the phone-sized one, or with `whole` all of
    it; in `locale` (by default the game's language: the channel's image)."""
    language = locale or game.language
    draw = functools.partial(presenter.render_player, locale=language)
    return await drawn("a player board", game, draw, view, seat, seat_names(game, language), whole)


async def drawn(what: str, game: GameRecord, draw: Callable[..., bytes | None], *args: Any) -> bytes | None:
    """`draw(*args)` off the event loop (Pillow work would stall other commands); None, logged,
    when it fails."""
    try:
        return await asyncio.to_thread(draw, *args)
    except Exception:
        log.exception("could not draw %s of game %s", what, game.id)
        return None


def seat_names(game: GameRecord, locale: str | None) -> list[str]:
    """Display names for images, in `locale`: a person's Discord name; a seat filled with the
    fallback player is named in the image's language (the name stored at `/game add-bot` is in
    the language of that moment, which `/game settings language:` may change since); a seat
    handed to the fallback player says so."""
    return [
        fallback_name(user, locale)
        if user < 0
        else t("seat.handed_over_name", locale, name=name)
        if game.is_bot(seat)
        else name
        for seat, (user, name) in enumerate(zip(game.players, game.names, strict=True))
    ]


def fallback_name(user: int, locale: str | None) -> str:
    """The name of a seat `/game add-bot` filled (its user id is minus its number)."""
    return t("fallback.name", locale, number=-user)
