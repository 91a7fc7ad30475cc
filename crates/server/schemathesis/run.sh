#!/usr/bin/env bash
# schemathesis against a running `arbiter serve`: every operation of the derived OpenAPI
# document, with generated requests (valid and invalid), checking that no request makes the
# server fail, that every answer's status, content type, headers and body are the ones the
# document gives, that invalid requests are refused, and stateful sequences through the links
# it infers. The paths' `{id}` is a game made for the run, and requests carry the token of
# one of its seats, so that they reach the game itself rather than a 404. `EXAMPLES` requests
# an operation at most (25 by default; more for a deeper run).
#
# Not checked: `positive_data_acceptance`, which expects every request the schema allows to
# be accepted; a move, a player spec, a game's options and a thinking time are languages whose
# validity depends on the game and its position (a move is legal or not), which a JSON schema
# does not express; such a request is refused with a 400 that says why.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
workspace="$(cd "$here/../../.." && pwd)"
cd "$workspace"

schemathesis="$(bash "$here/setup.sh" | tail -n 1)"
if [ ! -x target/debug/arbiter ]; then
  cargo build --locked --workspace --lib --bins --example endgames
fi
folder="$(mktemp -d)"
target/debug/arbiter serve --addr 127.0.0.1:0 --database "sqlite://$folder/games.db" \
  --workers 1 --games-per-minute 0 --changes-per-second 0 >"$folder/out" 2>"$folder/err" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$folder"' EXIT
for _ in $(seq 1 100); do
  grep -q "http://" "$folder/out" && break
  sleep 0.1
done
base="$(grep -o 'http://[0-9.:]*' "$folder/out" | head -n 1)"
created="$(curl -sf -X POST "$base/api/games" -H 'content-type: application/json' \
  -d '{"game": "checkers", "white": "human", "black": "ai:1"}')"
export ARBITER_GAME ARBITER_TOKEN
ARBITER_GAME="$(printf '%s' "$created" | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')"
ARBITER_TOKEN="$(printf '%s' "$created" | python3 -c 'import json, sys; print(json.load(sys.stdin)["seats"]["white"]["token"])')"
"$schemathesis" --config-file "$here/schemathesis.toml" run "$base/api/openapi.json" \
  --checks all --exclude-checks positive_data_acceptance --max-examples "${EXAMPLES:-25}" --seed 1 \
  --no-color
