//! `arbiter tablebase build|probe|stats`: endgame tables by retrograde analysis.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arbiter_catalog::{AnyGame, Endgames, GameId, RetrogradeVisitor};
use arbiter_core::Retrograde;
use arbiter_tablebase::{Built, Table, Tablebase, TablebaseError, Value};
use serde::Serialize;

use crate::output::Out;
use crate::Failure;

/// The most pieces `build` accepts: beyond it a material's numbering passes what a table
/// holds, and a build would take days.
const MAX_PIECES: u32 = 8;

/// The tablebase's commands.
#[derive(Debug, clap::Subcommand)]
pub enum TablebaseCommand {
    /// Build every table of at most N pieces that the folder lacks, smallest first, with
    /// progress (checkers, fanorona, daynight).
    Build {
        /// The game.
        game: String,
        /// The most pieces of a table (neutral pieces count in daynight), 2 to 8.
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=MAX_PIECES as i64))]
        pieces: u32,
        /// The folder of the tables; each game's are in a folder of its id inside.
        #[arg(long)]
        dir: PathBuf,
        /// Threads to build on (default: one per core), 1 to 256.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
    },
    /// The exact value of a position and the moves that keep it.
    Probe {
        /// The game.
        game: String,
        /// The position, in the game's text form.
        #[arg(long, value_name = "TEXT")]
        position: String,
        /// The folder of the tables; without it (or where it lacks a table) tables of at most
        /// 4 pieces (3 in daynight) are built in memory.
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Print one line of JSON: {"value": "win"|"draw"|"loss", "plies": N, "best": [...]}.
        #[arg(long)]
        json: bool,
    },
    /// For each table of the folder: positions, wins, draws, losses and the longest win.
    Stats {
        /// The game.
        game: String,
        /// The folder of the tables.
        #[arg(long)]
        dir: PathBuf,
    },
}

impl TablebaseCommand {
    fn game(&self) -> &str {
        match self {
            TablebaseCommand::Build { game, .. }
            | TablebaseCommand::Probe { game, .. }
            | TablebaseCommand::Stats { game, .. } => game,
        }
    }
}

/// Runs a tablebase command.
pub fn run(command: &TablebaseCommand, out: &mut Out) -> Result<(), Failure> {
    let id: GameId = command.game().parse()?;
    id.visit_retrograde(Run(command, out)).unwrap_or_else(|| {
        Err(Failure::Refused(format!(
            "{id} has no endgame tables; the games with tables are checkers, fanorona and daynight"
        )))
    })
}

struct Run<'a>(&'a TablebaseCommand, &'a mut Out);

impl RetrogradeVisitor for Run<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame + Retrograde>(self) -> Result<(), Failure> {
        let Run(command, out) = self;
        match command {
            TablebaseCommand::Build { pieces, dir, threads, .. } => {
                let threads = threads.map_or_else(
                    || std::thread::available_parallelism().map_or(1, usize::from),
                    usize::from,
                );
                build::<G>(*pieces, dir, threads, out)
            }
            TablebaseCommand::Probe { position, dir, json, .. } => {
                probe::<G>(position, dir.as_deref(), *json, out)
            }
            TablebaseCommand::Stats { dir, .. } => stats::<G>(dir, out),
        }
    }
}

fn build<G: Retrograde>(
    pieces: u32,
    dir: &Path,
    threads: usize,
    out: &mut Out,
) -> Result<(), Failure> {
    let start = Instant::now();
    let mut written = Ok(());
    let built = Tablebase::<G>::build_all(dir, pieces, threads, |built: &Built<G::Material>| {
        if written.is_ok() {
            written = out.line(match built.time {
                Some(time) => format!(
                    "built {:<12} {:>12} indices {:>9.2} s {:>12} bytes",
                    built.material.to_string(),
                    built.indices,
                    time.as_secs_f64(),
                    built.bytes
                ),
                None => format!(
                    "kept  {:<12} {:>12} indices (already built)",
                    built.material.to_string(),
                    built.indices
                ),
            });
        }
    })?;
    written?;
    let time: Duration = built.iter().filter_map(|b| b.time).sum();
    let bytes: u64 = built.iter().map(|b| b.bytes).sum();
    let indices: u64 = built.iter().map(|b| b.indices).sum();
    out.line(format_args!(
        "{} tables of at most {pieces} pieces in {}: {indices} indices, {bytes} bytes; built in {:.1} s ({:.1} s in all)",
        built.len(),
        dir.join(G::ID).display(),
        time.as_secs_f64(),
        start.elapsed().as_secs_f64()
    ))
}

/// The JSON of `probe --json`.
#[derive(Serialize)]
struct ProbeJson {
    value: &'static str,
    /// `None` (null) for a draw.
    plies: Option<u32>,
    best: Vec<String>,
}

fn probe<G: AnyGame + Retrograde>(
    text: &str,
    dir: Option<&Path>,
    json: bool,
    out: &mut Out,
) -> Result<(), Failure> {
    let position = G::from_text(text, &Default::default())?;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let tables = Tablebase::<G>::with_on_demand(dir.map(Path::to_owned), threads);
    let Some(probe) = tables.probe_moves(&position)? else {
        let pieces = position.material().map_or(0, G::piece_count);
        return Err(Failure::Refused(format!(
            "no table holds this position of {pieces} pieces: tables of at most {} pieces are built on demand, larger ones by `arbiter tablebase build {} --pieces {pieces} --dir DIR` and read with --dir",
            G::ON_DEMAND_PIECES,
            G::ID
        )));
    };
    let best: Vec<String> = probe.best().iter().map(ToString::to_string).collect();
    if json {
        return out.json(&ProbeJson {
            value: probe.value.name(),
            plies: probe.value.plies(),
            best,
        });
    }
    out.line(format_args!("value: the side to move {}", probe.value))?;
    out.line(format_args!(
        "best: {}",
        if best.is_empty() { "(none)".to_owned() } else { best.join(" ") }
    ))?;
    for (mv, value) in &probe.moves {
        out.line(format_args!("  {mv:<14} {value}"))?;
    }
    Ok(())
}

fn stats<G: AnyGame + Retrograde>(dir: &Path, out: &mut Out) -> Result<(), Failure> {
    let folder = dir.join(G::ID);
    let entries = fs::read_dir(&folder)
        .map_err(|error| TablebaseError::Io { path: folder.clone(), error })?;
    let mut materials: Vec<G::Material> = Vec::new();
    for entry in entries {
        let name =
            entry.map_err(|error| TablebaseError::Io { path: folder.clone(), error })?.file_name();
        let material: Option<G::Material> = name
            .to_str()
            .and_then(|name| name.strip_suffix(".tb"))
            .and_then(|stem| stem.parse().ok());
        materials.extend(material);
    }
    if materials.is_empty() {
        return Err(Failure::Refused(format!("{} holds no {} table", folder.display(), G::ID)));
    }
    materials.sort_by_key(|&material| (G::piece_count(material), G::stage(material)));
    let tables = Tablebase::<G>::new(Some(dir.to_owned()), 0, 1);
    out.line(format_args!(
        "{:<12} {:>6} {:>12} {:>12} {:>12} {:>12} {:>12} {:>7}  {}",
        "material",
        "pieces",
        "positions",
        "wins",
        "draws",
        "losses",
        "bytes",
        "longest",
        "longest win at"
    ))?;
    for material in materials {
        let name = material.to_string();
        let Some(table) = tables.table(material)? else { continue };
        let stats = table.stats();
        let bytes = fs::metadata(Table::path(dir, G::ID, &name)).map_or(0, |meta| meta.len());
        let (longest, example) = match stats.longest_win {
            Some((plies, index)) => (
                plies.to_string(),
                G::unindex(material, index).map(|p| p.to_text()).unwrap_or_default(),
            ),
            None => ("-".to_owned(), String::new()),
        };
        out.line(format_args!(
            "{name:<12} {:>6} {:>12} {:>12} {:>12} {:>12} {bytes:>12} {longest:>7}  {example}",
            G::piece_count(material),
            stats.positions,
            stats.wins,
            stats.draws,
            stats.losses,
        ))?;
    }
    Ok(())
}

/// The lines `analyze` and `hint` show from the tables: `exact: 11-15 wins in 17 plies`, one
/// a legal move, best first; `None` where no table holds the position.
pub fn exact_lines<G: AnyGame>(position: &G, endgames: &Endgames) -> Option<Vec<String>> {
    let tables = endgames.tables::<G>()?;
    let probe = tables.moves(position)?;
    let mut lines = vec![format!("exact (tables): the side to move {}", probe.value)];
    lines.extend(
        probe.moves.iter().map(|(mv, value): &(G::Move, Value)| format!("exact: {mv} {value}")),
    );
    Some(lines)
}
