//! Alpha-beta with endgame tables: a table position is valued exactly and a won one is
//! converted by the shortest win, the loser holding out longest.

use std::sync::Arc;

use arbiter_ai::{AlphaBeta, Context, Limits, Player, Score};
use arbiter_checkers::Checkers;
use arbiter_core::{Game, GameRecord, NoOptions, Side, Status};
use arbiter_tablebase::{Tablebase, Value};

/// Two kings against one in a double corner: Black to move wins.
const TWO_KINGS: &str = "B:WK5:BK19,K31";

fn tables() -> Arc<Tablebase<Checkers>> {
    Arc::new(Tablebase::new(None, 3, 2))
}

fn player(tables: &Arc<Tablebase<Checkers>>) -> AlphaBeta<Checkers> {
    let mut player = AlphaBeta::new(Limits::nodes(5_000), 1);
    player.set_endgame(Some(tables.clone()));
    player
}

/// The two kings' position and the plies of its win.
fn two_kings(tables: &Tablebase<Checkers>) -> (Checkers, u32) {
    let position = Checkers::from_text(TWO_KINGS, &NoOptions).expect("a position");
    let Some(Value::Win(plies)) = tables.probe(&position).expect("probe") else {
        panic!("2K v K is a win");
    };
    (position, plies)
}

#[test]
fn the_root_of_a_table_position_has_its_exact_value() {
    let tables = tables();
    let (position, plies) = two_kings(&tables);
    let report = player(&tables).search(&position, &Context::default(), &mut |_| {});
    assert_eq!(report.score, Score::Win(plies));
    assert_eq!(report.depth, 1, "one iteration values every move");
}

#[test]
fn a_won_table_position_is_won_in_the_tables_distance() {
    let tables = tables();
    let (start, plies) = two_kings(&tables);
    let mut players = [player(&tables), player(&tables)];
    let mut record = GameRecord::from_position(start, NoOptions);
    let mut history = Vec::new();
    while record.status() == Status::Ongoing {
        let position = *record.position();
        let context = Context::of_record(&record, &mut history);
        let side = usize::from(position.side_to_move() == Side::White);
        let best = players[side].choose(&position, &context, &mut |_| {}).best.expect("a move");
        record.play(best).expect("legal");
    }
    assert_eq!(record.status().outcome().and_then(|outcome| outcome.winner()), Some(Side::Black));
    assert_eq!(
        record.len(),
        plies as usize,
        "the winner takes the shortest win, the loser the longest"
    );
}
