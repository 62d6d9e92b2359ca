"""Rebuild the fonts in render/fonts/ from Debian's font packages (run once, by hand; the bot never
downloads a font). The result is committed; CI and the Dockerfile need none of this.

    mkdir -p /tmp/fontdl && cd /tmp/fontdl
    apt-get download fonts-noto-core fonts-noto-cjk fonts-symbola
    for f in *.deb; do dpkg -x "$f" x/; done
    python3 -m venv /tmp/ftvenv && /tmp/ftvenv/bin/pip install "fonttools>=4.66,<5"
    /tmp/ftvenv/bin/python scripts/make_fonts.py /tmp/fontdl/x

What it does, and why (docs/images.md says more):
- Noto Sans, Noto Sans Arabic and Noto Sans Hebrew keep every glyph but lose their TrueType
  hinting: FreeType runs the hinting bytecode on every draw (Pillow caches no glyphs), which made
  a text five times slower to draw than unhinted (1.1 ms against 0.25 ms at 20 px).
- Noto Sans CJK JP (face 0 of the collection, 19 MB for all five regions) is cut to the
  ideographs of GB 2312, JIS X 0208, Big5 level 1 and KS X 1001 (the common Hanzi, Kanji and
  Hanja used in names, about 10,500), kana, Hangul jamo and all 11,172 Hangul syllables, CJK
  punctuation and the full-width forms, without hinting.
- Symbola (monochrome emoji and symbols) is cut to the symbol and emoji blocks, without hinting.
- The packages' copyright files (the OFL 1.1 text for Noto, Symbola's licence) go next to them.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fontTools import subset

OUT = Path(__file__).resolve().parent.parent / "render" / "fonts"
NOTO = "usr/share/fonts/truetype/noto"
CJK = "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
SYMBOLA = "usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"
LICENSES = {
    "fonts-noto-core": "LICENSE-Noto.txt",
    "fonts-noto-cjk": "LICENSE-NotoSansCJK.txt",
    "fonts-symbola": "LICENSE-Symbola.txt",
}


def _ideographs(codec: str, leads: range, trails: list[int]) -> set[int]:
    """The CJK Unified Ideographs a legacy double-byte character set encodes."""
    found: set[int] = set()
    for a in leads:
        for b in trails:
            try:
                ch = bytes([a, b]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(ch) == 1 and 0x4E00 <= ord(ch) <= 0x9FFF:
                found.add(ord(ch))
    return found


def cjk_codepoints() -> list[int]:
    euc = list(range(0xA1, 0xFF))
    han = (
        _ideographs("gb2312", range(0xB0, 0xF8), euc)  # GB 2312 levels 1 and 2: 6,763
        | _ideographs("euc_jp", range(0xB0, 0xF5), euc)  # JIS X 0208 levels 1 and 2: 6,355
        | _ideographs("big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + euc)  # Big5 level 1: 5,401
        | _ideographs("euc_kr", range(0xCA, 0xFE), euc)  # KS X 1001 Hanja: 4,620
    )
    blocks = [
        (0x3000, 0x3100),  # CJK punctuation, Hiragana, Katakana
        (0x3130, 0x3190),  # Hangul compatibility jamo
        (0x31F0, 0x3200),  # Katakana phonetic extensions
        (0xAC00, 0xD7A4),  # Hangul syllables
        (0xFF00, 0xFFF0),  # half-width and full-width forms
    ]
    return sorted(han | {c for lo, hi in blocks for c in range(lo, hi)})


def _subset(src: Path, dst: Path, unicodes: list[int] | None, font_number: int = 0) -> None:
    """`src` cut to `unicodes` (None: all it has), without hinting, every layout feature kept."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.glyph_names = True
    options.hinting = False
    options.font_number = font_number
    options.name_IDs = ["*"]  # keep the copyright and licence records
    font = subset.load_font(str(src), options)
    sub = subset.Subsetter(options)
    if unicodes is None:
        unicodes = list(font.getBestCmap())
    sub.populate(unicodes=unicodes)
    sub.subset(font)
    subset.save_font(font, str(dst), options)


def main(root: Path) -> None:
    OUT.mkdir(exist_ok=True)
    for name in ("NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf"):
        _subset(root / NOTO / name, OUT / name, None)
    _subset(root / CJK, OUT / "NotoSansCJKjp-Regular-subset.otf", cjk_codepoints())
    symbols = [*range(0x2000, 0x2C00), *range(0x1F000, 0x1FB00), 0x3030, 0x303D, 0x3297, 0x3299, 0xA9, 0xAE]
    _subset(root / SYMBOLA, OUT / "Symbola-subset.ttf", [*symbols, 0xFE0E, 0xFE0F, 0x200D])
    for package, name in LICENSES.items():
        shutil.copyfile(root / "usr/share/doc" / package / "copyright", OUT / name)
    for path in sorted(OUT.iterdir()):
        print(f"{path.stat().st_size:>10,}  {path.name}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
