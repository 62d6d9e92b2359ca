"""How each game's states and events read in a channel: the words and the image.

One presenter per game. They only format: every fact they print comes from the engine's views
and events, so no rule is decided here.
"""

from __future__ import annotations

from typing import Any, Protocol

from content.games import ADVANCED_MAPS, REBIRTH_MAPS, map_data
from db import GameRecord
from engine.base import Game
from i18n import t
from service.messages import ServiceError

COLOUR_EMOJI = {"orange": "🟠", "blue": "🔵", "green": "🟢", "purple": "🟣"}
COLOUR_LETTER = {"orange": "O", "blue": "B", "green": "G", "purple": "P"}
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


class Presenter(Protocol):
    engine: Game
    batches_turns: bool  # one channel message per turn (Revive) rather than per move (Rebirth)

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]: ...
    def tag(self, game: GameRecord, seat: int) -> str: ...
    def mention(self, game: GameRecord, seat: int) -> str: ...
    def title(self, options: dict[str, Any], locale: str | None) -> str: ...
    def render(self, view: dict[str, Any], options: dict[str, Any], names: list[str]) -> bytes: ...
    def warm_up(self) -> None: ...
    def start_text(self, state: Any, game: GameRecord, locale: str | None) -> str: ...
    def event_text(self, event: dict[str, Any], game: GameRecord, locale: str | None) -> str: ...
    def final_text(self, state: Any, game: GameRecord, locale: str | None) -> str: ...
    def private_text(self, private: dict[str, Any], state: Any, seat: int, locale: str | None) -> str: ...
    def hand_text(self, view: dict[str, Any], locale: str | None) -> str: ...
    def status_text(self, state: Any, game: GameRecord, locale: str | None) -> str: ...
    def board_caption(self, state: Any, game: GameRecord, locale: str | None) -> str: ...
    def options_text(self, state: Any, seat: int, locale: str | None) -> str: ...
    def rules_text(self, state: Any | None, seat: int | None, locale: str | None) -> str: ...


def presenter_for(game_id: str, engine: Game) -> Presenter:
    if game_id == "rebirth":
        return RebirthPresenter(engine)
    if game_id == "revive":
        from service.presenters_revive import RevivePresenter

        return RevivePresenter(engine)
    raise KeyError(game_id)


def seat_tag(colour: str, user_id: int, bot: bool = False) -> str:
    """`🟠O <@123>`: colour and letter, so the seat reads without telling colours apart. A seat
    played by the fallback player says so: `🟠O 🤖 bot` (filled with /game add-bot) or
    `🟠O <@123> 🤖` (handed over)."""
    head = f"{COLOUR_EMOJI[colour]}{COLOUR_LETTER[colour]}"
    if user_id < 0:
        return f"{head} 🤖 bot {-user_id}"
    return f"{head} <@{user_id}> 🤖" if bot else f"{head} <@{user_id}>"


class SeatTags:
    """How a presenter names seats: `tag` (colour, letter, mention or bot) for lines about a
    seat, `mention` (a plain mention for a person) for pings. `colours` is the game's seat order."""

    colours: tuple[str, ...]

    def tag(self, game: GameRecord, seat: int) -> str:
        return seat_tag(self.colours[seat], game.players[seat], game.is_bot(seat))

    def mention(self, game: GameRecord, seat: int) -> str:
        user = game.players[seat]
        return self.tag(game, seat) if user < 0 or game.is_bot(seat) else f"<@{user}>"


class RebirthPresenter(SeatTags):
    batches_turns = False

    def __init__(self, engine: Any) -> None:
        from engine.rebirth import COLOURS

        self.engine = engine
        self.colours = COLOURS

    def options_text(self, state: Any, seat: int, locale: str | None) -> str:
        return ""  # `/hand` already says whose turn it is

    def rules_text(self, state: Any | None, seat: int | None, locale: str | None) -> str:
        """A short summary of a turn from the rules text, then what the caller can do now."""
        advanced = state is not None and state.map_id in ADVANCED_MAPS
        lines = [t("rebirth.rules.summary", locale)]
        if advanced:
            lines.append(t("rebirth.rules.ireland", locale))
        if state is not None and seat is not None and not state.finished:
            if state.current == seat:
                lines.append(t("rebirth.rules.now", locale, count=len(self.engine.legal_moves(state, seat))))
            else:
                lines.append(t("revive.hand.not_your_turn", locale))
        return "\n".join(lines)

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        map_id = options.get("map") or "scotland"
        if map_id not in REBIRTH_MAPS:
            raise ServiceError("error.rebirth.unknown_map", map=map_id)
        return {"map": map_id}

    def title(self, options: dict[str, Any], locale: str | None) -> str:
        return t("rebirth.title", locale, map=t(f"map.{options.get('map', 'scotland')}", locale))

    def render(self, view: dict[str, Any], options: dict[str, Any], names: list[str]) -> bytes:
        from render.rebirth import render_board  # Pillow is loaded only where boards are drawn

        return render_board(view, map_data("rebirth", view["map"]), names)

    def warm_up(self) -> None:
        """Draw an empty board of every map and player count once, so the static layers are
        cached before the first real game needs them (building one takes about half a second)."""
        for map_id in REBIRTH_MAPS:
            for players in range(self.engine.min_players, self.engine.max_players + 1):
                state = self.engine.new_game(players, {"map": map_id}, seed=0)
                self.render(self.engine.view(state, None), {"map": map_id}, [""] * players)

    # ------------------------------------------------------------ pieces

    def _points(self, categories: dict[str, int], locale: str | None) -> str:
        parts = [
            f"{t(f'category.{name}', locale)} {categories[name]}"
            for name in CATEGORY_ORDER
            if categories.get(name)
        ]
        return ", ".join(parts)

    # ------------------------------------------------------------- texts

    def start_text(self, state: Any, game: GameRecord, locale: str | None) -> str:
        from engine.rebirth import COLOURS

        lines = [t("rebirth.start", locale, title=self.title(game.options, locale))]
        for seat, _user in enumerate(game.players):
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
        lines.append(t("rebirth.first", locale, user=self.mention(game, state.current)))
        return "\n".join(lines)

    def event_text(self, event: dict[str, Any], game: GameRecord, locale: str | None) -> str:
        who = self.tag(game, event["seat"])
        kind = event["kind"]
        if kind == "resign":
            return t("rebirth.event.resign", locale, who=who)
        if kind == "discard":
            text = t("rebirth.event.discard", locale, who=who, tile=t(f"tile.{event['tile']}", locale))
            return f"{text} {t('rebirth.event.extra', locale, who=who)}" if event.get("pending") else text
        points = {int(seat): cats for seat, cats in event.get("points", {}).items()}
        own = points.get(event["seat"], {})
        scored = (
            t("rebirth.event.scored", locale, total=sum(own.values()), detail=self._points(own, locale))
            if own
            else t("rebirth.event.no_points", locale)
        )
        parts = [
            t(
                "rebirth.event.place",
                locale,
                who=who,
                tile=t(f"tile.{event['tile']}", locale),
                space=event["space"],
                scored=scored,
            )
        ]
        if "completed" in event:
            payouts = ", ".join(
                f"{self.tag(game, seat)} +{cats['settlement']}"
                for seat, cats in sorted(points.items())
                if cats.get("settlement")
            )
            parts.append(t("rebirth.event.completed", locale, settlement=event["completed"], payouts=payouts))
        for change in event.get("castles", []):
            if change["from"] is None:
                parts.append(t("rebirth.event.castle_taken", locale, castle=change["castle"]))
            else:
                parts.append(
                    t(
                        "rebirth.event.castle_won",
                        locale,
                        castle=change["castle"],
                        loser=self.tag(game, change["from"]),
                    )
                )
        for cathedral in event.get("cathedrals", []):
            parts.append(t("rebirth.event.cathedral", locale, cathedral=cathedral))
        if event.get("doubled"):
            parts.append(t("rebirth.event.doubled", locale))
        for tower in event.get("towers", []):
            bonus = t(f"tower.bonus.{tower['bonus']}", locale, value=tower.get("value"))
            key = "rebirth.event.tower_empty" if tower["outcome"] == "empty" else "rebirth.event.tower"
            if tower["outcome"] == "points":  # the Doubling Marker was unused: 2 points instead
                key, bonus = "rebirth.event.tower", t("tower.bonus.points", locale, value=2)
            parts.append(t(key, locale, tower=tower["tower"], bonus=bonus))
        for done in event.get("public_missions", []):
            key = "rebirth.event.public_first" if done["first"] else "rebirth.event.public_later"
            parts.append(
                t(
                    key,
                    locale,
                    tag=self.tag(game, done["seat"]),
                    mission=done["mission"],
                    points=done["points"],
                )
            )
        if event.get("missions_drawn"):
            parts.append(t("rebirth.event.missions_drawn", locale, count=event["missions_drawn"]))
        if event.get("pending"):
            parts.append(t("rebirth.event.extra", locale, who=who))
        return " ".join(parts)

    def final_text(self, state: Any, game: GameRecord, locale: str | None) -> str:
        view = self.engine.view(state, None, locale)
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
        winners = " ".join(self.mention(game, s) for s in final["winners"])
        decided = final["decided_by"]
        if decided == "score":
            lines.append(t("rebirth.final.winner", locale, winners=winners))
        elif decided == "shared":
            lines.append(t("rebirth.final.shared", locale, winners=winners))
        else:
            lines.append(t("rebirth.final.tiebreak", locale, winners=winners, castle=decided))
        return "\n".join(lines)

    def _mission_line(self, card: dict[str, Any], locale: str | None) -> str:
        state_key = "rebirth.mission.met" if card["met"] else "rebirth.mission.unmet"
        return t(
            "rebirth.mission.line",
            locale,
            name=card["name"],
            points=card["points"],
            text=card["text"],
            have=card["have"],
            need=card["need"],
            status=t(state_key, locale),
        )

    def private_text(self, private: dict[str, Any], state: Any, seat: int, locale: str | None) -> str:
        cards = [
            self.engine.mission_card(card, seat, state, locale) for card in private.get("missions_drawn", [])
        ]
        lines = [t("rebirth.private.drawn", locale, count=len(cards))]
        lines += [self._mission_line(card, locale) for card in cards]
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], locale: str | None) -> str:
        mine = view["private"]
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

    def status_text(self, state: Any, game: GameRecord, locale: str | None) -> str:
        view = self.engine.view(state, None, locale)
        head = self.title(game.options, locale)
        if view["finished"]:
            lines = [t("rebirth.status.finished", locale, title=head)]
        else:
            since = int(game.turn_started_at or game.updated_at)
            lines = [
                t(
                    "rebirth.status.turn",
                    locale,
                    title=head,
                    turn=view["turn"] + 1,
                    user=self.tag(game, view["current"]),
                    since=f"<t:{since}:R>",
                )
            ]
        for seat in view["seats"]:
            line = t(
                "rebirth.status.seat",
                locale,
                tag=self.tag(game, seat["seat"]),
                score=seat["score"],
                tiles=seat["supply"] + seat["hand"],
                missions=seat["missions"],
                castles=seat["castles"],
            )
            if seat["resigned"]:
                line += " " + t("rebirth.final.resigned", locale)
            lines.append(line)
        lines.append(t("rebirth.status.deck", locale, count=view["mission_deck"]))
        lines += self._public_lines(view, game, locale)
        return "\n".join(lines)

    def _public_lines(self, view: dict[str, Any], game: GameRecord, locale: str | None) -> list[str]:
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
                    name=card["name"],
                    high=card["high"],
                    low=card["low"],
                    text=card["text"],
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

    def board_caption(self, state: Any, game: GameRecord, locale: str | None) -> str:
        view = self.engine.view(state, None, locale)
        head = self.title(game.options, locale)
        if view["finished"]:
            return t("rebirth.status.finished", locale, title=head)
        user = self.tag(game, view["current"])
        return t("rebirth.caption", locale, title=head, turn=view["turn"] + 1, user=user)
