"""Worker processes for CPU-bound work: drawing images now, an opponent's searches later.

Threads share one interpreter lock: fifty boards drawn "in parallel" in threads are drawn one
after another, between the event loop's own steps, so every channel's reply waits for nearly
the whole burst. A `Workers` runs a picklable top-level function with picklable arguments in
a pool of processes sized to the machine, each with its own lock, in the order the calls came
(the pool's queue is first in, first out: an early call finishes early).

With no processes (`processes=0`) it runs the call in a thread of the event loop's default
executor, as the bot always did: for the tests and the sandbox, where a pool per bot would cost
more than it gives. docs/scale.md has the figures and the reasons.

Processes are started with `forkserver` (or `spawn` where there is none), never by forking the
bot's own process, which holds an event loop, sockets and the database driver's thread. The
fork server imports `preload` once, so a worker starts in tens of milliseconds; `initializer`
(a top-level function) runs in each worker once, before its first call: whatever it caches
there (a game's static image layers) serves every later call in that process.

A worker that dies (killed, out of memory, a crash in C code) breaks the pool: every call in
flight or queued in it is lost with it, whichever call killed it. The pool is replaced at once and
each of those calls runs again on the new one (`RETRIES` times at most), so a crash in one channel
costs the others a moment, not their replies; the calls run here are pure functions of their
arguments (a drawing, an AI decision), so running one again gives the same answer. A call still
lost after that raises `WorkerCrashed`, and callers decide what it costs (an image: drawn as None,
the reply still goes out; an AI decision: left for the periodic check).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

WORKERS_VARIABLE = "TABLETOP_RENDER_WORKERS"
"""How many worker processes draw images: unset, the machine's processors; 0, a thread of the
bot's own process (no pool)."""


class WorkerCrashed(RuntimeError):
    """A worker process died under the call each time it ran (`Workers.RETRIES` + 1 times): its
    result is lost. The pool is started anew for the next call."""


def machine_workers() -> int:
    """The processors this process may run on (at least 1): one worker per processor."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        count = counted()
    elif hasattr(os, "sched_getaffinity"):
        count = len(os.sched_getaffinity(0))
    else:
        count = os.cpu_count()
    return max(1, count or 1)


def configured_workers(environ: Mapping[str, str] = os.environ, default: int | None = None) -> int:
    """The number of worker processes `WORKERS_VARIABLE` asks for; when it is unset, `default`
    (None: `machine_workers()`). A value that is not a whole number at least 0 is logged and
    the default used: a typo must not stop the bot."""
    fallback = machine_workers() if default is None else default
    text = environ.get(WORKERS_VARIABLE, "").strip()
    if not text:
        return fallback
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        log.warning("%s=%r is not a number of processes (0 or more): %d", WORKERS_VARIABLE, text, fallback)
        return fallback
    return value


def _start_context() -> multiprocessing.context.BaseContext:
    """`forkserver` where the platform has it, else `spawn`: never a fork of the bot itself."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def _started() -> int:
    """A call that does nothing but make the executor start a worker for it."""
    return os.getpid()


def _initialize(ready: Any, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """A new worker's first step: the owner's initializer, then its process id on `ready` (a
    queue), so `Workers` knows every worker is up before it hands out calls."""
    try:
        if initializer is not None:
            initializer(*initargs)
    finally:
        ready.put(os.getpid())


async def _blocking(call: Callable[[], object]) -> None:
    """`call` in a thread, outside the caller's context variables: what they select (a test
    harness's virtual clock behind `time.monotonic`, say) must not reach multiprocessing's
    waits, whose timeouts count real time."""
    await asyncio.to_thread(contextvars.Context().run, call)


def _name(function: Callable[..., object]) -> str:
    """A function's name for the log: never its arguments, which may hold a game's hidden state."""
    while isinstance(function, functools.partial):
        function = function.func
    return str(getattr(function, "__qualname__", type(function).__name__))


class Workers:
    """A pool of `processes` worker processes (0: a thread, no pool), shared by the bot's
    collaborators; owned by whoever makes it, who may `start` it early and must `close` it."""

    START_TIMEOUT = 60.0  # seconds for every worker of a new pool to be up
    RETRIES = 1  # times a call lost with its worker runs again on a new pool

    def __init__(
        self,
        processes: int = 0,
        *,
        initializer: Callable[..., object] | None = None,
        initargs: tuple[Any, ...] = (),
        preload: Iterable[str] = (),
    ) -> None:
        if processes < 0:
            raise ValueError("a pool has 0 or more processes")
        self.processes = processes
        self._initializer = initializer
        self._initargs = initargs
        self._preload = list(preload)
        self._pool: ProcessPoolExecutor | None = None
        self.pids: tuple[int, ...] = ()  # the current pool's worker processes, once started
        self._starting = asyncio.Lock()
        self._suspects = asyncio.Lock()  # calls lost with a worker run again one at a time
        self._guard = threading.Lock()  # `_pool` and `_closed` change together (see `_new_pool`)
        self._closed = False

    @property
    def in_processes(self) -> bool:
        """Whether calls run in other processes (their functions and arguments must pickle)."""
        return self.processes > 0

    async def start(self) -> list[int]:
        """Start every worker now, each running its initializer, rather than at the first call:
        the ids of the worker processes. Nothing in thread mode."""
        if not self.in_processes:
            return []
        await self._running_pool()
        return list(self.pids)

    async def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`function(*args, **kwargs)` in a worker, in the order calls came; its result, or the
        exception it raised; run again on a new pool when a worker died under it, and
        `WorkerCrashed` when that kept happening. In thread mode any callable will do; in
        processes, a top-level function and picklable arguments."""
        call = functools.partial(function, *args, **kwargs)
        if not self.in_processes:
            return await asyncio.to_thread(call)
        name = _name(function)
        lost = 0
        for _ in range(2 * (self.RETRIES + 1)):  # a pool found broken before the call started counts too
            # A call lost once may be the one that killed its worker, so the calls lost run again
            # one at a time: one that kills every worker it meets takes no other lost call down a
            # second time (a new call that arrives meanwhile may still be lost, once).
            async with self._suspects if lost else contextlib.nullcontext():
                pool = await self._running_pool()
                try:
                    future = pool.submit(call)
                except BrokenProcessPool:
                    self._replace(pool)
                    continue
                try:
                    return await asyncio.wrap_future(future)
                except BrokenProcessPool as broken:
                    self._replace(pool)
                    lost += 1
                    if lost > self.RETRIES:
                        raise WorkerCrashed(f"a worker process died each time it ran {name}") from broken
                    log.warning("a worker process died with %s in the pool; it runs again on a new one", name)
        raise WorkerCrashed("the worker processes died before the call could start")

    async def _running_pool(self) -> ProcessPoolExecutor:
        """The pool, every worker started (the first call, or the first after a crash, starts
        them, off the event loop: a process start must not stall other commands)."""
        async with self._starting:
            if self._pool is None and not self._closed:
                await _blocking(self._new_pool)
            if self._pool is None:
                raise RuntimeError("the workers are closed")
            return self._pool

    def _new_pool(self) -> None:
        """A pool whose `processes` workers are all up, as `_pool` (blocking: run in a thread).
        One call per worker makes the executor start each process; each reports once its
        initializer ran. A pool started while `close` ran is stopped at once: never left over."""
        context = _start_context()
        if self._preload and context.get_start_method() == "forkserver":
            # Imported once in the fork server, so each worker starts with them loaded; the main
            # module too, as the default list has it, so workers do not import it again.
            context.set_forkserver_preload(["__main__", *self._preload])
        ready = context.Queue()
        pool = ProcessPoolExecutor(
            self.processes,
            mp_context=context,
            initializer=_initialize,
            initargs=(ready, self._initializer, self._initargs),
        )
        for _ in range(self.processes):
            pool.submit(_started)
        pids = []
        try:
            for _ in range(self.processes):
                pids.append(ready.get(timeout=self.START_TIMEOUT))
        except queue.Empty:
            log.warning("a worker process did not start within %.0f s", self.START_TIMEOUT)
        ready.close()
        with self._guard:
            if not self._closed:
                self._pool, self.pids = pool, tuple(sorted(pids))
                return
        pool.shutdown(wait=True, cancel_futures=True)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Forget a broken pool (once, however many of its calls fail): the next call starts a
        new one."""
        if self._pool is broken:
            log.error("a worker process died; a new pool starts with the next call")
            self._pool, self.pids = None, ()
            broken.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers: calls not started are cancelled, running ones finish, and every
        process is joined (off the event loop). Later calls are refused."""
        with self._guard:
            self._closed = True
            pool, self._pool, self.pids = self._pool, None, ()
        if pool is not None:
            await _blocking(functools.partial(pool.shutdown, True, cancel_futures=True))
