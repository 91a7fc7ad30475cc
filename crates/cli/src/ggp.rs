//! `arbiter ggp`: a General Game Playing player on a port, and `arbiter ggp host`: matches
//! between such players, recorded as ggp-base's match JSON, with each player's score.

use std::net::TcpListener;
use std::path::PathBuf;
use std::time::Duration;

use arbiter_ggp::{Engine, Host, MatchRecord, PlayerConfig, Server, DEFAULT_MARGIN};
use clap::{Subcommand, ValueEnum};

use crate::output::Out;
use crate::Failure;

/// `arbiter ggp`'s arguments: a player, or a subcommand.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct GgpArgs {
    #[command(subcommand)]
    command: Option<GgpCommand>,
    #[command(flatten)]
    player: PlayerArgs,
}

#[derive(Debug, Subcommand)]
enum GgpCommand {
    /// Play matches between GGP players (`host:port`, one per role, seats rotating from match
    /// to match) and print each match and each player's score.
    Host(HostArgs),
}

/// How the player plays.
#[derive(Debug, clap::Args)]
struct PlayerArgs {
    /// The port to listen on (ggp-base's players use 9147 and up).
    #[arg(long, default_value_t = 9147)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: String,
    /// The search: UCT (and the native engine for the games it knows), flat Monte Carlo as
    /// ggp-base's SampleMonteCarloGamer, or random moves as its RandomGamer.
    #[arg(long, value_enum, default_value_t = EngineArg::Mcts)]
    engine: EngineArg,
    /// Play every game on the reasoner, even one it knows natively.
    #[arg(long)]
    no_native: bool,
    /// Answer this long before the clock runs out (at most half the clock).
    #[arg(long, value_parser = parse_margin, default_value = "500ms")]
    margin: Duration,
    /// The name answered to INFO.
    #[arg(long, default_value = "arbiter")]
    name: String,
    /// Seed of the random choices, mixed with each match's id: the same seed plays the same
    /// match id alike. By default a seed of the clock, the process and the port, so that no
    /// two matches repeat.
    #[arg(long)]
    seed: Option<u64>,
    /// Log each match on stderr.
    #[arg(long)]
    verbose: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum EngineArg {
    Mcts,
    Mc,
    Random,
}

/// A host's matches.
#[derive(Debug, clap::Args)]
struct HostArgs {
    /// The game's description in GDL (KIF).
    game: PathBuf,
    /// A player, `host:port`; one per role, in the order of the description's roles.
    #[arg(long = "player", value_name = "HOST:PORT", required = true)]
    players: Vec<String>,
    /// Seconds before the first move.
    #[arg(long, default_value_t = 10)]
    startclock: u32,
    /// Seconds for each move.
    #[arg(long, default_value_t = 5)]
    playclock: u32,
    /// The number of matches; match k gives role i to player (i + k) mod n.
    #[arg(long, default_value_t = 1)]
    matches: usize,
    /// Write each match's JSON to this folder as MATCH_ID.json.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Seed of the host's random moves (for players that fail to answer) and tokens.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn parse_margin(text: &str) -> Result<Duration, String> {
    arbiter_ai::parse_duration(text).map_err(|error| error.to_string())
}

/// Runs `arbiter ggp` or `arbiter ggp host`.
pub fn run(args: &GgpArgs, out: &mut Out) -> Result<(), Failure> {
    match &args.command {
        Some(GgpCommand::Host(host)) => run_host(host, out),
        None => serve(&args.player, out),
    }
}

fn serve(args: &PlayerArgs, out: &mut Out) -> Result<(), Failure> {
    let engine = match args.engine {
        EngineArg::Mcts => Engine::Mcts,
        EngineArg::Mc => Engine::MonteCarlo,
        EngineArg::Random => Engine::Random,
    };
    let config = PlayerConfig {
        name: args.name.clone(),
        engine,
        native: !args.no_native,
        margin: args.margin.max(Duration::ZERO).min(DEFAULT_MARGIN * 20),
        max_think: None,
        seed: args.seed.unwrap_or_else(|| process_seed(args.port)),
        verbose: args.verbose,
    };
    let address = format!("{}:{}", args.bind, args.port);
    let listener = TcpListener::bind(&address)
        .map_err(|error| Failure::Refused(format!("cannot listen on {address}: {error}")))?;
    out.line(format_args!("GGP player `{}` ({}) on {address}", args.name, engine.name()))?;
    std::io::Write::flush(out).map_err(Failure::Output)?;
    Server::new(config)
        .serve(&listener)
        .map_err(|error| Failure::Refused(format!("the listener on {address}: {error}")))
}

/// A seed that differs from process to process: the clock's nanoseconds, the process id and
/// the port.
fn process_seed(port: u16) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    nanos ^ (u64::from(std::process::id()) << 32) ^ u64::from(port)
}

fn run_host(args: &HostArgs, out: &mut Out) -> Result<(), Failure> {
    let path = args.game.display().to_string();
    let text = std::fs::read_to_string(&args.game)
        .map_err(|error| Failure::Refused(format!("cannot read {path}: {error}")))?;
    let mut host = Host::new(&text, args.seed)
        .map_err(|error| Failure::Refused(format!("{path}: {error}")))?;
    if let Some(folder) = &args.out {
        std::fs::create_dir_all(folder).map_err(|error| save_error(folder, error))?;
    }
    let stem = args.game.file_stem().map_or("match".into(), |stem| stem.to_string_lossy());
    let players = args.players.len();
    let mut tally = vec![[0usize; 3]; players];
    for number in 0..args.matches {
        let seats: Vec<String> =
            (0..players).map(|role| args.players[(role + number) % players].clone()).collect();
        let id = format!("arbiter.{stem}.{number}");
        let record = host
            .play(&id, &seats, args.startclock, args.playclock)
            .map_err(|error| Failure::Refused(error.to_string()))?;
        out.line(describe(&record, host.game().roles()))?;
        for (role, outcome) in outcomes(&record).into_iter().enumerate() {
            let player = (role + number) % players;
            tally[player][outcome] += 1;
        }
        if let Some(folder) = &args.out {
            let file = folder.join(format!("{id}.json"));
            let json =
                serde_json::to_string(&record).map_err(|error| save_error(&file, error.into()))?;
            std::fs::write(&file, json).map_err(|error| save_error(&file, error))?;
        }
    }
    for (player, [wins, draws, losses]) in tally.iter().enumerate() {
        out.line(summary(&args.players[player], *wins, *draws, *losses))?;
    }
    Ok(())
}

fn save_error(path: &std::path::Path, error: std::io::Error) -> Failure {
    Failure::Save { path: path.display().to_string(), error }
}

/// Each role's result: 0 a win (the highest goal alone), 1 a draw (the highest, shared), 2 a
/// loss. An aborted match is a draw for everyone.
fn outcomes(record: &MatchRecord) -> Vec<usize> {
    let goals = &record.goal_values;
    let best = goals.iter().copied().max().unwrap_or(0);
    let sharing = goals.iter().filter(|&&goal| goal == best).count();
    let roles = record.player_names_from_host.len();
    (0..roles)
        .map(|role| match goals.get(role) {
            None => 1,
            Some(&goal) if goal < best => 2,
            Some(_) if sharing > 1 => 1,
            Some(_) => 0,
        })
        .collect()
}

/// One line per match: its id, each role's player and goal, the moves and the errors.
fn describe(record: &MatchRecord, roles: &[String]) -> String {
    let mut line = format!("{}:", record.match_id);
    for (role, name) in roles.iter().enumerate() {
        let goal = record.goal_values.get(role).map_or("-".to_owned(), u32::to_string);
        line.push_str(&format!(" {name} {} {goal},", record.player_names_from_host[role]));
    }
    let errors = record.errors.iter().flatten().filter(|error| !error.is_empty()).count();
    let end = if record.is_aborted { ", aborted" } else { "" };
    line.push_str(&format!(" {} moves, {errors} errors{end}", record.moves.len()));
    line
}

/// The Wilson score interval, at 95%, of a share of `k` successes in `n` trials.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96_f64);
    let share = k / n;
    let centre = share + z * z / (2.0 * n);
    let spread = z * (share * (1.0 - share) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (((centre - spread) / scale).max(0.0), ((centre + spread) / scale).min(1.0))
}

/// A player's wins, draws and losses, its share of wins with the Wilson 95% interval (which
/// stays sound at 0 or all wins), and its score (a draw a half) with the score's 95% interval
/// (normal approximation, as `arbiter match`).
fn summary(player: &str, wins: usize, draws: usize, losses: usize) -> String {
    let games = wins + draws + losses;
    let n = games.max(1) as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    let variance = (wins as f64 * (1.0 - score).powi(2)
        + draws as f64 * (0.5 - score).powi(2)
        + losses as f64 * score.powi(2))
        / n;
    let margin = 1.96 * (variance / n).sqrt();
    let (won_low, won_high) = wilson(wins, games);
    format!(
        "{player}: {games} matches, won {wins}, drew {draws}, lost {losses}: won {:.1}% \
         (95% interval {:.1}% to {:.1}%), score {:.1}% (95% interval {:.1}% to {:.1}%)",
        wins as f64 / n * 100.0,
        won_low * 100.0,
        won_high * 100.0,
        score * 100.0,
        (score - margin).max(0.0) * 100.0,
        (score + margin).min(1.0) * 100.0
    )
}

#[cfg(test)]
mod tests {
    use super::{summary, wilson};

    #[test]
    fn the_wilson_interval_stays_sound_at_all_wins_and_matches_its_reference_values() {
        // 20 of 20: 83.9% to 100% (the normal approximation would give 100% to 100%).
        let (low, high) = wilson(20, 20);
        assert!((low - 0.8389).abs() < 1e-3 && (high - 1.0).abs() < 1e-9, "{low} {high}");
        // 10 of 20: 29.9% to 70.1%.
        let (low, high) = wilson(10, 20);
        assert!((low - 0.2993).abs() < 1e-3 && (high - 0.7007).abs() < 1e-3, "{low} {high}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn a_summary_gives_the_share_won_and_the_score_with_their_intervals() {
        let line = summary("mcts", 18, 2, 0);
        assert!(
            line.starts_with("mcts: 20 matches, won 18, drew 2, lost 0: won 90.0% (95%"),
            "{line}"
        );
        assert!(line.contains("score 95.0%"), "{line}");
    }
}
