"""Animated replays: frames drawn in one fixed palette, written as one GIF whose frames hold
only what changed (docs/replays.md).

GIF is the one animated format Discord plays inline in every client. Three things keep a whole
game's GIF small and quick to write, as lila-gif does for chess:

* **One palette for every frame**, chosen once (the game's fixed image palette, or one built from
  the last frame: the position with the most pieces). Every frame is reduced to it without
  dithering, so an unchanged pixel keeps its index from one frame to the next and the file holds
  one global colour table, no table per frame.
* **Only the changed region per frame.** With every frame in the same palette, Pillow's writer
  compares each frame's indices with the previous frame's and writes the bounding box of the
  difference only (`disposal` 1: the frame is drawn over the one before), every unchanged pixel
  inside the box as the one index no frame draws (`UNCHANGED`, transparent). A move changes the
  score strip at the top and a few hexes below, so the box is most of the picture, but nearly
  all of it one repeated index, which LZW packs to almost nothing.
* **Pre-rendered layers**: the board's static layer is drawn (and scaled) once per replay, and a
  frame is a copy of it with the pieces pasted from cached sprites.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image

from render.common import RGB, stacked_palette

GIF_LOOP = 0  # play again from the start, for good: a replay is watched more than once
# Frames use 255 colours; the 256th index is never drawn, so it can mean "unchanged" (transparent).
FRAME_COLOURS = 255
UNCHANGED = FRAME_COLOURS
# How an animation too large for the upload limit is made smaller, tried in turn: (every
# `step`-th position, drawn at `scale`). Leaving positions out keeps every frame legible, so it
# comes first; shrinking the frames is the last resort.
PLANS: tuple[tuple[int, float], ...] = ((1, 1.0), (2, 1.0), (3, 1.0), (4, 0.8), (6, 0.65), (10, 0.5))
FIRST_MS = 1500  # the opening position, before play starts moving
LAST_MS = 6000  # the final position, before it plays again


@dataclass(frozen=True)
class Animation:
    """A written GIF, with what a caption says of it: its frames and how many positions it
    skipped (`step` > 1: every step-th position and the last) or shrank (`scale` < 1)."""

    gif: bytes
    frames: int
    step: int = 1
    scale: float = 1.0

    @property
    def reduced(self) -> bool:
        """Whether the animation leaves positions out or is drawn smaller than the full one."""
        return self.step > 1 or self.scale < 1.0


def in_palette(img: Image.Image, palette: Image.Image) -> Image.Image:
    """`img` reduced to `palette`'s colours, without dithering: flat areas stay flat, so an
    unchanged area keeps its indices from frame to frame (and the GIF writes none of it)."""
    return img.quantize(palette=palette, dither=Image.Dither.NONE)


def frame_palette(samples: Sequence[Image.Image], keys: Sequence[RGB]) -> Image.Image:
    """The one palette of an animation: `FRAME_COLOURS` colours over `samples` (RGB images, the
    first and the last position: between them they hold every colour the frames draw), with the
    exact `keys` colours kept (`render.common.fixed_palette`)."""
    return stacked_palette(samples, keys, FRAME_COLOURS)


def gif_bytes(frames: Sequence[Image.Image], durations: Sequence[int], palette: Image.Image) -> bytes:
    """The GIF of `frames` ("P" images reduced to `palette` by `in_palette`, all one size),
    each shown `durations[i]` milliseconds; a frame identical to the one before is merged into
    it. One global colour table: `palette`'s colours and the unchanged index."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    colours = list(palette.getpalette() or [])[: 3 * FRAME_COLOURS]
    colours += [0] * (3 * FRAME_COLOURS - len(colours)) + [255, 0, 255]  # UNCHANGED: never shown
    first, *rest = frames
    out = io.BytesIO()
    first.save(
        out,
        format="GIF",
        save_all=True,
        append_images=rest,
        duration=list(durations),
        loop=GIF_LOOP,
        disposal=1,  # draw each frame over the last: it holds only the changed box
        palette=bytes(colours),  # the one table: no frame gets a palette of its own
        optimize=True,  # unchanged pixels of the box written as UNCHANGED
        transparency=UNCHANGED,
    )
    return out.getvalue()


def scaled(img: Image.Image, scale: float) -> Image.Image:
    """`img` shrunk by `scale` (1: as it is), for an animation that must fit an upload limit."""
    if scale >= 1.0:
        return img
    size = (max(1, round(img.width * scale)), max(1, round(img.height * scale)))
    return img.resize(size, Image.Resampling.LANCZOS)


def picked(count: int, step: int) -> list[int]:
    """The positions an animation of `count` shows when it keeps every `step`-th: always the
    first and the last."""
    chosen = list(range(0, count, step))
    if chosen[-1] != count - 1:
        chosen.append(count - 1)
    return chosen


def animate(
    count: int,
    frame: Callable[[int], Image.Image],
    keys: Sequence[RGB],
    move_ms: int,
    limit: int,
) -> Animation | None:
    """The GIF of positions 0 to `count - 1` (`frame(i)`: position i as an RGB image), each
    shown `move_ms` (the first `FIRST_MS`, the last `LAST_MS`), in one palette over the first and
    the last, no larger than `limit` bytes: the first of `PLANS` that fits; None if none does."""
    for step, scale in PLANS:
        chosen = picked(count, step)
        ends = {i: scaled(frame(i), scale) for i in (chosen[0], chosen[-1])}
        palette = frame_palette(list(ends.values()), keys)
        frames = [in_palette(ends.get(i) or scaled(frame(i), scale), palette) for i in chosen]
        durations = [FIRST_MS if i == 0 else LAST_MS if i == count - 1 else move_ms for i in chosen]
        gif = gif_bytes(frames, durations, palette)
        if len(gif) <= limit:
            return Animation(gif, len(chosen), step, scale)
    return None
