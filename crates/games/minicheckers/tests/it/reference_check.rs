//! The fast generator against the independent reference generator (`reference/`, an array
//! board written from docs/rules.md alone) in random games and hand-made positions.

use crate::common::moves;
use crate::reference;
use arbiter_core::testkit::random_playouts;
use arbiter_core::{perft, Game, Side};
use arbiter_minicheckers::{Minicheckers, Options};

/// Every position of 1000 random games per first player has the same legal moves in both
/// generators, and every tenth the same perft to depth 3.
#[test]
fn random_games_agree_with_the_reference_generator() {
    for first in [Side::White, Side::Black] {
        let mut compared = 0;
        random_playouts::<Minicheckers>(&Options { first }, 1000, 100, 0x6A6E, |position, _| {
            let text = position.to_text();
            assert_eq!(moves(position), reference::legal_moves(&text), "position {text}");
            if compared % 10 == 0 {
                assert_eq!(perft(position, 3), reference::perft(&text, 3), "position {text}");
            }
            compared += 1;
        });
        assert!(compared > 10_000, "only {compared} positions compared");
    }
}

#[test]
fn hand_made_positions_agree_with_the_reference_generator() {
    for text in [
        "W:Wc1:Bb2,d2,b4,d4",
        "W:Wa1,c1,e1:Bb2,d2,f2,b4,d4,f4",
        "B:Wa1,c3,e3,b4,d4:Bb6,d6,f6,c5,e5",
        "W:Wb4:Bc5,a5",
        "B:Wc1,e1,b2,d2:Ba3,c3,e3,f4",
    ] {
        let position = Minicheckers::from_text(text, &Options::default()).expect("valid");
        assert_eq!(moves(&position), reference::legal_moves(text), "{text}");
        for depth in 1..=6 {
            assert_eq!(
                perft(&position, depth),
                reference::perft(text, depth),
                "{text} depth {depth}"
            );
        }
    }
}
