//! Storage faults: a full disk under SQLite. The database lives on a small tmpfs that the test
//! mounts (as root, as CI runs; elsewhere the test says it is skipped and passes).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use reqwest::{Client, StatusCode};
use serde_json::Value;

use arbiter_server::Settings;

use crate::common::{token, Server};

/// A tmpfs mounted for the test, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// A tmpfs of `size` (`2m`), or `None` when this process may not mount one.
    fn mount(size: &str) -> Option<Tmpfs> {
        let uid = Command::new("id").arg("-u").output().ok()?;
        if String::from_utf8_lossy(&uid.stdout).trim() != "0" {
            return None;
        }
        let path = std::env::temp_dir().join(format!("arbiter-full-disk-{}", std::process::id()));
        std::fs::create_dir_all(&path).ok()?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&path)
            .status()
            .ok()?;
        mounted.success().then_some(Tmpfs(path))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
        let _ = std::fs::remove_dir(&self.0);
    }
}

/// Fills the file system of `folder` with a file of zeros; its path.
fn fill(folder: &Path) -> PathBuf {
    use std::io::Write;
    let path = folder.join("filler");
    let mut file = std::fs::File::create(&path).expect("a filler file");
    let block = vec![0u8; 64 * 1024];
    while file.write_all(&block).is_ok() {}
    let small = [0u8; 512];
    while file.write_all(&small).is_ok() {}
    let _ = file.sync_all();
    path
}

/// Plays the first legal move of game `id` for the side to move; the move when the server
/// acknowledged it, `None` when it refused (with a JSON error).
async fn play_one(server: &Server, client: &Client, created: &Value) -> Option<String> {
    let id = created["id"].as_str().expect("an id");
    let state = server.get(client, id).await;
    let ply = state["ply"].as_u64().expect("a ply");
    let side = state["to_move"].as_str().expect("a side to move").to_owned();
    let mv = state["legal"][0]["move"].as_str().expect("a legal move").to_owned();
    let response = server.play(client, id, &token(created, &side), &mv, ply).await;
    if response.status() == StatusCode::OK {
        return Some(mv);
    }
    let error: Value = response.json().await.expect("a JSON error");
    assert!(error["error"].is_string(), "{error}");
    None
}

/// Moves refused while the disk is full, then acknowledged once it has room again: after a
/// restart the database holds exactly the acknowledged moves of every game.
#[tokio::test]
async fn after_a_full_disk_the_database_holds_every_acknowledged_move() {
    let Some(disk) = Tmpfs::mount("2m") else {
        eprintln!("skipped: mounting a tmpfs needs root");
        return;
    };
    let database = format!("sqlite://{}", disk.0.join("games.db").display());
    let client = Client::new();
    let server = Server::start(&database).await;
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push((server.create(&client, "checkers", "human", "human").await, Vec::new()));
    }
    let filler = fill(&disk.0);
    let mut refused = 0;
    for _ in 0..3 {
        for (created, acknowledged) in &mut games {
            match play_one(&server, &client, created).await {
                Some(mv) => acknowledged.push(mv),
                None => refused += 1,
            }
        }
    }
    assert!(refused > 0, "no move was refused on a full disk");
    std::fs::remove_file(filler).expect("room again");
    for _ in 0..6 {
        for (created, acknowledged) in &mut games {
            let mv = play_one(&server, &client, created).await;
            acknowledged.push(mv.expect("a move is played once the disk has room"));
        }
    }
    drop(server);
    let restarted = Server::start(&database).await;
    for (created, acknowledged) in &games {
        let id = created["id"].as_str().expect("an id");
        let stored = restarted.get(&client, id).await;
        assert_eq!(stored["moves"], serde_json::json!(acknowledged), "game {id}");
    }
}

/// A PostgreSQL server of the test's own (`initdb`, `pg_ctl`, run as the `postgres` user, on a
/// free port), that the test can stop and start; removed when dropped.
struct PrivatePostgres {
    folder: PathBuf,
    bin: PathBuf,
    port: u16,
}

impl PrivatePostgres {
    /// A new cluster, started; `None` when this machine cannot make one (not root, or no
    /// PostgreSQL installed).
    fn start() -> Option<PrivatePostgres> {
        let uid = Command::new("id").arg("-u").output().ok()?;
        if String::from_utf8_lossy(&uid.stdout).trim() != "0" {
            return None;
        }
        let mut versions: Vec<PathBuf> =
            std::fs::read_dir("/usr/lib/postgresql").ok()?.flatten().map(|e| e.path()).collect();
        versions.sort();
        let bin = versions.pop()?.join("bin");
        let folder = std::env::temp_dir().join(format!("arbiter-pg-{}", std::process::id()));
        std::fs::create_dir_all(&folder).ok()?;
        let owned = Command::new("chown").args(["postgres:postgres"]).arg(&folder).status();
        if !owned.ok()?.success() {
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").ok()?.local_addr().ok()?.port();
        let postgres = PrivatePostgres { folder, bin, port };
        let made = postgres.run("initdb", &["-A", "trust", "-U", "postgres", "--no-sync", "-D"]);
        (made && postgres.pg_ctl("start")).then_some(postgres)
    }

    /// Runs `program ARGS DATA-FOLDER` as the `postgres` user; whether it succeeded.
    fn run(&self, program: &str, args: &[&str]) -> bool {
        Command::new("runuser")
            .args(["-u", "postgres", "--"])
            .arg(self.bin.join(program))
            .args(args)
            .arg(self.folder.join("data"))
            .stdout(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
    }

    /// `pg_ctl start` (waiting until it accepts connections) or `stop` (at once, as a crash).
    fn pg_ctl(&self, action: &str) -> bool {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.folder.display()
        );
        let log = self.folder.join("log");
        let log = log.to_string_lossy();
        match action {
            "start" => self.run("pg_ctl", &["-w", "-l", &log, "-o", &options, "start", "-D"]),
            _ => self.run("pg_ctl", &["-w", "-m", "immediate", "stop", "-D"]),
        }
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        self.pg_ctl("stop");
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// A PostgreSQL outage: the moves asked for meanwhile are refused with a JSON `503` that says
/// nothing of the database's own errors, nothing is half stored, and once the database is
/// back the server and every game go on (the computer's too, even a move it found during the
/// outage, long before its claim on the move runs out); a server started afterwards reads
/// every game exactly as acknowledged.
#[tokio::test]
async fn a_postgres_outage_refuses_moves_and_loses_nothing() {
    let Some(postgres) = PrivatePostgres::start() else {
        eprintln!("skipped: a private PostgreSQL needs root and PostgreSQL's programs");
        return;
    };
    let database = postgres.url();
    let client = Client::new();
    // A claim on a computer move longer than the test waits: the move found during the
    // outage must be stored again at a scan, not when the claim runs out.
    let settings = Settings {
        workers: 2,
        lease: Duration::from_secs(120),
        scan: Duration::from_millis(500),
        ..Settings::default()
    };
    let server = Server::start_with(&database, settings).await;
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push((server.create(&client, "checkers", "human", "human").await, Vec::new()));
    }
    let computer = server.create(&client, "checkers", "human", "ai:1").await;
    for _ in 0..2 {
        for (created, acknowledged) in &mut games {
            acknowledged.push(play_one(&server, &client, created).await.expect("a move"));
        }
    }
    let mut next = Vec::new();
    for (created, _) in &games {
        let id = created["id"].as_str().expect("an id");
        let state = server.get(&client, id).await;
        let side = state["to_move"].as_str().expect("a side");
        let mv = state["legal"][0]["move"].as_str().expect("a move").to_owned();
        next.push((id, token(created, side), mv, state["ply"].as_u64().expect("a ply")));
    }
    // Its search of 2 s ends during the outage.
    let thinking = server.create(&client, "checkers", "human", "ai:alphabeta:time=2s").await;
    let started = std::time::Instant::now();
    assert!(postgres.pg_ctl("stop"), "the database stops");
    let refused = futures_util::future::join_all(next.iter().map(|(id, token, mv, ply)| async {
        let response = server.play(&client, id, token, mv, *ply).await;
        let status = response.status();
        (status, response.json::<Value>().await.expect("a JSON error"))
    }))
    .await;
    for (status, body) in refused {
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        let error = body["error"].as_str().expect("an error");
        assert!(error.contains("database is unavailable"), "{error}");
    }
    tokio::time::sleep(Duration::from_millis(2500).saturating_sub(started.elapsed())).await;
    assert!(postgres.pg_ctl("start"), "the database starts again");
    let id = thinking["id"].as_str().expect("an id");
    crate::common::wait_for(&server, &client, id, |s| s["to_move"] == "white").await;
    for (created, acknowledged) in &mut games {
        let mv = play_one(&server, &client, created).await;
        acknowledged.push(mv.expect("a move is played once the database is back"));
    }
    let id = computer["id"].as_str().expect("an id");
    let state = crate::common::wait_for(&server, &client, id, |s| s["to_move"] == "white").await;
    let mv = state["legal"][0]["move"].as_str().expect("a move").to_owned();
    let ply = state["ply"].as_u64().expect("a ply");
    let played = server.play(&client, id, &token(&computer, "white"), &mv, ply).await;
    assert_eq!(played.status(), StatusCode::OK);
    crate::common::wait_for(&server, &client, id, |s| s["ply"].as_u64() == Some(ply + 2)).await;
    drop(server);
    let restarted = Server::start(&database).await;
    for (created, acknowledged) in &games {
        let id = created["id"].as_str().expect("an id");
        assert_eq!(restarted.get(&client, id).await["moves"], serde_json::json!(acknowledged));
    }
}
