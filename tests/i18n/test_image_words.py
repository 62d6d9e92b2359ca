"""The words drawn in images, for a Brazilian table.

Everything a player reads is in their language, the text inside images too (legends, panels,
labels). The translation layer records every lookup, and the test fails on any key that fell back to
English or any message that contains an English template; the images of that game are looked at as
well. Accents must draw in images, which the bundled Unicode fonts make possible.

Each image (Rebirth's channel image, whole board and options image; Revive's and its player board)
is drawn in pt-BR with every cache emptied, so every sprite, frame and panel is drawn while the test
watches: every text handed to Pillow is recorded, and every catalog lookup the renderers make. The
recorded texts must hold no English template of an image word, no word cut to fit, and only
characters the bundled fonts draw; the labels the renderers record (their legibility record) must
read as the pt-BR catalog says; and the pt-BR image must differ from the English one exactly where
words are.
"""

from __future__ import annotations

import io
import itertools
import random
import re
import sys
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

import i18n
from content.rebirth.loader import load_map
from content.revive import load_revive
from engine.base import RESIGN
from engine.rebirth.mapfile import parse_map
from engine.revive.game import Revive
from games.registry import load_engine
from i18n.en import MESSAGES
from i18n.po import entries
from presenters.moves import MoveWords
from presenters.rebirth.missions import mission_name
from presenters.revive import labels
from presenters.revive.presenter import option_places
from render.fonts import font_for
from render.rebirth import draw_board, draw_focus, draw_options, legend_rows
from render.rebirth.style import STRIP_H
from render.revive import render_board, render_player, render_summary
from render.revive.board import LEGEND_ITEMS, board_palette, board_symbols
from render.revive.focus import focus_image
from render.revive.geometry import board_geometry
from render.revive.player import player_palette
from render.revive.ref import content_ref
from render.revive.summary import summary_image
from tests.support.revive_play import random_play

PT = "pt-BR"
IMAGE_KEYS = ("rebirth.img.", "revive.img.", "revive.effect.")
NAMES = ["João", "Iara", "Zé", "Ana"]  # short: a cut name would hide a cut word
CONTENT = load_revive()
REF = content_ref(CONTENT)
GAME = Revive(CONTENT)


def english_templates(prefixes: tuple[str, ...]) -> list[tuple[str, str, re.Pattern[str]]]:
    """(key, English form, pattern) of every image word of a game (its keys' `prefixes`) whose
    pt-BR text is not the English one: the pattern finds the English form, whatever its
    placeholders hold, inside a text. (One game's English may be the other's Portuguese:
    Rebirth keeps "Energy Farm", which Revive's English "Energy {count}" would find.)"""
    portuguese = entries("pt_BR")
    keys = [key for key in MESSAGES if key.startswith(prefixes)]
    pt_texts = [form for key in keys for form in _forms(portuguese[key])]
    out = []
    for key in keys:
        for form in _forms(MESSAGES[key]):
            parts = re.split(r"\{[^}]*\}", form)
            if form in _forms(portuguese[key]) or len(re.findall(r"[A-Za-z]", "".join(parts))) < 2:
                continue  # the same in Portuguese ("Final", "Energy Farm"), or no words ("E")
            body = ".+?".join(re.escape(part) for part in parts)
            body = (r"\b" if form[0].isalnum() else "") + body + (r"\b" if form[-1].isalnum() else "")
            pattern = re.compile(body)
            if not any(pattern.search(text) for text in pt_texts):  # "explore" is Portuguese too
                out.append((key, form, pattern))
    return out


def _forms(entry: object) -> set[str]:
    """A catalog entry's texts: the template, or each plural form."""
    if isinstance(entry, str):
        return {entry}
    forms = getattr(entry, "forms", None)
    return set(forms) if forms is not None else set(entry.values())  # type: ignore[attr-defined]


REBIRTH = english_templates(("rebirth.img.",))
REVIVE = english_templates(("revive.img.", "revive.effect."))


@dataclass
class Watch:
    """What the renderers did while watched: every text drawn, every image word looked up."""

    drawn: list[str] = field(default_factory=list)
    lookups: list[tuple[str, str | None]] = field(default_factory=list)

    def problems(
        self, english: list[tuple[str, str, re.Pattern[str]]], names: set[str] = frozenset()
    ) -> list[str]:
        """Every English word drawn, every text cut (but `names`: content names that may be cut
        to make room for marks, as in English), every character no font draws, every image word
        looked up in another language than pt-BR."""
        out = []
        for text in dict.fromkeys(self.drawn):
            out += [f"{text!r} is English {key} ({form!r})" for key, form, rx in english if rx.search(text)]
            if "…" in text and not any(name.startswith(text.rstrip("…")) for name in names):
                out.append(f"{text!r} was cut to fit")
            out += [
                f"{text!r}: no font draws {ch!r}" for ch in text if not ch.isspace() and font_for(ch) is None
            ]
        for key, locale in dict.fromkeys(self.lookups):
            if key.startswith(IMAGE_KEYS) and i18n.catalog_name(locale) != PT:
                out.append(f"{key} was looked up in {locale!r}")
        return out


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Empty every render cache (so every sprite and layer is drawn now), then record what
    ImageDraw draws and every lookup the renderers and Revive's effect words make."""
    seen = Watch()
    for name, module in list(sys.modules.items()):
        if name.startswith("render."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    # Revive's palettes are sampled from English sprites, cached apart from any other language's:
    # drawn before the watch, they are not words of a pt-BR image
    board_palette(REF)
    player_palette(REF)
    real_text, real_t = ImageDraw.ImageDraw.text, i18n.t

    def text(self: ImageDraw.ImageDraw, xy: object, words: object, *args: object, **kwargs: object) -> None:
        seen.drawn.append(str(words))
        real_text(self, xy, words, *args, **kwargs)  # type: ignore[arg-type]

    def t(key: str, locale: str | None = None, /, **params: object) -> str:
        seen.lookups.append((key, locale))
        return real_t(key, locale, **params)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    for name, module in list(sys.modules.items()):
        if (name.startswith("render.") or name == "i18n.revive_words") and getattr(
            module, "t", None
        ) is real_t:
            monkeypatch.setattr(module, "t", t)
    yield seen
    for name, module in list(sys.modules.items()):
        if name.startswith("render."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()  # nothing drawn under the spy stays cached for other tests


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def changed_box(a: bytes, b: bytes) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(rgb(a), rgb(b)).getbbox()


# --- Rebirth --------------------------------------------------------------------------------


def rebirth_game(map_id: str, players: int, moves: int, resign: int | None = None, seed: int = 7):
    """A game after `moves` random moves (to the end if there are fewer), `resign` resigning
    first when given."""
    engine = load_engine("rebirth")
    state = engine.new_game(players, {"map": map_id}, seed=seed)
    rng = random.Random(seed)
    if resign is not None:
        state = engine.apply(state, resign, RESIGN).state
    for _ in range(moves):
        seat = engine.to_move(state)
        if seat is None:
            break
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat))).state
    return engine, state


@pytest.mark.parametrize(
    ("map_id", "players", "moves", "resign", "seed"),
    [("scotland", 4, 30, None, 7), ("ireland", 3, 2000, 1, 7), ("ireland", 3, 23, None, 1)],
)  # the last: a seat places an extra tile (a Round Tower's bonus)
def test_rebirth_draws_every_word_in_portuguese(
    watch: Watch, map_id: str, players: int, moves: int, resign: int | None, seed: int
) -> None:
    """The channel image, the whole board (panel, legend, the final places of a game with a
    resignation) and the options image in pt-BR: no English word, nothing cut, every accent
    drawn; the panel says what the pt-BR catalog says; and each differs from the English image
    only where its words are (the strip, the panel)."""
    engine, state = rebirth_game(map_id, players, moves, resign, seed)
    view, m = engine.view(state, None), load_map(map_id)
    focus = draw_focus(view, m, NAMES[:players], locale=PT)
    board = draw_board(view, m, NAMES[:players], locale=PT)
    drawn = [focus, board]
    seat = engine.to_move(state)
    if seat is not None:
        from presenters.rebirth import RebirthPresenter

        words = RebirthPresenter(engine)
        choices = words.moves.with_previews(state, seat, words.moves.move_choices(state, seat, PT), PT)
        options = draw_options(engine.view(state, seat), m, NAMES[:players], choices, locale=PT)
        assert options is not None
        drawn.append(options)
    assert watch.lookups and watch.drawn
    # The public row's names as drawn: in the image's language (the view holds the English).
    missions = {mission_name(card, PT) for card in view.get("public_missions") or []}
    assert watch.problems(REBIRTH, missions) == []
    assert any(ch in "".join(watch.drawn) for ch in "çãíú"), "accented words are drawn"

    texts = [label.text for label in board.labels if label.kind == "panel"]
    covered = any(t["tile"] == "N" and t["seat"] is None for t in view["board"].values())
    legend = [text for _, text in legend_rows(parse_map(m), covered, PT)]
    assert texts[2 : 2 + len(legend)] == legend, "the legend reads as the pt-BR catalog"
    for summary in view["seats"]:
        castles = sum(1 for holder in view["castles"].values() if holder == summary["seat"])
        counts = {"supply": summary["supply"], "missions": summary["missions"], "castles": castles}
        assert i18n.t("rebirth.img.stats", PT, **counts) in texts
    status = (
        i18n.t("rebirth.img.final", PT)
        if view["finished"]
        else i18n.t("rebirth.img.turn", PT, turn=view["turn"] + 1)
    )
    assert status in texts
    if view.get("pending") and not view["finished"]:
        assert i18n.t("rebirth.img.tag.extra", PT) in texts, "the extra placement's tag is whole"
    if resign is not None:
        assert i18n.t("rebirth.img.tag.resigned", PT) in texts or any(
            text.endswith(i18n.t("rebirth.img.tag.also_resigned", PT, tag="")) for text in texts
        )
        assert i18n.t("rebirth.img.tag.winner", PT, place=i18n.t("rebirth.img.place.1", PT)) in texts

    english_focus = draw_focus(view, m, NAMES[:players])
    box = changed_box(english_focus.png, focus.png)
    assert box is not None and box[3] <= STRIP_H, f"only the strip's words change: {box}"
    english_board = draw_board(view, m, NAMES[:players])
    box = changed_box(english_board.png, board.png)
    panel_x = min(label.box[0] for label in board.labels if label.kind == "panel")
    assert box is not None and box[0] >= panel_x - 20, f"only the panel's words change: {box}"


# --- Revive ---------------------------------------------------------------------------------


def revive_game(players: int, seed: int, moves: int):
    """A game after `moves` random moves (or at its end), and what its last whole turn changed."""
    latest = deque(itertools.islice(random_play(GAME, players, seed), moves), maxlen=1)
    return latest[0] if latest else (GAME.new_game(players, {}, seed), ())


@pytest.mark.parametrize(("players", "seed", "moves"), [(3, 7, 150), (4, 3, 100_000)])
def test_revive_draws_every_word_in_portuguese(watch: Watch, players: int, seed: int, moves: int) -> None:
    """The channel image, the options image, the whole board and every seat's player board in
    pt-BR (in play, and a finished game's final scoring): no English word, nothing cut, every
    accent drawn; the channel image's legend says what the pt-BR catalog says, and only the
    legend differs from the English image."""
    state, changed = revive_game(players, seed, moves)
    view = GAME.view(state, None)
    focus = focus_image(view, REF, NAMES[:players], changed, locale=PT)
    board = render_board(view, CONTENT, NAMES[:players], changed, locale=PT)
    seats = [render_player(view, CONTENT, seat, NAMES[:players], locale=PT) for seat in range(players)]
    phones = [summary_image(view, REF, seat, NAMES[:players], locale=PT) for seat in range(players)]
    focus_image(view, REF, NAMES[:players], changed, locale=PT, own=[(0, every_change(view))])
    if not state.finished:
        seat = GAME.to_move(state)
        places = option_places(MoveWords(GAME, labels.label).move_choices(state, seat, PT))
        if places:
            focus_image(GAME.view(state, seat), REF, NAMES[:players], (), places, locale=PT)
    assert watch.problems(REVIVE) == []
    assert any(ch in "".join(watch.drawn) for ch in "çãáé"), "accented words are drawn"

    geo = board_geometry(REF)
    names = dict(LEGEND_ITEMS)
    wanted = {i18n.t(names[kind], PT) for kind in board_symbols(REF, geo, view, changed, window=focus.window)}
    assert wanted and wanted <= {label.text for label in focus.labels}, (
        "the legend reads as the pt-BR catalog"
    )

    english = focus_image(view, REF, NAMES[:players], changed)
    legend_top = round(focus.board_top + (focus.window[3] - focus.window[1]) * focus.scale)
    above = (0, 0, focus.image.width, legend_top)  # the legend may take another row in Portuguese
    assert ImageChops.difference(english.image.crop(above), focus.image.crop(above)).getbbox() is None
    assert (
        english.image.size != focus.image.size or ImageChops.difference(english.image, focus.image).getbbox()
    )
    assert changed_box(render_board(view, CONTENT, NAMES[:players], changed), board) is not None
    for seat, png in enumerate(seats):
        assert changed_box(render_player(view, CONTENT, seat, NAMES[:players]), png) is not None
    for seat, phone in enumerate(phones):  # the phone summary's words are Portuguese too
        english_phone = summary_image(view, REF, seat, NAMES[:players])
        assert {label.text for label in phone.labels} != {label.text for label in english_phone.labels}


def every_change(view: Any) -> Any:
    """A turn that changed every part of seat 0's board the channel image's strip shows."""
    tech = REF.sun(view["seats"][0]["tribe"])["technologies"][0]["id"]
    return {
        "cards": [["top_left", next(iter(REF.cards))]],
        "modules": [["bottom_left", next(iter(REF.modules))]],
        "machines": list(REF.machines)[:2],
        "powered": list(REF.machines)[:1],
        "unlocked": [tech],
        "tracks": {"grey": 1},
        "resources": {"food": 2, "gear": -1},
    }


@pytest.mark.parametrize("locale", ["en", PT])
def test_every_revive_component_fits_its_words_whole(
    watch: Watch, monkeypatch: pytest.MonkeyPatch, locale: str
) -> None:
    """Every citizen card, module, machine, technology and area tile drawn at every size the
    images draw it: its words fit whole, in English and in Portuguese (whose words are longer:
    "+1 engrenagem" for "+1 gear")."""
    import render.revive.chips as chips
    from render.revive import sprites

    sizes: dict[str, set[tuple[object, ...]]] = {"card": set(), "token": set()}
    real_card, real_token = chips.card_row_sprite, chips.token_sprite

    def card(ref: object, card_id: str, *args: object, **kwargs: object) -> object:
        sizes["card"].add(args)
        return real_card(ref, card_id, *args, **kwargs)  # type: ignore[arg-type]

    def token(ref: object, kind: str, token_id: str, *args: object, **kwargs: object) -> object:
        sizes["token"].add((kind, *args))
        return real_token(ref, kind, token_id, *args, **kwargs)  # type: ignore[arg-type]

    for module in ("render.revive.panel", "render.revive.player"):
        monkeypatch.setattr(f"{module}.card_row_sprite", card)
        monkeypatch.setattr(f"{module}.token_sprite", token)
    state, _ = revive_game(4, 3, 400)
    view = GAME.view(state, None)
    render_board(view, CONTENT, NAMES, locale=locale)
    for seat in range(4):
        render_player(view, CONTENT, seat, NAMES, locale=locale)
    assert len(sizes["card"]) >= 3 and {size[0] for size in sizes["token"]} == {"machine", "module"}
    watch.drawn.clear()
    for args in sizes["card"]:
        for card_id in REF.cards:
            real_card(REF, card_id, *args, locale=locale)  # type: ignore[arg-type]
    for kind, *args in sizes["token"]:
        for token_id in REF.modules if kind == "module" else REF.machines:
            real_token(REF, str(kind), token_id, *args, locale=locale)  # type: ignore[arg-type]
    for tribe in REF.tribes:
        for tech in REF.sun(tribe)["technologies"]:
            for style in (None, 0):
                chips.tech_sprite(REF, tribe, tech["id"], style, locale=locale)
    geo = board_geometry(REF)
    for tile in REF.tiles:
        sprites.tile_sprite(REF, "S1", tile, 0, geo.size, locale=locale)
    cut = sorted({text for text in watch.drawn if "…" in text})
    assert watch.drawn and cut == []


def test_the_presenters_draw_in_the_language_they_are_given() -> None:
    """The service's one way to an image (the Presenter protocol) takes the image's language:
    every image method draws pt-BR when asked (a channel image in the game's language, a private
    one in the caller's) and English when not, as before."""
    from presenters.rebirth import RebirthPresenter
    from presenters.revive.presenter import RevivePresenter

    engine, state = rebirth_game("ireland", 3, 20)
    rebirth = RebirthPresenter(engine)
    view, m, names = engine.view(state, None), load_map("ireland"), NAMES[:3]
    assert rebirth.render(view, {}, names, locale=PT) == draw_focus(view, m, names, locale=PT).png
    assert rebirth.render(view, {}, names, whole=True, locale=PT) == draw_board(view, m, names, locale=PT).png
    assert (
        rebirth.render(view, {}, names)
        == draw_focus(view, m, names).png
        != draw_focus(view, m, names, locale=PT).png
    )
    seat = engine.to_move(state)
    choices = rebirth.moves.with_previews(state, seat, rebirth.moves.move_choices(state, seat, PT), PT)
    own = engine.view(state, seat)
    drawn = draw_options(own, m, names, choices, locale=PT)
    assert drawn is not None and rebirth.render_options(own, {}, names, seat, choices, locale=PT) == drawn.png

    revive = RevivePresenter(load_engine("revive"))
    played, changed = revive_game(3, 7, 150)
    view = GAME.view(played, None)
    assert revive.render_player(view, 1, names, whole=True, locale=PT) == render_player(
        view, CONTENT, 1, names, locale=PT
    )
    assert revive.render_player(view, 1, names, whole=True) == render_player(view, CONTENT, 1, names)
    assert revive.render_player(view, 1, names, locale=PT) == render_summary(
        view, CONTENT, 1, names, locale=PT
    )
    assert revive.render_player(view, 1, names) != revive.render_player(view, 1, names, locale=PT)
    assert render_player(view, CONTENT, 1, names) != render_player(view, CONTENT, 1, names, locale=PT)
    assert revive.render(view, {}, names, changed, whole=True, locale=PT) == render_board(
        view, CONTENT, names, changed, locale=PT
    )
    channel = revive.render(view, {}, names, changed, locale=PT)
    assert channel != revive.render(view, {}, names, changed)
