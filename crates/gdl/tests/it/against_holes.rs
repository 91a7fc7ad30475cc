//! The reasoner on `breakthroughSmallHoles` against Arbiter's native engine for the same rules,
//! `holes` with `captures=diagonal`, over random play: the same state, terminal test, goals and
//! legal moves at every step. The native engine is the oracle.

use std::collections::BTreeSet;

use arbiter_core::{Game as _, Side};
use arbiter_gdl::{Game, Machine};
use arbiter_holes::{goal_value, Holes, Options};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game_text;

/// The base propositions of a native position, as the GDL game writes them: its text is six
/// rows, row 6 first, of six cells (`w`, `b`, `.`, `#`), then the side to move.
fn propositions(position: &Holes) -> BTreeSet<String> {
    let text = position.to_text();
    let (board, to_move) = text.split_once(' ').expect("board and side to move");
    let mut propositions = BTreeSet::new();
    for (row, cells) in board.split('/').enumerate() {
        for (column, cell) in cells.chars().enumerate() {
            let colour = match cell {
                'w' => "white",
                'b' => "black",
                _ => continue,
            };
            propositions.insert(format!("(cell {} {} {colour})", column + 1, 6 - row));
        }
    }
    let control = if to_move == "w" { "white" } else { "black" };
    propositions.insert(format!("(control {control})"));
    propositions
}

/// Compares one position; returns the GDL moves of the side to move (empty when over).
fn compare_position(game: &Game, machine: &Machine<'_>, native: &Holes, here: &str) -> Vec<String> {
    // ggp-repository's text keeps the holes in the state, as `(cell x y hole)`.
    let state: BTreeSet<String> = game
        .propositions(machine.state())
        .into_iter()
        .filter(|proposition| !proposition.ends_with(" hole)"))
        .map(str::to_owned)
        .collect();
    assert_eq!(state, propositions(native), "{here}: state");
    let status = native.status();
    assert_eq!(machine.is_terminal(), status.outcome().is_some(), "{here}: terminal");
    for (role, side) in [(0, Side::White), (1, Side::Black)] {
        let native_goal = goal_value(status, side).map(u32::from);
        let goal = machine.goal(role);
        if let Some(native_goal) = native_goal {
            assert_eq!(goal, Some(native_goal), "{here}: goal of {side:?}");
        }
        // While the game goes on, GDL still defines a goal (0 for both here).
        assert_eq!(machine.goal_values(role).count(), 1, "{here}: one goal value of {side:?}");
    }
    if machine.is_terminal() {
        return Vec::new();
    }
    let mover = usize::from(native.side_to_move() == Side::Black);
    let waiting = 1 - mover;
    let waiting_moves: Vec<&str> =
        machine.legal_moves(waiting).filter_map(|mv| game.move_text(waiting, mv)).collect();
    assert_eq!(waiting_moves, ["noop"], "{here}: the waiting role's moves");
    let moves: Vec<String> = machine
        .legal_moves(mover)
        .filter_map(|mv| game.move_text(mover, mv))
        .map(str::to_owned)
        .collect();
    let mut native_moves: Vec<String> =
        native.legal_moves().iter().map(ToString::to_string).collect();
    let mut translated: Vec<String> = moves
        .iter()
        .map(|text| match native.parse_move(text) {
            Ok(mv) => mv.to_string(),
            Err(error) => panic!("{here}: GDL's {text} is not a native move: {error}"),
        })
        .collect();
    native_moves.sort();
    translated.sort();
    assert_eq!(translated, native_moves, "{here}: legal moves");
    moves
}

/// Plays random games of the GDL `text` and of the native engine in step until `positions`
/// positions are compared.
fn compare(text: &str, positions: usize, seed: u64) {
    let game = Game::from_kif(text).expect("the game compiles");
    let options = Options { diagonal_captures: true };
    let mut machine = game.machine();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut compared, mut games, mut decided_by_blockade) = (0, 0, 0);
    while compared < positions {
        let mut native = Holes::start(&options);
        machine.set_state(&game.initial_state()).expect("own state");
        for ply in 0.. {
            let here = format!("game {games}, ply {ply}");
            let moves = compare_position(&game, &machine, &native, &here);
            compared += 1;
            if moves.is_empty() {
                decided_by_blockade += usize::from(native.legal_moves().is_empty() && ply > 0);
                break;
            }
            let chosen = &moves[rng.random_range(0..moves.len())];
            let mover = usize::from(native.side_to_move() == Side::Black);
            let mut joint = vec![game.parse_move(0, "noop").expect("noop"); 2];
            joint[mover] = game.parse_move(mover, chosen).expect("its own move parses back");
            joint[1 - mover] = game.parse_move(1 - mover, "NOOP").expect("noop");
            machine.play(&joint).expect("a legal joint move");
            native.play(native.parse_move(chosen).expect("a native move")).expect("legal");
        }
        games += 1;
    }
    assert!(games > 1 && decided_by_blockade <= games);
}

#[test]
fn breakthrough_small_holes_agrees_with_the_native_engine() {
    compare(&game_text("breakthroughSmallHoles"), 4_000, 1);
}

/// The long run: `cargo test --release -p arbiter-gdl -- --ignored`.
#[test]
#[ignore = "100,000 positions: cargo test --release -p arbiter-gdl -- --ignored 100_000"]
fn breakthrough_small_holes_agrees_with_the_native_engine_on_100_000_positions() {
    compare(&game_text("breakthroughSmallHoles"), 100_000, 2);
}

/// The same on another text of the game, such as ggp-repository's own (version 1, not kept
/// here: that repository has no licence):
/// `ARBITER_GDL_SEED=breakthroughSmallHoles.kif cargo test --release -p arbiter-gdl -- --ignored seed_text`.
#[test]
#[ignore = "ARBITER_GDL_SEED=FILE.kif cargo test --release -p arbiter-gdl -- --ignored seed_text"]
fn a_seed_text_agrees_with_the_native_engine_on_100_000_positions() {
    // A text given from outside: without one (as in the workspace's run of every ignored
    // test), there is nothing to check.
    let Some(path) = std::env::var_os("ARBITER_GDL_SEED") else {
        eprintln!("skipped: set ARBITER_GDL_SEED to a text of breakthroughSmallHoles");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("a readable file");
    compare(&text, 100_000, 3);
}
