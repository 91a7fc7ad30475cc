#!/usr/bin/env bash
# CI's short fuzz run: replays the saved corpus of every target through its check on the
# stable toolchain, then (where the nightly toolchain is installed) runs each fuzz target for
# a few seconds from its saved corpus. Installs cargo-fuzz if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# The checks on the saved corpus, on stable: no nightly needed.
cargo test --manifest-path fuzz/Cargo.toml --lib --locked

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "fuzz/smoke.sh: no nightly toolchain here; the libFuzzer runs are skipped" >&2
  exit 0
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

for target in moves positions records options specs playout; do
  scratch="$(mktemp -d)"
  echo "== fuzz smoke: $target"
  # New inputs go to the scratch folder, so that the saved corpus stays as committed.
  cargo +nightly fuzz run --fuzz-dir fuzz --features fuzzing -s none "$target" \
    "$scratch" "fuzz/corpus/$target" -- \
    -runs=20000 -max_total_time=5 -max_len=1024 -rss_limit_mb=2048 -timeout=5
  rm -rf "$scratch"
done
