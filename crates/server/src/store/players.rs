//! What the players' pages read of the games: a player's games, each with the side its
//! account held and the accounts of a rated game, and the player's wins, draws and losses.

use std::collections::HashMap;

use arbiter_core::Side;
use sqlx::Row;

use super::accounts::DELETED;
use super::rows::{read, Rated, Summary};
use super::{Store, StoreError};
use crate::live::GameResult;

/// A game of a player's: as listed, with the side its account held (none when it held both,
/// at one screen) and, when rated, the accounts and changes.
#[derive(Debug, Clone)]
pub struct HeldGame {
    /// The game as listed.
    pub summary: Summary,
    /// The side held, when one.
    pub side: Option<Side>,
    /// The result, once the game ended with one.
    pub result: Option<GameResult>,
    /// The rated game's accounts and changes.
    pub rated: Option<Rated>,
}

/// A player's games that ended with a result, by outcome (a game at one screen, where the
/// player held both seats, counts for none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Tally {
    /// Games won.
    pub wins: i64,
    /// Games drawn.
    pub draws: i64,
    /// Games lost.
    pub losses: i64,
}

impl Store {
    /// The games in which the browser of key `owner` holds a seat, with the side it holds,
    /// the most recently changed first: `limit` from the `offset`-th.
    pub async fn held_games(
        &self,
        owner: &str,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<HeldGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT games.id, games.game, games.white, games.black, games.ply, games.result, \
             games.event, games.updated, games.rated, MIN(holdings.side) AS side, \
             COUNT(*) AS seats FROM games JOIN holdings ON holdings.game_id = games.id \
             WHERE holdings.owner = $1 GROUP BY games.id, games.game, games.white, \
             games.black, games.ply, games.result, games.event, games.updated, games.rated \
             ORDER BY games.updated DESC, games.id LIMIT $2 OFFSET $3",
        )
        .bind(owner)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        let summaries = Self::summaries(&rows)?;
        let mut games = Vec::with_capacity(rows.len());
        for (row, summary) in rows.iter().zip(summaries) {
            let seats: i64 = row.try_get("seats")?;
            let side = if seats == 1 { read::<Side>(row, "side")? } else { None };
            let (result, rated) = (read(row, "result")?, read(row, "rated")?);
            games.push(HeldGame { summary, side, result, rated });
        }
        Ok(games)
    }

    /// The wins, draws and losses of the browser of key `owner`: the games with a result in
    /// which it holds one seat.
    pub async fn tally(&self, owner: &str) -> Result<Tally, StoreError> {
        let rows = sqlx::query(
            "SELECT holdings.side, games.result, COUNT(*) AS games FROM holdings \
             JOIN games ON games.id = holdings.game_id \
             WHERE holdings.owner = $1 AND games.result IS NOT NULL AND NOT EXISTS \
             (SELECT 1 FROM holdings AS other WHERE other.game_id = holdings.game_id \
             AND other.owner = holdings.owner AND other.side <> holdings.side) \
             GROUP BY holdings.side, games.result",
        )
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        let mut tally = Tally::default();
        for row in &rows {
            let side: Option<Side> = read(row, "side")?;
            let result: Option<GameResult> = read(row, "result")?;
            let games: i64 = row.try_get("games")?;
            let (Some(side), Some(result)) = (side, result) else { continue };
            match result.winner() {
                None => tally.draws += games,
                Some(winner) if winner == side => tally.wins += games,
                Some(_) => tally.losses += games,
            }
        }
        Ok(tally)
    }

    /// The names of the accounts `ids` (`deleted` for a deleted one); an unknown one is left
    /// out.
    pub async fn names_of(&self, ids: &[&str]) -> Result<HashMap<String, String>, StoreError> {
        let mut names = HashMap::new();
        if ids.is_empty() {
            return Ok(names);
        }
        let marks: Vec<String> = (1..=ids.len()).map(|index| format!("${index}")).collect();
        let text =
            format!("SELECT id, name, deleted FROM accounts WHERE id IN ({})", marks.join(", "));
        let mut query = sqlx::query(&text);
        for id in ids {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&self.pool).await? {
            let deleted = row.try_get::<i64, _>("deleted")? != 0;
            let name = if deleted { DELETED.to_owned() } else { row.try_get("name")? };
            names.insert(row.try_get("id")?, name);
        }
        Ok(names)
    }
}
