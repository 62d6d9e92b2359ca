"""The rating chart `/stats` attaches: a PNG of its size from one game or many, rated or not,
with its words in the reader's language, small enough for a message."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.chart import HEIGHT, WIDTH, ChartPoint, ChartWords, rating_chart


def words(locale_title: str) -> ChartWords:
    return ChartWords(
        locale_title, "Rating", "Pontos", "3 partidas", "nenhuma", ("-1,5", "4,2"), ("80", "120")
    )


@pytest.mark.parametrize(
    "points",
    [
        [ChartPoint(None, False, 90, False)],  # one game, not rated
        [
            ChartPoint(1.0, True, 80, False),
            ChartPoint(None, False, 120, True),
            ChartPoint(4.2, False, 100, True),
        ],
        [ChartPoint(float(n % 7), n < 9, 60 + n, n % 3 == 0) for n in range(200)],
    ],
)
def test_the_chart_draws_any_history(points):
    png = rating_chart(points, words("João 田中 🎲 · Rebirth"))
    image = Image.open(io.BytesIO(png))
    assert image.size == (WIDTH, HEIGHT) and len(png) < 60_000
    assert len(set(image.convert("RGB").getdata())) > 8  # lines, dots and words were drawn
