//! What a lobby socket is sent: the open seeks and their changes, the acceptance of one's own
//! seek, and one's tournament games.

use std::collections::HashSet;

use super::{seek_secret, Lobby, LobbySeen, Seek};
use crate::error::ApiError;
use crate::play::owner_key;

impl Lobby {
    /// What a lobby socket sends: the open seeks at first (`seeks`), then each seek `added`
    /// and `removed`; to a seek's creator `accepted` with the game and the token that takes
    /// the seat; to an account, `paired` with each tournament game it is to play (its seat is
    /// its account's), looked for at first and when `seen.pairings_due`. `seen` is what the
    /// socket sent before.
    pub(crate) async fn lobby_messages(
        &self,
        session: Option<&str>,
        seen: &mut LobbySeen,
    ) -> Result<Vec<serde_json::Value>, ApiError> {
        let owner = session.map(owner_key);
        let now = self.games.time.now();
        let open = self.open_seeks().await?;
        let views: Vec<Seek> =
            open.iter().filter_map(|seek| self.seek_view(seek, owner.as_deref(), now)).collect();
        let ids: HashSet<String> = views.iter().map(|seek| seek.id.clone()).collect();
        let mut messages = Vec::new();
        let first = seen.known.is_none();
        match &seen.known {
            None => messages.push(serde_json::json!({ "type": "seeks", "seeks": views })),
            Some(known) => {
                for seek in views.iter().filter(|seek| !known.contains(&seek.id)) {
                    messages.push(serde_json::json!({ "type": "added", "seek": seek }));
                }
                for id in known.iter().filter(|id| !ids.contains(*id)) {
                    messages.push(serde_json::json!({ "type": "removed", "id": id }));
                }
            }
        }
        seen.known = Some(ids);
        let mine: HashSet<String> =
            views.iter().filter(|seek| seek.yours).map(|seek| seek.id.clone()).collect();
        // The acceptances are looked for when the socket opens and when one's own seek goes.
        let gone = !seen.mine.is_subset(&mine);
        seen.mine = mine;
        let (Some(session), Some(owner)) = (session, owner) else { return Ok(messages) };
        if first || seen.pairings_due {
            seen.pairings_due = false;
            messages.extend(self.paired(&owner, seen).await?);
        }
        if !(first || gone) {
            return Ok(messages);
        }
        for seek in self.games.store.accepted_seeks(&owner).await? {
            let Some((game, side)) = &seek.accepted else { continue };
            // A seat the creator took already (from another page) is not offered again.
            let taken = match (self.games.lock(game).await, Some(*side)) {
                (Ok((_, entry)), Some(side)) => entry.stored.seats[side.index()].claimed,
                _ => true,
            };
            if !taken && seen.told.insert(seek.id.clone()) {
                messages.push(serde_json::json!({
                    "type": "accepted",
                    "seek": seek.id,
                    "game": game,
                    "side": side,
                    "token": seek_secret(session, &seek.id),
                }));
            }
        }
        Ok(messages)
    }
}
