//! Games on a clock: the server charges each move from its own clock, ends a game on time by
//! itself and pushes it, aborts a game whose first moves do not come, and writes the clocks in
//! the record. Long waits are the server's injected clock moved forward, not sleeps.

use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

use crate::common::{browser, databases, receive, token, wait_for, Server};

/// Creates a game on `clock`; `keep` seats are held by `client`'s cookie.
async fn create(
    server: &Server,
    client: &Client,
    game: &str,
    clock: Value,
    keep: &[&str],
) -> Value {
    let response = client
        .post(server.url("/api/games"))
        .json(&json!({"game": game, "white": "human", "black": "human", "keep": keep,
                      "clock": clock}))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.expect("json")
}

/// Plays `mv` at `ply` for whoever `client`'s cookie holds.
async fn play(server: &Server, client: &Client, id: &str, mv: &str, ply: u64) -> Value {
    let response = client
        .post(server.url(&format!("/api/games/{id}/moves")))
        .json(&json!({"move": mv, "ply": ply}))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK, "{mv}");
    response.json().await.expect("json")
}

#[tokio::test]
async fn the_server_ends_a_game_on_time_by_itself_and_pushes_it() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = Client::new();
        let created = create(
            &server,
            &client,
            "checkers",
            json!({"initial_ms": 2000, "increment_ms": 0}),
            &[],
        )
        .await;
        let id = created["id"].as_str().expect("an id");
        let clock = &created["state"]["clock"];
        assert_eq!(
            (clock["white_ms"].as_i64(), clock["black_ms"].as_i64(), clock["running"].clone()),
            (Some(2000), Some(2000), Value::Null),
            "no clock runs before the first moves"
        );
        assert_eq!(clock["increment_ms"], 0);
        let url = format!("ws://{}/api/games/{id}/socket", server.addr);
        let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
        assert_eq!(receive(&mut socket).await["ply"], 0);
        let (white, black) = (token(&created, "white"), token(&created, "black"));
        assert_eq!(server.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
        assert_eq!(receive(&mut socket).await["ply"], 1);
        let started = Instant::now();
        let answered = server.play(&client, id, &white, "22-18", 1).await;
        let state: Value = answered.json().await.expect("json");
        assert_eq!(state["clock"]["running"], "black", "both have moved: Black's clock runs");
        assert_eq!(receive(&mut socket).await["ply"], 2);
        // Nobody moves: the server ends the game when Black's 2 s are spent, and pushes it.
        let ended = receive(&mut socket).await;
        let after = started.elapsed();
        assert_eq!(ended["status"], "time");
        assert_eq!(ended["result"], "1-0");
        assert_eq!(ended["reason"], "White wins: Black's time ran out");
        assert_eq!(
            (ended["clock"]["black_ms"].as_i64(), ended["clock"]["running"].clone()),
            (Some(0), Value::Null)
        );
        assert!(after >= Duration::from_millis(1900), "not before the flag: {after:?}");
        println!("flag pushed {:?} after the clock began (2 s on it)", after);
        assert_eq!(
            server.play(&client, id, &black, "15x22", 2).await.status(),
            StatusCode::CONFLICT,
            "a move after the flag is refused"
        );
        let record = client
            .get(server.url(&format!("/api/games/{id}/record")))
            .send()
            .await
            .expect("sent")
            .text()
            .await
            .expect("text");
        assert!(record.contains("[TimeControl \"2+0\"]"), "{record}");
        assert!(record.contains("[Event \"Casual game\"]"), "{record}");
        assert!(record.contains("[White \"A person\"]"), "{record}");
        assert!(record.contains("[Termination \"time forfeit\"]"), "{record}");
        assert!(
            record.contains("1. 11-15 {[%clk 0:00:02]} 22-18 {[%clk 0:00:02]} 1-0"),
            "{record}"
        );
    }
}

#[tokio::test]
async fn a_move_is_charged_from_the_server_s_clock_and_the_increment_added() {
    // SQLite only: the clock moved forward would end the other tests' games on a shared
    // PostgreSQL database.
    {
        let database = databases().remove(0);
        let server = Server::start(&database).await;
        let client = browser();
        let clock = json!({"initial_ms": 60_000, "increment_ms": 5000});
        let created = create(&server, &client, "checkers", clock, &["white", "black"]).await;
        let id = created["id"].as_str().expect("an id");
        // The first moves take 20 s each, and are not charged.
        server.games.advance_clock(Duration::from_secs(20));
        play(&server, &client, id, "11-15", 0).await;
        server.games.advance_clock(Duration::from_secs(20));
        let state = play(&server, &client, id, "22-18", 1).await;
        assert_eq!(state["clock"]["white_ms"], 60_000);
        let black = state["clock"]["black_ms"].as_i64().expect("a time");
        assert!((59_000..=60_000).contains(&black), "Black's clock has just begun: {black}");
        assert_eq!(state["clock"]["running"], "black");
        server.games.advance_clock(Duration::from_secs(10));
        let state = play(&server, &client, id, "15x22", 2).await;
        let black = state["clock"]["black_ms"].as_i64().expect("a time");
        // 60 s, less the 10 s (and the time the requests took), plus 5 s.
        assert!((50_000..=55_000).contains(&black), "{black}");
        assert_eq!(state["clock"]["running"], "white");
        let refused = client
            .post(server.url(&format!("/api/games/{id}/undo")))
            .json(&json!({"action": "request"}))
            .send()
            .await
            .expect("sent");
        assert_eq!(refused.status(), StatusCode::CONFLICT, "no takeback on a clock");
    }
}

#[tokio::test]
async fn a_game_whose_first_move_does_not_come_is_aborted() {
    // SQLite only: the clock moved forward would end the other tests' games on a shared
    // PostgreSQL database.
    {
        let database = databases().remove(0);
        let server = Server::start(&database).await;
        let client = browser();
        let clock = json!({"initial_ms": 180_000, "increment_ms": 2000});
        let created = create(&server, &client, "holes", clock, &["white", "black"]).await;
        let id = created["id"].as_str().expect("an id");
        // The state counts the first move's time down, as of the moment it is read (the
        // server's clock runs on in real time besides what the test moves it by).
        let first_move = |state: &Value| state["clock"]["first_move_ms"].as_i64();
        let left = first_move(&server.get(&client, id).await).expect("a countdown");
        assert!((25_000..=30_000).contains(&left), "{left}");
        server.games.advance_clock(Duration::from_secs(12));
        let later = first_move(&server.get(&client, id).await).expect("a countdown");
        assert!(later <= left - 12_000 && later > 12_000, "{left} then {later}");
        server.games.advance_clock(Duration::from_secs(19));
        let state = wait_for(&server, &client, id, |state| state["status"] != "ongoing").await;
        assert_eq!(state["status"], "aborted");
        assert_eq!(first_move(&state), None, "no countdown once aborted");
        assert_eq!(state["result"], Value::Null);
        assert_eq!(state["legal"], json!([]));
        let listed = server.get_json(&client, "/api/games").await;
        let line = listed.as_array().expect("a list").iter().find(|game| game["id"] == id);
        assert_eq!(line.map(|game| game["aborted"].clone()), Some(json!(true)));
        // A game with a seat offered by a link waits for the friend: no abort meanwhile.
        let waiting =
            create(&server, &client, "holes", json!({"initial_ms": 60_000}), &["white"]).await;
        let id = waiting["id"].as_str().expect("an id");
        assert_eq!(first_move(&server.get(&client, id).await), None, "no countdown while waiting");
        server.games.advance_clock(Duration::from_secs(40));
        server.games.advance_clock(Duration::from_millis(1));
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(server.get(&client, id).await["status"], "ongoing");
    }
}

#[tokio::test]
async fn a_correspondence_deadline_passes_on_the_injected_clock() {
    // SQLite only: the clock moved forward days would end the other tests' games on a shared
    // PostgreSQL database.
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = browser();
    let clock = json!({"days_per_move": 2});
    let created = create(&server, &client, "minicheckers", clock, &["white", "black"]).await;
    let id = created["id"].as_str().expect("an id");
    assert_eq!(created["state"]["clock"]["days_per_move"], 2);
    let first = created["state"]["legal"][0]["move"].as_str().expect("a move").to_owned();
    let state = play(&server, &client, id, &first, 0).await;
    let reply = state["legal"][0]["move"].as_str().expect("a move").to_owned();
    server.games.advance_clock(Duration::from_secs(36 * 3600));
    let state = play(&server, &client, id, &reply, 1).await;
    assert_eq!(state["status"], "ongoing", "a day and a half of two is in time");
    let running = state["clock"]["running"].as_str().expect("a side").to_owned();
    server.games.advance_clock(Duration::from_secs(47 * 3600));
    assert_eq!(server.get(&client, id).await["status"], "ongoing");
    server.games.advance_clock(Duration::from_secs(3600));
    let state = wait_for(&server, &client, id, |state| state["status"] != "ongoing").await;
    assert_eq!(state["status"], "time");
    let winner = if running == "white" { "0-1" } else { "1-0" };
    assert_eq!(state["result"], winner);
}

/// The computer at its strongest level on 3 s + 0.1 s against itself, 10 games of each game:
/// none lost on time (its searches are bounded by its clock, not its level).
/// Long (minutes): `cargo test --release -p arbiter-server -- --ignored computer_on_a_clock`.
#[tokio::test]
#[ignore = "long: ten games of each game on a clock: cargo test --release -p arbiter-server -- --ignored computer_on_a_clock"]
async fn the_computer_on_a_clock_never_flags() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = Client::new();
    let mut flags = 0;
    for game in ["minicheckers", "holes", "fanorona", "checkers", "daynight"] {
        let mut plies = 0;
        // Two at a time, as the server has two workers: a move waiting for a worker is on
        // its clock.
        for _ in 0..5 {
            let mut ids = Vec::new();
            for _ in 0..2 {
                let response = client
                    .post(server.url("/api/games"))
                    .json(&json!({"game": game, "white": "ai:5", "black": "ai:5",
                              "clock": {"initial_ms": 3000, "increment_ms": 100}}))
                    .send()
                    .await
                    .expect("sent");
                let created: Value = response.json().await.expect("json");
                ids.push(created["id"].as_str().expect("an id").to_owned());
            }
            for id in &ids {
                let mut state = server.get(&client, id).await;
                while state["status"] == "ongoing" {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    state = server.get(&client, id).await;
                }
                plies += state["ply"].as_u64().unwrap_or(0);
                if state["status"] == "time" {
                    flags += 1;
                    println!("{game} {id}: {}", state["reason"]);
                }
            }
        }
        println!("{game}: 10 games, {plies} plies, none on time: {}", flags == 0);
    }
    assert_eq!(flags, 0, "the computer never flags");
}
