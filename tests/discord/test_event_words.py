"""What the table reads, in words, played through the real slash commands (simcord): lines name what
was chosen, not its number, and count in good English."""

from __future__ import annotations

import re

import pytest

from bot import create_bot
from db import Database
from engine.fallback import choose_move
from games.registry import load_engine
from service.move_text import explained
from tests.conftest import SEED
from tests.support.discord import make_table, notation_of

IRELAND_SEED = 2
"""An Ireland setup whose round tower I17 gives the Doubling Marker (and L8 a mission card)."""


@pytest.fixture
def bot_seed():
    """The seed of every game the bot starts; a test parametrises it to get another setup."""
    return SEED


@pytest.fixture
def simcord_bot(database_path, bot_seed):
    """The bot of tests/conftest.py, with the test's seed."""
    return create_bot(database_path, seeds=lambda: bot_seed)


async def stored(database_path: str, game_id: str):
    """The channel's game and its state, as the bot stored them."""
    database = await Database.open(database_path)
    try:
        game = (await database.active_games() or [None])[0]
        return game, load_engine(game_id).loads(game.state) if game else None
    finally:
        await database.close()


async def start(table, game: str, **options):
    creator = table.members[0]
    await creator.slash(table.channel, "game new", game=game, **options)
    for member in table.members[1:]:
        await member.slash(table.channel, "game join")
    return await creator.slash(table.channel, "game start")


def public_texts(table) -> list[str]:
    return [m.content for m in table.channel.history() if not m.flags.ephemeral]


# ------------------------------------------------------------------------------------ Revive


async def play_revive_until(table, database_path, wanted, limit=400):
    """Each player plays the fallback player's choice, typed into `/move`, until every
    `wanted(event)` has been seen in a move and that turn is over (its message posted);
    returns the public channel texts."""
    engine = load_engine("revive")
    seen: set[str] = set()
    for _ in range(limit):
        game, state = await stored(database_path, "revive")
        seat = engine.to_move(state)
        move = choose_move(engine, state, seat, SEED)
        event = engine.apply(state, seat, move).event
        seen |= {name for name, test in wanted.items() if test(event)}
        member = table.member(game.players[seat])
        sure = " confirm" if engine.caution(state, seat, move) else ""  # hibernating with actions left
        result = await member.slash(table.channel, "move", action=move + sure)
        assert result.acknowledged
        if len(seen) == len(wanted) and event["turn_over"]:
            return public_texts(table)
    pytest.fail(f"never reached: {set(wanted) - seen}")


async def test_revive_lines_name_the_option_the_reward_and_the_tile_placed(simcord_env, database_path):
    """Revive lines name what was chosen ("took +2 books instead of a module", "hibernation reward:
    1 crystal"), never its number ("chose option 2", "took hibernation reward 2", "placed the
    explored tile (rotation 2)"), which means nothing to the table."""
    table = make_table(simcord_env, ["ann", "bob"])
    await start(table, "revive")
    texts = await play_revive_until(
        table,
        database_path,
        {
            "option": lambda e: e.get("verb") == "option",
            "reward": lambda e: e.get("verb") == "reward",
            "placed, with gains": lambda e: e.get("verb") == "rotate" and bool(e.get("gains")),
        },
    )
    channel = "\n".join(texts)
    assert not re.search(r"chose option \d|hibernation reward \d|rotation \d", channel), channel
    # This seed: an option of 2 steps on any track over 2 crystals, a reward of one basic
    # resource, and a tile whose placement gave bob's building a crystal and 2 grey steps.
    assert "took 2 steps on any track instead of +2 crystals" in channel
    assert "took the hibernation reward: +1 any basic" in channel
    gained = r"placed the explored tile F10; buildings next to it gained: 🔵B <@\d+> \+1 crystal, 2 steps"
    assert re.search(gained, channel) and "+1 crystal, 2 steps grey" in channel, channel
    assert re.search(r"placed the explored tile F08 \(no building next to it\)", channel), channel


async def test_revive_first_turns_read_in_words(simcord_env, database_path):
    """The first turns of a game in words: the explored tile is named, never its rotation number,
    and amounts are counted ("2 gears", "1 crystal")."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await start(table, "revive")
    miscounted = r"\b1 (crystals|gears|books)\b|\b[02-9] (crystal|gear|book)\b"
    assert not re.search(miscounted, started.response.content), started.response.content
    texts = await play_revive_until(table, database_path, {"rotate": lambda e: e.get("verb") == "rotate"})
    channel = "\n".join(texts)
    assert "placed the explored tile F08 (no building next to it)" in channel, channel
    assert "rotation" not in channel


# ----------------------------------------------------------------------------------- Rebirth


async def to_move(table):
    """The member whose autocomplete offers moves."""
    for member in table.members:
        if await member.autocomplete(table.channel, "move", "action", ""):
            return member
    return None


async def play_rebirth(table, pick, limit=60):
    """Each turn, the player to move plays `pick(member, choices)` (an autocomplete choice, or
    None for the first one that does not use the Doubling Marker); stops when `pick` returns
    `False`. Returns the channel texts."""
    for _ in range(limit):
        member = await to_move(table)
        assert member is not None, "the game ended first"
        choice = await pick(member)
        if choice is False:
            return public_texts(table)
        if choice is None:
            choices = await member.autocomplete(table.channel, "move", "action", "")
            choice = next(c for c in choices if not notation_of(c["value"]).endswith("x2"))
        await member.slash(table.channel, "move", action=choice["value"])
    pytest.fail("the moment never came")


@pytest.mark.parametrize("bot_seed", [IRELAND_SEED])
async def test_a_round_tower_message_says_what_the_player_got(simcord_env, bot_seed):
    """A tower bonus message says what the player got, not the menu ("the Doubling Marker back (or 2
    points)"). A player whose marker is unused gets 2 points; one who used it gets it back."""
    table = make_table(simcord_env, ["alice", "bob"])
    await start(table, "rebirth", map="ireland")
    used_marker: set[int] = set()
    got: dict[int, str] = {}

    async def pick(member):
        if len(got) == 2:
            return False
        if member.id in got:
            return None
        # With nothing matching, the list's one line says so (no move): keep the true matches.
        choices = [
            c
            for c in await member.autocomplete(table.channel, "move", "action", "tower: doubling")
            if explained(c["value"]) is None and "tower: doubling" in c["name"].lower()
        ]
        first = table.members.index(member) == 0
        if not first and member.id not in used_marker:  # bob doubles a placement first
            doubled = [
                c
                for c in await member.autocomplete(table.channel, "move", "action", "x2")
                if explained(c["value"]) is None and notation_of(c["value"]).lower().endswith("x2")
            ]
            if doubled:
                used_marker.add(member.id)
                return doubled[0]
        if choices and not notation_of(choices[0]["value"]).endswith("x2"):
            got[member.id] = "back" if member.id in used_marker else "points"
            return choices[0]
        return None

    texts = await play_rebirth(table, pick)
    channel = "\n".join(texts)
    assert "(or 2 points)" not in channel
    assert "Round tower Ardmore: +2 points (the Doubling Marker was still unused)." in channel
    assert "Round tower Ardmore: the Doubling Marker back." in channel


async def test_rebirth_counts_mission_cards_and_castles_in_words(simcord_env):
    """Grammar and plurals everywhere: "an energy farm", "1 mission card", "1 castle"; no "(s)". A
    placement next to a cathedral draws one card, and the status counts one castle and several
    tiles."""
    table = make_table(simcord_env, ["alice", "bob"])
    await start(table, "rebirth", map="scotland")
    done: dict[str, bool] = {}

    async def pick(member):
        if len(done) == 2:
            return False
        for label, typed in (("mission", "mission card"), ("castle", "takes")):
            if label not in done:
                choices = await member.autocomplete(table.channel, "move", "action", typed)
                if choices:
                    done[label] = True
                    return choices[0]
        return None

    channel = "\n".join(await play_rebirth(table, pick))
    assert "Draws 1 mission card." in channel
    assert "(s)" not in channel and "mission card(s)" not in channel
    assert re.search(r"placed (an energy farm|a food farm|a settlement)", channel)
    status = (await table.members[0].slash(table.channel, "game status")).response.content
    assert re.search(r"· 1 castle\b", status) and re.search(r"· \d+ tiles left", status), status
    assert re.search(r"· (0|[2-9]) castles", status), status  # the other player: plural


def test_events_stored_before_the_outcomes_still_read():
    """Stored games keep working: an event stored before it carried what an option, a reward or a
    tile placement chose reads by the presenter's one fallback, `stored_facts`: a reward's effects
    from the content, an option or a rotation by its number as it did then. The example of the
    issue, "took +2 books instead of a module", once the event carries the option."""
    from db import GameRecord
    from games.registry import spec
    from presenters.revive.presenter import stored_facts

    engine = load_engine("revive")
    presenter = spec("revive").presenter(engine)
    game = GameRecord(
        id=1, guild_id=1, channel_id=5, game="revive", options={"rules": 1}, seed=12, status="active",
        creator_id=101, state=None, version=1, created_at=0.0, updated_at=0.0, turn_started_at=None,
        reminder_hours=0, reminded_at=None, muted_turn=None, clock_days=None, clock_action="fallback",
        clock_extra=0.0, clock_asked=None, language="en", players=(101, 202), names=("a", "b"),
    )  # fmt: skip

    def text(event):
        return presenter.event_text(event, game, "en")

    old = {"kind": "move", "seat": 0, "move": "reward 2", "turn": 3, "turn_over": False, "changed": []}
    crystal = [{"kind": "gain", "resources": {"crystal": 1}}]
    assert stored_facts(old, engine.edition(1).tables.hibernation)["effects"] == crystal
    assert text(old).endswith("took the hibernation reward: +1 crystal")
    assert text({**old, "move": "option 2"}).endswith("chose option 2")
    assert text({**old, "move": "rotate 3"}).endswith("placed the explored tile (rotation 3)")
    facts = {**old, "move": "option 2", "verb": "option", "option": 2}  # the facts, not the outcome
    assert text(facts).endswith("chose option 2")
    chosen = {"chosen": [{"kind": "gain", "resources": {"book": 2}}], "declined": [[{"kind": "module"}]]}
    assert text({**facts, **chosen}).endswith("took +2 books instead of a module")
