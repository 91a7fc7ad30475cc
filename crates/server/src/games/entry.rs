//! A game in memory: its stored form, the game played from it, and what a request may do.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use arbiter_catalog::GameId;
use arbiter_core::Side;

use super::{read_side, GameState, SeatState};
use crate::error::ApiError;
use crate::live::{self, describe, Event, GameStatus, Live};
use crate::seats::{hash_secret, Player};
use crate::store::StoredGame;

/// A game in memory: as stored, and played.
pub(crate) struct Entry {
    pub(super) stored: StoredGame,
    pub(super) live: Box<dyn Live>,
    /// The game's kind, as `stored.game` names it.
    kind: GameId,
    pub(super) players: [Player; 2],
    /// Stops the computer's search in progress.
    pub(super) stop: Arc<AtomicBool>,
    /// Whether the computer's search is under way.
    pub(super) thinking: bool,
    /// A write of this entry failed: it may differ from the database, and is not used again.
    pub(super) stale: bool,
    /// The state as JSON last made for sockets, for each set of seats held: many watchers of
    /// one change cost one rendering.
    rendered: Vec<Rendered>,
}

/// A state made as JSON: for whom, of which version, and whether the computer was thinking.
struct Rendered {
    you: Vec<Side>,
    version: i64,
    thinking: bool,
    json: String,
}

impl Entry {
    /// The game played from its stored form; a game that cannot be is
    /// [`ApiError::Damaged`].
    pub(super) fn from_stored(stored: StoredGame) -> Result<Entry, ApiError> {
        let damaged = |reason: String| {
            ApiError::Damaged(format!(
                "the game {} cannot be played from what is stored ({reason}); it is set aside",
                stored.id
            ))
        };
        let kind: GameId = stored.game.parse().map_err(|e| damaged(format!("{e}")))?;
        let event = stored.event.as_deref().and_then(Event::from_text);
        let live = live::build(kind, &stored.options, &stored.moves, event).map_err(damaged)?;
        let seat = |index: usize| {
            Player::parse(&stored.seats[index].player, kind).map_err(|e| damaged(e.to_string()))
        };
        let players = [seat(0)?, seat(1)?];
        Ok(Entry {
            stored,
            live,
            kind,
            players,
            stop: Arc::default(),
            thinking: false,
            stale: false,
            rendered: Vec::new(),
        })
    }

    /// The sides whose seats the presented secrets hold.
    pub(super) fn held(&self, secrets: &[String]) -> Vec<Side> {
        let hashes: Vec<String> = secrets.iter().map(|secret| hash_secret(secret)).collect();
        Side::BOTH
            .into_iter()
            .filter(|side| {
                self.stored.seats[side.index()]
                    .secret
                    .as_ref()
                    .is_some_and(|stored| hashes.contains(stored))
            })
            .collect()
    }

    pub(super) fn state(&self, you: Vec<Side>) -> GameState {
        let status = self.live.status();
        let (result, reason) = describe(status);
        let seats = Side::BOTH
            .into_iter()
            .map(|side| {
                let seat = &self.stored.seats[side.index()];
                let player = &self.players[side.index()];
                let seat = SeatState {
                    player: seat.player.clone(),
                    name: player.name(self.kind),
                    level: player.level(self.kind),
                    taken: seat.claimed,
                };
                (side, seat)
            })
            .collect();
        GameState {
            id: self.stored.id.clone(),
            game: self.stored.game.clone(),
            options: self.stored.options.clone(),
            version: self.stored.version,
            moves: self.stored.moves.clone(),
            ply: self.live.ply(),
            to_move: self.live.side_to_move(),
            status: if status.is_over() { GameStatus::Over } else { GameStatus::Ongoing },
            result,
            reason,
            seats,
            draw_offer: read_side(self.stored.draw_offer.as_deref()),
            undo_request: read_side(self.stored.undo_request.as_deref()),
            thinking: self.thinking,
            engine_help: self.engine_help(&you),
            you,
            view: self.live.view(),
        }
    }

    /// Whether the holder of the seats `held` may have the engine's analysis now: not during a
    /// game between people, unless it holds both seats (one screen).
    pub(super) fn engine_help(&self, held: &[Side]) -> bool {
        let between_people = self.players.iter().all(|player| *player == Player::Human);
        !between_people || self.live.status().is_over() || held.len() == 2
    }

    /// The side a request acts for (see [`Entry::acting`]), in a game that goes on.
    pub(super) fn acting_while_ongoing(&self, held: &[Side]) -> Result<Side, ApiError> {
        let side = self.acting(held)?;
        if self.live.status().is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        Ok(side)
    }

    /// The state as JSON, with its version, when it is newer than `version`.
    pub(crate) fn state_if_newer(
        &mut self,
        version: i64,
        secrets: &[String],
    ) -> Option<(i64, String)> {
        if self.stored.version <= version {
            return None;
        }
        let you = self.held(secrets);
        let (current, thinking) = (self.stored.version, self.thinking);
        let known = self.rendered.iter().find(|rendered| rendered.you == you);
        if let Some(known) = known.filter(|r| r.version == current && r.thinking == thinking) {
            return Some((current, known.json.clone()));
        }
        let json = serde_json::to_string(&self.state(you.clone())).unwrap_or_default();
        self.rendered.retain(|rendered| rendered.you != you);
        self.rendered.push(Rendered { you, version: current, thinking, json: json.clone() });
        Some((current, json))
    }

    pub(super) fn is_computer(&self, side: Side) -> bool {
        matches!(self.players[side.index()], Player::Computer(_))
    }

    /// The computer is to move in a game that goes on.
    pub(super) fn computer_due(&self) -> bool {
        !self.live.status().is_over() && self.is_computer(self.live.side_to_move())
    }

    /// The one side a request acts for: the side to move where it holds both.
    pub(super) fn acting(&self, held: &[Side]) -> Result<Side, ApiError> {
        match held {
            [] => Err(ApiError::Forbidden(
                "you hold no seat in this game; send the seat's token as \
                 `Authorization: Bearer TOKEN`, or open the seat's link"
                    .to_owned(),
            )),
            [side] => Ok(*side),
            _ => Ok(self.live.side_to_move()),
        }
    }
}
