//! Published checkers endings (tests/data/checkers-facts.txt) as the tables value them.

use arbiter_checkers::Checkers;
use arbiter_core::{Game, NoOptions};
use arbiter_tablebase::{Tablebase, Value};

#[test]
fn the_tables_agree_with_published_endings() {
    let tables = Tablebase::<Checkers>::new(None, 3, 2);
    let facts = include_str!("../data/checkers-facts.txt");
    for line in facts.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let fields: Vec<&str> = line.split(' ').collect();
        let [position, value, plies, best @ ..] = fields.as_slice() else {
            panic!("a fact is a position, a value, plies and moves: {line}");
        };
        let expected = match (*value, plies.parse().ok()) {
            ("win", Some(plies)) => Value::Win(plies),
            ("loss", Some(plies)) => Value::Loss(plies),
            ("draw", None) => Value::Draw,
            _ => panic!("not a value: {line}"),
        };
        let position = Checkers::from_text(position, &NoOptions).expect("a position");
        let probe = tables.probe_moves(&position).expect("probe").expect("held");
        assert_eq!(probe.value, expected, "{line}");
        let found: Vec<String> = probe.best().iter().map(ToString::to_string).collect();
        assert_eq!(found, best, "{line}");
    }
}

/// The tables a search on a clock uses answer only once loaded: the first probe of a table
/// not loaded yet answers nothing and has it built on a thread of its own, after which the
/// probes answer as the tables do.
#[test]
fn loaded_tables_never_wait_and_load_what_was_missing() {
    use std::sync::Arc;

    use arbiter_tablebase::{Endgame, Loaded};

    let tables = Arc::new(Tablebase::<Checkers>::new(None, 3, 1));
    let loaded = Loaded(tables.clone());
    let facts = include_str!("../data/checkers-facts.txt");
    let line =
        facts.lines().find(|line| !line.is_empty() && !line.starts_with('#')).expect("a fact");
    let position = Checkers::from_text(line.split(' ').next().expect("a position"), &NoOptions)
        .expect("a position");
    assert_eq!(loaded.value(&position), None, "not loaded yet: no answer, no wait");
    let expected = tables.probe(&position).expect("probe");
    assert!(expected.is_some());
    // The table is loaded now (by the thread, or by the blocking probe just made).
    for _ in 0..100 {
        if loaded.value(&position).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(loaded.value(&position), expected);
    let moves = loaded.moves(&position).expect("the moves' values once loaded");
    assert_eq!(Some(moves.value), expected);
    assert_eq!(moves.moves, tables.probe_moves(&position).expect("probe").expect("held").moves);
}
