#!/usr/bin/env python3
"""Checkers games of `arbiter hub` against `arbiter hub`, driven entirely by pydraughts.

Usage:  python3 hub_pydraughts.py PATH/TO/arbiter [--games N] [--ply-cap N] [--depth N]
                                                 [--clock] [--movetime S] [--time S] [--inc S]
                                                 [--time-no-inc S] [--timeout S] [--verbose]
Needs:  pip install pydraughts   (written against pydraughts 0.6.7; Python 3.11)

pydraughts' own Hub driver (draughts.engine.HubEngine, the one lidraughts-bot uses) talks to two
`arbiter hub` processes; pydraughts' Board(variant="english") is the referee. It has two modes.
By default (the test that CI runs) every search has a fixed size and no check is timed, so that
a run is the same on any machine under any load. With `--clock` (a benchmark run for people,
which a loaded machine decides) the games are played on clocks and the latency limits below
are checked as well. In both modes it checks:

* `hub` is answered by `id`/`param` lines and `wait`, `init` by `ready` (HubEngine.hub/init);
  engine B is set to `engine=mcts` with `set-param` when the engine declares that parameter;
* whole games, colours alternating: per move `engine.play(board, Limit(...), ponder=False)` and
  `board.push(result.move)` until `board.is_over()` (pydraughts applies English draughts' end
  and draw rules itself). By default every search has a fixed size (`level depth=4`, `--depth`;
  MCTS `level nodes=300`), and two games are played, one with each colour. With `--clock`
  four games: games 1-2 a fixed time per move (`level move-time=`, `--movetime`, at most
  0.5 s over), game 3 a clock with increment (`level time= inc=`, `--time`, `--inc`), game 4
  a clock without (`level time=`, `--time-no-inc`), and so on in fours; the clocks are kept by
  this script (below zero is a loss on time and a failure). `new-game` is sent before every
  game but the first. Every move must be legal in pydraughts' board (pydraughts raises
  otherwise) and not a null move, and the pv of each search's last `info` must be legal move
  by move; a game must end by a win or a pydraughts draw within the ply cap (default 500);
* single searches with `level depth=` and `level nodes=`; `ping` -> `pong`;
* `go ponder` ended by `ponder-hit` and by `stop`, with pydraughts' own pondering API: the
  search reports an `info` line and no `done` before `ponder-hit` or `stop`, then a legal move
  in `done`;
* positions other than the start, set up in pydraughts from PDN FEN (pydraughts sends them in
  its own hub position text, see below): the engine's move must be legal there;
* small clocks: the first search after `set-param name=hash value=256` and `init` under
  `level time=0.05`, and (engine B, MCTS) a position with a single legal move under
  `level time=0.02`, each ending by itself with a legal move (the one legal move);
* the engines print no line pydraughts does not expect (its "Unexpected engine response"
  warnings), and exit after `quit` (one of them) or at the end of their input (the other).

No check asserts on elapsed time unless `--clock` is given: events are awaited instead (the
first `info` line of a search, `done`, `pong`, the end of the process), each bounded by the
timeout (default 30 s beyond the move's time), a guard against a hang: on a timeout the
engine's process group is killed and the test fails. `--clock` adds the limits: `done` within
3 s of `ponder-hit` and 0.5 s of `stop` (each sent 0.4 s into the search), `pong` within 5 s,
the small clocks not overspent, and the exit within 3 s of `quit` or of the end of the input.
The last line is `N passed, M failed`; exit code 1 if anything failed.

Note on pydraughts' English positions: pydraughts keeps English draughts internally rotated by
180 degrees with the colours swapped, and `pos pos=` carries that internal text: the start is
`pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww` (`W` to move), while the moves in `moves="..."` and
the move expected back in `done move=` use the ordinary PDN numbers (Black's men on 1-12 move
first, e.g. `12-16`). Captures go both ways as `from x to x captured squares`
(e.g. `22x15x18`), the captured squares in any order.
"""

import argparse
import collections
import logging
import os
import re
import signal
import sys
import threading
import time

# `--clock`: games on clocks and the latency limits (a benchmark run); otherwise fixed depths.
CLOCK = False
# The playouts of an MCTS search in the games at fixed depths (few: a game of checkers between
# alpha-beta and MCTS may run to a few hundred plies).
MCTS_NODES = 300
# The latency limits that `--clock` checks, in seconds.
PONDER_HIT_LIMIT = 3.0  # from `ponder-hit` to `done` (the level's clock is 1 s)
STOP_LIMIT = 0.5  # from `stop` to `done`
PING_LIMIT = 5.0  # from `ping` to `pong`
QUIT_LIMIT = 3.0  # from `quit`, or the end of the input, to the end of the process
# With `--clock`, how long a `go ponder` search runs before `ponder-hit` or `stop`: long enough
# to be deep, so that their latency is that of a real search.
PONDER_BEFORE_ANSWER = 0.4

try:
    import draughts
    import draughts.engine
    from draughts.engine import HubEngine, Limit
except ImportError as e:  # pragma: no cover
    print(f"pydraughts is not installed ({e}); pip install pydraughts")
    print("0 passed, 1 failed")
    sys.exit(1)

CALL_TIMEOUT = 30.0

# pydraughts logs every line it sends and receives at DEBUG, and unexpected lines as WARNING.
TRANSCRIPT = collections.deque(maxlen=400)
LAST_GO = {}  # pid (text) -> when pydraughts sent the last `go`
LAST_DONE = {}  # pid (text) -> when pydraughts read the last `done`
# pid (text) -> the events of its current search: "heard" (an `info` or the `done` has come),
# "done"; both are cleared when pydraughts sends `go` (a waiter clears them before that too).
SEARCH_EVENTS = {}
WARNINGS = []


def search_events(pid):
    return SEARCH_EVENTS.setdefault(str(pid), {"heard": threading.Event(),
                                               "done": threading.Event()})


_LINE = re.compile(r"^\S+ %s (<<|>>) %s (\d+) (.*)$", re.S)


class Capture(logging.Handler):
    def emit(self, record):
        msg = record.getMessage() if record.args else str(record.msg)
        m = _LINE.match(msg)
        if m:  # pydraughts' "5 %s << %s PID LINE" (its format has no arguments)
            arrow = "->" if m.group(1) == "<<" else "<-"  # pydraughts: << sent, >> received
            msg = f"[pid {m.group(2)}] {arrow} {m.group(3)}"
            events = search_events(m.group(2))
            # when `go` left and `done` came back: the engine's own time, without pydraughts';
            # and the search's events
            if arrow == "->" and m.group(3).startswith("go "):
                LAST_GO[m.group(2)] = time.monotonic()
                for event in events.values():
                    event.clear()
            elif arrow == "<-" and m.group(3).startswith("done"):
                LAST_DONE[m.group(2)] = time.monotonic()
                events["done"].set()
                events["heard"].set()
            elif arrow == "<-" and m.group(3).startswith("info"):
                events["heard"].set()
        if record.levelno >= logging.WARNING:
            WARNINGS.append(msg)
            TRANSCRIPT.append("WARNING " + msg)
        else:
            TRANSCRIPT.append(msg)


_log = logging.getLogger("pydraughts")
_log.setLevel(logging.DEBUG)
_log.addHandler(Capture())
_log.propagate = False


class Timeout(Exception):
    pass


class Player:
    """A pydraughts HubEngine for `arbiter hub`, with a watchdog on every call."""

    def __init__(self, binary, label):
        self.label = label
        self.procs = []
        self.engine = None
        procs = self.procs

        class Recording(HubEngine):
            # only records the process pydraughts opens, so that the watchdog can kill it
            def _open_process(self, command, cwd=None, shell=True, **kw):
                p = HubEngine._open_process(self, command, cwd, shell)
                procs.append(p)
                return p

        self.engine = self.call(lambda: Recording([binary, "hub"]), CALL_TIMEOUT,
                                "HubEngine([binary, 'hub']) (hub ... wait)")
        if not self.procs and getattr(self.engine, "p", None) is not None:
            self.procs.append(self.engine.p)  # a pydraughts that opens its process otherwise

    @property
    def pid(self):
        return self.procs[0].pid if self.procs else None

    def kill(self):
        for p in self.procs:
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)  # pydraughts starts it in its own group
                except (ProcessLookupError, PermissionError):
                    p.kill()
                try:
                    p.wait(timeout=5)
                except Exception:
                    pass

    def call(self, fn, timeout, what):
        box = {}

        def run():
            try:
                box["value"] = fn()
            except BaseException as e:  # reported to the caller
                box["error"] = e

        t = threading.Thread(target=run, daemon=True)
        t.start()
        t.join(timeout)
        if t.is_alive():
            self.kill()
            t.join(5)
            raise Timeout(f"{self.label}: no answer within {timeout:.1f} s to {what}")
        if "error" in box:
            raise box["error"]
        return box.get("value")

    def close_pipes(self):
        for p in self.procs:
            for f in (p.stdin, p.stdout):
                try:
                    if f:
                        f.close()
                except Exception:
                    pass

    def quit(self):
        """Send quit; True when the process exits within `quit_wait()` seconds."""
        try:
            self.engine.quit()
        except (BrokenPipeError, OSError, ValueError, AttributeError):
            pass
        ok = True
        for p in self.procs:
            try:
                p.wait(timeout=quit_wait())
            except Exception:
                ok = False
        self.kill()
        self.close_pipes()
        return ok


def quit_wait():
    """Seconds an engine has to exit after `quit` or the end of its input: a latency limit with
    `--clock`, otherwise only a guard against a hang."""
    return QUIT_LIMIT if CLOCK else CALL_TIMEOUT


def is_legal(board, move):
    return move.board_move in [m.board_move for m in board.legal_moves()]


def transcript():
    """The last lines exchanged with the engine that spoke last (the one a failure concerns)."""
    lines = list(TRANSCRIPT)
    pid = next((m.group(1) for m in map(re.compile(r"^\[pid (\d+)\]").match, reversed(lines))
                if m), None)
    if pid is not None:
        lines = [x for x in lines if x.startswith(f"[pid {pid}]") or x.startswith("WARNING")]
    return "\n      last lines exchanged (-> to the engine, <- from it):\n" + "\n".join(
        "        " + x for x in lines[-25:])


class Suite:
    def __init__(self, verbose):
        self.passed = 0
        self.failed = 0
        self.failures = []
        self.verbose = verbose

    def record(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"  PASS {name}" + (f": {detail}" if detail else ""))
        else:
            self.failed += 1
            self.failures.append(f"{name}: {detail}")
            print(f"  FAIL {name}: {detail}")


def start_player(s, binary, label, restart=False, params=None):
    """Start an engine (hub ... wait), set params, then init (... ready); None on failure."""
    name = f"{'restart' if restart else 'start'} {label} (hub -> wait, init -> ready)"
    try:
        pl = Player(binary, label)
    except Exception as e:
        s.record(name, False, f"{type(e).__name__}: {e}{transcript()}")
        return None
    set_ = []
    for k, v in (params or {}).items():
        if k in pl.engine.options:  # only what the engine declares, as the Hub GUI does
            pl.engine.setoption(k, v)
            set_.append(f"{k}={v}")
    pl.mcts = (params or {}).get("engine") == "mcts" and "engine" in pl.engine.options
    try:
        pl.call(pl.engine.init, CALL_TIMEOUT, "init (waiting for ready)")
    except Exception as e:
        s.record(name, False, f"{type(e).__name__}: {e}{transcript()}")
        pl.kill()
        return None
    eng = pl.engine
    detail = f"id {eng.id}, params {sorted(eng.options)}" + (
        f", set-param {' '.join(set_)}" if set_ else "")
    if eng.variants:
        detail += f", variants {sorted(eng.variants)}"
        if "english" in eng.variants:
            eng.setoption("variant", "english")
            detail += " (set variant=english)"
        else:
            detail += " (no 'english' among them: left at the engine's default)"
    s.record(name, True, detail)
    return pl


def describe(board):
    w = board.winner()
    if w is None:
        return "unfinished"
    if w == 0:
        return "draw"
    return "Black won" if w == draughts.BLACK else "White won"


def play_move(pl, board, limit, timeout, what):
    """engine.play under the watchdog; returns (move, seconds, info).

    The seconds are the engine's: from pydraughts writing `go` to its reading `done`, so that
    pydraughts' own work (a few ms a move in Python) is not charged to the engine's clock."""
    t0 = time.monotonic()
    result = pl.call(lambda: pl.engine.play(board, limit, False), timeout, what)
    took = time.monotonic() - t0
    pid = str(pl.pid)
    if LAST_GO.get(pid, 0) >= t0 and LAST_DONE.get(pid, 0) >= LAST_GO[pid]:
        took = LAST_DONE[pid] - LAST_GO[pid]
    if result is None or result.move is None:
        raise ValueError("no move returned")
    if getattr(result.move, "is_null", False):
        raise ValueError(f"the engine returned a null move ({result.move.hub_move})")
    return result.move, took, result.info


def check_pv(board, info):
    """None when the pv of the search's last info is legal move by move in pydraughts' board."""
    pv = (info or {}).get("pv")
    if not pv:
        return None
    b = board.copy()
    for k, hub in enumerate(str(pv).strip('"').split()):
        try:
            b.push(draughts.Move(b, hub_move=hub))
        except Exception as e:
            return (f"pv move {k + 1} ({hub}) of pv={pv} is not legal there "
                    f"({type(e).__name__}: {e})")
    return None


def play_game(s, players, index, mode, ply_cap, per_move, clock, inc):
    """players: (black, white) Player objects; `per_move` is the depth of each search (mode
    "depth") or its seconds (mode "movetime")."""
    black, white = players
    board = draughts.Board(variant="english")
    clocks = {draughts.BLACK: clock, draughts.WHITE: clock}
    times = {black.label: [], white.label: []}
    name = (f"game {index} ({black.label} Black, {white.label} White, "
            + (f"depth {per_move}, MCTS {MCTS_NODES} nodes" if mode == "depth" else
               f"move-time {per_move} s" if mode == "movetime" else
               f"clock {clock} s + {inc} s" if inc else f"clock {clock} s, no increment")
            + ")")
    warnings_before = len(WARNINGS)
    t_start = time.monotonic()
    problem = None
    bad_pvs = []
    clock_log = {black.label: [], white.label: []}  # (ply, clock sent in s, seconds used)
    try:
        while not board.is_over() and len(board.move_stack) < ply_cap:
            side = board.turn
            pl = black if side == draughts.BLACK else white
            ply = len(board.move_stack) + 1
            if mode == "depth":
                # MCTS has no depth: it searches a fixed number of playouts instead.
                limit = Limit(nodes=MCTS_NODES) if pl.mcts else Limit(depth=per_move)
                timeout = CALL_TIMEOUT
            elif mode == "movetime":
                limit = Limit(movetime=per_move)
                timeout = per_move + CALL_TIMEOUT
            else:
                limit = Limit(time=round(clocks[side], 3), inc=inc or None)
                timeout = clocks[side] + CALL_TIMEOUT
            before = [m.hub_move for m in board.move_stack]
            try:
                move, took, info = play_move(pl, board, limit, timeout, f"ply {ply}")
            except (KeyError, ValueError, IndexError) as e:
                problem = (f"{pl.label} at ply {ply}: its move is not legal in pydraughts' board "
                           f"({type(e).__name__}: {e}); moves so far: {' '.join(before)}; "
                           f"legal: {' '.join(m.hub_move for m in board.legal_moves())}"
                           + transcript())
                break
            times[pl.label].append(took)
            clock_log[pl.label].append((ply, clocks[side], took))
            if mode == "movetime" and took > per_move + 0.5:
                problem = (f"{pl.label} took {took * 1000:.0f} ms at ply {ply} with "
                           f"`level move-time={per_move}`")
                break
            err = check_pv(board, info)
            if err and len(bad_pvs) < 3:
                bad_pvs.append(f"{pl.label} at ply {ply}: {err}")
            if mode == "clock":
                clocks[side] -= took
                if clocks[side] < 0:
                    problem = (f"{pl.label} lost on time at ply {ply} ({took * 1000:.0f} ms "
                               f"for the move, clock {clocks[side] * 1000:.0f} ms); its last "
                               f"moves (ply: clock sent -> time used, ms): " + ", ".join(
                                   f"{p}: {c * 1000:.0f} -> {t * 1000:.1f}"
                                   for p, c, t in clock_log[pl.label][-12:]))
                    break
                clocks[side] += inc
            board.push(move)
    except Timeout as e:
        problem = f"{e}{transcript()}"
    except Exception as e:
        problem = f"{type(e).__name__}: {e}{transcript()}"
    plies = len(board.move_stack)
    wall = time.monotonic() - t_start
    avg = {k: (sum(v) / len(v) * 1000 if v else 0.0) for k, v in times.items()}
    mx = {k: (max(v) * 1000 if v else 0.0) for k, v in times.items()}
    res = describe(board)
    detail = (f"{res} after {plies} plies, {wall:.1f} s; engine ms/move (mean/max) "
              + ", ".join(f"{k} {avg[k]:.0f}/{mx[k]:.0f}" for k in avg))
    if problem is None and not board.is_over():
        problem = f"not over after {plies} plies (ply cap {ply_cap})"
    new_warn = WARNINGS[warnings_before:]
    if problem is None and bad_pvs:
        problem = "bad pv: " + "; ".join(bad_pvs)
    if problem is None and new_warn:
        problem = "pydraughts warned about unexpected engine lines: " + "; ".join(new_warn[:5])
    if s.verbose or problem:
        detail += "\n      moves: " + " ".join(m.pdn_move for m in board.move_stack)
    s.record(name, problem is None, detail + (f"\n      {problem}" if problem else ""))
    winner = board.winner() if problem is None else None
    who = None
    if winner == draughts.BLACK:
        who = black.label
    elif winner == draughts.WHITE:
        who = white.label
    elif winner == 0:
        who = "draw"
    return {"name": name, "result": res, "plies": plies, "winner": who, "ok": problem is None}


def test_ponder(s, pl):
    """`go ponder` ended by `ponder-hit`, and by `stop` (pydraughts' own pondering API): the
    search reports an `info` line and goes on until either comes, then ends with a legal
    `done`."""
    board = draughts.Board(variant="english")
    for hub in ("11-15", "23-19"):
        board.push(draughts.Move(board, hub_move=hub))
    for how in ("ponder-hit", "stop"):
        name = f"go ponder, then {how} ({pl.label})"
        box = {}
        eng = pl.engine
        events = search_events(pl.pid)
        for event in events.values():  # what the searches before this one set
            event.clear()

        def run():
            try:
                box["result"] = eng.play(board, Limit(time=1.0, inc=0.05), True)
            except BaseException as e:
                box["error"] = e
            box["t"] = time.monotonic()

        t = threading.Thread(target=run, daemon=True)
        t.start()
        # The search is under way once it has reported an iteration (or it has ended).
        if not events["heard"].wait(CALL_TIMEOUT):
            pl.kill()
            s.record(name, False, f"no `info` line within {CALL_TIMEOUT} s of `go ponder`"
                     + transcript())
            return
        if CLOCK:
            time.sleep(PONDER_BEFORE_ANSWER)
        if events["done"].is_set() or "t" in box:
            t.join(CALL_TIMEOUT)
            s.record(name, False, "the engine answered `done` during `go ponder` before "
                     "ponder-hit/stop (allowed by the protocol, but pondering is then useless)"
                     + transcript())
            continue
        t0 = time.monotonic()
        if how == "ponder-hit":
            eng.ponderhit()
            limit_s = PONDER_HIT_LIMIT
        else:
            eng.stop()
            limit_s = STOP_LIMIT
        t.join(CALL_TIMEOUT)
        if t.is_alive():
            pl.kill()
            s.record(name, False, f"no `done` within {CALL_TIMEOUT} s of {how}" + transcript())
            return
        if "error" in box:
            e = box["error"]
            s.record(name, False, f"{type(e).__name__}: {e}" + transcript())
            continue
        took = box["t"] - t0
        mv = box["result"].move
        problems = []
        if CLOCK and took > limit_s:
            problems.append(f"{took * 1000:.0f} ms after {how} (limit {limit_s * 1000:.0f} ms)")
        if mv.is_null or not is_legal(board, mv):
            problems.append(f"{mv.hub_move} is not a legal move")
        detail = f"done move={mv.hub_move}" + (f" {took * 1000:.0f} ms after {how}" if CLOCK
                                               else f" after {how}")
        s.record(name, not problems, detail + ("; " + "; ".join(problems) + transcript()
                                               if problems else ""))


def test_clock_edges(s, binary, mcts_player):
    """Searches on a small clock: the first search after `set-param name=hash value=256` and
    `init` (the table must be ready at `ready`), and, with MCTS, a position with a single legal
    move. Each must end by itself with a legal move; with `--clock`, also within the time on
    the clock."""
    board = draughts.Board(variant="english")
    for hub in ("11-15", "23-19", "8-11"):
        board.push(draughts.Move(board, hub_move=hub))
    name = "first search after set-param hash=256 + init, level time=0.05 (C)"
    pl = start_player(s, binary, "C", params={"hash": 256})
    if pl:
        try:
            move, took, _ = play_move(pl, board, Limit(time=0.05), CALL_TIMEOUT, "first search")
            problems = []
            if CLOCK and took > 0.05:
                problems.append("over the 50 ms on the clock, a loss on time")
            if not is_legal(board, move):
                problems.append("not a legal move")
            s.record(name, not problems, f"done move={move.hub_move} after {took * 1000:.1f} ms"
                     + ("; " + "; ".join(problems) + transcript() if problems else ""))
        except Exception as e:
            s.record(name, False, f"{type(e).__name__}: {e}{transcript()}")
        pl.quit()
    if mcts_player is None:
        return
    board = draughts.Board(variant="english")
    for hub in ("10-15", "23-19", "9-14"):  # White's only move: 19x10 (hub 19x10x15)
        board.push(draughts.Move(board, hub_move=hub))
    name = f"single legal move, level time=0.02 ({mcts_player.label}, mcts)"
    try:
        legal = board.legal_moves()
        if len(legal) != 1:
            raise ValueError(f"the position has {len(legal)} legal moves, not one: "
                             + " ".join(m.hub_move for m in legal))
        move, took, _ = play_move(mcts_player, board, Limit(time=0.02), CALL_TIMEOUT, "one move")
        problems = []
        if CLOCK and took > 0.02:
            problems.append("over the 20 ms on the clock, a loss on time")
        if move.board_move != legal[0].board_move:
            problems.append(f"not the one legal move {legal[0].hub_move}")
        s.record(name, not problems, f"done move={move.hub_move} after {took * 1000:.1f} ms"
                 + ("; " + "; ".join(problems) + transcript() if problems else ""))
    except Exception as e:
        s.record(name, False, f"{type(e).__name__}: {e}{transcript()}")


def test_ping(s, pl):
    name = f"ping -> pong ({pl.label})"
    try:
        t0 = time.monotonic()
        pl.call(pl.engine.ping, PING_LIMIT if CLOCK else CALL_TIMEOUT, "ping")
        s.record(name, True, f"{(time.monotonic() - t0) * 1000:.1f} ms" if CLOCK else "")
    except Exception as e:
        s.record(name, False, f"{type(e).__name__}: {e}{transcript()}")


def test_limits(s, pl):
    """One search each with level depth= and level nodes=, after a few moves."""
    board = draughts.Board(variant="english")
    for hub in ("11-15", "23-19", "8-11", "22-17"):
        board.push(draughts.Move(board, hub_move=hub))
    for label, limit in (("depth 4", Limit(depth=4)), ("nodes 20000", Limit(nodes=20000))):
        name = f"single search with level {label.replace(' ', '=')} ({pl.label})"
        try:
            move, took, info = play_move(pl, board, limit, CALL_TIMEOUT, f"level {label}")
            s.record(name, True, f"move {move.pdn_move} in {took * 1000:.0f} ms, info {info}")
        except Exception as e:
            s.record(name, False, f"{type(e).__name__}: {e}{transcript()}")


# Positions other than the start, as PDN FEN (docs/rules.md 4.6 gives the first).
FEN_POSITIONS = [
    "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",  # 5 moves: 16-19 22-17 22-26 25-21 25-30
    "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",  # 8 moves, White to move
    "W:W9,K30:B6,K20,K27",  # White must jump 9x2 (hub 9x2x6) and is crowned
    "B:W14,15,23,K31:B11,K28",  # Black must jump 11x18x27 (hub 11x27x15x23)
    "B:W10,14,22,23,K26:B2,5,K18",  # the black king has three jumps: 18x9, 18x25, 18x27
    # White's double jump 27x18x9 is sent as `27x9x14x23` (captures sorted, not in path order)
    # in moves="..."; then Black (1-5 or 1-6) is to move
    ("W:W27,32:B1,14,23", ["27x9x14x23"]),
]


def test_positions(s, pl):
    for entry in FEN_POSITIONS:
        fen, pre = entry if isinstance(entry, tuple) else (entry, [])
        name = f"position {fen}" + (f" moves {' '.join(pre)}" if pre else "") + f" ({pl.label})"
        try:
            board = draughts.Board(variant="english", fen=fen)
            for hub_move in pre:
                board.push(draughts.Move(board, hub_move=hub_move))
            legal = [m.pdn_move for m in board.legal_moves()]
            hub = getattr(getattr(board, "_game", None), "initial_hub_fen", "?")
        except Exception as e:
            s.record(name, False, f"pydraughts cannot set up the position: {e}")
            continue
        try:
            limit = Limit(movetime=0.1) if CLOCK else Limit(depth=3)
            move, took, _ = play_move(pl, board, limit, CALL_TIMEOUT, "pos " + fen)
            s.record(name, True, f"pydraughts sent pos={hub}; move {move.pdn_move} "
                                 f"(legal: {' '.join(legal)})")
        except (KeyError, ValueError, IndexError) as e:
            s.record(name, False, f"pydraughts sent pos={hub}; the move is not legal "
                                  f"({type(e).__name__}: {e}); legal: {' '.join(legal)}"
                                  + transcript())
        except Exception as e:
            s.record(name, False, f"{type(e).__name__}: {e}{transcript()}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary", help="path of the arbiter binary")
    ap.add_argument("--games", type=int, default=None, help="games (default 2 at fixed "
                    "depths, whose games repeat with the colours; 4 with --clock)")
    ap.add_argument("--ply-cap", type=int, default=500, help="plies before a game counts as "
                    "not ending (default 500)")
    ap.add_argument("--depth", type=int, default=4, help="without --clock, search depth of "
                    "alpha-beta's moves in the games (default 4; MCTS searches "
                    f"{MCTS_NODES} nodes)")
    ap.add_argument("--clock", action="store_true", help="play the games on clocks and check "
                    "the latency limits: a benchmark run, which a loaded machine decides")
    ap.add_argument("--movetime", type=float, default=0.05, help="with --clock, seconds per "
                    "move in the fixed-time games (default 0.05)")
    ap.add_argument("--time", type=float, default=2.0, help="with --clock, clock in seconds "
                    "(default 2)")
    ap.add_argument("--inc", type=float, default=0.05, help="with --clock, increment in seconds "
                    "(default 0.05)")
    ap.add_argument("--time-no-inc", type=float, default=6.0, help="with --clock, clock in "
                    "seconds of the games without increment (default 6)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds an engine may be "
                    "silent beyond the time of its move (default 30)")
    ap.add_argument("--verbose", action="store_true", help="print the moves of every game")
    a = ap.parse_args()
    global CALL_TIMEOUT, CLOCK
    CALL_TIMEOUT = a.timeout
    CLOCK = a.clock
    if a.games is None:
        a.games = 4 if CLOCK else 2
    binary = os.path.abspath(a.binary)
    s = Suite(a.verbose)
    if not os.access(binary, os.X_OK):
        print(f"not an executable: {binary}")
        print("0 passed, 1 failed")
        return 1
    ver = getattr(draughts, "__version__", None)
    if ver is None:
        try:
            from importlib.metadata import version
            ver = version("pydraughts")
        except Exception:
            ver = "?"
    print(f"pydraughts {ver} Hub driver against {binary} hub")
    t0 = time.monotonic()
    players = []
    try:
        print("\n== start")
        # B plays with MCTS when the engine offers it (param engine), A with its default
        b_params = {"engine": "mcts"}
        a_pl = start_player(s, binary, "A")
        b_pl = start_player(s, binary, "B", params=b_params)
        players = [p for p in (a_pl, b_pl) if p]
        games = []
        if a_pl and b_pl:
            print("\n== games")
            for i in range(a.games):
                # games 1-2 a time per move, 3 a clock with increment, 4 a clock without
                mode = "movetime" if i % 4 < 2 else "clock"
                inc = a.inc if i % 4 == 2 else 0
                clock = a.time if inc else a.time_no_inc
                per_move = a.movetime
                if not CLOCK:
                    mode, per_move = "depth", a.depth
                pair = (a_pl, b_pl) if i % 2 == 0 else (b_pl, a_pl)
                if i > 0:
                    for pl in pair:  # as the Hub GUI does (pydraughts itself never sends it)
                        try:
                            pl.engine.send("new-game")
                        except (BrokenPipeError, OSError, ValueError):
                            pass  # a dead engine shows in the game that follows
                g = play_game(s, pair, i + 1, mode, a.ply_cap, per_move, clock, inc)
                games.append(g)
                # an engine killed by the watchdog cannot go on: restart it
                for idx, pl in enumerate((a_pl, b_pl)):
                    if any(p.poll() is not None for p in pl.procs):
                        print(f"  ({pl.label} is gone; starting it again)")
                        new = start_player(s, binary, pl.label, restart=True,
                                           params=b_params if idx == 1 else None)
                        if new is None:
                            break
                        players.append(new)
                        if idx == 0:
                            a_pl = new
                        else:
                            b_pl = new
                if not (a_pl and b_pl):
                    break
            print("\n  game results:")
            for g in games:
                print(f"    {g['name']}: {g['result']}, {g['plies']} plies"
                      + ("" if g["ok"] else "  (FAILED)"))
            score = collections.Counter(g["winner"] for g in games if g["ok"])
            print(f"  A wins {score['A']}, B wins {score['B']}, draws {score['draw']}")
        if a_pl:
            print("\n== other limits, positions, ping, pondering")
            test_limits(s, a_pl)
            test_positions(s, a_pl)
            test_ping(s, a_pl)
            test_ponder(s, a_pl)
        print("\n== small clocks")
        test_clock_edges(s, binary, b_pl if b_pl and "engine" in b_pl.engine.options else None)
        print("\n== end")
        s.record("no unexpected engine lines (pydraughts warnings)", not WARNINGS,
                 "; ".join(WARNINGS[:10]))
        live = [pl for pl in players if all(p.poll() is None for p in pl.procs)]
        quit_problems = []
        for k, pl in enumerate(live):
            if k % 2 == 0:
                if not pl.quit():
                    quit_problems.append(f"{pl.label} did not exit within {quit_wait():.0f} s "
                                         f"of `quit`")
            else:  # "if the standard input is closed, the engine should ... quit"
                pl.close_pipes()
                for p in pl.procs:
                    try:
                        p.wait(timeout=quit_wait())
                    except Exception:
                        quit_problems.append(f"{pl.label} did not exit within "
                                             f"{quit_wait():.0f} s of the end of its input")
                pl.kill()
        s.record("engines exit after quit / at the end of their input", not quit_problems,
                 "; ".join(quit_problems))
    finally:
        for pl in players:
            pl.kill()
            pl.close_pipes()
    print(f"\ntotal time {time.monotonic() - t0:.1f} s")
    if s.failures:
        print("\nFailures:")
        for f in s.failures:
            print("  - " + f.split("\n")[0])
    print(f"{s.passed} passed, {s.failed} failed")
    return 1 if s.failed else 0


if __name__ == "__main__":
    sys.exit(main())
