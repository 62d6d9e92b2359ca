"""In the sandbox, a message names a command as the page lists it.

A Portuguese Discord client lists the bot's commands under their Portuguese names (`/jogo novo`,
`/jogar`), so the bot's Portuguese texts name them so (tests/i18n/test_command_names.py). simcord's
page does not: it lists every command under the name the bot registered, the English one
(`/game new`, `/move`), with its options and choices in English too, and it reads no
`name_localizations`. Its command box then finds nothing for `/jogar`. So while a sandbox runs
in another language, its catalog is read through `page_catalog`: every command a text names,
with the options and choices after it, is written as the page lists it, and the rest of the
text stays as translated (`/jogo novo jogo:rebirth` becomes `/game new game:rebirth`, in a
Portuguese sentence). The names come from the catalogs themselves, the same keys the commands
are registered with (`name.command.*`, `name.option.*`, `choice.<option>.*`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from i18n import lookup, t
from i18n.en import MESSAGES as ENGLISH
from i18n.po import Translated

COMMAND = "name.command."
OPTION = "name.option."
CHOICE = "choice."
# A command named in a text: "/" not inside a word, a path, a mention or a URL (as the test of
# the catalogs reads them), up to the end of its code span or clause.
REFERENCE = re.compile(r"(?<![\w/<:.])/([^\W\d_][^`\n.,;()]*)")
OPTION_VALUE = re.compile(r"(?<![\w/])([^\W\d][\w]*):([^\s`]*)")
CODE_SPAN = re.compile(r"`([^`]*)`")


@dataclass(frozen=True)
class PageNames:
    """One language's names of the commands (its invocation, `jogo novo`), of the options and
    of each option's choices, with the page's (English) name of each."""

    commands: tuple[tuple[str, str], ...]  # (localised, page's), the longest first
    options: Mapping[str, str]
    choices: Mapping[str, Mapping[str, str]]  # by the page's option name


def _invocation(path: str, locale: str | None) -> str | None:
    parts = path.split(".")
    words = [lookup(COMMAND + ".".join(parts[: i + 1]), locale) for i in range(len(parts))]
    return None if None in words else " ".join(str(word) for word in words)


def page_names(locale: str) -> PageNames:
    """The names `locale`'s texts use for what the page lists in English."""
    commands: dict[str, str] = {}
    options: dict[str, str] = {}
    choices: dict[str, dict[str, str]] = {}
    for key in ENGLISH:
        if key.startswith(COMMAND):
            path = key.removeprefix(COMMAND)
            localised = _invocation(path, locale)
            listed = _invocation(path, None)  # None: English, the names the bot registers
            if localised is not None and listed is not None:
                commands[localised] = listed
        elif key.startswith(OPTION) and (localised := lookup(key, locale)) is not None:
            options[localised] = t(key)
        elif key.startswith(CHOICE) and (localised := lookup(key, locale)) is not None:
            option = key.removeprefix(CHOICE).split(".")[0]
            choices.setdefault(t(OPTION + option), {})[localised] = t(key)
    ordered = tuple(sorted(commands.items(), key=lambda item: -len(item[0])))
    return PageNames(ordered, options, choices)


def as_listed(text: str, names: PageNames) -> str:
    """`text` with every command it names written as the page lists it, and every option
    named on its own in a code span."""

    def command(match: re.Match[str]) -> str:
        named = match.group(1)
        for localised, listed in names.commands:
            rest = named[len(localised) :]
            if named.startswith(localised) and not rest[:1].isalnum() and rest[:1] not in ("_", "-"):
                return "/" + listed + OPTION_VALUE.sub(option, rest)
        return match.group(0)

    def option(match: re.Match[str]) -> str:
        name, value = match.group(1), match.group(2)
        listed = names.options.get(name)
        if listed is None:
            return match.group(0)
        return f"{listed}:{names.choices.get(listed, {}).get(value, value)}"

    def code(match: re.Match[str]) -> str:
        if "/" in match.group(1):  # a command: its options were written with it
            return match.group(0)
        return "`" + OPTION_VALUE.sub(option, match.group(1)) + "`"

    return CODE_SPAN.sub(code, REFERENCE.sub(command, text))


def page_catalog(catalog: Mapping[str, str | Translated], names: PageNames) -> dict[str, str | Translated]:
    """A language's catalog as the sandbox reads it: its texts name the page's commands; the
    names the bot registers its commands with (`name.*`) stay the language's own."""
    rewritten: dict[str, str | Translated] = {}
    for key, entry in catalog.items():
        if key.startswith("name.") or key.startswith("cmd."):
            rewritten[key] = entry
        elif isinstance(entry, Translated):
            rewritten[key] = replace(entry, forms=tuple(as_listed(form, names) for form in entry.forms))
        else:
            rewritten[key] = as_listed(entry, names)
    return rewritten
