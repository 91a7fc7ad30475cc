#!/usr/bin/env bash
# The GGP player's figures: MCTS (`arbiter ggp`) against ggp-base-style random and flat Monte
# Carlo players, and the native player against MCTS on the reasoner in the seed game, each
# pairing a series of matches run by `arbiter ggp host` with seats alternating, one pairing at
# a time (each player uses a core while it thinks).
#
#   scripts/ggp-figures.sh [MATCHES] [BREAKTHROUGH_MATCHES] [STARTCLOCK] [PLAYCLOCK]
#
# Defaults: 20 matches a pairing, 10 in breakthrough, clocks of 2 s and 1 s. Uses the `arbiter`
# of $ARBITER_BIN, or target/release/arbiter. Writes the matches' JSON under
# target/ggp-figures/ and prints each pairing's command and summary. The players seed
# themselves from the clock, so no two runs repeat.
set -euo pipefail
cd "$(dirname "$0")/.."
matches=${1:-20}
long=${2:-10}
startclock=${3:-2}
playclock=${4:-1}
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
pairing() { # GAME MATCHES A B
    local command=("$arbiter" ggp host "$games/$1.kif" --player "127.0.0.1:$3"
        --player "127.0.0.1:$4" --startclock "$startclock" --playclock "$playclock"
        --matches "$2" --out "$out/$1-$3-$4")
    echo "== $(date -u +%H:%M:%S) ${command[*]}"
    "${command[@]}"
}
for game in ticTacToe connectFour breakthrough breakthroughSmallHoles; do
    n=$matches
    [ "$game" = breakthrough ] && n=$long
    pairing "$game" "$n" 9302 9304
    pairing "$game" "$n" 9302 9303
done
pairing breakthroughSmallHoles "$matches" 9301 9302
pairing breakthroughSmallHoles "$matches" 9301 9303
