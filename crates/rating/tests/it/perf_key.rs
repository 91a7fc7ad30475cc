//! Perf keys: `GAME/SPEED` read and written, in text and in JSON, and the errors for bad ones.

use arbiter_rating::{PerfKey, PerfKeyError, Speed};
use proptest::prelude::*;

/// The catalog's games.
const GAMES: [&str; 5] = ["checkers", "minicheckers", "holes", "fanorona", "daynight"];

#[test]
fn every_catalog_game_and_speed_round_trips() {
    for game in GAMES {
        for speed in Speed::ALL {
            let key = PerfKey::new(game, speed).expect("a valid key");
            let text = key.to_string();
            assert_eq!(text, format!("{game}/{speed}"));
            assert_eq!(text.parse::<PerfKey>(), Ok(key.clone()));
            let json = serde_json::to_string(&key).expect("serialised");
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<PerfKey>(&json).expect("read back"), key);
        }
    }
}

#[test]
fn the_issues_examples_read_as_expected() {
    let key: PerfKey = "checkers/blitz".parse().expect("a perf key");
    assert_eq!((key.game(), key.speed()), ("checkers", Speed::Blitz));
    let key: PerfKey = "fanorona/rapid".parse().expect("a perf key");
    assert_eq!((key.game(), key.speed()), ("fanorona", Speed::Rapid));
}

#[test]
fn a_key_without_a_slash_says_so() {
    let error = "checkers".parse::<PerfKey>().expect_err("no slash");
    assert_eq!(error, PerfKeyError::NoSlash { text: "checkers".to_owned() });
    assert_eq!(
        error.to_string(),
        "`checkers` is not a perf key: no `/`; expected GAME/SPEED, e.g. `checkers/blitz`"
    );
}

#[test]
fn a_bad_game_identifier_says_what_is_expected() {
    let long = format!("{}/blitz", "a".repeat(33));
    for text in ["/blitz", "Checkers/blitz", "9holes/blitz", "check ers/blitz", "-x/blitz", &long] {
        let error = text.parse::<PerfKey>().expect_err("a bad game");
        assert!(matches!(error, PerfKeyError::BadGame { .. }), "{text}: {error:?}");
        assert!(error.to_string().contains("lowercase letters, digits or `-`"), "{error}");
    }
    assert!(PerfKey::new(&"a".repeat(32), Speed::Blitz).is_ok());
    assert!(PerfKey::new("day-night2", Speed::Blitz).is_ok());
}

#[test]
fn a_bad_speed_says_which_are_expected() {
    for text in ["checkers/", "checkers/Blitz", "checkers/ultraBullet", "checkers/blitz/x"] {
        let error = text.parse::<PerfKey>().expect_err("a bad speed");
        assert!(matches!(error, PerfKeyError::BadSpeed { .. }), "{text}: {error:?}");
        assert!(error.to_string().contains("expected one of bullet, blitz"), "{error}");
    }
}

#[test]
fn an_error_quotes_outside_text_safely() {
    let error = "\u{1b}[2J".parse::<PerfKey>().expect_err("no slash");
    assert!(!error.to_string().contains('\u{1b}'), "{error}");
    let error = serde_json::from_str::<PerfKey>("\"holes\"").expect_err("no slash");
    assert!(error.to_string().contains("GAME/SPEED"), "{error}");
}

proptest! {
    #[test]
    fn parse_of_display_is_the_key(game in "[a-z][a-z0-9-]{0,31}", speed in 0..5_usize) {
        let key = PerfKey::new(&game, Speed::ALL[speed]).expect("a valid key");
        prop_assert_eq!(key.to_string().parse::<PerfKey>(), Ok(key));
    }

    #[test]
    fn any_text_parses_or_errs_without_panic(text in ".{0,60}") {
        if let Ok(key) = text.parse::<PerfKey>() {
            prop_assert_eq!(key.to_string(), text);
        }
    }
}
