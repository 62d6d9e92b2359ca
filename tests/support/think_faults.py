"""Thinklink: Hexlink (tests/support/tinygame/) whose AI decisions misbehave on demand in the
thinking workers, for the tests of where the AI players think (tests/discord/test_thinking_pool.py).

A decision starts by reading the stored state (`service/ai_players.py` `decide` calls `loads`),
so that is where the faults sit, only ever in a worker process, never in the test's own:
- a crash: the first decision to find the file `crash_marker` takes it away and kills its own
  worker (as a crash in C code or running out of memory would end it), once;
- slowness: every decision takes `slow_seconds` more, so a test can hold every thinking
  worker busy while it looks at what else the bot does.
Both are set when a worker starts (`in_thinking_workers`), the way the real thinking workers
start (`service/thinking.py` `lower_priority`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from dataclasses import replace
from typing import Any

from games.registry import registered
from service.thinking import lower_priority
from service.workers import Workers
from tests.support.tinygame.engine import Hexlink
from tests.support.tinygame.spec import SPEC as HEXLINK

_faults: dict[str, Any] = {"crash_marker": None, "slow_seconds": 0.0, "last_read": None}


class Thinklink(Hexlink):
    """Hexlink whose state, read in a thinking worker, crashes it or takes its time."""

    def loads(self, text: str) -> Any:
        if multiprocessing.parent_process() is not None and text != _faults["last_read"]:
            _faults["last_read"] = text  # the search reads states of its own after: once a decision
            marker = _faults["crash_marker"]
            if marker is not None and _taken(marker):
                os.kill(os.getpid(), signal.SIGKILL)  # a worker killed mid-decision
            time.sleep(_faults["slow_seconds"])
        return super().loads(text)


def _taken(path: str) -> bool:
    """Whether this process removed the file at `path` (only one process ever does)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    return True


SPEC = replace(HEXLINK, load_engine=Thinklink)
"""Hexlink's entry (its id, words and board) with the faulty engine."""

_HELD = contextlib.ExitStack()


def in_thinking_workers(crash_marker: str | None, slow_seconds: float) -> None:
    """A thinking worker's initializer: what the real one does, the faults chosen, and the game
    registered for the worker's life."""
    lower_priority()
    _faults.update(crash_marker=crash_marker, slow_seconds=slow_seconds)
    _HELD.enter_context(registered(SPEC))


def faulty_thinkers(
    processes: int = 2, crash_marker: str | None = None, slow_seconds: float = 0.0
) -> Workers:
    """Thinking workers that know Thinklink, with these faults."""
    return Workers(
        processes,
        initializer=in_thinking_workers,
        initargs=(crash_marker, slow_seconds),
        preload=("service.ai_players",),
    )
