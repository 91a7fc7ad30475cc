//! A player that plays from an opening book where it can, and searches elsewhere.

use std::sync::Arc;
use std::time::Duration;

use arbiter_core::Evaluate;
use arbiter_tablebase::Endgame;

use crate::book::Book;
use crate::{Context, Limits, Player, SearchReport};

/// A player that answers a position of its book with the book's move (legal there: a book
/// move that is not is passed over), and any other position with its own search.
pub struct Booked<G: Evaluate> {
    book: Arc<Book<G>>,
    player: Box<dyn Player<G>>,
}

impl<G: Evaluate> Booked<G> {
    /// `player`, answering from `book` where it can.
    #[must_use]
    pub fn new(book: Arc<Book<G>>, player: Box<dyn Player<G>>) -> Self {
        Booked { book, player }
    }
}

impl<G: Evaluate> Player<G> for Booked<G> {
    fn choose(
        &mut self,
        position: &G,
        context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        let Some(choice) = self.book.choice(position) else {
            return self.player.choose(position, context, progress);
        };
        let report = SearchReport {
            best: Some(choice.mv),
            score: choice.score,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: vec![choice.mv],
            book: true,
        };
        progress(&report);
        report
    }

    fn set_limits(&mut self, limits: Limits) {
        self.player.set_limits(limits);
    }

    fn set_endgame(&mut self, endgame: Option<Arc<dyn Endgame<G>>>) {
        self.player.set_endgame(endgame);
    }

    fn new_game(&mut self, seed: u64) {
        self.player.new_game(seed);
    }
}
