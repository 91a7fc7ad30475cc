//! The integration tests of `arbiter-gdl`, in one binary.

mod against_holes;
mod against_prover;
mod board;
mod games;
mod play;
mod prover;
mod repository;

use std::path::PathBuf;

/// The text of the test game `name` (`tests/games/<name>.kif`).
pub fn game_text(name: &str) -> String {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/games").join(format!("{name}.kif"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Every test game.
pub const GAMES: [&str; 9] = [
    "ticTacToe",
    "connectFour",
    "breakthroughSmallHoles",
    "breakthrough",
    "rockPaperScissors",
    "lastStick",
    "crossing",
    "jumpers",
    "nim",
];
