//! The announcements of the games' new versions to the sockets that watch them. A change made
//! by this server is announced to its own sockets when it is stored. On PostgreSQL it is also
//! sent to every server with `NOTIFY`, by one task that gathers the changes stored while its
//! last notice was on its way into the next one (one notice per round trip, however many
//! moves a second are stored: a `NOTIFY` in every write's transaction would make the commits
//! of all servers wait for each other). Every server `LISTEN`s, so that a socket on any
//! server hears every change, and a copy in memory older than a notice is brought up to date
//! when it is next used. The servers tell each other how many watch each game the same way
//! ([`spectators`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::{broadcast, mpsc};
use tokio::task::AbortHandle;

use crate::store::{Store, CHANNEL, NOTICE_BYTES};

mod spectators;

use self::spectators::Spectators;

/// The channel of the lobby's changes, beside the games' (a game's identifier is 12
/// characters long).
pub(crate) const LOBBY: &str = "lobby";

/// The channel of the new tournament games of the seats' holder `owner` (an owner key): its
/// lobby sockets look for them when told, rather than at every change of the lobby.
pub(crate) fn pairings_channel(owner: &str) -> String {
    format!("paired:{owner}")
}

/// What a game's channel announces when only the number of its spectators changed: not a
/// version, so that a socket not told that number need not look at the game.
pub(crate) const SPECTATORS_CHANGED: i64 = -1;

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
    /// The notice lines to send to the other servers (PostgreSQL only), and the queue's other
    /// end until [`Notices::spawn`] gives it to the task that sends them.
    outgoing: Option<mpsc::Sender<String>>,
    queued: Mutex<Option<mpsc::Receiver<String>>>,
    /// How many watch each game.
    spectators: Arc<Spectators>,
    /// This server's name in the spectators' notices.
    server: String,
}

/// What hears the changes that other servers announce.
pub(crate) trait Hears: Send + Sync {
    /// Another server (or this one) stored `id` (a game, or the lobby) at `version`.
    fn heard(&self, id: &str, version: i64);
    /// The notices of some changes may have been missed.
    fn missed(&self);
}

impl Notices {
    /// The announcements of the server `server` (a name no other server has), whose games
    /// are stored in `store`.
    pub(crate) fn new(store: &Store, server: String) -> Notices {
        let (outgoing, queued) = match store.postgres_url() {
            Some(_) => {
                let (sender, receiver) = mpsc::channel(QUEUED_NOTICES);
                (Some(sender), Some(receiver))
            }
            None => (None, None),
        };
        let queued = Mutex::new(queued);
        let spectators = Arc::default();
        Notices { channels: Arc::default(), outgoing, queued, spectators, server }
    }

    /// Starts the tasks that send this server's changes to the others and hear theirs, told
    /// to `hearer` (PostgreSQL only: none on SQLite, which serves one server).
    pub(crate) fn spawn(&self, store: &Store, hearer: Weak<dyn Hears>) -> Vec<AbortHandle> {
        let mut tasks = Vec::new();
        if let Some(url) = store.postgres_url() {
            let heard = Heard {
                hearer,
                channels: self.channels.clone(),
                spectators: self.spectators.clone(),
                server: self.server.clone(),
            };
            tasks.push(spawn_listener(heard, url.to_owned()));
        }
        if let Some(outgoing) = &self.outgoing {
            tasks.push(self.spawn_refresh(outgoing.clone()));
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
            let _ = outgoing.send(format!("{id} {version}")).await;
        }
    }

    /// How many watch game `id`, on every server.
    pub(crate) fn spectators(&self, id: &str) -> usize {
        self.spectators.count(id)
    }

    /// Counts a spectator of game `id` until the value returned is dropped; the game's sockets
    /// here, and the other servers, are told of the new count.
    pub(crate) fn spectating(&self, id: &str) -> Spectating {
        let spectating = Spectating {
            channels: self.channels.clone(),
            spectators: self.spectators.clone(),
            outgoing: self.outgoing.clone(),
            server: self.server.clone(),
            id: id.to_owned(),
        };
        spectating.changed(true);
        spectating
    }

    /// Announces this server's counts of spectators again every [`spectators::REFRESH`], and
    /// tells the sockets of the games whose count fell as another server's expired.
    fn spawn_refresh(&self, outgoing: mpsc::Sender<String>) -> AbortHandle {
        let (channels, spectators) = (self.channels.clone(), self.spectators.clone());
        let server = self.server.clone();
        tokio::spawn(async move {
            let mut refresh = tokio::time::interval(spectators::REFRESH);
            refresh.tick().await;
            loop {
                refresh.tick().await;
                let expired = spectators.refresh(|game, count| {
                    let _ = outgoing.try_send(spectators::notice(game, &server, count));
                });
                for game in expired {
                    channels.announce(&game, SPECTATORS_CHANGED);
                }
            }
        })
        .abort_handle()
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
        self.next().await.is_some()
    }

    /// Waits for the next announcement: the version announced ([`SPECTATORS_CHANGED`] when
    /// only the number of spectators changed; `i64::MAX` when announcements were missed), or
    /// `None` when there will be none.
    pub(crate) async fn next(&mut self) -> Option<i64> {
        let receiver = self.receiver.as_mut()?;
        match receiver.recv().await {
            Ok(version) => Some(version),
            Err(broadcast::error::RecvError::Lagged(_)) => Some(i64::MAX),
            Err(broadcast::error::RecvError::Closed) => None,
        }
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

/// A spectator of a game counted on this server, until dropped.
pub(crate) struct Spectating {
    channels: Arc<Channels>,
    spectators: Arc<Spectators>,
    outgoing: Option<mpsc::Sender<String>>,
    server: String,
    id: String,
}

impl Spectating {
    /// Counts the spectator in (`joined`) or out, and tells the game's sockets here and the
    /// other servers, in the order of the changes (a count that finds the queue full is sent
    /// again by the next refresh if it is not zero, and expires on the other servers if it is).
    fn changed(&self, joined: bool) {
        self.spectators.change_here(&self.id, joined, |here| {
            if let Some(outgoing) = &self.outgoing {
                let _ = outgoing.try_send(spectators::notice(&self.id, &self.server, here));
            }
        });
        self.channels.announce(&self.id, SPECTATORS_CHANGED);
    }
}

impl Drop for Spectating {
    fn drop(&mut self) {
        self.changed(false);
    }
}

/// What the listener tells of what it hears: the games' changes to `hearer`, and the other
/// servers' spectators to the counts and the games' sockets here.
struct Heard {
    hearer: Weak<dyn Hears>,
    channels: Arc<Channels>,
    spectators: Arc<Spectators>,
    server: String,
}

impl Heard {
    /// One line of a notice.
    fn line(&self, hearer: &dyn Hears, line: &str) {
        if let Some((game, server, count)) = spectators::read_notice(line) {
            if server != self.server && self.spectators.heard(game, server, count) {
                self.channels.announce(game, SPECTATORS_CHANGED);
            }
            return;
        }
        let mut words = line.split(' ');
        if let (Some(id), Some(Ok(version))) = (words.next(), words.next().map(str::parse::<i64>)) {
            hearer.heard(id, version);
        }
    }
}

/// Listens to the database's notices of every write, until the server stops; after the
/// connection was lost and made again, whatever was missed is read again.
fn spawn_listener(heard: Heard, url: String) -> AbortHandle {
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
            let Some(strong) = heard.hearer.upgrade() else { return };
            strong.missed();
            drop(strong);
            loop {
                let notice = listener.try_recv().await;
                let Some(strong) = heard.hearer.upgrade() else { return };
                match notice {
                    Ok(Some(notice)) => {
                        for line in notice.payload().lines() {
                            heard.line(strong.as_ref(), line);
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
fn spawn_notifier(store: Store, mut changes: mpsc::Receiver<String>) -> AbortHandle {
    tokio::spawn(async move {
        let mut payload = String::new();
        while let Some(line) = changes.recv().await {
            payload.clear();
            payload.push_str(&line);
            while payload.len() < NOTICE_BYTES - 100 {
                let Ok(line) = changes.try_recv() else { break };
                payload.push('\n');
                payload.push_str(&line);
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
