"""A game's history for the people at its table: its record to download (`/game export`) and
its animated replay (`/game replay`), or one position of it (`/game replay turn:N`).

Both re-play the game from its seed and its stored moves (`Database.played`, which reads a
packed game's moves as well: `db/packing.py`), which takes as long as the game, so the work runs
in the bot's workers (service/workers.py: a worker process, or a thread), never on the event
loop. The seed never leaves that work: what comes back is a record the caller may read, or an
image drawn from public views only.

Who may see what (docs/records.md, docs/replays.md):
- **export** of a game in play: its seated players only, each their own view
  (`engine.records.view_record`: no seed, no other seat's secrets); of an ended game: anyone in
  the channel, the full record (`game_record`, what `tabletop replay` re-scores). Always a private
  reply: a player's view holds their hidden information.
- **replay**: public views only (`engine.view(state, None)`), up to the position the table sees
  now; posted in the channel for a seated player, else privately, and counted against the look
  limits as what it costs (service/look_limits.py): the animation, a hundred frames or so, as
  `REPLAY_COST` boards, one position as one board.

How often: exports are counted per person and per channel (service/export_limits.py), replays
with the looks; past either, the answer is a private wait and no worker is asked for anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db import GameRecord
from engine.base import AnyGame
from engine.records import game_record, record_text, view_record
from i18n import t
from i18n.numbers import decimal
from presenters.protocol import ReplayFrame
from render.animation import Animation
from service.export_limits import ExportLimits
from service.images import seat_names, worker_presenter
from service.look_limits import LookLimits
from service.looking import noted, reader_locale
from service.messages import Caller, Message, Ready, ServiceError
from service.tables import Tables, seat_of


@dataclass(frozen=True)
class Played:
    """What a re-play of a stored game needs, as plain data (it crosses to a worker process)."""

    game_id: str  # the registry's id (`rebirth`)
    players: int
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, str]]


class History:
    """`/game export` and `/game replay` for the channel's game (the one in play, else the last
    one played to its end). Changes nothing. Replays share the looks' limits (`limits`);
    exports have their own (`exports`), both on the tables' clock."""

    def __init__(self, tables: Tables, limits: LookLimits) -> None:
        self.tables = tables
        self.db = tables.db
        self.limits = limits
        self.exports = ExportLimits(tables.now)

    async def _played(self, game: GameRecord) -> Played:
        moves = await self.db.played(game.id)
        return Played(game.game, len(game.players), dict(game.options), game.seed, moves)

    async def export(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """The game's record as a file, for the caller alone: during the game a seated player's
        own view of it, after the end the whole record. Refused for someone not seated while
        the game is in play, past the export limits (service/export_limits.py), and when the
        file would be over the upload limit."""
        game = await self.tables.shown_game(caller)
        finished = game.status == "finished"
        if not finished and caller.user_id not in game.players:
            raise ServiceError("export.not_seated")
        seat = None if finished else seat_of(game, caller.user_id)
        self.exports.take(caller.user_id, caller.channel_id)
        if ready is not None:
            await ready()
        played = await self._played(game)
        text = await self.tables.workers.run(exported, played, seat)
        data = text.encode()
        if len(data) > caller.upload_limit:
            size, limit = _megabytes(len(data), caller.locale), _megabytes(caller.upload_limit, caller.locale)
            raise ServiceError("export.too_big", size=size, limit=limit)
        title = self.tables.presenter(game).title(game.options, caller.locale)
        key = "export.full" if finished else "export.view"
        caption = t(key, caller.locale, title=title, count=len(played.moves))
        name = f"{game.game}-{game.id}{'' if finished else f'-seat{seat}'}.json"
        return [Message(caption, image=data, image_name=name, ephemeral=True)]

    async def replay(self, caller: Caller, turn: int | None = None, ready: Ready = None) -> list[Message]:
        """The animated replay of the game so far (or, with `turn`, that one position as a
        still image): in the channel for a seated player, else (or too soon after the last
        board) for the caller alone; smaller, with a note saying so, when the whole one would
        be over the upload limit. The animation counts as `REPLAY_COST` drawings against the
        look limits, a position as one: what each costs a worker."""
        game = await self.tables.shown_game(caller)
        presenter = self.tables.presenter(game)
        seated = caller.user_id in game.players
        if turn is None:
            look = self.limits.replay(caller.user_id, caller.channel_id, seated=seated)
        else:
            look = self.limits.look(caller.user_id, caller.channel_id, seated=seated, public=True, draws=True)
        locale = reader_locale(game, caller, look.public)
        played = await self._played(game)
        names = seat_names(game, locale)
        title = presenter.title(game.options, locale)
        if ready is not None:
            await ready()
        if turn is not None:
            png, turns = await self.tables.workers.run(position, played, names, locale, turn)
            if png is None:
                self.limits.give_back(caller.user_id, caller.channel_id, look)
                raise ServiceError("replay.no_turn", turn=turn, last=turns)
            caption = t("replay.position", locale, title=title, turn=turn, last=turns)
            return [Message(noted(caption, look, caller.locale), image=png, ephemeral=not look.public)]
        drawn = await self.tables.workers.run(animated, played, names, locale, caller.upload_limit)
        animation, turns = drawn
        if animation is None:
            self.limits.give_back(caller.user_id, caller.channel_id, look)
            raise ServiceError("replay.too_big", limit=_megabytes(caller.upload_limit, caller.locale))
        caption = t("replay.caption", locale, title=title, count=turns)
        if animation.reduced:
            caption += "\n" + t("replay.reduced", locale, count=animation.frames, turns=turns + 1)
        message = Message(
            noted(caption, look, caller.locale),
            image=animation.gif,
            image_name="replay.gif",
            ephemeral=not look.public,
        )
        return [message]


def _megabytes(size: int, locale: str | None) -> str:
    return decimal(size / (1024 * 1024), locale, digits=1)


# ---------------------------------------------------------------- in a worker (top level: they pickle)


def exported(played: Played, seat: int | None) -> str:
    """The record's text: the whole record (`seat` None, an ended game) or `seat`'s view of a
    game in play. One writer for the bot and the command line: `engine.records.record_text`."""
    engine = worker_presenter(played.game_id).engine
    args = (engine, played.players, played.options, played.seed, played.moves)
    record = game_record(*args) if seat is None else view_record(*args, seat)
    return record_text(record)


def replay_frames(engine: AnyGame, played: Played, batches_turns: bool) -> list[ReplayFrame]:
    """The game's public positions: the opening, then after each turn (a game that batches its
    turns, Revive: when a turn is over; else after every move), with the places the turn
    changed and the seat whose turn it was; a turn still under way ends with the position now,
    which the table sees on `/board` too. Only ever `engine.view(state, None)`."""
    state = engine.new_game(played.players, played.options, played.seed)
    frames = [ReplayFrame(engine.view(state, None))]
    changed: list[str] = []
    turn_seat: int | None = None
    for seat, move in played.moves:
        applied = engine.apply(state, seat, move)
        state = applied.state
        turn_seat = seat if turn_seat is None else turn_seat
        changed += [str(place) for place in applied.event.get("changed", ())]
        if not batches_turns or applied.event.get("turn_over") or engine.is_over(state):
            frames.append(ReplayFrame(engine.view(state, None), tuple(dict.fromkeys(changed)), turn_seat))
            changed, turn_seat = [], None
    if turn_seat is not None:
        frames.append(ReplayFrame(engine.view(state, None), tuple(dict.fromkeys(changed)), turn_seat))
    return frames


def _frames(played: Played) -> list[ReplayFrame]:
    presenter = worker_presenter(played.game_id)
    return replay_frames(presenter.engine, played, presenter.batches_turns)


def animated(
    played: Played, names: list[str], locale: str | None, limit: int
) -> tuple[Animation | None, int]:
    """The replay as a GIF within `limit` bytes (None: it does not fit even reduced), and how
    many turns it covers."""
    frames = _frames(played)
    presenter = worker_presenter(played.game_id)
    return presenter.render_replay(frames, names, locale=locale, limit=limit), len(frames) - 1


def position(played: Played, names: list[str], locale: str | None, turn: int) -> tuple[bytes | None, int]:
    """The public board after turn `turn` (0: the opening), as `/board` draws it, with what that
    turn changed marked (None: the game has not had that many turns), and how many turns
    there are."""
    frames = _frames(played)
    if turn >= len(frames):
        return None, len(frames) - 1
    frame = frames[turn]
    presenter = worker_presenter(played.game_id)
    png = presenter.render(frame.view, played.options, names, frame.changed, whole=True, locale=locale)
    return png, len(frames) - 1
