"""The engine says no words (docs/architecture.md "engine/"): no module of engine/ (the
contract, both games' engines, their editions) imports a catalog or takes a locale; their facts
are worded by the presenters, and a refusal's reason by `presenters/errors.py`."""

from __future__ import annotations

import ast

from engine.errors import IllegalMove, Term
from games.registry import load_engine, spec
from presenters.errors import error_text
from presenters.protocol import MoveChoice
from tests.support.paths import ROOT

WORDLESS = sorted((ROOT / "engine").rglob("*.py"))


def test_no_engine_module_imports_a_catalog_or_takes_a_locale() -> None:
    assert ROOT / "engine/revive/game.py" in WORDLESS
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
    # A term is worded in the reply's language, as the rest of that language names it.
    assert "Energy Farm" in error_text(refusal, "pt-BR") and "energy farm" not in error_text(refusal, "pt-BR")
    assert error_text(refusal, "pt-BR") != error_text(refusal)


def test_previews_of_choices_without_facts_find_them_among_the_legal_moves() -> None:
    engine = load_engine("rebirth")
    presenter = spec("rebirth").presenter(engine)
    state = engine.new_game(2, {"map": "ireland"}, 3)
    seat = engine.to_move(state)
    assert seat is not None
    offered = presenter.moves.move_choices(state, seat, None)[:5]
    bare = [MoveChoice(choice.notation, "?", choice.rank) for choice in offered]
    stale = MoveChoice("Z99", "not a move now")
    assert presenter.moves.with_previews(state, seat, [*bare, stale], None) == [*offered, stale]


def test_revive_previews_of_choices_without_facts_find_them_among_the_legal_moves() -> None:
    """Revive's labels gain what each move would change (the engine's `previews`) whether the
    choices carry their facts or only their notation."""
    engine = load_engine("revive")
    presenter = spec("revive").presenter(engine)
    state = engine.new_game(3, {}, 5)
    while not any(
        move.startswith(("explore ", "build ")) for move in engine.legal_moves(state, engine.to_move(state))
    ):
        seat = engine.to_move(state)
        state = engine.apply(state, seat, engine.legal_moves(state, seat)[-1]).state  # end, or a free action
    seat = engine.to_move(state)
    assert seat is not None
    listed = presenter.moves.move_choices(state, seat, None)
    offered = (
        listed[:2] + [choice for choice in listed if choice.notation.startswith(("explore ", "build "))][:3]
    )
    previewed = presenter.moves.with_previews(state, seat, offered, None)
    assert any(after.label != before.label for before, after in zip(offered, previewed, strict=True))
    bare = [MoveChoice(choice.notation, "?", choice.rank) for choice in offered]
    stale = MoveChoice("explore Z99", "not a move now")
    assert presenter.moves.with_previews(state, seat, [*bare, stale], None) == [*previewed, stale]
