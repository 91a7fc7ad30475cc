//! Records imported to analyse (`POST /api/imports`): replayed and stored as games nobody plays
//! on, ended as the record ends, read again after a restart; records that cannot be read, that
//! name no game or another, or that start from a position set up, refused with nothing stored.

use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};

use crate::common::{databases, Server};

/// `POST /api/imports` of `record`, naming `game` when given.
async fn import(server: &Server, client: &Client, record: &str, game: Option<&str>) -> Response {
    client
        .post(server.url("/api/imports"))
        .json(&json!({ "record": record, "game": game }))
        .send()
        .await
        .expect("sent")
}

/// The new game's state, checked to be created.
async fn imported(response: Response) -> Value {
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.expect("json");
    assert_eq!(created["seats"], json!({}), "no seat to take");
    created["state"].clone()
}

/// The error text of a refused import.
async fn refused(response: Response) -> String {
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.expect("json");
    body["error"].as_str().expect("an error").to_owned()
}

const RESIGNED: &str = "[Event \"Club night\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\
                        [GameType \"21\"]\n\n1. 9-14 22-18 2. 11-15 {a comment} 18x11 3. 8x15 1-0\n";

#[tokio::test]
async fn a_record_is_replayed_and_ends_as_it_says_and_nobody_plays_on() {
    for database in databases() {
        let client = Client::new();
        let (resigned, unfinished) = {
            let server = Server::start(&database).await;
            let state = imported(import(&server, &client, RESIGNED, None).await).await;
            let resigned = state["id"].as_str().expect("an id").to_owned();
            assert_eq!(state["game"], "checkers");
            assert_eq!(state["moves"], json!(["9-14", "22-18", "11-15", "18x11", "8x15"]));
            assert_eq!(state["status"], "over");
            assert_eq!(state["result"], "1-0");
            assert_eq!(state["reason"], "White wins: Black resigned");
            assert_eq!(state["engine_help"], true);
            // The record's players, and its event, kept for the page and the record.
            assert_eq!(state["seats"]["white"]["name"], "Ann");
            assert_eq!(state["seats"]["black"]["name"], "Bob");
            let record = client
                .get(server.url(&format!("/api/games/{resigned}/record")))
                .send()
                .await
                .expect("sent")
                .text()
                .await
                .expect("text");
            for tag in ["[Event \"Club night\"]", "[White \"Ann\"]", "[Black \"Bob\"]", "1-0"] {
                assert!(record.contains(tag), "{tag} in {record}");
            }

            // A record that stops before the game ends: no result, no move to play.
            let record = "1. 9-14 22-18 *";
            let state = imported(import(&server, &client, record, Some("checkers")).await).await;
            assert_eq!(state["status"], "unfinished");
            assert_eq!(state["result"], Value::Null);
            assert_eq!(state["legal"], json!([]));
            let id = state["id"].as_str().expect("an id").to_owned();
            let play = client
                .post(server.url(&format!("/api/games/{id}/moves")))
                .json(&json!({ "move": "11-15", "ply": 2 }))
                .send()
                .await
                .expect("sent");
            assert!(play.status().is_client_error(), "{}", play.status());
            let analysis =
                server.get_json(&client, &format!("/api/games/{id}/analysis?think=100ms")).await;
            assert!(analysis["best"].is_string(), "{analysis}");
            let list = server.get_json(&client, "/api/games").await;
            let listed = list.as_array().expect("a list").iter().find(|game| game["id"] == id);
            assert_eq!(listed.expect("listed")["unfinished"], true);

            // Empty: the game's start, with the options asked for nowhere but the record.
            let record = "[Game \"holes\"]\n[Options \"captures=diagonal\"]\n";
            let state = imported(import(&server, &client, record, None).await).await;
            assert_eq!((state["game"].as_str(), state["ply"].as_u64()), (Some("holes"), Some(0)));
            assert_eq!(state["options"], "captures=diagonal");
            let state = imported(import(&server, &client, "", Some("fanorona")).await).await;
            assert_eq!(state["status"], "unfinished");
            (resigned, id)
        };
        // Both read again from the database as they were.
        let server = Server::start(&database).await;
        let state = server.get_json(&client, &format!("/api/games/{resigned}")).await;
        assert_eq!(
            (state["status"].as_str(), state["result"].as_str()),
            (Some("over"), Some("1-0"))
        );
        let state = server.get_json(&client, &format!("/api/games/{unfinished}")).await;
        assert_eq!(state["status"], "unfinished");
    }
}

#[tokio::test]
async fn records_that_cannot_be_imported_are_refused_with_what_and_where() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = Client::new();
    let before = server.get_json(&client, "/api/games").await.as_array().map(Vec::len);
    let cases: [(&str, Option<&str>, &str); 6] = [
        ("1. 9-14 22-18 *", None, "names no game"),
        ("[GameType \"21\"]\n\n1. 9-14\n22-18 14-19 *", None, "line 4"),
        ("[Game \"holes\"]\n1. a2-a3 *", Some("checkers"), "a record of holes, not of checkers"),
        ("1. 9-14 *", Some("gdl"), "GDL"),
        ("1. 9-14 *", Some("chess"), "chess"),
        ("[GameType \"21\"]\n[FEN \"W:W21:B12\"]\n1. 21-17 *", None, "position set up"),
    ];
    for (record, game, expected) in cases {
        let error = refused(import(&server, &client, record, game).await).await;
        assert!(error.contains(expected), "{record:?}: {error}");
    }
    let after = server.get_json(&client, "/api/games").await.as_array().map(Vec::len);
    assert_eq!(before, after, "nothing stored");
}
