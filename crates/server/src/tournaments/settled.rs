//! What a server keeps of the tournaments it reads: each one's first pairings whose games are
//! over (played, called off, or a bye), which no later change touches, so that a reading
//! fetches only the pairings after them. The steps, the views and the sockets read a running
//! tournament every second or so; an arena of thousands of games then reads the few still
//! being played, not every one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::store::{Store, StoreError, StoredPairing, TournamentRows, TournamentStatus};

/// The most tournaments whose pairings are kept; past it, all are forgotten and read again.
const KEPT: usize = 256;

/// The settled pairings of the tournaments read lately.
#[derive(Default)]
pub(crate) struct Settled(Mutex<HashMap<String, Arc<Vec<StoredPairing>>>>);

impl Settled {
    /// Tournament `id` as stored, its settled pairings taken from what this server kept.
    pub(crate) async fn read(
        &self,
        store: &Store,
        id: &str,
    ) -> Result<Option<TournamentRows>, StoreError> {
        let known = self.kept(id);
        let from = u32::try_from(known.len()).unwrap_or(u32::MAX);
        let Some(mut rows) = store.tournament(id, from).await? else { return Ok(None) };
        let mut pairings = Vec::with_capacity(known.len() + rows.pairings.len());
        pairings.extend(known.iter().cloned());
        pairings.append(&mut rows.pairings);
        rows.pairings = pairings;
        if rows.pairings.iter().enumerate().any(|(place, pairing)| pairing.seq as usize != place) {
            return Err(StoreError::Damaged(format!("tournament {id}'s pairings skip a number")));
        }
        let settled = rows.pairings.iter().take_while(|pairing| is_settled(pairing)).count();
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if rows.tournament.status == TournamentStatus::Finished {
            // Read seldom once over, and never changed again.
            kept.remove(id);
        } else if settled > known.len() {
            if kept.len() >= KEPT && !kept.contains_key(id) {
                kept.clear();
            }
            kept.insert(id.to_owned(), Arc::new(rows.pairings[..settled].to_vec()));
        }
        Ok(Some(rows))
    }

    /// The settled pairings kept of tournament `id`.
    fn kept(&self, id: &str) -> Arc<Vec<StoredPairing>> {
        let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.get(id).cloned().unwrap_or_default()
    }
}

/// A pairing no later change touches: a bye, or a game that is over.
fn is_settled(pairing: &StoredPairing) -> bool {
    match (&pairing.game, &pairing.outcome) {
        (None, _) => true,
        (Some(_), outcome) => outcome.as_ref().is_some_and(|outcome| outcome.over()),
    }
}
