#!/bin/sh
# The pages' type check: the API's types generated from the server's own OpenAPI document
# (`arbiter openapi`, with openapi-typescript) into api-types.d.ts here, which the pages know as
# the module `api-types`, then tsc over every page module (pages/tsconfig.json: `// @ts-check`
# JavaScript with JSDoc types, strict, nothing emitted). A field renamed in a Rust response
# type and not in the pages fails here.
# Builds `arbiter` if needed and installs TypeScript and openapi-typescript (npm ci) if needed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
workspace=$(cd "$here/../../.." && pwd)
# The binary of the workspace's target directory (`CARGO_TARGET_DIR` if set), or `ARBITER_BIN`.
binary=${ARBITER_BIN:-${CARGO_TARGET_DIR:-$workspace/target}/debug/arbiter}
if [ ! -x "$binary" ] || [ -n "$(find "$workspace/crates" -newer "$binary" -type f -name '*.rs' | head -n 1)" ]; then
  (cd "$workspace" && cargo build --locked --workspace --lib --bins --example endgames)
fi
cd "$here"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
document=$(mktemp)
trap 'rm -f "$document"' EXIT
"$binary" openapi >"$document"
node_modules/.bin/openapi-typescript "$document" --output api-types.d.ts
node_modules/.bin/tsc --project ../pages/tsconfig.json
echo "the pages' types check"
