//! Latency figures of the load generators: percentiles by nearest rank, printed in
//! milliseconds.

use std::time::Duration;

/// The latency under which `fraction` of the sorted `latencies` fall (nearest rank).
pub fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let rank = (fraction * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.clamp(1, sorted.len().max(1)) - 1).copied().unwrap_or_default()
}

/// `duration` in milliseconds, to the hundredth.
pub fn millis(duration: Duration) -> String {
    format!("{:.2} ms", duration.as_secs_f64() * 1000.0)
}
