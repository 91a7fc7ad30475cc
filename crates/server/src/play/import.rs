//! A record imported to analyse: read, its moves replayed and checked, then stored as a game
//! that nobody plays on (it has no seat to take), whose page is an analysis board; an empty
//! record is the game's start. Its end is the record's: by the rules, or a resignation, an
//! agreed draw or a loss on time as its result says, or none ([`Event::Imported`]) when the
//! record stops before the game does. Its tags of where, when and between whom it was played
//! are kept, for its page and its record.

use std::collections::HashMap;
use std::sync::Arc;

use arbiter_catalog::{GameId, Playable};
use arbiter_core::{parse_record_text, DrawReason, Outcome, RecordText, Status, WinReason};

use super::entry::Entry;
use super::requests::{Born, Created, ImportRequest, Setup};
use super::{detached, Games};
use crate::error::ApiError;
use crate::live::{describe, Event};
use crate::play::seats::{new_game_id, Player};
use crate::store::RecordTags;

impl Games {
    /// Stores the game of `request`'s record, to analyse.
    pub async fn import(self: &Arc<Self>, request: ImportRequest) -> Result<Created, ApiError> {
        let games = self.clone();
        detached(async move { games.import_now(request).await }).await
    }

    async fn import_now(self: &Arc<Self>, request: ImportRequest) -> Result<Created, ApiError> {
        let unreadable =
            |error: String| ApiError::BadRequest(format!("the record cannot be imported: {error}"));
        let parsed = if request.record.trim().is_empty() {
            RecordText::default()
        } else {
            parse_record_text(&request.record).map_err(|e| unreadable(e.to_string()))?
        };
        let game = game_of(&parsed, request.game.as_deref()).map_err(unreadable)?;
        if parsed.tag("FEN").is_some() {
            return Err(unreadable(
                "it starts from a position set up (a FEN tag), and an imported game starts from \
                 the game's own start"
                    .to_owned(),
            ));
        }
        let record = game.read_record(&parsed).map_err(|e| unreadable(e.to_string()))?;
        let kind = Playable::Native(game);
        let setup = Setup {
            id: new_game_id()?,
            kind: kind.clone(),
            options: record.options_text(),
            players: [Player::Human, Player::Human],
            secrets: [None, None],
            clock: None,
            waiting: 0,
            holdings: Vec::new(),
            taken: [false; 2],
            seek: None,
            rated: None,
        };
        let Born { mut game, .. } = self.prepare(setup)?;
        game.moves = record.moves_from(0);
        game.event = event_of(record.status());
        game.record_tags = Some(record_tags(&parsed));
        let entry = Entry::from_stored(game, kind, self.time.clone())?;
        let mut game = entry.stored;
        game.result = describe(entry.live.status()).0;
        self.store.create(&game, &[], None).await?;
        let (_, entry) = self.start_stored(&game.id).await?;
        Ok(Created {
            watch_url: format!("/games/{}", game.id),
            id: game.id,
            seats: HashMap::new(),
            state: entry.state(Vec::new()),
        })
    }
}

/// The game of a record: the one its tags name, else `asked`; an error when neither names one,
/// or when they name two.
fn game_of(record: &RecordText, asked: Option<&str>) -> Result<GameId, String> {
    let asked = match asked.map(str::trim).filter(|asked| !asked.is_empty()) {
        None => None,
        Some(Playable::GDL_ID) => {
            return Err(
                "a game written in GDL cannot be imported: its record holds no rules".to_owned()
            )
        }
        Some(asked) => Some(asked.parse::<GameId>().map_err(|e| e.to_string())?),
    };
    match (GameId::of_record(record).map_err(|e| e.to_string())?, asked) {
        (Some(named), Some(asked)) if named != asked => {
            Err(format!("it is a record of {named}, not of {asked}"))
        }
        (Some(game), _) | (None, Some(game)) => Ok(game),
        (None, None) => Err(
            "it names no game (no [Game \"…\"] tag, nor PDN's [GameType \"21\"]): say which it is"
                .to_owned(),
        ),
    }
}

/// The longest value of a tag kept, in characters: a name, a place, a date.
const MAX_TAG: usize = 100;

/// The record's tags of where, when and between whom its game was played (each value cut to
/// [`MAX_TAG`] characters), none perhaps.
fn record_tags(record: &RecordText) -> RecordTags {
    let kept = RecordTags::NAMES.iter().filter_map(|name| {
        let value = record.tag(name)?.trim();
        (!value.is_empty() && value != "?" && value != "-")
            .then(|| ((*name).to_owned(), value.chars().take(MAX_TAG).collect()))
    });
    RecordTags(kept.collect())
}

/// The event that ends an imported game whose record stands at `status`: the end its result
/// gave where the moves do not end it, or [`Event::Imported`] when nothing ends it.
fn event_of(status: Status) -> Option<Event> {
    match status {
        Status::Ongoing => Some(Event::Imported),
        Status::Over(Outcome::Win { winner, reason: WinReason::Resignation }) => {
            Some(Event::Resignation(winner.opponent()))
        }
        Status::Over(Outcome::Win { winner, reason: WinReason::Time }) => {
            Some(Event::Time(winner.opponent()))
        }
        Status::Over(Outcome::Draw { reason: DrawReason::Agreement }) => Some(Event::Draw),
        Status::Over(_) => None,
    }
}
