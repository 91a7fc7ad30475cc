//! Accounts: signing up, in and out, passwords, deletion, names, the throttling of failed
//! sign-ins, the seats of a browser carried to its account, API tokens, and sessions valid on
//! every server; on SQLite and PostgreSQL.

use std::hash::{BuildHasher, Hasher};
use std::time::Duration;

use reqwest::header::{RETRY_AFTER, SET_COOKIE};
use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};

use crate::common::{browser, databases, Server};

/// A name no other test, and no earlier run on the same database, has taken.
pub fn fresh_name(prefix: &str) -> String {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    hasher.write_u128(since.map_or(0, |elapsed| elapsed.as_nanos()));
    format!("{prefix}{:010x}", hasher.finish() & 0xff_ffff_ffff)
}

/// `POST path` with a JSON body.
pub async fn post(server: &Server, client: &Client, path: &str, body: Value) -> Response {
    client.post(server.url(path)).json(&body).send().await.expect("sent")
}

pub async fn sign_up(server: &Server, client: &Client, name: &str, password: &str) -> Response {
    post(server, client, "/api/account/signup", json!({"name": name, "password": password})).await
}

async fn sign_in(server: &Server, client: &Client, name: &str, password: &str) -> Response {
    post(server, client, "/api/account/login", json!({"name": name, "password": password})).await
}

/// `GET /api/account`: its status and body.
pub async fn me(server: &Server, client: &Client) -> (StatusCode, Value) {
    let response = client.get(server.url("/api/account")).send().await.expect("sent");
    (response.status(), response.json().await.expect("json"))
}

/// The value a response sets cookie `name` to.
fn cookie(response: &Response, name: &str) -> Option<String> {
    response.headers().get_all(SET_COOKIE).iter().find_map(|value| {
        let text = value.to_str().ok()?;
        let (pair, _) = text.split_once(';').unwrap_or((text, ""));
        let (key, value) = pair.split_once('=')?;
        (key == name).then(|| value.to_owned())
    })
}

#[tokio::test]
async fn an_account_signs_up_in_and_out_changes_its_password_and_is_deleted() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = browser();
        let name = fresh_name("Al");
        let made = sign_up(&server, &client, &name, "correct horse").await;
        assert_eq!(made.status(), StatusCode::CREATED);
        assert!(cookie(&made, "arbiter_account").is_some_and(|secret| secret.len() == 32));
        assert_eq!(made.json::<Value>().await.expect("json"), json!({"name": name}));
        assert_eq!(
            me(&server, &client).await,
            (StatusCode::OK, json!({"name": name, "ratings": {}}))
        );
        let out = post(&server, &client, "/api/account/logout", json!({})).await;
        assert_eq!(out.status(), StatusCode::NO_CONTENT);
        assert_eq!(me(&server, &client).await.0, StatusCode::UNAUTHORIZED);
        // The name is found without regard to case.
        let back = sign_in(&server, &client, &name.to_uppercase(), "correct horse").await;
        assert_eq!(back.status(), StatusCode::OK);
        assert_eq!(back.json::<Value>().await.expect("json"), json!({"name": name}));
        assert_eq!(me(&server, &client).await.0, StatusCode::OK);

        let change = |old: &str, new: &str| json!({"old": old, "new": new});
        let refused =
            post(&server, &client, "/api/account/password", change("wrong one", "battery staple"))
                .await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
        let short =
            post(&server, &client, "/api/account/password", change("correct horse", "short")).await;
        assert_eq!(short.status(), StatusCode::BAD_REQUEST);
        let changed = post(
            &server,
            &client,
            "/api/account/password",
            change("correct horse", "battery staple"),
        )
        .await;
        assert_eq!(changed.status(), StatusCode::NO_CONTENT);
        let other = browser();
        assert_eq!(
            sign_in(&server, &other, &name, "correct horse").await.status(),
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            sign_in(&server, &other, &name, "battery staple").await.status(),
            StatusCode::OK
        );

        let delete = |password: &str| {
            client.delete(server.url("/api/account")).json(&json!({"password": password})).send()
        };
        assert_eq!(delete("correct horse").await.expect("sent").status(), StatusCode::FORBIDDEN);
        assert_eq!(delete("battery staple").await.expect("sent").status(), StatusCode::NO_CONTENT);
        assert_eq!(me(&server, &client).await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(me(&server, &other).await.0, StatusCode::UNAUTHORIZED, "every session ends");
        let again = sign_in(&server, &browser(), &name, "battery staple").await;
        assert_eq!(again.status(), StatusCode::UNAUTHORIZED);
        let reused = sign_up(&server, &browser(), &name, "battery staple").await;
        assert_eq!(reused.status(), StatusCode::CONFLICT, "a deleted account's name is not reused");
    }
}

#[tokio::test]
async fn names_are_unique_without_regard_to_case_and_some_are_reserved() {
    for database in databases() {
        let server = Server::start(&database).await;
        let name = fresh_name("Bo");
        assert_eq!(
            sign_up(&server, &browser(), &name, "password1").await.status(),
            StatusCode::CREATED
        );
        let taken = sign_up(&server, &browser(), &name.to_lowercase(), "password1").await;
        assert_eq!(taken.status(), StatusCode::CONFLICT);
        for bad in ["admin", "Computer", "DELETED", "x", "has space", "a23456789012345678901"] {
            let refused = sign_up(&server, &browser(), bad, "password1").await;
            assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{bad}");
        }
        let short = sign_up(&server, &browser(), &fresh_name("Cy"), "1234567").await;
        assert_eq!(short.status(), StatusCode::BAD_REQUEST);
    }
}

#[tokio::test]
async fn an_unknown_name_and_a_wrong_password_get_the_same_answer_until_too_many_tries() {
    for database in databases() {
        let server = Server::start(&database).await;
        let name = fresh_name("Di");
        assert_eq!(
            sign_up(&server, &browser(), &name, "password1").await.status(),
            StatusCode::CREATED
        );
        let wrong = sign_in(&server, &browser(), &name, "password2").await;
        let unknown = sign_in(&server, &browser(), &fresh_name("Ed"), "password1").await;
        assert_eq!(
            (wrong.status(), unknown.status()),
            (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED)
        );
        assert_eq!(wrong.text().await.expect("a body"), unknown.text().await.expect("a body"));
        // Nine more failures make ten for the name: then even the right password waits.
        for _ in 0..9 {
            assert_eq!(
                sign_in(&server, &browser(), &name, "nope nope").await.status(),
                StatusCode::UNAUTHORIZED
            );
        }
        let refused = sign_in(&server, &browser(), &name.to_uppercase(), "password1").await;
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        let wait: u64 =
            refused.headers()[RETRY_AFTER].to_str().expect("text").parse().expect("seconds");
        assert!((1..=600).contains(&wait), "{wait}");
        // Another name is not held back, and the name may try again after the window.
        let other = fresh_name("Fa");
        assert_eq!(
            sign_up(&server, &browser(), &other, "password1").await.status(),
            StatusCode::CREATED
        );
        assert_eq!(
            sign_in(&server, &browser(), &other, "password1").await.status(),
            StatusCode::OK
        );
        server.games.advance_clock(Duration::from_secs(wait));
        assert_eq!(sign_in(&server, &browser(), &name, "password1").await.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn signing_in_makes_a_new_session_and_carries_the_browser_s_games() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = browser();
        // An anonymous browser keeps a game at one screen and moves in it.
        let created = server.create_kept(&client, "checkers").await;
        let id = created["id"].as_str().expect("an id").to_owned();
        let moved = post(
            &server,
            &client,
            &format!("/api/games/{id}/moves"),
            json!({"move": "11-15", "ply": 0}),
        )
        .await;
        assert_eq!(moved.status(), StatusCode::OK);
        let name = fresh_name("Gu");
        let made = sign_up(&server, &client, &name, "password1").await;
        assert_eq!(made.status(), StatusCode::CREATED);
        assert_eq!(
            cookie(&made, "arbiter_session").as_deref(),
            Some(""),
            "the anonymous cookie goes"
        );
        let first = cookie(&made, "arbiter_account").expect("a session");
        // The game is the account's: the browser still holds both seats and moves on.
        assert_eq!(server.get(&client, &id).await["you"], json!(["white", "black"]));
        let moved = post(
            &server,
            &client,
            &format!("/api/games/{id}/moves"),
            json!({"move": "23-19", "ply": 1}),
        )
        .await;
        assert_eq!(moved.status(), StatusCode::OK);
        let mine = server.get_json(&client, "/api/my/games").await;
        assert_eq!(mine[0]["id"], json!(id));
        // Another browser that signs in gets a new secret, and holds the account's seats too.
        let other = browser();
        let second = sign_in(&server, &other, &name, "password1").await;
        let second = cookie(&second, "arbiter_account").expect("a session");
        assert_ne!(second, first);
        assert_eq!(server.get(&other, &id).await["you"], json!(["white", "black"]));
        // Signing in again ends the session it replaces.
        assert_eq!(sign_in(&server, &other, &name, "password1").await.status(), StatusCode::OK);
        let old = Client::new()
            .get(server.url("/api/account"))
            .header("cookie", format!("arbiter_account={second}"))
            .send();
        assert_eq!(old.await.expect("sent").status(), StatusCode::UNAUTHORIZED);
        assert_eq!(me(&server, &other).await.0, StatusCode::OK);
        // Signed out, the browser holds nothing.
        post(&server, &client, "/api/account/logout", json!({})).await;
        assert_eq!(server.get(&client, &id).await["you"], json!([]));
    }
}

#[tokio::test]
async fn an_api_token_acts_as_the_account() {
    for database in databases() {
        let server = Server::start(&database).await;
        let client = browser();
        let name = fresh_name("Hy");
        sign_up(&server, &client, &name, "password1").await;
        let made = post(&server, &client, "/api/account/tokens", json!({})).await;
        assert_eq!(made.status(), StatusCode::CREATED);
        let token = made.json::<Value>().await.expect("json")["token"]
            .as_str()
            .expect("a token")
            .to_owned();
        assert!(token.starts_with("arb_"));
        let program = Client::new();
        let account =
            program.get(server.url("/api/account")).bearer_auth(&token).send().await.expect("sent");
        assert_eq!(account.json::<Value>().await.expect("json")["name"], json!(name));
        // The program keeps a game: it is the account's, which the browser holds too.
        let created: Value = program
            .post(server.url("/api/games"))
            .bearer_auth(&token)
            .json(&json!({"game": "checkers", "white": "human", "black": "human", "keep": ["white", "black"]}))
            .send().await.expect("sent").json().await.expect("json");
        let id = created["id"].as_str().expect("an id");
        assert_eq!(server.get(&client, id).await["you"], json!(["white", "black"]));
        let moved = program
            .post(server.url(&format!("/api/games/{id}/moves")))
            .bearer_auth(&token)
            .json(&json!({"move": "11-15", "ply": 0}))
            .send()
            .await
            .expect("sent");
        assert_eq!(moved.status(), StatusCode::OK);
        let unknown = program
            .get(server.url("/api/account"))
            .bearer_auth("arb_0123456789abcdef0123456789abcdef")
            .send()
            .await
            .expect("sent");
        assert_eq!(unknown.status(), StatusCode::UNAUTHORIZED);
    }
}

/// Over PostgreSQL, a session made on one server is valid on another, and ends on both.
#[tokio::test]
async fn a_sign_in_on_one_server_is_valid_on_another() {
    let Some(database) = databases().into_iter().find(|url| url.starts_with("postgres")) else {
        eprintln!("skipped: DATABASE_URL names no PostgreSQL database");
        return;
    };
    let (a, b) = (Server::start(&database).await, Server::start(&database).await);
    let name = fresh_name("Io");
    let made = sign_up(&a, &browser(), &name, "password1").await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let session =
        format!("arbiter_account={}", cookie(&made, "arbiter_account").expect("a session"));
    let client = Client::new();
    let me =
        |server: &Server| client.get(server.url("/api/account")).header("cookie", &session).send();
    let on_b = me(&b).await.expect("sent");
    assert_eq!(on_b.json::<Value>().await.expect("json"), json!({"name": name, "ratings": {}}));
    let out = client
        .post(b.url("/api/account/logout"))
        .header("cookie", &session)
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert_eq!(me(&a).await.expect("sent").status(), StatusCode::UNAUTHORIZED);
}

/// Over a real connection (a client address), at most 50 failed sign-ins an address in 10
/// minutes, whatever the names: then `429`.
#[tokio::test]
async fn fifty_failed_sign_ins_from_one_address_get_429() {
    for database in databases() {
        let (addr, serving) = crate::common::serve(crate::common::config(&database)).await;
        let client = Client::new();
        let url = format!("http://{addr}/api/account/login");
        let mut refused = None;
        // Each with a name of its own, so that no name reaches its own limit. (Failures of
        // earlier runs on the same database count too: the refusal may come sooner.)
        for tries in 1..=51 {
            let login = json!({"name": fresh_name("Zz"), "password": "password1"});
            let response = client.post(&url).json(&login).send().await.expect("sent");
            if response.status() == StatusCode::TOO_MANY_REQUESTS {
                assert!(response.headers().contains_key(RETRY_AFTER));
                refused = Some(tries);
                break;
            }
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        }
        assert!(refused.is_some_and(|tries| tries <= 51), "{refused:?}");
        serving.abort();
    }
}
