"""Revive's one effect vocabulary in words, for channel texts and for images, and the names of
its content (tribes, large locations) in the reader's language.

Here, below both its readers: the presenter's texts and labels (presenters/revive/) and the
images (render/revive/), which may not import each other's layer upward (docs/architecture.md
"Layers"). It reads the catalogs only, never the engine or the content files.

Revive's content is data (docs/revive.md): cards, machines, modules, crates and rewards are all
effect lists from one closed vocabulary. Describing that vocabulary once lets every label, turn
summary and image say what a component does without a hand-written text per component.

Why two styles of one vocabulary: channel texts are read in Discord (any Unicode, room for
`a free build`, `trade ×3`), while images are drawn with the bundled font, which is ASCII only,
into boxes a few words wide (`free build`, `trade x3`). Both walk the effects the same way here;
a `Style` only says which catalog words to use (`revive.fx.*` for channels, `revive.effect.*`
for images), so a new effect kind is worded in one place for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from i18n import content, t

RESOURCE_ORDER = ("crystal", "gear", "book", "food", "energy")
"""The order resources are listed in, the player board's."""


@dataclass(frozen=True)
class Style:
    """Which catalog words one medium uses for the vocabulary.

    `words` is the key family of the effect words (`{words}.trade`, `{words}.and`...), `names`
    the family of resource, colour and action names (`{names}.res.gear`). Gains and costs have
    their own keys because the image words them without a sign parameter; `nothing` is the
    word for an empty effect list. `nouns` is the family of a resource's name after a number,
    chosen by its plural form (`{nouns}.book` with `count=2`: `books`).
    """

    words: str
    names: str
    nouns: str
    gain: str
    cost: str
    gains_and: str
    nothing: str

    def word(self, name: str, locale: str | None, **params: object) -> str:
        """One word of this style's family (`and`, `or`, `free`, an effect kind)."""
        return t(f"{self.words}.{name}", locale, **params)

    def name(self, family: str, name: str, locale: str | None) -> str:
        """A resource (`res`), colour (`colour`) or action (`action`) name in this style."""
        return t(f"{self.names}.{family}.{name}", locale)

    def noun(self, name: str, amount: int, locale: str | None) -> str:
        """A resource's name after `amount` of it: `book` after 1, `books` after 2."""
        return t(f"{self.nouns}.{name}", locale, count=amount)

    def separator(self, locale: str | None) -> str:
        """What joins the items of a list (`+1 gear, 2 steps green`)."""
        return self.word("and", locale)


CHANNEL = Style(
    words="revive.fx",
    names="revive",
    nouns="revive.noun",
    gain="revive.fx.amount",
    cost="revive.fx.amount",
    gains_and="revive.fx.and",
    nothing="revive.fx.nothing",
)
"""Discord texts: full words, Unicode signs (`−`, `×`)."""

IMAGE = Style(
    words="revive.effect",
    names="revive.effect",
    nouns="revive.effect.noun",
    gain="revive.effect.gain",
    cost="revive.effect.cost",
    gains_and="revive.effect.gains_and",
    nothing="revive.effect.none",
)
"""Images: short ASCII words that the bundled font draws and that fit on a card or a token (in
English a resource's name stays singular there: `+2 book` fits where `+2 books` might not; its
`revive.effect.noun.*` entries still count, so Portuguese reads "+2 livros")."""


def resources_text(
    resources: Mapping[str, int], locale: str | None, sign: str = "", style: Style = CHANNEL
) -> str:
    """`2 gear, 1 food` (or `+2 gear` with `sign="+"`), in the resources' usual order; `free`
    when nothing is left to pay or gain."""
    key = style.gain if sign else style.cost
    last = len(RESOURCE_ORDER)
    names = sorted(resources, key=lambda n: RESOURCE_ORDER.index(n) if n in RESOURCE_ORDER else last)
    parts = [
        t(key, locale, sign=sign, amount=amount, resource=style.noun(name, amount, locale))
        for name in names
        if (amount := resources[name])
    ]
    if not parts:
        return style.word("free", locale)
    joiner = t(style.gains_and, locale) if sign else style.separator(locale)
    return joiner.join(parts)


def effect_text(effect: Mapping[str, Any], locale: str | None, style: Style = CHANNEL) -> str:
    """One effect in a few words: `+2 gear`, `trade ×3`, `1 step grey`, `explore −1`."""
    kind = effect["kind"]
    if kind == "gain":
        return resources_text(effect["resources"], locale, "+", style)
    if kind == "choice":
        options = [effects_text(option, locale, style) for option in effect["options"]]
        return style.word("choice", locale, options=style.word("or", locale).join(options))
    params = {key: value for key, value in effect.items() if key != "kind"}
    if kind in ("machine_token", "machine_step") and params.get("colour") == "any":
        kind += "_any"  # `a machine of any colour`, not `a any colour machine`
    if "colour" in params:
        params["colour"] = style.name("colour", params["colour"], locale)
    if "action" in params:
        params["action"] = style.name("action", params["action"], locale)
    # What the words count, for their plural form: steps on a track, an amount of points...
    params["count"] = abs(int(params.get("steps", params.get("amount", params.get("times", 1)))))
    return style.word(kind, locale, **params)


def effects_text(effects: Iterable[Mapping[str, Any]], locale: str | None, style: Style = CHANNEL) -> str:
    """A whole effect list, `+2 gear, 1 step grey`; an empty list reads `nothing`."""
    words = [effect_text(effect, locale, style) for effect in effects]
    return style.separator(locale).join(words) or t(style.nothing, locale)


def steps_text(steps: int, colour: str, locale: str | None, style: Style = CHANNEL) -> str:
    """Moves on a machine track (`2 steps green`; negative when a move takes them back)."""
    return effect_text({"kind": "machine_step", "steps": steps, "colour": colour}, locale, style)


def tribe_name(tribe: Mapping[str, Any], locale: str | None) -> str:
    """A tribe's name in `locale` (`tribe`: its entry in the content's tribes, whose English is
    the source: i18n/content.py)."""
    return content.text("revive", "tribe", tribe["id"], "name", tribe["name"], locale)


def tribe_about(tribe: Mapping[str, Any], locale: str | None) -> str:
    """What a tribe is good at, in a line, in `locale` (its edition's words)."""
    return content.text("revive", "tribe", tribe["id"], "about", tribe["about"], locale)


def large_location_name(location: str, side: Mapping[str, Any], locale: str | None) -> str:
    """The name of one side (`side`: its entry, with `side` and `name`) of large location
    `location` (`L1`), in `locale`."""
    item = f"{location}-{side['side']}"
    return content.text("revive", "large_location", item, "name", side["name"], locale)
