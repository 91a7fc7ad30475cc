//! A load generator for the Arbiter server: it plays many games of random legal moves at once
//! through the HTTP API, measures how long the moves take, and then checks that the server
//! stored exactly the moves it acknowledged.
//!
//! Start a server, then run the generator against it:
//!
//! ```text
//! cargo run --release -p arbiter-cli -- serve --addr 127.0.0.1:8080 \
//!     --database sqlite:///tmp/load/db.sqlite
//! cargo run --release -p arbiter-server --example load -- \
//!     --addr 127.0.0.1:8080 --games 500 --game checkers --max-plies 60 --seed 1
//! ```
//!
//! Every game is created with two human seats, and played by one task: for the side to move,
//! a random move of the last state's `legal` list, sent with that seat's token and the
//! current ply, until the game is over or `--max-plies` moves are played. `--game all` cycles
//! through the five games. A move whose answer never comes (a timeout, a broken connection)
//! is sent again, at most three times in all: a move carries its ply, so the server
//! acknowledges a resent move without playing it twice.
//!
//! It prints the moves played, the wall time, the moves per second, the latency of the move
//! requests (p50, p90, p99, max) and the errors by status. Then it reads every game back and
//! counts the moves lost (acknowledged, but not stored) and duplicated (stored more often than
//! sent). It exits with failure if a move was lost or duplicated, a game was stored otherwise
//! than acknowledged, or a game stopped on a request that failed on every attempt.
//!
//! The server answers `GET /api/games/{id}` from memory while a game is loaded; to check what
//! the database holds, give `--verify-delay 30` and restart the server in those 30 seconds,
//! or `--verify-addr` another server on the same database. `--timeout-ms` shortens the
//! request timeout (10 s by default), to provoke resent moves.
//!
//! Several servers over one PostgreSQL: `--addr A,B` spreads the games over them, and a move
//! whose server cannot be reached (killed: the *failover* run) or answers `503` is sent to the
//! next one. `--pace 1000-3000` makes each side wait 1 to 3 s before each move (the *paced*
//! run: latency under a steady load, rather than the most moves per second). `--opponent ai:1`
//! gives every game a computer as Black: the generator plays White and waits for the
//! computer's answers, and the check accepts a computer move stored after the last
//! acknowledged one. `--gets N` then reads N states spread at random over the games, and
//! prints how fast they were answered.

use std::collections::{BTreeMap, HashMap};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use reqwest::{Client, RequestBuilder, StatusCode};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::json;
use tokio::task::JoinSet;

#[path = "../common/latency.rs"]
mod latency;
mod readback;

use latency::{millis, percentile};
use readback::{print_checks, read_states, verify};

/// The longest a request may take by default, from connecting to the end of the answer; a
/// creation and a reading back always allow this long.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// The most games one run may play at once.
const MAX_GAMES: u32 = 10_000;
/// The most moves one game may be played for.
const MAX_PLIES: u32 = 10_000;
/// How often a move is sent when no answer comes.
const ATTEMPTS: usize = 3;
/// The requests that read states at once.
const READERS: usize = 64;
/// The games `--game all` cycles through.
const ALL_GAMES: [&str; 5] = ["minicheckers", "holes", "fanorona", "checkers", "daynight"];

/// Plays many games of random legal moves through the Arbiter API at once, and checks that
/// every acknowledged move was stored.
#[derive(Debug, Parser)]
struct Args {
    /// The servers' addresses, separated by commas: the games are spread over them, and a
    /// move is sent to the next when its server cannot be reached.
    #[arg(long, default_value = "127.0.0.1:8080", value_delimiter = ',')]
    addr: Vec<String>,
    /// The server the games are read back from (default: the first that answers).
    #[arg(long)]
    verify_addr: Option<String>,
    /// Milliseconds each side waits before each move, `MIN-MAX` (default: none).
    #[arg(long, value_parser = parse_pace)]
    pace: Option<(u64, u64)>,
    /// Black's player: `human` (the generator plays both sides) or a computer (`ai:1`).
    #[arg(long, default_value = "human")]
    opponent: String,
    /// States read after the games are played, spread at random over them.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10_000_000))]
    gets: u32,
    /// Games played in all.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GAMES)))]
    games: u32,
    /// Games played at once (default: all): a game starts when another ends.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GAMES)))]
    at_once: Option<u32>,
    /// The game, from the catalog (`checkers`, `holes`, …), or `all` to cycle through them.
    #[arg(long, default_value = "checkers")]
    game: String,
    /// The most moves played in a game.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PLIES)))]
    max_plies: u32,
    /// The seed of the random moves: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The longest a move request may take, in milliseconds; a move not answered in time is
    /// sent again.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=60_000))]
    timeout_ms: u32,
    /// Seconds to wait after the games are played, before the reads of `--gets` and reading
    /// the games back: time to restart the server, so that the check reads what its database
    /// holds rather than what it has in memory, or for the games to go idle.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=600))]
    verify_delay: u32,
}

/// Reads `MIN-MAX` milliseconds.
fn parse_pace(text: &str) -> Result<(u64, u64), String> {
    let (low, high) = text.split_once('-').ok_or("expected MIN-MAX, in milliseconds")?;
    let low: u64 = low.trim().parse().map_err(|_| format!("`{low}` is not a number"))?;
    let high: u64 = high.trim().parse().map_err(|_| format!("`{high}` is not a number"))?;
    if low > high || high > 600_000 {
        return Err("expected MIN <= MAX <= 600000".to_owned());
    }
    Ok((low, high))
}

/// The part of a game's state the generator reads.
#[derive(Debug, Deserialize)]
struct GameState {
    moves: Vec<String>,
    ply: usize,
    to_move: String,
    status: String,
    legal: Vec<LegalMove>,
}

#[derive(Debug, Deserialize)]
struct LegalMove {
    #[serde(rename = "move")]
    text: String,
}

/// The answer to `POST /api/games`.
#[derive(Debug, Deserialize)]
struct Created {
    id: String,
    seats: HashMap<String, Seat>,
    state: GameState,
}

#[derive(Debug, Deserialize)]
struct Seat {
    token: String,
}

/// What the player of one game saw.
#[derive(Debug, Default)]
struct GameRun {
    /// The catalog's identifier of the game.
    game: &'static str,
    /// The game's identifier, once created.
    id: Option<String>,
    /// The moves the server acknowledged, in order.
    acknowledged: Vec<String>,
    /// A move sent that was never answered: the server may or may not have stored it.
    in_doubt: Option<String>,
    /// The time of every answered move request.
    latencies: Vec<Duration>,
    /// The requests that failed, by status or kind of failure.
    errors: BTreeMap<String, u64>,
    /// `true` when the game ended, rather than stopping at the most plies or on an error.
    over: bool,
    /// Black is a computer: `acknowledged` holds its moves too, as the last answer showed
    /// them, and one more of its moves may be stored.
    against_computer: bool,
    /// The game stopped because a request failed for good (every attempt on every server).
    broken: bool,
}

impl GameRun {
    fn error(&mut self, kind: impl Into<String>) {
        *self.errors.entry(kind.into()).or_default() += 1;
    }
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// 2014): tiny, seeded, and good enough to pick moves.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`; `bound` is not 0.
    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// An error of a request that got no whole answer, as a kind to count.
fn failure_kind(error: &reqwest::Error) -> &'static str {
    if error.is_timeout() {
        "timeout"
    } else if error.is_connect() {
        "connection refused or failed"
    } else if error.is_body() || error.is_decode() {
        "broken answer"
    } else {
        "transport error"
    }
}

/// Sends a request: its status and body, or why no whole answer came.
async fn send(request: RequestBuilder) -> Result<(StatusCode, Vec<u8>), &'static str> {
    let response = request.send().await.map_err(|error| failure_kind(&error))?;
    let status = response.status();
    let body = response.bytes().await.map_err(|error| failure_kind(&error))?;
    Ok((status, body.to_vec()))
}

/// The answer's JSON, or `None` with the error counted.
fn parse<T: DeserializeOwned>(body: &[u8], run: &mut GameRun) -> Option<T> {
    let parsed = serde_json::from_slice(body);
    if parsed.is_err() {
        run.error("answer not the JSON expected");
    }
    parsed.ok()
}

/// Creates a game of `game` with two human seats; not sent again on failure, since a second
/// request would create a second game.
async fn create(client: &Client, base: &str, opponent: &str, run: &mut GameRun) -> Option<Created> {
    let request = client
        .post(format!("{base}/api/games"))
        .timeout(REQUEST_TIMEOUT)
        .json(&json!({"game": run.game, "options": "", "white": "human", "black": opponent}));
    match send(request).await {
        Ok((StatusCode::CREATED, body)) => parse(&body, run),
        Ok((status, _)) => {
            run.error(format!("create: {status}"));
            None
        }
        Err(kind) => {
            run.error(format!("create: {kind}"));
            None
        }
    }
}

/// The servers, and the one a game is played on now.
struct Servers<'a> {
    bases: &'a [String],
    current: usize,
}

impl Servers<'_> {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.bases[self.current % self.bases.len()])
    }

    /// The next server, after this one failed.
    fn next(&mut self) {
        self.current += 1;
    }
}

/// Plays `text` at `ply`, sent again while no answer comes (to the next server when its
/// server cannot be reached or is unavailable): the new state once acknowledged.
async fn play(
    client: &Client,
    servers: &mut Servers<'_>,
    path: &str,
    token: &str,
    text: &str,
    ply: usize,
    run: &mut GameRun,
) -> Option<GameState> {
    let attempts = ATTEMPTS * servers.bases.len();
    for _ in 0..attempts {
        let started = Instant::now();
        let request = client
            .post(servers.url(path))
            .bearer_auth(token)
            .json(&json!({"move": text, "ply": ply}));
        let (status, body) = match send(request).await {
            Ok(answer) => answer,
            Err(kind) => {
                run.error(kind);
                servers.next();
                continue;
            }
        };
        run.latencies.push(started.elapsed());
        if status == StatusCode::SERVICE_UNAVAILABLE {
            run.error(status.to_string());
            servers.next();
            continue;
        }
        if status != StatusCode::OK {
            run.error(status.to_string());
            return None;
        }
        let state: GameState = parse(&body, run)?;
        // The acknowledgement must show the move played, at its ply.
        if state.ply != ply + 1 || state.moves.get(ply).map(String::as_str) != Some(text) {
            run.error("200 OK without the move at its ply");
            return None;
        }
        return Some(state);
    }
    run.in_doubt = Some(text.to_owned());
    None
}

/// Reads the state of the game at `path` until it is White's turn or over (the computer
/// answered); `None` when it cannot be read.
async fn await_computer(
    client: &Client,
    servers: &mut Servers<'_>,
    path: &str,
    run: &mut GameRun,
) -> Option<GameState> {
    for _ in 0..(600 * servers.bases.len()) {
        match send(client.get(servers.url(path)).timeout(REQUEST_TIMEOUT)).await {
            Ok((StatusCode::OK, body)) => {
                let state: GameState = parse(&body, run)?;
                if state.status != "ongoing" || state.to_move == "white" {
                    return Some(state);
                }
            }
            Ok((StatusCode::SERVICE_UNAVAILABLE, _)) | Err(_) => servers.next(),
            Ok((status, _)) => {
                run.error(format!("read: {status}"));
                return None;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    run.error("the computer did not answer in a minute");
    None
}

/// How one game is played.
#[derive(Debug, Clone)]
struct Plan {
    game: &'static str,
    max_plies: usize,
    pace: Option<(u64, u64)>,
    opponent: String,
}

/// Plays one game of random legal moves, until it is over, `max_plies` moves are played, or
/// a request fails.
async fn play_game(
    client: Client,
    bases: Vec<String>,
    first: usize,
    plan: Plan,
    mut random: SplitMix64,
) -> GameRun {
    let against_computer = plan.opponent != "human";
    let mut run = GameRun { game: plan.game, against_computer, ..GameRun::default() };
    let mut servers = Servers { bases: &bases, current: first };
    let base = servers.url("");
    let Some(created) = create(&client, &base, &plan.opponent, &mut run).await else {
        run.broken = true;
        return run;
    };
    let path = format!("/api/games/{}", created.id);
    let moves_path = format!("{path}/moves");
    run.id = Some(created.id);
    let mut state = created.state;
    while state.status == "ongoing" && state.ply < plan.max_plies {
        if against_computer && state.to_move != "white" {
            match await_computer(&client, &mut servers, &path, &mut run).await {
                Some(next) => {
                    run.acknowledged.clone_from(&next.moves);
                    state = next;
                    continue;
                }
                None => {
                    run.broken = true;
                    break;
                }
            }
        }
        let Some(seat) = created.seats.get(&state.to_move) else {
            run.error("no token for the side to move");
            break;
        };
        if state.legal.is_empty() {
            run.error("no legal move in an ongoing game");
            break;
        }
        if let Some((low, high)) = plan.pace {
            let wait = low + random.below((high - low + 1) as usize) as u64;
            tokio::time::sleep(Duration::from_millis(wait)).await;
        }
        let text = state.legal[random.below(state.legal.len())].text.clone();
        let ply = state.ply;
        match play(&client, &mut servers, &moves_path, &seat.token, &text, ply, &mut run).await {
            Some(next) => {
                if against_computer {
                    run.acknowledged.clone_from(&next.moves);
                } else {
                    run.acknowledged.push(text);
                }
                state = next;
            }
            None => {
                run.broken = true;
                break;
            }
        }
    }
    run.over = state.status == "over";
    run
}

/// Plays every game at once; the runs, and the wall time they took.
async fn play_all(client: &Client, bases: &[String], args: &Args) -> (Vec<GameRun>, Duration) {
    let games: Vec<&'static str> = if args.game == "all" {
        ALL_GAMES.to_vec()
    } else {
        ALL_GAMES.into_iter().filter(|known| *known == args.game).collect()
    };
    let mut seeds = SplitMix64(args.seed);
    let mut tasks = JoinSet::new();
    let at_once = args.at_once.map_or(args.games, |at_once| at_once.min(args.games));
    let turns = std::sync::Arc::new(tokio::sync::Semaphore::new(at_once as usize));
    let started = Instant::now();
    for index in 0..args.games as usize {
        let plan = Plan {
            game: games[index % games.len()],
            max_plies: args.max_plies as usize,
            pace: args.pace,
            opponent: args.opponent.clone(),
        };
        let random = SplitMix64(seeds.next());
        let (client, bases, turns) = (client.clone(), bases.to_vec(), turns.clone());
        tasks.spawn(async move {
            let _turn = turns.acquire_owned().await;
            play_game(client, bases, index, plan, random).await
        });
    }
    let mut runs = Vec::new();
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok(run) => runs.push(run),
            Err(error) => {
                let mut run = GameRun { game: "?", ..GameRun::default() };
                run.error(format!("the game's task failed: {error}"));
                runs.push(run);
            }
        }
    }
    (runs, started.elapsed())
}

/// Prints what the games did; the number of games a request stopped for good (a request that
/// failed and then succeeded when sent again, to the same server or the next, is counted
/// among the errors, but stops nothing).
fn print_play(runs: &[GameRun], wall: Duration) -> usize {
    let created = runs.iter().filter(|run| run.id.is_some()).count();
    let over = runs.iter().filter(|run| run.over).count();
    let moves: usize = runs.iter().map(|run| run.acknowledged.len()).sum();
    let mut latencies: Vec<Duration> =
        runs.iter().flat_map(|run| run.latencies.iter().copied()).collect();
    latencies.sort_unstable();
    let mut errors: BTreeMap<&str, u64> = BTreeMap::new();
    for (kind, n) in runs.iter().flat_map(|run| &run.errors) {
        *errors.entry(kind).or_default() += n;
    }
    println!("games:        {} asked, {created} created, {over} over", runs.len());
    println!("moves:        {moves} acknowledged");
    println!("wall time:    {:.3} s", wall.as_secs_f64());
    println!("throughput:   {:.1} moves/s", moves as f64 / wall.as_secs_f64().max(1e-9));
    println!(
        "move latency: p50 {}, p90 {}, p99 {}, max {} ({} answered requests)",
        millis(percentile(&latencies, 0.50)),
        millis(percentile(&latencies, 0.90)),
        millis(percentile(&latencies, 0.99)),
        millis(latencies.last().copied().unwrap_or_default()),
        latencies.len()
    );
    if errors.is_empty() {
        println!("errors:       none");
    }
    for (kind, n) in &errors {
        println!("errors:       {n} × {kind}");
    }
    let broken = runs.iter().filter(|run| run.broken).count();
    println!("stopped:      {broken} games stopped by a request that failed for good");
    broken
}

/// The first of `bases` whose health check answers (the first when none does).
async fn answering(client: &Client, bases: &[String]) -> String {
    for base in bases {
        if let Ok((StatusCode::OK, _)) =
            send(client.get(format!("{base}/api/health")).timeout(REQUEST_TIMEOUT)).await
        {
            return base.clone();
        }
    }
    bases[0].clone()
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    if args.game != "all" && !ALL_GAMES.contains(&args.game.as_str()) {
        eprintln!(
            "`{}` is not a game; expected `all` or one of {}",
            args.game,
            ALL_GAMES.join(", ")
        );
        return ExitCode::from(2);
    }
    let client = match Client::builder()
        .timeout(Duration::from_millis(u64::from(args.timeout_ms)))
        .pool_max_idle_per_host(args.games as usize)
        .build()
    {
        Ok(client) => client,
        Err(error) => {
            eprintln!("cannot make an HTTP client: {error}");
            return ExitCode::from(2);
        }
    };
    let bases: Vec<String> = args.addr.iter().map(|addr| format!("http://{addr}")).collect();
    println!(
        "{} games of {} against {} on {}, at most {} plies, pace {:?} ms, seed {}, timeout {} ms",
        args.games,
        args.game,
        args.opponent,
        bases.join(" "),
        args.max_plies,
        args.pace,
        args.seed,
        args.timeout_ms
    );
    let (runs, wall) = play_all(&client, &bases, &args).await;
    let broken_games = print_play(&runs, wall);
    if args.verify_delay > 0 {
        println!("reading the games back in {} s", args.verify_delay);
        tokio::time::sleep(Duration::from_secs(u64::from(args.verify_delay))).await;
    }
    if args.gets > 0 {
        read_states(&client, &bases, &runs, args.gets as usize, args.seed).await;
    }
    let base = match &args.verify_addr {
        Some(addr) => format!("http://{addr}"),
        None => answering(&client, &bases).await,
    };
    let checks = verify(&client, &base, &runs).await;
    let agree = print_checks(&checks);
    if agree && broken_games == 0 {
        ExitCode::SUCCESS
    } else {
        println!("FAILED");
        ExitCode::FAILURE
    }
}
