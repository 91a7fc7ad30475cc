//! The rules of Arbiter's tournaments: scoring, standings, tiebreaks and pairing for arenas
//! and Swiss events, as pure functions of plain values.
//!
//! A server loads a tournament from its database into the types here — the players with their
//! ratings and whether they have withdrawn, and the games paired so far with their results —
//! and asks for standings or for the next pairings. Nothing here does input or output, reads a
//! clock or draws a random number: the same values always give the same answer, and the one
//! coin toss the arena needs (colours between two players with equal colour histories) comes
//! from a seed the caller passes.
//!
//! # Arenas ([`arena`])
//!
//! As lichess runs them (lila's `modules/tournament`): a game won scores 2, drawn 1, lost 0.
//! After two wins in a row a player is on fire: each further win scores 4 and a draw 2, until a
//! game is not won (a draw on fire scores 2 and ends the streak). A player who went berserk
//! and won a game of at least 14 plies (seven moves each) scores a point more. A draw of fewer
//! than 20 plies scores nothing, and so does a draw following a draw (losses between do not
//! count) unless it lasted 60 plies. Standings go by score, then performance rating. A player
//! whose game ends is paired again with another waiting player, by a matching that keeps
//! players near each other in the standings and in rating, never with their last opponent
//! while others are active, and gives white to the player who has had more blacks.
//!
//! - [`arena::Arena::sheet`]: a player's points game by game;
//! - [`arena::Arena::standings`]: the standings with score, fire and performance;
//! - [`arena::Arena::pair`]: games for the players waiting.
//!
//! # Swiss events ([`swiss`])
//!
//! As lichess runs them with bbpPairings, under FIDE's Dutch system (Handbook C.04.3): a fixed
//! number of rounds; a win, a forfeit win and the bye score 1, a draw ½; nobody meets the same
//! opponent twice; players meet others of their score where they can, the highest scores
//! paired first; colours alternate and balance, and nobody takes a colour a third time in a row
//! or gets two more games of one colour than of the other unless no full pairing avoids it;
//! the bye, with an odd number of players, goes to the lowest-ranked player who has not had
//! one; withdrawn players are not paired. Standings go by points, then Buchholz, then
//! Sonneborn–Berger, with FIDE's virtual opponent for unplayed rounds.
//!
//! - [`swiss::SwissEvent::pair_next_round`]: the boards, bye and colours of the next round;
//! - [`swiss::SwissEvent::standings`]: the standings with both tiebreaks.
//!
//! Both rest on a maximum-weight matching in general graphs (Edmonds' blossom algorithm,
//! private module `matching`). `docs/tournaments.md` states every rule with its source and
//! lists where Arbiter departs from lichess and from FIDE's text.
//!
//! # Errors
//!
//! One type, [`TournamentError`]: values that contradict each other (a player listed twice, a
//! game naming an unknown player, a waiting player still playing, a round paired before the
//! last one finished, and so on).
//!
//! # Tests
//!
//! Besides the hand-checked events, a randomized test plays 200 Swiss events of 2 to 60
//! players and checks every pairing rule after every round, in about a second; a larger run
//! of 3000 events (about half a minute) is ignored by default:
//!
//! ```text
//! cargo test -p arbiter-tournament -- --ignored
//! ```
//!
//! # Example
//!
//! ```
//! use arbiter_core::Side;
//! use arbiter_tournament::swiss::{SwissEvent, SwissPlayer};
//! use arbiter_tournament::PlayerId;
//!
//! let players = [(1, 2100), (2, 2000), (3, 1900), (4, 1800)]
//!     .map(|(id, rating)| SwissPlayer { id: PlayerId(id), rating, withdrawn: false })
//!     .to_vec();
//! let event = SwissEvent { rounds: 3, initial_colour: Side::White, players, history: vec![] };
//! let first = event.pair_next_round()?;
//! // Top half against bottom half: 1 plays 3, 2 plays 4.
//! assert_eq!((first.boards[0].white, first.boards[0].black), (PlayerId(1), PlayerId(3)));
//! assert_eq!((first.boards[1].white, first.boards[1].black), (PlayerId(4), PlayerId(2)));
//! # Ok::<(), arbiter_tournament::TournamentError>(())
//! ```

pub mod arena;
mod error;
mod matching;
mod player;
mod points;
mod seed;
pub mod swiss;

pub use error::TournamentError;
pub use player::{GameResult, PlayerId, PlayerResult};
pub use points::{NotPoints, Points};
