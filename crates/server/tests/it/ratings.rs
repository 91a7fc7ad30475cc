//! Rated games: a rated seek between two accounts on a real-time clock, both ratings changed
//! as Glicko-2 says in the game's ending transaction, nothing changed by an aborted game, no
//! takeback; on SQLite and PostgreSQL.

use std::time::Duration;

use arbiter_rating::{rate_game, Outcome, PerfRating, UnixMillis};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

use crate::accounts::{fresh_name, me, post, sign_up};
use crate::common::{browser, databases, wait_for, Server};

/// A blitz clock: 3 minutes, no increment (180 s estimated).
fn blitz() -> Value {
    json!({"initial_ms": 180_000, "increment_ms": 0})
}

/// Two browsers signed in to new accounts.
async fn two_accounts(server: &Server) -> (Client, Client) {
    let (first, second) = (browser(), browser());
    for client in [&first, &second] {
        let made = sign_up(server, client, &fresh_name("Ra"), "password1").await;
        assert_eq!(made.status(), StatusCode::CREATED);
    }
    (first, second)
}

/// `creator` posts a rated blitz seek of checkers, playing `side`, which `taker` accepts: the
/// game's identifier, and the creator's token (which holds the creator's seat in it, as the
/// lobby tells the creator's page).
async fn rated_game(
    server: &Server,
    creator: &Client,
    taker: &Client,
    side: &str,
) -> (String, String) {
    let seek = json!({"game": "checkers", "clock": blitz(), "side": side, "rated": true});
    let posted = post(server, creator, "/api/seeks", seek).await;
    assert_eq!(posted.status(), StatusCode::CREATED);
    let posted: Value = posted.json().await.expect("json");
    assert_eq!(posted["seek"]["rated"], true);
    let id = posted["id"].as_str().expect("an id");
    let token = posted["token"].as_str().expect("a token").to_owned();
    let accepted = post(server, taker, &format!("/api/seeks/{id}/accept"), json!({})).await;
    assert_eq!(accepted.status(), StatusCode::CREATED);
    let accepted: Value = accepted.json().await.expect("json");
    assert_eq!(accepted["state"]["rated"], true);
    (accepted["id"].as_str().expect("a game").to_owned(), token)
}

/// Plays `mv` at `ply` for `client`.
pub async fn play(
    server: &Server,
    client: &Client,
    id: &str,
    mv: &str,
    ply: u64,
) -> reqwest::Response {
    post(server, client, &format!("/api/games/{id}/moves"), json!({"move": mv, "ply": ply})).await
}

#[tokio::test]
async fn a_rated_game_changes_both_ratings_as_glicko_2_says_and_allows_no_takeback() {
    for database in databases() {
        let server = Server::start(&database).await;
        let (black, white) = two_accounts(&server).await;
        let (id, token) = rated_game(&server, &black, &white, "black").await;
        let moved = server.play(&black, &id, &token, "11-15", 0).await;
        assert_eq!(moved.status(), StatusCode::OK);
        let takeback = server.act(&black, &id, &token, "undo", "request").await;
        let status = takeback.status();
        assert_eq!(status, StatusCode::CONFLICT, "{}", takeback.text().await.expect("a body"));
        assert_eq!(play(&server, &white, &id, "23-19", 1).await.status(), StatusCode::OK);
        let resigned = server.act(&black, &id, &token, "resign", "").await;
        assert_eq!(resigned.status(), StatusCode::OK);
        let ended: Value = resigned.json().await.expect("json");
        // Two new players: White won. As the rating crate computes it, independently of the
        // server's storage.
        let now = UnixMillis(0);
        let expected =
            rate_game(&PerfRating::NEW_PLAYER, &PerfRating::NEW_PLAYER, Outcome::Win, now)
                .expect("new players are rated");
        let ratings = json!({
            "white": {"before": 1500, "change": expected.first.change},
            "black": {"before": 1500, "change": expected.second.change},
        });
        assert_eq!(ended["ratings"], ratings);
        assert_eq!((expected.first.change, expected.second.change), (241, -242));
        // Every reader of the game sees the changes; both accounts have their new ratings.
        assert_eq!(server.get(&browser(), &id).await["ratings"], ratings);
        let (_, white_account) = me(&server, &white).await;
        let blitz = &white_account["ratings"]["checkers/blitz"];
        assert_eq!((blitz["rating"].as_i64(), blitz["games"].as_i64()), (Some(1741), Some(1)));
        assert_eq!(blitz["provisional"], true);
        let expected_rd = expected.first.after.deviation.round();
        assert_eq!(blitz["rd"].as_f64(), Some(expected_rd));
        let (_, black_account) = me(&server, &black).await;
        assert_eq!(black_account["ratings"]["checkers/blitz"]["rating"], 1258);
        // The seats show the accounts' names; a deleted account's, once the game is read again,
        // shows as deleted.
        let (white_name, black_name) =
            (white_account["name"].clone(), black_account["name"].clone());
        let seats = &ended["seats"];
        assert_eq!(
            (&seats["white"]["account"], &seats["white"]["name"]),
            (&white_name, &white_name)
        );
        assert_eq!(seats["black"]["account"], black_name);
        // The game is rated once: a rematch offered after it changes nothing.
        let again = server.act(&black, &id, &token, "rematch", "offer").await;
        assert!(again.status().is_success(), "{}", again.status());
        let (_, black_account) = me(&server, &black).await;
        assert_eq!(black_account["ratings"]["checkers/blitz"]["games"], 1);
        let deleted =
            black.delete(server.url("/api/account")).json(&json!({"password": "password1"}));
        assert_eq!(deleted.send().await.expect("sent").status(), StatusCode::NO_CONTENT);
        let reading_again = Server::start(&database).await;
        let seats = reading_again.get(&browser(), &id).await["seats"].clone();
        assert_eq!(
            (&seats["black"]["account"], &seats["white"]["account"]),
            (&json!("deleted"), &white_name)
        );
    }
}

#[tokio::test]
async fn an_aborted_rated_game_changes_no_rating() {
    for database in databases() {
        let server = Server::start(&database).await;
        let (black, white) = two_accounts(&server).await;
        let (id, _) = rated_game(&server, &black, &white, "black").await;
        // Black never makes the first move.
        server.games.advance_clock(Duration::from_secs(31));
        let aborted =
            wait_for(&server, &browser(), &id, |state| state["status"] == "aborted").await;
        assert!(aborted.get("ratings").is_none(), "{aborted}");
        // White aborts the next after Black's first move.
        let (id, token) = rated_game(&server, &black, &white, "black").await;
        assert_eq!(server.play(&black, &id, &token, "11-15", 0).await.status(), StatusCode::OK);
        let called_off = post(&server, &white, &format!("/api/games/{id}/abort"), json!({})).await;
        assert_eq!(called_off.status(), StatusCode::OK);
        let called_off: Value = called_off.json().await.expect("json");
        assert_eq!(called_off["reason"], "aborted by White");
        assert!(called_off.get("ratings").is_none(), "{called_off}");
        for client in [&black, &white] {
            assert_eq!(me(&server, client).await.1["ratings"], json!({}));
        }
    }
}

#[tokio::test]
async fn a_rated_seek_needs_accounts_and_a_real_time_clock() {
    for database in databases() {
        let server = Server::start(&database).await;
        let (account, _) = two_accounts(&server).await;
        let seek = |clock: Value| json!({"game": "checkers", "clock": clock, "side": "white", "rated": true});
        let anonymous = post(&server, &browser(), "/api/seeks", seek(blitz())).await;
        assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
        let untimed = post(&server, &account, "/api/seeks", seek(Value::Null)).await;
        assert_eq!(untimed.status(), StatusCode::BAD_REQUEST);
        let by_post =
            post(&server, &account, "/api/seeks", seek(json!({"days_per_move": 3}))).await;
        assert_eq!(by_post.status(), StatusCode::BAD_REQUEST);
        let posted = post(&server, &account, "/api/seeks", seek(blitz())).await;
        assert_eq!(posted.status(), StatusCode::CREATED);
        let posted: Value = posted.json().await.expect("json");
        let id = posted["id"].as_str().expect("an id");
        let taken = post(&server, &browser(), &format!("/api/seeks/{id}/accept"), json!({})).await;
        assert_eq!(
            taken.status(),
            StatusCode::UNAUTHORIZED,
            "an anonymous browser plays casual games only"
        );
        // A game at one screen is casual.
        let kept = server.create_kept(&account, "checkers").await;
        assert_eq!(kept["state"]["rated"], false);
    }
}

/// Over PostgreSQL, two servers that hold a rated game both try to end it at once (each player
/// resigns on a server of its own): one end is stored, and it is rated once.
#[tokio::test]
async fn a_rated_game_ended_on_two_servers_at_once_is_rated_once() {
    let Some(database) = databases().into_iter().find(|url| url.starts_with("postgres")) else {
        eprintln!("skipped: DATABASE_URL names no PostgreSQL database");
        return;
    };
    let (a, b) = (Server::start(&database).await, Server::start(&database).await);
    let (black, white) = two_accounts(&a).await;
    let (id, token) = rated_game(&a, &black, &white, "black").await;
    assert_eq!(a.play(&black, &id, &token, "11-15", 0).await.status(), StatusCode::OK);
    assert_eq!(play(&b, &white, &id, "23-19", 1).await.status(), StatusCode::OK);
    let path = format!("/api/games/{id}/resign");
    let resign_on_b = post(&b, &white, &path, json!({}));
    let (on_a, on_b) = tokio::join!(a.act(&black, &id, &token, "resign", ""), resign_on_b);
    let mut statuses = [on_a.status(), on_b.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "one end is stored");
    for (server, client) in [(&a, &black), (&b, &white), (&b, &black), (&a, &white)] {
        let (_, account) = me(server, client).await;
        assert_eq!(account["ratings"]["checkers/blitz"]["games"], 1, "{account}");
    }
    let (on_a, on_b) = (a.get(&browser(), &id).await, b.get(&browser(), &id).await);
    assert_eq!(on_a["ratings"], on_b["ratings"]);
    let changes = [&on_a["ratings"]["white"]["change"], &on_a["ratings"]["black"]["change"]];
    let mut changes = changes.map(|change| change.as_i64().expect("a change"));
    changes.sort_unstable();
    assert_eq!(changes, [-242, 241], "two new players' first game, whoever resigned first");
}

#[tokio::test]
async fn a_seek_shows_its_creator_s_rating_and_refuses_players_outside_its_range() {
    for database in databases() {
        let server = Server::start(&database).await;
        let (creator, taker) = two_accounts(&server).await;
        let (_, name) = me(&server, &creator).await;
        let seek = |range: Value, clock: Value| json!({"game": "checkers", "clock": clock, "side": "white", "rating_range": range});
        let posted =
            post(&server, &creator, "/api/seeks", seek(json!([1400, 1600]), blitz())).await;
        assert_eq!(posted.status(), StatusCode::CREATED);
        let posted: Value = posted.json().await.expect("json");
        let creator_shown = json!({"name": name["name"], "rating": 1500, "provisional": true});
        assert_eq!(posted["seek"]["creator"], creator_shown);
        assert_eq!(posted["seek"]["rating_range"], json!([1400, 1600]));
        let id = posted["id"].as_str().expect("an id");
        let accept = |client: Client| {
            let url = server.url(&format!("/api/seeks/{id}/accept"));
            async move { client.post(url).json(&json!({})).send().await.expect("sent").status() }
        };
        assert_eq!(accept(browser()).await, StatusCode::FORBIDDEN, "no rating without an account");
        assert_eq!(accept(taker.clone()).await, StatusCode::CREATED, "a new player's 1500");
        let higher =
            post(&server, &creator, "/api/seeks", seek(json!([1600, 1700]), blitz())).await;
        let higher: Value = higher.json().await.expect("json");
        let id = higher["id"].as_str().expect("an id");
        let refused = post(&server, &taker, &format!("/api/seeks/{id}/accept"), json!({})).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
        for (range, clock) in
            [(json!([1600, 1400]), blitz()), (json!([1400, 1600]), json!({"days_per_move": 2}))]
        {
            let wrong = post(&server, &creator, "/api/seeks", seek(range, clock)).await;
            assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);
        }
        let anonymous = post(&server, &browser(), "/api/seeks", seek(Value::Null, blitz())).await;
        let anonymous: Value = anonymous.json().await.expect("json");
        assert_eq!(anonymous["seek"]["creator"], Value::Null);
    }
}
