"""Arbiter's alpha-beta against OpenSpiel's MCTS at checkers, on OpenSpiel's own checkers.

    PROFILE=release bash crates/python/tests/run.sh -q   # builds and installs the wheel
    ARBITER_TABLEBASE=DIR target/python-venv/bin/python crates/python/benchmarks/mcts_match.py \\
        --games 20 --arbiter-time 0.2 --mcts-time 0.2 [--no-tables] [--json FILE]

The games are played on OpenSpiel's ``checkers`` (its C++ rules), which also adjudicates them:
a side with no move loses, and 40 actions in a row without a capture draw (OpenSpiel's
``kMaxMovesWithoutCapture``; a man's move does not reset that count, unlike the 80 turns of
docs/rules.md). Arbiter follows the game on its own ``checkers`` state, move for move, and plays
the move ``arbiter.search(state, "alphabeta", time=...)`` returns, step by step. Where Arbiter's
own draw rules (three repetitions, 80 turns without progress) would end the game before
OpenSpiel's, Arbiter goes on searching from the position alone.

OpenSpiel's player is its Python ``MCTSBot`` as OpenSpiel's examples set it up (UCT constant 2,
one random rollout per leaf, solved values backed up), searching for ``--mcts-time`` seconds at
each decision: a multi-jump is a decision at each jump. A decision with one legal action is
played at once, by either player. Arbiter plays White and Black in turn; each game's MCTS has a
seed of its own.

For every game the script prints the result for Arbiter, its length, why it ended, and the
material (pieces on the board, a king counted as one): Arbiter's largest lead after any move of
OpenSpiel's, and the lead at the end. "Won from a lead" is the share of the games in which
Arbiter was ahead after a move of OpenSpiel's that Arbiter went on to win.
"""

import argparse
import json
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import arbiter


class _TimeUp(Exception):
    """The MCTS's time for this decision is over."""


class TimedMCTSBot(mcts.MCTSBot):
    """OpenSpiel's `MCTSBot`, searching for a number of seconds instead of simulations.

    The time is checked before each simulation starts, so the tree is whole when the search
    stops, and OpenSpiel's own code picks the move from it (the most visited, or a proven win).
    The first `MIN_SIMULATIONS` run whatever the time, so that a loaded machine still gives a
    tree to choose from.
    """

    MIN_SIMULATIONS = 16

    def __init__(self, game, seconds, seed):
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        super().__init__(game, 2, 10**9, evaluator, solve=True, random_state=rng)
        self.seconds = seconds
        self.simulations = 0
        self._deadline = 0.0
        self._root = None

    def mcts_search(self, state):
        self._deadline = time.perf_counter() + self.seconds
        self._root = None
        try:
            root = super().mcts_search(state)
        except _TimeUp:
            root = self._root
        self.simulations += root.explore_count
        return root

    def _apply_tree_policy(self, root, state):
        if self._root is None:
            self._root = root
        elif (
            root.explore_count >= self.MIN_SIMULATIONS
            and time.perf_counter() >= self._deadline
        ):
            raise _TimeUp
        return super()._apply_tree_policy(root, state)


def arbiter_step(text):
    """An OpenSpiel checkers action (`a3b4`, `c3e5`) as Arbiter's squares (`(12, 16)`).

    OpenSpiel's first player (Arbiter's Black, on squares 1–12) starts on rows 1–3 and its
    columns run from `a` on the left; Arbiter numbers the squares from its side, right to
    left: `g3` is 9 and `a1` is 4.
    """
    squares = []
    for name in (text[0:2], text[2:4]):
        row, column = int(name[1]) - 1, ord(name[0]) - ord("a")
        squares.append(row * 4 + (3 - column // 2) + 1)
    return tuple(squares)


def pieces(position):
    """The pieces of each side in a PDN position (`B:W18,K24:B12`): {"W": 2, "B": 1}."""
    counts = {}
    for part in position.split(":")[1:]:
        squares = part[1:]
        counts[part[0]] = len(squares.split(",")) if squares else 0
    return counts


def play_game(theirs_game, ours_game, arbiter_player, args, seed):
    """One game; Arbiter is OpenSpiel's player `arbiter_player` (0 moves first)."""
    theirs = theirs_game.new_initial_state()
    ours = ours_game.new_initial_state()
    bot = TimedMCTSBot(theirs_game, args.mcts_time, seed)
    colour = "B" if arbiter_player == 0 else "W"
    other = "W" if colour == "B" else "B"
    turn, max_lead, searches, thinking = [], 0, 0, 0.0
    plan = []
    while not theirs.is_terminal():
        player = theirs.current_player()
        actions = {arbiter_step(theirs.action_to_string(a)): a for a in theirs.legal_actions()}
        if ours.is_terminal():
            # Arbiter's own draw rule ended the game; OpenSpiel's has not.
            ours = ours_game.from_position(ours.position())
        if player == arbiter_player and not plan:
            started = time.perf_counter()
            found = arbiter.search(
                ours, "alphabeta", time=args.arbiter_time, tables=not args.no_tables
            )
            thinking += time.perf_counter() - started
            searches += 1
            squares = [int(square) for square in found.best.replace("x", "-").split("-")]
            plan = list(zip(squares, squares[1:]))
        if player == arbiter_player:
            action = actions[plan.pop(0)]
        elif len(actions) == 1:
            action = next(iter(actions.values()))
        else:
            action = bot.step(theirs)
        step = arbiter_step(theirs.action_to_string(action))
        theirs.apply_action(action)
        turn.append(step)
        if theirs.is_terminal() or theirs.current_player() != player:
            jump = abs(step[0] - step[1]) > 5
            squares = [turn[0][0]] + [to for _, to in turn]
            ours.play(("x" if jump else "-").join(str(square) for square in squares))
            turn = []
            if player != arbiter_player:
                count = pieces(ours.position())
                max_lead = max(max_lead, count[colour] - count[other])
    count = pieces(ours.position())
    returns = theirs.returns()
    score = returns[arbiter_player]
    if score == 0:
        reason = "40 actions without a capture"
        if len(theirs.history()) >= theirs_game.max_game_length():
            reason = "game length"
    else:
        reason = "no move"
    return {
        "arbiter": "Black" if arbiter_player == 0 else "White",
        "result": {1.0: "win", 0.0: "draw", -1.0: "loss"}[score],
        "reason": reason,
        "actions": len(theirs.history()),
        "max_lead": max_lead,
        "final_lead": count[colour] - count[other],
        "arbiter_seconds_per_move": thinking / max(searches, 1),
        "mcts_simulations": bot.simulations,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--arbiter-time", type=float, default=0.2, help="seconds a move")
    parser.add_argument("--mcts-time", type=float, default=0.2, help="seconds a decision")
    parser.add_argument("--no-tables", action="store_true", help="search without the tables")
    parser.add_argument("--seed", type=int, default=1, help="the first game's MCTS seed")
    parser.add_argument("--json", help="also write the games and the summary to this file")
    args = parser.parse_args()

    theirs_game = pyspiel.load_game("checkers")
    ours_game = arbiter.Game("checkers")
    games = []
    for number in range(args.games):
        game = play_game(theirs_game, ours_game, number % 2, args, args.seed + number)
        games.append(game)
        print(
            f"game {number + 1:3}: Arbiter {game['arbiter']:5} {game['result']:4} "
            f"{game['actions']:4} actions ({game['reason']}), lead at most {game['max_lead']}, "
            f"at the end {game['final_lead']}",
            flush=True,
        )
    led = [game for game in games if game["max_lead"] > 0]
    summary = {
        "arbiter_time": args.arbiter_time,
        "mcts_time": args.mcts_time,
        "tables": not args.no_tables,
        "wins": sum(game["result"] == "win" for game in games),
        "draws": sum(game["result"] == "draw" for game in games),
        "losses": sum(game["result"] == "loss" for game in games),
        "games_with_a_lead": len(led),
        "won_from_a_lead": sum(game["result"] == "win" for game in led),
        "draws_with_a_lead_at_the_end": sum(
            game["result"] == "draw" and game["final_lead"] > 0 for game in games
        ),
    }
    print(
        f"Arbiter {summary['wins']}/{summary['draws']}/{summary['losses']} (won/drawn/lost); "
        f"ahead in {len(led)} games, won {summary['won_from_a_lead']} of them; "
        f"{summary['draws_with_a_lead_at_the_end']} draws ended with Arbiter ahead"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"summary": summary, "games": games}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
