#!/usr/bin/env bash
# Every test of Arbiter, installing what a fresh machine lacks (Debian's chromium for the pages,
# npm's playwright-core, PyPI's pydraughts, maturin, pytest, NumPy, OpenSpiel, PettingZoo and
# schemathesis):
# the Rust workspace with cargo-nextest (the server's storage suite also on PostgreSQL when
# DATABASE_URL names one, and the fuzz targets' checks on their saved corpus), the
# documentation's examples, the engine protocols against external clients, the Python bindings
# (a wheel built with maturin, tested with pytest, OpenSpiel and PettingZoo), the server's API
# against its OpenAPI document (schemathesis), and the pages end to end in headless Chromium.
#
# The heavy versions of a few suites (holes' perft to depth 8, the strong solution of the whole
# of mini checkers, ...) are ignored here; `cargo test --workspace -- --ignored` runs them.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

# Every crate's tests side by side (examples are left to clippy, which checks they build).
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --locked --lib --bins --tests --profile ci
else
  cargo test --workspace --locked --lib --bins --tests
fi
cargo test --workspace --locked --doc
bash crates/protocols/clients/run.sh
bash crates/python/tests/run.sh
bash crates/server/schemathesis/run.sh
bash crates/server/e2e/run.sh
