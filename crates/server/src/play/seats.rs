//! Seats: who plays each side, and the secrets that hold human seats (stored only as hashes),
//! derived from what a request presents (see `http::credentials`).

use std::str::FromStr;

use arbiter_ai::{Engine, PlayerSpec, SpecError};
use arbiter_catalog::{AnyGame, Playable, Visitor};
use arbiter_core::Side;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// The alpha-beta player of strength level `number` (1 to 5) of `game`.
fn level(game: &Playable, number: u8) -> Result<PlayerSpec, SpecError> {
    struct Level(u8);
    impl Visitor for Level {
        type Output = Result<PlayerSpec, SpecError>;
        fn visit<G: AnyGame>(self) -> Self::Output {
            PlayerSpec::level::<G>(self.0)
        }
    }
    game.visit(Level(number))
}

/// Who plays a side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// A person, holding the seat's secret.
    Human,
    /// The computer.
    Computer(PlayerSpec),
}

impl Player {
    /// Reads `human`, `ai` (level 3), `ai:1` … `ai:5` (the levels of `game`), or `ai:` and a
    /// player spec (`ai:alphabeta:depth=4`, `ai:mcts:time=1s`, `ai:perfect`). The perfect
    /// player thinks at most [`MAX_THINK`] here, as any other.
    pub fn parse(text: &str, game: &Playable) -> Result<Player, ApiError> {
        let bad = |why: String| {
            ApiError::BadRequest(format!(
                "`{}` is not a player: {why}; expected \"human\", \"ai\", \"ai:1\" to \
                 \"ai:5\", or \"ai:\" and a player spec like \"ai:mcts:time=1s\"",
                arbiter_core::text::excerpt(text)
            ))
        };
        match text {
            "human" => Ok(Player::Human),
            "ai" => {
                Ok(Player::Computer(server_spec(level(game, 3).map_err(|e| bad(e.to_string()))?)))
            }
            _ => {
                let rest = text.strip_prefix("ai:").ok_or_else(|| bad("unknown".to_owned()))?;
                let mut spec = match rest.parse::<u8>() {
                    Ok(number) => level(game, number).map_err(|e| bad(e.to_string()))?,
                    Err(_) => PlayerSpec::from_str(rest).map_err(|e| bad(e.to_string()))?,
                };
                if spec.engine == Engine::Perfect && spec.limits.time.is_none() {
                    spec.limits.time = Some(MAX_THINK);
                }
                let limits = spec.effective_limits();
                if limits.time.is_some_and(|time| time > MAX_THINK) {
                    return Err(bad(format!(
                        "the computer may think at most {MAX_THINK:?} a move"
                    )));
                }
                Ok(Player::Computer(server_spec(spec)))
            }
        }
    }

    /// The strength level (1 to the number of `game`'s levels) this player is, when it is a
    /// computer whose spec is exactly one of `game`'s levels as the server plays them.
    #[must_use]
    pub fn level(&self, game: &Playable) -> Option<u8> {
        let Player::Computer(spec) = self else { return None };
        (1..=u8::MAX)
            .map_while(|number| level(game, number).ok().map(|candidate| (number, candidate)))
            .find(|(_, candidate)| server_spec(*candidate) == *spec)
            .map(|(number, _)| number)
    }

    /// The player as a person reads it: "A person", "Computer, level 3" (a level of `game`),
    /// "Computer, perfect play", or the computer's settings ("Computer (mcts, time=1000ms)").
    #[must_use]
    pub fn name(&self, game: &Playable) -> String {
        match (self, self.level(game)) {
            (Player::Human, _) => "A person".to_owned(),
            (Player::Computer(_), Some(number)) => format!("Computer, level {number}"),
            (Player::Computer(spec), None) if spec.engine == Engine::Perfect => {
                "Computer, perfect play".to_owned()
            }
            (Player::Computer(spec), None) => {
                // The table's size is the server's business, not the player's strength.
                let table_mib = spec.engine.default_table_mib();
                let shown = PlayerSpec { table_mib, ..*spec }.to_string();
                format!("Computer ({})", shown.replace(',', ", ").replacen(':', ", ", 1))
            }
        }
    }

    /// As stored: `human`, or `ai:` and the spec.
    #[must_use]
    pub fn to_text(&self) -> String {
        match self {
            Player::Human => "human".to_owned(),
            Player::Computer(spec) => format!("ai:{spec}"),
        }
    }
}

/// The longest a computer player on the server may think for a move.
pub const MAX_THINK: std::time::Duration = std::time::Duration::from_secs(10);

/// The transposition table of a computer player on the server, in MiB: small, since many
/// games think at once.
const SERVER_TABLE_MIB: usize = 8;

fn server_spec(spec: PlayerSpec) -> PlayerSpec {
    PlayerSpec { table_mib: spec.table_mib.min(SERVER_TABLE_MIB), ..spec }
}

/// A new secret: 128 random bits, as 32 hexadecimal digits.
pub fn new_secret() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|error| ApiError::Internal(format!("no random numbers: {error}")))?;
    Ok(hex(&bytes))
}

/// A new game identifier: 60 random bits, as 12 characters.
pub fn new_game_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|error| ApiError::Internal(format!("no random numbers: {error}")))?;
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut value = u64::from_le_bytes(bytes);
    Ok((0..12)
        .map(|_| {
            let letter = ALPHABET[(value % 32) as usize];
            value /= 32;
            char::from(letter)
        })
        .collect())
}

/// The stored form of a secret: its SHA-256, in hexadecimal.
#[must_use]
pub fn hash_secret(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The secret of `side`'s seat of game `id` for the browser whose session secret is
/// `session`: HMAC-SHA-256 keyed by the session, 128 bits in hexadecimal. The server stores
/// only its hash, as for any seat's secret.
#[must_use]
pub fn seat_secret(session: &str, id: &str, side: Side) -> String {
    derived_secret(session, &format!("{id}/{}", side.name()))
}

/// The secret derived from `root` (a session, or a seat's token) for `label`: HMAC-SHA-256
/// keyed by `root`, 128 bits in hexadecimal.
#[must_use]
pub fn derived_secret(root: &str, label: &str) -> String {
    // HMAC takes a key of any length.
    let mut mac = Hmac::<Sha256>::new_from_slice(root.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes any key"));
    mac.update(label.as_bytes());
    hex(&mac.finalize().into_bytes()[..16])
}

#[cfg(test)]
mod tests {
    use arbiter_catalog::GameId;

    use super::*;

    /// The spec of a computer seat.
    fn computer(text: &str, game: GameId) -> PlayerSpec {
        match Player::parse(text, &game.into()) {
            Ok(Player::Computer(spec)) => spec,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_level_is_the_game_s_own() {
        let mini = computer("ai:1", GameId::Minicheckers);
        assert_eq!((mini.limits.depth, mini.random_percent), (Some(1), 80));
        let checkers = computer("ai:1", GameId::Checkers);
        assert_eq!((checkers.limits.depth, checkers.random_percent), (Some(1), 0));
        assert_eq!(computer("ai", GameId::Checkers).limits.nodes, Some(15_000));
        assert_eq!(computer("ai", GameId::Fanorona).limits.nodes, Some(30_000));
        assert_eq!(computer("ai:5", GameId::DayNight).limits.nodes, Some(3_000_000));
        assert!(Player::parse("ai:6", &GameId::Holes.into()).is_err());
    }

    #[test]
    fn a_computer_is_named_by_its_level_when_it_is_one() {
        let named = |text: &str, game: GameId| {
            let game = &Playable::from(game);
            let player = Player::parse(text, game).expect("a player");
            // As the server reads it back from the database.
            let stored = Player::parse(&player.to_text(), game).expect("a stored player");
            (stored.level(game), stored.name(game))
        };
        assert_eq!(named("human", GameId::Holes), (None, "A person".to_owned()));
        assert_eq!(named("ai", GameId::Checkers), (Some(3), "Computer, level 3".to_owned()));
        assert_eq!(named("ai:1", GameId::Minicheckers), (Some(1), "Computer, level 1".to_owned()));
        assert_eq!(named("ai:5", GameId::DayNight), (Some(5), "Computer, level 5".to_owned()));
        assert_eq!(
            named("ai:perfect", GameId::Minicheckers),
            (None, "Computer, perfect play".to_owned())
        );
        assert_eq!(
            named("ai:alphabeta:depth=4", GameId::Holes),
            (None, "Computer (alphabeta, depth=4)".to_owned())
        );
        assert_eq!(
            named("ai:mcts:time=1s,iterations=500", GameId::Fanorona),
            (None, "Computer (mcts, time=1000ms, iterations=500)".to_owned())
        );
    }
}
