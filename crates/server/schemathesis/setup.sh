#!/usr/bin/env bash
# The Python environment of the API's property-based check: schemathesis (PyPI) in a virtual
# environment under target/, made on first use. Prints the environment's schemathesis.
set -euo pipefail
cd "$(dirname "$0")/../../.."

venv=target/schemathesis-venv
if ! "$venv/bin/schemathesis" --version >/dev/null 2>&1; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-compile schemathesis==4.32.5
fi
echo "$venv/bin/schemathesis"
