#!/usr/bin/env bash
# The engine protocols against external clients: a UGI tournament client written from the
# protocol document (alpha-beta against MCTS in every game, under a clock), and pydraughts'
# Hub engine driver (PyPI) playing whole checkers games of `arbiter hub` against itself.
# pydraughts is installed in a virtual environment under target/ on first use.
set -euo pipefail
cd "$(dirname "$0")/../../.."

engine="${ARBITER:-target/debug/arbiter}"
if [ ! -x "$engine" ]; then
  cargo build --locked -p arbiter-cli
fi

venv=target/protocol-clients-venv
if ! "$venv/bin/python" -c 'import draughts' >/dev/null 2>&1; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check pydraughts==0.6.7
fi

"$venv/bin/python" crates/protocols/clients/ugi_client.py "$engine"
"$venv/bin/python" crates/protocols/clients/hub_pydraughts.py "$engine"
