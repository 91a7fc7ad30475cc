//! Seeks between accounts: the creator shown with its rating, a rating range asked of the
//! player who accepts, and rated seeks, which only an account may post or accept, only on a
//! real-time clock, and whose game counts for both players' ratings in its game and speed (its
//! perf).

use arbiter_catalog::GameId;
use arbiter_core::Side;
use arbiter_rating::{PerfKey, PerfRating, Speed, UnixMillis};

use crate::error::ApiError;
use crate::play::Games;
use crate::store::{Rated, SeekCreator, StoredSeek};
use crate::time_control::TimeControl;

/// An account, as the lobby knows the one a request is signed in as.
#[derive(Debug, Clone)]
pub struct Member {
    /// Its identifier.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// The rating of `member` in the perf of a game of `kind` on `clock`, as shown, and whether it
/// is provisional (a new player's when none); `None` without a real-time clock.
pub(crate) async fn rating(
    games: &Games,
    member: &Member,
    kind: GameId,
    clock: Option<TimeControl>,
) -> Result<Option<(i32, bool)>, ApiError> {
    let Some(TimeControl::RealTime { .. }) = clock else { return Ok(None) };
    let perf = perf(kind, clock)?.to_string();
    let stored = games.store.rating_in(&member.id, &perf).await?;
    let rating = stored.map_or(PerfRating::NEW_PLAYER, |stored| stored.rating);
    let live = rating
        .live(UnixMillis(games.time.now().0))
        .map_err(|error| ApiError::Damaged(format!("a stored rating cannot be read: {error}")))?;
    Ok(Some((live.displayed(), live.provisional())))
}

/// The creator shown with a seek of `kind` on `clock` posted by `member`.
pub(super) async fn creator(
    games: &Games,
    member: &Member,
    kind: GameId,
    clock: Option<TimeControl>,
) -> Result<SeekCreator, ApiError> {
    let rating = rating(games, member, kind, clock).await?;
    Ok(SeekCreator {
        name: member.name.clone(),
        rating: rating.map(|(rating, _)| rating),
        provisional: rating.is_some_and(|(_, provisional)| provisional),
    })
}

/// Checks the rating range a seek on `clock` asks for: on a real-time clock, lowest first.
pub(super) fn check_range(
    range: Option<[i32; 2]>,
    clock: Option<TimeControl>,
) -> Result<Option<[i32; 2]>, ApiError> {
    match (range, clock) {
        (None, _) => Ok(None),
        (Some([low, high]), Some(TimeControl::RealTime { .. })) if low <= high => Ok(range),
        (Some(_), Some(TimeControl::RealTime { .. })) => Err(ApiError::BadRequest(
            "a rating range is `[lowest, highest]`, the lowest first".to_owned(),
        )),
        (Some(_), _) => Err(ApiError::BadRequest(
            "a rating range asks for ratings at a speed: the seek needs a real-time clock"
                .to_owned(),
        )),
    }
}

/// Refuses (`403`) a player who may not accept `seek` for its rating range: one without an
/// account, or whose rating in the seek's perf is outside it.
pub(super) async fn check_within_range(
    games: &Games,
    seek: &StoredSeek,
    kind: GameId,
    acceptor: Option<&Member>,
) -> Result<(), ApiError> {
    let Some([low, high]) = seek.rating_range else { return Ok(()) };
    let refused = |why: String| Err(ApiError::Forbidden(why));
    let Some(acceptor) = acceptor else {
        return refused(format!("this seek asks for a rating of {low} to {high}: sign in"));
    };
    match rating(games, acceptor, kind, seek.clock).await? {
        Some((rating, _)) if (low..=high).contains(&rating) => Ok(()),
        Some((rating, _)) => {
            refused(format!("this seek asks for a rating of {low} to {high}; yours is {rating}"))
        }
        None => refused("this seek's rating range needs a real-time clock".to_owned()),
    }
}

/// The account that posts a rated seek on `clock`: the request's, which must have one, on a
/// real-time clock (games by correspondence and untimed games are casual).
pub(super) fn rated_seek(
    account: Option<&Member>,
    clock: Option<TimeControl>,
) -> Result<String, ApiError> {
    let account = account.ok_or_else(|| {
        ApiError::Unauthorized("a rated seek is posted by an account: sign in".to_owned())
    })?;
    match clock {
        Some(TimeControl::RealTime { .. }) => Ok(account.id.clone()),
        _ => Err(ApiError::BadRequest(
            "a rated game is played on a real-time clock (`initial_ms`, `increment_ms`)".to_owned(),
        )),
    }
}

/// The perf of a game of `kind` on `clock`: `checkers/blitz`.
pub(crate) fn perf(kind: GameId, clock: Option<TimeControl>) -> Result<PerfKey, ApiError> {
    let speed = match clock {
        Some(TimeControl::RealTime { initial_ms, increment_ms }) => {
            Speed::of_real_time(initial_ms / 1000, increment_ms / 1000)
        }
        Some(TimeControl::Correspondence { .. }) => Speed::Correspondence,
        None => return Err(ApiError::Damaged("a rated seek has no clock".to_owned())),
    };
    PerfKey::new(kind.id(), speed).map_err(|error| ApiError::Damaged(error.to_string()))
}

/// The rated game seek `seek` becomes when the account `acceptor` accepts it, its creator
/// playing `creator_side`; `None` for a casual seek.
pub(super) fn rated_game(
    seek: &StoredSeek,
    kind: GameId,
    acceptor: Option<&Member>,
    creator_side: Side,
) -> Result<Option<Rated>, ApiError> {
    let Some(creator) = &seek.rated_by else { return Ok(None) };
    let acceptor = &acceptor
        .ok_or_else(|| {
            ApiError::Unauthorized("a rated seek is accepted by an account: sign in".to_owned())
        })?
        .id;
    if acceptor == creator {
        return Err(ApiError::Forbidden("you cannot accept your own seek".to_owned()));
    }
    let mut accounts = [acceptor.clone(), acceptor.clone()];
    accounts[creator_side.index()] = creator.clone();
    Ok(Some(Rated { perf: perf(kind, seek.clock)?.to_string(), accounts, changes: None }))
}
