//! The catalog as a client builds its forms and boards from it: each game's options as
//! structured data, its records' file extension, and its board under its options, which the
//! states and positions carry only when asked.

use std::time::Duration;

use crate::common::{databases, Server};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

fn client() -> Client {
    Client::builder().timeout(Duration::from_secs(30)).build().expect("a client")
}

#[tokio::test]
async fn the_catalog_gives_each_games_options_as_fields_and_its_records_extension() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let catalog = server.get_json(&client(), "/api/catalog").await;
    let game = |id: &str| -> Value {
        catalog.as_array().expect("a list").iter().find(|game| game["id"] == id).expect(id).clone()
    };
    assert_eq!(
        game("minicheckers")["options"],
        json!([{"key": "first", "kind": "choice", "values": ["white", "black"],
                "default": "white", "help": "who moves first"}])
    );
    let rings = &game("daynight")["options"][0];
    assert_eq!(
        (&rings["kind"], &rings["min"], &rings["max"]),
        (&json!("range"), &json!(4), &json!(8))
    );
    assert_eq!(rings["default"], "4");
    assert_eq!(game("checkers")["options"], json!([]));
    let extensions: Vec<&str> = catalog
        .as_array()
        .expect("a list")
        .iter()
        .map(|game| game["record_extension"].as_str().expect("an extension"))
        .collect();
    assert_eq!(extensions, ["txt", "txt", "txt", "pdn", "txt"]);
}

#[tokio::test]
async fn the_board_comes_from_the_catalog_under_the_games_options() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let board = server.get_json(&client, "/api/catalog/daynight/geometry?options=rings=6").await;
    assert_eq!(board["layout"], json!({"kind": "round", "sectors": 12, "rings": 6}));
    assert_eq!(board["cells"].as_array().expect("cells").len(), 12 * 6);
    let checkers = server.get_json(&client, "/api/catalog/checkers/geometry").await;
    assert_eq!(checkers["cells"].as_array().expect("cells").len(), 32);
    assert_eq!(checkers["cells"][0]["name"], "1");

    for (path, status) in [
        ("/api/catalog/daynight/geometry?options=rings=9", StatusCode::BAD_REQUEST),
        ("/api/catalog/chess/geometry", StatusCode::NOT_FOUND),
    ] {
        let response = client.get(server.url(path)).send().await.expect("sent");
        assert_eq!(response.status(), status, "{path}");
        let error: Value = response.json().await.expect("json");
        assert!(error["error"].is_string(), "{error}");
    }
    let long = format!("/api/catalog/holes/geometry?options={}", "x".repeat(2000));
    let response = client.get(server.url(&long)).send().await.expect("sent");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn states_and_positions_carry_the_board_only_when_asked() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let created = server.create(&client, "fanorona", "human", "human").await;
    let id = created["id"].as_str().expect("an id");
    assert!(created["state"].get("geometry").is_none(), "{created}");
    assert!(created["state"]["pieces"].is_array());
    let board = server.get_json(&client, "/api/catalog/fanorona/geometry").await;
    assert!(!board["lines"].as_array().expect("lines").is_empty());

    let plain = server.get(&client, id).await;
    assert!(plain.get("geometry").is_none(), "{plain}");
    let with = server.get_json(&client, &format!("/api/games/{id}?geometry=true")).await;
    assert_eq!(with["geometry"], board);
    assert_eq!(with["pieces"], plain["pieces"]);
    let replay = server.get_json(&client, &format!("/api/games/{id}/replay/0?geometry=true")).await;
    assert_eq!(replay["geometry"], board);
    let replay = server.get_json(&client, &format!("/api/games/{id}/replay/0")).await;
    assert!(replay.get("geometry").is_none(), "{replay}");
    let position = "/api/catalog/fanorona/position";
    assert!(server.get_json(&client, position).await.get("geometry").is_none());
    let shown = server.get_json(&client, &format!("{position}?geometry=true")).await;
    assert_eq!(shown["geometry"], board);

    let response = client
        .get(server.url(&format!("/api/games/{id}?geometry=sometimes")))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_games_page_asks_the_browser_to_fetch_its_board_at_once() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let response = client
        .post(server.url("/api/games"))
        .json(
            &json!({"game": "daynight", "options": "rings=6", "white": "human", "black": "human"}),
        )
        .send()
        .await
        .expect("sent");
    let created: Value = response.json().await.expect("json");
    let id = created["id"].as_str().expect("an id");
    let page = client.get(server.url(&format!("/games/{id}"))).send().await.expect("sent");
    let link = page.headers()["link"].to_str().expect("text").to_owned();
    let board = "/api/catalog/daynight/geometry?options=rings%3D6";
    assert_eq!(link, format!("<{board}>; rel=preload; as=fetch; crossorigin=anonymous"));
    assert_eq!(server.get_json(&client, board).await["layout"]["rings"], 6);
}
