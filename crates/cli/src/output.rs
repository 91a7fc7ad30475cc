//! Standard output, written in one place: what a command prints goes through [`Out`], whose
//! write errors become a [`Failure::Output`]. `main` turns a broken pipe (`arbiter moves … |
//! head`) into a quiet exit with code 0, since the reader has all it wanted, and any other
//! write error (a full disk, `> /dev/full`) into a message on stderr and exit code 1.

use std::fmt::Display;
use std::io::{self, Write};

use crate::Failure;

/// Standard output, locked for the command.
pub struct Out(io::StdoutLock<'static>);

impl Out {
    /// Standard output.
    pub fn stdout() -> Out {
        Out(io::stdout().lock())
    }

    /// Writes `line` and a line break.
    pub fn line(&mut self, line: impl Display) -> Result<(), Failure> {
        writeln!(self.0, "{line}").map_err(Failure::Output)
    }

    /// Writes `value` as one line of JSON: the summary scripts read from the last line.
    pub fn json(&mut self, value: &impl serde::Serialize) -> Result<(), Failure> {
        let line = serde_json::to_string(value).map_err(|error| Failure::Output(error.into()))?;
        self.line(line)
    }

    /// Flushes what is buffered, so that a write error shows before the command ends.
    pub fn finish(mut self) -> Result<(), Failure> {
        self.0.flush().map_err(Failure::Output)
    }
}

impl Write for Out {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// `true` when `error` means the reader of standard output has gone away.
pub fn is_broken_pipe(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
}
