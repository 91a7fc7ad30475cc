//! Players' profiles, rating histories and leaderboards, after rated games played through the
//! API; on SQLite and PostgreSQL.

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

use crate::accounts::{fresh_name, post, sign_up};
use crate::common::{browser, databases, Server};
use crate::ratings::play;

/// A browser signed in to a new account, and its name.
async fn account(server: &Server) -> (Client, String) {
    let (client, name) = (browser(), fresh_name("Pr"));
    assert_eq!(sign_up(server, &client, &name, "password1").await.status(), StatusCode::CREATED);
    (client, name)
}

/// A rated bullet game of checkers (one minute), `black` posting the seek and `white`
/// accepting it, each holding its seat by its account; after a move each, the loser resigns.
async fn rated_game(server: &Server, black: &Client, white: &Client, white_wins: bool) {
    let clock = json!({"initial_ms": 60_000});
    let seek = json!({"game": "checkers", "clock": clock, "side": "black", "rated": true});
    let posted: Value = post(server, black, "/api/seeks", seek).await.json().await.expect("json");
    let (seek, token) = (posted["id"].as_str().expect("an id"), &posted["token"]);
    let token = token.as_str().expect("a token");
    let accepted = post(server, white, &format!("/api/seeks/{seek}/accept"), json!({})).await;
    let accepted: Value = accepted.json().await.expect("json");
    let id = accepted["id"].as_str().expect("a game");
    // The creator's page takes its seat with the token the lobby tells it, as a link's.
    let join = json!({"side": "black", "token": token});
    let joined = post(server, black, &format!("/api/games/{id}/join"), join).await;
    assert_eq!(joined.status(), StatusCode::OK);
    assert_eq!(play(server, black, id, "11-15", 0).await.status(), StatusCode::OK);
    assert_eq!(play(server, white, id, "23-19", 1).await.status(), StatusCode::OK);
    let resigned = if white_wins {
        post(server, black, &format!("/api/games/{id}/resign"), json!({})).await
    } else {
        post(server, white, &format!("/api/games/{id}/resign"), json!({})).await
    };
    assert_eq!(resigned.status(), StatusCode::OK);
}

/// `first` and `second` play until `first` is ranked (a deviation of 75 or less; 74 as shown,
/// rounded), winning in turn: the games played.
async fn play_until_ranked(
    server: &Server,
    first: &Client,
    first_name: &str,
    second: &Client,
) -> i64 {
    let mut played = 0;
    loop {
        rated_game(server, first, second, played % 2 == 0).await;
        played += 1;
        let profile =
            server.get_json(first, &format!("/api/users/{}", first_name.to_uppercase())).await;
        let bullet = &profile["ratings"]["checkers/bullet"];
        if bullet["rd"].as_f64().expect("a deviation") <= 74.0 {
            assert_eq!(profile["name"], json!(first_name));
            assert!(profile["created"].as_i64().is_some_and(|at| at > 0));
            assert_eq!(
                (bullet["games"].as_i64(), bullet["provisional"].as_bool()),
                (Some(played), Some(false))
            );
            break;
        }
        assert!(played < 60, "still not ranked after {played} games: {profile}");
    }
    played
}

/// The games of the player named `name`, who played `played`: 20 a page, the pages apart.
async fn check_games_pages(server: &Server, name: &str, played: i64) {
    // The player's games, 20 a page.
    let page = |number: i64| format!("/api/users/{name}/games?page={number}");
    let first_page = server.get_json(&browser(), &page(1)).await;
    let second_page = server.get_json(&browser(), &page(2)).await;
    let count = |page: &Value| page.as_array().map_or(0, Vec::len) as i64;
    assert_eq!(
        (count(&first_page), count(&second_page)),
        (played.min(20), (played - 20).clamp(0, 20))
    );
    let ids: std::collections::HashSet<&Value> = first_page
        .as_array()
        .into_iter()
        .chain(second_page.as_array())
        .flatten()
        .map(|game| &game["id"])
        .collect();
    assert_eq!(ids.len() as i64, count(&first_page) + count(&second_page), "pages do not overlap");
    let wrong = browser().get(server.url(&format!("/api/users/{name}/games?page=0"))).send();
    assert_eq!(wrong.await.expect("sent").status(), StatusCode::BAD_REQUEST);
}

/// The leaderboard lists the ranked player named `ranked`, not the one named `newcomer`.
async fn check_leaderboard(server: &Server, ranked: &str, newcomer: &str) {
    // The leaderboard lists the ranked players, the best first; not the newcomer.
    let leaders = server.get_json(&browser(), "/api/leaderboard/checkers/bullet").await;
    let leaders = leaders.as_array().expect("a list");
    let names: Vec<&str> = leaders.iter().filter_map(|leader| leader["name"].as_str()).collect();
    assert!(names.contains(&ranked), "{leaders:?}");
    assert!(!names.contains(&newcomer));
    assert!(leaders.iter().all(|leader| leader["rd"].as_f64().is_some_and(|rd| rd <= 75.0)));
    assert!(leaders
        .windows(2)
        .all(|pair| pair[0]["rating"].as_i64() >= pair[1]["rating"].as_i64()));
    assert!(leaders.len() <= 100);
    let empty = server.get_json(&browser(), "/api/leaderboard/fanorona/classical").await;
    assert!(empty
        .as_array()
        .is_some_and(|leaders| leaders.iter().all(|l| l["name"] != json!(ranked))));
}

#[tokio::test]
async fn profiles_histories_and_leaderboards_follow_the_rated_games() {
    for database in databases() {
        let server = Server::start(&database).await;
        let ((first, first_name), (second, second_name)) =
            (account(&server).await, account(&server).await);
        let (newcomer, newcomer_name) = account(&server).await;
        rated_game(&server, &newcomer, &second, true).await;
        let played = play_until_ranked(&server, &first, &first_name, &second).await;
        let history = server
            .get_json(
                &first,
                &format!("/api/users/{first_name}/rating-history?perf=checkers/bullet"),
            )
            .await;
        let history = history.as_array().expect("a list");
        assert_eq!(history.len() as i64, played);
        assert!(history.windows(2).all(|pair| pair[0]["at"].as_i64() <= pair[1]["at"].as_i64()));
        let profile = server.get_json(&first, &format!("/api/users/{first_name}")).await;
        assert_eq!(
            history.last().expect("a point")["rating"],
            profile["ratings"]["checkers/bullet"]["rating"]
        );
        check_games_pages(&server, &first_name, played).await;
        check_leaderboard(&server, &first_name, &newcomer_name).await;
        // Wrong questions.
        let get = |path: String| browser().get(server.url(&path)).send();
        assert_eq!(
            get("/api/leaderboard/chess/blitz".to_owned()).await.expect("sent").status(),
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            get("/api/leaderboard/checkers/slow".to_owned()).await.expect("sent").status(),
            StatusCode::BAD_REQUEST
        );
        let bad_perf = get(format!("/api/users/{first_name}/rating-history?perf=checkers"));
        assert_eq!(bad_perf.await.expect("sent").status(), StatusCode::BAD_REQUEST);
        let unknown = get(format!("/api/users/{}", fresh_name("Nobody")));
        assert_eq!(unknown.await.expect("sent").status(), StatusCode::NOT_FOUND);
        // The profile page: a player's in any case, and for a name no one has, the same page
        // with a 404, even to a browser that holds it cached.
        let page = get(format!("/@/{}", first_name.to_uppercase())).await.expect("sent");
        assert_eq!(page.status(), StatusCode::OK);
        let tag = page.headers()["etag"].clone();
        let nobody = browser()
            .get(server.url(&format!("/@/{}", fresh_name("Nobody"))))
            .header("if-none-match", tag)
            .send()
            .await
            .expect("sent");
        assert_eq!(nobody.status(), StatusCode::NOT_FOUND);
        assert!(nobody.text().await.expect("a page").contains("<html"));
        for impossible in ["x", "a%00b", "no%20such", "%F0%9F%98%80emoji"] {
            let page = get(format!("/@/{impossible}")).await.expect("sent");
            assert_eq!(page.status(), StatusCode::NOT_FOUND, "{impossible}");
        }
        // A deleted account has no profile.
        let deleted = second
            .delete(server.url("/api/account"))
            .json(&json!({"password": "password1"}))
            .send();
        assert_eq!(deleted.await.expect("sent").status(), StatusCode::NO_CONTENT);
        let gone = get(format!("/api/users/{second_name}"));
        assert_eq!(gone.await.expect("sent").status(), StatusCode::NOT_FOUND);
        let gone_page = get(format!("/@/{second_name}"));
        assert_eq!(gone_page.await.expect("sent").status(), StatusCode::NOT_FOUND);
    }
}

/// A player's games list the side it held, the opponent, how each ended for it and its
/// rating's change; its profile counts its wins, draws and losses; and its games come as one
/// download of records.
#[tokio::test]
async fn a_players_games_tell_its_side_opponent_outcome_and_change_and_download_as_records() {
    for database in databases() {
        let server = Server::start(&database).await;
        let ((loser, loser_name), (winner, winner_name)) =
            (account(&server).await, account(&server).await);
        // The loser plays Black and resigns; then it starts a game at one screen.
        rated_game(&server, &loser, &winner, true).await;
        let kept = server.create_kept(&loser, "holes").await;
        let games = server.get_json(&browser(), &format!("/api/users/{loser_name}/games")).await;
        let games = games.as_array().expect("a list");
        assert_eq!(games.len(), 2, "{games:?}");
        // Changed in the same second, they are listed in either order.
        let (at_one_screen, rated) = if games[0]["id"] == kept["id"] {
            (&games[0], &games[1])
        } else {
            (&games[1], &games[0])
        };
        assert_eq!(at_one_screen["id"], kept["id"]);
        assert_eq!(
            [&at_one_screen["side"], &at_one_screen["opponent"], &at_one_screen["outcome"]],
            [&Value::Null, &Value::Null, &Value::Null]
        );
        assert_eq!(at_one_screen["rated"], false);
        assert_eq!(
            [&rated["side"], &rated["opponent"], &rated["outcome"], &rated["rated"]],
            [&json!("black"), &json!(winner_name), &json!("loss"), &json!(true)]
        );
        assert_eq!(rated["rating"]["before"], 1500);
        assert!(rated["rating"]["change"].as_i64().is_some_and(|change| change < 0), "{rated}");
        let winners = server.get_json(&browser(), &format!("/api/users/{winner_name}/games")).await;
        assert_eq!(
            [&winners[0]["side"], &winners[0]["opponent"], &winners[0]["outcome"]],
            [&json!("white"), &json!(loser_name), &json!("win")]
        );
        for (name, results) in [
            (&loser_name, json!({"wins": 0, "draws": 0, "losses": 1})),
            (&winner_name, json!({"wins": 1, "draws": 0, "losses": 0})),
        ] {
            let profile = server.get_json(&browser(), &format!("/api/users/{name}")).await;
            assert_eq!(profile["results"], results);
        }
        // Every game as one download, its file named as the player's name is spelt.
        let path = format!("/api/users/{}/games.txt", loser_name.to_uppercase());
        let download = browser().get(server.url(&path)).send().await.expect("sent");
        assert_eq!(download.status(), StatusCode::OK);
        let header = |name: &str| download.headers()[name].to_str().expect("text").to_owned();
        assert!(header("content-type").starts_with("text/plain"));
        assert_eq!(
            header("content-disposition"),
            format!("attachment; filename=\"{loser_name}.txt\"")
        );
        let text = download.text().await.expect("text");
        let record = browser().get(
            server.url(&format!("/api/games/{}/record", rated["id"].as_str().expect("an id"))),
        );
        let record = record.send().await.expect("sent").text().await.expect("text");
        assert!(text.contains(record.trim_end()), "{text}");
        // The record's tags name its event, date and players, as the download's do.
        let today = time::OffsetDateTime::now_utc().date();
        let date = format!("{}.{:02}.{:02}", today.year(), u8::from(today.month()), today.day());
        for tag in [
            "[Event \"Rated game\"]".to_owned(),
            format!("[Date \"{date}\"]"),
            format!("[White \"{winner_name}\"]"),
            format!("[Black \"{loser_name}\"]"),
        ] {
            assert!(record.contains(&tag), "{tag} in {record}");
        }
        assert_eq!(text.matches("\n\n[").count() + 1, 2, "two records: {text}");
        let unknown = browser().get(server.url("/api/users/nobody-here/games.txt")).send();
        assert_eq!(unknown.await.expect("sent").status(), StatusCode::NOT_FOUND);
    }
}
