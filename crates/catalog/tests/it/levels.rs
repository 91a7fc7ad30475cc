//! The strength levels' table in docs/strength.md is the games' own (`Evaluate::LEVELS`), as
//! the code defines them: the table is written from the code here and compared with the file.

use std::path::Path;

use arbiter_catalog::{AnyGame, GameId, Visitor};

struct Levels;

impl Visitor for Levels {
    type Output = Vec<String>;

    fn visit<G: AnyGame>(self) -> Vec<String> {
        G::LEVELS.iter().map(ToString::to_string).collect()
    }
}

/// The table as docs/strength.md writes it between its markers.
fn table() -> String {
    let columns: Vec<(GameId, Vec<String>)> =
        GameId::ALL.into_iter().map(|id| (id, id.visit(Levels))).collect();
    let names: Vec<&str> = columns.iter().map(|(id, _)| id.id()).collect();
    let mut lines = vec![
        format!("| level | {} |", names.join(" | ")),
        format!("| --- |{}", " --- |".repeat(names.len())),
    ];
    for level in 0..5 {
        let cells: Vec<&str> = columns.iter().map(|(_, cells)| cells[level].as_str()).collect();
        lines.push(format!("| {} | {} |", level + 1, cells.join(" | ")));
    }
    lines.join("\n")
}

#[test]
fn the_levels_table_of_the_docs_is_the_games_own() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/strength.md");
    let text = std::fs::read_to_string(&path).expect("docs/strength.md");
    let (_, rest) = text.split_once("<!-- levels:begin -->").expect("the table's first marker");
    let (written, _) = rest.split_once("<!-- levels:end -->").expect("the table's last marker");
    assert_eq!(written.trim(), table(), "docs/strength.md's table; the code's is on the right");
}
