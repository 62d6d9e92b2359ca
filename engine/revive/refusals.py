"""Why a Revive move is refused: the rule it breaks or the resources it lacks, as a key and
facts (`IllegalMove`), never words (presenters/errors.py words them).

`apply` asks `why_not` only for a move that is not legal now, so this module reads the typed
words forgivingly (any case, `top left` for `top_left`) and checks, in the order a player would
look, what stands in the way: an open question to answer first, the turn's two actions used,
a card not in hand, a slot taken, a tile out of reach, the food and gears short. When nothing it
knows explains the refusal it returns None, and the refusal stays the generic one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from engine.errors import IllegalMove, Phrase
from engine.revive import costs
from engine.revive.moves import MAIN_ACTIONS, vacant
from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables

ANSWERS = frozenset(
    {
        "take", "trade", "stop", "option", "track", "reward", "recruit", "machine", "module",
        "artifact", "remove", "rotate", "skip", "pass",
    }
)  # fmt: skip
"""First words of the answers to an open decision."""
RESOURCES = ("crystal", "gear", "book", "food", "energy")
"""The order a cost is worded in (the player board's)."""


def why_not(tables: ReviveTables, state: ReviveState, seat: int, text: str) -> IllegalMove | None:
    """Why `seat` (the seat to move) may not play `text`, which is not a legal move now; None
    when the words name no rule this module knows."""
    words = text.split()
    if not words:
        return None
    verb, args = words[0].lower(), words[1:]
    me = state.seats[seat]
    frame = state.stack[-1] if state.stack else None
    if frame is not None:
        if verb == "crystal" and seat == state.current:
            return _crystal(tables, me, args)
        if frame["kind"] == "action" and verb == frame["action"]:
            return _action(tables, state, seat, verb, args)  # the free action a card gave
        if verb in ANSWERS:
            return None  # an answer, but not one this question takes: the list shows them
        return IllegalMove("error.revive.why.answer_first")
    if verb in ANSWERS:
        return IllegalMove("error.revive.why.no_question")
    hibernated = me.get("hibernating", False)
    if verb == "hibernate":
        if hibernated:
            return IllegalMove("error.revive.why.hibernated_already")
        return IllegalMove("error.revive.why.hibernate_after_action")
    if verb == "end":
        return IllegalMove("error.revive.why.end_before_action")
    if verb in MAIN_ACTIONS:
        if hibernated:
            return IllegalMove("error.revive.why.hibernated")
        limit = tables.rules["actions_per_turn"]
        if state.actions_taken >= limit:
            return IllegalMove("error.revive.why.actions_used", count=limit)
    return _action(tables, state, seat, verb, args)


def _action(
    tables: ReviveTables, state: ReviveState, seat: int, verb: str, args: list[str]
) -> IllegalMove | None:
    """What stands in the way of one action or free action, by its verb."""
    me = state.seats[seat]
    if verb == "play":
        return _play(tables, me, args)
    if verb == "switch":
        if me["switch_used"]:
            return IllegalMove("error.revive.why.switch_used")
        return _basic(tables, args)
    if verb == "crystal":
        return _crystal(tables, me, args)
    if verb == "use":
        return _use(tables, me, args)
    if verb == "open":
        return _open(tables, me, args)
    if verb == "explore":
        return _explore(tables, state, seat, args)
    if verb == "build":
        return _build(tables, state, seat, args)
    if verb == "populate":
        return _populate(tables, state, seat, args)
    return None


# ---------------------------------------------------------------- cards and free actions


def _play(tables: ReviveTables, me: dict[str, Any], args: list[str]) -> IllegalMove | None:
    card = _named(args[:1], tables.cards)
    slot = _slot(tables, args[1:])
    if card is None:
        return IllegalMove("error.revive.why.name_card")
    if card in me["resting"]:
        return IllegalMove("error.revive.why.card_resting", card=card)
    if any(card in played for played in me["slots"].values()):
        return IllegalMove("error.revive.why.card_played", card=card)
    if card not in me["active"]:
        return IllegalMove("error.revive.why.no_card", card=card)
    if slot is None:
        return IllegalMove("error.revive.why.name_slot")
    if not vacant(tables, me, slot):
        top = me["slots"][slot][-1]
        return IllegalMove("error.revive.why.slot_taken", slot=_slot_word(slot), card=top)
    return None


def _basic(tables: ReviveTables, args: list[str]) -> IllegalMove | None:
    if _named(args[:1], tables.basic) is None:
        return IllegalMove("error.revive.why.basic_only")
    return None


def _crystal(tables: ReviveTables, me: dict[str, Any], args: list[str]) -> IllegalMove | None:
    if me["resources"]["crystal"] <= 0:
        return IllegalMove("error.revive.why.no_crystal")
    resource = _named(args[:1], tables.basic)
    if resource is None:
        return IllegalMove("error.revive.why.basic_only")
    limit = tables.limits[resource]
    if me["resources"][resource] >= limit:
        return IllegalMove("error.revive.why.resource_full", resource=_amount(resource, limit))
    return None


def _use(tables: ReviveTables, me: dict[str, Any], args: list[str]) -> IllegalMove | None:
    machine = _named(args[:1], tables.machines)
    if machine is None or machine not in me["machines"]:
        return IllegalMove("error.revive.why.no_machine", machine=machine or " ".join(args)[:12])
    if machine in me["powered"]:
        return IllegalMove("error.revive.why.machine_used", machine=machine)
    if me["energy"] <= 0:
        return IllegalMove("error.revive.why.no_energy")
    return None


def _open(tables: ReviveTables, me: dict[str, Any], args: list[str]) -> IllegalMove | None:
    crate = _named(args[:1], tables.crates)
    if crate is not None and crate in me["opened"]:
        return IllegalMove("error.revive.why.crate_opened", crate=crate)
    if crate is None or crate not in me["crates"]:
        return IllegalMove("error.revive.why.no_crate", crate=crate or " ".join(args)[:12])
    return None


# ---------------------------------------------------------------- actions on the board


def _explore(tables: ReviveTables, state: ReviveState, seat: int, args: list[str]) -> IllegalMove | None:
    slot = _named(args[:1], state.board)
    if slot is None:
        return IllegalMove("error.revive.why.name_tile")
    if state.board[slot]["face_up"]:
        return IllegalMove("error.revive.why.explored", tile=slot)
    reach = costs.explore_cost(tables, costs.range_costs(tables, state, seat), slot)
    if reach is None:
        return IllegalMove("error.revive.why.unreachable", place=slot)
    me = state.seats[seat]
    back = tables.area_tiles[state.board[slot]["tile"]]["back"]["cost"]
    off = _named(args[2:3], back)
    cost = costs.discounted_cost(tables, me, "explore", back, reach, off=off)
    return _short(me, cost, reach, Phrase("error.revive.doing.explore", tile=slot))


def _build(tables: ReviveTables, state: ReviveState, seat: int, args: list[str]) -> IllegalMove | None:
    size = _named(args, ("small", "large"))
    space = _named(args, _spaces(tables))
    if size is None:
        return IllegalMove("error.revive.why.name_size")
    if space is None:
        return IllegalMove("error.revive.why.name_space")
    me = state.seats[seat]
    if me["buildings"][size] <= 0:
        return IllegalMove("error.revive.why.no_building", building=Phrase(f"revive.building.{size}"))
    refused = _on_board(tables, state, space)
    if refused is not None:
        return refused
    kind = costs.space_type(tables, state, space)
    if kind is None or kind["type"] != "sand":
        return IllegalMove("error.revive.why.not_sand", space=space)
    if state.pieces.get(space):
        return IllegalMove("error.revive.why.occupied", space=space)
    reach = costs.cost_to(costs.range_costs(tables, state, seat), space)
    if reach is None:
        return IllegalMove("error.revive.why.unreachable", place=space)
    cost = costs.discounted_cost(tables, me, "build", tables.rules["building_cost"][size], reach)
    doing = Phrase("error.revive.doing.build", building=Phrase(f"revive.building.{size}"), space=space)
    return _short(me, cost, reach, doing)


def _populate(tables: ReviveTables, state: ReviveState, seat: int, args: list[str]) -> IllegalMove | None:
    me = state.seats[seat]
    techs = tables.technologies[me["tribe"]]
    space = _named(args[:1], _spaces(tables))
    tech_id = _named(args[1:2], techs)
    if space is None:
        return IllegalMove("error.revive.why.name_location")
    refused = _on_board(tables, state, space)
    if refused is not None:
        return refused
    kind = costs.space_type(tables, state, space)
    if space not in tables.board.corners and (kind is None or kind["type"] != "location"):
        return IllegalMove("error.revive.why.not_location", space=space)
    if any(piece[0] == seat for piece in state.pieces.get(space, [])):
        return IllegalMove("error.revive.why.populated", space=space)
    candidates = [tech["id"] for tech in costs.populate_candidates(tables, me)]
    if tech_id is None or tech_id not in candidates:
        if tech_id in me["unlocked"]:
            return IllegalMove("error.revive.why.tech_unlocked", tech=tech_id)
        if not me["unlocked"]:
            return IllegalMove("error.revive.why.tech_first", tech=candidates[0])
        if not candidates:
            return IllegalMove("error.revive.why.no_tech_left")
        return IllegalMove("error.revive.why.tech_linked", techs=", ".join(candidates))
    reach = costs.cost_to(costs.range_costs(tables, state, seat), space)
    if reach is None:
        return IllegalMove("error.revive.why.unreachable", place=space)
    cost, _ = costs.populate_cost(tables, state, seat, space, techs[tech_id], reach)
    return _short(me, cost, reach, Phrase("error.revive.doing.populate", space=space, tech=tech_id))


def _on_board(tables: ReviveTables, state: ReviveState, space: str) -> IllegalMove | None:
    """A space on a tile nobody has explored yet takes no piece."""
    slot = tables.board.slot_of.get(space)
    if slot in state.board and not state.board[slot]["face_up"]:
        return IllegalMove("error.revive.why.face_down", space=space, tile=slot)
    return None


def _short(me: dict[str, Any], cost: Mapping[str, int], reach: int, doing: Phrase) -> IllegalMove | None:
    """The refusal of an action `me` cannot pay for: what it costs (with the food for range),
    what they have of it, and what is short; None when they can pay."""
    cost = {name: amount for name, amount in cost.items() if amount > 0}
    short = {name: amount - me["resources"].get(name, 0) for name, amount in cost.items()}
    short = {name: amount for name, amount in short.items() if amount > 0}
    if not short:
        return None
    have = {name: me["resources"].get(name, 0) for name in cost}
    return IllegalMove(
        "error.revive.why.short" if reach else "error.revive.why.short_no_range",
        doing=doing,
        cost=_amounts(cost),
        range=_amount("food", reach),
        have=_amounts(have),
        short=_amounts(short),
    )


# ---------------------------------------------------------------- reading the words


def _named(words: Iterable[str], known: Iterable[str]) -> str | None:
    """The known id one of `words` names in any case (`f02` is `F02`), or None."""
    by_fold = {name.casefold(): name for name in known}
    for word in words:
        if word.casefold() in by_fold:
            return by_fold[word.casefold()]
    return None


def _slot(tables: ReviveTables, words: list[str]) -> str | None:
    """The card slot `top_left`, typed `top left`, `Top-Left` or `top_left`."""
    typed = "_".join(part for part in re.split(r"[\s_-]+", " ".join(words).casefold()) if part)
    return typed if typed in tables.slots else None


def _spaces(tables: ReviveTables) -> list[str]:
    return [*tables.board.slot_of, *tables.board.corners]


def _slot_word(slot: str) -> Phrase:
    return Phrase(f"revive.slot.{slot}")


def _amount(name: str, count: int) -> Phrase:
    """`3 food`, `1 gear` in the reader's language."""
    return Phrase("error.revive.amount", count=count, noun=Phrase(f"revive.noun.{name}", count=count))


def _amounts(resources: Mapping[str, int]) -> tuple[Phrase, ...]:
    """A list of amounts in the player board's order."""
    order = sorted(resources, key=lambda name: RESOURCES.index(name) if name in RESOURCES else len(RESOURCES))
    return tuple(_amount(name, resources[name]) for name in order)
