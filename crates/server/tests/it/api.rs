//! The API over real HTTP and WebSocket, on SQLite and (when `DATABASE_URL` is set) on
//! PostgreSQL: whole games of every game, seats and their secrets, bad requests, the
//! computer, events, and a restart on the same database.

use std::time::Duration;

use crate::common::{browser, databases, receive, token, wait_for, Server};
use futures_util::SinkExt;
use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

const GAMES: [&str; 5] = ["minicheckers", "holes", "fanorona", "checkers", "daynight"];

fn client() -> Client {
    Client::builder().timeout(Duration::from_secs(30)).build().expect("a client")
}

/// A small deterministic generator for the random moves.
fn next(seed: &mut u64) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed >> 16) as usize
}

#[tokio::test]
async fn two_people_play_a_whole_game_of_every_game_with_their_tokens() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = client();
        let catalog: Value = client
            .get(server.url("/api/catalog"))
            .send()
            .await
            .expect("sent")
            .json()
            .await
            .expect("json");
        let ids: Vec<&str> = catalog
            .as_array()
            .expect("a list")
            .iter()
            .map(|g| g["id"].as_str().expect("id"))
            .collect();
        assert_eq!(ids, GAMES);
        let mut seed = 0x2545_F491_4F6C_DD1D;
        for game in GAMES {
            let created = server.create(&client, game, "human", "human").await;
            let id = created["id"].as_str().expect("an id");
            let mut state = created["state"].clone();
            let mut played = Vec::new();
            while state["status"] == "ongoing" {
                assert!(played.len() < 2000, "{game} does not end");
                let legal = state["legal"].as_array().expect("legal moves");
                let mv = legal[next(&mut seed) % legal.len()]["move"]
                    .as_str()
                    .expect("a move")
                    .to_owned();
                let side = state["to_move"].as_str().expect("a side");
                let ply = state["ply"].as_u64().expect("a ply");
                let response = server.play(&client, id, &token(&created, side), &mv, ply).await;
                assert_eq!(response.status(), StatusCode::OK, "{game} {mv}");
                state = response.json().await.expect("json");
                played.push(mv);
            }
            assert!(state["result"].is_string() && state["reason"].is_string(), "{state}");
            assert!(state["legal"].as_array().is_some_and(Vec::is_empty));
            let stored = server.get(&client, id).await;
            assert_eq!(stored["moves"], json!(played), "{game} on {database}");
            let record = client
                .get(server.url(&format!("/api/games/{id}/record")))
                .send()
                .await
                .expect("sent")
                .text()
                .await
                .expect("text");
            assert!(record.contains(state["result"].as_str().expect("a result")), "{record}");
        }
    }
}

#[tokio::test]
async fn only_the_seat_of_the_side_to_move_can_move_and_bad_requests_say_why() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = client();
        let created = server.create(&client, "checkers", "human", "human").await;
        let id = created["id"].as_str().expect("an id");
        let (white, black) = (token(&created, "white"), token(&created, "black"));
        // Black moves first in checkers.
        let (status, message) = error(server.play(&client, id, &white, "22-18", 0).await).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{message}");
        let (status, message) =
            error(server.play(&client, id, "not-a-token", "11-15", 0).await).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{message}");
        let spectator = client
            .post(server.url(&format!("/api/games/{id}/moves")))
            .json(&json!({"move": "11-15", "ply": 0}))
            .send()
            .await
            .expect("sent");
        assert_eq!(spectator.status(), StatusCode::FORBIDDEN);
        let (status, message) = error(server.play(&client, id, &black, "11-18", 0).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(message.contains("11-15"), "the legal moves are listed: {message}");
        let (status, _) = error(server.play(&client, id, &black, "11-15", 3).await).await;
        assert_eq!(status, StatusCode::CONFLICT, "a stale ply");
        assert_eq!(server.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
        // The same move sent again is harmless.
        let again = server.play(&client, id, &black, "11-15", 0).await;
        assert_eq!(again.status(), StatusCode::OK);
        let state: Value = again.json().await.expect("json");
        assert_eq!(state["moves"], json!(["11-15"]));
        let (status, _) = error(server.play(&client, "nosuchgame", &black, "11-15", 0).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        for body in ["{", "[]", "{\"move\": 5}", "{\"move\": \"22-18\", \"ply\": -1}"] {
            let response = client
                .post(server.url(&format!("/api/games/{id}/moves")))
                .bearer_auth(&white)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .expect("sent");
            let (status, message) = error(response).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {message}");
        }
        let huge = "x".repeat(100_000);
        let response = client
            .post(server.url("/api/games"))
            .header("content-type", "application/json")
            .body(format!("{{\"game\": \"{huge}\"}}"))
            .send()
            .await
            .expect("sent");
        assert!(response.status().is_client_error(), "{}", response.status());
        let bad_game = client
            .post(server.url("/api/games"))
            .json(&json!({"game": "chess", "white": "human", "black": "human"}))
            .send()
            .await
            .expect("sent");
        let (status, message) = error(bad_game).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(message.contains("checkers"), "{message}");
        let bad_player = client
            .post(server.url("/api/games"))
            .json(&json!({"game": "holes", "white": "ai:9", "black": "human"}))
            .send()
            .await
            .expect("sent");
        assert_eq!(bad_player.status(), StatusCode::BAD_REQUEST);
        let state = server.get(&client, id).await;
        assert!(
            !state.to_string().contains(&white) && !state.to_string().contains(&black),
            "no token is read back"
        );
    }
}

/// A response's status and its JSON error's message.
async fn error(response: Response) -> (StatusCode, String) {
    let status = response.status();
    let text = response.text().await.expect("a body");
    let body: Value = serde_json::from_str(&text).expect("a JSON error");
    let message = body["error"].as_str().unwrap_or_else(|| panic!("no message: {text}"));
    (status, message.to_owned())
}

/// Game `id`'s state as `client` sees it.
async fn seen_by(server: &Server, client: &Client, id: &str) -> Value {
    let response = client.get(server.url(&format!("/api/games/{id}"))).send().await.expect("sent");
    response.json().await.expect("json")
}

/// Joins game `id` as `side` with the link's `token`, as the invitation page's button does.
async fn join(server: &Server, client: &Client, id: &str, side: &str, token: &str) -> Response {
    client
        .post(server.url(&format!("/api/games/{id}/join")))
        .json(&json!({"side": side, "token": token}))
        .send()
        .await
        .expect("sent")
}

#[tokio::test]
async fn an_invitation_link_gives_the_seat_once_by_a_post_and_its_token_stops_working() {
    for database in databases() {
        let server = Server::start(&database).await;
        let plain = client();
        let created = server.create(&plain, "holes", "human", "human").await;
        let id = created["id"].as_str().expect("an id");
        let link = created["seats"]["black"]["url"].as_str().expect("a link").to_owned();
        let old = token(&created, "black");
        // Opening the link (a previewer's GET or HEAD) shows a page and takes nothing.
        let previewer = browser();
        let head = previewer.head(server.url(&link)).send().await.expect("sent");
        assert_eq!(head.status(), StatusCode::OK);
        let page = previewer.get(server.url(&link)).send().await.expect("sent");
        assert_eq!(page.status(), StatusCode::OK);
        assert!(page.headers().get("set-cookie").is_none(), "opening the link sets nothing");
        assert!(page.text().await.expect("a page").contains("/assets/join.js"));
        assert_eq!(server.get(&plain, id).await["seats"]["black"]["taken"], json!(false));

        let friend = browser();
        let joined = join(&server, &friend, id, "black", &old).await;
        assert_eq!(joined.status(), StatusCode::OK);
        let cookies: Vec<_> = joined.headers().get_all("set-cookie").iter().collect();
        assert_eq!(cookies.len(), 1, "one session cookie");
        let cookie = cookies[0].to_str().expect("text");
        assert!(cookie.starts_with("arbiter_session=") && cookie.contains("HttpOnly"), "{cookie}");
        assert!(!cookie.contains("Secure"), "no public https address was given: {cookie}");
        let state: Value = joined.json().await.expect("json");
        assert_eq!(state["you"], json!(["black"]));
        let thief = browser();
        let (status, message) = error(join(&server, &thief, id, "black", &old).await).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(message.contains("used already"), "{message}");
        assert_eq!(
            server.play(&plain, id, &token(&created, "white"), "a2-a3", 0).await.status(),
            StatusCode::OK
        );
        assert_eq!(
            server.play(&plain, id, &old, "a5-a4", 1).await.status(),
            StatusCode::FORBIDDEN,
            "the link's token is spent"
        );
        let state = seen_by(&server, &friend, id).await;
        assert_eq!(state["you"], json!(["black"]));
        assert_eq!(state["seats"]["black"]["taken"], json!(true));
        let moved = friend
            .post(server.url(&format!("/api/games/{id}/moves")))
            .json(&json!({"move": "a5-a4", "ply": 1}))
            .send()
            .await
            .expect("sent");
        assert_eq!(moved.status(), StatusCode::OK, "the cookie holds the seat");
        // The spent link's page still opens (it says so, and offers to watch).
        let spent = thief.get(server.url(&link)).send().await.expect("sent");
        assert_eq!(spent.status(), StatusCode::OK);
        let missing = thief.get(server.url("/join/nosuchgame/black/0")).send().await.expect("sent");
        assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn a_browser_holds_all_its_seats_by_one_session_cookie() {
    let server = Server::start(&databases()[0]).await;
    let player = browser();
    let host = client();
    let mut games = Vec::new();
    for _ in 0..3 {
        let created = server.create(&host, "holes", "human", "human").await;
        let id = created["id"].as_str().expect("an id").to_owned();
        let joined = join(&server, &player, &id, "white", &token(&created, "white")).await;
        assert_eq!(joined.status(), StatusCode::OK);
        let cookies = joined.headers().get_all("set-cookie").iter().count();
        assert_eq!(cookies, usize::from(games.is_empty()), "a cookie only for the first seat");
        games.push(id);
    }
    // A game kept at one screen by the same browser: both seats, the one cookie, no new one.
    let kept = player
        .post(server.url("/api/games"))
        .json(&json!({"game": "holes", "white": "human", "black": "human",
                      "keep": ["white", "black", "white", "black", "white"]}))
        .send()
        .await
        .expect("sent");
    assert_eq!(kept.status(), StatusCode::CREATED);
    assert_eq!(kept.headers().get_all("set-cookie").iter().count(), 0);
    let kept: Value = kept.json().await.expect("json");
    games.push(kept["id"].as_str().expect("an id").to_owned());
    for (n, id) in games.iter().enumerate() {
        let state = seen_by(&server, &player, id).await;
        let expected = if n == 3 { json!(["white", "black"]) } else { json!(["white"]) };
        assert_eq!(state["you"], expected, "game {n}");
    }
    // A new client keeping seats gets exactly one cookie, however many times it names them.
    let fresh = client()
        .post(server.url("/api/games"))
        .json(&json!({"game": "holes", "white": "human", "black": "human",
                      "keep": vec!["white"; 7000]}))
        .send()
        .await
        .expect("sent");
    assert_eq!(fresh.status(), StatusCode::CREATED);
    assert_eq!(fresh.headers().get_all("set-cookie").iter().count(), 1);
}

#[tokio::test]
async fn the_state_says_when_every_legal_move_captures() {
    let server = Server::start(&databases()[0]).await;
    let client = client();
    let created = server.create(&client, "checkers", "human", "human").await;
    let id = created["id"].as_str().expect("an id");
    assert_eq!(created["state"]["captures_only"], false, "the start has quiet moves");
    // Black moves first; after 16x23 White must jump 27x18 or 26x19.
    let moves = ["9-14", "22-18", "11-15", "18x11", "7x16", "23-19", "16x23"];
    for (ply, mv) in moves.into_iter().enumerate() {
        let side = if ply % 2 == 0 { "black" } else { "white" };
        let played = server.play(&client, id, &token(&created, side), mv, ply as u64).await;
        assert_eq!(played.status(), StatusCode::OK, "{mv}");
    }
    let state = seen_by(&server, &client, id).await;
    assert_eq!(state["captures_only"], true, "{}", state["legal"]);
    let legal = state["legal"].as_array().expect("a list");
    assert!(legal.iter().all(|mv| !mv["captures"].as_array().expect("a list").is_empty()));
}

#[tokio::test]
async fn at_one_screen_a_takeback_takes_back_one_move() {
    for database in databases() {
        let server = Server::start(&database).await;
        let player = browser();
        let kept = server.create_kept(&player, "minicheckers").await;
        let id = kept["id"].as_str().expect("an id");
        assert_eq!(kept["state"]["seats"]["white"]["name"], "A person", "{kept}");
        // The cookie holds both seats; the bearer token is none of them.
        for (ply, mv) in ["b2-c3", "a5-b4", "c3xa5"].into_iter().enumerate() {
            let played = server.play(&player, id, "none", mv, ply as u64).await;
            assert_eq!(played.status(), StatusCode::OK, "{mv}");
        }
        for ply in [2, 1, 0] {
            let undone: Value = server
                .act(&player, id, "none", "undo", "request")
                .await
                .json()
                .await
                .expect("json");
            assert_eq!(undone["ply"], ply, "one move at a time: {undone}");
        }
        let nothing = server.act(&player, id, "none", "undo", "request").await;
        assert_eq!(nothing.status(), StatusCode::CONFLICT, "no move is left to take back");
    }
}

#[tokio::test]
async fn the_computer_answers_and_a_takeback_against_it_is_immediate() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = client();
        let created = server.create(&client, "minicheckers", "human", "ai:1").await;
        let id = created["id"].as_str().expect("an id");
        let white = token(&created, "white");
        let black = &created["state"]["seats"]["black"];
        assert_eq!((&black["name"], &black["level"]), (&json!("Computer, level 1"), &json!(1)));
        assert_eq!(server.play(&client, id, &white, "b2-c3", 0).await.status(), StatusCode::OK);
        let state = wait_for(&server, &client, id, |state| state["ply"] == 2).await;
        assert_eq!(state["to_move"], "white");
        let undone: Value =
            server.act(&client, id, &white, "undo", "request").await.json().await.expect("json");
        assert_eq!(undone["ply"], 0, "the move and its reply are taken back: {undone}");
        let declined = server.act(&client, id, &white, "draw", "offer").await;
        assert_eq!(declined.status(), StatusCode::CONFLICT, "the computer declines");
        let analysis: Value = server.analysis(&client, id, "3s").await;
        assert!(analysis["best"].is_string(), "{analysis}");
        // Mini checkers is solved in far less than the time: every move has its exact value,
        // best first, and the start is a win for White in 23 plies.
        let exact = analysis["exact"].as_array().expect("exact values");
        assert_eq!(exact.len(), 5, "{analysis}");
        assert_eq!(exact[0]["wins"], true, "{analysis}");
        assert_eq!(exact[0]["plies"], 23, "{analysis}");
        assert_eq!(exact[4]["wins"], false, "{analysis}");
        assert_eq!(exact[0]["value"], "win", "{analysis}");
        // An earlier position is analysed when asked for: after b2-c3 and the reply, the
        // position after b2-c3 has the value the start's analysis gave that move, a ply less
        // and for the other side.
        let opening = exact.iter().find(|entry| entry["move"] == "b2-c3").expect("b2-c3");
        assert_eq!(server.play(&client, id, &white, "b2-c3", 0).await.status(), StatusCode::OK);
        wait_for(&server, &client, id, |state| state["ply"] == 2).await;
        let url = server.url(&format!("/api/games/{id}/analysis?think=3s&ply=1"));
        let after: Value = client.get(&url).send().await.expect("sent").json().await.expect("json");
        let reply = &after["exact"][0];
        assert_eq!(reply["wins"].as_bool(), opening["wins"].as_bool().map(|wins| !wins), "{after}");
        let plies = opening["plies"].as_u64().expect("plies");
        assert_eq!(reply["plies"].as_u64(), Some(plies - 1), "{after}");
        let beyond = server.url(&format!("/api/games/{id}/analysis?ply=99"));
        let beyond = client.get(&beyond).send().await.expect("sent");
        assert_eq!(beyond.status(), StatusCode::NOT_FOUND);
        let resigned: Value = client
            .post(server.url(&format!("/api/games/{id}/resign")))
            .bearer_auth(&white)
            .json(&json!({}))
            .send()
            .await
            .expect("sent")
            .json()
            .await
            .expect("json");
        assert_eq!(
            (resigned["status"].as_str(), resigned["result"].as_str()),
            (Some("over"), Some("0-1"))
        );
        // The position the resignation left is analysed as the board stands, with the exact
        // values of its moves: a finished game is an analysis board.
        let last = server.analysis(&client, id, "3s").await;
        assert!(last["best"].is_string(), "{last}");
        let values = last["exact"].as_array().expect("exact values after the end");
        assert!(!values.is_empty(), "{last}");
        // The computer plays itself too.
        let both = server.create(&client, "holes", "ai:1", "ai:1").await;
        let id = both["id"].as_str().expect("an id");
        wait_for(&server, &client, id, |state| state["status"] == "over").await;
    }
}

#[tokio::test]
async fn draws_and_takebacks_between_two_people_need_both() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = client();
        let created = server.create(&client, "fanorona", "human", "human").await;
        let id = created["id"].as_str().expect("an id");
        let (white, black) = (token(&created, "white"), token(&created, "black"));
        assert_eq!(server.play(&client, id, &white, "F4-E3A", 0).await.status(), StatusCode::OK);
        let asked: Value =
            server.act(&client, id, &white, "undo", "request").await.json().await.expect("json");
        assert_eq!(
            (asked["undo_request"].as_str(), asked["ply"].as_u64()),
            (Some("white"), Some(1))
        );
        let taken: Value =
            server.act(&client, id, &black, "undo", "accept").await.json().await.expect("json");
        assert_eq!(taken["ply"], 0);
        let offered: Value =
            server.act(&client, id, &white, "draw", "offer").await.json().await.expect("json");
        assert_eq!(offered["draw_offer"], "white");
        assert_eq!(
            server.act(&client, id, &white, "draw", "accept").await.status(),
            StatusCode::CONFLICT
        );
        let drawn: Value =
            server.act(&client, id, &black, "draw", "accept").await.json().await.expect("json");
        assert_eq!(drawn["result"], "1/2-1/2");
        assert_eq!(
            server.play(&client, id, &white, "F4-E3A", 0).await.status(),
            StatusCode::CONFLICT,
            "the game is over"
        );
    }
}

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
    let legal: Vec<&str> = after["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .filter_map(|m| m["move"].as_str())
        .collect();
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

    let store = arbiter_server::store::Store::connect(&databases()[0]).await.expect("opens");
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
    let server = Server::start(&databases()[0]).await;
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
            database: database.clone(),
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
