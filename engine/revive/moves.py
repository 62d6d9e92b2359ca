"""Revive's moves: which are legal now (the main and free actions, or the answers to the open
decision), each move's facts for a presenter to word, and reading the notation (a typed move in
any case and spacing; a stored move's words by name).

Notation:
- `play A1 top_left`: play the card with that id into a vacant card slot;
- `switch gear`: use the switch token for a basic resource;
- `crystal food`: free action, trade 1 crystal for a basic resource;
- `explore F03` (`explore F03 off gear`: a discount off gear first), `build small S1.3`,
  `populate S1.3 T2`, `use MG3`, `open C4`;
- `hibernate`, `end`;
- answers to the open decision: `take gear` (gain_any), `trade book food` / `stop` (trade),
  `option 2` (choice), `track green` (machine_step any), `reward 3` (hibernation reward),
  `recruit C12` / `recruit deck`, `machine MG3`, `module M05 top_left`, `artifact A2`,
  `remove A2`, `rotate 3`, `skip`, `pass`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.base import MoveFacts
from engine.revive import costs
from engine.revive.actions import play_effects
from engine.revive.state import ReviveState, seat_to_move
from engine.revive.tables import ReviveTables
from engine.revive.views import NotationFacts

RANK = {
    "play": 80,
    "explore": 70,
    "populate": 65,
    "build": 60,
    "switch": 50,
    "crystal": 40,
    "use": 40,
    "open": 40,
}
"""The order moves are offered in, higher first: an answer to the open decision (100, any verb
not listed), then the actions, then the free actions. Ending the turn is ranked by `rank_of`."""
ENDING_FIRST = 90
"""`end` or `hibernate` when no main action is left: the move the player most likely wants."""
END_AFTER_ACTIONS = 45
"""`end` while a main action is left: after the actions, before the free actions."""
HIBERNATE_LAST = 0
"""`hibernate` while a main action is left: last, so it is never the list's first choice (the
one a player sends by pressing Enter) by accident."""
MAIN_ACTIONS = frozenset({"play", "switch", "explore", "build", "populate"})
"""First words of the main actions (two a turn)."""
UNPREVIEWED = frozenset(
    {"play", "end", "hibernate", "pass", "skip", "stop", "crystal", "take", "trade", "switch"}
)
"""Moves whose facts already say what they change (or that change nothing worth a preview)."""


class LegalMoves:
    """`list_moves` for the seat to move; with a `move` given, only the moves that could be it.

    Listing every move is the costly part of a move (range and prices over the whole board).
    A whole listing is kept on the state it lists (`ReviveState.keep_moves`): a search or a
    front end lists a state's moves and then plays one of them, and `apply` checks it against
    the kept list. Without one, `apply` asks for the moves of that move's target alone
    (`focus_of`): one face-down tile, one space, one corner. A state changed in place after its
    moves were listed (as tests set states up) must `forget_moves` first; a copy starts without
    them."""

    def __init__(self, tables: ReviveTables) -> None:
        self.tables = tables

    def __call__(self, state: ReviveState, seat: int, move: str | None = None) -> list[str]:
        """Every move `seat` may make now (empty when it is not their turn); with `move`, the
        same list but for the explore, build and populate moves of other targets than its own.
        A whole listing is kept on `state` and answered from there the next time."""
        if state.finished or seat != seat_to_move(state):
            return []
        if move is not None:
            return list_moves(self.tables, state, seat, focus_of(move))
        kept = state.kept_moves(seat)
        if kept is None:
            kept = list_moves(self.tables, state, seat)
            state.keep_moves(seat, kept)
        return list(kept)


Focus = tuple[str, str]
"""An action's verb (explore, build, populate) and the place it targets (a tile slot, a space
or a corner): the only action moves a focused listing names."""
UNTARGETED: Focus = ("", "")
"""The focus of a move that is no explore, build or populate: a listing without those."""


def focus_of(move: str) -> Focus:
    """The verb and place of an explore, build or populate move (`explore F03 off gear`: F03;
    `build small S1.3`: S1.3; `populate NW T2`: NW), else `UNTARGETED`."""
    words = move.split()
    if len(words) > 1 and words[0] in ("explore", "populate"):
        return words[0], words[1]
    if len(words) > 2 and words[0] == "build":
        return words[0], words[2]
    return UNTARGETED


def list_moves(tables: ReviveTables, state: ReviveState, seat: int, focus: Focus | None = None) -> list[str]:
    """Every move `seat`, the seat to move, may make now: the answers to the open decision
    (and crystal trades in their own turn), or the actions, free actions and `end`/`hibernate`.
    With `focus`, the explore, build and populate moves are only those of its verb and place."""
    me = state.seats[seat]
    if state.stack:
        # A decision whose pile was emptied by an earlier one in the same chain gives nothing.
        answers = frame_moves(tables, state, seat, state.stack[-1], focus) or ["pass"]
        if seat == state.current:  # crystals trade "at any time" in your turn, mid-action too
            answers += crystal_moves(tables, me)
        return answers
    moves: list[str] = []
    hibernated = me.get("hibernating", False)  # version 2: free actions after it, then `end`
    if state.actions_taken < tables.rules["actions_per_turn"] and not hibernated:
        open_slots = [slot for slot in tables.slots if vacant(tables, me, slot)]
        moves += [f"play {card} {slot}" for card in me["active"] for slot in open_slots]
        if not me["switch_used"]:
            moves += [f"switch {resource}" for resource in tables.basic]
        moves += action_moves(tables, state, seat, focus)
    moves += crystal_moves(tables, me)
    if me["energy"] > 0:
        moves += [f"use {machine}" for machine in me["machines"] if machine not in me["powered"]]
    moves += [f"open {crate}" for crate in me["crates"]]
    moves.append("end" if state.actions_taken or hibernated else "hibernate")
    return moves


def crystal_moves(tables: ReviveTables, me: dict[str, Any]) -> list[str]:
    if me["resources"]["crystal"] <= 0:
        return []
    return [f"crystal {r}" for r in tables.basic if me["resources"][r] < tables.limits[r]]


def vacant(tables: ReviveTables, me: dict[str, Any], slot: str) -> bool:
    """Whether a card may be played into `slot`: it is empty, or its last card has the slot symbol."""
    played = me["slots"][slot]
    return not played or tables.cards[played[-1]]["slot_symbol"]


def frame_moves(
    tables: ReviveTables, state: ReviveState, seat: int, frame: dict[str, Any], focus: Focus | None = None
) -> list[str]:
    me = state.seats[seat]
    kind = frame["kind"]
    if kind == "gain_any":
        return [f"take {r}" for r in tables.basic]
    if kind == "trade":
        trades = [
            f"trade {give} {get}"
            for give in tables.basic
            for get in tables.basic
            if give != get and me["resources"][give] > 0
        ]
        return [*trades, "stop"]
    if kind == "choice":
        return [f"option {n}" for n in range(1, len(frame["options"]) + 1)]
    if kind == "track":
        return [f"track {colour}" for colour in tables.rules["machine_colours"]]
    if kind == "reward":
        return [f"reward {n}" for n in range(1, me["hibernation"] + 1) if tables.hibernation[n]["effects"]]
    if kind == "recruit":
        return [f"recruit {card}" for card in state.displays["citizens"]] + (
            ["recruit deck"] if state.decks["citizens"] else []
        )
    if kind == "machine_token":
        if state.rules >= 2 and len(me["machines"]) >= tables.rules["player_board"]["machine_spaces"]:
            return []  # version 2: no free space left when it resolves, so only `pass`
        colours = tables.rules["machine_colours"] if frame["colour"] == "any" else [frame["colour"]]
        return [f"machine {m}" for colour in colours for m in state.displays["machines"][colour]]
    if kind == "module":
        room = tables.rules["player_board"]["module_spaces_per_slot"]
        moves = []
        for module in state.displays["modules"]:
            for slot in tables.slots:
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
        targets = action_moves(tables, state, seat, focus)
        return [m for m in targets if m.startswith(frame["action"])] + ["skip"]
    raise AssertionError(f"unknown frame {kind}")


def action_moves(
    tables: ReviveTables, state: ReviveState, seat: int, focus: Focus | None = None
) -> list[str]:
    """Explore, build and populate targets the player can reach and pay for now (with `focus`,
    only its verb's moves at its place): the face-down tiles in slot order, the sites (sand,
    locations) in the board's order, then the corners."""
    verb, place = focus if focus else (None, None)
    if verb not in (None, "explore", "build", "populate"):
        return []
    reach = costs.reach(tables, state, seat)
    prices = Prices(tables, state.seats[seat])
    moves = []
    if verb in (None, "explore"):
        moves += explore_moves(tables, state, prices, reach, place)
    if verb in (None, "build", "populate"):
        kinds = {"build": ("sand",), "populate": ("location",)}.get(verb or "", ("sand", "location"))
        moves += site_moves_in_reach(state, seat, prices, reach, kinds, place)
    if verb in (None, "populate"):
        for corner, distance in reach.corners:
            if not place or corner == place:
                moves += [
                    f"populate {corner} {tech}" for tech in prices.corner_techs(state, seat, corner, distance)
                ]
    return moves


def explore_moves(
    tables: ReviveTables, state: ReviveState, prices: Prices, reach: costs.Reach, place: str | None
) -> list[str]:
    """The face-down tiles in reach (only `place`, when given) the seat can pay for, with the
    resource a discount comes off first when it has the choice (`explore F03 off gear`)."""
    moves = []
    food = prices.me["resources"].get("food", 0)
    total = prices.totals["explore"]
    for slot, distance in reach.explore:
        if place and slot != place or food < prices.range_food(distance):
            continue  # not this target, or its range alone is more food than the seat holds
        back = tables.area_tiles[state.board[slot]["tile"]]["back"]["cost"]
        for off in costs.discount_parts(tables, prices.me, "explore", back, total) if total else (None,):
            if prices.fits(prices.explore(back, off), distance):
                moves.append(f"explore {slot} off {off}" if off else f"explore {slot}")
    return moves


def site_moves_in_reach(
    state: ReviveState,
    seat: int,
    prices: Prices,
    reach: costs.Reach,
    kinds: tuple[str, ...],
    place: str | None,
) -> list[str]:
    """The moves onto the sites of `kinds` in reach (only `place`, when given), in the board's
    order. The sites open to the seat at each range are bits (`costs.Reach.by_cost`, the
    layout's `site_bits`, `costs.Occupancy`), taken one by one only at the ranges the seat can
    pay: nearest first, a range (and a number of books owed) it cannot pay at any site is
    passed over whole, and the farther ones with it."""
    if place:
        kind, distance = reach.sites.get(place, ("", 0))
        return site_moves(state, seat, prices, place, kind, distance) if kind in kinds else []
    placed = costs.occupancy(prices.tables, state)
    board = reach.layout
    order = board.site_order
    found: list[tuple[int, list[str]]] = []
    if "sand" in kinds:
        empty = board.site_bits["sand"] & ~placed.taken
        for distance, ring in reach.by_cost:  # nearest first
            bits = ring & empty
            if not bits:
                continue
            sizes = prices.sizes(distance)
            if not sizes:
                break  # farther costs as much range or more (`Prices.range_food`)
            while bits:  # `costs.each_bit`, written out: this runs over every site listed
                low = bits & -bits
                index, space = order[low]
                found.append((index, _BUILDS[space][sizes]))
                bits ^= low
    if "location" in kinds:
        short = len(placed.crowds)  # the fewest figures at a range so far where nothing is paid
        locations = board.site_bits["location"] & ~placed.own[seat]
        for distance, ring in reach.by_cost:  # nearest first, fewest figures first
            here = ring & locations
            if not here:
                continue
            for others, crowd in enumerate(placed.crowds):
                if others >= short:
                    break  # as far or farther, and as many books owed or more
                bits = here & crowd
                if not bits:
                    continue
                techs = prices.techs(distance, others)
                if not techs:
                    short = others
                    break
                while bits:
                    low = bits & -bits
                    index, space = order[low]
                    found.append((index, [f"populate {space} {tech}" for tech in techs]))
                    bits ^= low
            if not short:
                break  # nothing is paid at this range, nor farther
    if len(found) > 1:
        found.sort(key=_first)  # the board's order; a site's own moves stay in theirs
    return [move for _, moves in found for move in moves]


def _first(pair: tuple[int, list[str]]) -> int:
    return pair[0]


BUILD_SIZES = (("small",), ("large",), ("small", "large"))
"""What `Prices.sizes` may give when not empty."""


def build_moves(space: str) -> dict[tuple[str, ...], list[str]]:
    """The moves building on `space`, for each choice of sizes the seat can build."""
    return {sizes: [f"build {size} {space}" for size in sizes] for sizes in BUILD_SIZES}


class _BuildMoves(dict[str, dict[tuple[str, ...], list[str]]]):
    """`build_moves` of each space, found once."""

    def __missing__(self, space: str) -> dict[tuple[str, ...], list[str]]:
        self[space] = found = build_moves(space)
        return found


_BUILDS = _BuildMoves()


def site_moves(
    state: ReviveState, seat: int, prices: Prices, space: str, kind: str, distance: int
) -> list[str]:
    """The moves onto one site in reach: both buildings on empty sand, or a figure of each
    technology on a location without the seat's own, as `prices` says the seat can pay."""
    pieces = state.pieces.get(space)
    if kind == "sand":
        return [] if pieces else [f"build {size} {space}" for size in prices.sizes(distance)]
    if pieces and any(piece[0] == seat for piece in pieces):
        return []
    return [f"populate {space} {tech}" for tech in prices.techs(distance, len(pieces or ()))]


Slack = tuple[bool, int, int]
"""What a seat holds beyond a cost without range: whether it pays every resource but food and
books, and the food and books left over (range adds food, another seat's figure a book)."""


class Prices:
    """What one seat can pay for now, each price found once for a listing. An action's cost
    after discounts, range aside, is the same at every distance (`costs.discounted_cost` adds
    range last, in food), so each is worked out once, as a `Slack`, and each target's range
    and books owed are held against it."""

    def __init__(self, tables: ReviveTables, me: dict[str, Any]) -> None:
        self.tables, self.me = tables, me
        self.totals = costs.discount_totals(tables, me, ("explore", "build", "populate", "range"))
        self.foods: dict[int, int] = {}
        self.built: dict[int, tuple[str, ...]] = {}
        self.builds_slack: dict[str, Slack] = {}
        self.populated: dict[tuple[int, int], list[str]] = {}
        self.known_tech_costs: list[tuple[str, dict[str, int]]] | None = None
        self.techs_slack: list[tuple[str, Slack]] | None = None

    def slack(self, cost: Mapping[str, int]) -> Slack:
        held = self.me["resources"]
        pays = True
        for name, amount in cost.items():
            if name != "food" and name != "book" and held.get(name, 0) < amount:
                pays = False
                break
        return pays, held.get("food", 0) - cost.get("food", 0), held.get("book", 0) - cost.get("book", 0)

    def range_food(self, distance: int) -> int:
        """The food range adds at `distance` (`costs.cost_to`), after range discounts."""
        found = self.foods.get(distance)
        if found is None:
            found = self.foods[distance] = costs.discount(
                self.tables, self.me, "range", distance, total=self.totals["range"]
            )
        return found

    def fits(self, slack: Slack, distance: int, books: int = 0) -> bool:
        """Whether a cost of this `slack` is paid at `distance`, with `books` owed on top."""
        pays, food, book = slack
        return pays and book >= books and food >= self.range_food(distance)

    def own_cost(self, action: str, cost: dict[str, int], off: str | None = None) -> dict[str, int]:
        """`cost` (a content table's) after the seat's discounts on `action`, range aside: the
        same for every seat with the same discount, so kept (`ReviveTables.derived`)."""
        key = ("own", action, id(cost), off, self.totals[action])  # content lives as long as tables
        known = self.tables.derived.get(key)
        if known is None:
            known = costs.discounted_cost(self.tables, self.me, action, cost, 0, off=off, totals=self.totals)
            costs.keep(self.tables, key, known)
        found: dict[str, int] = known
        return found

    def explore(self, back: dict[str, int], off: str | None) -> Slack:
        """Exploring a tile of this `back` cost, the discount off `off` first."""
        return self.slack(self.own_cost("explore", back, off))

    def sizes(self, distance: int) -> tuple[str, ...]:
        """The buildings (small, large) the seat has left and can pay for at `distance`."""
        found = self.built.get(distance)
        if found is None:
            small, large = self._builds("small", distance), self._builds("large", distance)
            found = self.built[distance] = BUILD_SIZES[small + 2 * large - 1] if small or large else ()
        return found

    def _builds(self, size: str, distance: int) -> bool:
        if self.me["buildings"][size] <= 0:
            return False
        if size not in self.builds_slack:
            self.builds_slack[size] = self.slack(
                self.own_cost("build", self.tables.rules["building_cost"][size])
            )
        return self.fits(self.builds_slack[size], distance)

    def tech_costs(self) -> list[tuple[str, dict[str, int]]]:
        """Each technology the seat's next figure may come from (`costs.populate_candidates`)
        and its cost after discounts, range aside: the same for every seat of the tribe with
        the same technologies unlocked and the same discount, so kept (`ReviveTables.derived`)."""
        if self.known_tech_costs is None:
            me = self.me
            key = ("tech costs", me["tribe"], self.totals["populate"], *me["unlocked"])
            known = self.tables.derived.get(key)
            if known is None:
                candidates = costs.populate_candidates(self.tables, me)
                known = [(tech["id"], self.own_cost("populate", tech["cost"])) for tech in candidates]
                costs.keep(self.tables, key, known)
            self.known_tech_costs = known
        return self.known_tech_costs

    def techs(self, distance: int, others: int) -> list[str]:
        """The technologies whose figure the seat can pay for on a location at `distance`
        where `others` figures of other seats are (each owed a book): `costs.populate_cost`."""
        found = self.populated.get((distance, others))
        if found is None:
            if self.techs_slack is None:
                self.techs_slack = [(tech, self.slack(cost)) for tech, cost in self.tech_costs()]
            need = self.range_food(distance)  # `fits`, written out
            fitting = self.techs_slack
            found = self.populated[distance, others] = [
                tech for tech, (pays, food, book) in fitting if pays and book >= others and food >= need
            ]
        return found

    def corner_techs(self, state: ReviveState, seat: int, corner: str, distance: int) -> list[str]:
        """The technologies whose figure `seat` may put on the large location at `corner`, at
        `distance`, and can pay for: its own cost and the books owed on top (`costs.populate_cost`)."""
        pieces = state.pieces.get(corner, [])
        held = self.me["resources"]
        if held.get("food", 0) < self.range_food(distance) or held.get("book", 0) < len(pieces):
            return []  # range alone, or the books owed alone, are more than the seat holds
        if any(piece[0] == seat for piece in pieces):
            return []
        large = state.corners[corner]
        extra = self.tables.large_sides[large["location"]][large["side"]]["cost"]
        techs = []
        for tech, own in self.tech_costs():
            cost = dict(own)
            for name, amount in extra.items():
                cost[name] = cost.get(name, 0) + amount
            if self.fits(self.slack(cost), distance, len(pieces)):
                techs.append(tech)
        return techs


def facts_of(
    tables: ReviveTables, state: ReviveState, seat: int, move: str, main_left: bool = False
) -> MoveFacts:
    """One legal move of `seat` as facts, no words: its verb as `kind`, the board place it uses,
    its rank (`main_left`: a main action is among the legal moves, `rank_of`), and in `facts` the
    ids and effects a presenter words it by (the card played and what playing it resolves, the
    option's effects, the machine's colour...)."""
    verb, *args = move.split()
    places: tuple[str, ...] = ()
    if verb == "explore":
        places = (args[0],)
    elif verb == "build":
        places = (args[1],)
    elif verb == "populate":
        places = (args[0],)
    facts = _action_facts(tables, state, seat, verb, args)
    if facts is None:
        facts = _answer_facts(tables, state, verb, args)
    return MoveFacts(move, verb, places, rank=rank_of(verb, main_left), facts=facts)


def rank_of(verb: str, main_left: bool) -> float:
    """Where a move of `verb` is offered: `RANK`, and ending the turn first when no main action
    is left (`main_left` False), else `end` after the actions and `hibernate` last."""
    if verb in ("end", "hibernate"):
        if not main_left:
            return ENDING_FIRST
        return END_AFTER_ACTIONS if verb == "end" else HIBERNATE_LAST
    return RANK.get(verb, 100)


def acting(legal: list[str]) -> int:
    """How many of the `legal` moves are main actions (0: only free actions and ending are left)."""
    return sum(move.split(" ", 1)[0] in MAIN_ACTIONS for move in legal)


def _action_facts(
    tables: ReviveTables, state: ReviveState, seat: int, verb: str, args: list[str]
) -> dict[str, Any] | None:
    """The facts of an action (or of a resource answer: take, trade); None for another verb."""
    me = state.seats[seat]
    if verb == "play":
        card = tables.cards[args[0]]
        effects = play_effects(tables, me, args[0], args[1])
        return {"card": args[0], "colour": card["colour"], "slot": args[1], "effects": effects}
    if verb in ("switch", "crystal", "take"):
        return {"resource": args[0]}
    if verb == "trade":
        return {"give": args[0], "get": args[1]}
    if verb == "explore":
        return {"slot": args[0], "off": args[2]} if len(args) == 3 else {"slot": args[0]}
    if verb == "build":
        return {"size": args[0], "space": args[1]}
    if verb == "populate":
        points = tables.technologies[me["tribe"]][args[1]]["points"]
        return {"space": args[0], "tech": args[1], "tech_points": points}
    if verb == "use":
        return {"machine": args[0], "effects": tables.machines[args[0]]["effects"]}
    if verb == "open":
        return {"crate": args[0], "effects": tables.crates[args[0]]["effects"]}
    return None


def _answer_facts(tables: ReviveTables, state: ReviveState, verb: str, args: list[str]) -> dict[str, Any]:
    """The facts of an answer to the open decision (or of a move of one word: end, hibernate...)."""
    if verb == "option":
        return {"number": int(args[0]), "effects": state.stack[-1]["options"][int(args[0]) - 1]}
    if verb == "track":
        return {"colour": args[0]}
    if verb == "reward":
        return {"number": int(args[0]), "effects": tables.hibernation[int(args[0])]["effects"]}
    if verb == "recruit":
        if args[0] == "deck":
            return {"from_deck": True}
        card = tables.cards[args[0]]
        return {"card": args[0], "colour": card["colour"], "top": card["top"], "bottom": card["bottom"]}
    if verb == "machine":
        machine = tables.machines[args[0]]
        return {"machine": args[0], "colour": machine["colour"], "effects": machine["effects"]}
    if verb == "module":
        module = tables.modules[args[0]]
        facts = {"module": args[0], "colour": module["colour"], "effects": module["effects"], "slot": args[1]}
        return facts | {"replaces": args[2]} if len(args) == 3 else facts
    if verb in ("artifact", "remove"):
        if args[0] == "minor":
            return {"minor": True}
        colour = next(m["colour"] for m in tables.content["artifacts"]["majors"] if m["id"] == args[0])
        return {"artifact": args[0], "colour": colour}
    if verb == "rotate":
        return {"slot": state.stack[-1]["slot"], "rotation": int(args[0])}
    if verb == "hibernate":
        return {"then_free": state.rules >= 2}  # rules version 2: free actions may follow
    return {}


def change_of(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """What one seat's record gained and paid between two states: resources (in the record's
    order), energy, machine-track steps (in the record's order) and points; only what changed."""
    resources = {
        name: amount - before["resources"].get(name, 0)
        for name, amount in after["resources"].items()
        if amount != before["resources"].get(name, 0)
    }
    tracks = {
        colour: position - before["tracks"][colour]
        for colour, position in after["tracks"].items()
        if position != before["tracks"][colour]
    }
    energy = after["energy"] - before["energy"]
    return {
        "resources": resources,
        "energy": energy,
        "tracks": tracks,
        "points": after["points"] - before["points"],
    }


# ---------------------------------------------------------------- reading the notation

ARGUMENTS: dict[str, tuple[str, ...]] = {
    "play": ("card", "slot"),
    "switch": ("resource",),
    "crystal": ("resource",),
    "take": ("resource",),
    "trade": ("give", "get"),
    "explore": ("board_slot", "", "off"),  # `explore F03 off gear`: the word `off` is skipped
    "build": ("size", "space"),
    "populate": ("space", "tech"),
    "use": ("machine",),
    "open": ("crate",),
    "option": ("option",),
    "track": ("colour",),
    "reward": ("reward",),
    "recruit": ("card",),
    "machine": ("machine",),
    "module": ("module", "slot", "replaces"),
    "artifact": ("artifact",),
    "remove": ("artifact",),
    "rotate": ("rotation",),
}
"""Each verb's words after the first, by name (moves without arguments: end, hibernate, pass,
skip, stop)."""
NUMBERS = frozenset({"option", "reward", "rotation"})  # facts that are numbers


def notation_facts(move: str) -> NotationFacts:
    """The facts a move's notation states: `verb`, then its arguments by name (see ARGUMENTS).
    `recruit deck` and `artifact minor` take from a pile: `from_deck` / `minor` instead. An
    event carries them (apply.py); a presenter reads an event stored before they did by this."""
    verb, *args = move.split()
    facts: dict[str, object] = {"verb": verb}
    for name, word in zip(ARGUMENTS.get(verb, ()), args, strict=False):
        if name:
            facts[name] = int(word) if name in NUMBERS else word
    if verb == "recruit" and facts.get("card") == "deck":
        del facts["card"]
        facts["from_deck"] = True
    if verb == "artifact" and facts.get("artifact") == "minor":
        del facts["artifact"]
        facts["minor"] = True
    return facts  # type: ignore[return-value]  # keys and value types as ARGUMENTS says


def typed_move(text: str, legal: list[str]) -> str:
    """The legal move `text` spells in any case and spacing (`Switch Gear`, `play b2 top left`,
    `play B2 top-left`), or `text` itself when it spells none (or more than one)."""
    spelled: dict[str, list[str]] = {}
    for move in legal:
        spelled.setdefault(spelling(move), []).append(move)
    found = spelled.get(spelling(text), [])
    return found[0] if len(found) == 1 else text


def spelling(text: str) -> str:
    """A move's letters and digits only, lowercased: what stays the same however it is typed."""
    return "".join(char for char in text.lower() if char.isalnum())
