//! The `arbiter` command against hostile input (issue 11): every finding of the hostile test,
//! each a test that failed before its fix.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command.args(args);
    command
}

fn arbiter(args: &[&str]) -> Output {
    command(args).output().expect("arbiter runs")
}

/// Runs `arbiter` with `input` on stdin, written from another thread so that a long input and
/// a long output cannot block each other.
fn arbiter_with_bytes(args: &[&str], input: Vec<u8>) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("arbiter ends");
    writer.join().expect("input written");
    output
}

fn arbiter_with_input(args: &[&str], input: &str) -> Output {
    arbiter_with_bytes(args, input.as_bytes().to_vec())
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Exit code 2 and `message` on stderr.
fn refused(args: &[&str], message: &str) {
    let output = arbiter(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
    assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-hostile-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Finding 1.
#[test]
fn time_limits_past_a_day_are_refused_everywhere() {
    let huge = "10000000000000000000s";
    refused(&["analyze", "checkers", "--think", huge], "at most 24h");
    refused(&["play", "checkers", "--black", "ai", "--think", huge], "at most 24h");
    let spec = format!("alphabeta:time={huge}");
    refused(&["match", "holes", "--a", &spec, "--b", "random"], "at most 24h");
    refused(&["match", "holes", "--a", "random", "--b", "mcts:time=25h"], "at most 24h");
}

/// Finding 2: `| head` and `> /dev/full`.
#[test]
fn a_closed_stdout_is_a_quiet_exit_and_a_full_one_an_error() {
    let runs: [&[&str]; 5] = [
        &["games"],
        &["moves", "fanorona", "--moves", "F4-E3A D1-D2A"],
        &["perft", "checkers", "3", "--divide"],
        &["analyze", "checkers", "--depth", "2"],
        &["match", "holes", "--a", "random", "--b", "random", "--games", "2", "--json"],
    ];
    let exe = env!("CARGO_BIN_EXE_arbiter");
    for args in runs {
        // The reader is gone before arbiter writes: the write fails with a broken pipe.
        let script = "(sleep 0.3; exec \"$0\" \"$@\") | true; echo \"${PIPESTATUS[0]}\"";
        let output = Command::new("bash")
            .arg("-c")
            .arg(script)
            .arg(exe)
            .args(args)
            .output()
            .expect("bash runs");
        assert_eq!(stdout(&output).trim(), "0", "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).contains("panicked"), "{args:?}: {}", stderr(&output));
        if std::path::Path::new("/dev/full").exists() {
            let full =
                std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
            let output = command(args).stdout(full).output().expect("arbiter runs");
            assert_eq!(output.status.code(), Some(1), "{args:?}: {}", stderr(&output));
            assert!(
                stderr(&output).contains("cannot write the output"),
                "{args:?}: {}",
                stderr(&output)
            );
            assert!(!stderr(&output).contains("panicked"), "{args:?}: {}", stderr(&output));
        }
    }
}

/// Finding 3.
#[test]
fn match_threads_are_bounded() {
    for threads in ["0", "257", "100000"] {
        refused(
            &["match", "holes", "--a", "random", "--b", "random", "--threads", threads],
            "--threads",
        );
    }
}

/// Finding 5.
#[test]
fn a_spec_depth_past_1000_is_refused_like_analyze_depth() {
    refused(
        &["match", "holes", "--a", "alphabeta:depth=99999999", "--b", "random"],
        "a depth from 1 to 1000",
    );
    refused(&["analyze", "holes", "--depth", "99999999"], "--depth");
}

/// Findings 6, 9 and 10: `load /dev/zero`, a 10 MB line, a line that is not UTF-8.
#[test]
fn play_refuses_endless_files_long_lines_and_bad_bytes_and_goes_on() {
    let mut input = b"load /dev/zero\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 10 << 20));
    input.extend(b"\n\xff\xfe11-15\n11-15\nquit\n");
    let output = arbiter_with_bytes(&["play", "checkers"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("Could not load /dev/zero: it is longer than 1048576 bytes (1 MiB)"),
        "{text}"
    );
    assert!(text.contains("That line is longer than 4096 bytes; it was ignored."), "{text}");
    assert!(text.contains("That line is not UTF-8 text; it was ignored."), "{text}");
    assert!(text.contains("moves: 1. 11-15\n"), "the game goes on: {text}");
    assert!(text.len() < 20_000, "nothing of the long line is echoed: {} bytes", text.len());
}

/// Finding 8.
#[test]
fn match_tables_are_bounded_in_total() {
    refused(
        &[
            "match",
            "holes",
            "--a",
            "alphabeta:hash=4096",
            "--b",
            "alphabeta:hash=4096",
            "--threads",
            "2",
            "--games",
            "2",
        ],
        "a match may use at most 8192 MiB",
    );
}

/// Finding 13.
#[test]
fn match_checks_its_save_path_games_and_openings_before_playing() {
    // The players would think for hours: the path must be refused before.
    let output = arbiter(&[
        "match",
        "checkers",
        "--a",
        "alphabeta:time=1h",
        "--b",
        "random",
        "--save",
        "/nonexistent-dir/records.pdn",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("cannot write the records to /nonexistent-dir/records.pdn"),
        "{}",
        stderr(&output)
    );
    refused(
        &["match", "holes", "--a", "random", "--b", "random", "--games", "0"],
        "at least one game",
    );
    refused(
        &["match", "holes", "--a", "random", "--b", "random", "--openings", "500"],
        "no opening of 500 random plies",
    );
    let dir = temp_dir("save");
    let file = dir.join("records.txt");
    let file = file.to_str().expect("utf-8 path");
    let output = arbiter(&[
        "match", "holes", "--a", "random", "--b", "random", "--games", "3", "--save", file,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let saved = std::fs::read_to_string(file).expect("saved");
    assert_eq!(saved.matches("[Game \"holes\"]").count(), 3, "{saved}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Finding 14.
#[test]
fn specs_and_play_options_that_do_nothing_or_conflict_are_refused() {
    refused(
        &["match", "holes", "--a", "random:depth=3", "--b", "random"],
        "`depth` does nothing for random",
    );
    refused(
        &["match", "holes", "--a", "mcts:depth=3", "--b", "random"],
        "`depth` does nothing for mcts",
    );
    refused(
        &["match", "holes", "--a", "alphabeta:depth=3,depth=4", "--b", "random"],
        "given twice",
    );
    refused(
        &["match", "holes", "--a", "mcts:iterations=0", "--b", "random"],
        "a whole number from 1",
    );
    refused(&["play", "checkers", "--level", "5", "--nodes", "1"], "cannot be used with");
    refused(&["play", "checkers", "--black", "ai", "--nodes", "0"], "--nodes");
    refused(&["analyze", "checkers", "--nodes", "0"], "--nodes");
}

/// Issue 10: the JSON names the players so that they can be given again.
#[test]
fn match_json_prints_specs_that_reproduce_the_run() {
    let a = "mcts:iterations=50,seed=9";
    let b = "alphabeta:depth=1,hash=1";
    let output = arbiter(&["match", "holes", "--a", a, "--b", b, "--games", "2", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let json: serde_json::Value =
        serde_json::from_str(text.lines().last().unwrap_or_default()).expect("json");
    assert_eq!(json["a"], a);
    assert_eq!(json["b"], b);
}

/// Finding 15.
#[test]
fn moves_takes_the_seeds_fanorona_notation_with_a_space() {
    let output = arbiter(&["moves", "fanorona", "--moves", "F4 NW"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let with_dash = arbiter(&["moves", "fanorona", "--moves", "F4-E3A"]);
    assert_eq!(stdout(&output), stdout(&with_dash));
}

/// Finding 16.
#[test]
fn play_loads_only_records_of_its_game() {
    let dir = temp_dir("load");
    let path = |name: &str| dir.join(name).to_str().expect("utf-8 path").to_owned();
    std::fs::write(path("empty.pdn"), "").expect("written");
    std::fs::write(path("number.pdn"), "11.").expect("written");
    std::fs::write(path("fanorona.txt"), "[Game \"fanorona\"]\n1. F4-E3A *\n").expect("written");
    std::fs::write(path("bom.pdn"), "\u{feff}[GameType \"21\"]\n1. 11-15 *\n").expect("written");
    let script = format!(
        "11-15\nload {}\nload {}\nload {}\nload {}\nquit\n",
        path("empty.pdn"),
        path("number.pdn"),
        path("fanorona.txt"),
        path("bom.pdn")
    );
    let output = arbiter_with_input(&["play", "checkers"], &script);
    let text = stdout(&output);
    assert_eq!(text.matches("this is not a record").count(), 2, "{text}");
    assert!(
        text.contains("this record is a fanorona game; start `arbiter play fanorona` to load it"),
        "{text}"
    );
    assert_eq!(text.matches("The game in progress is unchanged.").count(), 3, "{text}");
    assert!(text.contains(&format!("Loaded {}.", path("bom.pdn"))), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Finding 17.
#[test]
fn control_characters_in_input_are_shown_escaped() {
    let dir = temp_dir("escape");
    let file = dir.join("evil.pdn");
    std::fs::write(&file, "[Game \"\u{1b}]0;pwned\u{7}\"]\n1. 11-15 *\n").expect("written");
    let script =
        format!("11-15\u{1b}[2J\nload {}\nsave {}/a\u{1b}c\nquit\n", file.display(), dir.display());
    let output = arbiter_with_input(&["play", "checkers"], &script);
    let text = stdout(&output);
    assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{text:?}");
    assert!(text.contains("`11-15\\u{1b}[2J` is not a move"), "{text}");
    assert!(text.contains("\\u{1b}]0;pwned\\u{7}"), "{text}");
    assert!(text.contains("a\\u{1b}c"), "{text}");
    refused(&["moves", "checkers", "--moves", "11-15\u{1b}[2J"], "11-15\\u{1b}[2J");
    std::fs::remove_dir_all(&dir).ok();
}

/// Finding 18: a whole chain typed in the middle of a turn.
#[test]
fn a_whole_chain_typed_mid_turn_is_explained() {
    let position = "...b...../........./.bw..b.../........./......... w";
    let output = arbiter_with_input(
        &["play", "fanorona", "--position", position],
        "C3 E\nC3-D3W,D3-D2A\nquit\n",
    );
    let text = stdout(&output);
    assert!(
        text.contains("C3-D3W,D3-D2A is a whole turn, but this turn is under way (so far: C3-D3W)"),
        "{text}"
    );
    assert!(text.contains("next steps: D3-D2A"), "{text}");
}
