//! The board read from the rules ([`Rules::has_board`]): the games with a relation of cells in
//! columns and rows are drawn on it, with their pieces and moves entered on its cells; the
//! others have their moves as cells ([`Layout::Moves`]). And the limits of loading.

use std::time::Duration;

use arbiter_core::present::{Layout, Place, Present};
use arbiter_core::turn::{Click, Turn};
use arbiter_core::{Game, GameRecord, Side};
use arbiter_gdl::{Gdl, GdlError, GdlOptions, Limits, Rules};

use crate::game_text;

fn rules(name: &str) -> Rules {
    Rules::load(&game_text(name)).expect("the test game loads")
}

#[test]
fn board_games_are_drawn_on_their_cells_and_the_others_by_their_moves() {
    for name in ["ticTacToe", "connectFour", "breakthrough", "breakthroughSmallHoles", "jumpers"] {
        assert!(rules(name).has_board(), "{name}");
    }
    assert!(!rules("nim").has_board());
}

#[test]
fn a_game_without_a_board_has_its_moves_as_cells_each_one_click() {
    let position = Gdl::start(&GdlOptions::new(rules("nim")));
    let geometry = position.geometry();
    // Twelve ways to take and `noop`, shared by the two roles: a grid of four by four.
    assert_eq!(geometry.layout, Layout::Moves { columns: 4, rows: 4 });
    let names: Vec<&str> = geometry.cells.iter().map(|cell| cell.name.as_str()).collect();
    assert_eq!(names.len(), 13, "{names:?}");
    assert_eq!(names[..3], ["(take a 1)", "(take a 2)", "(take a 3)"]);
    assert!(names.contains(&"noop"), "{names:?}");
    let mut turn = Turn::new(position.clone(), &position.legal_moves());
    let cell = turn.geometry().find("(take c 5)").expect("a cell");
    let played = turn.click(Click::Cell(cell)).expect("a candidate");
    assert_eq!(played.map(|mv| mv.to_string()).as_deref(), Some("(take c 5)"));
}

#[test]
fn tic_tac_toe_is_three_by_three_with_x_for_the_first_role() {
    let mut record = GameRecord::<Gdl>::new(GdlOptions::new(rules("ticTacToe")));
    let geometry = record.position().geometry();
    assert_eq!(geometry.cells.len(), 9);
    assert_eq!(geometry.column_labels, ["1", "2", "3"]);
    assert_eq!(geometry.row_labels, ["3", "2", "1"]);
    // `(cell 1 1 ...)` is drawn at the bottom left, as a1 is.
    let corner = geometry.find("1,1").expect("the cell 1,1");
    assert_eq!(geometry.cells[corner.index()].place, Place::Grid { column: 0, row: 2 });
    assert!(record.position().board().pieces.is_empty(), "blank cells are empty");
    record.play_text("(mark 2 2)").expect("legal");
    record.play_text("(mark 1 3)").expect("legal");
    let diagram = "xplayer (White) to move
  3   b  -  -
  2   -  w  -
  1   -  -  -
      1  2  3
  w/b: white/black piece   -: empty
";
    assert_eq!(record.position().diagram(), diagram);
    let pieces = record.position().board().pieces;
    let side_at = |name: &str| {
        let cell = geometry.find(name).expect("a cell");
        pieces.iter().find(|piece| piece.cell == cell).and_then(|piece| piece.side)
    };
    assert_eq!(side_at("2,2"), Some(Side::White));
    assert_eq!(side_at("1,3"), Some(Side::Black));
    assert_eq!(pieces.len(), 2);
}

#[test]
fn a_mark_is_one_click_on_its_cell_and_a_move_two() {
    let position = Gdl::start(&GdlOptions::new(rules("ticTacToe")));
    let mut turn = Turn::new(position.clone(), &position.legal_moves());
    let cell = turn.geometry().find("3,1").expect("a cell");
    let played = turn.click(Click::Cell(cell)).expect("a candidate");
    assert_eq!(played.map(|mv| mv.to_string()).as_deref(), Some("(mark 3 1)"));

    let position = Gdl::start(&GdlOptions::new(rules("breakthrough")));
    let mut turn = Turn::new(position.clone(), &position.legal_moves());
    let (from, to) = (turn.geometry().find("1,2"), turn.geometry().find("1,3"));
    assert_eq!(turn.click(Click::Cell(from.expect("a cell"))), Ok(None));
    let played = turn.click(Click::Cell(to.expect("a cell"))).expect("a candidate");
    assert_eq!(played.map(|mv| mv.to_string()).as_deref(), Some("(move 1 2 1 3)"));
}

#[test]
fn loading_within_limits_refuses_rules_that_pass_them() {
    let text = game_text("breakthrough");
    let small = Limits { instances: 1000, ..Limits::REASONER };
    let refused = Rules::load_within(&text, &small);
    assert!(matches!(refused, Err(GdlError::TooLarge { limit: 1000, .. })), "{refused:?}");
    let instant = Limits { time: Some(Duration::ZERO), ..Limits::REASONER };
    let refused = Rules::load_within(&game_text("connectFour"), &instant);
    assert!(matches!(refused, Err(GdlError::TooSlow { .. })), "{refused:?}");
    assert!(Rules::load_within(&game_text("ticTacToe"), &Limits::default()).is_ok());
}

#[test]
fn the_hash_is_the_sha_256_of_the_text() {
    assert_eq!(
        Rules::hash_of("abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    let rules = rules("ticTacToe");
    assert_eq!(rules.hash(), Rules::hash_of(rules.text()));
}
