#![allow(dead_code, clippy::unwrap_used)]
//! Independent, deliberately simple reference move generator for Day and Night
//! (docs/rules.md section 5). Written from the rules text only; used to cross-check the
//! fast generator. Pure std, slow on purpose, easy to read.
//!
//! Board: 12 sectors (a..l clockwise, a = 0) x `rings` rings (1 = innermost).
//! Cells are stored as `cells[ring - 1][sector]`.
//!
//! Interpretations taken here:
//! - A whole turn is one own move (capture if any capture exists, else a slide),
//!   optionally followed by one slide of any neutral piece on the board that move left.
//! - The dial turns (day start + 1, wrapping l -> a) after Black's whole turn only.
//! - A capture needs the capturer's sector to be in its zone (White: one of the six day
//!   sectors starting at D; Black: the other six). The captured piece's zone is irrelevant.
//! - Only White/Black pieces of the opponent can be jumped; neutrals can never be.
//! - A player to move with no own piece or no legal own move has no moves.
//! - Draw rules are ignored.

pub const START: &str = "W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    White,
    Black,
    Neutral,
}

#[derive(Clone, Debug)]
struct Pos {
    rings: usize,
    white_to_move: bool,
    day: usize, // first sector of the day
    cells: [[Cell; 12]; 8],
}

fn name(ring: usize, sector: usize) -> String {
    format!("{}{}", (b'a' + sector as u8) as char, ring + 1)
}

fn parse_field(text: &str, rings: usize) -> (usize, usize) {
    let sector = (text.as_bytes()[0] - b'a') as usize;
    let ring: usize = text[1..].parse().unwrap();
    assert!(sector < 12 && ring >= 1 && ring <= rings, "bad field {text}");
    (ring - 1, sector)
}

fn parse(position: &str, rings: u32) -> Pos {
    let rings = rings as usize;
    assert!((4..=8).contains(&rings), "rings must be 4..=8");
    let mut parts = position.trim().split(':');
    let white_to_move = match parts.next().unwrap() {
        "W" => true,
        "B" => false,
        other => panic!("bad side {other}"),
    };
    let mut pos = Pos { rings, white_to_move, day: 0, cells: [[Cell::Empty; 12]; 8] };
    for part in parts {
        let (kind, rest) = part.split_at(1);
        let cell = match kind {
            "W" => Cell::White,
            "B" => Cell::Black,
            "N" => Cell::Neutral,
            "D" => {
                pos.day = (rest.as_bytes()[0] - b'a') as usize;
                assert!(rest.len() == 1 && pos.day < 12, "bad dial {rest}");
                continue;
            }
            _ => panic!("bad part {part}"),
        };
        for field in rest.split(',').filter(|f| !f.is_empty()) {
            let (r, s) = parse_field(field, rings);
            assert_eq!(pos.cells[r][s], Cell::Empty, "field {field} given twice");
            pos.cells[r][s] = cell;
        }
    }
    pos
}

fn to_text(pos: &Pos) -> String {
    let list = |cell: Cell| {
        let mut names = Vec::new();
        for r in 0..pos.rings {
            for s in 0..12 {
                if pos.cells[r][s] == cell {
                    names.push(name(r, s));
                }
            }
        }
        names.sort();
        names.join(",")
    };
    format!(
        "{}:W{}:B{}:N{}:D{}",
        if pos.white_to_move { "W" } else { "B" },
        list(Cell::White),
        list(Cell::Black),
        list(Cell::Neutral),
        (b'a' + pos.day as u8) as char
    )
}

/// Field reached from (ring, sector) by dr rings and ds sectors; None if off the board.
/// Sectors wrap around; rings do not.
fn step(pos: &Pos, ring: usize, sector: usize, dr: i32, ds: i32) -> Option<(usize, usize)> {
    let r = ring as i32 + dr;
    if r < 0 || r >= pos.rings as i32 {
        return None;
    }
    let s = (sector as i32 + ds).rem_euclid(12);
    Some((r as usize, s as usize))
}

/// All slide destinations of the piece on (ring, sector).
fn slide_targets(pos: &Pos, ring: usize, sector: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (dr, ds) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let (mut r, mut s) = (ring, sector);
        while let Some((r2, s2)) = step(pos, r, s, dr, ds) {
            if pos.cells[r2][s2] != Cell::Empty {
                break;
            }
            out.push((r2, s2));
            r = r2;
            s = s2;
        }
    }
    out
}

fn in_own_zone(pos: &Pos, sector: usize, white: bool) -> bool {
    let offset = (sector + 12 - pos.day) % 12;
    if white {
        offset < 6
    } else {
        offset >= 6
    }
}

/// Own moves of the side to move: all captures if any exist, else all slides.
/// The returned positions are not yet finished (side and dial unchanged).
fn own_moves(pos: &Pos) -> Vec<(String, Pos)> {
    let (me, enemy) =
        if pos.white_to_move { (Cell::White, Cell::Black) } else { (Cell::Black, Cell::White) };
    let mut captures = Vec::new();
    let mut slides = Vec::new();
    for r in 0..pos.rings {
        for s in 0..12 {
            if pos.cells[r][s] != me {
                continue;
            }
            if in_own_zone(pos, s, pos.white_to_move) {
                for (dr, ds) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let Some((mr, ms)) = step(pos, r, s, dr, ds) else { continue };
                    let Some((lr, ls)) = step(pos, r, s, 2 * dr, 2 * ds) else { continue };
                    if pos.cells[mr][ms] == enemy && pos.cells[lr][ls] == Cell::Empty {
                        let mut next = pos.clone();
                        next.cells[r][s] = Cell::Empty;
                        next.cells[mr][ms] = Cell::Neutral;
                        next.cells[lr][ls] = me;
                        captures.push((format!("{}x{}", name(r, s), name(lr, ls)), next));
                    }
                }
            }
            for (tr, ts) in slide_targets(pos, r, s) {
                let mut next = pos.clone();
                next.cells[r][s] = Cell::Empty;
                next.cells[tr][ts] = me;
                slides.push((format!("{}-{}", name(r, s), name(tr, ts)), next));
            }
        }
    }
    if captures.is_empty() {
        slides
    } else {
        captures
    }
}

fn finish_turn(mut pos: Pos) -> Pos {
    if !pos.white_to_move {
        pos.day = (pos.day + 1) % 12;
    }
    pos.white_to_move = !pos.white_to_move;
    pos
}

/// All whole turns (text, resulting position), unsorted.
fn whole_turns(pos: &Pos) -> Vec<(String, Pos)> {
    let mut out = Vec::new();
    for (text, after) in own_moves(pos) {
        for r in 0..pos.rings {
            for s in 0..12 {
                if after.cells[r][s] != Cell::Neutral {
                    continue;
                }
                for (tr, ts) in slide_targets(&after, r, s) {
                    let mut next = after.clone();
                    next.cells[r][s] = Cell::Empty;
                    next.cells[tr][ts] = Cell::Neutral;
                    let full = format!("{}/{}-{}", text, name(r, s), name(tr, ts));
                    out.push((full, finish_turn(next)));
                }
            }
        }
        out.push((text, finish_turn(after)));
    }
    out
}

fn perft_pos(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = whole_turns(pos);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns.iter().map(|(_, next)| perft_pos(next, depth - 1)).sum()
}

/// Canonical whole-turn texts, sorted ascending as strings.
pub fn legal_moves(position: &str, rings: u32) -> Vec<String> {
    let mut moves: Vec<String> =
        whole_turns(&parse(position, rings)).into_iter().map(|(t, _)| t).collect();
    moves.sort();
    moves
}

/// Number of sequences of `depth` whole turns.
pub fn perft(position: &str, rings: u32, depth: u32) -> u64 {
    perft_pos(&parse(position, rings), depth)
}

/// Position after the canonical legal move `mv`, in canonical text form.
pub fn play(position: &str, rings: u32, mv: &str) -> String {
    let pos = parse(position, rings);
    for (text, next) in whole_turns(&pos) {
        if text == mv {
            return to_text(&next);
        }
    }
    panic!("illegal move {mv} in {position}");
}
