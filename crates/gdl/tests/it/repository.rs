//! The reasoner against the prover on every game of a folder of KIF files, such as the games of
//! ggp-base's repository (`github.com/ggp-org/ggp-repository`, `war/root/games/*/*.kif`), which
//! are not kept here because that repository carries no licence:
//!
//! `ARBITER_GDL_GAMES=FOLDER cargo test --release -p arbiter-gdl -- --ignored repository`
//!
//! A game the reasoner refuses (a recursion over the state, a ground form past the bounds) is
//! listed with its reason, not failed: those are the reasoner's known limits. A game that it
//! compiles must agree with the prover on a few short random playouts.

use std::path::PathBuf;
use std::time::Instant;

use arbiter_gdl::{parse, Game};

use crate::against_prover::compare_game;

/// Playouts per game, and plies per playout: the prover is slow on large games.
const PLAYOUTS: usize = 2;
const MAX_PLIES: usize = 30;

#[test]
#[ignore = "ARBITER_GDL_GAMES=FOLDER cargo test --release -p arbiter-gdl -- --ignored repository"]
fn every_game_of_a_folder_agrees_with_the_prover() {
    // A check of games given from outside: without them (as in the workspace's run of every
    // ignored test), there is nothing to check.
    let Some(folder) = std::env::var_os("ARBITER_GDL_GAMES") else {
        eprintln!("skipped: set ARBITER_GDL_GAMES to a folder of .kif files");
        return;
    };
    // The prover recurses once per goal; arithmetic by recursion over numbers to a hundred
    // (as in ggp-repository's gt_two_thirds games) needs a deep stack.
    let worker = std::thread::Builder::new()
        .stack_size(PROVER_STACK)
        .spawn(move || compare_folder(&folder))
        .expect("a thread");
    if let Err(panic) = worker.join() {
        std::panic::resume_unwind(panic);
    }
}

/// The stack of the thread that runs the prover.
const PROVER_STACK: usize = 1 << 30;

fn compare_folder(folder: &std::ffi::OsStr) {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("a readable folder")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|extension| extension == "kif"))
        .collect();
    paths.sort();
    let only = std::env::var("ARBITER_GDL_ONLY").ok();
    let (mut agreed, mut refused) = (0, Vec::new());
    for path in paths {
        let name = path.file_stem().map(|stem| stem.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        if only.as_ref().is_some_and(|only| !name.contains(only.as_str())) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let description = match parse(&text) {
            Ok(description) => description,
            Err(error) => {
                refused.push(format!("{name}: {error}"));
                continue;
            }
        };
        let game = match Game::from_description(&description) {
            Ok(game) => game,
            Err(error) => {
                refused.push(format!("{name}: {error}"));
                continue;
            }
        };
        let start = Instant::now();
        let states = compare_game(&name, &description, &game, PLAYOUTS, MAX_PLIES);
        println!("{name}: {states} states agree ({:.1} s)", start.elapsed().as_secs_f64());
        agreed += 1;
    }
    println!("{agreed} games agree with the prover; {} refused:", refused.len());
    for line in &refused {
        println!("  {line}");
    }
}
