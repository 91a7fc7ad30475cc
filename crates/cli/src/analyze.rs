//! `arbiter analyze`: a search of one position, an iteration a line.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use arbiter_ai::{PlayerSpec, SearchReport, Session};
use arbiter_catalog::{AnyGame, Endgames};
use arbiter_core::{GameRecord, Status};

use crate::bench::rate;
use crate::exact::{self, ExactMoves};
use crate::output::Out;
use crate::Failure;

/// One line of the analysis: `depth 7  score +0.35  nodes 123456  2.1 M nodes/s  pv 11-15 …`.
fn line<M: ToString>(report: &SearchReport<M>) -> String {
    let pv: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    format!(
        "depth {:>2}  score {:>10}  nodes {:>10}  {:>16}  pv {}",
        report.depth,
        report.score.to_string(),
        report.nodes,
        rate(report.nodes, report.elapsed.as_secs_f64()),
        pv.join(" ")
    )
}

/// Prints each completed iteration, then the best move.
pub fn run<G: AnyGame>(
    record: GameRecord<G>,
    spec: &PlayerSpec,
    tables: Arc<Endgames>,
    out: &mut Out,
) -> Result<(), Failure> {
    if let Status::Over(outcome) = record.status() {
        eprintln!("the game is over: {outcome}");
        return Ok(());
    }
    out.line(format_args!("analysing {} with {spec}", record.position().to_text()))?;
    if let Some(moves) = arbiter_ai::book::embedded::<G>().and_then(|book| {
        let moves = book.moves(record.position())?;
        Some(moves.iter().map(|book| format!("{} {}", book.mv, book.score)).collect::<Vec<_>>())
    }) {
        out.line(format_args!("book {}", moves.join("; ")))?;
    }
    let mut session = Session::new(record);
    session.set_endgame(tables.tables::<G>());
    // The first write error stops the search and is reported at the end.
    let stop = AtomicBool::new(false);
    let mut written = Ok(());
    let result = session.think(spec, Some(&stop), &mut |report| {
        if written.is_ok() {
            written = out.line(line(report));
            stop.store(written.is_err(), Ordering::Relaxed);
        }
    });
    written?;
    match result.best {
        Some(best) => out.line(format_args!(
            "best move {best}  score {}  ({:.2} s)",
            result.score,
            result.elapsed.as_secs_f64()
        ))?,
        None => return out.line("no legal move"),
    }
    // The exact values, in the games the solver handles, in the same time again.
    let time = spec.limits.time.unwrap_or(exact::HINT_TIME);
    let position = session.record().position();
    for line in exact::lines(&mut ExactMoves::new(tables), position, time) {
        out.line(line)?;
    }
    Ok(())
}
