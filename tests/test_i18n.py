"""Every player-facing string goes through the catalog, and the catalog is well-formed."""

from __future__ import annotations

import re
import string
from pathlib import Path

import discord
from discord import app_commands

import i18n
from cogs.translator import CatalogTranslator, text
from i18n.en import MESSAGES

ROOT = Path(__file__).resolve().parent.parent
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


def test_templates_are_well_formed_and_command_texts_fit_discord():
    for key, template in MESSAGES.items():
        list(string.Formatter().parse(template))  # raises on a broken {field}
        if key.startswith("cmd."):
            assert 1 <= len(template) <= 100, key


def test_unknown_locale_falls_back_to_english_and_lookup_does_not():
    assert i18n.t("error.not_your_turn", "pt-BR") == "It is not your turn."
    assert i18n.lookup("error.not_your_turn", "pt-BR") is None
    assert i18n.t("no.such.key") == "no.such.key"


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
