"""What each seat may see of a Revive game: `Revive.view()` (shapes in engine/revive/views.py).

The public view holds no deck order, no artifact card, no resting cards and no crates held;
a seat's own view adds its secrets and what its prompt needs (the open decision, how many
main actions are legal and left).
"""

from __future__ import annotations

from typing import cast

from engine.revive.scoring import ReviveScoring
from engine.revive.state import ReviveState, seat_to_move
from engine.revive.tables import COLOURS
from engine.revive.views import PrivateView, ReviveView, SeatView

SECRETS = ("artifact_card", "resting", "crates")  # a seat's keys shown only to that seat (as counts)


def build_view(rules: ReviveScoring, state: ReviveState, seat: int | None, main_moves: int) -> ReviveView:
    """The view for `seat` (None: the public view); `main_moves` is how many main actions
    `seat` may take now (the caller lists the legal moves)."""
    seats: list[SeatView] = []
    for index, me in enumerate(state.seats):
        public = cast(SeatView, {key: value for key, value in me.items() if key not in SECRETS})
        public["seat"] = index
        public["colour"] = COLOURS[index]
        public["resting"] = len(me["resting"])
        public["crates"] = len(me["crates"])
        public["score"] = me["points"]
        public["breakdown"] = state.final["breakdown"][index] if state.final else {}
        if state.final:  # the final scoring counts it, in the open
            public["artifact_card"] = me["artifact_card"]
        seats.append(public)
    view = cast(
        ReviveView,
        {
            "game": rules.id,
            "rules": state.rules,
            "players": state.players,
            "current": state.current,
            "to_move": seat_to_move(state),
            "end_tile": state.end_tile,
            "finished": state.finished,
            "turn": state.turn,
            "actions_taken": state.actions_taken,
            "seats": seats,
            "board": {
                slot: placed
                if placed["face_up"]
                else {"tile": None, "face_up": False, "back": rules.area_tiles[placed["tile"]]["back"]}
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
        },
    )
    if seat is not None and 0 <= seat < state.players:
        view["private"] = _private(rules, state, seat, main_moves)
    return view


def _private(rules: ReviveScoring, state: ReviveState, seat: int, main_moves: int) -> PrivateView:
    me = state.seats[seat]
    return cast(
        PrivateView,
        {
            "seat": seat,
            "artifact_card": me["artifact_card"],
            "resting": list(me["resting"]),
            "crates": list(me["crates"]),
            "stack": list(state.stack) if seat_to_move(state) == seat else [],
            "artifact_points": rules.artifact_card_points(state, seat),  # if the game ended now
            "decision": state.stack[-1] if state.stack else None,
            "main_moves": main_moves,
            "actions_left": rules.rules["actions_per_turn"] - state.actions_taken,
        },
    )
