#!/usr/bin/env bash
# The Python environment of the bindings' tests: a virtual environment under the target
# folder (never committed) with maturin, pytest, NumPy, OpenSpiel and PettingZoo from PyPI,
# made on first use. Prints the environment's python.
set -euo pipefail
cd "$(dirname "$0")/../../.."

venv="${CARGO_TARGET_DIR:-target}/python-venv"
if ! "$venv/bin/python" -c 'import maturin, pytest, numpy, pyspiel, pettingzoo' >/dev/null 2>&1; then
  uv="$(bash scripts/uv.sh | tail -n 1)"
  "$uv" venv --quiet --allow-existing "$venv"
  "$uv" pip install --quiet --python "$venv/bin/python" \
    maturin==1.16.0 pytest==9.2.0 numpy==2.4.6 open_spiel==2.0.2 pettingzoo==1.27.0
fi
echo "$venv/bin/python"
