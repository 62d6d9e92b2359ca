"""Where the tests find the repository and their data, wherever the test module sits in tests/."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository: tests/support/paths.py is two below it
FIXTURES = ROOT / "tests" / "fixtures"
