"""What a drawing sends to a worker process pickles, for every registered game: the public and
seat views, the events a turn message marks, and the labelled choices an options image
numbers (service/images.py `painted`); and a worker draws from them the image this process
draws."""

from __future__ import annotations

import asyncio
import pickle
import random

import pytest

from games.registry import GAMES, load_engine, spec
from service.images import drawing_workers, painted, worker_presenter
from tests.engine.test_contract import case_id

CASES = [(game_id, spec(game_id).option_sets()[0], 2) for game_id in GAMES]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_views_events_and_choices_of_a_game_in_play_pickle(case):
    game_id, options, players = case
    engine = load_engine(game_id)
    presenter = worker_presenter(game_id)
    chooser = random.Random(7)
    state = engine.new_game(players, options, 7)
    for _ in range(40):
        if engine.is_over(state):
            break
        seat = engine.to_move(state)
        legal = engine.legal_moves(state, seat)
        applied = engine.apply(state, seat, legal[chooser.randrange(len(legal))])
        state = applied.state
        seat = engine.to_move(state)
        choices = [] if seat is None else presenter.moves.move_choices(state, seat, "pt-BR")[:5]
        shown = presenter.moves.with_previews(state, seat, choices, "pt-BR") if choices else []
        sent = (engine.view(state, None), engine.view(state, seat), applied.event, shown)
        assert pickle.loads(pickle.dumps(sent)) == sent


@pytest.mark.slow  # both processes draw the map's static layer first
def test_a_worker_draws_the_board_this_process_draws():
    game_id = next(iter(GAMES))
    engine = load_engine(game_id)
    view = engine.view(engine.new_game(2, spec(game_id).option_sets()[0], 3), None)
    args = (view, spec(game_id).option_sets()[0], ["Ana", "Bea"], (), False)
    here = painted(game_id, "render", args, {"locale": "pt-BR"})

    async def there() -> bytes | None:
        workers = drawing_workers(1)
        try:
            return await workers.run(painted, game_id, "render", args, {"locale": "pt-BR"})
        finally:
            await workers.close()

    assert asyncio.run(there()) == here
