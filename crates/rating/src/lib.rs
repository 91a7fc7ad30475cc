//! Ratings for Arbiter's players: Glicko-2 as lichess keeps it, one rating per game and speed.
//!
//! Each rated game is its own rating period with one opponent. Before the game, each player's
//! rating deviation grows with the time since the player's last rated game in that perf, by
//! 0.21436 rating periods a day; after it, the deviation is kept within [45, 500], the
//! volatility at most 0.1, the rating at least 400. A new player starts at 1500, deviation 500,
//! volatility 0.09; the system constant τ is 0.75. A rating is provisional while its deviation
//! is 110 or more, and ranked (eligible for leaderboards) at 75 or less. Sources: Glickman,
//! "Example of the Glicko-2 system" (glicko2.pdf), and lichess's code (lila's
//! `modules/rating`, scalachess's `rating/…/glicko`); `docs/ratings.md` tells the whole.
//!
//! - [`Rating`]: rating, deviation and volatility, with [`Rating::provisional`],
//!   [`Rating::ranked`] and [`Rating::displayed`]; [`PerfRating`]: a rating as stored, with
//!   its last rated instant, and [`PerfRating::live`], the rating now;
//! - [`rate_game`]: both players' new ratings and displayed changes after one game, given the
//!   current instant (nothing here reads a clock or does I/O, so the server can call it
//!   inside the transaction that records the game);
//! - [`glicko2`]: Glickman's algorithm for any number of games in a period and any τ;
//! - [`Speed`] and [`PerfKey`]: which rating a game counts for, written `checkers/blitz`.
//!
//! ```
//! use arbiter_rating::{rate_game, Outcome, PerfRating, UnixMillis};
//!
//! // Two new players' first game in a perf, ended now; the first player won.
//! let now = UnixMillis(1_800_000_000_000);
//! let (winner, loser) = (PerfRating::NEW_PLAYER, PerfRating::NEW_PLAYER);
//! let rated = rate_game(&winner, &loser, Outcome::Win, now).expect("new players can be rated");
//! assert_eq!((rated.first.change, rated.second.change), (241, -242));
//! assert_eq!(rated.first.after.displayed(), 1741);
//! assert!(rated.first.after.provisional());
//!
//! // What the server stores for the winner, in the transaction that records the game.
//! let stored = PerfRating { rating: rated.first.after, last_rated_at: Some(now) };
//! assert_eq!(stored.live(now).expect("a valid rating"), rated.first.after);
//! ```

mod error;
mod game;
pub mod glicko2;
mod outcome;
mod perf_key;
mod rating;
mod speed;

pub use error::{PerfKeyError, RatingError};
pub use game::{rate_game, PerfRating, RatedGame, RatingUpdate, UnixMillis, MAX_RATING_CHANGE};
pub use outcome::Outcome;
pub use perf_key::{PerfKey, MAX_GAME_ID_LEN};
pub use rating::{
    Rating, MAX_DEVIATION, MAX_VOLATILITY, MIN_DEVIATION, MIN_RATING, NEW_PLAYER_RATING,
    NEW_PLAYER_VOLATILITY, PROVISIONAL_DEVIATION, RANKED_DEVIATION, RATING_PERIODS_PER_DAY,
};
pub use speed::{
    Speed, BLITZ_FROM_SECONDS, CLASSICAL_FROM_SECONDS, ESTIMATED_MOVES, RAPID_FROM_SECONDS,
};
