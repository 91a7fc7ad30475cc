//! Helpers for the text that people and programs give: quoting it back safely in error
//! messages ([`excerpt`], [`escaped`]), reading numbers ([`parse_digits`]), and the pieces that
//! every game's position and move texts share (rows, piece lists, move lists, the squares of
//! a path move).

mod reading;
mod shown;

pub use reading::{
    check_piece_counts, find_move_by_squares, no_inner_space, split_moves, split_piece_lists,
    split_rows,
};
pub use shown::{escaped, excerpt, parse_digits, Shown, EXCERPT_CHARS};
