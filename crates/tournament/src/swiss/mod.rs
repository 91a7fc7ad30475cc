//! Swiss events, as lichess runs them with bbpPairings: a fixed number of rounds, everyone
//! paired each round by score, no two players meeting twice, colours balanced; points 1, ½
//! and 0, a pairing-allocated bye worth a win; standings by points, Buchholz and
//! Sonneborn–Berger.
//!
//! The pairing follows the FIDE Dutch system (Handbook C.04.3) by weighted matching, bracket by
//! bracket, as bbpPairings does; how, and where it differs from the published system, is in
//! the `pairing` module and `docs/tournaments.md`.

mod colour;
mod pairing;
mod record;
mod standings;
mod weights;

use arbiter_core::Side;

use crate::error::TournamentError;
use crate::player::{GameResult, PlayerId};
use crate::points::Points;

/// The most players an event may have: the pairing's criteria are packed into one 128-bit
/// weight per pair (see the `weights` module), which has room for this many (a unit test
/// checks the scale at both limits), and each round costs O(brackets × players³).
pub const MAX_SWISS_PLAYERS: usize = 1000;

/// The most rounds an event may have (lichess allows 100).
pub const MAX_SWISS_ROUNDS: u32 = 100;

/// A player of a Swiss event.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SwissPlayer {
    /// Who.
    pub id: PlayerId,
    /// The rating at entry: the pairing numbers are given in rating order (FIDE C.04.2.B, and
    /// lichess's `SwissTrf.fetchPlayerIds`), and it is the last tiebreak.
    pub rating: i32,
    /// The player has left: their games stay, but they are not paired again.
    pub withdrawn: bool,
}

/// The result of a Swiss game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SwissResult {
    /// The game was played to this result.
    Played(GameResult),
    /// The game was not played: a player did not appear. The winner (if any) scores a point,
    /// but for the pairing the game did not happen: the two may be paired again and its colours
    /// do not count (as in bbpPairings), and a forfeit win rules out the bye (FIDE C.04.1.d).
    Forfeit {
        /// The side that appeared, or `None` when neither did.
        winner: Option<Side>,
    },
}

/// A game of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SwissGame {
    /// The player of white.
    pub white: PlayerId,
    /// The player of black.
    pub black: PlayerId,
    /// `None` while the game is being played.
    pub result: Option<SwissResult>,
}

/// A round that has been paired.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SwissRound {
    /// The games.
    pub games: Vec<SwissGame>,
    /// The player given the pairing-allocated bye, worth a win.
    pub bye: Option<PlayerId>,
}

/// A Swiss event: its settings, its players and the rounds paired so far.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SwissEvent {
    /// The number of rounds, from 1 to [`MAX_SWISS_ROUNDS`].
    pub rounds: u32,
    /// FIDE's "initial colour": the colour of the first player by pairing number in round 1
    /// (lichess derives it from the event's id).
    pub initial_colour: Side,
    /// Everyone who joined, withdrawn or not; a player who joined late simply has no games in
    /// the rounds before.
    pub players: Vec<SwissPlayer>,
    /// The rounds paired so far, first round first.
    pub history: Vec<SwissRound>,
}

/// A board of a new round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SwissBoard {
    /// The player of white.
    pub white: PlayerId,
    /// The player of black.
    pub black: PlayerId,
}

/// The pairing of a new round.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SwissPairing {
    /// The round these pairings are for, from 1.
    pub round: u32,
    /// The games, top board first (by the higher score, then the lower score, then rank).
    pub boards: Vec<SwissBoard>,
    /// The player given the bye, when an odd number are paired.
    pub bye: Option<PlayerId>,
    /// Active players left without a game or the bye: no legal opponent remained for them
    /// (everyone they could meet they have met, or the bye went elsewhere or was spent). They
    /// score nothing this round. Lichess ends an event whose round cannot be paired; a server
    /// may do so when `boards` is empty.
    pub unpaired: Vec<PlayerId>,
}

impl SwissPairing {
    /// This pairing as a round of the history, with every game still to be played.
    #[must_use]
    pub fn to_round(&self) -> SwissRound {
        SwissRound {
            games: self
                .boards
                .iter()
                .map(|board| SwissGame { white: board.white, black: board.black, result: None })
                .collect(),
            bye: self.bye,
        }
    }
}

/// One line of a Swiss event's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SwissStanding {
    /// The place, from 1.
    pub rank: u32,
    /// Who.
    pub player: PlayerId,
    /// Points: 1 a win, forfeit win or bye, ½ a draw, 0 otherwise.
    pub points: Points,
    /// The first tiebreak: the opponents' scores, with FIDE's virtual opponent for rounds the
    /// player did not play (see the `standings` module).
    pub buchholz: Points,
    /// The second tiebreak: each opponent's score times the result against them.
    pub sonneborn_berger: Points,
    /// The rating at entry, the last tiebreak.
    pub rating: i32,
    /// The player has left the event.
    pub withdrawn: bool,
}

impl SwissEvent {
    /// The pairing of the next round.
    ///
    /// Withdrawn players are not paired. No two players who have played meet again; colours
    /// follow FIDE's rules; with an odd number, the lowest-ranked player eligible gets the bye.
    /// Deterministic: the same event gives the same pairing.
    ///
    /// # Errors
    ///
    /// When the event is inconsistent (see [`TournamentError`]), complete, or a game of the
    /// history has no result.
    pub fn pair_next_round(&self) -> Result<SwissPairing, TournamentError> {
        let records = record::Records::build(self)?;
        let played = self.history.len();
        if played >= self.rounds as usize {
            return Err(TournamentError::EventComplete { rounds: self.rounds });
        }
        record::check_finished(self)?;
        Ok(pairing::pair(self, &records))
    }

    /// The standings after the games finished so far: by points, Buchholz, Sonneborn–Berger,
    /// rating, and player id. A game still being played counts for nothing yet.
    ///
    /// # Errors
    ///
    /// When the event is inconsistent (see [`TournamentError`]).
    pub fn standings(&self) -> Result<Vec<SwissStanding>, TournamentError> {
        let records = record::Records::build(self)?;
        Ok(standings::standings(self, &records))
    }
}
