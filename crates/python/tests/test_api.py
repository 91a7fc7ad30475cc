"""The text and action APIs on every game and option set, against `arbiter moves`."""

import pickle
import random

import numpy as np
import pytest

import arbiter
from conftest import arbiter_moves


def whole_moves_by_actions(state):
    """Every whole move that sequences of actions complete from `state`, by depth-first search."""
    moves = []
    player = state.current_player()
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if len(child.history_moves()) > len(state.history_moves()):
            moves.append(child.history_moves()[-1])
        else:
            assert child.current_player() == player, "a turn's steps are all the same player's"
            moves += whole_moves_by_actions(child)
    return moves


def test_random_games_by_text_agree_with_arbiter_moves(game):
    rng = random.Random(7)
    state = game.new_initial_state()
    checked_at = {0, 5, 20, 60}
    while not state.is_terminal():
        if len(state.history_moves()) in checked_at:
            assert state.legal_moves() == arbiter_moves(game, state.history_moves())
        state.play(rng.choice(state.legal_moves()))
    assert state.legal_moves() == [] == arbiter_moves(game, state.history_moves())
    assert state.current_player() is None
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.outcome() is not None


def test_random_games_by_actions_agree_with_the_text_api(game):
    rng = random.Random(11)
    state = game.new_initial_state()
    turns = 0
    while not state.is_terminal():
        if turns % 7 == 0:
            assert sorted(whole_moves_by_actions(state)) == sorted(state.legal_moves())
        player = state.current_player()
        before = len(state.history_moves())
        while len(state.history_moves()) == before and not state.is_terminal():
            assert state.current_player() == player
            actions = state.legal_actions()
            assert actions == sorted(actions) and len(set(actions)) == len(actions)
            assert all(0 <= action < game.num_distinct_actions() for action in actions)
            state.apply_action(rng.choice(actions))
        turns += 1
    assert state.legal_actions() == []
    assert arbiter_moves(game, state.history_moves()) == []


def test_a_position_and_a_record_read_back(game):
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(10):
        if state.is_terminal():
            break
        state.play(rng.choice(state.legal_moves()))
    again = game.from_position(state.position())
    assert again.position() == state.position()
    assert again.legal_moves() == state.legal_moves()
    assert str(again) == str(state)
    replayed = game.from_record(state.record())
    assert replayed.history_moves() == state.history_moves()
    assert replayed.position() == state.position()


def test_observation_tensor(game):
    state = game.new_initial_state()
    planes = state.observation_tensor()
    assert planes.shape == game.observation_shape()
    assert planes.dtype == np.float32
    assert planes.shape[0] == len(arbiter.OBSERVATION_PLANES)
    own, opponent, cell, to_move = (arbiter.OBSERVATION_PLANES.index(name) for name in ("own", "opponent", "cell", "to_move"))
    assert planes[own].sum() > 0 and planes[opponent].sum() > 0
    assert np.all(planes[cell][planes[own] == 1] == 1)
    assert planes[to_move].all()
    other = state.observation_tensor(1 - state.current_player())
    assert np.array_equal(other[own], planes[opponent])
    assert not other[to_move].any()


def position_with_a_multi_jump():
    """A checkers state from random play whose player to move has a multi-jump."""
    rng = random.Random(1)
    while True:
        state = arbiter.Game("checkers").new_initial_state()
        while not state.is_terminal():
            if any(move.count("x") > 1 for move in state.legal_moves()):
                return state
            state.play(rng.choice(state.legal_moves()))


def test_clone_is_independent():
    state = arbiter.Game("checkers").new_initial_state()
    copy = state.clone()
    copy.play("11-15")
    assert state.history_moves() == [] and copy.history_moves() == ["11-15"]
    assert state.current_player() == 1 and copy.current_player() == 0
    state = position_with_a_multi_jump()
    entered = state.clone()
    jump = next(move for move in state.legal_moves() if move.count("x") > 1)
    first_step = "x".join(jump.split("x")[:2])
    entered.apply_action(next(a for a in entered.legal_actions() if entered.action_to_string(a) == first_step))
    assert state.steps_entered() == [] and len(entered.steps_entered()) == 1


def test_a_multi_jump_is_several_actions_of_the_same_player():
    state = position_with_a_multi_jump()
    player = state.current_player()
    moves = state.history_moves()
    jumps = [move for move in state.legal_moves() if move.count("x") > 1]
    squares = jumps[0].split("x")
    for step, (start, end) in enumerate(zip(squares, squares[1:])):
        action = next(a for a in state.legal_actions() if state.action_to_string(a) == f"{start}x{end}")
        state.apply_action(action)
        if step + 2 < len(squares):
            assert state.current_player() == player and state.history_moves() == moves
            assert jumps[0] in state.legal_moves()
            with pytest.raises(arbiter.IllegalMoveError, match="partly entered"):
                state.play(jumps[0])
    assert state.history_moves() == moves + [jumps[0]]


def test_errors_are_exceptions_with_the_engines_messages():
    with pytest.raises(arbiter.UnknownGameError, match="unknown game `chess`; the games are"):
        arbiter.Game("chess")
    with pytest.raises(arbiter.OptionsError, match="unknown option `size`"):
        arbiter.Game("holes", options="size=7")
    with pytest.raises(arbiter.OptionsError, match="invalid value"):
        arbiter.Game("daynight", options="rings=99")
    state = arbiter.Game("checkers").new_initial_state()
    with pytest.raises(arbiter.IllegalMoveError, match="not a legal move here; legal moves: 9-13"):
        state.play("1-5")
    with pytest.raises(arbiter.IllegalMoveError, match="not a move"):
        state.play("hello")
    with pytest.raises(arbiter.IllegalMoveError, match="action 5 .* is not legal here; legal actions"):
        state.apply_action(5)
    with pytest.raises(arbiter.IllegalMoveError, match="does not exist"):
        state.apply_action(-1)
    with pytest.raises(arbiter.IllegalMoveError, match="does not exist"):
        state.apply_action(10**9)
    with pytest.raises(arbiter.RecordError, match="another game"):
        arbiter.Game("holes").from_record(arbiter.Game("checkers").new_initial_state().record())
    with pytest.raises(arbiter.ArbiterError, match="under the options `rings=6`"):
        arbiter.Game("daynight").from_record(arbiter.Game("daynight", "rings=6").new_initial_state().record())
    with pytest.raises(arbiter.PositionError, match="invalid position"):
        arbiter.Game("checkers").from_position("no such position")
    with pytest.raises(arbiter.ArbiterError, match="player 2 does not exist"):
        state.observation_tensor(2)
    assert issubclass(arbiter.IllegalMoveError, ValueError)
    assert state.history_moves() == []


def test_a_state_pickles_with_its_turn_partly_entered():
    state = position_with_a_multi_jump()
    state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.game() == state.game()
    assert (again.history_moves(), again.steps_entered()) == (state.history_moves(), state.steps_entered())
    assert again.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(arbiter.Game("daynight", options="rings=6"))).options == "rings=6"
