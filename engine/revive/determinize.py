"""A Revive world one seat cannot tell from the real one (`Game.determinize`), for a search that
must not decide on what the seat cannot know (engine/base.py).

What `views.view(state, seat)` hides, and how each is drawn anew:

- face-down area tiles: only their backs show, so each slot gets a tile of the same back, from
  the tiles not face up on the board;
- the face-down piles (citizens, modules, machines by colour, crates): their order, and which
  of the unseen pieces they hold (a module discarded to make room is unseen too);
- the other seats' closed crates (a count shows): dealt with the crate pile from one pool;
- the other seats' artifact cards, from every card but the seat's own (until the final scoring
  shows them all);
- the other seats' resting cards (a count shows): their market cards recruited in the open and
  not in hand or played, and the rest of their starting set, whose letter a card in hand or
  played gives away (else it is drawn from the letters nobody shows); their order is drawn;
- the seed: a determinized world no longer replays from it, and it must not carry the real
  one, so it is drawn too (no rule reads it after setup).

Every pool is built from the content minus what the view shows, sorted, then shuffled, so the
result depends on the view and `rng` only, never on the hidden order. What the view leaves out
but is no secret is kept as it is: the decisions waiting under the open one (moves everyone saw
put them there), the final turns owed, and the explorer of a tile whose rotation is being chosen.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables

SEED_BITS = 128
"""A drawn seed as wide as a real one (service/tables.py `new_seed`)."""


def determinize(tables: ReviveTables, state: ReviveState, seat: int, rng: random.Random) -> ReviveState:
    """A copy of `state` with everything hidden from `seat` drawn from `rng` (the module's
    docstring lists what); `state` is left unchanged."""
    world = state.copy()
    world.seed = rng.getrandbits(SEED_BITS)
    _draw_tiles(tables, world, rng)
    _draw_citizens(tables, world, seat, rng)
    _draw_modules(tables, world, rng)
    _draw_machines(tables, world, rng)
    _draw_crates(tables, world, seat, rng)
    _draw_artifact_cards(tables, world, seat, rng)
    return world


def _shuffled(pool: Iterable[str], rng: random.Random) -> list[str]:
    """`pool` in a canonical order (sorted), then shuffled: the same draw for the same pool,
    however the state happened to store it."""
    ordered = sorted(pool)
    rng.shuffle(ordered)
    return ordered


def _deal(pool: list[str], count: int, what: str) -> list[str]:
    """The next `count` pieces of a shuffled `pool` (taken off it)."""
    if count > len(pool):
        raise AssertionError(f"{count} hidden {what} but only {len(pool)} unseen")
    dealt = pool[:count]
    del pool[:count]
    return dealt


def _back_of(tables: ReviveTables, tile: str) -> tuple[tuple[tuple[str, int], ...], int]:
    """What a face-down tile shows: its back's cost and points, as a key."""
    back = tables.area_tiles[tile]["back"]
    return tuple(sorted(back["cost"].items())), back["points"]


def _draw_tiles(tables: ReviveTables, world: ReviveState, rng: random.Random) -> None:
    """Each face-down slot gets an unseen tile with the back it shows."""
    shown = {placed["tile"] for placed in world.board.values() if placed["face_up"]}
    hidden = sorted(slot for slot, placed in world.board.items() if not placed["face_up"])
    slots_by_back: dict[Any, list[str]] = {}
    for slot in hidden:
        slots_by_back.setdefault(_back_of(tables, world.board[slot]["tile"]), []).append(slot)
    unseen = [tile for tile, content in tables.area_tiles.items() if tile not in shown and "back" in content]
    for back, slots in sorted(slots_by_back.items()):
        pool = _shuffled((tile for tile in unseen if _back_of(tables, tile) == back), rng)
        for slot, tile in zip(slots, _deal(pool, len(slots), "tiles"), strict=True):
            world.board[slot]["tile"] = tile


def _played(me: dict[str, Any]) -> list[str]:
    """The cards a seat shows: in hand (active) and played into its slots."""
    played: list[str] = me["active"] + [card for cards in me["slots"].values() for card in cards]
    return played


def _draw_citizens(tables: ReviveTables, world: ReviveState, seat: int, rng: random.Random) -> None:
    """The citizen deck from the market cards nobody holds or shows, then each other seat's
    resting cards: its recruited cards not shown, and the rest of its starting set."""
    market = [card["id"] for card in tables.content["citizens"]["market"]]
    shown = set(world.displays["citizens"]) | {card for me in world.seats for card in me["owned_cards"]}
    pool = _shuffled((card for card in market if card not in shown), rng)
    world.decks["citizens"] = _deal(pool, len(world.decks["citizens"]), "citizen cards")
    sets: dict[str, list[str]] = {}
    for card in tables.content["citizens"]["starting"]:
        sets.setdefault(card["set"], []).append(card["id"])
    letters = {seat: _letter_of(tables, _played(world.seats[seat]) + world.seats[seat]["resting"])}
    others = [other for other in range(world.players) if other != seat]
    for other in others:
        letters[other] = _letter_of(tables, _played(world.seats[other]))
    unclaimed = _shuffled((letter for letter in sets if letter not in letters.values()), rng)
    for other in others:
        me = world.seats[other]
        letter = letters[other] or _deal(unclaimed, 1, "starting sets")[0]
        shows = set(_played(me))
        cards = [card for card in me["owned_cards"] + sets[letter] if card not in shows]
        if len(cards) != len(me["resting"]):
            raise AssertionError(f"seat {other} rests {len(me['resting'])} cards, {len(cards)} inferred")
        me["resting"] = _shuffled(cards, rng)


def _letter_of(tables: ReviveTables, cards: list[str]) -> str | None:
    """The starting set these cards give away (None when none is a starting card)."""
    return next((tables.cards[card]["set"] for card in cards if "set" in tables.cards[card]), None)


def _draw_modules(tables: ReviveTables, world: ReviveState, rng: random.Random) -> None:
    """The module pile from the modules neither displayed nor held."""
    held = {module for me in world.seats for modules in me["modules"].values() for module in modules}
    shown = held | set(world.displays["modules"])
    pool = _shuffled((module for module in tables.modules if module not in shown), rng)
    world.decks["modules"] = _deal(pool, len(world.decks["modules"]), "modules")


def _draw_machines(tables: ReviveTables, world: ReviveState, rng: random.Random) -> None:
    """Each colour's machine pile from its machines neither displayed nor held."""
    held = {machine for me in world.seats for machine in me["machines"]}
    for colour in tables.rules["machine_colours"]:
        shown = held | set(world.displays["machines"][colour])
        of_colour = [m for m, machine in tables.machines.items() if machine["colour"] == colour]
        pool = _shuffled((machine for machine in of_colour if machine not in shown), rng)
        world.decks["machines"][colour] = _deal(pool, len(world.decks["machines"][colour]), "machines")


def _draw_crates(tables: ReviveTables, world: ReviveState, seat: int, rng: random.Random) -> None:
    """The crate pile and the other seats' closed crates, dealt from one pool: the crates
    neither opened nor held closed by `seat`."""
    shown = set(world.seats[seat]["crates"]) | {crate for me in world.seats for crate in me["opened"]}
    pool = _shuffled((crate for crate in tables.crates if crate not in shown), rng)
    world.decks["crates"] = _deal(pool, len(world.decks["crates"]), "crates")
    for other, me in enumerate(world.seats):
        if other != seat:
            me["crates"] = _deal(pool, len(me["crates"]), "crates")


def _draw_artifact_cards(tables: ReviveTables, world: ReviveState, seat: int, rng: random.Random) -> None:
    """The other seats' secret artifact cards, from every card but `seat`'s own (none drawn
    once the final scoring has shown them)."""
    if world.final:
        return
    own = world.seats[seat]["artifact_card"]
    cards = [card["id"] for card in tables.content["artifacts"]["cards"]]
    pool = _shuffled((card for card in cards if card != own), rng)
    for other, me in enumerate(world.seats):
        if other != seat:
            me["artifact_card"] = _deal(pool, 1, "artifact cards")[0]
