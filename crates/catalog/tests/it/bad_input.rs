//! Bad input never panics, in any game: moves, steps, positions, options and records, made of
//! arbitrary text (proptest) and of near misses of the real notations.

use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::turn::Turn;
use arbiter_core::{perft, GameOptions, GameRecord};
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

/// Feeds `input` to every parser of a game.
struct Feed<'a>(&'a str);

impl Visitor for Feed<'_> {
    type Output = ();

    fn visit<G: AnyGame>(self) {
        let input = self.0;
        let options = G::Options::default();
        let start = G::start(&options);
        let _ = start.parse_move(input);
        let mut turn = Turn::new(start.clone(), &start.legal_moves());
        let _ = turn.enter_step(input);
        if let Some(click) = turn.parse_click(input) {
            let _ = turn.click(click);
        }
        if let Ok(position) = G::from_text(input, &options) {
            // A position that reads must also be usable.
            let _ = position.legal_moves();
            let _ = position.diagram();
            let _ = perft(&position, 2);
        }
        let _ = G::Options::parse(input);
        let _ = GameRecord::<G>::from_record_text(input);
        let _ = GameRecord::<G>::from_record_text(&format!("[Game \"{}\"]\n1. {input} *", G::ID));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bad_input_is_an_error_not_a_panic(input in text()) {
        for id in GameId::ALL {
            id.visit(Feed(&input));
        }
    }
}
