"""Revive's phone-sized images: a player's board summary (`/board player:`) and the strip of what
a turn changed on the mover's own board, under the channel image.

Held to the channel image's rule (test_revive_legibility.py): at the inline width of 550 px every
label is at least 9 px tall (cap height, from the font's metrics) and overlaps no other label, in
both languages. The strip is drawn from the public view and the events' public facts only.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Sequence

import pytest
from PIL import ImageChops

from content.revive import load_revive
from engine.revive.game import Revive
from engine.revive.state import ReviveState
from engine.revive.views import ReviveEvent
from presenters.revive.own_boards import own_boards
from render.revive.focus import OUT_W, focus_image
from render.revive.ref import content_ref
from render.revive.summary import summary_image
from render.revive.text import INLINE_W, MIN_CAP, Label, cap_height
from tests.support.revive_play import random_play

CONTENT = load_revive()
REF = content_ref(CONTENT)
GAME = Revive(CONTENT)
NAMES = ["Alexandrina Q.", "Bob", "Carolina Mendes", "Dave"]
LOCALES = ["en", "pt-BR"]


def unreadable(labels: Sequence[Label], width: int, height: int) -> list[str]:
    """Every way the labels break the rule: under 9 px cap height at 550 px, cut by the image's
    edge, overlapping another label."""
    out = []
    for label in labels:
        cap = cap_height(label.size) * INLINE_W / width
        if cap < MIN_CAP:
            out.append(f"{label.text!r} is {cap:.1f} px at {INLINE_W}")
        x0, y0, x1, y1 = label.box
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
            out.append(f"{label.text!r} is cut by the image's edge")
    for a, b in itertools.combinations(labels, 2):
        if a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3]:
            out.append(f"{a.text!r} overlaps {b.text!r}")
    return out


def played(players: int, seed: int, moves: int) -> ReviveState:
    """A game after `moves` random moves (or at its end)."""
    latest = deque(itertools.islice(random_play(GAME, players, seed), moves), maxlen=1)
    return latest[0][0] if latest else GAME.new_game(players, {}, seed)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 1, 0), (3, 7, 300), (4, 3, 100_000)])
def test_the_phone_summary_reads_at_550_px(players: int, seed: int, moves: int, locale: str) -> None:
    """Every seat's summary is 640 px wide and every word on it is legible at 550 px; it holds the
    seat's points and every resource amount (a fresh game, one in play, a finished one)."""
    state = played(players, seed, moves)
    view = GAME.view(state, None)
    for seat in range(players):
        drawn = summary_image(view, REF, seat, NAMES[:players], locale=locale)
        assert drawn.image.width == OUT_W and drawn.image.height < 1300
        assert unreadable(drawn.labels, drawn.image.width, drawn.image.height) == []
        texts = [label.text for label in drawn.labels]
        me = view["seats"][seat]
        assert any(text.startswith(f"{me['score']} pt") for text in texts)
        for name, amount in me["resources"].items():
            assert str(amount) in texts, name
        assert str(me["energy"]) in texts
        for slot, cards in me["slots"].items():
            if cards:
                assert cards[-1] in texts, slot  # the card on top of each slot
        for machine in me["machines"]:
            assert machine in texts


def card_only_turn(seed: int) -> tuple[ReviveState, ReviveState, list[ReviveEvent]]:
    """A 3-player game played at random to a turn that played a card and changed no place on the
    map: the state before the turn, after it, and the turn's events."""
    rng = random.Random(seed)
    state = GAME.new_game(3, {}, seed)
    start, events = state, []
    while not state.finished:
        seat = GAME.to_move(state)
        legal = GAME.legal_moves(state, seat)
        applied = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
        state = applied.state
        events.append(applied.event)
        if applied.event.get("turn_over"):
            plays = [e for e in events if e.get("verb") == "play"]
            if plays and not any(e["changed"] for e in events) and state.turn > 6:
                return start, state, events
            start, events = state, []
    raise AssertionError("no card-only turn")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_turn_of_card_plays_changes_the_channel_image_in_its_strip(locale: str) -> None:
    """After a turn that only played cards, the map window is the same as before it, and the strip
    under it shows the cards played (ids the public view shows in the mover's slots), legible at
    550 px; without the turn's events there is no strip."""
    before, after, events = card_only_turn(11)
    view = GAME.view(after, None)
    own = own_boards(events)
    mover = events[0]["seat"]
    assert [seat for seat, _ in own] == [mover]
    drawn = focus_image(view, REF, NAMES[:3], (), locale=locale, own=own)
    bare = focus_image(view, REF, NAMES[:3], (), locale=locale)
    assert bare.strip_top == bare.image.height, "no turn: no strip"
    assert drawn.image.height > bare.image.height
    top = (0, 0, OUT_W, drawn.strip_top)
    assert ImageChops.difference(drawn.image.crop(top), bare.image).getbbox() is None, "the map is the same"
    previous = focus_image(GAME.view(before, None), REF, NAMES[:3], (), locale=locale)
    assert (
        drawn.image.size != previous.image.size
        or ImageChops.difference(drawn.image, previous.image).getbbox()
    )
    strip = [label.text for label in drawn.labels if label.box[1] >= drawn.strip_top]
    cards = [e["card"] for e in events if e.get("verb") == "play"]
    assert cards and set(cards) <= set(strip)
    slots = view["seats"][mover]["slots"]
    assert all(e["card"] in slots[e["slot"]] for e in events if e.get("verb") == "play"), "public facts"
    assert unreadable(drawn.labels[len(bare.labels) :], OUT_W, drawn.image.height) == []


def test_the_strip_shows_nothing_hidden() -> None:
    """The strip is drawn from public facts: a seat's resting cards, closed crates and artifact
    card never appear in it, even when the events name more than the view shows."""
    _, after, events = card_only_turn(11)
    view = GAME.view(after, None)
    drawn = focus_image(view, REF, NAMES[:3], (), own=own_boards(events))
    strip = {label.text for label in drawn.labels if label.box[1] >= drawn.strip_top}
    for seat in after.seats:
        hidden = {*seat["resting"], *seat["crates"], seat["artifact_card"]}
        assert not hidden & strip


def test_a_busy_turn_strip_is_legible_in_both_languages() -> None:
    """A seat whose board changed everywhere at once (cards, modules, machines taken and used, a
    technology, three tracks, resources both ways) and a second seat: every word legible, the
    chips past six counted."""
    view = GAME.view(played(2, 1, 0), None)
    cards, modules = list(REF.cards)[:4], list(REF.modules)[:2]
    machines = list(REF.machines)[:2]
    tech = view["seats"][0]["tribe"]
    techs = [x["id"] for x in REF.sun(tech)["technologies"]][:1]
    own = {
        "cards": [["top_left", cards[0]], ["bottom_right", cards[1]], ["top_right", cards[2]]],
        "modules": [["top_left", modules[0]], ["bottom_left", modules[1]]],
        "machines": machines,
        "powered": machines[:1],
        "unlocked": techs,
        "tracks": {"grey": 2, "green": 1, "yellow": 3},
        "resources": {"food": 2, "gear": -1, "book": -2, "energy": 1},
    }
    other = {"cards": [["top_left", cards[3]]]}
    for locale in LOCALES:
        drawn = focus_image(view, REF, NAMES[:2], (), locale=locale, own=[(0, own), (1, other)])  # type: ignore[list-item]
        labels = [label for label in drawn.labels if label.box[1] >= drawn.strip_top]
        assert unreadable(labels, OUT_W, drawn.image.height) == []
        texts = {label.text for label in labels}
        assert cards[3] in texts and {"+2", "+1", "+3"} <= texts
        assert any(text.startswith("+2 ") and ("more" in text or "mais" in text) for text in texts), texts
