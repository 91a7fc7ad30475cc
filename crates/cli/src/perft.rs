//! `arbiter perft`: the number of positions a given number of plies ahead, counted alone or
//! by threads sharing a table of counts.

use std::time::Instant;

use arbiter_catalog::AnyGame;
use arbiter_core::{divide, divide_parallel, PerftTable};

use crate::output::Out;
use crate::{bench, Failure, Setup};

/// How `arbiter perft` counts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PerftPlan {
    /// Print the count below each legal move first.
    pub(crate) divide: bool,
    /// Threads for the parallel count.
    pub(crate) threads: Option<u16>,
    /// The table of the parallel count, in MiB.
    pub(crate) hash: Option<u32>,
}

pub(crate) fn run<G: AnyGame>(
    depth: u32,
    setup: &Setup,
    plan: PerftPlan,
    out: &mut Out,
) -> Result<(), Failure> {
    let record = setup.record::<G>()?;
    let position = record.position();
    let started = Instant::now();
    let moves = if plan.threads.is_some() || plan.hash.is_some() {
        let table = plan.hash.map(perft_table).transpose()?;
        let threads = plan.threads.map_or(1, usize::from);
        let bar = perft_bar();
        let moves = divide_parallel(position, depth, threads, table.as_ref(), &mut |progress| {
            bar.set_length(progress.total as u64);
            bar.set_position(progress.done as u64);
            let seconds = progress.elapsed.as_secs_f64();
            let fill = table.as_ref().map_or(String::new(), |table| {
                format!(", table {:.1}% full", f64::from(table.fill_permille()) / 10.0)
            });
            bar.set_message(format!(
                "{} counted, {}{fill}",
                progress.nodes,
                bench::rate(progress.nodes, seconds)
            ));
        });
        bar.finish_and_clear();
        moves
    } else {
        divide(position, depth)
    };
    let nodes = if depth == 0 { 1 } else { moves.iter().map(|(_, nodes)| nodes).sum::<u64>() };
    if plan.divide {
        for (mv, nodes) in &moves {
            out.line(format_args!("{mv}: {nodes}"))?;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    out.line(nodes)?;
    eprintln!("perft {depth}: {nodes} nodes in {seconds:.3} s ({})", bench::rate(nodes, seconds));
    Ok(())
}

/// A perft table of `mib` MiB, if the machine has the memory: a table is written to in full
/// when it is made, so one larger than the memory would only be ended by the system.
fn perft_table(mib: u32) -> Result<PerftTable, Failure> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    if let Some(limit) = usable_mib(&meminfo).filter(|&limit| u64::from(mib) > limit) {
        return Err(Failure::Refused(format!(
            "a table of {mib} MiB does not fit in this machine's memory; give --hash up to {limit}"
        )));
    }
    PerftTable::with_mib(mib as usize).map_err(|_| {
        Failure::Refused(format!("cannot allocate a table of {mib} MiB; give a smaller --hash"))
    })
}

/// Three quarters of the memory that `/proc/meminfo`'s text gives, in MiB (none elsewhere).
fn usable_mib(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024 * 3 / 4)
}

/// The progress display of a long parallel perft, on stderr (hidden when it is no terminal).
fn perft_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "[{bar:30}] {pos}/{len} subtrees, {msg}, {elapsed} elapsed, about {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perft_table_is_bounded_by_the_memory() {
        let meminfo = "MemTotal:       24576000 kB\nMemFree:        1000 kB\n";
        assert_eq!(usable_mib(meminfo), Some(18000));
        assert_eq!(usable_mib(""), None);
    }
}
