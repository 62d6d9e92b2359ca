"""Entry point for `python -m engine` (see engine/cli.py)."""

import sys

from engine.cli import main

sys.exit(main())
