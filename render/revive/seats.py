"""What both Revive images read from a view about the seats: how a seat is drawn, and who
holds the end-game tile.
"""

from __future__ import annotations

from engine.revive.views import FinalScoring, SeatView
from render.common import SEAT_STYLES, STYLE_BY_COLOUR


def style_index(seat: SeatView, index: int) -> int:
    """A seat's style: by its colour name when known, else by seat number (like Rebirth)."""
    style = STYLE_BY_COLOUR.get(seat["colour"])
    return SEAT_STYLES.index(style) if style else index % len(SEAT_STYLES)


def end_tile_holder(final: FinalScoring | None) -> int | None:
    """The seat whose final scoring counts the end-game tile (None: not ended, or nobody).

    Read from the final scoring only: while the game runs, the images show the crater instead."""
    if not final:
        return None
    return next((i for i, part in enumerate(final["breakdown"]) if part.get("end_tile")), None)
