//! A match as ggp-base's `Match.toJSON` writes it, so that ggp-base's tools (its match viewer,
//! `Match(String json, ...)`) read it.
//!
//! The fields are ggp-base's: `states` are the state before each joint move and the last one,
//! each as the list of its base propositions (`( ( cell 1 1 white ) ( control white ) )`);
//! `moves` the joint moves, each a list of one move per role; `stateTimes` when each state was
//! reached, in milliseconds since 1970; `errors` each role's error at the start and at each
//! move (`""`, `TO` for a timeout, `CE` for a connection error, `IL move` for an illegal move);
//! `goalValues` the goals at the end. A description read from a file has no repository address,
//! so `gameMetaURL` is left out, as ggp-base leaves it out for such a game.

use serde::Serialize;

/// A match's record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchRecord {
    /// The match's identifier.
    pub match_id: String,
    /// 32 random letters, as ggp-base makes them.
    pub random_token: String,
    /// When the match started, in milliseconds since 1970.
    pub start_time: u64,
    /// `true` once the game reached a terminal state.
    pub is_completed: bool,
    /// `true` when the match was abandoned.
    pub is_aborted: bool,
    /// Each state, as a list of base propositions.
    pub states: Vec<String>,
    /// Each joint move, one move per role.
    pub moves: Vec<Vec<String>>,
    /// When each state was reached.
    pub state_times: Vec<u64>,
    /// Each role's error at the start and at each move.
    pub errors: Vec<Vec<String>>,
    /// The goals at the end, one per role (empty for a match that did not finish).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub goal_values: Vec<u32>,
    /// ggp-base's preview clock; `-1`: no preview.
    pub preview_clock: i64,
    /// The start clock, in seconds.
    pub start_clock: u32,
    /// The play clock, in seconds.
    pub play_clock: u32,
    /// The player of each role, as the host names them (`host:port`).
    pub player_names_from_host: Vec<String>,
    /// Whether the names were scrambled (never, here).
    pub scrambled: bool,
}
