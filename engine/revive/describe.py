"""Short words for Revive's effects, costs and moves, in the caller's language.

Revive's content is data (docs/revive.md): cards, machines, modules, crates and rewards are all
effect lists from one closed vocabulary. Describing that vocabulary once lets every label, turn
summary and image say what a component does without a hand-written text per component.
"""

from __future__ import annotations

from typing import Any

from i18n import t


def resources_text(resources: dict[str, int], locale: str | None, sign: str = "") -> str:
    """`2 gear, 1 food` (or `+2 gear` with `sign="+"`), in the resources' usual order."""
    order = ("crystal", "gear", "book", "food", "energy")
    parts = [
        t("revive.fx.amount", locale, sign=sign, amount=amount, resource=t(f"revive.res.{name}", locale))
        for name in sorted(resources, key=lambda n: order.index(n) if n in order else len(order))
        if (amount := resources[name])
    ]
    return ", ".join(parts) if parts else t("revive.fx.free", locale)


def effect_text(effect: dict[str, Any], locale: str | None) -> str:
    """One effect in a few words: `+2 gear`, `trade ×3`, `1 step grey`, `explore -1`."""
    kind = effect["kind"]
    if kind == "gain":
        return resources_text(effect["resources"], locale, sign="+")
    if kind == "choice":
        options = [effects_text(option, locale) for option in effect["options"]]
        return t("revive.fx.choice", locale, options=" / ".join(options))
    if kind == "machine_step":
        return t(
            "revive.fx.machine_step",
            locale,
            steps=effect["steps"],
            colour=t(f"revive.colour.{effect['colour']}", locale),
        )
    if kind == "machine_token":
        return t("revive.fx.machine_token", locale, colour=t(f"revive.colour.{effect['colour']}", locale))
    if kind == "discount":
        return t(
            "revive.fx.discount",
            locale,
            action=t(f"revive.action.{effect['action']}", locale),
            amount=effect["amount"],
        )
    if kind == "action":
        return t("revive.fx.action", locale, action=t(f"revive.action.{effect['action']}", locale))
    params = {key: value for key, value in effect.items() if key != "kind"}
    return t(f"revive.fx.{kind}", locale, **params)


def effects_text(effects: list[dict[str, Any]], locale: str | None) -> str:
    """A whole effect list, `+2 gear, 1 step grey`; an empty list reads `nothing`."""
    return ", ".join(effect_text(effect, locale) for effect in effects) or t("revive.fx.nothing", locale)


def delta_text(before: dict[str, Any], after: dict[str, Any], locale: str | None) -> str:
    """What one seat gained and paid between two states of its record: `-2 food, +3 pts`."""
    parts = []
    for name, amount in after["resources"].items():
        change = amount - before["resources"].get(name, 0)
        if change:
            parts.append(_signed(change, t(f"revive.res.{name}", locale)))
    if after["energy"] != before["energy"]:
        parts.append(_signed(after["energy"] - before["energy"], t("revive.res.energy", locale)))
    for colour, position in after["tracks"].items():
        if position != before["tracks"][colour]:
            steps = position - before["tracks"][colour]
            parts.append(
                t("revive.fx.machine_step", locale, steps=steps, colour=t(f"revive.colour.{colour}", locale))
            )
    if after["points"] != before["points"]:
        parts.append(_signed(after["points"] - before["points"], t("revive.res.points", locale)))
    return ", ".join(parts)


def _signed(amount: int, name: str) -> str:
    return f"{'+' if amount > 0 else '−'}{abs(amount)} {name}"
