//! The fast generator against the independent reference generator (`reference/`, an array
//! board written from RULES.md alone): legal moves and the positions they lead to, in random
//! games.

mod common;
mod reference;

use arbiter_core::{perft, Game, NoOptions};
use arbiter_fanorona::Fanorona;
use common::moves;

#[test]
fn random_games_agree_with_the_reference_generator() {
    let mut seed: u64 = 0xFA40;
    let mut compared = 0;
    for _ in 0..150 {
        let mut current = Fanorona::start(&NoOptions);
        for _ in 0..120 {
            let text = current.to_text();
            assert_eq!(moves(&current), reference::legal_moves(&text), "position {text}");
            if compared % 25 == 0 {
                assert_eq!(perft(&current, 2), reference::perft(&text, 2), "position {text}");
            }
            compared += 1;
            let legal = current.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = legal[(seed >> 33) as usize % legal.len()];
            let expected = reference::play(&text, &mv.to_string());
            current.play_unchecked(mv);
            assert_eq!(current.to_text(), expected, "after {mv} from {text}");
        }
    }
    assert!(compared > 5_000, "only {compared} positions compared");
}
