//! `arbiter serve`: the game server, configured from the command line.

use std::sync::Arc;
use std::time::Duration;

use arbiter_catalog::Endgames;

use crate::failure::Failure;

/// How long the server's exit waits for the work still running on its threads.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(1);

/// The arguments of `arbiter serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// How the log is written on standard error: `text` for people, `json` (a JSON object a
    /// line) for a log collector. `RUST_LOG` chooses what is logged (default: `info`, each
    /// request's answer with its identifier, and what went wrong).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: std::net::SocketAddr,
    /// The database: sqlite://PATH or postgres://USER@HOST/DB (default: arbiter.db in
    /// the user's data folder).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Threads the computer players may think on at once (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    workers: Option<u16>,
    /// The most games kept in memory at once; the others are read from the database
    /// when asked for.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    cache_games: u32,
    /// Seconds a game unused stays in memory.
    #[arg(long, value_name = "SECONDS", default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=86_400))]
    idle: u32,
    /// Seconds a server's claim on a computer move lasts unless renewed: a server that
    /// dies holds its computer moves this long before another plays them.
    #[arg(long, value_name = "SECONDS", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=3_600))]
    lease: u32,
    /// Seconds between the scans for computer moves that no server is searching.
    #[arg(long, value_name = "SECONDS", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=3_600))]
    scan: u32,
    /// The most connections served at once; more wait until one closes.
    #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// Seconds a client has to send a request's body once its headers have come; a body
    /// that trickles in slower is answered 408 and its connection closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=3_600))]
    body_timeout: u32,
    /// Seconds a client has to send a request's headers; a kept-alive connection on which
    /// no request begins within them is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=3_600))]
    header_timeout: u32,
    /// The address people reach the server at when a proxy stands in front of it, e.g.
    /// https://games.example.org: with `https`, its cookies are `Secure`.
    #[arg(long, value_name = "URL", value_parser = public_url)]
    public_url: Option<String>,
    /// The server is reached through a reverse proxy that appends the client's address to
    /// X-Forwarded-For: the limits below count by that address.
    #[arg(long)]
    behind_proxy: bool,
    /// Games one client address may create a minute (0: no limit).
    #[arg(long, default_value_t = 30)]
    games_per_minute: u32,
    /// Moves and other changes one client address may make a second, twice as many at
    /// once (0: no limit).
    #[arg(long, default_value_t = 20)]
    changes_per_second: u32,
    /// Sockets one client address may hold open (0: no limit).
    #[arg(long, default_value_t = 50)]
    sockets_per_client: u32,
    /// Sockets open on one game (0: no limit).
    #[arg(long, default_value_t = 500)]
    sockets_per_game: u32,
    /// The folder of the endgame tables that the computer players and the analyses probe
    /// (`arbiter tablebase build`; default: the environment variable ARBITER_TABLEBASE);
    /// tables of at most 4 pieces (3 in daynight) are built in memory when it lacks them.
    #[arg(long, value_name = "DIR")]
    tablebase: Option<std::path::PathBuf>,
}

/// How the log is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// A line of text an event.
    Text,
    /// A JSON object an event.
    Json,
}

/// Sends the log to standard error in `format`, filtered by `RUST_LOG` (default: `info`, the
/// database driver's own only from `warn`).
fn start_log(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let log = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    // A second server in one process (a test's) keeps the log the first one set up.
    let _ = match format {
        LogFormat::Text => log.try_init(),
        LogFormat::Json => log.json().try_init(),
    };
}

/// Runs the server that `args` describe until Ctrl-C.
pub fn run(args: &ServeArgs) -> Result<(), Failure> {
    let ServeArgs {
        log_format,
        addr,
        database,
        workers,
        cache_games,
        idle,
        lease,
        scan,
        max_connections,
        body_timeout,
        header_timeout,
        public_url,
        behind_proxy,
        games_per_minute,
        changes_per_second,
        sockets_per_client,
        sockets_per_game,
        tablebase,
    } = args;
    start_log(*log_format);
    let seconds = |value: &u32| Duration::from_secs(u64::from(*value));
    let workers = workers
        .map_or_else(|| std::thread::available_parallelism().map_or(1, usize::from), usize::from);
    let settings = arbiter_server::Settings {
        workers,
        cache_games: *cache_games as usize,
        idle: seconds(idle),
        lease: seconds(lease),
        scan: seconds(scan),
        password_cost: arbiter_server::PasswordCost::OWASP,
        ..arbiter_server::Settings::default()
    };
    let defaults = arbiter_server::Limits::default();
    let limits = arbiter_server::Limits {
        connections: *max_connections as usize,
        body_timeout: seconds(body_timeout),
        header_timeout: seconds(header_timeout),
        // Behind a proxy every connection comes from the proxy's address.
        connections_per_address: if *behind_proxy { 0 } else { defaults.connections_per_address },
        ..defaults
    };
    let database = database.clone().unwrap_or_else(arbiter_server::store::Store::default_url);
    let public_url = public_url.clone();
    let protection = arbiter_server::Protection {
        games_per_minute: *games_per_minute,
        changes_per_second: *changes_per_second,
        sockets_per_client: *sockets_per_client as usize,
        sockets_per_game: *sockets_per_game as usize,
        behind_proxy: *behind_proxy,
        ..arbiter_server::Protection::default()
    };
    serve(arbiter_server::Config {
        addr: *addr,
        database,
        settings,
        limits,
        public_url,
        protection,
        endgames: Arc::new(Endgames::open_or_environment(tablebase.clone())),
    })
}

/// Reads `--public-url`: an `http://` or `https://` address.
fn public_url(text: &str) -> Result<String, String> {
    let scheme = text.split_once("://").map(|(scheme, _)| scheme);
    match scheme {
        Some("http" | "https") if text.len() > "https://".len() => {
            Ok(text.trim_end_matches('/').to_owned())
        }
        _ => Err("expected an address like https://games.example.org".to_owned()),
    }
}

/// `arbiter serve`: the game server until Ctrl-C.
fn serve(config: arbiter_server::Config) -> Result<(), Failure> {
    let runtime = tokio::runtime::Runtime::new().map_err(Failure::Output)?;
    let database = config.database.clone();
    let served = runtime.block_on(arbiter_server::serve(config, |bound| {
        println!("Arbiter is serving on http://{bound}/ (database {database}); Ctrl-C stops it.");
    }));
    // A search that does not watch its stop flag (the solver's part of an analysis) does not
    // hold the exit.
    runtime.shutdown_timeout(SHUTDOWN_WAIT);
    served?;
    Ok(())
}
