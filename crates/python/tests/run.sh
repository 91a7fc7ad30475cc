#!/usr/bin/env bash
# The Python bindings' tests: builds the wheel with maturin (the test build's profile, whose
# workspace crates are optimised), installs it into the virtual environment of setup.sh, and
# runs pytest on crates/python/tests: the text and action APIs against `arbiter moves`,
# OpenSpiel's algorithms through `arbiter.spiel`, and PettingZoo's API test.
#
# PROFILE=release builds the wheel as published (for the figures: benchmarks/figures.py).
# Arguments go to pytest (`-k spiel`, `-x`, ...).
set -euo pipefail
cd "$(dirname "$0")/../../.."

target="${CARGO_TARGET_DIR:-target}"
python="$(bash crates/python/tests/setup.sh | tail -n 1)"
venv="$(dirname "$(dirname "$python")")"
wheels="$target/python-wheels"
rm -rf "$wheels"
"$venv/bin/maturin" build --quiet --locked --profile "${PROFILE:-dev}" \
  --interpreter "$python" --manifest-path crates/python/Cargo.toml --out "$wheels"
"$python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall \
  "$wheels"/arbiter_games-*.whl

# `arbiter moves`, which the tests check the bindings against.
arbiter="$target/debug/arbiter"
if [ ! -x "$arbiter" ] || [ -n "${BUILD_ARBITER:-}" ]; then
  cargo build --locked -p arbiter-cli
fi
ARBITER="$arbiter" "$python" -m pytest -q crates/python/tests "$@"
