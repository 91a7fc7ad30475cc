//! The lobby and what follows a game: open challenges (seeks) that anyone may accept, a
//! rematch with colours swapped ([`rematch`]), the games a browser holds seats in ([`mine`]),
//! and what a lobby socket is sent ([`messages`]). It stands on the games in play (`play`), and they know nothing of it.
//!
//! A seek is held by its creator's secret: derived from the browser's session, or random for
//! a client without one. The hash of that secret also holds the creator's seat in the game the
//! seek becomes, so a client that made it with a token plays with that token, and a browser
//! takes the seat with `POST /api/games/{id}/join` and the token its lobby socket gives it.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use arbiter_catalog::GameId;
use arbiter_core::Side;
use serde::{Deserialize, Serialize};
use tokio::task::AbortHandle;

mod messages;
mod mine;
pub(crate) mod rated;
mod rematch;

pub use self::rated::Member;
use crate::error::ApiError;
use crate::live::{self, GameStatus};
use crate::notify::{pairings_channel, Subscription, LOBBY};
use crate::play::seats::{
    derived_secret, hash_secret, new_game_id, new_secret, seat_secret, Player,
};
use crate::play::{detached, owner_key, ClockState, Created, Games, SeatLink, Setup};
use crate::store::{SeekCreator, StoredSeek};
use crate::time_control::{Millis, TimeControl};

/// A seek whose creator has not been there for this long is removed (a program that holds
/// its seek by a token says it is there with a `GET` of the seek).
const GONE: Duration = Duration::from_secs(60);

/// A seek whose creator's lobby socket closed is removed after this grace, unless another of
/// the creator's pages (or the same page, reloaded) says it is there meanwhile.
pub(crate) const LEAVING: Duration = Duration::from_secs(5);

/// A seek is removed this long after it was made, accepted or not.
const OLDEST: Duration = Duration::from_secs(3600);

/// How often the seeks are swept, and a lobby socket says its creator is there: well within
/// [`LEAVING`], so that a creator's other pages keep its seeks when one of them closes.
pub(crate) const LOBBY_BEAT: Duration = Duration::from_secs(3);

/// The most open seeks a browser may have, and the lobby in all.
const SEEKS_PER_OWNER: i64 = 5;
const SEEKS_IN_ALL: i64 = 1000;

/// The most games "your games" lists.
const MY_GAMES: i64 = 100;

/// The side a seek's creator plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SeekSide {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn when the seek is accepted.
    Random,
}

/// A seek, as posted.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    /// The catalog's identifier of the game.
    pub game: String,
    /// Its options, `key=value,…`.
    #[serde(default)]
    pub options: String,
    /// The clock (as for a new game); absent or `null`, untimed.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// The side the creator plays.
    pub side: SeekSide,
    /// A rated game: posted and accepted by accounts only, on a real-time clock.
    #[serde(default)]
    pub rated: bool,
    /// The lowest and highest rating in the seek's perf of a player who may accept it (an
    /// account; a seek on a real-time clock).
    #[serde(default)]
    pub rating_range: Option<[i32; 2]>,
}

/// An open seek, as the lobby lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Seek {
    /// Its identifier.
    pub id: String,
    /// The catalog's identifier of the game.
    pub game: String,
    /// The game's name.
    pub name: String,
    /// Its options, canonical.
    pub options: String,
    /// The clock, `null` untimed.
    pub clock: Option<TimeControl>,
    /// The side the creator plays.
    pub side: SeekSide,
    /// How long ago it was posted, in milliseconds.
    pub age_ms: i64,
    /// Whether the requester posted it.
    pub yours: bool,
    /// Whether the game it becomes is rated.
    pub rated: bool,
    /// The account that posted it, with its rating in the seek's perf; none for a browser
    /// without an account.
    pub creator: Option<SeekCreator>,
    /// The ratings of the players who may accept it.
    pub rating_range: Option<[i32; 2]>,
    /// The game it became, once accepted (shown to its creator only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
}

/// A seek just posted.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeekCreated {
    /// Its identifier.
    pub id: String,
    /// The creator's secret: `Authorization: Bearer TOKEN` withdraws the seek, and holds the
    /// creator's seat in the game it becomes.
    pub token: String,
    /// The seek.
    pub seek: Seek,
}

/// A seek accepted: the new game, with the acceptor's seat.
pub type SeekAccepted = Created;

/// What a player does about a rematch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RematchAction {
    /// Offers a rematch (or accepts the one offered); at once against the computer and at one
    /// screen.
    Offer,
    /// Accepts the rematch offered.
    Accept,
    /// Declines it.
    Decline,
}

/// A game of "your games".
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MyGame {
    /// The game's identifier.
    pub id: String,
    /// The catalog's identifier of the game.
    pub game: String,
    /// Who plays White, as a person reads it.
    pub white_name: String,
    /// Who plays Black.
    pub black_name: String,
    /// The seats this browser holds.
    pub you: Vec<Side>,
    /// The number of moves played.
    pub ply: usize,
    /// Whether it goes on, and how it ended.
    pub status: GameStatus,
    /// The result, once over.
    pub result: Option<live::GameResult>,
    /// It is this browser's turn.
    pub your_turn: bool,
    /// The clock, `null` untimed.
    pub clock: Option<ClockState>,
}

/// What a request presents to prove what it holds: its browser's session, and bearer tokens.
#[derive(Debug, Clone, Default)]
pub struct Roots {
    /// The session cookie's secret.
    pub session: Option<String>,
    /// The bearer tokens.
    pub tokens: Vec<String>,
    /// The account signed in.
    pub account: Option<Member>,
}

impl Roots {
    /// The root that holds seek `id`, whose secret's hash is `secret`.
    fn holding_seek(&self, id: &str, secret: &str) -> Option<String> {
        let from_session = self.session.as_ref().map(|session| seek_secret(session, id));
        from_session
            .into_iter()
            .chain(self.tokens.iter().cloned())
            .find(|s| hash_secret(s) == secret)
    }
}

/// The secret of seek `id` for the browser of `session`.
fn seek_secret(session: &str, id: &str) -> String {
    derived_secret(session, &format!("seek/{id}"))
}

/// What a lobby socket has sent: the open seeks, the requester's own among them, and the
/// acceptances told.
#[derive(Debug, Default)]
pub(crate) struct LobbySeen {
    known: Option<HashSet<String>>,
    mine: HashSet<String>,
    told: HashSet<String>,
    /// The socket's holder was told of new tournament games since it last looked.
    pub(crate) pairings_due: bool,
}

impl LobbySeen {
    /// Whether the requester has open seeks (its socket says it is there).
    pub(crate) fn has_seeks(&self) -> bool {
        !self.mine.is_empty()
    }
}

/// The lobby: its open seeks as last read (with the lobby's version then), and the sweep
/// that removes the seeks whose creator is gone.
pub struct Lobby {
    games: Arc<Games>,
    read: tokio::sync::Mutex<Option<(u64, Arc<Vec<StoredSeek>>)>>,
    sweep: Mutex<Option<AbortHandle>>,
}

impl Drop for Lobby {
    fn drop(&mut self) {
        if let Some(sweep) = self.sweep.get_mut().unwrap_or_else(PoisonError::into_inner).take() {
            sweep.abort();
        }
    }
}

impl Lobby {
    /// The lobby of the server whose games are `games`. Nothing runs in the background until
    /// [`Lobby::start`].
    #[must_use]
    pub fn new(games: Arc<Games>) -> Lobby {
        Lobby { games, read: tokio::sync::Mutex::default(), sweep: Mutex::default() }
    }

    /// Subscribes to the announcements of the lobby's changes.
    pub(crate) fn subscribe(&self) -> Subscription {
        self.games.subscribe(LOBBY)
    }

    /// Subscribes to the announcements of the new tournament games of `session`'s seats.
    pub(crate) fn subscribe_pairings(&self, session: &str) -> Subscription {
        self.games.subscribe(&pairings_channel(&owner_key(session)))
    }

    /// Starts the sweep of the seeks, every [`LOBBY_BEAT`].
    pub fn start(self: &Arc<Self>) {
        let sweep = spawn_seek_sweep(Arc::downgrade(self));
        *self.sweep.lock().unwrap_or_else(PoisonError::into_inner) = Some(sweep);
    }
}

impl Lobby {
    /// The lobby changed: every lobby socket, of every server, looks again.
    async fn lobby_changed(&self) {
        self.games.lobby_changed().await;
    }

    /// The open seeks: read again once after each change, however many sockets ask.
    async fn open_seeks(&self) -> Result<Arc<Vec<StoredSeek>>, ApiError> {
        let mut read = self.read.lock().await;
        let changes = self.games.lobby_version.load(Ordering::Relaxed);
        match &*read {
            Some((when, seeks)) if *when == changes => Ok(seeks.clone()),
            _ => {
                let seeks = Arc::new(self.games.store.seeks(None).await?);
                *read = Some((changes, seeks.clone()));
                Ok(seeks)
            }
        }
    }

    fn seek_view(&self, stored: &StoredSeek, owner: Option<&str>, now: Millis) -> Option<Seek> {
        let kind: GameId = stored.game.parse().ok()?;
        let side = match stored.side {
            Some(Side::White) => SeekSide::White,
            Some(Side::Black) => SeekSide::Black,
            None => SeekSide::Random,
        };
        let yours = owner.is_some() && stored.owner.as_deref() == owner;
        Some(Seek {
            id: stored.id.clone(),
            game: stored.game.clone(),
            name: kind.info().name.to_owned(),
            options: stored.options.clone(),
            clock: stored.clock,
            side,
            age_ms: (now - stored.created).at_least_zero().0,
            yours,
            rated: stored.rated_by.is_some(),
            creator: stored.creator.clone(),
            rating_range: stored.rating_range,
            game_id: None,
        })
    }

    /// The open seeks, the oldest first; `session` marks the requester's own.
    pub async fn seeks(&self, session: Option<&str>) -> Result<Vec<Seek>, ApiError> {
        let owner = session.map(owner_key);
        let now = self.games.time.now();
        let open = self.open_seeks().await?;
        Ok(open.iter().filter_map(|seek| self.seek_view(seek, owner.as_deref(), now)).collect())
    }

    /// Posts a seek; a browser's (with `session`) is held by its session; a rated one needs
    /// the account signed in, `account`.
    pub async fn post_seek(
        &self,
        new: NewSeek,
        session: Option<String>,
        account: Option<Member>,
    ) -> Result<SeekCreated, ApiError> {
        let kind: GameId = new.game.parse().map_err(|e| ApiError::BadRequest(format!("{e}")))?;
        let options = live::build(&kind.into(), &new.options, &[], None)
            .map_err(ApiError::BadRequest)?
            .options_text();
        let clock = new.clock.map(TimeControl::check).transpose().map_err(ApiError::BadRequest)?;
        let rated_by =
            if new.rated { Some(rated::rated_seek(account.as_ref(), clock)?) } else { None };
        let rating_range = rated::check_range(new.rating_range, clock)?;
        let creator = match &account {
            Some(member) => Some(rated::creator(&self.games, member, kind, clock).await?),
            None => None,
        };
        let id = new_game_id()?;
        let token = match &session {
            Some(session) => seek_secret(session, &id),
            None => new_secret()?,
        };
        let now = self.games.time.now();
        let owner = session.as_deref().map(owner_key);
        let stored = StoredSeek {
            id: id.clone(),
            game: kind.id().to_owned(),
            options,
            clock,
            side: match new.side {
                SeekSide::White => Some(Side::White),
                SeekSide::Black => Some(Side::Black),
                SeekSide::Random => None,
            },
            secret: hash_secret(&token),
            owner: owner.clone(),
            created: now,
            seen: now,
            accepted: None,
            rated_by,
            creator,
            rating_range,
        };
        if !self.games.store.post_seek(&stored, SEEKS_PER_OWNER, SEEKS_IN_ALL).await? {
            return Err(ApiError::conflict(format!(
                "too many open seeks: a browser may have {SEEKS_PER_OWNER}, the lobby \
                 {SEEKS_IN_ALL}; withdraw one, or wait"
            )));
        }
        self.lobby_changed().await;
        let seek = self
            .seek_view(&stored, owner.as_deref(), now)
            .ok_or_else(|| ApiError::Internal("the seek just made cannot be read".to_owned()))?;
        Ok(SeekCreated { id, token, seek })
    }

    /// Seek `id` for its creator (who is there, then): with the game it became, once accepted.
    pub async fn seek(&self, id: &str, roots: &Roots) -> Result<Seek, ApiError> {
        let stored = self.stored_seek(id).await?;
        if roots.holding_seek(id, &stored.secret).is_none() {
            return Err(ApiError::Forbidden("only the seek's creator may look at it".to_owned()));
        }
        let now = self.games.time.now();
        self.games.store.seen_seeks(None, Some(id), now).await?;
        let owner = roots.session.as_deref().map(owner_key);
        let mut seek = self.seek_view(&stored, owner.as_deref(), now).ok_or_else(no_seek)?;
        seek.yours = true;
        seek.game_id = stored.accepted.map(|(game, _)| game);
        Ok(seek)
    }

    /// Withdraws seek `id`, for its creator.
    pub async fn withdraw_seek(&self, id: &str, roots: &Roots) -> Result<(), ApiError> {
        let stored = self.stored_seek(id).await?;
        if roots.holding_seek(id, &stored.secret).is_none() {
            return Err(ApiError::Forbidden("only the seek's creator may withdraw it".to_owned()));
        }
        if !self.games.store.withdraw_seek(id, &stored.secret).await? {
            return Err(ApiError::conflict("the seek was accepted already"));
        }
        self.lobby_changed().await;
        Ok(())
    }

    /// Accepts seek `id`: a new game between its creator and the requester, whose seat is
    /// held by its session (or by the token answered).
    pub async fn accept_seek(
        self: &Arc<Self>,
        id: &str,
        roots: Roots,
    ) -> Result<SeekAccepted, ApiError> {
        let (games, id) = (self.clone(), id.to_owned());
        detached(async move { games.accept_seek_now(&id, roots).await }).await
    }

    async fn accept_seek_now(
        self: &Arc<Self>,
        id: &str,
        roots: Roots,
    ) -> Result<SeekAccepted, ApiError> {
        let seek = self.stored_seek(id).await?;
        if seek.accepted.is_some() {
            return Err(ApiError::conflict("this seek was taken already"));
        }
        let owner = roots.session.as_deref().map(owner_key);
        let own = roots.holding_seek(id, &seek.secret).is_some()
            || (owner.is_some() && owner == seek.owner);
        if own {
            return Err(ApiError::Forbidden("you cannot accept your own seek".to_owned()));
        }
        let kind: GameId = seek.game.parse().map_err(|e| ApiError::Damaged(format!("{e}")))?;
        let creator = match seek.side {
            Some(side) => side,
            None => {
                let mut byte = [0u8; 1];
                getrandom::fill(&mut byte)
                    .map_err(|error| ApiError::Internal(format!("no random numbers: {error}")))?;
                if byte[0] & 1 == 0 {
                    Side::White
                } else {
                    Side::Black
                }
            }
        };
        let acceptor = creator.opponent();
        rated::check_within_range(&self.games, &seek, kind, roots.account.as_ref()).await?;
        let rated = rated::rated_game(&seek, kind, roots.account.as_ref(), creator)?;
        let game = new_game_id()?;
        let mut holdings = Vec::new();
        let token = match &roots.session {
            Some(session) => {
                holdings.push((owner_key(session), acceptor));
                seat_secret(session, &game, acceptor)
            }
            None => new_secret()?,
        };
        let mut secrets = [None, None];
        secrets[creator.index()] = Some(seek.secret.clone());
        secrets[acceptor.index()] = Some(hash_secret(&token));
        let mut taken = [false; 2];
        taken[acceptor.index()] = true;
        let setup = Setup {
            id: game.clone(),
            kind: kind.into(),
            options: seek.options.clone(),
            players: [Player::Human, Player::Human],
            secrets,
            clock: seek.clock,
            waiting: 0,
            holdings,
            taken,
            seek: Some((id.to_owned(), creator)),
            rated,
        };
        let (_, entry) = self.games.insert(setup).await?;
        let state = entry.state(vec![acceptor]);
        drop(entry);
        self.lobby_changed().await;
        let url = format!("/games/{game}");
        let seats = HashMap::from([(acceptor, SeatLink { token, url: url.clone() })]);
        Ok(Created { id: game, seats, watch_url: url, state })
    }

    /// Removes the seeks whose creator has been gone a minute (or left, see
    /// [`Lobby::creator_left`]), and those an hour old (what the server does every few
    /// seconds).
    pub async fn sweep_seeks(&self) {
        let now = self.games.time.now();
        let (gone, old) = (now - Millis::of(GONE), now - Millis::of(OLDEST));
        match self.games.store.expire_seeks(gone, old).await {
            Ok(0) => {}
            Ok(_) => self.lobby_changed().await,
            Err(error) => tracing::warn!(%error, "the sweep of the seeks failed"),
        }
    }

    /// The creator of the open seeks of `session`'s browser is there (its lobby socket is):
    /// the instant it was marked so.
    pub(crate) async fn creator_there(&self, session: &str) -> Millis {
        let (owner, now) = (owner_key(session), self.games.time.now());
        if let Err(error) = self.games.store.seen_seeks(Some(&owner), None, now).await {
            tracing::warn!(%error, "the seeks' creator was not marked as there");
        }
        now
    }

    /// Now, on the server's clock.
    pub(crate) fn now(&self) -> Millis {
        self.games.time.now()
    }

    /// The lobby socket of the creator of `session`'s open seeks closed, having last said the
    /// creator was there at `last_beat`: they go once [`LEAVING`] has passed, unless the
    /// creator is there again before (or another of its pages said so since `last_beat`).
    pub(crate) async fn creator_left(&self, session: &str, last_beat: Millis) {
        let owner = owner_key(session);
        let leaving = self.games.time.now() + Millis::of(LEAVING) - Millis::of(GONE);
        if let Err(error) = self.games.store.left_seeks(&owner, last_beat, leaving).await {
            tracing::warn!(%error, "the seeks of a creator who left were not marked");
        }
    }
}

impl Lobby {
    /// Seek `id` as stored, open or accepted.
    async fn stored_seek(&self, id: &str) -> Result<StoredSeek, ApiError> {
        self.games.store.seeks(Some(id)).await?.into_iter().next().ok_or_else(no_seek)
    }
}

fn no_seek() -> ApiError {
    ApiError::NotFound("there is no such seek: it was accepted, withdrawn or expired".to_owned())
}

/// Sweeps the seeks every [`LOBBY_BEAT`].
fn spawn_seek_sweep(lobby: Weak<Lobby>) -> AbortHandle {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(LOBBY_BEAT);
        loop {
            ticks.tick().await;
            let Some(lobby) = lobby.upgrade() else { return };
            lobby.sweep_seeks().await;
        }
    })
    .abort_handle()
}
