//! The games in memory: a game stays while it is used (a request or a search holds it, a
//! socket watches it, or it was used within the idle time), and never more than the cap. A
//! game read when the cache is full of games in use is served without being kept.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

use tokio::task::AbortHandle;

use super::entry::Entry;
use super::{Games, Slot};

/// How many notices of games not in memory are kept before the older are dropped.
const UNREAD_KEPT: usize = 4096;
/// How long a notice of a game not in memory is kept, at least (a read takes far less).
const UNREAD_FOR_MS: u64 = 5000;

/// The games in memory, by identifier.
pub(super) struct Cache {
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    /// The versions other servers stored of games not in memory, heard in the last few
    /// seconds, with when: a game being read when its notice comes is kept with it, and
    /// brought up to date when next used (its read may have come before the change).
    unread: Mutex<HashMap<String, (i64, u64)>>,
    capacity: usize,
    /// The clock of `Slot::used`.
    started: Instant,
}

impl Cache {
    pub(super) fn new(capacity: usize) -> Cache {
        Cache {
            slots: Mutex::new(HashMap::new()),
            unread: Mutex::default(),
            capacity: capacity.max(1),
            started: Instant::now(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<Slot>>> {
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn clock(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    pub(super) fn len(&self) -> usize {
        self.lock().len()
    }

    /// The game `id` when it is in memory, marked as used now.
    pub(super) fn get(&self, id: &str) -> Option<Arc<Slot>> {
        let slot = self.lock().get(id).cloned()?;
        slot.used.store(self.clock(), Ordering::Relaxed);
        Some(slot)
    }

    /// Keeps `entry`, just read, as game `id`: in memory when there is room or a game not in
    /// use can make room (the least recently used), else only for the request that read it.
    /// When another request read the game meanwhile, its copy is the one kept.
    pub(super) fn insert(&self, id: &str, entry: Entry) -> Arc<Slot> {
        let unread = self.unread.lock().unwrap_or_else(PoisonError::into_inner).remove(id);
        let slot = Arc::new(Slot {
            version: AtomicI64::new(entry.stored.version),
            heard: AtomicI64::new(unread.map_or(0, |(version, _)| version)),
            entry: Arc::new(tokio::sync::Mutex::new(entry)),
            used: AtomicU64::new(self.clock()),
        });
        let mut slots = self.lock();
        if let Some(kept) = slots.get(id) {
            return kept.clone();
        }
        if slots.len() >= self.capacity {
            let unused = slots
                .iter()
                .filter(|(_, slot)| Arc::strong_count(slot) == 1)
                .min_by_key(|(_, slot)| slot.used.load(Ordering::Relaxed))
                .map(|(id, _)| id.clone());
            match unused {
                Some(unused) => {
                    slots.remove(&unused);
                }
                None => return slot,
            }
        }
        slots.insert(id.to_owned(), slot.clone());
        slot
    }

    /// Drops game `id` from memory when `slot` is the copy kept.
    pub(super) fn forget(&self, id: &str, slot: &Arc<Slot>) {
        let mut slots = self.lock();
        if slots.get(id).is_some_and(|kept| Arc::ptr_eq(kept, slot)) {
            slots.remove(id);
        }
    }

    /// Drops game `id` from memory when the copy kept is older than `version`.
    pub(super) fn forget_older(&self, id: &str, version: i64) {
        let mut slots = self.lock();
        if slots.get(id).is_some_and(|kept| kept.version.load(Ordering::Relaxed) < version) {
            slots.remove(id);
        }
    }

    /// Another server stored game `id` at `version`: a copy in memory that is older is
    /// brought up to date when it is next used.
    pub(super) fn heard(&self, id: &str, version: i64) {
        if let Some(slot) = self.lock().get(id) {
            slot.heard.fetch_max(version, Ordering::Relaxed);
            return;
        }
        let now = self.clock();
        let mut unread = self.unread.lock().unwrap_or_else(PoisonError::into_inner);
        if unread.len() >= UNREAD_KEPT {
            unread.retain(|_, (_, at)| now.saturating_sub(*at) < UNREAD_FOR_MS);
        }
        let heard = unread.entry(id.to_owned()).or_insert((version, now));
        *heard = (heard.0.max(version), now);
    }

    /// Drops every game from memory (its copies may be out of date).
    pub(super) fn clear(&self) {
        self.lock().clear();
    }

    /// Drops the games nobody holds that were not used for `idle`, except those `watched`.
    fn sweep(&self, idle: Duration, watched: impl Fn(&str) -> bool) {
        let oldest = self.clock().saturating_sub(idle.as_millis() as u64);
        self.lock().retain(|id, slot| {
            Arc::strong_count(slot) > 1
                || slot.used.load(Ordering::Relaxed) >= oldest
                || watched(id)
        });
    }
}

impl Games {
    /// Brings `entry`, older than what another server stored, up to date: the moves after its
    /// own are read and played, and the rest of its row read ([`Entry::catch_up`]). When it
    /// cannot be (moves were taken back), the entry is dropped from memory, and read whole by
    /// the next attempt.
    pub(super) async fn catch_up(
        &self,
        slot: &Arc<Slot>,
        entry: &mut Entry,
    ) -> Result<(), crate::error::ApiError> {
        let known = entry.stored.moves.len();
        let caught = match self.store.load_from(&entry.stored.id, known).await? {
            Some((fresh, total)) => entry.catch_up(fresh, total),
            None => false,
        };
        if caught {
            slot.version.store(entry.stored.version, Ordering::Relaxed);
        } else {
            entry.stale = true;
            entry.stop.store(true, Ordering::Relaxed);
            self.cache.forget(&entry.stored.id, slot);
        }
        Ok(())
    }
}

/// Sweeps the games unused for `idle` out of memory, every quarter of it.
pub(super) fn spawn_sweep(games: Weak<Games>, idle: Duration) -> AbortHandle {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval((idle / 4).max(Duration::from_millis(100)));
        loop {
            ticks.tick().await;
            let Some(games) = games.upgrade() else { return };
            games.cache.sweep(idle, |id| games.notices.watched(id));
        }
    })
    .abort_handle()
}
