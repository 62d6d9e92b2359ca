"""Content text in the reader's language: "Content text too: mission card names and conditions,
tower bonuses, Revive tribes, abilities, technologies, cards, modules, machines, crates and
artifacts. Place names stay as they are."

The English is the data files'; `i18n/en_content.py` is generated from them (i18n/content.py), so a
translator finds every content text in the template and a pt-BR player reads them in Portuguese: in
the engine's views, the presenters' texts and `/hand`.
"""

from __future__ import annotations

import pytest
import simcord

import i18n
from content.rebirth.loader import load_map, load_missions, mission_map_ids
from content.rebirth.validate import validate_missions
from content.revive.loader import load_revive_edition
from db import Database, GameRecord
from engine.revive.tables import RULES_VERSION, RULES_VERSIONS
from games.registry import content_texts, load_engine, spec
from i18n import content, content_catalog
from i18n.en import MESSAGES
from i18n.revive_words import effects_text, large_location_name, tribe_about, tribe_name
from presenters.rebirth.missions import mission_name
from tests.support.discord import make_table, open_and_start
from tests.support.paths import ROOT

PT = "pt-BR"
RULES_TEXT = ROOT.parent / "shared" / "rules" / "rebirth.pt-BR.txt"
"""The Portuguese rules text (outside the repository: its phrases are quoted below)."""


def revive_editions() -> list[dict]:
    return [load_revive_edition(version) for version in RULES_VERSIONS]


def revive_tribes() -> list[dict]:
    """Every tribe of every edition (an edition may word a tribe its own way)."""
    return [tribe for edition in revive_editions() for tribe in edition["tribes"]]


def lorekeepers(version: int) -> dict:
    return next(tribe for tribe in load_revive_edition(version)["tribes"] if tribe["id"] == "lorekeepers")


def rebirth_missions() -> list[dict]:
    return [card for map_id in mission_map_ids() for card in load_missions(map_id)]


# ------------------------------------------------------------------------------------ the catalog


def test_the_content_catalog_is_the_data_files_text():
    """The English of the content entries is generated from the data files, through each game's
    `content_texts` hook: a data file edited without `python scripts/content_texts.py` would
    leave translators the old text."""
    assert content_catalog.MODULE.read_text(encoding="utf-8") == content_catalog.module_source(
        content_texts()
    ), "run: python scripts/content_texts.py"
    assert all(MESSAGES[key] == english for key, english in content_texts().items())


KINDS = {
    "rebirth mission card names": lambda: [
        (card["name"], mission_name(card, PT)) for card in rebirth_missions()
    ],
    "revive tribe names": lambda: [(tribe["name"], tribe_name(tribe, PT)) for tribe in revive_tribes()],
    "revive tribe abilities in a line (every edition's words)": lambda: [
        (tribe["about"], tribe_about(tribe, PT)) for tribe in revive_tribes()
    ],
    "revive large locations": lambda: [
        (side["name"], large_location_name(location["id"], side, PT))
        for location in load_revive_edition(RULES_VERSION)["large_locations"]
        for side in location["sides"]
    ],
}


@pytest.mark.parametrize("kind", KINDS)
def test_every_content_item_of_each_kind_reads_in_portuguese(kind):
    """A pt-BR lookup of every item of the kind returns its translation, not the English."""
    pairs = KINDS[kind]()
    assert pairs
    untranslated = [english for english, portuguese in pairs if not portuguese or portuguese == english]
    assert not untranslated, untranslated


def test_an_older_edition_reads_the_translation_of_its_own_words():
    """Revive's rules version 3 reworded two tribes' lines: a game of version 1 shows the
    translation of the line it plays with, not of today's."""
    old, new = lorekeepers(1), lorekeepers(RULES_VERSION)
    assert old["about"] != new["about"]
    assert tribe_about(old, PT) == i18n.t("content.revive.tribe.lorekeepers.about.until2", PT)
    assert tribe_about(new, PT) == i18n.t("content.revive.tribe.lorekeepers.about", PT)
    assert tribe_about(old, PT) != tribe_about(new, PT)


def test_english_the_catalog_does_not_know_is_shown_as_it_is():
    """A card renamed in its data file before the catalog is generated again reads its new
    English, never the translation of its old name."""
    assert content.text("rebirth", "mission", "SC01", "name", "Highland Ponies", PT) == "Highland Ponies"
    assert content.text("rebirth", "mission", "SC01", "name", "Highland Cattle", PT) == "Gado das Highlands"


def test_a_map_may_not_name_two_mission_cards_alike():
    """Events name a public mission by its English name (stored ones too), which must tell
    the card."""
    cards = load_missions("ireland")
    twice = [cards[0], {**cards[1], "name": cards[0]["name"]}, *cards[2:]]
    problems = validate_missions(twice, load_map("ireland"))
    assert any("used twice" in problem for problem in problems), problems


def test_a_stored_public_mission_event_reads_in_the_readers_language():
    """Stored events keep working: a public mission met holds the card's English name only,
    and a pt-BR reader sees the card's Portuguese name."""
    engine = load_engine("rebirth")
    presenter = spec("rebirth").presenter(engine)
    game = GameRecord(
        id=1, guild_id=1, channel_id=5, game="rebirth", options={"map": "ireland", "rules": 1}, seed=1,
        status="active", creator_id=101, state=None, version=1, created_at=0.0, updated_at=0.0,
        turn_started_at=None, reminder_hours=0, reminded_at=None, muted_turn=None, clock_days=None,
        clock_action="fallback", clock_extra=0.0, clock_asked=None, players=(101, 202), names=("a", "b"),
    )  # fmt: skip
    met = {"mission": "Kiss the Blarney Stone", "seat": 0, "points": 6, "first": True}
    event = {
        "kind": "place", "seat": 0, "space": "F17", "tile": "E", "points": {"0": {"public": 6}},
        "public_missions": [met], "turn": 4, "turn_over": True, "changed": ["F17"],
    }  # fmt: skip
    assert "“Beijar a Pedra de Blarney”" in presenter.event_text(event, game, PT)
    assert "“Kiss the Blarney Stone”" in presenter.event_text(event, game, "en")


# ---------------------------------------------------------------------- through the slash commands


@pytest.fixture
def portuguese(monkeypatch):
    """The users whose Discord speaks pt-BR: their interactions carry that locale (simcord
    fixes every interaction's to en-US; `base_payload` builds them)."""
    speakers: set[int] = set()
    build = simcord.interactions.base_payload

    def localised(backend, **fields):
        record, payload = build(backend, **fields)
        if fields["user_id"] in speakers:
            payload["locale"] = PT
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", localised)
    return speakers


async def test_a_portuguese_players_hand_names_their_mission_cards_in_portuguese(simcord_env, portuguese):
    """A pt-BR player's `/hand` in Rebirth shows the Portuguese names of their mission cards."""
    table = make_table(simcord_env, ["ana", "bia"])
    portuguese.update(member.id for member in table.members)
    await open_and_start(table)
    drew = i18n.t("move.rebirth.cathedral_card", PT)
    for member in table.members:
        choices = await member.autocomplete(table.channel, "move", "action", drew)
        if choices:
            break
    assert choices, "a placement next to a cathedral"
    await member.slash(table.channel, "move", action=choices[0]["value"])
    hand = (await member.slash(table.channel, "hand")).response.content
    assert i18n.t("rebirth.hand.missions", PT, count=1) in hand, hand
    cards = load_missions("scotland")
    shown = [card for card in cards if f"**{mission_name(card, PT)}**" in hand]
    assert len(shown) == 1, hand
    assert not any(f"**{card['name']}**" in hand for card in cards), hand


async def test_a_portuguese_players_hand_names_their_tribe_and_cards_in_portuguese(
    simcord_env, portuguese, database_path
):
    """A pt-BR player's `/hand` in Revive: their tribe's Portuguese name and line, and each
    resting card's halves in Portuguese."""
    table = make_table(simcord_env, ["ana", "bia"])
    ana = table.members[0]
    portuguese.add(ana.id)
    await ana.slash(table.channel, "game new", game="revive")
    await table.members[1].slash(table.channel, "game join")
    await ana.slash(table.channel, "game start")
    hand = (await ana.slash(table.channel, "hand")).response.content
    database = await Database.open(database_path)
    try:
        game = await database.latest_game(table.channel.id)
    finally:
        await database.close()
    state = load_engine("revive").loads(game.state)
    seat = state.seats[game.players.index(ana.id)]
    edition = load_revive_edition(state.rules)
    tribe = next(tribe for tribe in edition["tribes"] if tribe["id"] == seat["tribe"])
    assert f"{tribe_name(tribe, PT)}.** {tribe_about(tribe, PT)}" in hand, hand
    assert tribe["name"] not in hand and tribe["about"] not in hand
    cards = {card["id"]: card for card in edition["citizens"]["starting"]}
    for card_id in seat["resting"]:
        [line] = [line for line in hand.splitlines() if line.startswith(f"• {card_id} ")]
        assert effects_text(cards[card_id]["bottom"], PT) in line, line
        assert i18n.t(f"revive.colour.{cards[card_id]['colour']}", PT) in line, line


PT_RULES_PHRASES = (
    "deve realizar 3 ações na seguinte ordem",
    "1 Tile do seu supply para sua mão",
    "pontua 1 ponto para cada Tile no cluster",
    "da mesma cor e tipo que você acabou de criar ou expandir",
    "apenas em espaços com o ícone de Settlement",
    "você coloca um de seus Cathedrals naquele espaço",
    "ocupando o maior número de espaços adjacentes a ele",
    "Cada Castle controlado vale 5 pontos",
    "Não é permitido colocar Tiles em espaços de Cathedral, Castle ou água",
    "pontuam como Small Settlements",
    "Modo Avançado",
    "ganha o valor maior da carta",
)
"""Phrases of ../shared/rules/rebirth.pt-BR.txt, word for word."""


async def test_rules_in_portuguese_are_drawn_from_the_portuguese_rules_text(simcord_env, portuguese):
    """ "`/rules` in Portuguese is drawn from the Portuguese rules text": a pt-BR caller's `/rules`
    on Ireland uses that text's sentences and its English component names (Tile, Settlement, Mission
    Card, Round Tower, Doubling Marker)."""
    table = make_table(simcord_env, ["ana", "bia"])
    portuguese.add(table.members[1].id)
    await open_and_start(table, map_id="ireland")
    rules = (await table.members[1].slash(table.channel, "rules")).response.content
    missing = [phrase for phrase in PT_RULES_PHRASES if phrase not in rules]
    assert not missing, rules
    assert all(name in rules for name in ("Mission Card", "Round Tower", "Doubling Marker", "Hill of Tara"))
    if RULES_TEXT.exists():  # the quotes are the text's own
        text = " ".join(RULES_TEXT.read_text(encoding="utf-8").split())
        assert [phrase for phrase in PT_RULES_PHRASES if phrase not in text] == []
    english = (await table.members[0].slash(table.channel, "rules")).response.content
    assert "Rebirth, a turn" in english and "deve realizar" not in english
