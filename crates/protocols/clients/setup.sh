#!/usr/bin/env bash
# The Python environment of the protocol clients: pydraughts (PyPI) in a virtual environment
# under target/, made on first use. Prints the environment's python.
set -euo pipefail
cd "$(dirname "$0")/../../.."

venv=target/protocol-clients-venv
if ! "$venv/bin/python" -c 'import draughts' >/dev/null 2>&1; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-compile pydraughts==0.6.7
fi
echo "$venv/bin/python"
