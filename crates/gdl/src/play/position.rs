//! [`Gdl`], a position of loaded rules, and its move and options: `arbiter_core`'s `Game`,
//! `Knowledge` and `Evaluate`.

use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

use arbiter_core::{
    DrawReason, DrawRules, Evaluate, Game, GameOptions, Knowledge, MoveError, OptionError,
    OptionSpec, Outcome, PositionError, Side, Status, WinReason,
};

use crate::error::GdlError;
use crate::game::{Move, State};
use crate::machine::Machine;
use crate::play::board::{joint, Board, BoardStep};
use crate::play::rules::Rules;

/// The form of a position's text, for error messages.
const POSITION_FORM: &str = "the role to move, then the base propositions that hold, as GDL \
                             terms: `white (cell 1 1 b) (control white)`";

thread_local! {
    /// Each thread's machine, for the rules it last reasoned about: a move's next state and
    /// legal moves are computed on it, from the state it held before (the work is in
    /// proportion to how much the states differ, which in a search is little).
    static MACHINE: RefCell<Option<(Rules, Machine<'static>)>> = const { RefCell::new(None) };
}

/// Runs `task` on this thread's machine for `rules`.
fn with_machine<T>(rules: &Rules, task: impl FnOnce(&mut Machine<'static>) -> T) -> T {
    MACHINE.with(|held| {
        let mut held = held.borrow_mut();
        if held.as_ref().is_some_and(|(theirs, _)| theirs != rules) {
            *held = None;
        }
        let (_, machine) =
            held.get_or_insert_with(|| (rules.clone(), Machine::shared(Arc::clone(&rules.0.game))));
        task(machine)
    })
}

/// The options of a GDL game: its rules, by the hash of their text (`rules=HASH`, rules loaded
/// by this program with [`Rules::load`]). The default is the seed's game,
/// `breakthroughSmallHoles`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GdlOptions {
    /// The rules.
    pub rules: Rules,
}

impl GdlOptions {
    /// The options of `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> GdlOptions {
        GdlOptions { rules }
    }
}

impl Default for GdlOptions {
    fn default() -> Self {
        GdlOptions { rules: Rules::seed() }
    }
}

/// The key of the one option.
const RULES_KEY: &str = "rules";

impl GameOptions for GdlOptions {
    /// None to offer: the rules are a description given whole, not a value of a list.
    const SPECS: &'static [OptionSpec] = &[];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        if key != RULES_KEY {
            return Err(OptionError::UnknownKey { key: key.to_owned(), valid: Vec::new() });
        }
        self.rules = Rules::find(value).map_err(|error| OptionError::InvalidValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: error.to_string(),
        })?;
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![(RULES_KEY, self.rules.hash())]
    }

    /// `rules=HASH`, or nothing.
    fn parse(text: &str) -> Result<Self, OptionError> {
        let mut options = GdlOptions::default();
        let text = text.trim();
        if text.is_empty() {
            return Ok(options);
        }
        match text.split_once('=') {
            Some((key, value)) if !value.contains(',') => {
                options.set(key.trim(), value.trim())?;
                Ok(options)
            }
            _ => Err(OptionError::Malformed(text.to_owned())),
        }
    }
}

/// A move of a GDL game: one move of the role to move (the other plays its only legal one).
/// Its `Display` is the move's GDL term, such as `(move 1 2 1 3)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GdlMove {
    serial: u32,
    side: Side,
    mv: Move,
}

impl fmt::Display for GdlMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = Rules::by_serial(self.serial);
        let text =
            rules.as_ref().and_then(|rules| rules.game().move_text(self.side.index(), self.mv));
        f.write_str(text.unwrap_or("(a move of rules no longer loaded)"))
    }
}

impl GdlMove {
    /// The move's number among the moves of its role ([`crate::Game::moves`]).
    #[must_use]
    pub fn index(self) -> usize {
        self.mv.index()
    }

    /// The side that makes it.
    #[must_use]
    pub fn side(self) -> Side {
        self.side
    }
}

/// A position of a GDL game of two roles taking turns: the state, the side to move, and what
/// the rules say of it, computed when it is reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gdl {
    rules: Rules,
    state: State,
    side: Side,
    /// The legal moves of the side to move; none when the game is over.
    moves: Vec<Move>,
    status: Status,
    /// Each side's goal value in this state (0 where none holds).
    goals: [u8; 2],
    hash: u64,
}

impl Gdl {
    /// The start of `rules`.
    #[must_use]
    pub fn new(rules: &Rules) -> Gdl {
        Gdl::at(rules, rules.game().initial_state(), rules.0.first)
    }

    /// The position of `state` with `side` to move.
    fn at(rules: &Rules, state: State, side: Side) -> Gdl {
        with_machine(rules, |machine| {
            // A state of these rules always fits their machine.
            let _ = machine.set_state(&state);
            Gdl::reached(rules, state, side, machine)
        })
    }

    /// The position `machine` holds, `state`, with `side` to move.
    fn reached(rules: &Rules, state: State, side: Side, machine: &Machine<'_>) -> Gdl {
        let goal = |side: Side| {
            let value = machine.goal(side.index()).unwrap_or(0);
            u8::try_from(value).unwrap_or(u8::MAX)
        };
        let goals = [goal(Side::White), goal(Side::Black)];
        let mut moves = Vec::new();
        let status = if machine.is_terminal() {
            Status::Over(match goals[0].cmp(&goals[1]) {
                std::cmp::Ordering::Greater => {
                    Outcome::Win { winner: Side::White, reason: WinReason::Score }
                }
                std::cmp::Ordering::Less => {
                    Outcome::Win { winner: Side::Black, reason: WinReason::Score }
                }
                std::cmp::Ordering::Equal => Outcome::Draw { reason: DrawReason::EqualScores },
            })
        } else {
            moves.extend(machine.legal_moves(side.index()));
            // GDL gives every role a legal move in every state that is not terminal; a role
            // without one, against that rule, loses.
            let stuck = if moves.is_empty() {
                Some(side)
            } else if machine.legal_count(side.opponent().index()) == 0 {
                Some(side.opponent())
            } else {
                None
            };
            match stuck {
                Some(loser) => {
                    moves.clear();
                    let winner = loser.opponent();
                    Status::Over(Outcome::Win { winner, reason: WinReason::NoLegalMove })
                }
                None => Status::Ongoing,
            }
        };
        let hash = state.zobrist(rules, side);
        Gdl { rules: rules.clone(), state, side, moves, status, goals, hash }
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The state: the base propositions that hold.
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The goal value of `side` in this state (0 where the rules give none).
    #[must_use]
    pub fn goal(&self, side: Side) -> u8 {
        self.goals[side.index()]
    }

    fn gdl_move(&self, mv: Move) -> GdlMove {
        GdlMove { serial: self.rules.0.serial, side: self.side, mv }
    }

    /// How `mv` changes `board` from this position, played on this thread's machine.
    pub(crate) fn board_step(&self, board: &Board, mv: GdlMove) -> Option<BoardStep> {
        with_machine(&self.rules, |machine| {
            machine.set_state(&self.state).ok()?;
            machine.play(&joint(machine, self.side, mv.mv)?).ok()?;
            board.step(&self.state, machine.state(), self.side)
        })
    }

    fn legal_texts(&self) -> Vec<String> {
        self.moves.iter().map(|&mv| self.gdl_move(mv).to_string()).collect()
    }
}

impl Game for Gdl {
    type Move = GdlMove;
    type Options = GdlOptions;

    const ID: &'static str = "gdl";
    const NAME: &'static str = "A game written in GDL";
    const DESCRIPTION: &'static str = "any game of two players taking turns, read from its rules \
                                       in the Game Description Language of General Game Playing";
    const MOVES_IN_PARENTHESES: bool = true;

    fn start(options: &GdlOptions) -> Self {
        Gdl::new(&options.rules)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn generate_moves(&self, moves: &mut Vec<GdlMove>) {
        moves.clear();
        moves.extend(self.moves.iter().map(|&mv| self.gdl_move(mv)));
    }

    fn play_unchecked(&mut self, mv: GdlMove) {
        let side = self.side;
        let next = with_machine(&self.rules, |machine| {
            let _ = machine.set_state(&self.state);
            let other = machine.nth_legal(side.opponent().index(), 0)?;
            let joint = if side == Side::White { [mv.mv, other] } else { [other, mv.mv] };
            machine.play(&joint).ok()?;
            let state = machine.state().clone();
            Some(Gdl::reached(&self.rules, state, side.opponent(), machine))
        });
        if let Some(next) = next {
            *self = next;
        }
    }

    fn status(&self) -> Status {
        self.status
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        self.state.zobrist(&self.rules, self.side)
    }

    fn parse_move(&self, text: &str) -> Result<GdlMove, MoveError> {
        let role = self.rules.role_name(self.side).to_owned();
        match self.rules.game().parse_move(self.side.index(), text) {
            Ok(mv) if self.moves.contains(&mv) => Ok(self.gdl_move(mv)),
            Ok(_) | Err(GdlError::UnknownMove { .. }) => match self.status {
                Status::Over(outcome) => Err(MoveError::GameOver(outcome)),
                Status::Ongoing => Err(MoveError::Illegal {
                    text: text.trim().to_owned(),
                    legal: self.legal_texts(),
                }),
            },
            Err(error) => Err(MoveError::Malformed {
                text: text.trim().to_owned(),
                problem: error.to_string(),
                expected: format!("a move of {role} as a GDL term, such as `(move 1 2 1 3)`"),
            }),
        }
    }

    /// The role to move, then the base propositions that hold, each a GDL term:
    /// `xplayer (cell 1 1 b) … (control xplayer)`. Unlike the native games' texts, it has
    /// spaces inside.
    fn to_text(&self) -> String {
        let mut text = self.rules.role_name(self.side).to_owned();
        for proposition in self.rules.game().propositions(&self.state) {
            text.push(' ');
            text.push_str(proposition);
        }
        text
    }

    /// Reads the form [`Gdl::to_text`] writes. Any set of base propositions is accepted:
    /// whether a game can reach it is not known without playing the game out.
    fn from_text(text: &str, options: &GdlOptions) -> Result<Self, PositionError> {
        let rules = &options.rules;
        let trimmed = text.trim();
        let (role, propositions) = trimmed.split_once(char::is_whitespace).unwrap_or((trimmed, ""));
        let error = |problem: String| PositionError::new(text, problem, POSITION_FORM);
        let side = match rules.game().role(role) {
            Ok(0) => Side::White,
            Ok(_) => Side::Black,
            Err(problem) => return Err(error(problem.to_string())),
        };
        let state =
            rules.game().parse_state(propositions).map_err(|problem| error(problem.to_string()))?;
        Ok(Gdl::at(rules, state, side))
    }

    /// A position repeated three times is a draw. GDL requires every game to end, so a state
    /// never comes back in a description that keeps that rule; this guards a description that
    /// breaks it, and says that the games may be drawn (by equal scores), which keeps the
    /// solver, made for games that always end in a win, away from them.
    fn draw_rules(&self) -> DrawRules {
        DrawRules { repetitions: Some(3), turns_without_progress: None }
    }
}

impl Knowledge for Gdl {}

/// The evaluation is the difference of the goal values that hold in the state (the side to
/// move's less the other's, a point of goal a hundredth of a piece): many descriptions give
/// goals before the end (the material, a count of lines), and the others give nothing, so
/// that the search plays by what it sees of the end. No move is tactical.
impl Evaluate for Gdl {
    fn evaluate(&self) -> i32 {
        i32::from(self.goal(self.side)) - i32::from(self.goal(self.side.opponent()))
    }

    fn is_tactical(&self, _: GdlMove) -> bool {
        false
    }
}
