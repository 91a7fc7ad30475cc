#!/usr/bin/env bash
# A change measured by a match against the engine before it:
#
#   scripts/versus-previous.sh REV GAME [arbiter match arguments...]
#
# builds the git revision REV of Arbiter once (a worktree and its own target directory under
# target/previous/), builds the current tree, and plays `arbiter match GAME` with the current
# build as A, in process, and REV's as B, through `arbiter ugi GAME`. The match arguments are
# passed on; without any, both sides play alphabeta:time=100ms over 20 games.
#
#   scripts/versus-previous.sh main checkers --a alphabeta:depth=6 --b alphabeta:depth=6 \
#     --games 200 --openings 4
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 2 ]]; then
  echo "usage: $0 REV GAME [arbiter match arguments...]" >&2
  exit 2
fi
rev=$1 game=$2
shift 2
if [[ $# -eq 0 ]]; then
  set -- --a alphabeta:time=100ms --b alphabeta:time=100ms --games 20
fi

commit=$(git rev-parse --verify "$rev^{commit}")
previous="$PWD/target/previous/$commit"
old="$previous/target/release/arbiter"
if [[ ! -x $old ]]; then
  [[ -d $previous/src ]] || git worktree add --detach "$previous/src" "$commit"
  (cd "$previous/src" && CARGO_TARGET_DIR="$previous/target" cargo build --release -p arbiter-cli)
fi

cargo build --release -p arbiter-cli
new="${CARGO_TARGET_DIR:-$PWD/target}/release/arbiter"
printf -v engine '%q ugi %q' "$old" "$game"
exec "$new" match "$game" --b-command "$engine" "$@"
