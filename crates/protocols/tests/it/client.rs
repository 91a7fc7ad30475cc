//! The UGI client with engines written as shell scripts: what it sends, what it makes of a
//! bad answer, and that its process ends with it. (Whole matches against `arbiter ugi` are in
//! `crates/cli/tests/external.rs`.)
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use arbiter_ai::{Context, Player, PlayerSpec};
use arbiter_core::{Game, GameOptions, GameRecord};
use arbiter_minicheckers::{Minicheckers, Options};
use arbiter_protocols::client::{ClientError, UgiPlayer};

/// The log of a scripted engine (and its `.pid` file beside it), in the temporary folder,
/// removed with this value.
struct TempLog(PathBuf);

impl std::ops::Deref for TempLog {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempLog {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempLog {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
        let _ = std::fs::remove_file(format!("{}.pid", self.0.display()));
    }
}

fn temp_file(name: &str) -> TempLog {
    TempLog(std::env::temp_dir().join(format!("arbiter-client-{name}-{}", std::process::id())))
}

/// A UGI engine in `sh` that answers the handshake, logs every line it reads to `log`, and
/// answers `go` with `answer`.
fn script(log: &Path, answer: &str) -> Vec<String> {
    let body = format!(
        "echo $$ > '{log}.pid'; while read -r line; do echo \"$line\" >> '{log}'; case $line in \
         ugi) echo 'option name Game type combo default checkers var minicheckers var checkers'; \
         echo 'option name first type combo default white var white var black'; \
         echo 'option name Engine type combo default alphabeta var alphabeta var mcts'; \
         echo 'option name Hash type spin default 16 min 1 max 4096'; echo ugiok;; \
         isready) echo readyok;; go*) {answer};; esac; done",
        log = log.display()
    );
    vec!["sh".to_owned(), "-c".to_owned(), body]
}

fn start(log: &Path, answer: &str, spec: &str) -> UgiPlayer<Minicheckers> {
    let spec: PlayerSpec = spec.parse().expect("a spec");
    let options = Options::default();
    UgiPlayer::start(script(log, answer), spec, options, Duration::from_secs(5)).expect("started")
}

#[test]
fn the_game_the_options_the_spec_and_the_whole_game_are_sent() {
    let log = temp_file("sent");
    let _ = std::fs::remove_file(&log);
    let mut player = start(
        &log,
        "echo 'info depth 3 score cp 12 nodes 40'; echo 'bestmove b2-a3'",
        "mcts:iterations=300",
    );
    let mut record = GameRecord::<Minicheckers>::new(Options::default());
    player.new_game(1);
    let report = player.choose_in_game(&record, &mut |_| {}).expect("a move");
    assert_eq!(report.best.map(|mv| mv.to_string()).as_deref(), Some("b2-a3"));
    assert_eq!((report.depth, report.nodes), (3, 40));
    record.play_text("b2-a3").expect("legal");
    let reply = record.position().legal_moves()[0];
    record.play(reply).expect("legal");
    // The engine answers b2-a3 again, which is no longer legal: the game is forfeited.
    let forfeit = player.choose_in_game(&record, &mut |_| {}).expect_err("an illegal move");
    assert!(
        forfeit.reason.starts_with("the engine answered `bestmove b2-a3` to `go nodes 300` at "),
        "{}",
        forfeit.reason
    );
    let sent = std::fs::read_to_string(&log).expect("the log");
    let expected = format!(
        "ugi\nsetoption name Game value minicheckers\nsetoption name first value white\n\
         setoption name Engine value mcts\nisready\nuginewgame\nisready\nposition startpos\n\
         go nodes 300\nposition startpos moves b2-a3 {reply}\ngo nodes 300\n"
    );
    assert_eq!(sent, expected);
}

#[test]
fn choose_without_the_record_sends_the_position_and_keeps_the_error() {
    let log = temp_file("choose");
    let mut player = start(&log, "echo 'bestmove 0000'", "alphabeta:depth=2,hash=8");
    let start = Minicheckers::start(&Options::default());
    let report = player.choose(&start, &Context::default(), &mut |_| {});
    assert_eq!(report.best, None);
    let error = player.last_error().expect("an error");
    assert!(matches!(error, ClientError::BadMove { .. }), "{error}");
    assert!(
        error.to_string().contains("it says there is no move, but the game goes on"),
        "{error}"
    );
    let sent = std::fs::read_to_string(&log).expect("the log");
    assert!(sent.contains("setoption name Hash value 8\n"), "{sent}");
    assert!(sent.contains(&format!("position fen {}\ngo depth 2\n", start.to_text())), "{sent}");
}

#[test]
fn the_engine_is_killed_when_the_player_is_dropped() {
    let log = temp_file("dropped");
    let player = start(&log, "sleep 60", "alphabeta:depth=1");
    let pid = std::fs::read_to_string(format!("{}.pid", log.display())).expect("the pid");
    let process = PathBuf::from(format!("/proc/{}", pid.trim()));
    assert!(process.exists());
    drop(player);
    assert!(!process.exists(), "the engine still runs");
}

#[test]
fn an_engine_without_the_options_the_match_needs_is_refused_at_the_start() {
    let refused = |spec: &str, options: &str| {
        let command = ["sh", "-c", "echo ugiok; read line; read line; echo readyok; read line"];
        let command = command.map(str::to_owned).to_vec();
        let spec: PlayerSpec = spec.parse().expect("a spec");
        let options = Options::parse(options).expect("options");
        let started =
            UgiPlayer::<Minicheckers>::start(command, spec, options, Duration::from_secs(5));
        started.err().expect("refused").to_string()
    };
    assert_eq!(
        refused("mcts:iterations=10", ""),
        "the engine has no option `Engine`, needed to play with mcts; it declares none"
    );
    assert_eq!(
        refused("alphabeta:depth=1", "first=black"),
        "the engine has no option `first`, needed to play minicheckers with first=black; it declares none"
    );
}
