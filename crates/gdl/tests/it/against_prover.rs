//! The reasoner against the top-down prover of `prover.rs` on random playouts of every test
//! game: the same state, terminal test, goals and legal moves at every step.

use std::collections::BTreeSet;

use arbiter_gdl::{parse, Description, Game};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::prover::Prover;
use crate::{game_text, GAMES};

/// Plays `playouts` random playouts of the test game `name` with both reasoners in step;
/// returns the states compared.
fn compare(name: &str, playouts: usize) -> usize {
    let description = parse(&game_text(name)).expect("the test game parses");
    let game = Game::from_description(&description).expect("the test game compiles");
    compare_game(name, &description, &game, playouts, usize::MAX)
}

/// Plays `playouts` random playouts of `game` (compiled from `description`), each at most
/// `max_plies` long, with the reasoner and the prover in step; returns the states compared.
pub fn compare_game(
    name: &str,
    description: &Description,
    game: &Game,
    playouts: usize,
    max_plies: usize,
) -> usize {
    let mut prover = Prover::new(description);
    assert_eq!(game.roles(), prover.roles(), "{name}: roles");
    let initial_prover_state = prover.state();
    let mut machine = game.machine();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut compared = 0;
    for playout in 0..playouts {
        machine.set_state(&game.initial_state()).expect("own state");
        prover = Prover::new(description);
        assert_eq!(prover.state(), initial_prover_state);
        'plies: for ply in 0..max_plies {
            let here = format!("{name}, playout {playout}, ply {ply}");
            let state: BTreeSet<String> =
                game.propositions(machine.state()).into_iter().map(str::to_owned).collect();
            assert_eq!(state, prover.state(), "{here}: state");
            compared += 1;
            let terminal = machine.is_terminal();
            assert_eq!(terminal, prover.is_terminal(), "{here}: terminal");
            for role in 0..game.roles().len() {
                let goals: BTreeSet<u32> = machine.goal_values(role).collect();
                assert_eq!(goals, prover.goals(role), "{here}: goals of role {role}");
            }
            if terminal || ply + 1 == max_plies {
                break;
            }
            let mut joint = Vec::new();
            let mut texts = Vec::new();
            for role in 0..game.roles().len() {
                let legal: BTreeSet<String> = machine
                    .legal_moves(role)
                    .map(|mv| game.move_text(role, mv).expect("a move of the role").to_owned())
                    .collect();
                assert_eq!(legal, prover.legal(role), "{here}: legal moves of role {role}");
                if legal.is_empty() {
                    // A game that leaves a role without a move before the end is not well
                    // formed; both reasoners agree on it, and the playout stops.
                    break 'plies;
                }
                let mv = machine
                    .nth_legal(role, rng.random_range(0..legal.len()))
                    .expect("a legal move");
                texts.push(game.move_text(role, mv).expect("a move").to_owned());
                joint.push(mv);
            }
            let next = machine.next_state(&joint).expect("a legal joint move");
            machine.play(&joint).expect("a legal joint move");
            assert_eq!(&next, machine.state(), "{here}: next_state and play agree");
            prover.play(&texts);
        }
    }
    compared
}

#[test]
fn every_test_game_agrees_with_the_prover() {
    for name in GAMES {
        let playouts = match name {
            "breakthrough" => 2,
            "breakthroughSmallHoles" | "connectFour" => 6,
            _ => 25,
        };
        let compared = compare(name, playouts);
        assert!(compared > playouts, "{name}: {compared} states compared");
    }
}
