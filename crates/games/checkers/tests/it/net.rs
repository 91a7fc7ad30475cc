//! The learned evaluation: the network built in, its features, and its accumulators.

use arbiter_checkers::Checkers;
use arbiter_core::nnue::{self, Accumulator, Features};
use arbiter_core::testkit::random_playouts;
use arbiter_core::{Evaluate, Game, NoOptions, Side};

/// The position turned half a turn with the colours and the side to move swapped, written as
/// its text: square `n` becomes `33 − n`.
fn mirrored(position: &Checkers) -> Checkers {
    let kings = position.kings();
    let pieces = |side: Side| {
        let set = position.pieces(side);
        let squares: Vec<String> = (0..32)
            .filter(|square| set & 1 << square != 0)
            .map(|square| {
                let king = if kings & 1 << square != 0 { "K" } else { "" };
                format!("{king}{}", 32 - square)
            })
            .collect();
        squares.join(",")
    };
    let side = match position.side_to_move() {
        Side::Black => "W",
        Side::White => "B",
    };
    let text = format!("{side}:W{}:B{}", pieces(Side::Black), pieces(Side::White));
    Checkers::from_text(&text, &NoOptions).expect("a mirrored position is a position")
}

fn features(position: &Checkers, perspective: Side) -> Vec<u16> {
    let mut features = Features::new();
    position.net_features(perspective, &mut features);
    let mut sorted = features.as_slice().to_vec();
    sorted.sort_unstable();
    sorted
}

#[test]
fn the_network_built_in_is_read_for_checkers() {
    let network = Checkers::network().expect("data/nnue.bin is a network for checkers");
    assert_eq!((network.game.as_str(), network.inputs), ("checkers", 128));
    assert!(network.provenance.contains("arbiter train fit checkers"), "{}", network.provenance);
}

#[test]
fn a_position_and_its_mirror_image_evaluate_the_same_for_the_side_to_move() {
    let network = Checkers::network().expect("a network");
    let start = Checkers::start(&NoOptions);
    assert_eq!(nnue::evaluate(network, &start), nnue::evaluate(network, &mirrored(&start)));
    random_playouts::<Checkers>(&NoOptions, 20, 150, 7, |position, _| {
        let image = mirrored(position);
        let side = position.side_to_move();
        assert_eq!(features(position, side), features(&image, side.opponent()));
        assert_eq!(features(position, side.opponent()), features(&image, side));
        assert_eq!(nnue::evaluate(network, position), nnue::evaluate(network, &image));
    });
}

#[test]
fn accumulators_updated_move_by_move_equal_those_computed_afresh() {
    let network = Checkers::network().expect("a network");
    let refresh = |position: &Checkers, side: Side| {
        let mut features = Features::new();
        position.net_features(side, &mut features);
        Accumulator::new(network, features.as_slice())
    };
    let mut kings_seen = 0;
    let mut accumulators: Option<[Accumulator; 2]> = None;
    random_playouts::<Checkers>(&NoOptions, 30, 200, 11, |position, mv| {
        let fresh = [refresh(position, Side::Black), refresh(position, Side::White)];
        let current = accumulators.take().unwrap_or_else(|| fresh.clone());
        assert_eq!(current, fresh, "after the moves to {}", position.to_text());
        kings_seen += position.kings().count_ones();
        let Some(mv) = mv else { return };
        let mut next = current;
        for (accumulator, side) in next.iter_mut().zip([Side::Black, Side::White]) {
            let (mut added, mut removed) = (Features::new(), Features::new());
            position.feature_changes(mv, side, &mut added, &mut removed);
            accumulator.update(network, added.as_slice(), removed.as_slice());
        }
        accumulators = Some(next);
    });
    assert!(kings_seen > 100, "the playouts crowned kings");
}
