"""How the fallback player (engine/fallback.py) values a Revive state for a seat: its points if
the game ended now, plus a rough worth of what is not points yet. `POLICY` is
`Revive.fallback_policy`.
"""

from __future__ import annotations

from typing import Any

from engine.base import FallbackPolicy
from engine.revive.scoring import final_parts
from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables

# What a thing is worth in points mid-game. Leftover resources score 1 point per 3 at the end,
# but mid-game a resource buys about a point (an exploration costs one per point it scores).
REVIVE_WORTH = {
    "basic": 0.5,  # gear, book, food
    "crystal": 0.6,  # above a basic resource: trading one away for a basic loses value
    "energy": 0.5,  # powers a machine (about 2 resources)
    "step": 0.25,  # a machine-track step beyond what its space gives now (later spaces, tie-break)
    "machine": 1.0,  # a machine token: a resource or two each hibernation cycle
    "crate": 0.8,  # a closed crate: opening gives about 2 resources, so it is opened
    "module": 1.0,
    "card": 1.0,  # a recruited citizen (more actions), colour bonuses are in the projection
    "active": 0.4,  # a card that may still be played before hibernating
    "discount": 0.3,  # a discount for this turn
    "artifact": 3.0,  # a major artifact to take (the projection counts it once taken)
    "tribe": 1.0,  # the tribe ability: a progress step and its effect
    "action": 0.5,  # a free action granted by an effect
}
CLOSING_REVIVE = frozenset({"end", "hibernate", "stop", "skip", "pass"})
HIBERNATE_BAR = 1.0  # with no card left to play, an action must gain this much to beat hibernating


def _revive_value(engine: Any, state: ReviveState, seat: int, before: Any) -> float:
    """Revive: the seat's points if the game ended now (engine final scoring: progress track,
    technologies, large locations, colour bonuses, artifacts and the artifact card), with
    leftover resources at `REVIVE_WORTH` instead of 1 per 3, plus what is not points yet:
    machines, crates, modules, cards, energy, track steps, and the decisions this seat still
    has to take on the stack (valued by what they offer at best).

    A decision taken later is valued now, so a card whose effect is "gain 2 of your choice"
    is not worth less than one that gives 2 gears at once. `engine` is the state's own
    `Revive` (engine/revive/game.py), whose `tables` are the content its edition plays with."""
    tables: ReviveTables = engine.tables
    me = state.seats[seat]
    worth = REVIVE_WORTH
    resources = me["resources"]
    extra = worth["crystal"] * resources["crystal"]
    extra += worth["basic"] * sum(resources[name] for name in tables.basic)
    extra += worth["energy"] * me["energy"]
    extra += worth["step"] * sum(me["tracks"].values())
    extra += worth["machine"] * len(me["machines"])
    extra += worth["crate"] * len(me["crates"])
    extra += worth["module"] * sum(len(held) for held in me["modules"].values())
    extra += worth["card"] * len(me["owned_cards"])
    extra += worth["active"] * len(me["active"])
    extra += worth["discount"] * len(me.get("discounts", []))
    for frame in state.stack:
        if frame.get("seat", state.current) == seat:
            extra += _frame_worth(tables, state, seat, frame)
    if state.finished:
        assert state.final is not None
        parts: dict[str, int] = state.final["breakdown"][seat]
        points: int = me["points"]
    else:
        # The seat's part of the engine's own final scoring, which only reads the state.
        parts = final_parts(tables, state, seat)
        points = me["points"] + sum(parts.values())
    value: float = points - parts["resources"] + extra
    return value


def _frame_worth(tables: ReviveTables, state: ReviveState, seat: int, frame: dict[str, Any]) -> float:
    """What a decision waiting on the stack is worth to the seat who will take it."""
    kind = frame["kind"]
    if kind == "gain_any":
        left: int = frame["left"]
        return REVIVE_WORTH["basic"] * left
    if kind == "choice":
        return max(_effects_worth(tables, option) for option in frame["options"])
    if kind == "track":
        return _effect_worth(tables, {"kind": "machine_step", "steps": frame["steps"]})
    if kind == "reward":
        level = state.seats[seat]["hibernation"]
        return max(_effects_worth(tables, tables.hibernation[n]["effects"]) for n in range(1, level + 1))
    if kind == "effects":
        return _effects_worth(tables, frame["effects"])
    if kind in ("recruit", "machine_token", "module", "artifact"):
        return _effect_worth(tables, {"kind": kind})
    return 0.0  # trade, action (`stop` / `skip` are worth no change), rotate, remove


def _effects_worth(tables: ReviveTables, effects: list[dict[str, Any]]) -> float:
    return sum(_effect_worth(tables, effect) for effect in effects)


def _effect_worth(tables: ReviveTables, effect: dict[str, Any]) -> float:
    """A rough worth of one effect before it resolves (the same units as `_revive_value`)."""
    worth = REVIVE_WORTH
    kind = effect["kind"]
    if kind == "gain":
        resources: dict[str, int] = effect["resources"]
        return sum(
            worth[name if name in ("crystal", "energy") else "basic"] * amount
            for name, amount in resources.items()
        )
    if kind == "points":
        return float(effect["amount"])
    if kind == "machine_step":
        steps: int = effect["steps"]
        return (worth["step"] + worth["basic"]) * steps  # a space usually gives something
    if kind == "gain_any":
        amount: int = effect["amount"]
        return worth["basic"] * amount
    if kind == "trade":
        times: int = effect.get("times", 1)
        return 0.1 * times
    if kind == "choice":
        return max(_effects_worth(tables, option) for option in effect["options"])
    if kind == "recruit":
        return worth["card"] + worth["active"]
    if kind in ("tribe", "tribe_only", "module_or_tribe"):
        return worth["tribe"]
    return {
        "crate": worth["crate"],
        "module": worth["module"],
        "machine_token": worth["machine"],
        "artifact": worth["artifact"],
        "discount": worth["discount"],
        "action": worth["action"],
    }.get(kind, 0.0)


def _revive_closing_worth(engine: Any, state: Any, seat: int, move: str, moves: list[str]) -> float:
    """`hibernate` is worth `HIBERNATE_BAR` once no card can be played: a turn of one weak
    action (a switch, a lone build) is worse than taking the cards back and a reward. Any other
    closing move is "no change"."""
    if move != "hibernate":
        return 0.0
    return 0.0 if any(other.startswith("play ") for other in moves) else HIBERNATE_BAR


def _revive_side(move: str) -> bool:
    """Crystal trades: free actions at any time in one's turn, also while a decision is open."""
    return move.startswith("crystal ")


def _revive_hidden(move: str) -> bool:
    """`recruit deck` takes the face-down top card: value it as an average displayed card."""
    return move == "recruit deck"


POLICY = FallbackPolicy(_revive_value, CLOSING_REVIVE, _revive_hidden, _revive_side, _revive_closing_worth)
