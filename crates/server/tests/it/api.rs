//! The API over real HTTP, on SQLite and (when `DATABASE_URL` is set) on PostgreSQL: whole
//! games of every game, seats and their secrets, bad requests, takebacks and draws, and the
//! computer.

use std::time::Duration;

use crate::common::{browser, databases, legal_moves, token, wait_for, Server};
use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};

const GAMES: [&str; 5] = ["minicheckers", "holes", "fanorona", "checkers", "daynight"];

pub(crate) fn client() -> Client {
    Client::builder().timeout(Duration::from_secs(30)).build().expect("a client")
}

/// A small deterministic generator for the random moves.
pub(crate) fn next(seed: &mut u64) -> usize {
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
    let database = databases().remove(0);
    let server = Server::start(&database).await;
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

/// Plays `moves` from the start of the checkers game `created`, Black first, each answered 200.
async fn play_checkers(server: &Server, client: &Client, created: &Value, moves: &[&str]) {
    let id = created["id"].as_str().expect("an id");
    for (ply, mv) in moves.iter().enumerate() {
        let side = if ply % 2 == 0 { "black" } else { "white" };
        let played = server.play(client, id, &token(created, side), mv, ply as u64).await;
        assert_eq!(played.status(), StatusCode::OK, "{mv}");
    }
}

#[tokio::test]
async fn the_state_says_when_every_legal_move_captures() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let created = server.create(&client, "checkers", "human", "human").await;
    let id = created["id"].as_str().expect("an id");
    assert_eq!(created["state"]["captures_only"], false, "the start has quiet moves");
    // Black moves first; after 16x23 White must jump 27x18 or 26x19.
    let moves = ["9-14", "22-18", "11-15", "18x11", "7x16", "23-19", "16x23"];
    play_checkers(&server, &client, &created, &moves).await;
    let state = seen_by(&server, &client, id).await;
    assert_eq!(state["captures_only"], true, "{}", state["legal"]);
    let legal = state["legal"].as_array().expect("a list");
    assert!(legal.iter().all(|mv| !mv["captures"].as_array().expect("a list").is_empty()));
}

#[tokio::test]
async fn a_checkers_game_names_its_opening_in_its_state_and_its_record() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = client();
    let created = server.create(&client, "checkers", "human", "human").await;
    let id = created["id"].as_str().expect("an id");
    assert!(created["state"].get("opening").is_none(), "{}", created["state"]);
    play_checkers(&server, &client, &created, &["11-15", "24-20", "8-11"]).await;
    assert_eq!(seen_by(&server, &client, id).await["opening"], "Ayrshire Lassie");
    let record = client.get(server.url(&format!("/api/games/{id}/record"))).send().await;
    let record = record.expect("sent").text().await.expect("text");
    assert!(record.contains("[Opening \"Ayrshire Lassie\"]"), "{record}");
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
        // A variation from an earlier position is analysed where it leads (its moves played
        // after that ply), and the game is unchanged; a variation's illegal move is refused.
        let moves = resigned["moves"].as_array().expect("moves").len();
        let start = server.get_json(&client, &format!("/api/games/{id}/replay/0")).await;
        let first = start["legal"][1]["move"].as_str().expect("a legal move").to_owned();
        let path = format!("/api/games/{id}/analysis?think=100ms&ply=0&moves={first}");
        let varied = server.get_json(&client, &path).await;
        let after = format!("/api/catalog/minicheckers/position?moves={first}");
        let after = server.get_json(&client, &after).await;
        let legal = legal_moves(&after);
        assert!(legal.contains(&varied["best"].as_str().expect("a best move")), "{varied}");
        let wrong = format!("/api/games/{id}/analysis?think=100ms&ply=0&moves={first}+{first}");
        let wrong = client.get(server.url(&wrong)).send().await.expect("sent");
        assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);
        let game = server.get(&client, id).await;
        assert_eq!(game["moves"].as_array().map(Vec::len), Some(moves), "the game is unchanged");
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

/// Either player may abort until both sides have moved; a spectator may not, nor anyone once
/// both sides moved; the aborted game has no result, says who aborted it, and takes no move.
#[tokio::test]
async fn a_game_is_aborted_by_either_player_until_both_sides_have_moved() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = client();
        for (moved, aborter, named) in
            [(false, "white", "White"), (true, "white", "White"), (true, "black", "Black")]
        {
            let created = server.create(&client, "checkers", "human", "human").await;
            let id = created["id"].as_str().expect("an id");
            let black = token(&created, "black");
            if moved {
                assert_eq!(
                    server.play(&client, id, &black, "11-15", 0).await.status(),
                    StatusCode::OK
                );
            }
            let refused = server.act(&client, id, "not-a-seat", "abort", "").await;
            assert_eq!(refused.status(), StatusCode::FORBIDDEN);
            let aborted = server.act(&client, id, &token(&created, aborter), "abort", "").await;
            assert_eq!(aborted.status(), StatusCode::OK);
            let state: Value = aborted.json().await.expect("json");
            assert_eq!(state["status"], "aborted");
            assert_eq!(state["result"], Value::Null);
            assert_eq!(state["reason"], format!("aborted by {named}"));
            assert_eq!(state["legal"].as_array().map(Vec::len), Some(0));
            let ply = u64::from(moved);
            let late = server.play(&client, id, &token(&created, "white"), "22-18", ply).await;
            assert_eq!(late.status(), StatusCode::CONFLICT, "an aborted game takes no move");
            let again = server.act(&client, id, &black, "abort", "").await;
            assert_eq!(again.status(), StatusCode::CONFLICT);
            // Read again: the game says so to everyone.
            let stored = server.get(&client, id).await;
            assert_eq!(
                (stored["status"].as_str(), stored["reason"].as_str()),
                (Some("aborted"), Some(format!("aborted by {named}").as_str()))
            );
        }
        let created = server.create(&client, "checkers", "human", "human").await;
        let id = created["id"].as_str().expect("an id");
        let (white, black) = (token(&created, "white"), token(&created, "black"));
        assert_eq!(server.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
        assert_eq!(server.play(&client, id, &white, "22-18", 1).await.status(), StatusCode::OK);
        let late = server.act(&client, id, &white, "abort", "").await;
        assert_eq!(late.status(), StatusCode::CONFLICT);
        let body: Value = late.json().await.expect("json");
        assert!(body["error"]
            .as_str()
            .is_some_and(|error| error.contains("both sides have moved")));
    }
}
