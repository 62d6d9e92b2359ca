"""Typed moves, read forgivingly and for any game: what the engine cannot read is matched
against the caller's legal moves by their own label text, and what still matches nothing is
refused with the three closest legal moves (issue 13 item 12).

Each engine reads its own notation in any case and spacing (`engine/revive/game.py`
`typed_move`, Rebirth's `_TYPED`); this module adds what needs the labels, which are in the
caller's language, and so only the service has: a copied button or list label, and the
suggestions in a refusal. The move stored is always the engine's own notation.
"""

from __future__ import annotations

import difflib
from typing import Any

from engine.base import Applied, Game, MoveChoice
from engine.errors import IllegalMove, MalformedMove
from i18n import t

CLOSEST = 3  # legal moves suggested when a typed move cannot be read


def apply_typed(engine: Game, state: Any, seat: int, text: str, locale: str | None) -> Applied:
    """Apply what the caller typed: the engine's notation (in any case and spacing), or a legal
    move's label as the list or a button shows it. Refused, with the closest legal moves added
    to the engine's reason, when it is neither."""
    try:
        return engine.apply(state, seat, text)
    except (MalformedMove, IllegalMove) as error:
        choices = engine.move_choices(state, seat, locale)
        if not choices:
            raise
        chosen = by_label(text, choices)
        if chosen is not None:
            return engine.apply(state, seat, chosen.notation)
        raise type(error)(
            "error.move.closest", reason=error.message(locale), moves=closest_text(text, choices, locale)
        ) from None


def by_label(text: str, choices: list[MoveChoice]) -> MoveChoice | None:
    """The one choice whose label `text` is, however spaced or cased: the whole label, the label
    without the preview a list or button adds in brackets (`explore S7 (−2 food, +3 pts)`), or
    the start of a label cut with `…`."""
    typed = _words(text)
    shown: dict[str, list[MoveChoice]] = {}
    for choice in choices:
        shown.setdefault(_words(choice.label), []).append(choice)
    for candidate in (typed, _without_preview(typed)):
        if candidate and len(shown.get(candidate, [])) == 1:
            return shown[candidate][0]
    if typed.endswith("…") and len(typed) > 10:
        started = [same for label, same in shown.items() if label.startswith(typed[:-1].rstrip())]
        if len(started) == 1 and len(started[0]) == 1:
            return started[0][0]
    return None


def offered_for(text: str, choices: list[MoveChoice]) -> list[MoveChoice]:
    """What `/move`'s list offers for what is typed so far: the choices whose notation starts
    with it or whose label holds it, however spaced or cased (`play b2 top` finds
    `play B2 top_left`); when none do, the closest few, so the list is never empty for a
    player who may move."""
    typed, spelled = _words(text), _spelling(text)
    found = [
        choice
        for choice in choices
        if not typed or _spelling(choice.notation).startswith(spelled) or typed in _words(choice.label)
    ]
    return found or closest(text, choices)


def closest(text: str, choices: list[MoveChoice], count: int = CLOSEST) -> list[MoveChoice]:
    """The `count` legal moves most like `text`, by notation or by label (difflib's ratio)."""
    typed = _words(text)

    def likeness(choice: MoveChoice) -> float:
        return max(
            difflib.SequenceMatcher(None, typed, _words(shown)).ratio()
            for shown in (choice.notation, choice.label)
        )

    ranked = sorted(enumerate(choices), key=lambda item: (-likeness(item[1]), item[0]))
    return [choice for _, choice in ranked[:count]]


def closest_text(text: str, choices: list[MoveChoice], locale: str | None) -> str:
    """`switch gear` (switch token: +1 gear), `F8` (energy farm, +3): each notation with its
    label (a label that starts with the notation, set apart, says it once)."""
    items = []
    for choice in closest(text, choices):
        label = choice.label
        if label.lower().startswith(choice.notation.lower() + "  "):  # `F8  energy farm, +3`
            label = label[len(choice.notation) :].strip()
        key = "move.closest_item" if label else "move.closest_bare"
        items.append(t(key, locale, notation=choice.notation, label=label))
    return ", ".join(items)


def _words(text: str) -> str:
    return " ".join(text.lower().replace("×", "x").split())


def _spelling(text: str) -> str:
    """Letters and digits only, lowercased: what stays the same however a notation is typed."""
    return "".join(char for char in text.lower() if char.isalnum())


def _without_preview(label: str) -> str:
    """`label` without a last bracketed part (the preview of what the move changes)."""
    if not label.endswith(")") or "(" not in label:
        return ""
    return label[: label.rindex("(")].rstrip()
