//! Checkpoints: a search stopped and resumed from its checkpoint ends with the same answer as
//! one run straight through, and a checkpoint of something else, or a damaged one, is refused.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use arbiter_core::{Game, GameOptions};
use arbiter_holes::{Holes, Options};
use arbiter_solver::{solve, solve_long, Checkpointing, LongRun, Settings, SolveError, Subject};

/// A Breakthrough position that takes df-pn about a hundred thousand nodes.
fn position() -> Holes {
    let mut position = Holes::start(&Options::default());
    for text in ["c2-c3", "a5-b4", "d2-e3", "d5-d4", "e3-f4", "d4-e3"] {
        let mv = position.parse_move(text).expect("legal");
        position.play(mv).expect("legal");
    }
    position
}

fn subject(position: &Holes) -> Subject {
    Subject {
        game: "holes".to_owned(),
        options: Options::default().to_text(),
        position: position.to_text(),
    }
}

fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("arbiter-checkpoint-{}-{name}", std::process::id()))
}

#[test]
fn a_search_resumed_from_its_checkpoints_ends_like_one_run_straight_through() {
    let position = position();
    let settings = Settings { hash_mib: 16, time_limit: None, threads: 1 };
    let straight = solve(&position, &settings, &mut |_| {}).expect("solved");
    let path = temporary("resume");
    let _ = std::fs::remove_file(&path);
    // Stopped at once, after one slice: the checkpoint is written.
    let stop = AtomicBool::new(true);
    let mut behind = 0;
    for threads in [2, 1] {
        let settings = Settings { hash_mib: 16, time_limit: None, threads };
        let checkpoint = Checkpointing {
            path: &path,
            every: Duration::from_millis(5),
            subject: subject(&position),
        };
        let run = LongRun { checkpoint: Some(checkpoint), interrupt: Some(&stop) };
        match solve_long(&position, &settings, &run, &mut |_| {}, None) {
            Err(SolveError::Interrupted(progress)) => {
                assert!(progress.nodes > behind, "the second run went on from the first");
                behind = progress.nodes;
            }
            other => panic!("expected a stop, got {other:?}"),
        }
        assert!(path.exists(), "the checkpoint is written when the search is stopped");
    }
    // Resumed, in slices of 5 ms with a checkpoint after each, until it is solved.
    let mut nodes = Vec::new();
    let checkpoint =
        Checkpointing { path: &path, every: Duration::from_millis(5), subject: subject(&position) };
    let run = LongRun { checkpoint: Some(checkpoint), interrupt: None };
    let resumed =
        solve_long(&position, &settings, &run, &mut |p| nodes.push(p.nodes), None).expect("solved");
    assert_eq!((resumed.winner, resumed.plies), (straight.winner, straight.plies));
    assert!(nodes.windows(2).all(|pair| pair[0] <= pair[1]), "the counts only grow: {nodes:?}");
    assert!(nodes[0] >= behind, "the work behind the checkpoint is counted: {nodes:?}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_checkpoint_of_another_position_or_a_damaged_one_is_refused() {
    let position = position();
    let path = temporary("refused");
    let stop = AtomicBool::new(true);
    let settings = Settings { hash_mib: 4, time_limit: None, threads: 1 };
    let run_with = |subject: Subject| {
        let checkpoint = Checkpointing { path: &path, every: Duration::from_secs(60), subject };
        let run = LongRun { checkpoint: Some(checkpoint), interrupt: Some(&stop) };
        solve_long(&position, &settings, &run, &mut |_| {}, None)
    };
    let _ = std::fs::remove_file(&path);
    assert!(matches!(run_with(subject(&position)), Err(SolveError::Interrupted(_))));
    let other = Subject { position: "another".to_owned(), ..subject(&position) };
    match run_with(other) {
        Err(SolveError::Checkpoint(message)) => {
            assert!(message.contains("not of `holes  another`"), "{message}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Another --hash: the solved set is read back slot for slot, so it must be the same.
    let bigger = Settings { hash_mib: 8, ..settings };
    let checkpoint =
        Checkpointing { path: &path, every: Duration::from_secs(60), subject: subject(&position) };
    let run = LongRun { checkpoint: Some(checkpoint), interrupt: Some(&stop) };
    match solve_long(&position, &bigger, &run, &mut |_| {}, None) {
        Err(SolveError::Checkpoint(message)) => assert!(message.contains("same --hash")),
        other => panic!("expected a refusal, got {other:?}"),
    }
    let bytes = std::fs::read(&path).expect("the checkpoint");
    let text = String::from_utf8_lossy(&bytes);
    let work_line = text.lines().nth(3).expect("a work line").to_owned();
    let mut flipped = bytes.clone();
    let middle = flipped.len() - 40;
    flipped[middle] ^= 0x10;
    for damaged in [
        bytes[..bytes.len() - 3].to_vec(),
        [&bytes[..], &[0]].concat(),
        b"not a checkpoint\n".to_vec(),
        flipped,
        text.replacen(&work_line, "12 NaN", 1).into_bytes(),
        text.replacen(&work_line, "12 1e300", 1).into_bytes(),
    ] {
        std::fs::write(&path, damaged).expect("written");
        match run_with(subject(&position)) {
            Err(SolveError::Checkpoint(message)) => assert!(message.contains("cannot resume")),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
    let _ = std::fs::remove_file(&path);
}
