//! Clocks. The server is the only authority on time: each side's time left is stored with the
//! game and charged in the move's transaction from the server's clock ([`ServerTime`]). No
//! clock runs until each side has made its first move; a side that does not make its first
//! move in time (30 s in real time, the days a move in correspondence) has the game aborted.
//! A side whose time runs out loses, in every game. The server finds that by itself: every
//! game with a deadline close enough is in a queue ([`Timer`]) that a task ends on time, and a
//! scan of the database every few seconds puts there the deadlines other servers stored.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::task::AbortHandle;

use super::{now, Games};
use crate::error::ApiError;
pub use crate::time_control::{ClockState, Millis, TimeControl};

/// The server's clock, in milliseconds since the Unix epoch, which a test may move forward.
#[derive(Debug, Default)]
pub struct ServerTime {
    offset_ms: AtomicI64,
}

impl ServerTime {
    /// Now, on this clock.
    #[must_use]
    pub fn now(&self) -> Millis {
        now() + Millis(self.offset_ms.load(Ordering::Relaxed))
    }

    fn advance(&self, by: Duration) {
        self.offset_ms.fetch_add(by.as_millis() as i64, Ordering::Relaxed);
    }
}

/// The games whose deadline comes soon, the next first.
#[derive(Default)]
pub(super) struct Timer {
    queue: Mutex<BinaryHeap<Reverse<(Millis, String)>>>,
    wake: Notify,
}

impl Timer {
    /// Ends game `id` on time at `deadline` unless a change comes first.
    pub(super) fn watch(&self, id: &str, deadline: Millis) {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        queue.push(Reverse((deadline, id.to_owned())));
        drop(queue);
        self.wake.notify_one();
    }

    /// The games whose deadline is `now` or earlier, taken from the queue; and the next
    /// deadline after them.
    fn due(&self, now: Millis) -> (Vec<String>, Option<Millis>) {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        let mut due = Vec::new();
        while let Some(Reverse((deadline, _))) = queue.peek() {
            if *deadline > now {
                return (due, Some(*deadline));
            }
            if let Some(Reverse((_, id))) = queue.pop() {
                due.push(id);
            }
        }
        (due, None)
    }
}

impl Games {
    /// Moves this server's clock forward by `by`: a test's way to reach a correspondence
    /// deadline without waiting days.
    pub fn advance_clock(&self, by: Duration) {
        self.time.advance(by);
        self.timer.wake.notify_one();
    }

    /// Queues game `id`'s `deadline` when it comes before the next scans (a later one is
    /// queued by a scan then, so that the queue holds only what is near).
    pub(super) fn watch_deadline(&self, id: &str, deadline: Millis) {
        let horizon = Millis::of(2 * self.settings.scan);
        if deadline < self.time.now() + horizon {
            self.timer.watch(id, deadline);
        }
    }

    /// Ends game `id` on time if its deadline has passed (another change may have come first).
    async fn end_on_time(self: &Arc<Self>, id: &str) -> Result<(), ApiError> {
        let (slot, mut entry) = self.lock(id).await?;
        let now = self.time.now();
        let Some(event) = entry.timed_out(now) else {
            if let Some(deadline) = entry.stored.deadline {
                self.watch_deadline(id, deadline);
            }
            return Ok(());
        };
        entry.end_by(event, now);
        let ply = entry.live.ply();
        self.commit(&slot, &mut entry, ply).await
    }

    /// The deadlines stored that come before `until`, queued.
    async fn queue_stored_deadlines(&self, until: Millis) {
        match self.store.deadlines_before(until).await {
            Ok(found) => {
                for (id, deadline) in found {
                    self.timer.watch(&id, deadline);
                }
            }
            Err(error) => tracing::warn!(%error, "the scan for clocks failed"),
        }
    }
}

/// Ends the games on time as their deadlines pass; every `scan`, queues the deadlines stored
/// that come before the next scan (those of games this server does not hold, or read back).
pub(super) fn spawn_timer(games: Weak<Games>, scan: Duration) -> AbortHandle {
    tokio::spawn(async move {
        let scan = Millis::of(scan).max(Millis(1));
        let mut next_scan = Millis(i64::MIN);
        loop {
            let Some(strong) = games.upgrade() else { return };
            let now = strong.time.now();
            if now >= next_scan {
                strong.queue_stored_deadlines(now + scan + scan).await;
                next_scan = now + scan;
            }
            let (due, next) = strong.timer.due(now);
            for id in due {
                let games = strong.clone();
                tokio::spawn(async move {
                    for _ in 0..super::ATTEMPTS {
                        match games.end_on_time(&id).await {
                            Err(ApiError::Outdated) => continue,
                            Err(error) => {
                                tracing::warn!(game = %id, %error, "the clock of the game was not ended")
                            }
                            Ok(()) => {}
                        }
                        break;
                    }
                });
            }
            let wait = next.map_or(next_scan, |next| next.min(next_scan)) - now;
            let sleep = Duration::from_millis(wait.clamp(Millis(1), scan).0 as u64);
            let timer = Arc::clone(&strong.timer);
            drop(strong);
            tokio::select! {
                () = tokio::time::sleep(sleep) => {}
                () = timer.wake.notified() => {}
            }
        }
    })
    .abort_handle()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time_control::DAY;

    #[test]
    fn a_time_control_is_stored_and_tagged_as_text() {
        let blitz = TimeControl::RealTime { initial_ms: 300_000, increment_ms: 3000 };
        assert_eq!(blitz.to_text(), "300000+3000");
        assert_eq!(TimeControl::from_text("300000+3000"), Some(blitz));
        assert_eq!(blitz.record_tag(), "300+3");
        let days = TimeControl::Correspondence { days_per_move: 3 };
        assert_eq!(TimeControl::from_text(&days.to_text()), Some(days));
        assert_eq!(days.record_tag(), "1/259200");
        assert_eq!(TimeControl::from_text("300000"), None);
    }

    #[test]
    fn a_move_is_charged_and_the_increment_added() {
        let clock = TimeControl::RealTime { initial_ms: 2000, increment_ms: 500 };
        assert_eq!(clock.after_move(Millis(2000), Millis(700)), Millis(1800));
        let days = TimeControl::Correspondence { days_per_move: 1 };
        assert_eq!(
            days.after_move(Millis(1000), Millis(900)),
            DAY,
            "a correspondence move gives the days again"
        );
    }

    #[test]
    fn clocks_out_of_bounds_are_refused() {
        assert!(TimeControl::RealTime { initial_ms: 999, increment_ms: 0 }.check().is_err());
        assert!(TimeControl::RealTime { initial_ms: 60_000, increment_ms: 200_000 }
            .check()
            .is_err());
        assert!(TimeControl::Correspondence { days_per_move: 0 }.check().is_err());
        assert!(TimeControl::Correspondence { days_per_move: 7 }.check().is_ok());
    }

    #[test]
    fn the_timer_gives_the_games_due_first() {
        let timer = Timer::default();
        timer.watch("b", Millis(20));
        timer.watch("a", Millis(10));
        timer.watch("c", Millis(30));
        assert_eq!(timer.due(Millis(5)), (vec![], Some(Millis(10))));
        assert_eq!(timer.due(Millis(20)), (vec!["a".to_owned(), "b".to_owned()], Some(Millis(30))));
    }
}
