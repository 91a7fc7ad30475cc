//! Several servers over one database, and a server's memory: the database is the truth.

use std::time::Duration;

use arbiter_server::Settings;
use futures_util::StreamExt;
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

use crate::common::{databases, token, Server};

fn client() -> Client {
    Client::builder().timeout(Duration::from_secs(30)).build().expect("a client")
}

/// The next text message of a socket, as JSON.
async fn receive<S>(socket: &mut S) -> Value
where
    S: StreamExt<
            Item = Result<
                tokio_tungstenite::tungstenite::Message,
                tokio_tungstenite::tungstenite::Error,
            >,
        > + Unpin,
{
    let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
        .await
        .expect("a message in time")
        .expect("the socket is open")
        .expect("a message");
    serde_json::from_str(message.to_text().expect("text")).expect("JSON")
}

/// Over PostgreSQL, a move made on one server reaches a socket open on another (through
/// `LISTEN/NOTIFY`), and the other server's copy in memory follows.
#[tokio::test]
async fn a_move_on_one_server_reaches_a_socket_on_the_other() {
    let Some(database) = databases().into_iter().find(|url| url.starts_with("postgres")) else {
        eprintln!("skipped: DATABASE_URL names no PostgreSQL database");
        return;
    };
    let client = client();
    let (a, b) = (Server::start(&database).await, Server::start(&database).await);
    let created = a.create(&client, "checkers", "human", "human").await;
    let id = created["id"].as_str().expect("an id");
    let (black, white) = (token(&created, "black"), token(&created, "white"));
    let url = format!("ws://{}/api/games/{id}/socket", b.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
    assert_eq!(receive(&mut socket).await["ply"], 0);
    assert_eq!(a.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
    assert_eq!(receive(&mut socket).await["moves"], json!(["11-15"]));
    // B's copy follows: a move there at ply 1 is accepted, and A's socket hears it.
    let url = format!("ws://{}/api/games/{id}/socket?since=2", a.addr);
    let (mut on_a, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
    assert_eq!(b.play(&client, id, &white, "23-19", 1).await.status(), StatusCode::OK);
    assert_eq!(receive(&mut on_a).await["moves"], json!(["11-15", "23-19"]));
    assert_eq!(receive(&mut socket).await["moves"], json!(["11-15", "23-19"]));
}

/// Over PostgreSQL, another server's copy in memory follows a takeback made elsewhere, and a
/// different move played after it (the same number of moves, not the same moves).
#[tokio::test]
async fn a_takeback_on_one_server_is_followed_by_the_other() {
    let Some(database) = databases().into_iter().find(|url| url.starts_with("postgres")) else {
        eprintln!("skipped: DATABASE_URL names no PostgreSQL database");
        return;
    };
    let client = client();
    let (a, b) = (Server::start(&database).await, Server::start(&database).await);
    let created = a.create(&client, "checkers", "human", "human").await;
    let id = created["id"].as_str().expect("an id");
    let (black, white) = (token(&created, "black"), token(&created, "white"));
    let url = format!("ws://{}/api/games/{id}/socket", b.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
    assert_eq!(receive(&mut socket).await["ply"], 0);
    assert_eq!(a.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
    assert_eq!(a.play(&client, id, &white, "23-19", 1).await.status(), StatusCode::OK);
    // B follows the moves one by one.
    let seen = wait_for_moves(&mut socket, json!(["11-15", "23-19"])).await;
    assert_eq!(seen["ply"], 2);
    assert_eq!(a.act(&client, id, &white, "undo", "request").await.status(), StatusCode::OK);
    assert_eq!(a.act(&client, id, &black, "undo", "accept").await.status(), StatusCode::OK);
    wait_for_moves(&mut socket, json!(["11-15"])).await;
    assert_eq!(a.play(&client, id, &white, "24-20", 1).await.status(), StatusCode::OK);
    wait_for_moves(&mut socket, json!(["11-15", "24-20"])).await;
    // B plays on from its copy: it holds the moves as stored, and A's socket hears the move.
    let url = format!("ws://{}/api/games/{id}/socket", a.addr);
    let (mut on_a, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
    assert_eq!(b.play(&client, id, &black, "8-11", 2).await.status(), StatusCode::OK);
    wait_for_moves(&mut on_a, json!(["11-15", "24-20", "8-11"])).await;
}

/// The states a socket pushes until one has `moves`; that state.
async fn wait_for_moves<S>(socket: &mut S, moves: Value) -> Value
where
    S: StreamExt<
            Item = Result<
                tokio_tungstenite::tungstenite::Message,
                tokio_tungstenite::tungstenite::Error,
            >,
        > + Unpin,
{
    for _ in 0..10 {
        let state = receive(socket).await;
        if state["moves"] == moves {
            return state;
        }
    }
    panic!("the socket never showed the moves {moves}");
}

/// Two servers asked at once for different moves at one ply: one is stored and answered
/// `200`, the other answered `409` with the game as stored; the database holds one move.
#[tokio::test]
async fn concurrent_moves_at_one_ply_on_two_servers_give_one_200_and_one_409() {
    for database in databases() {
        let client = client();
        let (a, b) = (Server::start(&database).await, Server::start(&database).await);
        for _ in 0..8 {
            let created = a.create(&client, "checkers", "human", "human").await;
            let id = created["id"].as_str().expect("an id");
            let black = token(&created, "black");
            // Both servers have the game in memory at ply 0.
            assert_eq!(b.get(&client, id).await["ply"], 0);
            let (on_a, on_b) = tokio::join!(
                a.play(&client, id, &black, "11-15", 0),
                b.play(&client, id, &black, "9-13", 0)
            );
            let (status_a, status_b) = (on_a.status(), on_b.status());
            let (body_a, body_b): (Value, Value) =
                (on_a.json().await.expect("json"), on_b.json().await.expect("json"));
            let (stored, refused) = match (status_a, status_b) {
                (StatusCode::OK, StatusCode::CONFLICT) => (body_a, body_b),
                (StatusCode::CONFLICT, StatusCode::OK) => (body_b, body_a),
                other => panic!("{database}: {other:?} {body_a} {body_b}"),
            };
            assert_eq!(refused["state"]["moves"], stored["moves"], "{refused}");
            assert!(refused["error"].is_string(), "{refused}");
            let fresh = Server::start(&database).await;
            assert_eq!(fresh.get(&client, id).await["moves"], stored["moves"], "{database}");
        }
    }
}

/// With `cache_games` 3, the server never keeps more than 3 games in memory, however many it
/// serves; the others are read from the database, and a socket hears its game's changes
/// whether or not the game stays in memory.
#[tokio::test]
async fn the_cache_never_holds_more_than_its_cap() {
    for database in databases() {
        let client = client();
        let settings = Settings { workers: 1, cache_games: 3, ..Settings::default() };
        let server = Server::start_with(&database, settings).await;
        let mut games = Vec::new();
        for _ in 0..8 {
            games.push(server.create(&client, "checkers", "human", "human").await);
            assert!(server.cached_games(&client).await <= 3, "{database}");
        }
        let watched = games[0]["id"].as_str().expect("an id");
        let url = format!("ws://{}/api/games/{watched}/socket", server.addr);
        let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
        assert_eq!(receive(&mut socket).await["ply"], 0);
        for (index, mv) in [(0, "11-15"), (1, "22-18")] {
            for created in &games {
                let id = created["id"].as_str().expect("an id");
                let side = if index == 0 { "black" } else { "white" };
                let response = server.play(&client, id, &token(created, side), mv, index).await;
                assert_eq!(response.status(), StatusCode::OK, "{database}");
                assert!(server.cached_games(&client).await <= 3, "{database}");
            }
            assert_eq!(receive(&mut socket).await["ply"], index + 1, "{database}");
        }
        for created in &games {
            let id = created["id"].as_str().expect("an id");
            assert_eq!(server.get(&client, id).await["moves"], json!(["11-15", "22-18"]));
        }
        assert!(server.cached_games(&client).await <= 3, "{database}");
    }
}

/// A second `arbiter serve` on the SQLite file of a running one is refused at start with a
/// message that says why; once the first stops, a server starts on it.
#[tokio::test]
async fn a_second_server_on_one_sqlite_file_is_refused() {
    let database = databases().remove(0);
    let config = arbiter_server::Config {
        addr: "127.0.0.1:0".parse().expect("an address"),
        database: database.to_string(),
        settings: Settings { workers: 1, ..Settings::default() },
        limits: arbiter_server::Limits::default(),
        public_url: None,
        protection: arbiter_server::Protection::unlimited(),
        endgames: crate::common::endgames(),
    };
    let (ready, bound) = tokio::sync::oneshot::channel();
    let first = tokio::spawn(arbiter_server::serve(config.clone(), move |addr| {
        let _ = ready.send(addr);
    }));
    bound.await.expect("the first server starts");
    let refused = arbiter_server::serve(config.clone(), |_| panic!("a second server started"))
        .await
        .expect_err("the second server is refused");
    assert!(refused.to_string().contains("another `arbiter serve`"), "{refused}");
    first.abort();
    let _ = first.await;
    let (ready, bound) = tokio::sync::oneshot::channel();
    let again = tokio::spawn(arbiter_server::serve(config, move |addr| {
        let _ = ready.send(addr);
    }));
    bound.await.expect("a server starts once the first stopped");
    again.abort();
}

/// One browser holding both seats of a finished game asks two servers at once for a rematch:
/// exactly one new game is made, both answers name it or one refuses, and the browser's games
/// are the old one and that one (no game made by the refused request is left behind).
#[tokio::test]
async fn a_rematch_raced_on_two_servers_makes_one_game() {
    for database in databases() {
        let (a, b) = (Server::start(&database).await, Server::start(&database).await);
        for _ in 0..6 {
            let host = crate::common::browser();
            let created = a.create_kept(&host, "minicheckers").await;
            let id = created["id"].as_str().expect("an id");
            let resign = a.url(&format!("/api/games/{id}/resign"));
            let resigned = host.post(resign).header("content-type", "application/json").send();
            assert_eq!(resigned.await.expect("sent").status(), StatusCode::OK);
            // Both servers have the finished game in memory.
            assert_eq!(b.get(&host, id).await["status"], "over");
            let offer = |server: &Server| {
                let url = server.url(&format!("/api/games/{id}/rematch"));
                host.post(url).json(&json!({"action": "offer"})).send()
            };
            let (on_a, on_b) = tokio::join!(offer(&a), offer(&b));
            let mut made = Vec::new();
            for answer in [on_a.expect("sent"), on_b.expect("sent")] {
                let status = answer.status();
                let body: Value = answer.json().await.expect("json");
                match status {
                    StatusCode::OK => made.push(body["rematch"]["game"].clone()),
                    StatusCode::CONFLICT => assert!(body["error"].is_string(), "{body}"),
                    other => panic!("{database}: {other} {body}"),
                }
            }
            let stored = a.get(&host, id).await["rematch"]["game"].clone();
            assert!(stored.is_string(), "{database}: {stored}");
            assert!(made.iter().all(|game| *game == stored), "{database}: {made:?} {stored}");
            let mine: Vec<Value> =
                serde_json::from_value(b.get_json(&host, "/api/my/games").await).expect("a list");
            let mut ids: Vec<&str> = mine.iter().filter_map(|game| game["id"].as_str()).collect();
            ids.sort_unstable();
            let mut expected = [id, stored.as_str().expect("an id")];
            expected.sort_unstable();
            assert_eq!(ids, expected, "{database}: no orphan game");
        }
    }
}

/// The number of spectators (the sockets that hold no seat) reaches every socket that asks for
/// it, from whichever server they watch on (on PostgreSQL, a second one): a seat's socket does
/// not count, a spectator who leaves is counted out, and a socket that did not ask is sent
/// states only.
#[tokio::test]
async fn the_spectators_of_a_game_are_counted_on_every_server() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    for database in databases() {
        let client = client();
        let a = Server::start(&database).await;
        let b = match database.starts_with("postgres") {
            true => Some(Server::start(&database).await),
            false => None,
        };
        let there = b.as_ref().unwrap_or(&a);
        let created = a.create(&client, "checkers", "human", "human").await;
        let id = created["id"].as_str().expect("an id");
        let black = token(&created, "black");
        let url = format!("ws://{}/api/games/{id}/socket?spectators=true", a.addr);
        let mut request = url.into_client_request().expect("a request");
        let bearer = format!("Bearer {black}").parse().expect("a header");
        request.headers_mut().insert("authorization", bearer);
        let (mut player, _) = tokio_tungstenite::connect_async(request).await.expect("a socket");
        assert_eq!(receive(&mut player).await["ply"], 0);
        assert_eq!(receive(&mut player).await, json!({"spectators": 0}), "{database}");
        let watch = format!("ws://{}/api/games/{id}/socket", there.addr);
        let (mut first, _) = tokio_tungstenite::connect_async(&watch).await.expect("a socket");
        assert_eq!(receive(&mut player).await, json!({"spectators": 1}), "{database}");
        let (mut second, _) = tokio_tungstenite::connect_async(&watch).await.expect("a socket");
        assert_eq!(receive(&mut player).await, json!({"spectators": 2}), "{database}");
        second.close(None).await.expect("closed");
        assert_eq!(receive(&mut player).await, json!({"spectators": 1}), "{database}");
        // The spectator who did not ask is sent the states alone.
        assert_eq!(receive(&mut first).await["ply"], 0);
        assert_eq!(a.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
        assert_eq!(receive(&mut first).await["moves"], json!(["11-15"]));
        assert_eq!(receive(&mut player).await["moves"], json!(["11-15"]));
    }
}
