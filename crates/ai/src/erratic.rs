//! A player that sometimes plays a random move instead of its own: the beginners' levels.

use arbiter_core::Evaluate;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Context, Limits, Player, RandomPlayer, SearchReport};

/// Plays a uniformly random legal move `percent` times in a hundred, on average, and the
/// move of `player` otherwise. Each choice is drawn from the seed and the position, so that it
/// is the same for the same seed in the same game, and varies from move to move even when the
/// player is made afresh for every move (as the server does).
pub struct Erratic<G: Evaluate> {
    player: Box<dyn Player<G>>,
    percent: u8,
    seed: u64,
}

impl<G: Evaluate> Erratic<G> {
    /// `player`, replaced by a random move `percent` (0–100) times in a hundred.
    #[must_use]
    pub fn new(player: Box<dyn Player<G>>, percent: u8, seed: u64) -> Self {
        Erratic { player, percent: percent.min(100), seed }
    }
}

impl<G: Evaluate> Player<G> for Erratic<G> {
    fn choose(
        &mut self,
        position: &G,
        context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        let draw = self.seed ^ position.hash() ^ (context.history.len() as u64).rotate_left(32);
        let mut rng = ChaCha8Rng::seed_from_u64(draw);
        if rng.random_range(0..100) < self.percent {
            let mut random = RandomPlayer::new(rng.random());
            Player::<G>::choose(&mut random, position, context, progress)
        } else {
            self.player.choose(position, context, progress)
        }
    }

    fn set_limits(&mut self, limits: Limits) {
        self.player.set_limits(limits);
    }

    fn set_endgame(&mut self, endgame: Option<std::sync::Arc<dyn arbiter_tablebase::Endgame<G>>>) {
        self.player.set_endgame(endgame);
    }

    fn new_game(&mut self, seed: u64) {
        self.seed = seed;
        self.player.new_game(seed);
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::Game;
    use arbiter_minicheckers::Minicheckers;

    use super::*;
    use crate::AlphaBeta;

    /// The moves the player chooses from the start in `games` new games, each made afresh
    /// with its own seed as the server makes them.
    fn first_moves(percent: u8, games: u64) -> Vec<<Minicheckers as Game>::Move> {
        let start = Minicheckers::start(&Default::default());
        (0..games)
            .map(|seed| {
                let searcher = AlphaBeta::<Minicheckers>::new(Limits::depth(2), 1);
                let mut player = Erratic::new(Box::new(searcher), percent, seed);
                player.choose(&start, &Context::default(), &mut |_| {}).best.expect("a move")
            })
            .collect()
    }

    #[test]
    fn the_share_of_random_moves_follows_the_percentage() {
        let searched = first_moves(0, 1)[0];
        assert!(first_moves(0, 50).iter().all(|&mv| mv == searched));
        let all_random = first_moves(100, 200);
        let distinct: std::collections::HashSet<_> = all_random.iter().collect();
        assert_eq!(distinct.len(), 5, "every one of the five opening moves comes up");
        let some = first_moves(25, 400).iter().filter(|&&mv| mv != searched).count();
        // A random move is the searched one a fifth of the time: about 20% of 400 differ.
        assert!((50..110).contains(&some), "{some} of 400 differ");
        assert_eq!(first_moves(25, 400), first_moves(25, 400), "the same seeds, the same moves");
    }

    #[test]
    fn one_player_draws_anew_for_each_position() {
        let searcher = AlphaBeta::<Minicheckers>::new(Limits::depth(2), 1);
        let mut player = Erratic::new(Box::new(searcher), 50, 7);
        let mut checker = AlphaBeta::<Minicheckers>::new(Limits::depth(2), 1);
        let mut position = Minicheckers::start(&Default::default());
        let (mut differ, mut played) = (0, 0);
        for _ in 0..12 {
            if position.legal_moves().len() < 2 {
                break;
            }
            let context = Context::default();
            let chosen = player.choose(&position, &context, &mut |_| {}).best.expect("a move");
            let searched = checker.choose(&position, &context, &mut |_| {}).best;
            differ += usize::from(Some(chosen) != searched);
            played += 1;
            position.play(chosen).expect("legal");
        }
        assert!(
            0 < differ && differ < played,
            "half the moves are random, so some should differ from the search's: {differ} of {played}"
        );
    }
}
