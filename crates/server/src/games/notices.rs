//! The announcements of the games' new versions to the sockets that watch them. A change made
//! by this server is announced to its own sockets when it is stored. On PostgreSQL it is also
//! sent to every server with `NOTIFY`, by one task that gathers the changes stored while its
//! last notice was on its way into the next one (one notice per round trip, however many
//! moves a second are stored: a `NOTIFY` in every write's transaction would make the commits
//! of all servers wait for each other). Every server `LISTEN`s, so that a socket on any
//! server hears every change, and a copy in memory older than a notice is dropped.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::{broadcast, mpsc};
use tokio::task::AbortHandle;

use super::Games;
use crate::store::{Store, CHANNEL, NOTICE_BYTES};

/// The changes stored and not yet sent to the other servers, at most.
pub(super) const QUEUED_NOTICES: usize = 65_536;

/// How often a notice that could not be sent is tried.
const NOTICE_ATTEMPTS: usize = 3;

/// How long the listener waits before it connects again after the database failed.
const RECONNECT: Duration = Duration::from_millis(500);

/// The channels of the games some socket watches.
#[derive(Default)]
pub(super) struct Channels(Mutex<HashMap<String, broadcast::Sender<i64>>>);

impl Channels {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, broadcast::Sender<i64>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells the sockets watching game `id` that it is now at `version`.
    pub(super) fn announce(&self, id: &str, version: i64) {
        if let Some(sender) = self.lock().get(id) {
            let _ = sender.send(version);
        }
    }

    /// Tells every socket to look at its game again.
    fn announce_all(&self) {
        for sender in self.lock().values() {
            let _ = sender.send(i64::MAX);
        }
    }

    /// Whether a socket watches game `id`.
    pub(super) fn watched(&self, id: &str) -> bool {
        self.lock().contains_key(id)
    }
}

/// A socket's subscription to a game's announcements; dropped, it leaves the channel (and the
/// channel goes with its last subscriber).
pub(crate) struct Subscription {
    games: Arc<Games>,
    id: String,
    receiver: Option<broadcast::Receiver<i64>>,
}

impl Subscription {
    /// Waits for the next announcement; `false` when there will be none.
    pub(crate) async fn changed(&mut self) -> bool {
        let Some(receiver) = self.receiver.as_mut() else { return false };
        !matches!(receiver.recv().await, Err(broadcast::error::RecvError::Closed))
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        drop(self.receiver.take());
        let mut channels = self.games.channels.lock();
        if channels.get(&self.id).is_some_and(|sender| sender.receiver_count() == 0) {
            channels.remove(&self.id);
        }
    }
}

impl Games {
    /// Subscribes to the announcements of game `id`.
    pub(crate) fn subscribe(self: &Arc<Self>, id: &str) -> Subscription {
        let receiver = self
            .channels
            .lock()
            .entry(id.to_owned())
            .or_insert_with(|| broadcast::channel(16).0)
            .subscribe();
        Subscription { games: self.clone(), id: id.to_owned(), receiver: Some(receiver) }
    }

    /// Another server (or this one) stored game `id` at `version`.
    fn heard(&self, id: &str, version: i64) {
        if id == super::LOBBY {
            self.heard_lobby();
        }
        self.cache.forget_older(id, version);
        self.channels.announce(id, version);
    }

    /// The notices of some changes may have been missed: every copy in memory is dropped and
    /// every socket looks at its game again.
    fn missed(&self) {
        self.heard_lobby();
        self.cache.clear();
        self.channels.announce_all();
    }
}

/// Listens to the database's notices of every write, until the server stops; after the
/// connection was lost and made again, whatever was missed is read again.
pub(super) fn spawn_listener(games: Weak<Games>, url: String) -> AbortHandle {
    tokio::spawn(async move {
        loop {
            let mut listener = match PgListener::connect(&url).await {
                Ok(listener) => listener,
                Err(error) => {
                    eprintln!("arbiter serve: cannot listen to the database's changes: {error}");
                    tokio::time::sleep(RECONNECT).await;
                    continue;
                }
            };
            if let Err(error) = listener.listen(CHANNEL).await {
                eprintln!("arbiter serve: cannot listen to the database's changes: {error}");
                tokio::time::sleep(RECONNECT).await;
                continue;
            }
            let Some(strong) = games.upgrade() else { return };
            strong.missed();
            drop(strong);
            loop {
                let notice = listener.try_recv().await;
                let Some(strong) = games.upgrade() else { return };
                match notice {
                    Ok(Some(notice)) => {
                        for line in notice.payload().lines() {
                            let mut words = line.split(' ');
                            if let (Some(id), Some(Ok(version))) =
                                (words.next(), words.next().map(str::parse::<i64>))
                            {
                                strong.heard(id, version);
                            }
                        }
                    }
                    Ok(None) => strong.missed(),
                    Err(error) => {
                        eprintln!("arbiter serve: the database's changes are not heard: {error}");
                        break;
                    }
                }
            }
            tokio::time::sleep(RECONNECT).await;
        }
    })
    .abort_handle()
}

/// Sends the changes this server stores to every server: each notice carries every change
/// queued while the one before was sent. A notice that cannot be sent (the database is down)
/// is tried again, then given up with a line in the log: the other servers then lost their
/// connection too, and read every game again when it is back.
pub(super) fn spawn_notifier(
    store: Store,
    mut changes: mpsc::Receiver<(String, i64)>,
) -> AbortHandle {
    tokio::spawn(async move {
        let mut payload = String::new();
        while let Some((id, version)) = changes.recv().await {
            payload.clear();
            payload.push_str(&format!("{id} {version}"));
            while payload.len() < NOTICE_BYTES - 100 {
                let Ok((id, version)) = changes.try_recv() else { break };
                payload.push_str(&format!("\n{id} {version}"));
            }
            for attempt in 1..=NOTICE_ATTEMPTS {
                match store.notify(&payload).await {
                    Ok(()) => break,
                    Err(error) if attempt == NOTICE_ATTEMPTS => {
                        eprintln!(
                            "arbiter serve: the other servers were not told of changes: {error}"
                        );
                    }
                    Err(_) => tokio::time::sleep(RECONNECT).await,
                }
            }
        }
    })
    .abort_handle()
}
