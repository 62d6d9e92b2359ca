"""Every repository path the docs cite in backticks exists.

A citation is a word inside `backticks` in `docs/*.md` or `README.md` that looks like a path:
it has a `/`, is relative (not a slash command such as `/game new`, not an absolute path such as
`/data`), is no URL and holds no placeholder (`<game>`, `...`, `…`, `*`); a span holding `=` is a
formula or a setting and is skipped. Paths outside the repository (`../shared/...`) are not
checked. A pytest node id (`tests/test_x.py::test_y`) must name an existing file and a test
defined in it. Paths resolve against the repository root; failures name the doc, line and path.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.paths import ROOT

DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

SPAN = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"[A-Za-z0-9_.][A-Za-z0-9_./-]*/[A-Za-z0-9_./-]*(::\w+)?")
PLACEHOLDERS = ("<", ">", "...", "…", "*", "{", "}", "$")
TRAILING = ".,;:)"


def cited_paths(text: str) -> list[tuple[int, str]]:
    """(line number, path) for each path cited in backticks outside fenced code blocks."""
    found: list[tuple[int, str]] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for span in SPAN.findall(line):
            if "=" in span:  # a formula (`x = q + r/2`) or a setting, not a citation
                continue
            for word in span.split():
                word = word.rstrip(TRAILING) if "::" not in word else word
                if "://" in word or any(mark in word for mark in PLACEHOLDERS):
                    continue
                if word.startswith("./"):
                    word = word[2:]
                if not PATH.fullmatch(word) or word.startswith("../"):
                    continue
                found.append((number, word))
    return found


def problem(path: str) -> str | None:
    """Why a cited path does not hold, or None when it does."""
    file, _, test = path.partition("::")
    target = ROOT / file
    if not target.exists():
        return "no such file or directory"
    if test and not re.search(rf"^\s*(async\s+)?def {re.escape(test)}\(", target.read_text(), re.MULTILINE):
        return f"no test {test} in {file}"
    return None


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.relative_to(ROOT).as_posix())
def test_every_cited_path_exists(doc: Path) -> None:
    name = doc.relative_to(ROOT).as_posix()
    missing = [
        f"{name}:{number}: `{path}`: {why}"
        for number, path in cited_paths(doc.read_text(encoding="utf-8"))
        if (why := problem(path)) is not None
    ]
    assert not missing, "stale paths cited in the docs:\n" + "\n".join(missing)


def test_the_citation_finder_sees_paths_and_skips_the_rest() -> None:
    text = (
        "Files: `engine/rebirth/game.py`, `render/revive/` and `data/rebirth` (`tests/test_x.py::test_y`).\n"
        "Not paths: `/game new`, `TABLETOP_DATABASE=/data/x`, `engine/<game>/`, `engine/rebirth/…`,\n"
        "`https://example.org/a`, `../shared/rules/revive.en.txt`, `tt:m:<game>:<version>`, `x = r/2`.\n"
        "```\n`inside/a/fence.py`\n```\n"
        "`python -m pytest -q tests/content/test_rebirth_data.py` and `./scripts/test`\n"
    )
    assert cited_paths(text) == [
        (1, "engine/rebirth/game.py"),
        (1, "render/revive/"),
        (1, "data/rebirth"),
        (1, "tests/test_x.py::test_y"),
        (7, "tests/content/test_rebirth_data.py"),
        (7, "scripts/test"),
    ]
    this_test = "tests/docs/test_cited_paths.py::test_the_citation_finder_sees_paths_and_skips_the_rest"
    assert problem(this_test) is None
    assert problem("tests/docs/test_cited_paths.py::test_nothing_by_this_name") is not None
    assert problem("engine/no_such_module.py") is not None
