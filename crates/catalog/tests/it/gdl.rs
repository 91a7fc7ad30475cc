//! A game written in GDL as a [`Playable`]: named by `gdl` and its rules' hash, played as a
//! [`DynRecord`](arbiter_catalog::DynRecord) as the server and the Python bindings hold games.

use std::path::PathBuf;

use arbiter_catalog::{CatalogError, GameId, Playable};
use arbiter_core::{Outcome, Side, Status, WinReason};

fn tic_tac_toe() -> Playable {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../gdl/tests/games/ticTacToe.kif");
    let text = std::fs::read_to_string(path).expect("the test game");
    Playable::gdl(&text).expect("tic-tac-toe loads")
}

#[test]
fn a_gdl_game_is_named_by_its_rules_hash_while_they_are_loaded() {
    let game = tic_tac_toe();
    let options = game.options("").expect("no options given");
    assert!(options.starts_with("rules=") && options.len() == "rules=".len() + 64);
    assert_eq!(Playable::named("gdl", &options), Ok(game.clone()));
    assert_eq!(game.id(), "gdl");
    assert_eq!(game.options("size=4"), Err(CatalogError::GdlOptions));
    assert!(matches!(
        Playable::named("gdl", &format!("rules={}", "0".repeat(64))),
        Err(CatalogError::GdlRules(_))
    ));
    assert_eq!(Playable::named("holes", ""), Ok(Playable::Native(GameId::Holes)));
}

#[test]
fn a_gdl_game_plays_as_a_dyn_record() {
    let game = tic_tac_toe();
    let moves: Vec<String> =
        ["(mark 1 1)", "(mark 2 1)", "(mark 1 2)", "(mark 2 2)"].map(str::to_owned).to_vec();
    let mut record = game.played("", None, &moves).expect("legal marks");
    assert_eq!(record.game_id(), "gdl");
    assert_eq!(record.side_to_move(), Side::White);
    assert_eq!(record.legal_moves().len(), 5);
    assert_eq!(record.play("(mark 1 3)"), Ok("(mark 1 3)".to_owned()));
    assert_eq!(
        record.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::Score })
    );
    assert!(record.record_text(&[], &|_| None).contains("3. (mark 1 3) 1-0"));
    assert!(record.undo_move());
    assert_eq!(record.perft(1), 5);
    assert!(game.played("", None, &["(mark 4 4)".to_owned()]).is_err());
}
