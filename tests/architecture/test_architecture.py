"""The layering rules of docs/architecture.md, checked on the source: imports run from higher
layers to lower ones only, the engine stays pure, SQL stays in db/, Discord stays in cogs/ and
bot.py; and the shape rules: no import cycles, no private names across modules,
short functions and files, a game named only by its own modules. Every failure names the file
and line."""

from __future__ import annotations

import ast
import functools
import itertools
import re
from pathlib import Path

from tests.support.paths import ROOT

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
    return sorted(existing(ROOT, folder).rglob("*.py"))


def test_engine_imports_no_io_discord_or_asyncio():
    for path in python_files("engine"):
        bad = imported_modules(path) & FORBIDDEN_IN_ENGINE
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_engine_does_not_open_files():
    for path in python_files("engine"):
        source = path.read_text()
        assert "open(" not in source.replace("_open(", ""), path


def test_only_db_speaks_sql_and_only_cogs_and_bot_speak_discord():
    for folder in ("engine", "render", "service", "content", "cogs", "i18n", "games", "presenters"):
        for path in python_files(folder):
            mods = imported_modules(path)
            assert not mods & {"sqlite3", "aiosqlite"}, f"SQL outside db/: {path}"
            if folder != "cogs":
                assert "discord" not in mods, f"discord outside cogs/ and bot.py: {path}"


# --------------------------------------------------------------------------------------------------
# The shape rules (docs/architecture.md): no import cycles, no private names across
# modules, short functions and files, game ids only in their games' own modules. Each checker
# takes the folder it reads, so the synthetic cases at the end can run it on a small tree.

SOURCE_FOLDERS = (
    "bench",
    "cogs",
    "content",
    "db",
    "engine",
    "games",
    "i18n",
    "presenters",
    "render",
    "sandbox",
    "service",
)
SOURCE_FILES = ("bot.py", "offline.py")
TEST_FOLDERS = ("tests",)
MAX_FUNCTION_LINES = 80
MAX_FILE_LINES = 1_000
# The public API of namedtuples starts with an underscore so as not to clash with field names.
NAMEDTUPLE_API = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
# Exempt from the game-id rule: translation catalogs are data keyed by game (`move.rebirth.*`);
# tests and benchmarks must say which game they play; neither is read by another game's code.
GAME_NAME_EXEMPT = ("i18n", "tests", "bench")


def existing(root: Path, relative: str) -> Path:
    """`root / relative`, which must exist: a rule must not pass because it reads nothing."""
    path = root / relative
    assert path.exists(), f"the architecture test names {relative}, which does not exist"
    return path


def files_under(root: Path, folders: tuple[str, ...], files: tuple[str, ...] = ()) -> list[Path]:
    found = [path for folder in folders for path in sorted(existing(root, folder).rglob("*.py"))]
    return found + [existing(root, name) for name in files]


def source_files(root: Path = ROOT) -> list[Path]:
    return files_under(root, SOURCE_FOLDERS, SOURCE_FILES)


def all_files(root: Path = ROOT) -> list[Path]:
    return source_files(root) + files_under(root, TEST_FOLDERS)


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def where(root: Path, path: Path, node: ast.AST | None = None) -> str:
    line = f":{getattr(node, 'lineno', 1)}" if node is not None else ""
    return f"{path.relative_to(root).as_posix()}{line}"


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_file(root: Path, name: str) -> Path | None:
    """The file of project module `name`: `<name>.py`, or `<name>/__init__.py` for a package."""
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def absolute_module(root: Path, path: Path, node: ast.ImportFrom) -> str:
    """The module a `from ... import` reads, relative imports resolved against `path`."""
    if not node.level:
        return node.module or ""
    package = module_name(root, path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(root: Path, path: Path) -> list[tuple[str, ast.AST]]:
    """Every module `path` imports anywhere (in functions and under TYPE_CHECKING too), with the
    node: `from a import b` imports the module `a.b` when there is one, else `a`."""
    found: list[tuple[str, ast.AST]] = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found += [(alias.name, node) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = absolute_module(root, path, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}" if base else alias.name
                found.append((sub if module_file(root, sub) else base, node))
    return found


def import_graph(root: Path, paths: list[Path]) -> dict[str, dict[str, str]]:
    """module -> {imported project module: where the first such import is}."""
    graph: dict[str, dict[str, str]] = {}
    for path in paths:
        importer = module_name(root, path)
        edges = graph.setdefault(importer, {})
        for target, node in imports_of(root, path):
            for module in (*enclosing_packages(target, importer), target):
                if module != importer and module_file(root, module) is not None:
                    edges.setdefault(module, where(root, path, node))
    return graph


def enclosing_packages(target: str, importer: str) -> list[str]:
    """The packages Python runs first when `importer` imports `target` (`a`, `a.b` for `a.b.c`):
    their `__init__` is a real dependency, except for a module already inside that package."""
    parts = target.split(".")
    return [
        package
        for package in (".".join(parts[:i]) for i in range(1, len(parts)))
        if not inside(importer, package)
    ]


def strongly_connected(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """Tarjan's algorithm: the groups of modules that reach each other (size > 1: cycles)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [group for group in groups if len(group) > 1]


def one_cycle(graph: dict[str, dict[str, str]], group: list[str]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph.get(node, {})):
            if nxt == start:
                return [*paths[node], start]
            if nxt in members and nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    return group


def cycle_problems(root: Path, paths: list[Path]) -> list[str]:
    graph = import_graph(root, paths)
    problems = []
    for group in strongly_connected(graph):
        cycle = one_cycle(graph, group)
        steps = [f"{graph[a][b]} imports {b}" for a, b in itertools.pairwise(cycle)]
        problems.append(f"import cycle among {', '.join(group)}:\n    " + "\n    ".join(steps))
    return problems


# --------------------------------------------------------------------------------------------------
# The layers, lowest first: the one place the order is written (docs/architecture.md "Layers"
# mirrors it). A module may import its own top-level package and the packages of lower layers;
# the packages of one layer are independent of each other. So every arrow points down.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("db", "engine", "i18n"),  # storage, rules, the catalogs: nothing of the project below them
    ("content", "render"),  # the data files (the engine's map parser, catalog keys); view in, PNG out
    ("presenters",),  # views and events into words and images
    ("games",),  # the registry: each game's engine, content, presenter, options
    ("service",),  # the use cases
    ("arena",),  # AI levels playing each other offline, for `tabletop arena` and the bench
    ("cogs", "offline"),  # the front ends: Discord's adapters, and the offline tools
    ("sandbox",),  # the bot in simcord's offline Discord, with two commands of its own
    ("bot",),  # the entry point: builds the bot, runs it or a tool
)
# Above every layer: they may import any layer and each other, and no layer imports them.
ON_TOP = ("bench", "scripts", "tests")


def layer_files(root: Path, layers: tuple[tuple[str, ...], ...]) -> list[Path]:
    """Every Python file of every package and top-level module the layers name."""
    found = []
    for name in itertools.chain(*layers):
        folder = root / name
        found += sorted(folder.rglob("*.py")) if folder.is_dir() else [existing(root, f"{name}.py")]
    return found


def unlayered(root: Path, layers: tuple[tuple[str, ...], ...], on_top: tuple[str, ...]) -> list[str]:
    """Top-level modules and packages of the checkout that no layer names (a new package must
    get its place in the order)."""
    named = {*itertools.chain(*layers), *on_top}
    found = {path.stem for path in root.glob("*.py")}
    found |= {path.name for path in root.iterdir() if path.is_dir() and any(path.glob("*.py"))}
    return [f"{name}: no layer names it" for name in sorted(found - named) if not name.startswith(".")]


def breach(rank: dict[str, int], on_top: tuple[str, ...], source: str, target: str) -> str | None:
    """What is wrong with package `source` importing package `target`, or None when the arrow
    points down."""
    if target not in rank:
        kind = "a tool on top" if target in on_top else "which no layer names"
        return f"{source} imports {target}, {kind}"
    if rank[target] < rank[source]:
        return None
    kind = "its own layer" if rank[target] == rank[source] else f"layer {rank[target] + 1}, above it"
    return f"{source} (layer {rank[source] + 1}) imports {target}, of {kind}"


def layer_problems(
    root: Path,
    layers: tuple[tuple[str, ...], ...],
    on_top: tuple[str, ...],
) -> list[str]:
    """Each import (in functions and under TYPE_CHECKING too) from a package to one of its own
    layer or a higher one, to a tool on top or to a package no layer names."""
    rank = {name: level for level, names in enumerate(layers) for name in names}
    problems: dict[str, str] = {}
    for path in layer_files(root, layers):
        source = module_name(root, path).split(".")[0]
        for target, node in imports_of(root, path):
            top = target.split(".")[0]
            if top == source or not (top in rank or top in on_top or module_file(root, top)):
                continue  # its own package, or not the project's (the standard library, a dependency)
            if (why := breach(rank, on_top, source, top)) is not None:
                problems[where(root, path, node)] = why
    return [f"{place}: {problem}" for place, problem in problems.items()]


# --------------------------------------------------------------------------------------------------
# Private names, lengths, game names.


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def inside(importer: str, package: str) -> bool:
    return importer == package or importer.startswith(package + ".")


def private_import_problems(root: Path, path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """A private module (`a._b`) may be imported only within its package `a`; a private name
    (`from m import _x`) only by `m` itself, unless `_x` is a private module of package `m`."""
    importer = module_name(root, path)
    problems = []
    if isinstance(node, ast.ImportFrom):
        base = absolute_module(root, path, node)
        modules = [base]
        for alias in node.names:
            if not is_private(alias.name):
                continue
            if module_file(root, f"{base}.{alias.name}"):
                modules.append(f"{base}.{alias.name}")
            elif importer != base:
                problems.append(f"{where(root, path, node)}: imports {base}'s private name {alias.name}")
    else:
        modules = [alias.name for alias in node.names]
    for module in modules:
        parts = module.split(".")
        for i, part in enumerate(parts):
            package = ".".join(parts[:i])
            if is_private(part) and not (package and inside(importer, package)):
                problems.append(f"{where(root, path, node)}: imports the private module {module}")
                break
    return problems


def private_attribute_problem(root: Path, path: Path, node: ast.AST) -> str | None:
    """`obj._x` (or `getattr(obj, "_x")`) on anything but `self`, `cls` or `super()`."""
    if isinstance(node, ast.Attribute):
        owner, name = node.value, node.attr
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"getattr", "setattr", "hasattr", "delattr"}
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        owner, name = node.args[0], node.args[1].value
    else:
        return None
    if not is_private(name) or name in NAMEDTUPLE_API:
        return None
    if isinstance(owner, ast.Name) and owner.id in {"self", "cls"}:
        return None
    if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super":
        return None
    return f"{where(root, path, node)}: {ast.unparse(owner)}.{name} uses a private name of another object"


def private_name_problems(root: Path, path: Path) -> list[str]:
    problems = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            problems += private_import_problems(root, path, node)
        elif (problem := private_attribute_problem(root, path, node)) is not None:
            problems.append(problem)
    return problems


def length_problems(root: Path, path: Path) -> list[str]:
    """Functions over MAX_FUNCTION_LINES (from `def` to their last line) and files over
    MAX_FILE_LINES, counted as the notes' funclen script counts them."""
    problems = []
    lines = len(path.read_text().splitlines())
    if lines > MAX_FILE_LINES:
        problems.append(f"{where(root, path)}: {lines} lines (at most {MAX_FILE_LINES})")
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                problems.append(f"{where(root, path, node)}: {node.name} is {length} lines")
    return problems


def documentation(tree: ast.Module) -> set[int]:
    """The ids of string constants that are documentation (a statement of their own)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def game_name_problems(root: Path, path: Path, owners: dict[str, str]) -> list[str]:
    """String literals outside a game's own modules that name it (`owners`: a game id or map id
    -> its game): the whole literal, or a part of it between `.`, `/`, `:` or spaces
    (`"revive.done"`, `"data/rebirth/tiles.json"`). A game's own modules have a path component
    equal to its id (`engine/rebirth/`, `games/rebirth.py`); docstrings are prose."""
    components = set(path.relative_to(root).with_suffix("").parts)
    tree = parsed(path)
    docs = documentation(tree)
    problems = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docs:
            continue
        for word in set(re.split(r"[./:\s]+", node.value)) & set(owners):
            if owners[word] not in components:
                problems.append(
                    f"{where(root, path, node)}: names {owners[word]}'s {word!r} ({node.value!r:.60})"
                )
    return problems


def game_names() -> dict[str, str]:
    """Every registered game id and option value (map ids), with the game it belongs to."""
    from games.registry import GAMES

    owners = {game_id: game_id for game_id in GAMES}
    for game_id, spec in GAMES.items():
        owners |= {choice.value: game_id for option in spec.options for choice in option.choices}
    return owners


def report(problems: list[str]) -> str:
    def key(problem: str) -> tuple[str, int]:
        place = problem.split(": ", 1)[0].split(":")
        return place[0], int(place[1]) if len(place) > 1 and place[1].isdigit() else 0

    return f"{len(problems)} problem(s):\n" + "\n".join(sorted(problems, key=key))


def test_no_import_cycles_among_the_project_modules():
    problems = cycle_problems(ROOT, source_files())
    assert not problems, report(problems)


def test_imports_run_down_the_layers_only():
    problems = layer_problems(ROOT, LAYERS, ON_TOP)
    assert not problems, report(problems)


def test_every_top_level_module_has_a_layer():
    problems = unlayered(ROOT, LAYERS, ON_TOP)
    assert not problems, report(problems)


def test_no_module_uses_another_modules_private_names():
    problems = [problem for path in all_files() for problem in private_name_problems(ROOT, path)]
    assert not problems, report(problems)


def test_functions_and_files_stay_short():
    problems = [problem for path in all_files() for problem in length_problems(ROOT, path)]
    assert not problems, report(problems)


def test_only_a_games_own_modules_name_it():
    owners = game_names()
    assert owners, "no registered game to look for"
    paths = [p for p in source_files() if p.relative_to(ROOT).parts[0] not in GAME_NAME_EXEMPT]
    problems = [problem for path in paths for problem in game_name_problems(ROOT, path, owners)]
    assert not problems, report(problems)


CITED = re.compile(
    r"(?<![\w./])((?:[A-Za-z_][\w-]*/)+(?:[\w-]+\.(?:py|md|toml))?|[\w-]+\.(?:md|toml))(?![\w/])"
)


def test_every_file_this_test_cites_exists():
    """The paths named in this module's docstrings and comments exist: the layering
    rules once cited a document that was never written."""
    text = Path(__file__).read_text()
    prose = [
        ast.get_docstring(node) or ""
        for node in ast.walk(parsed(Path(__file__)))
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
    ]
    prose += [line.split("#", 1)[1] for line in text.splitlines() if line.lstrip().startswith("#")]
    cited = {match for chunk in prose for match in CITED.findall(chunk)}
    assert cited, "the pattern finds no citation at all"
    missing = sorted(path for path in cited if not (ROOT / path).exists())
    assert not missing, f"{Path(__file__).name} cites {missing}, which do not exist"


# ------------------------------------------------------------------ the checkers on small trees


def small_tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def flagged(problems: list[str]) -> set[str]:
    """The `file:line` each problem starts with."""
    return {problem.split(": ", 1)[0] for problem in problems}


def test_the_cycle_check_sees_lazy_type_checking_relative_and_package_imports(tmp_path):
    root = small_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/b.py": "def later():\n    from pkg.a import thing\n",
            "pkg/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import D\n",
            "pkg/d.py": "import pkg.c\n",
            "pkg/e.py": "from pkg import f\nimport os\n",
            "pkg/f.py": "import pkg\nfrom . import g\n",
            "pkg/g.py": "X = 1\n",
            "q/__init__.py": "from q.m import X\n",
            "q/m.py": "from q import Y\n",
        },
    )
    problems = cycle_problems(root, sorted(root.rglob("*.py")))
    assert len(problems) == 3, problems
    text = "\n".join(problems)
    assert "pkg/a.py:1 imports pkg.b" in text and "pkg/b.py:2 imports pkg.a" in text
    assert "pkg/c.py:3 imports pkg.d" in text and "pkg/d.py:1 imports pkg.c" in text
    assert "q/__init__.py:1 imports q.m" in text and "q/m.py:1 imports q" in text
    assert "pkg.e" not in text and "pkg.f" not in text


def test_the_cycle_check_counts_the_package_init_an_import_runs_first(tmp_path):
    """`import svc.presenters.x` from outside `svc` runs the package `svc` first: when its
    `__init__` imports a module that leads back to the importer, Python fails on a partial module."""
    root = small_tree(
        tmp_path,
        {
            "svc/__init__.py": "from svc.core import Core\n",
            "svc/core.py": "from reg import GAMES\n",
            "svc/presenters/__init__.py": "",
            "svc/presenters/x.py": "X = 1\n",
            "reg/__init__.py": "",
            "reg/entry.py": "from svc.presenters.x import X\n",
        },
    )
    (root / "reg" / "__init__.py").write_text("from reg.entry import X as GAMES\n")
    problems = cycle_problems(root, sorted(root.rglob("*.py")))
    assert len(problems) == 1, problems
    assert "reg/entry.py:1 imports svc" in problems[0] and "svc/__init__.py:1 imports svc.core" in problems[0]


def test_the_layer_check_sees_upward_sideways_lazy_and_type_checking_imports(tmp_path):
    """A planted upward import is caught wherever it hides, with its file and line; imports
    down, inside a package, of the standard library and by the tools on top pass."""
    root = small_tree(
        tmp_path,
        {
            "low/__init__.py": "",
            "low/a.py": "import os\nimport low.b\nfrom . import b\nfrom low import b as c\n",
            "low/b.py": "from side import s\n",  # 1: sideways, within the lowest layer
            "low/c.py": "import side.s\n",  # 1: sideways too
            "side/__init__.py": "",
            "side/s.py": "X = 1\n",
            "mid/__init__.py": "from low import a\n",
            "mid/m.py": "import low.b\ndef later():\n    from top import T\n",  # 3: up, in a function
            "mid/n.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import top\n",  # 3
            "mid/o.py": "from tools.helper import H\n",  # 1: a tool on top
            "mid/p.py": "import stray.s\n",  # 1: a package no layer names
            "stray/__init__.py": "",
            "stray/s.py": "import top\n",  # no layer: reported as such, not read
            "top.py": "import mid.m\nimport low\nT = 1\n",
            "tools/helper.py": "import top\nfrom mid import m\nH = 1\n",
        },
    )
    layers = (("low", "side"), ("mid",), ("top",))
    problems = layer_problems(root, layers, ("tools",))
    assert len(problems) == 6, problems
    planted = {"low/b.py:1", "low/c.py:1", "mid/m.py:3", "mid/n.py:3", "mid/o.py:1", "mid/p.py:1"}
    assert flagged(problems) == planted, problems
    text = "\n".join(problems)
    assert "mid/m.py:3: mid (layer 2) imports top, of layer 3, above it" in text
    assert "low/b.py:1: low (layer 1) imports side, of its own layer" in text
    assert "mid/o.py:1: mid imports tools, a tool on top" in text
    assert "mid/p.py:1: mid imports stray, which no layer names" in text
    assert unlayered(root, layers, ("tools",)) == ["stray: no layer names it"]


def test_the_private_name_check_allows_self_cls_super_dunders_and_a_packages_own_modules(tmp_path):
    user = (
        "from m.core import _helper\n"  # 1: another module's private function
        "import m.core\n"
        "m.core._helper()\n"  # 3
        "from m import core\n"
        "core._helper\n"  # 5
        "thing._y = 2\n"  # 6
        "thing.__class__\n"
        "point._replace(x=1)\n"
        "getattr(thing, '_w')\n"  # 9
        "class K:\n"
        "    def f(self, other):\n"
        "        return self._x, type(self).__name__, super()._z, other._x\n"  # 12: other._x
        "    @classmethod\n"
        "    def g(cls):\n"
        "        return cls._made, getattr(self, '_fine')\n"
    )
    root = small_tree(
        tmp_path,
        {
            "m/__init__.py": "from m.core import _helper\n",  # 1: the package is not its module
            "m/core.py": "def _helper():\n    return _helper\n",
            "m/user.py": user,
            "m/_impl.py": "VALUE = 1\n",
            "m/inner.py": "from m._impl import VALUE\nfrom . import _impl\nimport m._impl\n",
            "out/__init__.py": "",
            "out/use.py": "from m._impl import VALUE\nimport m._impl\nfrom m import _impl\n",
        },
    )
    problems = [p for path in sorted(root.rglob("*.py")) for p in private_name_problems(root, path)]
    expected = {"m/__init__.py:1", "out/use.py:1", "out/use.py:2", "out/use.py:3"}
    expected |= {f"m/user.py:{line}" for line in (1, 3, 5, 6, 9, 12)}
    assert flagged(problems) == expected, problems


def test_the_length_check_counts_from_def_to_the_last_line(tmp_path):
    body = "    x = 1\n"
    root = small_tree(
        tmp_path,
        {
            "ok.py": "def short():\n" + body * 79,  # 80 lines
            "long.py": "\n\ndef long():\n" + body * 80,  # 81 lines, from line 3
            "big.py": "X = 1\n" * (MAX_FILE_LINES + 1),
        },
    )
    problems = [p for path in sorted(root.rglob("*.py")) for p in length_problems(root, path)]
    assert flagged(problems) == {"long.py:3", "big.py"}, problems


def test_the_game_name_check_reads_literals_outside_the_games_own_modules(tmp_path):
    shared = (
        '"""A chess docstring is prose."""\n'
        'GAME = "chess"\n'  # 2
        'KEY = "move.chess.capture"\n'  # 3
        'def path(x):\n    return f"data/blitz/{x}"\n'  # 5: a map id of chess
        'WORD = "chessboard"\n'
        '"""An attribute docstring about chess."""\n'
    )
    root = small_tree(
        tmp_path,
        {
            "service/shared.py": shared,
            "engine/chess/rules.py": 'ID = "chess"\nBOARD = "blitz"\n',
            "games/chess.py": 'MAPS = ("blitz",)\n',
            "engine/go/rules.py": 'OTHER = "blitz"\n',  # another game's module is not chess's own
        },
    )
    owners = {"chess": "chess", "blitz": "chess"}
    problems = [p for path in sorted(root.rglob("*.py")) for p in game_name_problems(root, path, owners)]
    assert flagged(problems) == {
        "service/shared.py:2",
        "service/shared.py:3",
        "service/shared.py:5",
        "engine/go/rules.py:1",
    }, problems


def test_the_citation_pattern_finds_paths_and_documents():
    text = "see docs/architecture.md, engine/<game>/, games/rebirth.py and README.md, not /tmp/x.py"
    assert set(CITED.findall(text)) == {"docs/architecture.md", "engine/", "games/rebirth.py", "README.md"}
