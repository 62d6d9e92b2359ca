"""Revive's content under each rules version: the files hold the newest,
`content/data/revive/editions.json` says what a newer version changed, so a game started under an
older one keeps its numbers.

A game lives for weeks, and a stored game replays from its seed (`/undo`): rebalancing a tribe
must not change a game already under way. So every content change is written down once, as a
change of one value at a path, with the rules version that made it, its old and new value and
why (docs/revive.md "Rules versions" lists them for players):

    {"3": [{"file": "tribes", "at": ["tinkers", "ability", "effects", 0, "amount"],
            "from": 1, "to": 0, "why": "..."}]}

`at` walks the file: a key of a dict, or in a list the item whose `id` (or `colour`, or `side`)
is that string, or an index. `edition(content, version)` is the content as a game of `version`
reads it: the files, with every change of a later version set back to its `from`. `changes_between`
derives the change list from two contents, for writing the file after a rebalancing.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ITEM_KEYS = ("id", "colour", "side")
"""The keys that name an item of a list in a path (tribes by `id`, tracks by `colour`, ...)."""

Step = str | int


@dataclass(frozen=True)
class Change:
    """One value a rules version changed."""

    version: int
    file: str
    at: tuple[Step, ...]
    before: Any  # `from` in the file
    after: Any  # `to` in the file
    why: str


def read_changes(path: Path) -> list[Change]:
    """The change list of `editions.json`, oldest version first (an absent file: none)."""
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    return [
        Change(
            int(version), entry["file"], tuple(entry["at"]), entry["from"], entry["to"], entry.get("why", "")
        )
        for version in sorted(data, key=int)
        for entry in data[version]
    ]


def item_name(item: Any) -> str | None:
    """How a path names a list item: its `id`, `colour` or `side`; None for an unnamed item."""
    if isinstance(item, dict):
        for key in ITEM_KEYS:
            if isinstance(item.get(key), str):
                return str(item[key])
    return None


def step_into(node: Any, step: Step) -> tuple[Any, Any]:
    """(container, key) that `step` addresses in `node`; KeyError when there is none."""
    if isinstance(node, dict):
        if step not in node:
            raise KeyError(step)
        return node, step
    if isinstance(node, list):
        if isinstance(step, int) and 0 <= step < len(node):
            return node, step
        for index, item in enumerate(node):
            if item_name(item) == step:
                return node, index
    raise KeyError(step)


def locate(content: dict[str, Any], file: str, at: tuple[Step, ...]) -> tuple[Any, Any]:
    """(container, key) of the value at `at` in `content[file]`; KeyError when the path is not."""
    node: Any = content
    container, key = step_into(node, file)
    for step in at:
        node = container[key]
        container, key = step_into(node, step)
    return container, key


def edition(content: dict[str, Any], version: int, changes: list[Change]) -> dict[str, Any]:
    """The content a game of rules `version` reads: every change of a later version undone."""
    later = [change for change in changes if change.version > version]
    if not later:
        return content
    older = copy.deepcopy(content)
    for change in reversed(later):
        container, key = locate(older, change.file, change.at)
        container[key] = copy.deepcopy(change.before)
    return older


def change_problems(content: dict[str, Any], changes: list[Change]) -> list[str]:
    """Every change must point at a value of the files that equals its `to` once the later
    changes are undone (so the file and the list cannot drift apart) and give a reason."""
    problems = []
    for change in changes:
        where = f"editions: {change.version} {change.file} {'/'.join(map(str, change.at))}"
        try:
            container, key = locate(edition(content, change.version, changes), change.file, change.at)
        except KeyError as missing:
            problems.append(f"{where}: no such value ({missing})")
            continue
        if container[key] != change.after:
            problems.append(f"{where}: the files hold {container[key]!r}, the change says {change.after!r}")
        if change.before == change.after:
            problems.append(f"{where}: changes nothing")
        if not change.why.strip():
            problems.append(f"{where}: says no why")
    return problems


def changes_between(old: Any, new: Any, at: tuple[Step, ...] = ()) -> list[tuple[tuple[Step, ...], Any, Any]]:
    """(path, old value, new value) for every value that differs between two contents, at the
    deepest path that still names both (lists of named items are matched by name)."""
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return [diff for key in old for diff in changes_between(old[key], new[key], (*at, key))]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        names = [item_name(item) for item in old]
        if names == [item_name(item) for item in new]:
            steps: list[Step] = [name if name is not None else index for index, name in enumerate(names)]
            if len(set(steps)) == len(steps):
                return [
                    diff
                    for step, a, b in zip(steps, old, new, strict=True)
                    for diff in changes_between(a, b, (*at, step))
                ]
    return [] if old == new else [(at, old, new)]
