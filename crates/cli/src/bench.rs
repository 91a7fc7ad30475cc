//! `arbiter bench`: a fixed perft workload per game, with nodes per second, and a fixed-depth
//! search per game whose node count is the search's signature.

use std::time::Instant;

use arbiter_ai::{Engine, Limits, PlayerSpec};
use arbiter_catalog::{find, games, Entry};

use crate::output::Out;
use crate::Failure;

/// Runs the workload of one game, or of every game, and prints a line per game and a total.
pub fn run(game: Option<&str>, out: &mut Out) -> Result<(), Failure> {
    let entries: Vec<&dyn Entry> = match game {
        Some(id) => vec![find(id)?],
        None => games().to_vec(),
    };
    let (mut total_nodes, mut total_seconds) = (0, 0.0);
    for entry in &entries {
        let info = entry.info();
        let session = entry.new_session("", None)?;
        let depth = entry.bench_depth();
        let started = Instant::now();
        let nodes = session.perft(depth);
        let seconds = started.elapsed().as_secs_f64();
        out.line(format_args!(
            "{:<14}perft {depth:>2} {nodes:>14} nodes {seconds:>8.3} s {:>18}",
            info.id,
            rate(nodes, seconds)
        ))?;
        total_nodes += nodes;
        total_seconds += seconds;
    }
    out.line(format_args!(
        "{:<14}{:>23} nodes {total_seconds:>8.3} s {:>18}",
        "total",
        total_nodes,
        rate(total_nodes, total_seconds)
    ))?;
    out.line("")?;
    search(&entries, out)
}

/// A fixed-depth alpha-beta search from each game's start: its node count is a signature of
/// the search, so that any change of search behaviour shows.
fn search(entries: &[&dyn Entry], out: &mut Out) -> Result<(), Failure> {
    for entry in entries {
        let depth = entry.bench_search_depth();
        let spec =
            PlayerSpec { limits: Limits::depth(depth), ..PlayerSpec::new(Engine::AlphaBeta) };
        let session = entry.new_session("", None)?;
        let thought = session.think(&spec, &mut |_| {});
        let seconds = thought.elapsed.as_secs_f64();
        out.line(format_args!(
            "{:<14}search {depth:>2} {:>13} nodes {seconds:>8.3} s {:>18}  best {} {}",
            entry.info().id,
            thought.nodes,
            rate(thought.nodes, seconds),
            thought.best.unwrap_or_default(),
            thought.score
        ))?;
    }
    Ok(())
}

/// Nodes per second, readable: `123.4 M nodes/s`.
pub fn rate(nodes: u64, seconds: f64) -> String {
    if seconds <= 0.0 {
        return "- nodes/s".to_owned();
    }
    let per_second = nodes as f64 / seconds;
    if per_second >= 1e6 {
        format!("{:.1} M nodes/s", per_second / 1e6)
    } else {
        format!("{:.0} nodes/s", per_second)
    }
}
