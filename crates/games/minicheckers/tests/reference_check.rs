//! The fast generator against the independent reference generator (`reference/`, an array
//! board written from RULES.md alone) in random games and hand-made positions.

mod common;
mod reference;

use arbiter_core::{perft, Game};
use arbiter_minicheckers::{Minicheckers, Options};
use common::moves;

/// Every position of 2000 pseudo-random games, from both first players, has the same legal
/// moves in both generators, and the same perft to depth 3.
#[test]
fn random_games_agree_with_the_reference_generator() {
    let mut seed: u64 = 0x6A6E;
    let mut compared = 0;
    for game in 0..2000 {
        let first = if game % 2 == 0 { "white" } else { "black" };
        let options = arbiter_core::GameOptions::parse(&format!("first={first}")).expect("valid");
        let mut current = Minicheckers::start(&options);
        loop {
            let text = current.to_text();
            assert_eq!(moves(&current), reference::legal_moves(&text), "position {text}");
            if compared % 10 == 0 {
                assert_eq!(perft(&current, 3), reference::perft(&text, 3), "position {text}");
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
    assert!(compared > 20_000, "only {compared} positions compared");
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
