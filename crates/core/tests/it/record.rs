//! The game record's adjudication, events, undo and record text, on a toy game.

use std::fmt;

use arbiter_core::{
    parse_record_text, DrawReason, DrawRules, Game, GameRecord, MoveError, NoOptions, Outcome,
    PositionError, Side, Status, Undone, WinReason, MAX_RECORD_BYTES, MAX_TAGS,
};

/// A token on a line of cells 0..=4; each turn the player moves it one cell left or right, or
/// on cell 1 leaves it there (so that the same cell can come with either player to move).
/// Whoever brings it to cell 4 wins. No move is progress. Written `<cell><side>`, e.g. `0w`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Line {
    cell: u8,
    side: Side,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Step(u8);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "to{}", self.0)
    }
}

const RULES: DrawRules = DrawRules { repetitions: Some(3), turns_without_progress: Some(6) };

impl Game for Line {
    type Move = Step;
    type Options = NoOptions;
    const ID: &'static str = "line";
    const NAME: &'static str = "Line";
    const DESCRIPTION: &'static str = "a toy";

    fn start(_: &NoOptions) -> Self {
        Line { cell: 0, side: Side::White }
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn generate_moves(&self, moves: &mut Vec<Step>) {
        moves.clear();
        if self.cell == 4 {
            return;
        }
        if self.cell > 0 {
            moves.push(Step(self.cell - 1));
        }
        moves.push(Step(self.cell + 1));
        if self.cell == 1 {
            moves.push(Step(1));
        }
    }
    fn play_unchecked(&mut self, mv: Step) {
        self.cell = mv.0;
        self.side = self.side.opponent();
    }
    fn status(&self) -> Status {
        if self.cell == 4 {
            Status::Over(Outcome::Win {
                winner: self.side.opponent(),
                reason: WinReason::GoalReached,
            })
        } else {
            Status::Ongoing
        }
    }
    fn hash(&self) -> u64 {
        self.compute_hash()
    }
    fn compute_hash(&self) -> u64 {
        u64::from(self.cell) * 2 + self.side.index() as u64
    }
    fn parse_move(&self, text: &str) -> Result<Step, MoveError> {
        let legal = self.legal_moves();
        legal.iter().copied().find(|mv| mv.to_string() == text).ok_or_else(|| MoveError::Illegal {
            text: text.to_owned(),
            legal: legal.iter().map(ToString::to_string).collect(),
        })
    }
    fn to_text(&self) -> String {
        format!("{}{}", self.cell, if self.side == Side::White { 'w' } else { 'b' })
    }
    fn from_text(text: &str, _: &NoOptions) -> Result<Self, PositionError> {
        let bad = || PositionError::new(text, "not a cell and a side", "like 0w");
        let (cell, side) = text.split_at_checked(1).ok_or_else(bad)?;
        let cell = cell.parse().ok().filter(|&cell| cell <= 4).ok_or_else(bad)?;
        let side = match side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(bad()),
        };
        Ok(Line { cell, side })
    }
    fn draw_rules(&self) -> DrawRules {
        RULES
    }
}

fn play(record: &mut GameRecord<Line>, moves: &str) {
    for mv in moves.split_whitespace() {
        record.play_text(mv).expect("legal");
    }
}

#[test]
fn repetition_counts_the_start_position() {
    let mut record = GameRecord::<Line>::new(NoOptions);
    play(&mut record, "to1 to0 to1");
    assert_eq!(record.status(), Status::Ongoing);
    // The start position (0, White to move) now occurs for the third time.
    play(&mut record, "to0");
    assert_eq!(record.status(), Status::Over(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn repetition_needs_the_same_player_to_move() {
    let mut record =
        GameRecord::<Line>::from_position(Line { cell: 1, side: Side::White }, NoOptions);
    // The token stands on cell 1 four times, twice with each player to move: no draw.
    play(&mut record, "to1 to2 to1 to1");
    assert_eq!(record.len(), 4);
    assert_eq!(record.status(), Status::Ongoing);
    // A third time with Black to move is.
    play(&mut record, "to1");
    assert_eq!(record.status(), Status::Over(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn the_turn_counter_draws_when_it_reaches_its_limit() {
    let mut record = GameRecord::<Line>::new(NoOptions);
    play(&mut record, "to1 to2 to3 to2 to1");
    assert_eq!((record.status(), record.turns_without_progress()), (Status::Ongoing, 5));
    play(&mut record, "to0");
    assert_eq!(record.status(), Status::Over(Outcome::Draw { reason: DrawReason::NoProgress }));
}

#[test]
fn a_loss_beats_a_draw_that_happens_at_the_same_moment() {
    let mut record = GameRecord::<Line>::new(NoOptions);
    // The sixth turn both reaches the turn limit and wins.
    play(&mut record, "to1 to2 to1 to2 to3 to4");
    assert_eq!(
        record.status(),
        Status::Over(Outcome::Win { winner: Side::Black, reason: WinReason::GoalReached })
    );
}

#[test]
fn no_move_is_accepted_after_the_end() {
    let mut record = GameRecord::<Line>::new(NoOptions);
    play(&mut record, "to1 to2 to3 to4");
    let over = record.status().outcome().expect("over");
    assert_eq!(record.play_text("to3"), Err(MoveError::GameOver(over)));
    assert_eq!(record.len(), 4);
}

#[test]
fn resignation_and_agreed_draws_are_events_that_undo_takes_back_first() {
    let mut record = GameRecord::<Line>::new(NoOptions);
    play(&mut record, "to1");
    record.resign(Side::Black).expect("ongoing");
    let resigned = Outcome::Win { winner: Side::White, reason: WinReason::Resignation };
    assert_eq!(record.status(), Status::Over(resigned));
    assert!(record.agree_draw().is_err(), "a finished game cannot also be drawn");
    assert_eq!(record.undo(), Some(Undone::Event(resigned)));
    assert_eq!(record.status(), Status::Ongoing);
    record.agree_draw().expect("ongoing");
    assert_eq!(record.status(), Status::Over(Outcome::Draw { reason: DrawReason::Agreement }));
    record.undo();
    assert_eq!(record.undo(), Some(Undone::Move(Step(1))));
    assert_eq!(record.undo(), None);
    assert_eq!(record.position(), &Line::start(&NoOptions));
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut record = GameRecord::<Line>::new(NoOptions);
    let error = record.play_text("to2").expect_err("illegal");
    assert_eq!(error.to_string(), "`to2` is not a legal move here; legal moves: to1");
    assert!(record.is_empty());
}

#[test]
fn record_text_round_trips_with_tags_events_and_a_set_up_position() {
    let mut record =
        GameRecord::<Line>::from_position(Line { cell: 1, side: Side::Black }, NoOptions);
    record.set_tag("Event", "Toy \"final\"");
    play(&mut record, "to2 to1 to0");
    record.resign(Side::White).expect("ongoing");
    let text = record.to_record_text();
    assert_eq!(
        text,
        "[Event \"Toy \\\"final\\\"\"]\n[Game \"line\"]\n[SetUp \"1\"]\n[FEN \"1b\"]\n\
         [Result \"0-1\"]\n[Termination \"resignation\"]\n\n1. to2 to1 2. to0 0-1\n"
    );
    let read = GameRecord::<Line>::from_record_text(&text).expect("reads back");
    assert!(read.moves().eq(record.moves()));
    assert_eq!(read.status(), record.status());
    assert_eq!(read.tags(), record.tags());
}

#[test]
fn record_text_skips_comments_numbers_variations_and_glyphs() {
    let text = "[Game \"line\"]\n; a comment line\n1. to1 {White starts\nover two lines} to2! \
                (2. to1 to0) 2... $1 to3 1-0 trailing words are ignored";
    let parsed = parse_record_text(text).expect("parses");
    let moves: Vec<(usize, &str)> = parsed.moves.iter().map(|(l, m)| (*l, m.as_str())).collect();
    assert_eq!(moves, [(3, "to1"), (4, "to2"), (4, "to3")]);
    assert_eq!(parsed.result, Some((4, "1-0".to_owned())));
    let record = GameRecord::<Line>::from_parsed(&parsed).expect("legal");
    assert_eq!(record.status().outcome().and_then(Outcome::winner), Some(Side::White));
}

#[test]
fn record_errors_give_the_line_and_what_was_wrong() {
    let error = GameRecord::<Line>::from_record_text("[Game \"line\"]\n\n1. to1 to2\n2. to2")
        .expect_err("illegal");
    assert_eq!(error.line, 4);
    assert!(
        error.to_string().starts_with("line 4: move 3 (`to2`): `to2` is not a legal move"),
        "{error}"
    );
    let error = GameRecord::<Line>::from_record_text("[Game \"line\"]\n[Event \"x]\n")
        .expect_err("bad tag");
    assert_eq!(error.line, 2);
    let error =
        GameRecord::<Line>::from_record_text("[Game \"chess\"]\n1. e4").expect_err("other game");
    assert!(error.to_string().contains("another game"), "{error}");
    let error = GameRecord::<Line>::from_record_text("1. to1 {unclosed").expect_err("comment");
    assert_eq!(error.to_string(), "line 1: `{` is never closed by `}`");
    let error = GameRecord::<Line>::from_record_text("1. to1 to2 to3 to4 1-0").expect_err("result");
    assert!(error.to_string().contains("does not agree"), "{error}");
}

#[test]
fn texts_without_tags_or_moves_are_not_records() {
    for text in ["", "   \n", "11.", "{a comment} ; and one more", "*"] {
        let error = GameRecord::<Line>::from_record_text(text).expect_err(text);
        assert!(error.message.contains("not a record"), "{text:?}: {error}");
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let record = GameRecord::<Line>::from_record_text("\u{feff}[Game \"line\"]\n1. to1 *")
        .expect("a record with a byte-order mark");
    assert_eq!(record.len(), 1);
}

#[test]
fn a_result_tag_must_be_a_result() {
    let error = GameRecord::<Line>::from_record_text("[Game \"line\"]\n[Result \"garbage\"]\n")
        .expect_err("garbage");
    assert!(error.message.contains("the Result tag `garbage` is not a result"), "{error}");
}

#[test]
fn records_have_a_size_and_a_tag_limit_and_hold_many_tags() {
    let huge = format!("[Game \"line\"]\n1. {} *", "9".repeat(MAX_RECORD_BYTES));
    let error = GameRecord::<Line>::from_record_text(&huge).expect_err("too long");
    assert!(error.message.contains("1 MiB"), "{error}");
    let tags: String = (0..200_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    let error = GameRecord::<Line>::from_record_text(&tags[..MAX_RECORD_BYTES.min(tags.len())])
        .expect_err("too many tags");
    assert!(error.message.contains(&format!("at most {MAX_TAGS}")), "{error}");
    let allowed: String = (0..MAX_TAGS).map(|i| format!("[T{i} \"v\"]\n")).collect();
    GameRecord::<Line>::from_record_text(&allowed).expect("the most tags a record may have");
    let mut record = GameRecord::<Line>::new(NoOptions);
    for i in 0..200_000 {
        record.set_tag(&format!("T{i}"), "v");
    }
    assert_eq!(record.tags().len(), 200_000);
}

#[test]
fn errors_quote_a_short_escaped_excerpt_of_the_input() {
    let token = "x".repeat(500_000);
    let error = GameRecord::<Line>::from_record_text(&format!("[Game \"line\"]\n1. {token} *"))
        .expect_err("not a move");
    assert!(error.to_string().len() < 400, "{} bytes", error.to_string().len());
    // ESC c resets a terminal.
    let error = GameRecord::<Line>::from_record_text("[Game \"line\"]\n1. to\u{1b}c *")
        .expect_err("not a move");
    assert!(!error.to_string().contains('\u{1b}'), "{error}");
    assert!(error.to_string().contains("to\\u{1b}c"), "{error}");
}

/// Found by the records fuzz target: a backslash before a line break took the break into the
/// tag's value, and the record was written back with a tag over two lines.
#[test]
fn a_tag_value_cannot_continue_on_the_next_line() {
    let error = parse_record_text("[Event \"a\\\nb\"]\n1. to1 *").expect_err("two lines");
    assert!(error.message.contains("unterminated tag value"), "{error}");
    let tags = parse_record_text("[Event \"a\\\"b\\\\\"]\n1. to1 *").expect("escapes").tags;
    assert_eq!(tags, [("Event".to_owned(), "a\"b\\".to_owned())]);
}

#[test]
fn a_loss_on_time_and_the_clocks_are_written_and_read_back() {
    let mut record = GameRecord::<Line>::new(NoOptions);
    play(&mut record, "to1");
    play(&mut record, "to2");
    record.lose_on_time(Side::White).expect("ongoing");
    let flagged = Outcome::Win { winner: Side::Black, reason: WinReason::Time };
    assert_eq!(record.status(), Status::Over(flagged));
    record.set_tag("TimeControl", "300+3");
    let text = record.to_record_text_with(|index| Some(format!("[%clk 0:0{}:00]", 5 - index)));
    assert!(text.contains("[TimeControl \"300+3\"]\n"), "{text}");
    assert!(text.contains("[Termination \"time forfeit\"]\n"), "{text}");
    assert!(text.contains("1. to1 {[%clk 0:05:00]} to2 {[%clk 0:04:00]} 0-1"), "{text}");
    let read = GameRecord::<Line>::from_record_text(&text).expect("read back");
    assert_eq!(read.status(), Status::Over(flagged), "a time forfeit, not a resignation");
    assert_eq!(read.len(), 2);
    assert!(read.tags().contains(&("TimeControl".to_owned(), "300+3".to_owned())));
}
