//! `arbiter analyze`: a search of one position, an iteration a line.

use arbiter_ai::PlayerSpec;
use arbiter_catalog::{Session, Thought};
use arbiter_core::Status;

use crate::bench::rate;
use crate::output::Out;
use crate::Failure;

/// One line of the analysis: `depth 7  score +0.35  nodes 123456  2.1 M nodes/s  pv 11-15 …`.
fn line(thought: &Thought) -> String {
    format!(
        "depth {:>2}  score {:>10}  nodes {:>10}  {:>16}  pv {}",
        thought.depth,
        thought.score.to_string(),
        thought.nodes,
        rate(thought.nodes, thought.elapsed.as_secs_f64()),
        thought.pv.join(" ")
    )
}

/// Prints each completed iteration, then the best move.
pub fn run(session: &dyn Session, spec: &PlayerSpec, out: &mut Out) -> Result<(), Failure> {
    if let Status::Over(outcome) = session.status() {
        eprintln!("the game is over: {outcome}");
        return Ok(());
    }
    out.line(format_args!("analysing {} with {spec}", session.position_text()))?;
    // The search cannot be stopped from here: the first write error is kept for the end.
    let mut written = Ok(());
    let result = session.think(spec, &mut |thought| {
        if written.is_ok() {
            written = out.line(line(thought));
        }
    });
    written?;
    match result.best {
        Some(best) => out.line(format_args!(
            "best move {best}  score {}  ({:.2} s)",
            result.score,
            result.elapsed.as_secs_f64()
        )),
        None => out.line("no legal move"),
    }
}
