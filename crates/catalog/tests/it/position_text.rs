//! Position text round-trips in every game (property tests): a position reached by random
//! play, and any text that happens to read as a position, writes back to a text that reads
//! back to the same position and is written the same way again.

use arbiter_checkers::Checkers;
use arbiter_core::testkit::random_playouts;
use arbiter_core::{Game, GameOptions};
use arbiter_daynight::DayNight;
use arbiter_fanorona::Fanorona;
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
use proptest::prelude::*;

/// `position` writes a text that reads back to it and is then written the same way.
fn check_round_trip<G: Game>(position: &G, options: &G::Options) -> Result<(), TestCaseError> {
    let text = position.to_text();
    let reread = G::from_text(&text, options)
        .map_err(|error| TestCaseError::fail(format!("`{text}` does not read back: {error}")))?;
    prop_assert_eq!(&reread, position, "`{}` reads back to another position", text);
    prop_assert_eq!(reread.to_text(), text);
    Ok(())
}

/// Every position of one random game of at most `plies` turns, from the start under
/// `options`, round-trips.
fn playout_round_trips<G: Game>(
    options: &str,
    seed: u64,
    plies: usize,
) -> Result<(), TestCaseError> {
    let options = G::Options::parse(options).expect("valid options");
    let mut failure = Ok(());
    random_playouts::<G>(&options, 1, plies, seed, |position, _| {
        if failure.is_ok() {
            failure = check_round_trip(position, &options);
        }
    });
    failure
}

/// A text that reads as a position round-trips from there.
fn text_round_trips<G: Game>(options: &str, text: &str) -> Result<(), TestCaseError> {
    let options = G::Options::parse(options).expect("valid options");
    match G::from_text(text, &options) {
        Ok(position) => check_round_trip(&position, &options),
        Err(_) => Ok(()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn minicheckers_positions_round_trip(seed: u64, plies in 0usize..60, black_first: bool) {
        let options = if black_first { "first=black" } else { "" };
        playout_round_trips::<Minicheckers>(options, seed, plies)?;
    }

    #[test]
    fn holes_positions_round_trip(seed: u64, plies in 0usize..120, diagonal: bool) {
        let options = if diagonal { "captures=diagonal" } else { "" };
        playout_round_trips::<Holes>(options, seed, plies)?;
    }

    #[test]
    fn fanorona_positions_round_trip(seed: u64, plies in 0usize..120) {
        playout_round_trips::<Fanorona>("", seed, plies)?;
    }

    #[test]
    fn checkers_positions_round_trip(seed: u64, plies in 0usize..150) {
        playout_round_trips::<Checkers>("", seed, plies)?;
    }

    #[test]
    fn daynight_positions_round_trip(seed: u64, plies in 0usize..150, rings in 4u8..=8) {
        playout_round_trips::<DayNight>(&format!("rings={rings}"), seed, plies)?;
    }

    #[test]
    fn texts_that_read_as_positions_round_trip(
        pieces in "[WBwb]:[WBwb][Kk]?[0-9]{1,2}(,[Kk]?[0-9]{1,2}){0,5}:[WBwb][Kk]?[0-9]{1,2}(,[Kk]?[0-9]{1,2}){0,5}",
        grid in "[WBwb]:[Ww]([a-f][1-6],){0,5}[a-f][1-6]:[Bb]([a-f][1-6],){0,5}[a-f][1-6]",
        rows6 in "([wb.]{6}/){2}[wb.]{2}#[wb.]#[wb.]/[wb.]#[wb.]#[wb.]{2}/([wb.]{6}/)[wb.]{6} [wb]",
        rows5 in "([wb.]{9}/){4}[wb.]{9} [wb]",
        round in "[WB]:W([a-l][1-4],){0,3}[a-l][1-4]:B([a-l][1-4],){0,3}[a-l][1-4]:N([a-l][1-4]){0,1}:D[a-l]",
    ) {
        text_round_trips::<Checkers>("", &pieces)?;
        text_round_trips::<Minicheckers>("", &grid)?;
        text_round_trips::<Holes>("", &rows6)?;
        text_round_trips::<Fanorona>("", &rows5)?;
        text_round_trips::<DayNight>("", &round)?;
    }
}
