#!/usr/bin/env python3
"""An external UGI client for `arbiter ugi`, written from the protocol as cutegames publishes it.

Usage:  python3 ugi_client.py PATH/TO/arbiter [--games N] [--seed S] [--only LABEL[,LABEL]]
                                              [--clock [--time MS] [--inc MS]
                                              [--sudden-death MS]] [--verbose]

It drives `arbiter ugi` exactly as a tournament runner would, through pipes only. It has two
modes. By default (the test that CI runs) every search has a fixed size and no check is timed,
so that a run is the same on any machine under any load. With `--clock` (a benchmark run for
people, which a loaded machine decides) the matches are played on clocks and the latency
limits below are checked as well. In both modes it checks:

* the handshake (`ugi` ... `ugiok`, `id name`, `id author`, well-formed `option` lines with the
  options Arbiter documents: Game, Engine, Hash and each game's own options), `isready`, the
  queries `gameover`, `p1turn`, `result` and the extension `legalmoves`, `position startpos` and
  `position fen` (compared with `arbiter moves`, the command-line move generator, and with the
  move lists that docs/rules.md gives for the start positions);
* matches: for every game (and also holes with captures=diagonal, minicheckers with
  first=black, daynight with rings=6) alpha-beta against MCTS in two engine processes, colours
  alternating, each pair of games from the same 2-ply random opening (`--seed`; fixed by
  default, so that the games are the same in every run). By default alpha-beta searches `go
  depth 3` (2 in Day and Night, whose positions have a hundred moves and more) and MCTS `go
  nodes 1000` (iterations; 300 in Day and Night, whose playouts are the longest); with `--clock` both play on a clock kept by this client (`go
  p1time .. p2time .. p1inc .. p2inc ..`, `--time` + `--inc`; below zero is a loss on time).
  A third "referee" process validates every `bestmove` (it must be among `query legalmoves`)
  and decides the end (`query gameover` / `query result`); `p1turn` must agree with the ply
  count. Every `info` line is parsed strictly, and the pv of the last one of each search must
  be legal move by move (the referee checks it). A side that reports `score mate N` (N > 0)
  must win the game (a win later than 2N-1 plies is only noted). A game stops at 400 plies at
  the latest (reported, not failed). The final position (legal moves, and the result) is
  checked against `arbiter moves` as well;
* bad input (unknown commands, options, values, moves, queries) gets at most `info string`
  lines and leaves the engine working;
* `go movetime 100`, `go depth 3` and `go nodes 2000` each end by themselves with a legal
  move (alpha-beta must not report a deeper search or more than twice the nodes), for every
  game and both engines;
* small clocks (checkers, both engines): the first search after `setoption name Hash value 256`
  and `isready` with 50 ms on the clock, and a position with a single legal move with 20 ms,
  each ending by itself with a legal move (the one legal move);
* `go infinite`, for every game and both engines: `isready` during the search is answered by
  `readyok` before any `bestmove`, no `bestmove` comes before `stop`, and `stop` is answered by
  a legal `bestmove` with only `info` lines (at least one) before it;
* every process exits after `quit`; `quit` or the end of the input during `go infinite` ends
  the process.

No check asserts on elapsed time unless `--clock` is given: events are awaited instead (the
first `info` line of a search, `readyok`, the end of the process), each bounded by 30 s as a
guard against a hang, not as a check of speed. `--clock` adds the limits: `go movetime 100`
takes at most 500 ms, the small clocks are not overspent, `readyok` comes within 500 ms of
`isready` during `go infinite`, `bestmove` within 500 ms of a `stop` sent 300 ms into the
search, `quit` ends a search of 300 ms within 1 s and an idle engine within 3 s, and
(`--sudden-death MS`) a pair of games without increment is played in checkers and daynight.

A test is a game (or one of the checks above); a game passes when it is played without an
illegal move, a bad `info` line, a loss on time or a protocol error. The last line printed is
`N passed, M failed`; the exit code is 1 if anything failed.
"""

import argparse
import collections
import os
import queue
import random
import subprocess
import sys
import threading
import time
import zlib

READ_TIMEOUT = 30.0  # seconds for any single answer (a silent engine is a failure, not a hang)
GO_GRACE = 10.0  # seconds beyond the mover's clock before a search counts as hung
# The latency limits that `--clock` checks.
STOP_LIMIT = 0.5  # seconds from `stop` to `bestmove`
READY_LIMIT = 0.5  # seconds from `isready` (during a search) to `readyok`
QUIT_LIMIT = 1.0  # seconds from `quit` (during a search) to the end of the process
QUIT_CLOCK_WAIT = 3.0  # seconds from `quit` (idle) to the end of the process
# With `--clock`, how long a search runs before `stop` or `quit` ends it: long enough to be deep,
# so that their latency is that of a real search.
SEARCH_BEFORE_STOP = 0.3
PLY_CAP = 400
# `--clock`: matches on clocks and the latency limits (a benchmark run); otherwise fixed sizes.
CLOCK = False
# alpha-beta's `go depth` in the matches at fixed sizes: 3, and 2 in Day and Night, whose
# positions have a hundred moves and more
FIXED_DEPTHS = {"daynight": 2}
FIXED_DEPTH = 3
# MCTS's `go nodes` in the matches at fixed sizes: 1000, and 300 in Day and Night, whose
# playouts are the longest
FIXED_NODES_BY_GAME = {"daynight": 300}
FIXED_NODES = 1000
# The seed of the openings at fixed sizes, where the engines are deterministic too: the same
# games in every run. A run on clocks differs anyway, and draws a seed.
FIXED_SEED = 1
OPENING_PLIES = 2

GAME_IDS = ["minicheckers", "holes", "fanorona", "checkers", "daynight"]

# (label, game id, game options) of the matches
VARIANTS = [
    ("minicheckers", "minicheckers", {}),
    ("minicheckers first=black", "minicheckers", {"first": "black"}),
    ("holes", "holes", {}),
    ("holes captures=diagonal", "holes", {"captures": "diagonal"}),
    ("fanorona", "fanorona", {}),
    ("checkers", "checkers", {}),
    ("daynight", "daynight", {}),
    ("daynight rings=6", "daynight", {"rings": "6"}),
]

# Start positions in each game's position text (docs/rules.md 1.6, 2.6, 3.7, 4.6, 5.7).
START_FENS = {
    "minicheckers": "W:Wa1,b2,c1,d2,e1,f2:Ba5,b6,c5,d6,e5,f6",
    "holes": "bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww w",
    "fanorona": "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w",
    "checkers": "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "daynight": "W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da",
}

# Legal moves of start positions as docs/rules.md states them.
DOCUMENTED_START_MOVES = {
    "checkers": {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"},
    "fanorona": {"D3-E3A", "D3-E3W", "E4-E3A", "D4-E3A", "F4-E3A"},
}

# Game options each game must advertise as `option` lines: name -> (type, values or (min, max)).
GAME_OPTIONS = {
    "minicheckers": {"first": ("combo", {"white", "black"})},
    "holes": {"captures": ("combo", {"none", "diagonal"})},
    "daynight": {"rings": ("spin", (4, 8))},
}

INT_KEYS = {"depth", "seldepth", "nodes", "nps", "time", "hashfull", "multipv", "tthits",
            "tbhits", "currmovenumber", "cpuload"}


class ProtocolError(Exception):
    pass


def quit_wait():
    """Seconds an engine has to exit after `quit`: a latency limit with `--clock`, otherwise
    only a guard against a hang."""
    return QUIT_CLOCK_WAIT if CLOCK else READ_TIMEOUT


def parse_info(line, legal=None):
    """Parse an `info` line strictly. Returns (fields, error); error is None when it is fine.

    Accepted: `info string <anything>`, or a sequence of known keys: depth, seldepth, nodes, nps,
    time, hashfull, multipv, tthits, tbhits, currmovenumber, cpuload (each a non-negative integer),
    `score cp <int>` / `score mate <int>` (optionally followed by lowerbound/upperbound),
    `currmove <move>`, `pv <move> ...` (to the end of the line) and `string <text>` (to the end).
    When `legal` is given, the first move of the pv must be one of them.
    """
    words = line.split()
    if not words or words[0] != "info":
        return None, "not an info line"
    if len(words) == 1:
        return None, "empty info line"
    fields = {}
    i = 1
    while i < len(words):
        key = words[i]
        if key in fields:
            return None, f"key {key!r} repeated"
        if key == "string":
            fields["string"] = " ".join(words[i + 1:])
            break
        if key in INT_KEYS:
            if i + 1 >= len(words):
                return None, f"{key} without a value"
            v = words[i + 1]
            if not v.isdigit():
                return None, f"{key} value {v!r} is not a non-negative integer"
            fields[key] = int(v)
            i += 2
        elif key == "score":
            if i + 2 >= len(words):
                return None, "score without kind and value"
            kind, v = words[i + 1], words[i + 2]
            if kind not in ("cp", "mate"):
                return None, f"score kind {kind!r} is neither cp nor mate"
            try:
                n = int(v)
            except ValueError:
                return None, f"score {kind} value {v!r} is not an integer"
            if kind == "mate" and n == 0:
                return None, "score mate 0"
            fields["score"] = (kind, n)
            i += 3
            if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                fields["bound"] = words[i]
                i += 1
        elif key == "currmove":
            if i + 1 >= len(words):
                return None, "currmove without a move"
            fields["currmove"] = words[i + 1]
            i += 2
        elif key == "pv":
            pv = words[i + 1:]
            if not pv:
                return None, "empty pv"
            fields["pv"] = pv
            break
        else:
            return None, f"unknown key {key!r}"
    if legal is not None and "pv" in fields and fields["pv"][0] not in legal:
        return fields, f"pv starts with {fields['pv'][0]!r}, not a legal move here"
    return fields, None


def parse_option(line):
    """`option name <name> type <t> [default <v>] [min <n>] [max <n>] [var <v>]*` -> dict."""
    words = line.split()
    if len(words) < 5 or words[1] != "name" or "type" not in words[3:]:
        raise ProtocolError(f"malformed option line: {line!r}")
    t = words.index("type", 3)
    name = " ".join(words[2:t])
    if t + 1 >= len(words):
        raise ProtocolError(f"option without a type: {line!r}")
    opt = {"name": name, "type": words[t + 1], "var": []}
    if opt["type"] not in ("check", "spin", "combo", "button", "string"):
        raise ProtocolError(f"option type {opt['type']!r} unknown: {line!r}")
    i = t + 2
    while i < len(words):
        k = words[i]
        if k not in ("default", "min", "max", "var") or i + 1 >= len(words):
            raise ProtocolError(f"malformed option line at {k!r}: {line!r}")
        if k == "var":
            opt["var"].append(words[i + 1])
        else:
            if k in opt:
                raise ProtocolError(f"option {k} repeated: {line!r}")
            opt[k] = words[i + 1]
        i += 2
    if opt["type"] == "spin":
        try:
            lo, hi, d = int(opt["min"]), int(opt["max"]), int(opt["default"])
        except (KeyError, ValueError):
            raise ProtocolError(f"spin option needs integer default, min and max: {line!r}")
        if not lo <= d <= hi:
            raise ProtocolError(f"spin default outside [min, max]: {line!r}")
    if opt["type"] == "combo":
        if not opt["var"] or opt.get("default") not in opt["var"]:
            raise ProtocolError(f"combo option needs vars and a default among them: {line!r}")
    if opt["type"] == "check" and opt.get("default") not in ("true", "false"):
        raise ProtocolError(f"check option needs default true or false: {line!r}")
    return opt


class Engine:
    """One `arbiter ugi` process, with every read guarded by a timeout."""

    def __init__(self, binary, args, label, verbose=False):
        self.label = label
        self.verbose = verbose
        self.cmd = [binary, "ugi"] + list(args)
        self.transcript = collections.deque(maxlen=30)
        self.stderr_tail = collections.deque(maxlen=10)
        self.p = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1, errors="replace")
        self.q = queue.Queue()
        self.ids = {}
        self.options = {}
        self.info_lines = []
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _pump(self):
        for line in self.p.stdout:
            self.q.put((time.monotonic(), line.rstrip("\r\n")))
        self.q.put((time.monotonic(), None))

    def _drain_stderr(self):
        for line in self.p.stderr:
            self.stderr_tail.append(line.rstrip("\r\n"))

    def context(self):
        s = "\n      last lines exchanged with %s (%s):\n" % (self.label, " ".join(self.cmd[1:]))
        s += "\n".join("        " + x for x in self.transcript)
        if self.stderr_tail:
            s += "\n      its stderr:\n" + "\n".join("        " + x for x in self.stderr_tail)
        return s

    def fail(self, msg):
        raise ProtocolError(f"{self.label}: {msg}{self.context()}")

    def send(self, line):
        self.transcript.append(">> " + line)
        if self.verbose:
            print(f"    [{self.label}] >> {line}")
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            self.fail(f"cannot write {line!r}: {e}")

    def recv(self, what, timeout=READ_TIMEOUT):
        """The next non-blank line and the time it arrived."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                t, line = self.q.get(timeout=max(0.0, left))
            except queue.Empty:
                self.fail(f"no answer within {timeout:.1f} s while waiting for {what}")
            if line is None:
                self.q.put((t, None))
                try:
                    self.p.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    pass
                self.fail(f"the engine closed its output (exit code {self.p.returncode}) "
                          f"while waiting for {what}")
            self.transcript.append("<< " + line)
            if self.verbose:
                print(f"    [{self.label}] << {line}")
            if line.strip():
                return t, line.strip()

    def handshake(self):
        self.send("ugi")
        while True:
            _, line = self.recv("ugiok")
            w = line.split()
            if line == "ugiok":
                break
            if w[0] == "id" and len(w) >= 3 and w[1] in ("name", "author"):
                self.ids[w[1]] = " ".join(w[2:])
            elif w[0] == "option":
                try:
                    opt = parse_option(line)
                except ProtocolError as e:
                    self.fail(str(e))
                self.options[opt["name"].lower()] = opt
            else:
                self.fail(f"unexpected line before ugiok: {line!r}")
        for k in ("name", "author"):
            if k not in self.ids:
                self.fail(f"no `id {k}` line before ugiok")

    def wait_for(self, word, timeout=READ_TIMEOUT, infos=None):
        """Read until a line that is exactly `word`; `info` lines are allowed on the way."""
        while True:
            t, line = self.recv(word, timeout)
            if line == word:
                return t
            if line.split()[0] == "info":
                _, err = parse_info(line)
                if err and infos is not None:
                    infos.append((line, err))
                elif err:
                    self.fail(f"bad info line while waiting for {word}: {line!r} ({err})")
                continue
            self.fail(f"unexpected line while waiting for {word}: {line!r}")

    def isready(self):
        self.send("isready")
        self.wait_for("readyok")

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def query(self, q):
        self.send(f"query {q}")
        while True:
            _, line = self.recv(f"response to query {q}")
            w = line.split()
            if w[0] == "response":
                return w[1:]
            if w[:2] == ["info", "string"]:
                continue
            self.fail(f"unexpected line instead of `response` to `query {q}`: {line!r}")

    def query_one(self, q, allowed):
        r = self.query(q)
        if len(r) != 1 or r[0] not in allowed:
            self.fail(f"`query {q}` answered `response {' '.join(r)}`, "
                      f"expected one of {sorted(allowed)}")
        return r[0]

    def query_bool(self, q):
        return self.query_one(q, {"true", "false"}) == "true"

    def position(self, moves, fen=None):
        base = f"position fen {fen}" if fen is not None else "position startpos"
        self.send(base + (" moves " + " ".join(moves) if moves else ""))

    def legal_moves(self):
        r = self.query("legalmoves")
        if len(set(r)) != len(r):
            self.fail(f"`query legalmoves` lists a move twice: {' '.join(r)}")
        return r

    def go(self, cmd, timeout, legal=None):
        """Send a go command; return (bestmove, seconds taken, infos, bad infos)."""
        t0 = time.monotonic()
        self.send(cmd)
        infos, bad = [], []
        self.info_lines = []  # the raw text of `infos`, in the same order
        while True:
            t, line = self.recv(f"bestmove after `{cmd}`", timeout)
            w = line.split()
            if w[0] == "info":
                fields, err = parse_info(line, legal)
                if err:
                    bad.append((line, err))
                else:
                    infos.append(fields)
                    self.info_lines.append(line)
            elif w[0] == "bestmove":
                if len(w) != 2:
                    self.fail(f"bestmove line is not exactly two words: {line!r}")
                return w[1], t - t0, infos, bad
            else:
                self.fail(f"unexpected line during a search: {line!r}")

    def quit(self):
        """Send quit; True when the process exits within `quit_wait()` seconds."""
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            self.p.wait(timeout=quit_wait())
            return True
        except subprocess.TimeoutExpired:
            self.kill()
            return False

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            try:
                self.p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass


class Suite:
    def __init__(self, binary, verbose):
        self.binary = binary
        self.verbose = verbose
        self.passed = 0
        self.failed = 0
        self.failures = []
        self.quit_problems = []
        self.engines = []

    def start(self, args, label):
        e = Engine(self.binary, args, label, self.verbose)
        self.engines.append(e)
        return e

    def close(self, e):
        if e in self.engines:
            self.engines.remove(e)
        if e.p.poll() is not None:
            return  # already gone (reported where that was found)
        if not e.quit():
            self.quit_problems.append(f"{e.label} ({' '.join(e.cmd[1:])}) did not exit within "
                                      f"{quit_wait():.0f} s of `quit` (killed)")

    def close_all(self):
        for e in list(self.engines):
            self.close(e)

    def record(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"  PASS {name}" + (f": {detail}" if detail else ""))
        else:
            self.failed += 1
            self.failures.append(f"{name}: {detail}")
            print(f"  FAIL {name}: {detail}")

    def cli_moves(self, game, opts, moves=(), fen=None):
        """`arbiter moves`: (legal moves, stderr) or None if the command itself fails."""
        cmd = [self.binary, "moves", game, "--options", options_text(opts), "--moves", " ".join(moves)]
        if fen is not None:
            cmd += ["--position", fen]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            return None, "timed out"
        if r.returncode != 0:
            return None, r.stderr.strip()
        return r.stdout.split(), r.stderr.strip()


def options_text(opts):
    return ",".join(f"{k}={v}" for k, v in opts.items())


# ---------------------------------------------------------------------------------------------
# Handshake, options and positions


def test_handshake(s):
    e = s.start([], "default")
    try:
        e.handshake()
        need = {"game": ("combo", set(GAME_IDS)), "engine": ("combo", {"alphabeta", "mcts"}),
                "hash": ("spin", None)}
        for name, (typ, values) in need.items():
            o = e.options.get(name)
            if o is None:
                e.fail(f"no option {name!r} among {sorted(e.options)}")
            if o["type"] != typ:
                e.fail(f"option {o['name']} has type {o['type']}, expected {typ}")
            if values and not values <= set(o["var"]):
                e.fail(f"option {o['name']} offers {o['var']}, expected at least {sorted(values)}")
        if e.options["game"]["default"] != "checkers":
            e.fail(f"default Game is {e.options['game']['default']}, expected checkers")
        e.isready()
        e.send("uginewgame")
        e.position([])
        if not e.query_bool("p1turn"):
            e.fail("`query p1turn` is false at the start")
        if e.query_bool("gameover"):
            e.fail("`query gameover` is true at the start")
        r = e.query_one("result", {"p1win", "p2win", "draw", "none"})
        if r != "none":
            e.fail(f"`query result` is {r} at the start")
        legal = set(e.legal_moves())
        if legal != DOCUMENTED_START_MOVES["checkers"]:
            e.fail(f"the default game's start moves {sorted(legal)} are not checkers' "
                   f"{sorted(DOCUMENTED_START_MOVES['checkers'])}")
        e.position(["11-15"])
        if e.query_bool("p1turn"):
            e.fail("`query p1turn` is true after one move")
        e.setoption(e.options["game"]["name"], "fanorona")
        e.isready()
        e.send("uginewgame")
        e.position([])
        legal = set(e.legal_moves())
        if legal != DOCUMENTED_START_MOVES["fanorona"]:
            e.fail(f"after `setoption name Game value fanorona` the start moves are "
                   f"{sorted(legal)}, expected {sorted(DOCUMENTED_START_MOVES['fanorona'])}")
        s.record("handshake and options (arbiter ugi)", True,
                 f"id name {e.ids['name']!r}, id author {e.ids['author']!r}, options: "
                 + ", ".join(f"{o['name']} ({o['type']})" for o in e.options.values()))
    except ProtocolError as x:
        s.record("handshake and options (arbiter ugi)", False, str(x))
    s.close(e)


def test_positions(s, label, game, opts):
    """Start moves against `arbiter moves`, `position fen` of the start, a few plies in."""
    name = f"positions {label}"
    e = s.start([game], f"{game}")
    try:
        e.handshake()
        for oname, (typ, vals) in GAME_OPTIONS.get(game, {}).items():
            o = e.options.get(oname)
            if o is None:
                e.fail(f"`arbiter ugi {game}` does not advertise the option {oname!r} "
                       f"(options: {sorted(e.options)})")
            if o["type"] != typ:
                e.fail(f"option {oname} has type {o['type']}, expected {typ}")
            if typ == "combo" and set(o["var"]) != vals:
                e.fail(f"option {oname} offers {o['var']}, expected {sorted(vals)}")
            if typ == "spin" and (int(o["min"]), int(o["max"])) != vals:
                e.fail(f"option {oname} is {o['min']}..{o['max']}, expected {vals[0]}..{vals[1]}")
        for k, v in opts.items():
            e.setoption(e.options.get(k, {"name": k})["name"], v)
        e.isready()
        e.send("uginewgame")
        e.position([])
        start = e.legal_moves()
        cli, err = s.cli_moves(game, opts)
        if cli is None:
            e.fail(f"`arbiter moves {game}` failed: {err}")
        if set(start) != set(cli):
            e.fail(f"start moves {sorted(start)} differ from `arbiter moves`: {sorted(cli)}")
        if game in DOCUMENTED_START_MOVES and set(start) != DOCUMENTED_START_MOVES[game]:
            e.fail(f"start moves {sorted(start)} differ from docs/rules.md")
        fen = START_FENS[game]
        if game == "minicheckers" and opts.get("first") == "black":
            fen = "B" + fen[1:]  # the side to move comes first
        e.position([], fen=fen)
        from_fen = e.legal_moves()
        if set(from_fen) != set(start):
            e.fail(f"`position fen {fen}` gives moves {sorted(from_fen)}, "
                   f"but startpos gives {sorted(start)}")
        # three plies in, from startpos and from the start fen, against the CLI
        rng = random.Random(zlib.crc32(label.encode()))
        moves = []
        for _ in range(3):
            e.position(moves)
            legal = e.legal_moves()
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        e.position(moves)
        a = e.legal_moves()
        e.position(moves, fen=fen)
        b = e.legal_moves()
        cli, err = s.cli_moves(game, opts, moves)
        if cli is None:
            e.fail(f"`arbiter moves {game} --moves {' '.join(moves)!r}` failed: {err}")
        if not (set(a) == set(b) == set(cli)):
            e.fail(f"after {' '.join(moves)}: startpos gives {sorted(a)}, fen gives {sorted(b)}, "
                   f"`arbiter moves` gives {sorted(cli)}")
        s.record(name, True, f"{len(start)} start moves; after {' '.join(moves)}: {len(a)} moves")
    except ProtocolError as x:
        s.record(name, False, str(x))
    s.close(e)


# ---------------------------------------------------------------------------------------------
# Matches

class GameResult:
    def __init__(self):
        self.winner = None  # "alphabeta", "mcts", "draw" or None (unfinished / aborted)
        self.plies = 0
        self.unfinished = False
        self.time_loss = None  # engine name
        self.illegal = None  # (engine, move, legal)
        self.bad_infos = []  # (engine, line, error)
        self.protocol_error = None
        self.move_times = {"alphabeta": [], "mcts": []}
        self.clock_log = {"alphabeta": [], "mcts": []}  # (ply, clock before in ms, seconds)
        self.mate_claims = []  # (engine, plies played before its search, N of `score mate N`)
        self.mate_problem = None
        self.mate_note = None
        self.depths = {"alphabeta": [], "mcts": []}
        self.how = ""

    def ok(self):
        return not (self.time_loss or self.illegal or self.bad_infos or self.protocol_error
                    or self.mate_problem)


def configure_player(e, game, opts, engine_kind, switch_game):
    e.handshake()
    if switch_game:
        e.setoption(e.options.get("game", {"name": "Game"})["name"], game)
    e.setoption(e.options.get("engine", {"name": "Engine"})["name"], engine_kind)
    e.setoption(e.options.get("hash", {"name": "Hash"})["name"], 16)
    for k, v in opts.items():
        e.setoption(e.options.get(k, {"name": k})["name"], v)
    e.isready()


def referee_state(ref, moves):
    """Ask the referee about the position after `moves`; check that the answers agree."""
    ref.position(moves)
    over = ref.query_bool("gameover")
    result = ref.query_one("result", {"p1win", "p2win", "draw", "none"})
    p1 = ref.query_bool("p1turn")
    legal = ref.legal_moves()
    if p1 != (len(moves) % 2 == 0):
        ref.fail(f"`query p1turn` says {'true' if p1 else 'false'} after {len(moves)} plies")
    if over and result == "none":
        ref.fail("`query gameover` is true but `query result` is none")
    if not over and result != "none":
        ref.fail(f"`query gameover` is false but `query result` is {result}")
    if not over and not legal:
        ref.fail("the game is not over but `query legalmoves` lists no move")
    if over and legal:
        ref.fail(f"the game is over but `query legalmoves` lists moves: {' '.join(legal)}")
    return over, result, p1, legal


def check_pv(ref, moves, pv):
    """None when every move of `pv` is legal in turn after `moves`, else what is wrong."""
    line = list(moves)
    for k, mv in enumerate(pv):
        ref.position(line)
        legal = ref.legal_moves()
        if mv not in legal:
            return (f"pv move {k + 1} ({mv}) is not legal after `position startpos moves "
                    f"{' '.join(line)}`" + (f" (legal: {' '.join(legal)})" if legal else
                                           " (the game is over there)"))
        line.append(mv)
    return None


def first_player_colour(game, opts):
    if game == "checkers":
        return "Black"
    if game == "minicheckers" and opts.get("first") == "black":
        return "Black"
    return "White"


def play_game(s, ref, players, p1_name, opening, game, opts, tc_ms, inc_ms):
    """One game; `players` maps engine name -> Engine; `opening` a list that may be extended."""
    g = GameResult()
    names = {1: p1_name, 2: "mcts" if p1_name == "alphabeta" else "alphabeta"}
    clocks = {1: float(tc_ms), 2: float(tc_ms)}
    moves = []
    rng = s.rng
    try:
        for e in players.values():
            e.send("uginewgame")
            e.isready()
        ref.send("uginewgame")
        ref.isready()
        while True:
            over, result, p1, legal = referee_state(ref, moves)
            if over:
                g.winner = {"p1win": names[1], "p2win": names[2], "draw": "draw"}[result]
                g.how = result
                break
            if len(moves) >= PLY_CAP:
                g.unfinished = True
                g.how = f"stopped at {PLY_CAP} plies"
                break
            side = 1 if p1 else 2
            if len(moves) < OPENING_PLIES:
                if len(opening) <= len(moves):
                    opening.append(rng.choice(sorted(legal)))
                mv = opening[len(moves)]
                if mv not in legal:
                    ref.fail(f"opening move {mv} of the first game of the pair is not legal "
                             f"in the second game's identical position: {' '.join(legal)}")
            else:
                who = names[side]
                e = players[who]
                e.position(moves)
                if CLOCK:
                    cmd = (f"go p1time {max(0, int(clocks[1]))} p2time {max(0, int(clocks[2]))} "
                           f"p1inc {inc_ms} p2inc {inc_ms}")
                    timeout = clocks[side] / 1000.0 + GO_GRACE
                else:
                    depth = FIXED_DEPTHS.get(game, FIXED_DEPTH)
                    nodes = FIXED_NODES_BY_GAME.get(game, FIXED_NODES)
                    cmd = f"go depth {depth}" if who == "alphabeta" else f"go nodes {nodes}"
                    timeout = READ_TIMEOUT
                mv, took, infos, bad = e.go(cmd, timeout=timeout, legal=set(legal))
                info_lines = e.info_lines
                g.move_times[who].append(took)
                g.clock_log[who].append((len(moves) + 1, clocks[side], took))
                depths = [i["depth"] for i in infos if "depth" in i]
                if depths:
                    g.depths[who].append(max(depths))
                for line, err in bad:
                    g.bad_infos.append((who, line, err))
                clocks[side] -= took * 1000.0 if CLOCK else 0.0
                if clocks[side] < 0:
                    g.time_loss = who
                    g.winner = names[3 - side]
                    g.how = (f"{who} lost on time at ply {len(moves) + 1} "
                             f"({took * 1000:.0f} ms for the move, clock {clocks[side]:.0f} ms)")
                    break
                clocks[side] += inc_ms
                if mv not in legal:
                    g.illegal = (who, mv, legal, " ".join(moves))
                    g.winner = names[3 - side]
                    g.how = f"{who} played the illegal move {mv}"
                    break
                scored = [i for i in infos if "score" in i]
                if scored and scored[-1]["score"][0] == "mate" and scored[-1]["score"][1] > 0:
                    g.mate_claims.append((who, len(moves), scored[-1]["score"][1]))
                pvs = [(i["pv"], line) for i, line in zip(infos, info_lines) if "pv" in i]
                if pvs:
                    err = check_pv(ref, moves, pvs[-1][0])
                    if err:
                        g.bad_infos.append((who, pvs[-1][1], err))
            moves.append(mv)
        g.plies = len(moves)
        # The final position against the command-line move generator.
        if not g.time_loss and not g.illegal:
            cli, err = s.cli_moves(game, opts, moves)
            ref_legal = legal
            if cli is None:
                ref.fail(f"`arbiter moves` refuses the game's moves: {err}\n      moves: "
                         + " ".join(moves))
            if set(cli) != set(ref_legal if not over else []):
                ref.fail(f"final position: referee legal moves {sorted(ref_legal)} "
                         f"(gameover {over}) but `arbiter moves` prints {sorted(cli)} "
                         f"({err})\n      moves: " + " ".join(moves))
            if over:
                p1c = first_player_colour(game, opts)
                p2c = "White" if p1c == "Black" else "Black"
                want = {"p1win": f"{p1c} wins", "p2win": f"{p2c} wins", "draw": "draw"}[result]
                if want.lower() not in err.lower():
                    ref.fail(f"final position: `query result` says {result} ({want}) but "
                             f"`arbiter moves` says {err!r}\n      moves: " + " ".join(moves))
                g.how = f"{result}: {err.replace('the game is over: ', '')}"
    except ProtocolError as x:
        g.protocol_error = str(x)
        g.plies = len(moves)
    g.moves = moves
    # A claimed forced win (`score mate N`, N > 0) must be borne out: the claimant wins, and
    # (noted, not failed) within 2N-1 plies of the claim.
    if not (g.protocol_error or g.illegal or g.time_loss or g.unfinished):
        for who, p0, n in g.mate_claims:
            if g.winner != who:
                g.mate_problem = (f"{who} reported `score mate {n}` searching ply {p0 + 1}, but "
                                  f"the game ended {g.how} after {g.plies} plies\n      moves: "
                                  + " ".join(moves))
                break
            if g.plies > p0 + 2 * n - 1 and not g.mate_note:
                g.mate_note = (f"{who} reported `score mate {n}` searching ply {p0 + 1} and won at "
                               f"ply {g.plies} (later than ply {p0 + 2 * n - 1})")
    return g


def run_match(s, label, game, opts, ngames, tc_ms, inc_ms):
    limits = (f"{tc_ms} ms + {inc_ms} ms" if CLOCK else
              f"depth {FIXED_DEPTHS.get(game, FIXED_DEPTH)} against "
              f"{FIXED_NODES_BY_GAME.get(game, FIXED_NODES)} nodes")
    print(f"\n== {label}: alphabeta vs mcts, {ngames} games, {limits}")
    results = []
    ref = players = None
    opening = []

    def start_all():
        r = s.start([game], "referee")
        a = s.start([], "alphabeta")  # plain `arbiter ugi`, game chosen by setoption
        b = s.start([game], "mcts")  # `arbiter ugi GAME`
        r.handshake()
        for k, v in opts.items():
            r.setoption(r.options.get(k, {"name": k})["name"], v)
        r.isready()
        configure_player(a, game, opts, "alphabeta", switch_game=True)
        configure_player(b, game, opts, "mcts", switch_game=False)
        # all three must agree on the start position
        lists = {}
        for e in (r, a, b):
            e.send("uginewgame")
            e.position([])
            lists[e.label] = sorted(e.legal_moves())
        if not lists["referee"] == lists["alphabeta"] == lists["mcts"]:
            r.fail(f"the three processes disagree on the start moves: {lists}")
        return r, {"alphabeta": a, "mcts": b}

    for i in range(ngames):
        if i % 2 == 0:
            opening = []
        p1_name = "alphabeta" if i % 2 == 0 else "mcts"
        if ref is None:
            try:
                ref, players = start_all()
            except ProtocolError as x:
                g = GameResult()
                g.protocol_error = "setting up: " + str(x)
                results.append(g)
                s.record(f"{label} game {i + 1}", False, g.protocol_error)
                for e in list(s.engines):
                    e.kill()
                    s.engines.remove(e)
                ref = players = None
                continue
        t0 = time.monotonic()
        g = play_game(s, ref, players, p1_name, opening, game, opts, tc_ms, inc_ms)
        wall = time.monotonic() - t0
        results.append(g)
        res = ("unfinished" if g.winner is None else
               "draw" if g.winner == "draw" else f"{g.winner} won")
        avg = {k: (sum(v) / len(v) * 1000 if v else 0.0) for k, v in g.move_times.items()}
        dep = {k: (sum(v) / len(v) if v else 0.0) for k, v in g.depths.items()}
        detail = (f"p1 {p1_name}, opening {' '.join(opening)}, {res} ({g.how}), {g.plies} plies, "
                  f"{wall:.1f} s; ms/move ab {avg['alphabeta']:.0f} mcts {avg['mcts']:.0f}; "
                  f"mean depth ab {dep['alphabeta']:.1f} mcts {dep['mcts']:.1f}")
        problems = []
        if g.time_loss:
            log = g.clock_log[g.time_loss]
            problems.append(f"loss on time by {g.time_loss}; its last moves (ply: clock sent -> "
                            f"time used, ms): " + ", ".join(
                                f"{p}: {c:.0f} -> {t * 1000:.1f}" for p, c, t in log[-12:]))
        if g.illegal:
            who, mv, legal, hist = g.illegal
            problems.append(f"illegal move {mv!r} by {who} after `position startpos moves {hist}`;"
                            f" legal: {' '.join(legal)}")
        for who, line, err in g.bad_infos[:5]:
            problems.append(f"bad info line from {who}: {line!r} ({err})")
        if len(g.bad_infos) > 5:
            problems.append(f"... {len(g.bad_infos) - 5} more bad info lines")
        if g.protocol_error:
            problems.append("protocol error: " + g.protocol_error)
        if g.mate_problem:
            problems.append("mate claim not borne out: " + g.mate_problem)
        if g.mate_note:
            detail += f"; note: {g.mate_note}"
        if problems:
            s.record(f"{label} game {i + 1}", False, detail + "\n      " + "\n      ".join(problems))
        else:
            s.record(f"{label} game {i + 1}", True, detail)
        if g.protocol_error or g.illegal:
            # start afresh: a process may be dead or out of step
            for e in list(s.engines):
                e.kill()
                s.engines.remove(e)
            ref = players = None
    if ref is not None:
        s.close(ref)
        for e in players.values():
            s.close(e)
    return results


def print_table(rows):
    print("\nResults (alphabeta's view):")
    hdr = ("game", "games", "ab win", "draw", "ab loss", "unfin.", "time losses", "illegal",
           "bad info", "proto err", "avg plies")
    w = [24, 5, 6, 4, 7, 6, 11, 7, 8, 9, 9]
    print("  " + " ".join(h.ljust(n) for h, n in zip(hdr, w)))
    for label, res in rows:
        n = len(res)
        win = sum(1 for g in res if g.winner == "alphabeta")
        draw = sum(1 for g in res if g.winner == "draw")
        loss = sum(1 for g in res if g.winner == "mcts")
        unf = sum(1 for g in res if g.unfinished)
        tl_ab = sum(1 for g in res if g.time_loss == "alphabeta")
        tl_m = sum(1 for g in res if g.time_loss == "mcts")
        ill = sum(1 for g in res if g.illegal)
        bad = sum(len(g.bad_infos) for g in res)
        pe = sum(1 for g in res if g.protocol_error)
        plies = sum(g.plies for g in res) / n if n else 0
        cells = (label, n, win, draw, loss, unf, f"ab {tl_ab} mcts {tl_m}", ill, bad, pe,
                 f"{plies:.0f}")
        print("  " + " ".join(str(c).ljust(k) for c, k in zip(cells, w)))


# ---------------------------------------------------------------------------------------------
# go movetime / depth / nodes, and bad input


def test_go_forms(s, game):
    """`go movetime`, `go depth`, `go nodes` for both engines, from a position a few plies in."""
    name = f"go movetime/depth/nodes ({game})"
    e = s.start([game], f"{game}/go")
    notes = []
    problems = []
    try:
        e.handshake()
        e.isready()
        rng = random.Random(zlib.crc32(game.encode()) + 1)
        moves = []
        for _ in range(4):
            e.position(moves)
            legal = e.legal_moves()
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        e.position(moves)
        legal = set(e.legal_moves())
        if not legal:
            e.fail(f"no legal move after {' '.join(moves)}")
        for kind in ("alphabeta", "mcts"):
            e.setoption(e.options.get("engine", {"name": "Engine"})["name"], kind)
            e.send("uginewgame")
            e.isready()
            e.position(moves)
            for cmd in ("go movetime 100", "go depth 3", "go nodes 2000"):
                mv, took, infos, bad = e.go(cmd, READ_TIMEOUT, legal)
                depth = max((i["depth"] for i in infos if "depth" in i), default=None)
                nodes = max((i["nodes"] for i in infos if "nodes" in i), default=None)
                notes.append(f"{kind} `{cmd}`: {mv} in {took * 1000:.0f} ms, "
                             f"max depth {depth}, max nodes {nodes}")
                where = f"{kind} `{cmd}` after `position startpos moves {' '.join(moves)}`"
                if mv not in legal:
                    problems.append(f"{where}: bestmove {mv} is not legal ({' '.join(sorted(legal))})")
                for line, err in bad:
                    problems.append(f"{where}: bad info line {line!r} ({err})")
                if CLOCK and cmd == "go movetime 100" and took > 0.5:
                    problems.append(f"{where}: took {took * 1000:.0f} ms")
                if kind == "alphabeta" and cmd == "go depth 3" and depth is not None and depth > 3:
                    problems.append(f"{where}: reported depth {depth}")
                if kind == "alphabeta" and cmd == "go nodes 2000" and nodes is not None \
                        and nodes > 4000:
                    problems.append(f"{where}: reported {nodes} nodes")
        s.record(name, not problems, "; ".join(notes) + (
            "\n      " + "\n      ".join(problems) if problems else ""))
    except ProtocolError as x:
        s.record(name, False, str(x))
    s.close(e)


def test_clock_edges(s):
    """Searches on a small clock: the first search after a large Hash has been set (the table
    must be ready at `readyok`), and a position with a single legal move. Each must end by
    itself with a legal move; with `--clock`, also within the time on the clock."""
    cases = [
        # (name, engine, hash MiB, moves, clock ms)
        ("first search after `setoption name Hash value 256` + isready", "alphabeta", 256,
         ["11-15", "23-19", "8-11"], 50),
        ("first search after `setoption name Hash value 256` + isready", "mcts", 256,
         ["11-15", "23-19", "8-11"], 50),
        ("single legal move (19x10), 20 ms on the clock, after a first search", "alphabeta", 16,
         ["10-15", "23-19", "9-14"], 20),
        ("single legal move (19x10), 20 ms on the clock, after a first search", "mcts", 16,
         ["10-15", "23-19", "9-14"], 20),
    ]
    for title, kind, hash_mb, moves, clock in cases:
        name = f"{title} ({kind}, checkers)"
        e = s.start(["checkers"], f"checkers/{kind}/clock")
        try:
            e.handshake()
            e.setoption(e.options.get("engine", {"name": "Engine"})["name"], kind)
            e.setoption(e.options.get("hash", {"name": "Hash"})["name"], hash_mb)
            e.isready()
            e.send("uginewgame")
            e.isready()
            if "Hash" not in title:  # a first search, so that only the single move counts
                e.position([])
                e.go("go depth 1", READ_TIMEOUT)
                e.isready()
            e.position(moves)
            legal = set(e.legal_moves())
            e.position(moves)
            cmd = f"go p1time {clock} p2time {clock} p1inc 0 p2inc 0"
            mv, took, infos, bad = e.go(cmd, READ_TIMEOUT, legal)
            nodes = max((i["nodes"] for i in infos if "nodes" in i), default=None)
            detail = (f"`position startpos moves {' '.join(moves)}`, `{cmd}`: bestmove {mv} after "
                      f"{took * 1000:.1f} ms ({nodes} nodes)")
            problems = []
            if CLOCK and took * 1000 > clock:
                problems.append(f"over the {clock} ms on the clock: a loss on time")
            if "single" in title and len(legal) != 1:
                problems.append(f"the position has {len(legal)} legal moves, not one: "
                                f"{' '.join(sorted(legal))}")
            if mv not in legal:
                problems.append(f"{mv} is not legal")
            problems += [f"bad info line {line!r} ({err})" for line, err in bad]
            s.record(name, not problems, detail + ("; " + "; ".join(problems) if problems else ""))
        except ProtocolError as x:
            s.record(name, False, str(x))
        s.close(e)


def test_bad_input(s):
    """Unknown commands, bad options and moves: only `info string` lines, then `readyok`."""
    name = "bad input is answered by info string at most (arbiter ugi)"
    e = s.start([], "bad-input")
    try:
        e.handshake()
        e.isready()
        e.send("uginewgame")
        e.position(["11-15"])
        before = sorted(e.legal_moves())
        garbage = ["xyzzy", "setoption name Game value chess", "setoption name NoSuchOption value 1",
                   "setoption name Hash value 0", "setoption name Engine value random",
                   "position startpos moves 99-99", "position fen not-a-position",
                   "go nodes -5", "go depth x", "query nonsense", ""]
        for g in garbage:
            e.send(g)
        # a refused `go` may still start a search: `stop` it; then all must be quiet again
        e.send("isready")
        e.send("stop")
        e.send("isready")
        extra = []
        ready = 0
        while ready < 2:
            _, line = e.recv("readyok after bad input")
            if line == "readyok":
                ready += 1
                continue
            w = line.split()
            if w[:2] == ["info", "string"]:
                extra.append(line)
            elif w[0] in ("bestmove", "info"):
                extra.append(line)  # an engine may search after all; not an error here
            else:
                e.fail(f"line other than `info string` after bad input: {line!r}")
        e.position(["11-15"])
        after = sorted(e.legal_moves())
        if after != before:
            e.fail(f"after bad input `position startpos moves 11-15` gives {after}, "
                   f"before it gave {before}")
        s.record(name, True, f"{len(extra)} lines, e.g. " + " | ".join(extra[:3]))
    except ProtocolError as x:
        s.record(name, False, str(x))
    s.close(e)


# ---------------------------------------------------------------------------------------------
# stop during go infinite


def test_stop(s, game, kind):
    """`go infinite` answers only `stop`: `isready` during the search gets `readyok` and no
    `bestmove` comes before `stop`; then a legal `bestmove`, with only `info` lines before it."""
    name = f"stop during go infinite ({game}, {kind})"
    e = s.start([game], f"{game}/{kind}")
    try:
        e.handshake()
        e.setoption(e.options.get("engine", {"name": "Engine"})["name"], kind)
        e.isready()
        e.send("uginewgame")
        e.position([])
        legal = set(e.legal_moves())
        e.isready()
        e.send("go infinite")
        t_go = time.monotonic()
        bad = []
        infos = 0  # `info` lines of the search so far

        def during_search(line):
            """An `info` line is counted; anything else is an error before `stop`."""
            nonlocal infos
            w = line.split()
            if w and w[0] == "info":
                infos += 1
                _, err = parse_info(line, legal)
                if err:
                    bad.append((line, err))
            elif w and w[0] == "bestmove":
                e.fail(f"`bestmove` during `go infinite` before `stop`: {line!r}")
            elif w:
                e.fail(f"unexpected line during go infinite: {line!r}")

        # The engine reads `isready` after `go infinite`, and that search cannot end before
        # `stop`: the answer comes during the search.
        t_ready = time.monotonic()
        e.send("isready")
        while True:
            t, line = e.recv("readyok during go infinite")
            if line == "readyok":
                ready_latency = t - t_ready
                break
            during_search(line)
        # Alpha-beta reports each iteration it completes: its first `info` shows the search
        # under way. MCTS reports once, when it ends.
        while kind == "alphabeta" and not infos:
            _, line = e.recv("the first info line of go infinite")
            during_search(line)
        if CLOCK:
            time.sleep(max(0.0, t_go + SEARCH_BEFORE_STOP - time.monotonic()))
        # what has come before `stop` must not be a `bestmove`
        while True:
            try:
                t, line = e.q.get_nowait()
            except queue.Empty:
                break
            if line is None:
                e.q.put((t, line))  # keep the end-of-output mark for recv
                break
            e.transcript.append("<< " + line)
            during_search(line)
        t_stop = time.monotonic()
        e.send("stop")
        infos_after_stop = 0
        while True:
            t, line = e.recv("bestmove after stop")
            w = line.split()
            if w[0] == "info":
                infos_after_stop += 1
                _, err = parse_info(line, legal)
                if err:
                    bad.append((line, err))
                continue
            if w[0] == "bestmove":
                if len(w) != 2:
                    e.fail(f"bestmove line is not exactly two words: {line!r}")
                latency = t - t_stop
                move = w[1]
                break
            e.fail(f"unexpected line after stop: {line!r}")
        e.isready()  # still alive and idle
        problems = []
        if CLOCK and latency > STOP_LIMIT:
            problems.append(f"bestmove came {latency * 1000:.0f} ms after stop "
                            f"(limit {STOP_LIMIT * 1000:.0f} ms)")
        if CLOCK and ready_latency > READY_LIMIT:
            problems.append(f"readyok came {ready_latency * 1000:.0f} ms after isready "
                            f"(limit {READY_LIMIT * 1000:.0f} ms)")
        if move not in legal:
            problems.append(f"bestmove {move} is not legal: {' '.join(sorted(legal))}")
        if not infos + infos_after_stop:
            problems.append("no info line before bestmove")
        for line, err in bad:
            problems.append(f"bad info line {line!r} ({err})")
        detail = (f"readyok during the search, {infos} info lines before stop, "
                  f"{infos_after_stop} after it, bestmove {move}")
        if CLOCK:
            detail += (f"; bestmove {latency * 1000:.1f} ms after stop, readyok "
                       f"{ready_latency * 1000:.1f} ms after isready")
        s.record(name, not problems, detail + ("; " + "; ".join(problems) if problems else ""))
    except ProtocolError as x:
        s.record(name, False, str(x))
    s.close(e)


def test_quit_during_search(s, how):
    """`quit`, or the end of the input, during `go infinite` ends the process (with `--clock`:
    within 1 s)."""
    name = f"{'quit' if how == 'quit' else 'end of input'} during go infinite ends the process"
    e = s.start(["checkers"], f"checkers/{how}")
    try:
        e.handshake()
        e.isready()
        e.position([])
        e.send("go infinite")
        t_go = time.monotonic()
        # `readyok` after `go infinite`: the search runs, and cannot end before `stop`
        e.isready()
        if CLOCK:
            time.sleep(max(0.0, t_go + SEARCH_BEFORE_STOP - time.monotonic()))
        t0 = time.monotonic()
        try:
            if how == "quit":
                e.p.stdin.write("quit\n")
                e.p.stdin.flush()
            else:
                e.p.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        guard = quit_wait()
        try:
            e.p.wait(timeout=guard)
            took = time.monotonic() - t0
            if CLOCK:
                s.record(name, took <= QUIT_LIMIT,
                         f"exited {took * 1000:.0f} ms later with code {e.p.returncode}"
                         + ("" if took <= QUIT_LIMIT else
                            f" (limit {QUIT_LIMIT * 1000:.0f} ms)"))
            else:
                s.record(name, True, f"exited with code {e.p.returncode}")
        except subprocess.TimeoutExpired:
            s.record(name, False, f"still running {guard:.0f} s later (killed)" + e.context())
            e.kill()
    except ProtocolError as x:
        s.record(name, False, str(x))
        e.kill()
    if e in s.engines:
        s.engines.remove(e)


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary", help="path of the arbiter binary")
    ap.add_argument("--games", type=int, default=2, help="games per game variant (default 2)")
    ap.add_argument("--clock", action="store_true", help="play the matches on clocks and check "
                    "the latency limits: a benchmark run, which a loaded machine decides")
    ap.add_argument("--time", type=int, default=2000, help="with --clock, clock per side in ms "
                    "(default 2000)")
    ap.add_argument("--inc", type=int, default=50, help="with --clock, increment per move in ms "
                    "(default 50)")
    ap.add_argument("--sudden-death", type=int, default=0, help="with --clock, clock in ms of "
                    "an extra pair of games without increment in checkers and daynight, e.g. "
                    "1000 (default 0: none; such games are sensitive to the machine's load)")
    ap.add_argument("--seed", type=int, default=None, help="seed of the random openings "
                    f"(default {FIXED_SEED}, or a random one with --clock)")
    ap.add_argument("--only", default="", help="comma-separated labels of the matches to play")
    ap.add_argument("--verbose", action="store_true", help="print every line exchanged")
    a = ap.parse_args()
    if a.sudden_death and not a.clock:
        ap.error("--sudden-death plays on clocks: it needs --clock")
    global CLOCK
    CLOCK = a.clock
    binary = os.path.abspath(a.binary)
    if not os.access(binary, os.X_OK):
        print(f"not an executable: {binary}")
        print("0 passed, 1 failed")
        return 1
    seed = a.seed if a.seed is not None else random.randrange(1 << 30) if CLOCK else FIXED_SEED
    s = Suite(binary, a.verbose)
    s.rng = random.Random(seed)
    only = {x.strip() for x in a.only.split(",") if x.strip()}
    variants = [v for v in VARIANTS if not only or v[0] in only or v[1] in only]
    t_start = time.monotonic()
    limits = (f"{a.time} ms + {a.inc} ms" if CLOCK else
              f"alpha-beta at depth {FIXED_DEPTH} (2 in daynight), MCTS at {FIXED_NODES} nodes "
              f"(300 in daynight)")
    print(f"UGI client: {binary}, seed {seed}, {a.games} games per game, {limits}")
    try:
        print("\n== handshake, options, positions")
        test_handshake(s)
        for label, game, opts in variants:
            test_positions(s, label, game, opts)
        test_bad_input(s)
        if not only or "checkers" in {v[1] for v in variants}:
            print("\n== small clocks")
            test_clock_edges(s)
        print("\n== go movetime / depth / nodes")
        for game in GAME_IDS:
            if only and game not in {v[1] for v in variants}:
                continue
            test_go_forms(s, game)
        rows = []
        for label, game, opts in variants:
            rows.append((label, run_match(s, label, game, opts, a.games, a.time, a.inc)))
        if CLOCK and a.sudden_death:
            for label, game, opts in variants:
                if game in ("checkers", "daynight") and not opts:
                    rows.append((f"{label} {a.sudden_death}+0",
                                 run_match(s, f"{label} {a.sudden_death}+0", game, opts, 2,
                                           a.sudden_death, 0)))
        print_table(rows)
        print("\n== stop during go infinite")
        for game in GAME_IDS:
            if only and game not in {v[1] for v in variants}:
                continue
            for kind in ("alphabeta", "mcts"):
                test_stop(s, game, kind)
        test_quit_during_search(s, "quit")
        test_quit_during_search(s, "eof")
        s.close_all()
        s.record("every engine process exits after quit", not s.quit_problems,
                 "; ".join(s.quit_problems))
    finally:
        for e in list(s.engines):
            e.kill()
    print(f"\ntotal time {time.monotonic() - t_start:.1f} s")
    if s.failures:
        print("\nFailures:")
        for f in s.failures:
            print("  - " + f)
    print(f"{s.passed} passed, {s.failed} failed")
    return 1 if s.failed else 0


if __name__ == "__main__":
    sys.exit(main())
