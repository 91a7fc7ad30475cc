//! The fast generator against the independent reference generator (`reference/`, an array
//! board written from docs/rules.md alone): legal moves and the positions they lead to, in random
//! games on boards of 4 and 6 rings.

use crate::common::moves;
use crate::reference;
use arbiter_core::testkit::random_playouts;
use arbiter_core::{Game, GameOptions};
use arbiter_daynight::{DayNight, Options};

#[test]
fn random_games_agree_with_the_reference_generator() {
    for (rings, games) in [(4_u8, 150), (6, 50)] {
        let options = Options::parse(&format!("rings={rings}")).expect("valid");
        let rings = u32::from(rings);
        let compared = random_playouts::<DayNight>(&options, games, 150, 0xDA7, |position, mv| {
            let text = position.to_text();
            assert_eq!(moves(position), reference::legal_moves(&text, rings), "position {text}");
            if let Some(mv) = mv {
                let mut next = *position;
                next.play_unchecked(mv);
                assert_eq!(
                    next.to_text(),
                    reference::play(&text, rings, &mv.to_string()),
                    "after {mv} from {text}"
                );
            }
        });
        assert!(compared > 2_000, "{rings} rings: only {compared} positions compared");
    }
}
