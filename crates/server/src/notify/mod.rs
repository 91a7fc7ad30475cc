//! The announcements of the games' new versions to the sockets that watch them. A change made
//! by this server is announced to its own sockets when it is stored. On PostgreSQL it is also
//! sent to every server with `NOTIFY`, by one task that gathers the changes stored while its
//! last notice was on its way into the next one (one notice per round trip, however many
//! moves a second are stored: a `NOTIFY` in every write's transaction would make the commits
//! of all servers wait for each other). Every server `LISTEN`s, so that a socket on any
//! server hears every change, and a copy in memory older than a notice is brought up to date
//! when it is next used.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::{broadcast, mpsc};
use tokio::task::AbortHandle;

use crate::store::{Store, CHANNEL, NOTICE_BYTES};

/// The channel of the lobby's changes, beside the games' (a game's identifier is 12
/// characters long).
pub(crate) const LOBBY: &str = "lobby";

/// The channel of the new tournament games of the seats' holder `owner` (an owner key): its
/// lobby sockets look for them when told, rather than at every change of the lobby.
pub(crate) fn pairings_channel(owner: &str) -> String {
    format!("paired:{owner}")
}

/// The changes stored and not yet sent to the other servers, at most.
const QUEUED_NOTICES: usize = 65_536;

/// How often a notice that could not be sent is tried.
const NOTICE_ATTEMPTS: usize = 3;

/// How long the listener waits before it connects again after the database failed.
const RECONNECT: Duration = Duration::from_millis(500);

/// The announcements of one server: to its own sockets, and on PostgreSQL to the other
/// servers.
pub(crate) struct Notices {
    channels: Arc<Channels>,
    /// The changes to send to the other servers (PostgreSQL only), and the queue's other end
    /// until [`Notices::spawn`] gives it to the task that sends them.
    outgoing: Option<mpsc::Sender<(String, i64)>>,
    queued: Mutex<Option<mpsc::Receiver<(String, i64)>>>,
}

/// What hears the changes that other servers announce.
pub(crate) trait Hears: Send + Sync {
    /// Another server (or this one) stored `id` (a game, or the lobby) at `version`.
    fn heard(&self, id: &str, version: i64);
    /// The notices of some changes may have been missed.
    fn missed(&self);
}

impl Notices {
    /// The announcements of a server whose games are stored in `store`.
    pub(crate) fn new(store: &Store) -> Notices {
        let (outgoing, queued) = match store.postgres_url() {
            Some(_) => {
                let (sender, receiver) = mpsc::channel(QUEUED_NOTICES);
                (Some(sender), Some(receiver))
            }
            None => (None, None),
        };
        Notices { channels: Arc::default(), outgoing, queued: Mutex::new(queued) }
    }

    /// Starts the tasks that send this server's changes to the others and hear theirs, told
    /// to `hearer` (PostgreSQL only: none on SQLite, which serves one server).
    pub(crate) fn spawn(&self, store: &Store, hearer: Weak<dyn Hears>) -> Vec<AbortHandle> {
        let mut tasks = Vec::new();
        if let Some(url) = store.postgres_url() {
            tasks.push(spawn_listener(hearer, url.to_owned()));
        }
        let queued = self.queued.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(queued) = queued {
            tasks.push(spawn_notifier(store.clone(), queued));
        }
        tasks
    }

    /// `id` was stored at `version` by this server: its sockets and the other servers are told.
    pub(crate) async fn changed(&self, id: &str, version: i64) {
        self.channels.announce(id, version);
        if let Some(outgoing) = &self.outgoing {
            let _ = outgoing.send((id.to_owned(), version)).await;
        }
    }

    /// Tells this server's sockets watching `id` that it is now at `version`.
    pub(crate) fn announce(&self, id: &str, version: i64) {
        self.channels.announce(id, version);
    }

    /// Tells every socket of this server to look at its game again.
    pub(crate) fn announce_all(&self) {
        self.channels.announce_all();
    }

    /// Whether a socket of this server watches `id`.
    pub(crate) fn watched(&self, id: &str) -> bool {
        self.channels.lock().contains_key(id)
    }

    /// Subscribes to the announcements of `id`.
    pub(crate) fn subscribe(&self, id: &str) -> Subscription {
        let receiver = self
            .channels
            .lock()
            .entry(id.to_owned())
            .or_insert_with(|| broadcast::channel(16).0)
            .subscribe();
        Subscription {
            channels: self.channels.clone(),
            id: id.to_owned(),
            receiver: Some(receiver),
        }
    }
}

/// The channels of the games some socket watches.
#[derive(Default)]
struct Channels(Mutex<HashMap<String, broadcast::Sender<i64>>>);

impl Channels {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, broadcast::Sender<i64>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn announce(&self, id: &str, version: i64) {
        if let Some(sender) = self.lock().get(id) {
            let _ = sender.send(version);
        }
    }

    fn announce_all(&self) {
        for sender in self.lock().values() {
            let _ = sender.send(i64::MAX);
        }
    }
}

/// A socket's subscription to a game's announcements; dropped, it leaves the channel (and the
/// channel goes with its last subscriber).
pub(crate) struct Subscription {
    channels: Arc<Channels>,
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
        let mut channels = self.channels.lock();
        if channels.get(&self.id).is_some_and(|sender| sender.receiver_count() == 0) {
            channels.remove(&self.id);
        }
    }
}

/// Listens to the database's notices of every write, until the server stops; after the
/// connection was lost and made again, whatever was missed is read again.
fn spawn_listener(hearer: Weak<dyn Hears>, url: String) -> AbortHandle {
    tokio::spawn(async move {
        loop {
            let mut listener = match PgListener::connect(&url).await {
                Ok(listener) => listener,
                Err(error) => {
                    tracing::error!(%error, "cannot listen to the database's changes");
                    tokio::time::sleep(RECONNECT).await;
                    continue;
                }
            };
            if let Err(error) = listener.listen(CHANNEL).await {
                tracing::error!(%error, "cannot listen to the database's changes");
                tokio::time::sleep(RECONNECT).await;
                continue;
            }
            let Some(strong) = hearer.upgrade() else { return };
            strong.missed();
            drop(strong);
            loop {
                let notice = listener.try_recv().await;
                let Some(strong) = hearer.upgrade() else { return };
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
                        tracing::error!(%error, "the database's changes are not heard");
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
fn spawn_notifier(store: Store, mut changes: mpsc::Receiver<(String, i64)>) -> AbortHandle {
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
                        tracing::error!(%error, "the other servers were not told of changes");
                    }
                    Err(_) => tokio::time::sleep(RECONNECT).await,
                }
            }
        }
    })
    .abort_handle()
}
