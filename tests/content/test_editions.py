"""Content editions (engine/editions.py, content/revive/editions.py): a rules version that changes
Revive's content leaves a game started under an older version with the numbers it started with,
across a restart of the bot, while a new game gets the new ones."""

from __future__ import annotations

import copy
import shutil

from content.revive.editions import Change, change_problems, changes_between, edition, read_changes
from content.revive.loader import EDITIONS_FILE, load_revive, load_revive_edition
from content.revive.validate import validate_revive
from db import Database
from engine.editions import Editions
from engine.revive import Revive
from engine.revive.tables import RULES_VERSION, RULES_VERSIONS
from games.registry import load_engine, spec
from service.game_service import GameService
from service.messages import Caller
from tests.support.paths import FIXTURES

FIXTURE = FIXTURES / "stored-games-362bf5a.sqlite3"
STORED_CHANNELS = range(1001, 1011)


def rebalanced() -> tuple[dict, list[Change]]:
    """The real content with the Tinkers renamed and their first technology's points raised in
    version 3, and the change list that says so (as `editions.json` would)."""
    old = load_revive()
    new = copy.deepcopy(old)
    tinkers = next(tribe for tribe in new["tribes"] if tribe["id"] == "tinkers")
    tinkers["name"] = "Tinkerers"
    tinkers["sun"]["technologies"][1]["points"] += 2
    changes = [
        Change(3, path[0], path[1:], before, after, "a test")
        for path, before, after in changes_between(old, new)
    ]
    return new, changes


def test_the_change_list_names_each_changed_value_and_undoes_it():
    new, changes = rebalanced()
    assert [(change.file, change.at) for change in changes] == [
        ("tribes", ("tinkers", "name")),
        ("tribes", ("tinkers", "sun", "technologies", "T2", "points")),
    ]
    assert edition(new, 1, changes) == load_revive()
    assert edition(new, 3, changes) is new
    assert change_problems(new, changes) == []


def test_a_change_list_that_drifted_from_the_files_is_caught():
    new, changes = rebalanced()
    drifted = [Change(3, "tribes", ("tinkers", "name"), "Tinkers", "Tinkermen", "a test")]
    assert "the files hold 'Tinkerers'" in change_problems(new, drifted)[0]
    missing = [Change(3, "tribes", ("gnomes", "name"), "a", "b", "a test")]
    assert "no such value" in change_problems(new, missing)[0]
    unexplained = [Change(3, "tribes", ("tinkers", "name"), "Tinkers", "Tinkerers", " ")]
    assert "says no why" in change_problems(new, unexplained)[0]


def test_every_rules_version_has_valid_content_and_the_list_matches_the_files():
    changes = read_changes(EDITIONS_FILE)
    assert change_problems(load_revive(), changes) == []
    assert all(change.version in RULES_VERSIONS for change in changes)
    for version in RULES_VERSIONS:
        assert validate_revive(load_revive_edition(version)) == []
    assert load_revive_edition(RULES_VERSION) is load_revive()


def editions_over(new: dict, changes: list[Change]) -> Editions:
    return Editions({1: Revive(edition(new, 1, changes)), 3: Revive(new)}, 3, lambda state: state.rules)


def test_each_game_plays_with_its_own_versions_numbers():
    new, changes = rebalanced()
    engine = editions_over(new, changes)
    old_game, new_game = engine.new_game(2, {"rules": 1}, 4), engine.new_game(2, {"rules": 3}, 4)
    assert engine.of(old_game) is engine.edition(1) and engine.of(new_game) is engine.edition(3)
    old_tech = engine.edition(1)
    assert isinstance(old_tech, Revive) and old_tech.tables.technologies["tinkers"]["T2"]["points"] == 1
    reloaded = engine.loads(engine.dumps(old_game))
    assert engine.of(reloaded) is engine.edition(1)


def dealt_tinkers(engine: Editions, seed: int) -> bool:
    return any(
        seat["tribe"] == "tinkers" for seat in engine.view(engine.new_game(2, {}, seed), None)["seats"]
    )


async def test_a_stored_game_keeps_its_numbers_after_the_bot_updates(tmp_path):
    """The bot restarts with rebalanced content: the Revive game stored in channel 1004 (rules 1,
    the Tinkers in seat 0) still says "Tinkers" in /game status; a game started now says
    "Tinkerers"."""
    new, changes = rebalanced()
    engine = editions_over(new, changes)
    path = tmp_path / FIXTURE.name
    shutil.copy(FIXTURE, path)
    database = await Database.open(str(path))
    seed = next(seed for seed in range(100) if dealt_tinkers(engine, seed))
    try:
        service = GameService(
            database,
            engines=lambda game_id: engine if game_id == "revive" else load_engine(game_id),
            clock=lambda: 2e9,
            seeds=lambda: seed,
        )
        stored = await database.latest_game(1004)
        assert stored is not None and stored.options["rules"] == 1
        player = Caller(
            user_id=stored.players[0], channel_id=1004, guild_id=stored.guild_id, display_name="p"
        )
        [old_status] = await service.looking.status(player)
        assert "Tinkers" in old_status.text and "Tinkerers" not in old_status.text

        alice = Caller(user_id=101, channel_id=77, guild_id=1, display_name="alice")
        await service.lobby.new_game(alice, "revive", {})
        await service.lobby.join(Caller(user_id=202, channel_id=77, guild_id=1, display_name="bob"))
        await service.lobby.start(alice)
        started = await database.latest_game(77)
        assert started is not None and started.options["rules"] == spec("revive").rules_version == 3
        [new_status] = await service.looking.status(alice)
        assert "Tinkerers" in new_status.text
    finally:
        await database.close()
