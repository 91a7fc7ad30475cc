//! The computer's moves. The write that leaves the computer to move claims its move for the
//! server that made it, with a lease in the game's row; that server searches on a bounded
//! pool of worker threads, renewing the lease as it goes, and plays the move found with a
//! write that checks the game's version, so that a move is never played twice. A lease that
//! runs out (its server died) lets the scan of any server claim the move.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::Duration;

use arbiter_ai::{Limits, PlayerSpec, SearchInfo};
use tokio::task::AbortHandle;

use super::entry::Entry;
use super::pool::Work;
use super::{now, Games, Searching, Slot};
use crate::error::ApiError;
use crate::live;
use crate::play::seats::{Player, MAX_THINK};

/// The search of a position with one legal move, which finds it at once.
const ONLY_MOVE: Duration = Duration::from_millis(1);

/// The shortest period of the renewals and scans, whatever the settings say.
const MIN_PERIOD: Duration = Duration::from_millis(10);

impl Games {
    /// Starts the computer's search when it is to move and this server is not already
    /// searching; its move is played when found, unless the game changed meanwhile.
    pub(super) fn schedule(self: &Arc<Self>, slot: &Arc<Slot>, entry: &mut Entry) {
        let side = entry.live.side_to_move();
        let Player::Computer(spec) = &entry.players[side.index()] else { return };
        if entry.thinking || entry.over() || self.stopping.load(Ordering::Relaxed) {
            return;
        }
        entry.thinking = true;
        entry.stop = Arc::default();
        self.register(&entry.stop);
        let (stop, version) = (entry.stop.clone(), entry.stored.version);
        let id = entry.stored.id.clone();
        let mut spec = bounded(*spec);
        if entry.live.only_move().is_some() {
            // One legal move: played at once, whatever the clock.
            spec.limits = Limits { depth: Some(1), ..Limits::time(ONLY_MOVE) };
        } else if let Some(share) = entry.thinking_time() {
            spec.limits.time = spec.limits.time.map(|time| time.min(share));
        }
        let on_clock = entry.control().is_some();
        let search = live::search(&*entry.live, spec, &self.endgames, stop.clone(), on_clock);
        let (games, slot) = (self.clone(), slot.clone());
        tokio::spawn(async move {
            let renewal = games.spawn_renewal(&id, stop.clone());
            let permit = games.workers.acquire(Work::Computer).await;
            let found = if stop.load(Ordering::Relaxed) {
                None
            } else {
                let searching = games.searching.clone();
                let searched = tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    let _counted = Searching::start(&searching);
                    search()
                });
                searched.await.ok()
            };
            renewal.abort();
            let mut entry = slot.entry.lock().await;
            entry.thinking = false;
            let current =
                !entry.stale && entry.stored.version == version && !stop.load(Ordering::Relaxed);
            if let (true, Some(SearchInfo { best: Some(best), .. })) = (current, found) {
                let now = games.time.now();
                if let Some(event) = entry.timed_out(now) {
                    entry.end_by(event, now);
                    let ply = entry.live.ply();
                    if let Err(error) = games.commit(&slot, &mut entry, ply).await {
                        tracing::warn!(game = %id, %error, "the computer's time was not stored");
                        games.unstored(id, &error);
                    }
                    return;
                }
                if entry.play_at(&best, now).is_ok() {
                    entry.stored.draw_offer = None;
                    entry.stored.undo_request = None;
                    let ply = entry.live.ply() - 1;
                    if let Err(error) = games.commit(&slot, &mut entry, ply).await {
                        tracing::warn!(game = %id, %error, "the computer's move was not stored");
                        games.unstored(id, &error);
                    }
                }
            }
        });
    }

    /// Renews this server's lease on game `id`'s computer move every third of the lease,
    /// and stops the search when the lease was lost.
    fn spawn_renewal(
        self: &Arc<Self>,
        id: &str,
        stop: Arc<std::sync::atomic::AtomicBool>,
    ) -> AbortHandle {
        let (games, id) = (Arc::downgrade(self), id.to_owned());
        let every = (self.settings.lease / 3).max(MIN_PERIOD);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.tick().await;
            loop {
                ticks.tick().await;
                let Some(games) = games.upgrade() else { return };
                let (owner, until) = games.lease();
                match games.store.renew(&id, &owner, until).await {
                    Ok(true) => {}
                    Ok(false) => {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    Err(error) => {
                        tracing::warn!(game = %id, %error, "the lease on the game was not renewed")
                    }
                }
            }
        })
        .abort_handle()
    }

    /// Remembers that the computer's move (or its loss on time) in game `id` was found but
    /// not stored because the database failed, so that the next scan searches it again.
    fn unstored(&self, id: String, error: &ApiError) {
        if matches!(error, ApiError::Unavailable(_)) {
            self.unstored.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(id);
        }
    }

    /// Searches again the computer moves this server could not store, then claims those
    /// whose lease ran out, as many as there are idle workers, and searches them.
    async fn scan(self: &Arc<Self>) {
        let unstored = std::mem::take(
            &mut *self.unstored.lock().unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        for id in unstored {
            if let Err(error) = self.resume(&id).await {
                self.unstored(id, &error);
            }
        }
        let idle = self.workers.idle();
        if idle == 0 {
            return;
        }
        let (owner, until) = self.lease();
        let claimed = match self.store.claim_due(&owner, now(), until, idle as i64).await {
            Ok(claimed) => claimed,
            Err(error) => {
                tracing::warn!(%error, "the scan for computer moves failed");
                return;
            }
        };
        for id in claimed {
            // A game that cannot be read keeps its claim until the lease runs out.
            let _ = self.resume(&id).await;
        }
    }

    /// Searches the computer's move in game `id`, claimed by this server, read again from the
    /// database; a game where the computer is not to move has its claim cleared, and a game
    /// whose stored moves cannot be replayed is set aside. The error when the game could not
    /// be read or its claim cleared.
    async fn resume(self: &Arc<Self>, id: &str) -> Result<(), ApiError> {
        if let Some(slot) = self.cache.get(id) {
            self.cache.forget(id, &slot);
        }
        match self.lock(id).await {
            Ok((slot, mut entry)) => {
                if entry.computer_due() {
                    self.schedule(&slot, &mut entry);
                } else if let Err(error) = self.store.clear_due(id, entry.stored.version).await {
                    tracing::error!(game = %id, %error, "the game cannot be played on");
                    return Err(error.into());
                }
                Ok(())
            }
            Err(error @ ApiError::Damaged(_)) => {
                if let Err(error) = self.store.quarantine(id).await {
                    tracing::error!(game = %id, %error, "the game cannot be played on");
                }
                tracing::warn!(game = %id, %error, "the game is not resumed");
                Err(error)
            }
            Err(error) => {
                tracing::warn!(game = %id, %error, "the game is not resumed");
                Err(error)
            }
        }
    }
}

/// `spec` with its search's time bounded by [`MAX_THINK`]: a depth, node or iteration limit
/// alone could keep a worker for ever.
fn bounded(spec: PlayerSpec) -> PlayerSpec {
    let mut limits = spec.effective_limits();
    limits.time = Some(limits.time.map_or(MAX_THINK, |time| time.min(MAX_THINK)));
    PlayerSpec { limits, ..spec }
}

/// Scans for the computer moves no server is searching: at once, then every `every`.
pub(super) fn spawn_scan(games: Weak<Games>, every: Duration) -> AbortHandle {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every.max(MIN_PERIOD));
        loop {
            ticks.tick().await;
            let Some(games) = games.upgrade() else { return };
            games.scan().await;
        }
    })
    .abort_handle()
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    /// Specs that would search for ever (a depth of 1000, 2^64-1 nodes or iterations) are
    /// bounded by the server's time a move, and a spec's own shorter time is kept.
    #[test]
    fn every_search_of_the_server_has_a_bounded_time() {
        for text in [
            "alphabeta:depth=1000",
            "alphabeta:nodes=18446744073709551615",
            "mcts:iterations=18446744073709551615",
        ] {
            let spec = PlayerSpec::from_str(text).expect("a spec");
            assert_eq!(bounded(spec).limits.time, Some(MAX_THINK), "{text}");
        }
        let quick = PlayerSpec::from_str("mcts:time=100ms").expect("a spec");
        assert_eq!(bounded(quick).limits.time, Some(Duration::from_millis(100)));
    }
}
