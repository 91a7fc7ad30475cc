//! Tournaments through the API: created, joined and left by accounts, run by the servers
//! (started, paired, the next Swiss round, ended) with each step taken once however many
//! servers take it, a no-show scored as a loss and two withdrawing the player, berserk; on
//! SQLite and PostgreSQL. The servers' clocks are moved on by hand, so each test keeps its
//! tournaments to itself: on PostgreSQL in a schema of its own, where no other test's server,
//! its clock moved on differently, takes their steps.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use arbiter_server::Settings;
use futures_util::StreamExt;
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

use crate::accounts::{fresh_name, post, sign_up};
use crate::common::{browser, wait_for, Database, Server};
use crate::lobby::{browser_with_jar, lobby_socket};

/// The databases of a tournament test: a new SQLite file, and a new schema of the PostgreSQL
/// database of `DATABASE_URL` when that is set.
async fn databases() -> Vec<Database> {
    let mut databases = crate::common::databases();
    for database in databases.iter_mut().filter(|database| database.starts_with("postgres")) {
        let url = &mut database.url;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let schema =
            format!("tournaments_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(url).await.expect("the database opens");
        sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
            .execute(&pool)
            .await
            .expect("dropped");
        sqlx::query(&format!("CREATE SCHEMA {schema}")).execute(&pool).await.expect("created");
        pool.close().await;
        let joiner = if url.contains('?') { '&' } else { '?' };
        *url = format!("{url}{joiner}options=-c%20search_path%3D{schema}");
    }
    databases
}

/// `count` browsers signed in to new accounts, with their names.
async fn players(server: &Server, count: usize) -> Vec<(Client, String)> {
    let mut players = Vec::new();
    for _ in 0..count {
        let (client, name) = (browser(), fresh_name("To"));
        assert_eq!(
            sign_up(server, &client, &name, "password1").await.status(),
            StatusCode::CREATED
        );
        players.push((client, name));
    }
    players
}

/// Creates a tournament of mini checkers on a one-minute clock, starting in a minute.
async fn create(server: &Server, client: &Client, kind: &str, length: (&str, u64)) -> Value {
    create_timed(server, client, kind, length, 60_000).await
}

/// Creates a tournament of mini checkers on a clock of `initial_ms`, starting in a minute.
async fn create_timed(
    server: &Server,
    client: &Client,
    kind: &str,
    length: (&str, u64),
    initial_ms: u64,
) -> Value {
    let mut new = json!({"kind": kind, "name": "Friday's", "game": "minicheckers",
        "clock": {"initial_ms": initial_ms}, "starts_in_s": 60});
    new[length.0] = json!(length.1);
    let created = post(server, client, "/api/tournaments", new).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    created.json().await.expect("json")
}

/// `GET /api/tournaments/{id}`.
async fn tournament(server: &Server, id: &str) -> Value {
    server.get_json(&browser(), &format!("/api/tournaments/{id}")).await
}

/// Every server takes the steps due (as each does every second by itself), then the
/// tournament as it stands.
async fn steps(servers: &[&Server], id: &str) -> Value {
    for server in servers {
        server.tournaments.take_steps().await.expect("the steps are taken");
    }
    tournament(servers[0], id).await
}

/// Moves the clocks of `servers` on by `seconds`.
fn advance(servers: &[&Server], seconds: u64) {
    for server in servers {
        server.games.advance_clock(Duration::from_secs(seconds));
    }
}

/// The player named `name` in the standings.
fn standing<'a>(view: &'a Value, name: &str) -> &'a Value {
    let players = view["players"].as_array().expect("players");
    players.iter().find(|player| player["name"] == name).expect("in the standings")
}

/// The pairings not finished, as (game, white, black).
fn ongoing(view: &Value) -> Vec<(String, String, String)> {
    let pairings = view["pairings"].as_array().expect("pairings");
    let open = pairings.iter().filter(|pairing| pairing["result"].is_null());
    open.map(|pairing| {
        let text = |key: &str| pairing[key].as_str().expect("text").to_owned();
        (text("game"), text("white"), text("black"))
    })
    .collect()
}

/// The players of game `id` make their first move each (the first legal move), which starts
/// its clocks.
async fn first_moves(server: &Server, players: &[(Client, String)], id: &str, names: [&str; 2]) {
    for (ply, name) in names.into_iter().enumerate() {
        let client = client(players, name);
        let state = server.get(client, id).await;
        let mv = state["legal"][0]["move"].as_str().expect("a move").to_owned();
        let path = format!("/api/games/{id}/moves");
        let played = post(server, client, &path, json!({"move": mv, "ply": ply})).await;
        assert_eq!(played.status(), StatusCode::OK);
    }
}

/// Every player joins tournament `id`.
async fn join_all(server: &Server, players: &[(Client, String)], id: &str) {
    for (client, _) in players {
        let joined = post(server, client, &format!("/api/tournaments/{id}/join"), json!({})).await;
        assert_eq!(joined.status(), StatusCode::OK);
    }
}

/// The client of the player named `name`.
fn client<'a>(players: &'a [(Client, String)], name: &str) -> &'a Client {
    &players.iter().find(|(_, player)| player == name).expect("a player").0
}

#[tokio::test]
async fn an_arena_pairs_scores_and_ends_at_its_time() {
    for database in databases().await {
        let server = Server::start(&database).await;
        let players = players(&server, 4).await;
        // Three hours a side: the games started before the end are still played after it.
        let created =
            create_timed(&server, &players[0].0, "arena", ("minutes", 10), 10_800_000).await;
        let id = created["id"].as_str().expect("an id");
        assert_eq!(
            (created["status"].as_str(), created["kind"].as_str()),
            (Some("upcoming"), Some("arena"))
        );
        // Only an account joins, once.
        let path = format!("/api/tournaments/{id}/join");
        let anonymous = post(&server, &browser(), &path, json!({})).await;
        assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
        join_all(&server, &players, id).await;
        let twice = post(&server, &players[0].0, &path, json!({})).await;
        assert_eq!(twice.status(), StatusCode::CONFLICT);
        // Nothing happens before the start; at the start everyone is paired.
        assert!(ongoing(&steps(&[&server], id).await).is_empty());
        advance(&[&server], 61);
        let started = steps(&[&server], id).await;
        assert_eq!(started["status"], "running");
        let games = ongoing(&started);
        assert_eq!(games.len(), 2, "{started}");
        // A tournament's game says so, and has no rematch.
        let state = server.get(&players[0].0, &games[0].0).await;
        assert_eq!(state["tournament"], json!({"id": id, "arena": true}), "{state}");
        // The first game: Black resigns; the second: White calls it off before moving (a
        // loss for White).
        let (first, first_white, first_black) = &games[0];
        let resign = format!("/api/games/{first}/resign");
        assert_eq!(
            post(&server, client(&players, first_black), &resign, json!({})).await.status(),
            StatusCode::OK
        );
        let (second, second_white, second_black) = &games[1];
        let abort = format!("/api/games/{second}/abort");
        assert_eq!(
            post(&server, client(&players, second_white), &abort, json!({})).await.status(),
            StatusCode::OK
        );
        let rematch = format!("/api/games/{first}/rematch");
        let offered =
            post(&server, client(&players, first_white), &rematch, json!({"action": "offer"}))
                .await;
        assert_eq!(offered.status(), StatusCode::CONFLICT);
        let after = steps(&[&server], id).await;
        assert_eq!(standing(&after, first_white)["score"], 2.0, "{after}");
        assert_eq!(standing(&after, second_black)["score"], 2.0, "{after}");
        assert_eq!(standing(&after, first_black)["score"], 0.0);
        assert_eq!(standing(&after, second_white)["score"], 0.0);
        let results: Vec<&Value> =
            after["pairings"].as_array().expect("pairings").iter().map(|p| &p["result"]).collect();
        assert!(results.contains(&&json!("1-0")) && results.contains(&&json!("-+")), "{after}");
        // Paired again at once, with no one facing their last opponent.
        let again = ongoing(&after);
        assert_eq!(again.len(), 2, "{after}");
        for (_, white, black) in &again {
            let last = [(first_white, first_black), (second_white, second_black)];
            assert!(!last
                .iter()
                .any(|(a, b)| (a == &white && b == &black) || (a == &black && b == &white)));
        }
        // At its time the arena ends; a game still played then counts when it ends.
        ends_with_a_game_played_on(&server, &players, id, &again[0]).await;
    }
}

#[tokio::test]
async fn a_game_that_ends_pairs_its_players_again_without_waiting_for_the_next_look() {
    for database in databases().await {
        // The servers look at their tournaments once an hour: only a game's end brings the
        // next pairing.
        let settings = |workers| Settings {
            workers,
            tournament_tick: Duration::from_secs(3600),
            ..Settings::default()
        };
        let server = Server::start_with(&database, settings(2)).await;
        let players = players(&server, 4).await;
        let created = create(&server, &players[0].0, "arena", ("minutes", 10)).await;
        let id = created["id"].as_str().expect("an id");
        join_all(&server, &players, id).await;
        advance(&[&server], 61);
        let started = steps(&[&server], id).await;
        let games = ongoing(&started);
        assert_eq!(games.len(), 2, "{started}");
        // Both games end, one after the other; each pair waits for the other to be free.
        for (game, _, black) in &games {
            let resign = format!("/api/games/{game}/resign");
            let resigned = post(&server, client(&players, black), &resign, json!({})).await;
            assert_eq!(resigned.status(), StatusCode::OK);
        }
        let mut view = tournament(&server, id).await;
        for _ in 0..200 {
            if ongoing(&view).len() == 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            view = tournament(&server, id).await;
        }
        assert_eq!(ongoing(&view).len(), 2, "paired again: {view}");
        assert_eq!(view["pairings"].as_array().map(Vec::len), Some(4), "{view}");
        // A server that kept nothing of the tournament reads it as the first, which kept its
        // finished games from its earlier readings.
        let fresh = Server::start_with(&database, settings(1)).await;
        let (read, kept) = (tournament(&fresh, id).await, tournament(&server, id).await);
        for part in ["players", "pairings", "status"] {
            assert_eq!(read[part], kept[part], "{part}");
        }
    }
}

#[tokio::test]
async fn each_player_is_told_of_their_game_on_their_lobby_socket_on_any_server() {
    for database in databases().await {
        // On PostgreSQL the players watch a second server, which hears of the step taken by the
        // first (SQLite serves one server).
        let one = Server::start(&database).await;
        let two = match database.starts_with("postgres") {
            true => Some(Server::start(&database).await),
            false => None,
        };
        let watched = two.as_ref().unwrap_or(&one);
        let mut players = Vec::new();
        let mut sockets = Vec::new();
        for _ in 0..2 {
            let ((client, jar), name) = (browser_with_jar(), fresh_name("To"));
            let signed_up = sign_up(&one, &client, &name, "password1").await;
            assert_eq!(signed_up.status(), StatusCode::CREATED);
            sockets.push(lobby_socket(watched, &jar).await);
            players.push((client, name));
        }
        let created = create(&one, &players[0].0, "arena", ("minutes", 10)).await;
        let id = created["id"].as_str().expect("an id");
        join_all(&one, &players, id).await;
        advance(&[&one], 61);
        let started = steps(&[&one], id).await;
        let (game, white, black) = ongoing(&started).pop().expect("a game");
        for (socket, (_, name)) in sockets.iter_mut().zip(&players) {
            let paired = loop {
                let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
                    .await
                    .expect("told in time")
                    .expect("the socket is open")
                    .expect("a message");
                let Ok(text) = message.to_text() else { continue };
                let value: Value = serde_json::from_str(text).expect("json");
                if value["type"] == "paired" {
                    break value;
                }
            };
            let side = if *name == white { "white" } else { "black" };
            assert!(*name == white || *name == black);
            assert_eq!(
                paired,
                json!({"type": "paired", "tournament": id, "game": game, "side": side})
            );
        }
    }
}

/// Arena `id` ends at its time while `game` is played; the game then counts when it ends.
async fn ends_with_a_game_played_on(
    server: &Server,
    players: &[(Client, String)],
    id: &str,
    (game, white, black): &(String, String, String),
) {
    first_moves(server, players, game, [white, black]).await;
    advance(&[server], 600);
    let ended = steps(&[server], id).await;
    assert_eq!(ended["status"], "finished");
    let resign = format!("/api/games/{game}/resign");
    assert_eq!(
        post(server, client(players, black), &resign, json!({})).await.status(),
        StatusCode::OK
    );
    let last = steps(&[server], id).await;
    assert!(ongoing(&last).len() <= 1, "no pairing after the end: {last}");
    let before = standing(&ended, white)["score"].as_f64().expect("a score");
    assert!(standing(&last, white)["score"].as_f64().expect("a score") >= before + 2.0);
    let games = standing(&ended, black)["games"].as_u64().expect("a count");
    assert_eq!(standing(&last, black)["games"], games + 1);
}

#[tokio::test]
async fn a_swiss_event_pairs_its_rounds_with_a_bye_and_ends_after_the_last() {
    for database in databases().await {
        let server = Server::start(&database).await;
        let players = players(&server, 3).await;
        let created = create(&server, &players[0].0, "swiss", ("rounds", 3)).await;
        let id = created["id"].as_str().expect("an id");
        let path = format!("/api/tournaments/{id}/join");
        join_all(&server, &players, id).await;
        advance(&[&server], 61);
        let mut met = Vec::new();
        let mut byes = Vec::new();
        for round in 1..=3 {
            let view = steps(&[&server], id).await;
            assert_eq!(
                (view["status"].as_str(), view["round"].as_u64()),
                (Some("running"), Some(round)),
                "{view}"
            );
            // A round pairs one game and gives one bye; late joining is refused.
            assert_eq!(
                post(&server, &browser(), &path, json!({})).await.status(),
                StatusCode::UNAUTHORIZED
            );
            let pairings: Vec<&Value> = view["pairings"]
                .as_array()
                .expect("pairings")
                .iter()
                .filter(|p| p["round"] == round)
                .collect();
            assert_eq!(pairings.len(), 2, "{view}");
            let bye = pairings.iter().find(|p| p["result"] == "bye").expect("a bye");
            byes.push(bye["white"].clone());
            let (game, white, black) = ongoing(&view).pop().expect("a game");
            let pair = if white < black {
                (white.clone(), black.clone())
            } else {
                (black.clone(), white.clone())
            };
            assert!(!met.contains(&pair), "{pair:?} meet again in round {round}");
            met.push(pair);
            // The next round waits for the game; a draw ends it.
            assert_eq!(steps(&[&server], id).await["round"], round);
            let offer = format!("/api/games/{game}/draw");
            let offered =
                post(&server, client(&players, &white), &offer, json!({"action": "offer"})).await;
            assert_eq!(offered.status(), StatusCode::OK);
            let accepted =
                post(&server, client(&players, &black), &offer, json!({"action": "accept"})).await;
            assert_eq!(accepted.status(), StatusCode::OK);
        }
        byes.sort_by_key(Value::to_string);
        byes.dedup();
        assert_eq!(byes.len(), 3, "no one has the bye twice");
        let over = steps(&[&server], id).await;
        assert_eq!(over["status"], "finished", "{over}");
        // Each played two draws and had one bye: 2 points.
        for (_, name) in &players {
            assert_eq!(standing(&over, name)["score"], 2.0, "{over}");
            assert_eq!(standing(&over, name)["tiebreaks"].as_array().map(Vec::len), Some(2));
        }
    }
}

#[tokio::test]
async fn two_servers_take_each_step_once_and_a_player_absent_twice_is_withdrawn() {
    for database in databases().await {
        let (one, two) = (Server::start(&database).await, Server::start(&database).await);
        let players = players(&one, 2).await;
        let created = create(&one, &players[0].0, "arena", ("minutes", 30)).await;
        let id = created["id"].as_str().expect("an id");
        for (client, _) in &players {
            let joined =
                post(&two, client, &format!("/api/tournaments/{id}/join"), json!({})).await;
            assert_eq!(joined.status(), StatusCode::OK);
        }
        advance(&[&one, &two], 61);
        let (a, b) = tokio::join!(one.tournaments.take_steps(), two.tournaments.take_steps());
        assert!(a.expect("steps") + b.expect("steps") >= 1, "the start was taken");
        let started = tournament(&one, id).await;
        assert_eq!(
            started["pairings"].as_array().map(Vec::len),
            Some(1),
            "one game, once: {started}"
        );
        // The second player never moves: each game is called off after the first move's
        // countdown (the first player moving first when White), a loss for the absent one.
        let (present, absent) = (&players[0], &players[1].1);
        for game in 1..=2 {
            let view = steps(&[&one, &two], id).await;
            let (id_of_game, white, _) = ongoing(&view).pop().expect("a game");
            assert_eq!(view["pairings"].as_array().map(Vec::len), Some(game), "{view}");
            if white == present.1 {
                let state = one.get(&present.0, &id_of_game).await;
                let mv = state["legal"][0]["move"].as_str().expect("a move").to_owned();
                let path = format!("/api/games/{id_of_game}/moves");
                let played = post(&one, &present.0, &path, json!({"move": mv, "ply": 0})).await;
                assert_eq!(played.status(), StatusCode::OK);
            }
            advance(&[&one, &two], 31);
            wait_for(&one, &browser(), &id_of_game, |state| state["status"] != "ongoing").await;
        }
        let view = steps(&[&one, &two], id).await;
        assert_eq!(standing(&view, absent)["withdrawn"], true, "{view}");
        assert_eq!(standing(&view, &present.1)["score"], 4.0, "two wins: {view}");
        assert!(ongoing(&view).is_empty(), "nobody is left to pair: {view}");
        let results: Vec<&str> = view["pairings"]
            .as_array()
            .expect("pairings")
            .iter()
            .map(|p| p["result"].as_str().expect("over"))
            .collect();
        assert!(results.iter().all(|result| ["+-", "-+"].contains(result)), "{view}");
    }
}

#[tokio::test]
async fn berserk_halves_ones_clock_before_ones_first_move_and_drops_the_increment() {
    for database in databases().await {
        let server = Server::start(&database).await;
        let players = players(&server, 3).await;
        let clock = json!({"kind": "arena", "name": "Berserk", "game": "minicheckers",
            "clock": {"initial_ms": 60_000, "increment_ms": 2000}, "starts_in_s": 0, "minutes": 5});
        let created = post(&server, &players[0].0, "/api/tournaments", clock).await;
        let created: Value = created.json().await.expect("json");
        let id = created["id"].as_str().expect("an id");
        join_all(&server, &players, id).await;
        let started = steps(&[&server], id).await;
        let (game, white, black) = ongoing(&started).pop().expect("a game");
        let stranger =
            &players.iter().find(|(_, name)| *name != white && *name != black).expect("a third").0;
        let path = format!("/api/tournaments/{id}/berserk");
        let asked = json!({"game": game});
        assert_eq!(
            post(&server, stranger, &path, asked.clone()).await.status(),
            StatusCode::FORBIDDEN
        );
        let berserk = post(&server, client(&players, &white), &path, asked.clone()).await;
        assert_eq!(berserk.status(), StatusCode::OK);
        let state: Value = berserk.json().await.expect("json");
        assert_eq!(state["seats"]["white"]["berserk"], true, "{state}");
        assert_eq!(state["clock"]["white_ms"], 30_000, "{state}");
        assert_eq!(state["clock"]["black_ms"], 60_000, "{state}");
        let again = post(&server, client(&players, &white), &path, asked.clone()).await;
        assert_eq!(again.status(), StatusCode::CONFLICT);
        // Once moved, too late; a berserk side's moves add no increment.
        first_moves(&server, &players, &game, [&white, &black]).await;
        let late = post(&server, client(&players, &black), &path, asked.clone()).await;
        assert_eq!(late.status(), StatusCode::CONFLICT);
        server.games.advance_clock(Duration::from_secs(1));
        let state = server.get(client(&players, &white), &game).await;
        let mv = state["legal"][0]["move"].as_str().expect("a move").to_owned();
        let moved = post(
            &server,
            client(&players, &white),
            &format!("/api/games/{game}/moves"),
            json!({"move": mv, "ply": 2}),
        )
        .await;
        let state: Value = moved.json().await.expect("json");
        let left = state["clock"]["white_ms"].as_i64().expect("a time");
        assert!((28_000..=29_000).contains(&left), "a second used and no increment: {state}");
        let view = tournament(&server, id).await;
        let pairing = view["pairings"]
            .as_array()
            .expect("pairings")
            .iter()
            .find(|p| p["game"] == game.as_str())
            .expect("the game");
        assert_eq!(pairing["berserk"], json!(["white"]), "{view}");
    }
}

#[tokio::test]
async fn a_server_started_again_takes_up_the_tournament_where_it_was() {
    for database in databases().await {
        let first = Server::start(&database).await;
        let players = players(&first, 3).await;
        let created = create(&first, &players[0].0, "swiss", ("rounds", 2)).await;
        let id = created["id"].as_str().expect("an id").to_owned();
        join_all(&first, &players, &id).await;
        advance(&[&first], 61);
        let (game, _, black) = ongoing(&steps(&[&first], &id).await).pop().expect("a game");
        let resign = format!("/api/games/{game}/resign");
        assert_eq!(
            post(&first, client(&players, &black), &resign, json!({})).await.status(),
            StatusCode::OK
        );
        drop(first);
        // Another server, on the same database, pairs the second round.
        let again = Server::start(&database).await;
        advance(&[&again], 61);
        let view = steps(&[&again], &id).await;
        assert_eq!(
            (view["round"].as_u64(), view["status"].as_str()),
            (Some(2), Some("running")),
            "{view}"
        );
        assert_eq!(ongoing(&view).len(), 1, "{view}");
    }
}

#[tokio::test]
async fn a_game_not_started_is_lost_by_the_side_to_move_first_black_in_checkers() {
    for database in databases().await {
        let server = Server::start(&database).await;
        let players = players(&server, 2).await;
        let new = json!({"kind": "arena", "name": "Checkers", "game": "checkers",
            "clock": {"initial_ms": 60_000}, "starts_in_s": 0, "minutes": 5});
        let created: Value =
            post(&server, &players[0].0, "/api/tournaments", new).await.json().await.expect("json");
        let id = created["id"].as_str().expect("an id");
        join_all(&server, &players, id).await;
        let (game, _, _) = ongoing(&steps(&[&server], id).await).pop().expect("a game");
        advance(&[&server], 31);
        wait_for(&server, &browser(), &game, |state| state["status"] != "ongoing").await;
        let view = tournament(&server, id).await;
        let pairing = view["pairings"]
            .as_array()
            .expect("pairings")
            .iter()
            .find(|p| p["game"] == game.as_str())
            .expect("the game");
        // Black moves first in checkers: Black did not start, and lost.
        assert_eq!(pairing["result"], "+-", "{view}");
        assert_eq!(
            standing(&view, pairing["white"].as_str().expect("a name"))["score"],
            2.0,
            "{view}"
        );
    }
}
