"""The image's words: Revive's effect vocabulary in its image style, names and seat names.

The vocabulary itself is i18n/revive_words.py (one for channel texts and images); this
module only fixes the image's choices: the IMAGE style and names cleaned for drawing. Every
function takes the image's language (`locale`: a channel image in the game's, a private one in
the caller's, since only they read it; None: English).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from i18n import t
from i18n.revive_words import IMAGE, effect_text, effects_text, resources_text
from render.common import clean_text
from render.revive.style import NAME_CHARS


def resources_label(resources: Mapping[str, int], sign: str = "+", locale: str | None = None) -> str:
    """`+2 gear +1 food` (a gain) or `2 food, 1 gear` (a cost, `sign=""`), in board order."""
    return resources_text(resources, locale, sign, IMAGE)


def effect_label(effect: Mapping[str, Any], locale: str | None = None) -> str:
    """One effect of the closed vocabulary in a few words: `+2 gear`, `trade x3`, `1 step green`."""
    return effect_text(effect, locale, IMAGE)


def effects_label(effects: Iterable[Mapping[str, Any]], locale: str | None = None) -> str:
    """An effect list as one short line (`build -1, free build`); `nothing` when empty."""
    return effects_text(effects, locale, IMAGE)


def ability_label(ability: Mapping[str, Any], locale: str | None = None) -> str:
    """A technology's unique ability: its unlock effects, `always build -1`, `hibernate: +1 gear`."""
    timing = ability["timing"]
    if timing == "always":
        effect = effect_label({"kind": "discount", **ability["discount"]}, locale)
        return t("revive.img.player.always", locale, effect=effect)
    text = effects_label(ability["effects"], locale)
    if timing == "hibernate":
        return t("revive.img.player.on_hibernate", locale, effect=text)
    return text


def joined(words: Iterable[str], locale: str | None = None) -> str:
    """Words as one list (`brown, blue, red`), with the vocabulary's own separator."""
    return IMAGE.separator(locale).join(words)


def list_separator(locale: str | None = None) -> str:
    """What separates the items of an image list (line breaks go after it)."""
    return IMAGE.separator(locale)


def colour_word(name: str, locale: str | None = None) -> str:
    """A card, machine or artifact colour in the image's words."""
    return IMAGE.name("colour", name, locale)


def resource_word(name: str, locale: str | None = None) -> str:
    """A resource in the image's words."""
    return IMAGE.name("res", name, locale)


def seat_name(names: Sequence[str], seat: int, locale: str | None = None) -> str:
    """A seat's display name made safe for the font, or `Seat 2` when there is none."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return clean_text(raw, NAME_CHARS) or t("revive.img.seat", locale, number=seat + 1)
