#!/usr/bin/env bash
# Every test of Arbiter, installing what a fresh machine lacks (Debian's chromium for the pages,
# npm's playwright-core, PyPI's pydraughts): the Rust workspace (the server's storage suite also
# on PostgreSQL when DATABASE_URL names one), the fuzz checks on their saved corpus and a short
# fuzz run, the engine protocols against external clients, and the pages end to end in
# headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

cargo test --workspace --locked
bash fuzz/smoke.sh
bash crates/protocols/clients/run.sh
bash crates/server/e2e/run.sh
