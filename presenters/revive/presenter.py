"""How Revive reads in a channel: turn summaries, prompts, the hand, status and final scores.

Only formatting: facts come from the engine's views and events (typed in engine/revive/views.py)
and its words for effects, moves and decisions (i18n/revive_words.py, labels.py); content (cards,
tribes, crates) is looked up in the engine's tables, never in a state. Channel texts and images
come from the public view, a player's own texts (hand, prompt, options, rules) from their seat's
view. A Revive turn is many small moves, so the service posts one channel message per turn
(`batches_turns`) built by `turn_text` from the turn's stored events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from db import GameRecord
from engine.base import RESIGN, RULES_OPTION, Game
from engine.editions import Editions
from engine.revive.game import Revive
from engine.revive.moves import notation_facts
from engine.revive.state import ReviveState
from engine.revive.tables import COLOURS, ReviveTables
from engine.revive.views import ReviveEvent, ReviveView, SeatGains, SeatView
from i18n import t
from i18n.revive_words import effects_text, resources_text, steps_text, tribe_about, tribe_name
from presenters.moves import MoveWords
from presenters.protocol import (
    Event,
    MoveChoice,
    ReplayFrame,
    SeatTags,
    by_rank,
    in_turn_order,
    seen_view,
    translated_locales,
)
from presenters.revive.labels import decision_prompt, label
from presenters.revive.own_boards import own_boards

if TYPE_CHECKING:  # Pillow is loaded only where boards are drawn
    from render.animation import Animation

FINAL_ORDER = (
    "progress",
    "technologies",
    "large_locations",
    "machine_bonus",
    "end_tile",
    "minors",
    "resources",
    "artifact_card",
)
QUIET_MOVES = ("pass", "skip", "stop", "end")  # answers that change nothing worth a line
WHAT = {
    "explore": "board_slot",
    "use": "machine",
    "open": "crate",
    "option": "option",
    "reward": "reward",
    "recruit": "card",
    "machine": "machine",
    "module": "module",
    "artifact": "artifact",
    "remove": "artifact",
    "rotate": "rotation",
}
"""Verbs whose line names one thing (`{what}`), and the fact that names it."""


def stored_facts(event: Event, hibernation: Sequence[Mapping[str, Any]] = ()) -> ReviveEvent:
    """The move's facts of a stored event, the one fallback for events stored before they
    carried them. Events before the facts hold only the notation (`move`): read those by the
    engine's own reading of the notation. Events before the outcomes (`chosen`, `effects`,
    `gains`: what an option, a hibernation reward or a tile's rotation chose) lack them: a
    reward's effects come from the content's hibernation track (`hibernation`); an option or a
    rotation stored without them reads by its number, as it did then."""
    facts = dict(event)
    if "verb" not in event:
        facts |= notation_facts(event["move"]) if event.get("move") else {}
    reward = facts.get("reward")
    known = isinstance(reward, int) and 0 <= reward < len(hibernation)
    if facts.get("verb") == "reward" and "effects" not in facts and known:
        facts["effects"] = list(hibernation[cast(int, reward)]["effects"])
    return cast(ReviveEvent, facts)


class RevivePresenter(SeatTags):
    batches_turns = True
    has_player_board = True
    partial_image = True  # the channel image is a window of the board (render/revive/focus.py)

    def __init__(self, engine: Editions[ReviveState, ReviveView, ReviveEvent]) -> None:
        self.engine: Game[ReviveState, ReviveView, ReviveEvent] = engine
        self.editions = engine
        self.colours = COLOURS
        self.moves = MoveWords(engine, label)

    seen_text = seen_view  # a Revive view has no words

    def tables(self, view: ReviveView) -> ReviveTables:
        """The content by id (cards, tribes, crates) of the view's game: its rules version's
        edition (engine/editions.py), so an older game shows the numbers it plays with."""
        edition = self.editions.edition(view["rules"])
        if not isinstance(edition, Revive):
            raise TypeError(f"Revive's presenter needs Revive editions, not {type(edition).__name__}")
        return edition.tables

    # ------------------------------------------------------------- setup

    def title(self, options: dict[str, Any], locale: str | None) -> str:
        return t("revive.title", locale)

    def board_name(self, board: str, locale: str | None) -> str:
        return board  # one board: the engine names none

    def faction_name(self, faction: str, locale: str | None) -> str:
        """A tribe's name, from the current edition's content (every edition names its tribes
        alike: an edition changes numbers, not names)."""
        edition = self.editions.edition(self.editions.current)
        if not isinstance(edition, Revive):
            raise TypeError(f"Revive's presenter needs Revive editions, not {type(edition).__name__}")
        return tribe_name(edition.tables.tribes[faction], locale)

    # ------------------------------------------------------------ images

    def render(
        self,
        view: ReviveView,
        options: dict[str, Any],
        names: list[str],
        changed: tuple[str, ...] = (),
        whole: bool = False,
        *,
        locale: str | None = None,
        turn: Sequence[Event] = (),
    ) -> bytes:
        """The channel image: legible at Discord's 550-px inline width, around what the turn
        `changed`, with what the `turn`'s events changed on the movers' own boards under it;
        `whole` True: the whole board and its side panel (`/board`).
        Its words in `locale` (None: English)."""
        from render.revive import render_board, render_focus  # Pillow is loaded only where boards are drawn

        if whole:
            return render_board(view, self.tables(view).content, names, changed, locale=locale)
        own = own_boards(turn)
        return render_focus(view, self.tables(view).content, names, changed, locale=locale, own=own)

    def render_player(
        self, view: ReviveView, seat: int, names: list[str], whole: bool = False, *, locale: str | None = None
    ) -> bytes:
        """A seat's board: the phone summary (640 px, legible inline), or with `whole` every
        part of it (1400 px, behind the **Full player board** button)."""
        from render.revive import render_player, render_summary

        draw = render_player if whole else render_summary
        return draw(view, self.tables(view).content, seat, names, locale=locale)

    def render_options(
        self,
        view: ReviveView,
        options: dict[str, Any],
        names: list[str],
        seat: int,
        choices: Sequence[MoveChoice],
        *,
        locale: str | None = None,
    ) -> bytes | None:
        """The channel image with the places `seat` can explore, build on or populate now ringed
        in gold and named as the choices' labels name them, its words in
        `locale`; None without one."""
        places = option_places(choices)
        if not places:
            return None
        from render.revive import render_focus

        return render_focus(view, self.tables(view).content, names, marks=places, locale=locale)

    def render_replay(
        self, frames: Sequence[ReplayFrame], names: list[str], *, locale: str | None = None, limit: int
    ) -> Animation | None:
        """The whole board after each player's turn, what the turn changed ringed, under the
        channel image's strip and a line naming the turn and its player
        (`render/revive/replay.py`)."""
        from render.revive.replay import animate_replay  # Pillow is loaded only where boards are drawn

        content = self.tables(frames[0].view).content
        steps = [(cast(ReviveView, frame.view), frame.changed, frame.seat) for frame in frames]
        return animate_replay(steps, content, names, locale, limit)

    def warm_up(self) -> None:
        """Draw a fresh board for each player count once, so static layers are cached, in
        English and each translated language (their words are drawn into the frames and
        sprites)."""
        for locale in (None, *translated_locales()):
            for players in range(self.engine.min_players, self.engine.max_players + 1):
                state = self.engine.new_game(players, {}, 1)
                view = self.engine.view(state, None)
                self.render(view, {}, [""] * players, locale=locale)
                self.render(view, {}, [""] * players, whole=True, locale=locale)
                self.render_player(view, 0, [""] * players, locale=locale)
                self.render_player(view, 0, [""] * players, whole=True, locale=locale)

    def _tribe(self, view: ReviveView, seat: SeatView, locale: str | None) -> str:
        return tribe_name(self.tables(view).tribes[seat["tribe"]], locale)

    # ------------------------------------------------ channel texts (public view)

    def start_text(self, view: ReviveView, game: GameRecord, locale: str | None) -> str:
        lines = [t("revive.start", locale)]
        for seat in in_turn_order(view["seats"], view["current"]):
            lines.append(
                t(
                    "revive.start_seat",
                    locale,
                    tag=self.tag(game, seat["seat"]),
                    tribe=self._tribe(view, seat, locale),
                    resources=_resources(seat["resources"], locale),
                )
            )
        lines.append(t("revive.first", locale, user=self.mention(game, _seat(view["current"]))))
        lines.append(t("revive.how_to_move", locale))
        return "\n".join(lines)

    def event_text(self, event: Event, game: GameRecord, locale: str | None) -> str:
        """One move in the past tense: `🟠O @ann explored S7 (+3 pts)`."""
        who = self.tag(game, event["seat"])
        if event["kind"] == RESIGN:
            return t("revive.did.resign", locale, who=who)
        facts = stored_facts(event, self._hibernation(game))
        verb = facts["verb"]
        params: dict[str, Any] = {"who": who}
        named = self._outcome_text(facts, who, game, locale)
        if named is not None:
            return self._with_points(named, event, game, locale)
        if verb == "play":
            params |= {"card": facts["card"], "slot": t(f"revive.slot.{facts['slot']}", locale)}
        elif verb in ("switch", "crystal", "take"):
            params["resource"] = t(f"revive.res.{facts['resource']}", locale)
        elif verb == "trade":
            params |= {
                "give": t(f"revive.res.{facts['give']}", locale),
                "get": t(f"revive.res.{facts['get']}", locale),
            }
        elif verb == "build":
            params |= {"size": t(f"revive.building.{facts['size']}", locale), "space": facts["space"]}
        elif verb == "populate":
            params |= {"space": facts["space"], "tech": facts["tech"]}
        elif verb == "track":
            params["colour"] = t(f"revive.colour.{facts['colour']}", locale)
        elif facts.get("from_deck") or facts.get("minor"):
            verb = f"{verb}_{'deck' if facts.get('from_deck') else 'minor'}"
        elif verb in WHAT:
            params["what"] = cast(Mapping[str, Any], facts)[WHAT[verb]]
            verb = "reward_number" if verb == "reward" else verb  # a space the content lacks
        return self._with_points(t(f"revive.did.{verb}", locale, **params), event, game, locale)

    def _hibernation(self, game: GameRecord) -> Sequence[Mapping[str, Any]]:
        """The hibernation track of the game's edition (for rewards stored without effects)."""
        edition = self.editions.edition(int(game.options.get(RULES_OPTION, 0)))
        return edition.tables.hibernation if isinstance(edition, Revive) else ()

    def _outcome_text(self, facts: ReviveEvent, who: str, game: GameRecord, locale: str | None) -> str | None:
        """An answer named by what it chose: `took +2 books instead of a
        module`, `took the hibernation reward: +1 crystal`, `placed the explored tile F03: 🔵B
        +1 step green`. None when the event lacks those facts (`stored_facts`)."""
        verb = facts.get("verb")
        if verb == "option" and "chosen" in facts:
            chosen = effects_text(facts["chosen"], locale)
            others = facts.get("declined", [])
            declined = t("revive.did.or", locale).join(effects_text(option, locale) for option in others)
            key = "revive.did.option_taken" if declined else "revive.did.option_only"
            return t(key, locale, who=who, chosen=chosen, declined=declined)
        if verb == "reward" and "effects" in facts:
            return t("revive.did.reward", locale, who=who, effects=effects_text(facts["effects"], locale))
        if verb == "rotate" and "tile_slot" in facts:
            gains = [
                f"{self.tag(game, int(seat))} {gains_text(gained, locale)}"
                for seat, gained in sorted(facts.get("gains", {}).items())
            ]
            if not gains:
                return t("revive.did.placed_quiet", locale, who=who, tile=facts["tile_slot"])
            return t("revive.did.placed", locale, who=who, tile=facts["tile_slot"], gains="; ".join(gains))
        return None

    def _with_points(self, text: str, event: Event, game: GameRecord, locale: str | None) -> str:
        """A move's line followed by the points it gave the mover, then anyone else."""
        points: dict[str, int] = event.get("points", {})
        own = points.get(str(event["seat"]))
        if own:
            text += " " + t("revive.did.points", locale, points=own, count=own)
        others = [
            t("revive.did.others_points", locale, who=self.tag(game, int(seat)), points=gained, count=gained)
            for seat, gained in points.items()
            if int(seat) != event["seat"]
        ]
        return " ".join([text, *others])

    def turn_text(
        self, events: Sequence[Event], view: ReviveView, game: GameRecord, locale: str | None
    ) -> str:
        """The channel message after a turn: what was done, the points, what comes next."""
        seat = events[0]["seat"] if events else None
        lines = [t("revive.turn.title", locale, who=self.tag(game, seat))] if seat is not None else []
        shown = [event for event in events if stored_facts(event).get("verb") not in QUIET_MOVES]
        for event in shown[-20:]:
            assert seat is not None
            lines.append(
                "• " + self.event_text(event, game, locale).replace(self.tag(game, seat) + " ", "", 1)
            )
        total = sum(event.get("points", {}).get(str(seat), 0) for event in events)
        if view["finished"] and seat is not None:  # the final scoring has its own lines
            total -= sum(cast(Mapping[str, int], view["seats"][seat]["breakdown"]).values())
        if seat is not None:
            lines.append(t("revive.turn.total", locale, points=total, score=view["seats"][seat]["score"]))
        triggered = [cast(ReviveEvent, event) for event in events if "end_triggered" in event]
        if triggered:
            holder = triggered[0]["end_triggered"]
            lines.append(t("revive.turn.end_triggered", locale, who=self.tag(game, holder)))
        return "\n".join(lines)

    def final_text(self, view: ReviveView, game: GameRecord, locale: str | None) -> str:
        final = view["final"]
        assert final is not None, "the game has not ended"
        lines = [t("revive.final.title", locale)]
        ranked = sorted(view["seats"], key=lambda seat: (seat["resigned"], -seat["score"]))
        for seat in ranked:
            breakdown = cast(Mapping[str, int], seat["breakdown"])
            # The points scored during play (score track, technologies' points, crates...) are
            # the total less what the final scoring added: listed so the parts add up.
            during_play = seat["score"] - sum(breakdown.get(name, 0) for name in FINAL_ORDER)
            parts = [(name, breakdown.get(name, 0)) for name in FINAL_ORDER]
            detail = ", ".join(
                f"{t(f'revive.final.{name}', locale)} {points}"
                for name, points in [("during_play", during_play), *parts]
                if points
            )
            line = t(
                "revive.final.line",
                locale,
                tag=self.tag(game, seat["seat"]),
                total=seat["score"],
                detail=detail or t("revive.final.nothing", locale),
                left=t("revive.final.left", locale, count=sum(seat["resources"].values())),
            )
            if seat["resigned"]:
                line += " " + t("revive.final.resigned", locale)
            lines.append(line)
            if "artifact_card" in seat:
                lines.append(self._revealed_card(view, seat["artifact_card"], locale))
        winners = " ".join(self.mention(game, s) for s in final["winners"])
        lines.append(t(f"revive.final.{final['decided_by'].replace('-', '_')}", locale, winners=winners))
        return "\n".join(lines)

    def _revealed_card(self, view: ReviveView, card_id: str, locale: str | None) -> str:
        """A seat's artifact card, shown at the end: what each of its categories counted."""
        card = artifact_card(self.tables(view), card_id)
        categories = "; ".join(category_text("revive.final.category", c, locale) for c in card["categories"])
        return t("revive.final.card", locale, card=card_id, categories=categories)

    def status_text(self, view: ReviveView, game: GameRecord, locale: str | None) -> str:
        head = self.title(game.options, locale)
        if view["finished"]:
            lines = [t("revive.status.finished", locale, title=head)]
        else:
            since = int(game.turn_started_at or game.updated_at)
            lines = [
                t(
                    "revive.status.turn",
                    locale,
                    title=head,
                    turn=view["turn"] + 1,
                    user=self.mention(game, _seat(view["to_move"])),
                    since=f"<t:{since}:R>",
                    actions=view["actions_taken"],
                )
            ]
        final = view.get("final")
        winners = final["winners"] if final else None
        lines += [self._status_line(view, seat, game, locale) for seat in by_rank(view["seats"], winners)]
        if winners is not None:
            who = ", ".join(self.tag(game, seat) for seat in winners)
            lines.append(t("status.winner" if len(winners) == 1 else "status.shared", locale, winners=who))
        lines.append(t("revive.status.crater", locale, count=len(view["crater"])))
        if view["end_tile"] is not None and not view["finished"]:
            lines.append(t("revive.status.final_round", locale, who=self.tag(game, view["end_tile"])))
        return "\n".join(lines)

    def _status_line(self, view: ReviveView, seat: SeatView, game: GameRecord, locale: str | None) -> str:
        line = t(
            "revive.status.seat",
            locale,
            tag=self.tag(game, seat["seat"]),
            tribe=self._tribe(view, seat, locale),
            score=points_text(seat["score"], locale),
            hibernation=seat["hibernation"],
            resources=_resources(seat["resources"], locale),
            energy=seat["energy"],
        )
        return line + " " + t("revive.final.resigned", locale) if seat["resigned"] else line

    def board_caption(self, view: ReviveView, game: GameRecord, locale: str | None) -> str:
        head = self.title(game.options, locale)
        if view["finished"]:
            return t("revive.status.finished", locale, title=head)
        user = self.mention(game, _seat(view["to_move"]))
        return t("revive.caption", locale, title=head, turn=view["turn"] + 1, user=user)

    def player_caption(self, view: ReviveView, game: GameRecord, seat: int, locale: str | None) -> str:
        return t(
            "revive.player_caption",
            locale,
            tag=self.tag(game, seat),
            tribe=self._tribe(view, view["seats"][seat], locale),
            score=points_text(view["seats"][seat]["score"], locale),
        )

    # ------------------------------------------------ one player's texts (seat view)

    def prompt_text(self, view: ReviveView, seat: int, locale: str | None) -> str:
        """What `seat` is asked now: the open decision, or their options in this turn."""
        private = view["private"]
        assert private is not None and private["seat"] == seat, "prompt_text needs the seat's view"
        if private["decision"] is not None:
            return decision_prompt(private["decision"], locale)
        main, taken = private["main_moves"], view["actions_taken"]
        if view["seats"][seat].get("hibernating"):  # rules version 2: free actions, then `end`
            return t("revive.prompt.hibernated", locale)
        if taken == 0 and not main:
            return t("revive.prompt.must_hibernate", locale)
        if taken == 0:
            return t("revive.prompt.turn", locale, count=main)
        if not main:
            return t("revive.prompt.only_free", locale)
        left = t("revive.prompt.actions_left", locale, count=private["actions_left"])
        return t("revive.prompt.more", locale, left=left, count=main)

    def options_text(self, view: ReviveView, seat: int, locale: str | None) -> str:
        """Your options this turn, for `/hand`."""
        if view["to_move"] != seat:
            return t("revive.hand.not_your_turn", locale)
        return t("revive.hand.options", locale, prompt=self.prompt_text(view, seat, locale))

    def rules_text(self, view: ReviveView | None, seat: int | None, locale: str | None) -> str:
        """A short summary of a turn from the rules text, then what the caller can do now."""
        lines = [t("revive.rules.summary", locale)]
        if view is not None and seat is not None and not view["finished"]:
            if view["to_move"] == seat:
                lines.append(t("revive.rules.now", locale, prompt=self.prompt_text(view, seat, locale)))
            else:
                lines.append(t("revive.hand.not_your_turn", locale))
        return "\n".join(lines)

    def private_text(self, private: dict[str, Any], view: ReviveView, seat: int, locale: str | None) -> str:
        return ""  # Revive moves reveal nothing privately; `/hand` shows the secrets

    def hand_text(self, view: ReviveView, locale: str | None) -> str:
        """The caller's tribe, their artifact card (secret, and what it scores now), then the
        cards they may play (face up, each with what its halves do: the choice a turn asks),
        the resting cards and the crates (secret)."""
        tables = self.tables(view)
        mine = view["private"]
        assert mine is not None, "hand_text needs the seat's view"
        tribe = tables.tribes[view["seats"][mine["seat"]]["tribe"]]
        about = tribe_about(tribe, locale)
        lines = [t("revive.hand.tribe", locale, tribe=tribe_name(tribe, locale), about=about)]
        card = artifact_card(tables, mine["artifact_card"])
        points = points_text(mine["artifact_points"], locale)
        lines.append(t("revive.hand.artifact", locale, card=card["id"], points=points))
        lines += [category_text("revive.hand.category", category, locale) for category in card["categories"]]
        in_hand = view["seats"][mine["seat"]]["active"]  # face up: the seat's public side
        active = [self._card_line(tables, card_id, locale) for card_id in in_hand]
        lines.append(t("revive.hand.active", locale, count=len(active)))
        lines += [f"• {line}" for line in active]
        resting = [self._card_line(tables, card_id, locale) for card_id in mine["resting"]]
        lines.append(t("revive.hand.resting", locale, count=len(resting)))
        lines += [f"• {line}" for line in resting]
        crates = [
            f"• {crate}: {effects_text(tables.crates[crate]['effects'], locale)}" for crate in mine["crates"]
        ]
        lines.append(t("revive.hand.crates", locale, count=len(crates)))
        lines += crates
        return "\n".join(lines)

    def _card_line(self, tables: ReviveTables, card_id: str, locale: str | None) -> str:
        card = tables.cards[card_id]
        return t(
            "revive.hand.card",
            locale,
            card=card_id,
            colour=t(f"revive.colour.{card['colour']}", locale),
            top=effects_text(card["top"], locale),
            bottom=effects_text(card["bottom"], locale),
            symbol=" ⟳" if card["slot_symbol"] else "",
        )


def option_places(choices: Sequence[MoveChoice]) -> list[str]:
    """The places the moves in `choices` use, in their order: the slot of `explore F07`, the
    space of `build small S3.2` and of `populate S3.2 T1` (a space or a corner)."""
    places: list[str] = []
    for choice in choices:
        words = choice.notation.split()
        if words[0] == "explore" and len(words) > 1:
            places.append(words[1])
        elif words[0] == "build" and len(words) > 2:
            places.append(words[2])
        elif words[0] == "populate" and len(words) > 1:
            places.append(words[1])
    return list(dict.fromkeys(places))


def _seat(seat: int | None) -> int:
    """A seat the view names while the game runs (to move, current)."""
    assert seat is not None, "no seat to move: the game has ended"
    return seat


def _resources(resources: dict[str, int], locale: str | None) -> str:
    """`2 gears, 1 book, 0 food`: every resource of a seat, each counted."""
    return ", ".join(
        f"{amount} {t(f'revive.noun.{name}', locale, count=amount)}" for name, amount in resources.items()
    )


def gains_text(gains: SeatGains, locale: str | None) -> str:
    """`+2 crystals, 1 step green`: what one seat gained from a move."""
    parts = [resources_text(gains["resources"], locale, "+")] if gains["resources"] else []
    parts += [steps_text(steps, colour, locale) for colour, steps in gains["tracks"].items()]
    return t("revive.fx.and", locale).join(parts)


def points_text(points: int, locale: str | None) -> str:
    """`1 pt`, `12 pts`."""
    return t("count.points", locale, count=points)


def artifact_card(tables: ReviveTables, card_id: str) -> dict[str, Any]:
    """An artifact card of the content, by id."""
    return next(card for card in tables.content["artifacts"]["cards"] if card["id"] == card_id)


def category_text(key: str, category: dict[str, Any], locale: str | None) -> str:
    """One scoring category of an artifact card in words (`key`: the hand's or the final's)."""
    return t(
        key,
        locale,
        points=points_text(category["points"], locale),
        per=category["per"],
        counts=t(f"revive.counts.{category['counts']}", locale, count=category["per"]),
        colour=t(f"revive.colour.{category['colour']}", locale),
    )
