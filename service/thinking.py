"""Where the AI players think: processes of their own, handed out fairly between channels, with
a cap on how much thinking one member's tables may hold at once.

A board is wanted by a person waiting on a reply; a search takes up to a few seconds of a core
and nobody watches it. In one first-come pool with the drawings, ten solo tables' searches would
sit before every board of every other channel. So the searches run apart:
- in a pool of their own (`thinking_workers`) whose processes run at a lower CPU priority
  (`NICENESS`): the operating system gives the event loop and the drawing processes a core
  first, and the searches take whatever is left, so a busy bot still uses every core;
- behind a queue that hands a free worker to the channels in turn, not to the call that came
  first: a channel with one decision waiting is served before another channel's tenth;
- with each member's tables (a game is its creator's) holding at most `MEMBER_SECONDS` of
  thinking queued or running; what is over waits outside the queue, so ten solo tables of one
  member slow that member's own tables and nobody else's.

A decision's cost is its level's seconds (`engine/ai/levels.py`), an upper bound of what it may
take. The queue lives in memory: a restart forgets it, and the periodic check plays what is owed.
"""

from __future__ import annotations

import asyncio
import functools
import os
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from service.workers import Workers

T = TypeVar("T")

NICENESS = 10
"""How much lower than the bot's own the thinking processes' CPU priority is (`os.nice`): enough
that a drawing or a command beside a busy search takes nearly the whole core it needs."""

MEMBER_SECONDS = 6.0
"""The thinking seconds one member's tables may hold queued or running at once: two `strong`
decisions, or six `normal` ones. One decision is always let in, whatever it costs."""


def lower_priority() -> None:
    """A thinking worker's first step: run at `NICENESS` below the bot's priority."""
    os.nice(NICENESS)


def thinking_workers(processes: int) -> Workers:
    """The processes the AI players think in: as many as draw the boards (0: a thread of the
    bot's own process), each at a lower priority; the fork server imports the search once."""
    return Workers(processes, initializer=lower_priority, preload=("service.ai_players",))


@dataclass
class _Decision:
    member: int
    channel: int
    seconds: float
    call: Callable[[], Any]
    answer: asyncio.Future[Any] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class Thinking:
    """Runs AI decisions in `workers`, `slots` at a time (by default one per worker process),
    in turn between channels and within each member's cap; shared by every table of the bot."""

    def __init__(
        self, workers: Workers, *, slots: int | None = None, member_seconds: float = MEMBER_SECONDS
    ) -> None:
        self.workers = workers
        self.slots = slots or max(1, workers.processes)
        self.member_seconds = member_seconds
        self._outside: dict[int, deque[_Decision]] = {}  # over its member's cap, in the order they came
        self._queued: OrderedDict[int, deque[_Decision]] = OrderedDict()  # by channel, served in turn
        self._held: dict[int, float] = {}  # each member's seconds queued or running
        self._running: set[asyncio.Task[None]] = set()

    def held(self, member: int) -> float:
        """The thinking seconds `member`'s tables hold queued or running now."""
        return self._held.get(member, 0.0)

    def waiting(self) -> int:
        """How many decisions wait, in the queue or outside it."""
        return sum(map(len, self._queued.values())) + sum(map(len, self._outside.values()))

    async def run(
        self, member: int, channel: int, seconds: float, function: Callable[..., T], *args: Any
    ) -> T:
        """`function(*args)` in the thinking workers, once it is this channel's turn and within
        `member`'s cap; its result, or the exception it raised (`WorkerCrashed` as the workers
        say). `seconds` is what it may cost."""
        decision = _Decision(member, channel, seconds, functools.partial(function, *args))
        self._outside.setdefault(member, deque()).append(decision)
        self._admit(member)
        self._dispatch()
        try:
            result: T = await asyncio.shield(decision.answer)
        except asyncio.CancelledError:
            decision.answer.cancel()  # one not started yet leaves the queue when its turn comes
            raise
        return result

    def _admit(self, member: int) -> None:
        """Move `member`'s decisions from outside into the queue while they fit under the cap."""
        outside = self._outside.get(member)
        while outside:
            decision = outside[0]
            if self.held(member) and self.held(member) + decision.seconds > self.member_seconds:
                return
            outside.popleft()
            if decision.answer.done():  # its caller gave up waiting
                continue
            self._held[member] = self.held(member) + decision.seconds
            self._queued.setdefault(decision.channel, deque()).append(decision)
        self._outside.pop(member, None)

    def _dispatch(self) -> None:
        """Start decisions while a slot is free: the first channel in line gives its oldest, and
        goes to the back of the line if it has more."""
        while len(self._running) < self.slots and self._queued:
            channel, line = next(iter(self._queued.items()))
            decision = line.popleft()
            if line:
                self._queued.move_to_end(channel)
            else:
                del self._queued[channel]
            if decision.answer.done():
                self._release(decision)
                continue
            task = asyncio.create_task(self._think(decision))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    async def _think(self, decision: _Decision) -> None:
        try:
            result = await self.workers.run(decision.call)
        except asyncio.CancelledError:  # the bot is closing
            decision.answer.cancel()
            raise
        except Exception as error:
            if not decision.answer.done():
                decision.answer.set_exception(error)
        else:
            if not decision.answer.done():
                decision.answer.set_result(result)
        finally:
            current = asyncio.current_task()
            if current is not None:  # its slot is free for the next decision now
                self._running.discard(current)
            self._release(decision)
            self._dispatch()

    def _release(self, decision: _Decision) -> None:
        """The decision's seconds given back to its member, and whatever now fits let in."""
        left = self.held(decision.member) - decision.seconds
        if left > 1e-9:
            self._held[decision.member] = left
        else:
            self._held.pop(decision.member, None)
        self._admit(decision.member)
