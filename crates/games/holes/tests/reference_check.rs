//! The fast generator against the independent reference generator (`reference/`, an array
//! board written from RULES.md alone), in random games under both rule sets.

mod common;
mod reference;

use arbiter_core::{perft, Game, GameOptions};
use arbiter_holes::{Holes, Options};
use common::{moves, CAPTURES, SEED};

/// Every position of 1000 pseudo-random games per rule set has the same legal moves in both
/// generators, and every tenth the same perft to depth 3.
#[test]
fn random_games_agree_with_the_reference_generator() {
    let mut seed: u64 = 0xB4EA;
    for rules in [SEED, CAPTURES] {
        let options = Options::parse(rules).expect("valid");
        let captures = options.diagonal_captures;
        let mut compared = 0;
        for _ in 0..1000 {
            let mut current = Holes::start(&options);
            loop {
                let text = current.to_text();
                assert_eq!(
                    moves(&current),
                    reference::legal_moves(&text, captures),
                    "{rules} {text}"
                );
                if compared % 10 == 0 {
                    assert_eq!(
                        perft(&current, 3),
                        reference::perft(&text, captures, 3),
                        "{rules} {text}"
                    );
                }
                compared += 1;
                let legal = current.legal_moves();
                if legal.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                current.play_unchecked(legal[(seed >> 33) as usize % legal.len()]);
            }
        }
        assert!(compared > 10_000, "{rules}: only {compared} positions compared");
    }
}
