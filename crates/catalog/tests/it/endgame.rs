//! Each game's endgame tables through the catalog: the three games with tables have them, the
//! others none, and a table position is valued.

use arbiter_catalog::{endgame, AnyGame, GameId, Visitor};
use arbiter_checkers::Checkers;
use arbiter_core::{Game, NoOptions};
use arbiter_tablebase::Value;

/// Whether the catalog gives the game tables.
struct HasTables;

impl Visitor for HasTables {
    type Output = bool;

    fn visit<G: AnyGame>(self) -> bool {
        endgame::<G>(None).is_some()
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
    let tables = endgame::<Checkers>(None).expect("checkers has tables");
    let position = Checkers::from_text("W:WK32:BK26", &NoOptions).expect("a position");
    assert_eq!(tables.value(&position), Some(Value::Win(9)));
    let start = Checkers::start(&NoOptions);
    assert_eq!(tables.value(&start), None, "24 pieces are beyond any table");
}
