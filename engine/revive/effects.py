"""How Revive's effects resolve: gains, points, machine-track steps and the decision frames
that effects push on the stack (engine/revive/apply.py explains the stack).

Every function changes the state it is given: the caller has copied it (`apply` does)."""

from __future__ import annotations

from typing import Any

from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables

DECISIONS = {"gain_any": "gain_any", "trade": "trade", "choice": "choice", "machine_step": "track"}
"""Effects that ask their player a decision, and the kind of the frame each pushes."""
TAKING = ("recruit", "machine_token", "module", "artifact")
"""Effects that take one of a display or pile: a decision while there is something to take."""


def gain(tables: ReviveTables, state: ReviveState, seat: int, resources: dict[str, int]) -> None:
    """Gain resources up to each track's limit; energy goes to the energy storage."""
    me = state.seats[seat]
    for name, amount in resources.items():
        if name == "energy":
            me["energy"] += amount
        else:
            me["resources"][name] = min(tables.limits[name], me["resources"][name] + amount)


def add_points(tables: ReviveTables, state: ReviveState, seat: int, amount: int) -> None:
    """Advance the point marker; score-track bonuses are gained the first time they are passed."""
    me = state.seats[seat]
    me["points"] += amount
    for bonus in tables.rules["score_track"]["bonuses"]:
        if me["points"] >= bonus["at"] and bonus["at"] not in me["bonuses_reached"]:
            me["bonuses_reached"].append(bonus["at"])
            resolve(tables, state, seat, bonus["effects"])


def resolve(tables: ReviveTables, state: ReviveState, seat: int, effects: list[dict[str, Any]]) -> None:
    """Resolve effects in order; the first that needs a decision pushes a frame, and the rest
    wait beneath it (the stack is resolved top first)."""
    for index, effect in enumerate(effects):
        rest = effects[index + 1 :]
        if not _resolves_at_once(tables, state, seat, effect, rest):
            return
    resume(tables, state, seat)


def _resolves_at_once(
    tables: ReviveTables, state: ReviveState, seat: int, effect: dict[str, Any], rest: list[dict[str, Any]]
) -> bool:
    """Resolve one effect; False when it left the `rest` waiting (a decision, or a tribe
    ability that resolves them itself). A seat that resigned is asked nothing: a decision or a
    choice of what to take, reached through its pieces (a water reward next to a tile another
    player reveals), does nothing, as its open decisions were skipped when it left."""
    kind = effect["kind"]
    if state.seats[seat]["resigned"] and (kind in DECISIONS or kind in TAKING or kind == "action"):
        return True
    if kind == "gain":
        gain(tables, state, seat, effect["resources"])
    elif kind == "points":
        add_points(tables, state, seat, effect["amount"])
    elif kind == "machine_step" and effect["colour"] != "any":
        machine_steps(tables, state, seat, effect["colour"], effect["steps"])
    elif kind == "crate":
        if state.decks["crates"]:
            state.drawing()
            state.seats[seat]["crates"].append(state.decks["crates"].pop(0))
    elif kind == "tribe" or kind == "tribe_only":
        me = state.seats[seat]
        if kind == "tribe" and me["tribe_markers"] > 0:
            me["tribe_markers"] -= 1
            me["progress"] += 1
        _wait(state, seat, rest)
        resolve(tables, state, seat, tables.tribes[me["tribe"]]["sun"]["ability"])
        return False
    elif kind == "module_or_tribe":  # version 2: "activate your tribe ability" moves a marker
        tribe = "tribe" if state.rules >= 2 else "tribe_only"
        choice = {"kind": "choice", "options": [[{"kind": "module"}], [{"kind": tribe}]]}
        resolve(tables, state, seat, [choice, *rest])
        return False
    elif kind == "discount":
        state.seats[seat].setdefault("discounts", []).append(
            {"action": effect["action"], "amount": effect["amount"]}
        )
    elif kind == "action":
        _wait(state, seat, rest)
        state.stack.append({"kind": "action", "action": effect["action"], "seat": seat})
        return False
    elif kind in TAKING and offers(tables, state, seat, effect):
        _wait(state, seat, rest)
        state.stack.append({"kind": kind, "seat": seat, **{k: v for k, v in effect.items() if k != "kind"}})
        return False
    elif kind == "artifact" and not state.crater and state.decks["minors"]:
        state.drawing()
        state.decks["minors"] -= 1  # after the end was triggered: a minor artifact
        state.seats[seat]["minors"] += 1
    elif kind in TAKING:
        pass  # nothing left to take: the effect does nothing
    elif kind in DECISIONS:
        _wait(state, seat, rest)
        frame = {"kind": DECISIONS[kind], "seat": seat, **{k: v for k, v in effect.items() if k != "kind"}}
        if kind == "gain_any":
            frame["left"] = effect["amount"]
        if kind == "trade":
            frame["left"] = effect["times"]
        state.stack.append(frame)
        return False
    else:
        raise AssertionError(f"unknown effect {kind}")  # the validator admits no other
    return True


def _wait(state: ReviveState, seat: int, rest: list[dict[str, Any]]) -> None:
    """Put the effects after a decision on the stack, under it, to resolve once it is taken."""
    if rest:
        state.stack.append({"kind": "effects", "effects": rest, "seat": seat})


def resume(tables: ReviveTables, state: ReviveState, seat: int) -> None:
    """Resume effects that were waiting under a finished decision."""
    if state.stack and state.stack[-1]["kind"] == "effects":
        frame = state.stack.pop()
        resolve(tables, state, frame.get("seat", seat), frame["effects"])


def offers(tables: ReviveTables, state: ReviveState, seat: int, effect: dict[str, Any]) -> bool:
    """Whether a taking effect has anything to choose from (else it does nothing)."""
    kind = effect["kind"]
    me = state.seats[seat]
    if kind == "recruit":
        return bool(state.displays["citizens"] or state.decks["citizens"])
    if kind == "machine_token":
        colours = tables.rules["machine_colours"] if effect["colour"] == "any" else [effect["colour"]]
        return len(me["machines"]) < tables.rules["player_board"]["machine_spaces"] and any(
            state.displays["machines"][colour] for colour in colours
        )
    if kind == "module":
        return bool(state.displays["modules"])
    return bool(state.crater)  # artifact


def take_major(state: ReviveState, seat: int, major: str) -> None:
    """`seat` takes a major artifact from the crater; the last one triggers the end."""
    state.crater.remove(major)
    state.seats[seat]["majors"].append(major)
    if not state.crater:
        trigger_end(state, seat)


def trigger_end(state: ReviveState, seat: int) -> None:
    """The last major artifact is gone: this player takes the end-game tile; after the turn
    in progress every other player has one final complete turn, in turn order.

    Usually the taker is the player whose turn it is. When a reward in someone else's turn
    gives it (docs/revive.md, open questions), that turn still ends first, and its player
    also gets a final complete turn, last, since the trigger came in the middle of theirs."""
    if state.end_tile is None:
        state.end_tile = seat
        state.end_turn = state.turn
        current = state.current if state.current is not None else seat
        order = [(current + step) % state.players for step in range(1, state.players + 1)]
        state.final_turns = [other for other in order if other != seat]


def machine_steps(tables: ReviveTables, state: ReviveState, seat: int, colour: str, steps: int) -> None:
    """Advance on a machine track, gaining each space entered; steps past the end are lost."""
    me = state.seats[seat]
    spaces = tables.tracks[colour]["spaces"]
    for _ in range(steps):
        if me["tracks"][colour] >= len(spaces) - 1:
            return
        me["tracks"][colour] += 1
        space = spaces[me["tracks"][colour]]
        if space.get("progress"):
            me["progress"] += 1
        if space.get("bonus_colour"):
            me.setdefault("card_bonuses", []).append(space["bonus_colour"])
        if space["effects"]:
            resolve(tables, state, seat, space["effects"])
