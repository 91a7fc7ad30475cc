//! The `arbiter` command as scripts and people use it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).output().expect("arbiter runs")
}

pub(crate) fn arbiter_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("arbiter ends")
}

pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub(crate) fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn games_lists_every_game_with_its_options() {
    let output = arbiter(&["games"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("\ncheckers      Checkers (English draughts): "), "{text}");
    assert!(text.contains("options: none"), "{text}");
    assert!(text.starts_with("minicheckers  Mini checkers 6x6: "), "{text}");
    assert!(text.contains("option first=white|black (default white): who moves first"), "{text}");
}

#[test]
fn openapi_prints_the_servers_document() {
    let output = arbiter(&["openapi"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(document["info"]["title"], "Arbiter game server");
    assert!(document["paths"]["/api/catalog/{game}/geometry"].is_object(), "{document}");
}

#[test]
fn moves_prints_the_seven_opening_moves_and_nothing_else() {
    let output = arbiter(&["moves", "checkers"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n");
    assert_eq!(stderr(&output), "");
}

#[test]
fn moves_plays_the_given_moves_from_the_given_position() {
    let output = arbiter(&[
        "moves",
        "checkers",
        "--moves",
        "11-15 24-20 15-18",
        "--position",
        "B:W21-32:B1-12",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "22x15\n23x14\n");
}

#[test]
fn an_illegal_move_exits_2_naming_the_move_its_index_and_the_legal_moves() {
    let output = arbiter(&["moves", "checkers", "--moves", "11-15 11-16 23-19"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    let message = stderr(&output);
    assert!(message.contains("move 2 (`11-16`)"), "{message}");
    assert!(
        message.contains("legal moves: 21-17 22-17 22-18 23-18 23-19 24-19 24-20"),
        "{message}"
    );
    let output = arbiter(&["moves", "checkers", "--moves", "11-15 e3-f4"]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("move 2 (`e3-f4`)")
            && message.contains("legal moves at that point: 21-17"),
        "{message}"
    );
}

#[test]
fn a_finished_game_prints_no_moves_and_says_how_it_ended() {
    let output = arbiter(&["moves", "checkers", "--position", "B:WK10:B"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output), "the game is over: White wins: Black has no pieces left\n");
}

#[test]
fn unknown_games_options_and_positions_are_explained() {
    let output = arbiter(&["moves", "chess"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: unknown game `chess`; the games are: minicheckers, holes, fanorona, checkers, daynight\n"
    );
    let output = arbiter(&["perft", "checkers", "3", "--options", "first=black"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), "error: unknown option `first`; this game has no options\n");
    let output = arbiter(&["moves", "checkers", "--position", "B:W1"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("expected PDN FEN"), "{}", stderr(&output));
}

#[test]
fn perft_prints_the_count_alone_and_divide_a_line_per_move_first() {
    let output = arbiter(&["perft", "checkers", "5"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "7361\n");
    assert!(stderr(&output).contains("nodes/s"), "{}", stderr(&output));
    let output = arbiter(&["perft", "checkers", "4000000000"]);
    assert_eq!(output.status.code(), Some(2), "a depth that could never finish is refused");
    assert!(stderr(&output).contains("0..=64"), "{}", stderr(&output));
    let output = arbiter(&["perft", "checkers", "2", "--divide"]);
    assert_eq!(
        stdout(&output),
        "9-13: 7\n9-14: 7\n10-14: 7\n10-15: 7\n11-15: 7\n11-16: 7\n12-16: 7\n49\n"
    );
}

#[test]
fn perft_with_a_table_and_threads_gives_the_same_counts() {
    let output = arbiter(&["perft", "checkers", "9", "--threads", "2", "--hash", "16"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "3963680
"
    );
    let output = arbiter(&["perft", "checkers", "2", "--divide", "--hash", "1"]);
    assert_eq!(
        stdout(&output),
        "9-13: 7\n9-14: 7\n10-14: 7\n10-15: 7\n11-15: 7\n11-16: 7\n12-16: 7\n49\n"
    );
    let output = arbiter(&["perft", "holes", "0", "--threads", "2"]);
    assert_eq!(stdout(&output), "1\n");
    for (flag, value) in [("--hash", "0"), ("--hash", "65537"), ("--threads", "0")] {
        let output = arbiter(&["perft", "checkers", "3", flag, value]);
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        assert!(stderr(&output).contains("is not in"), "{}", stderr(&output));
    }
}

#[test]
fn options_are_given_as_key_value_pairs_and_checked() {
    let output = arbiter(&["moves", "minicheckers", "--options", "first=black"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "a5-b4\nc5-b4\nc5-d4\ne5-d4\ne5-f4\n");
    let output = arbiter(&["perft", "minicheckers", "1", "--options", "first=red"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: invalid value `red` for option `first`; expected white or black\n"
    );
    let output = arbiter(&["perft", "minicheckers", "10"]);
    assert_eq!(stdout(&output), "209392\n");
    let output = arbiter(&["perft", "holes", "5", "--options", "captures=diagonal"]);
    assert_eq!(stdout(&output), "136617\n");
    let output = arbiter(&["moves", "holes", "--moves", "(2,2)-(3,3) (move 1 5 1 4)"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("a1-b2\nb1-b2\n"), "{}", stdout(&output));
}

#[test]
fn every_subcommand_has_help() {
    for subcommand in ["games", "moves", "perft", "play", "bench"] {
        let output = arbiter(&[subcommand, "--help"]);
        assert!(output.status.success(), "{subcommand}");
        assert!(stdout(&output).contains("Usage: arbiter"), "{subcommand}");
    }
}

#[test]
fn play_explains_bad_input_and_keeps_the_game_then_saves_and_loads_pdn() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.pdn");
    let file = file.to_str().expect("utf-8 path");
    let script = format!(
        "11-15\nhello\n23-19\n11-16\nmoves\nsave {file}\nundo\nundo\nload {dir}/missing.pdn\n\
         load {file}\nresign\n11-15\nquit\n",
        dir = dir.display()
    );
    let output = arbiter_with_input(&["play", "checkers"], &script);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("`hello` is not a move"), "{text}");
    assert!(text.contains("`11-16` is not a legal move here"), "{text}");
    assert!(text.contains("moves: 1. 11-15 23-19"), "{text}");
    assert!(text.contains("Took back the move 23-19."), "{text}");
    assert!(
        text.contains("Could not load") && text.contains("The game in progress is unchanged."),
        "{text}"
    );
    assert!(text.contains("Game over: White wins: Black resigned."), "{text}");
    assert!(text.contains("the game is over"), "a move after the end is refused: {text}");
    let saved = std::fs::read_to_string(file).expect("saved");
    assert!(saved.contains("[GameType \"21\"]") && saved.contains("1. 11-15 23-19 *"), "{saved}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_computer_can_play_both_sides_to_the_end() {
    let args = ["play", "minicheckers", "--white", "ai", "--black", "ai", "--level", "2"];
    let output = arbiter_with_input(&args, "quit\n");
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(
        text.contains(
            "White is played by the computer (alphabeta:depth=1,seed=1,hash=64,random=40)."
        ),
        "{text}"
    );
    assert!(text.contains("(computer) plays") && text.contains("[score "), "{text}");
    assert!(text.contains("Game over: "), "{text}");
}

#[test]
fn a_fanorona_chain_is_entered_step_by_step_and_may_stop_with_skip() {
    let position = "...b...../........./.bw..b.../........./......... w";
    let output = arbiter_with_input(
        &["play", "fanorona", "--position", position],
        "C3 E\nmoves\nskip\nquit\n",
    );
    let text = stdout(&output);
    assert!(text.contains("turn so far: C3-D3W"), "{text}");
    assert!(text.contains("@"), "the continuing piece is marked: {text}");
    assert!(text.contains("next steps: D3-D2A, or skip to end the turn here"), "{text}");
    assert!(text.contains("moves: 1. C3-D3W\n"), "{text}");
    let output = arbiter_with_input(
        &["play", "fanorona", "--position", position],
        "C3 E\nD3 S\nundo\nC3 E\nD3 N\nquit\n",
    );
    let text = stdout(&output);
    assert!(text.contains("`D3 S` is not a legal move here; legal moves: D3-D2A"), "{text}");
    assert!(text.contains("Took back the step C3-D3W."), "{text}");
    assert!(text.contains("moves: 1. C3-D3W,D3-D2A\n"), "{text}");
}

#[test]
fn a_day_and_night_turn_is_the_own_move_then_an_optional_neutral_slide() {
    let position = "W:Wc3:Bd3,l1:Nh3:Da";
    let output = arbiter(&["moves", "daynight", "--position", position]);
    assert!(stdout(&output).starts_with("c3xe3\nc3xe3/d3-e4\n"), "{}", stdout(&output));
    let output = arbiter_with_input(
        &["play", "daynight", "--position", position],
        "c3-e3\nh3 j1\nh3-j1\nquit\n",
    );
    let text = stdout(&output);
    assert!(text.contains("turn so far: c3xe3"), "{text}");
    assert!(text.contains("or skip to end the turn here"), "{text}");
    assert!(text.contains("moves: 1. c3xe3/h3-j1\n"), "{text}");
    let output =
        arbiter_with_input(&["play", "daynight", "--position", position], "c3xe3/h3-j1\nquit\n");
    assert!(stdout(&output).contains("moves: 1. c3xe3/h3-j1\n"), "{}", stdout(&output));
}

#[test]
fn games_explains_the_round_board_of_day_and_night() {
    let text = stdout(&arbiter(&["games"]));
    assert!(text.contains("daynight      Day and Night: a round board of 12 sectors"), "{text}");
    assert!(text.contains("option rings=4..8 (default 4)"), "{text}");
}

#[test]
fn play_against_the_computer_with_hints() {
    let args = ["play", "checkers", "--black", "ai", "--nodes", "2000"];
    let output = arbiter_with_input(&args, "hint\nundo\nquit\n");
    let text = stdout(&output);
    assert!(
        text.contains("Black is played by the computer (alphabeta:nodes=2000,hash=64)."),
        "{text}"
    );
    assert!(text.contains("Black (computer) plays "), "{text}");
    assert!(text.contains("hint: "), "{text}");
    let output = arbiter(&["play", "checkers", "--level", "9"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--level"), "{}", stderr(&output));
}

#[test]
fn analyze_prints_each_iteration_and_the_best_move() {
    let output = arbiter(&["analyze", "checkers", "--depth", "4", "--moves", "11-15"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for depth in 1..=4 {
        assert!(text.contains(&format!("depth  {depth}  score")), "{text}");
    }
    assert!(text.contains("nodes/s  pv ") && text.contains("\nbest move "), "{text}");
    let output =
        arbiter(&["analyze", "checkers", "--position", "W:WK10:B14,15,22,23", "--depth", "3"]);
    assert!(stdout(&output).contains("score   win in 1"), "{}", stdout(&output));
}

#[test]
fn the_solved_games_show_exact_values_in_hints_and_analysis() {
    // Mini checkers from the start: two moves win in 23 plies, three lose.
    let output = arbiter(&["analyze", "minicheckers", "--depth", "3"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let exact: Vec<&str> = text.lines().filter(|line| line.starts_with("exact: ")).collect();
    assert_eq!(
        exact,
        [
            "exact: b2-c3 wins in 23 plies",
            "exact: f2-e3 wins in 23 plies",
            "exact: d2-e3 loses in 22 plies",
            "exact: b2-a3 loses in 20 plies",
            "exact: d2-c3 loses in 20 plies",
        ],
        "{text}"
    );
    // Checkers has draws: no exact values.
    let text = stdout(&arbiter(&["analyze", "checkers", "--depth", "3"]));
    assert!(!text.contains("exact:"), "{text}");
    // The perfect player and the hint of a person playing Black after d2-c3, a losing move.
    let args = ["play", "minicheckers", "--white", "ai", "--black", "human", "--level", "perfect"];
    let output = arbiter_with_input(&args, "hint\nquit\n");
    let text = stdout(&output);
    assert!(text.contains("White is played by the computer (perfect)."), "{text}");
    assert!(text.contains("White (computer) plays b2-c3  [score win in 12"), "{text}");
    assert!(text.contains("exact: ") && text.contains(" loses in 22 plies"), "{text}");
}

#[test]
fn the_perfect_player_is_refused_for_games_with_draws() {
    for args in [
        &["play", "checkers", "--level", "perfect"][..],
        &["analyze", "fanorona", "--engine", "perfect"],
        &["match", "daynight", "--a", "perfect", "--b", "random"],
    ] {
        let output = arbiter(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains("the perfect player plays only"), "{}", stderr(&output));
    }
    let output = arbiter(&["play", "holes", "--level", "6"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("1 to 5, or perfect"), "{}", stderr(&output));
}

#[test]
fn match_prints_the_score_and_ends_with_json() {
    let args = [
        "match",
        "holes",
        "--a",
        "alphabeta:depth=3",
        "--b",
        "random",
        "--games",
        "6",
        "--openings",
        "2",
        "--json",
    ];
    let output = arbiter(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("6 games in "), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(text.lines().last().unwrap_or_default()).expect("json");
    assert_eq!(json["games"], 6);
    let total = ["a_wins", "draws", "b_wins"]
        .iter()
        .map(|key| json[key].as_u64().unwrap_or(99))
        .sum::<u64>();
    assert_eq!(total, 6);
    assert!(json["elo"].is_number());
    let output = arbiter(&["match", "holes", "--a", "minimax", "--b", "random"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unknown player `minimax`"), "{}", stderr(&output));
}

#[test]
fn play_loads_a_record_of_a_game_lost_on_time_with_its_clocks() {
    // As the server writes the record of a game on a clock.
    let record = "[GameType \"21\"]\n[TimeControl \"300+3\"]\n[Result \"0-1\"]\n\
                  [Termination \"time forfeit\"]\n\n\
                  1. 11-15 {[%clk 0:05:00]} 23-19 {[%clk 0:05:00]} 2. 8-11 {[%clk 0:04:58]} 0-1\n";
    let dir = std::env::temp_dir().join(format!("arbiter-cli-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("timed.pdn");
    std::fs::write(&file, record).expect("written");
    let saved = dir.join("again.pdn");
    let script = format!("load {}\nmoves\nsave {}\nquit\n", file.display(), saved.display());
    let output = arbiter_with_input(&["play", "checkers"], &script);
    let text = stdout(&output);
    assert!(text.contains("Loaded"), "{text}");
    assert!(text.contains("Black wins: White's time ran out"), "{text}");
    let again = std::fs::read_to_string(&saved).expect("saved");
    assert!(again.contains("[TimeControl \"300+3\"]"), "{again}");
    assert!(again.contains("[Termination \"time forfeit\"]"), "{again}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_plays_a_ballot_file_twice_an_opening_and_names_a_bad_line() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-ballot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ballot = dir.join("ballot.txt");
    std::fs::write(&ballot, "# two openings\n9-13 22-17 13x22\n11-15 24-19 15x24\n")
        .expect("written");
    let records = dir.join("games.pdn");
    let ballot_path = ballot.display().to_string();
    let records_path = records.display().to_string();
    let args = ["match", "checkers", "--a", "random", "--b", "random", "--openings-file"];
    let output = arbiter(&[&args[..], &[&ballot_path, "--save", &records_path]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("4 games in "), "{}", stdout(&output));
    let saved = std::fs::read_to_string(&records).expect("the records");
    assert_eq!(saved.matches("1. 9-13 22-17 2. 13x22").count(), 2, "{saved}");
    assert_eq!(saved.matches("1. 11-15 24-19 2. 15x24").count(), 2, "{saved}");
    std::fs::write(&ballot, "9-13 22-17 13x22\n9-13 9-13\n").expect("written");
    let output = arbiter(&[&args[..], &[&ballot_path]].concat());
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("line 2, move 2 (`9-13`)"), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).ok();
}
