//! The games in play. The database is the truth: a game is read from it when it is not in
//! memory, every change is one transaction that checks the game's version and is committed
//! before it is acknowledged, and a game whose write failed is dropped from memory, to be read
//! again. Games stay in memory only while they are used ([`cache`]); changes are announced to
//! the sockets of every server (`notify`); the computer's moves are claimed with a lease in
//! the game's row and searched on a bounded pool of worker threads ([`computer`]).
//!
//! - [`create`]: a new game, stored and started;
//! - [`change`]: moves, resignations, offers, takebacks and seats taken, each one transaction;
//! - [`clock`]: the clocks, and the games that end on time;
//! - [`analysis`]: the engine's analysis of a position;
//! - [`entry`]: a game in memory, and the state a client is shown of it;
//! - [`rulebook`]: the rules of the games written in GDL, stored once and compiled once.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use arbiter_catalog::{Endgames, Playable};
use arbiter_core::text::excerpt;
use arbiter_core::{MoveError, Side};
use tokio::sync::OwnedMutexGuard;
use tokio::task::AbortHandle;

mod analysis;
mod cache;
mod change;
mod clock;
mod computer;
mod create;
pub(crate) mod entry;
mod import;
mod pool;
mod requests;
pub(crate) mod rulebook;
pub(crate) mod seats;

use self::analysis::AnalysisCache;
pub use self::analysis::{Analysis, Position, MAX_VARIATION};
use self::cache::Cache;
pub use self::clock::{ClockState, TimeControl};
use self::clock::{ServerTime, Timer};
use self::entry::Entry;
use self::pool::Pool;
pub(crate) use self::requests::Setup;
pub use self::requests::{
    Change, Created, DrawAction, ImportRequest, Listed, NewGame, SeatLink, UndoAction,
};
use self::rulebook::Rulebook;
use crate::accounts::password::PasswordCost;
use crate::error::ApiError;
use crate::notify::{Hears, Notices, Subscription, LOBBY};
use crate::play::seats::{hash_secret, new_game_id, Player};
use crate::store::{Store, Summary};
use crate::time_control::Millis;
pub use crate::view::{GameState, RematchState, SeatState};

/// How a server keeps its games.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Threads the computer players may use at once.
    pub workers: usize,
    /// The most games kept in memory at once.
    pub cache_games: usize,
    /// How long a game unused stays in memory.
    pub idle: Duration,
    /// How long a server's claim on a computer move lasts unless renewed (it renews it every
    /// third of that while it searches): a server that dies holds its moves this long.
    pub lease: Duration,
    /// How often the database is scanned for computer moves no server is searching (and this
    /// server's computer moves that the database failed to store are searched again).
    pub scan: Duration,
    /// The cost of the passwords' argon2id hashes (OWASP's; tests take argon2's least).
    pub password_cost: PasswordCost,
    /// How often the tournaments are looked at for a step to take; a tournament is also
    /// looked at soon after one of its games ends on this server.
    pub tournament_tick: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            workers: 2,
            cache_games: 10_000,
            idle: Duration::from_secs(300),
            lease: Duration::from_secs(20),
            scan: Duration::from_secs(5),
            password_cost: PasswordCost::OWASP,
            tournament_tick: Duration::from_secs(1),
        }
    }
}

/// Every game of the server.
pub struct Games {
    pub(crate) store: Store,
    pub(crate) settings: Settings,
    /// This server's name in the leases it holds.
    instance: String,
    cache: Cache,
    /// The announcements of the changes, to this server's sockets and to the other servers.
    pub(crate) notices: Notices,
    workers: Arc<Pool>,
    /// The analyses made lately.
    analyses: AnalysisCache,
    /// The searches running on worker threads (the computer's and analyses).
    searching: Arc<AtomicUsize>,
    /// The stop flags of the searches begun, to stop them all at shutdown.
    stops: Mutex<Vec<std::sync::Weak<AtomicBool>>>,
    /// Set at shutdown: no search begins.
    stopping: AtomicBool,
    /// The games whose computer move this server found but could not store (the database
    /// failed): searched again at the next scan rather than when the lease runs out.
    unstored: Mutex<std::collections::HashSet<String>>,
    /// The background tasks (the scan, the sweep, the listener), stopped with the server.
    tasks: Mutex<Vec<AbortHandle>>,
    /// The server's clock.
    pub(crate) time: Arc<ServerTime>,
    /// The endgame tables the computer's searches and the analyses probe.
    endgames: Arc<Endgames>,
    /// The games that end on time soon.
    timer: Arc<Timer>,
    /// The lobby's version: the number of its changes announced, here or by other servers.
    pub(crate) lobby_version: AtomicU64,
    /// Told when a tournament's game ends here, so that its next pairing need not wait for
    /// the tournaments' next look.
    pub(crate) tournament_game_over: Arc<tokio::sync::Notify>,
    /// The rules of the GDL games compiled lately.
    rulebook: Rulebook,
}

impl Drop for Games {
    fn drop(&mut self) {
        for task in
            self.tasks.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).drain(..)
        {
            task.abort();
        }
    }
}

/// A game in memory.
pub(crate) struct Slot {
    entry: Arc<tokio::sync::Mutex<Entry>>,
    /// The version of the entry, read without its lock.
    version: AtomicI64,
    /// The newest version another server announced: when it is newer than the entry's, the
    /// entry is brought up to date before it is used.
    heard: AtomicI64,
    /// When it was last used, in milliseconds of the cache's clock.
    used: AtomicU64,
}

/// Now on the system's clock: the clock of the leases and of the games' creation and change.
fn now() -> Millis {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(Millis::ZERO, Millis::of)
}

/// The key of the browser whose session secret is `session`, as its holdings and seeks are
/// stored: the hash of a secret derived from the session. An account's games are held under
/// the key of its `seat_key`.
pub fn owner_key(session: &str) -> String {
    hash_secret(&seats::derived_secret(session, "owner"))
}

fn move_error(error: MoveError) -> ApiError {
    match error {
        MoveError::GameOver(_) => ApiError::conflict(error.to_string()),
        _ => ApiError::BadRequest(error.to_string()),
    }
}

/// Runs a change to its end even when the request that asked for it is dropped (a client
/// that times out or goes away in the middle of the write): a change is stored and announced
/// whole, so that the game in memory never runs ahead of the database.
pub(crate) async fn detached<T: Send + 'static>(
    change: impl std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::spawn(change)
        .await
        .map_err(|error| ApiError::Internal(format!("the change did not finish: {error}")))?
}

/// Sets a flag when dropped: a request's future dropped (its client hung up) stops its work.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// One search running on a worker thread, counted while it runs.
struct Searching(Arc<AtomicUsize>);

impl Searching {
    fn start(count: &Arc<AtomicUsize>) -> Searching {
        count.fetch_add(1, Ordering::Relaxed);
        Searching(count.clone())
    }
}

impl Drop for Searching {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How many times a change is made again when another server changed the game first.
pub(crate) const ATTEMPTS: usize = 3;

impl Games {
    /// The games of `store`, kept as `settings` says, whose searches probe `endgames`. Nothing
    /// runs in the background until [`Games::start`].
    pub fn new(
        store: Store,
        settings: Settings,
        endgames: Arc<Endgames>,
    ) -> Result<Games, ApiError> {
        let instance = new_game_id()?;
        Ok(Games {
            notices: Notices::new(&store, instance.clone()),
            store,
            settings,
            instance,
            cache: Cache::new(settings.cache_games),
            workers: Pool::new(settings.workers),
            analyses: AnalysisCache::default(),
            searching: Arc::default(),
            stops: Mutex::new(Vec::new()),
            stopping: AtomicBool::new(false),
            unstored: Mutex::default(),
            tasks: Mutex::new(Vec::new()),
            time: Arc::default(),
            endgames,
            timer: Arc::default(),
            lobby_version: AtomicU64::new(0),
            tournament_game_over: Arc::default(),
            rulebook: Rulebook::default(),
        })
    }

    /// Starts the background work: the scan for the computer moves no server is searching
    /// (at once, then every `settings.scan`), the sweep of games unused for `settings.idle`,
    /// and on PostgreSQL the listener of the other servers' changes.
    pub fn start(self: &Arc<Self>) {
        let mut tasks = vec![
            computer::spawn_scan(Arc::downgrade(self), self.settings.scan),
            cache::spawn_sweep(Arc::downgrade(self), self.settings.idle),
            clock::spawn_timer(Arc::downgrade(self), self.settings.scan),
        ];
        let hearer: std::sync::Weak<dyn Hears> = Arc::downgrade(self) as _;
        tasks.extend(self.notices.spawn(&self.store, hearer));
        self.tasks.lock().unwrap_or_else(std::sync::PoisonError::into_inner).extend(tasks);
    }

    /// Stops every search under way (the computer's and analyses), and begins none after: the
    /// server is shutting down.
    pub fn stop_searches(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        let stops = self.stops.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for stop in stops.iter().filter_map(std::sync::Weak::upgrade) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Keeps `stop` to stop its search at shutdown (forgetting the searches that ended).
    fn register(&self, stop: &Arc<AtomicBool>) {
        let mut stops = self.stops.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        stops.retain(|kept| kept.strong_count() > 0);
        stops.push(Arc::downgrade(stop));
        if self.stopping.load(Ordering::Relaxed) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The searches running now (never more than the workers).
    #[must_use]
    pub fn searching(&self) -> usize {
        self.searching.load(Ordering::Relaxed)
    }

    /// The number of games in memory.
    #[must_use]
    pub fn cached(&self) -> usize {
        self.cache.len()
    }

    /// Whether the database answers.
    pub async fn database_answers(&self) -> bool {
        self.store.ping().await.is_ok()
    }

    /// The most recently changed games.
    pub async fn list(&self, limit: i64) -> Result<Vec<Listed>, ApiError> {
        Ok(listed(self.store.list(limit.clamp(1, 500)).await?))
    }

    /// The game `id`: from memory, or read from the database (and kept in memory when there
    /// is room).
    pub(crate) async fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        if let Some(slot) = self.cache.get(id) {
            return Ok(slot);
        }
        let not_found =
            || ApiError::NotFound(format!("there is no game `{}` on this server", excerpt(id)));
        if id.len() > 64 {
            return Err(not_found());
        }
        let stored = self.store.load(id).await?.ok_or_else(not_found)?;
        let kind = self.playable(&stored.game, &stored.options, ApiError::Damaged).await?;
        let mut entry =
            Entry::from_stored(stored, kind, self.time.clone()).inspect_err(|error| {
                tracing::error!(%error, "a stored game cannot be read");
            })?;
        self.read_around(&mut entry).await?;
        Ok(self.cache.insert(id, entry))
    }

    /// Games whose rows another room changed (seats carried to an account), now at these
    /// versions: this server's copies are read again when next used, and every server and
    /// socket is told.
    pub(crate) async fn rows_changed(&self, changed: &[(String, i64)]) {
        for (id, version) in changed {
            self.cache.heard(id, *version);
            self.notices.changed(id, *version).await;
        }
    }

    /// The game `id`, locked, as stored.
    pub(crate) async fn lock(
        &self,
        id: &str,
    ) -> Result<(Arc<Slot>, OwnedMutexGuard<Entry>), ApiError> {
        for _ in 0..ATTEMPTS {
            let slot = self.slot(id).await?;
            let mut entry = slot.entry.clone().lock_owned().await;
            if !entry.stale && slot.heard.load(Ordering::Relaxed) > entry.stored.version {
                self.catch_up(&slot, &mut entry).await?;
            }
            if !entry.stale {
                return Ok((slot, entry));
            }
        }
        Err(ApiError::Outdated)
    }

    /// The state of game `id` as the holder of `secrets` sees it.
    pub async fn state(&self, id: &str, secrets: &[String]) -> Result<GameState, ApiError> {
        let (_, entry) = self.lock(id).await?;
        Ok(entry.state(entry.held(secrets)))
    }

    /// Game `id`'s version, and whether `secrets` hold none of its seats (a spectator's).
    pub(crate) async fn version_for(
        &self,
        id: &str,
        secrets: &[String],
    ) -> Result<(i64, bool), ApiError> {
        let (_, entry) = self.lock(id).await?;
        Ok((entry.stored.version, entry.held(secrets).is_empty()))
    }

    /// Game `id`'s kind, options and first `ply` moves: what it takes to show the game as it
    /// stood after them.
    pub(crate) async fn opening(
        &self,
        id: &str,
        ply: usize,
    ) -> Result<(Playable, String, Vec<String>), ApiError> {
        let (_, entry) = self.lock(id).await?;
        let played = &entry.stored.moves;
        let moves = played.get(..ply).ok_or_else(|| {
            ApiError::NotFound(format!("the game has {} moves, not {ply}", played.len()))
        })?;
        Ok((entry.kind().clone(), entry.stored.options.clone(), moves.to_vec()))
    }

    /// The state of game `id` as JSON, with its version, when it is newer than `version`.
    pub(crate) async fn state_if_newer(
        &self,
        id: &str,
        version: i64,
        secrets: &[String],
    ) -> Result<Option<(i64, String)>, ApiError> {
        let (_, mut entry) = self.lock(id).await?;
        Ok(entry.state_if_newer(version, secrets))
    }

    /// The record of game `id`, and the extension of its file (`pdn`, `txt`).
    pub async fn record(&self, id: &str) -> Result<(String, &'static str), ApiError> {
        let (_, entry) = self.lock(id).await?;
        let extension = match entry.kind() {
            Playable::Native(game) => game.info().record_extension,
            Playable::Gdl(_) => "txt",
        };
        Ok((Self::record_of(&entry), extension))
    }

    /// The record of game `id` as stored, read without keeping the game in memory (for a
    /// download of many games); `None` when there is no such game.
    pub async fn stored_record(&self, id: &str) -> Result<Option<String>, ApiError> {
        let Some(stored) = self.store.load(id).await? else { return Ok(None) };
        let kind = self.playable(&stored.game, &stored.options, ApiError::Damaged).await?;
        let mut entry = Entry::from_stored(stored, kind, self.time.clone())?;
        self.read_around(&mut entry).await?;
        Ok(Some(Self::record_of(&entry)))
    }

    /// Reads what `entry`'s game refers to: the names of a rated game's accounts, and its
    /// tournament.
    async fn read_around(&self, entry: &mut Entry) -> Result<(), ApiError> {
        if let Some(rated) = &entry.stored.rated {
            entry.account_names = self.store.account_names(&rated.accounts).await?;
        }
        entry.tournament = self.store.tournament_of_game(&entry.stored.id).await?;
        Ok(())
    }

    /// The record of the game of `entry`, with the tags of its event, date, players and time
    /// control, and its clock's times after each move.
    fn record_of(entry: &Entry) -> String {
        let event = if entry.tournament.is_some() {
            "Tournament game"
        } else if entry.stored.record_tags.is_some() {
            "Imported game"
        } else if entry.stored.rated.is_some() {
            "Rated game"
        } else {
            "Casual game"
        };
        let date = record_date(entry.stored.created);
        let [white, black] = Side::BOTH.map(|side| entry.seat_name(side));
        let control = entry.control().map(TimeControl::record_tag);
        let mut tags: Vec<(&str, &str)> = vec![
            ("Event", event),
            ("Site", "Arbiter"),
            ("Date", &date),
            ("Round", "-"),
            ("White", &white),
            ("Black", &black),
        ];
        // An imported record's own say where, when and between whom its game was played.
        if let Some(imported) = &entry.stored.record_tags {
            for (name, value) in &mut tags {
                *value = imported.get(name).unwrap_or(value);
            }
        }
        tags.extend(control.as_deref().map(|control| ("TimeControl", control)));
        // Each move's `{[%clk H:MM:SS]}`: the mover's time left after it.
        let clocks = &entry.stored.clocks;
        entry.live.record_text(&tags, &|index| {
            let left = clocks.get(index).copied().flatten()?;
            Some(format!("[%clk {}]", left.as_clock()))
        })
    }

    /// A lease on a computer move for this server, from now.
    fn lease(&self) -> (String, Millis) {
        (self.instance.clone(), now() + Millis::of(self.settings.lease))
    }
}

/// The day of `instant` as a record's `Date` tag writes it (`2026.11.27`, in UTC).
fn record_date(instant: Millis) -> String {
    match time::OffsetDateTime::from_unix_timestamp(instant.secs()) {
        Ok(moment) => {
            format!("{}.{:02}.{:02}", moment.year(), u8::from(moment.month()), moment.day())
        }
        Err(_) => "????.??.??".to_owned(),
    }
}

impl Games {
    /// Another server announced a change of the lobby.
    fn heard_lobby(&self) {
        self.lobby_version.fetch_add(1, Ordering::Relaxed);
    }

    /// The lobby changed (a seek, or a tournament's new games): every lobby socket, of every
    /// server, looks again.
    pub(crate) async fn lobby_changed(&self) {
        let change = self.lobby_version.fetch_add(1, Ordering::Relaxed) as i64 + 1;
        self.notices.changed(LOBBY, change).await;
    }
}

impl Hears for Games {
    fn heard(&self, id: &str, version: i64) {
        if id == LOBBY {
            self.heard_lobby();
        }
        self.cache.heard(id, version);
        self.notices.announce(id, version);
    }

    fn missed(&self) {
        self.heard_lobby();
        self.cache.clear();
        self.notices.announce_all();
    }
}

impl Games {
    /// Subscribes to the announcements of game `id` (or of the lobby).
    pub(crate) fn subscribe(&self, id: &str) -> Subscription {
        self.notices.subscribe(id)
    }
}

/// The games of `summaries` as listed, each player named as a person reads it.
pub(crate) fn listed(summaries: Vec<Summary>) -> Vec<Listed> {
    summaries
        .into_iter()
        .map(|summary| {
            // The levels of a kind of game do not depend on its options (a GDL game's rules):
            // its default options stand for them.
            let name = |player: &str| {
                let kind = Playable::named(&summary.game, "").ok()?;
                Some(Player::parse(player, &kind).ok()?.name(&kind))
            };
            // A row no catalog game or player reads (a damaged game) shows what is stored.
            let white_name = name(&summary.white).unwrap_or_else(|| summary.white.clone());
            let black_name = name(&summary.black).unwrap_or_else(|| summary.black.clone());
            Listed { summary, white_name, black_name }
        })
        .collect()
}
