"""Revive's final scoring: every category of the rules text, and the artifact card's count."""

from __future__ import annotations

from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables


def final_scoring(tables: ReviveTables, state: ReviveState) -> None:
    """Every category of the text; no score-track bonuses during final scoring."""
    state.finished = True
    state.current = None
    state.stack = []
    artifacts = tables.content["artifacts"]
    breakdowns = []
    for index, me in enumerate(state.seats):
        tribe = tables.tribes[me["tribe"]]["sun"]
        techs = {tech["id"]: tech for tech in tribe["technologies"]}
        track = tribe["progress_track"]
        owned_colours = [tables.cards[card]["colour"] for card in me["owned_cards"]]
        parts = {
            "progress": track[min(me["progress"], len(track) - 1)],
            "technologies": sum(techs[tech]["points"] for tech in me["unlocked"]),
            "large_locations": large_location_points(tables, state, index),
            "machine_bonus": sum(
                tables.content["machine_tracks"]["bonus_points_per_card"] * owned_colours.count(colour)
                for colour in me.get("card_bonuses", [])
            ),
            "end_tile": artifacts["end_game_tile_points"] if state.end_tile == index else 0,
            "minors": artifacts["minors"]["points"] * me["minors"],
            "resources": sum(me["resources"].values()) // tables.rules["leftover_resources_per_point"],
            "artifact_card": artifact_card_points(tables, state, index),
        }
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
    majors = {major["id"]: major["colour"] for major in tables.content["artifacts"]["majors"]}
    card = next(c for c in tables.content["artifacts"]["cards"] if c["id"] == me["artifact_card"])
    held = [majors[m] for m in me["majors"]]
    total = 0
    for category in card["categories"]:
        value = (count(state, seat, category["counts"]) // category["per"]) * category["points"]
        total += value * (1 + held.count(category["colour"]))
    return total


def count(state: ReviveState, seat: int, what: str) -> int:
    """The quantities artifact cards count."""
    me = state.seats[seat]
    mine = [kind for pieces in state.pieces.values() for owner, kind in pieces if owner == seat]
    counts: dict[str, int] = {
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
