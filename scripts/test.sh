#!/usr/bin/env bash
# Every test of Arbiter, installing what a fresh machine lacks (Debian's chromium-headless-shell
# for the pages, npm's playwright-core, TypeScript and openapi-typescript, PyPI's pydraughts,
# maturin, pytest, NumPy, OpenSpiel, PettingZoo and schemathesis):
# the Rust workspace with cargo-nextest (the server's storage suite also on PostgreSQL when
# DATABASE_URL names one, and the fuzz targets' checks on their saved corpus), the
# documentation's examples, the engine protocols against external clients, the Python bindings
# (the module built with the workspace, tested with pytest, OpenSpiel and PettingZoo), the server's API
# against its OpenAPI document (schemathesis), the pages' types against the API's (tsc, with
# the types generated from the server's OpenAPI document), and the pages end to end in
# headless Chromium.
#
# The heavy versions of a few suites (holes' perft to depth 8, the strong solution of the whole
# of mini checkers, ...) are ignored here; `cargo test --workspace -- --ignored` runs them.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium-headless-shell >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell
fi

# Each phase's start, in seconds from the script's, on stderr: where the time goes.
phase() { echo "[test.sh at ${SECONDS}s] $*" >&2; }

# The programs: every crate's libraries (the Python module among them) and binaries, which the
# suites from outside run. With one example, so that Cargo gives the dependencies the features
# the tests give them (a build with an example or a test resolves features with the
# dev-dependencies): the tests' build below then builds the tests alone, and nothing twice.
phase "the programs"
status=0
cargo build --workspace --locked --lib --bins --example siege || status=$?
export ARBITER_BUILT=1

# The suites that run the built programs from outside, in three lanes beside the Rust tests
# and their build (their time is mostly spent waiting on processes, sockets and the browser,
# which the compiler fills): the pages end to end, the longest and the most waiting, in one;
# the engine protocols' clients and schemathesis in another; the Python bindings, the pages'
# types and the documentation's examples in the third. Each lane's output is shown when it
# ends; any failure fails the command.
logs="$(mktemp -d)"
phase "the suites from outside, in three lanes: pages | protocols, schemathesis | Python, types, doc examples"
(
  phase "the pages end to end"
  bash crates/server/e2e/run.sh
  phase "lane 1 done"
) >"$logs/pages.log" 2>&1 &
pages=$!
(
  phase "the engine protocols' clients"
  bash crates/protocols/clients/run.sh
  phase "schemathesis"
  bash crates/server/schemathesis/run.sh
  phase "lane 2 done"
) >"$logs/clients.log" 2>&1 &
clients=$!
(
  phase "the Python bindings"
  bash crates/python/tests/run.sh
  phase "the pages' types"
  bash crates/server/typecheck/run.sh
  # Built once the tests' build below lets go of the build folder.
  phase "the documentation's examples"
  cargo test --workspace --locked --doc
  phase "lane 3 done"
) >"$logs/python.log" 2>&1 &
python=$!

# Every crate's tests side by side (examples and benchmarks are left to `cargo lint`, which checks
# that they build). `--tests` selects the targets with tests: the Python bindings have no Rust
# tests (pytest tests them, in lane 3), and `--lib` would build their module again as a Rust
# test binary.
# The tests, built beside the lanes, then run.
phase "the Rust tests, built then run"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --locked --tests --profile ci || status=$?
else
  cargo test --workspace --locked --tests || status=$?
fi
phase "waiting for the lanes"
for lane in clients python pages; do
  wait "${!lane}" || status=$?
  cat "$logs/$lane.log"
done
if [ "$status" -ne 0 ]; then
  echo "test.sh: a suite failed (see above)" >&2
  exit "$status"
fi
phase "done"
