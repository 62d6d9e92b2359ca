"""Time in a game that lasts days: reminders, turn clocks and time away (DMs: `service/dms.py`).

Everything is stored (games.reminded_at, muted_turn, clock_extra, clock_asked; members.away_*),
so a restart forgets nothing; `tick` is called by a periodic task and returns what to post.
A turn is named by its `turn_started_at` (as an integer `key`): buttons carry it, and a click for
a turn that is over is refused.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from db import Database, GameRecord, StaleVersion
from engine.ai import LEVELS
from engine.errors import Typed
from i18n import language_name, t, table_languages
from presenters.protocol import Presenter
from service.announcing import Announcer
from service.messages import (
    REJOIN_BUTTON,
    Caller,
    Message,
    Ready,
    ServiceError,
    StaleGame,
    headed,
    table_buttons,
)
from service.tables import Tables

log = logging.getLogger(__name__)
DAY = 86_400.0
HOUR = 3_600.0
CLOCK_DAYS = (1, 2, 3, 5, 7, 14)
CLOCK_ACTIONS = ("fallback", "vote")
# Reminders come at most once an hour: a shorter interval pings the player at every check.
MIN_REMINDER_HOURS = 1.0
# A periodic check takes the games due a batch at a time, each for this long: a process that dies
# mid-check leaves them to another process's check after it.
CHECK_BATCH = 100
CHECK_LEASE = 300.0
RECHECK_AFTER = 60.0
# A game quiet this long has its thread checked for archiving (Discord's longest auto-archive is
# 7 days), at most this many per check, the quietest first.
QUIET_DAYS = 3
QUIET_LIMIT = 200


def check_reminder_hours(hours: float | None) -> None:
    """A reminder interval someone asks for: 0 (none) or at least an hour; refused otherwise."""
    if hours is not None and 0 < hours < MIN_REMINDER_HOURS:
        raise ServiceError("settings.reminders_too_often", hours=f"{MIN_REMINDER_HOURS:g}")


def reminder_interval(game: GameRecord) -> float:
    """The game's reminder interval in hours (0: none). A game stored with a shorter one than an
    hour (before the minimum) is reminded hourly."""
    return max(game.reminder_hours, MIN_REMINDER_HOURS) if game.reminder_hours > 0 else 0.0


def turn_key(game: GameRecord) -> int:
    return int(game.turn_started_at or 0)


def away_overlap(member: dict[str, Any], start: float, now: float) -> float:
    """Seconds of [start, now] the member was away: a turn clock does not run meanwhile."""
    away_from: float | None = member["away_from"]
    away_until: float | None = member["away_until"]
    if away_from is None or away_until is None:
        return 0.0
    return max(0.0, min(now, away_until) - max(start, away_from))


def is_away(member: dict[str, Any], now: float) -> bool:
    return member["away_until"] is not None and member["away_from"] <= now < member["away_until"]


def others_seated(game: GameRecord, seat: int) -> tuple[int, ...]:
    """The people who decide when `seat`'s clock runs out: every other seat a person holds."""
    return tuple(u for i, u in enumerate(game.players) if u > 0 and i != seat and not game.is_bot(i))


def majority(voters: tuple[int, ...]) -> int:
    """How many of `voters` hand a seat over: more than half of them."""
    return len(voters) // 2 + 1


def clock_deadline(game: GameRecord, member: dict[str, Any], now: float) -> float | None:
    """When the current turn's clock runs out (time away pushes it back), or None."""
    if not game.clock_days or game.turn_started_at is None:
        return None
    return (
        game.turn_started_at
        + game.clock_days * DAY
        + game.clock_extra
        + away_overlap(member, game.turn_started_at, now)
    )


def next_check(game: GameRecord, member: dict[str, Any] | None, now: float) -> float | None:
    """When `game`'s periodic check next has something to do: its turn clock running out or its
    next reminder, whichever comes first; None when neither can come before the game changes
    (it is a fallback seat's turn, reminders are off or muted, the clock was put to the others).
    `member` is the player to move's settings (None: no person is to move). Time away only
    pushes these later, so the time found while someone is away may come early: the check then
    finds nothing to do and works it out again."""
    if member is None or game.turn_started_at is None:
        return None
    times = []
    deadline = clock_deadline(game, member, now)
    if deadline is not None:
        if now < deadline:
            times.append(deadline)
        elif game.clock_action == "vote" and game.clock_asked == game.turn_started_at:
            return None  # ran out and put to the others: no reminder comes after that
        else:
            times.append(now)  # ran out while the player was away: as soon as they are back
    hours = reminder_interval(game)
    if hours and game.muted_turn != game.turn_started_at:
        times.append(max(game.turn_started_at, game.reminded_at or 0) + hours * HOUR)
    if not times:
        return None
    due = min(times)
    if is_away(member, now):
        due = max(due, member["away_until"])
    return due


async def turn_notes(db: Database, game: GameRecord, seat: int, locale: str | None, now: float) -> list[str]:
    """For a turn ping: when the turn clock runs out, and whether the player is away."""
    user = game.players[seat]
    if user < 0 or game.is_bot(seat):
        return []
    member = await db.member(game.guild_id, user)
    notes = []
    deadline = clock_deadline(game, member, now)
    if deadline is not None:
        notes.append(t("clock.deadline", locale, deadline=f"<t:{int(deadline)}:R>"))
    if is_away(member, now):
        until = f"<t:{int(member['away_until'])}:f>"
        notes.append(t("away.note", locale, user=f"<@{user}>", until=until))
    return notes


async def away_notes(db: Database, game: GameRecord, locale: str | None, now: float) -> list[str]:
    """`@x is away until …` for every seated person who is away now."""
    notes = []
    for user in game.players:
        if user > 0:
            member = await db.member(game.guild_id, user)
            if is_away(member, now):
                until = f"<t:{int(member['away_until'])}:f>"
                notes.append(t("away.note", locale, user=f"<@{user}>", until=until))
    return notes


def settings_text(game: GameRecord, locale: str | None) -> str:
    """The table's settings in a line: reminders, the turn clock, the language."""
    hours = reminder_interval(game)
    reminders = (
        t("settings.reminders", locale, hours=f"{hours:g}") if hours else t("settings.no_reminders", locale)
    )
    days = f"{game.clock_days:g}" if game.clock_days else ""
    clock = (
        t(f"settings.clock.{game.clock_action}", locale, days=days, count=days)
        if game.clock_days
        else t("settings.no_clock", locale)
    )
    spoken = t("settings.language", locale, language=language_name(game.language))
    line = f"{reminders} {clock} {spoken}"
    if game.stand_in is not None:  # shown once chosen: the fallback player is the default
        line += " " + t("settings.stand_in", locale, level=t(f"ai.level.{game.stand_in}", locale))
    return line


class PlaysFallback(Protocol):
    """The fallback player's turns (`service/fallback_turns.py` `FallbackTurns.play`): for a
    clock that ran out, or a seat the others voted to hand over."""

    async def __call__(
        self,
        game: GameRecord,
        presenter: Presenter,
        state: Any,
        ready: Ready,
        force: int | None = None,
    ) -> tuple[GameRecord, list[Message]]: ...


class Timekeeper:
    """Table settings, time away, and the reminders and clocks a tick finds due."""

    def __init__(self, tables: Tables, announcer: Announcer, play_fallback: PlaysFallback) -> None:
        self.tables = tables
        self.db = tables.db
        self.announcer = announcer
        self.play_fallback = play_fallback

    # ------------------------------------------------------------ settings

    async def settings(
        self,
        caller: Caller,
        reminder_hours: float | None,
        clock_days: float | None,
        on_timeout: str | None,
        language: str | None = None,
        stand_in: str | None = None,
    ) -> list[Message]:
        """The creator (or a channel manager) sets the reminder interval, the turn clock, the
        game's language and the AI level that plays a seat someone left (`stand_in`); said in
        the channel, in the game's (new) language."""
        tables = self.tables
        async with tables.lock(caller.channel_id):
            game = await tables.open_game(caller)
            if caller.user_id != game.creator_id and not caller.can_manage_channel:
                raise ServiceError("settings.rights")
            hours = game.reminder_hours if reminder_hours is None else reminder_hours
            days = game.clock_days if clock_days is None else (clock_days or None)
            action = on_timeout or game.clock_action
            if hours < 0 or (days is not None and days <= 0) or action not in CLOCK_ACTIONS:
                raise ServiceError("settings.invalid")
            if language is not None and language not in table_languages():
                raise ServiceError("settings.language_unknown", language=Typed(str(language)))
            if stand_in is not None and stand_in not in LEVELS:
                raise ServiceError("error.no_such_level", levels=", ".join(LEVELS))
            check_reminder_hours(reminder_hours)  # what is asked; a stored shorter one reads as 1 h
            game = await tables.write(
                self.db.set_settings(
                    game, reminder_hours=hours, clock_days=days, clock_action=action, now=tables.now()
                )
            )
            if language is not None and language != game.language:
                game = await tables.write(self.db.set_language(game, language, tables.now()))
            if stand_in is not None and stand_in != game.stand_in:
                game = await tables.write(self.db.set_stand_in(game, stand_in, tables.now()))
        return [Message(settings_text(game, game.language))]

    async def away(self, caller: Caller, days: float | None) -> list[Message]:
        """Pause the caller's clocks and reminders in every game of this server for `days`
        (None or 0: back now)."""
        now = self.tables.now()
        if not days:
            member = await self.db.member(caller.guild_id, caller.user_id)
            if member["away_until"] is not None and member["away_until"] > now:
                await self.db.set_member(caller.guild_id, caller.user_id, away_until=now)
            return [Message(t("away.off", caller.locale), ephemeral=True)]
        until = now + days * DAY
        await self.db.set_member(caller.guild_id, caller.user_id, away_from=now, away_until=until)
        return [Message(t("away.on", caller.locale, until=f"<t:{int(until)}:f>"), ephemeral=True)]

    # ------------------------------------------------------------------ tick

    async def quiet_channels(self) -> list[int]:
        """The channels of games in play where nothing happened for `QUIET_DAYS`: a front end
        keeps them open (a thread archives after a week of quiet, and its game must not vanish)."""
        before = self.tables.now() - QUIET_DAYS * DAY
        return [channel for _, channel in await self.db.quiet_channels(before, QUIET_LIMIT)]

    async def in_play(self, channel_id: int) -> bool:
        """Whether a game is being played in this channel (a thread just archived, say)."""
        game = await self.db.open_game(channel_id)
        return game is not None and game.status == "active"

    async def tick(self, server_names: Callable[[int | None], str] | None = None) -> list[Message]:
        """What is due now: reminders and clocks that ran out. `server_names` gives a server's
        name by its id, for the DMs (no Caller comes with a tick).

        Only the games whose check is due are read (`Database.claim_due`), each claimed for this
        process until `CHECK_LEASE` from now, so the check costs what is due, not every game in
        play, and two processes sharing a database never remind twice. After its check a game
        is given the time it next needs one (`next_check`)."""
        out: list[Message] = []
        now = self.tables.now()
        lease = now + CHECK_LEASE
        while True:
            games = await self.db.claim_due(now, lease, CHECK_BATCH)
            for game in games:
                try:
                    out += await self._tick_game(game, server_names(game.guild_id) if server_names else "")
                    await self._plan(game.id, lease)
                except Exception:  # one broken game must not stop the others' reminders
                    log.exception("tick failed for game %s", game.id)  # due again when the lease ends
            if len(games) < CHECK_BATCH:
                return out

    async def _plan(self, game_id: int, lease: float) -> None:
        """Store when the game, as its check left it, next needs one."""
        game = await self.db.game(game_id)
        if game is None or game.status != "active":
            return
        now = self.tables.now()
        user = self._player_to_move(game)
        member = await self.db.member(game.guild_id, user) if user is not None else None
        due = next_check(game, member, now)
        # Never due again within the same round: a game whose check finds something to do each
        # time (a clock that ran out while its player was away) is looked at once a minute.
        await self.db.set_due(game, None if due is None else max(due, now + RECHECK_AFTER), lease)

    def _player_to_move(self, game: GameRecord) -> int | None:
        """The person whose turn it is, or None (the game is between turns, or a fallback seat)."""
        engine = self.tables.presenter(game).engine
        seat = engine.to_move(engine.loads(game.state or ""))
        if seat is None or game.players[seat] < 0 or game.is_bot(seat):
            return None
        return game.players[seat]

    async def _tick_game(self, game: GameRecord, server: str = "") -> list[Message]:
        presenter = self.tables.presenter(game)
        engine = presenter.engine
        state = engine.loads(game.state or "")
        seat = engine.to_move(state)
        if seat is None or game.turn_started_at is None:
            return []
        user = game.players[seat]
        if user < 0 or game.is_bot(seat):
            return await self._owed_turns(game, server)
        now = self.tables.now()
        member = await self.db.member(game.guild_id, user)
        deadline = clock_deadline(game, member, now)
        if deadline is not None and now >= deadline and not is_away(member, now):
            return await self._clock_ran_out(game, presenter, state, seat, server)
        hours = reminder_interval(game)
        if not hours or is_away(member, now) or game.muted_turn == game.turn_started_at:
            return []
        last = max(game.turn_started_at, game.reminded_at or 0)
        if now - last < hours * HOUR:
            return []
        await self.db.note_turn(game.id, reminded_at=now)
        since = f"<t:{int(game.turn_started_at)}:R>"

        async def text_in(locale: str | None) -> str:  # the channel's, or a DM reader's
            title = presenter.title(game.options, locale)
            coming = f"<t:{int(now + hours * HOUR)}:R>"
            lines = [t("reminder.text", locale, user=f"<@{user}>", title=title, since=since, next=coming)]
            if deadline is not None:
                lines.append(t("reminder.clock", locale, deadline=f"<t:{int(deadline)}:R>"))
            return "\n".join(lines)

        mute = ("mute", game.id, turn_key(game), t("reminder.mute", game.language))
        text = await text_in(game.language)
        reminder = Message(text, ping=(user,), actions=(mute,), channel_id=game.channel_id, retell=text_in)
        return await self.announcer.announce(game, [reminder], server)

    async def _owed_turns(self, game: GameRecord, server: str) -> list[Message]:
        """A fallback or AI seat is to move at a check: nobody is playing its turn (the bot
        stopped while it thought), so it is played now, worked out again from the stored game.
        A channel whose lock is held is being played right now: left alone."""
        lock = self.tables.lock(game.channel_id)
        if lock.locked():
            return []
        async with lock:
            fresh = await self.db.game(game.id)
            if fresh is None or fresh.status != "active":
                return []
            presenter = self.tables.presenter(fresh)
            state = presenter.engine.loads(fresh.state or "")
            seat = presenter.engine.to_move(state)
            if seat is None or not fresh.is_bot(seat):
                return []
            game, turns = await self.play_fallback(fresh, presenter, state, None)
        return await self.announcer.announce(game, turns, server)

    async def _clock_ran_out(
        self, game: GameRecord, presenter: Presenter, state: Any, seat: int, server: str = ""
    ) -> list[Message]:
        """The game's setting: the fallback player plays this turn, or the others choose."""
        user = game.players[seat]
        if game.clock_action == "fallback":
            async with self.tables.lock(game.channel_id):
                head = t("clock.ran_out", game.language, user=f"<@{user}>")
                game, turns = await self.play_fallback(game, presenter, state, None, force=seat)

            async def ran_out_in(locale: str | None) -> str:  # for a DM reader of another language
                return t("clock.ran_out", locale, user=f"<@{user}>")

            # Held for the game's channel (`Outbox.hold`).
            told = headed(Message(head, retell=ran_out_in), turns)
            return await self.announcer.announce(game, told, server)
        if game.clock_asked == game.turn_started_at:
            return []  # already put to the others
        await self.db.note_turn(game.id, clock_asked=game.turn_started_at)
        others = others_seated(game, seat)
        key = turn_key(game)
        actions = (
            ("wait", game.id, key, t("clock.wait", game.language)),
            ("handover", game.id, key, t("clock.handover", game.language)),
        )
        named = " ".join(f"<@{other}>" for other in others)

        async def vote_in(locale: str | None) -> str:  # the channel's language, or a DM reader's
            text = t("clock.vote", locale, user=f"<@{user}>", others=named)
            return text + " " + t("clock.vote_majority", locale, needed=majority(others), count=len(others))

        text = await vote_in(game.language)
        vote = Message(text, ping=others, actions=actions, channel_id=game.channel_id, retell=vote_in)
        return await self.announcer.announce(game, [vote])

    # -------------------------------------------------------------- buttons

    async def button(self, caller: Caller, kind: str, game_id: int, key: int) -> list[Message]:
        """A reminder's mute button, or a vote on a clock that ran out, for turn `key` of game
        `game_id`, which must be the game of the channel it was clicked in."""
        tables = self.tables
        async with tables.clicked(caller, game_id) as game:
            if game.status != "active" or turn_key(game) != key:
                raise StaleGame("error.button_stale")
            presenter = tables.presenter(game)
            state = presenter.engine.loads(game.state or "")
            seat = presenter.engine.to_move(state)
            if kind == "mute":
                if seat is None or game.players[seat] != caller.user_id:
                    raise ServiceError("reminder.not_yours")
                await self.db.note_turn(game.id, muted_turn=game.turn_started_at)
                return [Message(t("reminder.muted", caller.locale), ephemeral=True)]
            if seat is None:  # nobody to move: the game is over
                raise StaleGame("error.button_stale")
            if caller.user_id not in others_seated(game, seat):  # nor the player to move, nor one who left
                raise ServiceError("clock.not_yours")
            if kind == "wait":
                return await self._wait(caller, game)
            return await self._vote_handover(caller, game, presenter, state, seat)

    async def _wait(self, caller: Caller, game: GameRecord) -> list[Message]:
        """One more day on a clock that ran out, once per person and turn (kept in the database):
        a second click by the same person changes nothing and is answered privately, so one
        person cannot buy a week with five clicks. Called under the channel's lock."""
        turn = game.turn_started_at or 0.0
        try:
            added = await self.db.ask_wait(game.id, turn, caller.user_id, DAY, self.tables.now())
        except StaleVersion:
            raise StaleGame("error.button_stale") from None
        if not added:
            return [Message(t("clock.waited_already", caller.locale), ephemeral=True)]
        waiting = Message(t("clock.waiting", game.language, user=f"<@{caller.user_id}>"))
        return await self.announcer.announce(game, [waiting])

    async def _vote_handover(
        self, caller: Caller, game: GameRecord, presenter: Presenter, state: Any, seat: int
    ) -> list[Message]:
        """One person's vote to hand `seat` (whose clock ran out) to the fallback player, kept in
        the database, once per person and turn; a majority of the others seated hands it over.
        Called under the channel's lock."""
        tables, locale = self.tables, game.language  # said in the channel
        turn = game.turn_started_at or 0.0
        voters = others_seated(game, seat)
        added = await self.db.vote_handover(game.id, turn, seat, caller.user_id, tables.now())
        votes = [user for user in await self.db.handover_votes(game.id, turn, seat) if user in voters]
        missing = max(0, majority(voters) - len(votes))
        user = game.players[seat]
        if not added:
            return [Message(t("clock.voted_already", caller.locale, missing=missing), ephemeral=True)]
        if missing:
            voted = t(
                "clock.vote_counted",
                locale,
                user=f"<@{caller.user_id}>",
                tag=presenter.tag(game, seat),
                missing=missing,
                needed=majority(voters),
            )
            return await self.announcer.announce(game, [Message(voted)])
        game = await tables.write(self.db.set_bot(game, seat, tables.now()))
        tag = presenter.tag(game, seat)
        text = t("clock.handed_over", locale, tag=tag, votes=len(votes), count=len(voters))
        hint = t("seat.rejoin_hint_for", locale, user=f"<@{user}>")
        # The player whose seat went is told (pinged); the fallback seat's own turns ping nobody.
        rejoin = table_buttons(game.id, REJOIN_BUTTON, locale)
        # Held as it is: `announce` would drop the ping of a seat the fallback player now holds.
        handed = await self.announcer.hold(game, [Message(f"{text}\n{hint}", ping=(user,), table=rejoin)])
        game, turns = await self.play_fallback(game, presenter, state, None)
        return [*handed, *await self.announcer.announce(game, turns, caller.guild_name)]
