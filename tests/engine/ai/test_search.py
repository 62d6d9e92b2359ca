"""The AI opponent's search (engine/ai): legal, reproducible, blind to what the seat cannot see,
and every seat playing for itself."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.ai import LEVELS, MEASURED, choose
from engine.ai.ismcts import search
from engine.ai.replies import answered, margin, search_replies
from engine.ai.reward import rewards
from engine.base import RESIGN, AnyGame
from games.registry import load_engine

MODES = [("rebirth", {}), ("rebirth", {"map": "ireland"}), ("revive", {})]
ITERATIONS = 24


def played(game: AnyGame, players: int, options: dict[str, Any], seed: int, moves: int) -> Any:
    """A state after `moves` seeded random moves (never a resignation)."""
    state = game.new_game(players, options, seed)
    draw = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        legal = [move for move in game.legal_moves(state, seat) if move != RESIGN]
        state = game.apply(state, seat, legal[draw.randrange(len(legal))]).state
    return state


@pytest.mark.parametrize(("game_id", "options"), MODES)
def test_a_search_chooses_a_legal_move_and_the_same_one_again(game_id, options):
    game = load_engine(game_id)
    state = played(game, 3, options, seed=5, moves=9)
    seat = game.to_move(state)
    first = choose(game, state, seat, level="normal", seed=11, iterations=ITERATIONS)
    assert first in game.legal_moves(state, seat) and first != RESIGN
    again = choose(game, game.loads(game.dumps(state)), seat, level="normal", seed=11, iterations=ITERATIONS)
    assert again == first  # the same stored game gives the same move: a restart loses nothing


@pytest.mark.parametrize(("game_id", "options"), MODES)
def test_the_decision_does_not_change_when_what_the_seat_cannot_see_is_rewritten(game_id, options):
    """Everything hidden from the seat is drawn anew (its own view kept, `determinize`), many
    times over several positions: the search under a fixed seed decides the same."""
    game = load_engine(game_id)
    rewritten = 0
    for position in range(3):
        state = played(game, 4, options, seed=20 + position, moves=6 + 5 * position)
        seat = game.to_move(state)
        decided = search(game, state, seat, seed=3, iterations=ITERATIONS, widest=6)
        for rewrite in range(3):
            other = game.determinize(state, seat, random.Random(f"rewrite:{rewrite}"))
            assert game.view(other, seat) == game.view(state, seat)
            rewritten += game.dumps(other) != game.dumps(state)
            again = search(game, other, seat, seed=3, iterations=ITERATIONS, widest=6)
            assert again.move == decided.move and again.visits == decided.visits
    assert rewritten == 9  # every rewrite changed what the seat cannot see


@pytest.mark.parametrize(("game_id", "options"), MODES)
def test_sampled_replies_decide_the_same_when_what_the_seat_cannot_see_is_rewritten(game_id, options):
    """The levels' search: the same move, the same worlds and the same worths whatever the
    hidden parts of the real state are."""
    game = load_engine(game_id)
    rewritten = 0
    for position in range(2):
        state = played(game, 3, options, seed=30 + position, moves=5 + 7 * position)
        seat = game.to_move(state)
        decided = search_replies(game, state, seat, seed=5, iterations=3, widest=4)
        for rewrite in range(3):
            other = game.determinize(state, seat, random.Random(f"rewrite:{rewrite}"))
            rewritten += game.dumps(other) != game.dumps(state)
            again = search_replies(game, other, seat, seed=5, iterations=3, widest=4)
            assert again == decided
    assert rewritten == 6


def test_a_reply_is_what_the_other_seats_fallback_would_play_and_stops_at_the_seats_turn():
    """After the candidate, every other seat plays its fallback move until the seat is to move;
    with `own_turns`, the seat plays its own next one and the others answer that too: in
    3-player Rebirth, two placements, or five."""
    game = load_engine("rebirth")
    state = played(game, 3, {}, seed=8, moves=3)
    seat = game.to_move(state)
    move = search_replies(game, state, seat, seed=1, iterations=2, widest=3).move
    after = game.apply(state, seat, move).state
    none_of_mine = answered(game, after, seat, "ties", own_turns=0)
    assert none_of_mine.played == 2 and game.to_move(none_of_mine.state) == seat
    one_of_mine = answered(game, after, seat, "ties", own_turns=1)
    assert one_of_mine.played == 5 and game.to_move(one_of_mine.state) == seat
    assert answered(game, after, seat, "ties", own_turns=1, most=1).played == 1


@pytest.mark.parametrize("board", ["scotland", "ireland"])
def test_in_rebirth_the_replies_look_six_rounds_ahead(board):
    """A placement's worth shows late (a settlement shared and completed over rounds), so the
    replies after a candidate run six rounds, the seat beginning a turn again in each after the
    first, at four players as at two. They stop as the seat is about to begin one more turn."""
    game = load_engine("rebirth")
    for players, moves, turns in ((4, 23, 5), (2, None, 5)):  # a tower's extra placements vary
        state = played(game, players, {"map": board}, seed=8, moves=players * 2)
        seat = game.to_move(state)
        after = game.apply(state, seat, game.legal_moves(state, seat)[0]).state
        horizon = game.reply_horizon(state)
        end, count, _ = answered(game, after, seat, "ties", horizon.own_turns, horizon.moves)
        movers = [
            game.to_move(answered(game, after, seat, "ties", horizon.own_turns, k).state)
            for k in range(count)
        ]
        assert moves is None or count == moves
        assert _turns_begun(movers, seat) == turns
        assert game.to_move(end) == seat and movers[-1] != seat, "stopped as the seat begins another turn"


def _turns_begun(movers: list[int], seat: int) -> int:
    """How many turns `seat` begins in `movers` (moves in a row are one turn)."""
    before = [None, *movers[:-1]]
    return sum(mover == seat and previous != seat for previous, mover in zip(before, movers, strict=True))


def test_in_revive_the_replies_finish_the_seats_turn_before_the_others_answer():
    """A Revive turn is several moves (a crystal, a placement, a machine, `end`): after a
    candidate early in the turn, the seat's own fallback moves finish the turn, then the others
    play theirs until the seat begins its next turn. Stopping at the seat's next move would
    value a candidate one move on, before it paid off."""
    game = load_engine("revive")
    state = game.new_game(3, {}, 4)
    seat = game.to_move(state)
    candidate = search_replies(game, state, seat, seed=1, iterations=2, widest=3).move
    after = game.apply(state, seat, candidate).state
    assert game.to_move(after) == seat, "the turn goes on after its first move"
    end, count, _ = answered(game, after, seat, "ties", own_turns=0, most=200)
    movers = [
        game.to_move(answered(game, after, seat, "ties", own_turns=0, most=k).state) for k in range(count)
    ]
    assert game.to_move(end) == seat
    others = [mover for mover in movers if mover != seat]
    assert movers[0] == seat and set(others) == set(range(3)) - {seat}
    assert movers == sorted(movers, key=lambda mover: mover != seat), (
        "the seat's turn ends before the others'"
    )
    assert answered(game, after, seat, "ties", own_turns=0, most=3).played == 3


def test_a_candidate_is_worth_the_seats_lead_over_the_others():
    assert margin([30.0, 20.0, 10.0], 0) == 30 - 0.5 * 20 - 0.5 * 15
    assert margin([10.0, 20.0, 30.0], 0) < 0 < margin([10.0, 20.0, 30.0], 2)


def test_sampled_replies_keep_the_fallbacks_move_without_a_clear_lead():
    """One world has no spread to judge a lead by: the fallback's own best move stands."""
    from engine.ai.ismcts import best_valued, playable

    game = load_engine("rebirth")
    state = played(game, 2, {}, seed=12, moves=6)
    seat = game.to_move(state)
    result = search_replies(game, state, seat, seed=2, iterations=1, widest=5)
    assert result.iterations == 1
    assert result.move == best_valued(game, state, seat, playable(game, state, seat), 1)[0]
    budgeted = search_replies(game, state, seat, seed=2, iterations=None, moves=100, widest=5)
    # five candidates, each itself and six rounds of replies (eleven moves): 60 moves a world
    assert budgeted.iterations == 2


def test_a_search_stops_before_a_world_that_would_take_its_work_past_the_cap():
    """A decision where every reply weighs many moves stops early, so it stays within its
    time; it still samples two worlds, and a cap it does not reach changes nothing."""
    game = load_engine("rebirth")
    state = played(game, 4, {"map": "ireland"}, seed=3, moves=4)
    seat = game.to_move(state)
    free = search_replies(game, state, seat, seed=4, iterations=5, widest=3)
    assert free.iterations == 5
    assert search_replies(game, state, seat, seed=4, iterations=5, widest=3, work_at_most=10**9) == free
    assert search_replies(game, state, seat, seed=4, iterations=5, widest=3, work_at_most=0).iterations == 2
    world = world_work(game, state, seat, free)
    three = search_replies(game, state, seat, seed=4, iterations=5, widest=3, work_at_most=round(world * 3.5))
    assert three.iterations == 3, "a fourth world would pass the cap by the mean of three"


def world_work(game: AnyGame, state: Any, seat: int, result: Any) -> float:
    """About what one world of `result`'s search costs: its candidates each answered in the
    real state (a world differs only in what the seat cannot see)."""
    horizon = game.reply_horizon(state)
    weights = [
        answered(
            game, game.apply(state, seat, move).state, seat, "ties", horizon.own_turns, horizon.moves
        ).work
        for move in result.visits
    ]
    return float(sum(weights))


def test_a_search_never_resigns_and_a_lone_move_is_played_without_searching():
    game = load_engine("rebirth")
    state = played(game, 2, {}, seed=2, moves=4)
    seat = game.to_move(state)
    result = search(game, state, seat, seed=1, iterations=ITERATIONS)
    assert RESIGN not in result.visits and result.iterations == ITERATIONS
    assert sum(result.visits.values()) == ITERATIONS


def test_a_time_budget_reads_the_clock_it_is_given():
    game = load_engine("rebirth")
    state = played(game, 2, {}, seed=2, moves=2)
    ticks = iter(range(1000))
    seat = game.to_move(state)
    result = search(game, state, seat, seed=1, iterations=None, seconds=5, clock=lambda: next(ticks))
    assert 3 <= result.iterations <= 6  # one tick an iteration: about five iterations
    with pytest.raises(ValueError, match="clock"):
        search(game, state, game.to_move(state), seed=1, iterations=None, seconds=1)


def test_each_seat_is_rewarded_for_its_own_result():
    """Three opponents are three players: the leader's reward is highest, and a seat that
    beats two of three is rewarded more than one that beats one."""
    first, second, third, last = rewards([50, 40, 30, 10])
    assert first > second > third > last
    assert last >= 0 and first <= 1
    tied = rewards([30, 30])
    assert tied[0] == tied[1]


def test_levels_are_budgets_divided_by_what_their_work_costs_in_the_game():
    rebirth, revive = load_engine("rebirth"), load_engine("revive")
    scotland = rebirth.search_cost(rebirth.new_game(2, {"map": "scotland"}, 1))
    ireland = rebirth.search_cost(rebirth.new_game(2, {"map": "ireland"}, 1))
    assert scotland == 1.0 and ireland > scotland and revive.search_cost(revive.new_game(2, {}, 1)) > 1
    normal, strong, tree = LEVELS["normal"], LEVELS["strong"], MEASURED["tree"]
    assert 0 < normal.budget < strong.budget and normal.widest < strong.widest
    assert normal.seconds < strong.seconds
    assert tree.iterations(ireland) < tree.iterations(scotland)
    # Sampled replies count fallback moves, dearer on the advanced map, cheaper in Revive.
    plain = rebirth.fallback_cost(rebirth.new_game(2, {"map": "scotland"}, 1))
    towers = rebirth.fallback_cost(rebirth.new_game(2, {"map": "ireland"}, 1))
    cheap = revive.fallback_cost(revive.new_game(2, {}, 1))
    assert strong.moves(towers) < strong.moves(plain) == strong.budget < strong.moves(cheap)
    assert not LEVELS["easy"].searches and "tree" not in LEVELS  # measured, not offered


def test_easy_is_the_fallback_player():
    from engine.fallback import choose_move

    game = load_engine("revive")
    state = played(game, 3, {}, seed=4, moves=10)
    seat = game.to_move(state)
    assert choose(game, state, seat, level="easy", seed=9) == choose_move(game, state, seat, 9)
