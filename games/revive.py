"""Revive's registry entry: exploring, building and populating a thawing world."""

from __future__ import annotations

from content.revive.loader import load_revive_edition
from content.revive.texts import content_texts
from engine.base import AnyGame
from engine.editions import Editions
from engine.revive import Revive
from engine.revive.state import ReviveState
from engine.revive.tables import RULES_VERSION, RULES_VERSIONS
from engine.revive.views import ReviveEvent, ReviveView
from games.spec import GameSpec
from presenters.protocol import Presenter
from presenters.revive.presenter import RevivePresenter


def rules_of(state: ReviveState) -> int:
    return state.rules


def editions(engines: dict[int, Revive]) -> Editions[ReviveState, ReviveView, ReviveEvent]:
    return Editions(engines, RULES_VERSION, rules_of)


def load_engine() -> Editions[ReviveState, ReviveView, ReviveEvent]:
    """One engine per content edition (content/data/revive/, validated; `editions.json` says what each
    rules version changed), behind one `Game` that plays each state under its own version.
    Versions whose content is the same share an engine."""
    engines: dict[int, Revive] = {}
    by_content: dict[int, Revive] = {}
    for version in RULES_VERSIONS:
        content = load_revive_edition(version)
        engines[version] = by_content.setdefault(id(content), Revive(content))
    return editions(engines)


def presenter(engine: AnyGame) -> Presenter:
    """Revive's presenter, which looks content up in the tables of each game's edition. A bare
    Revive engine (a test's rules over one content) stands for every version."""
    found: object = engine
    if isinstance(found, Revive):
        found = editions({version: found for version in RULES_VERSIONS})
    if not isinstance(found, Editions):
        raise TypeError(f"Revive's presenter needs Revive's editions, not {type(found).__name__}")
    return RevivePresenter(found)


SPEC = GameSpec(
    id="revive",
    name="Revive",
    load_engine=load_engine,
    presenter=presenter,
    rules_version=RULES_VERSION,
    content_texts=content_texts,
)
