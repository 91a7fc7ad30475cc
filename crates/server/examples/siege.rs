//! The hostile run against a server anywhere: each family of attack in turn (or the ones
//! named), for `--seconds` each, while a person plays games of holes from another address; it
//! prints the person's move latency (p50, p99, max), what the attacker's requests got, and,
//! given the server's process id, its resident memory before and at most during the attack.
//!
//! ```text
//! ulimit -n 65536
//! target/release/arbiter serve --addr 127.0.0.1:8080 --database sqlite:///tmp/siege.db &
//! cargo run --release -p arbiter-server --example siege -- --addr 127.0.0.1:8080 --pid $!
//! ```
//!
//! The attacker connects from 127.0.0.2 and the person from 127.0.0.3 (both reach a server on
//! the loopback), so that the server's limits per address tell them apart. It exits with
//! failure if a move of the person's was not acknowledged, or stored otherwise.

#[path = "../tests/it/attacks.rs"]
mod attacks;

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;

use crate::attacks::{Attack, Target};

#[derive(Parser)]
struct Args {
    /// The server's address.
    #[arg(long)]
    addr: SocketAddr,
    /// The server's process id, to read its resident memory.
    #[arg(long)]
    pid: Option<u32>,
    /// Seconds each attack lasts.
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    /// The attacks, by name (none, frames, slowloris, analyses, creation, sockets); all by
    /// default.
    #[arg(long, value_delimiter = ',')]
    attacks: Vec<String>,
    /// Connections the slowloris and sockets attacks open.
    #[arg(long, default_value_t = 3_000)]
    connections: usize,
    /// Milliseconds between the person's moves.
    #[arg(long, default_value_t = 100)]
    pace: u64,
}

/// The resident memory of process `pid`, in MiB.
fn resident_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let chosen: Vec<Attack> = Attack::ALL
        .into_iter()
        .filter(|attack| args.attacks.is_empty() || args.attacks.iter().any(|a| a == attack.name()))
        .collect();
    let target = Target {
        server: args.addr,
        attacker: IpAddr::from([127, 0, 0, 2]),
        person: IpAddr::from([127, 0, 0, 3]),
        connections: args.connections,
    };
    let mut failed = false;
    println!("attack      moves  p50 ms  p99 ms  max ms  attacker ok/refused/failed  RSS MiB before/peak");
    for attack in chosen {
        let before = args.pid.and_then(resident_mib);
        let until = Instant::now() + Duration::from_secs(args.seconds);
        let sampling = args.pid.map(|pid| {
            tokio::spawn(async move {
                let mut peak: f64 = 0.0;
                while Instant::now() < until {
                    peak = peak.max(resident_mib(pid).unwrap_or(0.0));
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                peak
            })
        });
        let (answers, played) = tokio::join!(
            attacks::attack(attack, target, until),
            attacks::play(target, Duration::from_millis(args.pace), until)
        );
        let peak = match sampling {
            Some(task) => task.await.ok(),
            None => None,
        };
        let ms = |duration: Duration| duration.as_secs_f64() * 1000.0;
        let memory = match (before, peak) {
            (Some(before), Some(peak)) => format!("{before:.0}/{peak:.0}"),
            _ => "-".to_owned(),
        };
        println!(
            "{:<10} {:>6} {:>7.1} {:>7.1} {:>7.1}  {:>26}  {memory:>19}",
            attack.name(),
            played.latencies.len(),
            ms(played.percentile(50)),
            ms(played.percentile(99)),
            ms(played.percentile(100)),
            answers.summary(),
        );
        if !played.errors.is_empty() {
            failed = true;
            println!("  the person's errors: {:?}", played.errors);
        }
        // The server's connections and sockets close before the next attack.
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
