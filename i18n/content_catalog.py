"""The generated catalog of content texts, `i18n/en_content.py`: where it is and how it is written.

The texts come from the games (each registry entry's `content_texts`, games/spec.py), which
scripts/content_texts.py collects and hands here: i18n/ sits below the games and their content,
so it names no game and reads no data file (i18n/content.py says why it is a generated module).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

MODULE = Path(__file__).resolve().parent / "en_content.py"
HEADER = '''"""English content texts, generated from the data files by `python scripts/content_texts.py`: do not edit.

Edit the data file instead and run that script (i18n/content.py, games/spec.py `content_texts`).
"""

MESSAGES: dict[str, str] = {
'''


def module_source(entries: Mapping[str, str]) -> str:
    """The Python source of `i18n/en_content.py` for `entries` (a JSON string is a Python one)."""
    lines = [
        f"    {json.dumps(name)}: {json.dumps(english, ensure_ascii=False)},\n"
        for name, english in entries.items()
    ]
    return HEADER + "".join(lines) + "}\n"


def write_module(entries: Mapping[str, str]) -> bool:
    """Write `i18n/en_content.py` holding `entries`; True when it changed."""
    source = module_source(entries)
    if MODULE.exists() and MODULE.read_text(encoding="utf-8") == source:
        return False
    MODULE.write_text(source, encoding="utf-8")
    return True
