//! Turns in canonical notation and in the seed's style, steps for interactive play, and the
//! position text (docs/rules.md §3, notation).

use crate::common::board;
use arbiter_core::present::{diagram, Present};
use arbiter_core::turn::Turn;
use arbiter_core::{Game, MoveError, NoOptions};
use arbiter_fanorona::Fanorona;

fn canonical(position: &Fanorona, text: &str) -> Result<String, MoveError> {
    position.parse_move(text).map(|mv| mv.to_string())
}

fn chain_position() -> Fanorona {
    board(
        'w',
        ". . . b . . . . .
         . . . . . . . . .
         . b w . . b . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
}

#[test]
fn canonical_turns_are_steps_with_a_or_w_joined_by_commas() {
    let position = chain_position();
    assert_eq!(canonical(&position, "C3-D3W,D3-D2A"), Ok("C3-D3W,D3-D2A".to_owned()));
    assert_eq!(canonical(&position, "c3-d3w, d3-d2a"), Ok("C3-D3W,D3-D2A".to_owned()));
    // The suffix may be left off where the capture is unambiguous.
    assert_eq!(canonical(&position, "C3-D3,D3-D2"), Ok("C3-D3W,D3-D2A".to_owned()));
}

#[test]
fn the_seeds_point_and_direction_form_is_accepted() {
    let start = Fanorona::start(&NoOptions);
    assert_eq!(canonical(&start, "F4 NW"), Ok("F4-E3A".to_owned()));
    assert_eq!(canonical(&start, "D3 E A"), Ok("D3-E3A".to_owned()));
    assert_eq!(canonical(&start, "D3 EW"), Ok("D3-E3W".to_owned()));
    assert_eq!(canonical(&chain_position(), "C3 E, D3 N"), Ok("C3-D3W,D3-D2A".to_owned()));
}

#[test]
fn a_or_w_is_needed_where_a_step_could_do_both() {
    let start = Fanorona::start(&NoOptions);
    assert_eq!(
        start.parse_move("D3 E"),
        Err(MoveError::Ambiguous {
            text: "D3 E".to_owned(),
            candidates: vec!["D3-E3A".to_owned(), "D3-E3W".to_owned()],
        })
    );
}

#[test]
fn malformed_turns_say_what_is_wrong_and_what_is_expected() {
    let start = Fanorona::start(&NoOptions);
    for (text, problem) in [
        ("", "it is empty"),
        ("F4", "a direction is missing after the point"),
        ("F4 UP", "`UP` is not a direction N, NE, E, SE, S, SW, W or NW"),
        ("J4-E3", "`J4` is not a point A1-I5"),
        ("F4-E3X", "`X` is neither A (approach) nor W (withdrawal)"),
        ("F3 NW", "F3 has no line going NW"),
        ("F4 NW A B", "too many words in one step"),
        ("F4-€", "`€` is not a point A1-I5"),
        ("F4 N€", "`N€` is not a direction N, NE, E, SE, S, SW, W or NW"),
    ] {
        match start.parse_move(text) {
            Err(MoveError::Malformed { problem: found, expected, .. }) => {
                assert_eq!(found, problem, "for `{text}`");
                assert!(expected.contains("F4 NW"), "{expected}");
            }
            other => panic!("`{text}` gave {other:?}"),
        }
    }
    assert!(matches!(start.parse_move("F4-F3"), Err(MoveError::Illegal { .. })));
}

/// Each click of a chain's path says which step it completes (the step's last click), and its
/// choices say what they mean, so that a front end draws a turn entered in part from the path
/// alone.
#[test]
fn a_path_says_which_click_completes_each_step_and_what_its_choices_mean() {
    let position = chain_position();
    let legal = position.legal_moves();
    let turn = Turn::new(position, &legal);
    let path = turn.paths().iter().find(|path| path.text == "C3-D3W,D3-D2A").expect("the chain");
    let completed: Vec<Option<String>> =
        path.completed_steps().iter().map(|step| step.map(|step| step.text.clone())).collect();
    let clicks: Vec<String> = path.clicks.iter().map(|click| turn.click_text(click)).collect();
    assert_eq!(clicks.len(), completed.len());
    let last_of = |text: &str| completed.iter().rposition(|c| c.as_deref() == Some(text));
    assert!(last_of("C3-D3W") < last_of("D3-D2A"), "{clicks:?} {completed:?}");
    assert_eq!(completed.iter().flatten().count(), 2, "{clicks:?} {completed:?}");
    assert_eq!(path.choice_label("W", "end"), Some("capture by withdrawal"));
    assert_eq!(path.choice_label("A", "end"), Some("capture by approach"));
    assert_eq!(path.choice_label("skip", "end"), Some("end"));
    assert_eq!(path.choice_label("X", "end"), None);
}

#[test]
fn a_turn_is_entered_step_by_step() {
    let position = chain_position();
    let legal = position.legal_moves();
    let long = legal.iter().copied().find(|mv| mv.to_string().contains(',')).expect("a chain");
    let steps: Vec<String> = position.move_steps(long).into_iter().map(|s| s.text).collect();
    assert_eq!(steps, ["C3-D3W", "D3-D2A"]);
    let mut turn = Turn::new(position, &legal);
    assert!(matches!(turn.enter_step("C3 W"), Err(MoveError::Illegal { .. })));
    assert_eq!(turn.enter_step("C3 E"), Ok(None), "the seed's notation names the step");
    assert!(turn.may_skip(), "the chain may stop after its first capture");
    // Half way through the chain the board shows the capture made and the continuing piece.
    let (board, marks) = turn.board();
    let halfway = diagram(turn.geometry(), &board, &marks);
    assert!(
        halfway.starts_with("  A   B   C   D   E   F   G   H   I\n1 . - . - . - # -"),
        "{halfway}"
    );
    assert!(halfway.contains("3 . - . - . - @ - . - #"), "{halfway}");
    assert_eq!(turn.enter_step("d3-d2"), Ok(Some(long)));
    turn.clear();
    assert_eq!(turn.enter_step("c3-d3"), Ok(None));
}

#[test]
fn positions_round_trip_and_bad_ones_are_explained() {
    let start = Fanorona::start(&NoOptions);
    assert_eq!(start.to_text(), "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w");
    for (text, problem) in [
        (
            "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww",
            "the side to move is missing after the rows",
        ),
        ("bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww w", "there are 4 rows, not 5"),
        ("bbbbbbbbb/bbbbbbbbb/bwbw.bwb/wwwwwwwww/wwwwwwwww w", "row 3 has 8 points, not 9"),
        ("bbbbbbbbb/bbbbbbbbb/bwbwxbwbw/wwwwwwwww/wwwwwwwww w", "`x` at E3 is not w, b or ."),
        (
            "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww x",
            "the side to move `x` is neither w nor b",
        ),
        (
            "........./........./....w..../........./......... w",
            "Black has no pieces, so the game ended before White's turn",
        ),
        (
            "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwww wwwww/wwwwwwwww w",
            "white space inside the position, after `bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwww`; write it without spaces",
        ),
        (
            "bbbbbbbbb/bbbbbbbbb/bwbwwbwbw/wwwwwwwww/wwwwwwwww w",
            "White has 23 pieces, more than the 22 a side starts with",
        ),
    ] {
        let error = Fanorona::from_text(text, &NoOptions).expect_err(text);
        assert_eq!(error.problem, problem, "for `{text}`");
    }
    let drawn = start.diagram();
    assert!(
        drawn.contains(
            "3 # - O - # - O - . - # - O - # - O\n  | \\ | / | \\ | / | \\ | / | \\ | / |\n"
        ),
        "{drawn}"
    );
}
