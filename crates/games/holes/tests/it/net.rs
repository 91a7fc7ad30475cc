//! The learned evaluation: the network built in, its features, and its accumulators.

use arbiter_core::nnue::{self, Accumulator, Features};
use arbiter_core::testkit::random_playouts;
use arbiter_core::{Evaluate, Game, Side, Symmetry};
use arbiter_holes::{Holes, Options};

fn features(position: &Holes, perspective: Side) -> Vec<u16> {
    let mut features = Features::new();
    position.net_features(perspective, &mut features);
    let mut sorted = features.as_slice().to_vec();
    sorted.sort_unstable();
    sorted
}

#[test]
fn the_network_built_in_is_read_for_holes() {
    let network = Holes::network().expect("data/nnue.bin is a network for holes");
    assert_eq!((network.game.as_str(), network.inputs), ("holes", 72));
    assert!(network.provenance.contains("arbiter train fit holes"), "{}", network.provenance);
}

#[test]
fn the_start_is_seen_alike_by_both_sides_and_its_features_are_its_pieces() {
    let start = Holes::start(&Options::default());
    let white = features(&start, Side::White);
    assert_eq!(white, features(&start, Side::Black));
    // Own pieces on cells 0–11 (rows 1 and 2), enemy pieces on 24–35 (rows 5 and 6).
    let expected: Vec<u16> = (0..12).chain(36 + 24..36 + 36).collect();
    assert_eq!(white, expected);
}

#[test]
fn a_position_and_its_mirror_image_evaluate_the_same_for_the_side_to_move() {
    let network = Holes::network().expect("a network");
    for options in [Options::default(), Options { diagonal_captures: true }] {
        random_playouts::<Holes>(&options, 20, 60, 7, |position, _| {
            let image = position.mirrored();
            let side = position.side_to_move();
            assert_eq!(features(position, side), features(&image, side.opponent()));
            assert_eq!(features(position, side.opponent()), features(&image, side));
            assert_eq!(nnue::evaluate(network, position), nnue::evaluate(network, &image));
        });
    }
}

#[test]
fn accumulators_updated_move_by_move_equal_those_computed_afresh() {
    let network = Holes::network().expect("a network");
    let refresh = |position: &Holes, side: Side| {
        let mut features = Features::new();
        position.net_features(side, &mut features);
        Accumulator::new(network, features.as_slice())
    };
    let mut captures = 0;
    for options in [Options::default(), Options { diagonal_captures: true }] {
        let mut accumulators: Option<[Accumulator; 2]> = None;
        random_playouts::<Holes>(&options, 30, 60, 11, |position, mv| {
            let fresh = [refresh(position, Side::White), refresh(position, Side::Black)];
            let current = accumulators.take().unwrap_or_else(|| fresh.clone());
            assert_eq!(current, fresh, "after the moves to {}", position.to_text());
            let Some(mv) = mv else { return };
            captures += usize::from(mv.is_capture());
            let mut next = current;
            for (accumulator, side) in next.iter_mut().zip([Side::White, Side::Black]) {
                let (mut added, mut removed) = (Features::new(), Features::new());
                position.feature_changes(mv, side, &mut added, &mut removed);
                accumulator.update(network, added.as_slice(), removed.as_slice());
            }
            accumulators = Some(next);
        });
    }
    assert!(captures > 20, "the playouts captured pieces ({captures})");
}
