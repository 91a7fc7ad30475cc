//! `arbiter bench`: a fixed perft workload per game, with nodes per second; random playouts
//! from the start on positions alone (MCTS's loop), with turns per second; and a fixed-depth
//! search per game whose node count is the search's signature.

use std::time::Instant;

use arbiter_ai::bench_search;
use arbiter_ai::playout::playout_turns;
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::perft;

use crate::output::Out;
use crate::Failure;

/// Runs the workload of one game, or of every game, and prints a line per game and a total.
pub fn run(game: Option<&str>, out: &mut Out) -> Result<(), Failure> {
    let ids: Vec<GameId> = match game {
        Some(id) => vec![id.parse()?],
        None => GameId::ALL.to_vec(),
    };
    let (mut total_nodes, mut total_seconds) = (0, 0.0);
    for &id in &ids {
        let depth = id.info().bench_perft_depth;
        let (nodes, seconds) = id.visit(Perft(depth));
        out.line(format_args!(
            "{:<14}perft {depth:>2} {nodes:>14} nodes {seconds:>8.3} s {:>18}",
            id.id(),
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
    for &id in &ids {
        let playouts = id.info().bench_playouts;
        let (turns, seconds) = id.visit(Playouts(playouts));
        out.line(format_args!(
            "{:<14}playouts {playouts:>7} {turns:>11} turns {seconds:>8.3} s {:>18}",
            id.id(),
            rate(turns, seconds).replace("nodes", "turns")
        ))?;
    }
    out.line("")?;
    for &id in &ids {
        let depth = id.info().bench_search_depth;
        let signature = id.visit(Signature(depth));
        out.line(format_args!(
            "{:<14}search {depth:>2} {:>13} nodes {:>8.3} s {:>18}  best {} {}",
            id.id(),
            signature.nodes,
            signature.seconds,
            rate(signature.nodes, signature.seconds),
            signature.best,
            signature.score
        ))?;
    }
    Ok(())
}

/// Perft from the start to a depth: the nodes and the seconds it took.
struct Perft(u32);

impl Visitor for Perft {
    type Output = (u64, f64);

    fn visit<G: AnyGame>(self) -> (u64, f64) {
        let start = G::start(&G::Options::default());
        let started = Instant::now();
        let nodes = perft(&start, self.0);
        (nodes, started.elapsed().as_secs_f64())
    }
}

/// Seeded random playouts from the start: the turns played and the seconds they took.
struct Playouts(u32);

impl Visitor for Playouts {
    type Output = (u64, f64);

    fn visit<G: AnyGame>(self) -> (u64, f64) {
        let started = Instant::now();
        let turns = playout_turns::<G>(self.0, 1);
        (turns, started.elapsed().as_secs_f64())
    }
}

/// The fixed-depth search from a game's start, as printed.
struct Signature(u32);

impl Visitor for Signature {
    type Output = SearchSignature;

    fn visit<G: AnyGame>(self) -> SearchSignature {
        let report = bench_search::<G>(self.0);
        SearchSignature {
            nodes: report.nodes,
            best: report.best.map(|mv| mv.to_string()).unwrap_or_default(),
            score: report.score.to_string(),
            seconds: report.elapsed.as_secs_f64(),
        }
    }
}

struct SearchSignature {
    nodes: u64,
    best: String,
    score: String,
    seconds: f64,
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

/// `arbiter bench FILE.kif`: the GDL reasoner's random playouts from the initial state, one
/// thread, a fixed seed, for `seconds` ([`arbiter_ggp::bench::playouts`]); and the time to
/// parse, check, ground and build the description.
pub fn kif(path: &str, seconds: f64, out: &mut Out) -> Result<(), Failure> {
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err(Failure::Refused("--seconds must be more than 0 and at most 3600".into()));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|error| Failure::Refused(format!("cannot read {path}: {error}")))?;
    let started = Instant::now();
    let description =
        arbiter_gdl::parse(&text).map_err(|error| Failure::Refused(format!("{path}: {error}")))?;
    let parsed = started.elapsed();
    let game = arbiter_gdl::Game::from_description(&description)
        .map_err(|error| Failure::Refused(format!("{path}: {error}")))?;
    let times = game.build_times();
    let size = game.network_size();
    out.line(format_args!("game        {path}"))?;
    out.line(format_args!("roles       {}", game.roles().join(" ")))?;
    out.line(format_args!(
        "network     {} base propositions, {} moves, {} nodes, {} edges, {} cycles",
        size.bases, size.moves, size.nodes, size.edges, size.cycles
    ))?;
    let millis = |duration: std::time::Duration| duration.as_secs_f64() * 1000.0;
    out.line(format_args!(
        "compile     parse {:.2} ms, check {:.2} ms, ground {:.2} ms, build {:.2} ms",
        millis(parsed),
        millis(times.check),
        millis(times.ground),
        millis(times.build)
    ))?;
    let speed =
        arbiter_ggp::bench::playouts(&game, std::time::Duration::from_secs_f64(seconds), 42);
    out.line(format_args!(
        "playouts    {} in {:.2} s: {:.0} playouts/s, {:.0} states/s, {:.1} states a playout",
        speed.playouts,
        speed.elapsed.as_secs_f64(),
        speed.playouts_per_second(),
        speed.states_per_second(),
        speed.states as f64 / speed.playouts.max(1) as f64
    ))?;
    if speed.stuck > 0 {
        out.line(format_args!(
            "warning     {} playouts reached a non-terminal state where a role has no legal move",
            speed.stuck
        ))?;
    }
    Ok(())
}
