"""The wheel, installed anywhere: "Maps, cards, fonts and every data file are package data: a test
builds the wheel, installs it into a fresh virtual environment outside the checkout, and plays a
game from there. The Dockerfile installs that wheel and runs as today; with no Docker engine here, a
test at least builds the wheel the Dockerfile uses and checks the image's command starts from an
installed package (not from the source tree)."

The wheel is built from the Dockerfile's build context (the checkout less `.dockerignore`) with the
Dockerfile's own `pip wheel` command; the virtual environment gets the wheel and its declared
dependencies from the package index pip is configured with, nothing from the checkout.
"""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from games.registry import game_ids
from i18n import t
from tests.support.paths import ROOT

# One worker builds the wheel and its environment once for the whole module (`--dist loadgroup`).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]

NOT_SHIPPED = ("bench", "tests")  # packages at the top that are development tools, not the bot
PIP_TIMEOUT = 300


def ignore_patterns() -> list[str]:
    """`.dockerignore`'s patterns, in the two forms this test reads: a path from the top
    (`.venv`, `build`) and `**/NAME` (at any depth)."""
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    unread = [p for p in patterns if p.startswith("!") or "**" in p.removeprefix("**/")]
    assert not unread, f"tests/packaging/test_wheel.py reads no such .dockerignore pattern: {unread}"
    return patterns


def ignored(parts: tuple[str, ...], patterns: list[str]) -> bool:
    """Whether Docker leaves this path (or a folder above it) out of the build context."""
    for depth in range(1, len(parts) + 1):
        prefix = "/".join(parts[:depth])
        for pattern in patterns:
            if pattern.startswith("**/"):
                if fnmatch.fnmatchcase(parts[depth - 1], pattern[3:]):
                    return True
            elif fnmatch.fnmatchcase(prefix, pattern.rstrip("/")):
                return True
    return False


def copy_build_context(target: Path) -> None:
    patterns = ignore_patterns()
    for folder, subfolders, files in os.walk(ROOT):
        here = Path(folder).relative_to(ROOT).parts
        subfolders[:] = [name for name in subfolders if not ignored((*here, name), patterns)]
        for name in files:
            if not ignored((*here, name), patterns):
                destination = target.joinpath(*here, name)
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(Path(folder, name), destination)


def dockerfile_stages() -> list[list[tuple[str, str]]]:
    """The Dockerfile's instructions (keyword, arguments), one list per `FROM` stage."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    stages: list[list[tuple[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        keyword, _, rest = line.strip().partition(" ")
        if keyword.upper() == "FROM":
            stages.append([])
        stages[-1].append((keyword.upper(), " ".join(rest.split())))
    return stages


def clean_environment(venv: Path) -> dict[str, str]:
    """The caller's environment, less whatever points Python at the checkout or another venv."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "DISCORD_TOKEN")
        and not key.startswith("TABLETOP_")
    }
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel the Dockerfile's first stage builds, from the same context."""
    [build_stage, *_] = dockerfile_stages()
    [command] = [args for keyword, args in build_stage if keyword == "RUN" and "pip wheel" in args]
    assert "--no-deps" in command.split()
    work = tmp_path_factory.mktemp("wheel")
    copy_build_context(work / "src")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--wheel-dir", str(work / "dist"), "."],
        cwd=work / "src",
        capture_output=True,
        text=True,
        timeout=PIP_TIMEOUT,
    )
    assert built.returncode == 0, built.stderr
    [path] = (work / "dist").glob("tabletop-*.whl")
    return path


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment outside the checkout, the wheel and its dependencies in it."""
    path = tmp_path_factory.mktemp("venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(path / "bin" / "python"), "install", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=PIP_TIMEOUT,
        env=clean_environment(path),
    )
    assert installed.returncode == 0, installed.stderr
    return path


def run(venv: Path, cwd: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(command), cwd=cwd, capture_output=True, text=True, timeout=300, env=clean_environment(venv)
    )


def test_the_wheel_carries_every_file_of_every_package(wheel: Path) -> None:
    """Every file under each package of the checkout (code, maps, cards, fonts, catalogs) is in
    the wheel: "Maps, cards, fonts and every data file are package data"."""
    packages = sorted(
        path.parent.name for path in ROOT.glob("*/__init__.py") if path.parent.name not in NOT_SHIPPED
    )
    expected = {
        path.relative_to(ROOT).as_posix()
        for package in packages
        for path in (ROOT / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not expected - names, f"files the wheel leaves out: {sorted(expected - names)}"
    assert {"content/data/rebirth/scotland.json", "render/fonts/NotoSans-Regular.ttf"} <= names
    assert "i18n/locale/pt_BR/LC_MESSAGES/messages.po" in names and {"bot.py", "offline.py"} <= names
    assert not [name for name in names if name.split("/")[0] in ("tests", "bench", "scripts", "docs")]


def test_the_installed_wheel_plays_every_game_outside_the_checkout(venv: Path, tmp_path: Path) -> None:
    """Both games, played from a folder that is not the checkout by the installed package only:
    whole offline games (`tabletop selfplay`, replayed by `python -m offline replay`), then each
    game through the service on a database file, with its board images; the fonts and the
    pt-BR catalog come from the installed package."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    python = str(venv / "bin" / "python")
    for game in game_ids():
        played = run(venv, elsewhere, "tabletop", "selfplay", game, "--games", "1", "--records", "records")
        assert played.returncode == 0, played.stderr
        assert json.loads(played.stdout)["games"] == 1
        [record] = (elsewhere / "records").glob(f"{game}-*.json")
        replayed = run(venv, elsewhere, python, "-I", "-m", "offline", "replay", str(record))
        assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    shutil.copy(ROOT / "tests" / "support" / "installed_game.py", elsewhere)
    out = run(venv, elsewhere, python, "-I", "installed_game.py", str(ROOT), "games.sqlite3")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    site = Path(summary["prefix"]).resolve()
    assert site == venv.resolve() and summary["path"] == []  # no entry of sys.path in the checkout
    for where in [*summary["modules"].values(), summary["content"], summary["fonts"], summary["locale"]]:
        assert Path(where).resolve().is_relative_to(site) and not Path(where).is_relative_to(ROOT)
    assert sorted(summary["games"]) == sorted(game_ids())
    for game, facts in summary["games"].items():
        assert facts["moves"] == facts["stored"] > 0 and facts["images"] > 0, game
    assert summary["faces"][0] == "Noto Sans" and len(set(summary["faces"])) == len(summary["faces"])
    assert summary["pt-BR"] == t("error.not_your_turn", "pt-BR") != summary["en"]


def test_the_installed_command_reads_the_env_file_where_it_runs(venv: Path, tmp_path: Path) -> None:
    """README: the token and settings come "either in the environment or in a `.env` file";
    installed, the `.env` is the one where the command runs, not one beside site-packages."""
    opened = "import asyncio; from db import Database; asyncio.run(Database.open('games.sqlite3'))"
    subprocess.run([str(venv / "bin" / "python"), "-I", "-c", opened], cwd=tmp_path, check=True, timeout=60)
    (tmp_path / ".env").write_text("TABLETOP_DATABASE=games.sqlite3\n")
    copied = run(venv, tmp_path, "tabletop", "backup", "copy.sqlite3")
    assert copied.returncode == 0, copied.stderr
    assert "Copied games.sqlite3 to copy.sqlite3" in copied.stdout and (tmp_path / "copy.sqlite3").exists()


def test_the_docker_image_runs_the_installed_wheel_not_the_source(venv: Path) -> None:
    """The image's last stage copies in only the wheel built by the first, installs it, and its
    command is the installed console script, from a working folder with no source in it."""
    build, *_, final = dockerfile_stages()
    copies = [args for keyword, args in final if keyword in ("COPY", "ADD")]
    build_name = dict(build)["FROM"].split()[-1]
    assert copies and all(args.startswith(f"--from={build_name} /dist") for args in copies), copies
    runs = " ".join(args for keyword, args in final if keyword == "RUN")
    assert "pip install" in runs and "/tmp/dist/*.whl" in runs
    workdirs = [args for keyword, args in final if keyword == "WORKDIR"]
    assert workdirs == ["/data"]  # the database volume: no source was copied there
    command = json.loads(dict(final)["CMD"])
    assert command[0] == "tabletop" and not any(word.endswith(".py") for word in command)
    assert (venv / "bin" / "tabletop").exists()
    started = run(venv, venv, *command, "--help")
    assert started.returncode == 0 and "usage: tabletop run" in started.stdout, started.stderr
