//! What watching a game costs a second server: plays one long game of random legal moves on
//! server A while a socket watches it on server B (both on one PostgreSQL), and prints B's
//! processor time per move, read from `/proc/PID/stat` before and after.
//!
//! ```text
//! target/debug/arbiter serve --addr 127.0.0.1:8081 --database postgres://… &
//! target/debug/arbiter serve --addr 127.0.0.1:8082 --database postgres://… & watcher=$!
//! cargo run -p arbiter-server --example watch -- --play 127.0.0.1:8081 \
//!     --watch 127.0.0.1:8082 --pid $watcher --game fanorona --plies 300
//! ```
//!
//! The moves are random, but a game is made to last: a move that captures is played only
//! when no other is legal, or once `--quiet` moves have passed without one (the games' draw
//! rules end a game after some 80 to 100 turns without a capture). Each move waits until the
//! watcher's socket has pushed the state it made, so that B works on every move (as it does
//! for a person watching), and the time measured is all B's work for the game's moves: the
//! notices heard, the game brought up to date, the states pushed.

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser)]
struct Args {
    /// The server the moves are played on.
    #[arg(long)]
    play: String,
    /// The server whose socket watches the game.
    #[arg(long)]
    watch: String,
    /// The watching server's process id, to read its processor time.
    #[arg(long)]
    pid: u32,
    /// The game.
    #[arg(long, default_value = "fanorona")]
    game: String,
    /// The game's options.
    #[arg(long, default_value = "")]
    options: String,
    /// The moves to play (fewer if the game ends first).
    #[arg(long, default_value_t = 300)]
    plies: usize,
    /// The seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The moves without a capture after which a capture is played when one is legal.
    #[arg(long, default_value_t = 60)]
    quiet: usize,
    /// Both sides played by this computer player on the first server (e.g. `ai:1`), rather
    /// than by random moves sent to it: the watcher is followed until the game ends.
    #[arg(long)]
    computer: Option<String>,
}

#[derive(Deserialize)]
struct Created {
    id: String,
    seats: std::collections::HashMap<String, Seat>,
    state: State,
}

#[derive(Deserialize)]
struct Seat {
    token: String,
}

#[derive(Deserialize)]
struct State {
    ply: usize,
    status: String,
    to_move: String,
    legal: Vec<Legal>,
    version: i64,
}

#[derive(Deserialize)]
struct Legal {
    #[serde(rename = "move")]
    text: String,
    captures: Vec<String>,
}

/// Follows a game of computers on the watcher's socket until it is over; its moves.
async fn watch_to_the_end<S>(socket: &mut S) -> Result<usize, String>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let pushed = tokio::time::timeout(Duration::from_secs(60), socket.next())
            .await
            .map_err(|_| "the watcher pushed nothing for 60 s".to_owned())?;
        let Some(Ok(Message::Text(text))) = pushed else { continue };
        let Ok(state) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
        if state["status"] != "ongoing" {
            return Ok(state["ply"].as_u64().unwrap_or(0) as usize);
        }
    }
}

/// The processor time of process `pid` so far (user and system), in clock ticks.
fn ticks(pid: u32) -> Result<u64, String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_err(|error| format!("cannot read the process's times: {error}"))?;
    let after_name = stat.rsplit_once(')').map_or(stat.as_str(), |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let field = |index: usize| fields.get(index).and_then(|text| text.parse::<u64>().ok());
    // utime and stime are the 14th and 15th fields; the 3rd is the first after the name.
    match (field(11), field(12)) {
        (Some(user), Some(system)) => Ok(user + system),
        _ => Err("the process's times cannot be read".to_owned()),
    }
}

/// A small random generator (xorshift), seeded.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

async fn run(args: Args) -> Result<(), String> {
    let client = reqwest::Client::new();
    let created: Created = client
        .post(format!("http://{}/api/games", args.play))
        .json(&json!({
            "game": args.game,
            "options": args.options,
            "white": args.computer.as_deref().unwrap_or("human"),
            "black": args.computer.as_deref().unwrap_or("human"),
        }))
        .send()
        .await
        .map_err(|error| error.to_string())?
        .json()
        .await
        .map_err(|error| error.to_string())?;
    let url = format!("ws://{}/api/games/{}/socket", args.watch, created.id);
    let (mut socket, _) =
        tokio_tungstenite::connect_async(url).await.map_err(|error| error.to_string())?;
    let mut state = created.state;
    let mut random = Random(args.seed.max(1));
    let before = ticks(args.pid)?;
    let (mut played, mut quiet) = (0, 0);
    if args.computer.is_some() {
        played = watch_to_the_end(&mut socket).await?;
        state.status = "over".to_owned();
    }
    while args.computer.is_none() && played < args.plies && !state.legal.is_empty() {
        let token = &created.seats[&state.to_move].token;
        let (captures, others): (Vec<&Legal>, Vec<&Legal>) =
            state.legal.iter().partition(|legal| !legal.captures.is_empty());
        let pool = if others.is_empty() || (quiet >= args.quiet && !captures.is_empty()) {
            quiet = 0;
            captures
        } else {
            quiet += 1;
            others
        };
        let text = &pool[random.below(pool.len())].text;
        state = client
            .post(format!("http://{}/api/games/{}/moves", args.play, created.id))
            .bearer_auth(token)
            .json(&json!({"move": text, "ply": state.ply}))
            .send()
            .await
            .map_err(|error| error.to_string())?
            .json()
            .await
            .map_err(|error| error.to_string())?;
        played += 1;
        // The watcher's socket pushes the state of this move.
        loop {
            let pushed = tokio::time::timeout(Duration::from_secs(10), socket.next())
                .await
                .map_err(|_| "the watcher pushed nothing for 10 s".to_owned())?;
            let Some(Ok(Message::Text(text))) = pushed else { continue };
            let version = serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .and_then(|value| value["version"].as_i64());
            if version.is_some_and(|version| version >= state.version) {
                break;
            }
        }
    }
    let spent = ticks(args.pid)? - before;
    let per_second = 100.0; // clock ticks a second on Linux (USER_HZ)
    let milliseconds = spent as f64 / per_second * 1000.0;
    println!(
        "{played} moves of {} (game {}, {}): the watching server spent {milliseconds:.0} ms of \
         processor time, {:.2} ms a move",
        args.game,
        created.id,
        state.status,
        milliseconds / played.max(1) as f64
    );
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    match run(Args::parse()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("watch: {error}");
            ExitCode::FAILURE
        }
    }
}
