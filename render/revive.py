"""Images for Revive: the main board (`render_board`) and one player's board (`render_player`).

Why it is built the way it is:

* Both images are made from the PUBLIC view only (`Revive.view(state, None)`), so they can be
  posted in a channel. Nothing reads `view["private"]`; a seat's artifact card, resting cards and
  closed crates appear only as counts that the public view already carries.
* Discord shows an inline preview about 550 px wide, so the images are about 1500 px wide with
  big scores and names; terrain and seats stay apart at that size by colour *and* shape (a glyph
  per terrain; colour + shape + letter per seat, the same seat marks as Rebirth).
* A render runs on every move, so whatever does not depend on the game state is drawn once and
  cached with functools.lru_cache, keyed by the content's identity: the board frame and legend,
  one sprite per area tile in its slot and rotation (a tile changes only when explored), the
  piece sprites per seat, the citizen cards, tokens and technology boxes. A render is then a copy,
  some pastes, a little text and a conversion to a fixed 256-colour palette (a small PNG).
* Card and token texts come from their effect lists (docs/revive.md, "Effect vocabulary") through
  `effects_label`, whose words are i18n keys (`revive.effect.*`), so no component needs a
  hand-written text. Display names go through `clean_text`: the bundled font is ASCII only.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.revive.board import unrotate
from i18n import t
from render.common import (
    RGB,
    SEAT_STYLES,
    STYLE_BY_COLOUR,
    Point,
    Sprite,
    badge_sprite,
    box,
    clean_text,
    draw_shape,
    finish,
    fit_text,
    font,
    shape_text_y,
    tx,
)
from render.hexgrid import SQRT3, hex_corners

# ---------------------------------------------------------------------------------------------
# Look and feel
# ---------------------------------------------------------------------------------------------

BG: RGB = (27, 35, 44)
PANEL_BG: RGB = (38, 48, 60)
CARD_BG: RGB = (50, 62, 77)
CARD_CURRENT_BG: RGB = (70, 86, 104)
TEXT: RGB = (238, 240, 242)
MUTED: RGB = (165, 176, 190)
DARK_TEXT: RGB = (28, 30, 34)
GOLD: RGB = (255, 214, 60)
GOLD_DARK: RGB = (120, 90, 0)
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
HIGHLIGHT: RGB = (235, 20, 45)  # what the last turn changed: red ring edged white and black
TILE_EDGE: RGB = (36, 40, 44)

# Terrain: a fill, and a darker ink for its glyph, outline and text.
TERRAIN: dict[str, tuple[RGB, RGB]] = {
    "sand": ((240, 222, 176), (150, 118, 60)),
    "forest": ((98, 168, 88), (22, 74, 30)),
    "mountain": ((158, 158, 166), (58, 58, 66)),
    "field": ((236, 196, 60), (112, 78, 8)),
    "water": ((96, 164, 222), (16, 60, 110)),
    "crystal": ((196, 168, 238), (84, 44, 140)),
    "location": ((246, 242, 232), (150, 40, 30)),
}
TERRAIN_ORDER = ("sand", "forest", "mountain", "field", "water", "crystal", "location")
BACK: tuple[RGB, RGB] = ((84, 94, 108), (220, 226, 234))  # a face-down tile: slate, light text
CHASM: tuple[RGB, RGB] = ((14, 16, 20), (70, 76, 86))
LARGE: tuple[RGB, RGB] = ((40, 92, 110), (214, 240, 246))  # large locations: deep teal

# Card colours (red, blue, brown, white): fill and text ink; every card also shows its colour word.
CARD_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "red": ((206, 64, 54), WHITE),
    "blue": ((52, 110, 200), WHITE),
    "brown": ((128, 86, 50), WHITE),
    "white": ((238, 238, 232), DARK_TEXT),
}
MACHINE_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "grey": ((150, 154, 162), DARK_TEXT),
    "green": ((86, 170, 96), DARK_TEXT),
    "yellow": ((240, 206, 64), DARK_TEXT),
}
ARTIFACT_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "amber": ((244, 160, 40), DARK_TEXT),
    "jade": ((40, 170, 130), DARK_TEXT),
    "azure": ((70, 160, 250), DARK_TEXT),
    "crimson": ((200, 30, 70), WHITE),
}
# an artifact colour also has a gem shape, so colour is never the only cue
ARTIFACT_SHAPES = {"amber": "circle", "jade": "square", "azure": "diamond", "crimson": "triangle"}
RESOURCE_COLOURS: dict[str, RGB] = {
    "crystal": (196, 168, 238),
    "gear": (170, 176, 186),
    "book": (120, 170, 240),
    "food": (236, 196, 60),
    "energy": (255, 226, 80),
}
UNKNOWN: tuple[RGB, RGB] = ((120, 120, 120), WHITE)

SS = 3  # supersampling of tile sprites and the board frame
HEX = 38.0  # hex radius on the board, px
MARGIN = 16
PANEL_W = 480
NAME_CHARS = 16

# ---------------------------------------------------------------------------------------------
# Effects in short words
# ---------------------------------------------------------------------------------------------

RESOURCE_ORDER = ("crystal", "gear", "book", "food", "energy")


def _res(name: str) -> str:
    return t(f"revive.effect.res.{name}", None)


def _colour(name: str) -> str:
    return t(f"revive.effect.colour.{name}", None)


def resources_label(resources: dict[str, int], sign: str = "+") -> str:
    """`+2 gear +1 food` (a gain) or `2 food 1 gear` (a cost, `sign=""`), in board order."""
    names = sorted(resources, key=lambda n: RESOURCE_ORDER.index(n) if n in RESOURCE_ORDER else 9)
    parts = [
        (t("revive.effect.gain", None, amount=resources[n], resource=_res(n)))
        if sign
        else t("revive.effect.cost", None, amount=resources[n], resource=_res(n))
        for n in names
        if resources[n]
    ]
    if not parts:
        return t("revive.effect.free", None)
    return " ".join(parts) if sign else t("revive.effect.and", None).join(parts)


def effect_label(effect: dict[str, Any]) -> str:
    """One effect of the closed vocabulary in a few words: `+2 gear`, `trade x3`, `1 step green`."""
    kind = str(effect.get("kind", ""))
    if kind == "gain":
        return resources_label(dict(effect.get("resources") or {}))
    if kind in ("gain_any", "points"):
        return t(f"revive.effect.{kind}", None, amount=effect.get("amount", 1))
    if kind == "trade":
        return t("revive.effect.trade", None, times=effect.get("times", 1))
    if kind == "machine_step":
        steps = int(effect.get("steps", 1))
        key = "revive.effect.machine_step" if steps == 1 else "revive.effect.machine_steps"
        return t(key, None, steps=steps, colour=_colour(str(effect.get("colour", "any"))))
    if kind == "machine_token":
        return t("revive.effect.machine_token", None, colour=_colour(str(effect.get("colour", "any"))))
    if kind == "discount":
        action = t(f"revive.effect.action.{effect.get('action')}", None)
        return t("revive.effect.discount", None, action=action, amount=effect.get("amount", 1))
    if kind == "action":
        return t("revive.effect.action", None, action=t(f"revive.effect.action.{effect.get('action')}", None))
    if kind == "choice":
        options = [effects_label(option) for option in effect.get("options") or []]
        return t("revive.effect.or", None).join(options)
    if kind in ("module", "tribe", "tribe_only", "module_or_tribe", "recruit", "crate", "artifact"):
        return t(f"revive.effect.{kind}", None)
    return kind or "?"


def effects_label(effects: Iterable[dict[str, Any]]) -> str:
    """An effect list as one short line (`build -1, free build`); `nothing` when empty."""
    labels = [effect_label(e) for e in effects if isinstance(e, dict)]
    return t("revive.effect.and", None).join(labels) if labels else t("revive.effect.none", None)


def ability_label(ability: dict[str, Any]) -> str:
    """A technology's unique ability: its unlock effects, `always build -1`, `hibernate: +1 gear`."""
    timing = ability.get("timing")
    if timing == "always":
        discount = ability.get("discount") or {}
        effect = effect_label({"kind": "discount", **discount})
        return t("revive.img.player.always", None, effect=effect)
    text = effects_label(ability.get("effects") or [])
    if timing == "hibernate":
        return t("revive.img.player.on_hibernate", None, effect=text)
    return text


# ---------------------------------------------------------------------------------------------
# Small drawing helpers
# ---------------------------------------------------------------------------------------------


def _text(
    d: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    size: float,
    fill: RGB,
    anchor: str = "lm",
    max_w: float | None = None,
    bold: bool = False,
) -> float:
    """Draw one line (shortened with an ellipsis to `max_w`); returns its width."""
    f = font(size)
    if max_w is not None:
        text = fit_text(text, f, max_w)
    sw = 1 if bold else 0
    d.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=sw, stroke_fill=fill)
    return f.getlength(text) + 2 * sw


def _wrap(text: str, size: float, max_w: float, max_lines: int) -> list[str]:
    """Break `text` into at most `max_lines` lines of at most `max_w` px (the last one cut).

    Breaks go after a list separator (", ") when they can, so `+1 gear, 2 steps green` never
    splits inside one effect."""
    f = font(size)
    sep = t("revive.effect.and", None)
    atoms = text.split(sep) if sep.strip() and sep in text else [text]
    words = [
        word for i, atom in enumerate(atoms) for word in [atom + (sep.rstrip() if i < len(atoms) - 1 else "")]
    ]
    if any(f.getlength(word) > max_w for word in words):
        words = text.split()
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}".strip()
        if f.getlength(trial) <= max_w or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
    return [fit_text(x, f, max_w) for x in lines]


def _fit_lines(text: str, max_w: float, max_h: float, sizes: Sequence[float]) -> tuple[list[str], float]:
    """The largest font size (from `sizes`) at which `text` wraps into the box without cutting."""
    for size in sizes:
        n = max(1, int(max_h // (size * 1.12)))
        lines = _wrap(text, size, max_w, n)
        f = font(size)
        if " ".join(" ".join(lines).split()) == " ".join(text.split()) and all(
            f.getlength(x) <= max_w for x in lines
        ):
            return lines, size
    size = sizes[-1]
    return _wrap(text, size, max_w, max(1, int(max_h // (size * 1.12)))), size


def _draw_lines(
    d: ImageDraw.ImageDraw, cx: float, cy: float, lines: Sequence[str], size: float, fill: RGB
) -> None:
    """Lines centred on (cx, cy)."""
    step = size * 1.12
    y0 = cy - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        d.text((cx, y0 + i * step), line, font=font(size), fill=fill, anchor="mm")


def _style_index(seat_info: Any, index: int) -> int:
    """A seat's style: by its colour name when known, else by seat number (like Rebirth)."""
    colour = seat_info.get("colour") if isinstance(seat_info, dict) else None
    style = STYLE_BY_COLOUR.get(str(colour))
    return SEAT_STYLES.index(style) if style else index % len(SEAT_STYLES)


def _name(names: Sequence[str], seat: int) -> str:
    raw = names[seat] if 0 <= seat < len(names) else ""
    return clean_text(raw, NAME_CHARS) or t("revive.img.seat", None, number=seat + 1)


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _gem(d: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, r: float) -> None:
    """A major artifact: a gem in its colour and shape, with its initial."""
    fill, ink = ARTIFACT_COLOURS.get(colour, UNKNOWN)
    shape = ARTIFACT_SHAPES.get(colour, "circle")
    draw_shape(d, shape, cx, cy, r * 1.12, WHITE, WHITE, 1)
    draw_shape(d, shape, cx, cy, r, fill, BLACK, max(1, int(r * 0.1)))
    d.text(
        (cx, shape_text_y(shape, cy, r)),
        _colour(colour)[:2].title() if colour else "?",
        font=font(r * (0.8 if shape != "triangle" else 0.62)),
        fill=ink,
        anchor="mm",
    )


# ---------------------------------------------------------------------------------------------
# Content identity (cache keys)
# ---------------------------------------------------------------------------------------------


class ContentRef:
    """A hashable handle on the content dict for lru_cache keys.

    Equality is by a digest of the content, computed once per content object (the bot loads the
    content once), so two loads of the same files share cache entries and a test's edited copy
    does not.
    """

    __slots__ = ("data", "key", "tiles", "tribes", "cards", "modules", "machines", "majors", "large")

    def __init__(self, data: dict) -> None:
        self.data = data
        digest = hashlib.blake2b(json.dumps(data, sort_keys=True, default=str).encode(), digest_size=12)
        self.key = digest.hexdigest()
        self.tiles = {tile["id"]: tile for tile in data.get("tiles", [])}
        self.tribes = {tribe["id"]: tribe for tribe in data.get("tribes", [])}
        citizens = data.get("citizens", {})
        self.cards = {c["id"]: c for group in ("starting", "market") for c in citizens.get(group, [])}
        self.modules = {m["id"]: m for m in data.get("modules", [])}
        self.machines = {m["id"]: m for m in data.get("machines", [])}
        self.majors = {m["id"]: m for m in data.get("artifacts", {}).get("majors", [])}
        self.large = {
            loc["id"]: {side["side"]: side for side in loc.get("sides", [])}
            for loc in data.get("large_locations", [])
        }

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ContentRef) and other.key == self.key


_REFS: dict[int, ContentRef] = {}
_LOCK = threading.RLock()  # the bot renders in worker threads: build each cached layer only once


def content_ref(content: dict) -> ContentRef:
    """The ContentRef of a content dict, digested once per object (a few ms) and then reused."""
    ref = _REFS.get(id(content))
    if ref is None or ref.data is not content:
        ref = ContentRef(content)
        if len(_REFS) > 8:
            _REFS.clear()
        _REFS[id(content)] = ref  # the ref holds the dict, so its id is not reused meanwhile
    return ref


# ---------------------------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardGeometry:
    """Where everything on the main board image is, in final pixels."""

    size: float
    width: int
    height: int
    panel_box: tuple[int, int, int, int]
    centres: dict[str, Point]  # every space (`S3.2`, `X.0`) and corner (`NW`)
    slot_spaces: dict[str, tuple[str, ...]]
    slot_centres: dict[str, Point]
    chasm: tuple[str, ...]
    corners: tuple[str, ...]
    corner_links: dict[str, tuple[str, ...]]  # corner -> the spaces it is adjacent to
    plaques: dict[str, tuple[int, int, int, int]]  # corner -> its large-location label box
    legend_box: tuple[int, int, int, int]

    def region(self, place: str) -> tuple[float, float, float, float] | None:
        """The pixel box a space, slot or corner id covers (None: unknown id)."""
        s = self.size
        if place in self.slot_spaces:
            xs = [self.centres[sp][0] for sp in self.slot_spaces[place]]
            ys = [self.centres[sp][1] for sp in self.slot_spaces[place]]
            return (min(xs) - s, min(ys) - s, max(xs) + s, max(ys) + s)
        if place in self.centres:
            x, y = self.centres[place]
            return (x - s, y - s, x + s, y + s)
        return None


PLAQUE_W, PLAQUE_H = 196, 70


def _axial(q: float, r: float) -> Point:
    """Axial hex coordinates to (hex widths, row heights) on screen (docs/revive.md)."""
    return q + r / 2, r


@lru_cache(maxsize=4)
def board_geometry(ref: ContentRef) -> BoardGeometry:
    """Lay out the board from `board.json`: hex size fixed, image as large as the board needs."""
    board = ref.data["board"]
    s = HEX
    w = SQRT3 * s
    offsets = [tuple(p) for p in board["tile_positions"]]
    unit: dict[str, Point] = {}
    slot_spaces: dict[str, tuple[str, ...]] = {}
    groups = [("X", board["chasm"]["center"])] + [(slot["id"], slot["center"]) for slot in board["slots"]]
    by_axial: dict[tuple[int, int], str] = {}
    for slot, (cq, cr) in groups:
        names = []
        for index, (dq, dr) in enumerate(offsets):
            name = f"{slot}.{index}"
            unit[name] = _axial(cq + dq, cr + dr)
            by_axial[(cq + dq, cr + dr)] = name
            names.append(name)
        slot_spaces[slot] = tuple(names)
    chasm = slot_spaces.pop("X")
    corner_links = {}
    for corner in board["corners"]:
        unit[corner["id"]] = _axial(*corner["center"])
        corner_links[corner["id"]] = tuple(
            by_axial[tuple(a)] for a in corner["adjacent"] if tuple(a) in by_axial
        )

    def px(u: Point) -> Point:
        return u[0] * w, u[1] * 1.5 * s

    raw = {name: px(u) for name, u in unit.items()}
    # large-location plaques: next to their corner, on a side that keeps clear of every space
    spaces = [p for name, p in raw.items() if name not in corner_links]
    min_x0 = min(p[0] for p in raw.values()) - w / 2
    max_x0 = max(p[0] for p in raw.values()) + w / 2
    plaques: dict[str, tuple[float, float, float, float]] = {}
    for corner in corner_links:
        cx, cy = raw[corner]
        above, below = cy - s * 1.12 - PLAQUE_H, cy + s * 1.12
        options = [
            (x0, y0) for y0 in (above, below) for x0 in (cx - PLAQUE_W / 2, cx - w / 2, cx + w / 2 - PLAQUE_W)
        ]
        options += [(cx - w * 0.6 - PLAQUE_W, cy - PLAQUE_H / 2), (cx + w * 0.6, cy - PLAQUE_H / 2)]

        def cost(option: Point, cx: float = cx, cy: float = cy) -> float:
            x0, y0 = option
            hit = sum(
                1
                for x, y in spaces
                if x0 - w / 2 < x < x0 + PLAQUE_W + w / 2 and y0 - s < y < y0 + PLAQUE_H + s
            )
            grow = max(0.0, min_x0 - x0) + max(0.0, x0 + PLAQUE_W - max_x0)
            near = math.hypot(x0 + PLAQUE_W / 2 - cx, y0 + PLAQUE_H / 2 - cy)
            # clear of every space first, then no wider image, then close to its corner
            return hit * 100000 + grow * 100 + near

        x0, y0 = min(options, key=cost)
        plaques[corner] = (x0, y0, x0 + PLAQUE_W, y0 + PLAQUE_H)
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    min_x = min(min(xs) - w / 2, *(b[0] for b in plaques.values()))
    max_x = max(max(xs) + w / 2, *(b[2] for b in plaques.values()))
    min_y = min(min(ys) - s, *(b[1] for b in plaques.values()))
    max_y = max(max(ys) + s, *(b[3] for b in plaques.values()))
    board_w = int(math.ceil(max_x - min_x)) + 2 * MARGIN
    board_h = int(math.ceil(max_y - min_y)) + 2 * MARGIN
    height = max(board_h + LEGEND_H, _panel_height(ref.data))
    ox, oy = MARGIN - min_x, MARGIN - min_y + (height - LEGEND_H - board_h) // 2  # centred above the legend
    centres = {name: (x + ox, y + oy) for name, (x, y) in raw.items()}
    width = board_w + PANEL_W
    slot_centres = {slot: centres[names[0]] for slot, names in slot_spaces.items()}
    legend_box = (MARGIN, height - MARGIN - LEGEND_H + 8, board_w - MARGIN, height - MARGIN)
    return BoardGeometry(
        size=s,
        width=width,
        height=height,
        panel_box=(board_w, 0, width, height),
        centres=centres,
        slot_spaces=slot_spaces,
        slot_centres=slot_centres,
        chasm=chasm,
        corners=tuple(corner_links),
        corner_links=corner_links,
        plaques={
            k: (int(b[0] + ox), int(b[1] + oy), int(b[2] + ox), int(b[3] + oy)) for k, b in plaques.items()
        },
        legend_box=legend_box,
    )


# ---------------------------------------------------------------------------------------------
# Terrain glyphs (drawn at any scale: centre, radius)
# ---------------------------------------------------------------------------------------------


def _glyph(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, ink: RGB) -> None:
    """The terrain's own mark, so terrain never depends on colour alone."""
    lw = max(1, int(r * 0.16))
    if kind == "sand":  # a scatter of grains
        for gx, gy in ((-0.55, 0.25), (0.0, -0.35), (0.55, 0.25), (-0.25, -0.95), (0.3, 0.85), (-0.7, -0.5)):
            d.ellipse(box(cx + gx * r, cy + gy * r * 0.7, r * 0.13, r * 0.13), fill=ink)
    elif kind == "forest":  # two fir trees
        for fx, scale in ((-0.42, 0.85), (0.38, 1.0)):
            x = cx + fx * r
            d.polygon(tx([(0, -1.0), (0.55, 0.45), (-0.55, 0.45)], x, cy, r * scale), fill=ink)
            d.rectangle((x - r * 0.08, cy + 0.4 * r * scale, x + r * 0.08, cy + 0.85 * r * scale), fill=ink)
    elif kind == "mountain":  # two peaks with snow
        d.polygon(tx([(-1.0, 0.7), (-0.35, -0.55), (0.25, 0.7)], cx, cy, r), fill=ink)
        d.polygon(tx([(-0.25, 0.7), (0.35, -0.95), (1.0, 0.7)], cx, cy, r), fill=ink)
        d.polygon(tx([(0.35, -0.95), (0.52, -0.5), (0.18, -0.5)], cx, cy, r), fill=WHITE)
    elif kind == "field":  # furrows under a sun
        for i in range(3):
            y = cy + (0.05 + i * 0.32) * r
            d.line([(cx - 0.9 * r, y + 0.12 * r), (cx + 0.9 * r, y - 0.12 * r)], fill=ink, width=lw)
        d.ellipse(box(cx, cy - 0.55 * r, 0.3 * r, 0.3 * r), fill=ink)
    elif kind == "water":  # two waves
        for i in range(2):
            y = cy + (i * 0.55 - 0.3) * r
            for j in range(2):
                x0 = cx - r + j * r
                d.arc((x0, y - 0.3 * r, x0 + r, y + 0.3 * r), 200, 340, fill=ink, width=lw)
    elif kind == "crystal":  # a cut gem
        pts = [(0, -1.0), (0.7, -0.3), (0.0, 1.0), (-0.7, -0.3)]
        d.polygon(tx(pts, cx, cy, r), fill=WHITE, outline=ink, width=lw)
        d.line(tx([(-0.7, -0.3), (0.7, -0.3)], cx, cy, r), fill=ink, width=lw)
        d.line(tx([(0, -1.0), (0.0, 1.0)], cx, cy, r), fill=ink, width=max(1, lw // 2))
    elif kind == "location":  # a flag on a ruin
        d.rectangle((cx - 0.8 * r, cy + 0.55 * r, cx + 0.8 * r, cy + 0.9 * r), fill=(110, 100, 90))
        d.line([(cx - 0.3 * r, cy + 0.6 * r), (cx - 0.3 * r, cy - 1.0 * r)], fill=DARK_TEXT, width=lw)
        d.polygon(tx([(-0.3, -1.0), (0.75, -0.7), (-0.3, -0.35)], cx, cy, r), fill=ink)


# ---------------------------------------------------------------------------------------------
# Sprites
# ---------------------------------------------------------------------------------------------


def _space_type(ref: ContentRef, placed: Any, position: int) -> dict[str, Any] | None:
    """The tile space shown at board `position` of a slot, from the public view (None: face
    down or unknown). The same rule as `Revive.space_type`."""
    if not isinstance(placed, dict) or not placed.get("face_up"):
        return None
    tile = ref.tiles.get(str(placed.get("tile")))
    if tile is None:
        return None
    spaces = tile.get("spaces") or []
    index = unrotate(position, _int(placed.get("rotation")) % 6)
    return spaces[index] if 0 <= index < len(spaces) else None


def _flower_canvas(size: float, k: int) -> tuple[Image.Image, int, int]:
    """A transparent canvas for a 7-space flower of hex radius `size`, supersampled `k` times."""
    w = int(math.ceil(SQRT3 * size * 3.0)) + 8
    h = int(math.ceil(size * 5.0)) + 8
    w += w % 2
    h += h % 2
    return Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0)), w, h


def _flower_offsets(size: float) -> list[Point]:
    """Pixel offsets of positions 0-6 from a flower's centre (E, NE, NW, W, SW, SE around)."""
    w = SQRT3 * size
    axial = [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    return [((q + r / 2) * w, r * 1.5 * size) for q, r in axial]


@lru_cache(maxsize=128)
def tile_sprite(ref: ContentRef, slot: str, tile: str, rotation: int, size: float) -> Sprite:
    """A face-up area tile in its slot: seven spaces, each with its terrain colour and glyph,
    its water reward in words and its space id (`S3.2`) so players can name it in a move."""
    k = SS
    img, w, h = _flower_canvas(size, k)
    d = ImageDraw.Draw(img)
    cx, cy = w * k / 2, h * k / 2
    offsets = _flower_offsets(size)
    placed = {"tile": tile, "rotation": rotation, "face_up": True}
    kinds = [_space_type(ref, placed, p) or {"type": "?"} for p in range(7)]
    for ox, oy in offsets:  # the tile's dark rim
        d.polygon(hex_corners(cx + ox * k, cy + oy * k, size * k * 1.02), fill=TILE_EDGE)
    for (ox, oy), kind in zip(offsets, kinds, strict=True):
        fill, ink = TERRAIN.get(kind["type"], UNKNOWN)
        x, y = cx + ox * k, cy + oy * k
        d.polygon(hex_corners(x, y, size * k * 0.93), fill=fill)
        gy, gr = y - size * k * 0.3, size * k * 0.3
        if kind["type"] in ("water", "location"):  # room below for the reward / the figures
            gy, gr = y - size * k * 0.6, size * k * 0.2
        _glyph(d, kind["type"], x, gy, gr, ink)
    small = img.resize((w, h), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(small)
    for p, ((ox, oy), kind) in enumerate(zip(offsets, kinds, strict=True)):
        _, ink = TERRAIN.get(kind["type"], UNKNOWN)
        x, y = w / 2 + ox, h / 2 + oy
        if kind["type"] == "water":
            lines, fs = _fit_lines(
                effects_label(kind.get("reward") or []), size * 1.5, size * 0.8, (13, 12, 11)
            )
            _draw_lines(d, x, y + size * 0.0, lines, fs, DARK_TEXT)
        d.text((x, y + size * 0.66), f"{slot}.{p}", font=font(12), fill=ink, anchor="mm")
    return Sprite(small, -w // 2, -h // 2)


@lru_cache(maxsize=64)
def back_sprite(slot: str, cost: tuple[tuple[str, int], ...], points: int, size: float) -> Sprite:
    """A face-down tile: one slate flower with its slot id, the explore cost and its points."""
    k = SS
    img, w, h = _flower_canvas(size, k)
    d = ImageDraw.Draw(img)
    cx, cy = w * k / 2, h * k / 2
    fill, ink = BACK
    for ox, oy in _flower_offsets(size):
        d.polygon(hex_corners(cx + ox * k, cy + oy * k, size * k * 1.02), fill=TILE_EDGE)
    for ox, oy in _flower_offsets(size):
        d.polygon(hex_corners(cx + ox * k, cy + oy * k, size * k * 0.995), fill=fill)
    small = img.resize((w, h), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(small)
    x, y = w / 2, h / 2
    d.text(
        (x, y - size * 1.25), slot, font=font(24), fill=WHITE, anchor="mm", stroke_width=1, stroke_fill=WHITE
    )
    cost_text = resources_label(dict(cost), sign="")
    lines, fs = _fit_lines(cost_text, SQRT3 * size * 2.3, size * 1.1, (20, 18, 16))
    _draw_lines(d, x, y + size * 0.05, lines, fs, ink)
    d.text(
        (x, y + size * 1.25),
        t("revive.img.back_points", None, points=points),
        font=font(20),
        fill=GOLD,
        anchor="mm",
    )
    return Sprite(small, -w // 2, -h // 2)


@lru_cache(maxsize=64)
def piece_sprite(style: int, kind: str, size: float) -> Sprite:
    """A seat's piece. Buildings are houses in the seat colour carrying the seat's white shape
    and letter (a large one is bigger and has two roofs); population is the seat badge."""
    st = SEAT_STYLES[style % len(SEAT_STYLES)]
    if kind == "population":
        return badge_sprite(style, size * 0.27)
    k = 4
    large = kind == "large"
    r = size * (0.62 if large else 0.46)
    side = int(math.ceil(r * 2.5)) + 4
    side += side % 2
    img = Image.new("RGBA", (side * k, side * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = side * k / 2
    rk = r * k
    if large:
        house = [
            (-1.0, -0.05),
            (-0.5, -0.75),
            (0.0, -0.05),
            (0.5, -0.75),
            (1.0, -0.05),
            (1.0, 0.85),
            (-1.0, 0.85),
        ]
    else:
        house = [(-0.85, -0.1), (0.0, -0.95), (0.85, -0.1), (0.85, 0.85), (-0.85, 0.85)]
    outer = [(x * 1.12, y * 1.1 + 0.01) for x, y in house]
    d.polygon(tx(outer, c, c, rk), fill=WHITE)
    d.polygon(tx(house, c, c, rk), fill=st.fill, outline=BLACK, width=max(1, int(rk * 0.08)))
    er = rk * (0.42 if large else 0.44)
    ey = c + rk * 0.38
    draw_shape(d, st.shape, c, ey, er, WHITE, st.dark, max(1, int(rk * 0.05)))
    d.text(
        (c, shape_text_y(st.shape, ey, er)),
        st.letter,
        font=font(er * (1.2 if st.shape != "triangle" else 0.95)),
        fill=DARK_TEXT,
        anchor="mm",
    )
    return finish(img, side, side)


def _rings(size: float, layers: Sequence[tuple[RGB, float, float]], flower: bool = False) -> Sprite:
    """Concentric hex rings (or flower outlines), outermost first: (colour, radius, width) in hexes."""
    k = 4
    if flower:
        img, w, h = _flower_canvas(size * 1.08, k)
    else:
        w = h = int(math.ceil(size * 2.5)) + 6
        w += w % 2
        h = w
        img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy = w * k / 2, h * k / 2
    for colour, outer, width in layers:
        lw = max(1, int(size * width * k))
        if not flower:
            d.polygon(hex_corners(cx, cy, size * outer * k), outline=colour, width=lw)
            continue
        # the outline of a 7-hex flower: the 18 outer edges of its ring
        for ox, oy in _flower_offsets(size)[1:]:
            corners = hex_corners(cx + ox * k * outer, cy + oy * k * outer, size * outer * k)
            centre_dist = math.hypot(ox, oy)
            for i in range(6):
                a, b = corners[i], corners[(i + 1) % 6]
                mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
                if math.hypot(mx, my) > centre_dist * k * outer * 1.05:
                    d.line([a, b], fill=colour, width=lw)
                    d.ellipse(box(a[0], a[1], lw / 2, lw / 2), fill=colour)
                    d.ellipse(box(b[0], b[1], lw / 2, lw / 2), fill=colour)
    return finish(img, w, h)


@lru_cache(maxsize=8)
def highlight_sprite(size: float, flower: bool = False) -> Sprite:
    """What the last turn changed: a thick red ring between white and black edges, a little
    outside the space (or the whole tile) so it frames what is there without hiding it."""
    layers = ((BLACK, 1.16, 0.36), (WHITE, 1.12, 0.32), (HIGHLIGHT, 1.08, 0.24))
    if flower:
        layers = ((BLACK, 1.06, 0.3), (WHITE, 1.04, 0.25), (HIGHLIGHT, 1.02, 0.17))
    return _rings(size, layers, flower)


# ---------------------------------------------------------------------------------------------
# The board's static frame: background, chasm, corners, legend, panel background
# ---------------------------------------------------------------------------------------------

LEGEND_H = 84  # a two-row strip under the board


@lru_cache(maxsize=4)
def board_frame(ref: ContentRef) -> Image.Image:
    """Everything on the board image that no game state changes, drawn once per content."""
    geo = board_geometry(ref)
    s = geo.size
    img = Image.new("RGB", (geo.width, geo.height), BG)
    big = Image.new("RGBA", (geo.panel_box[0] * SS, geo.height * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    # bridges from each corner to the spaces it touches (range and populating go this way)
    for corner, links in geo.corner_links.items():
        cx, cy = geo.centres[corner]
        for link in links:
            lx, ly = geo.centres[link]
            d.line([(cx * SS, cy * SS), (lx * SS, ly * SS)], fill=LARGE[0], width=int(s * 0.34 * SS))
    # the chasm
    fill, ink = CHASM
    for sp in geo.chasm:
        x, y = geo.centres[sp]
        d.polygon(hex_corners(x * SS, y * SS, s * SS * 1.02), fill=TILE_EDGE)
    for sp in geo.chasm:
        x, y = geo.centres[sp]
        d.polygon(hex_corners(x * SS, y * SS, s * SS * 0.93), fill=fill)
        for a, b in (((-0.5, -0.3), (0.1, 0.1)), ((0.1, 0.1), (-0.1, 0.6)), ((0.1, 0.1), (0.55, -0.2))):
            d.line(
                [
                    (x * SS + a[0] * s * SS, y * SS + a[1] * s * SS),
                    (x * SS + b[0] * s * SS, y * SS + b[1] * s * SS),
                ],
                fill=ink,
                width=int(SS * 2),
            )
    # corners: the large-location spaces
    for corner in geo.corners:
        x, y = geo.centres[corner]
        d.polygon(hex_corners(x * SS, y * SS, s * SS * 1.08), fill=WHITE)
        d.polygon(hex_corners(x * SS, y * SS, s * SS * 1.0), fill=LARGE[0])
    frame = big.resize((geo.panel_box[0], geo.height), Image.Resampling.LANCZOS)
    img.paste(frame, (0, 0), frame)
    d = ImageDraw.Draw(img)
    cx, cy = geo.centres[geo.chasm[0]]
    d.text((cx, cy), t("revive.img.chasm", None), font=font(16), fill=(150, 160, 172), anchor="mm")
    for corner in geo.corners:
        x, y = geo.centres[corner]
        d.text((x, y - s * 0.62), corner, font=font(14), fill=LARGE[1], anchor="mm")
    _draw_legend(img, geo)
    d.rectangle(geo.panel_box, fill=PANEL_BG)
    return img


def _draw_legend(img: Image.Image, geo: BoardGeometry) -> None:
    """Terrain glyphs, pieces and the last-turn ring, in a strip under the board."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = geo.legend_box
    d.rounded_rectangle(geo.legend_box, radius=10, fill=PANEL_BG)
    items: list[tuple[str, str]] = [(kind, f"revive.img.terrain.{kind}") for kind in TERRAIN_ORDER]
    items += [
        ("small", "revive.img.legend.small"),
        ("large", "revive.img.legend.large"),
        ("population", "revive.img.legend.population"),
        ("back", "revive.img.legend.back"),
        ("changed", "revive.img.legend.changed"),
    ]
    per_row = (len(items) + 1) // 2
    col_w = (x1 - x0 - 16) / per_row
    r = 12.0
    for i, (kind, key) in enumerate(items):
        x = x0 + 12 + (i % per_row) * col_w
        y = y0 + 22 + (i // per_row) * 36
        if kind in TERRAIN or kind == "back":
            fill, ink = TERRAIN.get(kind, BACK)
            k = 4
            side = int(r * 2.4)
            icon = Image.new("RGBA", (side * k, side * k), (0, 0, 0, 0))
            di = ImageDraw.Draw(icon)
            c = side * k / 2
            di.polygon(hex_corners(c, c, r * k * 1.05), fill=fill, outline=TILE_EDGE, width=k)
            if kind != "back":
                _glyph(di, kind, c, c, r * k * 0.55, ink)
            icon = icon.resize((side, side), Image.Resampling.LANCZOS)
            img.paste(icon, (int(x + 12 - side / 2), int(y - side / 2)), icon)
        elif kind == "changed":
            highlight_sprite(10.0).paste_at(img, x + 12, y)
        else:
            piece_sprite(0, kind, 26.0 if kind != "population" else HEX).paste_at(img, x + 12, y)
        _text(d, (x + 40, y), t(key, None), 16, TEXT, max_w=col_w - 44)


# ---------------------------------------------------------------------------------------------
# Panel sprites: citizen cards, tokens
# ---------------------------------------------------------------------------------------------

CARD_ROW_H = 46


@lru_cache(maxsize=256)
def card_row_sprite(ref: ContentRef, card_id: str, width: int, half: str | None = None) -> Sprite:
    """A citizen card as one row: colour block with id and colour word, then its halves' effects
    (`half` = "top"/"bottom": only that half, the one a slot uses)."""
    card = ref.cards.get(card_id, {})
    colour = str(card.get("colour", ""))
    fill, ink = CARD_COLOURS.get(colour, UNKNOWN)
    h = CARD_ROW_H
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), radius=8, fill=(232, 234, 238))
    tag_w = 86
    d.rounded_rectangle(
        (0, 0, tag_w, h - 1), radius=8, fill=fill, outline=(90, 90, 90) if colour == "white" else None
    )
    d.text(
        (tag_w / 2, h * 0.34),
        clean_text(card_id, 8),
        font=font(17),
        fill=ink,
        anchor="mm",
        stroke_width=1,
        stroke_fill=ink,
    )
    colour_word = _colour(colour) if colour else "?"
    if card.get("slot_symbol"):
        colour_word += " " + t("revive.img.slot_symbol", None)
    d.text((tag_w / 2, h * 0.74), colour_word, font=font(13), fill=ink, anchor="mm")
    halves = ("top", "bottom") if half is None else (half,)
    x = tag_w + 8
    col_w = (width - x - 6) / len(halves)
    for i, name in enumerate(halves):
        hx = x + i * col_w
        if len(halves) > 1:
            d.text((hx, 9), t(f"revive.img.{name}", None), font=font(12), fill=(90, 96, 106), anchor="lm")
            lines, fs = _fit_lines(effects_label(card.get(name) or []), col_w - 8, h - 18, (15, 14, 13, 12))
            _draw_lines_left(d, hx, 18 + (h - 18) / 2, lines, fs, DARK_TEXT)
            if i:
                d.line([(hx - 5, 6), (hx - 5, h - 6)], fill=(180, 184, 190), width=1)
        else:
            lines, fs = _fit_lines(
                effects_label(card.get(name) or []), col_w - 8, h - 6, (17, 16, 15, 14, 13)
            )
            _draw_lines_left(d, hx, h / 2, lines, fs, DARK_TEXT)
    return Sprite(img, 0, 0)


def _draw_lines_left(
    d: ImageDraw.ImageDraw, x: float, cy: float, lines: Sequence[str], size: float, fill: RGB
) -> None:
    step = size * 1.12
    y0 = cy - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        d.text((x, y0 + i * step), line, font=font(size), fill=fill, anchor="lm")


TOKEN_H = 40


@lru_cache(maxsize=256)
def token_sprite(ref: ContentRef, kind: str, token_id: str, width: int, state: str = "") -> Sprite:
    """A module or machine token as a chip: its colour (block and word) and its effect in words.
    `state` ("powered"/"ready") adds the energy mark of a machine on a player board."""
    item = (ref.modules if kind == "module" else ref.machines).get(token_id, {})
    colour = str(item.get("colour", ""))
    palette = CARD_COLOURS if kind == "module" else MACHINE_COLOURS
    fill, ink = palette.get(colour, UNKNOWN)
    h = TOKEN_H
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), radius=10, fill=(232, 234, 238))
    tag_w = min(64, int(width * 0.36))
    d.rounded_rectangle((0, 0, tag_w, h - 1), radius=10, fill=fill, outline=(90, 90, 90))
    d.text(
        (tag_w / 2, h * 0.33),
        clean_text(token_id, 6),
        font=font(14 if tag_w >= 60 else 13),
        fill=ink,
        anchor="mm",
    )
    d.text((tag_w / 2, h * 0.72), _colour(colour) if colour else "?", font=font(12), fill=ink, anchor="mm")
    right = width - 6
    if state:
        er = 11
        ex = width - er - 6
        powered = state == "powered"
        d.ellipse(
            box(ex, h / 2, er, er),
            fill=RESOURCE_COLOURS["energy"] if powered else None,
            outline=(90, 90, 90),
            width=2,
        )
        if powered:
            d.text((ex, h / 2), t("revive.img.energy_mark", None), font=font(14), fill=DARK_TEXT, anchor="mm")
        right = ex - er - 4
    lines, fs = _fit_lines(
        effects_label(item.get("effects") or []), right - tag_w - 8, h - 4, (15, 14, 13, 12)
    )
    _draw_lines_left(d, tag_w + 7, h / 2, lines, fs, DARK_TEXT)
    return Sprite(img, 0, 0)


# ---------------------------------------------------------------------------------------------
# render_board
# ---------------------------------------------------------------------------------------------

_POP_SPOTS = ((-0.4, -0.2), (0.4, -0.2), (-0.4, 0.25), (0.4, 0.25))  # one spot per seat style


def board_layer(ref: ContentRef, tiles: tuple[tuple[str, Any, int, bool, Any], ...]) -> Image.Image:
    """A copy of the frame with every area tile pasted on it (about 2 ms from cached sprites, so
    the full layer is not cached: a busy bot would keep megabytes per game for little gain)."""
    geo = board_geometry(ref)
    img = board_frame(ref).copy()
    for slot, tile, rotation, face_up, back in tiles:
        if slot not in geo.slot_centres:
            continue
        if face_up and tile in ref.tiles:
            sprite = tile_sprite(ref, slot, str(tile), rotation % 6, geo.size)
        else:
            cost, points = back or ((), 0)
            sprite = back_sprite(slot, cost, points, geo.size)
        sprite.paste_at(img, *geo.slot_centres[slot])
    return img


def _tiles_key(view: dict) -> tuple[tuple[str, Any, int, bool, Any], ...]:
    board = view.get("board") if isinstance(view.get("board"), dict) else {}
    key = []
    for slot, placed in sorted(board.items()):
        if not isinstance(placed, dict):
            continue
        back = placed.get("back") if isinstance(placed.get("back"), dict) else None
        back_key = None
        if back is not None and not placed.get("face_up"):
            cost = back.get("cost") if isinstance(back.get("cost"), dict) else {}
            back_key = (tuple(sorted((str(k), _int(v)) for k, v in cost.items())), _int(back.get("points")))
        key.append(
            (
                str(slot),
                placed.get("tile"),
                _int(placed.get("rotation")),
                bool(placed.get("face_up")),
                back_key,
            )
        )
    return tuple(key)


def render_board(view: dict, content: dict, names: list[str], changed: Iterable[str] | None = ()) -> bytes:
    """Draw the public view of a Revive game and return PNG bytes.

    `names` are display names by seat (cleaned, never interpreted); `changed` lists the spaces
    (`S3.2`), slots (`F07`) and corners (`NW`) the last turn changed, which get a red ring.
    """
    ref = content_ref(content)
    with _LOCK:
        geo = board_geometry(ref)
        img = board_layer(ref, _tiles_key(view))
    seats = [s for s in (view.get("seats") or []) if isinstance(s, dict)]
    styles = [_style_index(s, i) for i, s in enumerate(seats)]

    def style_of(seat: Any) -> int:
        seat = _int(seat, -1)
        return styles[seat] if 0 <= seat < len(styles) else max(seat, 0) % len(SEAT_STYLES)

    s = geo.size
    # pieces
    pieces = dict(view.get("pieces")) if isinstance(view.get("pieces"), dict) else {}
    corners = view.get("corners") if isinstance(view.get("corners"), dict) else {}
    for corner, info in corners.items():  # a large location's figures are listed there too
        held = [p for p in (pieces.get(corner) or []) if isinstance(p, (list, tuple)) and len(p) >= 2]
        known = {_int(p[0], -1) for p in held}
        population = info.get("population") if isinstance(info, dict) else None
        extra = [[who, "population"] for who in (population or []) if _int(who, -1) not in known]
        if extra:
            pieces[corner] = held + extra
    for space, held in pieces.items():
        centre = geo.centres.get(str(space))
        if centre is None or not isinstance(held, list):
            continue
        x, y = centre
        figures = []
        for piece in held:
            if not isinstance(piece, (list, tuple)) or len(piece) < 2:
                continue
            seat, kind = piece[0], str(piece[1])
            if kind in ("small", "large"):
                piece_sprite(style_of(seat), kind, s).paste_at(img, x, y - s * 0.08)
            else:
                figures.append(style_of(seat))
        for st in dict.fromkeys(figures):
            dx, dy = _POP_SPOTS[st % len(_POP_SPOTS)]
            if str(space) in geo.corners:
                dy -= 0.02
            piece_sprite(st, "population", s).paste_at(img, x + dx * s, y + dy * s)
    d = ImageDraw.Draw(img)
    for corner, info in corners.items():
        _draw_plaque(img, d, ref, geo, str(corner), info)
    # what the last turn changed
    for place in dict.fromkeys(str(p) for p in changed or ()):
        if place in geo.slot_spaces:
            highlight_sprite(s, True).paste_at(img, *geo.slot_centres[place])
        elif place in geo.centres:
            highlight_sprite(s).paste_at(img, *geo.centres[place])
    _draw_board_panel(img, view, ref, geo, names, seats, styles)
    with _LOCK:
        palette = board_palette(ref)
    return _png(img, palette)


def _draw_plaque(
    img: Image.Image, d: ImageDraw.ImageDraw, ref: ContentRef, geo: BoardGeometry, corner: str, info: Any
) -> None:
    """A large location's label next to its corner: name, side, end-game points, extra cost."""
    plaque = geo.plaques.get(corner)
    if plaque is None or not isinstance(info, dict):
        return
    side = ref.large.get(str(info.get("location")), {}).get(str(info.get("side")), {})
    x0, y0, x1, y1 = plaque
    d.rounded_rectangle(plaque, radius=10, fill=LARGE[0], outline=WHITE, width=2)
    name = clean_text(side.get("name", info.get("location", "?")), 28)
    _text(d, ((x0 + x1) / 2, y0 + 16), name, 18, WHITE, "mm", max_w=x1 - x0 - 12, bold=True)
    pts = t("revive.img.large_points", None, points=_int(side.get("points")))
    side_text = t("revive.img.large_side", None, side=clean_text(info.get("side", "?"), 2))
    _text(d, (x0 + 10, y0 + 40), side_text, 15, LARGE[1])
    _text(d, (x1 - 10, y0 + 40), pts, 18, GOLD, "rm", bold=True)
    cost = side.get("cost") if isinstance(side.get("cost"), dict) else {}
    if cost:
        _text(
            d,
            (x0 + 10, y0 + 58),
            t("revive.img.large_cost", None, cost=resources_label(cost, sign="")),
            14,
            LARGE[1],
        )


# panel layout (heights in px)
_TITLE_H = 64
_SEAT_H = 98
_SEAT_GAP = 8
_HEAD_H = 26


def _panel_height(data: dict) -> int:
    """What the panel needs for four seats and the displays the rules lay out."""
    displays = data.get("rules", {}).get("displays", {})
    citizens = _int(displays.get("citizens"), 5)
    modules = _int(displays.get("modules"), 4)
    h = _TITLE_H + 4 * (_SEAT_H + _SEAT_GAP) + 6
    h += _HEAD_H + 46  # crater
    h += _HEAD_H + citizens * (CARD_ROW_H + 5) + 8
    h += _HEAD_H + len(MACHINE_COLOURS) * (TOKEN_H + 5) + 8
    h += _HEAD_H + ((modules + 1) // 2) * (TOKEN_H + 5) + 8
    return h + 2 * _HEAD_H + 12


def _draw_board_panel(
    img: Image.Image,
    view: dict,
    ref: ContentRef,
    geo: BoardGeometry,
    names: Sequence[str],
    seats: list[dict],
    styles: list[int],
) -> None:
    """Turn, seats (score, hibernation, artifacts), the crater, the displays and the piles."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, _ = geo.panel_box
    px, right = x0 + 16, x1 - 16
    width = right - px
    finished = bool(view.get("finished"))
    current = view.get("current")
    _text(d, (px, y0 + 34), t("revive.img.title", None), 30, TEXT, bold=True)
    status = (
        t("revive.img.final", None)
        if finished
        else t("revive.img.turn", None, turn=_int(view.get("turn")) + 1)
    )
    _text(d, (right, y0 + 34), status, 24, GOLD if finished else MUTED, "rm")
    last_hib = max(0, len(ref.data.get("hibernation", {}).get("spaces", [])) - 1)
    final = view.get("final") if isinstance(view.get("final"), dict) else {}
    winners = {w for w in (final.get("winners") or []) if isinstance(w, int)}
    end_holder = view.get("end_tile")
    if end_holder is None and final:
        breakdown = final.get("breakdown") or []
        end_holder = next(
            (i for i, b in enumerate(breakdown) if isinstance(b, dict) and b.get("end_tile")), None
        )
    y = y0 + _TITLE_H
    for i, seat in enumerate(seats):
        seat_no = _int(seat.get("seat", i), i)
        st = SEAT_STYLES[styles[i]]
        is_current = not finished and current == seat_no
        card = (px, y, right, y + _SEAT_H)
        d.rounded_rectangle(
            card,
            radius=10,
            fill=CARD_CURRENT_BG if is_current else CARD_BG,
            outline=GOLD if is_current else None,
            width=4,
        )
        d.rectangle((card[0], card[1] + 8, card[0] + 6, card[3] - 8), fill=st.fill)
        badge_sprite(styles[i], 22.0).paste_at(img, px + 40, y + 36)
        score = str(_int(seat.get("score", seat.get("points"))))
        score_w = font(42).getlength(score)
        _text(d, (right - 14, y + 36), score, 42, TEXT, "rm", bold=True)
        name_x = px + 74
        _text(
            d,
            (name_x, y + 24),
            _name(names, seat_no),
            26,
            TEXT,
            max_w=right - 26 - score_w - name_x,
            bold=True,
        )
        tag = ""
        if finished and seat_no in winners:
            tag = t("revive.img.winner", None)
        elif is_current:
            tag = t("revive.img.to_move", None)
        if seat.get("resigned"):
            tag = t("revive.img.resigned", None)
        tribe = ref.tribes.get(str(seat.get("tribe")), {}).get("name", seat.get("tribe", ""))
        line = t(
            "revive.img.seat_line",
            None,
            tribe=clean_text(tribe, 20),
            space=_int(seat.get("hibernation")),
            last=last_hib,
        )
        _text(d, (name_x, y + 52), line, 17, MUTED, max_w=right - name_x - 14)
        bottom = y + _SEAT_H - 19
        if tag:
            _text(d, (right - 14, bottom), tag, 17, GOLD, "rm", bold=True)
        # artifacts held: a gem per major, then minors and the end-game tile
        gx = name_x
        majors = [m for m in (seat.get("majors") or []) if isinstance(m, str)]
        for m in majors[:8]:
            _gem(d, str(ref.majors.get(m, {}).get("colour", "")), gx + 9, bottom, 9)
            gx += 22
        minors = _int(seat.get("minors"))
        if minors:
            gx += _text(d, (gx, bottom), t("revive.img.minors", None, count=minors), 15, MUTED) + 8
        if end_holder is not None and _int(end_holder, -1) == seat_no:
            tw = font(14).getlength(t("revive.img.end_tile", None)) + 12
            d.rounded_rectangle((gx, bottom - 10, gx + tw, bottom + 10), radius=5, fill=GOLD)
            _text(d, (gx + tw / 2, bottom), t("revive.img.end_tile", None), 14, DARK_TEXT, "mm", bold=True)
        if is_current:
            d.polygon([(px - 13, y + 26), (px - 1, y + 36), (px - 13, y + 46)], fill=GOLD)
        y += _SEAT_H + _SEAT_GAP
    y += 6
    # crater
    crater = [m for m in (view.get("crater") or []) if isinstance(m, str)]
    head = t("revive.img.crater", None, count=len(crater)) if crater else t("revive.img.crater_empty", None)
    _text(d, (px, y + 10), head, 16, MUTED, bold=True)
    y += _HEAD_H
    gx = px + 16
    for m in crater:
        _gem(d, str(ref.majors.get(m, {}).get("colour", "")), gx, y + 16, 14)
        gx += 40
    y += 46
    decks = view.get("decks") if isinstance(view.get("decks"), dict) else {}
    displays = view.get("displays") if isinstance(view.get("displays"), dict) else {}
    # citizen display
    _text(d, (px, y + 10), t("revive.img.citizens", None), 16, MUTED, bold=True)
    _text(d, (right, y + 10), t("revive.img.deck", None, count=_int(decks.get("citizens"))), 16, MUTED, "rm")
    y += _HEAD_H
    for card_id in [c for c in (displays.get("citizens") or []) if isinstance(c, str)][:6]:
        sprite = card_row_sprite(ref, card_id, int(width))
        img.paste(sprite.image, (int(px), int(y)), sprite.image)
        y += CARD_ROW_H + 5
    y += 8
    # machine display: one row per colour
    _text(d, (px, y + 10), t("revive.img.machines", None), 16, MUTED, bold=True)
    y += _HEAD_H
    machines = displays.get("machines") if isinstance(displays.get("machines"), dict) else {}
    piles = decks.get("machines") if isinstance(decks.get("machines"), dict) else {}
    chip_w = int((width - 62 - 8) / 2)
    for colour in MACHINE_COLOURS:
        fill, ink = MACHINE_COLOURS[colour]
        d.rounded_rectangle((px, y, px + 56, y + TOKEN_H - 1), radius=8, outline=fill, width=2)
        _text(d, (px + 28, y + 13), _colour(colour), 13, TEXT, "mm")
        _text(
            d, (px + 28, y + 29), t("revive.img.pile", None, count=_int(piles.get(colour))), 12, MUTED, "mm"
        )
        tokens = [m for m in (machines.get(colour) or []) if isinstance(m, str)]
        for j, token in enumerate(tokens[:2]):
            sprite = token_sprite(ref, "machine", token, chip_w)
            img.paste(sprite.image, (int(px + 62 + j * (chip_w + 8)), int(y)), sprite.image)
        y += TOKEN_H + 5
    y += 8
    _text(d, (px, y + 10), t("revive.img.modules", None), 16, MUTED, bold=True)
    _text(d, (right, y + 10), t("revive.img.pile", None, count=_int(decks.get("modules"))), 16, MUTED, "rm")
    y += _HEAD_H
    modules = [m for m in (displays.get("modules") or []) if isinstance(m, str)]
    chip_w = int((width - 8) / 2)
    for j, module in enumerate(modules[:6]):
        sprite = token_sprite(ref, "module", module, chip_w)
        img.paste(
            sprite.image, (int(px + (j % 2) * (chip_w + 8)), int(y + (j // 2) * (TOKEN_H + 5))), sprite.image
        )
    y += ((min(len(modules), 6) + 1) // 2) * (TOKEN_H + 5) + 8
    _text(
        d,
        (px, y + 10),
        t("revive.img.piles", None, crates=_int(decks.get("crates")), minors=_int(decks.get("minors"))),
        16,
        MUTED,
    )
    y += _HEAD_H
    points = _int(ref.data.get("artifacts", {}).get("end_game_tile_points"))
    if end_holder is not None and _int(end_holder, -1) >= 0:
        text = t("revive.img.end_tile_holder", None, name=_name(names, _int(end_holder)), points=points)
        _text(d, (px, y + 10), text, 16, GOLD, bold=True, max_w=width)
    elif not crater:
        _text(d, (px, y + 10), t("revive.img.crater_empty", None), 16, GOLD, max_w=width)


# ---------------------------------------------------------------------------------------------
# Palette and PNG
# ---------------------------------------------------------------------------------------------


def _png(img: Image.Image, palette: Image.Image) -> bytes:
    """Reduce to the fixed palette (3-4x smaller than RGB, a few ms) and encode."""
    out = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    out.save(buf, format="PNG", optimize=False, compress_level=3)
    return buf.getvalue()


def _key_colours() -> list[RGB]:
    keys: list[RGB] = [
        BG,
        PANEL_BG,
        CARD_BG,
        CARD_CURRENT_BG,
        TEXT,
        MUTED,
        DARK_TEXT,
        GOLD,
        WHITE,
        BLACK,
        HIGHLIGHT,
        TILE_EDGE,
        BACK[0],
        CHASM[0],
        LARGE[0],
        (232, 234, 238),
    ]
    for table in (TERRAIN, CARD_COLOURS, MACHINE_COLOURS, ARTIFACT_COLOURS):
        for fill, ink in table.values():
            keys += [fill, ink]
    for st in SEAT_STYLES:
        keys += [st.fill, st.dark, st.light]
    keys += list(RESOURCE_COLOURS.values())
    return list(dict.fromkeys(keys))


def _palette_from(sample: Image.Image) -> Image.Image:
    """256 colours: the exact key colours, plus median cut over a sample for the blends
    (antialiased edges and text)."""
    keys = _key_colours()
    auto = sample.quantize(colors=256 - len(keys), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = list(auto.getpalette() or [])[: 3 * (256 - len(keys))]
    flat += [0] * (3 * (256 - len(keys)) - len(flat))
    flat += [v for colour in keys for v in colour]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def _sprite_sheet(sprites: Sequence[Sprite], width: int, bgs: Sequence[RGB]) -> Image.Image:
    row_h = max(sp.image.height for sp in sprites) + 4
    x = y = 0
    rows = []
    for sp in sprites:
        if x + sp.image.width > width:
            x, y = 0, y + row_h
        rows.append((sp, x, y))
        x += sp.image.width + 4
    sheet = Image.new("RGB", (width, y + row_h), bgs[0])
    for i, (sp, sx, sy) in enumerate(rows):
        sheet.paste(Image.new("RGB", sp.image.size, bgs[i % len(bgs)]), (sx, sy))
        sheet.paste(sp.image, (sx, sy), sp.image)
    return sheet


@lru_cache(maxsize=4)
def board_palette(ref: ContentRef) -> Image.Image:
    """The board image's palette, from the frame, every tile face up and the piece sprites."""
    geo = board_geometry(ref)
    sprites: list[Sprite] = []
    slots = list(geo.slot_spaces)
    for i, tile in enumerate(ref.tiles):
        sprites.append(tile_sprite(ref, slots[i % len(slots)], tile, 0, geo.size))
    sprites.append(back_sprite("F01", (("food", 1), ("gear", 1)), 2, geo.size))
    for style in range(len(SEAT_STYLES)):
        for kind in ("small", "large", "population"):
            sprites.append(piece_sprite(style, kind, geo.size))
        sprites.append(badge_sprite(style, 22.0))
    sprites.append(highlight_sprite(geo.size))
    for card in list(ref.cards)[:: max(1, len(ref.cards) // 12)]:
        sprites.append(card_row_sprite(ref, card, 440))
    for token in list(ref.machines)[::4]:
        sprites.append(token_sprite(ref, "machine", token, 200))
    for token in list(ref.modules)[::4]:
        sprites.append(token_sprite(ref, "module", token, 200))
    frame = board_frame(ref)
    sheet = _sprite_sheet(sprites, frame.width, (BG, PANEL_BG, TERRAIN["sand"][0]))
    full = Image.new("RGB", (frame.width, frame.height + sheet.height))
    full.paste(frame, (0, 0))
    full.paste(sheet, (0, frame.height))
    return _palette_from(full)


# ---------------------------------------------------------------------------------------------
# render_player: one seat's player board and tribe board, from the public view
# ---------------------------------------------------------------------------------------------

PW = 1400  # player image width
P_PAD = 16
P_HEADER_H = 96
P_COL_GAP = 20
P_LEFT_W = 660
P_RIGHT_X = P_PAD + P_LEFT_W + P_COL_GAP
P_RIGHT_W = PW - P_RIGHT_X - P_PAD
RES_ROW_H = 38
SLOT_W = (P_LEFT_W - 12) // 2
SLOT_H = 186
SLOT_CARDS = 2  # the newest cards of a slot are drawn; older ones are counted
TECH_W, TECH_H = 208, 66
TECH_ROW = 86
TRACK_ROW = 58
ACTIVE_COLS = 3


@dataclass(frozen=True)
class PlayerLayout:
    """Where each part of the player image is (tops in px); fixed per content and tribe."""

    width: int
    height: int
    resources_y: int
    slots_y: int
    tech_y: int
    tech_nodes: dict[str, tuple[int, int]]  # technology id -> top-left of its box
    progress_y: int
    tracks_y: int
    machines_y: int
    active_y: int
    info_y: int


def _tech_layers(sun: dict[str, Any]) -> list[list[str]]:
    """Technologies in rows by distance from the lowest one (the tree read top down), each row
    ordered by where its connections sit in the row above, so connection lines cross little."""
    techs = {tech["id"]: tech for tech in sun.get("technologies", [])}
    links: dict[str, set[str]] = {tid: set() for tid in techs}
    for tid, tech in techs.items():
        for other in tech.get("connections", []):
            if other in links:
                links[tid].add(other)
                links[other].add(tid)
    start = sun.get("lowest") if sun.get("lowest") in techs else next(iter(techs), None)
    depth: dict[str, int] = {}
    if start is not None:
        depth[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for tid in frontier:
                for other in sorted(links[tid]):
                    if other not in depth:
                        depth[other] = depth[tid] + 1
                        nxt.append(other)
            frontier = nxt
    for tid in techs:  # a technology the tree does not reach (invalid content) goes last
        depth.setdefault(tid, max(depth.values(), default=0) + 1)
    layers: list[list[str]] = [[] for _ in range(max(depth.values(), default=-1) + 1)]
    order = {tid: i for i, tid in enumerate(techs)}
    for tid in techs:
        layers[depth[tid]].append(tid)
    for i in range(1, len(layers)):
        above = {tid: j for j, tid in enumerate(layers[i - 1])}

        def weight(tid: str, above: dict[str, int] = above) -> tuple[float, int]:
            parents = [above[o] for o in links[tid] if o in above]
            return (sum(parents) / len(parents) if parents else 99.0, order[tid])

        layers[i].sort(key=weight)
    return [layer for layer in layers if layer]


@lru_cache(maxsize=16)
def player_layout(ref: ContentRef, tribe_id: str) -> PlayerLayout:
    """Fixed positions of the player image's parts for a tribe (its technology tree's shape)."""
    sun = ref.tribes.get(tribe_id, {}).get("sun", {})
    resources_y = P_HEADER_H + 8
    n_res = len(ref.data.get("rules", {}).get("resources", {}).get("all", RESOURCE_ORDER[:4]))
    slots_y = resources_y + _HEAD_H + n_res * RES_ROW_H + 52
    left_bottom = slots_y + _HEAD_H + 2 * SLOT_H + 12
    tech_y = resources_y
    layers = _tech_layers(sun)
    nodes: dict[str, tuple[int, int]] = {}
    top = tech_y + _HEAD_H + 30
    for row, layer in enumerate(layers):
        n = len(layer)
        gap = (P_RIGHT_W - n * TECH_W) / (n + 1)
        for j, tid in enumerate(layer):
            nodes[tid] = (int(P_RIGHT_X + gap + j * (TECH_W + gap)), int(top + row * TECH_ROW))
    progress_y = top + len(layers) * TECH_ROW + 6
    right_bottom = progress_y + _HEAD_H + 50 + 64
    tracks_y = max(left_bottom, right_bottom) + 8
    n_tracks = len(ref.data.get("machine_tracks", {}).get("tracks", []))
    machines_y = tracks_y + _HEAD_H + n_tracks * TRACK_ROW + 8
    active_y = machines_y + _HEAD_H + TOKEN_H + 14
    info_y = active_y + _HEAD_H + 3 * (CARD_ROW_H + 6) + 8
    height = info_y + 3 * 34 + P_PAD
    return PlayerLayout(
        PW, height, resources_y, slots_y, tech_y, nodes, progress_y, tracks_y, machines_y, active_y, info_y
    )


@lru_cache(maxsize=128)
def tech_sprite(ref: ContentRef, tribe_id: str, tech_id: str, style: int | None) -> Sprite:
    """A technology box: id, cost in books and points, then its ability in short words.
    Unlocked (`style` given): filled with the seat colour edge and a seat badge; locked: dim."""
    techs = {tech["id"]: tech for tech in ref.tribes.get(tribe_id, {}).get("sun", {}).get("technologies", [])}
    tech = techs.get(tech_id, {})
    img = Image.new("RGBA", (TECH_W, TECH_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    unlocked = style is not None
    st = SEAT_STYLES[style % len(SEAT_STYLES)] if style is not None else None
    fill = (232, 234, 238) if unlocked else (64, 76, 92)
    ink = DARK_TEXT if unlocked else TEXT
    d.rounded_rectangle(
        (0, 0, TECH_W - 1, TECH_H - 1),
        radius=9,
        fill=fill,
        outline=st.fill if st else (120, 132, 148),
        width=4 if st else 2,
    )
    cost = _int((tech.get("cost") or {}).get("book"))
    head = f"{clean_text(tech_id, 5)} · " + t("revive.img.player.tech_cost", None, cost=cost)
    _text(d, (9, 15), head, 16, ink, bold=True)
    _text(
        d,
        (TECH_W - 9, 15),
        t("revive.img.player.tech_points", None, points=_int(tech.get("points"))),
        16,
        GOLD_DARK if unlocked else GOLD,
        "rm",
        bold=True,
    )
    label = ability_label(tech.get("ability") or {})
    lines, fs = _fit_lines(label, TECH_W - 18 - (26 if unlocked else 0), TECH_H - 32, (15, 14, 13, 12))
    _draw_lines_left(d, 9, 31 + (TECH_H - 31) / 2, lines, fs, ink if unlocked else MUTED)
    if unlocked:
        badge = badge_sprite(style, 10.0)
        img.paste(badge.image, (TECH_W - 8 - badge.image.width, TECH_H - 6 - badge.image.height), badge.image)
    return Sprite(img, 0, 0)


@lru_cache(maxsize=8)
def track_strip(ref: ContentRef, width: int) -> Image.Image:
    """The three machine tracks with every space's reward in words (same for every player)."""
    tracks = ref.data.get("machine_tracks", {}).get("tracks", [])
    bonus = _int(ref.data.get("machine_tracks", {}).get("bonus_points_per_card"))
    img = Image.new("RGBA", (width, max(1, len(tracks)) * TRACK_ROW), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    label_w = 96
    for row, track in enumerate(tracks):
        colour = str(track.get("colour", ""))
        fill, ink = MACHINE_COLOURS.get(colour, UNKNOWN)
        y = row * TRACK_ROW
        h = TRACK_ROW - 6
        d.rounded_rectangle((0, y, label_w - 6, y + h), radius=8, fill=fill)
        _text(d, ((label_w - 6) / 2, y + h * 0.36), _colour(colour), 17, ink, "mm", bold=True)
        terrain = t(f"revive.img.terrain_word.{track.get('terrain')}", None)
        _text(d, ((label_w - 6) / 2, y + h * 0.72), terrain, 13, ink, "mm")
        spaces = track.get("spaces", [])
        n = max(1, len(spaces))
        cell = (width - label_w) / n
        for i, space in enumerate(spaces):
            x0 = label_w + i * cell
            d.rounded_rectangle((x0, y, x0 + cell - 5, y + h), radius=7, fill=(64, 76, 92))
            _text(d, (x0 + 6, y + 10), str(i), 13, MUTED)
            words = []
            if space.get("effects"):
                words.append(effects_label(space["effects"]))
            if space.get("progress"):
                words.append(t("revive.img.player.progress_space", None))
            if space.get("bonus_colour"):
                words.append(
                    t("revive.img.player.bonus", None, points=bonus, colour=_colour(space["bonus_colour"]))
                )
            if words:
                lines, fs = _fit_lines(
                    t("revive.effect.and", None).join(words), cell - 14, h - 16, (14, 13, 12, 11)
                )
                _draw_lines(d, x0 + (cell - 5) / 2, y + 8 + (h - 8) / 2, lines, fs, TEXT)
    return img


@lru_cache(maxsize=32)
def player_frame(ref: ContentRef, tribe_id: str) -> Image.Image:
    """Everything on a player image that depends only on the content and the tribe: headings,
    resource track cells, the machine tracks, the locked technology tree and the progress track."""
    lay = player_layout(ref, tribe_id)
    img = Image.new("RGB", (lay.width, lay.height), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.width, P_HEADER_H - 6), fill=PANEL_BG)
    # resources
    _text(d, (P_PAD, lay.resources_y + 12), t("revive.img.player.resources", None), 16, MUTED, bold=True)
    limits = ref.data.get("rules", {}).get("resources", {}).get("limits", {})
    names = ref.data.get("rules", {}).get("resources", {}).get("all", list(RESOURCE_ORDER[:4]))
    y = lay.resources_y + _HEAD_H
    label_w = 110
    cell = (P_LEFT_W - label_w) / (max(_int(v) for v in limits.values()) + 1 if limits else 9)
    for name in names:
        colour = RESOURCE_COLOURS.get(name, UNKNOWN[0])
        d.ellipse(box(P_PAD + 12, y + RES_ROW_H / 2 - 3, 9, 9), fill=colour, outline=WHITE, width=2)
        _text(d, (P_PAD + 28, y + RES_ROW_H / 2 - 3), _res(name), 18, TEXT)
        for v in range(_int(limits.get(name), 8) + 1):
            x0 = P_PAD + label_w + v * cell
            d.rounded_rectangle((x0, y, x0 + cell - 4, y + RES_ROW_H - 8), radius=6, fill=(58, 70, 86))
            _text(d, (x0 + (cell - 4) / 2, y + (RES_ROW_H - 8) / 2), str(v), 15, MUTED, "mm")
        y += RES_ROW_H
    # card slots
    _text(d, (P_PAD, lay.slots_y + 12), t("revive.img.player.slots", None), 16, MUTED, bold=True)
    slots = ref.data.get("rules", {}).get("player_board", {}).get("card_slots", [])
    for i, slot in enumerate(slots[:4]):
        x0 = P_PAD + (i % 2) * (SLOT_W + 12)
        y0 = lay.slots_y + _HEAD_H + (i // 2) * (SLOT_H + 8)
        d.rounded_rectangle((x0, y0, x0 + SLOT_W, y0 + SLOT_H - 8), radius=10, fill=PANEL_BG)
        title = t(f"revive.img.player.slot.{slot.get('id')}", None)
        _text(d, (x0 + 10, y0 + 14), title, 15, TEXT, bold=True)
        half = t("revive.img.player.half", None, half=t(f"revive.img.{slot.get('half')}", None))
        _text(d, (x0 + SLOT_W - 10, y0 + 14), half, 14, MUTED, "rm")
    # technologies
    tribe = ref.tribes.get(tribe_id, {})
    sun = tribe.get("sun", {})
    _text(d, (P_RIGHT_X, lay.tech_y + 12), t("revive.img.player.technologies", None), 16, MUTED, bold=True)
    ability = t("revive.img.player.tribe_ability", None, effect=effects_label(sun.get("ability") or []))
    _text(d, (P_RIGHT_X, lay.tech_y + _HEAD_H + 12), ability, 16, TEXT, max_w=P_RIGHT_W)
    techs = {tech["id"]: tech for tech in sun.get("technologies", [])}
    for tid, tech in techs.items():
        for other in tech.get("connections", []):
            if tid in lay.tech_nodes and other in lay.tech_nodes:
                (ax, ay), (bx, by) = lay.tech_nodes[tid], lay.tech_nodes[other]
                d.line(
                    [(ax + TECH_W / 2, ay + TECH_H / 2), (bx + TECH_W / 2, by + TECH_H / 2)],
                    fill=(120, 132, 148),
                    width=3,
                )
    for tid, (x, y) in lay.tech_nodes.items():
        sprite = tech_sprite(ref, tribe_id, tid, None)
        img.paste(sprite.image, (x, y), sprite.image)
    # progress track
    track = sun.get("progress_track", [])
    n = max(1, len(track))
    cw = P_RIGHT_W / n
    y = lay.progress_y + _HEAD_H
    for i, value in enumerate(track):
        x0 = P_RIGHT_X + i * cw
        d.rounded_rectangle((x0, y, x0 + cw - 6, y + 44), radius=8, fill=(58, 70, 86))
        _text(d, (x0 + (cw - 6) / 2, y + 22), str(value), 20, TEXT, "mm", bold=True)
    # machine tracks, machines, active cards
    _text(d, (P_PAD, lay.tracks_y + 12), t("revive.img.player.tracks", None), 16, MUTED, bold=True)
    strip = track_strip(ref, lay.width - 2 * P_PAD)
    img.paste(strip, (P_PAD, lay.tracks_y + _HEAD_H), strip)
    return img


def render_player(view: dict, content: dict, seat: int, names: list[str]) -> bytes:
    """Draw one seat's boards from the PUBLIC view and return PNG bytes.

    Resting cards and closed crates are secret: only their counts (which the public view
    carries) are drawn; the artifact card is not in the public view and is never drawn.
    """
    ref = content_ref(content)
    seats = [s for s in (view.get("seats") or []) if isinstance(s, dict)]
    if not 0 <= seat < len(seats):
        raise ValueError(f"no seat {seat} in this view")
    me = seats[seat]
    style = _style_index(me, seat)
    st = SEAT_STYLES[style]
    tribe_id = str(me.get("tribe", ""))
    with _LOCK:
        lay = player_layout(ref, tribe_id)
        img = player_frame(ref, tribe_id).copy()
    d = ImageDraw.Draw(img)
    rules = ref.data.get("rules", {})
    finished = bool(view.get("finished"))
    # header
    d.rectangle((0, 0, 8, P_HEADER_H - 6), fill=st.fill)
    badge_sprite(style, 28.0).paste_at(img, 52, P_HEADER_H / 2 - 3)
    points = t("revive.img.player.points", None, points=_int(me.get("score", me.get("points"))))
    pts_w = _text(d, (lay.width - P_PAD, 34), points, 40, TEXT, "rm", bold=True)
    _text(d, (96, 32), _name(names, seat), 34, TEXT, max_w=lay.width - 96 - pts_w - 260, bold=True)
    tribe = ref.tribes.get(tribe_id, {}).get("name", tribe_id)
    _text(d, (96, 70), t("revive.img.player.tribe", None, tribe=clean_text(tribe, 24)), 20, MUTED)
    last_hib = max(0, len(ref.data.get("hibernation", {}).get("spaces", [])) - 1)
    hib = t("revive.img.player.hibernation", None, space=_int(me.get("hibernation")), last=last_hib)
    _text(d, (lay.width - P_PAD, 72), hib, 20, MUTED, "rm", bold=True)
    if not finished and view.get("current") == seat:
        label = t("revive.img.player.to_move", None)
        w = font(20).getlength(label) + 24
        x1 = lay.width - P_PAD - pts_w - 24
        d.rounded_rectangle((x1 - w, 18, x1, 50), radius=8, fill=GOLD)
        _text(d, (x1 - w / 2, 34), label, 20, DARK_TEXT, "mm", bold=True)
    # resources: a marker on each track's value
    resources = me.get("resources") if isinstance(me.get("resources"), dict) else {}
    limits = rules.get("resources", {}).get("limits", {})
    y = lay.resources_y + _HEAD_H
    label_w = 110
    cell = (P_LEFT_W - label_w) / (max(_int(v) for v in limits.values()) + 1 if limits else 9)
    for name in rules.get("resources", {}).get("all", RESOURCE_ORDER[:4]):
        v = max(0, min(_int(resources.get(name)), _int(limits.get(name), 8)))
        x0 = P_PAD + label_w + v * cell
        d.rounded_rectangle(
            (x0, y, x0 + cell - 4, y + RES_ROW_H - 8),
            radius=6,
            fill=RESOURCE_COLOURS.get(name, GOLD),
            outline=WHITE,
            width=3,
        )
        _text(d, (x0 + (cell - 4) / 2, y + (RES_ROW_H - 8) / 2), str(v), 18, DARK_TEXT, "mm", bold=True)
        y += RES_ROW_H
    energy = _int(me.get("energy"))
    ey = y + 16
    _text(d, (P_PAD, ey), t("revive.img.player.energy", None, count=energy), 20, TEXT, bold=True)
    ex = P_PAD + 130
    for _ in range(min(energy, 10)):
        d.ellipse(box(ex, ey, 10, 10), fill=RESOURCE_COLOURS["energy"], outline=WHITE, width=2)
        ex += 24
    used = bool(me.get("switch_used"))
    switch = t("revive.img.player.switch_used" if used else "revive.img.player.switch_unused", None)
    sw = font(18).getlength(switch) + 24
    sx1 = P_PAD + P_LEFT_W
    d.rounded_rectangle(
        (sx1 - sw, ey - 15, sx1, ey + 15),
        radius=8,
        fill=(70, 80, 92) if used else (60, 150, 90),
        outline=WHITE,
        width=2,
    )
    _text(d, (sx1 - sw / 2, ey), switch, 18, WHITE, "mm", bold=True)
    # card slots: the cards (the half the slot uses) and the slot's modules
    slots = rules.get("player_board", {}).get("card_slots", [])
    played = me.get("slots") if isinstance(me.get("slots"), dict) else {}
    modules = me.get("modules") if isinstance(me.get("modules"), dict) else {}
    spaces = _int(rules.get("player_board", {}).get("module_spaces_per_slot"), 2)
    for i, slot in enumerate(slots[:4]):
        slot_id = str(slot.get("id"))
        x0 = P_PAD + (i % 2) * (SLOT_W + 12)
        y0 = lay.slots_y + _HEAD_H + (i // 2) * (SLOT_H + 8)
        cards = [c for c in (played.get(slot_id) or []) if isinstance(c, str)]
        cy = y0 + 28
        shown = cards[-SLOT_CARDS:]
        if len(cards) > len(shown):
            more = t("revive.img.player.more", None, count=len(cards) - len(shown))
            _text(d, (x0 + SLOT_W / 2, y0 + 14), more, 14, MUTED, "mm")
        if not cards:
            _text(d, (x0 + SLOT_W / 2, cy + 40), t("revive.img.empty", None), 16, MUTED, "mm")
        for card in shown:
            sprite = card_row_sprite(ref, card, SLOT_W - 16, str(slot.get("half", "top")))
            img.paste(sprite.image, (int(x0 + 8), int(cy)), sprite.image)
            cy += CARD_ROW_H + 4
        my = y0 + SLOT_H - 8 - TOKEN_H - 8
        mw = (SLOT_W - 16 - 8 * (spaces - 1)) // max(1, spaces)
        held = [m for m in (modules.get(slot_id) or []) if isinstance(m, str)]
        for j in range(spaces):
            mx = x0 + 8 + j * (mw + 8)
            if j < len(held):
                sprite = token_sprite(ref, "module", held[j], mw)
                img.paste(sprite.image, (int(mx), int(my)), sprite.image)
            else:
                d.rounded_rectangle(
                    (mx, my, mx + mw, my + TOKEN_H - 1), radius=10, outline=(110, 122, 138), width=2
                )
                _text(
                    d,
                    (mx + mw / 2, my + TOKEN_H / 2),
                    t("revive.img.player.module_space", None),
                    14,
                    MUTED,
                    "mm",
                )
    # technologies: unlocked ones in the seat's colour
    for tid in [x for x in (me.get("unlocked") or []) if isinstance(x, str)]:
        if tid in lay.tech_nodes:
            sprite = tech_sprite(ref, tribe_id, tid, style)
            img.paste(sprite.image, lay.tech_nodes[tid], sprite.image)
    # progress track: markers cover values from the left; the first visible value scores
    sun = ref.tribes.get(tribe_id, {}).get("sun", {})
    track = sun.get("progress_track", [])
    markers = max(0, min(_int(me.get("progress")), len(track) - 1))
    value = track[markers] if track else 0
    head = t("revive.img.player.progress", None, value=value, markers=markers)
    _text(d, (P_RIGHT_X, lay.progress_y + 12), head, 16, MUTED, bold=True)
    cw = P_RIGHT_W / max(1, len(track))
    y = lay.progress_y + _HEAD_H
    for i in range(markers):
        badge_sprite(style, 14.0).paste_at(img, P_RIGHT_X + i * cw + (cw - 6) / 2, y + 22)
    if track:
        x0 = P_RIGHT_X + markers * cw
        d.rounded_rectangle((x0, y, x0 + cw - 6, y + 44), radius=8, outline=GOLD, width=4)
    line = t("revive.img.player.tribe_markers", None, count=_int(me.get("tribe_markers")))
    _text(d, (P_RIGHT_X, y + 62), line, 16, TEXT)
    buildings = me.get("buildings") if isinstance(me.get("buildings"), dict) else {}
    line = t(
        "revive.img.player.buildings",
        None,
        small=_int(buildings.get("small")),
        large=_int(buildings.get("large")),
    )
    _text(d, (P_RIGHT_X, y + 88), line, 16, TEXT)
    # machine tracks: the seat's marker on each
    tracks = ref.data.get("machine_tracks", {}).get("tracks", [])
    positions = me.get("tracks") if isinstance(me.get("tracks"), dict) else {}
    strip_w = lay.width - 2 * P_PAD
    for row, track_info in enumerate(tracks):
        n = max(1, len(track_info.get("spaces", [])))
        cell = (strip_w - 96) / n
        pos = max(0, min(_int(positions.get(track_info.get("colour"))), n - 1))
        x0 = P_PAD + 96 + pos * cell
        ty = lay.tracks_y + _HEAD_H + row * TRACK_ROW
        d.rounded_rectangle(
            (x0 - 2, ty - 2, x0 + cell - 3, ty + TRACK_ROW - 4), radius=8, outline=st.fill, width=4
        )
        badge_sprite(style, 11.0).paste_at(img, x0 + cell - 20, ty + 13)
    # machines on the board: powered (energy on it) or ready
    owned = [m for m in (me.get("machines") or []) if isinstance(m, str)]
    powered = {m for m in (me.get("powered") or []) if isinstance(m, str)}
    n_spaces = _int(rules.get("player_board", {}).get("machine_spaces"), 9)
    head = t("revive.img.player.machines", None, count=len(owned), spaces=n_spaces)
    _text(d, (P_PAD, lay.machines_y + 12), head, 16, MUTED, bold=True)
    n_cells = max(1, n_spaces, len(owned))
    machine_w = (lay.width - 2 * P_PAD - 6 * (n_cells - 1)) // n_cells  # one row of spaces
    for j in range(n_cells):
        mx = P_PAD + j * (machine_w + 6)
        my = lay.machines_y + _HEAD_H
        if j < len(owned):
            state = "powered" if owned[j] in powered else "ready"
            sprite = token_sprite(ref, "machine", owned[j], machine_w, state)
            img.paste(sprite.image, (int(mx), int(my)), sprite.image)
        else:
            d.rounded_rectangle(
                (mx, my, mx + machine_w, my + TOKEN_H - 1), radius=10, outline=(80, 92, 108), width=2
            )
    # active cards (public), then the counts of what is secret
    active = [c for c in (me.get("active") or []) if isinstance(c, str)]
    _text(
        d,
        (P_PAD, lay.active_y + 12),
        t("revive.img.player.active", None, count=len(active)),
        16,
        MUTED,
        bold=True,
    )
    aw = (lay.width - 2 * P_PAD - (ACTIVE_COLS - 1) * 8) // ACTIVE_COLS
    limit = ACTIVE_COLS * 3
    for j, card in enumerate(active[:limit]):
        ax = P_PAD + (j % ACTIVE_COLS) * (aw + 8)
        ay = lay.active_y + _HEAD_H + (j // ACTIVE_COLS) * (CARD_ROW_H + 6)
        if j == limit - 1 and len(active) > limit:
            more = t("revive.img.player.more", None, count=len(active) - limit + 1)
            _text(d, (ax + aw / 2, ay + CARD_ROW_H / 2), more, 18, MUTED, "mm")
            break
        sprite = card_row_sprite(ref, card, aw)
        img.paste(sprite.image, (int(ax), int(ay)), sprite.image)
    final = view.get("final") if isinstance(view.get("final"), dict) else {}
    parts = final.get("breakdown") or []
    _draw_player_info(
        img, d, ref, lay, me, parts[seat] if seat < len(parts) and isinstance(parts[seat], dict) else {}
    )
    with _LOCK:
        palette = player_palette(ref)
    return _png(img, palette)


def _draw_player_info(
    img: Image.Image, d: ImageDraw.ImageDraw, ref: ContentRef, lay: PlayerLayout, me: dict, final: dict
) -> None:
    """Counts (resting cards, crates, artifacts), card bonuses, this turn's discounts, and once
    the game is over the final scoring by category."""
    y = lay.info_y + 14
    x = float(P_PAD)
    items = [
        t("revive.img.player.resting", None, count=_int(me.get("resting"))),
        t("revive.img.player.crates", None, count=_int(me.get("crates"))),
        t("revive.img.player.opened", None, count=len(me.get("opened") or [])),
        t("revive.img.player.minors", None, count=_int(me.get("minors"))),
    ]
    for item in items:
        x += _text(d, (x, y), item, 18, TEXT) + 28
    majors = [m for m in (me.get("majors") or []) if isinstance(m, str)]
    x += _text(d, (x, y), t("revive.img.player.majors", None, count=len(majors)), 18, TEXT) + 12
    for m in majors[:10]:
        _gem(d, str(ref.majors.get(m, {}).get("colour", "")), x + 10, y, 11)
        x += 28
    y += 34
    x = float(P_PAD)
    bonuses = [str(c) for c in (me.get("card_bonuses") or [])]
    colours = (
        t("revive.effect.and", None).join(_colour(c) for c in bonuses)
        if bonuses
        else t("revive.img.player.none", None)
    )
    x += _text(d, (x, y), t("revive.img.player.card_bonus", None, colours=colours), 18, TEXT) + 28
    discounts = [dd for dd in (me.get("discounts") or []) if isinstance(dd, dict)]
    if discounts:
        text = t("revive.effect.and", None).join(effect_label({"kind": "discount", **dd}) for dd in discounts)
        _text(
            d,
            (x, y),
            t("revive.img.player.discounts", None, discounts=text),
            18,
            GOLD,
            max_w=lay.width - x - P_PAD,
        )
    if final:
        words = [
            t(
                "revive.img.player.final_part",
                None,
                points=_int(points),
                part=t(f"revive.img.final.{part}", None),
            )
            for part, points in final.items()
            if _int(points)
        ]
        text = t("revive.img.player.final", None, parts=t("revive.effect.and", None).join(words))
        _text(d, (P_PAD, y + 34), text, 18, GOLD, max_w=lay.width - 2 * P_PAD, bold=True)


@lru_cache(maxsize=4)
def player_palette(ref: ContentRef) -> Image.Image:
    """The player image's palette, from a frame, sample sprites and every seat's marks."""
    tribe_id = next(iter(ref.tribes), "")
    frame = player_frame(ref, tribe_id)
    sprites: list[Sprite] = []
    techs = list(player_layout(ref, tribe_id).tech_nodes)
    for style in range(len(SEAT_STYLES)):
        sprites.append(badge_sprite(style, 28.0))
        sprites.append(badge_sprite(style, 14.0))
        if techs:
            sprites.append(tech_sprite(ref, tribe_id, techs[style % len(techs)], style))
    for card in list(ref.cards)[:: max(1, len(ref.cards) // 12)]:
        sprites.append(card_row_sprite(ref, card, 300, "top"))
    for i, token in enumerate(list(ref.machines)[::3]):
        sprites.append(token_sprite(ref, "machine", token, 146, "powered" if i % 2 else "ready"))
    for token in list(ref.modules)[::4]:
        sprites.append(token_sprite(ref, "module", token, 200))
    sheet = _sprite_sheet(sprites, frame.width, (BG, PANEL_BG))
    full = Image.new("RGB", (frame.width, frame.height + sheet.height))
    full.paste(frame, (0, 0))
    full.paste(sheet, (0, frame.height))
    return _palette_from(full)


def space_center(content: dict, place: str) -> tuple[float, float]:
    """Pixel centre of a space (`S3.2`), slot (`F07`) or corner (`NW`) on the board image.

    Tests use it to look where a piece or a highlight must appear; a click map could too.
    """
    geo = board_geometry(content_ref(content))
    if place in geo.slot_centres:
        return geo.slot_centres[place]
    return geo.centres[place]


def board_size(content: dict) -> tuple[int, int]:
    """Width and height of the board image for this content (the same for every game)."""
    geo = board_geometry(content_ref(content))
    return geo.width, geo.height


def player_size(content: dict, tribe: str) -> tuple[int, int]:
    """Width and height of a player image; the height depends on the tribe's technology tree."""
    lay = player_layout(content_ref(content), tribe)
    return lay.width, lay.height


def board_panel_left(content: dict) -> int:
    """The x where the board image's side panel starts (the board is left of it)."""
    return board_geometry(content_ref(content)).panel_box[0]
