//! Random playouts: a game played on by uniformly random legal moves, on positions alone. It
//! is the loop of MCTS's simulations, and `arbiter bench` measures its speed.

use arbiter_core::{Game, Outcome, Side};
use rand::{Rng, RngExt};

/// How a playout ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayoutEnd {
    /// The game ended: the winner, or `None` for a draw by the limit of turns without
    /// progress (repetitions are not looked for: the limit ends every cycle).
    Over(Option<Side>),
    /// The turn limit was reached first.
    Cut,
}

/// A finished playout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playout<G> {
    /// The position it ended in.
    pub position: G,
    /// How it ended.
    pub end: PlayoutEnd,
    /// The turns played.
    pub turns: u32,
}

/// Plays uniformly random legal moves from `position`, reached after `quiet` turns without
/// progress, until the game ends (by the board, or by the game's limit of turns without
/// progress) or `max_turns` turns are played. `moves` is scratch space, reused.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    mut position: G,
    mut quiet: u32,
    max_turns: u32,
    rng: &mut R,
    moves: &mut Vec<G::Move>,
) -> Playout<G> {
    let limit = position.draw_rules().turns_without_progress;
    for turns in 0..max_turns {
        // At the limit of turns without progress, a game that goes on (it has moves) is drawn.
        let drawn = limit.is_some_and(|limit| quiet >= limit) && position.count_moves(moves) > 0;
        if drawn {
            return Playout { position, end: PlayoutEnd::Over(None), turns };
        }
        let Some(mv) = position.choose_move(|count| rng.random_range(0..count), moves) else {
            let winner = position.status().outcome().and_then(Outcome::winner);
            return Playout { position, end: PlayoutEnd::Over(winner), turns };
        };
        quiet = if position.is_progress(mv) { 0 } else { quiet.saturating_add(1) };
        position.play_unchecked(mv);
    }
    Playout { position, end: PlayoutEnd::Cut, turns: max_turns }
}

/// Plays `count` playouts from the game's start under its default options, seeded with
/// `seed`, and returns the turns played in all: the workload of `arbiter bench`.
pub fn playout_turns<G: Game>(count: u32, seed: u64) -> u64 {
    use rand::SeedableRng;

    let start = G::start(&G::Options::default());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut moves = Vec::new();
    (0..count)
        .map(|_| u64::from(random_playout(start.clone(), 0, u32::MAX, &mut rng, &mut moves).turns))
        .sum()
}

#[cfg(test)]
mod tests {
    use arbiter_checkers::Checkers;
    use arbiter_holes::Holes;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn a_playout_ends_with_the_game() {
        let (mut rng, mut moves) = (ChaCha8Rng::seed_from_u64(3), Vec::new());
        let start = Holes::start(&Default::default());
        let cut = random_playout(start, 0, 0, &mut rng, &mut moves);
        assert_eq!((cut.end, cut.turns), (PlayoutEnd::Cut, 0));
        let played = random_playout(start, 0, u32::MAX, &mut rng, &mut moves);
        let outcome = played.position.status().outcome().expect("the game is over");
        assert_eq!(played.end, PlayoutEnd::Over(outcome.winner()));
    }

    #[test]
    fn kings_alone_are_drawn_by_the_limit_of_turns_without_progress() {
        let (mut rng, mut moves) = (ChaCha8Rng::seed_from_u64(3), Vec::new());
        // 70 of checkers' 80 turns without progress are gone: unless a king walks into a
        // jump, the limit draws the game 10 turns later.
        let kings = Checkers::from_text("W:WK29:BK4", &Default::default()).expect("valid");
        let played = random_playout(kings, 70, u32::MAX, &mut rng, &mut moves);
        match played.end {
            PlayoutEnd::Over(None) => assert_eq!(played.turns, 10),
            PlayoutEnd::Over(Some(_)) => assert!(played.position.status().is_over()),
            PlayoutEnd::Cut => panic!("no turn limit was given"),
        }
        assert_eq!(playout_turns::<Holes>(3, 1), playout_turns::<Holes>(3, 1), "seeded");
    }
}
