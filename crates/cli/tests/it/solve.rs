//! `arbiter solve` as scripts use it: the JSON line, the refused games, bad input.

use std::process::{Command, Output};

use serde_json::Value;

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).output().expect("arbiter runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The last line of stdout, read as JSON.
fn summary(output: &Output) -> Value {
    assert!(output.status.success(), "{}", stderr(output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let last = text.lines().last().expect("a line");
    serde_json::from_str(last).expect("the last line is JSON")
}

fn pv(summary: &Value) -> Vec<String> {
    summary["pv"]
        .as_array()
        .expect("pv is an array")
        .iter()
        .map(|mv| mv.as_str().expect("a move text").to_owned())
        .collect()
}

#[test]
fn minicheckers_is_a_first_player_win_in_23_plies_either_way() {
    let cases = [
        ("first=white", "white", "1"),
        ("first=black", "black", "1"),
        ("first=white", "white", "2"),
    ];
    for (first, winner, threads) in cases {
        let json = summary(&arbiter(&[
            "solve",
            "minicheckers",
            "--options",
            first,
            "--threads",
            threads,
            "--json",
        ]));
        assert_eq!(json["winner"], winner, "{json}");
        assert_eq!(json["plies"], 23, "{json}");
        assert_eq!(pv(&json).len(), 23, "{json}");
        assert!(json["nodes"].as_u64().is_some_and(|nodes| nodes > 0), "{json}");
        assert!(json["seconds"].as_f64().is_some(), "{json}");
    }
}

#[test]
fn the_line_of_perfect_play_is_legal_and_ends_the_game() {
    let json = summary(&arbiter(&["solve", "minicheckers", "--json"]));
    let line = pv(&json).join(" ");
    let output = arbiter(&["moves", "minicheckers", "--moves", &line]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(output.stdout.is_empty(), "the game is over after the line");
    assert!(stderr(&output).contains("White wins"), "{}", stderr(&output));
}

#[test]
fn holes_solves_a_position_two_plies_from_the_end() {
    // Black to move: its pieces on e6 and a4 cannot stop White's d5 from reaching row 6 (d6 or
    // c6) on the next move, and cannot reach row 1 first.
    let position = "....b./...w../b.#.#./.#.#../....../..w... b";
    let json = summary(&arbiter(&["solve", "holes", "--position", position, "--json"]));
    assert_eq!(json["winner"], "white", "{json}");
    assert_eq!(json["plies"], 2, "{json}");
    assert_eq!(pv(&json).len(), 2, "{json}");
}

#[test]
fn depth_bounds_rule_out_every_shorter_win_and_stop_at_the_time_limit() {
    // Mini checkers from the start: the bounded searches reach the perfect-play length.
    let json = summary(&arbiter(&["solve", "minicheckers", "--bounds", "--json"]));
    assert_eq!((json["winner"].as_str(), json["plies"].as_u64()), (Some("white"), Some(23)));
    assert_eq!(
        (json["white_no_win_within"].as_u64(), json["black_no_win_within"].as_u64()),
        (Some(21), Some(22)),
        "{json}"
    );
    // Breakthrough with holes under the GGP rules is out of reach: some plies are ruled out
    // for both sides before the limit (the first 15 take a tenth of a second in a release
    // build), and no winner is claimed.
    let json = summary(&arbiter(&[
        "solve",
        "holes",
        "--options",
        "captures=diagonal",
        "--bounds",
        "--time",
        "3s",
        "--json",
    ]));
    assert!(json["winner"].is_null() && json["plies"].is_null(), "{json}");
    let white = json["white_no_win_within"].as_u64().expect("a number");
    let black = json["black_no_win_within"].as_u64().expect("a number");
    assert!(white >= 5 && black >= 4 && white.abs_diff(black) == 1, "{json}");
}

#[test]
fn games_with_draws_are_refused_with_exit_code_2() {
    for game in ["checkers", "fanorona", "daynight"] {
        let output = arbiter(&["solve", game]);
        assert_eq!(output.status.code(), Some(2), "{game}");
        let message = stderr(&output);
        assert!(message.contains("minicheckers and holes"), "{message}");
        assert!(message.contains(game), "{message}");
    }
}

#[test]
fn bad_input_is_an_error_with_exit_code_2_not_a_panic() {
    let cases: [&[&str]; 7] = [
        &["solve", "minicheckers", "--options", "first=red"],
        &["solve", "minicheckers", "--moves", "a1-a2"],
        &["solve", "holes", "--position", "nonsense"],
        &["solve", "minicheckers", "--hash", "0"],
        &["solve", "minicheckers", "--threads", "0"],
        &["solve", "chess"],
        &["solve", "holes", "--bounds", "--threads", "2"],
    ];
    for args in cases {
        let output = arbiter(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).contains("panicked"), "{args:?}");
    }
}

/// A path in the temporary folder for this test process.
fn temporary(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("arbiter-solve-{}-{name}", std::process::id()))
}

#[test]
fn a_proof_is_verified_and_a_tampered_one_rejected() {
    let path = temporary("minicheckers.proof");
    let file = path.to_str().expect("a UTF-8 path");
    let output = arbiter(&["solve", "minicheckers", "--proof", file]);
    assert!(output.status.success(), "{}", stderr(&output));
    let verified = arbiter(&["verify-proof", "minicheckers", file]);
    assert!(verified.status.success(), "{}", stderr(&verified));
    let text = String::from_utf8_lossy(&verified.stdout).into_owned();
    assert!(text.starts_with("the proof is valid: White wins"), "{text}");

    let proof = std::fs::read_to_string(&path).expect("the proof is written");
    let lines: Vec<&str> = proof.lines().collect();
    let moves: Vec<usize> = (0..lines.len()).filter(|&index| lines[index].contains('\t')).collect();
    assert!(moves.len() > 10, "{proof}");
    let tampered = [
        // A position of the winner without its move.
        lines
            .iter()
            .enumerate()
            .filter(|&(index, _)| index != moves[moves.len() / 2])
            .map(|(_, line)| *line)
            .collect::<Vec<_>>()
            .join("\n"),
        // The other side claimed as the winner.
        proof.replace("winner white", "winner black"),
        // An illegal move.
        proof.replacen(
            lines[moves[0]],
            &format!("{}\tf2-f3", lines[moves[0]].split('\t').next().unwrap_or("")),
            1,
        ),
    ];
    for (case, text) in tampered.iter().enumerate() {
        std::fs::write(&path, text).expect("written");
        let output = arbiter(&["verify-proof", "minicheckers", file]);
        assert_eq!(output.status.code(), Some(2), "case {case}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("the proof is not valid"),
            "case {case}: {}",
            stderr(&output)
        );
    }
    let wrong_game = arbiter(&["verify-proof", "holes", file]);
    assert_eq!(wrong_game.status.code(), Some(2), "{}", stderr(&wrong_game));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_holes_proof_with_captures_is_verified() {
    let path = temporary("holes.proof");
    let file = path.to_str().expect("a UTF-8 path");
    let position = "....b./...w../b.#.#./.#.#../....../..w... w";
    let output = arbiter(&[
        "solve",
        "holes",
        "--options",
        "captures=diagonal",
        "--position",
        position,
        "--proof",
        file,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let verified = arbiter(&["verify-proof", "holes", file]);
    assert!(verified.status.success(), "{}", stderr(&verified));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_strong_solution_of_minicheckers_is_written_and_gives_both_starts() {
    let path = temporary("minicheckers.strong");
    let file = path.to_str().expect("a UTF-8 path");
    let output = arbiter(&["solve", "minicheckers", "--strong", file]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    let size = std::fs::metadata(&path).expect("the file is written").len();
    assert_eq!(size, 15_895_044, "9 bytes a position, the header and a 4-byte checksum");
    assert!(lines[0].starts_with("minicheckers: 1766109 positions solved in "), "{text}");
    assert!(lines[0].ends_with(&format!("({size} bytes)")), "{text}");
    assert_eq!(lines[1], "first=white: White to move wins in 23 plies", "{text}");
    assert_eq!(lines[2], "first=black: Black to move wins in 23 plies", "{text}");
    assert!(stderr(&output).contains("positions 1766109"), "{}", stderr(&output));
    // The perfect player reads it: the same moves as when it solves.
    let match_args = ["match", "minicheckers", "--a", "perfect", "--b", "random", "--games", "4"];
    let with_file = arbiter(&[&match_args[..], &["--openings", "2", "--solution", file]].concat());
    assert!(with_file.status.success(), "{}", stderr(&with_file));
    let without = arbiter(&[&match_args[..], &["--openings", "2"]].concat());
    // `4 games in 0.1 s: A won 4, drew 0, lost 0`, without the time.
    let score = |output: &Output| {
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let line = text.lines().find(|line| line.contains("A won")).map(str::to_owned);
        line.and_then(|line| line.split_once(": ").map(|(_, score)| score.to_owned()))
    };
    assert_eq!(score(&with_file).as_deref(), Some("A won 4, drew 0, lost 0"));
    assert_eq!(score(&with_file), score(&without));
    let _ = std::fs::remove_file(&path);
    // A file that is not one is refused with exit code 1, naming it.
    let bad = arbiter(&["play", "minicheckers", "--solution", "Cargo.toml"]);
    assert_eq!(bad.status.code(), Some(1), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("Cargo.toml"), "{}", stderr(&bad));
}

#[test]
fn strong_is_refused_for_holes_other_games_and_settings_it_ignores() {
    let path = temporary("refused.strong");
    let file = path.to_str().expect("a UTF-8 path");
    let holes = arbiter(&["solve", "holes", "--strong", file]);
    assert_eq!(holes.status.code(), Some(2), "{}", stderr(&holes));
    assert!(
        stderr(&holes).contains("holes is too big for a strong solution"),
        "{}",
        stderr(&holes)
    );
    let checkers = arbiter(&["solve", "checkers", "--strong", file]);
    assert_eq!(checkers.status.code(), Some(2), "{}", stderr(&checkers));
    assert!(stderr(&checkers).contains("minicheckers and holes"), "{}", stderr(&checkers));
    let together: [&[&str]; 4] =
        [&["--moves", "b2-a3"], &["--position", "W:Wa1:Bf6"], &["--json"], &["--threads", "2"]];
    for extra in together {
        let mut args = vec!["solve", "minicheckers", "--strong", file];
        args.extend_from_slice(extra);
        let output = arbiter(&args);
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&output).contains("cannot be used with"), "{}", stderr(&output));
    }
    assert!(!path.exists(), "nothing is written when refused");
}

#[test]
fn strong_into_a_folder_that_does_not_exist_is_an_error_with_exit_code_1() {
    let path = temporary("no-such-folder/mc.strong");
    let output = arbiter(&["solve", "minicheckers", "--strong", path.to_str().expect("UTF-8")]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("no-such-folder"), "{}", stderr(&output));
}
