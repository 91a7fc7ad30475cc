"""The Python bindings' figures, side by side in one run on one machine.

    PROFILE=release bash crates/python/tests/run.sh -q   # builds and installs the wheel
    target/python-venv/bin/python crates/python/benchmarks/figures.py [--seconds 5]

- Random playouts of checkers, turns per second: Arbiter step by step through the action API
  (``legal_actions``, ``apply_action``, ``is_terminal``), Arbiter batched
  (``arbiter.random_playouts``, all in Rust, on one thread and on every core), and OpenSpiel's own checkers step by step
  (``pyspiel``, C++ rules), each driven by the same Python loop.
- MCTS: OpenSpiel's ``MCTSBot`` (random rollouts) simulations per second from the start of
  ``arbiter_checkers`` and of OpenSpiel's ``checkers``.

A turn is a whole move of one player: a multi-jump of several actions is one turn.
"""

import argparse
import os
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import arbiter
import arbiter.spiel  # noqa: F401 (registers the games)


def stepwise_turns(new_state, seconds, seed):
    """Turns a second of random games played by a Python loop over `new_state()` states."""
    rng = random.Random(seed)
    turns, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = new_state()
        player = state.current_player()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            now = state.current_player()
            if now != player:
                turns += 1
                player = now
    return turns / (time.perf_counter() - started)


def batched_turns(seconds, seed, threads=1):
    """Turns a second of `arbiter.random_playouts` on checkers."""
    game = arbiter.Game("checkers")
    turns, started, batch = 0, time.perf_counter(), 1000
    while time.perf_counter() - started < seconds:
        turns += arbiter.random_playouts(game, batch, seed=seed, threads=threads)["turns"]
        seed += 1
    return turns / (time.perf_counter() - started)


def mcts_simulations(game, seconds, simulations=1000):
    """MCTSBot's simulations a second from the start of `game`."""
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2, simulations, evaluator, random_state=rng)
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        bot.step(game.new_initial_state())
        done += simulations
    return done / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for each figure")
    seconds = parser.parse_args().seconds
    arbiter_game = arbiter.Game("checkers")
    openspiel_checkers = pyspiel.load_game("checkers")
    stepwise = stepwise_turns(arbiter_game.new_initial_state, seconds, 1)
    openspiel = stepwise_turns(openspiel_checkers.new_initial_state, seconds, 1)
    batched = batched_turns(seconds, 1)
    threads = os.cpu_count() or 1
    batched_threads = batched_turns(seconds, 1, threads)
    print("random playouts of checkers, turns per second")
    print(f"  arbiter, step by step (action API)  {stepwise:12,.0f}")
    print(f"  arbiter.random_playouts (batched)   {batched:12,.0f}")
    print(f"  the same on {threads} threads              {batched_threads:12,.0f}")
    print(f"  OpenSpiel checkers, step by step    {openspiel:12,.0f}")
    print(f"  step by step, arbiter / OpenSpiel   {stepwise / openspiel:12.2f}")
    print(f"  batched / arbiter step by step      {batched / stepwise:12.0f}")
    print(f"  batched / OpenSpiel step by step    {batched / openspiel:12.0f}")
    ours = mcts_simulations(pyspiel.load_game("arbiter_checkers"), seconds)
    theirs = mcts_simulations(openspiel_checkers, seconds)
    print("OpenSpiel MCTSBot (random rollouts) from the start, simulations per second")
    print(f"  arbiter_checkers                    {ours:12,.0f}")
    print(f"  OpenSpiel checkers                  {theirs:12,.0f}")


if __name__ == "__main__":
    main()
