//! The fast generator against the independent reference generator (`reference/`, an array
//! board written from docs/rules.md alone), in random games under both rule sets.

use crate::common::{moves, CAPTURES, SEED};
use crate::reference;
use arbiter_core::testkit::random_playouts;
use arbiter_core::{perft, Game, GameOptions};
use arbiter_holes::{Holes, Options};

/// Every position of 1000 random games per rule set has the same legal moves in both
/// generators, and every tenth the same perft to depth 3.
#[test]
fn random_games_agree_with_the_reference_generator() {
    for rules in [SEED, CAPTURES] {
        let options = Options::parse(rules).expect("valid");
        let captures = options.diagonal_captures;
        let mut compared = 0;
        random_playouts::<Holes>(&options, 1000, 100, 0xB4EA, |position, _| {
            let text = position.to_text();
            assert_eq!(moves(position), reference::legal_moves(&text, captures), "{rules} {text}");
            if compared % 10 == 0 {
                assert_eq!(
                    perft(position, 3),
                    reference::perft(&text, captures, 3),
                    "{rules} {text}"
                );
            }
            compared += 1;
        });
        assert!(compared > 10_000, "{rules}: only {compared} positions compared");
    }
}
