"""Setting up a Revive game: the general setup and each player's, as the rules text lists them.

Every shuffle is drawn, in this order, from one generator seeded by the game's seed, so the
seed alone replays the setup (stored games rely on the order never changing).
"""

from __future__ import annotations

import random
from typing import Any

from engine.base import RULES_OPTION
from engine.errors import IllegalMove
from engine.revive.state import ReviveState
from engine.revive.tables import RULES_VERSION, RULES_VERSIONS, ReviveTables

MIN_PLAYERS = 2
MAX_PLAYERS = 4


def new_game(tables: ReviveTables, players: int, options: dict[str, Any], seed: int) -> ReviveState:
    """A fresh game for `players` seats under the rules version `options["rules"]` (absent:
    the current one, `RULES_VERSION`); the first player is drawn from the seed too."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalMove("error.players_range", low=MIN_PLAYERS, high=MAX_PLAYERS)
    version = options.get(RULES_OPTION, RULES_VERSION)
    if version not in RULES_VERSIONS:
        raise IllegalMove("error.rules_version", version=str(version)[:10])
    rng = random.Random(f"revive:{seed}")
    state = ReviveState(players=players, seed=seed, current=rng.randrange(players))
    _place_tiles(tables.content, state, rng)
    _place_large_locations(tables.content, state, rng)
    _deal_piles(tables, state, rng)
    _seat_players(tables, state, rng)
    state.rules = version
    return state


def _place_tiles(content: dict[str, Any], state: ReviveState, rng: random.Random) -> None:
    """Area tiles: starting tiles face up on the start slots, the others face down."""
    slots = content["board"]["slots"]
    for role, start in (("start", True), ("face_down", False)):
        tiles = [tile["id"] for tile in content["tiles"] if tile["start"] is start]
        rng.shuffle(tiles)
        for slot, tile in zip((s["id"] for s in slots if s["role"] == role), tiles, strict=True):
            state.board[slot] = {"tile": tile, "rotation": 0, "face_up": start, "explorer": None}


def _place_large_locations(content: dict[str, Any], state: ReviveState, rng: random.Random) -> None:
    """Large locations: one per corner, a random side up; the rest go back to the box."""
    large = [location["id"] for location in content["large_locations"]]
    rng.shuffle(large)
    sides = {location["id"]: location["sides"] for location in content["large_locations"]}
    for corner, location in zip(content["board"]["corners"], large, strict=False):
        side = rng.choice(sides[location])
        state.corners[corner["id"]] = {"location": location, "side": side["side"], "population": []}


def _deal_piles(tables: ReviveTables, state: ReviveState, rng: random.Random) -> None:
    """Decks and displays: citizens, modules, crates, machines by colour, minor artifacts, and
    the major artifacts in the crater for this player count."""
    content = tables.content
    citizens = [card["id"] for card in content["citizens"]["market"]]
    modules = [module["id"] for module in content["modules"]]
    crates = [crate["id"] for crate in content["crates"]]
    for deck in (citizens, modules, crates):
        rng.shuffle(deck)
    machine_piles = {}
    for colour in tables.rules["machine_colours"]:
        pile = [m["id"] for m in content["machines"] if m["colour"] == colour]
        rng.shuffle(pile)
        machine_piles[colour] = pile
    displays = tables.rules["displays"]
    state.displays = {
        "citizens": [citizens.pop(0) for _ in range(displays["citizens"])],
        "modules": [modules.pop(0) for _ in range(displays["modules"])],
        "machines": {
            colour: [pile.pop(0) for _ in range(displays["machines_per_colour"])]
            for colour, pile in machine_piles.items()
        },
    }
    state.decks = {
        "citizens": citizens,
        "modules": modules,
        "crates": crates,
        "machines": machine_piles,
        "minors": content["artifacts"]["minors"]["count"],
    }
    state.crater = [
        major["id"] for major in content["artifacts"]["majors"] if major["players"] <= state.players
    ]


def _seat_players(tables: ReviveTables, state: ReviveState, rng: random.Random) -> None:
    """Players: a random tribe, a starting set of one letter, a secret artifact card."""
    content = tables.content
    tribes = sorted(tables.tribes)
    rng.shuffle(tribes)
    letters = sorted({card["set"] for card in content["citizens"]["starting"]})
    rng.shuffle(letters)
    artifact_cards = [card["id"] for card in content["artifacts"]["cards"]]
    rng.shuffle(artifact_cards)
    for seat in range(state.players):
        start_cards = [c["id"] for c in content["citizens"]["starting"] if c["set"] == letters[seat]]
        rng.shuffle(start_cards)
        state.seats.append(
            _player_board(tables, state, seat, tribes[seat], start_cards, artifact_cards[seat])
        )


def _player_board(
    tables: ReviveTables, state: ReviveState, seat: int, tribe_id: str, cards: list[str], artifact: str
) -> dict[str, Any]:
    """One seat's starting board; starting resources depend on the position in turn order."""
    rules = tables.rules
    tribe = tables.tribes[tribe_id]["sun"]
    hand = rules["starting_hand"]
    order = (seat - state.current) % state.players if state.current is not None else seat
    resources = {name: 0 for name in rules["resources"]["all"]}
    resources.update(rules["starting_resources"][order])
    return {
        "tribe": tribe_id,
        "resources": resources,
        "energy": rules["starting_energy"],
        "switch_used": False,
        "points": 0,
        "hibernation": 0,
        "progress": 0,  # markers on the progress track
        "tribe_markers": tribe["tribe_progress_markers"],
        "tracks": {colour: 0 for colour in rules["machine_colours"]},
        "active": cards[: hand["active"]],
        "resting": cards[hand["active"] :],
        "slots": {slot: [] for slot in tables.slots},
        "modules": {slot: [] for slot in tables.slots},
        "machines": [],
        "powered": [],
        "buildings": {"small": tribe["small_buildings"], "large": tribe["large_buildings"]},
        "unlocked": [],
        "crates": [],
        "opened": [],
        "artifact_card": artifact,
        "majors": [],
        "minors": 0,
        "owned_cards": [],  # market cards recruited (the machine-track card bonus)
        "water_taken": [],
        "bonuses_reached": [],
        "resigned": False,
    }
