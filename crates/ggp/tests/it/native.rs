//! The native recognition: the seed game is recognised in its reference text, with every name
//! renamed and the rules in another order, and in no modified rule set; and the native
//! player's first answer on one-second clocks.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use arbiter_gdl::{parse, Game};
use arbiter_ggp::native::NativeMatch;
use arbiter_ggp::sexpr::{one_line, read_all, Sexpr};
use arbiter_ggp::{PlayerConfig, Request, Server};

use crate::game_text;

const RESERVED: [&str; 15] = [
    "role", "init", "true", "next", "legal", "does", "goal", "terminal", "base", "input", "<=",
    "not", "or", "distinct", "and",
];

/// The description with its names renamed as ggp-base's scrambler renames them (every name but
/// GDL's reserved words and the numbers, here to `n0`, `n1`, ... in order of appearance) and its
/// rules in reverse order; the names' map.
fn scrambled(text: &str) -> (String, HashMap<String, String>) {
    fn rename(expression: &Sexpr, names: &mut HashMap<String, String>, out: &mut String) {
        match expression {
            Sexpr::Atom(word) => {
                let lower = word.to_ascii_lowercase();
                let number = word.parse::<i64>().is_ok();
                if number || word.starts_with('?') || RESERVED.contains(&lower.as_str()) {
                    out.push_str(word);
                } else {
                    let count = names.len();
                    out.push_str(names.entry(lower).or_insert_with(|| format!("n{count}")));
                }
            }
            Sexpr::List { items, .. } => {
                out.push('(');
                for item in items {
                    rename(item, names, out);
                    out.push(' ');
                }
                out.push(')');
            }
        }
    }
    let mut names = HashMap::new();
    let mut rules: Vec<String> = read_all(text)
        .expect("rules")
        .iter()
        .map(|rule| {
            let mut out = String::new();
            rename(rule, &mut names, &mut out);
            out
        })
        .collect();
    rules.reverse();
    (rules.join("\n"), names)
}

fn recognise(text: &str) -> Option<NativeMatch> {
    let description = parse(text).expect("a description");
    let game = Game::from_description(&description).expect("a game");
    NativeMatch::recognise(&description, &game, 7)
}

#[test]
fn the_seed_game_is_recognised() {
    let native = recognise(&game_text("breakthroughSmallHoles.kif")).expect("recognised");
    assert_eq!(native.game_id(), "holes");
}

#[test]
fn renamed_names_and_reordered_rules_are_still_recognised() {
    let (text, names) = scrambled(&game_text("breakthroughSmallHoles.kif"));
    assert!(!text.contains("cell") && !text.contains("white"), "{text}");
    let description = parse(&text).expect("a description");
    let game = Game::from_description(&description).expect("a game");
    let mut native = NativeMatch::recognise(&description, &game, 7).expect("recognised");
    // The native engine's move is one of the scrambled game's legal moves.
    let white = game.role(&names["white"]).expect("white");
    let machine = game.machine();
    let stop = AtomicBool::new(false);
    let (mv, _) = native
        .choose(&game, &machine, white, Duration::from_millis(100), &stop)
        .expect("a native move");
    assert!(machine.is_legal(white, mv));
    assert!(game.move_text(white, mv).expect("text").starts_with(&format!("({} ", names["move"])));
}

#[test]
fn modified_rules_and_other_games_are_not_recognised() {
    let seed = game_text("breakthroughSmallHoles.kif");
    let moved_hole = seed.replace("(hole 5 4)", "(hole 5 3)");
    assert_ne!(moved_hole, seed);
    assert!(recognise(&moved_hole).is_none(), "a hole moved");
    let straight_captures = seed.replace("(not (hole ?x2 ?y2))\n    (not (true (cell ?x2 ?y2 ?player))))", "(not (hole ?x2 ?y2))\n    (true (cell ?x2 ?y2 ?player))\n    (not (true (cell ?x2 ?y2 ?player))))");
    assert_ne!(straight_captures, seed);
    assert!(recognise(&straight_captures).is_none(), "no diagonal moves");
    for other in ["ticTacToe.kif", "breakthrough.kif", "connectFour.kif"] {
        assert!(recognise(&game_text(other)).is_none(), "{other}");
    }
}

#[test]
fn the_native_player_answers_its_first_play_with_a_legal_move_on_one_second_clocks() {
    // One-second clocks, as in the matches of the figures: the solver's tables are made during
    // START, and the first PLAY (the solver's first question) gets a legal move. That the
    // answers come within the clocks is measured by the matches (`arbiter ggp host`, which
    // records a late answer as `TO`), not asserted on a shared machine's wall clock.
    let text = game_text("breakthroughSmallHoles.kif");
    let server = Server::new(PlayerConfig::default());
    let rules = one_line(&text).expect("the rules on one line");
    let start = Request::Start {
        id: "native-clock".to_owned(),
        role: "white".to_owned(),
        rules,
        start_clock: 1,
        play_clock: 1,
    };
    let received = Instant::now();
    assert_eq!(server.answer(start, received), "ready");
    let received = Instant::now();
    let answer =
        server.answer(Request::Play { id: "native-clock".to_owned(), moves: None }, received);
    let game = Game::from_kif(&text).expect("a game");
    let white = game.role("white").expect("white");
    let mv = game.parse_move(white, &answer).unwrap_or_else(|error| panic!("{answer}: {error}"));
    assert!(game.machine().is_legal(white, mv), "{answer}");
}
