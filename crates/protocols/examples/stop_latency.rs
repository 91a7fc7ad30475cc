//! How fast `stop` ends a search: the time from writing `stop` to reading the engine's move,
//! through real pipes to a real `arbiter` process, for UGI in every game and for Hub.
//!
//! `cargo build --release -p arbiter-cli && cargo run --release -p arbiter-protocols --example
//! stop_latency -- target/release/arbiter 100` stops 100 searches of each kind, each after
//! thinking 20 to 120 ms, and prints the median, the 99th percentile and the longest wait.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// An engine process and its pipes.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(path: &str, arguments: &[&str]) -> std::io::Result<Engine> {
        let mut child = Command::new(path)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let input = child.stdin.take().ok_or_else(|| std::io::Error::other("no stdin"))?;
        let output = child.stdout.take().ok_or_else(|| std::io::Error::other("no stdout"))?;
        Ok(Engine { child, input, output: BufReader::new(output) })
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    /// Reads lines until one starts with `prefix`.
    fn until(&mut self, prefix: &str) -> std::io::Result<()> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other(format!("the engine ended before `{prefix}`")));
            }
            if line.starts_with(prefix) {
                return Ok(());
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The commands that start a search, and the answers that mark it running and ended.
struct Protocol {
    arguments: Vec<&'static str>,
    setup: &'static [&'static str],
    go: &'static str,
    done: &'static str,
}

fn measure(path: &str, protocol: &Protocol, stops: u32) -> std::io::Result<Vec<Duration>> {
    let mut engine = Engine::start(path, &protocol.arguments)?;
    for line in protocol.setup {
        engine.send(line)?;
    }
    let mut waits = Vec::new();
    for index in 0..stops {
        engine.send(protocol.go)?;
        engine.until("info")?;
        // Think a while, different each time, so that stop comes in all parts of an iteration.
        std::thread::sleep(Duration::from_millis(20 + u64::from(index * 37 % 100)));
        let stopped = Instant::now();
        engine.send("stop")?;
        engine.until(protocol.done)?;
        waits.push(stopped.elapsed());
    }
    waits.sort_unstable();
    Ok(waits)
}

fn main() -> std::io::Result<()> {
    let mut arguments = std::env::args().skip(1);
    let path = arguments.next().unwrap_or_else(|| "target/release/arbiter".to_owned());
    let stops: u32 = arguments.next().and_then(|text| text.parse().ok()).unwrap_or(100).max(1);
    let mut protocols: Vec<(String, Protocol)> =
        ["minicheckers", "holes", "fanorona", "checkers", "daynight"]
            .into_iter()
            .map(|game| {
                let protocol = Protocol {
                    arguments: vec!["ugi", game],
                    setup: &["position startpos"],
                    go: "go infinite",
                    done: "bestmove",
                };
                (format!("ugi {game}"), protocol)
            })
            .collect();
    protocols.push((
        "hub checkers".to_owned(),
        Protocol {
            arguments: vec!["hub", "checkers"],
            setup: &["pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "level infinite"],
            go: "go analyze",
            done: "done",
        },
    ));
    println!("{:<18}{:>8}{:>10}{:>10}{:>10}", "protocol", "stops", "median", "p99", "longest");
    for (name, protocol) in &protocols {
        let waits = measure(&path, protocol, stops)?;
        let at = |fraction: f64| waits[((waits.len() - 1) as f64 * fraction).round() as usize];
        let ms = |wait: Duration| format!("{:.2} ms", wait.as_secs_f64() * 1000.0);
        println!(
            "{name:<18}{:>8}{:>10}{:>10}{:>10}",
            waits.len(),
            ms(at(0.5)),
            ms(at(0.99)),
            ms(waits[waits.len() - 1])
        );
    }
    Ok(())
}
