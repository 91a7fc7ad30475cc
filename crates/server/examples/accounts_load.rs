//! Accounts and ratings under load: the figures of the players' pages and of signing in.
//!
//! ```text
//! cargo build --release -p arbiter-cli -p arbiter-server --bin arbiter --example accounts_load
//! # 10,000 accounts and 200,000 rated games, through the server's store
//! target/release/examples/accounts_load seed --database sqlite:///tmp/figures/db.sqlite
//! target/release/arbiter serve --addr 127.0.0.1:8080 --database sqlite:///tmp/figures/db.sqlite
//! # a profile, a rating history and a leaderboard, 1,000 requests each, one at a time
//! target/release/examples/accounts_load reads --addr 127.0.0.1:8080
//! # 50 sign-ins a second for 30 s (run `load --pace 1000-3000` beside it for the moves' p99)
//! target/release/examples/accounts_load sign-ins --addr 127.0.0.1:8080 --rate 50 --seconds 30
//! # argon2id at the server's cost (OWASP's: 19 MiB, 2 passes, 1 lane), one thread
//! target/release/examples/accounts_load hash --count 20
//! ```
//!
//! `seed` writes what players would have made, through the same store the server writes with:
//! each account as a sign-up stores it (its password an argon2id hash of `password`), each game
//! created rated between two accounts on a clock, with both seats held by the accounts, then
//! ended by a resignation or an agreed draw, its ratings updated in the ending transaction as
//! the server does it. The games are spread evenly over the last `--days` days, oldest first.
//! Each account has a home perf among four (`checkers/blitz`, `checkers/rapid`,
//! `minicheckers/blitz`, `fanorona/rapid`) where nine games in ten of its games are played,
//! so that most players' deviations fall low enough for the leaderboards. `seed --casual` writes
//! the same games unrated: its games a second against a rated seeding's is what the ratings'
//! update in the ending transaction costs.

use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use arbiter_core::Side;
use arbiter_rating::{PerfKey, Speed};
use arbiter_server::owner_key;
use arbiter_server::store::{
    Event, GameResult, Millis, Rated, SignIn, Store, StoredAccount, StoredGame, StoredSeat,
    TimeControl,
};
use argon2::password_hash::{PasswordHasher, SaltString};
use argon2::Argon2;
use clap::{Parser, Subcommand};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::{Client, StatusCode};
use serde_json::json;
use tokio::task::JoinSet;

#[path = "common/latency.rs"]
mod latency;
use latency::{millis, percentile};

/// The four perfs of the seeded games: game, initial seconds, increment seconds.
const PERFS: [(&str, u64, u64); 4] =
    [("checkers", 180, 2), ("checkers", 600, 0), ("minicheckers", 180, 2), ("fanorona", 600, 5)];
/// The password of every seeded account.
const PASSWORD: &str = "password";
/// A day in milliseconds.
const DAY_MS: i64 = 86_400_000;

/// Accounts and ratings under load.
#[derive(Debug, Parser)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Fills a database with accounts and rated games.
    Seed {
        /// The database (`sqlite://FILE` or `postgres://…`), migrated first.
        #[arg(long)]
        database: String,
        /// Accounts, named `player00000`, `player00001`, … (at least two for each of the four
        /// home perfs).
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(8..=1_000_000))]
        accounts: u32,
        /// Rated games.
        #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        games: u32,
        /// The days the games are spread over, up to now.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=3650))]
        days: u32,
        /// The seed of the pairings and results.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Casual games rather than rated ones: the same writes without the ratings' update,
        /// to measure what it costs.
        #[arg(long)]
        casual: bool,
    },
    /// Reads profiles, rating histories and leaderboards, one request at a time.
    Reads {
        /// The server's address.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// The seeded accounts, of which a random one is read each time.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
        accounts: u32,
        /// Requests of each kind.
        #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        requests: u32,
        /// The seed of the names read.
        #[arg(long, default_value_t = 2)]
        seed: u64,
    },
    /// Signs up one account, then signs it in `rate` times a second.
    SignIns {
        /// The server's address.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// Sign-ins a second.
        #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        rate: u32,
        /// Seconds of sign-ins.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=3_600))]
        seconds: u32,
    },
    /// Hashes a password with argon2id at the server's cost, one hash at a time.
    Hash {
        /// Hashes made.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        count: u32,
    },
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let done = match args.command {
        Command::Seed { database, accounts, games, days, seed, casual } => {
            seed_database(&database, Seeding { accounts, games, days, seed, casual }).await
        }
        Command::Reads { addr, accounts, requests, seed } => {
            reads(&addr, accounts, requests, seed).await
        }
        Command::SignIns { addr, rate, seconds } => sign_ins(&addr, rate, seconds).await,
        Command::Hash { count } => hash(count),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("accounts_load: {error}");
            ExitCode::FAILURE
        }
    }
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_millis() as i64)
}

fn name(index: u32) -> String {
    format!("player{index:05}")
}

/// The perf key of `PERFS[index]`, `checkers/blitz`.
fn perf(index: usize) -> String {
    let (game, initial, increment) = PERFS[index];
    PerfKey::new(game, Speed::of_real_time(initial, increment))
        .map_or_else(|error| format!("{game}/{error}"), |key| key.to_string())
}

/// A password hash as a sign-up stores it (argon2id, 19 MiB, 2 passes, 1 lane: the argon2
/// crate's default, which is OWASP's and the server's).
fn password_hash() -> Result<String, String> {
    let salt = SaltString::encode_b64(b"arbiter-seeded!!").map_err(|error| error.to_string())?;
    Argon2::default()
        .hash_password(PASSWORD.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| error.to_string())
}

/// What `seed` makes.
struct Seeding {
    accounts: u32,
    games: u32,
    days: u32,
    seed: u64,
    casual: bool,
}

async fn seed_database(database: &str, seeding: Seeding) -> Result<(), String> {
    let Seeding { accounts, games, days, seed, casual } = seeding;
    let store = Store::connect(database).await.map_err(|error| error.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let now = now_ms();
    let first = now - i64::from(days) * DAY_MS;
    let password = password_hash()?;
    let started = Instant::now();
    let mut ids = Vec::with_capacity(accounts as usize);
    for index in 0..accounts {
        let account = StoredAccount {
            id: format!("seeded{index:08}"),
            name: name(index),
            password: Some(password.clone()),
            seat_key: format!("{:032x}", rng.random::<u128>()),
            created: Millis(first - DAY_MS),
            deleted: false,
        };
        let session = format!("{:064x}", rng.random::<u128>());
        let sign_in = SignIn {
            account_id: &account.id,
            session: &session,
            owners: None,
            seats: &[],
            now: account.created,
        };
        store
            .create_account(&account, &account.name.to_lowercase(), &sign_in)
            .await
            .map_err(|error| format!("account {}: {error}", account.name))?;
        ids.push((account.id, owner_key(&account.seat_key)));
    }
    println!("{accounts} accounts in {:.1} s", started.elapsed().as_secs_f64());
    let started = Instant::now();
    let step = (i64::from(days) * DAY_MS) / i64::from(games);
    for index in 0..games {
        let at = first + i64::from(index) * step;
        let (game, [white, black]) = rated_game(&mut rng, &ids, index, at);
        let holdings = [(ids[white].1.clone(), Side::White), (ids[black].1.clone(), Side::Black)];
        let game = if casual { StoredGame { rated: None, ..game } } else { game };
        store
            .create(&game, &holdings, None)
            .await
            .map_err(|error| format!("game {index}: {error}"))?;
        let ended = ended(&mut rng, game, at + 300_000);
        store.save(&ended, 0, 0, None).await.map_err(|error| format!("game {index}: {error}"))?;
        if (index + 1) % 20_000 == 0 {
            println!("{} games, {:.1} s", index + 1, started.elapsed().as_secs_f64());
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let kind = if casual { "casual" } else { "rated" };
    println!("{games} {kind} games in {seconds:.1} s ({:.0} a second)", f64::from(games) / seconds);
    store.close().await;
    Ok(())
}

/// A new rated game at `at` between two accounts (`ids`: id and owner key), and the indices of
/// White's and Black's: the first's home perf nine times in ten, against another account of
/// the same home perf.
fn rated_game(
    rng: &mut ChaCha8Rng,
    ids: &[(String, String)],
    index: u32,
    at: i64,
) -> (StoredGame, [usize; 2]) {
    let count = ids.len();
    let white = rng.random_range(0..count);
    let home = white % PERFS.len();
    let perf_index =
        if rng.random_range(0..10) == 0 { rng.random_range(0..PERFS.len()) } else { home };
    // Another account of the same home perf: the same index modulo the perfs.
    let mut black = white;
    while black == white {
        black = (rng.random_range(0..count) / PERFS.len()) * PERFS.len() + home;
        if black >= count {
            black = white;
        }
    }
    let (game, initial, increment) = PERFS[perf_index];
    let clock =
        TimeControl::RealTime { initial_ms: initial * 1000, increment_ms: increment * 1000 };
    let seat = StoredSeat { player: "human".to_owned(), secret: None, claimed: true };
    let game = StoredGame {
        id: format!("s{index:011}"),
        game: game.to_owned(),
        options: String::new(),
        seats: [seat.clone(), seat],
        moves: Vec::new(),
        event: None,
        draw_offer: None,
        undo_request: None,
        result: None,
        version: 1,
        takebacks: 0,
        due: false,
        lease: None,
        created: Millis(at),
        updated: Millis(at),
        clock: Some(clock),
        berserk: [false; 2],
        remaining: [Millis(initial as i64 * 1000); 2],
        turn_began: Millis(at),
        deadline: None,
        waiting: 0,
        clocks: Vec::new(),
        rematch_offer: None,
        rematch_game: None,
        rated: Some(Rated {
            perf: perf(perf_index),
            accounts: [ids[white].0.clone(), ids[black].0.clone()],
            changes: None,
        }),
        record_tags: None,
    };
    (game, [white, black])
}

/// `game` ended at `at`: White or Black resigned (45% each) or the players agreed a draw.
fn ended(rng: &mut ChaCha8Rng, mut game: StoredGame, at: i64) -> StoredGame {
    let roll = rng.random_range(0..100);
    let (event, result) = match roll {
        0..45 => (Event::Resignation(Side::Black), GameResult::WhiteWins),
        45..90 => (Event::Resignation(Side::White), GameResult::BlackWins),
        _ => (Event::Draw, GameResult::Draw),
    };
    game.event = Some(event);
    game.result = Some(result);
    game.version += 1;
    game.updated = Millis(at);
    game
}

/// The latencies of `count` requests (or hashes) of one kind, summed up, and those that failed.
fn report(kind: &str, mut latencies: Vec<Duration>, failed: Option<usize>) {
    latencies.sort();
    let failed = failed.map_or_else(String::new, |failed| format!("  ({failed} not 200)"));
    println!(
        "{kind:<16} {:>6}  p50 {}  p99 {}  max {}{failed}",
        latencies.len(),
        millis(percentile(&latencies, 0.5)),
        millis(percentile(&latencies, 0.99)),
        millis(latencies.last().copied().unwrap_or_default()),
    );
}

async fn reads(addr: &str, accounts: u32, requests: u32, seed: u64) -> Result<(), String> {
    let client = Client::builder().build().map_err(|error| error.to_string())?;
    let base = format!("http://{addr}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for kind in ["profile", "rating history", "leaderboard"] {
        let mut latencies = Vec::with_capacity(requests as usize);
        let mut failed = 0;
        for _ in 0..requests {
            let index = rng.random_range(0..accounts);
            let url = match kind {
                "profile" => format!("{base}/api/users/{}", name(index)),
                "rating history" => format!(
                    "{base}/api/users/{}/rating-history?perf={}",
                    name(index),
                    perf(index as usize % PERFS.len())
                ),
                _ => format!("{base}/api/leaderboard/{}", perf(rng.random_range(0..PERFS.len()))),
            };
            let started = Instant::now();
            let answer = client.get(&url).send().await.map_err(|error| error.to_string())?;
            let status = answer.status();
            answer.bytes().await.map_err(|error| error.to_string())?;
            latencies.push(started.elapsed());
            if status != StatusCode::OK {
                failed += 1;
            }
        }
        report(kind, latencies, Some(failed));
    }
    Ok(())
}

async fn sign_ins(addr: &str, rate: u32, seconds: u32) -> Result<(), String> {
    let client = Client::builder().build().map_err(|error| error.to_string())?;
    let base = format!("http://{addr}");
    let name = format!("flood{}", now_ms() % 1_000_000_000);
    let body = json!({ "name": name, "password": PASSWORD });
    let signed_up = client
        .post(format!("{base}/api/account/signup"))
        .json(&body)
        .send()
        .await
        .map_err(|error| error.to_string())?;
    if signed_up.status() != StatusCode::CREATED {
        return Err(format!("the sign-up got {}", signed_up.status()));
    }
    let mut tasks = JoinSet::new();
    let period = Duration::from_secs_f64(1.0 / f64::from(rate));
    let mut ticks = tokio::time::interval(period);
    let started = Instant::now();
    for _ in 0..rate * seconds {
        ticks.tick().await;
        let (client, url, body) =
            (client.clone(), format!("{base}/api/account/login"), body.clone());
        tasks.spawn(async move {
            let sent = Instant::now();
            let answer = client.post(url).json(&body).send().await;
            (sent.elapsed(), answer.map(|answer| answer.status()).ok())
        });
    }
    let mut latencies = Vec::new();
    let mut failed = 0;
    while let Some(done) = tasks.join_next().await {
        let (latency, status) = done.map_err(|error| error.to_string())?;
        latencies.push(latency);
        if status != Some(StatusCode::OK) {
            failed += 1;
        }
    }
    let wall = started.elapsed().as_secs_f64();
    println!(
        "{} sign-ins in {wall:.1} s ({:.1} a second)",
        latencies.len(),
        latencies.len() as f64 / wall
    );
    report("sign-in", latencies, Some(failed));
    Ok(())
}

fn hash(count: u32) -> Result<(), String> {
    let mut took = Vec::with_capacity(count as usize);
    for index in 0..count {
        let salt = SaltString::encode_b64(format!("salt-of-hash-{index:04}").as_bytes())
            .map_err(|error| error.to_string())?;
        let started = Instant::now();
        Argon2::default()
            .hash_password(PASSWORD.as_bytes(), &salt)
            .map_err(|error| error.to_string())?;
        took.push(started.elapsed());
    }
    let params = argon2::Params::default();
    println!("argon2id m={} KiB t={} p={}", params.m_cost(), params.t_cost(), params.p_cost());
    report("hash", took, None);
    Ok(())
}
