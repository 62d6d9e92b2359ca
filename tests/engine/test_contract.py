"""The `Game` contract (engine/base.py), checked the same way on every registered game.

In the spirit of OpenSpiel's `random_sim_test`: seeded random playouts of every game, every option
set of its registry entry and every player count, checking after each move what the service, the
presenters, the fallback player and the stored games rely on without knowing the game:

- `apply` never changes its input, and a refused move changes nothing;
- `dumps`/`loads` round-trip every state, and a replay of the stored notation from the seed gives
  the live game again (stored games continue);
- the public view is a sub-view of every seat's view: each seat's view holds everything the public
  one does, identically. A public field that showed one seat's secret would differ in the others';
- the seat to move has legal moves until the game is over, and nobody else has any;
- the newer questions (`open_decision`, `is_quiet`, `button_moves`, `score_if_ended`, `reveals`,
  `with_previews`, `Applied.notation`) answer for every state, in the shapes the service expects;
- the game says whether it has hidden information, and `determinize` gives the searches (engine/ai)
  worlds each seat cannot tell from the real one, redrawn from what it cannot see and from
  nothing else; a game that tells a seat something privately declares hidden information.

Short playouts run in the quick loop; whole games are `slow`.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, is_dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from engine.base import RESIGN, AnyGame, Applied, Caution, Decision, MoveFacts
from engine.base import Game as GameBase
from games.registry import GAMES, load_engine
from games.spec import GameSpec
from i18n import PLURAL_CATEGORIES, has
from presenters.protocol import MoveChoice, Presenter

_PRESENTERS: dict[int, Presenter] = {}


def presenter_of(engine: AnyGame) -> Presenter:
    """The registry's presenter over `engine` (its moves in words), made once per engine."""
    if id(engine) not in _PRESENTERS:
        _PRESENTERS[id(engine)] = GAMES[engine.id].presenter(engine)
    return _PRESENTERS[id(engine)]


QUICK_MOVES = 40  # per playout in the quick loop: setup, the first turns, a decision or two
WORLD_SEEDS = (1, 2, 3)  # the rng seeds of the worlds `determinize` draws of one state
WORLD_EVERY = 5  # the worlds of every 5th state of a short playout (and of its last) are checked
WHOLE_GAME = 5_000  # a guard: every random game ends well before this
SLOW_SEEDS = (1, 2)
BUTTON_LIMIT = 25


def cases(specs: Iterable[GameSpec] | None = None) -> list[tuple[str, dict[str, str], int]]:
    """(game id, options, players) for every option set and player count of `specs` (registered:
    `load_engine` finds them), by default every registered game."""
    return [
        (spec.id, options, players)
        for spec in (GAMES.values() if specs is None else specs)
        for options in spec.option_sets()
        for players in range(load_engine(spec.id).min_players, load_engine(spec.id).max_players + 1)
    ]


def case_id(case: tuple[str, dict[str, str], int]) -> str:
    game_id, options, players = case
    return "-".join([game_id, *options.values(), f"{players}p"])


CASES = cases()
ids = [case_id(case) for case in CASES]


@dataclass(frozen=True)
class Step:
    """One move of a playout: the state it was chosen in (as text), who played what, the result,
    and the input state's text after `apply` (which must equal `before`)."""

    before: str
    seat: int
    move: str
    applied: Applied
    input_after: str


@dataclass(frozen=True)
class Playout:
    engine: AnyGame
    options: dict[str, str]
    players: int
    seed: int
    steps: tuple[Step, ...]
    final: Any  # the live state after the last step

    def states(self) -> list[Any]:
        """Every state of the playout, each loaded afresh from its text (nothing shared)."""
        return [self.engine.loads(step.before) for step in self.steps] + [self.final]


_PLAYOUTS: dict[tuple[str, str, int, int, int], Playout] = {}


def playout(game_id: str, options: dict[str, str], players: int, seed: int, limit: int) -> Playout:
    """Up to `limit` uniformly random legal moves (never a resignation); a short one is kept for
    every test that checks the same playout."""
    key = (game_id, repr(sorted(options.items())), players, seed, limit)
    if key not in _PLAYOUTS or limit > QUICK_MOVES:
        engine = load_engine(game_id)
        chooser = random.Random(seed)
        state = engine.new_game(players, options, seed)
        steps: list[Step] = []
        while len(steps) < limit and not engine.is_over(state):
            seat = engine.to_move(state)
            assert seat is not None, f"nobody to move before the end ({len(steps)} moves)"
            moves = [move for move in engine.legal_moves(state, seat) if move != RESIGN]
            assert moves, f"seat {seat} has no legal move before the end ({len(steps)} moves)"
            move = moves[chooser.randrange(len(moves))]
            before = engine.dumps(state)
            applied = engine.apply(state, seat, move)
            steps.append(Step(before, seat, move, applied, engine.dumps(state)))
            state = applied.state
        run = Playout(engine, options, players, seed, tuple(steps), state)
        if limit > QUICK_MOVES:  # whole games are too big to keep: each test plays its own
            return run
        _PLAYOUTS[key] = run
    return _PLAYOUTS[key]


def plain(value: Any) -> Any:
    """A view as plain data: dataclasses as dicts, tuples as lists, sets sorted."""
    if is_dataclass(value) and not isinstance(value, type):
        return plain(asdict(value))
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(item) for item in value)
    return value


def sub_view_problems(public: Any, seen: Any, path: str = "view") -> list[str]:
    """Where `seen` (a seat's view) lacks or shows otherwise something of `public` (the public
    view): every key of a public mapping must be in the seat's, with a sub-view for its value;
    lists must have the same length, item by item; anything else must be equal. A public None
    is a placeholder that shows nothing (Rebirth's `private` slot), so a seat may fill it in."""
    if public is None:
        return []
    if isinstance(public, dict):
        if not isinstance(seen, dict):
            return [f"{path}: a mapping in public, {type(seen).__name__} in the seat's view"]
        problems = []
        for key, value in public.items():
            if key not in seen:
                problems.append(f"{path}[{key!r}] is missing from the seat's view")
            else:
                problems += sub_view_problems(value, seen[key], f"{path}[{key!r}]")
        return problems
    if isinstance(public, list):
        if not isinstance(seen, list) or len(seen) != len(public):
            return [f"{path}: public {public!r:.200} but the seat sees {seen!r:.200}"]
        return [
            p
            for i, (a, b) in enumerate(zip(public, seen, strict=True))
            for p in sub_view_problems(a, b, f"{path}[{i}]")
        ]
    return [] if public == seen else [f"{path}: public {public!r:.200} but the seat sees {seen!r:.200}"]


# ------------------------------------------------------------------ the checks, one state at a time


def check_state(engine: AnyGame, state: Any, players: int) -> None:
    """What holds in every state: round trip, who moves, legal moves, views, scores."""
    text = engine.dumps(state)
    assert engine.dumps(engine.loads(text)) == text, "dumps/loads does not round-trip"
    seat = engine.to_move(state)
    if engine.is_over(state):
        assert seat is None, "a finished game names a seat to move"
        assert all(engine.legal_moves(state, other) == [] for other in range(players))
    else:
        assert seat in range(players), f"to_move gave {seat!r}"
        legal = engine.legal_moves(state, seat)
        assert legal, f"seat {seat} to move has no legal move"
        assert all(engine.legal_moves(state, other) == [] for other in range(players) if other != seat)
        offered = [choice.notation for choice in presenter_of(engine).moves.move_choices(state, seat, None)]
        assert set(offered) <= set(legal), f"move_choices offers illegal moves {set(offered) - set(legal)}"
        if isinstance(engine, GameBase):  # the engine's own facts, before any words
            facts = engine.moves(state, seat)
            assert all(isinstance(move, MoveFacts) for move in facts)
            assert {move.notation for move in facts} <= set(legal), "moves lists illegal moves"
            assert [move.notation for move in facts] == offered, "the words changed the moves"
    assert len(engine.scores(state)) == players and all(isinstance(s, int) for s in engine.scores(state))
    public = plain(engine.view(state, None))
    for viewer in range(players):
        problems = sub_view_problems(public, plain(engine.view(state, viewer)))
        assert not problems, f"seat {viewer}'s view is no super-view of the public one:\n" + "\n".join(
            problems[:10]
        )
    assert engine.dumps(state) == text, "asking about a state changed it"


def check_new_questions(engine: AnyGame, state: Any, players: int) -> None:
    """The contract's newer methods answer for this state, in the shapes the service expects."""
    text = engine.dumps(state)
    seat = engine.to_move(state)
    decision = engine.open_decision(state)
    assert decision is None or isinstance(decision, Decision), decision
    if decision is not None:
        assert not engine.is_over(state) and decision.seat == seat, (decision, seat)
        assert isinstance(decision.kind, str) and decision.kind
    ended = engine.score_if_ended(state)
    assert len(ended) == players and all(isinstance(score, int) for score in ended), ended
    if engine.is_over(state):
        assert ended == engine.scores(state), "the score if it ended now differs from the final score"
    if seat is not None:
        legal = engine.legal_moves(state, seat)
        assert all(isinstance(engine.is_quiet(move), bool) for move in legal)
        for move in legal:  # a move to confirm first says why, in words the bot has
            caution = engine.caution(state, seat, move)
            assert caution is None or (isinstance(caution, Caution) and has(caution.key)), caution
        presenter = presenter_of(engine)
        buttons = presenter.moves.button_moves(state, seat, BUTTON_LIMIT, None)
        assert all(isinstance(b, MoveChoice) for b in buttons) and len(buttons) <= BUTTON_LIMIT
        assert {b.notation for b in buttons} <= set(legal), "a button for an illegal move"
        assert presenter.moves.button_moves(state, seat, 0, None) == [], "buttons beyond the limit"
        shown = presenter.moves.move_choices(state, seat, None)[:3]
        previewed = presenter.moves.with_previews(state, seat, shown, None)
        assert [c.notation for c in previewed] == [c.notation for c in shown], "previews changed the moves"
    assert engine.dumps(state) == text, "asking about a state changed it"


def check_replay(run: Playout) -> None:
    """The stored notation of every move, applied from the seed, gives the live game again."""
    engine = run.engine
    state = engine.new_game(run.players, run.options, run.seed)
    for number, step in enumerate(run.steps, 1):
        assert engine.dumps(state) == step.before, f"the replay differs before move {number}"
        state = engine.apply(state, step.seat, step.applied.notation or step.move).state
    assert engine.dumps(state) == engine.dumps(run.final), "the replay ends elsewhere"


def check_core(run: Playout) -> None:
    engine = run.engine
    for number, step in enumerate(run.steps, 1):
        assert step.input_after == step.before, f"apply changed its input at move {number} ({step.move})"
        assert isinstance(step.applied.event.get("kind"), str), f"move {number} has an event without a kind"
        assert set(step.applied.private) <= set(range(run.players)), step.applied.private.keys()
    for number, state in enumerate(run.states()):
        try:
            check_state(engine, state, run.players)
        except AssertionError as error:
            raise AssertionError(f"after {number} moves (seed {run.seed}): {error}") from error
    check_replay(run)


def check_new(run: Playout) -> None:
    engine = run.engine
    for number, step in enumerate(run.steps, 1):
        assert step.applied.notation, f"move {number} ({step.move}) has no stored notation"
        before, after = engine.loads(step.before), step.applied.state
        reason = engine.reveals(before, after, step.seat)
        assert reason is None or (isinstance(reason, str) and reason), reason
        assert engine.dumps(before) == step.before, "reveals changed its input"
    for number, state in enumerate(run.states()):
        try:
            check_new_questions(engine, state, run.players)
        except AssertionError as error:
            raise AssertionError(f"after {number} moves (seed {run.seed}): {error}") from error


def worlds_of(engine: AnyGame, state: Any, text: str, seat: int) -> list[Any]:
    """`seat`'s worlds of `state` (whose dump is `text`), one per `WORLD_SEEDS`, each checked as
    a search will use it: the seat's view, the public view and the seat's legal moves kept, and
    the state given unchanged."""
    seen, public = engine.view(state, seat), engine.view(state, None)
    worlds = []
    for number in WORLD_SEEDS:
        world = engine.determinize(state, seat, random.Random(number))
        assert engine.view(world, seat) == seen, f"seat {seat}'s world shows it something else"
        assert engine.view(world, None) == public, f"seat {seat}'s world has another public view"
        assert engine.legal_moves(world, seat) == engine.legal_moves(state, seat), "other moves in the world"
        worlds.append(world)
    assert engine.dumps(state) == text, "determinize changed the state it was given"
    return worlds


def check_worlds(engine: AnyGame, state: Any, players: int, opening: bool) -> None:
    """`determinize` keeps what each seat sees, redraws what it cannot see and reads nothing
    hidden, so a search never decides on another seat's cards (engine/ai).

    Reading nothing hidden: two states the seat sees alike give the same world for the same rng
    seed. The pairs are the state and the seat's own worlds, and the state and any other seat's
    world the seat sees alike (a witness that the seat's view hides something). Redrawing: some
    world differs from the state wherever the view hides something, which a game with hidden
    information does from the start (hands dealt, a pile face down, a seed the rules draw from
    later) and wherever there is a witness. A game without hidden information changes nothing."""
    text = engine.dumps(state)
    worlds = {seat: worlds_of(engine, state, text, seat) for seat in range(players)}
    texts = {seat: [engine.dumps(world) for world in own] for seat, own in worlds.items()}
    for seat, own in worlds.items():
        seen = engine.view(state, seat)
        witnesses = [
            world
            for other in range(players)
            if other != seat
            for world, world_text in zip(worlds[other], texts[other], strict=True)
            if world_text != text and engine.view(world, seat) == seen
        ]
        turned = own[1:] + own[:1]  # each world beside the next seed's: the world that seed gave
        pairs = [
            *zip(turned, WORLD_SEEDS, strict=True),
            *((witness, WORLD_SEEDS[0]) for witness in witnesses),
        ]
        for alike, number in pairs:
            again = engine.determinize(alike, seat, random.Random(number))
            assert engine.dumps(again) == texts[seat][WORLD_SEEDS.index(number)], (
                f"seat {seat}'s world depends on something it cannot see (two states it sees alike "
                "give different worlds for the same rng)"
            )
        redrawn = [world_text != text for world_text in texts[seat]]
        if not engine.hidden_information:
            assert not any(redrawn), f"a game without hidden information redrew seat {seat}'s world"
        elif opening or witnesses:
            assert any(redrawn), f"seat {seat}'s worlds are all the real state: it sees every hidden card"


def check_determinize(run: Playout) -> None:
    """The worlds of every `WORLD_EVERY`-th state of the playout and of its last (`check_worlds`),
    and the declaration: a game that tells a seat something privately, or refuses an undo for
    what someone has seen, has hidden information."""
    engine = run.engine
    assert isinstance(engine.hidden_information, bool), "the game does not declare hidden_information"
    if not engine.hidden_information:
        for number, step in enumerate(run.steps, 1):
            assert not step.applied.private, f"move {number} told a seat something privately"
            assert engine.reveals(engine.loads(step.before), step.applied.state, step.seat) is None
    states = run.states()
    for number, state in enumerate(states):
        if number % WORLD_EVERY == 0 or number == len(states) - 1:
            try:
                check_worlds(engine, state, run.players, opening=number == 0)
            except AssertionError as error:
                raise AssertionError(f"after {number} moves (seed {run.seed}): {error}") from error


# ------------------------------------------------------------------------------------- the tests


def test_the_sub_view_check_finds_a_public_field_that_differs_between_seats():
    public = {"seats": [{"points": 3, "hand": ["A"]}], "private": None, "row": (1, 2)}
    mine = {"seats": [{"points": 3, "hand": ["A"], "secret": "x"}], "private": {"hand": "A"}, "row": [1, 2]}
    theirs = {"seats": [{"points": 3, "hand_count": 1}], "private": {}, "row": [1, 2]}
    assert sub_view_problems(plain(public), plain(mine)) == []
    assert sub_view_problems(plain(public), plain(theirs)) == [
        "view['seats'][0]['hand'] is missing from the seat's view"
    ]
    assert sub_view_problems({"row": [1, 2]}, {"row": [1]}) and sub_view_problems({"n": 1}, {"n": 2})


def test_a_game_that_declares_hidden_information_cannot_keep_the_default_determinize():
    """Copied from a template with hidden information and left without `determinize`, a game is
    refused when its class is defined; one that keeps the default determinizes to the real
    state only when it has declared it has no hidden information."""
    with pytest.raises(TypeError, match="Copied declares hidden_information = True but does not write"):

        class Copied(GameBase[Any, Any, Any]):
            hidden_information = True

    class Open(GameBase[Any, Any, Any]):
        hidden_information = False

    state, rng = object(), random.Random(1)
    assert GameBase.determinize(SimpleNamespace(hidden_information=False), state, 0, rng) is state
    with pytest.raises(NotImplementedError, match="has hidden information and must write determinize"):
        GameBase.determinize(SimpleNamespace(hidden_information=True), state, 0, rng)  # declared late
    with pytest.raises(NotImplementedError, match="does not declare hidden_information"):
        GameBase.determinize(SimpleNamespace(), state, 0, rng)


def declares_itself(spec: GameSpec) -> None:
    """The entry and its engine agree on the game, it says whether it has hidden information,
    and it has an option set to start."""
    engine = load_engine(spec.id)
    assert engine.id == spec.id and 2 <= engine.min_players <= engine.max_players
    assert isinstance(getattr(engine, "hidden_information", None), bool), (
        f"{spec.id} does not declare hidden_information (engine/base.py Game)"
    )
    assert spec.option_sets(), f"{spec.id} has no option set to start"


def carries_complete_words(spec: GameSpec) -> None:
    """The words a game carries itself (`GameSpec.texts`, none for a game whose words are in
    i18n/ and the PO files): its own keys only, English for each, every language with every
    key, the same placeholders as the English and the plural forms a count needs."""
    english = spec.texts.get("en", {})
    assert not spec.texts or english, f"{spec.id} carries words but no English"
    for language, catalog in spec.texts.items():
        assert set(catalog) == set(english), f"{language} lacks {sorted(set(english) - set(catalog))[:5]}"
        for key, entry in catalog.items():
            assert key.startswith(f"{spec.id}."), key
            assert placeholders(entry) == placeholders(english[key]), (language, key)
            if not isinstance(entry, str):
                assert "other" in entry and set(entry) <= PLURAL_CATEGORIES, (language, key)


def placeholders(entry: str | Mapping[str, str]) -> set[str]:
    forms = [entry] if isinstance(entry, str) else list(entry.values())
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name} - {"count"}


def starts_a_game(case: tuple[str, dict[str, str], int]) -> None:
    game_id, options, players = case
    engine = load_engine(game_id)
    state = engine.new_game(players, dict(options), seed=3)
    assert not engine.is_over(state)
    check_state(engine, state, players)
    again = engine.new_game(players, dict(options), seed=3)
    assert engine.dumps(again) == engine.dumps(state), "the same seed sets up another game"


def refuses_a_move_and_changes_nothing(case: tuple[str, dict[str, str], int]) -> None:
    game_id, options, players = case
    engine = load_engine(game_id)
    state = engine.new_game(players, dict(options), seed=4)
    text = engine.dumps(state)
    seat = engine.to_move(state)
    assert seat is not None
    with pytest.raises(ValueError):
        engine.apply(state, seat, "no such move")
    with pytest.raises(ValueError):
        engine.apply(state, (seat + 1) % players, engine.legal_moves(state, seat)[0])
    assert engine.dumps(state) == text


def accepts_a_resignation_that_replays(case: tuple[str, dict[str, str], int]) -> None:
    game_id, options, players = case
    engine = load_engine(game_id)
    state = engine.new_game(players, dict(options), seed=5)
    seat = engine.to_move(state)
    assert seat is not None
    applied = engine.apply(state, seat, RESIGN)
    check_state(engine, applied.state, players)
    again = engine.apply(engine.new_game(players, dict(options), seed=5), seat, applied.notation or RESIGN)
    assert engine.dumps(again.state) == engine.dumps(applied.state)


def keeps_the_contract_in_short_playouts(case: tuple[str, dict[str, str], int]) -> None:
    check_core(playout(*case, seed=11, limit=QUICK_MOVES))


def answers_the_new_questions_in_short_playouts(case: tuple[str, dict[str, str], int]) -> None:
    check_new(playout(*case, seed=11, limit=QUICK_MOVES))


def determinizes_in_short_playouts(case: tuple[str, dict[str, str], int]) -> None:
    check_determinize(playout(*case, seed=11, limit=QUICK_MOVES))


def keeps_the_contract_in_whole_games(case: tuple[str, dict[str, str], int]) -> None:
    for seed in SLOW_SEEDS:
        run = playout(*case, seed=seed, limit=WHOLE_GAME)
        assert run.engine.is_over(run.final), f"seed {seed} did not end in {WHOLE_GAME} moves"
        check_core(run)


def answers_the_new_questions_in_whole_games(case: tuple[str, dict[str, str], int]) -> None:
    for seed in SLOW_SEEDS:
        check_new(playout(*case, seed=seed, limit=WHOLE_GAME))


Check = Callable[[tuple[str, dict[str, str], int]], None]
QUICK_CHECKS: tuple[Check, ...] = (
    starts_a_game,
    refuses_a_move_and_changes_nothing,
    accepts_a_resignation_that_replays,
    keeps_the_contract_in_short_playouts,
    answers_the_new_questions_in_short_playouts,
    determinizes_in_short_playouts,
)
"""The checks of one case (game id, options, players), quick enough for every run."""
WHOLE_CHECKS: tuple[Check, ...] = (
    keeps_the_contract_in_whole_games,
    answers_the_new_questions_in_whole_games,
)
"""The checks that play whole random games (`slow` for the bot's own games)."""
SPEC_CHECKS = (declares_itself, carries_complete_words)
"""The checks of a registry entry. A game registered by a test (tests/games/test_tiny_game.py)
runs these and every check of its cases the same way."""


def test_every_registered_game_is_listed():
    assert CASES and {case[0] for case in CASES} == set(GAMES)
    for game_id, spec in GAMES.items():
        assert game_id == spec.id
        declares_itself(spec)


def test_every_registered_game_carries_complete_words():
    for spec in GAMES.values():
        carries_complete_words(spec)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_every_option_set_starts_a_game(case):
    starts_a_game(case)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_refused_move_changes_nothing(case):
    refuses_a_move_and_changes_nothing(case)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_resignation_is_accepted_and_replays(case):
    accepts_a_resignation_that_replays(case)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_short_random_playouts_keep_the_contract(case):
    keeps_the_contract_in_short_playouts(case)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_short_random_playouts_answer_the_new_questions(case):
    answers_the_new_questions_in_short_playouts(case)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_short_random_playouts_determinize_without_showing_what_is_hidden(case):
    determinizes_in_short_playouts(case)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_whole_random_games_keep_the_contract(case):
    keeps_the_contract_in_whole_games(case)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_whole_random_games_answer_the_new_questions(case):
    answers_the_new_questions_in_whole_games(case)
