//! The fast generator against the independent reference generator (`reference/`, an array
//! board written from RULES.md alone): legal moves and the positions they lead to, in random
//! games on boards of 4 and 6 rings.

mod common;
mod reference;

use arbiter_core::{Game, GameOptions};
use arbiter_daynight::{DayNight, Options};
use common::moves;

#[test]
fn random_games_agree_with_the_reference_generator() {
    let mut seed: u64 = 0xDA7;
    let mut compared = 0;
    for game in 0..200 {
        let rings: u8 = if game % 4 == 3 { 6 } else { 4 };
        let options = Options::parse(&format!("rings={rings}")).expect("valid");
        let mut current = DayNight::start(&options);
        for _ in 0..150 {
            let text = current.to_text();
            assert_eq!(
                moves(&current),
                reference::legal_moves(&text, u32::from(rings)),
                "position {text}"
            );
            compared += 1;
            let legal = current.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = legal[(seed >> 33) as usize % legal.len()];
            let expected = reference::play(&text, u32::from(rings), &mv.to_string());
            current.play_unchecked(mv);
            assert_eq!(current.to_text(), expected, "after {mv} from {text}");
        }
    }
    assert!(compared > 10_000, "only {compared} positions compared");
}
