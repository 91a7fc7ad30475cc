//! The lobby: seeks posted, listed, accepted by another browser (never by their creator),
//! withdrawn and expired, with the lobby socket pushing each change; rematches; a browser's
//! games.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use reqwest::cookie::{CookieStore, Jar};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::common::{browser, databases, Server};

/// `POST /api/seeks`: its JSON.
async fn post_seek(server: &Server, client: &Client, seek: Value) -> Value {
    let response = client.post(server.url("/api/seeks")).json(&seek).send().await.expect("sent");
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.expect("json")
}

/// The open seeks `client` sees, by identifier.
async fn open_seeks(server: &Server, client: &Client) -> Vec<Value> {
    client.get(server.url("/api/seeks")).send().await.expect("sent").json().await.expect("json")
}

fn listed<'a>(seeks: &'a [Value], id: &str) -> Option<&'a Value> {
    seeks.iter().find(|seek| seek["id"] == id)
}

async fn post(client: &Client, url: String, body: Value) -> reqwest::Response {
    client.post(url).json(&body).send().await.expect("sent")
}

/// The next message of a lobby socket about `id` (the sockets of tests running beside on a
/// shared database hear their seeks too).
async fn message_about<S>(socket: &mut S, id: &str) -> Value
where
    S: StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .expect("a message");
        let Ok(text) = message.to_text() else { continue };
        let Ok(value) = serde_json::from_str::<Value>(text) else { continue };
        let about = value["seek"]["id"] == id || value["id"] == id || value["seek"] == id;
        let listing = value["type"] == "seeks";
        if about || listing {
            return value;
        }
    }
}

#[tokio::test]
async fn a_seek_is_accepted_by_another_browser_and_both_are_seated() {
    for database in databases() {
        let server = Server::start(&database).await;
        let ((creator, jar), taker) = (browser_with_jar(), browser());
        // The taker watches the lobby before the seek is posted.
        let url = format!("ws://{}/api/lobby/socket", server.addr);
        let (mut watching, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
        assert_eq!(message_about(&mut watching, "").await["type"], "seeks");
        let clock = json!({"initial_ms": 300_000, "increment_ms": 3000});
        let seek = json!({"game": "checkers", "options": "", "clock": clock, "side": "white"});
        let posted = post_seek(&server, &creator, seek).await;
        let id = posted["id"].as_str().expect("an id").to_owned();
        assert_eq!(posted["seek"]["clock"], clock);
        assert_eq!(posted["seek"]["yours"], true);
        let added = message_about(&mut watching, &id).await;
        assert_eq!(
            (added["type"].as_str(), added["seek"]["side"].as_str()),
            (Some("added"), Some("white"))
        );
        let seen = open_seeks(&server, &taker).await;
        let seek = listed(&seen, &id).expect("listed");
        assert_eq!(
            (seek["name"].as_str(), seek["yours"].as_bool()),
            (Some("Checkers (English draughts)"), Some(false))
        );
        // The creator's own lobby socket, which will hear that the seek was taken.
        let creator_cookie = {
            let response = creator.get(server.url("/api/seeks")).send().await.expect("sent");
            assert!(response.status().is_success());
            posted["token"].as_str().expect("a token").to_owned()
        };
        let refused =
            post(&creator, server.url(&format!("/api/seeks/{id}/accept")), json!({})).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "nobody accepts their own seek");
        let accepted =
            post(&taker, server.url(&format!("/api/seeks/{id}/accept")), json!({})).await;
        assert_eq!(accepted.status(), StatusCode::CREATED);
        let accepted: Value = accepted.json().await.expect("json");
        let game = accepted["id"].as_str().expect("a game").to_owned();
        assert_eq!(accepted["state"]["you"], json!(["black"]));
        assert_eq!(accepted["state"]["clock"]["white_ms"], 300_000);
        let again =
            post(&browser(), server.url(&format!("/api/seeks/{id}/accept")), json!({})).await;
        assert_eq!(again.status(), StatusCode::CONFLICT, "a seek becomes one game");
        assert_eq!(message_about(&mut watching, &id).await["type"], "removed");
        assert!(listed(&open_seeks(&server, &taker).await, &id).is_none());
        // The creator's page hears of it on its lobby socket (with its session's cookie).
        let told = told_accepted(&server, &jar, &id).await;
        assert_eq!(
            (told["game"].as_str(), told["side"].as_str()),
            (Some(game.as_str()), Some("white"))
        );
        assert_eq!(told["token"].as_str(), Some(creator_cookie.as_str()));
        let joined = post(
            &creator,
            server.url(&format!("/api/games/{game}/join")),
            json!({"side": "white", "token": told["token"]}),
        )
        .await;
        assert_eq!(joined.status(), StatusCode::OK);
        let joined: Value = joined.json().await.expect("json");
        assert_eq!(joined["you"], json!(["white"]));
        let mine = my_games(&server, &creator).await;
        assert_eq!(mine.first().map(|game| game["id"].clone()), Some(json!(game)));
        assert_eq!(mine[0]["your_turn"], false, "Black moves first in checkers");
        let theirs = my_games(&server, &taker).await;
        assert_eq!(
            (theirs[0]["id"].as_str(), theirs[0]["your_turn"].as_bool()),
            (Some(game.as_str()), Some(true))
        );
    }
}

/// The lobby socket of the browser of cookies `jar`.
pub async fn lobby_socket(
    server: &Server,
    jar: &Jar,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let url = format!("ws://{}/api/lobby/socket", server.addr);
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
            url.as_str(),
        )
        .expect("a request");
    let page = server.url("/").parse().expect("a URL");
    let cookie = jar.cookies(&page).expect("the session cookie");
    request.headers_mut().insert("cookie", cookie);
    tokio_tungstenite::connect_async(request).await.expect("a socket").0
}

/// What the lobby socket of the browser of cookies `jar` is told of its seek `id`'s acceptance.
async fn told_accepted(server: &Server, jar: &Jar, id: &str) -> Value {
    let mut creators = lobby_socket(server, jar).await;
    loop {
        let message = message_about(&mut creators, id).await;
        if message["type"] == "accepted" {
            break message;
        }
    }
}

/// The games `client` holds seats in.
async fn my_games(server: &Server, client: &Client) -> Vec<Value> {
    serde_json::from_value(server.get_json(client, "/api/my/games").await).expect("a list")
}

/// A browser's client, and its cookie jar.
pub fn browser_with_jar() -> (Client, Arc<Jar>) {
    let jar = Arc::new(Jar::default());
    (Client::builder().cookie_provider(jar.clone()).build().expect("client"), jar)
}

#[tokio::test]
async fn a_seek_is_withdrawn_by_its_creator_only_and_expires_when_its_creator_is_gone() {
    let databases = databases();
    for database in &databases {
        let server = Server::start(database).await;
        let (creator, other) = (browser(), browser());
        let seek = json!({"game": "holes", "side": "random", "clock": null});
        let posted = post_seek(&server, &creator, seek.clone()).await;
        let id = posted["id"].as_str().expect("an id");
        let url = server.url(&format!("/api/seeks/{id}"));
        let json_delete = |client: &Client| {
            client.delete(url.clone()).header("content-type", "application/json").send()
        };
        assert_eq!(json_delete(&other).await.expect("sent").status(), StatusCode::FORBIDDEN);
        assert_eq!(json_delete(&creator).await.expect("sent").status(), StatusCode::NO_CONTENT);
        assert!(listed(&open_seeks(&server, &other).await, id).is_none());
        assert_eq!(json_delete(&creator).await.expect("sent").status(), StatusCode::NOT_FOUND);
        // A client with no cookie holds its seek by the token.
        let tokened = post_seek(&server, &Client::new(), seek.clone()).await;
        let by_token = Client::new()
            .get(server.url(&format!("/api/seeks/{}", tokened["id"].as_str().expect("an id"))))
            .bearer_auth(tokened["token"].as_str().expect("a token"))
            .send()
            .await
            .expect("sent");
        assert_eq!(by_token.status(), StatusCode::OK);
    }
    // SQLite only: the clock moved forward would expire the seeks of the other tests on a
    // shared PostgreSQL database.
    let server = Server::start(&databases[0]).await;
    let creator = browser();
    let posted = post_seek(&server, &creator, json!({"game": "fanorona", "side": "black"})).await;
    let id = posted["id"].as_str().expect("an id");
    server.games.advance_clock(Duration::from_secs(30));
    server.lobby.sweep_seeks().await;
    assert!(listed(&open_seeks(&server, &creator).await, id).is_some(), "half a minute gone");
    server.games.advance_clock(Duration::from_secs(31));
    server.lobby.sweep_seeks().await;
    assert!(listed(&open_seeks(&server, &creator).await, id).is_none(), "a minute gone");
}

/// A seek goes 5 s (of the server's clock) after its creator's lobby socket closed, rather than
/// a minute; while the socket is open it stays. SQLite only, as the clock is moved.
#[tokio::test]
async fn a_seek_goes_seconds_after_its_creators_lobby_socket_closes() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let store = arbiter_server::store::Store::connect(&database).await.expect("the database");
    let (creator, jar) = browser_with_jar();
    let posted = post_seek(&server, &creator, json!({"game": "holes", "side": "white"})).await;
    let id = posted["id"].as_str().expect("an id").to_owned();
    let mut socket = lobby_socket(&server, &jar).await;
    assert_eq!(message_about(&mut socket, "").await["type"], "seeks");
    server.games.advance_clock(Duration::from_secs(50));
    server.lobby.sweep_seeks().await;
    assert!(listed(&open_seeks(&server, &browser()).await, &id).is_some(), "the creator is there");
    let seen = || async { store.seeks(Some(&id)).await.expect("read")[0].seen };
    let before = seen().await;
    socket.close(None).await.expect("closed");
    // The server marks the creator as leaving once it has seen the close.
    let mut marked = false;
    for _ in 0..500 {
        marked = seen().await < before;
        if marked {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(marked, "the creator was not marked as leaving");
    server.games.advance_clock(Duration::from_secs(3));
    server.lobby.sweep_seeks().await;
    assert!(listed(&open_seeks(&server, &browser()).await, &id).is_some(), "within the grace");
    server.games.advance_clock(Duration::from_secs(3));
    server.lobby.sweep_seeks().await;
    assert!(listed(&open_seeks(&server, &browser()).await, &id).is_none(), "gone after 5 s");
}

#[tokio::test]
async fn a_rematch_between_people_swaps_colours_once_both_agree() {
    for database in databases() {
        let server = Server::start(&database).await;
        let (host, friend) = (browser(), browser());
        let created: Value = post(
            &host,
            server.url("/api/games"),
            json!({"game": "minicheckers", "white": "human", "black": "human", "keep": ["white"],
                   "clock": {"initial_ms": 60_000, "increment_ms": 1000}}),
        )
        .await
        .json()
        .await
        .expect("json");
        let id = created["id"].as_str().expect("an id");
        let link = created["seats"]["black"]["token"].as_str().expect("a token");
        let joined = post(
            &friend,
            server.url(&format!("/api/games/{id}/join")),
            json!({"side": "black", "token": link}),
        )
        .await;
        assert_eq!(joined.status(), StatusCode::OK);
        let url = server.url(&format!("/api/games/{id}/rematch"));
        let rematch = |client: &Client, action: &str| {
            client.post(url.clone()).json(&json!({"action": action})).send()
        };
        assert_eq!(
            rematch(&host, "offer").await.expect("sent").status(),
            StatusCode::CONFLICT,
            "the game goes on"
        );
        let resigned = host
            .post(server.url(&format!("/api/games/{id}/resign")))
            .header("content-type", "application/json")
            .send()
            .await
            .expect("sent");
        assert_eq!(resigned.status(), StatusCode::OK);
        let offered: Value =
            rematch(&host, "offer").await.expect("sent").json().await.expect("json");
        assert_eq!(offered["rematch"], json!({"offered_by": "white", "game": null}));
        assert_eq!(
            rematch(&host, "accept").await.expect("sent").status(),
            StatusCode::CONFLICT,
            "not one's own"
        );
        let declined: Value =
            rematch(&friend, "decline").await.expect("sent").json().await.expect("json");
        assert_eq!(declined["rematch"], Value::Null);
        rematch(&friend, "offer").await.expect("sent");
        let accepted: Value =
            rematch(&host, "accept").await.expect("sent").json().await.expect("json");
        let new = accepted["rematch"]["game"].as_str().expect("the new game");
        let state = |client: &Client| client.get(server.url(&format!("/api/games/{new}"))).send();
        let hosts: Value = state(&host).await.expect("sent").json().await.expect("json");
        let friends: Value = state(&friend).await.expect("sent").json().await.expect("json");
        assert_eq!(
            (hosts["you"].clone(), friends["you"].clone()),
            (json!(["black"]), json!(["white"]))
        );
        assert_eq!(hosts["options"], "");
        assert_eq!(hosts["clock"]["increment_ms"], 1000, "the same clock");
        assert_eq!(hosts["seats"]["white"]["taken"], true);
        assert_eq!(
            rematch(&friend, "offer").await.expect("sent").status(),
            StatusCode::CONFLICT,
            "once"
        );
        let mine = my_games(&server, &friend).await;
        let ids: Vec<&str> = mine.iter().filter_map(|game| game["id"].as_str()).collect();
        assert_eq!(ids, [new, id], "the game going on first, where it is the friend's turn");
        assert_eq!(mine[0]["your_turn"], true);
    }
}

#[tokio::test]
async fn a_rematch_against_the_computer_starts_at_once_with_colours_swapped() {
    for database in databases() {
        let server = Server::start(&database).await;
        let player = browser();
        let created: Value = post(
            &player,
            server.url("/api/games"),
            json!({"game": "holes", "white": "human", "black": "ai:1", "keep": ["white"]}),
        )
        .await
        .json()
        .await
        .expect("json");
        let id = created["id"].as_str().expect("an id");
        player
            .post(server.url(&format!("/api/games/{id}/resign")))
            .header("content-type", "application/json")
            .send()
            .await
            .expect("sent");
        let answered: Value = post(
            &player,
            server.url(&format!("/api/games/{id}/rematch")),
            json!({"action": "offer"}),
        )
        .await
        .json()
        .await
        .expect("json");
        let new = answered["rematch"]["game"].as_str().expect("a new game at once");
        let state: Value = player
            .get(server.url(&format!("/api/games/{new}")))
            .send()
            .await
            .expect("sent")
            .json()
            .await
            .expect("json");
        assert_eq!(state["you"], json!(["black"]));
        assert_eq!(state["seats"]["white"]["name"], "Computer, level 1");
    }
}
