//! Reading records of any game: the game comes from the tags, and tags that contradict each
//! other are refused.

use arbiter_catalog::{CatalogError, GameId};
use arbiter_core::parse_record_text;

fn game_of(text: &str) -> Result<Option<GameId>, CatalogError> {
    GameId::of_record(&parse_record_text(text).expect("a record"))
}

#[test]
fn a_game_tag_that_contradicts_the_pdn_game_type_is_refused() {
    match game_of("[Game \"holes\"]\n[GameType \"21\"]\n1. a2-a3 *") {
        Err(CatalogError::ConflictingTags(tags)) => {
            assert_eq!(tags, "[Game \"holes\"] [GameType \"21\"]");
        }
        other => panic!("not refused: {other:?}"),
    }
    let agreeing = "[Game \"checkers\"]\n[GameType \"21\"]\n1. 11-15 *";
    assert_eq!(game_of(agreeing).ok(), Some(Some(GameId::Checkers)));
}

#[test]
fn a_record_names_its_game_or_none() {
    assert_eq!(game_of("[Game \"fanorona\"]\n1. F4-E3A *").ok(), Some(Some(GameId::Fanorona)));
    assert_eq!(game_of("[Event \"x\"]\n1. 11-15 *").ok(), Some(None));
    assert!(matches!(
        game_of("[Game \"chess\"]\n1. e4 *"),
        Err(CatalogError::UnknownGame { id }) if id == "chess"
    ));
}
