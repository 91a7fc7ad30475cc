#!/usr/bin/env bash
# The engine protocols against external clients: a UGI tournament client written from the
# protocol document (alpha-beta against MCTS in every game), and pydraughts' Hub engine driver
# (PyPI) playing whole checkers games of `arbiter hub` against itself. By default every search
# has a fixed depth or node count and no check is timed, so the run is the same on any machine;
# `run.sh --clock` plays on clocks and checks the latency limits instead (a benchmark run).
# pydraughts is installed in a virtual environment under target/ on first use (setup.sh).
set -euo pipefail
cd "$(dirname "$0")/../../.."

engine="${ARBITER:-target/debug/arbiter}"
if [ ! -x "$engine" ]; then
  cargo build --locked -p arbiter-cli
fi

python="$(bash crates/protocols/clients/setup.sh | tail -n 1)"
"$python" crates/protocols/clients/ugi_client.py "$engine" "$@"
"$python" crates/protocols/clients/hub_pydraughts.py "$engine" "$@"
