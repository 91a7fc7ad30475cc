//! The games in play: loaded from the store on first use, changed under a lock each, every
//! change stored before it is acknowledged and announced to the game's sockets; the computer's
//! moves searched on a bounded pool of worker threads, never on the async runtime.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use arbiter_ai::{Engine, Limits, PlayerSpec, SearchInfo};
use arbiter_catalog::GameId;
use arbiter_core::text::excerpt;
use arbiter_core::{MoveError, Side};
use serde::Serialize;
use tokio::sync::{broadcast, Semaphore};

mod entry;

use self::entry::Entry;
use crate::error::ApiError;
use crate::live::{self, describe, Event, ExactMove, View};
use crate::seats::{hash_secret, new_game_id, new_secret, Player};
use crate::store::{Store, StoredGame, StoredSeat, Summary};

/// Every game of the server.
pub struct Games {
    store: Store,
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    workers: Arc<Semaphore>,
}

/// A game in memory, with the channel that announces its versions.
pub(crate) struct Slot {
    pub(crate) entry: tokio::sync::Mutex<Entry>,
    pub(crate) changes: broadcast::Sender<i64>,
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
    /// A draw offer (`offer`) or its answer (`accept`, `decline`).
    Draw(String),
    /// A takeback: `request`, `accept` or `decline` (see `Games::undo_now`).
    Undo(String),
}

/// A new game, as asked for.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct NewGame {
    /// The catalog's identifier of the game.
    pub game: String,
    /// Its options, `key=value,…`.
    #[serde(default)]
    pub options: String,
    /// Who plays White: `human`, `ai`, `ai:3`, `ai:mcts:time=1s`.
    pub white: String,
    /// Who plays Black.
    pub black: String,
    /// The human seats this client keeps: they are given to it by cookie as well.
    #[serde(default)]
    pub keep: Vec<Side>,
}

/// A seat's secret and the link that gives it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatLink {
    /// The secret: `Authorization: Bearer TOKEN`.
    pub token: String,
    /// The link that gives the seat to the first browser that opens it.
    pub url: String,
}

/// A game just created.
#[derive(Debug, Clone, Serialize)]
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

/// Everything a client shows of a game.
#[derive(Debug, Clone, Serialize)]
pub struct GameState {
    /// The game's identifier.
    pub id: String,
    /// The catalog's identifier of the game.
    pub game: String,
    /// Its options.
    pub options: String,
    /// Increases with every change.
    pub version: i64,
    /// The moves played, in canonical notation.
    pub moves: Vec<String>,
    /// The number of moves played: the `ply` the next move is made at.
    pub ply: usize,
    /// The player to move.
    pub to_move: Side,
    /// `ongoing` or `over`.
    pub status: &'static str,
    /// `1-0`, `0-1` or `1/2-1/2` once over.
    pub result: Option<&'static str>,
    /// How the game ended, in words.
    pub reason: Option<String>,
    /// Who plays each side.
    pub seats: HashMap<Side, SeatState>,
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// The side that asks to take back a move.
    pub undo_request: Option<Side>,
    /// `true` while the computer thinks.
    pub thinking: bool,
    /// The seats the requester holds.
    pub you: Vec<Side>,
    /// The position, board and legal moves.
    #[serde(flatten)]
    pub view: View,
}

/// What `GET /api/games/{id}/analysis` answers: the search, and the exact values of the
/// moves when the solver found them.
#[derive(Debug, Clone, Serialize)]
pub struct Analysis {
    /// Alpha-beta's best move, score, depth and line.
    #[serde(flatten)]
    pub search: SearchInfo,
    /// Every legal move with its exact value, best first; `null` in the games the solver does
    /// not handle or when it did not finish in the time.
    pub exact: Option<Vec<ExactMove>>,
}

/// Who plays a side, as the API shows it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatState {
    /// `human`, or the computer's player spec.
    pub player: String,
    /// `true` once an invitation link gave the seat to a browser.
    pub taken: bool,
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_secs() as i64)
}

fn side_text(side: Side) -> String {
    side.name().to_owned()
}

fn read_side(text: Option<&str>) -> Option<Side> {
    match text {
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        _ => None,
    }
}

fn move_error(error: MoveError) -> ApiError {
    match error {
        MoveError::GameOver(_) => ApiError::Conflict(error.to_string()),
        _ => ApiError::BadRequest(error.to_string()),
    }
}

/// Runs a change to its end even when the request that asked for it is dropped (a client
/// that times out or goes away in the middle of the write): a change is stored and announced
/// whole, so that the game in memory never runs ahead of the database.
async fn detached<T: Send + 'static>(
    change: impl std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::spawn(change)
        .await
        .map_err(|error| ApiError::Storage(format!("the change did not finish: {error}")))?
}

impl Games {
    /// The games of `store`; the computer thinks on at most `workers` threads at once.
    #[must_use]
    pub fn new(store: Store, workers: usize) -> Games {
        Games {
            store,
            slots: Mutex::new(HashMap::new()),
            workers: Arc::new(Semaphore::new(workers.max(1))),
        }
    }

    /// The games whose computer player is to move go on (after a restart).
    /// A game that cannot be played from its stored moves is set aside, with a line on stderr:
    /// it answers its requests with an error, and the others go on.
    pub async fn resume(self: &Arc<Self>) -> Result<(), ApiError> {
        for id in self.store.ongoing().await? {
            match self.slot(&id).await {
                Ok(slot) => {
                    let mut entry = slot.entry.lock().await;
                    self.schedule(&slot, &mut entry);
                }
                Err(error) => eprintln!("arbiter serve: the game {id} is set aside: {error}"),
            }
        }
        Ok(())
    }

    /// The most recently changed games.
    pub async fn list(&self, limit: i64) -> Result<Vec<Summary>, ApiError> {
        self.store.list(limit.clamp(1, 500)).await
    }

    /// The game `id`, loaded on first use.
    pub(crate) async fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        if let Some(slot) = self.lock_slots().get(id) {
            return Ok(slot.clone());
        }
        let not_found =
            || ApiError::NotFound(format!("there is no game `{}` on this server", excerpt(id)));
        if id.len() > 64 {
            return Err(not_found());
        }
        let stored = self.store.load(id).await?.ok_or_else(not_found)?;
        let entry = Entry::from_stored(stored)?;
        let (changes, _) = broadcast::channel(16);
        let slot = Arc::new(Slot { entry: tokio::sync::Mutex::new(entry), changes });
        Ok(self.lock_slots().entry(id.to_owned()).or_insert(slot).clone())
    }

    fn lock_slots(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Slot>>> {
        self.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Creates a game; the creator gets every human seat's token and link.
    async fn create_now(self: &Arc<Self>, new: NewGame) -> Result<Created, ApiError> {
        let kind: GameId = new.game.parse().map_err(|e| ApiError::BadRequest(format!("{e}")))?;
        let live = live::build(kind, &new.options, &[], None).map_err(ApiError::BadRequest)?;
        let players = [Player::parse(&new.white, kind)?, Player::parse(&new.black, kind)?];
        for player in &players {
            if let Player::Computer(spec) = player {
                live.check_player(spec).map_err(|e| ApiError::BadRequest(e.to_string()))?;
            }
        }
        let id = new_game_id()?;
        let mut seats = HashMap::new();
        let mut stored_seats = Vec::new();
        for side in Side::BOTH {
            let player = &players[side.index()];
            let secret = match player {
                Player::Human => {
                    let token = new_secret()?;
                    let url = format!("/join/{id}/{}/{token}", side.name());
                    seats.insert(side, SeatLink { token: token.clone(), url });
                    Some(hash_secret(&token))
                }
                Player::Computer(_) => None,
            };
            stored_seats.push(StoredSeat { player: player.to_text(), secret, claimed: false });
        }
        let [white, black] = <[StoredSeat; 2]>::try_from(stored_seats)
            .map_err(|_| ApiError::Storage("two seats".to_owned()))?;
        let time = now();
        let stored = StoredGame {
            id: id.clone(),
            game: kind.id().to_owned(),
            options: new.options.clone(),
            seats: [white, black],
            moves: Vec::new(),
            event: None,
            draw_offer: None,
            undo_request: None,
            result: None,
            version: 1,
            created: time,
            updated: time,
        };
        self.store.create(&stored).await?;
        let slot = self.slot(&id).await?;
        let mut entry = slot.entry.lock().await;
        self.schedule(&slot, &mut entry);
        let state = entry.state(seats.keys().copied().collect());
        Ok(Created { watch_url: format!("/games/{id}"), id, seats, state })
    }

    /// Creates a game; the creator gets every human seat's token and link.
    pub async fn create(self: &Arc<Self>, new: NewGame) -> Result<Created, ApiError> {
        let games = self.clone();
        detached(async move { games.create_now(new).await }).await
    }

    /// Makes `change` in game `id` for the holder of `secrets`, and answers with the state
    /// it leaves.
    pub async fn change(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
        change: Change,
    ) -> Result<GameState, ApiError> {
        let (games, id, secrets) = (self.clone(), id.to_owned(), secrets.to_vec());
        detached(async move {
            match change {
                Change::Play { text, ply } => games.play_now(&id, &secrets, &text, ply).await,
                Change::Resign => games.resign_now(&id, &secrets).await,
                Change::Draw(action) => games.draw_now(&id, &secrets, &action).await,
                Change::Undo(action) => games.undo_now(&id, &secrets, &action).await,
            }
        })
        .await
    }

    /// Gives `side`'s seat to the browser that opens its link (see `join_now`).
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        side: Side,
        token: &str,
    ) -> Result<String, ApiError> {
        let (games, id, token) = (self.clone(), id.to_owned(), token.to_owned());
        detached(async move { games.join_now(&id, side, &token).await }).await
    }

    /// The state of game `id` as the holder of `secrets` sees it.
    pub async fn state(&self, id: &str, secrets: &[String]) -> Result<GameState, ApiError> {
        let slot = self.slot(id).await?;
        let entry = slot.entry.lock().await;
        Ok(entry.state(entry.held(secrets)))
    }

    /// The record of game `id`.
    pub async fn record(&self, id: &str) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let entry = slot.entry.lock().await;
        Ok(entry.live.record_text())
    }

    /// Stores a change, then announces it; a failed write puts the game back as stored.
    async fn commit(
        &self,
        slot: &Slot,
        entry: &mut Entry,
        first_changed: usize,
    ) -> Result<(), ApiError> {
        entry.stored.moves = entry.live.moves();
        entry.stored.result = describe(entry.live.status()).0.map(str::to_owned);
        entry.stored.version += 1;
        entry.stored.updated = now();
        let first_changed = first_changed.min(entry.stored.moves.len());
        if let Err(error) = self.store.save(&entry.stored, first_changed).await {
            if let Ok(Some(stored)) = self.store.load(&entry.stored.id).await {
                if let Ok(reloaded) = Entry::from_stored(stored) {
                    *entry = reloaded;
                }
            }
            return Err(error);
        }
        let _ = slot.changes.send(entry.stored.version);
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
        let slot = self.slot(id).await?;
        let mut entry = slot.entry.lock().await;
        let held = entry.held(secrets);
        entry.acting(&held)?;
        let current = entry.live.ply();
        // A move sent again after it was played is acknowledged again, and changes nothing.
        if ply + 1 == current && entry.stored.moves.get(ply).is_some_and(|played| played == text) {
            return Ok(entry.state(held));
        }
        if ply != current {
            return Err(ApiError::Conflict(format!(
                "the move was made at ply {ply}, but the game is at ply {current}: reload it"
            )));
        }
        let side = entry.live.side_to_move();
        if entry.live.status().is_over() {
            return Err(ApiError::Conflict("the game is over".to_owned()));
        }
        if !held.contains(&side) {
            return Err(ApiError::Forbidden(format!(
                "it is {side}'s turn, and you do not hold that seat"
            )));
        }
        entry.live.play(text).map_err(move_error)?;
        entry.stored.draw_offer = None;
        entry.stored.undo_request = None;
        self.commit(&slot, &mut entry, current).await?;
        self.schedule(&slot, &mut entry);
        Ok(entry.state(held))
    }

    /// The holder of `secrets` resigns.
    async fn resign_now(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
    ) -> Result<GameState, ApiError> {
        let slot = self.slot(id).await?;
        let mut entry = slot.entry.lock().await;
        let held = entry.held(secrets);
        let side = entry.acting(&held)?;
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
        action: &str,
    ) -> Result<GameState, ApiError> {
        let slot = self.slot(id).await?;
        let mut entry = slot.entry.lock().await;
        let held = entry.held(secrets);
        let side = entry.acting_while_ongoing(&held)?;
        let offered = read_side(entry.stored.draw_offer.as_deref());
        let both = held.len() == 2;
        match action {
            "offer" | "accept" if offered == Some(side.opponent()) || both => {
                entry.live.end(Event::Draw).map_err(move_error)?;
                entry.stored.event = Some(Event::Draw.to_text());
                entry.stored.draw_offer = None;
                entry.stop.store(true, Ordering::Relaxed);
            }
            "offer" if entry.is_computer(side.opponent()) => {
                return Err(ApiError::Conflict("the computer declines the draw".to_owned()));
            }
            "offer" => entry.stored.draw_offer = Some(side_text(side)),
            "accept" => return Err(ApiError::Conflict("no draw is offered to you".to_owned())),
            "decline" if offered == Some(side.opponent()) => entry.stored.draw_offer = None,
            "decline" => return Err(ApiError::Conflict("no draw is offered to you".to_owned())),
            other => {
                return Err(ApiError::BadRequest(format!(
                    "`{}` is not a draw action; expected offer, accept or decline",
                    excerpt(other)
                )))
            }
        }
        let ply = entry.live.ply();
        self.commit(&slot, &mut entry, ply).await?;
        Ok(entry.state(held))
    }

    /// A takeback: `request` (immediate against the computer or at one screen), `accept`,
    /// `decline`. It takes back the requester's last move, and the reply to it if there is one.
    async fn undo_now(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
        action: &str,
    ) -> Result<GameState, ApiError> {
        let slot = self.slot(id).await?;
        let mut entry = slot.entry.lock().await;
        let held = entry.held(secrets);
        let side = entry.acting_while_ongoing(&held)?;
        let requested = read_side(entry.stored.undo_request.as_deref());
        let immediate = held.len() == 2 || entry.is_computer(side.opponent());
        let requester = match action {
            "request" if immediate => Some(side),
            "request" if requested == Some(side.opponent()) => requested,
            "request" => {
                entry.stored.undo_request = Some(side_text(side));
                None
            }
            "accept" if requested == Some(side.opponent()) => requested,
            "accept" | "decline" if requested != Some(side.opponent()) => {
                return Err(ApiError::Conflict("no takeback is asked of you".to_owned()))
            }
            "decline" => {
                entry.stored.undo_request = None;
                None
            }
            other => {
                return Err(ApiError::BadRequest(format!(
                    "`{}` is not a takeback action; expected request, accept or decline",
                    excerpt(other)
                )))
            }
        };
        if let Some(requester) = requester {
            // Back to the requester's turn, with at least one of the requester's moves gone.
            let mut taken = 0;
            let mut took_own = false;
            while entry.live.ply() > 0 && (!took_own || entry.live.side_to_move() != requester) {
                entry.live.undo_move();
                taken += 1;
                took_own |= entry.live.side_to_move() == requester;
                if held.len() == 2 && took_own {
                    break;
                }
            }
            if taken == 0 {
                return Err(ApiError::Conflict("there is no move to take back".to_owned()));
            }
            entry.stored.undo_request = None;
            entry.stored.draw_offer = None;
            entry.stop.store(true, Ordering::Relaxed);
        }
        let ply = entry.live.ply();
        self.commit(&slot, &mut entry, ply).await?;
        self.schedule(&slot, &mut entry);
        Ok(entry.state(held))
    }

    /// Gives `side`'s seat to the browser that opens its link, once: the link's token is
    /// replaced by a new secret, which the browser keeps in a cookie.
    async fn join_now(
        self: &Arc<Self>,
        id: &str,
        side: Side,
        token: &str,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut entry = slot.entry.lock().await;
        let seat = &entry.stored.seats[side.index()];
        if seat.claimed || seat.secret.as_deref() != Some(hash_secret(token).as_str()) {
            return Err(ApiError::Forbidden(
                "this link does not give a seat: it was used already, or it is wrong; \
                 you can watch the game"
                    .to_owned(),
            ));
        }
        let secret = new_secret()?;
        let seat = &mut entry.stored.seats[side.index()];
        seat.secret = Some(hash_secret(&secret));
        seat.claimed = true;
        let ply = entry.live.ply();
        self.commit(&slot, &mut entry, ply).await?;
        Ok(secret)
    }

    /// The engine's view of game `id`, thinking for `think` (at most 5 s); in the games the
    /// solver handles, also the exact value of every move when the solver finds them all in
    /// the same time.
    pub async fn analysis(&self, id: &str, think: Duration) -> Result<Analysis, ApiError> {
        let slot = self.slot(id).await?;
        let think = think.min(Duration::from_secs(5));
        let (search, exact) = {
            let entry = slot.entry.lock().await;
            let limits = Limits::time(think);
            let spec = PlayerSpec { limits, table_mib: 8, ..PlayerSpec::new(Engine::AlphaBeta) };
            (entry.live.search(spec, Arc::default()), entry.live.exact(think))
        };
        let _permit = self.workers.clone().acquire_owned().await;
        let failed = |error: tokio::task::JoinError| {
            ApiError::Storage(format!("the analysis failed: {error}"))
        };
        let search = tokio::task::spawn_blocking(search).await.map_err(failed)?;
        let exact = tokio::task::spawn_blocking(exact).await.map_err(failed)?;
        Ok(Analysis { search, exact })
    }

    /// Starts the computer's search when it is to move; its move is played when found, unless
    /// the game changed meanwhile.
    fn schedule(self: &Arc<Self>, slot: &Arc<Slot>, entry: &mut Entry) {
        let side = entry.live.side_to_move();
        let Player::Computer(spec) = &entry.players[side.index()] else { return };
        if entry.thinking || entry.live.status().is_over() {
            return;
        }
        entry.thinking = true;
        entry.stop = Arc::default();
        let (stop, ply) = (entry.stop.clone(), entry.live.ply());
        let search = entry.live.search(*spec, stop.clone());
        let (games, slot) = (self.clone(), slot.clone());
        tokio::spawn(async move {
            let permit = games.workers.clone().acquire_owned().await;
            let found = tokio::task::spawn_blocking(search).await;
            drop(permit);
            let mut entry = slot.entry.lock().await;
            entry.thinking = false;
            let current = entry.live.ply() == ply && !stop.load(Ordering::Relaxed);
            if let (true, Ok(SearchInfo { best: Some(best), .. })) = (current, found) {
                if entry.live.play(&best).is_ok() {
                    entry.stored.draw_offer = None;
                    entry.stored.undo_request = None;
                    let _ = games.commit(&slot, &mut entry, ply).await;
                }
            }
            games.schedule(&slot, &mut entry);
        });
    }
}
