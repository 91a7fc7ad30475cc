//! A game's rows: the game, its moves (a row a move) and the seats browsers hold in it. Every
//! change is one transaction that checks the game's version.

use arbiter_core::Side;
use sqlx::Row;

use super::ratings::ends_rated;
use super::rows::{read, stored, NewRow, RatingChange, StoredGame, StoredSeat, Summary};
use super::{NewRules, Store, StoreError};
use crate::live::Event;
use crate::time_control::Millis;

impl Store {
    /// Stores a new game, and the seats browsers hold in it (`holdings`: owner keys), and the
    /// GDL rules it plays (`rules`) unless they are stored already.
    pub async fn create(
        &self,
        game: &StoredGame,
        holdings: &[(String, Side)],
        rules: Option<NewRules<'_>>,
    ) -> Result<(), StoreError> {
        self.in_transaction(game, Write::New { holdings, seek: None, rules }).await.map(drop)
    }

    /// Stores the game open seek `seek` became, the creator playing `creator_side`: the seek
    /// is marked accepted in the same transaction, so a seek becomes one game. A seek taken
    /// or withdrawn meanwhile is a conflict.
    pub async fn create_from_seek(
        &self,
        game: &StoredGame,
        holdings: &[(String, Side)],
        seek: &str,
        creator_side: Side,
    ) -> Result<(), StoreError> {
        let write = Write::New { holdings, seek: Some((seek, creator_side)), rules: None };
        self.in_transaction(game, write).await.map(drop)
    }

    /// Saves a change of `game` in one transaction: its state, and its moves from ply
    /// `first_changed` on (the moves before it are already stored; `stored` moves were), and
    /// the new game the change makes (`born`: a rematch), if any. The change is made to the
    /// version before `game.version`: when the stored game has another (another server, or an
    /// earlier failed write, changed it), nothing is written and the answer is
    /// [`StoreError::Outdated`].
    pub async fn save(
        &self,
        game: &StoredGame,
        first_changed: usize,
        stored: usize,
        born: Option<NewRow<'_>>,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        let appended_one = first_changed == stored && game.moves.len() == stored + 1;
        if self.postgres.is_some() && appended_one && born.is_none() && !ends_rated(game) {
            return self.append_one(game).await.map(|()| None);
        }
        self.in_transaction(game, Write::Change { first_changed, stored, born }).await
    }

    /// Saves on PostgreSQL a change that adds one move (most changes): in one statement, so
    /// one round trip, that updates the game's row where it has the version before and adds
    /// the move.
    async fn append_one(&self, game: &StoredGame) -> Result<(), StoreError> {
        let ply = game.moves.len() - 1;
        let row = sqlx::query(
            "WITH changed AS (UPDATE games SET white_secret = $2, black_secret = $3, \
             white_claimed = $4, black_claimed = $5, event = $6, result = $7, ply = $8, \
             draw_offer = $9, undo_request = $10, version = $11, updated = $12, due = $14, \
             lease_owner = $15, lease_until = $16, white_ms = $17, black_ms = $18, \
             turn_began = $19, deadline = $20, waiting = $21, rematch_offer = $22, \
             rematch_game = $23, takebacks = $24, rated = $25, berserk = $26 \
             WHERE id = $1 AND version = $13 RETURNING id), \
             added AS (INSERT INTO moves (game_id, ply, mv, clock_ms) \
             SELECT id, $27, $28, $29 FROM changed RETURNING ply) \
             SELECT count(*) AS added FROM added",
        );
        let row = Self::bind_state(row, game, game.version - 1)
            .bind(ply as i64)
            .bind(&game.moves[ply])
            .bind(game.clocks.get(ply).copied().flatten().map(|left| left.0))
            .fetch_one(&self.pool)
            .await?;
        if row.try_get::<i64, _>("added")? != 1 {
            return Err(StoreError::Outdated);
        }
        Ok(())
    }

    /// Binds `$1` to `$26` of the update of a game's row stored at version `expected`.
    fn bind_state<'q>(
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
        game: &'q StoredGame,
        expected: i64,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        query
            .bind(&game.id)
            .bind(game.seats[0].secret.clone())
            .bind(game.seats[1].secret.clone())
            .bind(i64::from(game.seats[0].claimed))
            .bind(i64::from(game.seats[1].claimed))
            .bind(stored(game.event.as_ref()))
            .bind(stored(game.result.as_ref()))
            .bind(game.moves.len() as i64)
            .bind(stored(game.draw_offer.as_ref()))
            .bind(stored(game.undo_request.as_ref()))
            .bind(game.version)
            .bind(game.updated.secs())
            .bind(expected)
            .bind(i64::from(game.due))
            .bind(game.lease.as_ref().map(|(owner, _)| owner.clone()))
            .bind(game.lease.as_ref().map_or(0, |(_, until)| until.0))
            .bind(game.remaining[0].0)
            .bind(game.remaining[1].0)
            .bind(game.turn_began.0)
            .bind(game.deadline.map(|deadline| deadline.0))
            .bind(game.waiting)
            .bind(stored(game.rematch_offer.as_ref()))
            .bind(game.rematch_game.clone())
            .bind(game.takebacks)
            .bind(stored(game.rated.as_ref()))
            .bind(berserk_text(game.berserk))
    }

    /// Makes `write` in one transaction, on a connection of its own. A connection whose write
    /// failed in the database is closed rather than given back to the pool: SQLite keeps a
    /// transaction open when its COMMIT fails (a full disk), and the next write on that
    /// connection would go into it, acknowledged and never committed, while holding the
    /// database's write lock. (A conflict is the transaction's own refusal, rolled back.)
    async fn in_transaction(
        &self,
        game: &StoredGame,
        write: Write<'_>,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        let mut connection = self.pool.acquire().await?;
        let written = self.write_on(&mut connection, game, write).await;
        if matches!(written, Err(StoreError::Unavailable(_))) {
            let _ = connection.close().await;
        }
        written
    }

    async fn write_on(
        &self,
        connection: &mut sqlx::pool::PoolConnection<sqlx::Any>,
        game: &StoredGame,
        write: Write<'_>,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        let mut transaction = sqlx::Connection::begin(&mut **connection).await?;
        let mut changes = None;
        match write {
            Write::New { holdings, seek, rules } => {
                if let Some(rules) = rules {
                    Self::insert_rules(&mut transaction, rules, game.created.secs()).await?;
                }
                if let Some((seek, creator_side)) = seek {
                    let taken = sqlx::query(
                        "UPDATE seeks SET game_id = $2, creator_side = $3, seen = $4 \
                         WHERE id = $1 AND game_id IS NULL",
                    )
                    .bind(seek)
                    .bind(&game.id)
                    .bind(creator_side.name())
                    .bind(game.turn_began.0)
                    .execute(&mut *transaction)
                    .await?;
                    if taken.rows_affected() != 1 {
                        return Err(StoreError::Taken(
                            "this seek was taken or withdrawn".to_owned(),
                        ));
                    }
                }
                Self::insert(&mut transaction, NewRow { game, holdings }).await?;
            }
            Write::Change { first_changed, stored, born } => {
                Self::write(&mut transaction, game, first_changed, stored, game.version - 1)
                    .await?;
                if let Some(born) = born {
                    Self::insert(&mut transaction, born).await?;
                }
                if ends_rated(game) {
                    let lock = self.postgres.is_some();
                    changes = Self::rate_on(&mut transaction, game, lock).await?;
                }
            }
        }
        transaction.commit().await?;
        Ok(changes)
    }

    /// Records that the browser of key `owner` holds `side`'s seat in game `id`.
    async fn hold_on(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        owner: &str,
        id: &str,
        side: Side,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO holdings (owner, game_id, side) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(owner)
        .bind(id)
        .bind(side.name())
        .execute(&mut **transaction)
        .await?;
        Ok(())
    }

    /// Records that the browser of key `owner` holds `side`'s seat in game `id`.
    pub async fn hold(&self, owner: &str, id: &str, side: Side) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        Self::hold_on(&mut transaction, owner, id, side).await?;
        transaction.commit().await?;
        Ok(())
    }

    /// Inserts a new game: its row, then its state, and the seats browsers hold in it.
    pub(super) async fn insert(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        NewRow { game, holdings }: NewRow<'_>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO games (id, game, options, white, black, version, created, updated, \
             clock, record_tags) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.options)
        .bind(&game.seats[0].player)
        .bind(&game.seats[1].player)
        .bind(game.version)
        .bind(game.created.secs())
        .bind(game.updated.secs())
        .bind(stored(game.clock.as_ref()))
        .bind(stored(game.record_tags.as_ref()))
        .execute(&mut **transaction)
        .await?;
        Self::write(transaction, game, 0, 0, game.version).await?;
        for (owner, side) in holdings {
            Self::hold_on(transaction, owner, &game.id, *side).await?;
        }
        Ok(())
    }

    /// Writes what changes in a game stored at version `expected` with `stored` moves: its
    /// state first (which checks the version, and takes the row's lock), then its moves from
    /// `first_changed` on, the stored ones from there deleted first (a takeback).
    async fn write(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &StoredGame,
        first_changed: usize,
        stored: usize,
        expected: i64,
    ) -> Result<(), StoreError> {
        let update = sqlx::query(
            "UPDATE games SET white_secret = $2, black_secret = $3, white_claimed = $4, \
             black_claimed = $5, event = $6, result = $7, ply = $8, draw_offer = $9, \
             undo_request = $10, version = $11, updated = $12, due = $14, lease_owner = $15, \
             lease_until = $16, white_ms = $17, black_ms = $18, turn_began = $19, \
             deadline = $20, waiting = $21, rematch_offer = $22, rematch_game = $23, \
             takebacks = $24, rated = $25, berserk = $26 WHERE id = $1 AND version = $13",
        );
        let updated = Self::bind_state(update, game, expected).execute(&mut **transaction).await?;
        if updated.rows_affected() != 1 {
            return Err(StoreError::Outdated);
        }
        if first_changed < stored {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(&game.id)
                .bind(first_changed as i64)
                .execute(&mut **transaction)
                .await?;
        }
        for (ply, mv) in game.moves.iter().enumerate().skip(first_changed) {
            sqlx::query("INSERT INTO moves (game_id, ply, mv, clock_ms) VALUES ($1, $2, $3, $4)")
                .bind(&game.id)
                .bind(ply as i64)
                .bind(mv)
                .bind(game.clocks.get(ply).copied().flatten().map(|left| left.0))
                .execute(&mut **transaction)
                .await?;
        }
        Ok(())
    }

    /// The game `id`, with its moves.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        Ok(self.load_from(id, 0).await?.map(|(game, _)| game))
    }

    /// The game `id` with its moves from ply `from` on only (those before are left out of
    /// `moves` and `clocks`), and the number of moves it has in all.
    pub async fn load_from(
        &self,
        id: &str,
        from: usize,
    ) -> Result<Option<(StoredGame, usize)>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT id, game, options, white, black, white_secret, black_secret, white_claimed, \
             black_claimed, event, result, draw_offer, undo_request, version, due, lease_owner, \
             lease_until, created, updated, clock, white_ms, black_ms, turn_began, deadline, \
             waiting, rematch_offer, rematch_game, takebacks, ply, rated, berserk, record_tags \
             FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let (moves, clocks) = sqlx::query(
            "SELECT mv, clock_ms FROM moves WHERE game_id = $1 AND ply >= $2 ORDER BY ply",
        )
        .bind(id)
        .bind(from as i64)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            let left = row.try_get::<Option<i64>, _>(1)?.map(Millis);
            Ok((row.try_get::<String, _>(0)?, left))
        })
        .collect::<Result<(Vec<String>, Vec<Option<Millis>>), sqlx::Error>>()?;
        let seat = |side: &str| -> Result<StoredSeat, sqlx::Error> {
            Ok(StoredSeat {
                player: row.try_get(side)?,
                secret: row.try_get(format!("{side}_secret").as_str())?,
                claimed: row.try_get::<i64, _>(format!("{side}_claimed").as_str())? != 0,
            })
        };
        let ply = usize::try_from(row.try_get::<i64, _>("ply")?).unwrap_or(0);
        Ok(Some((
            StoredGame {
                id: row.try_get("id")?,
                game: row.try_get("game")?,
                options: row.try_get("options")?,
                seats: [seat("white")?, seat("black")?],
                moves,
                event: read(&row, "event")?,
                result: read(&row, "result")?,
                draw_offer: read(&row, "draw_offer")?,
                undo_request: read(&row, "undo_request")?,
                version: row.try_get("version")?,
                takebacks: row.try_get("takebacks")?,
                due: row.try_get::<i64, _>("due")? != 0,
                lease: row
                    .try_get::<Option<String>, _>("lease_owner")?
                    .map(|owner| row.try_get("lease_until").map(|until| (owner, Millis(until))))
                    .transpose()?,
                created: Millis::from_secs(row.try_get("created")?),
                updated: Millis::from_secs(row.try_get("updated")?),
                clock: read(&row, "clock")?,
                berserk: berserk_of(row.try_get::<Option<String>, _>("berserk")?.as_deref()),
                remaining: [Millis(row.try_get("white_ms")?), Millis(row.try_get("black_ms")?)],
                turn_began: Millis(row.try_get("turn_began")?),
                deadline: row.try_get::<Option<i64>, _>("deadline")?.map(Millis),
                waiting: row.try_get("waiting")?,
                clocks,
                rematch_offer: read(&row, "rematch_offer")?,
                rematch_game: row.try_get("rematch_game")?,
                rated: read(&row, "rated")?,
                record_tags: read(&row, "record_tags")?,
            },
            ply,
        )))
    }

    /// The most recently changed games, at most `limit`.
    pub async fn list(&self, limit: i64) -> Result<Vec<Summary>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, white, black, ply, result, event, updated FROM games \
             ORDER BY updated DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Self::summaries(&rows)
    }

    /// The summaries of rows of `games`.
    pub(super) fn summaries(rows: &[sqlx::any::AnyRow]) -> Result<Vec<Summary>, StoreError> {
        rows.iter()
            .map(|row| {
                let event = row
                    .try_get::<Option<String>, _>("event")?
                    .and_then(|text| Event::from_text(&text));
                Ok(Summary {
                    id: row.try_get("id")?,
                    game: row.try_get("game")?,
                    white: row.try_get("white")?,
                    black: row.try_get("black")?,
                    ply: row.try_get("ply")?,
                    result: row.try_get("result")?,
                    aborted: event.is_some_and(Event::is_abort),
                    unfinished: event == Some(Event::Imported),
                    updated: row.try_get("updated")?,
                })
            })
            .collect::<Result<Vec<Summary>, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// The games in which the browser of key `owner` holds a seat, with the sides it holds;
    /// the most recently changed first, at most `limit`.
    pub async fn holdings(
        &self,
        owner: &str,
        limit: i64,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT holdings.game_id, holdings.side FROM holdings \
             JOIN games ON games.id = holdings.game_id WHERE holdings.owner = $1 \
             ORDER BY games.updated DESC, games.id LIMIT $2",
        )
        .bind(owner)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}

/// What a transaction writes of a game.
#[derive(Debug, Clone, Copy)]
enum Write<'a> {
    /// A new game: its row, then its state, and the seats browsers hold; made from a seek
    /// (its identifier and the creator's side) that no other game was made from; with the GDL
    /// rules it plays, stored unless they are already.
    New {
        holdings: &'a [(String, Side)],
        seek: Option<(&'a str, Side)>,
        rules: Option<NewRules<'a>>,
    },
    /// A change: the state, and the moves from `first_changed` on, where `stored` moves were;
    /// and the new game it makes, if any.
    Change { first_changed: usize, stored: usize, born: Option<NewRow<'a>> },
}

/// The stored berserk of a game: the sides' names, `NULL` for none.
fn berserk_text(berserk: [bool; 2]) -> Option<String> {
    let sides: Vec<&str> =
        Side::BOTH.into_iter().filter(|side| berserk[side.index()]).map(Side::name).collect();
    (!sides.is_empty()).then(|| sides.join(" "))
}

/// A game's berserk as stored.
pub(super) fn berserk_of(text: Option<&str>) -> [bool; 2] {
    let text = text.unwrap_or_default();
    Side::BOTH.map(|side| text.split(' ').any(|name| name == side.name()))
}
