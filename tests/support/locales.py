"""Interactions in other languages than simcord's `en-US`.

simcord builds every interaction's payload in `simcord.interactions.base_payload` with `locale` and
`guild_locale` fixed to `en-US`; `speaking` wraps it so each member's interactions carry that
member's Discord locale, and each server's its preferred one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pytest
import simcord.interactions

from i18n import CATALOGS, t
from i18n.en import MESSAGES as ENGLISH


def speaking(
    monkeypatch: pytest.MonkeyPatch, members: dict[int, str], guilds: dict[int, str] | None = None
) -> None:
    """From now on, `members` (user id -> locale) use Discord in their locale, and `guilds`
    (guild id -> locale) prefer theirs; everyone else stays `en-US`."""
    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **fields: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(backend, **fields)
        payload["locale"] = members.get(fields["user_id"], "en-US")
        if "guild_locale" in payload:
            payload["guild_locale"] = (guilds or {}).get(fields["guild_id"], "en-US")
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)


_PLACEHOLDER = re.compile(r"\{[^}]*\}")


def english_phrases(locale: str, least: int = 14) -> dict[str, str]:
    """Pieces of English templates a text in `locale` should never contain: each template's
    fixed text between placeholders (at least `least` characters, words in it), where the
    translation does not say the same (a component name the rules keep in English does)."""
    t("help.text", locale)  # the catalog is read on first use
    catalog = CATALOGS[next(name for name in CATALOGS if name.split("-")[0] == locale.split("-")[0])]
    phrases: dict[str, str] = {}
    for key, entry in ENGLISH.items():
        forms = [entry] if isinstance(entry, str) else list(entry.values())
        translated = catalog.get(key)
        theirs = " ".join(
            [translated] if isinstance(translated, str) else list(getattr(translated, "forms", ()) or ())
        )
        for form in forms:
            for piece in _PLACEHOLDER.split(form):
                piece = piece.strip(" .,:;()*_`\n-–—·›•")
                if len(piece) >= least and " " in piece and piece not in theirs:
                    phrases[piece] = key
    return phrases


def english_in(texts: Iterable[str], locale: str) -> list[tuple[str, str, str]]:
    """(phrase, its key, the text) for every English template phrase found in `texts`."""
    phrases = english_phrases(locale)
    found = []
    for text in texts:
        for phrase, key in phrases.items():
            if phrase in text:
                found.append((phrase, key, text[:200]))
    return found
