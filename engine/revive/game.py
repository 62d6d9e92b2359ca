"""Revive: the rules engine (foundation; see docs/revive.md "Engine status").

A turn is a series of moves by the player to move. With nothing pending, the moves are the
main actions (while fewer than two were taken), the free actions, `end` (after at least one
action) and `hibernate` (before any action). An action whose effects need decisions pushes
*frames* on `state.stack`. While a frame is on top, the only legal moves are its choices, so
every decision is a move of its own with a short notation (issue 4, item 9), and an action in
progress is part of the saved state.

Notation:
- `play A1 top_left`: play the card with that id into a vacant card slot;
- `switch gear`: use the switch token for a basic resource;
- `crystal food`: free action, trade 1 crystal for a basic resource;
- `hibernate`, `end`;
- answers to frames: `take gear` (gain_any), `trade book food` / `stop` (trade),
  `option 2` (choice), `track green` (machine_step any), `reward 3` (hibernation reward),
  `recruit C12` / `recruit deck`, `machine MG3`, `module M05 top_left`.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

from engine.base import Applied, MoveChoice
from engine.errors import GameOver, IllegalMove, MalformedMove, NotAPlayer, NotYourTurn
from engine.revive import labels
from engine.revive.board import ReviveBoard, build_board, unrotate
from engine.revive.state import ReviveState

COLOURS = ("orange", "blue", "green", "purple")
RESIGN = "resign"


class Revive:
    """The Revive rules over one set of content (content/revive.py `load_revive()`)."""

    id = "revive"
    min_players = 2
    max_players = 4

    def __init__(self, content: dict[str, Any]) -> None:
        self.content = content
        self.rules = content["rules"]
        self.basic = tuple(self.rules["resources"]["basic"])
        self.limits = self.rules["resources"]["limits"]
        self.slots = tuple(slot["id"] for slot in self.rules["player_board"]["card_slots"])
        self.half = {slot["id"]: slot["half"] for slot in self.rules["player_board"]["card_slots"]}
        self.cards = {
            card["id"]: card for group in ("starting", "market") for card in content["citizens"][group]
        }
        self.tribes = {tribe["id"]: tribe for tribe in content["tribes"]}
        self.machines = {machine["id"]: machine for machine in content["machines"]}
        self.modules = {module["id"]: module for module in content["modules"]}
        self.crates = {crate["id"]: crate for crate in content["crates"]}
        self.tracks = {track["colour"]: track for track in content["machine_tracks"]["tracks"]}
        self.hibernation = content["hibernation"]["spaces"]
        self.technologies = {
            tribe["id"]: {tech["id"]: tech for tech in tribe["sun"]["technologies"]}
            for tribe in content["tribes"]
        }
        self._last_moves: tuple[Any, list[str]] = (None, [])
        self.area_tiles = {tile["id"]: tile for tile in content["tiles"]}
        self.board: ReviveBoard = build_board(content["board"])
        self.large_sides = {
            location["id"]: {side["side"]: side for side in location["sides"]}
            for location in content["large_locations"]
        }

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> ReviveState:
        """General and player setup as the text lists them, every shuffle drawn from `seed`."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove("error.players_range", low=self.min_players, high=self.max_players)
        rng = random.Random(f"revive:{seed}")
        content = self.content
        state = ReviveState(players=players, seed=seed, current=rng.randrange(players))
        # Area tiles: starting tiles face up on the start slots, the others face down.
        slots = content["board"]["slots"]
        for role, start in (("start", True), ("face_down", False)):
            tiles = [tile["id"] for tile in content["tiles"] if tile["start"] is start]
            rng.shuffle(tiles)
            for slot, tile in zip((s["id"] for s in slots if s["role"] == role), tiles, strict=True):
                state.board[slot] = {"tile": tile, "rotation": 0, "face_up": start, "explorer": None}
        # Large locations: one per corner, a random side up; the rest go back to the box.
        large = [location["id"] for location in content["large_locations"]]
        rng.shuffle(large)
        sides = {location["id"]: location["sides"] for location in content["large_locations"]}
        for corner, location in zip(content["board"]["corners"], large, strict=False):
            side = rng.choice(sides[location])
            state.corners[corner["id"]] = {"location": location, "side": side["side"], "population": []}
        # Decks and displays.
        citizens = [card["id"] for card in content["citizens"]["market"]]
        modules = [module["id"] for module in content["modules"]]
        crates = [crate["id"] for crate in content["crates"]]
        for deck in (citizens, modules, crates):
            rng.shuffle(deck)
        machine_piles = {}
        for colour in self.rules["machine_colours"]:
            pile = [m["id"] for m in content["machines"] if m["colour"] == colour]
            rng.shuffle(pile)
            machine_piles[colour] = pile
        displays = self.rules["displays"]
        state.displays = {
            "citizens": [citizens.pop(0) for _ in range(displays["citizens"])],
            "modules": [modules.pop(0) for _ in range(displays["modules"])],
            "machines": {
                colour: [pile.pop(0) for _ in range(displays["machines_per_colour"])]
                for colour, pile in machine_piles.items()
            },
        }
        minors = content["artifacts"]["minors"]["count"]
        state.decks = {
            "citizens": citizens,
            "modules": modules,
            "crates": crates,
            "machines": machine_piles,
            "minors": minors,
        }
        state.crater = [
            major["id"] for major in content["artifacts"]["majors"] if major["players"] <= players
        ]
        # Players: a random tribe, a starting set of one letter, a secret artifact card.
        tribes = sorted(self.tribes)
        rng.shuffle(tribes)
        letters = sorted({card["set"] for card in content["citizens"]["starting"]})
        rng.shuffle(letters)
        artifact_cards = [card["id"] for card in content["artifacts"]["cards"]]
        rng.shuffle(artifact_cards)
        hand = self.rules["starting_hand"]
        for seat in range(players):
            tribe = self.tribes[tribes[seat]]["sun"]
            start_cards = [c["id"] for c in content["citizens"]["starting"] if c["set"] == letters[seat]]
            rng.shuffle(start_cards)
            order = (seat - state.current) % players  # position in turn order: starting resources
            resources = {name: 0 for name in self.rules["resources"]["all"]}
            resources.update(self.rules["starting_resources"][order])
            state.seats.append(
                {
                    "tribe": tribes[seat],
                    "resources": resources,
                    "energy": self.rules["starting_energy"],
                    "switch_used": False,
                    "points": 0,
                    "hibernation": 0,
                    "progress": 0,  # markers on the progress track
                    "tribe_markers": tribe["tribe_progress_markers"],
                    "tracks": {colour: 0 for colour in self.rules["machine_colours"]},
                    "active": start_cards[: hand["active"]],
                    "resting": start_cards[hand["active"] :],
                    "slots": {slot: [] for slot in self.slots},
                    "modules": {slot: [] for slot in self.slots},
                    "machines": [],
                    "powered": [],
                    "buildings": {"small": tribe["small_buildings"], "large": tribe["large_buildings"]},
                    "unlocked": [],
                    "crates": [],
                    "opened": [],
                    "artifact_card": artifact_cards[seat],
                    "majors": [],
                    "minors": 0,
                    "owned_cards": [],  # market cards recruited (the machine-track card bonus)
                    "water_taken": [],
                    "bonuses_reached": [],
                    "resigned": False,
                }
            )
        return state

    # ------------------------------------------------------------ questions

    def to_move(self, state: ReviveState) -> int | None:
        """The seat whose move it is: whoever must answer the decision on top, else the current
        player (a neighbour's exploration can ask another player to choose a reward)."""
        if state.finished:
            return None
        return state.stack[-1].get("seat", state.current) if state.stack else state.current

    def is_over(self, state: ReviveState) -> bool:
        return state.finished

    def scores(self, state: ReviveState) -> list[int]:
        return [seat["points"] for seat in state.seats]

    def legal_moves(self, state: ReviveState, seat: int) -> list[str]:
        """Every move `seat` may make now (empty when it is not their turn).

        Listing them is the costly part of a move (range and prices over the whole board), and
        a front end lists them right before `apply` checks them again, so the last answer is
        kept, keyed by the state's exact bytes: a state changed in place misses the cache."""
        if state.finished or seat != self.to_move(state):
            return []
        key = (seat, pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
        if self._last_moves[0] != key:
            self._last_moves = (key, self._list_moves(state, seat))
        return list(self._last_moves[1])

    def _list_moves(self, state: ReviveState, seat: int) -> list[str]:
        me = state.seats[seat]
        if state.stack:
            # A decision whose pile was emptied by an earlier one in the same chain gives nothing.
            moves = self._frame_moves(state, seat, state.stack[-1]) or ["pass"]
            if seat == state.current:  # crystals trade "at any time" in your turn, mid-action too
                moves += self._crystal_moves(me)
            return moves
        moves: list[str] = []
        if state.actions_taken < self.rules["actions_per_turn"]:
            vacant = [slot for slot in self.slots if self._vacant(me, slot)]
            moves += [f"play {card} {slot}" for card in me["active"] for slot in vacant]
            if not me["switch_used"]:
                moves += [f"switch {resource}" for resource in self.basic]
            moves += self._action_moves(state, seat)
        moves += self._crystal_moves(me)
        if me["energy"] > 0:
            moves += [f"use {machine}" for machine in me["machines"] if machine not in me["powered"]]
        moves += [f"open {crate}" for crate in me["crates"]]
        moves.append("end" if state.actions_taken else "hibernate")
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

    def reveals(self, before: ReviveState, after: ReviveState, seat: int) -> str | None:
        """What a move showed to other players that they did not know, if anything (the reason
        `/undo` refuses it), as an i18n key: a face-down tile turned up, a card, machine or module
        drawn from a pile (the display refills, or the deck's top card joins a hand face up), or
        a crate opened. A crate taken closed is seen by its owner only, so it does not count."""
        if any(after.board[slot]["face_up"] != placed["face_up"] for slot, placed in before.board.items()):
            return "undo.revealed_tile"
        for pile in ("citizens", "modules"):
            if len(after.decks[pile]) != len(before.decks[pile]):
                return "undo.revealed_card"
        if any(len(after.decks["machines"][c]) != len(pile) for c, pile in before.decks["machines"].items()):
            return "undo.revealed_card"
        if len(after.seats[seat]["opened"]) != len(before.seats[seat]["opened"]):
            return "undo.revealed_crate"
        return None

    def move_choices(self, state: ReviveState, seat: int, locale: str | None = None) -> list[MoveChoice]:
        """Legal moves with labels saying what each does (engine/revive/labels.py)."""
        return labels.move_choices(self, state, seat, locale)

    def with_previews(
        self, state: ReviveState, seat: int, choices: list[MoveChoice], locale: str | None = None
    ) -> list[MoveChoice]:
        """`choices` with what each would change for the mover appended to its label."""
        return labels.with_previews(self, state, seat, choices, locale)

    # ----------------------------------------------------------------- apply

    def apply(self, state: ReviveState, seat: int, move: str) -> Applied:
        """Play `move` for `seat`; raises a GameError saying why when it is refused."""
        if not 0 <= seat < state.players:
            raise NotAPlayer("error.not_a_player")
        if state.finished:
            raise GameOver("error.game_over")
        text = " ".join(move.strip().split())
        if text.lower() == RESIGN:
            return self._resign(state, seat)
        if state.seats[seat]["resigned"]:
            raise IllegalMove("error.resigned")
        if seat != self.to_move(state):
            raise NotYourTurn("error.not_your_turn")
        if text not in self.legal_moves(state, seat):
            if not text:
                raise MalformedMove("error.revive.malformed", text=move[:30])
            raise IllegalMove("error.revive.illegal", move=text[:30])
        new = state.copy()
        event: dict[str, Any] = {"kind": "move", "seat": seat, "move": text}
        words = text.split()
        if words[0] == "crystal":  # a free action, also while a decision of this turn is open
            new.seats[seat]["resources"]["crystal"] -= 1
            self._gain(new, seat, {words[1]: 1})
        elif new.stack:
            frame = new.stack.pop()
            self._answer(new, frame.get("seat", seat), frame, words)
        elif words[0] == "play":
            self._play(new, seat, words[1], words[2])
        elif words[0] == "switch":
            new.seats[seat]["switch_used"] = True
            new.actions_taken += 1
            self._gain(new, seat, {words[1]: 1})
        elif words[0] == "use":
            me = new.seats[seat]
            me["energy"] -= 1
            me["powered"].append(words[1])
            self._resolve(new, seat, self.machines[words[1]]["effects"])
        elif words[0] == "open":
            me = new.seats[seat]
            me["crates"].remove(words[1])
            me["opened"].append(words[1])
            self._resolve(new, seat, self.crates[words[1]]["effects"])
        elif words[0] in ("explore", "build", "populate"):
            new.actions_taken += 1
            getattr(self, f"_{words[0]}")(new, seat, words[1:])
        elif words[0] == "hibernate":
            self._hibernate(new, seat)
        elif words[0] == "end":
            self._end_turn(new, seat)
        current = new.current
        if not new.stack and current is not None and words[0] != "end" and self._turn_over(new):
            self._end_turn(new, current)
        self._describe(state, new, event, words)
        return Applied(new, event, {})

    def _describe(
        self, before: ReviveState, after: ReviveState, event: dict[str, Any], words: list[str]
    ) -> None:
        """What a turn summary needs from one move: the turn it belongs to, whether it ended
        that turn, points by seat, and the board places it changed (marked on the image)."""
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
        if words[0] == "explore":
            changed.append(words[1])
        event["changed"] = sorted(set(changed))
        if after.end_tile is not None and before.end_tile is None:
            event["end_triggered"] = after.end_tile

    def _turn_over(self, state: ReviveState) -> bool:
        """A hibernation ends the turn by itself once its reward is chosen."""
        return state.seats[state.current].get("hibernating", False)

    # --------------------------------------------------------------- effects

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
                self._resolve(state, seat, bonus["effects"])

    def _resolve(self, state: ReviveState, seat: int, effects: list[dict[str, Any]]) -> None:
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
                self._resolve(state, seat, self.tribes[me["tribe"]]["sun"]["ability"])
                return
            elif kind == "module_or_tribe":
                effect = {"kind": "choice", "options": [[{"kind": "module"}], [{"kind": "tribe_only"}]]}
                self._resolve(state, seat, [effect, *rest])
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
            self._resolve(state, frame.get("seat", seat), frame["effects"])

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
            self._resolve(state, seat, frame["options"][int(words[1]) - 1])
            return
        elif kind == "track":
            self._machine_steps(state, seat, words[1], frame["steps"])
        elif kind == "reward":
            self._resolve(state, seat, self.hibernation[int(words[1])]["effects"])
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
                self._resolve(state, seat, space["effects"])

    # ---------------------------------------------------------- the board

    def _techs(self, me: dict[str, Any]) -> list[dict[str, Any]]:
        """The player's unlocked technologies."""
        techs = self.technologies[me["tribe"]]
        return [techs[tech] for tech in me["unlocked"]]

    def space_type(self, state: ReviveState, space: str) -> dict[str, Any] | None:
        """The area-tile space shown at `space` (None: chasm, corner or face-down)."""
        slot = self.board.slot_of.get(space)
        placed = state.board.get(slot) if slot else None
        if not placed or not placed["face_up"]:
            return None
        tile = self.area_tiles[placed["tile"]]
        return tile["spaces"][unrotate(self.board.position[space], placed["rotation"])]

    def _passable(self, state: ReviveState, space: str) -> bool:
        """Range runs through the chasm, explored tiles and corners, never face-down tiles."""
        if space in self.board.chasm or space in self.board.corners:
            return True
        return state.board[self.board.slot_of[space]]["face_up"]

    def range_costs(self, state: ReviveState, seat: int) -> dict[str, int]:
        """Food to reach each passable space: the spaces passed between origin and target.

        Origins: the chasm until the player has a piece on the board, then their pieces."""
        origins = [space for space, pieces in state.pieces.items() if any(p[0] == seat for p in pieces)]
        if not origins:
            origins = sorted(self.board.chasm)
        distance = {space: 0 for space in origins}
        frontier = list(origins)
        while frontier:
            nxt = []
            for space in frontier:
                for near in self.board.neighbours[space]:
                    if near not in distance and self._passable(state, near):
                        distance[near] = distance[space] + 1
                        nxt.append(near)
            frontier = nxt
        return distance

    def _cost_to(self, distance: dict[str, int], space: str) -> int | None:
        return max(0, distance[space] - 1) if space in distance else None

    def _explore_cost(self, state: ReviveState, distance: dict[str, int], slot: str) -> int | None:
        """Range to a face-down tile: to the nearest passable space next to it."""
        near = [
            distance[n]
            for space in self.board.slot_spaces[slot]
            for n in self.board.neighbours[space]
            if n in distance
        ]
        return min(near) if near else None

    def _discount_total(self, me: dict[str, Any], action: str, spend: bool = False) -> int:
        """The player's discount on `action`: this turn's (the next payment only; `spend` uses
        them up) plus their technologies' (always)."""
        total = sum(d["amount"] for d in me.get("discounts", []) if d["action"] == action)
        total += sum(
            tech["ability"]["discount"]["amount"]
            for tech in self._techs(me)
            if tech["ability"]["timing"] == "always" and tech["ability"]["discount"]["action"] == action
        )
        if spend and me.get("discounts"):
            me["discounts"] = [d for d in me["discounts"] if d["action"] != action]
        return total

    def _discount(
        self, me: dict[str, Any], action: str, amount: int, spend: bool = False, total: int | None = None
    ) -> int:
        """A single-resource cost after the player's discounts for `action` (`total`, when the
        caller already knows it). Never below the rules' minimum, and a cost of 0 stays 0."""
        if total is None:
            total = self._discount_total(me, action, spend)
        if amount <= 0:
            return 0
        return max(self.rules["minimum_cost"], amount - total) if total else amount

    def _discounted_cost(
        self,
        me: dict[str, Any],
        action: str,
        cost: dict[str, int],
        reach: int,
        spend: bool = False,
        off: str | None = None,
        totals: dict[str, int] | None = None,
    ) -> dict[str, int]:
        """The whole payment for an action: its own cost after discounts plus range in food
        (after range discounts). A discount on a cost of several resources comes off `off`
        first (the player's choice, see `discount_parts`), then off the largest parts; the
        cost as a whole never goes below the rules' minimum. `totals` (action -> discount)
        saves recomputing the discounts when listing many targets."""
        cost = {name: amount for name, amount in cost.items() if amount > 0}
        if not cost:
            total = 0
        elif totals is not None:
            total = totals[action]
        else:
            total = self._discount_total(me, action, spend)
        removable = min(total, sum(cost.values()) - self.rules["minimum_cost"])
        order = sorted(cost, key=lambda name: (name != off, -cost[name], name))
        for name in order:
            if removable <= 0:
                break
            taken = min(removable, cost[name])
            cost[name] -= taken
            removable -= taken
        cost = {name: amount for name, amount in cost.items() if amount > 0}
        range_food = self._discount(
            me, "range", reach, spend, totals["range"] if totals is not None else None
        )
        cost["food"] = cost.get("food", 0) + range_food
        return cost

    def discount_parts(self, me: dict[str, Any], action: str, cost: dict[str, int]) -> list[str | None]:
        """Which resource a discount may come off first: one choice per resource of a mixed cost
        when a discount applies and would change the payment, else just [None]."""
        parts = sorted(name for name, amount in cost.items() if amount > 0)
        if len(parts) < 2 or not self._discount_total(me, action):
            return [None]
        return parts

    def _affords(self, me: dict[str, Any], cost: dict[str, int]) -> bool:
        return all(me["resources"].get(name, 0) >= amount for name, amount in cost.items())

    def _pay(self, me: dict[str, Any], cost: dict[str, int]) -> None:
        for name, amount in cost.items():
            me["resources"][name] -= amount

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
                reach = self._cost_to(distance, space)
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
            reach = self._cost_to(distance, corner)
            if reach is not None:
                moves += [
                    f"populate {corner} {tech}"
                    for tech in self._populate_techs(state, seat, corner, reach, candidates, totals)
                ]
        return moves

    def _populate_cost(
        self,
        state: ReviveState,
        seat: int,
        space: str,
        tech: dict[str, Any],
        reach: int,
        spend: bool = False,
        totals: dict[str, int] | None = None,
    ):
        others = [p[0] for p in state.pieces.get(space, []) if p[0] != seat]
        cost = self._discounted_cost(state.seats[seat], "populate", tech["cost"], reach, spend, totals=totals)
        cost["book"] = cost.get("book", 0) + len(others)
        if space in state.corners:
            corner = state.corners[space]
            for name, amount in self.large_sides[corner["location"]][corner["side"]]["cost"].items():
                cost[name] = cost.get(name, 0) + amount
        return cost, others

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

    def _populate_candidates(self, me: dict[str, Any]) -> list[dict[str, Any]]:
        """The technologies the next population figure may come from: the lowest first, then
        only ones connected to an unlocked technology."""
        sun = self.tribes[me["tribe"]]["sun"]
        unlocked = set(me["unlocked"])
        if not unlocked:
            candidates = [t for t in sun["technologies"] if t["id"] == sun["lowest"]]
        else:
            linked = set()
            for tech in sun["technologies"]:
                for other in tech["connections"]:
                    if tech["id"] in unlocked:
                        linked.add(other)
                    if other in unlocked:
                        linked.add(tech["id"])
            candidates = [t for t in sun["technologies"] if t["id"] in linked - unlocked]
        return candidates

    # --------------------------------------------------------------- actions

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
            self._resolve(state, owner, kind["reward"])

    def _build(self, state: ReviveState, seat: int, words: list[str]) -> None:
        size, space = words
        me = state.seats[seat]
        reach = self._cost_to(self.range_costs(state, seat), space) or 0
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
        reach = self._cost_to(self.range_costs(state, seat), space) or 0
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
            self._resolve(state, seat, ability["effects"])

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
        self._resolve(state, seat, effects)

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

    def _resign(self, state: ReviveState, seat: int) -> Applied:
        """Beyond the text: a player leaves. Their pieces stay and score; their turns and their
        open decisions are skipped; with one player left, final scoring runs at once."""
        if state.seats[seat]["resigned"]:
            raise IllegalMove("error.resigned")
        new = state.copy()
        new.seats[seat]["resigned"] = True
        new.final_turns = [other for other in new.final_turns if other != seat]
        event: dict[str, Any] = {"kind": "resign", "seat": seat, "move": RESIGN}
        if sum(not me["resigned"] for me in new.seats) <= 1:
            self._final_scoring(new)
        elif new.current == seat:
            new.stack = []
            self._end_turn(new, seat)
        elif any(frame.get("seat") == seat for frame in new.stack):
            new.stack = [frame for frame in new.stack if frame.get("seat", new.current) != seat]
            self._continue(new, new.current)
            if not new.stack and self._turn_over(new):
                self._end_turn(new, new.current)
        self._describe(state, new, event, [RESIGN])
        return Applied(new, event, {})

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
                self._final_scoring(state)
                return
            state.current = state.final_turns[0]
            return
        for step in range(1, state.players + 1):
            nxt = (seat + step) % state.players
            if not state.seats[nxt]["resigned"]:
                state.current = nxt
                return

    # ------------------------------------------------------------ end game

    def _final_scoring(self, state: ReviveState) -> None:
        """Every category of the text; no score-track bonuses during final scoring."""
        state.finished = True
        state.current = None
        state.stack = []
        artifacts = self.content["artifacts"]
        breakdowns = []
        for index, me in enumerate(state.seats):
            tribe = self.tribes[me["tribe"]]["sun"]
            techs = {tech["id"]: tech for tech in tribe["technologies"]}
            track = tribe["progress_track"]
            owned_colours = [self.cards[card]["colour"] for card in me["owned_cards"]]
            parts = {
                "progress": track[min(me["progress"], len(track) - 1)],
                "technologies": sum(techs[tech]["points"] for tech in me["unlocked"]),
                "large_locations": self._large_location_points(state, index),
                "machine_bonus": sum(
                    self.content["machine_tracks"]["bonus_points_per_card"] * owned_colours.count(colour)
                    for colour in me.get("card_bonuses", [])
                ),
                "end_tile": artifacts["end_game_tile_points"] if state.end_tile == index else 0,
                "minors": artifacts["minors"]["points"] * me["minors"],
                "resources": sum(me["resources"].values()) // self.rules["leftover_resources_per_point"],
                "artifact_card": self._artifact_card_points(state, index),
            }
            me["points"] += sum(parts.values())
            breakdowns.append(parts)
        playing = [i for i, me in enumerate(state.seats) if not me["resigned"]]  # a resigned seat cannot win
        best = max(state.seats[i]["points"] for i in playing)
        tied = [i for i in playing if state.seats[i]["points"] == best]
        decided = "score"
        if len(tied) > 1:  # most remaining resources, then furthest on the machine tracks
            for key in (
                lambda i: sum(state.seats[i]["resources"].values()),
                lambda i: sum(state.seats[i]["tracks"].values()),
            ):
                top = max(key(i) for i in tied)
                tied = [i for i in tied if key(i) == top]
                if len(tied) == 1:
                    decided = "tie-break"
                    break
            else:
                decided = "shared"
        state.final = {"breakdown": breakdowns, "winners": tied, "decided_by": decided}

    def _large_location_points(self, state: ReviveState, seat: int) -> int:
        return sum(
            self.large_sides[corner["location"]][corner["side"]]["points"]
            for corner in state.corners.values()
            if seat in corner["population"]
        )

    def _artifact_card_points(self, state: ReviveState, seat: int) -> int:
        """Each category once, plus once per major artifact of its colour held."""
        me = state.seats[seat]
        majors = {major["id"]: major["colour"] for major in self.content["artifacts"]["majors"]}
        card = next(c for c in self.content["artifacts"]["cards"] if c["id"] == me["artifact_card"])
        held = [majors[m] for m in me["majors"]]
        total = 0
        for category in card["categories"]:
            value = (self._count(state, seat, category["counts"]) // category["per"]) * category["points"]
            total += value * (1 + held.count(category["colour"]))
        return total

    def _count(self, state: ReviveState, seat: int, what: str) -> int:
        """The quantities artifact cards count."""
        me = state.seats[seat]
        mine = [kind for pieces in state.pieces.values() for owner, kind in pieces if owner == seat]
        counts = {
            "buildings": sum(kind in ("small", "large") for kind in mine),
            "small_buildings": mine.count("small"),
            "large_buildings": mine.count("large"),
            "population": mine.count("population"),
            "large_locations": sum(seat in corner["population"] for corner in state.corners.values()),
            "explored_tiles": sum(placed["explorer"] == seat for placed in state.board.values()),
            "technologies": len(me["unlocked"]),
            "modules": sum(len(held) for held in me["modules"].values()),
            "machines": len(me["machines"]),
            "crates": len(me["opened"]),
            "citizens": len(me["owned_cards"]),
            "machine_steps": sum(me["tracks"].values()),
            "water": len(me["water_taken"]),
        }
        return counts.get(what, 0)

    # ------------------------------------------------------------------ views

    def view(self, state: ReviveState, seat: int | None, locale: str | None = None) -> dict[str, Any]:
        """What `seat` may see: no deck order, no other player's artifact card or resting cards."""
        seats = []
        for index, me in enumerate(state.seats):
            public = {
                key: value for key, value in me.items() if key not in ("artifact_card", "resting", "crates")
            }
            public["seat"] = index
            public["colour"] = COLOURS[index]
            public["resting"] = len(me["resting"])
            public["crates"] = len(me["crates"])
            seats.append(public)
        view: dict[str, Any] = {
            "game": self.id,
            "players": state.players,
            "current": state.current,
            "finished": state.finished,
            "turn": state.turn,
            "actions_taken": state.actions_taken,
            "seats": seats,
            "board": {
                slot: placed
                if placed["face_up"]
                else {"tile": None, "face_up": False, "back": self.area_tiles[placed["tile"]]["back"]}
                for slot, placed in state.board.items()
            },
            "corners": state.corners,
            "pieces": state.pieces,  # space -> [[seat, "small" | "large" | "population"], ...]
            "displays": state.displays,
            "decks": {
                "citizens": len(state.decks["citizens"]),
                "modules": len(state.decks["modules"]),
                "crates": len(state.decks["crates"]),
                "machines": {colour: len(pile) for colour, pile in state.decks["machines"].items()},
                "minors": state.decks["minors"],
            },
            "crater": list(state.crater),
            "deciding": state.stack[-1]["kind"] if state.stack else None,
            "private": None,
            "final": state.final,
        }
        for index, public in enumerate(seats):
            public["score"] = state.seats[index]["points"]
            public["breakdown"] = state.final["breakdown"][index] if state.final else {}
        if seat is not None and 0 <= seat < state.players:
            me = state.seats[seat]
            view["private"] = {
                "seat": seat,
                "artifact_card": me["artifact_card"],
                "resting": list(me["resting"]),
                "crates": list(me["crates"]),
                "stack": list(state.stack) if self.to_move(state) == seat else [],
                "artifact_points": self._artifact_card_points(state, seat),  # if the game ended now
            }
        return view

    def dumps(self, state: ReviveState) -> str:
        return state.dumps()

    def loads(self, text: str) -> ReviveState:
        return ReviveState.loads(text)
