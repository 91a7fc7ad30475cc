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
    compare_random_games([(4, 80), (6, 40)]);
}

#[test]
#[ignore = "a thousand games: `cargo test -p arbiter-daynight -- --ignored`"]
fn many_random_games_agree_with_the_reference_generator() {
    compare_random_games([(4, 750), (6, 250)]);
}

/// Compares the two generators along `games` random games on boards of `rings` rings, for
/// each pair.
fn compare_random_games(boards: [(u8, usize); 2]) {
    for (rings, games) in boards {
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
