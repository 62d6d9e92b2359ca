"""`python scripts/content_texts.py [LANG ...]`: the content texts for the translators, from the
data files. It writes `i18n/en_content.py` from every registered game's `content_texts`
(games/spec.py), then brings the template and the PO files in step (`python -m i18n update`).

Run it after editing a data file's words (a mission card's name, a tribe's line). It lives here,
above the games, because it reads them all; i18n/ below them names none (docs/translating.md).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))  # the checkout this script belongs to, not an installed copy
    from games.registry import content_texts
    from i18n.content_catalog import MODULE, write_module

    if write_module(content_texts()):
        print(f"{MODULE.name}: written from the data files")
    # A new process, so the update reads the catalog just written and not the one imported above.
    update = [sys.executable, "-m", "i18n", "update", *argv]
    return subprocess.run(update, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
