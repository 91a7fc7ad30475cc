#!/usr/bin/env bash
# The Python environment of the API's property-based check: schemathesis (PyPI) in a virtual
# environment under target/, made on first use. Prints the environment's schemathesis.
set -euo pipefail
cd "$(dirname "$0")/../../.."

venv=target/schemathesis-venv
if ! "$venv/bin/schemathesis" --version >/dev/null 2>&1; then
  uv="$(bash scripts/uv.sh | tail -n 1)"
  "$uv" venv --quiet --allow-existing "$venv"
  "$uv" pip install --quiet --python "$venv/bin/python" schemathesis==4.32.5
fi
echo "$venv/bin/schemathesis"
