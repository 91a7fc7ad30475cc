//! The load generator's reading back: every game read, and its stored moves compared with the
//! moves its player sent and the server acknowledged; and states read at random, timed.

use std::collections::HashMap;
use std::time::Instant;

use reqwest::{Client, StatusCode};
use tokio::task::JoinSet;

use crate::latency::{millis, percentile};
use crate::{send, GameRun, GameState, SplitMix64, READERS, REQUEST_TIMEOUT};

/// How the moves a game stored compare with those its player sent.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Check {
    /// Acknowledged, but stored fewer times.
    pub lost: usize,
    /// Stored more often than sent.
    pub duplicated: usize,
    /// The stored list is neither the acknowledged moves nor them and the move in doubt.
    pub differs: bool,
}

/// How many times each move occurs.
fn counts<'a>(moves: impl IntoIterator<Item = &'a String>) -> HashMap<&'a str, usize> {
    let mut counts = HashMap::new();
    for text in moves {
        *counts.entry(text.as_str()).or_default() += 1;
    }
    counts
}

/// The moves of `more` beyond those of `fewer`, counted as multisets.
fn excess(more: &HashMap<&str, usize>, fewer: &HashMap<&str, usize>) -> usize {
    more.iter().map(|(text, n)| n.saturating_sub(fewer.get(text).copied().unwrap_or(0))).sum()
}

fn compare(run: &GameRun, stored: &[String]) -> Check {
    let acknowledged = counts(&run.acknowledged);
    let sent = counts(run.acknowledged.iter().chain(&run.in_doubt));
    let stored_counts = counts(stored);
    let lost = excess(&acknowledged, &stored_counts);
    let duplicated = excess(&stored_counts, &sent);
    if run.against_computer {
        // The computer may have stored a move after the last answer read.
        let prefix =
            stored.starts_with(&run.acknowledged) && stored.len() <= run.acknowledged.len() + 1;
        return Check { lost, duplicated: 0, differs: !prefix };
    }
    let exact = stored == run.acknowledged.as_slice();
    let with_doubt = run.in_doubt.as_ref().is_some_and(|doubt| {
        stored.len() == run.acknowledged.len() + 1
            && stored.starts_with(&run.acknowledged)
            && stored.last() == Some(doubt)
    });
    Check { lost, duplicated, differs: !exact && !with_doubt }
}

/// Reads every game back: its check, or why it could not be read.
pub async fn verify(
    client: &Client,
    base: &str,
    runs: &[GameRun],
) -> Vec<(String, Result<Check, String>)> {
    let mut tasks = JoinSet::new();
    let readers = std::sync::Arc::new(tokio::sync::Semaphore::new(READERS));
    for (index, run) in runs.iter().enumerate() {
        let Some(id) = run.id.clone() else { continue };
        let request = client.get(format!("{base}/api/games/{id}")).timeout(REQUEST_TIMEOUT);
        let readers = readers.clone();
        tasks.spawn(async move {
            let _reader = readers.acquire_owned().await;
            (index, id, send(request).await)
        });
    }
    let mut checks = Vec::new();
    while let Some(joined) = tasks.join_next().await {
        let Ok((index, id, answer)) = joined else {
            checks.push(("?".to_owned(), Err("the task failed".to_owned())));
            continue;
        };
        let check = match answer {
            Ok((StatusCode::OK, body)) => serde_json::from_slice::<GameState>(&body)
                .map(|state| compare(&runs[index], &state.moves))
                .map_err(|error| format!("answer not the JSON expected: {error}")),
            Ok((status, _)) => Err(status.to_string()),
            Err(kind) => Err(kind.to_owned()),
        };
        checks.push((id, check));
    }
    checks
}

/// Prints how the stored games compare with what was sent; `true` when they all agree.
pub fn print_checks(checks: &[(String, Result<Check, String>)]) -> bool {
    let (mut lost, mut duplicated, mut differ, mut unread) = (0, 0, 0, 0);
    for (id, check) in checks {
        match check {
            Ok(check) => {
                lost += check.lost;
                duplicated += check.duplicated;
                if check.differs {
                    differ += 1;
                    println!("  game {id}: stored moves differ, {check:?}");
                }
            }
            Err(why) => {
                unread += 1;
                println!("  game {id}: cannot be read back: {why}");
            }
        }
    }
    println!(
        "verified:     {} games read back: {lost} moves lost, {duplicated} duplicated, \
         {differ} games stored otherwise than acknowledged, {unread} unreadable",
        checks.len()
    );
    lost == 0 && duplicated == 0 && differ == 0 && unread == 0
}

/// Reads `count` states spread at random over the games, `READERS` requests at a time, and prints
/// how fast they were answered.
pub async fn read_states(
    client: &Client,
    bases: &[String],
    runs: &[GameRun],
    count: usize,
    seed: u64,
) {
    let ids: Vec<String> = runs.iter().filter_map(|run| run.id.clone()).collect();
    if ids.is_empty() {
        return;
    }
    let started = Instant::now();
    let mut tasks = JoinSet::new();
    for reader in 0..READERS {
        let (client, bases, ids) = (client.clone(), bases.to_vec(), ids.clone());
        let mut random = SplitMix64(seed ^ (reader as u64 + 1).wrapping_mul(0x9E37_79B9));
        let share = count / READERS + usize::from(reader < count % READERS);
        tasks.spawn(async move {
            let (mut latencies, mut failed) = (Vec::with_capacity(share), 0u64);
            for _ in 0..share {
                let id = &ids[random.below(ids.len())];
                let base = &bases[random.below(bases.len())];
                let begun = Instant::now();
                match send(client.get(format!("{base}/api/games/{id}"))).await {
                    Ok((StatusCode::OK, _)) => latencies.push(begun.elapsed()),
                    _ => failed += 1,
                }
            }
            (latencies, failed)
        });
    }
    let (mut latencies, mut failed) = (Vec::new(), 0);
    while let Some(Ok((mut some, some_failed))) = tasks.join_next().await {
        latencies.append(&mut some);
        failed += some_failed;
    }
    let wall = started.elapsed();
    latencies.sort_unstable();
    println!(
        "reads:        {} in {:.3} s ({:.0}/s), p50 {}, p99 {}, {failed} failed",
        latencies.len(),
        wall.as_secs_f64(),
        latencies.len() as f64 / wall.as_secs_f64().max(1e-9),
        millis(percentile(&latencies, 0.50)),
        millis(percentile(&latencies, 0.99)),
    );
}
