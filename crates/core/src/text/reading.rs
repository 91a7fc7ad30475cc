//! Reading position and move texts: the pieces of a position text, the squares of a move.

use crate::text::excerpt;
use crate::{MoveError, PositionError, Side};

/// Finds the legal move that a list of squares names, for games whose moves are paths (the
/// draughts family): the move whose squares are exactly `given`; otherwise the one move that
/// starts and ends on the first and last of `given` and passes through the others in order
/// (the short form of a multi-capture, `9x27`). The error lists the legal moves when none fits,
/// and the full moves when several do.
pub fn find_move_by_squares<M, S>(
    text: &str,
    given: &[S],
    legal: &[M],
    squares_of: impl Fn(&M) -> Vec<S>,
) -> Result<M, MoveError>
where
    M: Copy + std::fmt::Display,
    S: PartialEq,
{
    let paths: Vec<Vec<S>> = legal.iter().map(&squares_of).collect();
    if let Some(index) = paths.iter().position(|path| path.as_slice() == given) {
        return Ok(legal[index]);
    }
    let names = |path: &Vec<S>| {
        let (Some(first), Some(last)) = (given.first(), given.last()) else {
            return false;
        };
        let mut along = path.iter();
        path.first() == Some(first)
            && path.last() == Some(last)
            && given.iter().all(|square| along.any(|on_path| on_path == square))
    };
    let candidates: Vec<M> =
        legal.iter().zip(&paths).filter(|(_, path)| names(path)).map(|(mv, _)| *mv).collect();
    let text = text.trim().to_owned();
    match candidates.as_slice() {
        [only] => Ok(*only),
        [] => {
            Err(MoveError::Illegal { text, legal: legal.iter().map(ToString::to_string).collect() })
        }
        several => Err(MoveError::Ambiguous {
            text,
            candidates: several.iter().map(ToString::to_string).collect(),
        }),
    }
}

/// Splits a position written like PDN FEN, `B:W18,24,K10:B12,16`: the side to move (`W` or
/// `B`), then each colour's comma-separated items. White space around the text and a final
/// full stop are ignored; white space inside it is an error (`W:W1 8:B2` is not `W:W18:B2`).
/// The colours may come in either order, and a list may be empty, but both must be there. Returns the side to move and the items of each side, indexed by [`Side::index`];
/// errors quote `expected`.
pub fn split_piece_lists(
    text: &str,
    expected: &str,
) -> Result<(Side, [Vec<String>; 2]), PositionError> {
    let error = |problem: String| PositionError::new(text, problem, expected);
    let side_of = |letter: &str| match letter {
        "W" | "w" => Some(Side::White),
        "B" | "b" => Some(Side::Black),
        _ => None,
    };
    let compact = no_inner_space(text, expected)?;
    let mut fields = compact.trim_end_matches('.').split(':');
    let turn = fields.next().unwrap_or_default();
    let side_to_move = side_of(turn)
        .ok_or_else(|| error(format!("the side to move `{}` is neither B nor W", excerpt(turn))))?;
    let mut lists: [Option<Vec<String>>; 2] = [None, None];
    for field in fields {
        let (letter, list) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
        let side = side_of(letter).ok_or_else(|| {
            error(format!("the colour field `{}` does not start with W or B", excerpt(field)))
        })?;
        if lists[side.index()].is_some() {
            return Err(error(format!("{side}'s pieces are listed twice")));
        }
        let items = list.split(',').filter(|item| !item.is_empty()).map(str::to_owned).collect();
        lists[side.index()] = Some(items);
    }
    match lists {
        [Some(white), Some(black)] => Ok((side_to_move, [white, black])),
        _ => Err(error("both colours must be listed, W and B, even with no pieces".to_owned())),
    }
}

/// Splits a position written as rows and the side to move, `bbbbbb/…/wwwwww w`: the rows
/// (checked to be `rows` of them) and the side (`w` or `b`, either case), separated by white
/// space; white space inside the rows is an error. Errors quote `expected`.
pub fn split_rows<'a>(
    text: &'a str,
    rows: usize,
    expected: &str,
) -> Result<(Vec<&'a str>, Side), PositionError> {
    let error = |problem: String| PositionError::new(text, problem, expected);
    let (board, turn) = text
        .trim()
        .rsplit_once(char::is_whitespace)
        .ok_or_else(|| error("the side to move is missing after the rows".to_owned()))?;
    let board = no_inner_space(board, expected).map_err(|mut inner| {
        inner.text = text.to_owned();
        inner
    })?;
    let side_to_move = match turn {
        "w" | "W" => Side::White,
        "b" | "B" => Side::Black,
        other => {
            return Err(error(format!("the side to move `{}` is neither w nor b", excerpt(other))))
        }
    };
    let split: Vec<&str> = board.split('/').collect();
    if split.len() != rows {
        return Err(error(format!("there are {} rows, not {rows}", split.len())));
    }
    Ok((split, side_to_move))
}

/// `text` without the white space around it; white space inside it is an error naming where.
pub fn no_inner_space<'a>(text: &'a str, expected: &str) -> Result<&'a str, PositionError> {
    let trimmed = text.trim();
    match trimmed.char_indices().find(|(_, c)| c.is_whitespace()) {
        Some((at, _)) => Err(PositionError::new(
            text,
            format!(
                "white space inside the position, after `{}`; write it without spaces",
                excerpt(&trimmed[..at])
            ),
            expected,
        )),
        None => Ok(trimmed),
    }
}

/// Checks what every game's [`Game::from_text`](crate::Game::from_text) checks of the pieces
/// on the board: a position that cannot arise in a game is rejected. `counts` are the pieces
/// of each side, indexed by [`Side::index`], and `most` the most a side has (at the start:
/// pieces are never added). The side not to move must have a piece, since it has just moved.
pub fn check_piece_counts(
    text: &str,
    side_to_move: Side,
    counts: [u32; 2],
    most: u32,
    expected: &str,
) -> Result<(), PositionError> {
    let error = |problem: String| PositionError::new(text, problem, expected);
    for side in Side::BOTH {
        if counts[side.index()] > most {
            return Err(error(format!(
                "{side} has {} pieces, more than the {most} a side starts with",
                counts[side.index()]
            )));
        }
    }
    let waiting = side_to_move.opponent();
    if counts[waiting.index()] == 0 {
        return Err(error(format!(
            "{waiting} has no pieces, so the game ended before {side_to_move}'s turn"
        )));
    }
    Ok(())
}

/// Splits a move list at white space, except inside parentheses, so that forms like the GDL
/// `(move 2 2 2 3)` stay whole; and a word with no digit before its first comma joins the
/// word before it, so that the seed's Fanorona steps `F4 NW`, `F4 NW A` and `F4 NW A,E3 N`
/// stay whole. (Every notation names a square, point or cell with a digit; directions and
/// capture letters have none.)
pub fn split_moves(moves: &str) -> Vec<&str> {
    let mut words: Vec<(usize, usize)> = Vec::new();
    let (mut depth, mut start) = (0usize, None);
    for (index, c) in moves.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() && depth == 0 => {
                if let Some(first) = start.take() {
                    words.push((first, index));
                }
                continue;
            }
            _ => {}
        }
        start.get_or_insert(index);
    }
    words.extend(start.map(|first| (first, moves.len())));
    let mut tokens: Vec<(usize, usize)> = Vec::new();
    for (first, end) in words {
        let word = &moves[first..end];
        let head = word.split(',').next().unwrap_or_default();
        let continues = !head.contains(|c: char| c.is_ascii_digit()) && !word.starts_with('(');
        match tokens.last_mut() {
            Some(last) if continues => last.1 = end,
            _ => tokens.push((first, end)),
        }
    }
    tokens.into_iter().map(|(first, end)| &moves[first..end]).collect()
}

#[cfg(test)]
mod tests {
    use super::split_moves;

    #[test]
    fn moves_split_at_spaces_keeping_gdl_forms_and_fanorona_directions_whole() {
        assert_eq!(split_moves(" 11-15  23-19 "), ["11-15", "23-19"]);
        assert_eq!(split_moves("(move 2 2 2 3) b5-b4"), ["(move 2 2 2 3)", "b5-b4"]);
        assert_eq!(split_moves("F4 NW D1-D2A"), ["F4 NW", "D1-D2A"]);
        assert_eq!(split_moves("F4 NW A E3-E4"), ["F4 NW A", "E3-E4"]);
        assert_eq!(split_moves("F4 NW A,E3 N W c3"), ["F4 NW A,E3 N W", "c3"]);
        assert_eq!(split_moves("F4-E3A,E3-E4W D1-D2A"), ["F4-E3A,E3-E4W", "D1-D2A"]);
        assert_eq!(split_moves("NW"), ["NW"], "a word with nothing before it stays alone");
    }
}
