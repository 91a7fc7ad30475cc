//! Tournaments' rows: the tournament, its players and its pairings. Every change is one
//! transaction that checks and increases the tournament's version: a player joining or
//! withdrawing, and each step the servers take (the start, pairings with their new games, the
//! end), so that a step two servers take at once is written once.

use std::collections::HashMap;

use arbiter_core::Side;
use sqlx::any::AnyRow;
use sqlx::Row;

use super::rows::{read, Stored};
use super::tournament_rows::{
    Entrant, GameOutcome, Step, StoredPairing, StoredTournament, TournamentKind, TournamentRows,
    TournamentStatus,
};
use super::{Store, StoreError};
use crate::time_control::Millis;

/// A column that must hold a value.
fn required<T: Stored>(row: &AnyRow, column: &str) -> Result<T, StoreError> {
    read(row, column)?.ok_or_else(|| StoreError::Damaged(format!("the column `{column}` is empty")))
}

/// A count column as an unsigned number.
fn count(row: &AnyRow, column: &str) -> Result<u32, StoreError> {
    let value: i64 = row.try_get(column)?;
    u32::try_from(value)
        .map_err(|_| StoreError::Damaged(format!("the column `{column}` holds {value}")))
}

const TOURNAMENT_COLUMNS: &str = "id, kind, name, game, options, clock, rated, created_by, \
     created, starts_at, ends_at, rounds, round, status, version, step, seed";

fn tournament(row: &AnyRow) -> Result<StoredTournament, StoreError> {
    let rounds: Option<i64> = row.try_get("rounds")?;
    Ok(StoredTournament {
        id: row.try_get("id")?,
        kind: required(row, "kind")?,
        name: row.try_get("name")?,
        game: row.try_get("game")?,
        options: row.try_get("options")?,
        clock: required(row, "clock")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        created_by: row.try_get("created_by")?,
        created: Millis(row.try_get("created")?),
        starts_at: Millis(row.try_get("starts_at")?),
        ends_at: row.try_get::<Option<i64>, _>("ends_at")?.map(Millis),
        rounds: rounds.map(|rounds| u32::try_from(rounds).unwrap_or(0)),
        round: count(row, "round")?,
        status: required(row, "status")?,
        version: row.try_get("version")?,
        step: row.try_get("step")?,
        seed: row.try_get("seed")?,
    })
}

impl Store {
    /// Stores a new tournament.
    pub async fn create_tournament(&self, new: &StoredTournament) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO tournaments (id, kind, name, game, options, clock, rated, created_by, \
             created, starts_at, ends_at, rounds, round, status, version, step, seed) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
             $17)",
        )
        .bind(&new.id)
        .bind(new.kind.to_stored())
        .bind(&new.name)
        .bind(&new.game)
        .bind(&new.options)
        .bind(new.clock.to_stored())
        .bind(i64::from(new.rated))
        .bind(&new.created_by)
        .bind(new.created.0)
        .bind(new.starts_at.0)
        .bind(new.ends_at.map(|at| at.0))
        .bind(new.rounds.map(i64::from))
        .bind(i64::from(new.round))
        .bind(new.status.to_stored())
        .bind(new.version)
        .bind(new.step)
        .bind(new.seed)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The tournaments of `status`: the upcoming and running ones soonest first, the finished
    /// ones latest first; at most `limit`.
    pub async fn tournaments(
        &self,
        status: TournamentStatus,
        limit: i64,
    ) -> Result<Vec<StoredTournament>, StoreError> {
        let order = if status == TournamentStatus::Finished { "DESC" } else { "ASC" };
        let text = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status = $1 \
             ORDER BY starts_at {order}, id LIMIT $2"
        );
        let rows =
            sqlx::query(&text).bind(status.to_stored()).bind(limit).fetch_all(&self.pool).await?;
        rows.iter().map(tournament).collect()
    }

    /// The tournaments account `account` created that are not finished.
    pub async fn tournaments_open_by(&self, account: &str) -> Result<u32, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS open FROM tournaments \
             WHERE created_by = $1 AND status <> 'finished'",
        )
        .bind(account)
        .fetch_one(&self.pool)
        .await?;
        count(&row, "open")
    }

    /// The number of players of each of `ids` who have not withdrawn.
    pub async fn tournament_sizes(&self, ids: &[&str]) -> Result<Vec<u32>, StoreError> {
        let mut sizes = Vec::with_capacity(ids.len());
        for id in ids {
            let row = sqlx::query(
                "SELECT COUNT(*) AS players FROM tournament_players \
                 WHERE tournament_id = $1 AND withdrawn = 0",
            )
            .bind(*id)
            .fetch_one(&self.pool)
            .await?;
            sizes.push(count(&row, "players")?);
        }
        Ok(sizes)
    }

    /// The tournaments a server may have a step to take in by `now`: those running, and those
    /// upcoming whose start has come.
    pub async fn active_tournaments(&self, now: Millis) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM tournaments WHERE status = 'running' \
             OR (status = 'upcoming' AND starts_at <= $1) ORDER BY starts_at LIMIT 1000",
        )
        .bind(now.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok(row.try_get("id")?)).collect()
    }

    /// Tournament `id` with its players and its pairings from the `from`th on (`seq >= from`:
    /// a caller that holds the earlier ones, whose games are over, reads only what may have
    /// changed), read in one transaction.
    pub async fn tournament(
        &self,
        id: &str,
        from: u32,
    ) -> Result<Option<TournamentRows>, StoreError> {
        let mut transaction = self.pool.begin().await?;
        let text = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1");
        let Some(row) = sqlx::query(&text).bind(id).fetch_optional(&mut *transaction).await? else {
            return Ok(None);
        };
        let tournament = tournament(&row)?;
        let creator = sqlx::query("SELECT name, deleted FROM accounts WHERE id = $1")
            .bind(&tournament.created_by)
            .fetch_one(&mut *transaction)
            .await?;
        let creator = if creator.try_get::<i64, _>("deleted")? != 0 {
            super::DELETED.to_owned()
        } else {
            creator.try_get("name")?
        };
        // The pairings before the players: on PostgreSQL each statement reads the database as
        // it is then, and a player paired is a player who joined before.
        let pairings = sqlx::query(
            "SELECT p.seq, p.round, p.white, p.black, p.game_id, g.result, g.event, g.ply, \
             g.berserk, g.created, g.updated FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id \
             WHERE p.tournament_id = $1 AND p.seq >= $2 ORDER BY p.seq",
        )
        .bind(id)
        .bind(i64::from(from))
        .fetch_all(&mut *transaction)
        .await?
        .iter()
        .map(pairing)
        .collect::<Result<_, _>>()?;
        let players = sqlx::query(
            "SELECT p.account_id, a.name, a.deleted, p.joined, p.rating, p.withdrawn \
             FROM tournament_players p JOIN accounts a ON a.id = p.account_id \
             WHERE p.tournament_id = $1 ORDER BY p.joined, p.account_id",
        )
        .bind(id)
        .fetch_all(&mut *transaction)
        .await?
        .iter()
        .map(entrant)
        .collect::<Result<_, _>>()?;
        transaction.commit().await?;
        Ok(Some(TournamentRows { tournament, creator, players, pairings }))
    }

    /// Adds `entrant` to tournament `id` (or brings back a player who withdrew), if the
    /// tournament is still at `version`: `false` when it changed meanwhile.
    pub async fn join_tournament(
        &self,
        id: &str,
        version: i64,
        entrant: &Entrant,
    ) -> Result<bool, StoreError> {
        let mut transaction = self.pool.begin().await?;
        if !Self::next_version(&mut transaction, id, version).await? {
            return Ok(false);
        }
        let returned = sqlx::query(
            "UPDATE tournament_players SET withdrawn = 0, joined = $3 \
             WHERE tournament_id = $1 AND account_id = $2",
        )
        .bind(id)
        .bind(&entrant.account)
        .bind(entrant.joined.0)
        .execute(&mut *transaction)
        .await?;
        if returned.rows_affected() == 0 {
            sqlx::query(
                "INSERT INTO tournament_players (tournament_id, account_id, joined, rating, \
                 withdrawn) VALUES ($1, $2, $3, $4, 0)",
            )
            .bind(id)
            .bind(&entrant.account)
            .bind(entrant.joined.0)
            .bind(i64::from(entrant.rating))
            .execute(&mut *transaction)
            .await?;
        }
        transaction.commit().await?;
        Ok(true)
    }

    /// Withdraws `account` from tournament `id`, if it is still at `version`: `false` when it
    /// changed meanwhile.
    pub async fn withdraw_from_tournament(
        &self,
        id: &str,
        version: i64,
        account: &str,
    ) -> Result<bool, StoreError> {
        let mut transaction = self.pool.begin().await?;
        if !Self::next_version(&mut transaction, id, version).await? {
            return Ok(false);
        }
        sqlx::query(
            "UPDATE tournament_players SET withdrawn = 1 \
             WHERE tournament_id = $1 AND account_id = $2",
        )
        .bind(id)
        .bind(account)
        .execute(&mut *transaction)
        .await?;
        transaction.commit().await?;
        Ok(true)
    }

    /// Writes `step` in one transaction if no other step was taken since it was decided:
    /// `false` (and nothing written) when another server took one meanwhile.
    pub async fn take_step(&self, step: Step<'_>) -> Result<bool, StoreError> {
        let mut transaction = self.pool.begin().await?;
        let updated = sqlx::query(
            "UPDATE tournaments SET version = version + 1, step = step + 1, status = $3, \
             round = $4 WHERE id = $1 AND step = $2",
        )
        .bind(step.id)
        .bind(step.step)
        .bind(step.status.to_stored())
        .bind(i64::from(step.round))
        .execute(&mut *transaction)
        .await?;
        if updated.rows_affected() != 1 {
            return Ok(false);
        }
        for game in step.games {
            Self::insert(&mut transaction, game).await?;
        }
        for pairing in &step.pairings {
            sqlx::query(
                "INSERT INTO tournament_pairings (tournament_id, seq, round, white, black, \
                 game_id) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(step.id)
            .bind(i64::from(pairing.seq))
            .bind(i64::from(pairing.round))
            .bind(&pairing.white)
            .bind(pairing.black.as_deref())
            .bind(pairing.game.as_deref())
            .execute(&mut *transaction)
            .await?;
        }
        for account in &step.withdrawn {
            sqlx::query(
                "UPDATE tournament_players SET withdrawn = 1 \
                 WHERE tournament_id = $1 AND account_id = $2",
            )
            .bind(step.id)
            .bind(account)
            .execute(&mut *transaction)
            .await?;
        }
        transaction.commit().await?;
        Ok(true)
    }

    /// The tournament games being played whose seats the owner key `owner` holds: the
    /// tournament, the game and the side.
    pub async fn tournament_games_held(
        &self,
        owner: &str,
    ) -> Result<Vec<(String, String, Side)>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.tournament_id, p.game_id, h.side FROM holdings h \
             JOIN tournament_pairings p ON p.game_id = h.game_id \
             JOIN games g ON g.id = h.game_id \
             WHERE h.owner = $1 AND g.result IS NULL AND g.event IS NULL",
        )
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?, required(row, "side")?)))
            .collect()
    }

    /// The tournament game `game` is a game of, with its kind.
    pub async fn tournament_of_game(
        &self,
        game: &str,
    ) -> Result<Option<(String, TournamentKind)>, StoreError> {
        let row = sqlx::query(
            "SELECT t.id, t.kind FROM tournament_pairings p \
             JOIN tournaments t ON t.id = p.tournament_id WHERE p.game_id = $1",
        )
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| Ok((row.try_get("id")?, required(&row, "kind")?))).transpose()
    }

    /// The seat keys of the accounts `ids`, by account.
    pub async fn seat_keys(&self, ids: &[&str]) -> Result<HashMap<String, String>, StoreError> {
        let mut keys = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(500) {
            let marks: Vec<String> = (1..=chunk.len()).map(|index| format!("${index}")).collect();
            let text =
                format!("SELECT id, seat_key FROM accounts WHERE id IN ({})", marks.join(", "));
            let mut query = sqlx::query(&text);
            for id in chunk {
                query = query.bind(*id);
            }
            for row in query.fetch_all(&self.pool).await? {
                keys.insert(row.try_get("id")?, row.try_get("seat_key")?);
            }
        }
        Ok(keys)
    }

    /// Moves tournament `id` from `version` to the next: `false` when it is at another.
    async fn next_version(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: &str,
        version: i64,
    ) -> Result<bool, StoreError> {
        let updated = sqlx::query(
            "UPDATE tournaments SET version = version + 1 WHERE id = $1 AND version = $2",
        )
        .bind(id)
        .bind(version)
        .execute(&mut **transaction)
        .await?;
        Ok(updated.rows_affected() == 1)
    }
}

fn entrant(row: &AnyRow) -> Result<Entrant, StoreError> {
    let deleted = row.try_get::<i64, _>("deleted")? != 0;
    let rating: i64 = row.try_get("rating")?;
    Ok(Entrant {
        account: row.try_get("account_id")?,
        name: if deleted { super::DELETED.to_owned() } else { row.try_get("name")? },
        joined: Millis(row.try_get("joined")?),
        rating: i32::try_from(rating)
            .map_err(|_| StoreError::Damaged(format!("a tournament rating of {rating}")))?,
        withdrawn: row.try_get::<i64, _>("withdrawn")? != 0,
    })
}

fn pairing(row: &AnyRow) -> Result<StoredPairing, StoreError> {
    let game: Option<String> = row.try_get("game_id")?;
    let outcome = match &game {
        Some(_) => Some(GameOutcome {
            result: read(row, "result")?,
            event: read(row, "event")?,
            plies: count(row, "ply")?,
            berserk: super::games::berserk_of(
                row.try_get::<Option<String>, _>("berserk")?.as_deref(),
            ),
            created: Millis::from_secs(row.try_get("created")?),
            updated: Millis::from_secs(row.try_get("updated")?),
        }),
        None => None,
    };
    Ok(StoredPairing {
        seq: count(row, "seq")?,
        round: count(row, "round")?,
        white: row.try_get("white")?,
        black: row.try_get("black")?,
        game,
        outcome,
    })
}
