//! `arbiter serve` as a process: killed with SIGKILL in the middle of games and started again
//! on the same database, it has every move it acknowledged, and the games go on (the
//! computer's too).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use reqwest::blocking::Client;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The server process and the address it printed.
struct Serving {
    child: Child,
    base: String,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(database: &str) -> Serving {
    start_with(database, &[])
}

/// `arbiter serve` on `database` with the options `extra`.
fn start_with(database: &str, extra: &[&str]) -> Serving {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", database, "--workers", "1"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("its output");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let base = line
        .split_whitespace()
        .find(|word| word.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .trim_end_matches('/')
        .to_owned();
    Serving { child, base }
}

fn client() -> Client {
    Client::builder().timeout(Duration::from_secs(30)).build().expect("a client")
}

/// Game `id`'s state on `server`.
fn game_state(client: &Client, server: &Serving, id: &str) -> Value {
    client
        .get(format!("{}/api/games/{id}", server.base))
        .send()
        .expect("sent")
        .json()
        .expect("json")
}

/// Plays six rounds of a move in each of `games` (the seat's token of the side to move, when
/// the request holds it): the moves each game acknowledged last.
fn play_rounds(client: &Client, server: &Serving, games: &[Value]) -> Vec<Vec<Value>> {
    let mut acknowledged: Vec<Vec<Value>> = vec![Vec::new(); games.len()];
    for round in 0..6 {
        for (index, created) in games.iter().enumerate() {
            let id = created["id"].as_str().expect("an id");
            let state = game_state(client, server, id);
            let side = state["to_move"].as_str().expect("a side");
            let Some(token) = created["seats"][side]["token"].as_str() else { continue };
            let legal = state["legal"].as_array().expect("legal");
            if legal.is_empty() {
                continue;
            }
            let mv = legal[round % legal.len()]["move"].clone();
            let response = client
                .post(format!("{}/api/games/{id}/moves", server.base))
                .bearer_auth(token)
                .json(&json!({ "move": mv, "ply": state["ply"] }))
                .send()
                .expect("sent");
            if response.status() == StatusCode::OK {
                let after: Value = response.json().expect("json");
                acknowledged[index] = after["moves"].as_array().expect("moves").clone();
            }
        }
    }
    acknowledged
}

/// Waits until `check` holds of game `id` on `server`, polling for 10 s: whether it did.
fn wait_until(
    client: &Client,
    server: &Serving,
    id: &str,
    check: impl Fn(&Value) -> bool,
) -> Option<Value> {
    for _ in 0..200 {
        let state = game_state(client, server, id);
        if check(&state) {
            return Some(state);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

#[test]
fn a_server_killed_and_started_again_keeps_every_acknowledged_move() {
    let folder = tempfile::Builder::new().prefix("arbiter-kill-").tempdir().expect("a folder");
    let database = format!("sqlite://{}", folder.path().join("games.db").display());
    let client = client();
    let server = start(&database);
    assert!(server.base.starts_with("http://127.0.0.1:"), "{}", server.base);
    let mut games = Vec::new();
    for (game, black) in [("checkers", "human"), ("fanorona", "human"), ("holes", "ai:1")] {
        let created: Value = client
            .post(format!("{}/api/games", server.base))
            .json(&json!({ "game": game, "white": "human", "black": black }))
            .send()
            .expect("sent")
            .json()
            .expect("json");
        games.push(created);
    }
    // Each game moves a few times; every acknowledged move is remembered.
    let acknowledged = play_rounds(&client, &server, &games);
    drop(server); // SIGKILL: no chance to tidy up.
    let server = start(&database);
    for (index, created) in games.iter().enumerate() {
        let id = created["id"].as_str().expect("an id");
        let state = game_state(&client, &server, id);
        let stored = state["moves"].as_array().expect("moves");
        assert!(stored.len() >= acknowledged[index].len(), "{id} lost moves");
        assert_eq!(stored[..acknowledged[index].len()], acknowledged[index][..], "{id}");
    }
    // The game against the computer goes on: it answers White's next move.
    let computer = &games[2];
    let id = computer["id"].as_str().expect("an id");
    let white_to_move = |state: &Value| state["to_move"] == "white" && state["thinking"] == false;
    let state = wait_until(&client, &server, id, white_to_move).expect("White to move");
    let ply = state["ply"].as_u64().expect("a ply");
    let mv = state["legal"][0]["move"].clone();
    let token = computer["seats"]["white"]["token"].as_str().expect("a token");
    let response = client
        .post(format!("{}/api/games/{id}/moves", server.base))
        .bearer_auth(token)
        .json(&json!({ "move": mv, "ply": ply }))
        .send()
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    let answered = |now: &Value| now["ply"].as_u64() == Some(ply + 2) || now["status"] == "over";
    assert!(
        wait_until(&client, &server, id, answered).is_some(),
        "the computer did not answer after the restart"
    );
}

/// Two servers over one PostgreSQL database: the one that claimed a computer move is killed
/// with SIGKILL in the middle of its search; once its lease runs out, the other claims the move
/// and plays it, once.
#[test]
fn when_the_server_searching_a_computer_move_dies_the_other_plays_it_once() {
    let Some(database) =
        std::env::var("DATABASE_URL").ok().filter(|url| url.starts_with("postgres"))
    else {
        eprintln!("skipped: DATABASE_URL names no PostgreSQL database");
        return;
    };
    // A database of its own: the servers of other tests claim the moves whose lease ran out
    // in theirs, and hold them as long as their own lease when they stop.
    let database = PrivateDatabase::create(&database);
    let database = database.url.as_str();
    let client = client();
    let options = ["--lease", "2", "--scan", "1"];
    let (a, b) = (start_with(database, &options), start_with(database, &options));
    // Black, the computer, moves first in checkers: A claims its move as it creates the game.
    let created: Value = client
        .post(format!("{}/api/games", a.base))
        .json(&json!({ "game": "checkers", "white": "human", "black": "ai:alphabeta:time=1s" }))
        .send()
        .expect("sent")
        .json()
        .expect("json");
    drop(a);
    let id = created["id"].as_str().expect("an id");
    let mut state = Value::Null;
    for _ in 0..300 {
        state = client
            .get(format!("{}/api/games/{id}", b.base))
            .send()
            .expect("sent")
            .json()
            .expect("json");
        if state["ply"] != 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(state["ply"], 1, "B played the computer's move: {state}");
    assert_eq!(state["to_move"], "white");
    // Nothing more happens: the move was played once, and it is White's turn.
    let fresh = start_with(database, &options);
    let stored: Value = client
        .get(format!("{}/api/games/{id}", fresh.base))
        .send()
        .expect("sent")
        .json()
        .expect("json");
    assert_eq!(stored["moves"], state["moves"]);
}

/// A new PostgreSQL database beside the one of `url` (made and dropped with `psql`).
struct PrivateDatabase {
    admin: String,
    name: String,
    url: String,
}

impl PrivateDatabase {
    fn create(url: &str) -> PrivateDatabase {
        let name = format!("arbiter_test_{}", std::process::id());
        let (server, _) = url.rsplit_once('/').expect("a database URL");
        let database =
            PrivateDatabase { admin: url.to_owned(), url: format!("{server}/{name}"), name };
        database.psql(&format!("DROP DATABASE IF EXISTS {}", database.name));
        database.psql(&format!("CREATE DATABASE {}", database.name));
        database
    }

    fn psql(&self, command: &str) {
        let status = Command::new("psql")
            .args([self.admin.as_str(), "-qc", command])
            .stdout(Stdio::null())
            .status()
            .expect("psql runs");
        assert!(status.success(), "psql: {command}");
    }
}

impl Drop for PrivateDatabase {
    fn drop(&mut self) {
        let _ = Command::new("psql")
            .args([
                self.admin.as_str(),
                "-qc",
                &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
            ])
            .stdout(Stdio::null())
            .status();
    }
}

/// SIGTERM stops the server within a few seconds whatever runs: a computer's search of 10 s,
/// a client sending its headers slowly; the process exits cleanly, and the game stays stored.
#[test]
fn sigterm_stops_the_server_at_once_whatever_runs() {
    use std::io::Write;

    let folder = tempfile::Builder::new().prefix("arbiter-sigterm-").tempdir().expect("a folder");
    let database = format!("sqlite://{}", folder.path().join("games.db").display());
    let client = client();
    let mut server = start(&database);
    let created: Value = client
        .post(format!("{}/api/games", server.base))
        .json(&json!({ "game": "checkers", "white": "human", "black": "ai:alphabeta:time=10s" }))
        .send()
        .expect("sent")
        .json()
        .expect("json");
    let addr = server.base.trim_start_matches("http://").to_owned();
    let mut slow = std::net::TcpStream::connect(&addr).expect("a connection");
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").expect("sent");
    let terminated = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(terminated.success());
    // A hang guard shorter than the search: the server does not wait for it.
    let mut status = None;
    for _ in 0..160 {
        status = server.child.try_wait().expect("the server's status");
        if status.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = status.expect("the server stopped before its search would have ended");
    assert!(status.success(), "{status}");
    let restarted = start(&database);
    let id = created["id"].as_str().expect("an id");
    let stored: Value = client
        .get(format!("{}/api/games/{id}", restarted.base))
        .send()
        .expect("sent")
        .json()
        .expect("json");
    assert_eq!(stored["id"], created["id"]);
}
