//! The searches know the game before their root: a line that repeats a position for the third
//! time is a draw, and a session keeps its player's tables from one search to the next.

use std::fmt;

use arbiter_ai::{AlphaBeta, Context, Limits, Mcts, PlayerSpec, Score, Session};
use arbiter_checkers::Checkers;
use arbiter_core::{
    DrawRules, Evaluate, Game, GameRecord, Knowledge, MoveError, NoOptions, Outcome, PositionError,
    Side, Status, WinReason,
};

/// A toy game. From the root R (White to move) White goes to X, which is good for White, or
/// to L, which loses; X leads on to Y and a long line that White wins at its end, at node 30.
/// Black's moves are forced.
///
/// ```text
/// R ──a──▶ X ──▶ Y ──▶ 10 ──▶ 11 ──▶ … ──▶ 30     (+5 for White on the way; White wins)
///  └──b──▶ L ──▶ Z                                 (Black wins)
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
struct Toy(u8);

const R: u8 = 0;
const X: u8 = 1;
const L: u8 = 2;
const Y: u8 = 3;
const Z: u8 = 4;
/// The end of the long line: Black to move and no move.
const END: u8 = 30;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct To(u8);

impl fmt::Display for To {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "to{}", self.0)
    }
}

impl Game for Toy {
    type Move = To;
    type Options = NoOptions;
    const ID: &'static str = "toy";
    const NAME: &'static str = "Toy";
    const DESCRIPTION: &'static str = "a toy";

    fn start(_: &NoOptions) -> Self {
        Toy(R)
    }
    fn side_to_move(&self) -> Side {
        if matches!(self.0, X | L) || (self.0 >= 10 && self.0.is_multiple_of(2)) {
            Side::Black
        } else {
            Side::White
        }
    }
    fn generate_moves(&self, moves: &mut Vec<To>) {
        moves.clear();
        let next = match self.0 {
            R => vec![X, L],
            X => vec![Y],
            L => vec![Z],
            Y => vec![10],
            node if (10..END).contains(&node) => vec![node + 1],
            _ => Vec::new(),
        };
        moves.extend(next.into_iter().map(To));
    }
    fn play_unchecked(&mut self, mv: To) {
        self.0 = mv.0;
    }
    fn status(&self) -> Status {
        if self.0 == Z {
            Status::Over(Outcome::Win { winner: Side::Black, reason: WinReason::NoLegalMove })
        } else if self.0 == END {
            Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::NoLegalMove })
        } else {
            Status::Ongoing
        }
    }
    fn hash(&self) -> u64 {
        self.compute_hash()
    }
    fn compute_hash(&self) -> u64 {
        0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(u64::from(self.0) + 1)
    }
    fn parse_move(&self, text: &str) -> Result<To, MoveError> {
        Err(MoveError::Illegal { text: text.to_owned(), legal: Vec::new() })
    }
    fn to_text(&self) -> String {
        self.0.to_string()
    }
    fn from_text(text: &str, _: &NoOptions) -> Result<Self, PositionError> {
        Err(PositionError::new(text, "not used", "nothing"))
    }
    fn draw_rules(&self) -> DrawRules {
        DrawRules { repetitions: Some(3), turns_without_progress: Some(100) }
    }
}

impl Knowledge for Toy {}

impl Evaluate for Toy {
    fn evaluate(&self) -> i32 {
        let for_white = match self.0 {
            L => -500,
            R => 0,
            _ => 500,
        };
        if self.side_to_move() == Side::White {
            for_white
        } else {
            -for_white
        }
    }
    fn is_tactical(&self, _: To) -> bool {
        false
    }
}

/// The game so far: X has been played twice, so reaching it again draws.
fn x_twice() -> Vec<u64> {
    vec![Toy(X).hash(), Toy(R).hash(), Toy(X).hash(), Toy(R).hash()]
}

#[test]
fn alpha_beta_finds_the_draw_by_a_third_repetition_only_with_the_history() {
    let history = x_twice();
    let with = Context { history: &history, turns_without_progress: 4, stop: None };
    let without = Context::default();
    let search = |context: &Context<'_>| {
        AlphaBeta::<Toy>::new(Limits::depth(6), 1).search(&Toy(R), context, &mut |_| {})
    };
    let drawn = search(&with);
    assert_eq!((drawn.best, drawn.score), (Some(To(X)), Score::Eval(0)));
    let unaware = search(&without);
    assert_eq!(unaware.best, Some(To(X)));
    assert!(matches!(unaware.score, Score::Eval(score) if score > 0), "{:?}", unaware.score);
}

#[test]
fn mcts_scores_the_third_repetition_as_a_draw_only_with_the_history() {
    let history = x_twice();
    let with = Context { history: &history, turns_without_progress: 4, stop: None };
    let score = |context: &Context<'_>| {
        Mcts::new(Limits::nodes(2000), 1, true).search(&Toy(R), context).score
    };
    assert!(
        matches!(score(&with), Score::WinRate(rate) if (rate - 0.5).abs() < 0.05),
        "{:?}",
        score(&with)
    );
    assert!(
        matches!(score(&Context::default()), Score::Win(_))
            || matches!(score(&Context::default()), Score::WinRate(rate) if rate > 0.6),
        "{:?}",
        score(&Context::default())
    );
}

#[test]
fn a_stop_signal_ends_a_search_at_once_with_a_move() {
    use std::sync::atomic::AtomicBool;
    let stop = AtomicBool::new(true);
    let start = Checkers::start(&NoOptions);
    let context = Context { stop: Some(&stop), ..Context::default() };
    let report =
        AlphaBeta::<Checkers>::new(Limits::depth(40), 1).search(&start, &context, &mut |_| {});
    assert!(report.best.is_some() && report.nodes <= 1024, "{} nodes", report.nodes);
    let report = Mcts::new(Limits::nodes(1_000_000), 1, true).search(&start, &context);
    assert!(report.best.is_some() && report.nodes <= 64, "{} iterations", report.nodes);
}

#[test]
fn a_session_keeps_its_table_so_that_a_second_hint_visits_fewer_nodes() {
    let mut session = Session::new(GameRecord::<Checkers>::new(NoOptions));
    let spec = PlayerSpec {
        limits: Limits::depth(9),
        book: false,
        ..PlayerSpec::new(arbiter_ai::Engine::AlphaBeta)
    };
    let first = session.think(&spec, None, &mut |_| {});
    let second = session.think(&spec, None, &mut |_| {});
    assert_eq!(first.best, second.best);
    assert!(second.nodes < first.nodes / 2, "{} then {}", first.nodes, second.nodes);
    // A new game forgets what was learnt.
    session.replace(GameRecord::new(NoOptions));
    let fresh = session.think(&spec, None, &mut |_| {});
    assert_eq!(fresh.nodes, first.nodes);
}
