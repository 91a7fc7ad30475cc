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
# Three test files at a time, each with its own server, all in one browser (a browser context
# each test): most of their time is spent waiting on the pages, the server and the browser.
endpoint=$(mktemp)
node lib/browser.mjs >"$endpoint" &
browser=$!
trap 'kill "$browser" 2>/dev/null || true; rm -f "$endpoint"' EXIT
tries=0
until grep -q '^ws://' "$endpoint"; do
  tries=$((tries + 1))
  if [ "$tries" -gt 300 ] || ! kill -0 "$browser" 2>/dev/null; then
    echo "run.sh: the browser did not start" >&2
    exit 1
  fi
  sleep 0.1
done
ARBITER_E2E_BROWSER=$(grep '^ws://' "$endpoint")
export ARBITER_E2E_BROWSER
status=0
node --test --test-concurrency=3 "$@" || status=$?
kill "$browser"
wait "$browser" || true
exit "$status"
