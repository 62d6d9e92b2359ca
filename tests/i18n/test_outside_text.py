"""`outside_text`: a name the bot did not write reads as typed in a Discord message, and means
nothing there (no link, formatting or mention); an ordinary name is left as it is."""

from __future__ import annotations

import re

import pytest

from i18n import t
from i18n.outside import outside_text

ZWSP = "\u200b"


def as_shown(escaped: str) -> str:
    """What Discord shows for `escaped`: a backslash before any character but a letter, a digit
    or a space shows that character (simple-markdown's escape rule, which Discord uses)."""
    return re.sub(r"\\([^0-9A-Za-z\s])", r"\1", escaped).replace(ZWSP, "")


def live_marks(escaped: str) -> list[str]:
    """The markdown marks left unescaped anywhere in a line."""
    return re.findall(r"(?<!\\)(?:\\\\)*([*_~|`\[\]<])", escaped)


@pytest.mark.parametrize(
    ("name", "escaped"),
    [
        ("[Claim Nitro](https://evil.example/login)", r"\[Claim Nitro\](https\://evil.example/login)"),
        ("**boss**", r"\*\*boss\*\*"),
        ("*lean*", r"\*lean\*"),
        ("__under__", r"\_\_under\_\_"),
        ("~~gone~~", r"\~\~gone\~\~"),
        ("||secret||", r"\|\|secret\|\|"),
        ("`code`", r"\`code\`"),
        ("```block```", r"\`\`\`block\`\`\`"),
        ("# Header", r"\# Header"),
        ("### Small", r"\### Small"),
        ("-# subtext", r"\-# subtext"),
        ("- item", r"\- item"),
        ("+ item", r"\+ item"),
        ("1. first", r"1\. first"),
        ("> quote", r"\> quote"),
        (">>> all of it", r"\>>> all of it"),
        ("<@123456789012345678>", r"\<@123456789012345678>"),
        ("<@&123456789012345678>", r"\<@&123456789012345678>"),
        ("<#123456789012345678>", r"\<#123456789012345678>"),
        ("</game new:1234>", r"\</game new:1234>"),
        ("<t:1700000000:R>", r"\<t:1700000000:R>"),
        ("<https://evil.example>", r"\<https\://evil.example>"),
        ("https://evil.example", r"https\://evil.example"),
        ("back\\slash*", r"back\\slash\*"),
    ],
)
def test_each_markdown_feature_is_escaped_and_shows_as_typed(name, escaped):
    assert outside_text(name) == escaped
    assert as_shown(escaped) == name
    assert live_marks(escaped) == []
    assert not re.match(r"\s*(#|>|-|\+|\d+\.\s)", escaped), "a line may start with the name"


@pytest.mark.parametrize("mention", ["@everyone", "@here", "@EVERYONE"])
def test_everyone_and_here_are_broken_by_a_zero_width_space(mention):
    shown = outside_text(f"**boss** {mention}")
    assert mention not in shown and f"@{ZWSP}{mention[1:]}" in shown
    assert as_shown(shown) == f"**boss** {mention}"


def test_a_name_is_one_line_so_its_lines_cannot_start_a_header_or_a_quote():
    shown = outside_text("Ana\n# Big\r\n> quoted")
    assert "\n" not in shown and "\r" not in shown
    assert shown == "Ana # Big > quoted"


@pytest.mark.parametrize(
    "name",
    ["João Conceição", "Zé 🎲", "Ana-Luísa", "Çağrı Öztürk", "Mãe 🇧🇷 do Zé", "张伟", "O'Brien"]
    + ["R2-D2", "Dr. No", "100% Zé"],
)
def test_an_ordinary_name_is_unchanged(name):
    assert outside_text(name) == name


def test_an_escaped_name_in_a_template_reads_as_typed_wherever_the_template_puts_it():
    server = outside_text("# [x](https://a.example)")
    line = t("notify.dm_game", "en", title="Rebirth", server=server, link="L")
    assert line == r"🎲 **Rebirth** on \# \[x\](https\://a.example): L"
    assert as_shown(server) == "# [x](https://a.example)"
