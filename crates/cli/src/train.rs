//! `arbiter train generate|fit|show`: the training of a game's learned evaluation: labelled
//! positions by self-play, a network fitted to them and written as a file, and what a network
//! file holds.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use arbiter_ai::arena::Ballot;
use arbiter_ai::train::{self, FitSettings, FloatNet, GenerateSettings, Sample};
use arbiter_ai::MAX_TABLE_MIB;
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::nnue::Network;
use arbiter_core::GameRecord;

use crate::output::Out;
use crate::Failure;

/// The training commands.
#[derive(Debug, clap::Subcommand)]
pub enum TrainCommand {
    /// Play games by alpha-beta from a ballot's openings, or from the start position (some of
    /// the first moves random) and write each quiet position with the search's score and the
    /// game's result, one a line. Deterministic for a seed; progress on stderr.
    Generate(GenerateArgs),
    /// Fit a network to labelled positions and write it, quantised, as a network file (whose
    /// provenance holds the data files' headers and this command). Deterministic for a seed.
    Fit(FitArgs),
    /// What a network file holds: its game, sizes and provenance.
    Show {
        /// The network file.
        file: PathBuf,
    },
}

/// The arguments of `arbiter train generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The game, e.g. `checkers`.
    game: String,
    /// A ballot file of openings, one a line (as `arbiter match --openings-file` reads).
    /// Without it every game starts from the start position, and the random plies
    /// (--random-plies, --random) make the openings.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The games played: game k from opening k, round and round.
    #[arg(long, default_value_t = 312)]
    games: usize,
    /// The positions each search visits (the labels' depth).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(100..))]
    nodes: u64,
    /// The transposition table of each player, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=MAX_TABLE_MIB as u64))]
    hash: u64,
    /// The first plies after the opening that may be random.
    #[arg(long, default_value_t = 20)]
    random_plies: u32,
    /// How many times in a hundred such a ply is random.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(0..=100))]
    random: u8,
    /// The longest game after its opening, in plies (then a draw).
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// The seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played side by side.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The data file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// The arguments of `arbiter train fit`.
#[derive(Debug, clap::Args)]
pub struct FitArgs {
    /// The game, e.g. `checkers`.
    game: String,
    /// A data file written by `arbiter train generate`; may be given more than once.
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<PathBuf>,
    /// The accumulator's width.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=256))]
    hidden: u64,
    /// The dense layer's width.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=64))]
    dense: u64,
    /// Passes over the data.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Positions a step.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..))]
    batch: u64,
    /// Adam's step size at the first pass (it falls exponentially to a tenth by the last).
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// The weight of the search's score in the target (the game's result has the rest).
    #[arg(long, default_value_t = 0.75)]
    score_weight: f32,
    /// The score, in hundredths of a piece, that the sigmoid maps to about 73%.
    #[arg(long, default_value_t = 150.0)]
    scale: f32,
    /// The seed of the initial weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The network file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Runs a training command.
pub fn run(command: &TrainCommand, out: &mut Out) -> Result<(), Failure> {
    match command {
        TrainCommand::Generate(args) => args.game.parse::<GameId>()?.visit(Generate(args)),
        TrainCommand::Fit(args) => args.game.parse::<GameId>()?.visit(Fit(args)),
        TrainCommand::Show { file } => {
            let network = read_network(file)?;
            out.line(format_args!("game: {}", network.game))?;
            out.line(format_args!(
                "sizes: {} inputs, {} hidden (two accumulators), {} dense, 1 output",
                network.inputs, network.hidden, network.dense
            ))?;
            out.line(format_args!("provenance:\n{}", network.provenance))
        }
    }
}

/// Reads a network file, any game's.
fn read_network(path: &PathBuf) -> Result<Network, Failure> {
    let failure = |problem: String| Failure::Network { path: path.display().to_string(), problem };
    let bytes = std::fs::read(path).map_err(|error| failure(error.to_string()))?;
    Network::from_bytes(&bytes).map_err(|error| failure(error.to_string()))
}

/// Refuses a game whose evaluation has no features yet.
fn check_features<G: AnyGame>() -> Result<(), Failure> {
    if G::NET_INPUTS == 0 {
        return Err(Failure::Refused(format!(
            "{} has no features for a learned evaluation yet (Evaluate::net_features)",
            G::ID
        )));
    }
    Ok(())
}

/// `arbiter train generate`, run for its game's type.
struct Generate<'a>(&'a GenerateArgs);

impl Visitor for Generate<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame>(self) -> Result<(), Failure> {
        let args = self.0;
        check_features::<G>()?;
        let openings = generate_openings::<G>(args.openings.as_ref())?;
        let settings = GenerateSettings {
            games: args.games,
            nodes: args.nodes,
            table_mib: args.hash as usize,
            random_plies: args.random_plies,
            random_percent: args.random,
            max_plies: args.max_plies,
            seed: args.seed,
            threads: args.threads,
        };
        let header = format!(
            "# positions made by: arbiter train generate {}{} --games {} --nodes {} --hash {} \
             --random-plies {} --random {} --max-plies {} --seed {}\n\
             # each line: the search's score (hundredths of a piece), the result (1, 0.5, 0), \
             both for the side to move, and the position\n",
            G::ID,
            args.openings
                .as_ref()
                .map_or(String::new(), |path| format!(" --openings {}", path.display())),
            args.games,
            args.nodes,
            args.hash,
            args.random_plies,
            args.random,
            args.max_plies,
            args.seed
        );
        let save = |error| Failure::Save { path: args.out.display().to_string(), error };
        let mut file = std::io::BufWriter::new(std::fs::File::create(&args.out).map_err(save)?);
        file.write_all(header.as_bytes()).map_err(save)?;
        let clock = Instant::now();
        let (mut games, mut positions, mut written) = (0, 0, Ok(()));
        train::generate::<G>(&openings, &settings, &mut |samples| {
            games += 1;
            positions += samples.len();
            // Each game is written whole and flushed, so that a run cut short keeps its games.
            let mut lines: String = samples.iter().map(|s| s.to_line() + "\n").collect();
            if games == args.games {
                lines.push_str(&format!("# {positions} positions of {games} games\n"));
            }
            if written.is_ok() {
                written = file.write_all(lines.as_bytes()).and_then(|()| file.flush());
            }
            if games.is_multiple_of(10) || games == args.games {
                let seconds = clock.elapsed().as_secs_f64();
                eprintln!(
                    "[{seconds:.0} s] {games} of {} games, {positions} positions",
                    args.games
                );
            }
        });
        written.map_err(save)?;
        eprintln!(
            "{positions} positions in {:.0} s, written to {}",
            clock.elapsed().as_secs_f64(),
            args.out.display()
        );
        Ok(())
    }
}

/// The openings of `arbiter train generate`: those of the ballot file, or the start position
/// alone.
fn generate_openings<G: AnyGame>(path: Option<&PathBuf>) -> Result<Vec<GameRecord<G>>, Failure> {
    let Some(path) = path else {
        return Ok(vec![GameRecord::new(Default::default())]);
    };
    let failure = |problem: String| Failure::Ballot { path: path.display().to_string(), problem };
    let text = std::fs::read_to_string(path).map_err(|error| failure(error.to_string()))?;
    let ballot = Ballot::parse(&text).map_err(|error| failure(error.to_string()))?;
    ballot.records::<G>(&Default::default()).map_err(|error| failure(error.to_string()))
}

/// `arbiter train fit`, run for its game's type.
struct Fit<'a>(&'a FitArgs);

impl Visitor for Fit<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame>(self) -> Result<(), Failure> {
        let args = self.0;
        check_features::<G>()?;
        let (samples, headers) = read_data(&args.data)?;
        let settings = FitSettings {
            hidden: args.hidden as usize,
            dense: args.dense as usize,
            epochs: args.epochs,
            batch: args.batch as usize,
            learning_rate: args.learning_rate,
            score_weight: args.score_weight,
            scale: args.scale,
            seed: args.seed,
        };
        let examples = train::examples::<G>(&samples, &Default::default(), &settings)
            .map_err(|problem| Failure::Data { path: joined(&args.data), problem })?;
        let (validation, training): (Vec<_>, Vec<_>) =
            examples.into_iter().enumerate().partition(|(index, _)| index % 20 == 0);
        let validation: Vec<_> = validation.into_iter().map(|(_, example)| example).collect();
        let training: Vec<_> = training.into_iter().map(|(_, example)| example).collect();
        let clock = Instant::now();
        let mut net = FloatNet::new(G::NET_INPUTS, settings.hidden, settings.dense, args.seed);
        eprintln!(
            "{} positions to train on, {} to validate; validation loss {:.5} at the start",
            training.len(),
            validation.len(),
            net.loss(&validation, settings.scale)
        );
        train::fit(&mut net, &training, &settings, &mut |epoch, loss, net| {
            eprintln!(
                "[{:.0} s] pass {epoch}: training loss {loss:.5}, validation loss {:.5}",
                clock.elapsed().as_secs_f64(),
                net.loss(&validation, settings.scale)
            );
        });
        let provenance = format!(
            "{}\nfitted by: arbiter train fit {} {} --hidden {} --dense {} --epochs {} --batch {} \
             --learning-rate {} --score-weight {} --scale {} --seed {}",
            headers.join("\n"),
            G::ID,
            args.data
                .iter()
                .map(|p| format!("--data {}", p.display()))
                .collect::<Vec<_>>()
                .join(" "),
            args.hidden,
            args.dense,
            args.epochs,
            args.batch,
            args.learning_rate,
            args.score_weight,
            args.scale,
            args.seed
        );
        let network = net.quantise(G::ID, &provenance);
        std::fs::write(&args.out, network.to_bytes())
            .map_err(|error| Failure::Save { path: args.out.display().to_string(), error })?;
        eprintln!(
            "validation loss {:.5}; {:.0} s; written to {}",
            net.loss(&validation, settings.scale),
            clock.elapsed().as_secs_f64(),
            args.out.display()
        );
        Ok(())
    }
}

/// The samples of the data files, and the comments at their heads (their commands).
fn read_data(paths: &[PathBuf]) -> Result<(Vec<Sample>, Vec<String>), Failure> {
    let mut samples = Vec::new();
    let mut headers = Vec::new();
    for path in paths {
        let failure = |problem: String| Failure::Data { path: path.display().to_string(), problem };
        let text = std::fs::read_to_string(path).map_err(|error| failure(error.to_string()))?;
        for (number, line) in text.lines().enumerate() {
            if let Some(comment) = line.strip_prefix('#') {
                headers.push(comment.trim().to_owned());
                continue;
            }
            let sample = Sample::from_line(line).ok_or_else(|| {
                failure(format!("line {} is not `score result position`", number + 1))
            })?;
            samples.push(sample);
        }
    }
    Ok((samples, headers))
}

/// The data files' names, as an error names them: `a.txt, b.txt`.
fn joined(paths: &[PathBuf]) -> String {
    paths.iter().map(|path| path.display().to_string()).collect::<Vec<_>>().join(", ")
}
