"""Checks for the Rebirth content files: every promise docs/formats.md makes, plus the capacity rule.

Each `validate_*` function returns a list of human-readable problems; an empty list means valid.
The capacity rule (docs/rebirth.md, "Content design (Scotland)" and "Content design (Ireland)"):
for every player count and setup (the rules' and the dense 2-player variant,
`mapfile.covered_by_neutral`), with the spaces under neutral tiles removed, a colour's settlement
tiles and farm tiles always have legal spaces, and the tiles the players place fill 80-97 % of the
open spaces (80-95 % on Ireland). The one exception is the text's own 2-player setup, which covers
no more than the 3-player one: it must leave the board at least half full (`RULES_TWO_PLAYER_FILL`).

Maps are decoded by the engine's one map reader (`engine.rebirth.mapfile`): its strict
`grid_cells` and `Grid` while the file is in doubt, `parse_map` once the map is well-formed.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, TypeGuard

from content.rebirth.loader import ADVANCED_MAPS
from engine import hexgrid
from engine.rebirth.board import FEATURE_CODES, PLACEMENT_KINDS
from engine.rebirth.mapfile import Grid, covered_by_neutral, grid_cells, parse_map

CELL_CODES = frozenset("-~w.efsCKRT")
LAND = frozenset(".efsCKRT")  # cells that carry a region (R: Round Tower, T: Hill of Tara)
PLACEMENT = PLACEMENT_KINDS  # cells a tile may be placed on
TILE_CODES = ("E", "F", "S1", "S2", "S3")
TILES_PER_COLOUR = 36
FILL_RANGE = (0.80, 0.97)
# With 2 players the rules cover only the 32 (24) spaces they cover with 3, so a 2-player board
# ends 53-60 % full (docs/rebirth.md "Neutral tiles and player count"); that is the text's game,
# and the dense variant is the one held to FILL_RANGE. This only keeps a map from being far emptier.
RULES_TWO_PLAYER_FILL = (0.50, 0.97)
SETUPS = (False, True)  # `dense` off (the rules' setup) and on (our 2-player variant)
# Open placement spaces around every castle, cathedral, tower and Tara, at every player count.
MIN_FEATURE_NEIGHBOURS = 2

# Per map: tie-break castles that must exist, neutral tiles placed on the value-4 yellow spaces
# (rules: "place 32 Tiles of a color not in use"), mission deck size, largest settlement.
TIEBREAK_CASTLES = {"scotland": ("Edinburgh Castle", "Stirling Castle"), "ireland": ("Blarney Castle",)}
NEUTRAL_TILES = {"scotland": 32, "ireland": 24}
MISSION_COUNT = {"scotland": 32, "ireland": 12}
MAX_SETTLEMENT = {"ireland": 4}
MAP_FILL_RANGE = {"ireland": (0.80, 0.95)}
# Advanced-mode maps (docs/formats.md, "Ireland additions", listed in `ADVANCED_MAPS`): Round
# Towers, the Hill of Tara, Offshore Farms instead of ports, and cards with a high and a low value.
ADVANCED_MAP_KEYS = ("towers", "tara", "offshore")
TOWER_BONUSES = frozenset({"points", "mission", "extra_tile", "recall", "doubling"})
TOWER_POINTS = (2, 4)  # the range of a `points` bonus value

# Named landmarks: the map's key, their grid code, and what a problem calls one.
LANDMARKS = (("castles", "C", "castle"), ("cathedrals", "K", "cathedral"), ("towers", "R", "round tower"))

REQUIRED_MAP_KEYS = (
    "id",
    "name",
    "layout",
    "grid",
    "regions_grid",
    "regions",
    "settlements",
    "ports",
    "castles",
    "cathedrals",
    "yellow",
    "labels",
)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _connected(spaces: list[str], grid: Grid) -> bool:
    todo, seen = [spaces[0]], {spaces[0]}
    while todo:
        for near in grid.neighbours(todo.pop()):
            if near in spaces and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(set(spaces))


def validate_tiles(tiles: Any) -> list[str]:
    """The tile mix: the five tile codes, 36 tiles a colour, set-aside counts per map."""
    problems: list[str] = []
    if not isinstance(tiles, dict):
        return ["tiles: not an object"]
    mix = tiles.get("colour_tiles")
    if not isinstance(mix, dict) or set(mix) != set(TILE_CODES):
        problems.append(f"tiles: colour_tiles must have exactly the codes {', '.join(TILE_CODES)}")
    elif not all(_is_int(n) and n >= 0 for n in mix.values()):
        problems.append("tiles: colour_tiles counts must be non-negative integers")
    elif sum(mix.values()) != TILES_PER_COLOUR:
        problems.append(f"tiles: a colour has {sum(mix.values())} tiles, not {TILES_PER_COLOUR}")
    aside = tiles.get("set_aside")
    if not isinstance(aside, dict) or not all(
        _is_int(n) and 0 <= n < TILES_PER_COLOUR for n in aside.values()
    ):
        problems.append("tiles: set_aside must map map ids to tile counts")
    return problems


def capacity(
    map_dict: dict[str, Any], tiles: dict[str, Any], players: int, dense: bool = False
) -> dict[str, Any]:
    """Open spaces by kind at `players` in the rules' setup (or with `dense`, our 2-player
    variant), next to what the players' tiles need (see module doc)."""
    info = parse_map(map_dict)
    covered = covered_by_neutral(info.yellow, players, dense)
    open_spaces = [s for s, code in info.grid.code.items() if code in PLACEMENT and s not in covered]
    kinds = Counter(info.grid.code[s] for s in open_spaces)
    mix = tiles["colour_tiles"]
    settlement_tiles = sum(n for code, n in mix.items() if code.startswith("S"))
    farm_tiles = mix.get("E", 0) + mix.get("F", 0)
    placed_each = sum(mix.values()) - tiles["set_aside"].get(map_dict["id"], 0)
    total_open = len(open_spaces)
    return {
        "players": players,
        "neutral": len(covered),
        "open": total_open,
        "open_settlement": kinds["s"],
        "open_farm": kinds["."] + kinds["e"] + kinds["f"],
        "open_blank": kinds["."],
        "open_energy": kinds["e"],
        "open_food": kinds["f"],
        "need_settlement": players * settlement_tiles,
        "need_farm": players * farm_tiles,
        "placed": players * placed_each,
        "fill": players * placed_each / total_open if total_open else float("inf"),
    }


def validate_map(
    map_dict: Any, tiles: dict[str, Any], players_range: tuple[int, ...] = (2, 3, 4)
) -> list[str]:
    """Every promise of docs/formats.md about a map file, plus the capacity rule."""
    if not isinstance(map_dict, dict):
        return ["map: not an object"]
    problems = [f"map: missing key {key!r}" for key in REQUIRED_MAP_KEYS if key not in map_dict]
    if map_dict.get("id") in ADVANCED_MAPS:
        problems += [f"map: missing key {key!r}" for key in ADVANCED_MAP_KEYS if key not in map_dict]
    if problems:
        return problems
    if map_dict["layout"] != "odd-r":
        problems.append(f"layout is {map_dict['layout']!r}, not 'odd-r'")
    cells = grid_cells(map_dict["grid"])
    if cells is None:
        return problems + ["grid: rows must be strings of single characters separated by single spaces"]
    if len({len(row) for row in cells}) != 1:
        return problems + ["grid: rows have different lengths"]
    if len(cells[0]) > 26:
        problems.append("grid: more than 26 columns")
    grid = Grid(cells)
    for space, code in grid.code.items():
        if code not in CELL_CODES:
            problems.append(f"grid: unknown code {code!r} at {space}")
    problems += _region_problems(map_dict, grid)
    owner, settlement_problems = _settlement_problems(map_dict, grid)
    problems += settlement_problems
    problems += _port_problems(map_dict, grid, owner)
    problems += _landmark_problems(map_dict, grid)
    problems += _yellow_problems(map_dict, grid)
    problems += _label_problems(map_dict, grid)
    if problems:
        return problems  # the checks below assume a well-formed map
    problems += _reach_problems(map_dict, players_range)
    return problems + _capacity_problems(map_dict, tiles, players_range)


def _region_problems(map_dict: dict[str, Any], grid: Grid) -> list[str]:
    """Region names unique, and `regions_grid` of the grid's shape naming a region on all land."""
    problems: list[str] = []
    regions = map_dict["regions"]
    region_cells = grid_cells(map_dict["regions_grid"])
    if not isinstance(regions, dict) or not regions:
        problems.append("regions: must map letters to names")
        regions = {}
    elif len(set(regions.values())) != len(regions):
        problems.append("regions: names are not unique")
    if (
        region_cells is None
        or len(region_cells) != grid.height
        or any(len(r) != grid.width for r in region_cells)
    ):
        problems.append("regions_grid: not the same shape as grid")
        return problems
    for r, row in enumerate(region_cells):
        for c, letter in enumerate(row):
            space, code = hexgrid.name(c, r), grid.cells[r][c]
            if code in LAND and letter not in regions:
                problems.append(f"regions_grid: land space {space} has no known region ({letter!r})")
            if code not in LAND and letter != "-":
                problems.append(f"regions_grid: non-land space {space} must be '-', not {letter!r}")
    return problems


def _settlement_problems(map_dict: dict[str, Any], grid: Grid) -> tuple[dict[str, str], list[str]]:
    """Settlements named once, of allowed sizes, on contiguous settlement spaces that belong
    to one settlement each; every size present. Also returns each settlement space's owner."""
    problems: list[str] = []
    max_size = MAX_SETTLEMENT.get(map_dict["id"], 3)
    owner: dict[str, str] = {}
    sizes: Counter[int] = Counter()
    names: set[str] = set()
    for settlement in map_dict["settlements"]:
        name, spaces = settlement.get("name"), settlement.get("spaces")
        if not isinstance(name, str) or not name or not isinstance(spaces, list) or not spaces:
            problems.append(f"settlement {settlement!r}: needs a name and a list of spaces")
            continue
        if name in names:
            problems.append(f"settlement {name}: name used twice")
        names.add(name)
        if not 1 <= len(spaces) <= max_size:
            problems.append(f"settlement {name}: {len(spaces)} spaces (allowed 1 to {max_size})")
        sizes[len(spaces)] += 1
        for space in spaces:
            if not grid.valid(space):
                problems.append(f"settlement {name}: {space!r} is not a space of the grid")
            elif grid.code[space] != "s":
                problems.append(f"settlement {name}: {space} is not a settlement space")
            elif space in owner:
                problems.append(f"settlement {name}: {space} is also in {owner[space]}")
            else:
                owner[space] = name
        if all(grid.valid(s) for s in spaces) and not _connected(spaces, grid):
            problems.append(f"settlement {name}: spaces are not contiguous")
    for space, code in grid.code.items():
        if code == "s" and space not in owner:
            problems.append(f"settlement space {space} is in no settlement")
    for size in range(1, max_size + 1):
        if not sizes[size]:
            problems.append(f"settlements: none of size {size}")
    return owner, problems


def _port_problems(map_dict: dict[str, Any], grid: Grid, owner: dict[str, str]) -> list[str]:
    """Ports, and Offshore Farms (the advanced maps' ports): settlement spaces touching the sea."""
    problems: list[str] = []
    advanced = map_dict["id"] in ADVANCED_MAPS
    ports = map_dict["ports"]
    if advanced and ports:
        problems.append(f"ports: {map_dict['name']} has no ports (it has offshore farms), found {ports}")
    for key, label in (("ports", "port"), ("offshore", "offshore space")):
        spaces = map_dict.get(key, [])
        if not isinstance(spaces, list):
            problems.append(f"{key}: must be a list of spaces")
            continue
        if len(set(spaces)) != len(spaces):
            problems.append(f"{key}: listed twice")
        for space in spaces:
            if space not in owner:
                problems.append(f"{label} {space!r} is not a settlement space")
            elif not any(grid.code[near] == "~" for near in grid.neighbours(space)):
                problems.append(f"{label} {space} does not touch the sea")
    if "offshore" in map_dict and not advanced:
        problems.append("offshore: only the advanced maps (Ireland) have offshore farms")
    return problems


def _landmark_problems(map_dict: dict[str, Any], grid: Grid) -> list[str]:
    """Castles, cathedrals and Round Towers named on their own spaces (and every such space
    named), one Hill of Tara, names used once, the rules' tie-break castles present."""
    problems: list[str] = []
    feature_names: list[str] = []
    towers = map_dict.get("towers", {})
    if not isinstance(towers, dict):
        problems.append("towers: must map tower spaces to names")
        towers = {}
    for key, code, label in LANDMARKS:
        named = towers if key == "towers" else map_dict[key]
        for space, name in named.items():
            if not grid.valid(space) or grid.code[space] != code:
                problems.append(f"{key}: {space!r} is not a {label} space")
            if not isinstance(name, str) or not name:
                problems.append(f"{key}: {space} has no name")
            else:
                feature_names.append(name)
        for space, cell in grid.code.items():
            if cell == code and space not in named:
                problems.append(f"{label} space {space} has no name")
    problems += _tara_problems(map_dict, grid)
    for name, times in Counter(feature_names).items():
        if times > 1:
            problems.append(f"castle/cathedral/tower name {name!r} used {times} times")
    castle_names = set(map_dict["castles"].values())
    tiebreak = tuple(map_dict.get("tiebreak_castles", ()))
    map_id = map_dict["id"]
    if map_id in TIEBREAK_CASTLES and tiebreak != TIEBREAK_CASTLES[map_id]:
        wanted = list(TIEBREAK_CASTLES[map_id])
        problems.append(f"tiebreak_castles: {list(tiebreak)}, the rules name {wanted}")
    for name in tiebreak:
        if name not in castle_names:
            problems.append(f"castles: tie-break castle {name!r} is missing")
    return problems


def _tara_problems(map_dict: dict[str, Any], grid: Grid) -> list[str]:
    """The Hill of Tara: at most one T space, and `tara` names it."""
    problems: list[str] = []
    tara_cells = [space for space, cell in grid.code.items() if cell == "T"]
    tara = map_dict.get("tara")
    if len(tara_cells) > 1:
        listed = ", ".join(tara_cells)
        problems.append(f"tara: {len(tara_cells)} Hill of Tara spaces ({listed}), there is one")
    if tara_cells and tara != tara_cells[0]:
        problems.append(f"tara: {tara!r} is not the Hill of Tara space {tara_cells[0]}")
    if "tara" in map_dict and not tara_cells:
        problems.append(f"tara: {tara!r} but the grid has no T space")
    return problems


def _yellow_problems(map_dict: dict[str, Any], grid: Grid) -> list[str]:
    """Yellow spaces: placement spaces of value 3 or 4, whole settlements at one value, as many
    value-4 spaces as the rules cover, and no more than the unused colours' tiles can cover."""
    problems: list[str] = []
    yellow = map_dict["yellow"]
    for space, value in yellow.items():
        if not grid.valid(space) or grid.code[space] not in PLACEMENT:
            problems.append(f"yellow: {space!r} is not a placement space")
        if value not in (3, 4) or not _is_int(value):
            problems.append(f"yellow: {space} has value {value!r} (must be 3 or 4)")
    for settlement in map_dict["settlements"]:
        spaces = [s for s in settlement.get("spaces") or [] if isinstance(s, str)]
        values = {yellow.get(s) for s in spaces}
        if len(values) > 1:
            problems.append(
                f"yellow: settlement {settlement.get('name')} is not wholly yellow with one value"
            )
    fours = sum(value == 4 for value in yellow.values())
    threes = sum(value == 3 for value in yellow.values())
    map_id = map_dict["id"]
    if map_id in NEUTRAL_TILES and fours != NEUTRAL_TILES[map_id]:
        problems.append(f"yellow: {fours} spaces of value 4, the rules cover {NEUTRAL_TILES[map_id]}")
    # 3 players leave one colour unused: it covers the value-4 spaces. 2 players leave two: the
    # rest of the first colour and the whole second one cover the value-3 spaces.
    if fours > TILES_PER_COLOUR:
        problems.append("yellow: more value-4 spaces than one unused colour has tiles")
    if fours + threes > 2 * TILES_PER_COLOUR:
        problems.append("yellow: more value-3 and value-4 spaces than two unused colours have tiles")
    return problems


def _label_problems(map_dict: dict[str, Any], grid: Grid) -> list[str]:
    problems: list[str] = []
    for label in map_dict["labels"]:
        if not isinstance(label, dict) or not isinstance(label.get("text"), str) or not label.get("text"):
            problems.append(f"labels: {label!r} needs a text")
        elif not grid.valid(label.get("at")):
            problems.append(f"labels: {label['text']!r} is at {label.get('at')!r}, not a space of the grid")
    return problems


def _reach_problems(map_dict: dict[str, Any], players_range: tuple[int, ...]) -> list[str]:
    """Castles, cathedrals, towers and Tara must stay reachable at every player count."""
    problems: list[str] = []
    info = parse_map(map_dict)
    grid = info.grid
    tara = [space for space, cell in grid.code.items() if cell == "T"]
    features = list(info.castles) + list(info.cathedrals) + list(info.towers) + tara
    for players, dense in ((players, dense) for players in players_range for dense in SETUPS):
        covered = covered_by_neutral(info.yellow, players, dense)
        for space in features:
            open_near = [
                near
                for near in grid.neighbours(space)
                if grid.code[near] in PLACEMENT and near not in covered
            ]
            if len(open_near) < MIN_FEATURE_NEIGHBOURS:
                problems.append(
                    f"{space} has {len(open_near)} open neighbours with {players} players"
                    f"{' (dense)' if dense else ''} "
                    f"(needs {MIN_FEATURE_NEIGHBOURS})"
                )
    return problems


def _capacity_problems(
    map_dict: dict[str, Any], tiles: dict[str, Any], players_range: tuple[int, ...]
) -> list[str]:
    """The capacity rule (module docstring), once the tile mix itself is valid."""
    tile_problems = validate_tiles(tiles)
    if tile_problems:
        return tile_problems
    map_id = map_dict["id"]
    if map_id not in tiles["set_aside"]:
        return [f"tiles: no set_aside count for map {map_id!r}"]
    problems: list[str] = []
    for players, dense in ((players, dense) for players in players_range for dense in SETUPS):
        cap = capacity(map_dict, tiles, players, dense)
        low, high = (
            RULES_TWO_PLAYER_FILL if players == 2 and not dense else MAP_FILL_RANGE.get(map_id, FILL_RANGE)
        )
        setup = f"{players} players{' (dense)' if dense else ''}"
        if cap["open_settlement"] < cap["need_settlement"]:
            problems.append(
                f"capacity, {setup}: {cap['open_settlement']} open settlement spaces "
                f"< {cap['need_settlement']} settlement tiles"
            )
        if cap["open_farm"] < cap["need_farm"]:
            problems.append(
                f"capacity, {setup}: {cap['open_farm']} open farm spaces < {cap['need_farm']} farm tiles"
            )
        if not low <= cap["fill"] <= high:
            problems.append(
                f"capacity, {setup}: fill {cap['placed']}/{cap['open']} = {cap['fill']:.3f} "
                f"outside {low}-{high}"
            )
    return problems


# Mission conditions: type -> (required fields, optional fields).
CONDITION_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "cluster": (frozenset({"farm", "size"}), frozenset({"count"})),
    "farms": (frozenset({"farm", "count"}), frozenset()),
    "settlements_won": (frozenset({"size", "count"}), frozenset()),
    "settlements_present": (frozenset({"size", "count"}), frozenset()),
    "sole_settlement": (frozenset({"size", "count"}), frozenset()),
    "ports": (frozenset({"count"}), frozenset()),
    "castles": (frozenset({"count"}), frozenset()),
    "castle": (frozenset({"name"}), frozenset()),
    "cathedrals": (frozenset({"count"}), frozenset()),
    "adjacent": (frozenset({"feature", "count"}), frozenset()),
    "region": (frozenset({"region", "count"}), frozenset({"tile"})),
    "regions": (frozenset({"count"}), frozenset()),
    "influence": (frozenset({"total"}), frozenset()),
    "line": (frozenset({"length"}), frozenset()),
    "each_kind": (frozenset({"count"}), frozenset()),
}
_ID = re.compile(r"^[A-Z]{2}\d{2}$")


def _condition_problems(cond: Any, map_dict: dict[str, Any]) -> list[str]:
    if not isinstance(cond, dict) or cond.get("type") not in CONDITION_FIELDS:
        return [f"unknown condition type {cond.get('type') if isinstance(cond, dict) else cond!r}"]
    kind = cond["type"]
    required, optional = CONDITION_FIELDS[kind]
    fields = set(cond) - {"type"}
    problems = [f"{kind}: missing field {f!r}" for f in sorted(required - fields)]
    problems += [f"{kind}: unknown field {f!r}" for f in sorted(fields - required - optional)]
    if problems:
        return problems

    def positive(key: str, minimum: int = 1) -> None:
        if key in cond and not (_is_int(cond[key]) and cond[key] >= minimum):
            problems.append(f"{kind}: {key} must be an integer >= {minimum}")

    sizes = Counter(len(s["spaces"]) for s in map_dict.get("settlements", []))
    biggest = max(sizes, default=3)
    for key in ("count", "total"):
        positive(key)
    if kind == "cluster":
        positive("size", 2)
        if cond["farm"] not in ("energy", "food", "any"):
            problems.append(f"cluster: farm {cond['farm']!r}")
    elif kind == "farms":
        if cond["farm"] not in ("energy", "food"):
            problems.append(f"farms: farm {cond['farm']!r}")
    elif kind in ("settlements_won", "settlements_present"):
        allowed = {None, *range(1, biggest + 1)}
        if cond["size"] not in allowed or isinstance(cond["size"], bool):
            problems.append(f"{kind}: size {cond['size']!r}")
        elif _is_int(cond["count"]):
            if cond["size"] is None:
                minimum = 2 if kind == "settlements_won" else 1
                exist = sum(n for size, n in sizes.items() if size >= minimum)
            else:
                exist = sizes[cond["size"]]
            if cond["count"] > exist:
                problems.append(f"{kind}: count {cond['count']} but the map has {exist} such settlements")
    elif kind == "sole_settlement":
        if cond["size"] not in range(2, biggest + 1) or isinstance(cond["size"], bool):
            problems.append(f"sole_settlement: size {cond['size']!r}")
        elif _is_int(cond["count"]) and cond["count"] > sizes[cond["size"]]:
            problems.append(f"sole_settlement: count {cond['count']} but the map has {sizes[cond['size']]}")
    elif kind == "ports" and _is_int(cond["count"]) and cond["count"] > len(map_dict.get("ports", [])):
        problems.append("ports: count above the number of ports")
    elif kind == "castles" and _is_int(cond["count"]) and cond["count"] > len(map_dict.get("castles", {})):
        problems.append("castles: count above the number of castles")
    elif kind == "castle" and cond["name"] not in set(map_dict.get("castles", {}).values()):
        problems.append(f"castle: no castle named {cond['name']!r} on the map")
    elif (
        kind == "cathedrals"
        and _is_int(cond["count"])
        and cond["count"] > len(map_dict.get("cathedrals", {}))
    ):
        problems.append("cathedrals: count above the number of cathedrals")
    elif kind == "adjacent":
        code = FEATURE_CODES.get(cond["feature"])
        if code is None:
            problems.append(f"adjacent: feature {cond['feature']!r}")
        elif not any(code in row.split(" ") for row in map_dict.get("grid", [])):
            problems.append(f"adjacent: the map has no {cond['feature']}")
    elif kind == "region":
        if cond["region"] not in set(map_dict.get("regions", {}).values()):
            problems.append(f"region: no region named {cond['region']!r} on the map")
        if cond.get("tile", "any") not in ("energy", "food", "settlement", "any"):
            problems.append(f"region: tile {cond.get('tile')!r}")
    elif kind == "regions" and _is_int(cond["count"]) and cond["count"] > len(map_dict.get("regions", {})):
        problems.append("regions: count above the number of regions")
    elif kind == "line":
        positive("length", 2)
    return problems


def validate_missions(missions: Any, map_dict: dict[str, Any]) -> list[str]:
    """A map's mission deck: size, unique ids, names, points, and conditions in the vocabulary.

    Advanced maps (Ireland) have `high` and `low` values instead of `points`: the first player to
    meet a public card scores `high`, later ones `low`; a private card scores `high`.
    """
    if not isinstance(missions, list):
        return ["missions: not a list"]
    problems: list[str] = []
    expected = MISSION_COUNT.get(map_dict.get("id", ""))
    advanced = map_dict.get("id") in ADVANCED_MAPS
    keys = {"id", "name", "high", "low", "condition"} if advanced else {"id", "name", "points", "condition"}
    if expected is not None and len(missions) != expected:
        problems.append(f"missions: {len(missions)} cards, expected {expected}")
    seen: set[str] = set()
    names: set[str] = set()
    for card in missions:
        if not isinstance(card, dict):
            problems.append(f"mission {card!r}: not an object")
            continue
        card_id = card.get("id")
        label = f"mission {card_id}"
        if set(card) != keys:
            wanted = "id, name, high, low, condition" if advanced else "id, name, points, condition"
            problems.append(f"{label}: keys must be exactly {wanted}")
        if not isinstance(card_id, str) or not _ID.match(card_id):
            problems.append(f"{label}: id must look like SC01")
        elif card_id in seen:
            problems.append(f"{label}: id used twice")
        else:
            seen.add(card_id)
        if not isinstance(card.get("name"), str) or not card.get("name"):
            problems.append(f"{label}: needs an English name")
        elif card["name"] in names:  # an event names a card by it (i18n/content.py `named`)
            problems.append(f"{label}: name {card['name']!r} used twice")
        else:
            names.add(card["name"])
        if advanced:
            high, low = card.get("high"), card.get("low")
            if not _is_int(high) or not _is_int(low) or not 1 <= low < high <= 20:
                problems.append(f"{label}: high {high!r} and low {low!r} (must be 20 >= high > low >= 1)")
        else:
            points = card.get("points")
            if not _is_int(points) or not 1 <= points <= 20:
                problems.append(f"{label}: points {points!r} (must be an integer 1-20)")
        problems += [f"{label}: {p}" for p in _condition_problems(card.get("condition"), map_dict)]
    return problems


def validate_towers(towers: Any, map_dict: dict[str, Any]) -> list[str]:
    """A map's Round Tower bonus tiles (its list in `towers.json`): ids, known bonuses, enough tiles."""
    if not isinstance(towers, list):
        return ["towers: not a list"]
    problems: list[str] = []
    seen: set[str] = set()
    for tile in towers:
        if not isinstance(tile, dict):
            problems.append(f"tower bonus {tile!r}: not an object")
            continue
        tile_id, bonus = tile.get("id"), tile.get("bonus")
        label = f"tower bonus {tile_id}"
        if not isinstance(tile_id, str) or not re.match(r"^RT\d+$", tile_id):
            problems.append(f"{label}: id must look like RT1")
        elif tile_id in seen:
            problems.append(f"{label}: id used twice")
        else:
            seen.add(tile_id)
        if bonus not in TOWER_BONUSES:
            problems.append(f"{label}: unknown bonus {bonus!r} (known: {', '.join(sorted(TOWER_BONUSES))})")
        elif bonus == "points":
            low, high = TOWER_POINTS
            if set(tile) != {"id", "bonus", "value"}:
                problems.append(f"{label}: keys must be exactly id, bonus, value")
            if not _is_int(tile.get("value")) or not low <= tile["value"] <= high:
                problems.append(f"{label}: points value {tile.get('value')!r} (must be {low}-{high})")
        elif set(tile) != {"id", "bonus"}:
            problems.append(f"{label}: keys must be exactly id, bonus")
    on_map = len(map_dict.get("towers", {}))
    if len(towers) < on_map:
        problems.append(f"towers: {len(towers)} bonus tiles for {on_map} round towers on the map")
    return problems
