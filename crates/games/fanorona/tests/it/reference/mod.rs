#![allow(dead_code, clippy::unwrap_used)]
//! Independent, deliberately simple reference move generator for Fanorona 9x5
//! (docs/rules.md section 3). Used only by tests to cross-check the fast generator.
//!
//! Board: `b[r][c]`, r = 0..5 is row 1..5 (row 1 at the top, Black's side),
//! c = 0..9 is column A..I. Cell values: b'w', b'b', b'.'.
//!
//! Interpretations: a step that can capture both ways yields two moves (`A` and `W`); every
//! prefix of a chain that ends after a capture is its own move; a chain step must capture, must
//! not land on a point this piece occupied this turn (start included) and must not repeat the
//! previous step's direction; paika only when no capturing step exists for any piece; a position
//! where either side has no pieces is finished and has no moves.

/// The start position, White to move.
pub const START: &str = "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w";

type Board = [[u8; 9]; 5];

/// (dr, dc): N, S, W, E, NE, NW, SE, SW. N = towards row 1 (r - 1), W = towards column A (c - 1).
const DIRS: [(i32, i32); 8] =
    [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, 1), (-1, -1), (1, 1), (1, -1)];

#[derive(Clone)]
struct Pos {
    b: Board,
    side: u8,
}

fn parse(position: &str) -> Pos {
    let mut parts = position.split(' ');
    let rows: Vec<&str> = parts.next().unwrap().split('/').collect();
    assert_eq!(rows.len(), 5, "need 5 rows");
    let mut b = [[b'.'; 9]; 5];
    for (r, row) in rows.iter().enumerate() {
        let bytes = row.as_bytes();
        assert_eq!(bytes.len(), 9, "need 9 columns");
        for (c, &ch) in bytes.iter().enumerate() {
            assert!(ch == b'w' || ch == b'b' || ch == b'.', "bad cell");
            b[r][c] = ch;
        }
    }
    let side = parts.next().unwrap().as_bytes()[0];
    assert!(side == b'w' || side == b'b', "bad side");
    assert!(parts.next().is_none(), "trailing text");
    Pos { b, side }
}

fn format(p: &Pos) -> String {
    let rows: Vec<String> =
        p.b.iter().map(|row| String::from_utf8(row.to_vec()).unwrap()).collect();
    format!("{} {}", rows.join("/"), p.side as char)
}

fn other(side: u8) -> u8 {
    if side == b'w' {
        b'b'
    } else {
        b'w'
    }
}

fn on_board(r: i32, c: i32) -> bool {
    (0..5).contains(&r) && (0..9).contains(&c)
}

/// Is there a line from (r, c) in direction (dr, dc) to an on-board neighbour?
fn has_line(r: i32, c: i32, dr: i32, dc: i32) -> bool {
    if !on_board(r + dr, c + dc) {
        return false;
    }
    // Diagonal lines only from points whose (col number + row number) is even.
    dr == 0 || dc == 0 || (r + c) % 2 == 0
}

fn name(r: i32, c: i32) -> String {
    format!("{}{}", (b'A' + c as u8) as char, r + 1)
}

/// Enemy pieces starting at (r, c) and continuing in direction (dr, dc) while they are enemy.
fn capture_line(b: &Board, enemy: u8, mut r: i32, mut c: i32, dr: i32, dc: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    while on_board(r, c) && b[r as usize][c as usize] == enemy {
        out.push((r, c));
        r += dr;
        c += dc;
    }
    out
}

/// One step option: (dest, direction index, suffix, captured points). suffix is "" for a paika.
struct Step {
    to: (i32, i32),
    dir: usize,
    suffix: &'static str,
    caps: Vec<(i32, i32)>,
}

/// All steps of the piece at (r, c): capturing ones (one per capture kind) and non-capturing ones.
fn steps_from(b: &Board, side: u8, r: i32, c: i32) -> Vec<Step> {
    let enemy = other(side);
    let mut out = Vec::new();
    for (i, &(dr, dc)) in DIRS.iter().enumerate() {
        if !has_line(r, c, dr, dc) {
            continue;
        }
        let (tr, tc) = (r + dr, c + dc);
        if b[tr as usize][tc as usize] != b'.' {
            continue;
        }
        let appr = capture_line(b, enemy, tr + dr, tc + dc, dr, dc);
        let wdr = capture_line(b, enemy, r - dr, c - dc, -dr, -dc);
        if !appr.is_empty() {
            out.push(Step { to: (tr, tc), dir: i, suffix: "A", caps: appr.clone() });
        }
        if !wdr.is_empty() {
            out.push(Step { to: (tr, tc), dir: i, suffix: "W", caps: wdr.clone() });
        }
        if appr.is_empty() && wdr.is_empty() {
            out.push(Step { to: (tr, tc), dir: i, suffix: "", caps: Vec::new() });
        }
    }
    out
}

fn apply_step(b: &Board, from: (i32, i32), s: &Step) -> Board {
    let mut nb = *b;
    let piece = nb[from.0 as usize][from.1 as usize];
    nb[from.0 as usize][from.1 as usize] = b'.';
    nb[s.to.0 as usize][s.to.1 as usize] = piece;
    for &(r, c) in &s.caps {
        nb[r as usize][c as usize] = b'.';
    }
    nb
}

/// Continue a chain after a capture: every prefix ending after a capture is a whole move.
fn extend_chain(
    b: &Board,
    side: u8,
    at: (i32, i32),
    last_dir: usize,
    visited: &mut Vec<(i32, i32)>,
    text: &str,
    out: &mut Vec<(String, Board)>,
) {
    out.push((text.to_string(), *b));
    for s in steps_from(b, side, at.0, at.1) {
        if s.caps.is_empty() || s.dir == last_dir || visited.contains(&s.to) {
            continue;
        }
        let nb = apply_step(b, at, &s);
        let t = format!("{},{}-{}{}", text, name(at.0, at.1), name(s.to.0, s.to.1), s.suffix);
        visited.push(s.to);
        extend_chain(&nb, side, s.to, s.dir, visited, &t, out);
        visited.pop();
    }
}

/// All legal whole turns with the board after each (side to move not yet flipped).
fn turns(p: &Pos) -> Vec<(String, Board)> {
    let count = |x: u8| p.b.iter().flatten().filter(|&&v| v == x).count();
    if count(b'w') == 0 || count(b'b') == 0 {
        return Vec::new(); // finished game: no moves
    }
    let mut captures = Vec::new();
    let mut paikas = Vec::new();
    for r in 0..5 {
        for c in 0..9 {
            if p.b[r as usize][c as usize] != p.side {
                continue;
            }
            for s in steps_from(&p.b, p.side, r, c) {
                let nb = apply_step(&p.b, (r, c), &s);
                let t = format!("{}-{}{}", name(r, c), name(s.to.0, s.to.1), s.suffix);
                if s.caps.is_empty() {
                    paikas.push((t, nb));
                } else {
                    let mut visited = vec![(r, c), s.to];
                    extend_chain(&nb, p.side, s.to, s.dir, &mut visited, &t, &mut captures);
                }
            }
        }
    }
    let mut out = if captures.is_empty() { paikas } else { captures };
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Canonical whole-turn texts, sorted ascending as strings.
pub fn legal_moves(position: &str) -> Vec<String> {
    turns(&parse(position)).into_iter().map(|(t, _)| t).collect()
}

fn perft_pos(p: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ts = turns(p);
    if depth == 1 {
        return ts.len() as u64;
    }
    ts.into_iter().map(|(_, b)| perft_pos(&Pos { b, side: other(p.side) }, depth - 1)).sum()
}

/// Number of sequences of `depth` whole turns; perft(_, 0) = 1.
pub fn perft(position: &str, depth: u32) -> u64 {
    perft_pos(&parse(position), depth)
}

/// The position after a canonical legal move; panics if the move is not legal.
pub fn play(position: &str, mv: &str) -> String {
    let p = parse(position);
    let (_, b) = turns(&p)
        .into_iter()
        .find(|(t, _)| t == mv)
        .unwrap_or_else(|| panic!("illegal move {mv} in {position}"));
    format(&Pos { b, side: other(p.side) })
}
