"""What a run of stored moves tells the channel: one human move and the fallback player's turns
after it (or the fallback's turns alone) become one story under one board (issue 13 item 8).

A game that posts every move (Rebirth) tells one line per move. A game that batches a turn
(Revive) tells one summary per turn the run finished, each over every move of that turn (also
the moves made before the run, privately), and a resignation as its own line. The story also
says which stored moves it covers, so the catch-up under it does not repeat them, and which
board places changed, so the image marks them all (not only the last bot's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db import GameRecord, MoveRecord
from engine.base import RESIGN
from i18n import t
from presenters.protocol import Presenter
from service.messages import MESSAGE_LIMIT, fit


@dataclass(frozen=True)
class Story:
    """`blocks`: what happened, oldest first, one block per move (Rebirth) or per turn (Revive);
    `shown`: the stored move numbers the blocks cover; `changed`: board places to mark;
    `open_moves`: moves of a turn still being played (batched games), not in any block."""

    blocks: tuple[str, ...]
    shown: frozenset[int]
    changed: tuple[str, ...]
    open_moves: tuple[MoveRecord, ...] = ()


def story_of(
    presenter: Presenter,
    game: GameRecord,
    stored: Sequence[MoveRecord],
    count: int,
    view: Any,
    over: bool,
    locale: str | None,
) -> Story:
    """The story of the last `count` moves of `stored` (the game's recent moves, oldest first,
    long enough to hold the oldest of those moves' whole turn). `over`: the game has ended."""
    run = list(stored[-count:]) if count else []
    if not presenter.batches_turns:
        spaces = tuple(str(m.event["space"]) for m in run if m.event.get("space"))
        lines = tuple(presenter.event_text(m.event, game, locale) for m in run)
        return Story(lines, frozenset(m.number for m in run), spaces)
    blocks: list[str] = []
    shown: set[int] = set()
    changed: set[str] = set()
    told_turns: set[Any] = set()
    for index, move in enumerate(run):
        event = move.event
        last = index == len(run) - 1
        if event.get("kind") == RESIGN:
            if event.get("turn_over") and event.get("turn") not in told_turns:
                _tell_turn(presenter, game, stored, event.get("turn"), view, locale, blocks, shown, changed)
                told_turns.add(event.get("turn"))
            blocks.append(presenter.event_text(event, game, locale))
            shown.add(move.number)
        elif (event.get("turn_over") or (last and over)) and event.get("turn") not in told_turns:
            _tell_turn(presenter, game, stored, event.get("turn"), view, locale, blocks, shown, changed)
            told_turns.add(event.get("turn"))
    open_moves = tuple(m for m in run if m.number not in shown)
    return Story(tuple(blocks), frozenset(shown), tuple(sorted(changed)), open_moves)


def _tell_turn(
    presenter: Presenter,
    game: GameRecord,
    stored: Sequence[MoveRecord],
    turn: Any,
    view: Any,
    locale: str | None,
    blocks: list[str],
    shown: set[int],
    changed: set[str],
) -> None:
    """Add the summary of turn `turn` (every stored move of it but resignations)."""
    moves = [m for m in stored if m.event.get("turn") == turn and m.event.get("kind") != RESIGN]
    if not moves:
        return
    events = [m.event for m in moves]
    summary = presenter.turn_text(events, view, game, locale)
    if summary:
        blocks.append(summary)
    shown.update(m.number for m in moves)
    changed.update(place for event in events for place in event.get("changed", ()))


def told(
    story: Sequence[str], catch_up: str, tail: Sequence[str], locale: str | None, gap: str = "\n"
) -> str:
    """The message text: the story, the catch-up, then the tail (the ping, the clock, the
    prompt). Too long for Discord, the catch-up goes first, then the oldest blocks of the story
    (the log keeps them): the ping and the prompt at the end are never cut."""
    kept = list(story)
    extra = [catch_up] if catch_up else []
    dropped = 0

    def text() -> str:
        head = [t("story.earlier", locale, count=dropped)] if dropped else []
        return gap.join([*head, *kept, *extra]) + "\n" + "\n".join(part for part in tail if part)

    if len(text()) > MESSAGE_LIMIT:
        extra = []
    while len(text()) > MESSAGE_LIMIT and len(kept) > 1:
        kept.pop(0)
        dropped += 1
    return fit(text())
