"""How Rebirth scores: farm clusters, settlement majorities and castle control.

Every function is pure over (board, tiles on the board); `game.py` decides when to call them.
Interpretations of the text are in docs/rebirth.md ("Rules: interpretations").
"""

from __future__ import annotations

from engine.rebirth.board import Board, Settlement
from engine.rebirth.state import NEUTRAL

Tiles = dict[str, tuple[int, str]]

FARMS = ("E", "F")

# Completed settlement payouts by size: points for sole occupation, and by influence rank.
# Medium and large come from the text; sprawling (Ireland) pays 12/8/5 and has no sole bonus.
SETTLEMENT_PAYOUTS: dict[int, tuple[int | None, tuple[int, ...]]] = {
    2: (8, (5, 3)),
    3: (13, (8, 5)),
    4: (None, (12, 8, 5)),
}
CASTLE_POINTS = 5


def influence(tile: str) -> int:
    """`S3` -> 3; farms and neutral tiles have no influence."""
    return int(tile[1:]) if tile.startswith("S") else 0


def farm_cluster(board: Board, tiles: Tiles, seat: int, farm: str, start: str) -> set[str]:
    """The spaces of `seat`'s cluster of `farm` tiles that contains `start`."""
    seen = {start}
    stack = [start]
    while stack:
        space = stack.pop()
        for near in board.neighbours[space]:
            if near not in seen and tiles.get(near) == (seat, farm):
                seen.add(near)
                stack.append(near)
    return seen


def all_clusters(board: Board, tiles: Tiles, seat: int, farm: str) -> list[int]:
    """Sizes of every cluster of `seat`'s `farm` tiles (for missions)."""
    seen: set[str] = set()
    sizes = []
    for space, tile in tiles.items():
        if tile == (seat, farm) and space not in seen:
            cluster = farm_cluster(board, tiles, seat, farm, space)
            seen |= cluster
            sizes.append(len(cluster))
    return sizes


def settlement_influence(settlement: Settlement, tiles: Tiles) -> dict[int, int]:
    """Influence per seat present in a settlement (neutral tiles excluded)."""
    totals: dict[int, int] = {}
    for space in settlement.spaces:
        tile = tiles.get(space)
        if tile and tile[0] != NEUTRAL:
            totals[tile[0]] = totals.get(tile[0], 0) + influence(tile[1])
    return totals


def is_complete(settlement: Settlement, tiles: Tiles) -> bool:
    return all(space in tiles for space in settlement.spaces)


def rank_groups(totals: dict[int, int]) -> list[list[int]]:
    """Seats grouped by equal influence, highest first."""
    groups: dict[int, list[int]] = {}
    for seat, value in totals.items():
        groups.setdefault(value, []).append(seat)
    return [sorted(groups[value]) for value in sorted(groups, reverse=True)]


def settlement_payout(settlement: Settlement, tiles: Tiles) -> dict[int, int]:
    """Points each seat wins when a medium, large or sprawling settlement is completed.

    Ties: tied players share the points of the places they occupy together, rounded down
    (medium 5+3 -> 4 each). See docs/rebirth.md.
    """
    sole, ranks = SETTLEMENT_PAYOUTS[settlement.size]
    owners = [tiles[s][0] for s in settlement.spaces if tiles[s][0] != NEUTRAL]
    if sole is not None and owners and len(owners) == settlement.size and len(set(owners)) == 1:
        return {owners[0]: sole}
    payout: dict[int, int] = {}
    place = 0
    for group in rank_groups(settlement_influence(settlement, tiles)):
        pool = sum(ranks[place + i] for i in range(len(group)) if place + i < len(ranks))
        share = pool // len(group)
        for seat in group:
            payout[seat] = share
        place += len(group)
    return {seat: points for seat, points in payout.items() if points}


def castle_strength(board: Board, tiles: Tiles, castle: str) -> dict[int, tuple[int, int]]:
    """Per seat: (adjacent tiles, adjacent farm tiles) around a castle."""
    strength: dict[int, tuple[int, int]] = {}
    for near in board.neighbours[castle]:
        tile = tiles.get(near)
        if tile and tile[0] != NEUTRAL:
            count, farms = strength.get(tile[0], (0, 0))
            strength[tile[0]] = (count + 1, farms + (tile[1] in FARMS))
    return strength


def castle_controller(
    board: Board, tiles: Tiles, castle: str, active: int, holder: int | None, players: int
) -> int | None:
    """Who controls `castle` after `active` placed a tile next to it.

    Most adjacent tiles; tie: most adjacent Energy and Food Farms; still tied: the active player.
    If the active player is not among the tied leaders, the current holder keeps it when tied;
    otherwise the earliest of them in seat order after the active player (docs/rebirth.md).
    """
    strength = castle_strength(board, tiles, castle)
    if not strength:
        return holder
    best = max(strength.values())
    leaders = [seat for seat, value in strength.items() if value == best]
    if len(leaders) == 1:
        return leaders[0]
    if active in leaders:
        return active
    if holder in leaders:
        return holder
    return min(leaders, key=lambda seat: (seat - active) % players)
