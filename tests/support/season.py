"""A season of simulated games in one server, played through the service: what `/stats` and
`/leaderboard` are tested on (tests/service/test_ratings.py, tests/discord/test_stats.py) and
what `bench/season.py` prints for docs/stats.md.

Members have a skill: the share of their moves that are the fallback player's choice, the rest
uniformly random legal moves, so better members win more and the ratings have something to find.
Some tables seat AI players (`/game add-bot level:`), some members resign or leave mid-game, and
time passes between moves as it would (minutes to hours), on a clock the season drives.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db import GameRecord
from engine.base import AnyGame
from engine.fallback import choose_move
from service.game_service import GameService
from service.messages import Caller

GUILD = 4242
START = 1_767_225_600.0  # 2026-01-01


class SeasonClock:
    """The service's clock: it moves only when the season says time passed."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class Member:
    user_id: int
    name: str
    skill: float  # the share of their moves that are the fallback player's choice
    pace: float  # their mean time to move, in seconds


MEMBERS = (
    Member(101, "Ana", 0.95, 1_800),
    Member(102, "Bruno", 0.8, 5_400),
    Member(103, "Carla", 0.6, 900),
    Member(104, "Davi", 0.4, 14_400),
    Member(105, "Elis", 0.7, 3_600),
    Member(106, "Fábio", 0.25, 7_200),
)


@dataclass(frozen=True)
class Table:
    """One game of the season: who sits, which AI levels, who resigns or leaves when."""

    game: str
    options: dict[str, Any]
    people: tuple[Member, ...]
    levels: tuple[str, ...] = ()
    resigns: Member | None = None  # resigns mid-game
    leaves: Member | None = None  # leaves the seat to a stand-in mid-game


def caller(member: Member, channel: int, guild: int = GUILD) -> Caller:
    return Caller(
        user_id=member.user_id,
        channel_id=channel,
        guild_id=guild,
        display_name=member.name,
        guild_name="Guild",
    )


def schedule(
    count: int, seed: int, games: Sequence[tuple[str, dict[str, Any]]], members: Sequence[Member] = MEMBERS
) -> list[Table]:
    """`count` tables drawn from `seed`: mostly 2-3 people, about one in four with AI seats (one
    of them a solo game), one in eight with a resignation and one in eight with a seat left."""
    rng = random.Random(seed)
    tables = []
    for index in range(count):
        game, options = games[index % len(games)]
        solo = index % 9 == 4
        people = tuple(rng.sample(list(members), 1 if solo else rng.choice((2, 2, 3))))
        levels = tuple(rng.choice(("easy", "normal")) for _ in range(1 if solo else int(rng.random() < 0.2)))
        resigns = people[-1] if index % 8 == 3 and len(people) > 1 else None
        leaves = people[0] if index % 8 == 6 and len(people) > 1 else None
        tables.append(Table(game, options, people, levels, resigns, leaves))
    return tables


async def play_season(
    service: GameService,
    clock: SeasonClock,
    tables: Sequence[Table],
    seed: int,
    channel: int = 900,
    guild: int = GUILD,
) -> list[GameRecord]:
    """Play every table to its end (or its abort) in a channel of its own; the games."""
    rng = random.Random(seed)
    played = []
    for index, table in enumerate(tables):
        played.append(await play_table(service, clock, table, (channel + index, guild), rng))
        clock.now += rng.uniform(3_600, 86_400)  # the next table opens later
    return played


async def play_table(
    service: GameService, clock: SeasonClock, table: Table, where: tuple[int, int], rng: random.Random
) -> GameRecord:
    """One table played to its end in channel `where[0]` of server `where[1]`."""
    channel, guild = where
    creator = table.people[0]
    await service.lobby.new_game(caller(creator, channel, guild), table.game, dict(table.options))
    for member in table.people[1:]:
        await service.lobby.join(caller(member, channel, guild))
    for level in table.levels:
        await service.lobby.add_bot(caller(creator, channel, guild), level=level)
    await service.lobby.start(caller(creator, channel, guild))
    game = await service.db.open_game(channel)
    assert game is not None
    by_id = {member.user_id: member for member in table.people}
    moves = 0
    while game.status == "active":
        presenter = service.tables.presenter(game)
        engine = presenter.engine
        state = engine.loads(game.state or "")
        seat = engine.to_move(state)
        assert seat is not None
        if game.is_bot(seat):  # the fallback player's or an AI's turn, as the bot plays it
            game, _, _ = await service.turns.fallback.moves(game, presenter, state)
            continue
        member = by_id[game.players[seat]]
        clock.now += rng.expovariate(1 / member.pace)
        moves += 1
        if await _gives_up(service, table, member, (channel, guild), moves):
            reloaded = await service.db.game(game.id)
            assert reloaded is not None
            game = reloaded
            continue
        move = _pick(engine, state, seat, member, rng)
        game = await service.tables.record(
            game, engine, state, seat, member.user_id, engine.apply(state, seat, move)
        )
    return game


async def _gives_up(
    service: GameService, table: Table, member: Member, where: tuple[int, int], moves: int
) -> bool:
    """Whether `member` resigns (from the table's 20th move of a person on) or leaves (from the
    30th) now, as their table says; done through the service. Either happens once: a resigned
    seat is not asked to move again, and a left one is the fallback player's."""
    if member == table.resigns and moves >= 20:
        await service.turns.resign(caller(member, *where))
        return True
    if member == table.leaves and moves >= 30:
        await service.lobby.leave(caller(member, *where))
        return True
    return False


def _pick(engine: AnyGame, state: Any, seat: int, member: Member, rng: random.Random) -> str:
    if rng.random() < member.skill:
        return choose_move(engine, state, seat, rng.randrange(1 << 30))
    legal = engine.legal_moves(state, seat)
    return legal[rng.randrange(len(legal))]
