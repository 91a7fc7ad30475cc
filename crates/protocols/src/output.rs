//! Lines to the other program, written by the command loop and the search thread alike.

use std::fmt::Display;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};

/// Where a protocol writes its lines: each line is written whole and flushed at once, so that
/// the other program sees it while the engine thinks.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Lines written to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Self {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `text` and a line break, and flushes.
    pub fn line(&self, text: impl Display) -> io::Result<()> {
        // A thread that panicked while writing left at worst a partial line: keep writing.
        let mut writer = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(writer, "{text}")?;
        writer.flush()
    }
}
