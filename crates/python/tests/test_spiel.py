"""OpenSpiel through `arbiter.spiel`: its algorithms on every game, and its own checkers."""

import argparse
import pathlib
import random
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts, minimax

import arbiter
import arbiter.spiel  # noqa: F401 (registers the games)

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "benchmarks"))
import mcts_match  # noqa: E402 (the match against OpenSpiel's MCTS, from benchmarks/)

GAME_IDS = [game["id"] for game in arbiter.games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_mcts_with_random_rollouts_plays_a_whole_game_against_uniform_random(game_id):
    game = pyspiel.load_game(f"arbiter_{game_id}")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2, max_simulations=8, evaluator=evaluator, random_state=rng),
        pyspiel.make_uniform_random_bot(1, 42),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_state_api(game_id):
    game = pyspiel.load_game(f"arbiter_{game_id}")
    assert game.num_distinct_actions() == arbiter.Game(game_id).num_distinct_actions()
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        player = state.current_player()
        actions = state.legal_actions()
        assert actions == state.legal_actions(player)
        tensor = state.observation_tensor(player)
        assert len(tensor) == int(np.prod(arbiter.Game(game_id).observation_shape()))
        clone = state.clone()
        action = rng.choice(actions)
        state.apply_action(action)
        assert clone.legal_actions() == actions, "a clone is independent"
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    assert len(state.history()) >= 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiels_cpp_random_simulation_test(game_id):
    # A C++ algorithm on the Python game: random games with every state checked, cloned and
    # serialised. (OpenSpiel 2.0.2's C++ MCTSBot crashes on any game written in Python, its
    # own python_tic_tac_toe included, so it is not run here.)
    pyspiel.random_sim_test(pyspiel.load_game(f"arbiter_{game_id}"), 3, True, False)


def test_parameters_are_the_options():
    game = pyspiel.load_game("arbiter_daynight", {"rings": 6})
    assert game.arbiter_game.options == "rings=6"
    assert pyspiel.load_game("arbiter_minicheckers(first=black)").arbiter_game.options == "first=black"
    with pytest.raises(Exception, match="rings"):
        pyspiel.load_game("arbiter_daynight", {"rings": 99})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_alpha_beta_search_from_openspiel(game_id):
    # Three plies (steps) deep, with a material count from the observation at the horizon.
    game = pyspiel.load_game(f"arbiter_{game_id}")
    own, opponent = (arbiter.OBSERVATION_PLANES.index(name) for name in ("own", "opponent"))

    def material(state):
        planes = state.arbiter_state.observation_tensor(0)
        return float(planes[own].sum() - planes[opponent].sum()) / 100

    state = game.new_initial_state()
    value, action = minimax.alpha_beta_search(
        game, state=state, value_function=material, maximum_depth=3
    )
    assert action in state.legal_actions()
    assert -1.0 <= value <= 1.0


# OpenSpiel's checkers draws after 40 actions without a capture and plays on an 8×8 board of
# its own orientation; Arbiter's follows docs/rules.md (a draw by repetition, and by 80 turns
# without progress). Until either draw rule applies the rules agree: the same moves from the
# same positions, which is what this test compares.
def squares(step):
    """Arbiter's step (`12-16`, `11x18`) as its squares (`(12, 16)`)."""
    return tuple(int(square) for square in step.replace("x", "-").split("-"))


def test_openspiel_checkers_and_arbiter_checkers_agree_on_legal_moves():
    theirs_game = pyspiel.load_game("checkers")
    ours_game = pyspiel.load_game("arbiter_checkers")
    rng = random.Random(5)
    compared = 0
    for _ in range(3):
        theirs, ours = theirs_game.new_initial_state(), ours_game.new_initial_state()
        for _ in range(60):
            if theirs.is_terminal() or ours.is_terminal():
                break
            their_steps = {
                mcts_match.arbiter_step(theirs.action_to_string(a)): a for a in theirs.legal_actions()
            }
            our_steps = {squares(ours.action_to_string(a)): a for a in ours.legal_actions()}
            assert set(their_steps) == set(our_steps), ours.arbiter_state.position()
            compared += 1
            step = rng.choice(sorted(our_steps))
            theirs.apply_action(their_steps[step])
            ours.apply_action(our_steps[step])
    assert compared > 100


def test_the_mcts_match_plays_a_game_to_openspiels_end():
    # benchmarks/mcts_match.py on short thinking times: Arbiter's moves are legal in
    # OpenSpiel's checkers, step by step, and the game ends by OpenSpiel's rules.
    args = argparse.Namespace(arbiter_time=0.01, mcts_time=0.01, no_tables=False)
    theirs, ours = pyspiel.load_game("checkers"), arbiter.Game("checkers")
    game = mcts_match.play_game(theirs, ours, 1, args, seed=3)
    assert game["arbiter"] == "White" and game["mcts_simulations"] > 0
    ended = {"win": "no move", "loss": "no move", "draw": "40 actions without a capture"}
    assert game["reason"] == ended[game["result"]]
    assert 0 < game["actions"] < theirs.max_game_length()
    assert mcts_match.pieces("B:WK18,24:B") == {"W": 2, "B": 0}


def test_a_state_serialises_through_openspiel():
    game = pyspiel.load_game("arbiter_fanorona")
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()
    assert str(again) == str(state)
