//! `arbiter train`: data by self-play, a network fitted to it, and what a network file holds.

use crate::cli::{arbiter_with_input, stderr, stdout};

fn arbiter(args: &[&str]) -> std::process::Output {
    arbiter_with_input(args, "")
}

#[test]
fn a_network_is_trained_from_generated_data_and_shown_and_a_damaged_one_refused() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ballot = dir.join("ballot.txt");
    std::fs::write(&ballot, "9-13 22-17 13x22\n11-15 23-19 8-11\n").expect("written");
    let (data, net) = (dir.join("data.txt"), dir.join("net.bin"));
    let paths = [&ballot, &data, &net].map(|path| path.display().to_string());
    let generate = ["train", "generate", "checkers", "--openings", &paths[0], "--games", "2"];
    let settings = ["--nodes", "200", "--max-plies", "30", "--out", &paths[1]];
    let output = arbiter(&[&generate[..], &settings[..]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&data).expect("the data");
    assert!(text.starts_with("# ") && text.lines().count() > 10, "{text}");
    let fit = ["train", "fit", "checkers", "--data", &paths[1], "--hidden", "8", "--dense", "4"];
    let output = arbiter(&[&fit[..], &["--epochs", "2", "--out", &paths[2]]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let output = arbiter(&["train", "show", &paths[2]]);
    let shown = stdout(&output);
    assert!(shown.contains("game: checkers") && shown.contains("8 hidden"), "{shown}");
    assert!(shown.contains("arbiter train fit checkers --data"), "{shown}");
    let mut bytes = std::fs::read(&net).expect("the network");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&net, &bytes).expect("written");
    let output = arbiter(&["train", "show", &paths[2]]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("corrupt: its checksum"), "{}", stderr(&output));
    let output = arbiter(&["train", "fit", "holes", "--data", &paths[1], "--out", &paths[2]]);
    // Checkers' positions are not positions of holes: the file is named, and the position.
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains(&format!("the training data {}: position", paths[1])));
    assert!(stderr(&output).contains("invalid position"), "{}", stderr(&output));
    // A game without features (Fanorona's network is still to be trained) is refused by name.
    let output = arbiter(&["train", "fit", "fanorona", "--data", &paths[1], "--out", &paths[2]]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("fanorona has no features"), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn without_an_openings_file_games_start_from_the_start_and_the_random_plies_vary_them() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-train-start-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let data = dir.join("data.txt").display().to_string();
    let generate = ["train", "generate", "holes", "--games", "4", "--nodes", "200"];
    let settings = ["--random-plies", "6", "--random", "50", "--out", &data];
    let output = arbiter(&[&generate[..], &settings[..]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&data).expect("the data");
    let header = text.lines().next().expect("a header");
    assert!(header.starts_with("# positions made by: arbiter train generate holes --games 4"));
    assert!(!header.contains("--openings"), "{header}");
    let positions: std::collections::BTreeSet<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.splitn(3, ' ').nth(2).expect("a position"))
        .collect();
    assert!(positions.len() > 20, "{} different positions", positions.len());
    std::fs::remove_dir_all(&dir).ok();
}
