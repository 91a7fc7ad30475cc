//! A server on an ephemeral loopback port for the tests, on an SQLite file of its own, or on
//! the PostgreSQL database of `DATABASE_URL` when that is set (CI sets it).

use std::fmt;
use std::net::SocketAddr;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use arbiter_server::store::Store;
use arbiter_server::{app, AppState, PasswordCost, Protection, Settings};
use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};
use tempfile::TempDir;
use tokio::task::JoinHandle;

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    /// Its games, for the hooks a test uses (the server's clock).
    pub games: Arc<arbiter_server::Games>,
    /// Its lobby, for the sweep of the seeks.
    pub lobby: Arc<arbiter_server::Lobby>,
    /// Its tournaments, for their steps.
    pub tournaments: Arc<arbiter_server::Tournaments>,
    task: JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A database a test runs on: its URL (what the value reads as), and for SQLite the new folder
/// of its file, removed with the file once the test has dropped every copy of this value. A
/// test keeps it while its servers run.
#[derive(Clone)]
pub struct Database {
    pub url: String,
    _folder: Option<Arc<TempDir>>,
}

impl Deref for Database {
    type Target = str;

    fn deref(&self) -> &str {
        &self.url
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url)
    }
}

/// The databases every test runs on: a new SQLite file, and PostgreSQL when `DATABASE_URL`
/// names one.
pub fn databases() -> Vec<Database> {
    let folder = tempfile::Builder::new().prefix("arbiter-server-tests-").tempdir();
    let folder = folder.expect("a temporary folder");
    let file = folder.path().join("test.db");
    let sqlite =
        Database { url: format!("sqlite://{}", file.display()), _folder: Some(Arc::new(folder)) };
    let mut databases = vec![sqlite];
    if let Ok(url) = std::env::var("DATABASE_URL") {
        if url.starts_with("postgres") {
            databases.push(Database { url, _folder: None });
        }
    }
    databases
}

impl Server {
    /// A server on `database`.
    pub async fn start(database: &str) -> Server {
        Server::start_with(database, Settings { workers: 2, ..Settings::default() }).await
    }

    /// A server on `database` that keeps its games as `settings` says.
    pub async fn start_with(database: &str, settings: Settings) -> Server {
        Server::start_protected(database, settings, Protection::unlimited()).await
    }

    /// A server on `database` that keeps its games as `settings` says and limits its
    /// clients as `protection` says.
    pub async fn start_protected(
        database: &str,
        settings: Settings,
        protection: Protection,
    ) -> Server {
        let store = Store::connect(database).await.expect("the database opens");
        // Argon2's least cost: the tests sign up many accounts (a server takes OWASP's).
        let settings = Settings { password_cost: PasswordCost::LIGHT, ..settings };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let addr = listener.local_addr().expect("an address");
        let state = AppState::start(store, settings, endgames())
            .expect("the server starts")
            .protected(protection);
        let games = state.games().clone();
        let lobby = state.lobby().clone();
        let tournaments = state.tournaments().clone();
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app(state)).await;
        });
        Server { addr, games, lobby, tournaments, task }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `GET /api/health`: the number of games the server keeps in memory.
    pub async fn cached_games(&self, client: &Client) -> u64 {
        self.get_json(client, "/api/health").await["cached_games"].as_u64().expect("a number")
    }

    /// `GET /api/health`: the number of searches running.
    pub async fn searching(&self, client: &Client) -> u64 {
        self.get_json(client, "/api/health").await["searching"].as_u64().expect("a number")
    }

    /// Creates a game; its JSON.
    pub async fn create(&self, client: &Client, game: &str, white: &str, black: &str) -> Value {
        let response = client
            .post(self.url("/api/games"))
            .json(&json!({ "game": game, "options": "", "white": white, "black": black }))
            .send()
            .await
            .expect("sent");
        assert_eq!(response.status(), StatusCode::CREATED);
        response.json().await.expect("json")
    }

    /// Creates a game of two people that `client` keeps at one screen (it holds both seats by
    /// its cookie); its JSON.
    pub async fn create_kept(&self, client: &Client, game: &str) -> Value {
        client
            .post(self.url("/api/games"))
            .json(&json!({"game": game, "white": "human", "black": "human",
                          "keep": ["white", "black"]}))
            .send()
            .await
            .expect("sent")
            .json()
            .await
            .expect("json")
    }

    pub async fn get(&self, client: &Client, id: &str) -> Value {
        self.get_json(client, &format!("/api/games/{id}")).await
    }

    /// `GET /api/games/{id}/analysis?think=THINK`.
    pub async fn analysis(&self, client: &Client, id: &str, think: &str) -> Value {
        self.get_json(client, &format!("/api/games/{id}/analysis?think={think}")).await
    }

    /// The JSON body of `GET path`.
    pub async fn get_json(&self, client: &Client, path: &str) -> Value {
        client.get(self.url(path)).send().await.expect("sent").json().await.expect("json")
    }

    /// Plays `mv` at `ply` with the seat `token`.
    pub async fn play(
        &self,
        client: &Client,
        id: &str,
        token: &str,
        mv: &str,
        ply: u64,
    ) -> Response {
        client
            .post(self.url(&format!("/api/games/{id}/moves")))
            .bearer_auth(token)
            .json(&json!({ "move": mv, "ply": ply }))
            .send()
            .await
            .expect("sent")
    }

    /// Posts `{"action": action}` to `/api/games/{id}/{what}` with `token`.
    pub async fn act(
        &self,
        client: &Client,
        id: &str,
        token: &str,
        what: &str,
        action: &str,
    ) -> Response {
        client
            .post(self.url(&format!("/api/games/{id}/{what}")))
            .bearer_auth(token)
            .json(&json!({ "action": action }))
            .send()
            .await
            .expect("sent")
    }
}

/// `arbiter_server::serve` of `config` (with its own listener, limits and shutdown): the
/// address it listens on, and its task.
pub async fn serve(
    config: arbiter_server::Config,
) -> (SocketAddr, JoinHandle<Result<(), arbiter_server::ApiError>>) {
    let (ready, bound) = tokio::sync::oneshot::channel();
    let serving = tokio::spawn(arbiter_server::serve(config, move |addr| {
        let _ = ready.send(addr);
    }));
    (bound.await.expect("the server starts"), serving)
}

/// A server's configuration on `database` with one worker: default limits, no rate limits.
pub fn config(database: &str) -> arbiter_server::Config {
    arbiter_server::Config {
        addr: "127.0.0.1:0".parse().expect("an address"),
        database: database.to_string(),
        settings: Settings {
            workers: 1,
            password_cost: PasswordCost::LIGHT,
            ..Settings::default()
        },
        limits: arbiter_server::Limits::default(),
        public_url: None,
        protection: Protection::unlimited(),
        endgames: endgames(),
    }
}

/// The token of `side`'s seat in a created game.
pub fn token(created: &Value, side: &str) -> String {
    created["seats"][side]["token"].as_str().expect("a token").to_owned()
}

/// Waits until the game's state satisfies `done` (the computer's move), for at most 20 s.
pub async fn wait_for(
    server: &Server,
    client: &Client,
    id: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..400 {
        let state = server.get(client, id).await;
        if done(&state) {
            return state;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the game {id} did not get there in time");
}

/// A browser's client: it keeps cookies, and does not follow redirects.
pub fn browser() -> Client {
    Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

/// The next message of a socket, as JSON (within 10 s).
pub async fn receive<S>(socket: &mut S) -> Value
where
    S: futures_util::StreamExt<
            Item = Result<
                tokio_tungstenite::tungstenite::Message,
                tokio_tungstenite::tungstenite::Error,
            >,
        > + Unpin,
{
    let message = tokio::time::timeout(std::time::Duration::from_secs(10), socket.next())
        .await
        .expect("a message in time")
        .expect("the socket is open")
        .expect("a message");
    serde_json::from_str(message.to_text().expect("text")).expect("json")
}

/// The endgame tables of every test server: one handle for the process, so that a table built
/// in memory is built once.
pub fn endgames() -> Arc<arbiter_catalog::Endgames> {
    static ENDGAMES: OnceLock<Arc<arbiter_catalog::Endgames>> = OnceLock::new();
    ENDGAMES.get_or_init(|| Arc::new(arbiter_catalog::Endgames::open(None))).clone()
}

/// The legal moves of a state or a view, as written.
pub fn legal_moves(view: &Value) -> Vec<&str> {
    view["legal"].as_array().expect("legal").iter().filter_map(|m| m["move"].as_str()).collect()
}
