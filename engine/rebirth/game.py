"""Rebirth: the rules of a whole game, from setup to final scoring.

A turn is one move: place the tile in hand on a legal space (its coordinate is the move, e.g.
`F7`), score it, draw. `discard` exists only for the case the text leaves open: a tile with no
legal space anywhere. `resign` may be played by any seated player at any time.

Ireland (advanced mode) adds public and private missions, Round Tower bonuses (an extra
placement is a move of its own, made before the turn ends), the Hill of Tara tie-break and the
once-per-game Doubling Marker (`F7 x2`).
"""

from __future__ import annotations

import random
import re
from typing import Any, cast

from engine import hexgrid
from engine.base import RESIGN, RULES_OPTION, SEAT_COLOURS, Applied, Game, MoveFacts
from engine.errors import GameOver, IllegalMove, MalformedMove, NotAPlayer, NotYourTurn, Term
from engine.rebirth import missions as mission_rules
from engine.rebirth import scoring
from engine.rebirth.board import Board, build_board
from engine.rebirth.fallback import POLICY
from engine.rebirth.missions import card_points
from engine.rebirth.state import NEUTRAL, RebirthState
from engine.rebirth.views import (
    DiscardEvent,
    FinalView,
    MissionCard,
    PlaceEvent,
    PrivateView,
    PublicCard,
    RebirthEvent,
    RebirthView,
    ResignEvent,
    SeatPoints,
    SeatSummary,
)

COLOURS = SEAT_COLOURS  # seat order
DISCARD = "discard"
DOUBLE = "x2"
# A typed placement, lowercased: a space (letter and digits, spaces between allowed), then
# maybe the Doubling Marker (`x2`, also `x 2` or glued on: `f7x2`).
_TYPED = re.compile(r"^\s*([a-z]\s*\d{1,2})\s*(x\s*2)?\s*$")
PUBLIC_ROW = 8

RULES_VERSION = 2
"""Rebirth's current rules version (the `rules` option, docs/architecture.md "Rules versions").
1: the rules as played before issue 11, whose 2-player setup covered the spaces marked 3 too (68
neutral tiles on Scotland, 66 on Ireland). 2: the text's setup, one unused colour's 32 (24) tiles
with 2 or 3 players; the denser board stays as the `variant` option `dense`."""
RULES_VERSIONS = (1, 2)
VARIANT_OPTION = "variant"
STANDARD, DENSE = "standard", "dense"
"""The `variant` choices: the rules' setup, or our dense 2-player board (docs/rebirth.md)."""

# Spaces a tile may go on, and where a farm may go when its own spaces and blank land are full.
_ALLOWED = {"E": ".e", "F": ".f"}
_FALLBACK = {"E": "f", "F": "e"}
_LANDMARK_ERRORS = {
    "C": "error.rebirth.castle_space",
    "K": "error.rebirth.cathedral_space",
    "R": "error.rebirth.tower_space",
    "T": "error.rebirth.tara_space",
}


class Rebirth(Game[RebirthState, RebirthView, RebirthEvent]):
    """The Rebirth rules over one set of content (maps, tile mix, mission cards)."""

    id = "rebirth"
    min_players = 2
    max_players = 4
    fallback_policy = POLICY

    def __init__(
        self,
        maps: dict[str, dict[str, Any]],
        tiles: dict[str, Any],
        missions: dict[str, list[dict]],
        towers: dict[str, list[dict]] | None = None,
    ):
        self.boards: dict[str, Board] = {map_id: build_board(data) for map_id, data in maps.items()}
        self.tiles = tiles
        self.missions = {card["id"]: card for cards in missions.values() for card in cards}
        self.mission_decks = {map_id: [card["id"] for card in cards] for map_id, cards in missions.items()}
        self.tower_tiles = {tile["id"]: tile for tiles_ in (towers or {}).values() for tile in tiles_}
        self.tower_sets = {
            map_id: [tile["id"] for tile in tiles_] for map_id, tiles_ in (towers or {}).items()
        }

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> RebirthState:
        """Setup as the text describes it for Scotland; every shuffle is drawn from `seed`. The
        options: `map` (the first is the default), `rules` (the rules version, absent: the current
        one) and `variant` (`dense`: our denser 2-player board; always so under version 1)."""
        map_id = options.get("map", next(iter(self.boards)))  # the first map is the default
        if map_id not in self.boards:
            raise IllegalMove("error.rebirth.unknown_map", map=map_id)
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove("error.players_range", low=self.min_players, high=self.max_players)
        version = options.get(RULES_OPTION, RULES_VERSION)
        if version not in RULES_VERSIONS:
            raise IllegalMove("error.rules_version", version=str(version)[:10])
        variant = options.get(VARIANT_OPTION, STANDARD)
        if variant not in (STANDARD, DENSE):
            raise IllegalMove("error.rebirth.unknown_variant", variant=str(variant)[:20])
        dense = version == 1 or variant == DENSE
        board = self.boards[map_id]
        rng = random.Random(f"rebirth:{seed}")
        deck = list(self.mission_decks.get(map_id, []))
        rng.shuffle(deck)
        set_aside_count = self.tiles["set_aside"][map_id]
        state = RebirthState(map_id=map_id, players=players, seed=seed, current=rng.randrange(players))
        for _ in range(players):
            tiles = [code for code, count in self.tiles["colour_tiles"].items() for _ in range(count)]
            rng.shuffle(tiles)
            aside = tiles[:set_aside_count]  # Ireland keeps them shuffled, face down (recall draws)
            state.set_aside.append(aside if board.towers else sorted(aside))
            state.hands.append(tiles[set_aside_count])
            state.supplies.append(tiles[set_aside_count + 1 :])
            state.missions.append([])
            state.scores.append({})
            state.resigned.append(False)
            state.discarded.append([])
        if board.towers:  # Ireland: a public row, a private pile, tower bonuses, doubling
            state.public_missions, deck = deck[:PUBLIC_ROW], deck[PUBLIC_ROW:]
            state.public_done = {card: [] for card in state.public_missions}
            bonus_tiles = list(self.tower_sets.get(map_id, []))
            rng.shuffle(bonus_tiles)
            state.towers = dict(zip(sorted(board.towers), bonus_tiles, strict=False))
            state.towers_used = {space: [] for space in state.towers}
            state.doubling = [True] * players
        state.mission_deck = deck
        for space in board.covered_spaces(players, dense):
            state.board[space] = (NEUTRAL, "N")
        state.castles = {space: None for space in board.castles}
        state.cathedral_markers = {space: [] for space in board.cathedrals}
        return state

    # ------------------------------------------------------------ questions

    def board(self, state: RebirthState) -> Board:
        return self.boards[state.map_id]

    def to_move(self, state: RebirthState) -> int | None:
        return None if state.finished else state.current

    def is_over(self, state: RebirthState) -> bool:
        return state.finished

    def scores(self, state: RebirthState) -> list[int]:
        return [state.total(seat) for seat in range(state.players)]

    def tile_to_place(self, state: RebirthState, seat: int) -> str | None:
        """The tile `seat` places next: a tower's extra tile first, else the tile in hand."""
        if state.pending and state.current == seat:
            return state.pending[0]["tile"]
        return state.hands[seat]

    def can_double(self, state: RebirthState, seat: int) -> bool:
        return bool(state.doubling) and state.doubling[seat]

    def legal_moves(self, state: RebirthState, seat: int) -> list[str]:
        """Every move `seat` may make now (empty when it is not their turn)."""
        if state.finished or seat != state.current:
            return []
        spaces = self._legal_spaces(state, self.tile_to_place(state, seat))
        if not spaces:
            return [DISCARD]
        if self.can_double(state, seat):
            return spaces + [f"{space} {DOUBLE}" for space in spaces]
        return spaces

    def _legal_spaces(self, state: RebirthState, tile: str | None) -> list[str]:
        if tile is None:
            return []
        board = self.board(state)
        empty = [s for s in board.placement_spaces if s not in state.board]
        if tile.startswith("S"):
            return [s for s in empty if board.kind[s] == "s"]
        spaces = [s for s in empty if board.kind[s] in _ALLOWED[tile]]
        return spaces or [s for s in empty if board.kind[s] == _FALLBACK[tile]]

    def reveals(self, before: RebirthState, after: RebirthState, seat: int) -> str | None:
        """What a move showed anyone, the mover included, that they did not know: why it cannot
        be taken back (`/undo`, docs/async.md). A placement draws the mover's next tile from
        their face-down supply (or a tower brings a set-aside tile back, or draws an extra one):
        undoing it would let them place again knowing that tile. A mission card drawn from the
        face-down pile (a cathedral, a tower) is new too. The last placements, with the supply
        empty, draw nothing and may be undone."""
        drew_tile = len(after.supplies[seat]) < len(before.supplies[seat]) or len(
            after.set_aside[seat]
        ) < len(before.set_aside[seat])
        if drew_tile:
            return "undo.drew_tile"
        if len(after.mission_deck) < len(before.mission_deck):
            return "undo.drew_mission"
        return None

    def score_if_ended(self, state: RebirthState) -> list[int]:
        """Each seat's total if the game ended now: the final scoring run on a copy."""
        if state.finished:
            return self.scores(state)
        ended = state.copy()
        self.final_scoring(ended)
        return self.scores(ended)

    def moves(self, state: RebirthState, seat: int) -> list[MoveFacts]:
        """Legal moves with what they would score now, best first: a placement's `facts` hold
        its tile, its region, the castles it takes, the mission cards its cathedrals draw and
        the tower bonuses it takes (`doubled` on the Doubling Marker's twin of a placement)."""
        if state.finished or seat != state.current:
            return []
        tile = self.tile_to_place(state, seat)
        spaces = self._legal_spaces(state, tile)
        if not spaces:
            return [MoveFacts(DISCARD, "discard", rank=0)]
        assert tile is not None, "a tile with legal spaces exists"
        moves, regions = [], self.board(state).region
        for space in spaces:
            preview = self._preview(state, seat, tile, space)
            facts = {
                "tile": tile,
                "region": regions.get(space),  # typing a region's name finds its spaces
                "castles": preview["castles"],
                "cathedrals": preview["cathedrals"],
                "towers": preview["towers"],
            }
            rank = (
                preview["points"] + 3 * len(preview["castles"]) + 2 * preview["cathedrals"] + preview["bonus"]
            )
            moves.append(
                MoveFacts(space, "place", (space,), points=preview["points"], rank=rank, facts=facts)
            )
            gain = preview["doubled"] - preview["points"] if preview["doubled"] is not None else 0
            if gain > 0:
                # Spending the once-a-game marker on a small gain is rarely wise: rank it lower.
                moves.append(
                    MoveFacts(
                        f"{space} {DOUBLE}",
                        "place",
                        (space,),
                        points=preview["doubled"],
                        rank=rank + gain - 4,
                        facts={**facts, "doubled": True},
                    )
                )
        moves.sort(key=lambda move: (-move.rank, _space_order(move.notation)))
        return moves

    def _preview(self, state: RebirthState, seat: int, tile: str, space: str) -> dict[str, Any]:
        """What placing `tile` on `space` would give `seat` now, without changing the state.

        `points` (and `doubled`, with the Doubling Marker; None without it) are what the move
        scores `seat` at once, every category included; the rest only counts later, or is
        not points (castles, mission cards, tower bonuses other than points)."""
        board = self.board(state)
        tiles = dict(state.board)
        tiles[space] = (seat, tile)
        castles = []
        for castle in board.adjacent_castles[space]:
            holder = state.castles[castle]
            if (
                holder != seat
                and scoring.castle_controller(board, tiles, castle, seat, holder, state.players) == seat
            ):
                castles.append(board.castles[castle])
        cathedrals = sum(seat not in state.cathedral_markers[k] for k in board.adjacent_cathedrals[space])
        if not state.mission_deck:
            cathedrals = 0  # a marker, but no card left to draw
        towers, bonus = [], 0
        for tower in board.adjacent_towers[space]:
            if tower in state.towers and seat not in state.towers_used[tower]:
                tile_ = self.tower_tiles[state.towers[tower]]
                if self._tower_gives(state, seat, tile_["bonus"]):
                    towers.append({"bonus": tile_["bonus"], "value": tile_.get("value", 0)})
                    if not self._tower_scores(state, seat, tile_["bonus"]):  # else in `points`
                        bonus += tile_.get("value", 2)
        return {
            "points": self.points_now(state, seat, tile, space),
            "doubled": (
                self.points_now(state, seat, tile, space, True) if self.can_double(state, seat) else None
            ),
            "castles": castles,
            "cathedrals": cathedrals,
            "towers": towers,
            "bonus": bonus,
        }

    def points_now(self, state: RebirthState, seat: int, tile: str, space: str, doubled: bool = False) -> int:
        """The points placing `tile` on `space` scores `seat` at once: the placement is played
        on a copy, so the figure is by construction what `apply` then gives the mover."""
        event = cast(PlaceEvent, self._place(state, seat, tile, space, doubled, preview=True).event)
        return sum(event["points"].get(seat, {}).values())

    @staticmethod
    def _tower_scores(state: RebirthState, seat: int, kind: str) -> bool:
        """Whether a tower bonus is points for `seat` (a `doubling` tower is, while the marker
        is still unused)."""
        return kind == "points" or (kind == "doubling" and state.doubling[seat])

    # ----------------------------------------------------------------- apply

    def apply(self, state: RebirthState, seat: int, move: str) -> Applied[RebirthState, RebirthEvent]:
        """Play `move` for `seat`: a new state and a description of what happened.

        Raises a GameError saying why when the move is refused; `state` is never modified.
        """
        if not 0 <= seat < state.players:
            raise NotAPlayer("error.not_a_player")
        if state.finished:
            raise GameOver("error.game_over")
        text = move.strip().lower()
        if text == RESIGN:
            return self._resign(state, seat)
        if state.resigned[seat]:
            raise IllegalMove("error.resigned")
        if seat != state.current:
            raise NotYourTurn("error.not_your_turn")
        tile = self.tile_to_place(state, seat)
        assert tile is not None, "a seat to move always has a tile to place"
        if text == DISCARD:
            if self._legal_spaces(state, tile):
                raise IllegalMove("error.rebirth.discard_with_space", tile=Term(f"tile.{tile}"))
            return self._discard(state, seat, tile)
        typed = _TYPED.match(text.replace("×", "x"))  # any case and spacing: "f 7", "F7X2"
        doubled = bool(typed and typed.group(2))
        if doubled and not state.doubling:  # a map without the marker (Scotland)
            raise IllegalMove("error.rebirth.no_doubling_map", map=self.board(state).name)
        if doubled and not self.can_double(state, seat):
            raise IllegalMove("error.rebirth.no_doubling")
        coords = hexgrid.parse(typed.group(1)) if typed else None
        if coords is None:
            raise MalformedMove("error.rebirth.malformed", text=move[:20])
        space = hexgrid.name(*coords)
        self._check_space(state, tile, space)
        return self._place(state, seat, tile, space, doubled)

    def _check_space(self, state: RebirthState, tile: str, space: str) -> None:
        board = self.board(state)
        kind = board.kind.get(space)
        if kind is None:
            raise IllegalMove("error.rebirth.off_board", space=space)
        if kind in "~w":
            raise IllegalMove("error.rebirth.water", space=space)
        if kind in _LANDMARK_ERRORS:
            raise IllegalMove(_LANDMARK_ERRORS[kind], space=space)
        if space in state.board:
            key = "error.rebirth.neutral" if state.board[space][0] == NEUTRAL else "error.rebirth.occupied"
            raise IllegalMove(key, space=space)
        if space in self._legal_spaces(state, tile):
            return
        tile_name = Term(f"tile.{tile}")
        if tile.startswith("S"):
            raise IllegalMove("error.rebirth.settlement_only", space=space)
        if kind == "s":
            raise IllegalMove("error.rebirth.settlement_space", space=space, tile=tile_name)
        raise IllegalMove("error.rebirth.farm_fallback", space=space, tile=tile_name)

    def _placement_points(
        self, board: Board, tiles: dict[str, tuple[int, str]], seat: int, tile: str, space: str
    ) -> dict[int, dict[str, int]]:
        """Points scored immediately by a placement (already on `tiles`), by seat and category."""
        points: dict[int, dict[str, int]] = {}
        if tile in scoring.FARMS:
            _add(points, seat, "farm", len(scoring.farm_cluster(board, tiles, seat, tile, space)))
            return points
        settlement = board.settlement_of[space]
        if settlement.size == 1:
            _add(points, seat, "settlement", scoring.influence(tile))
        elif scoring.is_complete(settlement, tiles):
            for who, value in scoring.settlement_payout(settlement, tiles).items():
                _add(points, who, "settlement", value)
        if space in board.bonus_spaces:
            _add(points, seat, board.bonus_spaces[space], 1)
        return points

    def _place(
        self,
        state: RebirthState,
        seat: int,
        tile: str,
        space: str,
        doubled: bool = False,
        preview: bool = False,
    ) -> Applied[RebirthState, RebirthEvent]:
        """Place `tile` for `seat` on a copy of `state`. A `preview` scores only what the mover
        scores (the others' public missions are not checked: the mover is checked first, so
        what they score never changes the mover's points) and does not end the turn."""
        board = self.board(state)
        new = state.copy()
        if new.pending:
            new.pending.pop(0)  # this placement is a tower's extra tile
        else:
            new.hands[seat] = None
        new.board[space] = (seat, tile)
        points = self._placement_points(board, new.board, seat, tile, space)
        event: PlaceEvent = {
            "kind": "place",
            "seat": seat,
            "space": space,
            "tile": tile,
            "points": points,
        }
        private: dict[int, dict[str, Any]] = {}
        if doubled:
            new.doubling[seat] = False
            event["doubled"] = True
            _add(points, seat, "doubling", sum(points.get(seat, {}).values()))
        settlement = board.settlement_of.get(space)
        if settlement and settlement.size > 1 and scoring.is_complete(settlement, new.board):
            event["completed"] = settlement.name
        for cathedral in board.adjacent_cathedrals[space]:
            if seat in new.cathedral_markers[cathedral]:
                continue
            new.cathedral_markers[cathedral].append(seat)
            event.setdefault("cathedrals", []).append(board.cathedrals[cathedral])
            self._draw_mission(new, seat, event, private)
        for castle in board.adjacent_castles[space]:
            holder = new.castles[castle]
            controller = scoring.castle_controller(board, new.board, castle, seat, holder, new.players)
            if controller != holder:
                new.castles[castle] = controller
                event.setdefault("castles", []).append(
                    {"castle": board.castles[castle], "from": holder, "to": controller}
                )
        self._tower_bonuses(new, board, seat, space, points, event, private)
        self._public_missions(new, seat, points, event, 1 if preview else new.players)
        if preview:
            return Applied(new, event, private, space)
        for who, categories in points.items():
            for category, value in categories.items():
                new.scores[who][category] = new.scores[who].get(category, 0) + value
        new.last = {"seat": seat, "space": space, "tile": tile}
        new.turn += 1
        if new.pending:
            event["pending"] = len(new.pending)  # the same player places again before drawing
        else:
            self._finish_turn(new, seat)
        return Applied(new, event, private, f"{space} {DOUBLE}" if doubled else space)

    def _draw_mission(
        self, state: RebirthState, seat: int, event: PlaceEvent, private: dict[int, dict[str, Any]]
    ) -> None:
        """A private mission card from the face-down pile, if any is left."""
        if not state.mission_deck:
            return
        card = state.mission_deck.pop(0)
        state.missions[seat].append(card)
        private.setdefault(seat, {}).setdefault("missions_drawn", []).append(card)
        event["missions_drawn"] = event.get("missions_drawn", 0) + 1

    @staticmethod
    def _tower_gives(state: RebirthState, seat: int, kind: str) -> bool:
        """Whether a tower bonus would give `seat` anything now (a pile may be empty)."""
        if kind == "mission":
            return bool(state.mission_deck)
        if kind == "extra_tile":
            return bool(state.supplies[seat])
        if kind == "recall":
            return bool(state.set_aside[seat])
        return True

    def _tower_bonuses(
        self,
        state: RebirthState,
        board: Board,
        seat: int,
        space: str,
        points: dict[int, dict[str, int]],
        event: PlaceEvent,
        private: dict[int, dict[str, Any]],
    ) -> None:
        """Activate each Round Tower next to `space` that `seat` has not used yet."""
        for tower in board.adjacent_towers[space]:
            if tower not in state.towers or seat in state.towers_used[tower]:
                continue
            state.towers_used[tower].append(seat)
            bonus = self.tower_tiles[state.towers[tower]]
            kind, outcome = bonus["bonus"], "ok"
            if kind == "points":
                _add(points, seat, "tower", bonus["value"])
            elif kind == "mission":
                outcome = "ok" if state.mission_deck else "empty"
                self._draw_mission(state, seat, event, private)
            elif kind in ("extra_tile", "recall"):
                source = state.supplies[seat] if kind == "extra_tile" else state.set_aside[seat]
                if source:
                    state.pending.append({"kind": "extra", "tile": source.pop(0), "source": kind})
                else:
                    outcome = "empty"
            elif kind == "doubling":
                if state.doubling[seat]:
                    _add(points, seat, "tower", 2)
                    outcome = "points"
                else:
                    state.doubling[seat] = True
            event.setdefault("towers", []).append(
                {"tower": board.towers[tower], "bonus": kind, "value": bonus.get("value"), "outcome": outcome}
            )

    def _public_missions(
        self, state: RebirthState, mover: int, points: SeatPoints, event: PlaceEvent, seats: int
    ) -> None:
        """After every placement: anyone who now meets a public mission scores it, the first
        player the higher value, later ones the lower. The mover is checked first (then the
        next `seats - 1` players in turn order)."""
        if not state.public_missions:
            return
        pos = self.position(state)
        for step in range(seats):
            who = (mover + step) % state.players
            if state.resigned[who]:
                continue
            for card_id in state.public_missions:
                done = state.public_done[card_id]
                card = self.missions[card_id]
                if who in done or not mission_rules.is_met(card["condition"], pos, who):
                    continue
                value = card["low"] if done else card["high"]
                done.append(who)
                _add(points, who, "public", value)
                event.setdefault("public_missions", []).append(
                    {"mission": card["name"], "seat": who, "points": value, "first": len(done) == 1}
                )

    def _discard(self, state: RebirthState, seat: int, tile: str) -> Applied[RebirthState, RebirthEvent]:
        new = state.copy()
        if new.pending:
            new.pending.pop(0)
        else:
            new.hands[seat] = None
        new.discarded[seat].append(tile)
        new.last = {"seat": seat, "space": None, "tile": tile}
        new.turn += 1
        event: DiscardEvent = {"kind": "discard", "seat": seat, "tile": tile, "points": {}}
        if new.pending:
            event["pending"] = len(new.pending)
        else:
            self._finish_turn(new, seat)
        return Applied(new, event, {}, DISCARD)

    def _resign(self, state: RebirthState, seat: int) -> Applied[RebirthState, RebirthEvent]:
        if state.resigned[seat]:
            raise IllegalMove("error.resigned")
        new = state.copy()
        new.resigned[seat] = True
        new.hands[seat] = None
        new.supplies[seat] = []
        if new.current == seat:
            new.pending = []
        event: ResignEvent = {"kind": RESIGN, "seat": seat, "points": {}}
        if sum(not r for r in new.resigned) <= 1:
            self.final_scoring(new)
        elif new.current == seat:
            self._advance(new, seat)
        return Applied(new, event, {}, RESIGN)

    def _finish_turn(self, state: RebirthState, seat: int) -> None:
        """Step 3 of a turn (draw), then pass the turn or end the game."""
        supply = state.supplies[seat]
        if state.hands[seat] is None and supply:
            state.hands[seat] = supply.pop(0)
        self._advance(state, seat)

    def _advance(self, state: RebirthState, seat: int) -> None:
        for step in range(1, state.players + 1):
            nxt = (seat + step) % state.players
            if not state.resigned[nxt] and state.hands[nxt] is not None:
                state.current = nxt
                return
        self.final_scoring(state)

    # ------------------------------------------------------------ end game

    def position(self, state: RebirthState) -> mission_rules.Position:
        return mission_rules.Position(self.board(state), state.board, state.castles, state.cathedral_markers)

    def final_scoring(self, state: RebirthState) -> None:
        """Incomplete settlements as small ones, 5 per castle, met missions; then the winner."""
        board = self.board(state)
        state.finished = True
        state.current = None
        state.pending = []
        before = [dict(s) for s in state.scores]
        for settlement in board.settlements:
            if settlement.size > 1 and not scoring.is_complete(settlement, state.board):
                for who, value in scoring.settlement_influence(settlement, state.board).items():
                    if value:
                        state.scores[who]["incomplete"] = state.scores[who].get("incomplete", 0) + value
        for holder in state.castles.values():
            if holder is not None:
                state.scores[holder]["castles"] = (
                    state.scores[holder].get("castles", 0) + scoring.CASTLE_POINTS
                )
        pos = self.position(state)
        met: list[list[str]] = []
        for seat in range(state.players):
            done = [
                c
                for c in state.missions[seat]
                if mission_rules.is_met(self.missions[c]["condition"], pos, seat)
            ]
            met.append(done)
            value = sum(card_points(self.missions[c]) for c in done)
            if value:
                state.scores[seat]["missions"] = value
        final_points = [
            {
                k: v - before[seat].get(k, 0)
                for k, v in state.scores[seat].items()
                if v != before[seat].get(k, 0)
            }
            for seat in range(state.players)
        ]
        winners, decided_by = self._winners(state)
        state.final = {
            "winners": winners,
            "decided_by": decided_by,
            "final_points": final_points,
            "missions_met": met,
            "missions": [list(m) for m in state.missions],
        }

    def _winners(self, state: RebirthState) -> tuple[list[int], str]:
        """Highest total among players who did not resign; then the map's castle tie-breaks."""
        candidates = [seat for seat in range(state.players) if not state.resigned[seat]]
        best = max(state.total(seat) for seat in candidates)
        tied = [seat for seat in candidates if state.total(seat) == best]
        if len(tied) == 1:
            return tied, "score"
        board = self.board(state)
        for castle_name in board.tiebreak_castles:
            space = board.castle_of_name.get(castle_name)
            holder = state.castles.get(space) if space else None
            if holder in tied:
                return [holder], castle_name
        if board.tara:
            near = {
                seat: sum(state.board.get(n, (NEUTRAL, ""))[0] == seat for n in board.neighbours[board.tara])
                for seat in tied
            }
            most = max(near.values())
            leaders = [seat for seat, count in near.items() if count == most]
            if len(leaders) == 1:
                return leaders, "Hill of Tara"
            tied = leaders  # those behind on the Hill of Tara lost the tie-break
        return tied, "shared"

    # ------------------------------------------------------------------ views

    def view(self, state: RebirthState, seat: int | None) -> RebirthView:
        """What `seat` may see (None: the public view, the only one channel messages use)."""
        board = self.board(state)
        last = state.last
        view: RebirthView = {
            "game": self.id,
            "map": state.map_id,
            "players": state.players,
            "current": state.current,
            "finished": state.finished,
            "turn": state.turn,
            "seats": [self._seat_summary(state, s) for s in range(state.players)],
            "board": {
                space: {"seat": None if owner == NEUTRAL else owner, "tile": tile}
                for space, (owner, tile) in state.board.items()
            },
            "castles": dict(state.castles),
            "cathedrals": {space: list(seats) for space, seats in state.cathedral_markers.items()},
            "last": {"seat": last["seat"], "space": last["space"], "tile": last["tile"]} if last else None,
            "mission_deck": len(state.mission_deck),
            "private": None,
            "public_missions": [self.public_card(card, state) for card in state.public_missions],
            "towers": {
                space: {
                    "name": board.towers[space],
                    "bonus": self.tower_tiles[tile_id]["bonus"],
                    "value": self.tower_tiles[tile_id].get("value"),
                    "used_by": list(state.towers_used[space]),
                }
                for space, tile_id in state.towers.items()
            },
            "tara": board.tara,
            "pending": {"seat": state.current, "kind": "extra"} if state.pending else None,
        }
        if state.finished and state.final:
            view["final"] = self._final_view(state, state.final)
        if seat is not None and 0 <= seat < state.players:
            view["private"] = self._private_view(state, seat)
        return view

    @staticmethod
    def _seat_summary(state: RebirthState, s: int) -> SeatSummary:
        return {
            "seat": s,
            "colour": COLOURS[s],
            "score": state.total(s),
            "breakdown": dict(state.scores[s]),
            "supply": len(state.supplies[s]),
            "hand": int(state.hands[s] is not None),
            "missions": len(state.missions[s]),
            "castles": sum(holder == s for holder in state.castles.values()),
            "resigned": state.resigned[s],
            "doubling": bool(state.doubling) and state.doubling[s],
        }

    def _final_view(self, state: RebirthState, final: dict[str, Any]) -> FinalView:
        """`state.final` with each seat's mission cards face up (text and progress)."""
        return {
            "winners": final["winners"],
            "decided_by": final["decided_by"],
            "final_points": final["final_points"],
            "missions_met": final["missions_met"],
            "missions": [
                [self.mission_card(card, pos_seat, state) for card in cards]
                for pos_seat, cards in enumerate(final["missions"])
            ],
        }

    def _private_view(self, state: RebirthState, seat: int) -> PrivateView:
        return {
            "seat": seat,
            "hand": state.hands[seat],
            "set_aside": sorted(state.set_aside[seat]),
            "placing": self.tile_to_place(state, seat) if state.current == seat else None,
            "extra": bool(state.pending) and state.current == seat,
            "doubling": self.can_double(state, seat),
            "missions": [self.mission_card(card, seat, state) for card in state.missions[seat]],
            "legal_moves": len(self.legal_moves(state, seat)),
        }

    def mission_card(self, card_id: str, seat: int, state: RebirthState) -> MissionCard:
        """A mission card (its name as the data file has it, its condition) and how far `seat` is
        from meeting it now."""
        card = self.missions[card_id]
        have, need = mission_rules.progress(card["condition"], self.position(state), seat)
        return {
            "id": card_id,
            "name": card["name"],
            "points": card_points(card),
            "condition": dict(card["condition"]),
            "have": have,
            "need": need,
            "met": have >= need,
        }

    def describe_content(self, state: RebirthState) -> dict[str, Any]:
        """The board of a game as records store it: every space with its kind, features and
        neighbours, and the spaces neutral tiles cover in this game (its setup put them there)."""
        board = self.board(state)
        return {
            "map": {
                "id": board.map_id,
                "name": board.name,
                "spaces": [
                    {
                        "space": space,
                        "kind": board.kind[space],
                        "region": board.region.get(space),
                        "features": board.features(space),
                        "neighbours": list(board.neighbours[space]),
                    }
                    for space in board.kind
                ],
            },
            "neutral": sorted(space for space, (owner, _) in state.board.items() if owner == NEUTRAL),
            "tiles": dict(self.tiles["colour_tiles"]),
            "set_aside": self.tiles["set_aside"][state.map_id],
            "towers": {space: dict(self.tower_tiles[tile_id]) for space, tile_id in state.towers.items()},
            "public_missions": [
                {key: self.missions[card][key] for key in ("id", "name", "high", "low", "condition")}
                for card in state.public_missions
            ],
            "mission_cards": [dict(self.missions[card]) for card in self.mission_decks.get(state.map_id, [])],
        }

    def record_seat(self, state: RebirthState, seat: int) -> dict[str, Any]:
        """The tiles `seat` set aside at setup, in the order a `recall` tower takes them back."""
        return {"set_aside": list(state.set_aside[seat])}

    def record_move(self, applied: Applied[RebirthState, RebirthEvent]) -> dict[str, Any]:
        """The private mission cards the move drew (cathedrals, `mission` towers), by seat."""
        drawn = {
            str(seat): list(notes["missions_drawn"])
            for seat, notes in applied.private.items()
            if notes.get("missions_drawn")
        }
        return {"missions_drawn": drawn} if drawn else {}

    def public_card(self, card_id: str, state: RebirthState) -> PublicCard:
        """A card of the public row, with who completed it (first at the high value)."""
        card = self.missions[card_id]
        return {
            "id": card_id,
            "name": card["name"],
            "condition": dict(card["condition"]),
            "high": card["high"],
            "low": card["low"],
            "completed_by": list(state.public_done.get(card_id, [])),
        }

    def dumps(self, state: RebirthState) -> str:
        return state.dumps()

    def loads(self, text: str) -> RebirthState:
        return RebirthState.loads(text)


def _add(points: dict[int, dict[str, int]], who: int, category: str, value: int) -> None:
    """Add `value` points for `who` in `category` to a move's points (zero adds nothing)."""
    if value:
        categories = points.setdefault(who, {})
        categories[category] = categories.get(category, 0) + value


def _space_order(space: str) -> tuple[int, int]:
    coords = hexgrid.parse(space)
    return (coords[1], coords[0]) if coords else (999, 999)
