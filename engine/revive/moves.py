"""Which moves are legal in Revive now: the main and free actions, or the answers to the open
decision, in the engine's notation (engine/revive/game.py lists it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.base import MoveFacts
from engine.revive.costs import ReviveCosts
from engine.revive.state import ReviveState

if TYPE_CHECKING:
    from engine.revive.actions import ReviveActions

RANK = {
    "end": 90,
    "hibernate": 90,
    "play": 80,
    "explore": 70,
    "populate": 65,
    "build": 60,
    "switch": 50,
    "crystal": 40,
    "use": 40,
    "open": 40,
}
"""The order moves are offered in, higher first: an answer to the open decision (100, any verb
not listed), ending the turn, then the actions."""
UNPREVIEWED = frozenset(
    {"play", "end", "hibernate", "pass", "skip", "stop", "crystal", "take", "trade", "switch"}
)
"""Moves whose facts already say what they change (or that change nothing worth a preview)."""


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


def facts_of(game: ReviveActions, state: ReviveState, seat: int, move: str) -> MoveFacts:
    """One legal move of `seat` as facts, no words: its verb as `kind`, the board place it uses,
    its rank, and in `facts` the ids and effects a presenter words it by (the card played and
    what playing it resolves, the option's effects, the machine's colour...)."""
    verb, *args = move.split()
    places: tuple[str, ...] = ()
    if verb == "explore":
        places = (args[0],)
    elif verb == "build":
        places = (args[1],)
    elif verb == "populate":
        places = (args[0],)
    facts = _action_facts(game, state, seat, verb, args)
    if facts is None:
        facts = _answer_facts(game, state, verb, args)
    return MoveFacts(move, verb, places, rank=RANK.get(verb, 100), facts=facts)


def _action_facts(
    game: ReviveActions, state: ReviveState, seat: int, verb: str, args: list[str]
) -> dict[str, Any] | None:
    """The facts of an action (or of a resource answer: take, trade); None for another verb."""
    me = state.seats[seat]
    if verb == "play":
        card = game.cards[args[0]]
        effects = game.play_effects(me, args[0], args[1])
        return {"card": args[0], "colour": card["colour"], "slot": args[1], "effects": effects}
    if verb in ("switch", "crystal", "take"):
        return {"resource": args[0]}
    if verb == "trade":
        return {"give": args[0], "get": args[1]}
    if verb == "explore":
        return {"slot": args[0], "off": args[2]} if len(args) == 3 else {"slot": args[0]}
    if verb == "build":
        return {"size": args[0], "space": args[1]}
    if verb == "populate":
        points = game.technologies[me["tribe"]][args[1]]["points"]
        return {"space": args[0], "tech": args[1], "tech_points": points}
    if verb == "use":
        return {"machine": args[0], "effects": game.machines[args[0]]["effects"]}
    if verb == "open":
        return {"crate": args[0], "effects": game.crates[args[0]]["effects"]}
    return None


def _answer_facts(game: ReviveActions, state: ReviveState, verb: str, args: list[str]) -> dict[str, Any]:
    """The facts of an answer to the open decision (or of a move of one word: end, hibernate...)."""
    if verb == "option":
        return {"number": int(args[0]), "effects": state.stack[-1]["options"][int(args[0]) - 1]}
    if verb == "track":
        return {"colour": args[0]}
    if verb == "reward":
        return {"number": int(args[0]), "effects": game.hibernation[int(args[0])]["effects"]}
    if verb == "recruit":
        if args[0] == "deck":
            return {"from_deck": True}
        card = game.cards[args[0]]
        return {"card": args[0], "colour": card["colour"], "top": card["top"], "bottom": card["bottom"]}
    if verb == "machine":
        machine = game.machines[args[0]]
        return {"machine": args[0], "colour": machine["colour"], "effects": machine["effects"]}
    if verb == "module":
        module = game.modules[args[0]]
        facts = {"module": args[0], "colour": module["colour"], "effects": module["effects"], "slot": args[1]}
        return facts | {"replaces": args[2]} if len(args) == 3 else facts
    if verb in ("artifact", "remove"):
        if args[0] == "minor":
            return {"minor": True}
        colour = next(m["colour"] for m in game.content["artifacts"]["majors"] if m["id"] == args[0])
        return {"artifact": args[0], "colour": colour}
    if verb == "rotate":
        return {"slot": state.stack[-1]["slot"], "rotation": int(args[0])}
    if verb == "hibernate":
        return {"then_free": state.rules >= 2}  # rules version 2: free actions may follow
    return {}


def change_of(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What one seat's record gained and paid between two states: resources (in the record's
    order), energy, machine-track steps (in the record's order) and points; only what changed."""
    resources = {
        name: amount - before["resources"].get(name, 0)
        for name, amount in after["resources"].items()
        if amount != before["resources"].get(name, 0)
    }
    tracks = {
        colour: position - before["tracks"][colour]
        for colour, position in after["tracks"].items()
        if position != before["tracks"][colour]
    }
    energy = after["energy"] - before["energy"]
    return {
        "resources": resources,
        "energy": energy,
        "tracks": tracks,
        "points": after["points"] - before["points"],
    }
