#!/bin/sh
# The end-to-end tests of the pages: builds `arbiter` if needed, installs playwright-core if
# needed, and runs the tests in Debian's Chromium (apt-get install chromium).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
workspace=$(cd "$here/../../.." && pwd)
if [ ! -x "$workspace/target/debug/arbiter" ] || [ -n "$(find "$workspace/crates" -newer "$workspace/target/debug/arbiter" -type f \( -name '*.rs' -o -path '*/pages/*' \) | head -n 1)" ]; then
  (cd "$workspace" && cargo build -p arbiter-cli)
fi
cd "$here"
if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund
fi
# Two test files at a time, each with its own server and browser.
exec node --test --test-concurrency=2 "$@"
