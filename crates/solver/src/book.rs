//! Exact values known in advance, which the [`Oracle`](crate::Oracle) reads before it
//! searches: strong solutions put on a shelf for the whole process by the front end that
//! loaded them, as chess engines keep their endgame tablebases.
//!
//! A book is found by the game's identifier alone, so it must hold the values of every rule
//! set the process plays that game under: the strong solution of mini checkers, whose option
//! `first` only chooses the start, covers them all.

use std::sync::{Arc, Mutex, PoisonError};

use crate::strong::StrongSolution;
use crate::Exact;
use arbiter_core::Knowledge;

/// Exact values by canonical hash ([`Knowledge::canonical_hash`]).
pub trait Book: Send + Sync {
    /// The value of the position with this canonical hash for the player to move, if known.
    fn exact(&self, canonical_hash: u64) -> Option<Exact>;
}

impl<G: Knowledge> Book for StrongSolution<G> {
    fn exact(&self, canonical_hash: u64) -> Option<Exact> {
        self.lookup_key(canonical_hash)
    }
}

/// The shelf: each game's book.
static SHELF: Mutex<Vec<(&'static str, Arc<dyn Book>)>> = Mutex::new(Vec::new());

/// Puts `book` on the shelf for the game `game` (an identifier such as `minicheckers`),
/// replacing the one there.
pub fn install(game: &'static str, book: Arc<dyn Book>) {
    let mut shelf = SHELF.lock().unwrap_or_else(PoisonError::into_inner);
    shelf.retain(|(id, _)| *id != game);
    shelf.push((game, book));
}

/// The book of the game `game`, if one is on the shelf.
pub(crate) fn book(game: &str) -> Option<Arc<dyn Book>> {
    let shelf = SHELF.lock().unwrap_or_else(PoisonError::into_inner);
    shelf.iter().find(|(id, _)| *id == game).map(|(_, book)| Arc::clone(book))
}
