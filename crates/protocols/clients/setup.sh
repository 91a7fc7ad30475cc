#!/usr/bin/env bash
# The Python environment of the protocol clients: pydraughts (PyPI) in a virtual environment
# under target/, made on first use. Prints the environment's python.
set -euo pipefail
cd "$(dirname "$0")/../../.."

venv=target/protocol-clients-venv
if ! "$venv/bin/python" -c 'import draughts' >/dev/null 2>&1; then
  uv="$(bash scripts/uv.sh | tail -n 1)"
  "$uv" venv --quiet --allow-existing "$venv"
  "$uv" pip install --quiet --python "$venv/bin/python" pydraughts==0.6.7
fi
echo "$venv/bin/python"
