//! Random Swiss events, checked after every round against every pairing rule
//! (`swiss_checks`): 2 to 60 players, 1 to 11 rounds, random results (some forfeited) and
//! random withdrawals between rounds.

use arbiter_core::Side::{Black, White};
use arbiter_tournament::swiss::{SwissEvent, SwissPlayer, SwissResult};
use arbiter_tournament::{GameResult, PlayerId};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::swiss_checks::{check_round, check_standings};

#[test]
fn random_events_keep_every_pairing_rule() {
    play_events(2026, 200);
}

#[test]
#[ignore = "about half a minute; cargo test -p arbiter-tournament -- --ignored"]
fn many_random_events_keep_every_pairing_rule() {
    play_events(1, 3000);
}

/// Plays `events` random events from `seed`, checking each round.
fn play_events(seed: u64, events: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for number in 0..events {
        let size = rng.random_range(2..=60_u64);
        let rounds = rng.random_range(1..=11);
        play_event(&mut rng, number, size, rounds);
    }
}

fn play_event(rng: &mut ChaCha8Rng, number: usize, size: u64, rounds: u32) {
    let mut event = SwissEvent {
        rounds,
        initial_colour: if rng.random_bool(0.5) { White } else { Black },
        players: (1..=size)
            .map(|id| SwissPlayer {
                id: PlayerId(id),
                // Some equal ratings, so that ids break ties.
                rating: 1000 + 50 * rng.random_range(0..30),
                withdrawn: false,
            })
            .collect(),
        history: Vec::new(),
    };
    for round in 1..=rounds {
        if round > 1 {
            for player in &mut event.players {
                if !player.withdrawn && rng.random_range(0..100) < 4 {
                    player.withdrawn = true;
                }
            }
        }
        let context = format!("event {number} ({size} players, {rounds} rounds), round {round}");
        let pairing = event.pair_next_round().unwrap_or_else(|error| panic!("{context}: {error}"));
        if let Err(problem) = check_round(&event, &pairing) {
            panic!("{context}: {problem}\n{pairing:?}\n{event:?}");
        }
        let mut played = pairing.to_round();
        for game in &mut played.games {
            game.result = Some(random_result(rng));
        }
        event.history.push(played);
        if let Err(problem) = check_standings(&event) {
            panic!("{context}: {problem}");
        }
    }
}

fn random_result(rng: &mut ChaCha8Rng) -> SwissResult {
    match rng.random_range(0..100) {
        0..=39 => SwissResult::Played(GameResult::Win(White)),
        40..=79 => SwissResult::Played(GameResult::Win(Black)),
        80..=96 => SwissResult::Played(GameResult::Draw),
        97..=98 => {
            SwissResult::Forfeit { winner: Some(if rng.random_bool(0.5) { White } else { Black }) }
        }
        _ => SwissResult::Forfeit { winner: None },
    }
}
