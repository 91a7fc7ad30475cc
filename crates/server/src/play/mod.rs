//! The games in play. The database is the truth: a game is read from it when it is not in
//! memory, every change is one transaction that checks the game's version and is committed
//! before it is acknowledged, and a game whose write failed is dropped from memory, to be read
//! again. Games stay in memory only while they are used ([`cache`]); changes are announced to
//! the sockets of every server ([`notices`]); the computer's moves are claimed with a lease in
//! the game's row and searched on a bounded pool of worker threads ([`computer`]).

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use arbiter_ai::{Engine, Limits, PlayerSpec, SearchInfo};
use arbiter_catalog::GameId;
use arbiter_core::text::excerpt;
use arbiter_core::{MoveError, Side};
use serde::Serialize;
use tokio::sync::OwnedMutexGuard;
use tokio::task::AbortHandle;

mod cache;
mod clock;
mod computer;
pub(crate) mod entry;
mod pool;
pub(crate) mod seats;

use self::cache::Cache;
pub use self::clock::{ClockState, TimeControl};
use self::clock::{ServerTime, Timer};
use self::entry::Entry;
use self::pool::{Pool, Work};
use crate::error::ApiError;
use crate::live::{self, describe, Event, ExactMove};
use crate::notify::{Hears, Notices, Subscription, LOBBY};
use crate::play::seats::{hash_secret, new_game_id, new_secret, seat_secret, Player};
use crate::store::{NewRow, Store, StoredGame, StoredSeat, Summary};
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
    /// How often the database is scanned for computer moves no server is searching.
    pub scan: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            workers: 2,
            cache_games: 10_000,
            idle: Duration::from_secs(300),
            lease: Duration::from_secs(20),
            scan: Duration::from_secs(5),
        }
    }
}

/// Every game of the server.
pub struct Games {
    pub(crate) store: Store,
    settings: Settings,
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
    /// The background tasks (the scan, the sweep, the listener), stopped with the server.
    tasks: Mutex<Vec<AbortHandle>>,
    /// The server's clock.
    pub(crate) time: Arc<ServerTime>,
    /// The games that end on time soon.
    timer: Arc<Timer>,
    /// The lobby's version: the number of its changes announced, here or by other servers.
    pub(crate) lobby_version: AtomicU64,
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
    /// When it was last used, in milliseconds of the cache's clock.
    used: AtomicU64,
}

/// A change a player asks for in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Play the move `text` at ply `ply` (the number of moves the player saw played).
    Play {
        /// The move, in any notation the game accepts.
        text: String,
        /// The ply the move is made at.
        ply: usize,
    },
    /// Resign.
    Resign,
    /// A draw offer, or its answer.
    Draw(DrawAction),
    /// A takeback asked for, or its answer (see `Games::undo_now`).
    Undo(UndoAction),
}

/// What a player does about a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    /// Offers a draw (or accepts the one offered).
    Offer,
    /// Accepts the draw offered.
    Accept,
    /// Declines the draw offered.
    Decline,
}

/// What a player does about a takeback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum UndoAction {
    /// Asks to take back one's last move (at once against the computer or at one screen).
    Request,
    /// Accepts the takeback asked for.
    Accept,
    /// Declines it.
    Decline,
}

/// A new game, as asked for.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct NewGame {
    /// The catalog's identifier of the game.
    pub game: String,
    /// Its options, `key=value,…` (stored as the canonical text: only those that differ from
    /// the defaults, in the game's order).
    #[serde(default)]
    pub options: String,
    /// Who plays White: `human`, `ai`, `ai:3`, `ai:mcts:time=1s`.
    pub white: String,
    /// Who plays Black.
    pub black: String,
    /// The human seats this client keeps: they are given to it by cookie as well.
    #[serde(default)]
    pub keep: Vec<Side>,
    /// The clock: `{"initial_ms", "increment_ms"}` in real time, `{"days_per_move"}` in
    /// correspondence; absent or `null`, untimed.
    #[serde(default)]
    pub clock: Option<TimeControl>,
}

/// A new game as the server makes it: from a request, a seek or a rematch.
pub(crate) struct Setup {
    pub(crate) id: String,
    pub(crate) kind: GameId,
    pub(crate) options: String,
    pub(crate) players: [Player; 2],
    /// The hashes of the secrets that hold the human seats.
    pub(crate) secrets: [Option<String>; 2],
    pub(crate) clock: Option<TimeControl>,
    /// The seats offered by a link, not yet taken.
    pub(crate) waiting: i64,
    /// The seats held by browsers, by their owner keys (see [`owner_key`]).
    pub(crate) holdings: Vec<(String, Side)>,
    /// The seats already taken by their players (shown as taken).
    pub(crate) taken: [bool; 2],
    /// The seek the game is made from, and its creator's side.
    pub(crate) seek: Option<(String, Side)>,
}

/// A new game's stored form, and the seats browsers hold in it (their owner keys), ready to be
/// stored: alone, or with the change that makes it (a rematch's).
pub(crate) struct Born {
    pub(crate) game: StoredGame,
    pub(crate) holdings: Vec<(String, Side)>,
}

/// A seat's secret and the link that gives it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatLink {
    /// The secret: `Authorization: Bearer TOKEN`.
    pub token: String,
    /// The invitation link: its page lets a friend take the seat, once.
    pub url: String,
}

/// A game just created.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Created {
    /// Its identifier.
    pub id: String,
    /// A link for each human seat.
    pub seats: HashMap<Side, SeatLink>,
    /// The link to watch the game.
    pub watch_url: String,
    /// The game's state.
    pub state: GameState,
}

/// What `GET /api/games/{id}/analysis` answers: the search, and the exact values of the
/// moves when the solver found them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Analysis {
    /// Alpha-beta's best move, score, depth and line.
    #[serde(flatten)]
    pub search: SearchInfo,
    /// Every legal move with its exact value, best first; `null` in the games the solver does
    /// not handle or when it did not finish in the time.
    pub exact: Option<Vec<ExactMove>>,
}

/// A line of the list of games, with its players as a person reads them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Listed {
    /// The game as stored.
    #[serde(flatten)]
    pub summary: Summary,
    /// Who plays White: "A person", "Computer, level 3", … (see [`SeatState::name`]).
    pub white_name: String,
    /// Who plays Black.
    pub black_name: String,
}

/// What an analysis is of: a game's moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct AnalysisKey {
    game: String,
    options: String,
    moves: String,
}

/// The analyses made lately, the oldest forgotten first: a crowd watching one game, asking
/// for the analysis of one position, costs one search.
#[derive(Default)]
struct AnalysisCache(Mutex<Remembered>);

/// The analyses remembered, each with the time it thought, and the order they came in.
#[derive(Default)]
struct Remembered {
    known: HashMap<AnalysisKey, (Duration, Analysis)>,
    order: VecDeque<AnalysisKey>,
}

/// The most analyses remembered.
const ANALYSES_KEPT: usize = 1024;

impl AnalysisCache {
    /// The analysis of `key` thought for `think` or longer, if one was made lately.
    fn get(&self, key: &AnalysisKey, think: Duration) -> Option<Analysis> {
        let cache = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let known = cache.known.get(key).filter(|(thought, _)| *thought >= think);
        known.map(|(_, analysis)| analysis.clone())
    }

    fn put(&self, key: AnalysisKey, think: Duration, analysis: Analysis) {
        let mut cache = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if cache.known.insert(key.clone(), (think, analysis)).is_none() {
            cache.order.push_back(key);
        }
        while cache.order.len() > ANALYSES_KEPT {
            if let Some(oldest) = cache.order.pop_front() {
                cache.known.remove(&oldest);
            }
        }
    }
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_secs() as i64)
}

/// Milliseconds since the Unix epoch: the clock of the leases.
fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_millis() as i64)
}

/// The key of the browser whose session secret is `session`, as its holdings and seeks are
/// stored: the hash of a secret derived from the session.
pub(crate) fn owner_key(session: &str) -> String {
    hash_secret(&seats::derived_secret(session, "owner"))
}

pub(crate) fn side_text(side: Side) -> String {
    side.name().to_owned()
}

pub(crate) fn read_side(text: Option<&str>) -> Option<Side> {
    match text {
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        _ => None,
    }
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
    /// The games of `store`, kept as `settings` says. Nothing runs in the background until
    /// [`Games::start`].
    pub fn new(store: Store, settings: Settings) -> Result<Games, ApiError> {
        Ok(Games {
            notices: Notices::new(&store),
            store,
            settings,
            instance: new_game_id()?,
            cache: Cache::new(settings.cache_games),
            workers: Pool::new(settings.workers),
            analyses: AnalysisCache::default(),
            searching: Arc::default(),
            stops: Mutex::new(Vec::new()),
            stopping: AtomicBool::new(false),
            tasks: Mutex::new(Vec::new()),
            time: Arc::default(),
            timer: Arc::default(),
            lobby_version: AtomicU64::new(0),
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
        let summaries = self.store.list(limit.clamp(1, 500)).await?;
        Ok(summaries
            .into_iter()
            .map(|summary| {
                let name = |player: &str| {
                    let kind = summary.game.parse::<GameId>().ok()?;
                    Some(Player::parse(player, kind).ok()?.name(kind))
                };
                // A row no catalog game or player reads (a damaged game) shows what is stored.
                let white_name = name(&summary.white).unwrap_or_else(|| summary.white.clone());
                let black_name = name(&summary.black).unwrap_or_else(|| summary.black.clone());
                Listed { summary, white_name, black_name }
            })
            .collect())
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
        let entry = Entry::from_stored(stored, self.time.clone()).inspect_err(|error| {
            eprintln!("arbiter serve: {error}");
        })?;
        Ok(self.cache.insert(id, entry))
    }

    /// The game `id`, locked, as stored.
    pub(crate) async fn lock(
        &self,
        id: &str,
    ) -> Result<(Arc<Slot>, OwnedMutexGuard<Entry>), ApiError> {
        for _ in 0..ATTEMPTS {
            let slot = self.slot(id).await?;
            let entry = slot.entry.clone().lock_owned().await;
            if !entry.stale {
                return Ok((slot, entry));
            }
        }
        Err(ApiError::Outdated)
    }

    /// Creates a game; the creator gets every human seat's token and link. The seats it keeps
    /// are held by the secrets derived from its browser's `session`.
    async fn create_now(
        self: &Arc<Self>,
        new: NewGame,
        session: Option<String>,
    ) -> Result<Created, ApiError> {
        let kind: GameId = new.game.parse().map_err(|e| ApiError::BadRequest(format!("{e}")))?;
        let players = [Player::parse(&new.white, kind)?, Player::parse(&new.black, kind)?];
        let id = new_game_id()?;
        let mut seats = HashMap::new();
        let mut secrets = [None, None];
        let mut holdings = Vec::new();
        let mut waiting = 0;
        for side in Side::BOTH {
            if players[side.index()] != Player::Human {
                continue;
            }
            let token = match &session {
                Some(session) if new.keep.contains(&side) => {
                    holdings.push((owner_key(session), side));
                    seat_secret(session, &id, side)
                }
                _ => {
                    waiting += 1;
                    new_secret()?
                }
            };
            secrets[side.index()] = Some(hash_secret(&token));
            let url = format!("/join/{id}/{}/{token}", side.name());
            seats.insert(side, SeatLink { token, url });
        }
        let setup = Setup {
            id: id.clone(),
            kind,
            options: new.options,
            players,
            secrets,
            clock: new.clock,
            waiting,
            holdings,
            taken: [false; 2],
            seek: None,
        };
        let (_, entry) = self.insert(setup).await?;
        let state = entry.state(seats.keys().copied().collect());
        Ok(Created { watch_url: format!("/games/{id}"), id, seats, state })
    }

    /// Stores the new game `setup` and starts it: the computer's search when it is to move,
    /// the clock's deadline. The game is answered locked.
    pub(crate) async fn insert(
        self: &Arc<Self>,
        setup: Setup,
    ) -> Result<(Arc<Slot>, OwnedMutexGuard<Entry>), ApiError> {
        let seek = setup.seek.clone();
        let born = self.prepare(setup)?;
        match seek {
            Some((seek, side)) => {
                self.store.create_from_seek(&born.game, &born.holdings, &seek, side).await?;
            }
            None => self.store.create(&born.game, &born.holdings).await?,
        }
        self.start_stored(&born.game.id).await
    }

    /// The stored form of the new game `setup`, checked (its options, its players, its
    /// clock), with the seats browsers hold in it; nothing is stored yet.
    pub(crate) fn prepare(&self, setup: Setup) -> Result<Born, ApiError> {
        let Setup { id, kind, options, players, secrets, clock, waiting, holdings, taken, .. } =
            setup;
        let live = live::build(kind, &options, &[], None).map_err(ApiError::BadRequest)?;
        for player in &players {
            if let Player::Computer(spec) = player {
                live.check_player(spec).map_err(|e| ApiError::BadRequest(e.to_string()))?;
            }
        }
        let clock = clock.map(TimeControl::check).transpose().map_err(ApiError::BadRequest)?;
        let initial = clock.map_or(0, TimeControl::initial_ms);
        let time = now();
        let due = matches!(players[live.side_to_move().index()], Player::Computer(_));
        let [white, black] = secrets;
        let stored = StoredGame {
            id,
            game: kind.id().to_owned(),
            options: live.options_text(),
            seats: [
                StoredSeat { player: players[0].to_text(), secret: white, claimed: taken[0] },
                StoredSeat { player: players[1].to_text(), secret: black, claimed: taken[1] },
            ],
            moves: Vec::new(),
            event: None,
            draw_offer: None,
            undo_request: None,
            result: None,
            version: 1,
            due,
            lease: due.then(|| self.lease()),
            created: time,
            updated: time,
            clock: clock.map(TimeControl::to_text),
            remaining: [initial; 2],
            turn_began: self.time.now(),
            deadline: None,
            waiting,
            clocks: Vec::new(),
            rematch_offer: None,
            rematch_game: None,
        };
        let entry = Entry::from_stored(stored, self.time.clone())?;
        let mut game = entry.stored.clone();
        game.deadline = entry.deadline();
        Ok(Born { game, holdings })
    }

    /// Starts the new game `id`, stored already: the computer's search when it is to move,
    /// the clock's deadline. The game is answered locked.
    pub(crate) async fn start_stored(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(Arc<Slot>, OwnedMutexGuard<Entry>), ApiError> {
        let (slot, mut entry) = self.lock(id).await?;
        if let Some(deadline) = entry.stored.deadline {
            self.watch_deadline(id, deadline);
        }
        self.schedule(&slot, &mut entry);
        Ok((slot, entry))
    }

    /// Creates a game; the creator gets every human seat's token and link, and the seats it
    /// keeps are held by its browser's `session` as well.
    pub async fn create(
        self: &Arc<Self>,
        new: NewGame,
        session: Option<String>,
    ) -> Result<Created, ApiError> {
        let games = self.clone();
        detached(async move { games.create_now(new, session).await }).await
    }

    /// Makes `change` in game `id` for the holder of `secrets`, and answers with the state
    /// it leaves. When another server changed the game first, the change is made again on
    /// the game as stored; a change refused because the game is not as the request saw it
    /// is a conflict that carries the game's current state.
    pub async fn change(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
        change: Change,
    ) -> Result<GameState, ApiError> {
        let (games, id, secrets) = (self.clone(), id.to_owned(), secrets.to_vec());
        detached(async move {
            let mut attempt = 0;
            loop {
                attempt += 1;
                let made = match change.clone() {
                    Change::Play { text, ply } => games.play_now(&id, &secrets, &text, ply).await,
                    Change::Resign => games.resign_now(&id, &secrets).await,
                    Change::Draw(action) => games.draw_now(&id, &secrets, action).await,
                    Change::Undo(action) => games.undo_now(&id, &secrets, action).await,
                };
                match made {
                    Err(ApiError::Outdated) if attempt < ATTEMPTS => {}
                    Err(error @ (ApiError::Outdated | ApiError::Conflict(_, None))) => {
                        let message = match error {
                            ApiError::Conflict(message, _) => message,
                            other => other.to_string(),
                        };
                        let state = games.state(&id, &secrets).await.ok().map(Box::new);
                        return Err(ApiError::Conflict(message, state));
                    }
                    other => return other,
                }
            }
        })
        .await
    }

    /// Gives `side`'s seat to the browser of `session` that joins by its link (see
    /// `join_now`).
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        side: Side,
        token: &str,
        session: &str,
    ) -> Result<GameState, ApiError> {
        let (games, id, token, session) =
            (self.clone(), id.to_owned(), token.to_owned(), session.to_owned());
        detached(async move {
            let mut attempt = 0;
            loop {
                attempt += 1;
                match games.join_now(&id, side, &token, &session).await {
                    Err(ApiError::Outdated) if attempt < ATTEMPTS => {}
                    other => return other,
                }
            }
        })
        .await
    }

    /// The state of game `id` as the holder of `secrets` sees it.
    pub async fn state(&self, id: &str, secrets: &[String]) -> Result<GameState, ApiError> {
        let (_, entry) = self.lock(id).await?;
        Ok(entry.state(entry.held(secrets)))
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

    /// The record of game `id`.
    pub async fn record(&self, id: &str) -> Result<String, ApiError> {
        let (_, entry) = self.lock(id).await?;
        let control = entry.control().map(TimeControl::record_tag);
        Ok(entry.live.record_text(control.as_deref(), &entry.stored.clocks))
    }

    /// A lease on a computer move for this server, from now.
    fn lease(&self) -> (String, i64) {
        (self.instance.clone(), now_ms() + self.settings.lease.as_millis() as i64)
    }

    /// Stores the change made to `entry`, whose moves from `first_changed` on are new; then
    /// announces it, and starts the computer's search when it is to move (the write claimed
    /// that move for this server). When the write fails, the entry is dropped from memory
    /// (the next request reads the game again) and nothing is announced.
    pub(crate) async fn commit(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        entry: &mut Entry,
        first_changed: usize,
    ) -> Result<(), ApiError> {
        self.commit_with(slot, entry, first_changed, None).await
    }

    /// [`Games::commit`], storing the new game `born` in the same transaction (a rematch): the
    /// change and the game it makes are stored together or not at all. The new game is then
    /// started.
    pub(crate) async fn commit_with(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        entry: &mut Entry,
        first_changed: usize,
        born: Option<&Born>,
    ) -> Result<(), ApiError> {
        let stored = entry.stored.moves.len();
        entry.stored.moves = entry.live.moves();
        entry.stored.result =
            describe(entry.live.status()).0.map(|result| result.text().to_owned());
        if entry.live.status().is_over() {
            entry.stored.draw_offer = None;
            entry.stored.undo_request = None;
        }
        entry.stored.version += 1;
        entry.stored.updated = now();
        entry.stored.due = entry.computer_due();
        entry.stored.lease = entry.stored.due.then(|| self.lease());
        entry.stored.deadline = entry.deadline();
        let first_changed = first_changed.min(entry.stored.moves.len());
        let new_row = born.map(|born| NewRow { game: &born.game, holdings: &born.holdings });
        if let Err(error) = self.store.save(&entry.stored, first_changed, stored, new_row).await {
            entry.stale = true;
            entry.stop.store(true, Ordering::Relaxed);
            self.cache.forget(&entry.stored.id, slot);
            return Err(error.into());
        }
        slot.version.store(entry.stored.version, Ordering::Relaxed);
        // A copy read meanwhile (this one was dropped from memory while it searched) is older.
        self.cache.forget_older(&entry.stored.id, entry.stored.version);
        self.notices.changed(&entry.stored.id, entry.stored.version).await;
        if let Some(deadline) = entry.stored.deadline {
            self.watch_deadline(&entry.stored.id, deadline);
        }
        self.schedule(slot, entry);
        Ok(())
    }

    /// Plays `text` at `ply` for the holder of `secrets`.
    async fn play_now(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
        text: &str,
        ply: usize,
    ) -> Result<GameState, ApiError> {
        let (slot, mut entry) = self.lock(id).await?;
        let held = entry.held(secrets);
        entry.acting(&held)?;
        let current = entry.live.ply();
        // A move sent again after it was played (in any notation the game reads) is
        // acknowledged again, and changes nothing.
        let resent = ply + 1 == current
            && entry.stored.moves.get(ply).is_some_and(|played| {
                entry.live.move_at(ply, text).is_some_and(|again| again == *played)
            });
        if resent {
            return Ok(entry.state(held));
        }
        if ply != current {
            return Err(ApiError::conflict(format!(
                "the move was made at ply {ply}, but the game is at ply {current}: reload it"
            )));
        }
        let side = entry.live.side_to_move();
        if entry.over() {
            return Err(ApiError::conflict("the game is over"));
        }
        if !held.contains(&side) {
            return Err(ApiError::Forbidden(format!(
                "it is {side}'s turn, and you do not hold that seat"
            )));
        }
        let now = self.time.now();
        if let Some(event) = entry.timed_out(now) {
            entry.end_by(event, now);
            self.commit(&slot, &mut entry, current).await?;
            return Err(ApiError::conflict(match event {
                Event::Abort => "the game was aborted: a first move did not come in time",
                _ => "your time ran out: the game is over",
            }));
        }
        entry.play_at(text, now).map_err(move_error)?;
        entry.stored.draw_offer = None;
        entry.stored.undo_request = None;
        self.commit(&slot, &mut entry, current).await?;
        Ok(entry.state(held))
    }

    /// The holder of `secrets` resigns.
    async fn resign_now(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
    ) -> Result<GameState, ApiError> {
        let (slot, mut entry) = self.lock(id).await?;
        let held = entry.held(secrets);
        let side = entry.acting(&held)?;
        if entry.over() {
            return Err(ApiError::conflict("the game is over"));
        }
        entry.stop_clock(self.time.now());
        entry.live.end(Event::Resignation(side)).map_err(move_error)?;
        entry.stored.event = Some(Event::Resignation(side).to_text());
        entry.stop.store(true, Ordering::Relaxed);
        let ply = entry.live.ply();
        self.commit(&slot, &mut entry, ply).await?;
        Ok(entry.state(held))
    }

    /// A draw offer (`offer`), its answer (`accept`, `decline`).
    async fn draw_now(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
        action: DrawAction,
    ) -> Result<GameState, ApiError> {
        use DrawAction::{Accept, Decline, Offer};
        let (slot, mut entry) = self.lock(id).await?;
        let held = entry.held(secrets);
        let side = entry.acting_while_ongoing(&held)?;
        let offered = read_side(entry.stored.draw_offer.as_deref());
        let both = held.len() == 2;
        match action {
            Offer | Accept if offered == Some(side.opponent()) || both => {
                entry.stop_clock(self.time.now());
                entry.live.end(Event::Draw).map_err(move_error)?;
                entry.stored.event = Some(Event::Draw.to_text());
                entry.stored.draw_offer = None;
                entry.stop.store(true, Ordering::Relaxed);
            }
            Offer if entry.is_computer(side.opponent()) => {
                return Err(ApiError::conflict("the computer declines the draw"));
            }
            Offer => entry.stored.draw_offer = Some(side_text(side)),
            Accept => return Err(ApiError::conflict("no draw is offered to you")),
            Decline if offered == Some(side.opponent()) => entry.stored.draw_offer = None,
            Decline => return Err(ApiError::conflict("no draw is offered to you")),
        }
        let ply = entry.live.ply();
        self.commit(&slot, &mut entry, ply).await?;
        Ok(entry.state(held))
    }

    /// A takeback: `request` (immediate against the computer or at one screen), `accept`,
    /// `decline`. It takes back the requester's last move, and the reply to it if there is one;
    /// at one screen, the last move.
    async fn undo_now(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
        action: UndoAction,
    ) -> Result<GameState, ApiError> {
        use UndoAction::{Accept, Decline, Request};
        let (slot, mut entry) = self.lock(id).await?;
        let held = entry.held(secrets);
        let side = entry.acting_while_ongoing(&held)?;
        if entry.control().is_some() {
            return Err(ApiError::conflict("no move is taken back in a game on a clock"));
        }
        let requested = read_side(entry.stored.undo_request.as_deref());
        let immediate = held.len() == 2 || entry.is_computer(side.opponent());
        // Between two players (or against the computer) a takeback takes back one's own move:
        // a player who has not moved yet has none.
        if action == Request && held.len() != 2 && !entry.live.has_moved(side) {
            return Err(ApiError::conflict("you have made no move to take back"));
        }
        let requester = match action {
            Request if immediate => Some(side),
            Request if requested == Some(side.opponent()) => requested,
            Request => {
                entry.stored.undo_request = Some(side_text(side));
                None
            }
            Accept | Decline if requested != Some(side.opponent()) => {
                return Err(ApiError::conflict("no takeback is asked of you"))
            }
            Accept => requested,
            Decline => {
                entry.stored.undo_request = None;
                None
            }
        };
        if let Some(requester) = requester {
            // Back to the requester's turn, with at least one of the requester's moves gone.
            let mut taken = 0;
            let mut took_own = false;
            // At one screen (the requester holds both seats) a takeback is one ply.
            let one_screen = held.len() == 2;
            while entry.live.ply() > 0
                && !(one_screen && taken == 1)
                && (!took_own || entry.live.side_to_move() != requester)
            {
                entry.live.undo_move();
                taken += 1;
                took_own |= entry.live.side_to_move() == requester;
            }
            if taken == 0 {
                return Err(ApiError::conflict("there is no move to take back"));
            }

            entry.stored.undo_request = None;
            entry.stored.draw_offer = None;
            entry.stop.store(true, Ordering::Relaxed);
        }
        let ply = entry.live.ply();
        self.commit(&slot, &mut entry, ply).await?;
        Ok(entry.state(held))
    }

    /// Gives `side`'s seat to the browser of `session` that joins by its link, once: the
    /// link's token is replaced by the seat's secret derived from the session.
    async fn join_now(
        self: &Arc<Self>,
        id: &str,
        side: Side,
        token: &str,
        session: &str,
    ) -> Result<GameState, ApiError> {
        let (slot, mut entry) = self.lock(id).await?;
        let seat = &entry.stored.seats[side.index()];
        if seat.claimed || seat.secret.as_deref() != Some(hash_secret(token).as_str()) {
            return Err(ApiError::Forbidden(
                "this link does not give a seat: it was used already, or it is wrong; \
                 you can watch the game"
                    .to_owned(),
            ));
        }
        let secret = seat_secret(session, id, side);
        let seat = &mut entry.stored.seats[side.index()];
        let offered = seat.secret.is_some() && !seat.claimed;
        seat.secret = Some(hash_secret(&secret));
        seat.claimed = true;
        if offered && entry.stored.waiting > 0 {
            entry.stored.waiting -= 1;
            // The first moves' time begins when no seat waits for its friend.
            if entry.stored.waiting == 0 && entry.live.ply() < 2 {
                entry.stored.turn_began = self.time.now();
            }
        }
        let ply = entry.live.ply();
        self.commit(&slot, &mut entry, ply).await?;
        if let Err(error) = self.store.hold(&owner_key(session), id, side).await {
            eprintln!("arbiter serve: game {id} is not listed among its player's: {error}");
        }
        let held = [Side::White, Side::Black].map(|side| seat_secret(session, id, side));
        Ok(entry.state(entry.held(&held)))
    }

    /// The engine's view of game `id` for the holder of `secrets`, thinking for `think` (at
    /// most 5 s); in the games the solver handles, also the exact value of every move when
    /// the solver finds them all in the same time. Refused during a game between people, for
    /// everyone but one who holds both seats (one screen): engine help would be a third
    /// player's. An analysis of the same moves, thought on as long or longer, is answered
    /// from memory. `ply` asks for the position after that many moves (the current one by
    /// default); the position a resignation or an agreed draw ended on is analysed as a
    /// position with moves.
    pub async fn analysis(
        &self,
        id: &str,
        think: Duration,
        secrets: &[String],
        ply: Option<usize>,
    ) -> Result<Analysis, ApiError> {
        let think = think.min(Duration::from_secs(5));
        // A client that hangs up stops the search (the exact values are not begun after it).
        let stop = Arc::new(AtomicBool::new(false));
        self.register(&stop);
        let _hang_up = StopOnDrop(stop.clone());
        let (key, search, exact) = {
            let (_, entry) = self.lock(id).await?;
            if !entry.engine_help(&entry.held(secrets)) {
                return Err(ApiError::Forbidden(
                    "no engine analysis during a game between people (it would help one of \
                     them); it is given against the computer, at one screen, and once the \
                     game is over"
                        .to_owned(),
                ));
            }
            let played = &entry.stored.moves;
            let moves = played.get(..ply.unwrap_or(played.len())).ok_or_else(|| {
                ApiError::NotFound(format!("the game has {} moves, not {ply:?}", played.len()))
            })?;
            let key = AnalysisKey {
                game: entry.stored.game.clone(),
                options: entry.stored.options.clone(),
                moves: moves.join(" "),
            };
            if let Some(known) = self.analyses.get(&key, think) {
                return Ok(known);
            }
            let limits = Limits::time(think);
            let spec = PlayerSpec { limits, table_mib: 8, ..PlayerSpec::new(Engine::AlphaBeta) };
            // A game ended by a resignation or an agreed draw is analysed as the board left it.
            if moves.len() == played.len() && entry.stored.event.is_none() {
                (key, entry.live.search(spec, stop.clone(), false), entry.live.exact(think))
            } else {
                let kind: GameId =
                    entry.stored.game.parse().map_err(|e| ApiError::Damaged(format!("{e}")))?;
                let earlier = live::build(kind, &entry.stored.options, moves, None)
                    .map_err(ApiError::Damaged)?;
                (key, earlier.search(spec, stop.clone(), false), earlier.exact(think))
            }
        };
        let permit = self.workers.acquire(Work::Analysis).await;
        let searching = self.searching.clone();
        // The permit is held by the search itself, until it ends, whatever the request does.
        let analysed = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _counted = Searching::start(&searching);
            let search = search();
            let exact = if stop.load(Ordering::Relaxed) { None } else { exact() };
            (search, exact, stop.load(Ordering::Relaxed))
        });
        let (search, exact, stopped) = analysed
            .await
            .map_err(|error| ApiError::Internal(format!("the analysis failed: {error}")))?;
        let analysis = Analysis { search, exact };
        if !stopped {
            self.analyses.put(key, think, analysis.clone());
        }
        Ok(analysis)
    }
}

impl Games {
    /// Another server announced a change of the lobby.
    fn heard_lobby(&self) {
        self.lobby_version.fetch_add(1, Ordering::Relaxed);
    }
}

impl Hears for Games {
    fn heard(&self, id: &str, version: i64) {
        if id == LOBBY {
            self.heard_lobby();
        }
        self.cache.forget_older(id, version);
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
