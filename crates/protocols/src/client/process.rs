//! An engine in another process, talked to a line at a time. Its input is written on a thread
//! of its own and its outputs are read on two others, so that an engine that stops reading,
//! writes without end or hangs never blocks the player: every answer is awaited with a
//! deadline, every line read is bounded, and the process is killed when dropped.

use std::collections::VecDeque;
use std::io::{self, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use arbiter_ai::MAX_TIME;
use arbiter_core::lines::{read_line, Line};
use arbiter_core::text::excerpt;

use super::ClientError;
use crate::MAX_LINE_BYTES;

/// Lines of output read ahead of the player: a bound, so that an engine that writes without
/// end waits for the player instead of filling the memory.
const READ_AHEAD: usize = 16;

/// The last lines of the engine's error output kept to explain a crash, and how much of each.
const ERROR_LINES_KEPT: usize = 3;
const ERROR_LINE_CHARS: usize = 300;

/// How long an engine whose output has closed is given to exit, so that its exit status can
/// be reported.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// What the thread reading the engine's output passes on.
enum Output {
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
    /// The output closed, or could not be read.
    Closed,
}

/// The last lines of the engine's error output, shared with the thread that reads it.
#[derive(Debug, Default)]
struct ErrorTail {
    lines: VecDeque<String>,
    /// Whether the error output has closed: all of it has been read.
    closed: bool,
}

type SharedErrors = Arc<Mutex<ErrorTail>>;

/// What the player waits for, and until when.
pub(crate) struct Awaiting {
    /// What is awaited, for messages: "`readyok` after `isready`".
    what: String,
    allowed: Duration,
    deadline: Instant,
}

impl Awaiting {
    /// `what`, from now on for at most `allowed`.
    pub(crate) fn new(what: String, allowed: Duration) -> Self {
        let now = Instant::now();
        // The limits are bounded (a day each), so this only guards against a clock at its end.
        let deadline = now.checked_add(allowed).or_else(|| now.checked_add(MAX_TIME));
        Awaiting { what, allowed, deadline: deadline.unwrap_or(now) }
    }
}

/// A running engine process.
pub(crate) struct EngineProcess {
    child: Child,
    /// Lines for the thread that writes them; `None` once the process is being ended.
    input: Option<Sender<String>>,
    output: Receiver<Output>,
    errors: SharedErrors,
    /// The last line read, to quote when something goes wrong.
    last_line: Option<String>,
    closed: bool,
}

impl EngineProcess {
    /// Starts `command`: the program, then its arguments.
    pub(crate) fn spawn(command: &[String]) -> Result<Self, ClientError> {
        let (program, arguments) = command.split_first().ok_or(ClientError::EmptyCommand)?;
        let spawn_error = |error: io::Error| ClientError::Spawn { program: program.clone(), error };
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(spawn_error)?;
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (input, lines) = mpsc::channel();
        let (sender, output) = mpsc::sync_channel(READ_AHEAD);
        // From here on the process belongs to `EngineProcess`, whose drop kills it: a failure
        // below leaves no process behind.
        let process = EngineProcess {
            child,
            input: Some(input),
            output,
            errors: SharedErrors::default(),
            last_line: None,
            closed: false,
        };
        let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
            return Err(spawn_error(io::Error::other("its standard streams could not be opened")));
        };
        let errors = Arc::clone(&process.errors);
        spawn_thread("ugi-client-input", move || write_lines(stdin, &lines))
            .map_err(spawn_error)?;
        spawn_thread("ugi-client-output", move || read_output(stdout, &sender))
            .map_err(spawn_error)?;
        spawn_thread("ugi-client-errors", move || keep_errors(stderr, &errors))
            .map_err(spawn_error)?;
        Ok(process)
    }

    /// Sends one line.
    pub(crate) fn send(&mut self, line: &str) -> Result<(), ClientError> {
        let sent = self.input.as_ref().is_some_and(|input| input.send(line.to_owned()).is_ok());
        if sent {
            Ok(())
        } else {
            Err(self.ended(&format!("Arbiter sent `{}`", excerpt(line))))
        }
    }

    /// The next line of output, by the deadline of `awaiting`.
    pub(crate) fn next_line(&mut self, awaiting: &Awaiting) -> Result<String, ClientError> {
        let waiting = || format!("Arbiter waited for {}", awaiting.what);
        if self.closed {
            return Err(self.ended(&waiting()));
        }
        let left = awaiting.deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(left) {
            Ok(Output::Line(line)) => {
                self.last_line = Some(line.clone());
                Ok(line)
            }
            Ok(Output::TooLong) => Err(ClientError::LineTooLong { waiting: waiting() }),
            Ok(Output::NotUtf8) => Err(ClientError::NotUtf8 { waiting: waiting() }),
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Err(self.ended(&waiting()))
            }
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout {
                allowed: awaiting.allowed,
                waiting: waiting(),
                said: self.said(),
            }),
        }
    }

    /// Throws away the output not read yet (what an engine writes after its `bestmove`), so
    /// that the next answer awaited is an answer to the next command.
    pub(crate) fn discard_output(&mut self) {
        loop {
            match self.output.try_recv() {
                Ok(Output::Line(_) | Output::TooLong | Output::NotUtf8) => {}
                Ok(Output::Closed) | Err(TryRecvError::Disconnected) => {
                    self.closed = true;
                    return;
                }
                Err(TryRecvError::Empty) => return,
            }
        }
    }

    /// The error for an engine whose output or input has closed while `doing`: how it ended,
    /// and what it said last, once it has exited and its error output has been read (within
    /// [`EXIT_GRACE`]).
    fn ended(&mut self, doing: &str) -> ClientError {
        let deadline = Instant::now() + EXIT_GRACE;
        let mut status = None;
        while Instant::now() < deadline {
            if status.is_none() {
                status = self.child.try_wait().ok().flatten();
            }
            let errors_read = self.errors.lock().unwrap_or_else(PoisonError::into_inner).closed;
            if status.is_some() && errors_read {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let how =
            status.map_or_else(|| "closed its output".to_owned(), |s| format!("exited ({s})"));
        ClientError::Ended { how, doing: doing.to_owned(), said: self.said() }
    }

    /// What the engine said last, on its output and its error output, for messages: empty,
    /// or `; …` to append.
    pub(crate) fn said(&self) -> String {
        let mut said = match &self.last_line {
            Some(line) => format!("; its last line was `{}`", excerpt(line)),
            None => "; it had written no line".to_owned(),
        };
        let errors = self.errors.lock().unwrap_or_else(PoisonError::into_inner);
        if !errors.lines.is_empty() {
            let joined = errors.lines.iter().map(String::as_str).collect::<Vec<_>>().join(" | ");
            said.push_str(&format!("; its error output ended with `{}`", excerpt(&joined)));
        }
        said
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // Closing the input ends an engine's children that read it too (a shell script's);
        // the kill ends the engine whatever it is doing, and the wait reaps it.
        self.input = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn_thread(name: &str, body: impl FnOnce() + Send + 'static) -> io::Result<()> {
    thread::Builder::new().name(name.to_owned()).spawn(body).map(drop)
}

/// Writes the lines received to the engine until it stops reading or the player ends.
fn write_lines(mut stdin: ChildStdin, lines: &Receiver<String>) {
    for line in lines {
        if writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

/// Passes the engine's output on a line at a time until it closes or the player ends.
fn read_output(stdout: impl Read, sender: &SyncSender<Output>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let output = match read_line(&mut reader, MAX_LINE_BYTES) {
            Ok(Some(Line::Text(text))) => Output::Line(text.trim_end_matches('\r').to_owned()),
            Ok(Some(Line::TooLong)) => Output::TooLong,
            Ok(Some(Line::NotUtf8)) => Output::NotUtf8,
            Ok(None) | Err(_) => Output::Closed,
        };
        let closed = matches!(output, Output::Closed);
        if sender.send(output).is_err() || closed {
            return;
        }
    }
}

/// Keeps the last lines of the engine's error output until it closes.
fn keep_errors(stderr: impl Read, errors: &SharedErrors) {
    let mut reader = BufReader::new(stderr);
    while let Ok(Some(line)) = read_line(&mut reader, MAX_LINE_BYTES) {
        let text = match line {
            Line::Text(text) => text.trim().chars().take(ERROR_LINE_CHARS).collect(),
            Line::TooLong => "(a line too long to keep)".to_owned(),
            Line::NotUtf8 => "(a line that is not UTF-8)".to_owned(),
        };
        if text.is_empty() {
            continue;
        }
        let mut errors = errors.lock().unwrap_or_else(PoisonError::into_inner);
        if errors.lines.len() == ERROR_LINES_KEPT {
            errors.lines.pop_front();
        }
        errors.lines.push_back(text);
    }
    errors.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
}
