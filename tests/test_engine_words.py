"""The engine says no words (docs/architecture.md "engine/"): the contract and Rebirth's engine
import no catalog and take no locale; their facts are worded by the presenters, and a refusal's
reason by `presenters/errors.py`."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.base import MoveChoice
from engine.errors import IllegalMove, Term
from games.registry import load_engine, spec
from presenters.errors import error_text

ROOT = Path(__file__).resolve().parent.parent
WORDLESS = [
    ROOT / "engine/base.py",
    ROOT / "engine/errors.py",
    *sorted((ROOT / "engine/rebirth").glob("*.py")),
]


def test_the_contract_and_rebirths_engine_import_no_catalog_and_take_no_locale() -> None:
    for path in WORDLESS:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] != "i18n", f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert all(alias.name.split(".")[0] != "i18n" for alias in node.names), path.name
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names = [arg.arg for arg in (*node.args.args, *node.args.kwonlyargs)]
                assert "locale" not in names, f"{path.name}: {node.name} takes a locale"


def test_a_refusal_is_a_key_and_facts_worded_by_the_presenter_side() -> None:
    refusal = IllegalMove("error.rebirth.discard_with_space", tile=Term("tile.E"))
    assert "error.rebirth.discard_with_space" in str(refusal)
    assert error_text(refusal) == "Your energy farm still has a legal space, so it cannot be discarded."
    # A term is worded in English whatever the reply's language, as the replies always named it.
    assert "energy farm" in error_text(refusal, "pt-BR")
    assert error_text(refusal, "pt-BR") != error_text(refusal)


def test_previews_of_choices_without_facts_find_them_among_the_legal_moves() -> None:
    engine = load_engine("rebirth")
    presenter = spec("rebirth").presenter(engine)
    state = engine.new_game(2, {"map": "ireland"}, 3)
    seat = engine.to_move(state)
    assert seat is not None
    offered = presenter.move_choices(state, seat, None)[:5]
    bare = [MoveChoice(choice.notation, "?", choice.rank) for choice in offered]
    stale = MoveChoice("Z99", "not a move now")
    assert presenter.with_previews(state, seat, [*bare, stale], None) == [*offered, stale]
