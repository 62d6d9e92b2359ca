"""The images a message carries, drawn off the event loop: the board, a seat's options, a
player's board; and the seat names they print.

They are drawn by the bot's `Workers` (service/workers.py): in a worker process, where the
presenter is looked up by game id through the registry once per process (`painted`), so its
static layers are drawn once per worker and only picklable data (the view, the options, the
names, the locale) crosses; or, with no processes, in a thread with the service's own presenter.

A drawing failure costs the image, never the reply or a saved move: the message still goes out
(and still pings), without it. A worker process that dies under a drawing is such a failure.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

from db import GameRecord
from games import registry
from i18n import t
from presenters.bots import bot_name
from presenters.protocol import Event, Presenter
from service.messages import Ready
from service.views import legal_choices, previewed, seat_view
from service.workers import Workers

log = logging.getLogger(__name__)


async def board_image(
    workers: Workers,
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
    names = seat_names(game, language)
    args = (view, game.options, names, changed, whole)
    return await drawn(workers, presenter, game, "render", *args, locale=language, turn=tuple(turn))


async def options_image(
    workers: Workers, presenter: Presenter, game: GameRecord, state: Any, seat: int, locale: str | None
) -> bytes | None:
    """`seat`'s options drawn for them alone, numbered as the autocomplete labels read; None
    when the game draws none now. Drawn from that seat's view, and only ever attached to a
    private reply to that seat."""
    view = seat_view(presenter, state, seat)
    choices = previewed(presenter, state, seat, legal_choices(presenter, state, seat, locale), locale)
    names = seat_names(game, locale)
    args = (view, game.options, names, seat, choices)
    return await drawn(workers, presenter, game, "render_options", *args, locale=locale)


async def player_image(
    workers: Workers,
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
    names = seat_names(game, language)
    return await drawn(workers, presenter, game, "render_player", view, seat, names, whole, locale=language)


async def drawn(
    workers: Workers, presenter: Presenter, game: GameRecord, method: str, *args: Any, **kwargs: Any
) -> bytes | None:
    """The presenter's drawing `method` (`render`, `render_options`, `render_player`) called
    with these arguments off the event loop (Pillow work would stall other commands): in a
    worker process, by game id, or in a thread on `presenter`; None, logged, when it fails."""
    try:
        if workers.in_processes:
            return await workers.run(painted, game.game, method, args, kwargs)
        return await workers.run(getattr(presenter, method), *args, **kwargs)
    except Exception:
        log.exception("could not draw %s of game %s", DRAWINGS.get(method, method), game.id)
        return None


DRAWINGS = {"render": "the board", "render_options": "the options", "render_player": "a player board"}
_PRESENTERS: dict[str, Presenter] = {}  # this process's, by game id: their caches live as long


def worker_presenter(game_id: str) -> Presenter:
    """The registry's presenter of `game_id` in this process, made once: a worker keeps it, and
    with it every static layer it has drawn, for every later call."""
    presenter = _PRESENTERS.get(game_id)
    if presenter is None:
        presenter = registry.spec(game_id).presenter(registry.load_engine(game_id))
        _PRESENTERS[game_id] = presenter
    return presenter


def painted(game_id: str, method: str, args: Sequence[Any], kwargs: dict[str, Any]) -> bytes | None:
    """In a worker process: `method` of `game_id`'s presenter called with `args` and `kwargs`.
    Top level and by name, so the call pickles."""
    if method not in DRAWINGS:
        raise ValueError(f"{method!r} is not a drawing")
    drawing = getattr(worker_presenter(game_id), method)
    result: bytes | None = drawing(*args, **kwargs)
    return result


def prepare_worker(game_ids: Sequence[str]) -> None:
    """A worker's initializer: the static layers of `game_ids`'s boards drawn in a thread of
    the worker (`Presenter.warm_up`, some 15 s of work for every map, player count and
    language), so the worker takes drawings at once; one that needs a layer not drawn yet
    draws it itself, as the first game on a map always did."""
    if game_ids:
        threading.Thread(target=warmed, args=(tuple(game_ids),), name="warm-up", daemon=True).start()


def warmed(game_ids: Sequence[str]) -> None:
    """Each game's static layers drawn in this process; a failure is logged and left to the
    first drawing that needs the layer."""
    for game_id in game_ids:
        try:
            worker_presenter(game_id).warm_up()
        except Exception:
            log.exception("could not draw the static layers of %s ahead", game_id)


def seat_names(game: GameRecord, locale: str | None) -> list[str]:
    """Display names for images, in `locale`: a person's Discord name; a seat filled with the
    fallback player is named in the image's language (the name stored at `/game add-bot` is in
    the language of that moment, which `/game settings language:` may change since); a seat
    handed to the fallback player says so."""
    return [
        bot_name(game, user, locale)
        if user < 0
        else t("seat.handed_over_name", locale, name=name)
        if game.is_bot(seat)
        else name
        for seat, (user, name) in enumerate(zip(game.players, game.names, strict=True))
    ]


def drawing_workers(processes: int, warm: Sequence[str] = ()) -> Workers:
    """Workers that draw images in `processes` processes (0: a thread of this one): the fork
    server imports the drawing code once, and each new worker draws the static layers of the
    games `warm` names before its first drawing (`prepare_worker`)."""
    return Workers(processes, initializer=prepare_worker, initargs=(tuple(warm),), preload=(__name__,))
