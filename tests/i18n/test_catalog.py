"""Every player-facing string goes through the catalog, and the catalog is well-formed."""

from __future__ import annotations

import re
import string

import discord
import pytest
from discord import app_commands

import i18n
from cogs.translator import CatalogTranslator, text
from i18n.en import MESSAGES
from tests.support.paths import ROOT

KEY_CALL = re.compile(
    r"""(?:\bt|Error|Move|Turn|Player|Over|Game|ServiceError|text)\(\s*"([a-z][a-z0-9_.]+)\""""
)


def test_every_literal_key_in_the_code_exists_in_the_english_catalog():
    missing, found = [], 0
    for folder in ("engine", "service", "cogs", "render", "content"):
        for path in (ROOT / folder).rglob("*.py"):
            for key in KEY_CALL.findall(path.read_text()):
                found += 1
                if "." in key and not i18n.has(key):
                    missing.append(f"{path.relative_to(ROOT)}: {key}")
    assert found > 60, "the scan finds the keys the code uses"
    assert not missing, missing


def templates(entry: str | dict[str, str]) -> list[str]:
    """An entry's templates: itself, or each of its plural forms."""
    return [entry] if isinstance(entry, str) else list(entry.values())


def test_templates_are_well_formed_and_command_texts_fit_discord():
    for key, entry in MESSAGES.items():
        for template in templates(entry):
            list(string.Formatter().parse(template))  # raises on a broken {field}
        if key.startswith("cmd."):
            assert isinstance(entry, str) and 1 <= len(entry) <= 100, key


def test_plural_entries_name_cldr_categories_and_have_other():
    plurals = {key: entry for key, entry in MESSAGES.items() if isinstance(entry, dict)}
    assert len(plurals) > 20, "the catalogs count things through plural entries"
    for key, entry in plurals.items():
        assert "other" in entry, key
        assert set(entry) <= i18n.PLURAL_CATEGORIES, key


def test_no_template_hedges_a_plural_with_s_in_brackets():
    """Grammar and plurals everywhere: no template hedges with "(s)"."""
    hedged = [key for key, entry in MESSAGES.items() for text in templates(entry) if "(s)" in text]
    assert not hedged, hedged
    for path in (ROOT / "i18n").glob("en*.py"):
        assert "(s)" not in path.read_text(), path


def test_a_counted_noun_in_english_has_plural_forms():
    """Plurals in the images too: "Resting: 1 card", "CRATER: 1 major artifact". A plain template
    that puts a plural noun after `{count}` would read wrong for one."""
    always_several = {"mission.clusters"}  # used only for a count above 1 (engine/rebirth/missions.py)
    counted = re.compile(r"\{count\} (?:[a-z]+ )?[a-z]+s\b")
    plain = [
        key
        for key, entry in MESSAGES.items()
        if isinstance(entry, str) and counted.search(entry) and key not in always_several
    ]
    assert not plain, plain
    assert i18n.t("revive.img.player.resting", "en", count=1) == "Resting: 1 card, face down"
    assert i18n.t("revive.img.crater", "en", count=1) == "CRATER: 1 major artifact"
    assert i18n.t("revive.img.player.tribe_markers", "en", count=2) == "2 markers left on the tribe board"


def test_plural_forms_follow_english_rules():
    """English counts in good English: "1 mission card", "1 castle", "2 steps green"."""
    assert i18n.t("rebirth.event.missions_drawn", "en", count=1) == "Draws 1 mission card."
    assert i18n.t("rebirth.event.missions_drawn", "en", count=2) == "Draws 2 mission cards."
    assert i18n.t("rebirth.event.missions_drawn", "en", count=0) == "Draws 0 mission cards."
    assert i18n.t("rebirth.count.castles", None, count=1) == "1 castle"
    assert i18n.t("revive.fx.machine_step", "en-US", count=2, steps=2, colour="green") == "2 steps green"
    assert [i18n.plural_category(n, "en") for n in (0, 1, 2, "1", "1.5")] == [
        "other",
        "one",
        "other",
        "one",
        "other",
    ]


def test_plural_forms_follow_the_locales_cldr_rules_through_babel(monkeypatch):
    """Portuguese counts 0 as singular and has a `many` form: Babel's CLDR rules say so, even
    before a pt-BR catalog exists; an entry without the category falls back to `other`."""
    assert [i18n.plural_category(n, "pt-BR") for n in (0, 1, 2, 1_000_000)] == ["one", "one", "other", "many"]
    assert i18n.plural_category(0, "en") == "other"
    assert i18n.plural_category(1, "xx-nowhere") == "one"  # unknown to Babel: English rules
    cartas = {"one": "Compra {count} carta de missão.", "other": "Compra {count} cartas de missão."}
    monkeypatch.setitem(i18n.CATALOGS, "pt-BR", {"rebirth.event.missions_drawn": cartas})
    assert i18n.t("rebirth.event.missions_drawn", "pt-BR", count=0) == "Compra 0 carta de missão."
    assert i18n.t("rebirth.event.missions_drawn", "pt-BR", count=3) == "Compra 3 cartas de missão."
    many = i18n.t("rebirth.event.missions_drawn", "pt-BR", count=1_000_000)
    assert many == "Compra 1000000 cartas de missão."  # `many`, which the entry lacks: `other`
    # a key the pt-BR catalog lacks falls back to English, under English rules: 0 is plural there
    assert i18n.t("rebirth.count.castles", "pt-BR", count=0) == "0 castles"
    assert i18n.lookup("rebirth.event.missions_drawn", "pt-BR") is None  # never a command text


def test_a_plural_entry_without_a_count_is_a_plain_error():
    with pytest.raises(TypeError, match="count"):
        i18n.t("rebirth.count.castles", "en")


def test_unknown_locale_falls_back_to_english_and_lookup_does_not():
    assert i18n.t("error.not_your_turn", "fr") == "It is not your turn."
    assert i18n.lookup("error.not_your_turn", "fr") is None
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.t("error.not_your_turn", "pt-BR") != "It is not your turn."  # pt_BR.po has it


async def test_command_descriptions_are_translated_for_other_locales(monkeypatch):
    monkeypatch.setitem(i18n.CATALOGS, "pt-BR", {"cmd.move": "Faça sua jogada neste canal"})
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    described = text("cmd.move")
    assert described.message == MESSAGES["cmd.move"]
    assert await translator.translate(described, discord.Locale.brazil_portuguese, context) == (
        "Faça sua jogada neste canal"
    )
    assert await translator.translate(described, discord.Locale.american_english, context) is None
    assert await translator.translate(text("cmd.hand"), discord.Locale.brazil_portuguese, context) is None
