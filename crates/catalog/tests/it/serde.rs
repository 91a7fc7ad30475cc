//! The presentation data of every game crosses a process boundary as JSON and comes back the
//! same (feature `serde` of arbiter-core).

use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::present::{Board, Geometry};
use arbiter_core::turn::{Click, Turn};
use arbiter_core::Status;

struct RoundTrip;

impl Visitor for RoundTrip {
    type Output = ();

    fn visit<G: AnyGame>(self) {
        let start = G::start(&G::Options::default());
        let geometry = start.geometry();
        let json = serde_json::to_string(&geometry).expect("serialises");
        assert_eq!(serde_json::from_str::<Geometry>(&json).expect("reads back"), geometry);
        let board = start.board();
        let json = serde_json::to_string(&board).expect("serialises");
        assert_eq!(serde_json::from_str::<Board>(&json).expect("reads back"), board);
        let turn = Turn::new(start.clone(), &start.legal_moves());
        for path in turn.paths() {
            let json = serde_json::to_string(&path.clicks).expect("serialises");
            assert_eq!(serde_json::from_str::<Vec<Click>>(&json).expect("reads"), path.clicks);
        }
        let json = serde_json::to_string(&start.status()).expect("serialises");
        assert_eq!(serde_json::from_str::<Status>(&json).expect("reads back"), start.status());
    }
}

#[test]
fn presentation_data_round_trips_through_json_for_every_game() {
    for id in GameId::ALL {
        id.visit(RoundTrip);
    }
    assert_eq!(serde_json::to_string(&arbiter_core::Side::White).expect("json"), "\"white\"");
}
