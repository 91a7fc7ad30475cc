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
//! than acknowledged, or a request failed.
//!
//! The server answers `GET /api/games/{id}` from memory while a game is loaded; to check what
//! the database holds, give `--verify-delay 30` and restart the server in those 30 seconds.
//! `--timeout-ms` shortens the request timeout (10 s by default), to provoke resent moves.

use std::collections::{BTreeMap, HashMap};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use reqwest::{Client, RequestBuilder, StatusCode};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::json;
use tokio::task::JoinSet;

/// The longest a request may take by default, from connecting to the end of the answer; a
/// creation and a reading back always allow this long.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// The most games one run may play at once.
const MAX_GAMES: u32 = 10_000;
/// The most moves one game may be played for.
const MAX_PLIES: u32 = 10_000;
/// How often a move is sent when no answer comes.
const ATTEMPTS: usize = 3;
/// The games `--game all` cycles through.
const ALL_GAMES: [&str; 5] = ["minicheckers", "holes", "fanorona", "checkers", "daynight"];

/// Plays many games of random legal moves through the Arbiter API at once, and checks that
/// every acknowledged move was stored.
#[derive(Debug, Parser)]
struct Args {
    /// The server's address.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// Games played at once.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GAMES)))]
    games: u32,
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
    /// Seconds to wait before reading the games back: time to restart the server, so that the
    /// check reads what its database holds rather than what it has in memory.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=600))]
    verify_delay: u32,
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
async fn create(client: &Client, base: &str, run: &mut GameRun) -> Option<Created> {
    let request = client
        .post(format!("{base}/api/games"))
        .timeout(REQUEST_TIMEOUT)
        .json(&json!({"game": run.game, "options": "", "white": "human", "black": "human"}));
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

/// Plays `text` at `ply`, sent again while no answer comes: the new state once acknowledged.
async fn play(
    client: &Client,
    url: &str,
    token: &str,
    text: &str,
    ply: usize,
    run: &mut GameRun,
) -> Option<GameState> {
    for _ in 0..ATTEMPTS {
        let started = Instant::now();
        let request = client.post(url).bearer_auth(token).json(&json!({"move": text, "ply": ply}));
        let (status, body) = match send(request).await {
            Ok(answer) => answer,
            Err(kind) => {
                run.error(kind);
                continue;
            }
        };
        run.latencies.push(started.elapsed());
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

/// Plays one game of random legal moves, until it is over, `max_plies` moves are played, or
/// a request fails.
async fn play_game(
    client: Client,
    base: String,
    game: &'static str,
    max_plies: usize,
    mut random: SplitMix64,
) -> GameRun {
    let mut run = GameRun { game, ..GameRun::default() };
    let Some(created) = create(&client, &base, &mut run).await else { return run };
    let url = format!("{base}/api/games/{}/moves", created.id);
    run.id = Some(created.id);
    let mut state = created.state;
    while state.status == "ongoing" && state.ply < max_plies {
        let Some(seat) = created.seats.get(&state.to_move) else {
            run.error("no token for the side to move");
            break;
        };
        if state.legal.is_empty() {
            run.error("no legal move in an ongoing game");
            break;
        }
        let text = state.legal[random.below(state.legal.len())].text.clone();
        match play(&client, &url, &seat.token, &text, state.ply, &mut run).await {
            Some(next) => {
                run.acknowledged.push(text);
                state = next;
            }
            None => break,
        }
    }
    run.over = state.status == "over";
    run
}

/// Plays every game at once; the runs, and the wall time they took.
async fn play_all(client: &Client, base: &str, args: &Args) -> (Vec<GameRun>, Duration) {
    let games: Vec<&'static str> = if args.game == "all" {
        ALL_GAMES.to_vec()
    } else {
        ALL_GAMES.into_iter().filter(|known| *known == args.game).collect()
    };
    let mut seeds = SplitMix64(args.seed);
    let mut tasks = JoinSet::new();
    let started = Instant::now();
    for index in 0..args.games as usize {
        let game = games[index % games.len()];
        let random = SplitMix64(seeds.next());
        let max_plies = args.max_plies as usize;
        tasks.spawn(play_game(client.clone(), base.to_owned(), game, max_plies, random));
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

/// How the moves a game stored compare with those its player sent.
#[derive(Debug, Default, PartialEq, Eq)]
struct Check {
    /// Acknowledged, but stored fewer times.
    lost: usize,
    /// Stored more often than sent.
    duplicated: usize,
    /// The stored list is neither the acknowledged moves nor them and the move in doubt.
    differs: bool,
}

/// How many times each move occurs.
fn counts<'a>(moves: impl IntoIterator<Item = &'a String>) -> HashMap<&'a str, usize> {
    let mut counts = HashMap::new();
    for text in moves {
        *counts.entry(text.as_str()).or_default() += 1;
    }
    counts
}

/// The moves of `more` beyond those of `fewer`, counted as multisets.
fn excess(more: &HashMap<&str, usize>, fewer: &HashMap<&str, usize>) -> usize {
    more.iter().map(|(text, n)| n.saturating_sub(fewer.get(text).copied().unwrap_or(0))).sum()
}

fn compare(run: &GameRun, stored: &[String]) -> Check {
    let acknowledged = counts(&run.acknowledged);
    let sent = counts(run.acknowledged.iter().chain(&run.in_doubt));
    let stored_counts = counts(stored);
    let lost = excess(&acknowledged, &stored_counts);
    let duplicated = excess(&stored_counts, &sent);
    let exact = stored == run.acknowledged.as_slice();
    let with_doubt = run.in_doubt.as_ref().is_some_and(|doubt| {
        stored.len() == run.acknowledged.len() + 1
            && stored.starts_with(&run.acknowledged)
            && stored.last() == Some(doubt)
    });
    Check { lost, duplicated, differs: !exact && !with_doubt }
}

/// Reads every game back: its check, or why it could not be read.
async fn verify(
    client: &Client,
    base: &str,
    runs: &[GameRun],
) -> Vec<(String, Result<Check, String>)> {
    let mut tasks = JoinSet::new();
    for (index, run) in runs.iter().enumerate() {
        let Some(id) = run.id.clone() else { continue };
        let request = client.get(format!("{base}/api/games/{id}")).timeout(REQUEST_TIMEOUT);
        tasks.spawn(async move { (index, id, send(request).await) });
    }
    let mut checks = Vec::new();
    while let Some(joined) = tasks.join_next().await {
        let Ok((index, id, answer)) = joined else {
            checks.push(("?".to_owned(), Err("the task failed".to_owned())));
            continue;
        };
        let check = match answer {
            Ok((StatusCode::OK, body)) => serde_json::from_slice::<GameState>(&body)
                .map(|state| compare(&runs[index], &state.moves))
                .map_err(|error| format!("answer not the JSON expected: {error}")),
            Ok((status, _)) => Err(status.to_string()),
            Err(kind) => Err(kind.to_owned()),
        };
        checks.push((id, check));
    }
    checks
}

/// The latency under which `fraction` of the sorted `latencies` fall (nearest rank).
fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let rank = (fraction * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.clamp(1, sorted.len().max(1)) - 1).copied().unwrap_or_default()
}

fn millis(duration: Duration) -> String {
    format!("{:.2} ms", duration.as_secs_f64() * 1000.0)
}

/// Prints what the games did; the number of failed requests.
fn print_play(runs: &[GameRun], wall: Duration) -> u64 {
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
    errors.values().sum()
}

/// Prints how the stored games compare with what was sent; `true` when they all agree.
fn print_checks(checks: &[(String, Result<Check, String>)]) -> bool {
    let (mut lost, mut duplicated, mut differ, mut unread) = (0, 0, 0, 0);
    for (id, check) in checks {
        match check {
            Ok(check) => {
                lost += check.lost;
                duplicated += check.duplicated;
                if check.differs {
                    differ += 1;
                    println!("  game {id}: stored moves differ, {check:?}");
                }
            }
            Err(why) => {
                unread += 1;
                println!("  game {id}: cannot be read back: {why}");
            }
        }
    }
    println!(
        "verified:     {} games read back: {lost} moves lost, {duplicated} duplicated, \
         {differ} games stored otherwise than acknowledged, {unread} unreadable",
        checks.len()
    );
    lost == 0 && duplicated == 0 && differ == 0 && unread == 0
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
    let base = format!("http://{}", args.addr);
    println!(
        "{} games of {} on {base}, at most {} plies, seed {}, timeout {} ms",
        args.games, args.game, args.max_plies, args.seed, args.timeout_ms
    );
    let (runs, wall) = play_all(&client, &base, &args).await;
    let failed_requests = print_play(&runs, wall);
    if args.verify_delay > 0 {
        println!("reading the games back in {} s", args.verify_delay);
        tokio::time::sleep(Duration::from_secs(u64::from(args.verify_delay))).await;
    }
    let checks = verify(&client, &base, &runs).await;
    let agree = print_checks(&checks);
    if agree && failed_requests == 0 {
        ExitCode::SUCCESS
    } else {
        println!("FAILED");
        ExitCode::FAILURE
    }
}
