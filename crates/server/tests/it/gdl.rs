//! Games written in GDL: created with their rules (stored once, by their SHA-256), played on the
//! board read from the rules or, without one, by their moves as cells, against the computer and
//! with its analysis, read again from the database after a restart; rules that are bad, too
//! long or too costly refused.

use arbiter_gdl::Rules;
use arbiter_server::store::Store;
use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};

use crate::common::{databases, token, wait_for, Server};

/// Tic-tac-toe, from the GDL crate's test games.
const TIC_TAC_TOE: &str = include_str!("../../../gdl/tests/games/ticTacToe.kif");

/// Nim, from the GDL crate's test games: no board.
const NIM: &str = include_str!("../../../gdl/tests/games/nim.kif");

fn client() -> Client {
    Client::new()
}

/// `POST /api/games` of a GDL game of `rules` between `white` and `black`.
async fn create(
    server: &Server,
    client: &Client,
    rules: &str,
    white: &str,
    black: &str,
) -> Response {
    client
        .post(server.url("/api/games"))
        .json(&json!({ "game": "gdl", "rules": rules, "white": white, "black": black }))
        .send()
        .await
        .expect("sent")
}

/// The error text of a refused request, checked to have `status`.
async fn refused(response: Response, status: StatusCode) -> String {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await.expect("json");
    body["error"].as_str().expect("an error").to_owned()
}

#[tokio::test]
async fn a_gdl_game_is_played_on_its_board_and_read_again_after_a_restart() {
    let hash = Rules::hash_of(TIC_TAC_TOE);
    for database in databases() {
        let client = client();
        let (id, black) = {
            let server = Server::start(&database).await;
            let created = create(&server, &client, TIC_TAC_TOE, "human", "human").await;
            assert_eq!(created.status(), StatusCode::CREATED);
            let created: Value = created.json().await.expect("json");
            let state = &created["state"];
            assert_eq!(state["game"], "gdl");
            assert_eq!(state["options"], format!("rules={hash}"));
            // Nine marks, each a click on its cell of the board read from `(cell ?m ?n ?x)`.
            let legal = state["legal"].as_array().expect("legal moves");
            assert_eq!(legal.len(), 9, "{state}");
            let centre = legal.iter().find(|mv| mv["move"] == "(mark 2 2)").expect("(mark 2 2)");
            let clicks: Vec<&Value> = centre["clicks"].as_array().expect("clicks").iter().collect();
            assert_eq!(clicks.len(), 1, "{centre}");
            assert_eq!(clicks[0]["cell"], "2,2");
            let id = created["id"].as_str().expect("an id").to_owned();
            let white = token(&created, "white");
            assert_eq!(
                server.play(&client, &id, &white, "(mark 2 2)", 0).await.status(),
                StatusCode::OK
            );
            let geometry = server
                .get_json(&client, &format!("/api/catalog/gdl/geometry?options=rules={hash}"))
                .await;
            assert_eq!(geometry["layout"], json!({"kind": "squares", "columns": 3, "rows": 3}));
            assert_eq!(geometry["cells"].as_array().expect("cells").len(), 9);
            // The same rules again make another game, and are stored once.
            let again = create(&server, &client, TIC_TAC_TOE, "human", "human").await;
            assert_eq!(again.status(), StatusCode::CREATED);
            (id, token(&created, "black"))
        };
        let store = Store::connect(&database).await.expect("the database opens");
        assert_eq!(store.rules(&hash).await.expect("read").as_deref(), Some(TIC_TAC_TOE));
        let server = Server::start(&database).await;
        let state = server.get(&client, &id).await;
        assert_eq!(state["moves"], json!(["(mark 2 2)"]));
        let pieces = &state["pieces"];
        assert_eq!(pieces, &json!([{"cell": "2,2", "side": "white", "kind": "man"}]), "{state}");
        assert_eq!(
            server.play(&client, &id, &black, "(mark 1 1)", 1).await.status(),
            StatusCode::OK
        );
        let replay =
            server.get_json(&client, &format!("/api/games/{id}/replay/1?geometry=true")).await;
        assert_eq!(replay["geometry"]["cells"].as_array().map(Vec::len), Some(9), "{replay}");
    }
}

#[tokio::test]
async fn a_gdl_game_without_a_board_has_the_layout_of_moves_and_is_played_to_its_end() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let created = create(&server, &client, NIM, "human", "human").await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let created: Value = created.json().await.expect("json");
    let hash = Rules::hash_of(NIM);
    let geometry =
        server.get_json(&client, &format!("/api/catalog/gdl/geometry?options=rules={hash}")).await;
    // The layout that tells a client to list the moves: thirteen cells, one a move.
    assert_eq!(geometry["layout"], json!({"kind": "moves", "columns": 4, "rows": 4}));
    assert_eq!(geometry["cells"].as_array().map(Vec::len), Some(13), "{geometry}");
    // Each legal move is one click on the cell named as the move.
    let legal = created["state"]["legal"].as_array().expect("legal moves");
    assert_eq!(legal.len(), 12, "{legal:?}");
    for mv in legal {
        assert_eq!(mv["clicks"].as_array().map(Vec::len), Some(1), "{mv}");
        assert_eq!(mv["clicks"][0]["cell"], mv["move"], "{mv}");
    }
    assert_eq!(created["state"]["pieces"], json!([]));
    let id = created["id"].as_str().expect("an id");
    let (white, black) = (token(&created, "white"), token(&created, "black"));
    let line = [("(take c 5)", &white), ("(take b 4)", &black), ("(take a 3)", &white)];
    for (ply, (mv, seat)) in (0..).zip(line) {
        let played = server.play(&client, id, seat, mv, ply).await;
        assert_eq!(played.status(), StatusCode::OK, "{mv}");
    }
    // White took the last stick.
    let state = server.get(&client, id).await;
    assert_eq!((&state["status"], &state["result"]), (&json!("over"), &json!("1-0")), "{state}");
    assert_eq!(state["legal"], json!([]));
    // The last move's cells: where it begins and ends, its own cell both.
    assert_eq!(state["last_move"], json!(["(take a 3)", "(take a 3)"]), "{state}");
    // A variation of the finished game, as its analysis board explores one: the position after
    // moves of several words, and its analysis.
    let options = format!("rules={hash}");
    let query = [("options", options.as_str()), ("moves", "(take c 5) (take b 4)")];
    let url = server.url("/api/catalog/gdl/position");
    let response = client.get(url).query(&query).send().await.expect("sent");
    let position: Value = response.json().await.expect("json");
    let legal: Vec<&Value> = position["legal"].as_array().expect("legal").iter().collect();
    assert_eq!(
        legal.iter().map(|mv| &mv["move"]).collect::<Vec<_>>(),
        ["(take a 1)", "(take a 2)", "(take a 3)"]
    );
    let query = [("think", "200ms"), ("ply", "1"), ("moves", "(take b 4)")];
    let url = server.url(&format!("/api/games/{id}/analysis"));
    let analysis: Value =
        client.get(url).query(&query).send().await.expect("sent").json().await.expect("json");
    assert_eq!(analysis["best"], "(take a 3)", "the last stick: {analysis}");
}

#[tokio::test]
async fn the_computer_plays_a_gdl_game_and_analyses_it() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = client();
        let created = create(&server, &client, TIC_TAC_TOE, "human", "ai:1").await;
        assert_eq!(created.status(), StatusCode::CREATED);
        let created: Value = created.json().await.expect("json");
        let id = created["id"].as_str().expect("an id");
        assert_eq!(created["state"]["seats"]["black"]["name"], "Computer, level 1");
        let white = token(&created, "white");
        assert_eq!(
            server.play(&client, id, &white, "(mark 1 1)", 0).await.status(),
            StatusCode::OK
        );
        let state = wait_for(&server, &client, id, |state| state["ply"] == 2).await;
        assert_eq!(state["to_move"], "white", "{state}");
        let analysis = server.analysis(&client, id, "200ms").await;
        assert!(analysis["best"].as_str().is_some_and(|mv| mv.starts_with("(mark")), "{analysis}");
    }
}

#[tokio::test]
async fn bad_long_and_costly_rules_are_refused_with_the_reason() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let unclosed = refused(
        create(&server, &client, "(role white", "human", "human").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(unclosed.contains("line 1"), "{unclosed}");
    let roles = "(role a) (role b) (role c) (init s) (<= (legal ?r noop) (role ?r)) (<= (next s) (true s)) (<= terminal (true s)) (<= (goal ?r 50) (role ?r))";
    let three =
        refused(create(&server, &client, roles, "human", "human").await, StatusCode::BAD_REQUEST)
            .await;
    assert!(three.contains("two players taking turns"), "{three}");
    let long = format!("{TIC_TAC_TOE}\n;{}", "x".repeat(48 * 1024));
    let too_long = refused(
        create(&server, &client, &long, "human", "human").await,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    assert!(too_long.contains("at most 49152"), "{too_long}");
    // A hundred numbers make a million initial propositions of three of them.
    let numbers: String = (0..100).map(|n| format!("(num {n}) ")).collect();
    let costly =
        format!("{TIC_TAC_TOE}\n{numbers}\n(<= (init (big ?a ?b ?c)) (num ?a) (num ?b) (num ?c))");
    let too_large =
        refused(create(&server, &client, &costly, "human", "human").await, StatusCode::BAD_REQUEST)
            .await;
    assert!(too_large.contains("too large"), "{too_large}");
    let without = client
        .post(server.url("/api/games"))
        .json(&json!({ "game": "gdl", "white": "human", "black": "human" }))
        .send()
        .await
        .expect("sent");
    assert!(refused(without, StatusCode::BAD_REQUEST).await.contains("needs its rules"));
    let native = client
        .post(server.url("/api/games"))
        .json(&json!({ "game": "holes", "rules": TIC_TAC_TOE, "white": "human", "black": "human" }))
        .send()
        .await
        .expect("sent");
    assert!(refused(native, StatusCode::BAD_REQUEST).await.contains("takes `rules`"));
    let unknown = server
        .get_json(&client, &format!("/api/catalog/gdl/geometry?options=rules={}", "0".repeat(64)))
        .await;
    assert!(
        unknown["error"].as_str().is_some_and(|error| error.contains("no GDL rules")),
        "{unknown}"
    );
}
