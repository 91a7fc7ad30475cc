#!/bin/sh
# The end-to-end tests of the pages: builds `arbiter` if needed, installs playwright-core if
# needed, and runs the tests in Debian's headless Chromium (apt-get install
# chromium-headless-shell; `CHROMIUM=/usr/bin/chromium` runs them in the whole browser).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
workspace=$(cd "$here/../../.." && pwd)
# The binary of the workspace's target directory (`CARGO_TARGET_DIR` if set), or `ARBITER_BIN`.
binary=${ARBITER_BIN:-${CARGO_TARGET_DIR:-$workspace/target}/debug/arbiter}
export ARBITER_BIN="$binary"
if [ ! -x "$binary" ] || [ -n "$(find "$workspace/crates" -newer "$binary" -type f \( -name '*.rs' -o -path '*/pages/*' \) | head -n 1)" ]; then
  (cd "$workspace" && cargo build --locked --workspace --lib --bins --example endgames)
fi
cd "$here"
if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund
fi
# Three test files at a time, each with its own server and browser: most of their time is spent
# waiting on the pages, the server and the browser.
exec node --test --test-concurrency=3 "$@"
