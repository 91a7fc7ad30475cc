#!/usr/bin/env bash
# The GGP player's figures: MCTS (`arbiter ggp`) against ggp-base-style random and flat Monte
# Carlo players, and the native player against MCTS on the reasoner in the seed game, each
# pairing a series of matches run by `arbiter ggp host` with seats alternating.
#
#   scripts/ggp-figures.sh [MATCHES] [PLAYCLOCK]      (default 20 matches, 1 s)
#
# Uses the `arbiter` of $ARBITER_BIN, or target/release/arbiter. Writes the matches' JSON under
# target/ggp-figures/ and prints each pairing's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
matches=${1:-20}
clock=${2:-1}
arbiter=${ARBITER_BIN:-target/release/arbiter}
games=crates/gdl/tests/games
out=target/ggp-figures
mkdir -p "$out"
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT
start() { # PORT ARGS...: a player on 127.0.0.1:PORT
    local port=$1
    shift
    "$arbiter" ggp --port "$port" "$@" >/dev/null &
    pids+=($!)
}
start 9301                    # MCTS (native where it knows the game)
start 9302 --no-native        # MCTS on the reasoner only
start 9303 --engine mc        # flat Monte Carlo
start 9304 --engine random    # random
sleep 1
pairing() { # GAME A B
    echo "== $1: $2 against $3"
    "$arbiter" ggp host "$games/$1.kif" --player "127.0.0.1:$2" --player "127.0.0.1:$3" \
        --startclock "$clock" --playclock "$clock" --matches "$matches" --out "$out/$1-$2-$3" |
        tail -n 2
}
for game in ticTacToe connectFour breakthrough breakthroughSmallHoles; do
    pairing "$game" 9302 9304
    pairing "$game" 9302 9303
done
pairing breakthroughSmallHoles 9301 9302
pairing breakthroughSmallHoles 9301 9303
