"""What each legal Rebirth move would give its mover now, as the engine's `MoveFacts`: the points
(played on a copy by `apply.place`, so the figure is what the move then scores), the castles it
takes, the mission cards its cathedrals draw and the tower bonuses it takes. Every placement
gets its facts: the autocomplete's `+3` narrows the list by them."""

from __future__ import annotations

from typing import Any, cast

from engine.base import MoveFacts
from engine.rebirth import scoring
from engine.rebirth.apply import place, tower_gives
from engine.rebirth.moves import DISCARD, DOUBLE, can_double, legal_spaces, space_order, tile_to_place
from engine.rebirth.state import RebirthState
from engine.rebirth.tables import RebirthTables
from engine.rebirth.views import PlaceEvent


def move_facts(tables: RebirthTables, state: RebirthState, seat: int) -> list[MoveFacts]:
    """Legal moves with what they would score now, best first: a placement's `facts` hold
    its tile, its region, the castles it takes, the mission cards its cathedrals draw and
    the tower bonuses it takes (`doubled` on the Doubling Marker's twin of a placement)."""
    if state.finished or seat != state.current:
        return []
    tile = tile_to_place(state, seat)
    spaces = legal_spaces(tables, state, tile)
    if not spaces:
        return [MoveFacts(DISCARD, "discard", rank=0)]
    assert tile is not None, "a tile with legal spaces exists"
    moves, board = [], tables.board(state)
    missions = tables.missions_near.get(state.map_id, {})
    for space in spaces:
        preview = _preview(tables, state, seat, tile, space)
        facts = {
            "tile": tile,
            "region": board.region.get(space),  # typing a region's name finds its spaces
            "castles": preview["castles"],
            "cathedrals": preview["cathedrals"],
            "towers": preview["towers"],
            # What else a name finds it by: the places it touches, the missions it counts for.
            "near": board.named_near.get(space, ()),
            "missions": [
                {"id": card, "name": tables.missions[card]["name"]} for card in missions.get(space, ())
            ],
        }
        rank = preview["points"] + 3 * len(preview["castles"]) + 2 * preview["cathedrals"] + preview["bonus"]
        moves.append(MoveFacts(space, "place", (space,), points=preview["points"], rank=rank, facts=facts))
        gain = preview["doubled"] - preview["points"] if preview["doubled"] is not None else 0
        if gain > 0:
            # Spending the once-a-game marker on a small gain is rarely wise: rank it lower.
            moves.append(
                MoveFacts(
                    f"{space} {DOUBLE}",
                    "place",
                    (space,),
                    points=preview["doubled"],
                    rank=rank + gain - 4,
                    facts={**facts, "doubled": True},
                )
            )
    moves.sort(key=lambda move: (-move.rank, space_order(move.notation)))
    return moves


def _preview(tables: RebirthTables, state: RebirthState, seat: int, tile: str, space: str) -> dict[str, Any]:
    """What placing `tile` on `space` would give `seat` now, without changing the state.

    `points` (and `doubled`, with the Doubling Marker; None without it) are what the move
    scores `seat` at once, every category included; the rest only counts later, or is
    not points (castles, mission cards, tower bonuses other than points)."""
    board = tables.board(state)
    tiles = dict(state.board)
    tiles[space] = (seat, tile)
    castles = []
    for castle in board.adjacent_castles[space]:
        holder = state.castles[castle]
        if (
            holder != seat
            and scoring.castle_controller(board, tiles, castle, seat, holder, state.players) == seat
        ):
            castles.append(board.castles[castle])
    cathedrals = sum(seat not in state.cathedral_markers[k] for k in board.adjacent_cathedrals[space])
    if not state.mission_deck:
        cathedrals = 0  # a marker, but no card left to draw
    towers, bonus = [], 0
    for tower in board.adjacent_towers[space]:
        if tower in state.towers and seat not in state.towers_used[tower]:
            tile_ = tables.tower_tiles[state.towers[tower]]
            if tower_gives(state, seat, tile_["bonus"]):
                towers.append({"bonus": tile_["bonus"], "value": tile_.get("value", 0)})
                if not _tower_scores(state, seat, tile_["bonus"]):  # else in `points`
                    bonus += tile_.get("value", 2)
    return {
        "points": points_now(tables, state, seat, tile, space),
        "doubled": (points_now(tables, state, seat, tile, space, True) if can_double(state, seat) else None),
        "castles": castles,
        "cathedrals": cathedrals,
        "towers": towers,
        "bonus": bonus,
    }


def points_now(
    tables: RebirthTables, state: RebirthState, seat: int, tile: str, space: str, doubled: bool = False
) -> int:
    """The points placing `tile` on `space` scores `seat` at once: the placement is played
    on a copy, so the figure is by construction what `apply` then gives the mover."""
    event = cast(PlaceEvent, place(tables, state, seat, tile, space, doubled, preview=True).event)
    return sum(event["points"].get(seat, {}).values())


def _tower_scores(state: RebirthState, seat: int, kind: str) -> bool:
    """Whether a tower bonus is points for `seat` (a `doubling` tower is, while the marker
    is still unused)."""
    return kind == "points" or (kind == "doubling" and state.doubling[seat])
