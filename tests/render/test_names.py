"""Players' names on the board images, in every script.

"Images draw names and every text in any script Discord users have: Latin with all diacritics
(Portuguese above all), Greek, Cyrillic, CJK, Arabic and Hebrew at least, and emoji ... with
per-glyph fallback so a mixed name draws each character from a font that has it. Names longer than
the space get a clean ellipsis."

The board tests draw real Rebirth and Revive boards through the renderers and record every text the
renderer hands to Pillow (with its font, position and anchor), then check what a player sees: the
name is there with all its characters, each drawn as a real glyph and not the missing-glyph box, and
a name too long for its card ends in "…" before the score.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import ImageDraw, ImageFont

from content.revive import load_revive
from engine.revive.game import Revive
from render import fonts, rebirth
from render import revive as rr
from render.common import clean_text, fit_text, font
from tests.support.paths import ROOT
from tests.support.rebirth_view import make_view

NOTDEF = "\U0010fffd"  # a private-use code point no bundled font maps: the missing-glyph box
SCRIPTS = {
    "Portuguese": "João",
    "Latin and emoji": "Zoë 🎲",
    "Japanese": "田中",
    "Russian": "Алексей",
    "Chinese": "李小龙",
    "Arabic": "محمد",
    "Hebrew": "שרה",
    "Greek": "Ωμέγα",
    "Korean": "김민준",
    "kana": "さくら",
    "Vietnamese": "Nguyễn",
    "Polish": "Łukasz",
}
LONG = "Maximiliana Alexandrovna von Hohenzollern-Sigmaringen"
LONG_CJK = "李小龙田中さくら김민준" * 3


@dataclass(frozen=True)
class Drawn:
    text: str
    font: Any
    bbox: tuple[float, float, float, float]
    canvas: tuple[int, int]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every `ImageDraw.text` call made while the test runs, with the box it covers."""
    calls: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        f, anchor = kwargs.get("font"), kwargs.get("anchor")
        if isinstance(text, str) and f is not None:
            box = self.textbbox(xy, text, font=f, anchor=anchor, stroke_width=kwargs.get("stroke_width", 0))
            calls.append(Drawn(text, f, box, self.im.size if self.im is not None else (0, 0)))
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    yield calls


def glyph(f: ImageFont.FreeTypeFont, text: str) -> tuple[tuple[int, int], bytes]:
    mask = f.getmask(text)
    return mask.size, bytes(mask)


def assert_real_glyphs(text: str, f: Any) -> None:
    """Each character of `text` comes from a bundled font whose glyph for it is not a
    missing-glyph box (compared with the .notdef rendering of every bundled font at the size
    the renderer used), distinct characters draw distinct glyphs, and a name the main font
    cannot draw alone looks different from the main font's rendering of it (its boxes)."""
    size = int(f.size)
    boxes = {glyph(fonts.face(i, size), NOTDEF) for i in range(len(fonts.CHAIN))}
    seen: dict[str, tuple[tuple[int, int], bytes]] = {}
    for ch in set(text) - {" "}:
        index = fonts.font_for(ch)
        assert index is not None, f"no bundled font has {ch!r} ({text!r})"
        seen[ch] = glyph(fonts.face(index, size), ch)
        assert seen[ch] not in boxes, f"{ch!r} of {text!r} drew a missing-glyph box"
        assert seen[ch][0] != (0, 0), f"{ch!r} of {text!r} drew nothing"
    assert len(set(seen.values())) == len(seen), f"two characters of {text!r} drew the same glyph"
    if fonts.runs(text) is not None:
        assert glyph(f, text) != glyph(fonts.face(0, size), text), f"{text!r} drew in the main font alone"


def names_drawn(calls: list[Drawn], names: list[str]) -> dict[str, Drawn]:
    found: dict[str, Drawn] = {}
    for name in names:
        want = clean_text(name)
        hits = [c for c in calls if c.text == want]
        assert hits, f"{name!r} was not drawn as {want!r}; drawn: {sorted({c.text for c in calls})[:40]}"
        found[name] = hits[0]
    return found


def rebirth_board(names: list[str]) -> None:
    """The Scotland board, as a game shows it."""
    m = json.loads((ROOT / "content" / "data" / "rebirth" / "scotland.json").read_text(encoding="utf-8"))
    rebirth.render_board(make_view(m, players=max(2, len(names))), m, names)


REVIVE_CONTENT = load_revive()
REVIVE = Revive(REVIVE_CONTENT)


def revive_board(names: list[str]) -> None:
    state = REVIVE.new_game(len(names), {}, 3)
    rng = random.Random(3)
    for _ in range(12):
        seat = REVIVE.to_move(state)
        legal = REVIVE.legal_moves(state, seat)
        state = REVIVE.apply(state, seat, legal[rng.randrange(len(legal))]).state
    rr.render_board(REVIVE.view(state, None), REVIVE_CONTENT, names)


BOARDS = {"rebirth": rebirth_board, "revive": revive_board}
NAME_SETS = [list(SCRIPTS.values())[i : i + 4] for i in range(0, len(SCRIPTS), 4)]


@pytest.mark.parametrize("game", sorted(BOARDS))
@pytest.mark.parametrize("names", NAME_SETS, ids=["latin-cjk-cyrillic", "cjk-rtl-greek", "korean-kana-viet"])
def test_names_in_every_script_draw_as_real_glyphs_on_the_board(
    game: str, names: list[str], drawn: list[Drawn]
) -> None:
    """ "Test with names in each script": each name reaches the image whole, every character a
    real glyph from a bundled font (not the missing-glyph box), distinct characters distinct."""
    BOARDS[game](names)
    for name, call in names_drawn(drawn, names).items():
        assert call.text == name, "the name was changed on its way to the image"
        assert_real_glyphs(call.text, call.font)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_accents_and_emoji_survive_on_the_board(game: str, drawn: list[Drawn]) -> None:
    """ "'João' becomes 'Joao', 'Zoë 🎲' 'Zoe'" no more: the ã, the ë and the die are drawn."""
    BOARDS[game](["João", "Zoë 🎲"])
    found = names_drawn(drawn, ["João", "Zoë 🎲"])
    assert "ã" in found["João"].text
    assert "ë" in found["Zoë 🎲"].text and "🎲" in found["Zoë 🎲"].text
    assert fonts.font_for("🎲") == fonts.CHAIN.index("Symbola-subset.ttf")


@pytest.mark.parametrize("game", sorted(BOARDS))
@pytest.mark.parametrize("long_name", [LONG, LONG_CJK], ids=["latin", "cjk"])
def test_a_long_name_ends_in_an_ellipsis_before_the_score(
    game: str, long_name: str, drawn: list[Drawn]
) -> None:
    """ "Names longer than the space get a clean ellipsis": the name drawn ends in "…" and its ink
    stops before the score on the same card."""
    BOARDS[game]([long_name, "Bo"])
    cut = [c for c in drawn if c.text.endswith("…") and long_name.startswith(c.text[:-1].rstrip())]
    assert cut, f"{long_name!r} was not cut with an ellipsis"
    name = cut[0]
    assert len(name.text) > 2
    assert_real_glyphs(name.text, name.font)
    scores = [
        c
        for c in drawn
        if c.text.isdigit() and c.canvas == name.canvas and abs(c.bbox[1] - name.bbox[1]) < 40
        and c.bbox[0] > name.bbox[0]
    ]  # fmt: skip
    assert scores, "no score next to the name"
    assert name.bbox[2] < min(s.bbox[0] for s in scores), (name.bbox, [s.bbox for s in scores])


@pytest.mark.parametrize("text", [*SCRIPTS.values(), "Ωμέγα 田中 محمد 🎲"])
def test_one_name_measures_as_it_draws(text: str) -> None:
    """Width measurement accounts for the fallback runs: the drawn ink lies inside the advance
    `getlength` reports (give or take the side bearings), so a cut to N pixels holds."""
    f = font(26)
    width = f.getlength(text)
    x0, _, x1, _ = f.getbbox(text)
    assert width > 0 and x1 - x0 <= width + 4 and abs(x0) <= 4
    for max_w in (40, 70, 120):
        cut = fit_text(text, f, max_w)
        assert f.getlength(cut) <= max_w or cut == "…"


def test_mixed_scripts_take_each_character_from_a_font_that_has_it() -> None:
    """ "Per-glyph fallback so a mixed name draws each character from a font that has it"."""
    runs = fonts.runs("Zoë 田中 🎲")
    assert runs is not None
    by_font: dict[str, str] = {}
    for i, text in runs:
        by_font[fonts.CHAIN[i]] = by_font.get(fonts.CHAIN[i], "") + text
    assert "Zoë" in by_font["NotoSans-Regular.ttf"]
    assert "田中" in by_font["NotoSansCJKjp-Regular-subset.otf"]
    assert "🎲" in by_font["Symbola-subset.ttf"]
    assert fonts.runs("João Алексей Ωμέγα") is None  # the main font alone: Pillow's own path


def test_right_to_left_names_read_right_to_left() -> None:
    """Arabic and Hebrew run right to left: the first letter typed is drawn rightmost."""
    f = font(40)
    for name in ("שרה", "محمد"):
        first = f.getmask(name[0])
        whole = f.getbbox(name)
        assert whole[2] - whole[0] > first.size[0]
        # Drawing the name without its first letter leaves the right end empty, not the left.
        rest = f.getbbox(name[1:])
        assert rest[2] < whole[2] - first.size[0] / 3, (name, rest, whole)


def test_clean_text_never_raises() -> None:
    """Hostile input never takes the render down."""

    class Hostile:
        def __str__(self) -> str:
            raise RuntimeError("no")

    assert clean_text(Hostile()) == "?"
    odd = ("\ud800", "\u202e\u2066x\u2069", "\U000e0067\U000e007f", "\x00" * 50, "👩\u200d", "\u200d👩")
    for text in odd:
        assert isinstance(clean_text(text), str)
    assert clean_text("\u200d👩") == "👩" and clean_text("👩\u200d") == "👩"


def test_the_fonts_and_their_licences_ship_in_the_package() -> None:
    """ "Use real fonts ... shipped with the package ..., never downloaded at run time": every
    font of the fallback chain lies in render/fonts/ and matches the package data a wheel
    carries, and so do the licence files."""
    import fnmatch
    import tomllib

    project = tomllib.loads((fonts.FONT_DIR.parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["render.fonts"]
    shipped = [*fonts.CHAIN, "LICENSE-Noto.txt", "LICENSE-NotoSansCJK.txt", "LICENSE-Symbola.txt"]
    for name in shipped:
        assert (fonts.FONT_DIR / name).is_file(), name
        assert any(fnmatch.fnmatch(name, p) for p in patterns), f"{name} is not package data"
