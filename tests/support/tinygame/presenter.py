"""How Hexlink reads in a channel: its views, events and moves in words, and its board as an image.

It decides no rule and reads no state: channel texts and the image come from the public view, a
player's own texts (hand, drawn tile, prompt) from that seat's view. Its words are the game's own
catalog (`texts.py`), read through `i18n.t` like every other game's.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

from db import GameRecord
from engine.base import RESIGN, SEAT_COLOURS, MoveFacts
from i18n import t
from presenters.moves import MoveWords
from presenters.protocol import (
    Event,
    MoveChoice,
    ReplayFrame,
    SeatTags,
    board_caption_for_seat,
    by_rank,
    in_turn_order,
    line_per_move,
    no_player_board,
    seen_view,
)
from render.animation import Animation, animate
from tests.support.tinygame import render
from tests.support.tinygame.engine import Hexlink
from tests.support.tinygame.views import HexlinkView


class HexlinkPresenter(SeatTags):
    batches_turns = False  # one channel message per move
    has_player_board = False  # everything is on the one board
    partial_image = False  # the board is small enough to show whole

    def __init__(self, engine: Hexlink) -> None:
        self.engine = engine
        self.colours = SEAT_COLOURS[:2]
        self.moves = MoveWords(engine, self.label)

    def title(self, options: dict[str, Any], locale: str | None) -> str:
        return t("hexlink.title", locale)

    def board_name(self, board: str, locale: str | None) -> str:
        return board  # one board

    def faction_name(self, faction: str, locale: str | None) -> str:
        return faction  # seats alike

    # ------------------------------------------------------------------ moves

    def label(self, move: MoveFacts, locale: str | None) -> str:
        """A move as `/move` lists it: the hexes it claims and what it scores. The one piece of
        wording `MoveWords` needs; the lists, previews and buttons are its."""
        hexes = " + ".join(move.places)
        return t(f"hexlink.label.{move.kind}", locale, hexes=hexes, points=move.points)

    seen_text = seen_view

    # ----------------------------------------------------------------- images (public view)

    def render(
        self,
        view: HexlinkView,
        options: dict[str, Any],
        names: list[str],
        changed: tuple[str, ...] = (),
        whole: bool = False,
        *,
        locale: str | None = None,
        turn: Sequence[Event] = (),
    ) -> bytes:
        return render.board(view, changed)

    render_player = no_player_board

    def render_options(
        self,
        view: HexlinkView,
        options: dict[str, Any],
        names: list[str],
        seat: int,
        choices: Sequence[MoveChoice],
        *,
        locale: str | None = None,
    ) -> bytes | None:
        return None  # the board is small: `/move`'s list says it all

    def render_replay(
        self, frames: Sequence[ReplayFrame], names: list[str], *, locale: str | None = None, limit: int
    ) -> Animation | None:
        """Its board after each move, as `render` draws it, animated."""

        def frame(index: int) -> Image.Image:
            return Image.open(io.BytesIO(self.render(frames[index].view, {}, names))).convert("RGB")

        return animate(len(frames), frame, (), 700, limit)

    def warm_up(self) -> None:
        """Nothing to draw ahead: the board has no static layer worth caching."""

    # ----------------------------------------------------------- channel texts (public view)

    def start_text(self, view: HexlinkView, game: GameRecord, locale: str | None) -> str:
        lines = [t("hexlink.start", locale)]
        for seat in in_turn_order(view["seats"], view["current"]):
            goal = t(f"hexlink.goal.{seat['goal']}", locale)
            lines.append(t("hexlink.start_seat", locale, tag=self.tag(game, seat["seat"]), goal=goal))
        assert view["current"] is not None, "a game that just started has a seat to move"
        lines.append(t("hexlink.first", locale, user=self.mention(game, view["current"])))
        return "\n".join(lines)

    def event_text(self, event: Event, game: GameRecord, locale: str | None) -> str:
        who = self.tag(game, event["seat"])
        if event["kind"] in (RESIGN, "discard"):
            return t(f"hexlink.event.{event['kind']}", locale, who=who)
        text = t(f"hexlink.event.{event['tile']}", locale, who=who, hexes=" + ".join(event["hexes"]))
        return f"{text} {t('hexlink.event.linked', locale, who=who)}" if event["linked"] else text

    turn_text = line_per_move

    def final_text(self, view: HexlinkView, game: GameRecord, locale: str | None) -> str:
        final = view["final"]
        assert final is not None, "a finished game has its result"
        lines = [t("hexlink.final.title", locale)]
        for seat in by_rank(view["seats"], final["winners"]):
            hexes = t("hexlink.count.hexes", locale, count=seat["hexes"])
            line = t(
                "hexlink.final.line",
                locale,
                tag=self.tag(game, seat["seat"]),
                score=seat["score"],
                hexes=hexes,
            )
            lines.append(f"{line} {t('hexlink.final.resigned', locale)}" if seat["resigned"] else line)
        winners = " ".join(self.mention(game, seat) for seat in final["winners"])
        if final["decided_by"] == "link":
            lines.append(t("hexlink.final.link", locale, winners=winners))
        else:
            lines.append(
                t("status.winner" if len(final["winners"]) == 1 else "status.shared", locale, winners=winners)
            )
        return "\n".join(lines)

    def status_text(self, view: HexlinkView, game: GameRecord, locale: str | None) -> str:
        title, current = self.title(game.options, locale), view["current"]
        if current is None:
            lines = [t("hexlink.status.finished", locale, title=title)]
        else:
            since = f"<t:{int(game.turn_started_at or game.updated_at)}:R>"
            user = self.tag(game, current)
            lines = [
                t("hexlink.status.turn", locale, title=title, turn=view["turn"] + 1, user=user, since=since)
            ]
        final = view["final"]
        for seat in by_rank(view["seats"], final["winners"] if final else None):
            line = t(
                "hexlink.status.seat",
                locale,
                tag=self.tag(game, seat["seat"]),
                score=t("count.points", locale, count=seat["score"]),
                hexes=t("hexlink.count.hexes", locale, count=seat["hexes"]),
                hand=t("hexlink.count.hand", locale, count=seat["hand"]),
            )
            lines.append(line)
        lines.append(t("hexlink.count.bag", locale, count=view["bag"]))
        return "\n".join(lines)

    def board_caption(self, view: HexlinkView, game: GameRecord, locale: str | None) -> str:
        title, current = self.title(game.options, locale), view["current"]
        if current is None:
            return t("hexlink.status.finished", locale, title=title)
        return t("hexlink.caption", locale, title=title, turn=view["turn"] + 1, user=self.tag(game, current))

    player_caption = board_caption_for_seat

    # --------------------------------------------------------- one player's texts (seat view)

    def private_text(self, private: dict[str, Any], view: HexlinkView, seat: int, locale: str | None) -> str:
        return t("hexlink.private.drew", locale, tile=t(f"hexlink.tile.{private['drew']}", locale))

    def hand_text(self, view: HexlinkView, locale: str | None) -> str:
        seat, hand = view["seat"], view["hand"]
        assert seat is not None and hand is not None, "a hand is read from the seat's own view"
        goal = t(f"hexlink.goal.{view['seats'][seat]['goal']}", locale)
        tiles = ", ".join(t(f"hexlink.tile.{tile}", locale) for tile in hand)
        lines = [t("hexlink.hand.title", locale, goal=goal)]
        lines.append(
            t("hexlink.hand.tiles", locale, tiles=tiles) if hand else t("hexlink.hand.empty", locale)
        )
        if not view["finished"]:
            lines.append(self.prompt_text(view, seat, locale))
        return "\n".join(lines)

    def prompt_text(self, view: HexlinkView, seat: int, locale: str | None) -> str:
        if view["current"] != seat or view["moves"] is None:
            return t("hexlink.rules.waiting", locale)
        return t("hexlink.rules.now", locale, count=view["moves"])

    def options_text(self, view: HexlinkView, seat: int, locale: str | None) -> str:
        return ""  # `/hand` says whose turn it is

    def rules_text(self, view: HexlinkView | None, seat: int | None, locale: str | None) -> str:
        lines = [t("hexlink.rules.summary", locale)]
        if view is not None and seat is not None and not view["finished"]:
            lines.append(self.prompt_text(view, seat, locale))
        return "\n".join(lines)
