"""Which moves are legal in Revive now: the main and free actions, or the answers to the open
decision, in the engine's notation (engine/revive/game.py lists it)."""

from __future__ import annotations

from typing import Any

from engine.revive.costs import ReviveCosts
from engine.revive.state import ReviveState


class ReviveMoves(ReviveCosts):
    """Lists legal moves; the board-wide part (range and prices) is the costly one."""

    def _list_moves(self, state: ReviveState, seat: int) -> list[str]:
        me = state.seats[seat]
        if state.stack:
            # A decision whose pile was emptied by an earlier one in the same chain gives nothing.
            answers = self._frame_moves(state, seat, state.stack[-1]) or ["pass"]
            if seat == state.current:  # crystals trade "at any time" in your turn, mid-action too
                answers += self._crystal_moves(me)
            return answers
        moves: list[str] = []
        hibernated = me.get("hibernating", False)  # version 2: free actions after it, then `end`
        if state.actions_taken < self.rules["actions_per_turn"] and not hibernated:
            vacant = [slot for slot in self.slots if self._vacant(me, slot)]
            moves += [f"play {card} {slot}" for card in me["active"] for slot in vacant]
            if not me["switch_used"]:
                moves += [f"switch {resource}" for resource in self.basic]
            moves += self._action_moves(state, seat)
        moves += self._crystal_moves(me)
        if me["energy"] > 0:
            moves += [f"use {machine}" for machine in me["machines"] if machine not in me["powered"]]
        moves += [f"open {crate}" for crate in me["crates"]]
        moves.append("end" if state.actions_taken or hibernated else "hibernate")
        return moves

    def _crystal_moves(self, me: dict[str, Any]) -> list[str]:
        if me["resources"]["crystal"] <= 0:
            return []
        return [f"crystal {r}" for r in self.basic if me["resources"][r] < self.limits[r]]

    def _vacant(self, me: dict[str, Any], slot: str) -> bool:
        played = me["slots"][slot]
        return not played or self.cards[played[-1]]["slot_symbol"]

    def _frame_moves(self, state: ReviveState, seat: int, frame: dict[str, Any]) -> list[str]:
        me = state.seats[seat]
        kind = frame["kind"]
        if kind == "gain_any":
            return [f"take {r}" for r in self.basic]
        if kind == "trade":
            trades = [
                f"trade {give} {get}"
                for give in self.basic
                for get in self.basic
                if give != get and me["resources"][give] > 0
            ]
            return [*trades, "stop"]
        if kind == "choice":
            return [f"option {n}" for n in range(1, len(frame["options"]) + 1)]
        if kind == "track":
            return [f"track {colour}" for colour in self.rules["machine_colours"]]
        if kind == "reward":
            return [f"reward {n}" for n in range(1, me["hibernation"] + 1) if self.hibernation[n]["effects"]]
        if kind == "recruit":
            return [f"recruit {card}" for card in state.displays["citizens"]] + (
                ["recruit deck"] if state.decks["citizens"] else []
            )
        if kind == "machine_token":
            if state.rules >= 2 and len(me["machines"]) >= self.rules["player_board"]["machine_spaces"]:
                return []  # version 2: no free space left when it resolves, so only `pass`
            colours = self.rules["machine_colours"] if frame["colour"] == "any" else [frame["colour"]]
            return [f"machine {m}" for colour in colours for m in state.displays["machines"][colour]]
        if kind == "module":
            room = self.rules["player_board"]["module_spaces_per_slot"]
            moves = []
            for module in state.displays["modules"]:
                for slot in self.slots:
                    held = me["modules"][slot]
                    if len(held) < room:
                        moves.append(f"module {module} {slot}")
                    else:
                        moves += [f"module {module} {slot} {old}" for old in held]
            return moves
        if kind == "artifact":
            if not state.crater:  # the end was triggered meanwhile: a minor artifact instead
                return ["artifact minor"] if state.decks["minors"] else []
            return [f"artifact {major}" for major in state.crater]
        if kind == "remove":
            return [f"remove {major}" for major in state.crater]
        if kind == "rotate":
            return [f"rotate {k}" for k in range(6)]
        if kind == "action":
            return [m for m in self._action_moves(state, seat) if m.startswith(frame["action"])] + ["skip"]
        raise AssertionError(f"unknown frame {kind}")

    def _action_moves(self, state: ReviveState, seat: int) -> list[str]:
        """Explore, build and populate targets the player can reach and pay for now."""
        me = state.seats[seat]
        distance = self.range_costs(state, seat)
        moves = []
        can_build: dict[tuple[str, int], bool] = {}
        candidates = self._populate_candidates(me)
        totals = {
            action: self._discount_total(me, action) for action in ("explore", "build", "populate", "range")
        }
        for slot, placed in sorted(state.board.items()):
            if placed["face_up"]:
                continue
            reach = self._explore_cost(state, distance, slot)
            if reach is None:
                continue
            back = self.area_tiles[placed["tile"]]["back"]["cost"]
            for off in self.discount_parts(me, "explore", back):
                if self._affords(
                    me, self._discounted_cost(me, "explore", back, reach, off=off, totals=totals)
                ):
                    moves.append(f"explore {slot} off {off}" if off else f"explore {slot}")
        for slot, placed in sorted(state.board.items()):
            if not placed["face_up"]:
                continue
            for space in self.board.slot_spaces[slot]:
                kind = self.space_type(state, space)
                reach = self.cost_to(distance, space)
                if reach is None or kind is None:
                    continue
                if kind["type"] == "sand" and not state.pieces.get(space):
                    for size in ("small", "large"):
                        if (size, reach) not in can_build:  # the same answer for every equal reach
                            cost = self._discounted_cost(
                                me, "build", self.rules["building_cost"][size], reach, totals=totals
                            )
                            can_build[size, reach] = me["buildings"][size] > 0 and self._affords(me, cost)
                        if can_build[size, reach]:
                            moves.append(f"build {size} {space}")
                if kind["type"] == "location":
                    moves += [
                        f"populate {space} {tech}"
                        for tech in self._populate_techs(state, seat, space, reach, candidates, totals)
                    ]
        for corner in sorted(self.board.corners):
            reach = self.cost_to(distance, corner)
            if reach is not None:
                moves += [
                    f"populate {corner} {tech}"
                    for tech in self._populate_techs(state, seat, corner, reach, candidates, totals)
                ]
        return moves

    def _populate_techs(
        self,
        state: ReviveState,
        seat: int,
        space: str,
        reach: int,
        candidates: list[dict[str, Any]] | None = None,
        totals: dict[str, int] | None = None,
    ) -> list[str]:
        """Technologies whose figure may populate `space` now and that the player can pay for."""
        me = state.seats[seat]
        if any(p[0] == seat for p in state.pieces.get(space, [])):
            return []
        if candidates is None:
            candidates = self._populate_candidates(me)
        return [
            tech["id"]
            for tech in candidates
            if self._affords(me, self._populate_cost(state, seat, space, tech, reach, totals=totals)[0])
        ]
