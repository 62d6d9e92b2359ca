"""The layering rules of DEVELOPERS.md, checked on the source: the engine stays pure, SQL stays
in db/, Discord stays in cogs/ and bot.py."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE_EDGE = {"cli.py", "__main__.py"}  # the engine's command line may read files and print
FORBIDDEN_IN_ENGINE = {
    "discord",
    "aiosqlite",
    "sqlite3",
    "asyncio",
    "socket",
    "PIL",
    "os",
    "pathlib",
    "io",
    "db",
    "render",
    "cogs",
    "service",
    "content",
    "bot",
    "requests",
    "aiohttp",
    "time",
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_engine_imports_no_io_discord_or_asyncio():
    for path in python_files("engine"):
        if path.name in ENGINE_EDGE:
            continue
        bad = imported_modules(path) & FORBIDDEN_IN_ENGINE
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_engine_does_not_open_files():
    for path in python_files("engine"):
        if path.name in ENGINE_EDGE:
            continue
        source = path.read_text()
        assert "open(" not in source.replace("_open(", ""), path


def test_only_db_speaks_sql_and_only_cogs_and_bot_speak_discord():
    for folder in ("engine", "render", "service", "content", "cogs", "i18n"):
        for path in python_files(folder):
            mods = imported_modules(path)
            assert not mods & {"sqlite3", "aiosqlite"}, f"SQL outside db/: {path}"
            if folder != "cogs":
                assert "discord" not in mods, f"discord outside cogs/ and bot.py: {path}"
