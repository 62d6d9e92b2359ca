"""Slash command texts through the project's one translation function.

Names, descriptions and choices are written as catalog keys; the English catalog gives the
default text Discord shows (and a command's registered name), and `CatalogTranslator` gives
Discord every other locale the catalogs have.
"""

from __future__ import annotations

from typing import TypeVar

import discord
from discord import app_commands

from i18n import lookup, t

Value = TypeVar("Value", str, int)  # an option's value: a choice of a string or an integer option


def text(key: str) -> app_commands.locale_str:
    """A command or option description, or a choice's name: English from the catalog, tagged
    with its key."""
    return app_commands.locale_str(t(key), key=key)


def command_name(path: str) -> app_commands.locale_str:
    """A command's or subcommand's name (`path` is its English path with dots: "game.new"): the
    English catalog gives the name Discord registers, the other catalogs its localisations, so
    a pt-BR client lists `/jogo novo`."""
    key = f"name.command.{path}"
    return app_commands.locale_str(t(key), key=key)


def option_names(*options: str) -> dict[str, app_commands.locale_str]:
    """`app_commands.rename`'s arguments for these options: each keeps its English name and is
    localised as `command_name` is (an option has one name in every command it is part of)."""
    return {
        option: app_commands.locale_str(t(f"name.option.{option}"), key=f"name.option.{option}")
        for option in options
    }


def choice(key: str, value: Value) -> app_commands.Choice[Value]:
    """One choice of an option, its name translated as `text` is (Discord shows each client its
    own language's name; the value stays the same)."""
    return app_commands.Choice(name=text(key), value=value)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or str(locale).startswith("en"):
            return None
        return lookup(key, str(locale))
