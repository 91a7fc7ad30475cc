//! Positions as text, both ways, and the round board drawn as a table: rings as rows, sectors
//! as columns.

use arbiter_core::text::{check_piece_counts, excerpt, no_inner_space};
use arbiter_core::{PositionError, Side};

use crate::board::{board, fields, sector_letter, Field, Fields, SECTORS};
use crate::{DayNight, Options};

/// The start: White on the white fields of sectors a–c, Black on the black fields of g–i,
/// the day over a–f, White to move.
pub(crate) const START: &str = "W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da";

const EXPECTED: &str = "the side to move (W or B), then W, B and N (neutral) lists of fields \
    a1-l8 and D with the first sector of the day, joined by colons, e.g. \
    W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da";

/// `W:Wa1,…:Bg2,…:Nc2:Da`, each list sorted by name.
pub(crate) fn write(position: &DayNight) -> String {
    let list = |set: Fields| {
        let mut names: Vec<String> = fields(set).map(|field| field.to_string()).collect();
        names.sort();
        names.join(",")
    };
    let turn = if position.side_to_move == Side::White { 'W' } else { 'B' };
    format!(
        "{turn}:W{}:B{}:N{}:D{}",
        list(position.pieces(Side::White)),
        list(position.pieces(Side::Black)),
        list(position.neutral()),
        sector_letter(position.dial())
    )
}

pub(crate) fn read(text: &str, options: &Options) -> Result<DayNight, PositionError> {
    let error = |problem: String| PositionError::new(text, problem, EXPECTED);
    let compact = no_inner_space(text, EXPECTED)?;
    let mut parts = compact.split(':');
    let side_to_move = match parts.next().unwrap_or_default() {
        "W" | "w" => Side::White,
        "B" | "b" => Side::Black,
        other => {
            return Err(error(format!("the side to move `{}` is neither W nor B", excerpt(other))))
        }
    };
    // White, Black, neutral, in that order; then the dial.
    let mut sets: [Option<Fields>; 3] = [None; 3];
    let mut dial = None;
    for part in parts {
        let (tag, rest) = part.split_at(part.chars().next().map_or(0, char::len_utf8));
        let kind = match tag {
            "W" | "w" => 0,
            "B" | "b" => 1,
            "N" | "n" => 2,
            "D" | "d" => {
                let sector = read_dial(rest).ok_or_else(|| {
                    error(format!("the dial `D{}` does not name a sector a-l", excerpt(rest)))
                })?;
                if dial.replace(sector).is_some() {
                    return Err(error("the dial is given twice".to_owned()));
                }
                continue;
            }
            _ => {
                return Err(error(format!(
                    "the field `{}` does not start with W, B, N or D",
                    excerpt(part)
                )))
            }
        };
        if sets[kind].is_some() {
            return Err(error(format!("the list {tag} is given twice")));
        }
        let taken = sets.iter().flatten().fold(0, |all, set| all | set);
        sets[kind] = Some(read_list(rest, kind, taken, options.rings).map_err(error)?);
    }
    let (Some(white), Some(black), Some(neutral)) = (sets[0], sets[1], sets[2]) else {
        return Err(error("the lists W, B and N must all be given, even when empty".to_owned()));
    };
    let dial = dial
        .ok_or_else(|| error("the dial D (the first sector of the day) is missing".to_owned()))?;
    check_piece_counts(text, side_to_move, [white.count_ones(), black.count_ones()], 6, EXPECTED)?;
    if (white | black | neutral).count_ones() > 12 {
        return Err(error(
            "more than the 12 pieces the game starts with (captured pieces turn neutral)"
                .to_owned(),
        ));
    }
    Ok(DayNight::new([white, black], neutral, dial, side_to_move, options.rings))
}

/// The sector a dial field names (`a` to `l`, either case), if it names one.
fn read_dial(rest: &str) -> Option<u8> {
    let sector = rest.chars().next().filter(|_| rest.len() == 1).map(|c| c.to_ascii_lowercase());
    let sector = sector.filter(char::is_ascii_lowercase).map(|c| c as u8 - b'a');
    sector.filter(|&s| s < SECTORS)
}

/// The fields of a list of kind `kind` (0 White, 1 Black, 2 neutral): names separated by
/// commas, each on a board of `rings` rings, none in `taken` or given twice, and White's and
/// Black's pieces on fields of their own colour. The error is the problem alone.
fn read_list(rest: &str, kind: usize, taken: Fields, rings: u8) -> Result<Fields, String> {
    let on_board = board(rings);
    let mut set = 0;
    for name in rest.split(',').filter(|name| !name.is_empty()) {
        let field =
            Field::parse(name).filter(|field| field.bit() & on_board != 0).ok_or_else(|| {
                format!("`{}` is not a field of this board (a-l, rings 1-{rings})", excerpt(name))
            })?;
        if (set | taken) & field.bit() != 0 {
            return Err(format!("{field} holds two pieces"));
        }
        let colour_ok = match kind {
            0 => field.is_white(),
            1 => !field.is_white(),
            _ => true,
        };
        if !colour_ok {
            let piece = if kind == 0 { "white" } else { "black" };
            return Err(format!(
                "the {piece} piece on {field} stands on a field of the other colour"
            ));
        }
        set |= field.bit();
    }
    Ok(set)
}
