"""How Revive reads in a channel: turn summaries, prompts, the hand, status and final scores.

Only formatting: facts come from the engine's views, events and labels (engine/revive/).
A Revive turn is many small moves, so the service posts one channel message per turn
(`batches_turns`) built by `turn_text` from the turn's stored events.
"""

from __future__ import annotations

from typing import Any

from db import GameRecord
from engine.revive.describe import effects_text
from engine.revive.labels import decision_prompt
from i18n import t
from service.messages import ServiceError
from service.presenters import SeatTags

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


class RevivePresenter(SeatTags):
    batches_turns = True

    def __init__(self, engine: Any) -> None:
        from engine.revive.game import COLOURS

        self.engine = engine
        self.colours = COLOURS

    # ------------------------------------------------------------- setup

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if options.get("map"):
            raise ServiceError("error.revive.no_map")
        return {}

    def title(self, options: dict[str, Any], locale: str | None) -> str:
        return t("revive.title", locale)

    def render(
        self, view: dict[str, Any], options: dict[str, Any], names: list[str], changed: tuple[str, ...] = ()
    ) -> bytes:
        from render.revive import render_board  # Pillow is loaded only where boards are drawn

        return render_board(view, self.engine.content, names, changed)

    def render_player(self, view: dict[str, Any], seat: int, names: list[str]) -> bytes:
        from render.revive import render_player

        return render_player(view, self.engine.content, seat, names)

    def warm_up(self) -> None:
        """Draw a fresh board for each player count once, so static layers are cached."""
        for players in range(self.engine.min_players, self.engine.max_players + 1):
            state = self.engine.new_game(players, {}, 1)
            view = self.engine.view(state, None)
            self.render(view, {}, [""] * players)
            self.render_player(view, 0, [""] * players)

    # ------------------------------------------------------------ pieces

    def _tribe(self, seat: dict[str, Any]) -> str:
        return self.engine.tribes[seat["tribe"]]["name"]

    # ------------------------------------------------------------- texts

    def start_text(self, state: Any, game: GameRecord, locale: str | None) -> str:
        view = self.engine.view(state, None)
        lines = [t("revive.start", locale)]
        for seat in view["seats"]:
            lines.append(
                t(
                    "revive.start_seat",
                    locale,
                    tag=self.tag(game, seat["seat"]),
                    tribe=self._tribe(seat),
                    resources=_resources(seat["resources"], locale),
                )
            )
        lines.append(t("revive.first", locale, user=self.mention(game, state.current)))
        lines.append(t("revive.how_to_move", locale))
        return "\n".join(lines)

    def event_text(self, event: dict[str, Any], game: GameRecord, locale: str | None) -> str:
        """One move in the past tense: `🟠O @ann explored S7 (+3 pts)`."""
        who = self.tag(game, event["seat"])
        if event["kind"] == "resign":
            return t("revive.did.resign", locale, who=who)
        words = event["move"].split()
        verb, args = words[0], words[1:]
        params: dict[str, Any] = {"who": who}
        if verb == "play":
            params |= {"card": args[0], "slot": t(f"revive.slot.{args[1]}", locale)}
        elif verb in ("switch", "crystal", "take"):
            params["resource"] = t(f"revive.res.{args[0]}", locale)
        elif verb == "trade":
            params |= {"give": t(f"revive.res.{args[0]}", locale), "get": t(f"revive.res.{args[1]}", locale)}
        elif verb == "build":
            params |= {"size": t(f"revive.building.{args[0]}", locale), "space": args[1]}
        elif verb == "populate":
            params |= {"space": args[0], "tech": args[1]}
        elif verb == "track":
            params["colour"] = t(f"revive.colour.{args[0]}", locale)
        elif verb in ("recruit", "artifact") and args[0] in ("deck", "minor"):
            verb = f"{verb}_{args[0]}"
        elif args:
            params["what"] = args[0]
        text = t(f"revive.did.{verb}", locale, **params)
        own = event.get("points", {}).get(str(event["seat"]))
        if own:
            text += " " + t("revive.did.points", locale, points=own)
        others = [
            t("revive.did.others_points", locale, who=self.tag(game, int(seat)), points=points)
            for seat, points in event.get("points", {}).items()
            if int(seat) != event["seat"]
        ]
        return " ".join([text, *others])

    def turn_text(
        self, events: list[dict[str, Any]], state: Any, game: GameRecord, locale: str | None
    ) -> str:
        """The channel message after a turn: what was done, the points, what comes next."""
        seat = events[0]["seat"] if events else None
        lines = [t("revive.turn.title", locale, who=self.tag(game, seat))] if seat is not None else []
        shown = [event for event in events if event.get("move", "").split(" ")[0] not in QUIET_MOVES]
        for event in shown[-20:]:
            lines.append(
                "• " + self.event_text(event, game, locale).replace(self.tag(game, seat) + " ", "", 1)
            )
        total = sum(event.get("points", {}).get(str(seat), 0) for event in events)
        view = self.engine.view(state, None)
        if view["finished"] and seat is not None:  # the final scoring has its own lines
            total -= sum(view["seats"][seat]["breakdown"].values())
        if seat is not None:
            lines.append(t("revive.turn.total", locale, points=total, score=view["seats"][seat]["score"]))
        if any("end_triggered" in event for event in events):
            holder = next(event["end_triggered"] for event in events if "end_triggered" in event)
            lines.append(t("revive.turn.end_triggered", locale, who=self.tag(game, holder)))
        return "\n".join(lines)

    def prompt_text(self, state: Any, seat: int, locale: str | None) -> str:
        """What `seat` is asked now: the open decision, or their options in this turn."""
        engine = self.engine
        if state.stack:
            return decision_prompt(engine, state, locale)
        moves = engine.legal_moves(state, seat)
        main = [m for m in moves if m.split()[0] in ("play", "switch", "explore", "build", "populate")]
        if state.actions_taken == 0 and not main:
            return t("revive.prompt.must_hibernate", locale)
        left = engine.rules["actions_per_turn"] - state.actions_taken
        if state.actions_taken == 0:
            return t("revive.prompt.turn", locale, count=len(main))
        if not main:
            return t("revive.prompt.only_free", locale)
        return t("revive.prompt.more", locale, left=left, count=len(main))

    def final_text(self, state: Any, game: GameRecord, locale: str | None) -> str:
        view = self.engine.view(state, None)
        final = view["final"]
        lines = [t("revive.final.title", locale)]
        ranked = sorted(view["seats"], key=lambda seat: (seat["resigned"], -seat["score"]))
        for seat in ranked:
            detail = ", ".join(
                f"{t(f'revive.final.{name}', locale)} {seat['breakdown'][name]}"
                for name in FINAL_ORDER
                if seat["breakdown"].get(name)
            )
            line = t(
                "revive.final.line",
                locale,
                tag=self.tag(game, seat["seat"]),
                total=seat["score"],
                detail=detail or "0",
                left=sum(seat["resources"].values()),
            )
            if seat["resigned"]:
                line += " " + t("revive.final.resigned", locale)
            lines.append(line)
        winners = " ".join(self.mention(game, s) for s in final["winners"])
        lines.append(t(f"revive.final.{final['decided_by'].replace('-', '_')}", locale, winners=winners))
        return "\n".join(lines)

    def private_text(self, private: dict[str, Any], state: Any, seat: int, locale: str | None) -> str:
        return ""  # Revive moves reveal nothing privately; `/hand` shows the secrets

    def hand_text(self, view: dict[str, Any], locale: str | None) -> str:
        """The caller's secrets: artifact card (and what it scores now), resting cards, crates."""
        engine = self.engine
        mine = view["private"]
        card = next(c for c in engine.content["artifacts"]["cards"] if c["id"] == mine["artifact_card"])
        lines = [t("revive.hand.artifact", locale, card=card["id"], points=mine["artifact_points"])]
        for category in card["categories"]:
            lines.append(
                t(
                    "revive.hand.category",
                    locale,
                    points=category["points"],
                    per=category["per"],
                    counts=t(f"revive.counts.{category['counts']}", locale),
                    colour=t(f"revive.colour.{category['colour']}", locale),
                )
            )
        resting = [self._card_line(card_id, locale) for card_id in mine["resting"]]
        lines.append(t("revive.hand.resting", locale, count=len(resting)))
        lines += [f"• {line}" for line in resting]
        crates = [
            f"• {crate}: {effects_text(engine.crates[crate]['effects'], locale)}" for crate in mine["crates"]
        ]
        lines.append(t("revive.hand.crates", locale, count=len(crates)))
        lines += crates
        return "\n".join(lines)

    def _card_line(self, card_id: str, locale: str | None) -> str:
        card = self.engine.cards[card_id]
        return t(
            "revive.hand.card",
            locale,
            card=card_id,
            colour=t(f"revive.colour.{card['colour']}", locale),
            top=effects_text(card["top"], locale),
            bottom=effects_text(card["bottom"], locale),
            symbol=" ⟳" if card["slot_symbol"] else "",
        )

    def options_text(self, state: Any, seat: int, locale: str | None) -> str:
        """Your options this turn, for `/hand`."""
        if self.engine.to_move(state) != seat:
            return t("revive.hand.not_your_turn", locale)
        return t("revive.hand.options", locale, prompt=self.prompt_text(state, seat, locale))

    def status_text(self, state: Any, game: GameRecord, locale: str | None) -> str:
        view = self.engine.view(state, None)
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
                    user=self.mention(game, self.engine.to_move(state)),
                    since=f"<t:{since}:R>",
                    actions=view["actions_taken"],
                )
            ]
        for seat in view["seats"]:
            line = t(
                "revive.status.seat",
                locale,
                tag=self.tag(game, seat["seat"]),
                tribe=self._tribe(seat),
                score=seat["score"],
                hibernation=seat["hibernation"],
                resources=_resources(seat["resources"], locale),
                energy=seat["energy"],
            )
            if seat["resigned"]:
                line += " " + t("revive.final.resigned", locale)
            lines.append(line)
        lines.append(t("revive.status.crater", locale, count=len(view["crater"])))
        if state.end_tile is not None and not view["finished"]:
            lines.append(t("revive.status.final_round", locale, who=self.tag(game, state.end_tile)))
        return "\n".join(lines)

    def board_caption(self, state: Any, game: GameRecord, locale: str | None) -> str:
        head = self.title(game.options, locale)
        if state.finished:
            return t("revive.status.finished", locale, title=head)
        user = self.mention(game, self.engine.to_move(state))
        return t("revive.caption", locale, title=head, turn=state.turn + 1, user=user)

    def player_caption(self, state: Any, game: GameRecord, seat: int, locale: str | None) -> str:
        view = self.engine.view(state, None)
        return t(
            "revive.player_caption",
            locale,
            tag=self.tag(game, seat),
            tribe=self._tribe(view["seats"][seat]),
            score=view["seats"][seat]["score"],
        )

    def rules_text(self, state: Any | None, seat: int | None, locale: str | None) -> str:
        """A short summary of a turn from the rules text, then what the caller can do now."""
        lines = [t("revive.rules.summary", locale)]
        if state is not None and seat is not None and not state.finished:
            if self.engine.to_move(state) == seat:
                lines.append(t("revive.rules.now", locale, prompt=self.prompt_text(state, seat, locale)))
            else:
                lines.append(t("revive.hand.not_your_turn", locale))
        return "\n".join(lines)


def _resources(resources: dict[str, int], locale: str | None) -> str:
    return ", ".join(f"{amount} {t(f'revive.res.{name}', locale)}" for name, amount in resources.items())
