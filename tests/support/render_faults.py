"""Faultlink: Hexlink (tests/support/tinygame/) whose board drawing misbehaves on demand, for
the tests of the drawing workers (tests/discord/test_render_pool.py).

Whether it does is read from what crosses into a worker anyway, the seat names the board
prints: a player whose name starts with `SLOW` makes every drawing of their game take
`SLOW_SECONDS`; `CRASH`, the worker process killed under it (as a crash in C code or running out
of memory would end it; only ever in a worker, never in the test's own process); `RAISE`, the drawing
raise. The game is registered in the test's process (`registered(SPEC)`) and, through the
workers' initializer `in_workers`, in each worker.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.base import AnyGame
from games.registry import registered
from presenters.protocol import Event, Presenter
from service.images import prepare_worker
from service.workers import Workers
from tests.support.tinygame.engine import Hexlink
from tests.support.tinygame.presenter import HexlinkPresenter
from tests.support.tinygame.spec import SPEC as HEXLINK

SLOW, CRASH, RAISE = "SLOW", "CRASH", "RAISE"
SLOW_SECONDS = 1.5


class FaultlinkPresenter(HexlinkPresenter):
    """Hexlink's words and board; its board drawing slow, deadly or failing by the names."""

    def render(
        self,
        view: Any,
        options: dict[str, Any],
        names: list[str],
        changed: tuple[str, ...] = (),
        whole: bool = False,
        *,
        locale: str | None = None,
        turn: Sequence[Event] = (),
    ) -> bytes:
        if any(name.startswith(CRASH) for name in names) and multiprocessing.parent_process() is not None:
            os.kill(os.getpid(), signal.SIGKILL)  # a worker killed mid-drawing, its result never sent
        if any(name.startswith(RAISE) for name in names):
            raise RuntimeError("the drawing failed")
        if any(name.startswith(SLOW) for name in names):
            time.sleep(SLOW_SECONDS)
        return super().render(view, options, names, changed, whole, locale=locale, turn=turn)


def presenter(engine: AnyGame) -> Presenter:
    if not isinstance(engine, Hexlink):
        raise TypeError(f"Faultlink's presenter needs Hexlink's engine, not {type(engine).__name__}")
    return FaultlinkPresenter(engine)


SPEC = replace(HEXLINK, presenter=presenter)
"""Hexlink's entry (its id, engine and words) with the faulty presenter."""

_HELD = contextlib.ExitStack()


def in_workers() -> None:
    """A worker's initializer: the game registered there for the worker's life, then what every
    drawing worker does first."""
    _HELD.enter_context(registered(SPEC))
    prepare_worker(())


def faulty_workers(processes: int = 2) -> Workers:
    """Drawing workers that know Faultlink."""
    return Workers(processes, initializer=in_workers, preload=("service.images",))
