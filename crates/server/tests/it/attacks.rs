//! The families of attack a hostile client makes on a game server, and a person's game played
//! while one runs, its moves timed: shared by the hostile run of the tests (`siege.rs`) and the
//! `siege` example, which measures a server anywhere.
//!
//! The attacker and the person connect from different local addresses (any of 127.0.0.0/8
//! reaches a server on the loopback), as they would on the internet, so that the limits a server
//! keeps per address tell them apart.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpSocket;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

/// A family of attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attack {
    /// No attack: the person's game alone.
    None,
    /// Sockets that each send a message of 16 MiB in frames of 1 MiB, none final, again and
    /// again.
    Frames,
    /// Connections that send a request's headers a byte a second (slowloris): 1,100 in the
    /// finding.
    Slowloris,
    /// Connections that send a request's headers whole, then its body a byte a second, or a
    /// `Content-Length` larger than what they send and then nothing, as many as the attacker
    /// may open: each is cut off once the body's bound passes (10 s by default).
    SlowBodies,
    /// Analyses of 5 s asked for without pause by 20 clients at once.
    Analyses,
    /// Games created as fast as the server answers.
    Creation,
    /// Sockets opened on one game and kept open, as many as the server allows (3,000 in the
    /// finding).
    Sockets,
}

impl Attack {
    /// Every family, the person's game alone first.
    pub const ALL: [Attack; 7] = [
        Attack::None,
        Attack::Frames,
        Attack::Slowloris,
        Attack::SlowBodies,
        Attack::Analyses,
        Attack::Creation,
        Attack::Sockets,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Attack::None => "none",
            Attack::Frames => "frames",
            Attack::Slowloris => "slowloris",
            Attack::SlowBodies => "slow-bodies",
            Attack::Analyses => "analyses",
            Attack::Creation => "creation",
            Attack::Sockets => "sockets",
        }
    }
}

/// A server, the addresses the attacker and the person connect from, and how many
/// connections the attacker opens at most (slowloris's, the sockets').
#[derive(Debug, Clone, Copy)]
pub struct Target {
    pub server: SocketAddr,
    pub attacker: IpAddr,
    pub person: IpAddr,
    pub connections: usize,
}

impl Target {
    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.server)
    }

    fn client(&self, from: IpAddr) -> Client {
        Client::builder()
            .local_address(from)
            .timeout(Duration::from_secs(20))
            .build()
            .expect("a client")
    }
}

/// What the attacker's requests got: answers that did what was asked (a socket opened counts
/// as one), answers that refused it, and requests that failed (a connection refused or closed).
#[derive(Debug, Default)]
pub struct Answers {
    pub ok: AtomicUsize,
    pub refused: AtomicUsize,
    pub failed: AtomicUsize,
}

impl Answers {
    fn count(&self, status: Option<StatusCode>) {
        let counter = match status {
            Some(status) if status.is_success() => &self.ok,
            Some(_) => &self.refused,
            None => &self.failed,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// `ok/refused/failed`.
    pub fn summary(&self) -> String {
        let load = |counter: &AtomicUsize| counter.load(Ordering::Relaxed);
        format!("{}/{}/{}", load(&self.ok), load(&self.refused), load(&self.failed))
    }
}

/// Creates a game as `client`: its JSON, or the status that refused it.
async fn create(
    target: &Target,
    client: &Client,
    white: &str,
    black: &str,
) -> Result<Value, Option<StatusCode>> {
    let body = json!({"game": "holes", "white": white, "black": black});
    let response = client.post(target.url("/api/games")).json(&body).send().await;
    match response {
        Ok(response) if response.status() == StatusCode::CREATED => {
            Ok(response.json().await.expect("json"))
        }
        Ok(response) => Err(Some(response.status())),
        Err(_) => Err(None),
    }
}

/// Runs `attack` on `target` until `until`; what its requests got.
pub async fn attack(attack: Attack, target: Target, until: Instant) -> Arc<Answers> {
    let answers = Arc::new(Answers::default());
    let client = target.client(target.attacker);
    let game = if attack == Attack::None {
        None
    } else {
        create(&target, &client, "human", "ai:1").await.ok()
    };
    let id = game.as_ref().and_then(|game| game["id"].as_str()).unwrap_or("none").to_owned();
    let mut tasks = Vec::new();
    let (count, one): (usize, fn(Context) -> Task) = match attack {
        Attack::None => (0, |_| Box::pin(async {})),
        Attack::Frames => (10, |context| Box::pin(frames(context))),
        Attack::Slowloris => (1, |context| Box::pin(slowloris(context))),
        Attack::SlowBodies => (1, |context| Box::pin(slow_bodies(context))),
        Attack::Analyses => (20, |context| Box::pin(analyses(context))),
        Attack::Creation => (8, |context| Box::pin(creation(context))),
        Attack::Sockets => (1, |context| Box::pin(sockets(context))),
    };
    for _ in 0..count {
        let (client, id, answers) = (client.clone(), id.clone(), answers.clone());
        tasks.push(tokio::spawn(one(Context { target, client, id, answers, until })));
    }
    tokio::time::sleep_until(until.into()).await;
    for task in tasks {
        task.abort();
    }
    answers
}

/// What each of an attack's tasks works with.
struct Context {
    target: Target,
    client: Client,
    id: String,
    answers: Arc<Answers>,
    until: Instant,
}

type Task = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

async fn frames(context: Context) {
    let url = format!("ws://{}/api/games/{}/socket", context.target.server, context.id);
    while Instant::now() < context.until {
        let Ok(stream) = local_stream(context.target.attacker, context.target.server).await else {
            context.answers.count(None);
            continue;
        };
        let Ok((mut socket, _)) = tokio_tungstenite::client_async(url.as_str(), stream).await
        else {
            context.answers.count(None);
            continue;
        };
        context.answers.count(Some(StatusCode::OK));
        // A message of 16 MiB in frames of 1 MiB, none final: a server that reads it whole
        // holds it all.
        for part in 0..16 {
            let kind = if part == 0 { Data::Binary } else { Data::Continue };
            let frame = Frame::message(vec![0u8; 1 << 20], OpCode::Data(kind), false);
            if socket.send(Message::Frame(frame)).await.is_err() {
                break;
            }
        }
        while let Some(Ok(_)) = socket.next().await {}
    }
}

async fn slowloris(context: Context) {
    let mut held = Vec::new();
    for _ in 0..context.target.connections {
        match local_stream(context.target.attacker, context.target.server).await {
            Ok(mut stream) => {
                let _ = stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").await;
                held.push(stream);
                context.answers.count(Some(StatusCode::OK));
            }
            Err(_) => context.answers.count(None),
        }
    }
    while Instant::now() < context.until {
        for stream in &mut held {
            let _ = stream.write_all(b"X").await;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn slow_bodies(context: Context) {
    let mut held = Vec::new();
    let path = format!("/api/games/{}/moves", context.id);
    for number in 0..context.target.connections {
        match local_stream(context.target.attacker, context.target.server).await {
            Ok(mut stream) => {
                // Half send their body slowly, half say it is longer than they send.
                let length = if number % 2 == 0 { 64 } else { 60_000 };
                let headers = format!(
                    "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                     Content-Length: {length}\r\n\r\n{{"
                );
                let _ = stream.write_all(headers.as_bytes()).await;
                held.push((number % 2 == 0, stream));
                context.answers.count(Some(StatusCode::OK));
            }
            Err(_) => context.answers.count(None),
        }
    }
    while Instant::now() < context.until {
        for (trickles, stream) in &mut held {
            if *trickles {
                let _ = stream.write_all(b" ").await;
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn analyses(context: Context) {
    let url = context.target.url(&format!("/api/games/{}/analysis?think=5s", context.id));
    while Instant::now() < context.until {
        let response = context.client.get(&url).send().await;
        context.answers.count(response.ok().map(|response| response.status()));
    }
}

async fn creation(context: Context) {
    while Instant::now() < context.until {
        let created = create(&context.target, &context.client, "human", "human").await;
        context.answers.count(created.map_or_else(|status| status, |_| Some(StatusCode::CREATED)));
    }
}

async fn sockets(context: Context) {
    let url = format!("ws://{}/api/games/{}/socket", context.target.server, context.id);
    let mut held = Vec::new();
    for _ in 0..context.target.connections {
        if Instant::now() >= context.until {
            break;
        }
        let Ok(stream) = local_stream(context.target.attacker, context.target.server).await else {
            context.answers.count(None);
            continue;
        };
        match tokio_tungstenite::client_async(url.as_str(), stream).await {
            Ok((socket, _)) => {
                held.push(socket);
                context.answers.count(Some(StatusCode::OK));
            }
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                context.answers.count(Some(response.status()));
            }
            Err(_) => context.answers.count(None),
        }
    }
    tokio::time::sleep_until(context.until.into()).await;
}

/// A TCP connection from `from` to `server`.
async fn local_stream(from: IpAddr, server: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = if from.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
    socket.bind(SocketAddr::new(from, 0))?;
    tokio::time::timeout(Duration::from_secs(5), socket.connect(server))
        .await
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::TimedOut))?
}

/// A person's games while an attack runs: each move's time from sending to its answer, and
/// what went wrong.
#[derive(Debug, Default)]
pub struct Played {
    pub latencies: Vec<Duration>,
    pub games: usize,
    pub errors: Vec<String>,
}

impl Played {
    /// The latency at `percent` (0 to 100) of the moves.
    pub fn percentile(&self, percent: usize) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        if sorted.is_empty() {
            return Duration::ZERO;
        }
        sorted[((sorted.len() - 1) * percent) / 100]
    }
}

/// Plays games of holes between two people, a move every `pace`, until `until`: each move
/// must be acknowledged with the state it leaves, and the game as stored must hold exactly
/// the moves acknowledged.
pub async fn play(target: Target, pace: Duration, until: Instant) -> Played {
    let client = target.client(target.person);
    let mut played = Played::default();
    while Instant::now() < until {
        let created = match create(&target, &client, "human", "human").await {
            Ok(created) => created,
            Err(status) => {
                played.errors.push(format!("a new game: {status:?}"));
                tokio::time::sleep(pace).await;
                continue;
            }
        };
        played.games += 1;
        let id = created["id"].as_str().expect("an id").to_owned();
        let tokens = [
            created["seats"]["white"]["token"].clone(),
            created["seats"]["black"]["token"].clone(),
        ];
        let mut state = created["state"].clone();
        let mut moves: Vec<String> = Vec::new();
        while state["status"] == "ongoing" && Instant::now() < until {
            let legal = state["legal"].as_array().expect("legal moves");
            let chosen =
                legal[moves.len() * 7 % legal.len()]["move"].as_str().expect("a move").to_owned();
            let token = if state["to_move"] == "white" { &tokens[0] } else { &tokens[1] };
            let sent = Instant::now();
            let response = client
                .post(target.url(&format!("/api/games/{id}/moves")))
                .bearer_auth(token.as_str().expect("a token"))
                .json(&json!({"move": chosen, "ply": moves.len()}))
                .send()
                .await;
            let answer = match response {
                Ok(response) if response.status() == StatusCode::OK => {
                    response.json::<Value>().await.ok()
                }
                Ok(response) => {
                    played.errors.push(format!("move {}: {}", moves.len(), response.status()));
                    None
                }
                Err(error) => {
                    played.errors.push(format!("move {}: {error}", moves.len()));
                    None
                }
            };
            played.latencies.push(sent.elapsed());
            let Some(answer) = answer else { break };
            moves.push(chosen);
            if answer["ply"] != json!(moves.len()) {
                played.errors.push(format!("move {} answered ply {}", moves.len(), answer["ply"]));
                break;
            }
            state = answer;
            tokio::time::sleep(pace).await;
        }
        let stored: Value = match client.get(target.url(&format!("/api/games/{id}"))).send().await {
            Ok(response) => response.json().await.unwrap_or_default(),
            Err(error) => {
                played.errors.push(format!("reading the game back: {error}"));
                continue;
            }
        };
        let canonical: Vec<String> = state["moves"]
            .as_array()
            .map(|moves| moves.iter().filter_map(|mv| mv.as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        if stored["moves"] != json!(canonical) || canonical.len() != moves.len() {
            played.errors.push(format!(
                "game {id}: stored {} moves, acknowledged {}",
                stored["moves"],
                moves.len()
            ));
        }
    }
    played
}
