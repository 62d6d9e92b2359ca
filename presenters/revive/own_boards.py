"""What the told turns changed on each mover's own board, for the channel image's strip
(render/revive/strip.py): the turn's events summed up by seat.

Each event since the player boards were told carries its mover's changes (`own`, engine/revive
/apply.py `own_board`: public parts only). An event stored before has none: its cards, modules
and machines are read from its facts (or its notation, for the oldest), and its tracks and resources are left
out, since only the states around it knew them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.base import RESIGN
from engine.revive.moves import notation_facts
from engine.revive.views import OwnBoard
from presenters.protocol import Event


def own_boards(events: Sequence[Event]) -> list[tuple[int, OwnBoard]]:
    """(seat, its changes) for each seat whose board the events changed, in order of its first
    change; steps and amounts that cancel out are dropped."""
    sums: dict[int, dict[str, Any]] = {}
    for event in events:
        if event.get("kind") == RESIGN:
            continue
        own = event.get("own")
        change = own if isinstance(own, dict) else _from_facts(event)
        if change:
            _add(sums.setdefault(int(event["seat"]), {}), change)
    out = []
    for seat, total in sums.items():
        for key in ("tracks", "resources"):
            total[key] = {name: n for name, n in total.get(key, {}).items() if n}
        kept = {key: value for key, value in total.items() if value}
        if kept:
            out.append((seat, cast(OwnBoard, kept)))
    return out


def _from_facts(event: Event) -> dict[str, Any]:
    """An event stored without `own`: the cards, modules and machines its facts name."""
    facts: Mapping[str, Any] = event if "verb" in event else notation_facts(str(event.get("move", "")))
    verb = facts.get("verb")
    if verb == "play":
        return {"cards": [[facts["slot"], facts["card"]]]}
    if verb == "module":
        return {"modules": [[facts["slot"], facts["module"]]]}
    if verb in ("machine", "use"):
        return {"machines" if verb == "machine" else "powered": [facts["machine"]]}
    return {}


def _add(into: dict[str, Any], change: Mapping[str, Any]) -> None:
    """Add one move's changes to a seat's sum."""
    for key in ("cards", "modules", "machines", "powered", "unlocked"):
        into.setdefault(key, []).extend(change.get(key, []))
    for key in ("tracks", "resources"):
        total = into.setdefault(key, {})
        for name, amount in change.get(key, {}).items():
            total[name] = total.get(name, 0) + amount
