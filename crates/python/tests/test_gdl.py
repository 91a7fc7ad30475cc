"""Games written in GDL (`arbiter.gdl.load`) through the text and action APIs, OpenSpiel and
PettingZoo, with the test games of `arbiter-gdl` (crates/gdl/tests/games)."""

import pathlib
import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from pettingzoo.test import api_test

import arbiter
import arbiter.spiel  # noqa: F401 (registers the games)
from arbiter.pettingzoo import env

GAMES = pathlib.Path(__file__).parents[2] / "gdl" / "tests" / "games"


def rules(name):
    return (GAMES / f"{name}.kif").read_text()


def test_tic_tac_toe_by_text_to_a_win():
    game = arbiter.gdl.load(rules("ticTacToe"))
    assert game.id == "gdl" and game.options.startswith("rules=")
    state = game.new_initial_state()
    assert len(state.legal_moves()) == 9 and state.current_player() == 0
    for move in ["(mark 1 1)", "(mark 2 1)", "(MARK 1 2)", "(mark 2 2)", "( mark 1 3 )"]:
        state.play(move)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.history_moves()[-1] == "(mark 1 3)"
    with pytest.raises(arbiter.IllegalMoveError):
        game.new_initial_state().play("(mark 4 4)")


def test_actions_number_every_move_and_play_a_whole_game():
    game = arbiter.gdl.load(rules("breakthroughSmallHoles"))
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions and all(0 <= a < game.num_distinct_actions() for a in actions)
        texts = sorted(state.action_to_string(action) for action in actions)
        assert texts == sorted(state.legal_moves())
        observation = state.observation_tensor(state.current_player())
        assert observation.shape == game.observation_shape()
        state.apply_action(rng.choice(actions))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_the_seeds_rules_count_as_the_native_holes_with_diagonal_captures():
    gdl = arbiter.gdl.load(rules("breakthroughSmallHoles")).new_initial_state()
    native = arbiter.Game("holes", options="captures=diagonal").new_initial_state()
    assert [arbiter.perft(gdl, depth) for depth in range(1, 5)] == [
        arbiter.perft(native, depth) for depth in range(1, 5)
    ]


def test_bad_rules_and_games_that_are_not_two_players_taking_turns():
    with pytest.raises(arbiter.RulesError, match="line 2, column 1 is never closed"):
        arbiter.gdl.load("(role white)\n(init (cell 1 1 b)")
    with pytest.raises(arbiter.RulesError, match="both roles choose a move at once"):
        arbiter.gdl.load(rules("rockPaperScissors"))
    with pytest.raises(arbiter.RulesError, match="has 3 roles"):
        arbiter.gdl.load(rules("lastStick"))


def test_games_and_states_pickle_as_their_rules():
    game = arbiter.gdl.load(rules("connectFour"))
    state = game.new_initial_state()
    state.play(state.legal_moves()[2])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.legal_moves() == state.legal_moves()
    assert pickle.loads(pickle.dumps(game)) == game
    assert arbiter.Game("gdl", options=game.options) == game


def test_openspiel_plays_it_with_its_mcts():
    game = pyspiel.load_game("arbiter_gdl", {"rules": rules("ticTacToe")})
    # The board of nine cells read from the rules: 9 × 9 steps from a cell to a cell (a mark
    # is a step from its cell to itself), and the skip.
    assert game.num_distinct_actions() == 82
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2, max_simulations=200, evaluator=evaluator, random_state=rng),
        pyspiel.make_uniform_random_bot(1, 42),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert returns[0] >= 0.0, "MCTS with 200 simulations does not lose to random moves"
    seed = pyspiel.load_game("arbiter_gdl")
    assert seed.new_initial_state().legal_actions()


def test_pettingzoo_api_test_on_a_gdl_game():
    api_test(env(arbiter.gdl.load(rules("connectFour"))), num_cycles=200)
