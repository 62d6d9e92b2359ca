"""Smaller images, same pixels.

"Look at palette (`P` mode) quantisation and PNG settings: a board that looks the same in fewer
bytes loads faster on phones. Budgets in `bench/run.py`: each image at most 250 KB."

Bytes are deterministic, so the byte budget is a test here too (the time budget lives in the bench
only). "Looks the same" is measured against the RGB image the renderer drew before it was reduced to
its palette: the encoded PNG, decoded, may differ from it only by a few levels.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops

import render.common
from bench.run import NAMES, RENDER_BYTES_MAX, SEED, finished_game, presenter
from games.registry import spec

WORST_PIXEL_MAX = 48  # levels (0-255) on the channel that moved most; median cut gave 55-77
OFF_SHARE_MAX = 0.01  # pixels more than 16 levels off; median cut gave 1.4-4.4 %


def images() -> Iterator[tuple[str, bytes]]:
    """Every image a finished 4-player game shows: each Rebirth map's board, the Revive board,
    each Revive player's board (phone-sized) and a whole one."""
    names = list(NAMES)
    rebirth = presenter("rebirth")
    maps = next(option for option in spec("rebirth").options if option.name == "map").choices
    for choice in maps:
        options = {"map": choice.value}
        view, _ = finished_game("rebirth", options, 4, SEED)
        yield f"rebirth {choice.value}", rebirth.render(view, options, names)
    revive = presenter("revive")
    view, changed = finished_game("revive", {}, 4, SEED)
    yield "revive board", revive.render(view, {}, names, changed)
    for seat in range(4):
        yield f"revive player {seat}", revive.render_player(view, seat, names)
    yield "revive whole player board", revive.render_player(view, 0, names, whole=True)


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[Image.Image, Image.Image]]:
    """Each (RGB image, palette) a renderer hands to `png_bytes`, in order."""
    seen: list[tuple[Image.Image, Image.Image]] = []
    encode = render.common.png_bytes

    def spy(img: Image.Image, palette: Image.Image) -> bytes:
        seen.append((img.copy(), palette))
        return encode(img, palette)

    for name, module in list(sys.modules.items()):
        if name.startswith("render.") and getattr(module, "png_bytes", None) is encode:
            monkeypatch.setattr(module, "png_bytes", spy)
    return seen


def difference(original: Image.Image, png: bytes) -> tuple[int, float]:
    """The worst pixel's difference (on its most changed channel) and the share of pixels more
    than 16 levels off, between the RGB original and the decoded PNG."""
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    red, green, blue = ImageChops.difference(original.convert("RGB"), decoded).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    counts = worst.histogram()
    return max(level for level, count in enumerate(counts) if count), sum(counts[17:]) / sum(counts)


def test_every_image_fits_the_budget_and_looks_like_what_was_drawn(drawn):
    """Each image at most 250 KB, and its pixels those the renderer drew (within a few levels)."""
    for name, png in images():
        assert png.startswith(b"\x89PNG") and len(png) <= RENDER_BYTES_MAX, (name, len(png))
        original, _ = drawn[-1]
        worst, off = difference(original, png)
        assert worst <= WORST_PIXEL_MAX and off <= OFF_SHARE_MAX, (name, worst, off)
