#!/usr/bin/env bash
# The engine protocols against external clients: a UGI tournament client written from the
# protocol document (alpha-beta against MCTS in every game), and pydraughts' Hub engine driver
# (PyPI) playing whole checkers games of `arbiter hub` against itself.
#
# By default (what CI runs) every search has a fixed depth or node count and no check is
# timed: events are awaited, with only a guard against a hang, so the run is the same on any
# machine under any load. `run.sh --clock` is a benchmark run for people: the games are played
# on clocks and the latency limits are checked too, so a loaded machine decides it. The
# arguments go to both clients, so only the options they share belong here (`--clock`,
# `--games N`, `--verbose`); the others are given to one client run by hand.
#
# ARBITER names the engine binary (default target/debug/arbiter, built when missing).
# pydraughts is installed in a virtual environment under target/ on first use (setup.sh).
set -euo pipefail
cd "$(dirname "$0")/../../.."

engine="${ARBITER:-target/debug/arbiter}"
if [ ! -x "$engine" ]; then
  cargo build --locked --workspace --lib --bins --example endgames
fi

python="$(bash crates/protocols/clients/setup.sh | tail -n 1)"
# both clients run, whatever the first finds; the exit code is 1 if either failed
status=0
"$python" crates/protocols/clients/ugi_client.py "$engine" "$@" || status=1
"$python" crates/protocols/clients/hub_pydraughts.py "$engine" "$@" || status=1
exit "$status"
