"""Revive's final scoring: every category of the rules text, and the artifact card's count."""

from __future__ import annotations

from collections.abc import Callable

from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables


def final_scoring(tables: ReviveTables, state: ReviveState) -> None:
    """Every category of the text; no score-track bonuses during final scoring."""
    state.finished = True
    state.current = None
    state.stack = []
    breakdowns = []
    for index, me in enumerate(state.seats):
        parts = final_parts(tables, state, index)
        me["points"] += sum(parts.values())
        breakdowns.append(parts)
    playing = [i for i, me in enumerate(state.seats) if not me["resigned"]]  # a resigned seat cannot win
    best = max(state.seats[i]["points"] for i in playing)
    tied = [i for i in playing if state.seats[i]["points"] == best]
    decided = "score"
    if len(tied) > 1:  # most remaining (version 2: unscored) resources, then machine tracks
        for key in (
            lambda i: tie_resources(tables, state, i),
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


def final_parts(tables: ReviveTables, state: ReviveState, seat: int) -> dict[str, int]:
    """What the final scoring adds to `seat`'s points, by category (its breakdown); `state` is
    only read, so the fallback values a seat by it without copying the state."""
    me = state.seats[seat]
    artifacts = tables.content["artifacts"]
    tribe = tables.tribes[me["tribe"]]["sun"]
    techs = tables.technologies[me["tribe"]]
    track = tribe["progress_track"]
    owned_colours = [tables.cards[card]["colour"] for card in me["owned_cards"]]
    return {
        "progress": track[min(me["progress"], len(track) - 1)],
        "technologies": sum(techs[tech]["points"] for tech in me["unlocked"]),
        "large_locations": large_location_points(tables, state, seat),
        "machine_bonus": sum(
            tables.content["machine_tracks"]["bonus_points_per_card"] * owned_colours.count(colour)
            for colour in me.get("card_bonuses", [])
        ),
        "end_tile": artifacts["end_game_tile_points"] if state.end_tile == seat else 0,
        "minors": artifacts["minors"]["points"] * me["minors"],
        "resources": sum(me["resources"].values()) // tables.rules["leftover_resources_per_point"],
        "artifact_card": artifact_card_points(tables, state, seat),
    }


def tie_resources(tables: ReviveTables, state: ReviveState, seat: int) -> int:
    """The first tie-break, "most remaining unscored resources". Version 1: every remaining
    resource. Version 2: what is left after 1 point per 3 was counted (7 gears: 1)."""
    left: int = sum(state.seats[seat]["resources"].values())
    per_point: int = tables.rules["leftover_resources_per_point"]
    return left % per_point if state.rules >= 2 else left


def large_location_points(tables: ReviveTables, state: ReviveState, seat: int) -> int:
    return sum(
        tables.large_sides[corner["location"]][corner["side"]]["points"]
        for corner in state.corners.values()
        if seat in corner["population"]
    )


def artifact_card_points(tables: ReviveTables, state: ReviveState, seat: int) -> int:
    """Each category once, plus once per major artifact of its colour held."""
    me = state.seats[seat]
    card = tables.artifact_cards[me["artifact_card"]]
    held = [tables.major_colours[m] for m in me["majors"]]
    total = 0
    for category in card["categories"]:
        value = (count(state, seat, category["counts"]) // category["per"]) * category["points"]
        total += value * (1 + held.count(category["colour"]))
    return total


def count(state: ReviveState, seat: int, what: str) -> int:
    """The quantities artifact cards count (0 for one they do not name); only the one asked
    for is counted: the fallback values every legal move by the final scoring."""
    counter = _COUNTS.get(what)
    return counter(state, seat) if counter is not None else 0


def _buildings(state: ReviveState, seat: int) -> list[str]:
    """The kinds of `seat`'s pieces on the board."""
    return [kind for pieces in state.pieces.values() for owner, kind in pieces if owner == seat]


_COUNTS: dict[str, Callable[[ReviveState, int], int]] = {
    "buildings": lambda state, seat: sum(kind in ("small", "large") for kind in _buildings(state, seat)),
    "small_buildings": lambda state, seat: _buildings(state, seat).count("small"),
    "large_buildings": lambda state, seat: _buildings(state, seat).count("large"),
    "population": lambda state, seat: _buildings(state, seat).count("population"),
    "large_locations": lambda state, seat: sum(seat in big["population"] for big in state.corners.values()),
    "explored_tiles": lambda state, seat: sum(tile["explorer"] == seat for tile in state.board.values()),
    "technologies": lambda state, seat: len(state.seats[seat]["unlocked"]),
    "modules": lambda state, seat: sum(len(held) for held in state.seats[seat]["modules"].values()),
    "machines": lambda state, seat: len(state.seats[seat]["machines"]),
    "crates": lambda state, seat: len(state.seats[seat]["opened"]),
    "citizens": lambda state, seat: len(state.seats[seat]["owned_cards"]),
    "machine_steps": lambda state, seat: sum(state.seats[seat]["tracks"].values()),
    "water": lambda state, seat: len(state.seats[seat]["water_taken"]),
}
"""How each quantity an artifact card counts is counted, for a state and a seat."""


def scores(state: ReviveState) -> list[int]:
    """Each seat's points now."""
    return [seat["points"] for seat in state.seats]


def score_if_ended(tables: ReviveTables, state: ReviveState) -> list[int]:
    """Each seat's total if the game ended now: the final scoring run on a copy."""
    if state.finished:
        return scores(state)
    ended = state.copy()
    final_scoring(tables, ended)
    return scores(ended)
