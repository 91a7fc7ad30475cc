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
