//! A new game: checked, stored in one transaction (with the seats browsers hold, and the seek
//! it comes from), then started (the computer's search, the clock's deadline).

use std::collections::HashMap;
use std::sync::Arc;

use arbiter_catalog::{GameId, Playable};
use arbiter_core::Side;
use tokio::sync::OwnedMutexGuard;

use super::clock::{Millis, TimeControl};
use super::entry::Entry;
use super::requests::{Born, Created, NewGame, SeatLink, Setup};
use super::{detached, now, owner_key, Games, Slot};
use crate::error::ApiError;
use crate::live::{self};
use crate::play::seats::{hash_secret, new_game_id, new_secret, seat_secret, Player};
use crate::store::{NewRules, StoredGame, StoredSeat};

impl Games {
    /// Creates a game; the creator gets every human seat's token and link. The seats it keeps
    /// are held by the secrets derived from its browser's `session`.
    async fn create_now(
        self: &Arc<Self>,
        new: NewGame,
        session: Option<String>,
    ) -> Result<Created, ApiError> {
        let kind = self.kind_of(&new.game, new.rules).await?;
        let players = [Player::parse(&new.white, &kind)?, Player::parse(&new.black, &kind)?];
        let options =
            kind.options(&new.options).map_err(|e| ApiError::BadRequest(e.to_string()))?;
        let id = new_game_id()?;
        let mut seats = HashMap::new();
        let mut secrets = [None, None];
        let mut holdings = Vec::new();
        let mut waiting = 0;
        for side in Side::BOTH {
            if players[side.index()] != Player::Human {
                continue;
            }
            let token = match &session {
                Some(session) if new.keep.contains(&side) => {
                    holdings.push((owner_key(session), side));
                    seat_secret(session, &id, side)
                }
                _ => {
                    waiting += 1;
                    new_secret()?
                }
            };
            secrets[side.index()] = Some(hash_secret(&token));
            let url = format!("/join/{id}/{}/{token}", side.name());
            seats.insert(side, SeatLink { token, url });
        }
        let setup = Setup {
            id: id.clone(),
            kind,
            options,
            players,
            secrets,
            clock: new.clock,
            waiting,
            holdings,
            taken: [false; 2],
            seek: None,
            rated: None,
        };
        let (_, entry) = self.insert(setup).await?;
        let state = entry.state(seats.keys().copied().collect());
        Ok(Created { watch_url: format!("/games/{id}"), id, seats, state })
    }

    /// The kind of game a request names: a game of the catalog by its identifier, or `gdl`
    /// with its `rules` (compiled and checked here).
    async fn kind_of(&self, game: &str, rules: Option<String>) -> Result<Playable, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        match (game, rules) {
            (Playable::GDL_ID, Some(text)) => self.new_rules(text).await,
            (Playable::GDL_ID, None) => {
                Err(bad("a game written in GDL needs its rules: `rules`, the description in KIF"))
            }
            (_, Some(_)) => {
                Err(bad("only a game written in GDL (`\"game\": \"gdl\"`) takes `rules`"))
            }
            (game, None) => {
                let id: GameId = game.parse().map_err(|e| ApiError::BadRequest(format!("{e}")))?;
                Ok(id.into())
            }
        }
    }

    /// Stores the new game `setup` and starts it: the computer's search when it is to move,
    /// the clock's deadline. The game is answered locked.
    pub(crate) async fn insert(
        self: &Arc<Self>,
        setup: Setup,
    ) -> Result<(Arc<Slot>, OwnedMutexGuard<Entry>), ApiError> {
        let seek = setup.seek.clone();
        let rules = match &setup.kind {
            Playable::Gdl(rules) => Some((rules.hash(), rules.clone())),
            Playable::Native(_) => None,
        };
        let born = self.prepare(setup)?;
        match seek {
            Some((seek, side)) => {
                self.store.create_from_seek(&born.game, &born.holdings, &seek, side).await?;
            }
            None => {
                let rules =
                    rules.as_ref().map(|(hash, rules)| NewRules { hash, text: rules.text() });
                self.store.create(&born.game, &born.holdings, rules).await?;
            }
        }
        self.start_stored(&born.game.id).await
    }

    /// The stored form of the new game `setup`, checked (its options, its players, its
    /// clock), with the seats browsers hold in it; nothing is stored yet.
    pub(crate) fn prepare(&self, setup: Setup) -> Result<Born, ApiError> {
        let Setup {
            id,
            kind,
            options,
            players,
            secrets,
            clock,
            waiting,
            holdings,
            taken,
            rated,
            ..
        } = setup;
        let live = live::build(&kind, &options, &[], None).map_err(ApiError::BadRequest)?;
        for player in &players {
            if let Player::Computer(spec) = player {
                live.check_player(spec).map_err(|e| ApiError::BadRequest(e.to_string()))?;
            }
        }
        let clock = clock.map(TimeControl::check).transpose().map_err(ApiError::BadRequest)?;
        let initial = clock.map_or(Millis::ZERO, TimeControl::initial);
        let time = now();
        let due = matches!(players[live.side_to_move().index()], Player::Computer(_));
        let [white, black] = secrets;
        let stored = StoredGame {
            id,
            game: kind.id().to_owned(),
            options: live.options_text(),
            seats: [
                StoredSeat { player: players[0].to_text(), secret: white, claimed: taken[0] },
                StoredSeat { player: players[1].to_text(), secret: black, claimed: taken[1] },
            ],
            moves: Vec::new(),
            event: None,
            draw_offer: None,
            undo_request: None,
            result: None,
            version: 1,
            takebacks: 0,
            due,
            lease: due.then(|| self.lease()),
            created: time,
            updated: time,
            clock,
            berserk: [false; 2],
            remaining: [initial; 2],
            turn_began: self.time.now(),
            deadline: None,
            waiting,
            clocks: Vec::new(),
            rematch_offer: None,
            rematch_game: None,
            rated,
            record_tags: None,
        };
        let entry = Entry::from_stored(stored, kind, self.time.clone())?;
        let mut game = entry.stored.clone();
        game.deadline = entry.deadline();
        Ok(Born { game, holdings })
    }

    /// Starts the new game `id`, stored already: the computer's search when it is to move,
    /// the clock's deadline. The game is answered locked.
    pub(crate) async fn start_stored(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(Arc<Slot>, OwnedMutexGuard<Entry>), ApiError> {
        let (slot, mut entry) = self.lock(id).await?;
        if let Some(deadline) = entry.stored.deadline {
            self.watch_deadline(id, deadline);
        }
        self.schedule(&slot, &mut entry);
        Ok((slot, entry))
    }

    /// Creates a game; the creator gets every human seat's token and link, and the seats it
    /// keeps are held by its browser's `session` as well.
    pub async fn create(
        self: &Arc<Self>,
        new: NewGame,
        session: Option<String>,
    ) -> Result<Created, ApiError> {
        let games = self.clone();
        detached(async move { games.create_now(new, session).await }).await
    }
}
