"""What Revive's moves do: the actions (play, explore, build, populate, hibernate), the answers
to open decisions, and the end of a turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.revive import costs, effects, scoring
from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables


def answer(
    tables: ReviveTables, state: ReviveState, seat: int, frame: dict[str, Any], words: list[str]
) -> None:
    """Do what an answer to the decision `frame` (just taken off the stack) does, then resume
    the effects waiting under it, unless the answer asked a decision of its own."""
    kind = frame["kind"]
    if words[0] in ("pass", "skip"):
        pass
    elif kind == "action":  # the free action: it does not count as one of the two
        MAIN[words[0]](tables, state, seat, words[1:])
        if state.stack and state.stack[-1]["kind"] in ("rotate", "recruit"):
            return  # an exploration's own decisions come first
        effects.resume(tables, state, seat)
        return
    elif kind == "artifact" and words[1] == "minor":
        state.drawing()
        state.decks["minors"] -= 1
        state.seats[seat]["minors"] += 1
    elif kind == "gain_any":
        effects.gain(tables, state, seat, {words[1]: 1})
        if frame["left"] > 1:
            state.stack.append({**frame, "left": frame["left"] - 1})
            return
    elif kind == "trade" and words[0] == "trade":
        state.seats[seat]["resources"][words[1]] -= 1
        effects.gain(tables, state, seat, {words[2]: 1})
        if frame["left"] > 1:
            state.stack.append({**frame, "left": frame["left"] - 1})
            return
    elif kind == "choice":
        effects.resolve(tables, state, seat, frame["options"][int(words[1]) - 1])
        return
    elif kind == "track":
        effects.machine_steps(tables, state, seat, words[1], frame["steps"])
    elif kind == "reward":
        effects.resolve(tables, state, seat, tables.hibernation[int(words[1])]["effects"])
        return
    elif kind == "recruit":
        state.drawing()
        source = state.decks["citizens"] if words[1] == "deck" else state.displays["citizens"]
        card = source.pop(0) if words[1] == "deck" else words[1]
        if words[1] != "deck":
            source.remove(card)
            if state.decks["citizens"]:
                source.append(state.decks["citizens"].pop(0))
        state.seats[seat]["active"].append(card)
        state.seats[seat]["owned_cards"].append(card)
    elif kind == "machine_token":
        state.drawing()
        colour = tables.machines[words[1]]["colour"]
        state.displays["machines"][colour].remove(words[1])
        if state.decks["machines"][colour]:
            state.displays["machines"][colour].append(state.decks["machines"][colour].pop(0))
        state.seats[seat]["machines"].append(words[1])
    elif kind == "module":
        module, slot = words[1], words[2]
        held = state.seats[seat]["modules"][slot]
        if len(words) == 4:
            held.remove(words[3])  # discarded to make room
        held.append(module)
        state.drawing()
        state.displays["modules"].remove(module)
        if state.decks["modules"]:
            state.displays["modules"].append(state.decks["modules"].pop(0))
    elif kind == "artifact":
        effects.take_major(state, seat, words[1])
    elif kind == "rotate":
        reveal(tables, state, seat, frame["slot"], int(words[1]))
        return
    elif kind == "remove":
        state.crater.remove(words[1])
        if not state.crater:
            effects.trigger_end(state, seat)
    effects.resume(tables, state, seat)


def explore(tables: ReviveTables, state: ReviveState, seat: int, words: list[str]) -> None:
    """Pay range and the back cost, score the back, recruit, then flip and rotate (a move)."""
    slot = words[0]
    me = state.seats[seat]
    back = tables.area_tiles[state.board[slot]["tile"]]["back"]
    reach = costs.explore_range(tables, state, seat, slot) or 0
    off = words[2] if len(words) == 3 else None  # `explore F03 off gear`
    costs.pay(me, costs.discounted_cost(tables, me, "explore", back["cost"], reach, spend=True, off=off))
    state.board[slot] = {**state.board[slot], "explorer": seat}  # a new dict: the old is shared
    state.stack.append({"kind": "rotate", "slot": slot, "seat": seat})
    effects.add_points(tables, state, seat, back["points"])
    if effects.offers(tables, state, seat, {"kind": "recruit"}):
        state.stack.append({"kind": "recruit", "seat": seat})


def reveal(tables: ReviveTables, state: ReviveState, seat: int, slot: str, rotation: int) -> None:
    """Flip the tile; every player with a building next to a revealed space gains from it."""
    state.board[slot] = {**state.board[slot], "face_up": True, "rotation": rotation}  # the old is shared
    for space in tables.board.slot_spaces[slot]:
        for near in tables.board.neighbours[space]:
            for owner, kind in state.pieces.get(near, []):
                if kind in ("small", "large"):
                    space_reward(tables, state, owner, kind, space)
    effects.resume(tables, state, seat)


def space_reward(tables: ReviveTables, state: ReviveState, owner: int, building: str, space: str) -> None:
    """What a building gains from one neighbouring space: terrain steps and crystals (doubled
    for a large building), and a water reward once per player per water space."""
    kind = costs.space_type(tables, state, space)
    if kind is None:
        return
    times = 2 if building == "large" else 1
    me = state.seats[owner]
    if kind["type"] in tables.rules["terrain_tracks"]:
        effects.machine_steps(tables, state, owner, tables.rules["terrain_tracks"][kind["type"]], times)
    elif kind["type"] == "crystal":
        effects.gain(tables, state, owner, {"crystal": times})
    elif kind["type"] == "water" and space not in me["water_taken"]:
        me["water_taken"].append(space)
        effects.resolve(tables, state, owner, kind["reward"])


def build(tables: ReviveTables, state: ReviveState, seat: int, words: list[str]) -> None:
    """Pay the building's cost and range, place it, and gain from the spaces next to it."""
    size, space = words
    me = state.seats[seat]
    reach = costs.range_to(tables, state, seat, space) or 0
    costs.pay(
        me, costs.discounted_cost(tables, me, "build", tables.rules["building_cost"][size], reach, spend=True)
    )
    me["buildings"][size] -= 1
    state.pieces[space] = [*state.pieces.get(space, ()), [seat, size]]  # a new list: the old is shared
    for near in tables.board.neighbours[space]:
        space_reward(tables, state, seat, size, near)


def populate(tables: ReviveTables, state: ReviveState, seat: int, words: list[str]) -> None:
    """Place the figure of a technology on a location: pay its books, range, and one book to
    each other player already there; unlock the technology and its ability."""
    space, tech_id = words
    me = state.seats[seat]
    tech = next(t for t in tables.tribes[me["tribe"]]["sun"]["technologies"] if t["id"] == tech_id)
    reach = costs.range_to(tables, state, seat, space) or 0
    cost, others = costs.populate_cost(tables, state, seat, space, tech, reach, spend=True)
    costs.pay(me, cost)
    for other in others:
        effects.gain(tables, state, other, {"book": 1})
    state.pieces[space] = [*state.pieces.get(space, ()), [seat, "population"]]  # the old list is shared
    me["unlocked"].append(tech_id)
    if space in state.corners:  # a new dict and list: the old are shared (`ReviveState.successor`)
        large = state.corners[space]
        state.corners[space] = {**large, "population": [*large["population"], seat]}
    ability = tech["ability"]
    if ability["timing"] == "unlock":
        effects.resolve(tables, state, seat, ability["effects"])


def play_effects(tables: ReviveTables, me: dict[str, Any], card_id: str, slot: str) -> list[dict[str, Any]]:
    """What playing a card into a slot resolves: its half by slot, then the same half of the
    same-colour cards already in the slot (reactivated), then the slot's modules of its colour."""
    card = tables.cards[card_id]
    half = tables.half[slot]
    resolved = list(card[half])
    for earlier in me["slots"][slot]:
        if tables.cards[earlier]["colour"] == card["colour"]:
            resolved += tables.cards[earlier][half]
    for module in me["modules"][slot]:
        if tables.modules[module]["colour"] == card["colour"]:
            resolved += tables.modules[module]["effects"]
    return resolved


def play(tables: ReviveTables, state: ReviveState, seat: int, card_id: str, slot: str) -> None:
    """Play a card into a vacant slot and resolve `play_effects`."""
    me = state.seats[seat]
    resolved = play_effects(tables, me, card_id, slot)
    me["active"].remove(card_id)
    me["slots"][slot].append(card_id)
    state.actions_taken += 1
    effects.resolve(tables, state, seat, resolved)


def hibernate(tables: ReviveTables, state: ReviveState, seat: int) -> None:
    """The five steps, in order; the reward (this space or any below) is the next move."""
    me = state.seats[seat]
    me["energy"] += len(me["powered"])  # 1. energy back from the machines
    me["powered"] = []
    played = [card for slot in tables.slots for card in me["slots"][slot]]
    me["active"] += me["resting"]  # 2. resting cards become active
    me["resting"] = played  # 3. played cards go face down to the resting area
    me["slots"] = {slot: [] for slot in tables.slots}
    me["switch_used"] = False  # 4. the switch token slides back up
    last = len(tables.hibernation) - 1
    me["hibernation"] = min(last, me["hibernation"] + 1)  # 5. advance, then a reward
    me["hibernating"] = True
    if any(tables.hibernation[n]["effects"] for n in range(1, me["hibernation"] + 1)):
        state.stack.append({"kind": "reward", "seat": seat})
    hibernate_effects = [
        effect
        for tech in tables.unlocked(me)
        if tech["ability"]["timing"] == "hibernate"
        for effect in tech["ability"]["effects"]
    ]
    if hibernate_effects:  # technologies that act at each hibernation, after the reward
        state.stack.insert(
            len(state.stack) - 1 if state.stack else 0,
            {"kind": "effects", "effects": hibernate_effects, "seat": seat},
        )
    if tables.hibernation[me["hibernation"]].get("remove_artifact") and state.crater:
        state.stack.append({"kind": "remove", "seat": seat})  # first: which major artifact leaves the game


def end_turn(tables: ReviveTables, state: ReviveState, seat: int) -> None:
    """End `seat`'s turn: the next seat in play moves, or, after the end was triggered, the
    next seat owed a final turn; with none left, the final scoring."""
    me = state.seats[seat]
    me.pop("hibernating", None)
    me.pop("discounts", None)  # unused discounts end with the turn
    state.actions_taken = 0
    ended = state.turn
    state.turn += 1
    if state.end_tile is not None:
        # A final turn is one that began after the trigger, not the turn that triggered it.
        if ended != state.end_turn and state.final_turns and state.final_turns[0] == seat:
            state.final_turns.pop(0)
        state.final_turns = [other for other in state.final_turns if not state.seats[other]["resigned"]]
        if not state.final_turns:
            scoring.final_scoring(tables, state)
            return
        state.current = state.final_turns[0]
        return
    for step in range(1, state.players + 1):
        nxt = (seat + step) % state.players
        if not state.seats[nxt]["resigned"]:
            state.current = nxt
            return


def turn_over(state: ReviveState) -> bool:
    """Version 1: a hibernation ends the turn by itself once its reward is chosen. Version 2:
    free actions may follow it ("any number of free actions on your turn") until `end`."""
    if state.rules >= 2:
        return False
    return state.current is not None and state.seats[state.current].get("hibernating", False)


MAIN: dict[str, Callable[[ReviveTables, ReviveState, int, list[str]], None]] = {
    "explore": explore,
    "build": build,
    "populate": populate,
}
"""The main actions that target a place, by verb: also what a free action (`action` frame) does."""
