//! The fast generator against a deliberately simple, independent one (`reference/`, an array
//! board written from docs/rules.md alone): legal moves in random games, and perft of hand-made
//! positions.

use crate::reference;
use arbiter_checkers::Checkers;
use arbiter_core::testkit::random_playouts;
use arbiter_core::{perft, Game, NoOptions};

fn position(fen: &str) -> Checkers {
    Checkers::from_text(fen, &NoOptions).expect("valid FEN")
}

fn sorted_moves(position: &Checkers) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves
}

/// Hand-made positions and the depth to which both generators are compared.
const POSITIONS: [(&str, &str, u32); 8] = [
    ("a king that captures around a loop in two directions", "W:WK10:B14,15,22,23", 6),
    ("a king loop with men of both sides about", "W:WK10,21,30:B5,14,15,22,23,K32", 5),
    ("crowning at the end of a jump", "B:W26,27,30:B22,K3", 6),
    ("branching multi-jumps of a man", "B:W9,10,17,18,19,26,27,28:B6,1", 6),
    ("kings only", "W:WK1,K3,K30,K32:BK5,K12,K21,K28", 5),
    ("the example of docs/rules.md §4", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", 6),
    ("a crowded middle game", "W:W14,17,21,22,23,25,26,27,29,31:B1,3,5,6,7,9,10,11,13,16", 6),
    ("kings that can jump back and forth", "B:W6,7,14,15,K23,K24:BK1,K2,9,10,11", 5),
];

#[test]
fn hand_made_positions_agree_with_the_reference_generator() {
    for (name, fen, depth) in POSITIONS {
        let fast = position(fen);
        assert_eq!(sorted_moves(&fast), reference::legal_moves(fen), "{name}: {fen}");
        for d in 1..=depth {
            assert_eq!(perft(&fast, d), reference::perft(fen, d), "{name}: {fen} depth {d}");
        }
    }
}

#[test]
fn start_position_agrees_with_the_reference_generator_to_depth_7() {
    let start = Checkers::start(&NoOptions);
    assert_eq!(start.to_text(), position(reference::START).to_text());
    assert_eq!(perft(&start, 7), reference::perft(reference::START, 7));
}

/// Every position of 1000 random games has the same legal moves in both generators.
#[test]
fn random_games_agree_with_the_reference_generator() {
    let compared = random_playouts::<Checkers>(&NoOptions, 1000, 200, 0x5EED, |position, _| {
        let fen = position.to_text();
        assert_eq!(sorted_moves(position), reference::legal_moves(&fen), "position {fen}");
    });
    assert!(compared > 50_000, "only {compared} positions compared");
}
