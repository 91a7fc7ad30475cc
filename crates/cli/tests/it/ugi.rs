//! `arbiter ugi` driven through pipes: the handshake and options, whole games of every game
//! through `position … moves …` and `go`, `stop` during `go infinite`, the clock, the queries,
//! and bad lines, each answered with `info string error: …` while the game goes on.

use crate::protocol::EngineProcess;

const GAMES: [&str; 5] = ["minicheckers", "holes", "fanorona", "checkers", "daynight"];

fn engine(game: &str) -> EngineProcess {
    let mut engine = EngineProcess::start(&["ugi", game]);
    engine.ask("ugi", "ugiok");
    engine.ask("isready", "readyok");
    engine
}

/// The answer to `query …`.
fn query(engine: &mut EngineProcess, question: &str) -> String {
    let lines = engine.ask(&format!("query {question}"), "response");
    let answer = lines.last().expect("a response");
    answer.strip_prefix("response").expect("a response").trim().to_owned()
}

/// The move of `bestmove M`, checking every `info` line before it.
fn best_move(lines: &[String]) -> String {
    for line in &lines[..lines.len() - 1] {
        assert!(line.starts_with("info "), "not an info line: {line}");
        assert!(!line.contains("error"), "an error while searching: {line}");
    }
    let last = lines.last().expect("bestmove");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 2, "bestmove is two words: {last}");
    assert_eq!(words[0], "bestmove", "{last}");
    words[1].to_owned()
}

#[test]
fn the_handshake_lists_the_games_and_their_options() {
    let mut engine = EngineProcess::start(&["ugi", "holes"]);
    let lines = engine.ask("ugi", "ugiok");
    assert!(lines[0].starts_with("id name Arbiter "), "{lines:?}");
    let expected = [
        "option name Game type combo default holes var minicheckers var holes var fanorona var checkers var daynight",
        "option name Engine type combo default alphabeta var alphabeta var mcts var perfect",
        "option name Hash type spin default 16 min 1 max 4096",
        "option name Book type check default true",
        "option name first type combo default white var white var black",
        "option name captures type combo default none var none var diagonal",
        "option name rings type spin default 4 min 4 max 8",
    ];
    for line in expected {
        assert!(lines.iter().any(|given| given == line), "no `{line}` in {lines:?}");
    }
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    assert_eq!(engine.quit("quit"), Some(0));
}

#[test]
fn every_game_is_played_to_its_end_through_position_and_go() {
    for game in GAMES {
        // MCTS's nodes are playouts to the end, far dearer than alpha-beta's.
        for (engine_name, nodes) in [("alphabeta", 300), ("mcts", 40)] {
            let mut engine = engine(game);
            engine.send(&format!("setoption name Engine value {engine_name}"));
            engine.send("uginewgame");
            let mut moves: Vec<String> = Vec::new();
            loop {
                engine.send(&format!("position startpos moves {}", moves.join(" ")));
                if query(&mut engine, "gameover") == "true" {
                    break;
                }
                assert!(moves.len() < 1000, "{game} did not end in 1000 plies");
                let legal = query(&mut engine, "legalmoves");
                let best = best_move(&engine.ask(&format!("go nodes {nodes}"), "bestmove"));
                assert!(
                    legal.split_whitespace().any(|mv| mv == best),
                    "{game}: {best} is not among {legal}"
                );
                moves.push(best);
            }
            let result = query(&mut engine, "result");
            assert!(["p1win", "p2win", "draw"].contains(&result.as_str()), "{game}: {result}");
            assert_eq!(query(&mut engine, "legalmoves"), "");
            let lines = engine.ask("go depth 3", "bestmove");
            assert!(lines[0].starts_with("info string error: the game is over"), "{lines:?}");
            assert_eq!(best_move(&lines[1..]), "0000");
        }
    }
}

#[test]
fn stop_ends_an_infinite_search_at_once_in_every_game() {
    for game in GAMES {
        let mut engine = engine(game);
        engine.send("position startpos");
        engine.send("go infinite");
        // The search reports its iterations, and answers `isready` while it runs; an infinite
        // search holds its move until `stop`, even once it has nothing left to search. It is an
        // analysis: it searches, even where the book has the move (the start of checkers).
        let first = engine.next_line();
        assert!(first.starts_with("info depth 1 "), "{game}: the search reports: {first}");
        let lines = engine.ask("isready", "readyok");
        assert!(
            lines.iter().all(|line| line.starts_with("info") || line == "readyok"),
            "{lines:?}"
        );
        let lines = engine.ask("stop", "bestmove");
        assert!(lines[..lines.len() - 1].iter().all(|line| line.starts_with("info")), "{lines:?}");
        let best = best_move(&lines);
        assert!(
            query(&mut engine, "legalmoves").split_whitespace().any(|mv| mv == best),
            "{game}: {best}"
        );
        // The search thread is gone with its search (its latency is measured by
        // `cargo run --release -p arbiter-protocols --example stop_latency`).
        engine.threads_settle_at(2);
        assert_eq!(engine.quit("quit"), Some(0));
    }
}

#[test]
fn the_perfect_engine_plays_the_solved_games_and_gives_way_in_the_others() {
    let mut engine = engine("minicheckers");
    engine.send("setoption name Engine value perfect");
    engine.send("position startpos");
    let lines = engine.ask("go movetime 5000", "bestmove");
    assert!(["b2-c3", "f2-e3"].contains(&best_move(&lines).as_str()), "{lines:?}");
    assert!(lines.iter().any(|line| line.contains(" score mate 12 ")), "{lines:?}");
    engine.send("setoption name Game value checkers");
    engine.send("position startpos");
    let lines = engine.ask("go depth 2", "bestmove");
    assert!(
        lines[0].starts_with("info string error: the perfect player plays only")
            && lines[0].ends_with("alphabeta searches instead"),
        "{lines:?}"
    );
    assert!(lines.last().is_some_and(|line| line.starts_with("bestmove ")), "{lines:?}");
    assert_eq!(engine.quit("quit"), Some(0));
}

#[test]
fn the_clock_is_never_overspent() {
    let mut engine = engine("checkers");
    engine.send("position startpos moves 11-15");
    // p2 (White) is to move with one second left: the search ends by itself, on the share of
    // the clock that `time::budget` plans (its unit tests check the share; the example
    // `stop_latency` measures the time a search overruns its plan).
    let lines = engine.ask("go p1time 600000 p2time 1000 p1inc 0 p2inc 0", "bestmove");
    best_move(&lines);
    // A forced move (Black must take 18) is played at once, however much time is left.
    engine.send("position startpos moves 11-15 22-18");
    let lines = engine.ask("go p1time 600000 p2time 600000 p1inc 0 p2inc 0", "bestmove");
    assert_eq!(best_move(&lines), "15x22");
    assert!(lines.iter().all(|line| !line.starts_with("info depth 2")), "{lines:?}");
}

#[test]
fn queries_follow_the_game_and_its_first_player() {
    let mut engine = engine("checkers");
    engine.send("position startpos");
    // Black moves first in checkers: Black is p1.
    assert_eq!(query(&mut engine, "p1turn"), "true");
    assert_eq!(query(&mut engine, "result"), "none");
    engine.send("position fen B:W18:B14 moves 14x23");
    assert_eq!(query(&mut engine, "gameover"), "true");
    assert_eq!(query(&mut engine, "result"), "p1win");
    engine.send("setoption name Game value minicheckers");
    engine.send("setoption name first value black");
    engine.send("position startpos");
    assert_eq!(query(&mut engine, "p1turn"), "true");
    assert!(query(&mut engine, "legalmoves").split_whitespace().all(|mv| mv.ends_with('4')));
    engine.send("position startpos moves a5-b4");
    assert_eq!(query(&mut engine, "p1turn"), "false");
}

#[test]
fn bad_lines_are_explained_and_the_game_goes_on() {
    let mut engine = engine("checkers");
    engine.send("position startpos moves 11-15");
    let cases: [(&str, &str); 11] = [
        ("fly", "unknown command `fly`; expected one of ugi"),
        ("position startpos moves 11-15 11-15", "move 2 (`11-15`) cannot be played"),
        ("position fen W:W99:B1", "the position cannot be read"),
        ("position sideways", "expected position startpos or position fen TEXT"),
        ("go depth deep movetime 10", "`depth deep` needs a whole number and was ignored"),
        ("go wtime 1000 depth 1", "unknown limit `wtime` ignored"),
        ("setoption name Hash value 0", "invalid table size `0`; expected MiB from 1 to 4096"),
        ("setoption name Game value chess", "unknown game"),
        (
            "setoption name Book value maybe",
            "invalid value `maybe` for Book; expected true or false",
        ),
        ("setoption name rings value 12", "invalid value `12` for option `rings`"),
        ("query everything", "unknown query `everything`"),
    ];
    for (line, expected) in cases {
        let answer = engine.ask(line, "info string error:");
        assert!(
            answer.last().is_some_and(|answer| answer.contains(expected)),
            "{line}: {answer:?}"
        );
    }
    engine.send_bytes(b"\xff\xfe go\n");
    assert!(engine
        .until("info string error:")
        .last()
        .is_some_and(|line| line.contains("not UTF-8")));
    let long = format!("position startpos moves {}\n", "11-15 ".repeat(300_000));
    engine.send_bytes(long.as_bytes());
    assert!(engine
        .until("info string error:")
        .last()
        .is_some_and(|line| line.contains("longer than")));
    // The position set before the bad lines is still the one searched: White to move.
    assert_eq!(query(&mut engine, "p1turn"), "false");
    assert!(query(&mut engine, "legalmoves").contains("23-19"));
    best_move(&engine.ask("go depth 2", "bestmove"));
    assert_eq!(engine.quit("quit"), Some(0));
}

#[test]
fn the_end_of_the_input_ends_the_engine_during_a_search() {
    let mut engine = engine("fanorona");
    engine.send("go infinite");
    engine.next_line();
    assert_eq!(engine.quit("quit"), Some(0));
}

#[test]
fn the_book_answers_the_start_of_checkers_unless_turned_off() {
    let mut engine = engine("checkers");
    engine.send("position startpos");
    let lines = engine.ask("go nodes 2000", "bestmove");
    assert!(
        lines.iter().any(|line| line.starts_with("info depth 0 ") && line.contains(" nodes 0 ")),
        "{lines:?}"
    );
    engine.send("setoption name Book value false");
    let lines = engine.ask("go nodes 2000", "bestmove");
    assert!(lines.iter().any(|line| line.starts_with("info depth 1 ")), "{lines:?}");
    assert_eq!(engine.quit("quit"), Some(0));
}
