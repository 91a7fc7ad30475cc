//! The server as a service, on SQLite and (when `DATABASE_URL` is set) on PostgreSQL: the
//! socket and reconnects, a restart on the same database, SQLite's journal, positions shown
//! without a game, every route of the OpenAPI document, cancelled requests, the perfect player,
//! two servers over one database, and a damaged game.

use std::time::Duration;

use crate::api::{client, next};
use crate::common::{databases, legal_moves, receive, token, wait_for, Server};
use futures_util::SinkExt;
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn the_socket_pushes_every_change_and_a_reconnect_catches_up() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = client();
        let created = server.create(&client, "checkers", "human", "human").await;
        let id = created["id"].as_str().expect("an id");
        let black = token(&created, "black");
        let url = format!("ws://{}/api/games/{id}/socket", server.addr);
        let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
        let first = receive(&mut socket).await;
        assert_eq!(first["ply"], 0);
        assert_eq!(server.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
        let pushed = receive(&mut socket).await;
        assert_eq!((pushed["ply"].as_u64(), pushed["moves"].clone()), (Some(1), json!(["11-15"])));
        let seen = pushed["version"].as_i64().expect("a version");
        socket.close(None).await.expect("closed");
        // While the client is away, White moves; it comes back with its last version.
        assert_eq!(
            server.play(&client, id, &token(&created, "white"), "22-18", 1).await.status(),
            StatusCode::OK
        );
        let (mut socket, _) = tokio_tungstenite::connect_async(format!("{url}?since={seen}"))
            .await
            .expect("a socket");
        let missed = receive(&mut socket).await;
        assert_eq!(missed["moves"], json!(["11-15", "22-18"]));
        assert!(missed["version"].as_i64() > Some(seen));
        let _ = socket.send(Message::Close(None)).await;
    }
}

#[tokio::test]
async fn a_game_goes_on_after_a_restart_on_the_same_database() {
    for database in databases() {
        let client = client();
        let (id, white) = {
            let server = Server::start(&database).await;
            let created = server.create(&client, "daynight", "human", "human").await;
            let id = created["id"].as_str().expect("an id").to_owned();
            assert_eq!(
                server.play(&client, &id, &token(&created, "white"), "c3-e1", 0).await.status(),
                StatusCode::OK
            );
            (id, token(&created, "white"))
        };
        let server = Server::start(&database).await;
        let state = server.get(&client, &id).await;
        assert_eq!(state["moves"], json!(["c3-e1"]));
        assert_eq!(
            server.play(&client, &id, &white, "a1-b2", 1).await.status(),
            StatusCode::FORBIDDEN,
            "Black is to move"
        );
        let list: Value = client
            .get(server.url("/api/games"))
            .send()
            .await
            .expect("sent")
            .json()
            .await
            .expect("json");
        assert!(list.as_array().expect("a list").iter().any(|game| game["id"] == id.as_str()));
    }
}

#[tokio::test]
async fn sqlite_runs_in_wal_mode() {
    let database = &databases()[0];
    let store = arbiter_server::store::Store::connect(database).await.expect("opens");
    assert_eq!(store.journal_mode().await.expect("a mode"), "wal");
}

/// A position of a game drawn for itself (the rules pages' diagrams): from the start or from a
/// position text, with moves played; what cannot be read is refused with the reason.
#[tokio::test]
async fn a_position_is_shown_from_its_text_and_moves_without_a_game() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let (status, start) = position(&server, &client, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        start["position"],
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(start["legal"].as_array().expect("legal").len(), 7);

    let opening = "9-14 22-18 11-15 18x11 7x16 23-19 16x23";
    let (status, after) = position(&server, &client, &[("moves", opening)]).await;
    assert_eq!(status, StatusCode::OK);
    let legal = legal_moves(&after);
    assert_eq!(legal, ["26x19", "27x18x9"], "White must jump");
    assert_eq!(after["last_move"], json!(["16", "23"]));
    // 18x11 took a black man, 7x16 and 16x23 two white ones.
    assert_eq!(after["captured"], json!({"white": 2, "black": 1}));

    let kings = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
    let (status, from_text) =
        position(&server, &client, &[("position", kings), ("moves", "22-17")]).await;
    assert_eq!(status, StatusCode::OK, "{from_text}");
    assert_eq!(from_text["position"], "W:W18,24,27,28,K10,K15:B12,16,20,K17,K25,K29");

    for (query, why) in [
        (&[("position", "W:W99")][..], "is not a position"),
        (&[("moves", "9-14 9-14")][..], "cannot be played"),
        (&[("options", "kings=flying")][..], "kings"),
    ] {
        let (status, error) = position(&server, &client, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query:?}");
        assert!(error["error"].as_str().expect("a reason").contains(why), "{error}");
    }
    let many = vec!["9-14"; MOVES_TOO_MANY].join(" ");
    let response = client
        .get(server.url("/api/catalog/checkers/position"))
        .query(&[("moves", many.as_str())])
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let response =
        client.get(server.url("/api/catalog/chess/position")).send().await.expect("sent");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

/// `GET /api/catalog/checkers/position` with `query`: its status and JSON.
async fn position(server: &Server, client: &Client, query: &[(&str, &str)]) -> (StatusCode, Value) {
    let request = client.get(server.url("/api/catalog/checkers/position")).query(query);
    let response = request.send().await.expect("sent");
    (response.status(), response.json::<Value>().await.expect("json"))
}

/// One move more than `GET /api/catalog/{game}/position` plays.
const MOVES_TOO_MANY: usize = arbiter_server::MAX_POSITION_MOVES + 1;

/// Every path and method of the OpenAPI document is one the router serves, asked of the
/// router itself, without a socket: a route it does not know answers 404 with an empty body
/// (a handler's 404 says which game is missing), a method it does not know 405; every error
/// is JSON.
#[tokio::test]
async fn the_router_serves_every_path_and_method_of_the_openapi_document() {
    use axum::body::{to_bytes, Body};
    use axum::http::{Method, Request, StatusCode as Status};
    use tower::ServiceExt;

    let database = databases().remove(0);

    let store = arbiter_server::store::Store::connect(&database).await.expect("opens");
    let settings = arbiter_server::Settings { workers: 1, ..arbiter_server::Settings::default() };
    let state = arbiter_server::AppState::start(store, settings, crate::common::endgames());
    let router = arbiter_server::app(state.expect("starts"));
    let document: Value =
        serde_json::from_str(&arbiter_server::openapi_document()).expect("the document is JSON");
    let paths = document["paths"].as_object().expect("paths");
    assert!(paths.len() >= 12, "{paths:?}");
    for (path, operations) in paths {
        let concrete = path
            .replace("{id}", "no-such-game")
            .replace("{side}", "white")
            .replace("{token}", "t")
            .replace("{ply}", "0")
            .replace("{game}", "checkers");
        for method in operations.as_object().expect("operations").keys() {
            let method: Method = method.to_uppercase().parse().expect("a method");
            let request = Request::builder()
                .method(method.clone())
                .uri(&concrete)
                .header("content-type", "application/json")
                .body(Body::from("{}"))
                .expect("a request");
            let response = router.clone().oneshot(request).await.expect("an answer");
            let status = response.status();
            let body = to_bytes(response.into_body(), 1 << 20).await.expect("a body");
            assert_ne!(status, Status::METHOD_NOT_ALLOWED, "{method} {path}");
            let text = String::from_utf8_lossy(&body);
            assert!(!text.contains("no such page or API path"), "{method} {path}: no route");
            let error: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            assert!(status.is_success() || error["error"].is_string(), "{method} {path}: {text}");
        }
    }
}

/// Moves whose requests are cancelled in the middle (a client that times out at once, then
/// sends the move again) are stored exactly as acknowledged: after a restart the database has
/// the game the server showed: a change is stored whole, or not at all.
#[tokio::test]
async fn cancelled_requests_leave_memory_and_database_alike() {
    for database in databases() {
        let patient = client();
        let hasty = Client::builder().timeout(Duration::from_micros(300)).build().expect("client");
        let (id, shown) = {
            let server = Server::start(&database).await;
            let created = server.create(&patient, "checkers", "human", "human").await;
            let id = created["id"].as_str().expect("an id").to_owned();
            let mut seed = 77;
            for _ in 0..40 {
                let state = server.get(&patient, &id).await;
                if state["status"] != "ongoing" {
                    break;
                }
                let legal = state["legal"].as_array().expect("legal");
                let mv = legal[next(&mut seed) % legal.len()]["move"]
                    .as_str()
                    .expect("a move")
                    .to_owned();
                let side = state["to_move"].as_str().expect("a side");
                let ply = state["ply"].as_u64().expect("a ply");
                // The first tries are cut short; the last one waits for its answer.
                for _ in 0..3 {
                    let _ = hasty
                        .post(server.url(&format!("/api/games/{id}/moves")))
                        .bearer_auth(token(&created, side))
                        .json(&json!({ "move": mv, "ply": ply }))
                        .send()
                        .await;
                }
                let answer = server.play(&patient, &id, &token(&created, side), &mv, ply).await;
                assert_eq!(answer.status(), StatusCode::OK);
            }
            // Let a change still in flight finish.
            tokio::time::sleep(Duration::from_millis(300)).await;
            let shown = server.get(&patient, &id).await;
            (id, shown)
        };
        let server = Server::start(&database).await;
        let stored = server.get(&patient, &id).await;
        assert_eq!(stored["moves"], shown["moves"], "on {database}");
        assert_eq!(stored["version"], shown["version"]);
    }
}

#[tokio::test]
async fn the_perfect_player_is_refused_for_games_with_draws_and_plays_the_others() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let refused = client
        .post(server.url("/api/games"))
        .json(&serde_json::json!({ "game": "checkers", "options": "", "white": "human", "black": "ai:perfect" }))
        .send()
        .await
        .expect("sent");
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let message = refused.text().await.expect("text");
    assert!(message.contains("perfect player plays only"), "{message}");
    let created = server.create(&client, "minicheckers", "human", "ai:perfect").await;
    let id = created["id"].as_str().expect("an id");
    let white = token(&created, "white");
    // d2-c3 loses: the perfect player wins from there, and says so in its reply.
    assert_eq!(server.play(&client, id, &white, "d2-c3", 0).await.status(), StatusCode::OK);
    let state = wait_for(&server, &client, id, |state| state["ply"] == 2).await;
    assert_eq!(state["to_move"], "white", "{state}");
    let analysis: Value = server.analysis(&client, id, "1s").await;
    let exact = analysis["exact"].as_array().expect("exact values");
    assert!(exact.iter().all(|entry| entry["wins"] == false), "White is lost: {analysis}");
    // A game the solver does not handle has no exact values.
    let checkers = server.create(&client, "checkers", "human", "ai:1").await;
    let checkers_id = checkers["id"].as_str().expect("an id");
    let analysis: Value = server.analysis(&client, checkers_id, "100ms").await;
    assert!(analysis["exact"].is_null(), "{analysis}");
}

/// Two servers over one database: a move at a ply that the other server has already stored is
/// refused with 409 and stores nothing; the refusing server then has the stored game, and a
/// server whose copy is stale cannot write over a later change either.
#[tokio::test]
async fn two_servers_over_one_database_never_store_two_moves_at_one_ply() {
    for database in databases() {
        let client = client();
        let (a, b) = (Server::start(&database).await, Server::start(&database).await);
        let created = a.create(&client, "checkers", "human", "human").await;
        let id = created["id"].as_str().expect("an id");
        let (black, white) = (token(&created, "black"), token(&created, "white"));
        assert_eq!(b.get(&client, id).await["ply"], 0, "{database}: B has the game in memory");
        assert_eq!(a.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
        assert_eq!(b.play(&client, id, &black, "9-13", 0).await.status(), StatusCode::CONFLICT);
        assert_eq!(b.get(&client, id).await["moves"], json!(["11-15"]), "{database}");
        assert_eq!(b.play(&client, id, &white, "23-19", 1).await.status(), StatusCode::OK);
        // A's copy still ends at ply 1: its move there is refused, not written over B's.
        assert_eq!(a.play(&client, id, &white, "22-18", 1).await.status(), StatusCode::CONFLICT);
        let restarted = Server::start(&database).await;
        assert_eq!(restarted.get(&client, id).await["moves"], json!(["11-15", "23-19"]));
    }
}

/// A game whose stored moves cannot be played is set aside at start-up: the server starts, the
/// game answers with an error that names it, and the other games play on.
#[tokio::test]
async fn a_damaged_game_does_not_stop_the_server_or_the_other_games() {
    for database in databases() {
        let client = client();
        // The damaged game has a computer player, so that start-up loads it to go on with it.
        let (damaged, sound) = {
            let server = Server::start(&database).await;
            let damaged = server.create(&client, "checkers", "ai:1", "human").await;
            let sound = server.create(&client, "checkers", "human", "human").await;
            for created in [&damaged, &sound] {
                let id = created["id"].as_str().expect("an id");
                let black = token(created, "black");
                assert_eq!(
                    server.play(&client, id, &black, "11-15", 0).await.status(),
                    StatusCode::OK
                );
            }
            let id = damaged["id"].as_str().expect("an id");
            wait_for(&server, &client, id, |state| state["ply"] == 2).await;
            (damaged, sound)
        };
        let damaged_id = damaged["id"].as_str().expect("an id");
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&database).await.expect("the database opens");
        sqlx::query("UPDATE moves SET mv = '1-2' WHERE game_id = $1 AND ply = 0")
            .bind(damaged_id)
            .execute(&pool)
            .await
            .expect("the move is damaged");
        pool.close().await;

        let (addr_sender, addr) = tokio::sync::oneshot::channel();
        let config = arbiter_server::Config {
            addr: "127.0.0.1:0".parse().expect("an address"),
            database: database.to_string(),
            settings: arbiter_server::Settings {
                workers: 1,
                ..arbiter_server::Settings::default()
            },
            limits: arbiter_server::Limits::default(),
            public_url: None,
            protection: arbiter_server::Protection::unlimited(),
            endgames: crate::common::endgames(),
        };
        let serving = tokio::spawn(arbiter_server::serve(config, move |bound| {
            let _ = addr_sender.send(bound);
        }));
        let base = format!("http://{}", addr.await.expect("the server starts"));
        let response =
            client.get(format!("{base}/api/games/{damaged_id}")).send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::GONE, "{database}");
        let body: Value = response.json().await.expect("a JSON error");
        assert!(body.to_string().contains(damaged_id), "{body}");
        let sound_id = sound["id"].as_str().expect("an id");
        let white = token(&sound, "white");
        let played = client
            .post(format!("{base}/api/games/{sound_id}/moves"))
            .bearer_auth(&white)
            .json(&json!({ "move": "23-19", "ply": 1 }))
            .send()
            .await
            .expect("sent");
        assert_eq!(played.status(), StatusCode::OK, "{database}");
        serving.abort();
    }
}
