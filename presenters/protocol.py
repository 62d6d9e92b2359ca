"""What the service needs from a game's presenter, and how every presenter names seats.

A presenter turns a game's views and events into words and images; it decides no rule and never
reads the engine's raw state. The service hands it views (`engine.view(state, None)` for what the
table sees, `engine.view(state, seat)` for one player's own texts), the events of stored moves,
and `MoveChoice` lists; each game's views and events are typed in `engine/<game>/views.py`.
One presenter per game, in `presenters/<game>/presenter.py`, declared in the game's registry entry.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

from db import GameRecord
from engine.base import SEAT_LETTERS, AnyGame, MoveFacts
from engine.errors import GameError
from i18n.po import languages
from presenters.bots import bot_name

if TYPE_CHECKING:  # Pillow is loaded only where images are drawn
    from render.animation import Animation

__all__ = ["MoveChoice", "Presenter", "ReplayFrame", "SeatTags", "seat_tag", "seen_json"]

COLOUR_EMOJI = {"orange": "🟠", "blue": "🔵", "green": "🟢", "purple": "🟣"}  # keyed by SEAT_COLOURS
COLOUR_LETTER = SEAT_LETTERS

Event = Mapping[str, Any]
"""A stored move's event: the game's own typed event (`engine/<game>/views.py`)."""


@dataclass(frozen=True)
class MoveChoice:
    """One legal move, as offered to a player: the notation they type and a label saying what it
    does. `rank` orders the list, most useful first (higher first). `points` is what the move
    scores its mover now, when the game knows it without playing the move (typing `+3` narrows
    the list to the moves that score exactly 3: service/move_text.py). `facts`: the engine's facts
    it was worded from (`presenters/moves.py`), so a preview need not list the moves again.
    `names`: what else finds it when typed, unshown (the castles, settlements and missions a
    Rebirth space touches). A presentation type: the engine's own is `MoveFacts`, without words."""

    notation: str
    label: str
    rank: float = 0.0
    points: int | None = None
    facts: MoveFacts | None = field(default=None, compare=False, repr=False)
    names: tuple[str, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class ReplayFrame:
    """One position of an animated replay: the public view after a turn (Rebirth: a move;
    Revive: a player's whole turn), the places that turn changed, and the seat that played it
    (None: the opening position). Public views only: a replay is shown to the whole table."""

    view: Any
    changed: tuple[str, ...] = ()
    seat: int | None = None


class LabelledMoves(Protocol):
    """A game's moves in words (`presenters/moves.py` `MoveWords` over the game's `label`)."""

    def move_choices(self, state: Any, seat: int, locale: str | None) -> list[MoveChoice]:
        """Every legal move of `seat`, labelled, best first (no previews)."""
        ...

    def with_previews(
        self, state: Any, seat: int, choices: Sequence[MoveChoice], locale: str | None
    ) -> list[MoveChoice]:
        """`choices` labelled with what each would change now: only for the few shown (a
        preview may play the move on a copy)."""
        ...

    def button_moves(self, state: Any, seat: int, limit: int, locale: str | None) -> list[MoveChoice]:
        """The moves worth a button for `seat` now, labelled; none when more than `limit`."""
        ...


class Presenter(Protocol):
    @property
    def engine(self) -> AnyGame: ...

    batches_turns: bool  # one channel message per turn (Revive) rather than per move (Rebirth)
    has_player_board: bool  # `/board player:` draws one seat's own board
    # The channel image shows the part of the board that matters: its turn
    # messages carry a **Whole board** button, answered privately with all of it.
    partial_image: bool

    # The engine's moves (`MoveFacts`, no words) labelled in the reader's language: each
    # presenter writes only its game's `label` and hands it to `presenters/moves.py` `MoveWords`.
    @property
    def moves(self) -> LabelledMoves: ...

    def seen_text(self, state: Any, seat: int) -> str:
        """What `seat` knows of `state`, canonically (`seen_json` of its view, with whatever
        words the game's tie-break text has always held): the fallback player draws its
        tie-breaks from it (`engine.fallback.choose_move`'s `seen`), and a change to this text
        changes the moves its seats choose in games already under way."""
        ...

    def tag(self, game: GameRecord, seat: int) -> str: ...
    def mention(self, game: GameRecord, seat: int) -> str: ...
    def title(self, options: dict[str, Any], locale: str | None) -> str: ...
    def board_name(self, board: str, locale: str | None) -> str:
        """The name of a board the engine names (`Game.played_on`: Rebirth's map), for `/stats`."""
        ...

    def faction_name(self, faction: str, locale: str | None) -> str:
        """The name of a side the engine names (`Game.faction`: Revive's tribe), for `/stats`."""
        ...

    # ----------------------------------------------------------------- images (public view)
    # Every word an image draws is in `locale`: a channel image in the game's
    # language, a private one in the caller's; None draws English.
    def render(
        self,
        view: Any,
        options: dict[str, Any],
        names: list[str],
        changed: tuple[str, ...] = (),
        whole: bool = False,
        *,
        locale: str | None = None,
        turn: Sequence[Event] = (),
    ) -> bytes:
        """The public board for a channel message, the places in `changed` marked; the one image
        of its message, so it must read at a phone's inline width and may show
        only the part of the board that matters. `whole`: all of it, for `/board`. `turn`: the
        stored events the message tells (a game with player boards may show what they changed
        there)."""
        ...

    def render_player(
        self, view: Any, seat: int, names: list[str], whole: bool = False, *, locale: str | None = None
    ) -> bytes:
        """One seat's own board (`has_player_board`): legible at a phone's inline width, or with
        `whole` every part of it, however wide."""
        ...

    def render_options(
        self,
        view: Any,
        options: dict[str, Any],
        names: list[str],
        seat: int,
        choices: Sequence[MoveChoice],
        *,
        locale: str | None = None,
    ) -> bytes | None:
        """`seat`'s own options drawn on the board (`view`: that seat's view, so it goes to that
        seat only): the places its legal moves `choices` use, marked and numbered as their
        autocomplete labels read; None when no move of theirs has a place."""
        ...

    def render_replay(
        self, frames: Sequence[ReplayFrame], names: list[str], *, locale: str | None = None, limit: int
    ) -> Animation | None:
        """The animated replay of `frames` (public views, the opening first): a GIF frame per
        position with the turn's places marked and the scores in a strip, legible at 550 px,
        within `limit` bytes (positions left out or frames shrunk when it must); None when even
        the smallest plan does not fit (`render/animation.py`)."""
        ...

    def warm_up(self) -> None:
        """Draw each board's static layers once, before the first game needs them (the words
        drawn into them in English and each translated language, `translated_locales`)."""
        ...

    # ----------------------------------------------------------- channel texts (public view)
    def start_text(self, view: Any, game: GameRecord, locale: str | None) -> str: ...
    def event_text(self, event: Event, game: GameRecord, locale: str | None) -> str: ...
    def turn_text(self, events: Sequence[Event], view: Any, game: GameRecord, locale: str | None) -> str:
        """The one channel message of a turn, for games that batch a turn's moves."""
        ...

    def final_text(self, view: Any, game: GameRecord, locale: str | None) -> str: ...
    def status_text(self, view: Any, game: GameRecord, locale: str | None) -> str: ...
    def board_caption(self, view: Any, game: GameRecord, locale: str | None) -> str: ...
    def player_caption(self, view: Any, game: GameRecord, seat: int, locale: str | None) -> str: ...

    # --------------------------------------------------------- one player's texts (seat view)
    def private_text(self, private: dict[str, Any], view: Any, seat: int, locale: str | None) -> str: ...
    def hand_text(self, view: Any, locale: str | None) -> str: ...
    def prompt_text(self, view: Any, seat: int, locale: str | None) -> str:
        """What `seat` is asked now: the open decision, or their options this turn."""
        ...

    def options_text(self, view: Any, seat: int, locale: str | None) -> str: ...
    def rules_text(self, view: Any | None, seat: int | None, locale: str | None) -> str:
        """A short rules summary, then what the caller can do now (`view`: theirs, or the public
        view for someone not seated, or None before the start)."""
        ...


def seen_json(view: Any) -> str:
    """A view as the fallback player's tie-breaks read it: sorted JSON (`engine.fallback.seen_by`)."""
    return json.dumps(view, sort_keys=True, default=str)


# ----------------------------------------------------------------------------------------------
# What a game without a feature answers. A presenter binds the one it shares as its method
# (`render_player = no_player_board`), so those games answer alike from one place.


def seen_view(presenter: Presenter, state: Any, seat: int) -> str:
    """`seen_text` of a game whose views hold no words: the seat's view as it is."""
    return seen_json(presenter.engine.view(state, seat))


def no_player_board(
    presenter: Presenter,
    view: Any,
    seat: int,
    names: list[str],
    whole: bool = False,
    *,
    locale: str | None = None,
) -> NoReturn:
    """`render_player` of a game without player boards (`has_player_board` False): there is no
    such board to draw, and the error says so in the player's words."""
    raise GameError("error.no_player_board")


def board_caption_for_seat(
    presenter: Presenter, view: Any, game: GameRecord, seat: int, locale: str | None
) -> str:
    """`player_caption` of a game without player boards: its board is the seat's too, so it
    carries the board's caption."""
    return presenter.board_caption(view, game, locale)


def line_per_move(
    presenter: Presenter, events: Sequence[Event], view: Any, game: GameRecord, locale: str | None
) -> str:
    """`turn_text` of a game that does not batch a turn's moves (`batches_turns` False): each
    move's own line, one under the other."""
    return "\n".join(presenter.event_text(event, game, locale) for event in events)


def translated_locales() -> list[str]:
    """The languages with a catalog besides English (`pt-BR`): the ones `warm_up` draws too."""
    return [language.replace("_", "-") for language in languages()]


def seat_tag(colour: str, user_id: int, bot: bool = False) -> str:
    """`🟠O <@123>`: colour and letter, so the seat reads without telling colours apart. A seat
    played by the fallback player says so: `🟠O 🤖 bot` (filled with /game add-bot) or
    `🟠O <@123> 🤖` (handed over)."""
    head = f"{COLOUR_EMOJI[colour]}{COLOUR_LETTER[colour]}"
    if user_id < 0:
        return f"{head} 🤖 bot {-user_id}"
    return f"{head} <@{user_id}> 🤖" if bot else f"{head} <@{user_id}>"


class SeatTags:
    """How a presenter names seats: `tag` (colour, letter, mention or bot) for lines about a
    seat, `mention` (a plain mention for a person) for pings. `colours` is the game's seat order."""

    colours: tuple[str, ...]

    def tag(self, game: GameRecord, seat: int) -> str:
        level = game.levels[seat] if game.levels and game.players[seat] < 0 else None
        if level is not None:  # an AI seat is named by its level, in the table's language
            head = seat_tag(self.colours[seat], game.players[seat]).split(" 🤖 ")[0]
            return f"{head} 🤖 {bot_name(game, game.players[seat], game.language)}"
        return seat_tag(self.colours[seat], game.players[seat], game.is_bot(seat))

    def mention(self, game: GameRecord, seat: int) -> str:
        user = game.players[seat]
        return self.tag(game, seat) if user < 0 or game.is_bot(seat) else f"<@{user}>"


def in_turn_order(seats: Sequence[Any], first: int | None) -> list[Any]:
    """`seats` (in seat order) from the seat `first` to move onwards, as play goes round: the
    start message lists the table in the order it will play."""
    start = first if first is not None and 0 <= first < len(seats) else 0
    return [*seats[start:], *seats[:start]]


def by_rank(seats: Sequence[Any], winners: Sequence[int] | None) -> list[Any]:
    """A finished game's seats in rank order: the winners, then by score, resigned seats last;
    in play (`winners` None), as seated."""
    if winners is None:
        return list(seats)
    return sorted(seats, key=lambda seat: (seat["resigned"], seat["seat"] not in winners, -seat["score"]))
