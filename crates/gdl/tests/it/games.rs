//! Every test game reads, checks and compiles, and its moves print and parse back.

use arbiter_gdl::{Game, GdlError};

use crate::{game_text, GAMES};

#[test]
fn every_test_game_compiles_and_its_moves_round_trip() {
    for name in GAMES {
        let game = Game::from_kif(&game_text(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!game.roles().is_empty(), "{name}");
        for role in 0..game.roles().len() {
            for (index, text) in game.moves(role).iter().enumerate() {
                let mv = game.parse_move(role, &text.to_uppercase()).expect("parses back");
                assert_eq!(mv.index(), index, "{name}: {text}");
                assert_eq!(game.move_text(role, mv), Some(text.as_str()));
            }
        }
        let machine = game.machine();
        assert!(!machine.is_terminal(), "{name}: the initial state is not terminal");
    }
}

#[test]
fn the_seed_game_has_its_shape() {
    let game = Game::from_kif(&game_text("breakthroughSmallHoles")).expect("compiles");
    assert_eq!(game.roles(), ["white", "black"]);
    let white = game.role("WHITE").expect("a role");
    let machine = game.machine();
    let moves: Vec<&str> =
        machine.legal_moves(white).filter_map(|mv| game.move_text(white, mv)).collect();
    // From row 2, onto row 3 where b3 and d3 are holes: a2, c2, e2 and f2 step straight, and
    // the diagonals are those that avoid b3 and d3.
    assert_eq!(moves.len(), 10, "{moves:?}");
    assert!(moves.contains(&"(move 1 2 1 3)") && !moves.contains(&"(move 1 2 2 3)"));
    assert_eq!(game.propositions(machine.state()).len(), 25);
}

#[test]
fn requests_a_game_refuses_say_why() {
    let game = Game::from_kif(&game_text("ticTacToe")).expect("compiles");
    assert!(matches!(game.role("zplayer"), Err(GdlError::UnknownRole { .. })));
    assert!(matches!(game.parse_move(0, "(mark 4 4)"), Err(GdlError::UnknownMove { .. })));
    let mut machine = game.machine();
    let noop = game.parse_move(0, "noop").expect("a move");
    let mark = game.parse_move(1, "(mark 1 1)").expect("a move");
    let error = machine.play(&[noop, mark]).expect_err("xplayer is to move");
    assert_eq!(error.to_string(), "`noop` is not legal for `xplayer` in this state");
    assert!(matches!(machine.play(&[noop]), Err(GdlError::JointMoveSize { .. })));
}

#[test]
fn descriptions_the_reasoner_cannot_take_are_refused_with_their_reason() {
    assert!(matches!(Game::from_kif("(init p)"), Err(GdlError::NoRoles)));
    let goal = "(role a) (goal a high)";
    assert!(matches!(Game::from_kif(goal), Err(GdlError::GoalValue { .. })));
    let endless = "(role a) (init (count 0)) (<= (legal a tick) (true (count ?n))) \
                   (<= (next (count (s ?n))) (true (count ?n)))";
    assert!(matches!(Game::from_kif(endless), Err(GdlError::TooLarge { .. })));
}

#[test]
fn a_relation_through_its_own_negation_is_taken_when_no_ground_atom_is() {
    // As ggp-repository's hex writes its goals: `goal` through `(not (goal ?r 100))`.
    let goals = "(role a) (init on) (<= (goal ?r 100) (role ?r) (true on)) \
                 (<= (goal ?r 0) (role ?r) (not (goal ?r 100))) (<= (legal a off) (true on)) \
                 (<= terminal (not (true on)))";
    let game = Game::from_kif(goals).expect("stratified in its ground rules");
    let mut machine = game.machine();
    assert_eq!(machine.goal(0), Some(100));
    let off = game.parse_move(0, "off").expect("a move");
    machine.play(&[off]).expect("legal");
    assert!(machine.is_terminal());
    assert_eq!(machine.goal(0), Some(0));
    let unstratified = "(role a) (init x) (<= p (true x) (not p)) (<= (legal a go) (true x))";
    assert_eq!(
        Game::from_kif(unstratified).err(),
        Some(GdlError::NegativeCycle { relation: "p".to_owned() })
    );
}

#[test]
fn a_next_proposition_that_copies_a_move_follows_it() {
    // `(next (poisoned ?p))` has one instance, `(does ?p (bite 1 1))`: the network merges the
    // two, and the input must still be set (ggp-repository's chomp).
    let text = "(role a) (init (left 1)) (<= (legal a (bite 1 1)) (true (left 1))) \
                (<= (next (poisoned ?p)) (does ?p (bite 1 1))) (<= terminal (true (poisoned a))) \
                (<= (goal a 0) terminal)";
    let game = Game::from_kif(text).expect("compiles");
    let mut machine = game.machine();
    let bite = game.parse_move(0, "(bite 1 1)").expect("a move");
    machine.play(&[bite]).expect("legal");
    assert_eq!(game.propositions(machine.state()), ["(poisoned a)"]);
    assert!(machine.is_terminal());
}

#[test]
fn a_game_without_state_still_plays() {
    let game = Game::from_kif("(role a) (legal a go) (goal a 50)").expect("compiles");
    assert!(game.base_propositions().is_empty());
    let mut machine = game.machine();
    let go = game.parse_move(0, "go").expect("a move");
    machine.play(&[go]).expect("legal");
    assert!(!machine.is_terminal());
    assert_eq!(machine.goal(0), Some(50));
}

#[test]
fn rules_recursive_over_the_state_reach_their_least_fixed_point() {
    // `reach` is a cycle in the ground rules: 1 and 2 reach each other. Only what the state
    // supports holds: from (on 1), 2 is reached; from nothing, nothing is.
    let cycle = "(role a) (init (on 1)) (<= (reach ?x) (true (on ?x))) \
                 (<= (reach ?x) (reach ?y) (link ?y ?x)) (link 1 2) (link 2 1) \
                 (<= (legal a go) (reach 2)) (<= (next (on 3)) (reach 2) (does a go)) \
                 (<= terminal (not (reach 1))) (<= (goal a 100) terminal)";
    let game = Game::from_kif(cycle).expect("compiles");
    let mut machine = game.machine();
    assert!(!machine.is_terminal());
    let go = game.parse_move(0, "go").expect("a move");
    machine.play(&[go]).expect("legal");
    assert_eq!(game.propositions(machine.state()), ["(on 3)"]);
    assert!(machine.is_terminal());
    assert_eq!(machine.legal_count(0), 0);
    assert_eq!(machine.goal(0), Some(100));
}

#[test]
fn jumpers_jumps_are_compulsory_and_capture() {
    let game = Game::from_kif(&game_text("jumpers")).expect("compiles");
    let mut machine = game.machine();
    let play = |machine: &mut arbiter_gdl::Machine<'_>, white: &str, black: &str| {
        let joint = [
            game.parse_move(0, white).expect("a move"),
            game.parse_move(1, black).expect("a move"),
        ];
        machine.play(&joint).expect("legal");
    };
    play(&mut machine, "(step 2 2 3 3)", "noop");
    // Black's piece on (4, 4) can jump the white one on (3, 3) to (2, 2): it must.
    let moves: Vec<&str> = machine.legal_moves(1).filter_map(|mv| game.move_text(1, mv)).collect();
    assert_eq!(moves, ["(jump 4 4 2 2)"]);
    play(&mut machine, "noop", "(jump 4 4 2 2)");
    let state = game.propositions(machine.state());
    assert!(state.contains(&"(cell 2 2 black)") && !state.contains(&"(cell 3 3 white)"));
    assert!(!state.contains(&"(cell 4 4 black)"));
}
