"""How Rebirth reads in a channel: the words of its views and events, and its board image.

It only formats: every fact it prints comes from the engine's views and events (typed in
`engine.rebirth.views`), so no rule is decided here and no raw state is read. Channel texts and
the image come from the public view; a player's own texts (hand, prompt, rules, private notes)
from that seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from content.rebirth.loader import ADVANCED_MAPS, MAP_IDS, load_map
from db import GameRecord
from engine.base import RESIGN, Game
from engine.rebirth import COLOURS
from engine.rebirth.setup import DENSE, STANDARD, VARIANT_OPTION
from engine.rebirth.state import RebirthState
from engine.rebirth.views import (
    MissionCard,
    PlaceEvent,
    PublicMissionMet,
    RebirthEvent,
    RebirthView,
    TowerActivation,
)
from i18n import content, t
from presenters.moves import MoveWords
from presenters.protocol import (
    COLOUR_EMOJI,
    COLOUR_LETTER,
    Event,
    MoveChoice,
    ReplayFrame,
    SeatTags,
    board_caption_for_seat,
    by_rank,
    in_turn_order,
    line_per_move,
    no_player_board,
    seen_json,
    translated_locales,
)
from presenters.rebirth.missions import condition_text, mission_name, worded_cards
from presenters.rebirth.moves import move_label, move_names

if TYPE_CHECKING:  # Pillow is loaded only where boards are drawn
    from render.animation import Animation

DEFAULT_MAP = MAP_IDS[0]
CATEGORY_ORDER = (
    "settlement",
    "farm",
    "port",
    "offshore",
    "doubling",
    "tower",
    "public",
    "incomplete",
    "castles",
    "missions",
)


class RebirthPresenter(SeatTags):
    batches_turns = False  # one channel message per move
    has_player_board = False  # everything is on the one board
    partial_image = True  # the channel image is a window on the board, legible on a phone

    def __init__(self, engine: Game[RebirthState, RebirthView, RebirthEvent]) -> None:
        self.engine = engine
        self.colours = COLOURS
        self.moves = MoveWords(engine, move_label, move_names)

    def seen_text(self, state: RebirthState, seat: int) -> str:
        """`seat`'s view as the fallback player's tie-breaks read it: each mission card with its
        condition's text in English (the tie-break hashes this text, so it stays fixed)."""
        return seen_json(worded_cards(self.engine.view(state, seat)))

    # ------------------------------------------------------------------ setup

    def title(self, options: dict[str, Any], locale: str | None) -> str:
        key = "rebirth.title.dense" if options.get(VARIANT_OPTION) == DENSE else "rebirth.title"
        return t(key, locale, map=t(f"map.{options.get('map', DEFAULT_MAP)}", locale))

    def board_name(self, board: str, locale: str | None) -> str:
        return t(f"map.{board}", locale)

    def faction_name(self, faction: str, locale: str | None) -> str:
        return faction  # a Rebirth seat is a colour: the engine names no side

    # ----------------------------------------------------------------- images

    def render(
        self,
        view: RebirthView,
        options: dict[str, Any],
        names: list[str],
        changed: tuple[str, ...] = (),
        whole: bool = False,
        *,
        locale: str | None = None,
        turn: Sequence[Event] = (),
    ) -> bytes:
        """The channel image: a window on the board around the last tile and the spaces in
        `changed` (ringed), under a score strip, legible at 550 px.
        `whole`: the whole board with the score panel and the legend, for `/board`. Its words
        are in `locale` (None: English)."""
        from render.rebirth import draw_focus, render_board  # Pillow is loaded only where boards are drawn

        if whole:
            return render_board(view, load_map(view["map"]), names, changed, locale=locale)
        return draw_focus(view, load_map(view["map"]), names, changed, locale=locale).png

    render_player = no_player_board  # everything is on the one board

    def render_replay(
        self, frames: Sequence[ReplayFrame], names: list[str], *, locale: str | None = None, limit: int
    ) -> Animation | None:
        """The whole board after each placement, the last one ringed, under the channel image's
        strip (`render/rebirth/replay.py`); the board marks its own last placement, so the
        frames' `changed` is not needed."""
        from render.rebirth.replay import animate_replay  # Pillow is loaded only where boards are drawn

        views = [cast(RebirthView, frame.view) for frame in frames]
        return animate_replay(views, load_map(views[0]["map"]), names, locale, limit)

    def warm_up(self) -> None:
        """Draw an empty board of every map, player count and variant once, so the static layers
        (one per covered set) are cached before the first real game needs them (building one
        takes about half a second); and the whole board once per map and covered set in each
        translated language, whose panel words are drawn once per language (a few dozen ms)."""
        for map_id in MAP_IDS:
            for players in range(self.engine.min_players, self.engine.max_players + 1):
                for variant in (STANDARD, DENSE):
                    options = {"map": map_id, VARIANT_OPTION: variant}
                    state = self.engine.new_game(players, options, seed=0)
                    view = self.engine.view(state, None)
                    self.render(view, options, [""] * players)
                    if variant == STANDARD and players in (self.engine.min_players, self.engine.max_players):
                        for locale in translated_locales():
                            self.render(view, options, [""] * players, whole=True, locale=locale)

    # ----------------------------------------------------- channel texts (public view)

    def start_text(self, view: RebirthView, game: GameRecord, locale: str | None) -> str:
        lines = [t("rebirth.start", locale, title=self.title(game.options, locale))]
        for seat in in_turn_order(range(len(game.players)), view["current"]):
            colour = COLOURS[seat]
            lines.append(
                t(
                    "rebirth.start_seat",
                    locale,
                    tag=self.tag(game, seat),
                    colour=t(f"colour.{colour}", locale),
                    shape=t(f"shape.{colour}", locale),
                )
            )
        current = view["current"]
        assert current is not None, "a game that just started has a seat to move"
        first = "rebirth.first" if game.players[current] > 0 else "rebirth.first_bot"  # a bot needs no how-to
        lines.append(t(first, locale, user=self.mention(game, current)))
        return "\n".join(lines)

    def render_options(
        self,
        view: RebirthView,
        options: dict[str, Any],
        names: list[str],
        seat: int,
        choices: Sequence[MoveChoice],
        *,
        locale: str | None = None,
    ) -> bytes | None:
        """The seat's legal spaces numbered by what they would score, as their autocomplete
        labels read ("+3"), on the window that holds the best of them; None
        when no choice places a tile (a discard, or not their turn). Its words in `locale`."""
        from render.rebirth import draw_options

        drawn = draw_options(view, load_map(view["map"]), names, choices, locale=locale)
        return None if drawn is None else drawn.png

    def event_text(self, event: Event, game: GameRecord, locale: str | None) -> str:
        who = self.tag(game, event["seat"])
        kind = event["kind"]
        if kind == RESIGN:
            return t("rebirth.event.resign", locale, who=who)
        if kind == "discard":
            text = t("rebirth.event.discard", locale, who=who, tile=t(f"tile.a.{event['tile']}", locale))
            return f"{text} {t('rebirth.event.extra', locale, who=who)}" if event.get("pending") else text
        return self._place_text(cast(PlaceEvent, event), game, locale)

    turn_text = line_per_move  # Rebirth does not batch a turn's moves

    def final_text(self, view: RebirthView, game: GameRecord, locale: str | None) -> str:
        final = view["final"]
        lines = [t("rebirth.final.title", locale)]
        ranked = sorted(view["seats"], key=lambda seat: (seat["resigned"], -seat["score"]))
        for seat in ranked:
            s = seat["seat"]
            met = sum(card["met"] for card in final["missions"][s])
            held = len(final["missions"][s])
            line = t(
                "rebirth.final.line",
                locale,
                tag=self.tag(game, s),
                total=seat["score"],
                detail=self._points(seat["breakdown"], locale) or "0",
                met=met,
                held=held,
            )
            if seat["resigned"]:
                line += " " + t("rebirth.final.resigned", locale)
            lines.append(line)
            if final["missions"][s]:  # private until now: every card held, and whether it was met
                cards = ", ".join(
                    t(
                        "rebirth.final.card_met" if card["met"] else "rebirth.final.card_missed",
                        locale,
                        name=mission_name(card, locale),
                        points=card["points"],
                    )
                    for card in final["missions"][s]
                )
                lines.append(t("rebirth.final.cards", locale, cards=cards))
        winners = " ".join(self.mention(game, s) for s in final["winners"])
        decided = final["decided_by"]
        if decided == "score":
            lines.append(t("rebirth.final.winner", locale, winners=winners))
        elif decided == "shared":
            lines.append(t("rebirth.final.shared", locale, winners=winners))
        else:
            lines.append(t("rebirth.final.tiebreak", locale, winners=winners, castle=decided))
        return "\n".join(lines)

    def status_text(self, view: RebirthView, game: GameRecord, locale: str | None) -> str:
        head = self.title(game.options, locale)
        current = view["current"]
        if view["finished"] or current is None:
            lines = [t("rebirth.status.finished", locale, title=head)]
        else:
            since = int(game.turn_started_at or game.updated_at)
            lines = [
                t(
                    "rebirth.status.turn",
                    locale,
                    title=head,
                    turn=view["turn"] + 1,
                    user=self.tag(game, current),
                    since=f"<t:{since}:R>",
                )
            ]
        final = view.get("final")
        winners = final["winners"] if final else None
        for seat in by_rank(view["seats"], winners):
            line = t(
                "rebirth.status.seat",
                locale,
                tag=self.tag(game, seat["seat"]),
                score=t("count.points", locale, count=seat["score"]),
                tiles=t("rebirth.count.tiles_left", locale, count=seat["supply"] + seat["hand"]),
                missions=t("rebirth.count.missions", locale, count=seat["missions"]),
                castles=t("rebirth.count.castles", locale, count=seat["castles"]),
            )
            if seat["resigned"]:
                line += " " + t("rebirth.final.resigned", locale)
            lines.append(line)
        if winners is not None:
            who = ", ".join(self.tag(game, seat) for seat in winners)
            lines.append(t("status.winner" if len(winners) == 1 else "status.shared", locale, winners=who))
        lines.append(t("rebirth.status.deck", locale, count=view["mission_deck"]))
        lines += self._public_lines(view, game, locale)
        return "\n".join(lines)

    def board_caption(self, view: RebirthView, game: GameRecord, locale: str | None) -> str:
        head = self.title(game.options, locale)
        current = view["current"]
        if view["finished"] or current is None:
            return t("rebirth.status.finished", locale, title=head)
        user = self.tag(game, current)
        return t("rebirth.caption", locale, title=head, turn=view["turn"] + 1, user=user)

    player_caption = board_caption_for_seat  # Rebirth has no player board

    # ------------------------------------------------------ one player's texts (seat view)

    def private_text(self, private: dict[str, Any], view: RebirthView, seat: int, locale: str | None) -> str:
        """The mission cards the seat just drew (`private`), with their progress from its view."""
        mine = view["private"]
        held = {card["id"]: card for card in mine["missions"]} if mine else {}
        cards = [held[card] for card in private.get("missions_drawn", []) if card in held]
        lines = [t("rebirth.private.drawn", locale, count=len(cards))]
        lines += [self._mission_line(card, locale) for card in cards]
        return "\n".join(lines)

    def hand_text(self, view: RebirthView, locale: str | None) -> str:
        mine = view["private"]
        assert mine is not None, "a hand is read from the seat's own view"
        colour = view["seats"][mine["seat"]]["colour"]
        hand = t(f"tile.{mine['hand']}", locale) if mine["hand"] else t("rebirth.hand.none", locale)
        hand_line = (
            t("rebirth.hand.tile_placed", locale)
            if mine.get("extra") and not mine["hand"]
            else t("rebirth.hand.tile", locale, tile=hand)
        )
        lines = [
            t(
                "rebirth.hand.title",
                locale,
                emoji=COLOUR_EMOJI[colour],
                colour=t(f"colour.{colour}", locale),
                letter=COLOUR_LETTER[colour],
            ),
            hand_line,
        ]
        advanced = bool(view.get("towers"))
        if mine.get("extra"):
            lines.append(t("rebirth.hand.placing", locale, tile=t(f"tile.{mine['placing']}", locale)))
        aside = ", ".join(t(f"tile.{tile}", locale) for tile in mine["set_aside"]) or "-"
        lines.append(
            t(
                "rebirth.hand.set_aside_shuffled" if advanced else "rebirth.hand.set_aside",
                locale,
                tiles=aside,
            )
        )
        if advanced:
            lines.append(
                t("rebirth.hand.doubling_yes" if mine["doubling"] else "rebirth.hand.doubling_no", locale)
            )
        if mine["missions"]:
            lines.append(t("rebirth.hand.missions", locale, count=len(mine["missions"])))
            lines += [self._mission_line(card, locale) for card in mine["missions"]]
        else:
            lines.append(t("rebirth.hand.no_missions", locale))
        if view["current"] == mine["seat"]:
            lines.append(t("rebirth.hand.your_turn", locale))
        return "\n".join(lines)

    def prompt_text(self, view: RebirthView, seat: int, locale: str | None) -> str:
        """What `seat` may do now: place their tile (so many legal moves), or wait."""
        mine = view["private"]
        if view["current"] == seat and mine is not None:
            return t("rebirth.rules.now", locale, count=mine["legal_moves"])
        return t("rebirth.rules.waiting", locale)

    def options_text(self, view: RebirthView, seat: int, locale: str | None) -> str:
        return ""  # `/hand` already says whose turn it is

    def rules_text(self, view: RebirthView | None, seat: int | None, locale: str | None) -> str:
        """A short summary of a turn from the rules text, then what the caller can do now."""
        lines = [t("rebirth.rules.summary", locale)]
        if view is not None and view["map"] in ADVANCED_MAPS:
            lines.append(t("rebirth.rules.ireland", locale))
        if view is not None and seat is not None and not view["finished"]:
            lines.append(self.prompt_text(view, seat, locale))
        return "\n".join(lines)

    # ------------------------------------------------------------------ pieces

    def _points(self, categories: Mapping[str, int], locale: str | None) -> str:
        parts = [
            f"{t(f'category.{name}', locale)} {categories[name]}"
            for name in CATEGORY_ORDER
            if categories.get(name)
        ]
        return ", ".join(parts)

    def _place_text(self, event: PlaceEvent, game: GameRecord, locale: str | None) -> str:
        """A placement: what it scored, then everything it set off, in the order it happened."""
        who = self.tag(game, event["seat"])
        # Seat keys are strings once the event has been stored as JSON.
        points = {int(seat): cats for seat, cats in event.get("points", {}).items()}
        own = points.get(event["seat"], {})
        scored = (
            t("rebirth.event.scored", locale, total=sum(own.values()), detail=self._points(own, locale))
            if own
            else t("rebirth.event.no_points", locale)
        )
        tile = t(f"tile.a.{event['tile']}", locale)
        parts = [t("rebirth.event.place", locale, who=who, tile=tile, space=event["space"], scored=scored)]
        if "completed" in event:
            payouts = ", ".join(
                f"{self.tag(game, seat)} +{cats['settlement']}"
                for seat, cats in sorted(points.items())
                if cats.get("settlement")
            )
            parts.append(t("rebirth.event.completed", locale, settlement=event["completed"], payouts=payouts))
        for change in event.get("castles", []):
            loser = change["from"]
            if loser is None:
                parts.append(t("rebirth.event.castle_taken", locale, castle=change["castle"]))
            else:
                parts.append(
                    t(
                        "rebirth.event.castle_won",
                        locale,
                        castle=change["castle"],
                        loser=self.tag(game, loser),
                    )
                )
        for cathedral in event.get("cathedrals", []):
            parts.append(t("rebirth.event.cathedral", locale, cathedral=cathedral))
        if event.get("doubled"):
            parts.append(t("rebirth.event.doubled", locale))
        parts += [self._tower_text(tower, locale) for tower in event.get("towers", [])]
        for done in event.get("public_missions", []):
            key = "rebirth.event.public_first" if done["first"] else "rebirth.event.public_later"
            tag = self.tag(game, done["seat"])
            parts.append(t(key, locale, tag=tag, mission=_met_name(done, locale), points=done["points"]))
        if event.get("missions_drawn"):
            parts.append(t("rebirth.event.missions_drawn", locale, count=event["missions_drawn"]))
        if event.get("pending"):
            parts.append(t("rebirth.event.extra", locale, who=who))
        return " ".join(parts)

    @staticmethod
    def _tower_text(tower: TowerActivation, locale: str | None) -> str:
        """What the mover got from a round tower (`rebirth.got.*`), not the tower's menu: the
        Doubling Marker back, or 2 points when theirs was still unused (`outcome`)."""
        bonus, outcome = tower["bonus"], tower["outcome"]
        if outcome == "points":
            got = t("rebirth.got.doubling_points", locale)
        elif outcome == "empty":
            got = t(f"rebirth.got.{bonus}_empty", locale)
        else:
            value = tower.get("value")
            got = t(f"rebirth.got.{bonus}", locale, value=value, count=value or 0)
        return t("rebirth.event.tower", locale, tower=tower["tower"], bonus=got)

    def _mission_line(self, card: MissionCard, locale: str | None) -> str:
        state_key = "rebirth.mission.met" if card["met"] else "rebirth.mission.unmet"
        return t(
            "rebirth.mission.line",
            locale,
            name=mission_name(card, locale),
            points=card["points"],
            text=condition_text(card["condition"], locale),
            have=card["have"],
            need=card["need"],
            status=t(state_key, locale),
        )

    def _public_lines(self, view: RebirthView, game: GameRecord, locale: str | None) -> list[str]:
        """Ireland: the public mission row and the tower bonuses, which everyone may see."""
        if not view.get("public_missions"):
            return []
        lines = [t("rebirth.status.public_title", locale)]
        for card in view["public_missions"]:
            done = " ".join(self.tag(game, seat).split(" ")[0] for seat in card["completed_by"]) or "-"
            lines.append(
                t(
                    "rebirth.status.public_line",
                    locale,
                    name=mission_name(card, locale),
                    high=card["high"],
                    low=card["low"],
                    text=condition_text(card["condition"], locale),
                    done=done,
                )
            )
        towers = [
            t(
                "rebirth.status.tower_line",
                locale,
                tower=tower["name"],
                bonus=t(f"tower.bonus.{tower['bonus']}", locale, value=tower.get("value")),
            )
            for tower in view["towers"].values()
        ]
        lines.append(t("rebirth.status.towers_title", locale, towers="; ".join(towers)))
        return lines


def _met_name(done: PublicMissionMet, locale: str | None) -> str:
    """A public mission's name in an event, in `locale`. Events hold the card's English name
    only (stored ones too), which is unique in its map (`content.rebirth.validate`), so the
    name finds its translation."""
    return content.named("rebirth", "mission", "name", done["mission"], locale)
