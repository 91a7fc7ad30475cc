//! Independent, deliberately simple reference move generator for Mini checkers 6x6.
//!
//! Written from `docs/rules.md` section 1 and the seed only, to cross-check the fast generator.
//! Board is a plain 2D array `cells[file][rank]` (file a=0.., rank 1=0..).
//!
//! Interpretations:
//! - A position where a White piece stands on rank 6 or a Black piece on rank 1 is a finished
//!   game (whoever is to move): it has no legal moves.
//! - A side to move with no pieces or no legal move has no legal moves (it has lost).
//! - Captures go forward only, so a chain can never revisit a square; each maximal chain is a move.
#![allow(dead_code, clippy::unwrap_used)]

const N: i32 = 6;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    White,
    Black,
}

#[derive(Clone)]
struct Pos {
    cells: [[Cell; 6]; 6],
    white_to_move: bool,
}

/// A move as the list of squares visited: start, then every landing square.
/// `capture` tells whether the squares are joined by `x` (capture) or `-` (step).
struct Move {
    path: Vec<(i32, i32)>,
    capture: bool,
}

fn square_name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn parse_square(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    assert!(b.len() == 2, "bad square {s:?}");
    let f = (b[0] as i32) - (b'a' as i32);
    let r = (b[1] as i32) - (b'1' as i32);
    assert!((0..N).contains(&f) && (0..N).contains(&r), "bad square {s:?}");
    assert!((f + r) % 2 == 0, "light square {s:?}");
    (f, r)
}

fn parse(text: &str) -> Pos {
    let mut parts = text.trim().split(':');
    let side = parts.next().unwrap();
    let white_to_move = match side {
        "W" => true,
        "B" => false,
        _ => panic!("bad side {side:?}"),
    };
    let mut cells = [[Cell::Empty; 6]; 6];
    for field in parts {
        let (colour, list) = field.split_at(1);
        let cell = match colour {
            "W" => Cell::White,
            "B" => Cell::Black,
            _ => panic!("bad field {field:?}"),
        };
        for sq in list.split(',').filter(|s| !s.is_empty()) {
            let (f, r) = parse_square(sq);
            assert!(cells[f as usize][r as usize] == Cell::Empty, "square twice {sq}");
            cells[f as usize][r as usize] = cell;
        }
    }
    Pos { cells, white_to_move }
}

fn format_pos(p: &Pos) -> String {
    let list = |c: Cell| {
        let mut v = Vec::new();
        for f in 0..N {
            for r in 0..N {
                if p.cells[f as usize][r as usize] == c {
                    v.push(square_name(f, r));
                }
            }
        }
        v.sort();
        v.join(",")
    };
    let side = if p.white_to_move { "W" } else { "B" };
    format!("{side}:W{}:B{}", list(Cell::White), list(Cell::Black))
}

fn at(p: &Pos, f: i32, r: i32) -> Option<Cell> {
    if (0..N).contains(&f) && (0..N).contains(&r) {
        Some(p.cells[f as usize][r as usize])
    } else {
        None
    }
}

fn game_over_on_board(p: &Pos) -> bool {
    (0..6).any(|f| p.cells[f][5] == Cell::White || p.cells[f][0] == Cell::Black)
}

/// Extend a capture chain from the last square of `path`; push every maximal chain.
fn capture_chains(p: &Pos, me: Cell, path: &mut Vec<(i32, i32)>, out: &mut Vec<Move>) {
    let (f, r) = *path.last().unwrap();
    let dr = if me == Cell::White { 1 } else { -1 };
    let enemy = if me == Cell::White { Cell::Black } else { Cell::White };
    // A chain that lands on the far row ends there: no forward square exists beyond it.
    let mut extended = false;
    for df in [-1, 1] {
        if at(p, f + df, r + dr) == Some(enemy)
            && at(p, f + 2 * df, r + 2 * dr) == Some(Cell::Empty)
        {
            let mut q = p.clone();
            q.cells[f as usize][r as usize] = Cell::Empty;
            q.cells[(f + df) as usize][(r + dr) as usize] = Cell::Empty;
            q.cells[(f + 2 * df) as usize][(r + 2 * dr) as usize] = me;
            path.push((f + 2 * df, r + 2 * dr));
            capture_chains(&q, me, path, out);
            path.pop();
            extended = true;
        }
    }
    if !extended && path.len() > 1 {
        out.push(Move { path: path.clone(), capture: true });
    }
}

fn gen(p: &Pos) -> Vec<Move> {
    if game_over_on_board(p) {
        return Vec::new();
    }
    let me = if p.white_to_move { Cell::White } else { Cell::Black };
    let dr = if p.white_to_move { 1 } else { -1 };
    let mut captures = Vec::new();
    let mut steps = Vec::new();
    for f in 0..N {
        for r in 0..N {
            if p.cells[f as usize][r as usize] != me {
                continue;
            }
            capture_chains(p, me, &mut vec![(f, r)], &mut captures);
            for df in [-1, 1] {
                if at(p, f + df, r + dr) == Some(Cell::Empty) {
                    steps.push(Move { path: vec![(f, r), (f + df, r + dr)], capture: false });
                }
            }
        }
    }
    if captures.is_empty() {
        steps
    } else {
        captures
    }
}

fn apply(p: &Pos, m: &Move) -> Pos {
    let mut q = p.clone();
    let me = if p.white_to_move { Cell::White } else { Cell::Black };
    for w in m.path.windows(2) {
        let ((f0, r0), (f1, r1)) = (w[0], w[1]);
        q.cells[f0 as usize][r0 as usize] = Cell::Empty;
        if m.capture {
            q.cells[((f0 + f1) / 2) as usize][((r0 + r1) / 2) as usize] = Cell::Empty;
        }
        q.cells[f1 as usize][r1 as usize] = me;
    }
    q.white_to_move = !p.white_to_move;
    q
}

fn move_text(m: &Move) -> String {
    let sep = if m.capture { "x" } else { "-" };
    m.path.iter().map(|&(f, r)| square_name(f, r)).collect::<Vec<_>>().join(sep)
}

fn perft_pos(p: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = gen(p);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft_pos(&apply(p, m), depth - 1)).sum()
}

/// The start position; `black_first` puts Black to move.
pub fn start(black_first: bool) -> String {
    let side = if black_first { "B" } else { "W" };
    format!("{side}:Wa1,b2,c1,d2,e1,f2:Ba5,b6,c5,d6,e5,f6")
}

/// Legal moves in canonical notation, sorted ascending as strings.
pub fn legal_moves(position: &str) -> Vec<String> {
    let mut v: Vec<String> = gen(&parse(position)).iter().map(move_text).collect();
    v.sort();
    v
}

/// The position after playing `mv` (canonical text) from `position`; panics if `mv` is illegal.
pub fn play(position: &str, mv: &str) -> String {
    let p = parse(position);
    let m = gen(&p).into_iter().find(|m| move_text(m) == mv).expect("illegal move");
    format_pos(&apply(&p, &m))
}

/// Number of move sequences of length `depth`; `perft(_, 0) == 1`.
pub fn perft(position: &str, depth: u32) -> u64 {
    perft_pos(&parse(position), depth)
}
