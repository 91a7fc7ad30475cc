//! Games written in GDL through the commands of the native games: `arbiter moves`, `perft`
//! and `play` given a file of rules (FILE.kif), with the test games of `arbiter-gdl`.

use std::path::PathBuf;

use crate::cli::{arbiter_with_input as arbiter, stderr, stdout};

/// The path of the GDL test game `name`.
fn kif(name: &str) -> String {
    let games = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../gdl/tests/games");
    games.join(format!("{name}.kif")).display().to_string()
}

#[test]
fn moves_lists_the_gdl_terms_after_the_moves_given() {
    let output = arbiter(&["moves", &kif("ticTacToe"), "--moves", "(mark 1 1) (MARK 2  2)"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let moves: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[0], "(mark 1 2)");
}

#[test]
fn the_seeds_rules_count_as_holes_with_diagonal_captures() {
    let gdl = arbiter(&["perft", &kif("breakthroughSmallHoles"), "4"], "");
    let native = arbiter(&["perft", "holes", "4", "--options", "captures=diagonal"], "");
    assert!(gdl.status.success(), "{}", stderr(&gdl));
    assert_eq!(stdout(&gdl), "11938\n");
    assert_eq!(stdout(&gdl), stdout(&native));
}

#[test]
fn bad_files_and_bad_moves_are_explained() {
    let missing = arbiter(&["moves", "no-such-game.kif"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).starts_with("error: no-such-game.kif: cannot read the file"));
    let dir = tempfile::tempdir().expect("a folder");
    let bad = dir.path().join("bad.kif");
    std::fs::write(&bad, "(role white)\n(role black)\n(<= (legal white ?x)\n").expect("written");
    let output = arbiter(&["moves", bad.to_str().expect("a path")], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("line 3, column 1 is never closed"), "{}", stderr(&output));
    let simultaneous = arbiter(&["perft", &kif("rockPaperScissors"), "1"], "");
    assert!(stderr(&simultaneous).contains("both roles choose a move at once"));
    let illegal = arbiter(&["moves", &kif("ticTacToe"), "--moves", "(mark 4 4)"], "");
    assert!(stderr(&illegal).contains("`(mark 4 4)` is not a legal move here"));
    let options = arbiter(&["moves", &kif("ticTacToe"), "--options", "size=4"], "");
    assert!(stderr(&options).contains("a game written in GDL has no options"));
}

#[test]
fn a_person_plays_tic_tac_toe_against_the_computer_to_the_end() {
    // The computer, playing O, blocks the row and the column and the game is drawn.
    let input = "(mark 1 1)\n(mark 1 3)\n(mark 3 1)\n(mark 2 3)\n(mark 3 2)\nmoves\nquit\n";
    let output = arbiter(&["play", &kif("ticTacToe"), "--black", "ai", "--level", "5"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Black (computer) plays (mark 2 2)"), "{text}");
    // The board read from the rules, with the columns and rows of `(cell ?m ?n ?x)`.
    assert!(text.contains("xplayer (White) to move\n  3 "), "{text}");
    assert!(text.contains("      1  2  3\n"), "{text}");
}

#[test]
fn the_computer_plays_a_whole_game_of_the_seed_and_it_ends() {
    let args = ["play", &kif("breakthroughSmallHoles"), "--white", "ai", "--black", "ai"];
    let output = arbiter(&[&args[..], &["--level", "1"]].concat(), "");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("wins with the higher score"), "{}", stdout(&output));
}

#[test]
fn a_game_saved_in_the_terminal_loads_again() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("game.txt");
    let file = file.to_str().expect("a path");
    let save = format!("(mark 2 2)\n(mark 1 1)\nsave {file}\nquit\n");
    assert!(arbiter(&["play", &kif("ticTacToe")], &save).status.success());
    let record = std::fs::read_to_string(file).expect("the record");
    assert!(record.contains("[Game \"gdl\"]") && record.contains("1. (mark 2 2) (mark 1 1)"));
    let output = arbiter(&["play", &kif("ticTacToe")], &format!("load {file}\nmoves\nquit\n"));
    let text = stdout(&output);
    assert!(text.contains("legal moves: (mark 1 2) (mark 1 3) (mark 2 1)"), "{text}");
}
