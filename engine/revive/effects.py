"""How Revive's effects resolve: gains, points, machine-track steps and the decision frames
that effects push on the stack (engine/revive/game.py explains the stack)."""

from __future__ import annotations

from typing import Any

from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables


class ReviveEffects(ReviveTables):
    """Effects in order; the first that needs a decision pushes a frame, the rest wait under it."""

    def _gain(self, state: ReviveState, seat: int, resources: dict[str, int]) -> None:
        """Gain resources up to each track's limit; energy goes to the energy storage."""
        me = state.seats[seat]
        for name, amount in resources.items():
            if name == "energy":
                me["energy"] += amount
            else:
                me["resources"][name] = min(self.limits[name], me["resources"][name] + amount)

    def _points(self, state: ReviveState, seat: int, amount: int) -> None:
        """Advance the point marker; score-track bonuses are gained the first time they are passed."""
        me = state.seats[seat]
        me["points"] += amount
        for bonus in self.rules["score_track"]["bonuses"]:
            if me["points"] >= bonus["at"] and bonus["at"] not in me["bonuses_reached"]:
                me["bonuses_reached"].append(bonus["at"])
                self.resolve(state, seat, bonus["effects"])

    def resolve(self, state: ReviveState, seat: int, effects: list[dict[str, Any]]) -> None:
        """Resolve effects in order; the first that needs a decision pushes a frame, and the rest
        wait beneath it (the stack is resolved top first)."""
        for index, effect in enumerate(effects):
            rest = effects[index + 1 :]
            kind = effect["kind"]
            if kind == "gain":
                self._gain(state, seat, effect["resources"])
            elif kind == "points":
                self._points(state, seat, effect["amount"])
            elif kind == "machine_step" and effect["colour"] != "any":
                self._machine_steps(state, seat, effect["colour"], effect["steps"])
            elif kind == "crate":
                if state.decks["crates"]:
                    state.seats[seat]["crates"].append(state.decks["crates"].pop(0))
            elif kind == "tribe" or kind == "tribe_only":
                me = state.seats[seat]
                if kind == "tribe" and me["tribe_markers"] > 0:
                    me["tribe_markers"] -= 1
                    me["progress"] += 1
                rest_frame = {"kind": "effects", "effects": rest, "seat": seat} if rest else None
                if rest_frame:
                    state.stack.append(rest_frame)
                self.resolve(state, seat, self.tribes[me["tribe"]]["sun"]["ability"])
                return
            elif kind == "module_or_tribe":  # version 2: "activate your tribe ability" moves a marker
                tribe = "tribe" if state.rules >= 2 else "tribe_only"
                effect = {"kind": "choice", "options": [[{"kind": "module"}], [{"kind": tribe}]]}
                self.resolve(state, seat, [effect, *rest])
                return
            elif kind == "discount":
                state.seats[seat].setdefault("discounts", []).append(
                    {"action": effect["action"], "amount": effect["amount"]}
                )
            elif kind == "action":
                if rest:
                    state.stack.append({"kind": "effects", "effects": rest, "seat": seat})
                state.stack.append({"kind": "action", "action": effect["action"], "seat": seat})
                return
            elif kind in ("recruit", "machine_token", "module", "artifact") and self._offers(
                state, seat, effect
            ):
                if rest:
                    state.stack.append({"kind": "effects", "effects": rest, "seat": seat})
                state.stack.append(
                    {"kind": kind, "seat": seat, **{k: v for k, v in effect.items() if k != "kind"}}
                )
                return
            elif kind == "artifact" and not state.crater and state.decks["minors"]:
                state.decks["minors"] -= 1  # after the end was triggered: a minor artifact
                state.seats[seat]["minors"] += 1
            elif kind in ("recruit", "machine_token", "module", "artifact"):
                pass  # nothing left to take: the effect does nothing
            elif kind in ("gain_any", "trade", "choice", "machine_step"):
                if rest:
                    state.stack.append({"kind": "effects", "effects": rest, "seat": seat})
                frame_kind = {
                    "gain_any": "gain_any",
                    "trade": "trade",
                    "choice": "choice",
                    "machine_step": "track",
                }
                frame = {
                    "kind": frame_kind[kind],
                    "seat": seat,
                    **{k: v for k, v in effect.items() if k != "kind"},
                }
                if kind == "gain_any":
                    frame["left"] = effect["amount"]
                if kind == "trade":
                    frame["left"] = effect["times"]
                state.stack.append(frame)
                return
            else:
                raise AssertionError(f"unknown effect {kind}")  # the validator admits no other
        self._continue(state, seat)

    def _continue(self, state: ReviveState, seat: int) -> None:
        """Resume effects that were waiting under a finished decision."""
        if state.stack and state.stack[-1]["kind"] == "effects":
            frame = state.stack.pop()
            self.resolve(state, frame.get("seat", seat), frame["effects"])

    def _offers(self, state: ReviveState, seat: int, effect: dict[str, Any]) -> bool:
        """Whether a taking effect has anything to choose from (else it does nothing)."""
        kind = effect["kind"]
        me = state.seats[seat]
        if kind == "recruit":
            return bool(state.displays["citizens"] or state.decks["citizens"])
        if kind == "machine_token":
            colours = self.rules["machine_colours"] if effect["colour"] == "any" else [effect["colour"]]
            return len(me["machines"]) < self.rules["player_board"]["machine_spaces"] and any(
                state.displays["machines"][colour] for colour in colours
            )
        if kind == "module":
            return bool(state.displays["modules"])
        return bool(state.crater)  # artifact

    def _take_major(self, state: ReviveState, seat: int, major: str) -> None:
        state.crater.remove(major)
        state.seats[seat]["majors"].append(major)
        if not state.crater:
            self._trigger_end(state, seat)

    def _trigger_end(self, state: ReviveState, seat: int) -> None:
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

    def _machine_steps(self, state: ReviveState, seat: int, colour: str, steps: int) -> None:
        """Advance on a machine track, gaining each space entered; steps past the end are lost."""
        me = state.seats[seat]
        spaces = self.tracks[colour]["spaces"]
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
                self.resolve(state, seat, space["effects"])
