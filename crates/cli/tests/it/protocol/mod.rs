//! An engine process driven through its standard input and output, for the protocol tests.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How long any answer may take before the test fails instead of hanging.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// `arbiter ugi` or `arbiter hub` as a process.
pub struct EngineProcess {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `arbiter` with `arguments`.
    pub fn start(arguments: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().expect("its input");
        let output = BufReader::new(child.stdout.take().expect("its output"));
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in output.lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess { child, input, lines }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads");
        self.input.flush().expect("the engine reads");
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).expect("the engine reads");
        self.input.flush().expect("the engine reads");
    }

    /// The next line, within [`PATIENCE`].
    pub fn next_line(&mut self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("the engine said nothing for {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the engine ended its output"),
        }
    }

    /// The lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next_line();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `line` and returns the first answer starting with `prefix`, with what came
    /// before it.
    pub fn ask(&mut self, line: &str, prefix: &str) -> Vec<String> {
        self.send(line);
        self.until(prefix)
    }

    /// The number of threads of the process (Linux), if it can be read.
    pub fn threads(&self) -> Option<usize> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("Threads:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Waits until the process runs at most `most` threads (Linux; elsewhere it returns at
    /// once). A process whose threads never end keeps the test waiting until the test
    /// runner's own hang guard stops it (`.config/nextest.toml`).
    pub fn threads_settle_at(&self, most: usize) {
        while self.threads().is_some_and(|threads| threads > most) {
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Sends `quit` and waits for the process to end; its exit code. (A process that never
    /// ends is stopped by the test runner's hang guard.)
    pub fn quit(mut self, command: &str) -> Option<i32> {
        self.send(command);
        self.child.wait().expect("the engine's status").code()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
