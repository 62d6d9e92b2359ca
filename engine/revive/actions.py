"""What Revive's moves do: the actions (play, explore, build, populate, hibernate), the answers
to open decisions, and the end of a turn."""

from __future__ import annotations

from typing import Any

from engine.revive.costs import ReviveCosts
from engine.revive.effects import ReviveEffects
from engine.revive.scoring import ReviveScoring
from engine.revive.state import ReviveState


class ReviveActions(ReviveEffects, ReviveCosts, ReviveScoring):
    """The actions and answers, applied to a state the caller has already copied."""

    def _answer(self, state: ReviveState, seat: int, frame: dict[str, Any], words: list[str]) -> None:
        kind = frame["kind"]
        if words[0] in ("pass", "skip"):
            pass
        elif kind == "action":  # the free action: it does not count as one of the two
            getattr(self, f"_{words[0]}")(state, seat, words[1:])
            if state.stack and state.stack[-1]["kind"] in ("rotate", "recruit"):
                return  # an exploration's own decisions come first
            self._continue(state, seat)
            return
        elif kind == "artifact" and words[1] == "minor":
            state.decks["minors"] -= 1
            state.seats[seat]["minors"] += 1
        elif kind == "gain_any":
            self._gain(state, seat, {words[1]: 1})
            if frame["left"] > 1:
                state.stack.append({**frame, "left": frame["left"] - 1})
                return
        elif kind == "trade" and words[0] == "trade":
            state.seats[seat]["resources"][words[1]] -= 1
            self._gain(state, seat, {words[2]: 1})
            if frame["left"] > 1:
                state.stack.append({**frame, "left": frame["left"] - 1})
                return
        elif kind == "choice":
            self.resolve(state, seat, frame["options"][int(words[1]) - 1])
            return
        elif kind == "track":
            self._machine_steps(state, seat, words[1], frame["steps"])
        elif kind == "reward":
            self.resolve(state, seat, self.hibernation[int(words[1])]["effects"])
            return
        elif kind == "recruit":
            source = state.decks["citizens"] if words[1] == "deck" else state.displays["citizens"]
            card = source.pop(0) if words[1] == "deck" else words[1]
            if words[1] != "deck":
                source.remove(card)
                if state.decks["citizens"]:
                    source.append(state.decks["citizens"].pop(0))
            state.seats[seat]["active"].append(card)
            state.seats[seat]["owned_cards"].append(card)
        elif kind == "machine_token":
            colour = self.machines[words[1]]["colour"]
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
            state.displays["modules"].remove(module)
            if state.decks["modules"]:
                state.displays["modules"].append(state.decks["modules"].pop(0))
        elif kind == "artifact":
            self._take_major(state, seat, words[1])
        elif kind == "rotate":
            self._reveal(state, seat, frame["slot"], int(words[1]))
            return
        elif kind == "remove":
            state.crater.remove(words[1])
            if not state.crater:
                self._trigger_end(state, seat)
        self._continue(state, seat)

    def _explore(self, state: ReviveState, seat: int, words: list[str]) -> None:
        """Pay range and the back cost, score the back, recruit, then flip and rotate (a move)."""
        slot = words[0]
        me = state.seats[seat]
        back = self.area_tiles[state.board[slot]["tile"]]["back"]
        reach = self._explore_cost(state, self.range_costs(state, seat), slot) or 0
        off = words[2] if len(words) == 3 else None  # `explore F03 off gear`
        self._pay(me, self._discounted_cost(me, "explore", back["cost"], reach, spend=True, off=off))
        state.board[slot]["explorer"] = seat
        state.stack.append({"kind": "rotate", "slot": slot, "seat": seat})
        self._points(state, seat, back["points"])
        if self._offers(state, seat, {"kind": "recruit"}):
            state.stack.append({"kind": "recruit", "seat": seat})

    def _reveal(self, state: ReviveState, seat: int, slot: str, rotation: int) -> None:
        """Flip the tile; every player with a building next to a revealed space gains from it."""
        state.board[slot].update({"face_up": True, "rotation": rotation})
        for space in self.board.slot_spaces[slot]:
            for near in self.board.neighbours[space]:
                for owner, kind in state.pieces.get(near, []):
                    if kind in ("small", "large"):
                        self._space_reward(state, owner, kind, space)
        self._continue(state, seat)

    def _space_reward(self, state: ReviveState, owner: int, building: str, space: str) -> None:
        """What a building gains from one neighbouring space: terrain steps and crystals (doubled
        for a large building), and a water reward once per player per water space."""
        kind = self.space_type(state, space)
        if kind is None:
            return
        times = 2 if building == "large" else 1
        me = state.seats[owner]
        if kind["type"] in self.rules["terrain_tracks"]:
            self._machine_steps(state, owner, self.rules["terrain_tracks"][kind["type"]], times)
        elif kind["type"] == "crystal":
            self._gain(state, owner, {"crystal": times})
        elif kind["type"] == "water" and space not in me["water_taken"]:
            me["water_taken"].append(space)
            self.resolve(state, owner, kind["reward"])

    def _build(self, state: ReviveState, seat: int, words: list[str]) -> None:
        size, space = words
        me = state.seats[seat]
        reach = self.cost_to(self.range_costs(state, seat), space) or 0
        self._pay(
            me, self._discounted_cost(me, "build", self.rules["building_cost"][size], reach, spend=True)
        )
        me["buildings"][size] -= 1
        state.pieces.setdefault(space, []).append([seat, size])
        for near in self.board.neighbours[space]:
            self._space_reward(state, seat, size, near)

    def _populate(self, state: ReviveState, seat: int, words: list[str]) -> None:
        """Place the figure of a technology on a location: pay its books, range, and one book to
        each other player already there; unlock the technology and its ability."""
        space, tech_id = words
        me = state.seats[seat]
        tech = next(t for t in self.tribes[me["tribe"]]["sun"]["technologies"] if t["id"] == tech_id)
        reach = self.cost_to(self.range_costs(state, seat), space) or 0
        cost, others = self._populate_cost(state, seat, space, tech, reach, spend=True)
        self._pay(me, cost)
        for other in others:
            self._gain(state, other, {"book": 1})
        state.pieces.setdefault(space, []).append([seat, "population"])
        me["unlocked"].append(tech_id)
        if space in state.corners:
            state.corners[space]["population"].append(seat)
        ability = tech["ability"]
        if ability["timing"] == "unlock":
            self.resolve(state, seat, ability["effects"])

    def play_effects(self, me: dict[str, Any], card_id: str, slot: str) -> list[dict[str, Any]]:
        """What playing a card into a slot resolves: its half by slot, then the same half of the
        same-colour cards already in the slot (reactivated), then the slot's modules of its colour."""
        card = self.cards[card_id]
        half = self.half[slot]
        effects = list(card[half])
        for earlier in me["slots"][slot]:
            if self.cards[earlier]["colour"] == card["colour"]:
                effects += self.cards[earlier][half]
        for module in me["modules"][slot]:
            if self.modules[module]["colour"] == card["colour"]:
                effects += self.modules[module]["effects"]
        return effects

    def _play(self, state: ReviveState, seat: int, card_id: str, slot: str) -> None:
        """Play a card into a vacant slot and resolve `play_effects`."""
        me = state.seats[seat]
        effects = self.play_effects(me, card_id, slot)
        me["active"].remove(card_id)
        me["slots"][slot].append(card_id)
        state.actions_taken += 1
        self.resolve(state, seat, effects)

    def _hibernate(self, state: ReviveState, seat: int) -> None:
        """The five steps, in order; the reward (this space or any below) is the next move."""
        me = state.seats[seat]
        me["energy"] += len(me["powered"])  # 1. energy back from the machines
        me["powered"] = []
        played = [card for slot in self.slots for card in me["slots"][slot]]
        me["active"] += me["resting"]  # 2. resting cards become active
        me["resting"] = played  # 3. played cards go face down to the resting area
        me["slots"] = {slot: [] for slot in self.slots}
        me["switch_used"] = False  # 4. the switch token slides back up
        last = len(self.hibernation) - 1
        me["hibernation"] = min(last, me["hibernation"] + 1)  # 5. advance, then a reward
        me["hibernating"] = True
        if any(self.hibernation[n]["effects"] for n in range(1, me["hibernation"] + 1)):
            state.stack.append({"kind": "reward", "seat": seat})
        hibernate_effects = [
            effect
            for tech in self._techs(me)
            if tech["ability"]["timing"] == "hibernate"
            for effect in tech["ability"]["effects"]
        ]
        if hibernate_effects:  # technologies that act at each hibernation, after the reward
            state.stack.insert(
                len(state.stack) - 1 if state.stack else 0,
                {"kind": "effects", "effects": hibernate_effects, "seat": seat},
            )
        if self.hibernation[me["hibernation"]].get("remove_artifact") and state.crater:
            state.stack.append(
                {"kind": "remove", "seat": seat}
            )  # first: which major artifact leaves the game

    def _end_turn(self, state: ReviveState, seat: int) -> None:
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
                self.final_scoring(state)
                return
            state.current = state.final_turns[0]
            return
        for step in range(1, state.players + 1):
            nxt = (seat + step) % state.players
            if not state.seats[nxt]["resigned"]:
                state.current = nxt
                return

    def _turn_over(self, state: ReviveState) -> bool:
        """Version 1: a hibernation ends the turn by itself once its reward is chosen. Version 2:
        free actions may follow it ("any number of free actions on your turn") until `end`."""
        if state.rules >= 2:
            return False
        return state.current is not None and state.seats[state.current].get("hibernating", False)
