"""The figures of `tabletop balance`: win shares per tribe and per seat, and end triggers.

Pure: it reads only what the offline tools (offline.py) collected from finished games (each
game's final public view and the views around the move that triggered the end), so a game's
fairness is measured from what any player could see, never from its state's internals.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

# Public per-seat fields that advance a game towards its end (docs/revive.md "Machine tracks",
# "Hibernation track", T11). A trigger is named after the last move before it (the trigger move
# included) that moved one of them for the triggering seat: the move that opened the decision
# taking the last artifact (a track reaching its end, T11 unlocked, the fifth hibernation space),
# or a hibernation `reward N` chosen. Old results without the moves: the first field that moved
# in the whole triggering turn, in this order.
PROGRESS_FIELDS = ("tracks", "unlocked", "hibernation")


def measure(results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Per tribe (seats whose public view names a `tribe`; none for a game without tribes), per
    seat position and per end trigger. A shared win counts 1/len(winners) so shares add up to 1."""
    tribes: list[tuple[str, float, int]] = []
    seats: list[tuple[str, float, int]] = []
    for result in results:
        view = result["view"]
        winners = (view.get("final") or {}).get("winners") or []
        for index, seat in enumerate(view["seats"]):
            win = 1 / len(winners) if index in winners else 0.0
            seats.append((str(index), win, seat["score"]))
            if seat.get("tribe"):
                tribes.append((seat["tribe"], win, seat["score"]))
    games = len(results)
    triggers = Counter(end_trigger(result["trigger"]) for result in results)
    return {
        "tribes": table(tribes, games, players),
        "seats": table(seats, games, players),
        "end_triggers": {name: count for name, count in triggers.most_common()},
    }


def table(rows: list[tuple[str, float, int]], games: int, players: int) -> dict[str, dict[str, float]]:
    """One entry per key: seats played, wins, win share, the fair share (the key's seats over all
    seats: a tribe dealt more often should win more often) and their ratio, and the mean score."""
    out: dict[str, dict[str, float]] = {}
    for key in sorted({row[0] for row in rows}):
        mine = [row for row in rows if row[0] == key]
        wins = sum(row[1] for row in mine)
        share = wins / games if games else 0.0
        fair = len(mine) / (games * players) if games else 0.0
        out[key] = {
            "seats": len(mine),
            "wins": round(wins, 3),
            "win_share": round(share, 4),
            "fair_share": round(fair, 4),
            "ratio": round(share / fair, 3) if fair else 0.0,
            "mean_score": round(sum(row[2] for row in mine) / len(mine), 2),
        }
    return out


def end_trigger(trigger: dict[str, Any] | None) -> str:
    """How a game ended, in words: the move that triggered the end (its verb, `remove` or
    `artifact`) and what advanced in the triggering seat's public view with the move that caused
    it (`tracks green 12` a track reaching its end, `unlocked T11`, `hibernation 5` the removal,
    `hibernation reward 8` the artifact of that hibernation space), so the mix can be set against
    the intent that docs/revive.md states. A game that ends without a trigger event: "no trigger"."""
    if trigger is None:
        return "no trigger"
    event = trigger["event"]
    seat = event["end_triggered"]
    verb = str(event.get("verb") or event["move"].split()[0])
    if trigger.get("steps"):  # the moves of the triggering turn up to the trigger, last first
        for step in reversed(trigger["steps"]):
            before, after = step["before"]["seats"][seat], step["after"]["seats"][seat]
            causes = [cause for field in PROGRESS_FIELDS for cause in changes(field, before, after)]
            reward = step["move"].startswith("reward ")  # a hibernation reward (space 8: an artifact)
            if causes and reward:  # a `hibernate` technology's step resolves with the reward move
                return f"{verb} {causes[0]} (with {step['move']})"
            if causes or reward:
                return f"{verb} {causes[0] if causes else 'hibernation ' + step['move']}"
        return f"{verb} (other)"
    before = trigger["before"]["seats"][seat]
    after = trigger["after"]["seats"][seat]
    causes = [cause for field in PROGRESS_FIELDS for cause in changes(field, before, after)]
    return " ".join([verb, *(causes[:1] or ["(other)"])])


def changes(field: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What rose in one public field of a seat: `tracks grey 10` for a dict of numbers,
    `hibernation 8` for a number, `unlocked T11` for a list (its new items)."""
    old, new = before.get(field), after.get(field)
    if isinstance(new, dict) and isinstance(old, dict):
        rose = sorted(((value, key) for key, value in new.items() if value != old.get(key)), reverse=True)
        return [f"{field} {key} {value}" for value, key in rose]  # the furthest first
    if isinstance(new, int) and new != old:
        return [f"{field} {new}"]
    if isinstance(new, list) and isinstance(old, list):
        return [f"{field} {item}" for item in reversed(new) if item not in old]  # the last first
    return []
