"""Hexlink's views and events: the facts its presenter and renderer read, typed, with no words.

A view is what one seat may see (`seat` None: the public view, the only one channel messages and
images are made from). The public view holds no hand and no bag order: `hand` and `seat` are
None there, placeholders a seat's own view fills in.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from engine.base import EventBase

Tile = Literal["single", "double"]
"""A single claims one hex, a double two adjacent hexes."""


class SeatView(TypedDict):
    seat: int
    colour: str
    goal: Literal["rows", "columns"]  # orange links the top row to the bottom, blue left to right
    hexes: int  # hexes claimed
    hand: int  # tiles in hand (their kinds are private)
    linked: bool
    resigned: bool
    score: int


class Final(TypedDict):
    winners: list[int]
    decided_by: Literal["link", "count", "resign"]


class HexlinkView(TypedDict):
    size: int
    cells: dict[str, int | None]  # hex name ("C3") -> the seat that claimed it
    seats: list[SeatView]
    current: int | None
    turn: int  # moves made so far
    bag: int  # tiles left in the face-down bag
    unplayed: dict[Tile, int]  # tiles still to play (bag and hands), by kind: every event names its tile
    finished: bool
    final: Final | None
    seat: int | None  # whose view this is (None: the public view)
    hand: list[Tile] | None  # that seat's own tiles
    moves: int | None  # how many legal moves that seat has now


class PlaceEvent(EventBase):
    seat: int
    tile: Tile
    hexes: list[str]
    linked: bool


class DiscardEvent(EventBase):
    seat: int
    tile: Tile


class ResignEvent(EventBase):
    seat: int


HexlinkEvent = PlaceEvent | DiscardEvent | ResignEvent
