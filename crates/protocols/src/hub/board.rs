//! How Hub writes the squares, positions and moves of a draughts board, and how they are
//! turned into Arbiter's.
//!
//! The squares are numbered as PDN numbers them: the playable squares row by row from the top
//! of the diagram, left to right (`1`–`32` in checkers, `1`–`18` in mini checkers, where `1`
//! is b6 and `18` is e1). A move is written with these numbers, as Hub writes them: a step
//! `from-to`, a capture `from x to x` and every captured square (`28x19x23`), in any order.
//!
//! A position is the letter of the player to move and one letter a square (`w`/`W` a man or
//! king of Hub's White, `b`/`B` of Hub's Black, `e` empty). Hub's White is the player who moves
//! first, at the high numbers: international draughts as Scan plays it. Where the first
//! player starts at the top of Arbiter's diagram (Black in checkers), the position is written
//! from the other side, as pydraughts writes it for English draughts: its character `k` is
//! square `N + 1 − k`, its White is Arbiter's Black and its `W` to move means Black's turn.
//! Moves keep the PDN numbers even then, as pydraughts sends and reads them.

use std::collections::BTreeSet;

use arbiter_catalog::AnyGame;
use arbiter_core::present::{CellId, Place};
use arbiter_core::text::excerpt;
use arbiter_core::Side;

/// A game's board as Hub writes it.
#[derive(Debug, Clone)]
pub(crate) struct HubBoard {
    /// The cells of Arbiter's geometry by Hub number: `squares[0]` is square 1.
    squares: Vec<CellId>,
    /// Their names in the game's notation.
    names: Vec<String>,
    /// The player who moves first: Hub's White.
    first: Side,
    /// The position text is written from the other side (the first player starts at the top).
    turned: bool,
}

impl HubBoard {
    /// The board of `start`, the game's start position under its options.
    pub(crate) fn of<G: AnyGame>(start: &G) -> HubBoard {
        let geometry = start.geometry();
        let mut squares: Vec<(u8, u8, CellId)> = geometry
            .cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| !cell.hole)
            .filter_map(|(index, cell)| match cell.place {
                Place::Grid { column, row } => Some((row, column, CellId(index as u16))),
                _ => None,
            })
            .collect();
        squares.sort_unstable();
        let row_of =
            |cell: CellId| squares.iter().find(|square| square.2 == cell).map(|square| square.0);
        let first = start.side_to_move();
        let board = start.board();
        let top = board
            .pieces
            .iter()
            .filter(|piece| piece.side.is_some())
            .min_by_key(|piece| row_of(piece.cell));
        let turned = top.is_some_and(|piece| piece.side == Some(first));
        HubBoard {
            names: squares.iter().map(|square| geometry.name(square.2).to_owned()).collect(),
            squares: squares.into_iter().map(|square| square.2).collect(),
            first,
            turned,
        }
    }

    /// The number of squares.
    pub(crate) fn len(&self) -> usize {
        self.squares.len()
    }

    /// The position written `text` (`W` and a letter a square), in the game's own text form.
    pub(crate) fn position_text(&self, text: &str) -> Result<String, String> {
        let expected = format!(
            "expected W or B for the player to move, then {} letters w, b, W, B or e, one a square",
            self.len()
        );
        let mut letters = text.chars();
        let side = match letters.next() {
            Some('W') => self.first,
            Some('B') => self.first.opponent(),
            _ => {
                return Err(format!("the position `{}` cannot be read; {expected}", excerpt(text)))
            }
        };
        let letters: Vec<char> = letters.collect();
        if letters.len() != self.len() {
            return Err(format!(
                "the position has {} squares, not {}; {expected}",
                letters.len(),
                self.len()
            ));
        }
        let mut pieces: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for (index, letter) in letters.into_iter().enumerate() {
            let square = if self.turned { self.len() - 1 - index } else { index };
            let (side, king) = match letter {
                'w' => (self.first, false),
                'W' => (self.first, true),
                'b' => (self.first.opponent(), false),
                'B' => (self.first.opponent(), true),
                'e' => continue,
                other => {
                    return Err(format!(
                        "`{}` on square {} is not a piece; {expected}",
                        excerpt(&other.to_string()),
                        square + 1
                    ))
                }
            };
            let name = &self.names[square];
            pieces[side.index()].push(if king { format!("K{name}") } else { name.clone() });
        }
        // PDN's FEN, the text form of both draughts games.
        let letter = |side: Side| if side == Side::White { 'W' } else { 'B' };
        Ok(format!(
            "{}:W{}:B{}",
            letter(side),
            pieces[Side::White.index()].join(","),
            pieces[Side::Black.index()].join(",")
        ))
    }

    /// `mv` in Hub's notation.
    pub(crate) fn move_text<G: AnyGame>(&self, position: &G, mv: G::Move) -> String {
        let Some(shape) = self.shape(position, mv) else { return mv.to_string() };
        if shape.captured.is_empty() {
            return format!("{}-{}", shape.from, shape.to);
        }
        let mut text = format!("{}x{}", shape.from, shape.to);
        for square in &shape.captured {
            text.push_str(&format!("x{square}"));
        }
        text
    }

    /// The legal move written `text` in Hub's notation. A capture written with its start and
    /// end alone is accepted when one capture fits; two captures of the same pieces from the
    /// same start to the same end lead to the same position, and the first is taken.
    pub(crate) fn parse_move<G: AnyGame>(
        &self,
        position: &G,
        text: &str,
    ) -> Result<G::Move, String> {
        let expected =
            "expected a step from-to (32-28) or a capture from x to x captured… (28x19x23)";
        let capture = text.contains('x');
        let numbers: Option<Vec<usize>> = text
            .split(['-', 'x'])
            .map(|number| {
                arbiter_core::text::parse_digits::<usize>(number)
                    .filter(|n| (1..=self.len()).contains(n))
            })
            .collect();
        let numbers = match numbers {
            Some(numbers) if numbers.len() >= 2 && (capture || numbers.len() == 2) => numbers,
            _ => {
                return Err(format!(
                    "`{}` is not a move; {expected} with squares 1 to {}",
                    excerpt(text),
                    self.len()
                ))
            }
        };
        let captured: BTreeSet<usize> = numbers[2..].iter().copied().collect();
        let fits: Vec<G::Move> = position
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                self.shape(position, mv).is_some_and(|shape| {
                    shape.from == numbers[0]
                        && shape.to == numbers[1]
                        && capture != shape.captured.is_empty()
                        && (captured.is_empty() || shape.captured == captured)
                })
            })
            .collect();
        match fits.as_slice() {
            [mv] => Ok(*mv),
            [mv, ..] if !captured.is_empty() => Ok(*mv),
            [] => {
                let legal: Vec<String> = position
                    .legal_moves()
                    .into_iter()
                    .map(|mv| self.move_text(position, mv))
                    .collect();
                Err(format!(
                    "`{}` is not a legal move here; the legal moves are {}",
                    excerpt(text),
                    legal.join(" ")
                ))
            }
            several => {
                let candidates: Vec<String> =
                    several.iter().map(|&mv| self.move_text(position, mv)).collect();
                Err(format!(
                    "`{}` could be {}; name the captured squares",
                    excerpt(text),
                    candidates.join(" or ")
                ))
            }
        }
    }

    /// Where a move starts and ends and what it takes, as Hub numbers.
    fn shape<G: AnyGame>(&self, position: &G, mv: G::Move) -> Option<Shape> {
        let steps = position.move_steps(mv);
        let number = |cell: CellId| {
            self.squares.iter().position(|&square| square == cell).map(|index| index + 1)
        };
        Some(Shape {
            from: number(steps.first()?.from)?,
            to: number(steps.last()?.to)?,
            captured: steps
                .iter()
                .flat_map(|step| step.captured.iter().copied())
                .map(number)
                .collect::<Option<_>>()?,
        })
    }
}

/// A move as Hub sees it.
struct Shape {
    from: usize,
    to: usize,
    captured: BTreeSet<usize>,
}

#[cfg(test)]
mod tests {
    use arbiter_checkers::Checkers;
    use arbiter_core::{Game, GameOptions};
    use arbiter_minicheckers::Minicheckers;

    use super::*;

    fn checkers() -> (HubBoard, Checkers) {
        let start = Checkers::start(&Default::default());
        (HubBoard::of(&start), start)
    }

    #[test]
    fn checkers_positions_are_read_as_pydraughts_writes_them() {
        let (board, _) = checkers();
        // pydraughts' start of English draughts: its White (Arbiter's Black) at the high
        // numbers of the turned board, and to move.
        let text = board.position_text("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww").expect("the start");
        let position = Checkers::from_text(&text, &Default::default()).expect("a position");
        assert_eq!(position, Checkers::start(&Default::default()));
        // W:W19,24:B15,K1 with White to move, as pydraughts writes it.
        let text = board.position_text("BeeeeeeeebeeeebeeeweeeeeeeeeeeeeW").expect("valid");
        assert_eq!(text, "W:W24,19:B15,K1");
    }

    #[test]
    fn mini_checkers_positions_are_numbered_from_the_top() {
        let start = Minicheckers::start(&Default::default());
        let board = HubBoard::of(&start);
        let text = board.position_text("Wbbbbbbeeeeeewwwwww").expect("the start");
        let position = Minicheckers::from_text(&text, &Default::default()).expect("a position");
        assert_eq!(position, start);
        let options = arbiter_minicheckers::Options::parse("first=black").expect("valid");
        let black_first = Minicheckers::start(&options);
        // Black moves first: Hub's White, written from the other side.
        let turned =
            HubBoard::of(&black_first).position_text("Wbbbbbbeeeeeewwwwww").expect("valid");
        assert_eq!(Minicheckers::from_text(&turned, &options).expect("a position"), black_first);
    }

    #[test]
    fn moves_are_written_and_read_with_their_captures() {
        let (board, _) = checkers();
        let position = Checkers::from_text("W:W19,24:B15,K1", &Default::default()).expect("valid");
        let mv = board.parse_move(&position, "19x10x15").expect("the jump");
        assert_eq!(mv.to_string(), "19x10");
        assert_eq!(board.move_text(&position, mv), "19x10x15");
        assert_eq!(board.parse_move(&position, "19x10").expect("the jump alone"), mv);
        let start = Checkers::start(&Default::default());
        assert_eq!(
            board.move_text(&start, board.parse_move(&start, "11-15").expect("a step")),
            "11-15"
        );
    }

    #[test]
    fn bad_moves_and_positions_say_what_is_expected() {
        let (board, start) = checkers();
        let error = board.parse_move(&start, "11-18").expect_err("illegal");
        assert!(error.contains("not a legal move here; the legal moves are 9-13"), "{error}");
        let error = board.parse_move(&start, "11-99").expect_err("no such square");
        assert!(error.contains("with squares 1 to 32"), "{error}");
        let error = board.position_text("Wbbb").expect_err("too short");
        assert!(error.contains("has 3 squares, not 32"), "{error}");
        let error = board.position_text("Xbbb").expect_err("no side");
        assert!(error.contains("expected W or B"), "{error}");
    }
}
