"""Records that can be checked (docs/records.md).

A referee that reads only a game record (as JSON) and the rules recomputes every seat's mission
points: the public missions scored during play and the private cards met at the end. It uses nothing
of the engine: the board, the castles and the cards all come from the record.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.records import random_game, replay
from games.registry import load_engine

# docs/formats.md: the grid code of each feature an `adjacent` mission may name.
FEATURE_CODES = {"sea": "~", "loch": "w", "castle": "C", "cathedral": "K", "tower": "R", "tara": "T"}
KIND_CODES = {"energy": "E", "food": "F", "settlement": "S"}
FARMS = {"energy": ("E",), "food": ("F",), "any": ("E", "F")}
NEUTRAL = -1
NAME = re.compile(r"^([A-Z]+)(\d+)$")


@pytest.fixture(scope="module")
def game():
    return load_engine("rebirth")


@dataclass
class Table:
    """The board as the record describes it, and what the moves put on it."""

    content: dict[str, Any]
    players: int
    kind: dict[str, str] = field(default_factory=dict)
    region: dict[str, str | None] = field(default_factory=dict)
    near: dict[str, list[str]] = field(default_factory=dict)
    settlements: dict[str, list[str]] = field(default_factory=dict)
    castles: dict[str, str] = field(default_factory=dict)  # space -> name
    cathedrals: set[str] = field(default_factory=set)
    ports: set[str] = field(default_factory=set)
    tiles: dict[str, tuple[int, str]] = field(default_factory=dict)
    holder: dict[str, int | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for space in self.content["map"]["spaces"]:
            name = space["space"]
            self.kind[name], self.region[name], self.near[name] = (
                space["kind"],
                space["region"],
                space["neighbours"],
            )
            for feature in space["features"]:
                what, _, label = feature.partition(":")
                if what == "settlement":
                    self.settlements.setdefault(label, []).append(name)
                elif what == "castle":
                    self.castles[name] = label
                elif what == "cathedral":
                    self.cathedrals.add(name)
                elif what == "port":
                    self.ports.add(name)
        self.tiles = {space: (NEUTRAL, "N") for space in self.content["neutral"]}
        self.holder = {space: None for space in self.castles}

    def own(self, seat: int) -> dict[str, str]:
        return {space: tile for space, (owner, tile) in self.tiles.items() if owner == seat}

    def place(self, seat: int, space: str, tile: str) -> None:
        """The tile goes down; each castle next to it goes to whoever now controls it."""
        self.tiles[space] = (seat, tile)
        for castle in (n for n in self.near[space] if n in self.castles):
            self.holder[castle] = self.controller(castle, seat)

    def controller(self, castle: str, active: int) -> int | None:
        """ "You gain control of a Castle by occupying the largest number of spaces adjacent to
        it. If there is a tie in the number of Tiles, the tie-break goes to whoever has more
        adjacent Energy and Food Farm Tiles. If there is still a tie, the tie-break goes to the
        player performing the action." Otherwise the holder keeps it, else the next in turn
        order after the active player (docs/rebirth.md)."""
        strength: dict[int, tuple[int, int]] = {}
        for space in self.near[castle]:
            owner, tile = self.tiles.get(space, (NEUTRAL, ""))
            if owner != NEUTRAL:
                count, farms = strength.get(owner, (0, 0))
                strength[owner] = (count + 1, farms + (tile in ("E", "F")))
        holder = self.holder[castle]
        if not strength:
            return holder
        best = max(strength.values())
        leaders = [seat for seat, value in strength.items() if value == best]
        if len(leaders) == 1 or active in leaders:
            return leaders[0] if len(leaders) == 1 else active
        if holder in leaders:
            return holder
        return min(leaders, key=lambda seat: (seat - active) % self.players)


def cube(space: str) -> tuple[int, int, int]:
    """Odd-r offset coordinates (docs/formats.md) as cube coordinates: hex lines keep one fixed."""
    match = NAME.match(space)
    assert match, space
    col = 0
    for letter in match.group(1):
        col = col * 26 + ord(letter) - ord("A") + 1
    col, row = col - 1, int(match.group(2)) - 1
    x = col - (row - (row & 1)) // 2
    return x, row, -x - row


def longest_line(spaces: set[str]) -> int:
    cells = {cube(space) for space in spaces}
    best = 0
    for fixed, moving in ((0, 1), (1, 0), (2, 0)):
        for cell in cells:
            back = list(cell)
            back[moving] -= 1
            back[3 - fixed - moving] += 1
            if tuple(back) in cells:
                continue  # not the start of a line
            length, step = 0, list(cell)
            while tuple(step) in cells:
                length += 1
                step[moving] += 1
                step[3 - fixed - moving] -= 1
            best = max(best, length)
    return best


def clusters(table: Table, seat: int, farm: str) -> list[int]:
    spaces = {space for space, tile in table.own(seat).items() if tile == farm}
    sizes = []
    while spaces:
        stack, size = [spaces.pop()], 0
        while stack:
            size += 1
            for near in table.near[stack.pop()]:
                if near in spaces:
                    spaces.remove(near)
                    stack.append(near)
        sizes.append(size)
    return sizes


def influence(tile: str) -> int:
    return int(tile[1:]) if tile.startswith("S") else 0


def settlement_counts(table: Table, seat: int, c: dict[str, Any]) -> int:
    kind, size, count = c["type"], c.get("size"), 0
    for spaces in table.settlements.values():
        owners = [table.tiles.get(space, (NEUTRAL, ""))[0] for space in spaces]
        if kind == "sole_settlement":
            count += len(spaces) == size and all(owner == seat for owner in owners)
        elif kind == "settlements_present":
            count += (len(spaces) == size if size is not None else True) and seat in owners
        elif (len(spaces) == size if size is not None else len(spaces) >= 2) and all(
            space in table.tiles for space in spaces
        ):
            totals: dict[int, int] = {}
            for space in spaces:
                owner, tile = table.tiles[space]
                if owner != NEUTRAL:
                    totals[owner] = totals.get(owner, 0) + influence(tile)
            count += bool(totals) and totals.get(seat) == max(totals.values())
    return count


def is_met(table: Table, seat: int, c: dict[str, Any]) -> bool:
    """A mission condition (docs/formats.md) against the board the record built."""
    own, kind = table.own(seat), c["type"]
    if kind == "cluster":
        sizes = [size for farm in FARMS[c["farm"]] for size in clusters(table, seat, farm)]
        if c.get("count", 1) == 1:
            return max(sizes, default=0) >= c["size"]
        return sum(size >= c["size"] for size in sizes) >= c["count"]
    if kind in ("settlements_won", "settlements_present", "sole_settlement"):
        return settlement_counts(table, seat, c) >= c["count"]
    have = {
        "farms": lambda: sum(tile == FARMS[c["farm"]][0] for tile in own.values()),
        "ports": lambda: len(table.ports & set(own)),
        "castles": lambda: sum(holder == seat for holder in table.holder.values()),
        "cathedrals": lambda: sum(any(n in own for n in table.near[k]) for k in table.cathedrals),
        "adjacent": lambda: sum(
            any(table.kind[n] == FEATURE_CODES[c["feature"]] for n in table.near[space]) for space in own
        ),
        "region": lambda: sum(
            table.region[space] == c["region"]
            and c.get("tile", "any")
            in ("any", *[name for name, code in KIND_CODES.items() if tile.startswith(code)])
            for space, tile in own.items()
        ),
        "regions": lambda: len({table.region[space] for space in own} - {None}),
        "influence": lambda: sum(influence(tile) for tile in own.values()),
        "line": lambda: longest_line(set(own)),
        "each_kind": lambda: min(sum(tile.startswith(code) for tile in own.values()) for code in "EFS"),
    }
    if kind == "castle":
        return any(table.holder[s] == seat for s, name in table.castles.items() if name == c["name"])
    need = c.get("count", c.get("total", c.get("length")))
    return have[kind]() >= need


def referee(record: dict[str, Any]) -> list[dict[str, int]]:
    """Each seat's `public` and `missions` points, from the record alone."""
    content, players = record["content"], record["players"]
    table = Table(content, players)
    cards = {card["id"]: card for card in content["mission_cards"]}
    public = [card["id"] for card in content["public_missions"]]
    done: dict[str, list[int]] = {card: [] for card in public}
    points = [{"public": 0, "missions": 0} for _ in range(players)]
    held: list[list[str]] = [[] for _ in range(players)]
    resigned: set[int] = set()
    for entry in record["moves"]:
        seat, move = entry["seat"], entry["move"]
        for who, drawn in entry.get("missions_drawn", {}).items():
            held[int(who)] += drawn
        if move == "resign":
            resigned.add(seat)
        if move in ("resign", "discard"):
            continue
        table.place(seat, move.split()[0], entry["tile"])
        for who in ((seat + step) % players for step in range(players)):
            for card in public:
                if (
                    who not in resigned
                    and who not in done[card]
                    and is_met(table, who, cards[card]["condition"])
                ):
                    points[who]["public"] += cards[card]["low" if done[card] else "high"]
                    done[card].append(who)
    for seat in range(players):
        met = [cards[card] for card in held[seat] if is_met(table, seat, cards[card]["condition"])]
        points[seat]["missions"] = sum(card.get("points", card.get("high", 0)) for card in met)
    return points


def check_records(game, seeds: range) -> tuple[int, int]:
    """Referee every game; (mission points checked, cards drawn) over them all."""
    total = drawn = 0
    for map_id in ("scotland", "ireland"):
        for players in (2, 3, 4):
            for seed in seeds:
                chooser = random.Random(f"referee:{seed}")
                record = json.loads(json.dumps(random_game(game, players, {"map": map_id}, seed, chooser)))
                assert replay(game, record) == []
                breakdown = record["final"]["breakdown"]
                judged = referee(record)
                for seat, mine in enumerate(judged):
                    stated = {key: breakdown[seat].get(key, 0) for key in mine}
                    assert mine == stated, f"{map_id} {players}p seed {seed} seat {seat}"
                    total += sum(mine.values())
                assert all(
                    len(seat["set_aside"]) == record["content"]["set_aside"] for seat in record["seats"]
                )
                drawn += sum(
                    len(cards) for e in record["moves"] for cards in e.get("missions_drawn", {}).values()
                )
    return total, drawn


def test_a_referee_recomputes_every_seats_mission_points_from_the_record(game):
    """ "Mission Cards: Reveal the Mission Cards (private or public) and add the points if the
    condition was met." and "Public Mission Cards: Upon completing a mission, the first player
    to do so wins the higher value on the card. Other players who complete the same mission
    later win the lower value." The record says which cards each seat drew, at which move."""
    total, drawn = check_records(game, range(4))
    assert total > 0 and drawn > 0, "the games checked scored missions"


@pytest.mark.slow
def test_the_referee_agrees_over_many_games(game):
    """The same referee ("add the points if the condition was met") over 120 more games."""
    total, drawn = check_records(game, range(100, 120))
    assert total > 0 and drawn > 0


def test_old_records_still_replay_and_changed_facts_are_caught(game):
    """A `tabletop.record/1` record (no set-aside tiles, no cards drawn) still replays; in a
    current one, a changed fact is reported."""
    record = json.loads(json.dumps(random_game(game, 3, {"map": "ireland"}, 5, random.Random(5))))
    assert record["format"] == "tabletop.record/2" and replay(game, record) == []
    old = json.loads(json.dumps(record))
    old["format"] = "tabletop.record/1"
    for seat in old["seats"]:
        del seat["set_aside"]
    for entry in old["moves"]:
        entry.pop("missions_drawn", None)
    del old["content"]["mission_cards"]
    assert replay(game, old) == []
    drawing = next(entry for entry in record["moves"] if "missions_drawn" in entry)
    drawing["missions_drawn"] = {"0": ["IR99"]}
    record["seats"][1]["set_aside"] = ["S3"]
    problems = replay(game, record)
    assert len(problems) == 2 and "seat 1: set_aside" in problems[0] and "missions_drawn" in problems[1]
