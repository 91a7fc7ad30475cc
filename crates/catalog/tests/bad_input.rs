//! Bad input never panics, in any game: moves, steps, positions, options and records, made of
//! arbitrary text (proptest) and of near misses of the real notations.

use arbiter_catalog::{games, load_record};
use proptest::prelude::*;

/// Text close to the games' notations, and anything at all.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Ia-l1-9xX/,:# ()-]{0,14}",
        "[WBNDwbnd:K0-9a-l,.\\- ]{0,24}",
        "[bw.#/ ]{0,40}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bad_moves_and_steps_are_errors_not_panics(input in text()) {
        for entry in games() {
            let mut session = entry.new_session("", None).expect("the start");
            let _ = session.play(&input);
            let options = session.next_steps(&[]).options;
            let _ = session.match_step(&input, &options);
            let _ = session.play_steps(std::slice::from_ref(&input));
        }
    }

    #[test]
    fn bad_positions_and_options_are_errors_not_panics(input in text()) {
        for entry in games() {
            if let Ok(session) = entry.new_session("", Some(&input)) {
                // A position that reads must also be usable.
                let _ = session.legal_moves();
                let _ = session.diagram();
                let _ = session.perft(2);
            }
            let _ = entry.new_session(&input, None);
        }
    }

    #[test]
    fn bad_records_are_errors_not_panics(input in text()) {
        let _ = load_record(&input, Some("checkers"));
        for entry in games() {
            let _ = entry.load(&input);
            let _ = entry.load(&format!("[Game \"{}\"]\n1. {input} *", entry.info().id));
        }
    }
}
