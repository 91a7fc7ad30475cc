//! The board drawn as text for a terminal, from the typed presentation: one drawing per
//! [`Layout`], so that no game draws itself.

use std::fmt::Write;

use super::{Board, CellId, Field, Geometry, Layout, Marks, PieceKind, Place};
use crate::Side;

/// The board drawn as text, with its coordinates (or a key of the cell names), the marks of a
/// turn in progress (`@` the piece that continues, `x` a piece captured but not yet removed),
/// and a legend.
#[must_use]
pub fn diagram(geometry: &Geometry, board: &Board, marks: &Marks) -> String {
    let symbol = |cell: CellId, style: Style| symbol(geometry, board, marks, cell, style);
    let mut text = match geometry.layout {
        // Moves without a board are drawn as the squares of their grid, with a key of their names.
        Layout::Squares { columns, rows } | Layout::Moves { columns, rows } => {
            squares(geometry, columns, rows, &symbol)
        }
        Layout::Points { columns, rows } => points(geometry, columns, rows, &symbol),
        Layout::Round { sectors, rings } => round(geometry, board, sectors, rings, &symbol),
    };
    if marks.active.is_some() {
        text.push_str("@: the piece that goes on with the turn\n");
    }
    if !marks.captured.is_empty() && board.pieces.iter().any(|p| marks.captured.contains(&p.cell)) {
        text.push_str("x: a piece captured by the turn so far\n");
    }
    text
}

/// How pieces are written: letters on squares, the seed's `O` and `#` on Fanorona's points.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Letters,
    Stones,
}

fn symbol(geometry: &Geometry, board: &Board, marks: &Marks, cell: CellId, style: Style) -> char {
    if marks.active == Some(cell) {
        return '@';
    }
    let Some(piece) = board.piece_at(cell) else {
        let hole = geometry.cells.get(cell.index()).is_some_and(|cell| cell.hole);
        return match (hole, style) {
            (true, _) => '#',
            (false, Style::Letters) => '-',
            (false, Style::Stones) => '.',
        };
    };
    if marks.captured.contains(&cell) {
        return 'x';
    }
    match (piece.side, piece.kind, style) {
        (Some(Side::White), _, Style::Stones) => 'O',
        (Some(Side::Black), _, Style::Stones) => '#',
        (Some(Side::White), PieceKind::King, _) => 'W',
        (Some(Side::Black), PieceKind::King, _) => 'B',
        (Some(Side::White), _, _) => 'w',
        (Some(Side::Black), _, _) => 'b',
        (None, _, _) => 'N',
    }
}

/// A chequered board, a square three characters wide: `.` a light square that is not a cell,
/// `-` an empty cell, `#` a hole. Rows and columns are labelled where the geometry has labels;
/// otherwise a key of the cell names stands beside the board.
fn squares(
    geometry: &Geometry,
    columns: u8,
    rows: u8,
    symbol: &dyn Fn(CellId, Style) -> char,
) -> String {
    let labelled = !geometry.row_labels.is_empty();
    let mut text = String::new();
    for row in 0..rows {
        let (mut line, mut key) = (String::new(), String::new());
        if labelled {
            let label = geometry.row_labels.get(usize::from(row)).map_or("", String::as_str);
            let _ = write!(line, "{label:>3} ");
        }
        for column in 0..columns {
            match geometry.at(Place::Grid { column, row }) {
                Some(cell) => {
                    let _ = write!(line, "  {}", symbol(cell, Style::Letters));
                    let _ = write!(key, "{:>3}", geometry.name(cell));
                }
                None => {
                    line.push_str("  .");
                    key.push_str("  .");
                }
            }
        }
        if labelled {
            let _ = writeln!(text, "{line}");
        } else {
            let _ = writeln!(text, "{line}     {key}");
        }
    }
    if labelled {
        let labels: String =
            geometry.column_labels.iter().map(|label| format!("{label:>3}")).collect();
        let _ = writeln!(text, "    {labels}");
    }
    let mut legend = vec!["w/b: white/black piece"];
    if geometry.cells.iter().any(|cell| cell.field == Some(Field::Dark)) {
        legend.push("W/B: king");
    }
    legend.push("-: empty");
    if geometry.cells.iter().any(|cell| cell.hole) {
        legend.push("#: hole");
    }
    let _ = writeln!(text, "  {}", legend.join("   "));
    text
}

/// Points joined by lines: `-` and `|` along the rows and columns, `\`, `/` or `X` for the
/// diagonals between four points.
fn points(
    geometry: &Geometry,
    columns: u8,
    rows: u8,
    symbol: &dyn Fn(CellId, Style) -> char,
) -> String {
    let joined = |a: Place, b: Place| match (geometry.at(a), geometry.at(b)) {
        (Some(a), Some(b)) => {
            geometry.lines.iter().any(|&[x, y]| (x, y) == (a, b) || (x, y) == (b, a))
        }
        _ => false,
    };
    let grid = |column, row| Place::Grid { column, row };
    let mut text = String::from(" ");
    for label in &geometry.column_labels {
        let _ = write!(text, " {label:<3}");
    }
    let text_end = text.trim_end().len();
    text.truncate(text_end);
    text.push('\n');
    for row in 0..rows {
        let label = geometry.row_labels.get(usize::from(row)).map_or("", String::as_str);
        let cells: Vec<String> = (0..columns)
            .map(|column| {
                geometry.at(grid(column, row)).map_or(' ', |cell| symbol(cell, Style::Stones))
            })
            .map(String::from)
            .collect();
        let _ = writeln!(text, "{label} {}", cells.join(" - "));
        if row + 1 == rows {
            break;
        }
        let mut links = String::from("  ");
        for column in 0..columns {
            let down = joined(grid(column, row), grid(column, row + 1));
            links.push_str(if down { "|" } else { " " });
            if column + 1 == columns {
                break;
            }
            let falling = joined(grid(column, row), grid(column + 1, row + 1));
            let rising = joined(grid(column + 1, row), grid(column, row + 1));
            links.push_str(match (falling, rising) {
                (true, true) => " X ",
                (true, false) => " \\ ",
                (false, true) => " / ",
                (false, false) => "   ",
            });
        }
        let _ = writeln!(text, "{links}");
    }
    text.push_str("O: White   #: Black   .: empty\n");
    text
}

/// A round board unrolled: a row per ring (the outer ring on top) and a column per sector,
/// each sector marked day or night, each field's colour shown by its brackets.
fn round(
    geometry: &Geometry,
    board: &Board,
    sectors: u8,
    rings: u8,
    symbol: &dyn Fn(CellId, Style) -> char,
) -> String {
    // Columns six characters wide, each centred on its third character.
    let mut text = String::from("        ");
    for label in &geometry.column_labels {
        let _ = write!(text, "{label:^6}");
    }
    if let Some(dial) = &board.dial {
        text.push_str("\n        ");
        for sector in 0..sectors {
            let _ = write!(text, "{:^6}", if dial.day.contains(&sector) { "day" } else { "night" });
        }
    }
    text.push('\n');
    for ring in (0..rings).rev() {
        let label = geometry.row_labels.get(usize::from(ring)).map_or("", String::as_str);
        let _ = write!(text, "ring {label:<3}");
        for sector in 0..sectors {
            let Some(cell) = geometry.at(Place::Round { sector, ring }) else {
                text.push_str("      ");
                continue;
            };
            let piece = match symbol(cell, Style::Letters) {
                '-' => ' ',
                other => other.to_ascii_uppercase(),
            };
            let light = geometry.cells[cell.index()].field == Some(Field::Light);
            let (open, close) = if light { ('[', ']') } else { ('(', ')') };
            let _ = write!(text, "{:^6}", format!("{open}{piece}{close}"));
        }
        text.push('\n');
    }
    let first = geometry.column_labels.first().map_or("", String::as_str);
    let last = geometry.column_labels.last().map_or("", String::as_str);
    let _ = write!(
        text,
        "[ ] white field  ( ) black field  W White  B Black  N neutral\n\
         A circle unrolled: column {last} is next to column {first}; ring 1 is the innermost.\n"
    );
    if board.dial.is_some() {
        text.push_str(
            "White captures only from the day, Black only from the night; the day moves one\n\
             sector clockwise after each round.\n",
        );
    }
    text
}
