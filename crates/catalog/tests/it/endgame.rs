//! Each game's endgame tables through the catalog: the three games with tables have them, the
//! others none, and a table position is valued.

use arbiter_catalog::{AnyGame, Endgames, GameId, Probing, Visitor};
use arbiter_checkers::Checkers;
use arbiter_core::{Game, NoOptions};
use arbiter_tablebase::Value;

/// Whether the catalog gives the game tables.
struct HasTables;

impl Visitor for HasTables {
    type Output = bool;

    fn visit<G: AnyGame>(self) -> bool {
        Endgames::open(None).tables::<G>().is_some()
    }
}

#[test]
fn the_games_with_numberings_have_tables() {
    for id in GameId::ALL {
        let expected = matches!(id, GameId::Checkers | GameId::Fanorona | GameId::DayNight);
        assert_eq!(id.visit(HasTables), expected, "{id}");
    }
}

#[test]
fn a_small_table_is_built_on_demand_and_probed() {
    let tables = Endgames::open(None).tables::<Checkers>().expect("checkers has tables");
    let position = Checkers::from_text("W:WK32:BK26", &NoOptions).expect("a position");
    assert_eq!(tables.value(&position), Some(Value::Win(9)));
    let start = Checkers::start(&NoOptions);
    assert_eq!(tables.value(&start), None, "24 pieces are beyond any table");
}

#[test]
fn a_probe_on_a_clock_answers_only_from_the_tables_loaded_already() {
    let endgames = Endgames::open(None);
    let position = Checkers::from_text("W:WK32:BK26", &NoOptions).expect("a position");
    let on_clock = endgames.of::<Checkers>(Probing::LoadedOnly).expect("checkers has tables");
    let waiting = endgames.tables::<Checkers>().expect("checkers has tables");
    assert_eq!(waiting.value(&position), Some(Value::Win(9)), "the waiting probe builds it");
    assert_eq!(on_clock.value(&position), Some(Value::Win(9)), "the same handle's table");
}

#[test]
fn two_handles_keep_their_own_tables_and_folders() {
    let folder = std::env::temp_dir();
    let one = Endgames::open(None);
    let other = Endgames::open(Some(folder.clone()));
    assert_eq!(one.dir(), None);
    assert_eq!(other.dir(), Some(folder.as_path()));
}
