//! A tournament under load, over one server or several on one PostgreSQL: accounts that join
//! and play at once, each a program with its own address (`X-Forwarded-For`: start the
//! servers with `--behind-proxy`) and session, on the server it signed up on.
//!
//! ```text
//! cargo build --release -p arbiter-cli -p arbiter-server --bin arbiter --example tournament_load
//! target/release/arbiter serve --addr 127.0.0.1:8081 --database postgres://… --behind-proxy \
//!     --games-per-minute 0 --changes-per-second 0 &
//! target/release/arbiter serve --addr 127.0.0.1:8082 --database postgres://… --behind-proxy \
//!     --games-per-minute 0 --changes-per-second 0 &
//! # an arena of 200 players for 10 minutes of 1+0
//! target/release/examples/tournament_load --addr 127.0.0.1:8081 --addr 127.0.0.1:8082 \
//!     --players 200 --arena-minutes 10
//! # a Swiss event of 64 players and 7 rounds
//! target/release/examples/tournament_load --addr 127.0.0.1:8081 --addr 127.0.0.1:8082 \
//!     --players 64 --swiss-rounds 7
//! ```
//!
//! Each player listens on its lobby socket for its pairings (`paired`), follows its game on the
//! game's socket, and plays a random legal move as soon as it is to move. Printed: the games
//! played, the moves, the seconds from the end of a player's game to its next pairing (p50,
//! p99, over the pairings that followed a game), the errors; then the check of the final
//! standings against those recomputed here from the games as the server answers them
//! (`checks.rs`), and for a Swiss event every pairing rule.

mod checks;

use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::header::{HeaderMap, HeaderValue, COOKIE};
use reqwest::Client;
use serde_json::{json, Value};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

#[path = "../common/latency.rs"]
mod latency;
use latency::{millis, percentile};

/// A tournament under load.
#[derive(Debug, Parser)]
struct Args {
    /// A server's address; the players are spread over every one given.
    #[arg(long, required = true)]
    addr: Vec<String>,
    /// The players.
    #[arg(long, default_value_t = 200)]
    players: usize,
    /// An arena of this many minutes.
    #[arg(long, conflicts_with = "swiss_rounds")]
    arena_minutes: Option<u32>,
    /// A Swiss event of this many rounds.
    #[arg(long)]
    swiss_rounds: Option<u32>,
    /// The game.
    #[arg(long, default_value = "minicheckers")]
    game: String,
    /// Each side's time, in seconds (no increment).
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The seed of the moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// What the players saw.
#[derive(Debug, Default)]
struct Seen {
    /// From a game's end to the player's next pairing.
    waits: Vec<Duration>,
    /// Moves played.
    moves: usize,
    /// Errors, by kind.
    errors: HashMap<String, usize>,
}

type Shared = Arc<Mutex<Seen>>;

fn note_error(seen: &Shared, kind: impl Into<String>) {
    let mut seen = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    *seen.errors.entry(kind.into()).or_default() += 1;
}

/// A player: its server, its client (with its cookie and address), its cookie.
#[derive(Clone)]
struct Player {
    base: String,
    client: Client,
    cookie: String,
}

/// Signs player `index` up on its server: its client carries its address and session.
async fn sign_up(args: &Args, index: usize, tag: u64) -> Result<(Player, String), String> {
    let addr = &args.addr[index % args.addr.len()];
    let base = format!("http://{addr}");
    let mut headers = HeaderMap::new();
    let forwarded = format!("10.{}.{}.{}", index / 65536 % 256, index / 256 % 256, index % 256);
    headers
        .insert("x-forwarded-for", HeaderValue::from_str(&forwarded).map_err(|e| e.to_string())?);
    let client = Client::builder().default_headers(headers).build().map_err(|e| e.to_string())?;
    let name = format!("tl{tag}p{index}");
    let body = json!({"name": name, "password": "password1"});
    let response = client
        .post(format!("{base}/api/account/signup"))
        .json(&body)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !response.status().is_success() {
        return Err(format!("sign-up of {name}: {}", response.status()));
    }
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .filter_map(|value| value.split(';').next())
        .find(|pair| pair.starts_with("arbiter_account="))
        .ok_or("no account cookie")?
        .to_owned();
    Ok((Player { base, client, cookie }, name))
}

impl Player {
    async fn post(&self, path: &str, body: Value) -> Result<Value, String> {
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .header(COOKIE, &self.cookie)
            .json(&body)
            .send()
            .await
            .map_err(|e| format!("POST {path}: {e}"))?;
        let status = response.status();
        let value: Value = response.json().await.map_err(|e| format!("POST {path}: {e}"))?;
        if status.is_success() {
            Ok(value)
        } else {
            Err(format!("POST {path}: {status}"))
        }
    }

    async fn get(&self, path: &str) -> Result<Value, String> {
        let response = self.client.get(format!("{}{path}", self.base)).send().await;
        let response = response.map_err(|e| format!("GET {path}: {e}"))?;
        response.json().await.map_err(|e| format!("GET {path}: {e}"))
    }

    /// A WebSocket of `path` on the player's server, with its cookie and address.
    async fn socket(
        &self,
        path: &str,
        index: usize,
    ) -> Result<
        tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
        String,
    > {
        let url = format!("{}{path}", self.base.replacen("http", "ws", 1));
        let mut request = url.into_client_request().map_err(|e| e.to_string())?;
        let headers = request.headers_mut();
        headers.insert(COOKIE, HeaderValue::from_str(&self.cookie).map_err(|e| e.to_string())?);
        let forwarded = format!("10.{}.{}.{}", index / 65536 % 256, index / 256 % 256, index % 256);
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_str(&forwarded).map_err(|e| e.to_string())?,
        );
        let (socket, _) =
            tokio_tungstenite::connect_async(request).await.map_err(|e| format!("{path}: {e}"))?;
        Ok(socket)
    }
}

/// Plays game `game` as `side` to its end: a random legal move whenever it is to move.
async fn play_game(
    player: &Player,
    index: usize,
    game: &str,
    side: &str,
    rng: &mut ChaCha8Rng,
    seen: &Shared,
) -> Result<(), String> {
    let mut socket = player.socket(&format!("/api/games/{game}/socket"), index).await?;
    let mut sent = None;
    while let Some(message) = socket.next().await {
        let Ok(Message::Text(text)) = message else { continue };
        let Ok(state) = serde_json::from_str::<Value>(&text) else { continue };
        let state = if state["state"].is_object() { &state["state"] } else { &state };
        if state["status"] != "ongoing" && state["status"].is_string() {
            return Ok(());
        }
        let ply = state["ply"].as_u64().unwrap_or(0);
        if state["to_move"] != side || sent == Some(ply) {
            continue;
        }
        let legal = state["legal"].as_array().map(Vec::as_slice).unwrap_or_default();
        if legal.is_empty() {
            continue;
        }
        let chosen = legal[rng.random_range(0..legal.len())]["move"].clone();
        sent = Some(ply);
        match player
            .post(&format!("/api/games/{game}/moves"), json!({"move": chosen, "ply": ply}))
            .await
        {
            Ok(_) => seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner).moves += 1,
            // A move made as the game ended on time, or after a reconnection.
            Err(error) if error.ends_with("409 Conflict") => {}
            Err(error) => note_error(seen, error),
        }
    }
    Err(format!("the socket of {game} closed"))
}

/// A player's life in the tournament: each pairing its lobby socket tells it, played.
async fn take_part(player: Player, index: usize, seed: u64, seen: Shared) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index as u64);
    let mut lobby = match player.socket("/api/lobby/socket", index).await {
        Ok(socket) => socket,
        Err(error) => return note_error(&seen, error),
    };
    let mut ended: Option<Instant> = None;
    while let Some(message) = lobby.next().await {
        let Ok(Message::Text(text)) = message else {
            if let Ok(Message::Ping(data)) = message {
                let _ = lobby.send(Message::Pong(data)).await;
            }
            continue;
        };
        let Ok(message) = serde_json::from_str::<Value>(&text) else { continue };
        if message["type"] != "paired" {
            continue;
        }
        if let Some(ended) = ended {
            let mut seen = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            seen.waits.push(ended.elapsed());
        }
        let (game, side) =
            (message["game"].as_str().unwrap_or(""), message["side"].as_str().unwrap_or(""));
        if let Err(error) = play_game(&player, index, game, side, &mut rng, &seen).await {
            note_error(&seen, error);
        }
        ended = Some(Instant::now());
    }
}

/// Creates the tournament and enters every player; its identifier.
async fn enter(args: &Args, players: &[Player]) -> Result<String, String> {
    let mut new = json!({"name": "Load", "game": args.game, "clock": {"initial_ms": args.seconds * 1000},
        "starts_in_s": 20});
    match (args.arena_minutes, args.swiss_rounds) {
        (Some(minutes), _) => (new["kind"], new["minutes"]) = (json!("arena"), json!(minutes)),
        (None, Some(rounds)) => (new["kind"], new["rounds"]) = (json!("swiss"), json!(rounds)),
        (None, None) => return Err("--arena-minutes or --swiss-rounds".to_owned()),
    }
    let created = players[0].post("/api/tournaments", new).await?;
    let id = created["id"].as_str().ok_or("no id")?.to_owned();
    for player in players {
        player.post(&format!("/api/tournaments/{id}/join"), json!({})).await?;
    }
    Ok(id)
}

/// Waits until the tournament is over and its last game ended; the final view.
async fn until_over(player: &Player, id: &str) -> Result<Value, String> {
    loop {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let view = player.get(&format!("/api/tournaments/{id}")).await?;
        let playing =
            view["pairings"].as_array().is_some_and(|p| p.iter().any(|p| p["result"].is_null()));
        if view["status"] == "finished" && !playing {
            return Ok(view);
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args).await {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("tournament_load: {error}");
            ExitCode::from(2)
        }
    }
}

async fn run(args: &Args) -> Result<bool, String> {
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() % 1_000_000);
    let mut players = Vec::new();
    for index in 0..args.players {
        players.push(sign_up(args, index, tag).await?.0);
    }
    let seen: Shared = Arc::default();
    let mut tasks = JoinSet::new();
    for (index, player) in players.iter().enumerate() {
        tasks.spawn(take_part(player.clone(), index, args.seed, seen.clone()));
    }
    let id = enter(args, &players).await?;
    println!("tournament {id}: {} players over {} servers", args.players, args.addr.len());
    let started = Instant::now();
    let view = until_over(&players[0], &id).await?;
    tasks.abort_all();
    let seen = std::mem::take(&mut *seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    print_figures(&view, &seen, started.elapsed());
    checks::check(&players[0].client, &players[0].base, &view).await
}

fn print_figures(view: &Value, seen: &Seen, wall: Duration) {
    let games = view["pairings"]
        .as_array()
        .map_or(0, |p| p.iter().filter(|p| p["game"].is_string()).count());
    println!("{games} games, {} moves in {:.0} s", seen.moves, wall.as_secs_f64());
    let mut waits = seen.waits.clone();
    waits.sort();
    println!(
        "from a game's end to the next pairing ({} pairings): p50 {}, p99 {}, max {}",
        waits.len(),
        millis(percentile(&waits, 0.5)),
        millis(percentile(&waits, 0.99)),
        millis(waits.last().copied().unwrap_or_default())
    );
    println!("errors: {:?}", seen.errors);
}
