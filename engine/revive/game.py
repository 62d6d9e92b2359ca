"""Revive: the rules engine (see docs/revive.md "Engine status").

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

The rules are split by job into mixins that share the content tables (engine/revive/tables.py):
effects.py (how effects resolve), actions.py (what actions and answers do), costs.py (range,
discounts, payments), moves.py (legal moves), scoring.py (final scoring); setup.py deals a new
game, observer.py builds views, events.py completes events, fallback.py
values states for the fallback player. This class is the public `engine.base.Game` contract.
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from engine.base import RESIGN, RULES_OPTION, Applied, Decision, Game, MoveFacts
from engine.errors import GameOver, IllegalMove, MalformedMove, NotAPlayer, NotYourTurn
from engine.revive import setup
from engine.revive.actions import ReviveActions
from engine.revive.events import describe
from engine.revive.fallback import POLICY
from engine.revive.moves import UNPREVIEWED, ReviveMoves, change_of, facts_of
from engine.revive.observer import build_view
from engine.revive.state import ReviveState, seat_to_move
from engine.revive.tables import COLOURS, RULES_VERSION, RULES_VERSIONS
from engine.revive.views import ReviveEvent, ReviveView

QUIET = frozenset({"pass", "skip", "stop", "end", "crystal"})
"""First words of moves a catch-up leaves out: passing, stopping, ending, crystal trades."""
MAIN_ACTIONS = frozenset({"play", "switch", "explore", "build", "populate"})
"""First words of the main actions (two a turn)."""

__all__ = ["COLOURS", "QUIET", "Revive"]


class Revive(ReviveActions, ReviveMoves, Game[ReviveState, ReviveView, ReviveEvent]):
    """The Revive rules over one set of content (content/revive `load_revive()`)."""

    min_players = 2
    max_players = 4
    fallback_policy = POLICY

    def __init__(self, content: dict[str, Any]) -> None:
        super().__init__(content)
        self._last_moves: tuple[Any, list[str]] = (None, [])

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> ReviveState:
        """General and player setup as the text lists them, every shuffle drawn from `seed`,
        under the rules version `options["rules"]` (absent: the current one, `RULES_VERSION`)."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove("error.players_range", low=self.min_players, high=self.max_players)
        version = options.get(RULES_OPTION, RULES_VERSION)
        if version not in RULES_VERSIONS:
            raise IllegalMove("error.rules_version", version=str(version)[:10])
        state = setup.new_game(self, players, seed)
        state.rules = version
        return state

    # ------------------------------------------------------------ questions

    def to_move(self, state: ReviveState) -> int | None:
        """The seat whose move it is: whoever must answer the decision on top, else the current
        player (a neighbour's exploration can ask another player to choose a reward)."""
        return seat_to_move(state)

    def is_over(self, state: ReviveState) -> bool:
        return state.finished

    def scores(self, state: ReviveState) -> list[int]:
        return [seat["points"] for seat in state.seats]

    def score_if_ended(self, state: ReviveState) -> list[int]:
        """Each seat's total if the game ended now: the final scoring run on a copy."""
        if state.finished:
            return self.scores(state)
        ended = state.copy()
        self.final_scoring(ended)
        return self.scores(ended)

    def open_decision(self, state: ReviveState) -> Decision | None:
        """The frame on top of the stack and who answers it (None with no decision open)."""
        seat = self.to_move(state)
        if seat is None or not state.stack:
            return None
        return Decision(seat=seat, kind=state.stack[-1]["kind"])

    def is_quiet(self, move: str) -> bool:
        """Passing, stopping, ending and crystal trades (`QUIET`) change nothing worth retelling."""
        words = move.split(" ", 1)
        return words[0] in QUIET

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

    def reveals(self, before: ReviveState, after: ReviveState, seat: int) -> str | None:
        """What a move showed anyone, the mover included, that they did not know (the reason
        `/undo` refuses it, docs/async.md), as an i18n key: a face-down tile turned up, a card,
        machine or module drawn from a pile (the display refills, or the deck's top card joins a
        hand face up), a crate taken from the face-down pile (its owner sees what it is), or a
        crate opened."""
        if any(after.board[slot]["face_up"] != placed["face_up"] for slot, placed in before.board.items()):
            return "undo.revealed_tile"
        for pile in ("citizens", "modules"):
            if len(after.decks[pile]) != len(before.decks[pile]):
                return "undo.revealed_card"
        if any(len(after.decks["machines"][c]) != len(pile) for c, pile in before.decks["machines"].items()):
            return "undo.revealed_card"
        if len(after.decks["crates"]) != len(before.decks["crates"]):
            return "undo.drew_crate"
        if len(after.seats[seat]["opened"]) != len(before.seats[seat]["opened"]):
            return "undo.revealed_crate"
        return None

    # ------------------------------------------------------------ choices

    def moves(self, state: ReviveState, seat: int) -> list[MoveFacts]:
        """Legal moves with their facts (engine/revive/moves.py `facts_of`), in the order
        offered: the open decision's answers, ending the turn, then the actions."""
        listed = [facts_of(self, state, seat, move) for move in self.legal_moves(state, seat)]
        return sorted(listed, key=lambda facts: -facts.rank)

    def previews(self, state: ReviveState, seat: int, moves: Sequence[MoveFacts]) -> list[MoveFacts]:
        """`moves` with what each would change for the mover now (`facts["change"]`: its
        resources, energy, machine-track steps and points), found by playing it on a copy, so
        it is exactly what the engine will do; only the mover's own record, never a card the
        move would reveal. Moves whose facts say it all (`UNPREVIEWED`) are left as they are."""
        before = state.seats[seat]
        return [
            facts
            if facts.kind in UNPREVIEWED
            else replace(
                facts,
                facts={
                    **facts.facts,
                    "change": change_of(before, self.apply(state, seat, facts.notation).state.seats[seat]),
                },
            )
            for facts in moves
        ]

    def button_moves(self, state: ReviveState, seat: int, limit: int) -> list[MoveFacts]:
        """With a decision open, every answer but crystal trades; otherwise only `end` or
        `hibernate`; none when there would be more than `limit`. Without previews: the caller
        adds them with `previews` (each plays the move on a copy)."""
        listed = self.moves(state, seat)
        if state.stack:
            offered = [facts for facts in listed if facts.kind != "crystal"]
        else:
            offered = [facts for facts in listed if facts.kind in ("end", "hibernate")]
        return offered if len(offered) <= limit else []

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
        legal = self.legal_moves(state, seat)
        text = text if text in legal else typed_move(text, legal)
        if text not in legal:
            if not text:
                raise MalformedMove("error.revive.malformed", text=move[:30])
            raise IllegalMove("error.revive.illegal", move=text[:30])
        new = state.copy()
        event = cast(ReviveEvent, {"kind": "move", "seat": seat, "move": text})
        words = text.split()
        self._perform(new, seat, words)
        current = new.current
        if not new.stack and current is not None and words[0] != "end" and self._turn_over(new):
            self._end_turn(new, current)
        describe(state, new, event, text, self.hibernation)
        return Applied(new, event, {}, text)

    def _perform(self, new: ReviveState, seat: int, words: list[str]) -> None:
        """Do what a legal move does, on the copy `new`."""
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
            self.resolve(new, seat, self.machines[words[1]]["effects"])
        elif words[0] == "open":
            me = new.seats[seat]
            me["crates"].remove(words[1])
            me["opened"].append(words[1])
            self.resolve(new, seat, self.crates[words[1]]["effects"])
        elif words[0] in ("explore", "build", "populate"):
            new.actions_taken += 1
            getattr(self, f"_{words[0]}")(new, seat, words[1:])
        elif words[0] == "hibernate":
            self._hibernate(new, seat)
        elif words[0] == "end":
            self._end_turn(new, seat)

    def _resign(self, state: ReviveState, seat: int) -> Applied:
        """Beyond the text: a player leaves. Their pieces stay and score; their turns and their
        open decisions are skipped; with one player left, final scoring runs at once."""
        if state.seats[seat]["resigned"]:
            raise IllegalMove("error.resigned")
        new = state.copy()
        new.seats[seat]["resigned"] = True
        new.final_turns = [other for other in new.final_turns if other != seat]
        event = cast(ReviveEvent, {"kind": RESIGN, "seat": seat, "move": RESIGN})
        if sum(not me["resigned"] for me in new.seats) <= 1:
            self.final_scoring(new)
        elif new.current == seat:
            new.stack = []
            self._end_turn(new, seat)
        elif any(frame.get("seat") == seat for frame in new.stack):
            new.stack = [frame for frame in new.stack if frame.get("seat", new.current) != seat]
            current = new.current if new.current is not None else seat
            self._continue(new, current)
            if not new.stack and self._turn_over(new):
                self._end_turn(new, current)
        describe(state, new, event, RESIGN)
        return Applied(new, event, {}, RESIGN)

    # ------------------------------------------------------------------ views

    def view(self, state: ReviveState, seat: int | None) -> ReviveView:
        """What `seat` may see (engine/revive/observer.py; the shapes: engine/revive/views.py)."""
        main = 0
        if seat is not None and not state.stack and seat == self.to_move(state):
            main = sum(move.split(" ", 1)[0] in MAIN_ACTIONS for move in self.legal_moves(state, seat))
        return build_view(self, state, seat, main)

    def describe_content(self, state: ReviveState) -> dict[str, Any] | None:
        """None: the content files at the record's rules version (`options["rules"]`, the
        editions of content/revive/editions.py) and the seed say everything."""
        return None

    def record_seat(self, state: ReviveState, seat: int) -> dict[str, Any]:
        """Nothing: a Revive record needs no more than the seed and its moves."""
        return {}

    def record_move(self, applied: Applied) -> dict[str, Any]:
        """Nothing: a Revive record needs no more than the seed and its moves."""
        return {}

    def dumps(self, state: ReviveState) -> str:
        return state.dumps()

    def loads(self, text: str) -> ReviveState:
        return ReviveState.loads(text)


def typed_move(text: str, legal: list[str]) -> str:
    """The legal move `text` spells in any case and spacing (`Switch Gear`, `play b2 top left`,
    `play B2 top-left`), or `text` itself when it spells none (or more than one)."""
    spelled: dict[str, list[str]] = {}
    for move in legal:
        spelled.setdefault(_spelling(move), []).append(move)
    found = spelled.get(_spelling(text), [])
    return found[0] if len(found) == 1 else text


def _spelling(text: str) -> str:
    """A move's letters and digits only, lowercased: what stays the same however it is typed."""
    return "".join(char for char in text.lower() if char.isalnum())
