//! The GGP player and host: native recognition, the protocol over real HTTP, and matches.

mod matches;
mod native;
mod protocol;

/// A test game of the reasoner's tests, by file name.
pub fn game_text(name: &str) -> String {
    let path = format!("{}/../gdl/tests/games/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}
