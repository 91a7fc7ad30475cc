//! A rematch after a game: offered by one side, accepted by the other (at once against the
//! computer and at one screen), it makes a new game of the same game, options and clock with
//! the colours swapped. The new game and the old game's change are stored in one transaction.
//!
//! A rematch's seats are held by secrets derived from what held the old ones: the session, or
//! the token (`seat_secret(token, new_id, side)`, HMAC-SHA-256 keyed by the token). The
//! offerer's secret is derived when it offers, and its hash kept with the offer.

use std::sync::Arc;

use arbiter_core::Side;

use super::{Lobby, RematchAction, Roots};
use crate::error::ApiError;
use crate::play::entry::Entry;
use crate::play::seats::{hash_secret, new_game_id, seat_secret, Player};
use crate::play::{detached, owner_key, GameState, Setup, ATTEMPTS};
use crate::store::RematchOffer;

impl Lobby {
    /// A rematch of game `id` offered, accepted or declined by the holder of `roots`.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        roots: Roots,
        action: RematchAction,
    ) -> Result<GameState, ApiError> {
        let (lobby, id) = (self.clone(), id.to_owned());
        detached(async move {
            let mut attempt = 0;
            loop {
                attempt += 1;
                match lobby.rematch_now(&id, &roots, action).await {
                    Err(ApiError::Outdated) if attempt < ATTEMPTS => {}
                    other => return other,
                }
            }
        })
        .await
    }

    async fn rematch_now(
        self: &Arc<Self>,
        id: &str,
        roots: &Roots,
        action: RematchAction,
    ) -> Result<GameState, ApiError> {
        use RematchAction::{Accept, Decline, Offer};
        let (slot, mut entry) = self.games.lock(id).await?;
        let holding = holders(&entry, id, roots);
        let held: Vec<Side> =
            Side::BOTH.into_iter().filter(|side| holding[side.index()].is_some()).collect();
        let side = entry.acting(&held)?;
        if !entry.over() {
            return Err(ApiError::conflict("a rematch is offered once the game is over"));
        }
        if entry.tournament.is_some() {
            return Err(ApiError::conflict(
                "a tournament's game has no rematch: it pairs the next",
            ));
        }
        if let Some(game) = &entry.stored.rematch_game {
            return Err(ApiError::conflict(format!("the rematch was accepted: game {game}")));
        }
        let offer = entry.stored.rematch_offer.clone();
        let offered_by_other = offer.clone().filter(|offer| offer.by != side);
        let at_once = held.len() == 2 || entry.is_computer(side.opponent());
        match action {
            Offer | Accept if at_once || offered_by_other.is_some() => {
                let game = offered_by_other
                    .as_ref()
                    .map_or_else(new_game_id, |offer| Ok(offer.game.clone()))?;
                let setup = swapped(&entry, &game, &holding, offered_by_other.as_ref(), roots)?;
                let born = self.games.prepare(setup)?;
                entry.stored.rematch_offer = None;
                entry.stored.rematch_game = Some(game.clone());
                let ply = entry.live.ply();
                self.games.commit_with(&slot, &mut entry, ply, Some(&born)).await?;
                // Both games are stored: the answer says so even if the new one cannot be
                // started here now (its computer move and its clock are then found by the scans).
                if let Err(error) = self.games.start_stored(&game).await {
                    tracing::warn!(game = %game, %error, "the rematch is stored, not started");
                }
                return Ok(entry.state(held));
            }
            Offer if offer.as_ref().is_some_and(|offer| offer.by == side) => {
                return Ok(entry.state(held));
            }
            Offer => {
                let root = holding[side.index()].clone().unwrap_or_default();
                let game = new_game_id()?;
                let hash = hash_secret(&seat_secret(&root, &game, side.opponent()));
                // The offerer's browser keeps the new game among its games.
                let owner = (roots.session.as_ref() == Some(&root)).then(|| owner_key(&root));
                entry.stored.rematch_offer = Some(RematchOffer { by: side, game, hash, owner });
            }
            Decline if offered_by_other.is_some() => entry.stored.rematch_offer = None,
            Accept | Decline => return Err(ApiError::conflict("no rematch is offered to you")),
        }
        let ply = entry.live.ply();
        self.games.commit(&slot, &mut entry, ply).await?;
        Ok(entry.state(held))
    }
}

/// The root (a session, or a token) of `roots` that holds each side's seat in game `id`.
fn holders(entry: &Entry, id: &str, roots: &Roots) -> [Option<String>; 2] {
    Side::BOTH.map(|side| {
        let stored = entry.stored.seats[side.index()].secret.as_ref()?;
        let session = roots
            .session
            .as_ref()
            .filter(|session| hash_secret(&seat_secret(session, id, side)) == *stored);
        let token = roots.tokens.iter().find(|token| hash_secret(token) == *stored);
        session.or(token).cloned()
    })
}

/// The rematch `game` of `entry`'s game, colours swapped: each person's new seat held by the
/// secret derived from what held the old one (`holding`), or by the hash the offer kept for
/// the offerer.
fn swapped(
    entry: &Entry,
    game: &str,
    holding: &[Option<String>; 2],
    offer: Option<&RematchOffer>,
    roots: &Roots,
) -> Result<Setup, ApiError> {
    let mut secrets = [None, None];
    let mut holdings = Vec::new();
    let mut taken = [false; 2];
    for old in Side::BOTH {
        let new = old.opponent();
        if entry.players[old.index()] != Player::Human {
            continue;
        }
        taken[new.index()] = true;
        secrets[new.index()] = match (offer, &holding[old.index()]) {
            (Some(offer), _) if offer.by == old => {
                if let Some(owner) = &offer.owner {
                    holdings.push((owner.clone(), new));
                }
                Some(offer.hash.clone())
            }
            (_, Some(root)) => {
                if roots.session.as_ref() == Some(root) {
                    holdings.push((owner_key(root), new));
                }
                Some(hash_secret(&seat_secret(root, game, new)))
            }
            (_, None) => None,
        };
    }
    let kind = entry.kind().clone();
    let [white, black] = entry.players.clone();
    Ok(Setup {
        id: game.to_owned(),
        kind,
        options: entry.stored.options.clone(),
        players: [black, white],
        secrets,
        clock: entry.control(),
        waiting: 0,
        holdings,
        taken,
        seek: None,
        rated: None,
    })
}
