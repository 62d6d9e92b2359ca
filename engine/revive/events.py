"""What a Revive event records about its move: the move's facts by name, and what a turn
summary needs (the turn, the points by seat, the board places changed).

The facts are the move's own words given names (`play A1 top_left` -> card A1, slot top_left),
so a presenter never re-reads the notation. Events stored before the facts existed hold only
`move`; `move_facts` reads that the same way, so old and new events read alike.
"""

from __future__ import annotations

from engine.revive.state import ReviveState
from engine.revive.views import MoveFacts, ReviveEvent

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


def describe(before: ReviveState, after: ReviveState, event: ReviveEvent, move: str) -> None:
    """Complete a move's event: its facts, the turn it belongs to, whether it ended that turn,
    points by seat, and the board places it changed (marked on the image)."""
    facts = move_facts(move)
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
