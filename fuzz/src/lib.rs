//! The checks of Arbiter's fuzz targets, as plain functions: each fuzz target in
//! `fuzz_targets/` calls one of them, and a test (`tests/corpus.rs`) replays the saved corpus
//! through them on a stable toolchain (`cargo test --manifest-path fuzz/Cargo.toml`).
//!
//! Every target takes bytes from libFuzzer; the first byte picks the game (and the second,
//! where there is one, the game's options), so that one target covers every game. A check
//! panics on a broken promise: a crash of a parser, a written text that does not read back, a
//! hash that differs from its recomputation, an error message that echoes a control character
//! or grows with its input.

use std::marker::PhantomData;
use std::str::from_utf8;

use arbiter_ai::{parse_duration, PlayerSpec, MAX_TIME};
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::turn::Turn;
use arbiter_core::{parse_record_text, GameOptions, GameRecord, MoveError, MAX_RECORD_BYTES};

/// The check of a fuzz target, given libFuzzer's bytes.
pub type Check = fn(&[u8]);

/// Every target: its name (the folder of its corpus) and its check.
pub const TARGETS: [(&str, Check); 6] = [
    ("moves", moves),
    ("positions", positions),
    ("records", records),
    ("options", options),
    ("specs", specs),
    ("playout", playout),
];

/// The most plies a target plays, so that one input stays quick (libFuzzer's speed is what
/// finds bugs; long games come from many short steps of the corpus anyway).
const MAX_PLIES: usize = 32;

/// The random plies before the moves target tries its text: deeper positions are the playout
/// target's; a few plies reach captures, chains and neutral pieces.
const MOVES_PLIES: usize = 8;

/// The legal moves of a ply whose text is parsed back in the playout target: parsing is as
/// dear as generating, so checking all would make a ply quadratic.
const PARSED_PER_PLY: usize = 2;

/// The game numbered `index` (modulo the number of games), in the catalog's order.
fn game(index: u8) -> GameId {
    GameId::ALL[usize::from(index) % GameId::ALL.len()]
}

/// Runs a check for the game of an input: each visitor below calls one generic check.
macro_rules! visitor {
    ($name:ident($($field:ident: $type:ty),*) => $check:ident) => {
        struct $name<'a>($($type),*, std::marker::PhantomData<&'a ()>);

        impl Visitor for $name<'_> {
            type Output = ();

            fn visit<G: AnyGame>(self) {
                let $name($($field),*, _) = self;
                $check::<G>($($field),*);
            }
        }
    };
}

visitor!(MoveText(options: u8, text: &'a str, choices: &'a [u8]) => check_move_text);
visitor!(PositionText(options: u8, text: &'a str) => check_position_text);
visitor!(OptionText(text: &'a str) => check_options);
visitor!(Playout(options: u8, text: &'a str, choices: &'a [u8]) => check_playout);
visitor!(RecordText(text: &'a str) => check_record);

/// The option sets tried for a game: the defaults and each variant of the rules.
fn option_sets(game: &str) -> &'static [&'static str] {
    match game {
        "minicheckers" => &["", "first=black"],
        "holes" => &["", "captures=diagonal"],
        "daynight" => &["", "rings=5", "rings=8"],
        _ => &[""],
    }
}

/// An input split into the game, an option set, a line of text and the bytes after it.
struct Input<'a> {
    game: u8,
    options: u8,
    text: &'a str,
    rest: &'a [u8],
}

fn split(data: &[u8]) -> Option<Input<'_>> {
    let [game, options, tail @ ..] = data else {
        return None;
    };
    let end = tail.iter().position(|&byte| byte == b'\n').unwrap_or(tail.len());
    let text = from_utf8(&tail[..end]).ok()?;
    let rest = tail.get(end + 1..).unwrap_or_default();
    Some(Input { game: *game, options: *options, text, rest })
}

/// An error message must not echo a raw control character (a terminal would obey it) nor
/// grow with the input: beyond `allowance` bytes of lists it may quote (the legal moves), it
/// stays under 2,000 bytes.
pub fn check_message(message: &str, allowance: usize) {
    assert!(
        !message.chars().any(|c| c.is_control() && c != '\n'),
        "a raw control character in the message {message:?}"
    );
    assert!(
        message.len() <= 2000 + allowance,
        "a message of {} bytes: {}",
        message.len(),
        message.chars().take(300).collect::<String>()
    );
}

/// The bytes of the move lists a move error quotes in full.
fn lists_of(error: &MoveError) -> usize {
    let total = |moves: &[String]| moves.iter().map(|mv| mv.len() + 4).sum::<usize>();
    match error {
        MoveError::Illegal { legal, .. } => total(legal),
        MoveError::Ambiguous { candidates, .. } => total(candidates),
        _ => 0,
    }
}

/// Move text and steps, in every game and option set: a position reached by a few random
/// plies from the start (chosen by the bytes after the text), then the text as a whole move
/// and as the first step of a turn.
pub fn moves(data: &[u8]) {
    let Some(input) = split(data) else { return };
    game(input.game).visit(MoveText(input.options, input.text, input.rest, PhantomData));
}

fn check_move_text<G: AnyGame>(options: u8, text: &str, choices: &[u8]) {
    let sets = option_sets(G::ID);
    let options = G::Options::parse(sets[usize::from(options) % sets.len()]).expect("options");
    let mut position = G::start(&options);
    let mut legal = Vec::new();
    for &choice in choices.iter().take(MOVES_PLIES) {
        position.generate_moves(&mut legal);
        let Some(&mv) = legal.get(usize::from(choice) % legal.len().max(1)) else { break };
        position.play_unchecked(mv);
    }
    position.generate_moves(&mut legal);
    match position.parse_move(text) {
        Ok(mv) => assert!(legal.contains(&mv), "`{text}` parses to {mv}, which is not legal"),
        Err(error) => check_message(&error.to_string(), lists_of(&error)),
    }
    let mut turn = Turn::new(position.clone(), &legal);
    match turn.enter_step(text) {
        Ok(Some(mv)) => assert!(legal.contains(&mv), "the step `{text}` completes {mv}"),
        Ok(None) => assert!(!turn.entered().is_empty(), "a step entered no click"),
        Err(error) => check_message(&error.to_string(), lists_of(&error)),
    }
}

/// Position text, in every game and option set: what reads writes back to a text that reads
/// back to the same position.
pub fn positions(data: &[u8]) {
    let Some(input) = split(data) else { return };
    game(input.game).visit(PositionText(input.options, input.text, PhantomData));
}

fn check_position_text<G: AnyGame>(options: u8, text: &str) {
    let sets = option_sets(G::ID);
    let options = G::Options::parse(sets[usize::from(options) % sets.len()]).expect("options");
    match G::from_text(text, &options) {
        Ok(position) => {
            let written = position.to_text();
            let reread = G::from_text(&written, &options)
                .unwrap_or_else(|e| panic!("`{written}` does not read back: {e}"));
            assert_eq!(reread, position, "`{written}` reads back to another position");
            assert_eq!(reread.to_text(), written, "`{written}` is written another way");
            assert_eq!(position.hash(), position.compute_hash(), "hash of `{written}`");
            assert_eq!(
                position.legal_moves().is_empty(),
                position.status().is_over(),
                "`{written}`: legal moves and status disagree"
            );
            let _ = position.diagram();
        }
        Err(error) => check_message(&error.to_string(), 0),
    }
}

/// Record text (the bytes after the first, which picks the game it is read as by default):
/// what loads writes back to a record that loads to the same game and writes the same text.
pub fn records(data: &[u8]) {
    let [game_index, tail @ ..] = data else { return };
    let Ok(text) = from_utf8(tail) else { return };
    let parsed = match parse_record_text(text) {
        Ok(parsed) => parsed,
        Err(error) => return check_message(&error.to_string(), 0),
    };
    match GameId::of_record(&parsed) {
        Ok(named) => named.unwrap_or(game(*game_index)).visit(RecordText(text, PhantomData)),
        Err(error) => check_message(&error.to_string(), 0),
    }
}

fn check_record<G: AnyGame>(text: &str) {
    match GameRecord::<G>::from_record_text(text) {
        Ok(record) => {
            let written = record.to_record_text();
            assert!(written.len() <= MAX_RECORD_BYTES, "a record written longer than the limit");
            let again = GameRecord::<G>::from_record_text(&written).unwrap_or_else(|e| {
                panic!("the written record does not read back: {e}\n{written}")
            });
            assert!(again.moves().eq(record.moves()), "the moves differ");
            assert_eq!(again.status(), record.status());
            assert_eq!(again.position(), record.position());
            assert_eq!(again.to_record_text(), written, "the record is written another way");
        }
        // A move error inside may list the legal moves.
        Err(error) => check_message(&error.to_string(), 8192),
    }
}

/// Option text, in every game: what reads writes back to text that reads back the same.
pub fn options(data: &[u8]) {
    let Some(input) = split(data) else { return };
    game(input.game).visit(OptionText(input.text, PhantomData));
}

fn check_options<G: AnyGame>(text: &str) {
    match G::Options::parse(text) {
        Ok(options) => {
            let written = options.to_text();
            assert_eq!(G::Options::parse(&written).as_ref(), Ok(&options), "`{written}`");
        }
        Err(error) => check_message(&error.to_string(), 0),
    }
}

/// Player specs and times: what reads writes back to a spec that reads back the same.
pub fn specs(data: &[u8]) {
    let Ok(text) = from_utf8(data) else { return };
    match text.parse::<PlayerSpec>() {
        Ok(spec) => {
            let written = spec.to_string();
            assert_eq!(written.parse::<PlayerSpec>(), Ok(spec), "`{written}`");
            assert!(spec.limits.time.is_none_or(|time| time <= MAX_TIME), "`{written}`");
            assert!(spec.limits.depth.is_none_or(|depth| (1..=1000).contains(&depth)));
            assert!(spec.limits.nodes.is_none_or(|nodes| nodes > 0));
        }
        Err(error) => check_message(&error.to_string(), 0),
    }
    match parse_duration(text) {
        Ok(time) => assert!(time <= MAX_TIME && !time.is_zero(), "`{text}` gave {time:?}"),
        Err(error) => check_message(&error.to_string(), 0),
    }
}

/// Random legal moves from a fuzzed position (the line of text; the bytes after it choose
/// the moves), checking at every ply that every legal move plays, keeps the incremental hash
/// equal to the recomputed one and passes the turn, that a sample of the moves (the one played
/// among them) prints and parses back to itself, that the moves are counted right and are
/// empty exactly when the game is over, and that the position's text reads back to it.
pub fn playout(data: &[u8]) {
    let Some(input) = split(data) else { return };
    game(input.game).visit(Playout(input.options, input.text, input.rest, PhantomData));
}

fn check_playout<G: AnyGame>(options: u8, text: &str, choices: &[u8]) {
    let sets = option_sets(G::ID);
    let options = G::Options::parse(sets[usize::from(options) % sets.len()]).expect("options");
    let Ok(mut position) = G::from_text(text, &options) else { return };
    for &choice in choices.iter().take(MAX_PLIES) {
        let written = position.to_text();
        let reread = G::from_text(&written, &options)
            .unwrap_or_else(|e| panic!("`{written}` does not read back: {e}"));
        assert_eq!(reread, position, "`{written}` reads back to another position");
        assert_eq!(position.hash(), position.compute_hash(), "hash of `{written}`");
        let legal = position.legal_moves();
        assert_eq!(legal.is_empty(), position.status().is_over(), "`{written}`: status");
        let mut scratch = Vec::new();
        assert_eq!(position.count_moves(&mut scratch), legal.len() as u64, "`{written}`: count");
        for &mv in &legal {
            let mut child = position.clone();
            child.play_unchecked(mv);
            assert_eq!(child.hash(), child.compute_hash(), "`{written}`: hash after {mv}");
            assert_ne!(child.side_to_move(), position.side_to_move(), "`{written}`: {mv}");
        }
        let Some(&mv) = legal.get(usize::from(choice) % legal.len().max(1)) else { break };
        // A few moves' texts parse back, the one to be played among them; it is then played
        // through the checked `play`, which finds it among the legal moves.
        let step = legal.len() / PARSED_PER_PLY + 1;
        for &parsed in legal.iter().step_by(step).chain([&mv]) {
            let text = parsed.to_string();
            assert_eq!(position.parse_move(&text), Ok(parsed), "`{written}`: `{text}`");
        }
        position.play(mv).unwrap_or_else(|e| panic!("`{written}`: {mv} does not play: {e}"));
    }
}
