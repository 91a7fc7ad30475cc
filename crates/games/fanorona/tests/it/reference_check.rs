//! The fast generator against the independent reference generator (`reference/`, an array
//! board written from docs/rules.md alone): legal moves and the positions they lead to, in random
//! games.

use crate::common::moves;
use crate::reference;
use arbiter_core::testkit::random_playouts;
use arbiter_core::{perft, Game, NoOptions};
use arbiter_fanorona::Fanorona;

#[test]
fn random_games_agree_with_the_reference_generator() {
    let mut compared = 0;
    random_playouts::<Fanorona>(&NoOptions, 150, 120, 0xFA40, |position, mv| {
        let text = position.to_text();
        assert_eq!(moves(position), reference::legal_moves(&text), "position {text}");
        if compared % 25 == 0 {
            assert_eq!(perft(position, 2), reference::perft(&text, 2), "position {text}");
        }
        compared += 1;
        if let Some(mv) = mv {
            let mut next = *position;
            next.play_unchecked(mv);
            assert_eq!(
                next.to_text(),
                reference::play(&text, &mv.to_string()),
                "after {mv} from {text}"
            );
        }
    });
    assert!(compared > 5_000, "only {compared} positions compared");
}
