"""A refusal's words, read as a player reads them: `presenters/errors.py` `error_text` (a
`GameError` carries a key and parameters; `str()` is for logs)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from presenters.errors import error_text


@contextmanager
def refusing(kind: type[BaseException], match: str) -> Iterator[Any]:
    """`pytest.raises(kind, match=match)`, matched against the refusal's English words."""
    with pytest.raises(kind) as caught:
        yield caught
    text = error_text(caught.value)
    assert re.search(match, text), f"{match!r} not in the refusal {text!r}"
