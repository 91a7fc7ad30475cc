//! `arbiter book` and the opening book in `arbiter play`.

use crate::cli::{arbiter_with_input, stderr, stdout};

fn arbiter(args: &[&str]) -> std::process::Output {
    arbiter_with_input(args, "")
}

#[test]
fn book_show_gives_the_moves_of_a_ballot_position_best_first() {
    let output = arbiter(&["book", "show", "checkers", "--moves", "9-13 22-18 6-9"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let first = text.lines().next().unwrap_or_default();
    let words: Vec<&str> = first.split(' ').collect();
    assert!(
        matches!(words.as_slice(), [mv, score] if mv.contains('-') && score.starts_with(['+', '-'])),
        "{text}"
    );
    let output = arbiter(&["book", "show", "minicheckers"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("minicheckers has no opening book"), "{}", stderr(&output));
}

#[test]
fn a_book_is_built_from_a_ballot_and_a_malformed_book_is_refused_with_its_line() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ballot = dir.join("ballot.txt");
    std::fs::write(&ballot, "9-13 22-17 13x22\n").expect("written");
    let book = dir.join("book.txt");
    let (ballot_path, book_path) = (ballot.display().to_string(), book.display().to_string());
    let args = ["book", "build", "checkers", "--openings", &ballot_path, "--nodes", "1000"];
    let output = arbiter(&[&args[..], &["--plies", "1", "--out", &book_path]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&book).expect("the book");
    assert!(text.starts_with("# The opening book of checkers: 4 positions"), "{text}");
    assert!(text.contains("\n9-13 22-17 13x22: "), "{text}");
    let show = ["book", "show", "checkers", "--file", &book_path, "--moves"];
    let output = arbiter(&[&show[..], &["9-13 22-17 13x22"]].concat());
    assert!(output.status.success() && !stdout(&output).is_empty(), "{}", stderr(&output));
    std::fs::write(&book, ": 11-15 +0.04\n9-13: 1-5 +0.00\n").expect("written");
    let output = arbiter(&[&show[..], &[""]].concat());
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("line 2: move `1-5` cannot be played"), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_computer_plays_from_the_book_unless_told_not_to() {
    let args = ["play", "checkers", "--black", "ai", "--level", "1"];
    let text = stdout(&arbiter_with_input(&args, "quit\n"));
    assert!(text.contains("[book, score "), "{text}");
    let text = stdout(&arbiter_with_input(&[&args[..], &["--no-book"]].concat(), "quit\n"));
    assert!(text.contains("(alphabeta:depth=1,hash=64,book=off)"), "{text}");
    assert!(!text.contains("[book, ") && text.contains(", depth 1, "), "{text}");
}

#[test]
fn analyze_shows_the_book_moves_and_searches() {
    let output = arbiter(&["analyze", "checkers", "--depth", "2", "--moves", "9-13 22-18 6-9"]);
    let text = stdout(&output);
    assert!(text.contains("\nbook ") && text.contains("depth  2  score"), "{text}");
}
