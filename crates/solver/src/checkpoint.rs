//! Checkpoints: the solver's tables written to a file, so that a long search stopped (by its
//! time limit, by Ctrl-C, by the end of a session) goes on later from where it was.
//!
//! df-pn keeps all it knows in its tables: a search started again from the root with the
//! tables of an earlier one goes straight back to the frontier that search had reached. So a
//! checkpoint is the tables and nothing else: the solved set, each thread's transposition
//! table, and a header saying what is being solved and how much work is behind it.
//!
//! The file: a first line `arbiter-solver-checkpoint 1`, a second line with what is solved
//! (`GAME\tOPTIONS\tPOSITION`), a third with the nodes and seconds behind the tables, then in
//! little-endian binary the number of solved positions and each (key `u64`, won `u8`), the
//! number of tables, and for each its number of entries and each (key `u64`, proof `u32`,
//! disproof `u32`, work `u32`). It is written to a temporary file beside the target and then
//! renamed over it, so an interrupted write never spoils the last checkpoint.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::table::{Entry, Solved, Table};

/// The first line of a checkpoint file.
const MAGIC: &str = "arbiter-solver-checkpoint 1";

/// The longest header line read: the position's text is short.
const MAX_LINE: u64 = 64 * 1024;

/// What a checkpoint is of, which must match to resume it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    /// The game's identifier.
    pub game: String,
    /// The options, as `key=value,…` text.
    pub options: String,
    /// The position solved, in the game's text form.
    pub position: String,
}

impl Subject {
    fn line(&self) -> String {
        format!("{}\t{}\t{}", self.game, self.options, self.position)
    }
}

/// The work behind a checkpoint's tables.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Behind {
    pub(crate) nodes: u64,
    pub(crate) seconds: f64,
}

/// Writes the tables to `path`, through a temporary file renamed over it.
pub(crate) fn write(
    path: &Path,
    subject: &Subject,
    behind: Behind,
    solved: &Solved,
    tables: &[&Table],
) -> io::Result<()> {
    let temporary = temporary_path(path);
    let mut out = BufWriter::new(File::create(&temporary)?);
    writeln!(out, "{MAGIC}")?;
    writeln!(out, "{}", subject.line())?;
    writeln!(out, "{} {}", behind.nodes, behind.seconds)?;
    out.write_all(&(solved.len() as u64).to_le_bytes())?;
    solved.for_each(|key, won| {
        out.write_all(&key.to_le_bytes())?;
        out.write_all(&[u8::from(won)])
    })?;
    out.write_all(&(tables.len() as u64).to_le_bytes())?;
    for table in tables {
        out.write_all(&(table.entries().count() as u64).to_le_bytes())?;
        for entry in table.entries() {
            out.write_all(&entry.key.to_le_bytes())?;
            out.write_all(&entry.proof.to_le_bytes())?;
            out.write_all(&entry.disproof.to_le_bytes())?;
            out.write_all(&entry.work.to_le_bytes())?;
        }
    }
    out.into_inner().map_err(io::IntoInnerError::into_error)?.sync_all()?;
    std::fs::rename(&temporary, path)
}

fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(ToOwned::to_owned).unwrap_or_default();
    name.push(".partial");
    path.with_file_name(name)
}

/// Reads the checkpoint at `path` into `solved` and `tables` (its tables shared out over
/// them in turn, when their number differs); the work behind it. The subject must be
/// `subject`.
pub(crate) fn read(
    path: &Path,
    subject: &Subject,
    solved: &Solved,
    tables: &mut [Table],
) -> Result<Behind, String> {
    let file = File::open(path).map_err(|error| format!("cannot open it: {error}"))?;
    let length = file.metadata().map_err(|error| error.to_string())?.len();
    let mut input = BufReader::new(file);
    let mut line = |what: &str| -> Result<String, String> {
        let mut text = String::new();
        input
            .by_ref()
            .take(MAX_LINE)
            .read_line(&mut text)
            .map_err(|error| format!("cannot read its {what}: {error}"))?;
        Ok(text.trim_end_matches('\n').to_owned())
    };
    if line("first line")? != MAGIC {
        return Err(format!("it is not a solver checkpoint (the first line is not `{MAGIC}`)"));
    }
    let found = line("subject")?;
    if found != subject.line() {
        return Err(format!(
            "it is a checkpoint of `{}`, not of `{}`",
            found.replace('\t', " "),
            subject.line().replace('\t', " ")
        ));
    }
    let work = line("work line")?;
    let behind = work
        .split_once(' ')
        .and_then(|(nodes, seconds)| {
            Some(Behind { nodes: nodes.parse().ok()?, seconds: seconds.parse().ok()? })
        })
        .ok_or_else(|| format!("its work line `{work}` is not `NODES SECONDS`"))?;
    let truncated = |error: io::Error| format!("it is truncated or unreadable: {error}");
    // No count may promise more than the file holds: a bad file cannot make us loop for long.
    let count = |input: &mut BufReader<File>, size: u64| -> Result<u64, String> {
        let mut bytes = [0; 8];
        input.read_exact(&mut bytes).map_err(truncated)?;
        let count = u64::from_le_bytes(bytes);
        if count.saturating_mul(size) > length {
            return Err(format!("it claims {count} entries, more than its {length} bytes hold"));
        }
        Ok(count)
    };
    let positions = count(&mut input, 9)?;
    let mut record = [0; 20];
    for _ in 0..positions {
        input.read_exact(&mut record[..9]).map_err(truncated)?;
        let key = u64::from_le_bytes(record[..8].try_into().unwrap_or_default());
        let won = match record[8] {
            0 => false,
            1 => true,
            other => return Err(format!("a solved position has the value {other}, not 0 or 1")),
        };
        if !solved.restore(key, won) {
            return Err(
                "its solved positions do not fit in the memory given: give more with --hash"
                    .to_owned(),
            );
        }
    }
    let table_count = count(&mut input, 8)?;
    for index in 0..table_count {
        let entries = count(&mut input, 20)?;
        let table_index = usize::try_from(index).unwrap_or(0) % tables.len().max(1);
        for _ in 0..entries {
            input.read_exact(&mut record).map_err(truncated)?;
            let word =
                |at: usize| u32::from_le_bytes(record[at..at + 4].try_into().unwrap_or_default());
            let entry = Entry {
                key: u64::from_le_bytes(record[..8].try_into().unwrap_or_default()),
                proof: word(8),
                disproof: word(12),
                work: word(16).max(1),
            };
            if let Some(table) = tables.get_mut(table_index) {
                table.restore(entry);
            }
        }
    }
    let mut rest = [0; 1];
    if input.read(&mut rest).map_err(truncated)? != 0 {
        return Err("it has bytes after its last table".to_owned());
    }
    Ok(behind)
}
