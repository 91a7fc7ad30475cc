//! A change of a game in play: a move, a resignation, a draw, a takeback, a seat taken by an
//! invitation. Each is made on the game as stored and committed in one transaction that checks
//! its version; one made meanwhile by another server is made again on the game as it is now.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use arbiter_catalog::Ending;
use arbiter_core::Side;

use super::entry::Entry;
use super::requests::{Born, Change, DrawAction, UndoAction};
use super::{detached, move_error, now, owner_key, GameState, Games, Slot, ATTEMPTS};
use crate::error::ApiError;
use crate::live::{describe, Event};
use crate::play::seats::{hash_secret, seat_secret};
use crate::store::NewRow;
use crate::time_control::{Millis, TimeControl};

impl Games {
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
                    Change::Resign => games.end_now(&id, &secrets, false).await,
                    Change::Abort => games.end_now(&id, &secrets, true).await,
                    Change::Berserk => games.berserk_now(&id, &secrets).await,
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
        // Only the moves from the first changed on are written out again.
        let first_changed = first_changed.min(stored).min(entry.live.ply());
        entry.stored.moves.truncate(first_changed);
        entry.stored.moves.extend(entry.live.moves_from(first_changed));
        if first_changed < stored {
            entry.stored.takebacks += 1;
        }
        entry.stored.result = describe(entry.live.status()).0;
        if entry.live.status().is_over() {
            entry.stored.draw_offer = None;
            entry.stored.undo_request = None;
        }
        entry.stored.version += 1;
        entry.stored.updated = now();
        entry.stored.due = entry.computer_due();
        entry.stored.lease = entry.stored.due.then(|| self.lease());
        entry.stored.deadline = entry.deadline();
        let new_row = born.map(|born| NewRow { game: &born.game, holdings: &born.holdings });
        match self.store.save(&entry.stored, first_changed, stored, new_row).await {
            Ok(changes) => {
                if let (Some(rated), Some(changes)) = (&mut entry.stored.rated, changes) {
                    rated.changes = Some(changes);
                }
            }
            Err(error) => {
                entry.stale = true;
                entry.stop.store(true, Ordering::Relaxed);
                self.cache.forget(&entry.stored.id, slot);
                return Err(error.into());
            }
        }
        slot.version.store(entry.stored.version, Ordering::Relaxed);
        // A copy read meanwhile (this one was dropped from memory while it searched) is older.
        self.cache.forget_older(&entry.stored.id, entry.stored.version);
        self.notices.changed(&entry.stored.id, entry.stored.version).await;
        if entry.tournament.is_some() && entry.over() {
            self.tournament_game_over.notify_one();
        }
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

    /// The holder of `secrets` resigns, or aborts the game (`abort`): as on lichess, either
    /// player may abort while both sides have not moved yet (so the first to move may too,
    /// until the reply); an aborted game has no result, and a rated one changes no rating.
    async fn end_now(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
        abort: bool,
    ) -> Result<GameState, ApiError> {
        let (slot, mut entry) = self.lock(id).await?;
        let held = entry.held(secrets);
        let side = entry.acting(&held)?;
        if entry.over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let (ply, now) = (entry.live.ply(), self.time.now());
        // A deadline already passed ends the game as it would have by itself.
        if let Some(event) = entry.timed_out(now) {
            entry.end_by(event, now);
            self.commit(&slot, &mut entry, ply).await?;
            return Err(ApiError::conflict("the game is over: its deadline had passed"));
        }
        let event = match abort {
            // Moves taken back do not make a game begun anew.
            true if ply >= 2 || entry.stored.takebacks > 0 => {
                return Err(ApiError::conflict(
                    "the game has begun (both sides have moved, or moves were taken back): it \
                     can no longer be aborted (resign, or offer a draw)",
                ))
            }
            true => Event::AbortedBy(side),
            false => Event::Resignation(side),
        };
        entry.end_by(event, now);
        self.commit(&slot, &mut entry, ply).await?;
        Ok(entry.state(held))
    }

    /// The holder's side goes berserk: before its first move, on a real-time clock, its time is
    /// halved and it plays without increment.
    async fn berserk_now(
        self: &Arc<Self>,
        id: &str,
        secrets: &[String],
    ) -> Result<GameState, ApiError> {
        let (slot, mut entry) = self.lock(id).await?;
        let held = entry.held(secrets);
        let side = entry.acting_while_ongoing(&held)?;
        let ply = entry.live.ply();
        let moved = ply >= 2 || (ply == 1 && entry.live.side_to_move() != side);
        if moved || entry.stored.takebacks > 0 {
            return Err(ApiError::conflict("berserk is for before one's first move"));
        }
        if entry.stored.berserk[side.index()] {
            return Err(ApiError::conflict("this side went berserk already"));
        }
        if !matches!(entry.control(), Some(TimeControl::RealTime { .. })) {
            return Err(ApiError::conflict("berserk halves a real-time clock: this game has none"));
        }
        let left = &mut entry.stored.remaining[side.index()];
        *left = Millis(left.0 / 2);
        entry.stored.berserk[side.index()] = true;
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
        let offered = entry.stored.draw_offer;
        let both = held.len() == 2;
        match action {
            Offer | Accept if offered == Some(side.opponent()) || both => {
                entry.stop_clock(self.time.now());
                entry.live.end(Ending::Draw).map_err(move_error)?;
                entry.stored.event = Some(Event::Draw);
                entry.stored.draw_offer = None;
                entry.stop.store(true, Ordering::Relaxed);
            }
            Offer if entry.is_computer(side.opponent()) => {
                return Err(ApiError::conflict("the computer declines the draw"));
            }
            Offer => entry.stored.draw_offer = Some(side),
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
        if entry.stored.rated.is_some() {
            return Err(ApiError::conflict("no move is taken back in a rated game"));
        }
        if entry.control().is_some() {
            return Err(ApiError::conflict("no move is taken back in a game on a clock"));
        }
        let requested = entry.stored.undo_request;
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
                entry.stored.undo_request = Some(side);
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
            tracing::warn!(game = %id, %error, "the game is not listed among its player's");
        }
        let held = [Side::White, Side::Black].map(|side| seat_secret(session, id, side));
        Ok(entry.state(entry.held(&held)))
    }
}
