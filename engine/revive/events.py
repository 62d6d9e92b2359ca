"""What a Revive event records about its move: the move's facts by name, and what a turn
summary needs (the turn, the points by seat, the board places changed).

The facts are the move's own words given names (`play A1 top_left` -> card A1, slot top_left),
so a presenter never re-reads the notation. Events stored before the facts existed hold only
`move`; `move_facts` reads that the same way, so old and new events read alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.revive.state import ReviveState
from engine.revive.views import Effect, MoveFacts, MoveOutcome, ReviveEvent, SeatGains

ARGUMENTS: dict[str, tuple[str, ...]] = {
    "play": ("card", "slot"),
    "switch": ("resource",),
    "crystal": ("resource",),
    "take": ("resource",),
    "trade": ("give", "get"),
    "explore": ("board_slot", "", "off"),  # `explore F03 off gear`: the word `off` is skipped
    "build": ("size", "space"),
    "populate": ("space", "tech"),
    "use": ("machine",),
    "open": ("crate",),
    "option": ("option",),
    "track": ("colour",),
    "reward": ("reward",),
    "recruit": ("card",),
    "machine": ("machine",),
    "module": ("module", "slot", "replaces"),
    "artifact": ("artifact",),
    "remove": ("artifact",),
    "rotate": ("rotation",),
}
"""Each verb's words after the first, by name (moves without arguments: end, hibernate, pass,
skip, stop)."""
NUMBERS = frozenset({"option", "reward", "rotation"})  # facts that are numbers


def move_facts(move: str) -> MoveFacts:
    """The facts a move's notation states: `verb`, then its arguments by name (see ARGUMENTS).
    `recruit deck` and `artifact minor` take from a pile: `from_deck` / `minor` instead."""
    verb, *args = move.split()
    facts: dict[str, object] = {"verb": verb}
    for name, word in zip(ARGUMENTS.get(verb, ()), args, strict=False):
        if name:
            facts[name] = int(word) if name in NUMBERS else word
    if verb == "recruit" and facts.get("card") == "deck":
        del facts["card"]
        facts["from_deck"] = True
    if verb == "artifact" and facts.get("artifact") == "minor":
        del facts["artifact"]
        facts["minor"] = True
    return facts  # type: ignore[return-value]  # keys and value types as ARGUMENTS says


def describe(
    before: ReviveState,
    after: ReviveState,
    event: ReviveEvent,
    move: str,
    hibernation: Sequence[Mapping[str, Any]] = (),
) -> None:
    """Complete a move's event: its facts, the turn it belongs to, whether it ended that turn,
    points by seat, the board places it changed (marked on the image), and what it chose in
    content terms (`outcome`). `hibernation` is the content's hibernation track."""
    facts = move_facts(move)
    event.update(outcome(before, after, facts, hibernation))
    event["turn"] = before.turn
    event["turn_over"] = after.turn != before.turn or after.finished
    event["points"] = {
        str(index): seat["points"] - before.seats[index]["points"]
        for index, seat in enumerate(after.seats)
        if seat["points"] != before.seats[index]["points"]
    }
    changed = [
        slot for slot, placed in after.board.items() if placed["face_up"] != before.board[slot]["face_up"]
    ]
    changed += [space for space in after.pieces if after.pieces[space] != before.pieces.get(space)]
    if "board_slot" in facts:
        changed.append(facts["board_slot"])
    event["changed"] = sorted(set(changed))
    if after.end_tile is not None and before.end_tile is None:
        event["end_triggered"] = after.end_tile
    event.update(facts)


def outcome(
    before: ReviveState, after: ReviveState, facts: MoveFacts, hibernation: Sequence[Mapping[str, Any]]
) -> MoveOutcome:
    """What an answer chose, so its line can name it: the option's effects and the ones
    declined, the hibernation reward's effects, the tile placed and what buildings next to it
    gained. Empty for every other move."""
    verb = facts.get("verb")
    if verb == "option" and before.stack:
        options: list[list[Effect]] = before.stack[-1]["options"]
        index = facts["option"] - 1
        return {"chosen": options[index], "declined": options[:index] + options[index + 1 :]}
    if verb == "reward" and facts["reward"] < len(hibernation):
        return {"effects": list(hibernation[facts["reward"]]["effects"])}
    if verb == "rotate" and before.stack:
        seats = range(after.players)
        gains = {str(seat): gained for seat in seats if (gained := _gains(before, after, seat))}
        return {"tile_slot": before.stack[-1]["slot"], "gains": gains}
    return {}


def _gains(before: ReviveState, after: ReviveState, seat: int) -> SeatGains | None:
    """What `seat`'s resources, energy and machine tracks changed by, or None when nothing did."""
    old, new = before.seats[seat], after.seats[seat]
    resources = {
        name: amount - old["resources"].get(name, 0)
        for name, amount in new["resources"].items()
        if amount != old["resources"].get(name, 0)
    }
    if new["energy"] != old["energy"]:
        resources["energy"] = new["energy"] - old["energy"]
    steps = {colour: at - old["tracks"][colour] for colour, at in new["tracks"].items()}
    tracks = {colour: moved for colour, moved in steps.items() if moved}
    return {"resources": resources, "tracks": tracks} if resources or tracks else None
