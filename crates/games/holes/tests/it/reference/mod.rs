//! Independent, deliberately simple reference move generator for
//! "Breakthrough 6x6 with holes" (docs/rules.md section 2), used by the tests to
//! cross-check the fast generator. Plain 2D array, no bitboards.
//!
//! Board indexing: `board[rank][file]` with rank 0 = rank 1 (White's home)
//! and file 0 = file a. Cells: b'w', b'b', b'.', b'#'.
#![allow(dead_code, clippy::unwrap_used)]

pub const START: &str = "bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww w";

type Board = [[u8; 6]; 6];

/// A position: the board and the side to move (b'w' or b'b').
#[derive(Clone, Copy)]
struct Pos {
    board: Board,
    side: u8,
}

fn parse(text: &str) -> Pos {
    let (ranks, side) = text.trim().split_once(' ').unwrap();
    let rows: Vec<&str> = ranks.split('/').collect();
    assert_eq!(rows.len(), 6, "need six ranks");
    let mut board = [[b'.'; 6]; 6];
    for (i, row) in rows.iter().enumerate() {
        let bytes = row.as_bytes();
        assert_eq!(bytes.len(), 6, "need six files per rank");
        for (file, &c) in bytes.iter().enumerate() {
            assert!(matches!(c, b'w' | b'b' | b'.' | b'#'), "bad cell");
            board[5 - i][file] = c; // first text rank is rank 6
        }
    }
    for (rank, row) in board.iter().enumerate() {
        for (file, &c) in row.iter().enumerate() {
            let hole = matches!((file, rank), (1, 2) | (2, 3) | (3, 2) | (4, 3)); // b3 c4 d3 e4
            assert_eq!(c == b'#', hole, "holes must be exactly b3, c4, d3, e4");
        }
    }
    let side = match side.trim() {
        "w" => b'w',
        "b" => b'b',
        _ => panic!("bad side to move"),
    };
    Pos { board, side }
}

fn square(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn opponent(side: u8) -> u8 {
    if side == b'w' {
        b'b'
    } else {
        b'w'
    }
}

/// Game over on the board: a white piece on rank 6 or a black piece on rank 1.
fn won_on_board(board: &Board) -> bool {
    board[5].contains(&b'w') || board[0].contains(&b'b')
}

/// One generated move: from, to (as (file, rank)), and whether it captures.
struct Move {
    from: (usize, usize),
    to: (usize, usize),
    capture: bool,
}

impl Move {
    fn text(&self) -> String {
        let sep = if self.capture { "x" } else { "-" };
        format!("{}{}{}", square(self.from.0, self.from.1), sep, square(self.to.0, self.to.1))
    }
}

fn generate(pos: &Pos, captures: bool) -> Vec<Move> {
    let mut moves = Vec::new();
    if won_on_board(&pos.board) {
        return moves; // finished game: no moves
    }
    let me = pos.side;
    let enemy = opponent(me);
    let forward: isize = if me == b'w' { 1 } else { -1 };
    for rank in 0..6 {
        for file in 0..6 {
            if pos.board[rank][file] != me {
                continue;
            }
            let to_rank = rank as isize + forward;
            if !(0..6).contains(&to_rank) {
                continue;
            }
            for df in [-1isize, 0, 1] {
                let to_file = file as isize + df;
                if !(0..6).contains(&to_file) {
                    continue;
                }
                let (tf, tr) = (to_file as usize, to_rank as usize);
                let target = pos.board[tr][tf];
                let capture = captures && df != 0 && target == enemy;
                if target == b'.' || capture {
                    moves.push(Move { from: (file, rank), to: (tf, tr), capture });
                }
            }
        }
    }
    moves
}

fn apply(pos: &Pos, m: &Move) -> Pos {
    let mut next = *pos;
    next.board[m.from.1][m.from.0] = b'.';
    next.board[m.to.1][m.to.0] = pos.side;
    next.side = opponent(pos.side);
    next
}

/// Canonical texts of all legal moves, sorted ascending as strings.
pub fn legal_moves(position: &str, captures: bool) -> Vec<String> {
    let pos = parse(position);
    let mut texts: Vec<String> = generate(&pos, captures).iter().map(Move::text).collect();
    texts.sort();
    texts
}

fn perft_pos(pos: &Pos, captures: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = generate(pos, captures);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft_pos(&apply(pos, m), captures, depth - 1)).sum()
}

/// Number of move sequences of length `depth`; `perft(_, _, 0) == 1`.
pub fn perft(position: &str, captures: bool, depth: u32) -> u64 {
    perft_pos(&parse(position), captures, depth)
}
