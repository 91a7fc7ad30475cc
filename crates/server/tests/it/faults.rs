//! Storage faults: a full disk under SQLite. The database lives on a small tmpfs that the test
//! mounts (as root, as CI runs; elsewhere the test says it is skipped and passes).

use std::path::{Path, PathBuf};
use std::process::Command;

use reqwest::{Client, StatusCode};
use serde_json::Value;

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
