"""Text the bot did not write (a server's name, a member's name, what someone typed) put into a
message the bot sends, as plain text.

Discord reads a message's content as markdown: a server named
`[Claim Nitro](https://evil.example/login)` would otherwise become a masked link in the bot's
own DM, and a name could bring bold, headers, block quotes, spoilers, code or a mention with it.
`outside_text` makes such text show as typed, whatever line of a message it lands in.

It is for message content only. Images draw names as pixels (render/), and button labels,
thread titles and autocomplete choices are not markdown: there a backslash would show, so they
take the name as it is. Mentions are never pinged anyway (`cogs/replies.py` `allowed_mentions`
names the users a message may notify); escaping them keeps them from even looking like one.

The behaviour is discord.py's `utils.escape_markdown` and `escape_mentions`, written here so the
layers below the cogs need no Discord: every character markdown gives a meaning to anywhere in
a line is escaped with a backslash (which Discord shows as the character itself), and those
that mean something only at the start of a line (a header, `-#` subtext, a list, a quote) are
escaped where the text starts, since a template may put it there.
"""

from __future__ import annotations

import re

ANYWHERE = re.compile(r"([\\*_~|`\[\]<])")
"""Emphasis, underline, strikethrough, spoilers, code, masked links, and `<...>` forms (a user,
role or channel mention, a command, a timestamp, a custom emoji, a link without preview)."""

AT_START = re.compile(r"^(\s*)(#|>|-|\+|\d+\.(?=\s))")
"""What means something at the start of a line: a header `#` (and `-#` subtext, through `-`),
a block quote `>`, a list item `-` or `+` (`*` is escaped anywhere), a numbered item `1.`."""

LINE_BREAK = re.compile(r"[\r\n\u2028\u2029\u0085]+")
"""A name is one line: a break would let its next line start a header or a quote."""

EVERYONE = re.compile(r"@(everyone|here)", re.IGNORECASE)
"""The mentions that need no angle brackets, broken by a zero-width space as discord.py does."""

SCHEME = re.compile(r"([a-z][a-z0-9+.-]*):(?=//)", re.IGNORECASE)
"""`https://`: Discord makes a bare address a link; an escaped colon keeps it text."""


def escaped_start(match: re.Match[str]) -> str:
    """`# `, `> `, `- `, `1. ` with their mark escaped (the digits of `1.` are not marks)."""
    lead, mark = match.groups()
    return f"{lead}{mark[:-1]}\\{mark[-1]}"


def outside_text(text: str) -> str:
    """`text` (a name or anything else the bot did not write) shown as it is in a Discord
    message: no link, no formatting, no mention. A plain name comes back unchanged."""
    text = LINE_BREAK.sub(" ", text)
    text = ANYWHERE.sub(r"\\\1", text)
    text = AT_START.sub(escaped_start, text)
    text = EVERYONE.sub("@\u200b\\1", text)
    return SCHEME.sub(r"\1\\:", text)
