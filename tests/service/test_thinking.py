"""The thinking queue (service/thinking.py) alone: which decision gets a free worker next, the
cap on one member's share, and a decision whose caller stopped waiting or whose worker failed.

The workers here are a stand-in whose calls finish when the test says so, so the order is the
queue's and nothing else's; tests/discord/test_thinking_pool.py runs the real processes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from service.thinking import Thinking
from service.workers import WorkerCrashed

ANN, BOB = 1, 2
STRONG = 3.0


class HeldWorkers:
    """Workers whose every call waits until `finish` lets it: what started, in order."""

    processes = 2

    def __init__(self) -> None:
        self.started: list[Any] = []
        self._gates: dict[Any, asyncio.Event] = {}

    async def run(self, call: Callable[[], Any]) -> Any:
        label = call()
        self.started.append(label)
        gate = self._gates.setdefault(label, asyncio.Event())
        await gate.wait()
        if label == "doomed":
            raise WorkerCrashed("a worker process died each time it ran decide")
        return label

    async def finish(self, *labels: Any) -> None:
        for label in labels:
            self._gates.setdefault(label, asyncio.Event()).set()
        await settle()


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def asked(
    thinking: Thinking, member: int, channel: int, label: Any, seconds: float = STRONG
) -> asyncio.Task[Any]:
    return asyncio.ensure_future(thinking.run(member, channel, seconds, lambda: label))


async def test_another_members_decision_waits_for_no_more_than_the_first_to_end():
    workers = HeldWorkers()
    thinking = Thinking(workers, member_seconds=2 * STRONG)  # type: ignore[arg-type]
    anns = [asked(thinking, ANN, channel, f"ann {channel}") for channel in range(10)]
    await settle()
    bobs = asked(thinking, BOB, 99, "bob")
    await settle()
    assert workers.started == ["ann 0", "ann 1"], "ann's two fill both workers; the rest wait"
    assert thinking.held(ANN) == 2 * STRONG and thinking.waiting() == 9

    await workers.finish("ann 0")
    assert workers.started[2] == "bob", "bob's one is next, not after ann's other eight"
    await workers.finish("bob")
    assert await bobs == "bob"
    await workers.finish(*(f"ann {channel}" for channel in range(10)))
    assert await asyncio.gather(*anns) == [f"ann {channel}" for channel in range(10)]
    assert workers.started[3:] == [f"ann {channel}" for channel in range(2, 10)], (
        "ann's in the order they came"
    )
    assert thinking.held(ANN) == 0 and thinking.waiting() == 0


async def test_one_decision_always_fits_whatever_it_costs():
    workers = HeldWorkers()
    thinking = Thinking(workers, member_seconds=1.0)  # type: ignore[arg-type]
    big = asked(thinking, ANN, 1, "big", seconds=STRONG)
    after = asked(thinking, ANN, 2, "after", seconds=0.5)
    await settle()
    assert workers.started == ["big"], "over the cap together: the second waits outside"
    await workers.finish("big", "after")
    assert await big == "big" and await after == "after"


async def test_channels_take_turns_for_a_free_worker():
    workers = HeldWorkers()
    workers.processes = 1
    thinking = Thinking(workers, member_seconds=100.0)  # type: ignore[arg-type]
    first = asked(thinking, ANN, 1, "first")
    await settle()
    waiting = [
        asked(thinking, ANN, 1, "one again"),
        asked(thinking, ANN, 1, "one more"),
        asked(thinking, BOB, 2, "two"),
    ]
    await settle()
    await workers.finish("first", "one again", "one more", "two")
    await asyncio.gather(first, *waiting)
    assert workers.started == ["first", "one again", "two", "one more"], "channel 2 is served between 1's"


async def test_a_failed_or_abandoned_decision_gives_back_its_seconds():
    workers = HeldWorkers()
    thinking = Thinking(workers, member_seconds=STRONG)  # type: ignore[arg-type]
    doomed = asked(thinking, ANN, 1, "doomed")
    given_up = asked(thinking, ANN, 2, "given up")
    later = asked(thinking, ANN, 3, "later")
    await settle()
    given_up.cancel()  # its table closed while it waited
    await workers.finish("doomed")
    with pytest.raises(WorkerCrashed):
        await doomed
    assert workers.started == ["doomed", "later"], "the abandoned one never ran"
    await workers.finish("later")
    assert await later == "later" and thinking.held(ANN) == 0 and thinking.waiting() == 0
