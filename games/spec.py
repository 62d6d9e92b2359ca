"""How a game declares itself to the bot: one `GameSpec` per game, in `games/<game>.py`.

Modelled on OpenSpiel's `pyspiel.register_game` and python-chess's `VARIANTS`: everything the
service, the cogs and the tests need to know about a game, so no module outside the game's own
packages names it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.base import AnyGame
from i18n import Catalogs

if TYPE_CHECKING:
    from presenters.protocol import Presenter


@dataclass(frozen=True)
class OptionChoice:
    value: str  # what the engine reads (`ireland`)
    label: str  # what `/game new` shows (`Ireland (advanced)`)


@dataclass(frozen=True)
class GameOption:
    """One `/game new` option of a game (Rebirth's `map`): its choices, the first the default."""

    name: str
    choices: tuple[OptionChoice, ...]

    @property
    def default(self) -> str:
        return self.choices[0].value


@dataclass(frozen=True)
class GameSpec:
    """One game, declared once.

    - `load_engine()` builds the engine over its content files (content/data/<game>/, validated); the
      engine carries the rules, the undo policy (`reveals`) and the fallback player's valuation
      (`fallback_policy`).
    - `presenter(engine)` makes its words and images: the renderers and their warm-up are the
      presenter's (`render`, `render_player`, `warm_up`).
    - `options`: its `/game new` options and their choices.
    - `rules_version`: the engine's current rules version, written into a game's options (the
      `rules` option, `engine.base.RULES_OPTION`) when it starts (docs/architecture.md).
    - `content_texts()`: the words its data files hold that a player reads (card names, tribe
      lines), as (catalog key, English) pairs; scripts/content_texts.py writes every game's into
      the generated catalog `i18n/en_content.py`, so translators get them and i18n/ need not
      know the games or read their files. A game whose content has no such words has none.
    - `texts`: words the game carries itself, by catalog name (`en`, `pt-BR`), every key starting
      with its id; `i18n.t` reads them after the bot's catalogs (`i18n.carry`). Empty for a game
      whose words are in i18n/ and the PO files, where the translators work.
    """

    id: str
    name: str
    load_engine: Callable[[], AnyGame]
    presenter: Callable[[AnyGame], Presenter]
    options: tuple[GameOption, ...] = ()
    rules_version: int = 1
    content_texts: Callable[[], Iterable[tuple[str, str]]] = lambda: ()
    texts: Catalogs = field(default_factory=dict)

    def option_sets(self) -> list[dict[str, str]]:
        """Every combination of this game's option choices (the contract tests start each)."""
        combos: list[dict[str, str]] = [{}]
        for option in self.options:
            combos = [{**combo, option.name: choice.value} for combo in combos for choice in option.choices]
        return combos
