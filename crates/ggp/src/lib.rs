//! General Game Playing for Arbiter: a player that speaks ggp-base's Gamer protocol, and a
//! host that runs matches between such players.
//!
//! ```text
//! host ──HTTP POST, text/acl──▶ Server ──▶ MatchPlayer ──▶ NativeMatch (a game it knows:
//!                                             │              the native engine and solver)
//!                                             └──────────▶ Searcher (MCTS, flat Monte Carlo,
//!                                                           random) on the GDL reasoner
//! ```
//!
//! - [`http`]: HTTP/1.0 as ggp-base speaks it, bounded, tolerant of ggp-base's
//!   `Content-Length` in characters;
//! - [`message`]: the requests `INFO`, `PREVIEW`, `START`, `PLAY`, `STOP`, `ABORT`;
//! - [`server`]: the player's side, one match at a time (`busy` to another);
//! - [`player`]: a match as the player sees it, and its clocks: every answer is due at the
//!   clock less a margin ([`PlayerConfig::deadline`]);
//! - [`search`]: the searches on the reasoner;
//! - [`native`]: the games the player knows natively, recognised by the rules' structure;
//! - [`host`] and [`record`]: matches between players, recorded as ggp-base's match JSON;
//! - [`bench`]: the reasoner's states and playouts per second.
//!
//! The protocol's facts follow ggp-base (`RequestBuilder`, `RequestFactory`, `HttpWriter`,
//! `HttpReader`, `Match.toJSON`); the code is Arbiter's own.

pub mod bench;
pub mod error;
pub mod host;
pub mod http;
pub mod message;
pub mod native;
pub mod player;
pub mod record;
pub mod search;
pub mod server;
pub mod sexpr;
pub mod spelling;

pub use crate::error::{HttpError, MessageError};
pub use crate::host::{Host, HostError};
pub use crate::message::Request;
pub use crate::player::{MatchPlayer, PlayerConfig, DEFAULT_MARGIN};
pub use crate::record::MatchRecord;
pub use crate::search::Engine;
pub use crate::server::Server;
