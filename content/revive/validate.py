"""Revive content: check every promise of docs/revive.md "Content formats".

`validate_revive(content)` (content as `load_revive()` returns it) returns a list of
human-readable problems; an empty list means valid.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeGuard

from content.revive.loader import FILES
from engine.revive.board import rotate

# --- the closed vocabularies (docs/revive.md, "Content formats") ---------------------------------

BASIC = ("gear", "book", "food")
RESOURCES = ("crystal", "gear", "book", "food")  # left to right on the player board
GAINABLE = (*RESOURCES, "energy")
CARD_COLOURS = ("red", "blue", "brown", "white")
MACHINE_COLOURS = ("grey", "green", "yellow")
ARTIFACT_COLOURS = ("amber", "jade", "azure", "crimson")
TERRAIN = {"forest": "green", "mountain": "grey", "field": "yellow"}
SPACE_TYPES = ("sand", "forest", "mountain", "field", "water", "crystal", "location")
ACTIONS = ("explore", "build", "populate")
DISCOUNTS = (*ACTIONS, "range")
TIMINGS = ("unlock", "always", "hibernate")
PLAYER_COUNTS = (2, 3, 4)
START_SETS = ("A", "B", "C", "D")
START_SET_SIZE = 6
TECHNOLOGIES = 12
PROGRESS_MARKERS = 8  # 4 on the tribe board + 4 on the machine-track reward spaces
TILE_SIZE = 7  # a centre space and its ring of six
HIBERNATION_REMOVAL_SPACE = 5
MARKET_SIZE = (40, 60)
SCORING_COUNTS = (
    "buildings",
    "small_buildings",
    "large_buildings",
    "population",
    "large_locations",
    "technologies",
    "explored_tiles",
    "modules",
    "machines",
    "crates",
    "citizens",
    "machine_steps",
    "water",
)

# Effect kind -> {field: checker}. Every field listed is required; no other field is allowed.
EFFECT_FIELDS: dict[str, dict[str, str]] = {
    "gain": {"resources": "gainable"},
    "gain_any": {"amount": "positive"},
    "points": {"amount": "positive"},
    "trade": {"times": "times"},
    "module": {},
    "tribe": {},
    "module_or_tribe": {},
    "machine_step": {"colour": "machine_or_any", "steps": "positive"},
    "machine_token": {"colour": "machine_or_any"},
    "discount": {"action": "discount", "amount": "positive"},
    "action": {"action": "action"},
    "recruit": {},
    "crate": {},
    "artifact": {},
    "choice": {"options": "options"},
}
EFFECT_KINDS = tuple(EFFECT_FIELDS)


# --- helpers ----------------------------------------------------------------------------------


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _positive(value: Any) -> bool:
    return _is_int(value) and value >= 1


def _resources(value: Any, allowed: tuple[str, ...], where: str, empty_ok: bool = True) -> list[str]:
    if not isinstance(value, dict) or (not value and not empty_ok):
        return [f"{where}: must be a non-empty resource map" if not empty_ok else f"{where}: not an object"]
    problems = [f"{where}: unknown resource {key!r}" for key in value if key not in allowed]
    problems += [f"{where}: {key} must be a positive integer" for key, n in value.items() if not _positive(n)]
    return problems


def validate_effect(effect: Any, where: str, nested: bool = False) -> list[str]:
    """One effect object against the vocabulary."""
    if not isinstance(effect, dict) or "kind" not in effect:
        return [f"{where}: effect is not an object with a kind"]
    kind = effect["kind"]
    if kind not in EFFECT_FIELDS:
        return [f"{where}: unknown effect kind {kind!r}"]
    fields = EFFECT_FIELDS[kind]
    problems = [f"{where}: {kind} lacks {name!r}" for name in fields if name not in effect]
    problems += [
        f"{where}: {kind} has unknown field {name!r}" for name in effect if name not in (*fields, "kind")
    ]
    if problems:
        return problems
    for name, check in fields.items():
        value = effect[name]
        if check == "positive" and not _positive(value):
            problems.append(f"{where}: {kind}.{name} must be a positive integer")
        elif check == "times" and not (_positive(value) and value <= 3):
            problems.append(f"{where}: trade.times must be 1-3")
        elif check == "gainable":
            problems += _resources(value, GAINABLE, f"{where}: gain.resources", empty_ok=False)
        elif check == "machine_or_any" and value not in (*MACHINE_COLOURS, "any"):
            problems.append(f"{where}: unknown machine colour {value!r}")
        elif check == "discount" and value not in DISCOUNTS:
            problems.append(f"{where}: unknown discount target {value!r}")
        elif check == "action" and value not in ACTIONS:
            problems.append(f"{where}: unknown action {value!r}")
        elif check == "options":
            if nested:
                problems.append(f"{where}: a choice inside a choice")
            elif not isinstance(value, list) or len(value) < 2:
                problems.append(f"{where}: choice needs at least two options")
            else:
                for i, option in enumerate(value):
                    problems += validate_effects(option, f"{where}.option{i}", nested=True)
    return problems


def validate_effects(effects: Any, where: str, nested: bool = False, empty_ok: bool = False) -> list[str]:
    """A list of effects, applied in order."""
    if not isinstance(effects, list) or (not effects and not empty_ok):
        return [f"{where}: must be a non-empty list of effects"]
    problems: list[str] = []
    for i, effect in enumerate(effects):
        problems += validate_effect(effect, f"{where}[{i}]", nested)
    return problems


def _unique_ids(items: list[Any], where: str) -> list[str]:
    ids = [item.get("id") for item in items if isinstance(item, dict)]
    if len(ids) != len(items) or not all(isinstance(i, str) and i for i in ids):
        return [f"{where}: every entry needs a string id"]
    return [f"{where}: duplicate id {i!r}" for i, n in Counter(ids).items() if n > 1]


def add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0], a[1] + b[1])


def slot_spaces(board: dict[str, Any], slot: dict[str, Any], rotation: int = 0) -> list[tuple[int, int]]:
    """Board hexes of a slot, indexed by the tile position they hold at `rotation`."""
    centre = tuple(slot["center"])
    offsets = [tuple(p) for p in board["tile_positions"]]
    return [add(centre, offsets[rotate(pos, rotation)]) for pos in range(TILE_SIZE)]


def hex_neighbours(board: dict[str, Any], space: tuple[int, int]) -> list[tuple[int, int]]:
    return [add(space, tuple(d)) for d in board["directions"]]


# --- file validators --------------------------------------------------------------------------


def validate_rules(rules: Any) -> list[str]:
    if not isinstance(rules, dict):
        return ["rules: not an object"]
    problems: list[str] = []
    if rules.get("players") != list(PLAYER_COUNTS):
        problems.append("rules: players must be [2, 3, 4]")
    res = rules.get("resources", {})
    if res.get("basic") != list(BASIC) or res.get("all") != list(RESOURCES):
        problems.append("rules: resources.basic/all must be the fixed lists")
    limits = res.get("limits", {})
    if set(limits) != set(RESOURCES) or not all(_positive(n) for n in limits.values()):
        problems.append("rules: resources.limits needs a positive limit for each resource")
    start = rules.get("starting_resources")
    if not isinstance(start, list) or len(start) != 4:
        problems.append("rules: starting_resources needs one entry per turn position (4)")
    else:
        for i, entry in enumerate(start):
            if entry != {name: 1 for name in RESOURCES[: i + 1]}:
                problems.append(f"rules: starting_resources[{i}] must advance the {i + 1} leftmost markers")
    if not _positive(rules.get("starting_energy")):
        problems.append("rules: starting_energy must be positive")
    displays = rules.get("displays", {})
    for key in ("citizens", "machines_per_colour", "modules"):
        if not _positive(displays.get(key)):
            problems.append(f"rules: displays.{key} must be positive")
    board = rules.get("player_board", {})
    slots = board.get("card_slots", [])
    halves = Counter(slot.get("half") for slot in slots if isinstance(slot, dict))
    if halves != Counter({"top": 2, "bottom": 2}) or len({s.get("id") for s in slots}) != 4:
        problems.append("rules: player_board.card_slots must be 2 top and 2 bottom slots with unique ids")
    for key in ("module_spaces_per_slot", "machine_spaces"):
        if not _positive(board.get(key)):
            problems.append(f"rules: player_board.{key} must be positive")
    costs = rules.get("building_cost", {})
    if set(costs) != {"small", "large"}:
        problems.append("rules: building_cost needs small and large")
    for size, cost in costs.items():
        problems += _resources(cost, BASIC, f"rules: building_cost.{size}", empty_ok=False)
    if rules.get("terrain_tracks") != TERRAIN:
        problems.append("rules: terrain_tracks must map forest/mountain/field to green/grey/yellow")
    if rules.get("card_colours") != list(CARD_COLOURS):
        problems.append("rules: card_colours differ from the vocabulary")
    if rules.get("machine_colours") != list(MACHINE_COLOURS):
        problems.append("rules: machine_colours differ from the vocabulary")
    if rules.get("artifact_colours") != list(ARTIFACT_COLOURS):
        problems.append("rules: artifact_colours differ from the vocabulary")
    for key in ("actions_per_turn", "leftover_resources_per_point", "minimum_cost"):
        if not _positive(rules.get(key)):
            problems.append(f"rules: {key} must be positive")
    bonuses = rules.get("score_track", {}).get("bonuses")
    if not isinstance(bonuses, list):
        problems.append("rules: score_track.bonuses must be a list")
    else:
        marks = [b.get("at") for b in bonuses]
        if not all(_positive(m) for m in marks) or marks != sorted(set(marks)):
            problems.append("rules: score_track bonus spaces must be increasing positive integers")
        for bonus in bonuses:
            where = f"rules: score_track bonus at {bonus.get('at')}"
            problems += validate_effects(bonus.get("effects"), where)
    hand = rules.get("starting_hand", {})
    if hand.get("active", 0) + hand.get("resting", 0) != START_SET_SIZE:
        problems.append("rules: starting_hand must split the 6 starting cards")
    return problems


def validate_tiles(tiles: Any) -> list[str]:
    if not isinstance(tiles, list) or not tiles:
        return ["tiles: not a non-empty list"]
    problems = _unique_ids(tiles, "tiles")
    names: list[str] = []
    for tile in tiles:
        tid = tile.get("id")
        spaces = tile.get("spaces")
        if not isinstance(tile.get("start"), bool):
            problems.append(f"tiles {tid}: start must be true or false")
        if not isinstance(spaces, list) or len(spaces) != TILE_SIZE:
            problems.append(f"tiles {tid}: needs exactly {TILE_SIZE} spaces")
            continue
        for pos, space in enumerate(spaces):
            where = f"tiles {tid} position {pos}"
            kind = space.get("type") if isinstance(space, dict) else None
            if kind not in SPACE_TYPES:
                problems.append(f"{where}: unknown space type {kind!r}")
                continue
            extra = {"water": {"reward"}, "location": {"name"}}.get(kind, set())
            if set(space) != {"type"} | extra:
                problems.append(f"{where}: a {kind} space has exactly the fields {sorted({'type'} | extra)}")
                continue
            if kind == "water":
                problems += validate_effects(space["reward"], f"{where} reward")
            if kind == "location":
                names.append(space["name"])
        if not any(isinstance(s, dict) and s.get("type") == "sand" for s in spaces):
            problems.append(f"tiles {tid}: has no sand space to build on")
        if tile.get("start"):
            if "back" in tile:
                problems.append(f"tiles {tid}: a starting tile is face up and has no back")
            if sum(1 for s in spaces if isinstance(s, dict) and s.get("type") == "location") != 1:
                problems.append(f"tiles {tid}: a starting tile has exactly one location")
        else:
            back = tile.get("back")
            if not isinstance(back, dict) or set(back) != {"cost", "points"}:
                problems.append(f"tiles {tid}: back needs cost and points")
                continue
            problems += _resources(back["cost"], BASIC, f"tiles {tid} back.cost", empty_ok=False)
            if not _is_int(back["points"]) or back["points"] < 0:
                problems.append(f"tiles {tid}: back.points must be a non-negative integer")
    problems += [f"tiles: location name {name!r} used twice" for name, n in Counter(names).items() if n > 1]
    return problems


def validate_board(board: Any, tiles: list[dict[str, Any]], large: list[Any], majors: list[Any]) -> list[str]:
    if not isinstance(board, dict):
        return ["board: not an object"]
    problems: list[str] = []
    if board.get("grid") != "axial-pointy":
        problems.append("board: grid must be 'axial-pointy'")
    directions = [tuple(d) for d in board.get("directions", [])]
    if directions != [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]:
        return problems + ["board: directions must be E, NE, NW, W, SW, SE in axial coordinates"]
    if [tuple(p) for p in board.get("tile_positions", [])] != [(0, 0), *directions]:
        return problems + ["board: tile_positions must be the centre then the six directions"]
    slots = board.get("slots", [])
    problems += _unique_ids(slots, "board slots")
    occupied: dict[tuple[int, int], str] = {}
    chasm = board.get("chasm", {})
    chasm_spaces = [tuple(s) for s in chasm.get("spaces", [])]
    if chasm_spaces != slot_spaces(board, {"center": chasm.get("center", [0, 0])}):
        problems.append("board: the chasm must be the seven spaces around its centre")
    for space in chasm_spaces:
        occupied[space] = "chasm"
    for slot in slots:
        if slot.get("role") not in ("start", "face_down"):
            problems.append(f"board slot {slot.get('id')}: role must be start or face_down")
        for space in slot_spaces(board, slot):
            if space in occupied:
                problems.append(f"board slot {slot.get('id')}: {list(space)} overlaps {occupied[space]}")
            occupied[space] = slot.get("id", "?")
    # Every slot must be reachable from the chasm through slots (range never jumps a gap).
    seen, todo = {"chasm"}, ["chasm"]
    spaces_of: dict[str, list[tuple[int, int]]] = {}
    for space, owner in occupied.items():
        spaces_of.setdefault(owner, []).append(space)
    while todo:
        owner = todo.pop()
        for space in spaces_of[owner]:
            for near in hex_neighbours(board, space):
                other = occupied.get(near)
                if other and other not in seen:
                    seen.add(other)
                    todo.append(other)
    problems += [f"board slot {s['id']}: not connected to the chasm" for s in slots if s["id"] not in seen]
    for slot in slots:
        if slot.get("role") == "start":
            near_chasm = any(
                occupied.get(n) == "chasm" for s in slot_spaces(board, slot) for n in hex_neighbours(board, s)
            )
            if not near_chasm:
                problems.append(f"board slot {slot['id']}: a starting slot must touch the chasm")
    kinds = Counter(slot.get("role") for slot in slots)
    start_tiles = sum(1 for t in tiles if isinstance(t, dict) and t.get("start") is True)
    if kinds["start"] != start_tiles:
        problems.append(f"board: {kinds['start']} starting slots for {start_tiles} starting tiles")
    if kinds["face_down"] != len(tiles) - start_tiles:
        problems.append(f"board: {kinds['face_down']} face-down slots for {len(tiles) - start_tiles} tiles")
    corners = board.get("corners", [])
    problems += _unique_ids(corners, "board corners")
    if len(corners) != 4:
        problems.append("board: needs exactly 4 corners for the large locations")
    if len(large) < len(corners):
        problems.append("board: fewer large location tiles than corners")
    for corner in corners:
        adjacent = [tuple(s) for s in corner.get("adjacent", [])]
        if not adjacent:
            problems.append(f"board corner {corner.get('id')}: no adjacent spaces")
        for space in adjacent:
            if occupied.get(space) in (None, "chasm"):
                problems.append(f"board corner {corner.get('id')}: {list(space)} is not a tile space")
            elif tuple(corner.get("center", ())) in occupied:
                problems.append(f"board corner {corner.get('id')}: its centre lies on a tile")
    crater = board.get("crater", {}).get("spaces")
    most = max((sum(1 for m in majors if m.get("players", 99) <= n) for n in PLAYER_COUNTS), default=0)
    if not _positive(crater) or crater < most:
        problems.append(f"board: the crater needs at least {most} artifact spaces")
    return problems


def validate_large_locations(large: Any) -> list[str]:
    if not isinstance(large, list) or len(large) < 4:
        return ["large_locations: needs at least 4 tiles"]
    problems = _unique_ids(large, "large_locations")
    names = []
    for tile in large:
        sides = tile.get("sides")
        if not isinstance(sides, list) or [s.get("side") for s in sides] != ["A", "B"]:
            problems.append(f"large_locations {tile.get('id')}: needs sides A and B")
            continue
        for side in sides:
            where = f"large_locations {tile.get('id')}{side['side']}"
            names.append(side.get("name"))
            if not isinstance(side.get("name"), str) or not side["name"]:
                problems.append(f"{where}: needs a name")
            if not _positive(side.get("points")):
                problems.append(f"{where}: points must be positive")
            problems += _resources(side.get("cost"), RESOURCES, f"{where} cost")
    problems += [f"large_locations: name {n!r} used twice" for n, k in Counter(names).items() if k > 1]
    return problems


def _validate_technologies(techs: Any, lowest: Any, where: str) -> list[str]:
    if not isinstance(techs, list) or len(techs) != TECHNOLOGIES:
        return [f"{where}: needs exactly {TECHNOLOGIES} technologies (one per population figure)"]
    problems = _unique_ids(techs, where)
    ids = {t.get("id") for t in techs}
    if lowest not in ids:
        return problems + [f"{where}: lowest technology {lowest!r} does not exist"]
    graph: dict[str, set[str]] = {tid: set() for tid in ids}
    for tech in techs:
        tid = tech["id"]
        cost = tech.get("cost")
        if not isinstance(cost, dict) or set(cost) != {"book"} or not _positive(cost["book"]):
            problems.append(f"{where} {tid}: cost must be a positive number of books")
        if not _is_int(tech.get("points")) or tech["points"] < 0:
            problems.append(f"{where} {tid}: points must be a non-negative integer")
        for other in tech.get("connections", []):
            if other not in ids or other == tid:
                problems.append(f"{where} {tid}: connection to unknown technology {other!r}")
            else:
                graph[tid].add(other)
                graph[other].add(tid)
        if tid == lowest and tech.get("connections"):
            problems.append(f"{where} {tid}: the lowest technology lists no connections (others point to it)")
        ability = tech.get("ability")
        timing = ability.get("timing") if isinstance(ability, dict) else None
        if timing not in TIMINGS:
            problems.append(f"{where} {tid}: ability timing must be one of {TIMINGS}")
        elif timing == "always":
            discount = ability.get("discount", {})
            if set(ability) != {"timing", "discount"} or discount.get("action") not in DISCOUNTS:
                problems.append(f"{where} {tid}: an always ability is one discount on {DISCOUNTS}")
            elif not _positive(discount.get("amount")):
                problems.append(f"{where} {tid}: discount amount must be positive")
        else:
            if set(ability) != {"timing", "effects"}:
                problems.append(f"{where} {tid}: an {timing} ability has exactly timing and effects")
            else:
                problems += validate_effects(ability["effects"], f"{where} {tid} ability")
    seen, todo = {lowest}, [lowest]
    while todo:
        for near in graph[todo.pop()]:
            if near not in seen:
                seen.add(near)
                todo.append(near)
    problems += [f"{where}: {tid} is not connected to {lowest}" for tid in sorted(ids - seen)]
    lowest_cost = next(t for t in techs if t["id"] == lowest).get("cost", {}).get("book", 0)
    if any(t.get("cost", {}).get("book", 0) < lowest_cost for t in techs):
        problems.append(f"{where}: no technology is cheaper than the lowest one")
    return problems


def validate_tribes(tribes: Any, machine_progress_spaces: int) -> list[str]:
    if not isinstance(tribes, list) or len(tribes) < 4:
        return ["tribes: needs at least 4 tribes"]
    problems = _unique_ids(tribes, "tribes")
    for tribe in tribes:
        where = f"tribes {tribe.get('id')}"
        for key in ("name", "about"):
            if not isinstance(tribe.get(key), str) or not tribe[key]:
                problems.append(f"{where}: needs a {key}")
        sun = tribe.get("sun")
        if not isinstance(sun, dict):
            problems.append(f"{where}: needs a sun side")
            continue
        problems += validate_effects(sun.get("ability"), f"{where} ability")
        ability = sun.get("ability")
        if isinstance(ability, list) and any(
            isinstance(e, dict) and e.get("kind") in ("tribe", "module_or_tribe") for e in ability
        ):
            problems.append(f"{where}: the tribe ability cannot activate the tribe ability")
        problems += _validate_technologies(sun.get("technologies"), sun.get("lowest"), where)
        markers = sun.get("tribe_progress_markers")
        if not _is_int(markers) or markers + machine_progress_spaces != PROGRESS_MARKERS:
            problems.append(f"{where}: tribe markers + track progress spaces must be {PROGRESS_MARKERS}")
        track = sun.get("progress_track")
        if (
            not isinstance(track, list)
            or len(track) != PROGRESS_MARKERS + 1
            or not all(_is_int(v) and v >= 0 for v in track)
            or track != sorted(track)
        ):
            problems.append(f"{where}: progress_track needs {PROGRESS_MARKERS + 1} non-decreasing values")
        for key in ("small_buildings", "large_buildings"):
            if sun.get(key) != 4:
                problems.append(f"{where}: {key} must be 4")
    return problems


def _validate_card(card: Any, where: str) -> list[str]:
    if not isinstance(card, dict):
        return [f"{where}: not an object"]
    problems: list[str] = []
    if card.get("colour") not in CARD_COLOURS:
        problems.append(f"{where}: unknown colour {card.get('colour')!r}")
    if not isinstance(card.get("slot_symbol"), bool):
        problems.append(f"{where}: slot_symbol must be true or false")
    problems += validate_effects(card.get("top"), f"{where} top")
    problems += validate_effects(card.get("bottom"), f"{where} bottom")
    return problems


def validate_citizens(citizens: Any) -> list[str]:
    if not isinstance(citizens, dict) or set(citizens) != {"starting", "market"}:
        return ["citizens: must have exactly starting and market"]
    starting, market = citizens["starting"], citizens["market"]
    problems = _unique_ids(starting + market, "citizens")
    sets = Counter(card.get("set") for card in starting)
    if sets != Counter({letter: START_SET_SIZE for letter in START_SETS}):
        problems.append(f"citizens: starting sets must be A-D with {START_SET_SIZE} cards each: {dict(sets)}")
    for card in starting:
        problems += _validate_card(card, f"citizens {card.get('id')}")
    for card in market:
        if "set" in card:
            problems.append(f"citizens {card.get('id')}: a market card has no starting set")
        problems += _validate_card(card, f"citizens {card.get('id')}")
    low, high = MARKET_SIZE
    if not low <= len(market) <= high:
        problems.append(f"citizens: market deck has {len(market)} cards, not {low}-{high}")
    return problems


def _validate_tokens(items: Any, name: str, colours: tuple[str, ...] | None) -> list[str]:
    if not isinstance(items, list) or not items:
        return [f"{name}: not a non-empty list"]
    problems = _unique_ids(items, name)
    for item in items:
        where = f"{name} {item.get('id')}"
        expected = {"id", "effects"} | ({"colour"} if colours else set())
        if set(item) != expected:
            problems.append(f"{where}: fields must be {sorted(expected)}")
            continue
        if colours and item["colour"] not in colours:
            problems.append(f"{where}: unknown colour {item['colour']!r}")
        problems += validate_effects(item["effects"], where)
    return problems


def validate_machine_tracks(tracks: Any) -> list[str]:
    if not isinstance(tracks, dict) or not _positive(tracks.get("bonus_points_per_card")):
        return ["machine_tracks: needs bonus_points_per_card"]
    items = tracks.get("tracks")
    if not isinstance(items, list) or [t.get("colour") for t in items] != list(MACHINE_COLOURS):
        return ["machine_tracks: needs the grey, green and yellow tracks in that order"]
    problems: list[str] = []
    for track in items:
        where = f"machine_tracks {track['colour']}"
        if TERRAIN.get(track.get("terrain")) != track["colour"]:
            problems.append(f"{where}: terrain must be the one that advances this track")
        spaces = track.get("spaces")
        if not isinstance(spaces, list) or len(spaces) < 2:
            problems.append(f"{where}: needs spaces")
            continue
        if spaces[0] != {"effects": []}:
            problems.append(f"{where}: space 0 is the start and has no reward")
        bonus = 0
        for i, space in enumerate(spaces):
            if not set(space) <= {"effects", "progress", "bonus_colour"}:
                problems.append(f"{where} space {i}: unknown field")
            problems += validate_effects(space.get("effects"), f"{where} space {i}", empty_ok=True)
            if "progress" in space and space["progress"] is not True:
                problems.append(f"{where} space {i}: progress is true or absent")
            if "bonus_colour" in space:
                bonus += 1
                if space["bonus_colour"] not in CARD_COLOURS:
                    problems.append(f"{where} space {i}: unknown bonus colour")
        if bonus != 1:
            problems.append(f"{where}: needs exactly one end-game card bonus space")
    return problems


def machine_progress_spaces(tracks: dict[str, Any]) -> int:
    return sum(1 for t in tracks.get("tracks", []) for s in t.get("spaces", []) if s.get("progress"))


def validate_hibernation(hibernation: Any) -> list[str]:
    spaces = hibernation.get("spaces") if isinstance(hibernation, dict) else None
    if not isinstance(spaces, list) or len(spaces) <= HIBERNATION_REMOVAL_SPACE:
        return [f"hibernation: needs more than {HIBERNATION_REMOVAL_SPACE} spaces"]
    problems: list[str] = []
    if spaces[0] != {"effects": []}:
        problems.append("hibernation: space 0 is the start and has no reward")
    for i, space in enumerate(spaces[1:], start=1):
        if not set(space) <= {"effects", "remove_artifact"}:
            problems.append(f"hibernation space {i}: unknown field")
        problems += validate_effects(space.get("effects"), f"hibernation space {i}")
        removal = space.get("remove_artifact", False)
        if removal is not (i == HIBERNATION_REMOVAL_SPACE):
            problems.append(f"hibernation space {i}: remove_artifact must be true on space 5 only")
    return problems


def validate_artifacts(artifacts: Any, players: int = 4) -> list[str]:
    if not isinstance(artifacts, dict):
        return ["artifacts: not an object"]
    majors = artifacts.get("majors", [])
    problems = _unique_ids(majors, "artifacts majors")
    for major in majors:
        if major.get("colour") not in ARTIFACT_COLOURS:
            problems.append(f"artifacts {major.get('id')}: unknown colour {major.get('colour')!r}")
        if major.get("players") not in PLAYER_COUNTS:
            problems.append(f"artifacts {major.get('id')}: players must be 2, 3 or 4")
    for n in PLAYER_COUNTS:
        count = sum(1 for m in majors if m.get("players", 99) <= n)
        if count < n + 2:
            problems.append(f"artifacts: only {count} major artifacts for {n} players")
    counts = [sum(1 for m in majors if m.get("players", 99) <= n) for n in PLAYER_COUNTS]
    if counts != sorted(counts):
        problems.append("artifacts: more players must mean at least as many major artifacts")
    minors = artifacts.get("minors", {})
    if not _positive(minors.get("count")) or minors.get("points") != 3:
        problems.append("artifacts: minors needs a count and 3 points")
    if not _positive(artifacts.get("end_game_tile_points")):
        problems.append("artifacts: end_game_tile_points must be positive")
    cards = artifacts.get("cards", [])
    problems += _unique_ids(cards, "artifacts cards")
    if len(cards) < players:
        problems.append("artifacts: fewer artifact cards than players")
    for card in cards:
        where = f"artifacts {card.get('id')}"
        cats = card.get("categories")
        if not isinstance(cats, list) or len(cats) != 3:
            problems.append(f"{where}: needs exactly three categories")
            continue
        if len({c.get("colour") for c in cats}) != 3:
            problems.append(f"{where}: the three categories need three different colours")
        for cat in cats:
            if set(cat) != {"colour", "counts", "per", "points"}:
                problems.append(f"{where}: a category has exactly colour, counts, per, points")
                continue
            if cat["colour"] not in ARTIFACT_COLOURS:
                problems.append(f"{where}: unknown colour {cat['colour']!r}")
            if cat["counts"] not in SCORING_COUNTS:
                problems.append(f"{where}: unknown scoring count {cat['counts']!r}")
            if not (_positive(cat["per"]) and _positive(cat["points"])):
                problems.append(f"{where}: per and points must be positive")
    return problems


def validate_revive(content: Any) -> list[str]:
    """Every file and every cross-reference; the list of problems (empty when valid)."""
    if not isinstance(content, dict):
        return ["content: not an object"]
    missing = [name for name in FILES if name not in content]
    if missing:
        return [f"content: missing file {name}.json" for name in missing]
    artifacts = content["artifacts"] if isinstance(content["artifacts"], dict) else {}
    tracks = content["machine_tracks"] if isinstance(content["machine_tracks"], dict) else {}
    tiles = content["tiles"] if isinstance(content["tiles"], list) else []
    large = content["large_locations"] if isinstance(content["large_locations"], list) else []
    problems = validate_rules(content["rules"])
    problems += validate_tiles(content["tiles"])
    problems += validate_board(content["board"], tiles, large, artifacts.get("majors", []))
    problems += validate_large_locations(content["large_locations"])
    problems += validate_machine_tracks(content["machine_tracks"])
    problems += validate_tribes(content["tribes"], machine_progress_spaces(tracks))
    problems += validate_citizens(content["citizens"])
    problems += _validate_tokens(content["modules"], "modules", CARD_COLOURS)
    problems += _validate_tokens(content["machines"], "machines", MACHINE_COLOURS)
    problems += _validate_tokens(content["crates"], "crates", None)
    problems += validate_hibernation(content["hibernation"])
    problems += validate_artifacts(content["artifacts"])
    rules = content["rules"] if isinstance(content["rules"], dict) else {}
    displays = rules.get("displays", {})
    machines = content["machines"] if isinstance(content["machines"], list) else []
    for colour in MACHINE_COLOURS:
        pile = sum(1 for m in machines if isinstance(m, dict) and m.get("colour") == colour)
        if pile <= displays.get("machines_per_colour", 0):
            problems.append(f"machines: the {colour} pile is no bigger than its display")
    modules = content["modules"] if isinstance(content["modules"], list) else []
    if len(modules) <= displays.get("modules", 0):
        problems.append("modules: the pile is no bigger than its display")
    citizens = content["citizens"] if isinstance(content["citizens"], dict) else {}
    for colour in CARD_COLOURS:
        if not any(isinstance(m, dict) and m.get("colour") == colour for m in modules):
            problems.append(f"modules: no {colour} module")
        if not any(isinstance(c, dict) and c.get("colour") == colour for c in citizens.get("market", [])):
            problems.append(f"citizens: no {colour} card in the market deck")
    return problems
