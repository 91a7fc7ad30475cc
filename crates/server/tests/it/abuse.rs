//! Requests a hostile or careless client makes, over real HTTP and WebSocket: each is refused
//! or bounded, and the game goes on.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::common::{browser, databases, token, Server};

fn client() -> Client {
    Client::builder().timeout(Duration::from_secs(30)).build().expect("a client")
}

/// A server on an SQLite file of its own, a client, and a new game of checkers between two
/// people on it.
async fn a_game() -> (Server, Client, Value) {
    let database = databases().remove(0);
    let client = client();
    let server = Server::start(&database).await;
    let created = server.create(&client, "checkers", "human", "human").await;
    (server, client, created)
}

/// A socket's client sends nothing the server reads: a message larger than a few KiB closes
/// the socket instead of filling the server's memory, and the server goes on.
#[tokio::test]
async fn a_large_socket_message_closes_the_socket() {
    let (server, client, created) = a_game().await;
    let id = created["id"].as_str().expect("an id");
    let url = format!("ws://{}/api/games/{id}/socket", server.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
    let first = socket.next().await.expect("a message").expect("the state");
    assert!(first.is_text());
    let _ = socket.send(Message::Binary(vec![0u8; 64 * 1024].into())).await;
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .expect("the server answers in time");
    assert!(closed);
    let black = token(&created, "black");
    assert_eq!(server.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
}

/// A takeback takes back one's own move: a player who has not moved has none (`409`), and
/// against a computer that moves first the human cannot take back the computer's move.
#[tokio::test]
async fn a_takeback_needs_a_move_of_ones_own() {
    for database in databases() {
        let client = client();
        let server = Server::start(&database).await;
        let created = server.create(&client, "checkers", "human", "human").await;
        let id = created["id"].as_str().expect("an id");
        let (black, white) = (token(&created, "black"), token(&created, "white"));
        assert_eq!(server.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
        // White has not moved: its takeback request is refused, and Black's move stays.
        let asked = server.act(&client, id, &white, "undo", "request").await;
        assert_eq!(asked.status(), StatusCode::CONFLICT, "{database}");
        let body: Value = asked.json().await.expect("a JSON error");
        assert_eq!(body["state"]["moves"], serde_json::json!(["11-15"]), "{body}");
        assert_eq!(server.get(&client, id).await["moves"], serde_json::json!(["11-15"]));

        let computer = server.create(&client, "checkers", "human", "ai:1").await;
        let id = computer["id"].as_str().expect("an id");
        let state = crate::common::wait_for(&server, &client, id, |s| s["ply"] == 1).await;
        let asked = server.act(&client, id, &token(&computer, "white"), "undo", "request").await;
        assert_eq!(asked.status(), StatusCode::CONFLICT, "{database}");
        assert_eq!(server.get(&client, id).await["moves"], state["moves"], "{database}");
    }
}

/// Offers end with the game: a draw offered, then a resignation, leaves none.
#[tokio::test]
async fn offers_end_with_the_game() {
    let (server, client, created) = a_game().await;
    let id = created["id"].as_str().expect("an id");
    let (black, white) = (token(&created, "black"), token(&created, "white"));
    assert_eq!(server.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
    let offered = server.act(&client, id, &white, "draw", "offer").await;
    assert_eq!(offered.status(), StatusCode::OK);
    let resigned = server.act(&client, id, &black, "resign", "").await;
    let body: Value = resigned.json().await.expect("json");
    assert_eq!(body["status"], "over", "{body}");
    assert!(body["draw_offer"].is_null(), "{body}");
    assert!(server.get(&client, id).await["draw_offer"].is_null());
}

/// `Authorization: bearer …` holds the seat as `Bearer …` does: the scheme's name is
/// case-insensitive.
#[tokio::test]
async fn the_authorization_scheme_is_case_insensitive() {
    let (server, client, created) = a_game().await;
    let id = created["id"].as_str().expect("an id");
    let played = client
        .post(server.url(&format!("/api/games/{id}/moves")))
        .header("authorization", format!("bearer {}", token(&created, "black")))
        .json(&serde_json::json!({ "move": "11-15", "ply": 0 }))
        .send()
        .await
        .expect("sent");
    assert_eq!(played.status(), StatusCode::OK);
}

/// The page of a game that does not exist is a page that says so, with a 404.
#[tokio::test]
async fn an_unknown_games_page_is_a_404_page() {
    let database = databases().remove(0);
    let client = client();
    let server = Server::start(&database).await;
    let response = client.get(server.url("/games/no-such-game")).send().await.expect("sent");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let content_type = response.headers()[reqwest::header::CONTENT_TYPE].to_str().expect("text");
    assert!(content_type.starts_with("text/html"), "{content_type}");
    assert!(response.text().await.expect("a page").contains("No such game"));
}

/// A socket opened with a version beyond the game's gets the current state at once.
#[tokio::test]
async fn a_socket_since_a_version_beyond_the_games_gets_the_state_at_once() {
    let (server, _, created) = a_game().await;
    let id = created["id"].as_str().expect("an id");
    let url = format!("ws://{}/api/games/{id}/socket?since=1000", server.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
    let first = tokio::time::timeout(Duration::from_secs(10), socket.next())
        .await
        .expect("a message at once")
        .expect("the socket is open")
        .expect("a message");
    let state: Value = serde_json::from_str(first.to_text().expect("text")).expect("JSON");
    assert_eq!(state["ply"], 0);
}

/// Analyses whose clients hang up stop, and never run beyond the worker cap: ten clients in
/// turn ask for a 5 s analysis and hang up after 100 ms; the server never runs more searches
/// than its one worker, and none is left running.
#[tokio::test]
async fn analyses_whose_clients_hang_up_stop_and_stay_within_the_workers() {
    let database = databases().remove(0);
    let client = client();
    let settings = arbiter_server::Settings { workers: 1, ..arbiter_server::Settings::default() };
    let server = Server::start_with(&database, settings).await;
    let created = server.create(&client, "holes", "human", "ai:1").await;
    let id = created["id"].as_str().expect("an id");
    let impatient =
        Client::builder().timeout(Duration::from_millis(100)).build().expect("a client");
    let mut most = 0;
    for _ in 0..10 {
        let url = server.url(&format!("/api/games/{id}/analysis?think=5s"));
        assert!(impatient.get(url).send().await.is_err(), "the client hangs up first");
        most = most.max(server.searching(&client).await);
    }
    assert!(most <= 1, "{most} searches at once on one worker");
    for _ in 0..400 {
        if server.searching(&client).await == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("a search of a client that hung up went on");
}

/// A request that would change something, sent by a browser from another site, is refused
/// (`Origin`, `Sec-Fetch-Site`); from the server's own pages, or from a program that says
/// nothing of where it comes from, it goes on. Every answer carries the hardening headers.
#[tokio::test]
async fn requests_from_other_sites_change_nothing_and_answers_are_hardened() {
    let (server, client, created) = a_game().await;
    let body = serde_json::json!({ "game": "checkers", "white": "human", "black": "human" });
    let create = |header: Option<(&'static str, String)>| {
        let mut request = client.post(server.url("/api/games")).json(&body);
        if let Some((name, value)) = header {
            request = request.header(name, value);
        }
        request.send()
    };
    let foreign = create(Some(("origin", "https://evil.example".to_owned()))).await.expect("sent");
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);
    let error: Value = foreign.json().await.expect("a JSON error");
    assert!(error["error"].as_str().is_some_and(|e| e.contains("another site")), "{error}");
    let cross = create(Some(("sec-fetch-site", "cross-site".to_owned()))).await.expect("sent");
    assert_eq!(cross.status(), StatusCode::FORBIDDEN);
    let own = create(Some(("origin", format!("http://{}", server.addr)))).await.expect("sent");
    assert_eq!(own.status(), StatusCode::CREATED);
    assert_eq!(create(None).await.expect("sent").status(), StatusCode::CREATED);
    // What a form can send (no JSON) changes nothing, even with no Origin and no body.
    let form = client
        .post(server.url("/api/games"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("game=holes&white=human&black=human")
        .send()
        .await
        .expect("sent");
    assert_eq!(form.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let id = created["id"].as_str().expect("an id");
    let resign = server.url(&format!("/api/games/{id}/resign"));
    let bare = client.post(&resign).bearer_auth(token(&created, "white")).send().await;
    assert_eq!(bare.expect("sent").status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(server.get(&client, id).await["status"], "ongoing");

    let page = client.get(server.url("/")).send().await.expect("sent");
    let headers = page.headers();
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    let policy = headers["content-security-policy"].to_str().expect("text");
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    // Each answer names its request, as the log's line about it does.
    let id = headers["x-request-id"].to_str().expect("text").to_owned();
    let again = client.get(server.url("/")).send().await.expect("sent");
    assert_ne!(again.headers()["x-request-id"].to_str().expect("text"), id);
}

/// Clients that send their request's headers slowly (slowloris) are disconnected once the
/// header deadline passes, and, even when they hold every connection the server serves at
/// once, a normal request is then served.
#[tokio::test]
async fn slow_headers_are_cut_off_and_the_server_goes_on() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let database = databases().remove(0);
    let limits = arbiter_server::Limits {
        connections: 4,
        header_timeout: Duration::from_millis(300),
        ..arbiter_server::Limits::default()
    };
    let config = arbiter_server::Config { limits, ..crate::common::config(&database) };
    let (addr, serving) = crate::common::serve(config).await;
    let mut slow = Vec::new();
    for _ in 0..4 {
        let mut stream = tokio::net::TcpStream::connect(addr).await.expect("a connection");
        stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").await.expect("sent");
        slow.push(stream);
    }
    let answered = client().get(format!("http://{addr}/api/health")).send().await.expect("sent");
    assert_eq!(answered.status(), StatusCode::OK);
    for mut stream in slow {
        let mut rest = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut rest))
            .await
            .expect("the server closes the connection");
        let answer = String::from_utf8_lossy(&rest);
        assert!(read.is_err() || !answer.contains("200 OK"), "{answer}");
    }
    serving.abort();
}

/// One address holds at most its share of the connections: beyond it, a new connection is
/// closed at once, and a client at another address is served.
#[tokio::test]
async fn one_address_holds_at_most_its_share_of_the_connections() {
    use tokio::io::AsyncReadExt;

    let limits =
        arbiter_server::Limits { connections_per_address: 3, ..arbiter_server::Limits::default() };
    let database = databases().remove(0);
    let config = arbiter_server::Config { limits, ..crate::common::config(&database) };
    let (addr, serving) = crate::common::serve(config).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(tokio::net::TcpStream::connect(addr).await.expect("a connection"));
    }
    let mut fourth = tokio::net::TcpStream::connect(addr).await.expect("the kernel accepts");
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), fourth.read_to_end(&mut rest)).await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "the fourth connection is closed: {read:?}");
    let elsewhere = Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .expect("a client");
    let answered = elsewhere.get(format!("http://{addr}/api/health")).send().await.expect("sent");
    assert_eq!(answered.status(), StatusCode::OK);
    drop(held);
    serving.abort();
}

/// A move sent again after it was played is recognised in any notation the game reads (here
/// with spaces around it), and acknowledged again without being played twice.
#[tokio::test]
async fn a_resent_move_is_recognised_in_any_notation() {
    let (server, client, created) = a_game().await;
    let id = created["id"].as_str().expect("an id");
    let black = token(&created, "black");
    assert_eq!(server.play(&client, id, &black, "11-15", 0).await.status(), StatusCode::OK);
    let again = server.play(&client, id, &black, " 11-15 ", 0).await;
    assert_eq!(again.status(), StatusCode::OK);
    let state: Value = again.json().await.expect("json");
    assert_eq!(state["moves"], serde_json::json!(["11-15"]));
}

/// A database file that is not one is reported as such when the server starts.
#[tokio::test]
async fn a_file_that_is_not_a_database_is_reported_as_such() {
    let folder = std::env::temp_dir().join(format!("arbiter-not-a-db-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let path = folder.join("games.db");
    std::fs::write(&path, vec![b'x'; 8192]).expect("a file");
    let error = arbiter_server::store::Store::connect(&format!("sqlite://{}", path.display()))
        .await
        .expect_err("not a database");
    assert!(error.to_string().contains("not a database"), "{error}");
    let _ = std::fs::remove_dir_all(folder);
}

/// `GET /api/games/{id}/analysis?think=THINK` as `client` sends it: the status and the JSON.
async fn analyse(server: &Server, client: &Client, id: &str, think: &str) -> (StatusCode, Value) {
    let url = server.url(&format!("/api/games/{id}/analysis?think={think}"));
    let response = client.get(url).send().await.expect("sent");
    (response.status(), response.json().await.expect("json"))
}

/// During a game between people the engine helps nobody: not a spectator (who could relay
/// it), not a player. At one screen (one browser holds both seats), against the computer and
/// once the game is over, it does.
#[tokio::test]
async fn no_engine_help_during_a_game_between_people() {
    let (server, client, created) = a_game().await;
    let id = created["id"].as_str().expect("an id");
    assert_eq!(server.get(&client, id).await["engine_help"], false, "the state says so");
    let (status, refused) = analyse(&server, &client, id, "50ms").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a spectator: {refused}");
    assert!(refused["error"].as_str().is_some_and(|e| e.contains("between people")), "{refused}");
    let url = server.url(&format!("/api/games/{id}/analysis?think=50ms"));
    let player = client.get(&url).bearer_auth(token(&created, "black")).send().await.expect("sent");
    assert_eq!(player.status(), StatusCode::FORBIDDEN, "a player");

    let one_screen = Client::builder().cookie_store(true).build().expect("a client");
    let kept = server.create_kept(&one_screen, "checkers").await;
    let kept_id = kept["id"].as_str().expect("an id");
    assert_eq!(kept["state"]["engine_help"], true);
    assert_eq!(analyse(&server, &one_screen, kept_id, "50ms").await.0, StatusCode::OK);
    assert_eq!(analyse(&server, &client, kept_id, "50ms").await.0, StatusCode::FORBIDDEN);

    let against = server.create(&client, "holes", "human", "ai:1").await;
    let against_id = against["id"].as_str().expect("an id");
    assert_eq!(analyse(&server, &client, against_id, "50ms").await.0, StatusCode::OK);

    let resign = server.url(&format!("/api/games/{id}/resign"));
    let resigned = client
        .post(resign)
        .bearer_auth(token(&created, "white"))
        .json(&serde_json::json!({}))
        .send()
        .await;
    assert_eq!(resigned.expect("sent").status(), StatusCode::OK);
    assert_eq!(analyse(&server, &client, id, "50ms").await.0, StatusCode::OK, "after the end");
}

/// A browser runs one analysis at a time (a second is refused with 429 while the first runs),
/// another browser behind the same address runs its own meanwhile, and the same position asked
/// again is answered from memory, not searched again.
#[tokio::test]
async fn one_analysis_at_a_time_per_browser_and_a_position_is_analysed_once() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    // Two browsers (two sessions) at one address, each keeping the seat of a game of its own.
    let (first, second) = (browser(), browser());
    let mut ids = Vec::new();
    for (browser, game) in [(&first, "holes"), (&second, "minicheckers")] {
        let new = json!({"game": game, "white": "human", "black": "ai:1", "keep": ["white"]});
        let created = browser.post(server.url("/api/games")).json(&new).send().await;
        let created = created.expect("sent");
        assert_eq!(created.status(), StatusCode::CREATED);
        let created: Value = created.json().await.expect("json");
        ids.push(created["id"].as_str().expect("an id").to_owned());
    }
    let id = ids[0].clone();
    let running = {
        let (server_url, first) =
            (server.url(&format!("/api/games/{id}/analysis?think=2s")), first.clone());
        tokio::spawn(async move { first.get(server_url).send().await.expect("sent") })
    };
    for _ in 0..200 {
        if server.searching(&first).await > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (status, refused) = analyse(&server, &first, &id, "50ms").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    let (status, other) = analyse(&server, &second, &ids[1], "50ms").await;
    assert_eq!(status, StatusCode::OK, "another browser at the address: {other}");
    let done = running.await.expect("the request");
    assert_eq!(done.status(), StatusCode::OK);
    let done: Value = done.json().await.expect("json");
    let (status, again) = analyse(&server, &first, &id, "1s").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again, done, "the same search, remembered (nodes included)");
    assert_eq!(server.searching(&first).await, 0);
}

/// Creating games and changing them are limited per client address: beyond the rate, `429`
/// with `Retry-After`; reading is not limited.
#[tokio::test]
async fn creation_and_changes_are_rate_limited_per_client() {
    let database = databases().remove(0);
    let client = client();
    let protection = arbiter_server::Protection {
        games_per_minute: 4,
        changes_per_second: 1,
        ..arbiter_server::Protection::default()
    };
    let settings = arbiter_server::Settings::default();
    let server = Server::start_protected(&database, settings, protection).await;
    let mut ids = Vec::new();
    for _ in 0..4 {
        let created = server.create(&client, "holes", "human", "human").await;
        ids.push((created["id"].as_str().expect("an id").to_owned(), token(&created, "white")));
    }
    let refused = client
        .post(server.url("/api/games"))
        .json(&serde_json::json!({"game": "holes", "white": "human", "black": "human"}))
        .send()
        .await
        .expect("sent");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = refused.headers()["retry-after"].to_str().expect("text").parse().expect("s");
    assert!((1..=15).contains(&wait), "Retry-After: {wait}");
    let body: Value = refused.json().await.expect("a JSON error");
    assert!(body["error"].as_str().is_some_and(|e| e.contains("too many games")), "{body}");
    // Two changes at once (twice the rate of one a second): of six sent together, those
    // beyond are refused.
    let (id, white) = &ids[0];
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all((0..6).map(|_| server.play(&client, id, white, "a2-a3", 5)))
            .await
            .into_iter()
            .map(|response| response.status())
            .collect();
    let limited = statuses.iter().filter(|status| **status == StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.count() >= 2, "{statuses:?}");
    for _ in 0..20 {
        assert_eq!(
            client
                .get(server.url(&format!("/api/games/{id}")))
                .send()
                .await
                .expect("sent")
                .status(),
            StatusCode::OK
        );
    }
}

/// Sockets are capped per client and per game (`429` beyond); a socket that stops answering
/// the server's pings is closed, one that answers stays open.
#[tokio::test]
async fn sockets_are_capped_and_silent_ones_are_closed() {
    let database = databases().remove(0);
    let client = client();
    let protection = arbiter_server::Protection {
        sockets_per_client: 3,
        sockets_per_game: 2,
        ping: Duration::from_millis(200),
        ..arbiter_server::Protection::unlimited()
    };
    let settings = arbiter_server::Settings::default();
    let server = Server::start_protected(&database, settings, protection).await;
    let game = |created: Value| created["id"].as_str().expect("an id").to_owned();
    let a = game(server.create(&client, "holes", "human", "human").await);
    let b = game(server.create(&client, "holes", "human", "human").await);
    let open = |id: &str| {
        let url = format!("ws://{}/api/games/{id}/socket", server.addr);
        async move { tokio_tungstenite::connect_async(url).await }
    };
    let refused = |result: Result<_, tokio_tungstenite::tungstenite::Error>| match result {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(other) => panic!("{other}"),
        Ok(_) => 0,
    };
    let (answering, _) = open(&a).await.expect("a socket");
    let (silent, _) = open(&a).await.expect("a socket");
    assert_eq!(refused(open(&a).await), 429, "a third socket on one game");
    let (on_b, _) = open(&b).await.expect("a socket");
    assert_eq!(refused(open(&b).await), 429, "a fourth socket of one client");

    // One socket reads (and so answers the pings), the other reads nothing for 5 periods.
    let reader = tokio::spawn(async move {
        let mut answering = answering;
        while let Some(Ok(_)) = answering.next().await {}
    });
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let mut silent = silent;
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match silent.next().await {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the silent socket is closed");
    assert!(!reader.is_finished(), "the socket that answers stays open");
    // Its place is free again.
    drop(on_b);
    let mut reopened = false;
    for _ in 0..100 {
        if open(&a).await.is_ok() {
            reopened = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(reopened, "a closed socket gives its place back");
    reader.abort();
}

/// Options are stored as their canonical text: a default named, spaces and empty parts leave
/// nothing to store; a changed option is stored once, as `key=value`.
#[tokio::test]
async fn options_are_stored_canonical() {
    let database = databases().remove(0);
    let client = client();
    let server = Server::start(&database).await;
    for (sent, stored) in [(" captures=none ", ""), ("captures=diagonal", "captures=diagonal")] {
        let created: Value = client
            .post(server.url("/api/games"))
            .json(&serde_json::json!({"game": "holes", "options": sent,
                                      "white": "human", "black": "human"}))
            .send()
            .await
            .expect("sent")
            .json()
            .await
            .expect("json");
        let id = created["id"].as_str().unwrap_or_else(|| panic!("{sent}: {created}"));
        assert_eq!(server.get(&client, id).await["options"], stored, "{sent}");
    }
    let commas = ",".repeat(60_000);
    let flood = client
        .post(server.url("/api/games"))
        .json(&serde_json::json!({"game": "holes", "options": commas,
                                  "white": "human", "black": "human"}))
        .send()
        .await
        .expect("sent");
    let status = flood.status();
    let body: Value = flood.json().await.expect("json");
    match status {
        StatusCode::BAD_REQUEST => {}
        StatusCode::CREATED => assert_eq!(body["state"]["options"], "", "nothing but commas"),
        other => panic!("{other}: {body}"),
    }
}

/// Spectators who come fast cost a socket that is told their number one message each
/// `spectators_every`, not one each: ten sockets opened at once are told in a few messages,
/// the last with the count of all ten.
#[tokio::test]
async fn a_crowd_of_spectators_is_told_in_few_messages() {
    let database = databases().remove(0);
    let client = client();
    let protection = arbiter_server::Protection {
        spectators_every: Duration::from_millis(300),
        ..arbiter_server::Protection::unlimited()
    };
    let settings = arbiter_server::Settings::default();
    let server = Server::start_protected(&database, settings, protection).await;
    let created = server.create(&client, "holes", "human", "human").await;
    let id = created["id"].as_str().expect("an id");
    let url = format!("ws://{}/api/games/{id}/socket?spectators=true", server.addr);
    let (mut told, _) = tokio_tungstenite::connect_async(url).await.expect("a socket");
    let started = std::time::Instant::now();
    let mut crowd = Vec::new();
    for _ in 0..9 {
        let url = format!("ws://{}/api/games/{id}/socket", server.addr);
        crowd.push(tokio_tungstenite::connect_async(url).await.expect("a socket").0);
    }
    // The told socket is a spectator too: ten in all.
    let mut counts = Vec::new();
    while counts.last() != Some(&10) {
        let message = tokio::time::timeout(Duration::from_secs(10), told.next()).await;
        let message = message.expect("a message in time").expect("open").expect("a message");
        let value: Value = serde_json::from_str(message.to_text().expect("text")).expect("JSON");
        if let Some(count) = value["spectators"].as_u64() {
            counts.push(count);
        }
    }
    let periods = started.elapsed().as_millis() / 300 + 2;
    assert!(counts.len() as u128 <= periods, "{counts:?} in {:?}", started.elapsed());
    assert!(counts.len() < 10, "{counts:?}");
}
