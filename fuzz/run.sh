#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after another, on the nightly
# toolchain. New inputs go to fuzz/work/TARGET (not committed); the saved corpus in
# fuzz/corpus/TARGET seeds each run. Crashes land in fuzz/artifacts/TARGET.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# Extra libFuzzer flags can be given in FUZZ_FLAGS, e.g. FUZZ_FLAGS="-runs=10000000".
# The targets run without a sanitizer (-s none): the workspace forbids unsafe code, so
# AddressSanitizer would find nothing that Rust's own checks miss, at half the speed. Debug
# assertions (overflow checks) stay on.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(moves positions records options specs playout)
fi

for target in "${targets[@]}"; do
  mkdir -p "fuzz/work/$target"
  echo "== $target: ${seconds}s"
  # shellcheck disable=SC2086
  cargo +nightly fuzz run --fuzz-dir fuzz --features fuzzing -s none "$target" \
    "fuzz/work/$target" "fuzz/corpus/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -jobs=1 -workers=1 \
    -max_len=1024 -print_final_stats=1 ${FUZZ_FLAGS:-}
done
