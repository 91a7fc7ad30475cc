//! A game in memory: its stored form, the game played from it, and what a request may do.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use arbiter_catalog::Playable;
use arbiter_core::Game as _;
use arbiter_core::{MoveError, Outcome, Side, Status, WinReason};

use super::clock::{ClockState, Millis, ServerTime, TimeControl};
use super::{GameState, RematchState, SeatState};
use crate::error::ApiError;
use crate::live::{self, describe, Event, GameStatus, Live};
use crate::play::seats::{hash_secret, Player};
use crate::store::{RatingChange, StoredGame, TournamentKind};
use crate::view::TournamentOfGame;
use crate::view::{RatingsState, SideRating};

/// A game in memory: as stored, and played.
pub(crate) struct Entry {
    pub(crate) stored: StoredGame,
    pub(crate) live: Box<dyn Live>,
    /// The game's kind, as `stored.game` and `stored.options` name it (a GDL game's rules).
    kind: Playable,
    pub(crate) players: [Player; 2],
    /// Stops the computer's search in progress.
    pub(crate) stop: Arc<AtomicBool>,
    /// Whether the computer's search is under way.
    pub(crate) thinking: bool,
    /// A write of this entry failed: it may differ from the database, and is not used again.
    pub(crate) stale: bool,
    /// The state as JSON last made for sockets, for each set of seats held: many watchers of
    /// one change cost one rendering.
    rendered: Vec<Rendered>,
    /// The server's clock.
    time: Arc<ServerTime>,
    /// The names of the accounts that play a rated game (`deleted` for a deleted one), as
    /// read when the game was.
    pub(crate) account_names: [Option<String>; 2],
    /// The tournament it is a game of, as read when the game was.
    pub(crate) tournament: Option<(String, TournamentKind)>,
}

/// The time the computer keeps back on its clock, never shared out to its searches.
const SERVER_RESERVE_MS: i64 = 150;

/// What a move of the computer costs on the server beside the time given to its search
/// (waiting for a worker, the search's last steps, the write): taken from the increment it
/// counts on.
const MOVE_COST_MS: u64 = 60;

/// A state made as JSON: for whom, of which version, and whether the computer was thinking.
struct Rendered {
    you: Vec<Side>,
    version: i64,
    thinking: bool,
    json: String,
}

impl Entry {
    /// The game played from its stored form, of the kind `kind` (which
    /// `Games::playable` reads from it); a game that cannot be is [`ApiError::Damaged`].
    pub(crate) fn from_stored(
        stored: StoredGame,
        kind: Playable,
        time: Arc<ServerTime>,
    ) -> Result<Entry, ApiError> {
        let damaged = |reason: String| {
            ApiError::Damaged(format!(
                "the game {} cannot be played from what is stored ({reason}); it is set aside",
                stored.id
            ))
        };
        let event = stored.event;
        let live = live::build(&kind, &stored.options, &stored.moves, event).map_err(damaged)?;
        let seat = |index: usize| {
            Player::parse(&stored.seats[index].player, &kind).map_err(|e| damaged(e.to_string()))
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
            time,
            account_names: [None, None],
            tournament: None,
        })
    }

    /// Brings the entry up to date with `fresh`, the game as another server stored it, whose
    /// `moves` (and `clocks`) are those after this entry's, of `total` moves in all: plays
    /// them, and takes the rest of the row. `false` when the moves before are not this
    /// entry's (some were taken back since) or a move cannot be played: the entry must then be
    /// read whole, and is not used again.
    pub(crate) fn catch_up(&mut self, fresh: StoredGame, total: usize) -> bool {
        let known = self.stored.moves.len();
        if fresh.takebacks != self.stored.takebacks
            || total != known + fresh.moves.len()
            || fresh.game != self.stored.game
            || fresh.options != self.stored.options
        {
            return false;
        }
        if fresh.moves.iter().any(|mv| self.live.play(mv).is_err()) {
            return false;
        }
        if self.stored.event.is_none() {
            if let Some(event) = fresh.event {
                if live::apply_event(&mut *self.live, event).is_err() {
                    return false;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.stored.moves);
        moves.extend(fresh.moves.iter().cloned());
        let mut clocks = std::mem::take(&mut self.stored.clocks);
        clocks.extend(fresh.clocks.iter().copied());
        self.stored = StoredGame { moves, clocks, ..fresh };
        self.rendered.clear();
        // A search of the computer's begun on the older position is of no use now.
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        true
    }

    /// The game's kind (a GDL game's rules).
    pub(crate) fn kind(&self) -> &Playable {
        &self.kind
    }

    /// The sides whose seats the presented secrets hold.
    pub(crate) fn held(&self, secrets: &[String]) -> Vec<Side> {
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

    pub(crate) fn state(&self, you: Vec<Side>) -> GameState {
        let status = self.live.status();
        let (result, mut reason) = describe(status);
        let status = if self.aborted() {
            reason = Some(match self.stored.event {
                Some(Event::AbortedBy(side)) => format!("aborted by {side}"),
                _ => format!("aborted: {} made no first move in time", self.live.side_to_move()),
            });
            GameStatus::Aborted
        } else if self.stored.event == Some(Event::Imported) {
            reason = Some("an imported record that ends before the game does".to_owned());
            GameStatus::Unfinished
        } else {
            match status {
                Status::Over(Outcome::Win { reason: WinReason::Time, .. }) => GameStatus::Time,
                Status::Over(_) => GameStatus::Over,
                Status::Ongoing => GameStatus::Ongoing,
            }
        };
        let mut view = self.live.view();
        if self.stopped() {
            view.legal.clear();
        }
        let seats = Side::BOTH
            .into_iter()
            .map(|side| {
                let seat = &self.stored.seats[side.index()];
                let player = &self.players[side.index()];
                let account = self.account_names[side.index()].clone();
                let seat = SeatState {
                    player: seat.player.clone(),
                    name: self.seat_name(side),
                    account,
                    level: player.level(&self.kind),
                    taken: seat.claimed,
                    berserk: self.stored.berserk[side.index()],
                };
                (side, seat)
            })
            .collect();
        GameState {
            id: self.stored.id.clone(),
            game: self.stored.game.clone(),
            name: match &self.kind {
                Playable::Native(id) => id.info().name.to_owned(),
                Playable::Gdl(_) => arbiter_gdl::Gdl::NAME.to_owned(),
            },
            options: self.stored.options.clone(),
            version: self.stored.version,
            moves: self.stored.moves.clone(),
            opening: self.live.opening().map(str::to_owned),
            ply: self.live.ply(),
            to_move: self.live.side_to_move(),
            status,
            result,
            reason,
            seats,
            draw_offer: self.stored.draw_offer,
            undo_request: self.stored.undo_request,
            thinking: self.thinking,
            engine_help: self.engine_help(&you),
            clock: self.clock_state(self.time.now()),
            rematch: self.rematch_state(),
            rated: self.stored.rated.is_some(),
            ratings: self.ratings_state(),
            tournament: self.tournament.as_ref().map(|(id, kind)| TournamentOfGame {
                id: id.clone(),
                arena: *kind == TournamentKind::Arena,
            }),
            you,
            view,
        }
    }

    /// Who plays `side`, as a person reads it: the account's name in a rated game, the name
    /// an imported record gives, "A person", "Computer, level 3".
    pub(crate) fn seat_name(&self, side: Side) -> String {
        let tag = match side {
            Side::White => "White",
            Side::Black => "Black",
        };
        let imported = self.stored.record_tags.as_ref().and_then(|tags| tags.get(tag));
        self.account_names[side.index()]
            .clone()
            .or_else(|| imported.map(str::to_owned))
            .unwrap_or_else(|| self.players[side.index()].name(&self.kind))
    }

    /// The ratings' changes, once a rated game was rated.
    fn ratings_state(&self) -> Option<RatingsState> {
        let [white, black] = self.stored.rated.as_ref()?.changes?;
        let side =
            |change: RatingChange| SideRating { before: change.before, change: change.change };
        Some(RatingsState { white: side(white), black: side(black) })
    }

    /// The game's time control, when it is on a clock.
    pub(crate) fn control(&self) -> Option<TimeControl> {
        self.stored.clock
    }

    /// Whether the game was aborted.
    pub(crate) fn aborted(&self) -> bool {
        self.stored.event.is_some_and(Event::is_abort)
    }

    /// Whether nobody plays on although the rules have not ended the game: it was aborted, or
    /// it is an imported record that ends before the game does.
    pub(crate) fn stopped(&self) -> bool {
        self.stored.event.is_some_and(Event::stops_play)
    }

    /// Whether the game is over: ended, aborted, or an imported record's end.
    pub(crate) fn over(&self) -> bool {
        self.live.status().is_over() || self.stopped()
    }

    /// The side whose clock runs: the side to move once both sides have moved, in a game on a
    /// clock that goes on.
    fn running(&self) -> Option<Side> {
        self.control()?;
        (!self.over() && self.live.ply() >= 2).then(|| self.live.side_to_move())
    }

    /// The clocks at `now`.
    fn clock_state(&self, now: Millis) -> Option<ClockState> {
        let control = self.control()?;
        let mut left = self.stored.remaining;
        let running = self.running();
        if let Some(side) = running {
            left[side.index()] =
                (left[side.index()] - (now - self.stored.turn_began)).at_least_zero();
        }
        let (increment_ms, days_per_move) = match control {
            TimeControl::RealTime { increment_ms, .. } => (Some(increment_ms), None),
            TimeControl::Correspondence { days_per_move } => (None, Some(days_per_move)),
        };
        let first_move_ms = self
            .deadline()
            .filter(|_| self.live.ply() < 2)
            .map(|deadline| (deadline - now).0.max(0));
        Some(ClockState {
            white_ms: left[0].0,
            black_ms: left[1].0,
            increment_ms,
            days_per_move,
            running,
            first_move_ms,
        })
    }

    /// When the game ends by itself unless a move comes first: the running side's flag, or
    /// before both sides have moved the abort (once no seat waits for a friend).
    pub(crate) fn deadline(&self) -> Option<Millis> {
        let control = self.control()?;
        if self.over() {
            return None;
        }
        let began = self.stored.turn_began;
        if self.live.ply() < 2 {
            return (self.stored.waiting == 0).then(|| began + control.first_move());
        }
        Some(began + self.stored.remaining[self.live.side_to_move().index()])
    }

    /// How the game ends at `now` when its deadline has passed: aborted before both sides
    /// have moved, otherwise lost on time by the side to move.
    pub(crate) fn timed_out(&self, now: Millis) -> Option<Event> {
        let deadline = self.deadline()?;
        (now >= deadline).then(|| {
            if self.live.ply() < 2 {
                Event::Abort
            } else {
                Event::Time(self.live.side_to_move())
            }
        })
    }

    /// Ends the game by `event` at `now`, its clocks stopped.
    pub(crate) fn end_by(&mut self, event: Event, now: Millis) {
        self.stop_clock(now);
        if let Event::Time(side) = event {
            self.stored.remaining[side.index()] = Millis::ZERO;
        }
        if live::apply_event(&mut *self.live, event).is_ok() {
            self.stored.event = Some(event);
        }
        self.stored.draw_offer = None;
        self.stored.undo_request = None;
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Charges the running side the time of its turn until `now` (the game ends otherwise
    /// than by a move).
    pub(crate) fn stop_clock(&mut self, now: Millis) {
        if let Some(side) = self.running() {
            let left = &mut self.stored.remaining[side.index()];
            *left = (*left - (now - self.stored.turn_began)).at_least_zero();
        }
        self.stored.turn_began = now;
    }

    /// Plays `text` at `now`, charging the mover's clock (nothing changes when the move is
    /// refused).
    pub(crate) fn play_at(&mut self, text: &str, now: Millis) -> Result<String, MoveError> {
        let before = (self.stored.remaining, self.stored.turn_began, self.stored.clocks.len());
        self.charge_move(now);
        self.live.play(text).inspect_err(|_| {
            (self.stored.remaining, self.stored.turn_began) = (before.0, before.1);
            self.stored.clocks.truncate(before.2);
        })
    }

    /// Charges the side to move for the move it makes at `now` (before it is played): the
    /// time its turn took, less the increment; its time left is written with the move.
    fn charge_move(&mut self, now: Millis) {
        let Some(control) = self.control() else { return };
        let mover = self.live.side_to_move().index();
        let ply = self.live.ply();
        if ply >= 2 {
            let used = now - self.stored.turn_began;
            // A berserk side plays without its increment.
            let control = match control {
                TimeControl::RealTime { initial_ms, .. } if self.stored.berserk[mover] => {
                    TimeControl::RealTime { initial_ms, increment_ms: 0 }
                }
                control => control,
            };
            self.stored.remaining[mover] = control.after_move(self.stored.remaining[mover], used);
        }
        self.stored.clocks.resize(ply, None);
        self.stored.clocks.push(Some(self.stored.remaining[mover]));
        self.stored.turn_began = now;
    }

    /// The time the computer, to move, may think: its share of its clock (see
    /// [`arbiter_ai::budget`]) once its clock runs.
    pub(crate) fn thinking_time(&self) -> Option<std::time::Duration> {
        let control = self.control()?;
        let side = self.running()?;
        let left = self.clock_state(self.time.now())?;
        let left = if side == Side::White { left.white_ms } else { left.black_ms };
        let increment = match control {
            TimeControl::RealTime { increment_ms, .. } => increment_ms,
            TimeControl::Correspondence { .. } => 0,
        };
        // Kept back: the reserve, and each move's cost out of the increment, so that the
        // clock settles well above zero however long the game.
        let left = (left - SERVER_RESERVE_MS).max(0) as u64;
        Some(arbiter_ai::budget(
            std::time::Duration::from_millis(left),
            std::time::Duration::from_millis(increment.saturating_sub(MOVE_COST_MS)),
            None,
        ))
    }

    /// The rematch as the state shows it.
    fn rematch_state(&self) -> Option<RematchState> {
        let offered_by = self.stored.rematch_offer.as_ref().map(|offer| offer.by);
        let game = self.stored.rematch_game.clone();
        (offered_by.is_some() || game.is_some()).then_some(RematchState { offered_by, game })
    }

    /// Whether the holder of the seats `held` may have the engine's analysis now: not during a
    /// game between people, unless it holds both seats (one screen).
    pub(crate) fn engine_help(&self, held: &[Side]) -> bool {
        let between_people = self.players.iter().all(|player| *player == Player::Human);
        !between_people || self.over() || held.len() == 2
    }

    /// The side a request acts for (see [`Entry::acting`]), in a game that goes on.
    pub(crate) fn acting_while_ongoing(&self, held: &[Side]) -> Result<Side, ApiError> {
        let side = self.acting(held)?;
        if self.over() {
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
        // A running clock's time left, or the first move's, is of the moment the state is
        // made: not kept.
        if self.running().is_some() || (self.live.ply() < 2 && self.deadline().is_some()) {
            return Some((current, json));
        }
        self.rendered.retain(|rendered| rendered.you != you);
        self.rendered.push(Rendered { you, version: current, thinking, json: json.clone() });
        Some((current, json))
    }

    pub(crate) fn is_computer(&self, side: Side) -> bool {
        matches!(self.players[side.index()], Player::Computer(_))
    }

    /// The computer is to move in a game that goes on.
    pub(crate) fn computer_due(&self) -> bool {
        !self.over() && self.is_computer(self.live.side_to_move())
    }

    /// The one side a request acts for: the side to move where it holds both.
    pub(crate) fn acting(&self, held: &[Side]) -> Result<Side, ApiError> {
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
