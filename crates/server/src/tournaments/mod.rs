//! Tournaments: arenas and Swiss events that accounts create and join, and that the servers
//! run by themselves. Every server looks at the tournaments due a step every second (its
//! `tournament_tick`), and soon
//! after one of their games ends on it ([`Tournaments::start`]): the start, the pairings (an
//! arena's players as soon as their game ends, a Swiss event's next round once the last game of
//! a round ends), the end. A step is
//! decided from what is stored ([`steps`]) and written in one transaction that checks the
//! tournament's version, with its new games, so that each step is taken once however many
//! servers decide it, and any server takes it up after a restart. The scoring, standings and
//! pairing rules are the `arbiter_tournament` crate's ([`standings`]).
//!
//! A tournament's games are ordinary games on the tournament's clock, rated if it is, with
//! both seats held by the players' accounts. A player who does not start a game (it is
//! aborted: they called it off, or did not make their first move in time) loses it; one absent
//! from their last two games is withdrawn.

mod settled;
mod standings;
mod steps;
mod view;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use arbiter_catalog::GameId;
use arbiter_core::Side;
use arbiter_rating::Rating;
use tokio::task::AbortHandle;

use self::settled::Settled;
use self::steps::Plan;
pub use self::view::{NewTournament, TournamentLists, TournamentView};
use crate::error::ApiError;
use crate::lobby::rated::{perf, rating, Member};
use crate::notify::pairings_channel;
use crate::play::seats::{hash_secret, new_game_id, seat_secret, Player};
use crate::play::{owner_key, Change, GameState, Games, Setup};
use crate::store::{
    Entrant, NewRow, Rated, Step, StoredPairing, TournamentKind, TournamentRows, TournamentStatus,
};

/// How often a tournament's sockets look at it again.
pub const LOOK: Duration = Duration::from_secs(1);

/// How long a server waits, after a tournament's game ended on it, before it looks for steps:
/// the games that end meanwhile are paired in the same step.
const GATHER: Duration = Duration::from_millis(100);

/// The tournaments of a server.
pub struct Tournaments {
    games: Arc<Games>,
    runner: Mutex<Option<AbortHandle>>,
    /// The pairings of each tournament whose games are over, as read last.
    settled: Settled,
    /// The tournaments the sockets watch, each read at most twice a second however many
    /// watch it.
    watched: Mutex<HashMap<String, (Instant, TournamentView)>>,
}

impl Drop for Tournaments {
    fn drop(&mut self) {
        if let Some(runner) = self.runner.lock().unwrap_or_else(PoisonError::into_inner).take() {
            runner.abort();
        }
    }
}

impl Tournaments {
    /// The tournaments of the server whose games are `games`; nothing runs until
    /// [`Tournaments::start`].
    #[must_use]
    pub fn new(games: Arc<Games>) -> Tournaments {
        Tournaments {
            games,
            runner: Mutex::default(),
            settled: Settled::default(),
            watched: Mutex::default(),
        }
    }

    /// Starts the steps: every `tournament_tick` of the server's settings, and [`GATHER`]
    /// after a tournament's game ended on this server, each tournament due one.
    pub fn start(self: &Arc<Self>) {
        let weak: Weak<Tournaments> = Arc::downgrade(self);
        let game_over = self.games.tournament_game_over.clone();
        let tick = self.games.settings.tournament_tick;
        let runner = tokio::spawn(async move {
            let mut every = tokio::time::interval(tick);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = every.tick() => {}
                    () = game_over.notified() => {
                        tokio::time::sleep(GATHER).await;
                        every.reset();
                    }
                }
                let Some(tournaments) = weak.upgrade() else { return };
                if let Err(error) = tournaments.take_steps().await {
                    tracing::warn!(%error, "the tournaments' steps failed; tried again");
                }
            }
        });
        *self.runner.lock().unwrap_or_else(PoisonError::into_inner) = Some(runner.abort_handle());
    }

    /// Takes the step each tournament is due now, if any (what the server does every
    /// `tournament_tick`); the number of steps this server wrote.
    pub async fn take_steps(&self) -> Result<usize, ApiError> {
        let mut taken = 0;
        for id in self.games.store.active_tournaments(self.games.time.now()).await? {
            // One tournament that fails does not hold the others back.
            match self.take_step(&id).await {
                Ok(took) => taken += usize::from(took),
                Err(error) => tracing::error!(%error, tournament = %id, "no step was taken"),
            }
        }
        Ok(taken)
    }

    /// Takes the step tournament `id` is due now, if any: whether this server wrote one.
    async fn take_step(&self, id: &str) -> Result<bool, ApiError> {
        let Some(rows) = self.settled.read(&self.games.store, id).await? else { return Ok(false) };
        let now = self.games.time.now();
        // A Swiss round of many players takes a while to pair: off the request threads.
        let (rows, plan) = tokio::task::spawn_blocking(move || {
            let plan = steps::plan(&rows, now);
            (rows, plan)
        })
        .await
        .map_err(|error| ApiError::Internal(format!("the pairing did not finish: {error}")))?;
        match plan? {
            Some(plan) => self.take(&rows, plan).await,
            None => Ok(false),
        }
    }

    /// Writes `plan`, with its new games, if the tournament is still as read; then starts the
    /// games (their first move's countdown). `false` when another server or a player changed
    /// the tournament first.
    async fn take(&self, rows: &TournamentRows, plan: Plan) -> Result<bool, ApiError> {
        let tournament = &rows.tournament;
        let kind: GameId =
            tournament.game.parse().map_err(|e| ApiError::Damaged(format!("{e}")))?;
        let accounts: Vec<&str> = plan
            .pairs
            .iter()
            .flat_map(|(white, black)| [Some(white.as_str()), black.as_deref()])
            .flatten()
            .collect();
        let keys = self.games.store.seat_keys(&accounts).await?;
        let key = |account: &str| {
            keys.get(account).cloned().ok_or_else(|| {
                ApiError::Damaged(format!("the tournament's player {account} has no account"))
            })
        };
        let perf = perf(kind, Some(tournament.clock))?.to_string();
        let mut born = Vec::new();
        let mut pairings = Vec::new();
        for (seq, (white, black)) in (rows.pairings.len()..).zip(&plan.pairs) {
            let mut pairing = StoredPairing {
                seq: seq as u32,
                round: plan.round,
                white: white.clone(),
                black: black.clone(),
                game: None,
                outcome: None,
            };
            if let Some(black) = black {
                let id = new_game_id()?;
                let seat_keys = [key(white)?, key(black)?];
                let secret =
                    |side: Side| hash_secret(&seat_secret(&seat_keys[side.index()], &id, side));
                let rated = tournament.rated.then(|| Rated {
                    perf: perf.clone(),
                    accounts: [white.clone(), black.clone()],
                    changes: None,
                });
                let setup = Setup {
                    id: id.clone(),
                    kind: kind.into(),
                    options: tournament.options.clone(),
                    players: [Player::Human, Player::Human],
                    secrets: [Some(secret(Side::White)), Some(secret(Side::Black))],
                    clock: Some(tournament.clock),
                    waiting: 0,
                    holdings: Side::BOTH
                        .map(|side| (owner_key(&seat_keys[side.index()]), side))
                        .to_vec(),
                    taken: [true, true],
                    seek: None,
                    rated,
                };
                born.push(self.games.prepare(setup)?);
                pairing.game = Some(id);
            }
            pairings.push(pairing);
        }
        let step = Step {
            id: &tournament.id,
            step: tournament.step,
            status: plan.status,
            round: plan.round,
            games: born.iter().map(|b| NewRow { game: &b.game, holdings: &b.holdings }).collect(),
            pairings,
            withdrawn: plan.withdrawn,
        };
        if !self.games.store.take_step(step).await? {
            return Ok(false);
        }
        // Each player's lobby sockets, on every server, look for their new game.
        for account in accounts {
            let owner = owner_key(&key(account)?);
            self.games.notices.changed(&pairings_channel(&owner), tournament.step + 1).await;
        }
        // Then the games' first moves' countdowns start. A game a player changed meanwhile
        // (on another server, which then watches its clock) is not started here.
        let starts = born.iter().map(|game| async {
            // The game's lock is let go at once.
            self.games.start_stored(&game.game.id).await.map(drop)
        });
        for (game, started) in born.iter().zip(futures_util::future::join_all(starts).await) {
            if let Err(error) = started {
                tracing::warn!(%error, game = %game.game.id, "a tournament game was not started here");
            }
        }
        Ok(true)
    }

    /// The rating `member` joins with: their rating in the tournament's perf, as shown.
    async fn joining_rating(
        &self,
        member: &Member,
        rows: &TournamentRows,
    ) -> Result<i32, ApiError> {
        let kind: GameId =
            rows.tournament.game.parse().map_err(|e| ApiError::Damaged(format!("{e}")))?;
        let rating = rating(&self.games, member, kind, Some(rows.tournament.clock)).await?;
        Ok(rating.map_or(Rating::NEW_PLAYER.displayed(), |(rating, _)| rating))
    }

    /// Tournament `id`, read.
    async fn rows(&self, id: &str) -> Result<TournamentRows, ApiError> {
        self.settled
            .read(&self.games.store, id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no tournament {id}")))
    }

    /// `member` joins tournament `id`: an arena until it ends, a Swiss event until its first
    /// round. Joining again brings back a player who withdrew from an arena.
    pub async fn join(&self, id: &str, member: &Member) -> Result<TournamentView, ApiError> {
        for _ in 0..CONFLICT_RETRIES {
            let rows = self.rows(id).await?;
            view::check_joinable(&rows, &member.id)?;
            let entrant = Entrant {
                account: member.id.clone(),
                name: member.name.clone(),
                joined: self.games.time.now(),
                rating: self.joining_rating(member, &rows).await?,
                withdrawn: false,
            };
            if self.games.store.join_tournament(id, rows.tournament.version, &entrant).await? {
                return self.view(id).await;
            }
        }
        Err(ApiError::conflict("the tournament changed too often meanwhile: try again"))
    }

    /// `member` withdraws from tournament `id`: from an arena at any time, from a Swiss event
    /// before it starts or between rounds (a game being played is played on).
    pub async fn withdraw(&self, id: &str, member: &Member) -> Result<TournamentView, ApiError> {
        for _ in 0..CONFLICT_RETRIES {
            let rows = self.rows(id).await?;
            view::check_withdrawable(&rows, &member.id)?;
            if self
                .games
                .store
                .withdraw_from_tournament(id, rows.tournament.version, &member.id)
                .await?
            {
                return self.view(id).await;
            }
        }
        Err(ApiError::conflict("the tournament changed too often meanwhile: try again"))
    }

    /// `member` goes berserk in game `game` of arena `id`, with the seat's `secrets`: before its
    /// first move, half its clock and no increment; a win of at least 14 plies then scores a
    /// point more.
    pub async fn berserk(
        &self,
        id: &str,
        game: &str,
        member: &Member,
        secrets: &[String],
    ) -> Result<GameState, ApiError> {
        let rows = self.rows(id).await?;
        if rows.tournament.kind != TournamentKind::Arena {
            return Err(ApiError::conflict("berserk is an arena's"));
        }
        let pairing = rows.pairings.iter().find(|pairing| pairing.game.as_deref() == Some(game));
        let pairing = pairing
            .ok_or_else(|| ApiError::NotFound(format!("no game {game} in this tournament")))?;
        if pairing.white != member.id && pairing.black.as_deref() != Some(member.id.as_str()) {
            return Err(ApiError::Forbidden("this is not your game".to_owned()));
        }
        self.games.change(game, secrets, Change::Berserk).await
    }

    /// Creates a tournament, by `member`.
    pub async fn create(
        &self,
        new: NewTournament,
        member: &Member,
    ) -> Result<TournamentView, ApiError> {
        if self.games.store.tournaments_open_by(&member.id).await? >= view::MAX_OPEN_TOURNAMENTS {
            return Err(ApiError::conflict(format!(
                "an account may have {} tournaments not finished at once",
                view::MAX_OPEN_TOURNAMENTS
            )));
        }
        let stored = view::check_new(new, member, self.games.time.now())?;
        self.games.store.create_tournament(&stored).await?;
        self.view(&stored.id).await
    }

    /// Tournament `id`: its standings and pairings.
    pub async fn view(&self, id: &str) -> Result<TournamentView, ApiError> {
        view::tournament_view(&self.rows(id).await?, self.games.time.now())
    }

    /// Tournament `id` for its sockets: read again when the last reading is half a [`LOOK`] old.
    pub(crate) async fn watched_view(&self, id: &str) -> Result<TournamentView, ApiError> {
        let fresh = |watched: &HashMap<String, (Instant, TournamentView)>| {
            watched.get(id).filter(|(at, _)| at.elapsed() < LOOK / 2).map(|(_, view)| view.clone())
        };
        if let Some(view) = fresh(&self.watched.lock().unwrap_or_else(PoisonError::into_inner)) {
            return Ok(view);
        }
        let view = self.view(id).await?;
        let mut watched = self.watched.lock().unwrap_or_else(PoisonError::into_inner);
        watched.retain(|_, (at, _)| at.elapsed() < FORGET_WATCHED);
        watched.insert(id.to_owned(), (Instant::now(), view.clone()));
        Ok(view)
    }

    /// The tournaments upcoming, running and recently finished.
    pub async fn list(&self) -> Result<TournamentLists, ApiError> {
        let mut lists = HashMap::new();
        for status in
            [TournamentStatus::Upcoming, TournamentStatus::Running, TournamentStatus::Finished]
        {
            let stored = self.games.store.tournaments(status, LISTED).await?;
            let ids: Vec<&str> = stored.iter().map(|t| t.id.as_str()).collect();
            let sizes = self.games.store.tournament_sizes(&ids).await?;
            let listed = stored.iter().zip(sizes).map(|(t, players)| view::listed(t, players));
            lists.insert(status, listed.collect::<Vec<_>>());
        }
        let mut take = |status| lists.remove(&status).unwrap_or_default();
        Ok(TournamentLists {
            upcoming: take(TournamentStatus::Upcoming),
            running: take(TournamentStatus::Running),
            finished: take(TournamentStatus::Finished),
        })
    }
}

/// How many times a join or a withdrawal is tried again when the tournament changed between
/// reading and writing it.
const CONFLICT_RETRIES: usize = 5;

/// How long a watched tournament's reading is kept.
const FORGET_WATCHED: Duration = Duration::from_secs(10);

/// The most tournaments of each status listed.
const LISTED: i64 = 50;
