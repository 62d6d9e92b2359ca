"""The sandbox as `./scripts/run-bot` starts it with no token: `python bot.py` in a subprocess,
read until its banner ends, stopped with Ctrl+C (tests/sandbox/test_without_browser.py, test_browser.py)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.support.paths import ROOT

URL = re.compile(r"http://127\.0\.0\.1:\d+/#\S+")


@dataclass
class Started:
    """What the sandbox said: its banner (`url` in it) while it runs; once stopped, the rest of
    its output and how it exited."""

    banner: str
    url: str | None
    out: str = ""
    err: str = ""
    returncode: int | None = None


@contextmanager
def sandbox_process(cwd: Path, **env: str) -> Iterator[Started]:
    """Start it in `cwd` (no .env there) with no DISCORD_TOKEN and `env` added; yield once it
    printed "Ctrl+C stops the sandbox."; at the end press Ctrl+C and wait for it."""
    unset = ("DISCORD_TOKEN", "TABLETOP_SANDBOX_DATABASE")
    environment = {k: v for k, v in os.environ.items() if k not in unset}
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "bot.py"), "--log-level", "warning"],
        cwd=cwd,
        env={**environment, "PYTHONPATH": str(ROOT), **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    started = Started("", None)
    try:
        assert process.stdout is not None
        said = []
        for line in process.stdout:
            said.append(line)
            if "Ctrl+C" in line:
                break
        started.banner = "".join(said)
        started.url = next(iter(URL.findall(started.banner)), None)
        yield started
    finally:
        process.send_signal(signal.SIGINT)
        started.out, started.err = process.communicate(timeout=30)
        started.returncode = process.returncode
