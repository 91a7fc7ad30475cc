#!/usr/bin/env bash
# The Python bindings' tests: pytest on crates/python/tests (the text and action APIs against
# `arbiter moves`, OpenSpiel's algorithms through `arbiter.spiel`, PettingZoo's API test) in
# the virtual environment of setup.sh, against the module built one of two ways:
#
# - by default, by cargo with the rest of the workspace (the test build's profile and
#   features: `cargo build --workspace --lib --bins --example endgames`, the test command's
#   first step, which makes it; not again when ARBITER_BUILT says that step is done), then
#   laid out as the wheel lays it out (the package `arbiter` of python/ with the module
#   `_arbiter` in it) and put on the path: what the test command runs;
# - with WHEEL=1, or PROFILE=release (the wheel as published, for the figures:
#   benchmarks/figures.py), as a wheel built by maturin and installed.
#
# Arguments go to pytest (`-k spiel`, `-x`, ...).
set -euo pipefail
cd "$(dirname "$0")/../../.."

target="${CARGO_TARGET_DIR:-target}"
python="$(bash crates/python/tests/setup.sh | tail -n 1)"
venv="$(dirname "$(dirname "$python")")"
if [ -n "${WHEEL:-}" ] || [ "${PROFILE:-dev}" != dev ]; then
  wheels="$target/python-wheels"
  rm -rf "$wheels"
  "$venv/bin/maturin" build --quiet --locked --profile "${PROFILE:-dev}" \
    --interpreter "$python" --manifest-path crates/python/Cargo.toml --out "$wheels"
  "$(bash scripts/uv.sh | tail -n 1)" pip install --quiet --python "$python" --no-deps \
    --reinstall "$wheels"/arbiter_games-*.whl
  module_path=""
else
  if [ -z "${ARBITER_BUILT:-}" ]; then
    cargo build --locked --workspace --lib --bins --example endgames
  fi
  module_path="$target/python-module"
  rm -rf "$module_path"
  mkdir -p "$module_path"
  cp -r crates/python/python/arbiter "$module_path/"
  cp "$target/debug/lib_arbiter.so" "$module_path/arbiter/_arbiter.abi3.so"
  # A wheel installed earlier would come first on the path.
  "$(bash scripts/uv.sh | tail -n 1)" pip uninstall --quiet --python "$python" arbiter-games \
    >/dev/null 2>&1 || true
fi

# `arbiter moves`, which the tests check the bindings against.
arbiter="$target/debug/arbiter"
if [ ! -x "$arbiter" ] || [ -n "${BUILD_ARBITER:-}" ]; then
  cargo build --locked --workspace --lib --bins --example endgames
fi
PYTHONPATH="$module_path" ARBITER="$arbiter" "$python" -m pytest -q crates/python/tests "$@"
