"""The engine from Python: search, solve, perft and batched random playouts."""

import pathlib
import random
import threading
import time

import pytest

import arbiter


def test_search_finds_a_move_and_its_line():
    state = arbiter.Game("checkers").new_initial_state()
    result = arbiter.search(state, "alphabeta", depth=4, book=False)
    assert result.best in state.legal_moves() and not result.book
    assert result.line[0] == result.best and result.depth == 4 and result.nodes > 0
    mcts = arbiter.search(state, "mcts", nodes=200, seed=1, book=False)
    assert mcts.best in state.legal_moves() and mcts.score.endswith("%")
    state.play(result.best)


def test_search_plays_from_the_opening_book_of_checkers():
    state = arbiter.Game("checkers").new_initial_state()
    booked = arbiter.search(state, "alphabeta", depth=4)
    assert booked.book and booked.nodes == 0 and booked.best in state.legal_moves()
    assert not arbiter.search(arbiter.Game("holes").new_initial_state(), depth=1).book


def test_search_errors_are_exceptions():
    state = arbiter.Game("checkers").new_initial_state()
    with pytest.raises(arbiter.SearchError, match="unknown player `chess`"):
        arbiter.search(state, "chess", depth=2)
    with pytest.raises(arbiter.SearchError, match="perfect player plays only"):
        arbiter.search(state, "perfect")
    with pytest.raises(arbiter.ArbiterError, match="positive number of seconds"):
        arbiter.search(state, time=-1)


def test_solve_a_small_position():
    # Holes after a few random moves: the solver proves it in well under a second.
    state = arbiter.Game("holes").new_initial_state()
    rng = random.Random(4)
    for _ in range(8):
        state.play(rng.choice(state.legal_moves()))
    solution = arbiter.solve(state, time=30)
    assert solution.winner in (0, 1) and solution.plies == len(solution.line) > 0
    with pytest.raises(arbiter.SearchError, match="draw rules"):
        arbiter.solve(arbiter.Game("checkers").new_initial_state(), time=1)


def test_tablebase_values_a_small_endgame():
    # Lasker's king against king: White to move wins only by taking the opposition, 32-27.
    state = arbiter.Game("checkers").from_position("W:WK32:BK26")
    value = arbiter.tablebase(state)
    assert value["value"] == "win" and value["plies"] == 9 and value["best"] == ["32-27"]
    assert {"move": "32-28", "value": "draw", "plies": None} in value["moves"]
    assert arbiter.tablebase(arbiter.Game("checkers").new_initial_state()) is None
    assert arbiter.tablebase(arbiter.Game("holes").new_initial_state()) is None


def test_search_uses_the_tables_unless_told_not_to():
    # Lasker's king against king again: the tables see the win in 9 plies (5 of White's moves)
    # that one ply of search cannot.
    state = arbiter.Game("checkers").from_position("W:WK32:BK26")
    assert arbiter.search(state, depth=1).score == "win in 5"
    assert arbiter.search(state, depth=1, tables=False).score == "+0.00"
    # A timed search probes the tables loaded already, as this one is after a probe.
    assert arbiter.tablebase(state)["plies"] == 9
    timed = arbiter.search(state, time=0.2)
    assert (timed.best, timed.score) == ("32-27", "win in 5")


def test_a_tablebase_handle_is_opened_once_and_passed_to_probes_and_searches(tmp_path):
    tables = arbiter.open_tablebase(str(tmp_path))
    assert tables.dir == tmp_path
    assert repr(tables) == f"Tablebase(dir={str(tmp_path)!r})"
    state = arbiter.Game("checkers").from_position("W:WK32:BK26")
    # The empty folder lacks the table; the handle builds it in memory and keeps it.
    assert arbiter.tablebase(state, tables)["plies"] == 9
    assert arbiter.search(state, depth=1, tables=tables).score == "win in 5"
    timed = arbiter.search(state, time=0.2, tables=tables)
    assert (timed.best, timed.score) == ("32-27", "win in 5")


def test_a_tablebase_handle_reads_the_environment_when_it_is_opened(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_TABLEBASE", str(tmp_path))
    opened = arbiter.open_tablebase()
    monkeypatch.delenv("ARBITER_TABLEBASE")
    assert opened.dir == tmp_path
    assert arbiter.open_tablebase().dir is None
    assert arbiter.open_tablebase("elsewhere").dir == pathlib.Path("elsewhere")


def test_perft_matches_the_engine():
    state = arbiter.Game("checkers").new_initial_state()
    assert [arbiter.perft(state, depth) for depth in range(5)] == [1, 7, 49, 302, 1469]


def test_random_playouts_are_seeded_and_end():
    game = arbiter.Game("holes")
    first = arbiter.random_playouts(game, 50, seed=9)
    assert first == arbiter.random_playouts(game, 50, seed=9)
    assert first["games"] == 50 == first["white_wins"] + first["black_wins"]
    assert first["turns"] > 50 * 10
    assert arbiter.random_playouts(game, 1000, seed=9, threads=3) == arbiter.random_playouts(
        game, 1000, seed=9
    ), "the same games on any number of threads"
    with pytest.raises(arbiter.ArbiterError, match="threads must be 1 to 256"):
        arbiter.random_playouts(game, 10, threads=0)
    cut = arbiter.random_playouts(arbiter.Game("checkers"), 10, seed=1, max_turns=5)
    assert cut["cut"] == 10 and cut["turns"] == 50


def test_the_interpreter_lock_is_released_during_a_batch():
    # While a batch runs in another thread, this thread goes on running Python: it could not
    # if the batch held the interpreter's lock. No clock is read: the batch is long (a tenth
    # of a second or more) and the loop only counts its rounds until the batch ends.
    game = arbiter.Game("fanorona")
    started = threading.Event()

    def batch():
        started.set()
        arbiter.random_playouts(game, 20_000, seed=2)

    worker = threading.Thread(target=batch)
    worker.start()
    started.wait()
    turns = 0
    while worker.is_alive():
        turns += 1
        time.sleep(0.001)
    worker.join()
    assert turns >= 3
