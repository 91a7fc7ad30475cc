//! Rated seeks: only an account may post or accept one, only on a real-time clock, and the
//! game it becomes counts for both players' ratings in its game and speed (its perf).

use arbiter_catalog::GameId;
use arbiter_core::Side;
use arbiter_rating::{PerfKey, Speed};

use crate::error::ApiError;
use crate::store::{Rated, StoredSeek};
use crate::time_control::TimeControl;

/// The account that posts a rated seek on `clock`: the request's, which must have one, on a
/// real-time clock (games by correspondence and untimed games are casual).
pub(super) fn rated_seek(
    account: Option<String>,
    clock: Option<TimeControl>,
) -> Result<String, ApiError> {
    let account = account.ok_or_else(|| {
        ApiError::Unauthorized("a rated seek is posted by an account: sign in".to_owned())
    })?;
    match clock {
        Some(TimeControl::RealTime { .. }) => Ok(account),
        _ => Err(ApiError::BadRequest(
            "a rated game is played on a real-time clock (`initial_ms`, `increment_ms`)".to_owned(),
        )),
    }
}

/// The perf of a game of `kind` on `clock`: `checkers/blitz`.
fn perf(kind: GameId, clock: Option<TimeControl>) -> Result<PerfKey, ApiError> {
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
    acceptor: Option<&String>,
    creator_side: Side,
) -> Result<Option<Rated>, ApiError> {
    let Some(creator) = &seek.rated_by else { return Ok(None) };
    let acceptor = acceptor.ok_or_else(|| {
        ApiError::Unauthorized("a rated seek is accepted by an account: sign in".to_owned())
    })?;
    if acceptor == creator {
        return Err(ApiError::Forbidden("you cannot accept your own seek".to_owned()));
    }
    let mut accounts = [acceptor.clone(), acceptor.clone()];
    accounts[creator_side.index()] = creator.clone();
    Ok(Some(Rated { perf: perf(kind, seek.clock)?.to_string(), accounts, changes: None }))
}
