//! The rows of the database, as the server reads and writes them.

use arbiter_core::Side;
use sqlx::any::AnyRow;
use sqlx::Row;

use super::StoreError;
use crate::live::{Event, GameResult};
use crate::time_control::{Millis, TimeControl};

/// A seat as stored: who plays it, and the hash of the secret that holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSeat {
    /// `human`, or the computer's player spec.
    pub player: String,
    /// The SHA-256 of the seat's secret (hex), for a human seat.
    pub secret: Option<String>,
    /// `true` once an invitation link was used: the link's token no longer holds the seat.
    pub claimed: bool,
}

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// Its identifier.
    pub id: String,
    /// The catalog's identifier of the game, e.g. `checkers`.
    pub game: String,
    /// Its options, `key=value,…`.
    pub options: String,
    /// White's and Black's seats.
    pub seats: [StoredSeat; 2],
    /// The moves, in canonical notation.
    pub moves: Vec<String>,
    /// How it ended other than by its rules: a resignation, an agreed draw, a flag, an abort.
    pub event: Option<Event>,
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// The side that asks to take back a move.
    pub undo_request: Option<Side>,
    /// The result once the game is over.
    pub result: Option<GameResult>,
    /// Increases with every change.
    pub version: i64,
    /// How many times moves were taken back: a copy in memory with as many takebacks and
    /// fewer moves is brought up to date by the moves after its own.
    pub takebacks: i64,
    /// The computer is to move in the game, which goes on.
    pub due: bool,
    /// The server that has claimed the computer's move, and until when (milliseconds since
    /// the Unix epoch).
    pub lease: Option<(String, Millis)>,
    /// When it was made (stored to the second).
    pub created: Millis,
    /// When it last changed (stored to the second).
    pub updated: Millis,
    /// The time control, `None` untimed.
    pub clock: Option<TimeControl>,
    /// White's and Black's berserk (an arena's): half the clock, no increment.
    pub berserk: [bool; 2],
    /// White's and Black's time left, in milliseconds, when the turn began.
    pub remaining: [Millis; 2],
    /// When the side to move began its turn (milliseconds, the server's clock).
    pub turn_began: Millis,
    /// When the game ends by itself unless a change comes first (a flag, an abort).
    pub deadline: Option<Millis>,
    /// The seats still offered by a link.
    pub waiting: i64,
    /// The mover's time left after each move, in games on a clock.
    pub clocks: Vec<Option<Millis>>,
    /// A rematch offered.
    pub rematch_offer: Option<RematchOffer>,
    /// The rematch's game, once accepted.
    pub rematch_game: Option<String>,
    /// A rated game's perf and players (and, once rated, the ratings' changes); `None`
    /// for a casual game.
    pub rated: Option<Rated>,
    /// An imported record's tags of where, when and between whom its game was played (none,
    /// perhaps); `None` for a game played here.
    pub record_tags: Option<RecordTags>,
}

/// An imported record's tags of where, when and between whom its game was played, in order:
/// those of [`RecordTags::NAMES`] only, as stored: a JSON array of `[name, value]` pairs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordTags(pub Vec<(String, String)>);

impl RecordTags {
    /// The tags kept.
    pub const NAMES: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

    /// The value of the tag `name`, if the record had it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(tag, _)| tag == name).map(|(_, value)| value.as_str())
    }
}

/// A rated game, as stored: `PERF WHITE BLACK`, and once its end was rated
/// `PERF WHITE BLACK WB WC BB BC`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rated {
    /// The perf key: `checkers/blitz`.
    pub perf: String,
    /// The accounts of White and Black.
    pub accounts: [String; 2],
    /// Once rated: White's and Black's displayed rating before the game, and its change.
    pub changes: Option<[RatingChange; 2]>,
}

/// One side's rating before a rated game, as shown, and the game's change to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingChange {
    /// The rating before, as shown.
    pub before: i32,
    /// The change: the rating shown after less the one before.
    pub change: i32,
}

/// An open challenge, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSeek {
    /// Its identifier.
    pub id: String,
    /// The catalog's identifier of the game.
    pub game: String,
    /// Its options, canonical.
    pub options: String,
    /// The time control, `None` untimed.
    pub clock: Option<TimeControl>,
    /// The side the creator plays; `None`: drawn at random when the seek is accepted.
    pub side: Option<Side>,
    /// The hash of the creator's secret.
    pub secret: String,
    /// The hash of the creator's browser's key.
    pub owner: Option<String>,
    /// When it was made.
    pub created: Millis,
    /// When its creator was last there.
    pub seen: Millis,
    /// The game it became, and the creator's side in it.
    pub accepted: Option<(String, Side)>,
    /// For a rated seek, the creator's account.
    pub rated_by: Option<String>,
    /// The account that posted it, as shown.
    pub creator: Option<SeekCreator>,
    /// The lowest and highest rating in the seek's perf of a player who may accept it.
    pub rating_range: Option<[i32; 2]>,
}

/// The account that posted a seek, as the lobby shows it: stored `NAME [RATING[?]]`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct SeekCreator {
    /// The account's name.
    pub name: String,
    /// Its rating in the seek's perf when the seek was posted, as shown (a seek on a
    /// real-time clock).
    pub rating: Option<i32>,
    /// Whether that rating was provisional (shown with a `?`).
    pub provisional: bool,
}

/// A line of the list of games.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Summary {
    /// The game's identifier.
    pub id: String,
    /// The catalog's identifier of the game.
    pub game: String,
    /// Who plays White: `human` or a player spec.
    pub white: String,
    /// Who plays Black.
    pub black: String,
    /// The number of moves played.
    pub ply: i64,
    /// The result, or none while the game goes on (or once it was aborted).
    pub result: Option<String>,
    /// The game was aborted before both sides had moved: it has no result.
    pub aborted: bool,
    /// The game is an imported record that ends before the game does: it has no result.
    pub unfinished: bool,
    /// When it last changed, in seconds since the Unix epoch.
    pub updated: i64,
}

/// A new game to store with a change of another: the rematch it makes.
#[derive(Debug, Clone, Copy)]
pub struct NewRow<'a> {
    /// The new game.
    pub game: &'a StoredGame,
    /// The seats browsers hold in it (their owner keys).
    pub holdings: &'a [(String, Side)],
}

/// A rematch offered after a game, as stored: `SIDE GAME HASH [OWNER]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RematchOffer {
    /// The side that offers it.
    pub by: Side,
    /// The new game's identifier, chosen when it is offered.
    pub game: String,
    /// The hash of the secret that will hold the offerer's seat in the new game.
    pub hash: String,
    /// The owner key of the offerer's browser, which keeps the new game among its games.
    pub owner: Option<String>,
}

/// A value kept in a text column: written and read in one place.
pub(crate) trait Stored: Sized {
    /// What the column holds.
    fn to_stored(&self) -> String;
    /// Reads what the column holds; `None` if it is not one.
    fn from_stored(text: &str) -> Option<Self>;
}

/// The value of the text column `column` of `row`, `None` when it is null; a text that is not
/// one is a damaged row.
pub(crate) fn read<T: Stored>(row: &AnyRow, column: &str) -> Result<Option<T>, StoreError> {
    let Some(text) = row.try_get::<Option<String>, _>(column)? else { return Ok(None) };
    match T::from_stored(&text) {
        Some(value) => Ok(Some(value)),
        None => Err(StoreError::Damaged(format!("the column `{column}` holds `{text}`"))),
    }
}

/// What a nullable text column holds for `value`.
pub(crate) fn stored<T: Stored>(value: Option<&T>) -> Option<String> {
    value.map(Stored::to_stored)
}

impl Stored for Side {
    /// `white`, `black`.
    fn to_stored(&self) -> String {
        self.name().to_owned()
    }

    fn from_stored(text: &str) -> Option<Side> {
        match text {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            _ => None,
        }
    }
}

impl Stored for Event {
    /// `resign:white`, `draw`, `time:black`, `abort`.
    fn to_stored(&self) -> String {
        self.to_text()
    }

    fn from_stored(text: &str) -> Option<Event> {
        Event::from_text(text)
    }
}

impl Stored for GameResult {
    /// `1-0`, `0-1`, `1/2-1/2`.
    fn to_stored(&self) -> String {
        self.text().to_owned()
    }

    fn from_stored(text: &str) -> Option<GameResult> {
        [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw]
            .into_iter()
            .find(|result| result.text() == text)
    }
}

impl Stored for TimeControl {
    /// `300000+3000` in real time (milliseconds), `d3` in correspondence.
    fn to_stored(&self) -> String {
        self.to_text()
    }

    fn from_stored(text: &str) -> Option<TimeControl> {
        TimeControl::from_text(text)
    }
}

impl Stored for RematchOffer {
    /// `SIDE GAME HASH [OWNER]`.
    fn to_stored(&self) -> String {
        let RematchOffer { by, game, hash, owner } = self;
        match owner {
            Some(owner) => format!("{} {game} {hash} {owner}", by.name()),
            None => format!("{} {game} {hash}", by.name()),
        }
    }

    fn from_stored(text: &str) -> Option<RematchOffer> {
        let mut words = text.split(' ');
        let by = Side::from_stored(words.next()?)?;
        let (game, hash) = (words.next()?.to_owned(), words.next()?.to_owned());
        Some(RematchOffer { by, game, hash, owner: words.next().map(str::to_owned) })
    }
}

impl Stored for Rated {
    /// `PERF WHITE BLACK`, then `WB WC BB BC` once rated.
    fn to_stored(&self) -> String {
        let Rated { perf, accounts: [white, black], changes } = self;
        match changes {
            Some([w, b]) => {
                format!(
                    "{perf} {white} {black} {} {} {} {}",
                    w.before, w.change, b.before, b.change
                )
            }
            None => format!("{perf} {white} {black}"),
        }
    }

    fn from_stored(text: &str) -> Option<Rated> {
        let words: Vec<&str> = text.split(' ').collect();
        let number = |index: usize| words.get(index)?.parse::<i32>().ok();
        let change =
            |at: usize| Some(RatingChange { before: number(at)?, change: number(at + 1)? });
        let changes = match words.len() {
            3 => None,
            7 => Some([change(3)?, change(5)?]),
            _ => return None,
        };
        let accounts = [words[1].to_owned(), words[2].to_owned()];
        Some(Rated { perf: words[0].to_owned(), accounts, changes })
    }
}

impl Stored for RecordTags {
    /// `[["Event","Club night"],["White","Ann"]]`.
    fn to_stored(&self) -> String {
        serde_json::Value::from(
            self.0
                .iter()
                .map(|(name, value)| vec![name.as_str(), value.as_str()])
                .collect::<Vec<_>>(),
        )
        .to_string()
    }

    fn from_stored(text: &str) -> Option<RecordTags> {
        let pairs: Vec<(String, String)> = serde_json::from_str(text).ok()?;
        Some(RecordTags(pairs))
    }
}

impl Stored for SeekCreator {
    /// `NAME`, `NAME 1500`, or `NAME 1500?` while provisional.
    fn to_stored(&self) -> String {
        match self.rating {
            Some(rating) => {
                format!("{} {rating}{}", self.name, if self.provisional { "?" } else { "" })
            }
            None => self.name.clone(),
        }
    }

    fn from_stored(text: &str) -> Option<SeekCreator> {
        let Some((name, rating)) = text.split_once(' ') else {
            return Some(SeekCreator { name: text.to_owned(), rating: None, provisional: false });
        };
        let (rating, provisional) = match rating.strip_suffix('?') {
            Some(rating) => (rating, true),
            None => (rating, false),
        };
        Some(SeekCreator { name: name.to_owned(), rating: Some(rating.parse().ok()?), provisional })
    }
}

impl Stored for [i32; 2] {
    /// `MIN MAX`.
    fn to_stored(&self) -> String {
        format!("{} {}", self[0], self[1])
    }

    fn from_stored(text: &str) -> Option<[i32; 2]> {
        let (low, high) = text.split_once(' ')?;
        Some([low.parse().ok()?, high.parse().ok()?])
    }
}
