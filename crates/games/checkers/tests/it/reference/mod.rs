//! Independent, deliberately simple reference move generator for English draughts,
//! used only by tests to cross-check the fast bitboard generator.
//!
//! Plain 8x8 array, no bitboards. Square n (1..=32) sits on row (n-1)/4 (row 0 at the top);
//! on even rows the dark squares are columns 1,3,5,7, on odd rows columns 0,2,4,6.
//! Black (positive cells) moves down towards row 7, White (negative cells) up towards row 0.
#![allow(dead_code, clippy::unwrap_used)]

pub const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

/// Cell values: 0 empty, +1 black man, +2 black king, -1 white man, -2 white king.
type Board = [[i8; 8]; 8];

#[derive(Clone)]
struct Pos {
    board: Board,
    /// +1 when Black is to move, -1 when White is to move.
    side: i8,
}

fn square_to_rc(n: usize) -> (usize, usize) {
    assert!((1..=32).contains(&n), "square out of range: {n}");
    let row = (n - 1) / 4;
    let col = 2 * ((n - 1) % 4) + if row.is_multiple_of(2) { 1 } else { 0 };
    (row, col)
}

fn rc_to_square(r: usize, c: usize) -> usize {
    r * 4 + c / 2 + 1
}

fn parse_fen(fen: &str) -> Pos {
    let fen = fen.trim().trim_end_matches('.');
    let mut parts = fen.split(':');
    let side = match parts.next().map(str::trim) {
        Some("B") | Some("b") => 1,
        Some("W") | Some("w") => -1,
        other => panic!("bad side to move in FEN {fen:?}: {other:?}"),
    };
    let mut board = [[0i8; 8]; 8];
    for part in parts {
        let part = part.trim();
        let (colour, list) = match part.chars().next() {
            Some('W') | Some('w') => (-1i8, &part[1..]),
            Some('B') | Some('b') => (1i8, &part[1..]),
            _ => panic!("bad piece list in FEN {fen:?}: {part:?}"),
        };
        for token in list.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let (king, num) = match token.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, token),
            };
            // Also accept PDN ranges such as "1-12".
            let (lo, hi) = match num.split_once('-') {
                Some((a, b)) => (a.trim().parse().unwrap(), b.trim().parse().unwrap()),
                None => {
                    let n: usize =
                        num.trim().parse().unwrap_or_else(|_| panic!("bad square {token:?}"));
                    (n, n)
                }
            };
            for n in lo..=hi {
                let (r, c) = square_to_rc(n);
                assert_eq!(board[r][c], 0, "square {n} given twice in FEN {fen:?}");
                board[r][c] = colour * if king { 2 } else { 1 };
            }
        }
    }
    Pos { board, side }
}

/// Diagonal directions a piece may use: men forward only, kings all four.
fn directions(piece: i8) -> Vec<(i32, i32)> {
    let forward = if piece > 0 { 1 } else { -1 };
    if piece.abs() == 2 {
        vec![(-1, -1), (-1, 1), (1, -1), (1, 1)]
    } else {
        vec![(forward, -1), (forward, 1)]
    }
}

fn on_board(r: i32, c: i32) -> bool {
    (0..8).contains(&r) && (0..8).contains(&c)
}

fn crowns(piece: i8, row: usize) -> bool {
    piece.abs() == 1 && ((piece > 0 && row == 7) || (piece < 0 && row == 0))
}

/// A complete move: every square visited (start first) and the squares of captured pieces.
struct Move {
    path: Vec<(usize, usize)>,
    captured: Vec<(usize, usize)>,
}

impl Move {
    fn text(&self) -> String {
        let sep = if self.captured.is_empty() { "-" } else { "x" };
        let squares: Vec<String> =
            self.path.iter().map(|&(r, c)| rc_to_square(r, c).to_string()).collect();
        squares.join(sep)
    }
}

/// Depth-first search of jump continuations. `board` has the jumping piece lifted off its start
/// square; captured pieces stay on the board until the move ends (they block landing and cannot
/// be jumped again because they are in `captured`).
fn extend_jumps(
    board: &Board,
    piece: i8,
    path: &mut Vec<(usize, usize)>,
    captured: &mut Vec<(usize, usize)>,
    out: &mut Vec<Move>,
) {
    let (r, c) = *path.last().unwrap();
    let mut extended = false;
    for (dr, dc) in directions(piece) {
        let (mr, mc) = (r as i32 + dr, c as i32 + dc);
        let (lr, lc) = (r as i32 + 2 * dr, c as i32 + 2 * dc);
        if !on_board(lr, lc) {
            continue;
        }
        let (mid, land) = ((mr as usize, mc as usize), (lr as usize, lc as usize));
        let victim = board[mid.0][mid.1];
        if victim == 0
            || (victim > 0) == (piece > 0)
            || captured.contains(&mid)
            || board[land.0][land.1] != 0
        {
            continue;
        }
        extended = true;
        path.push(land);
        captured.push(mid);
        if crowns(piece, land.0) {
            // A man reaching the far row is crowned and the move ends there.
            out.push(Move { path: path.clone(), captured: captured.clone() });
        } else {
            extend_jumps(board, piece, path, captured, out);
        }
        path.pop();
        captured.pop();
    }
    if !extended && path.len() > 1 {
        out.push(Move { path: path.clone(), captured: captured.clone() });
    }
}

fn generate(pos: &Pos) -> Vec<Move> {
    let mut jumps = Vec::new();
    let mut simple = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            let piece = pos.board[r][c];
            if piece == 0 || (piece > 0) != (pos.side > 0) {
                continue;
            }
            let mut lifted = pos.board;
            lifted[r][c] = 0;
            extend_jumps(&lifted, piece, &mut vec![(r, c)], &mut Vec::new(), &mut jumps);
            for (dr, dc) in directions(piece) {
                let (tr, tc) = (r as i32 + dr, c as i32 + dc);
                if on_board(tr, tc) && pos.board[tr as usize][tc as usize] == 0 {
                    simple.push(Move {
                        path: vec![(r, c), (tr as usize, tc as usize)],
                        captured: Vec::new(),
                    });
                }
            }
        }
    }
    // Jumping is compulsory.
    if jumps.is_empty() {
        simple
    } else {
        jumps
    }
}

fn apply(pos: &Pos, mv: &Move) -> Pos {
    let mut board = pos.board;
    let (sr, sc) = mv.path[0];
    let (er, ec) = *mv.path.last().unwrap();
    let mut piece = board[sr][sc];
    board[sr][sc] = 0;
    for &(r, c) in &mv.captured {
        board[r][c] = 0;
    }
    if crowns(piece, er) {
        piece *= 2;
    }
    board[er][ec] = piece;
    Pos { board, side: -pos.side }
}

/// Canonical texts of all legal moves, sorted ascending as strings.
pub fn legal_moves(fen: &str) -> Vec<String> {
    let mut texts: Vec<String> = generate(&parse_fen(fen)).iter().map(Move::text).collect();
    texts.sort();
    texts
}

fn perft_pos(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = generate(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|mv| perft_pos(&apply(pos, mv), depth - 1)).sum()
}

/// Number of move sequences of length `depth` from the position (perft(_, 0) = 1).
pub fn perft(fen: &str, depth: u32) -> u64 {
    perft_pos(&parse_fen(fen), depth)
}
