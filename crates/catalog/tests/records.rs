//! Reading records of any game: tags that contradict each other are refused.

use arbiter_catalog::{load_record, CatalogError};

#[test]
fn a_game_tag_that_contradicts_the_pdn_game_type_is_refused() {
    let text = "[Game \"holes\"]\n[GameType \"21\"]\n1. a2-a3 *";
    match load_record(text, None) {
        Err(CatalogError::ConflictingTags(tags)) => {
            assert_eq!(tags, "[Game \"holes\"] [GameType \"21\"]");
        }
        Err(error) => panic!("another error: {error}"),
        Ok(session) => panic!("loaded as {}", session.game_id()),
    }
    let agreeing = "[Game \"checkers\"]\n[GameType \"21\"]\n1. 11-15 *";
    assert_eq!(load_record(agreeing, None).map(|s| s.game_id()).ok(), Some("checkers"));
}

#[test]
fn a_record_of_another_game_is_read_as_that_game() {
    let text = "[Game \"fanorona\"]\n1. F4-E3A *";
    let session = load_record(text, Some("checkers")).expect("a fanorona record");
    assert_eq!(session.game_id(), "fanorona");
}
