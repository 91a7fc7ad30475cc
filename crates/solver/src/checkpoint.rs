//! Checkpoints: the solver's tables written to a file, so that a long search stopped (by its
//! time limit, by Ctrl-C, by the end of a session) goes on later from where it was.
//!
//! df-pn keeps all it knows in its tables: a search started again from the root with the
//! tables of an earlier one goes straight back to the frontier that search had reached. So a
//! checkpoint is the tables and nothing else: the solved set, each thread's transposition
//! table, and a header saying what is being solved and how much work is behind it.
//!
//! The file: a first line `arbiter-solver-checkpoint 2`, a line with what is solved
//! (`GAME\tOPTIONS\tPOSITION`), a line with the position's key (which changes if the hashing
//! does, from one build to another) and the size of the solved set, a line with the nodes and
//! seconds behind the tables, then in little-endian binary the number of solved positions and
//! each (slot `u64`, word `u64`: the solved set is read back slot for slot, so it must have the
//! same size, that is the same `--hash`), the number of tables, and for each its number of
//! entries and each (key `u64`, proof `u32`, disproof `u32`, work `u32`); last, the CRC-32
//! (IEEE, `u32`) of every byte before it. It is written to a temporary file beside the target and
//! then renamed over it, so an interrupted write never spoils the last checkpoint.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::table::{Entry, Solved, Table, INFINITY};

/// The first line of a checkpoint file.
const MAGIC: &str = "arbiter-solver-checkpoint 3";

/// More seconds than any search behind a checkpoint has run (some 30,000 years): a bound that
/// keeps a damaged work line from overflowing the clocks.
const MAX_SECONDS: f64 = 1e12;

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

/// What a checkpoint's tables fit: the key of the position solved, which the hashing of the
/// build that wrote them gives it, and the size of the solved set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fit {
    pub(crate) key: u64,
    pub(crate) solved_slots: usize,
}

/// The work behind a checkpoint's tables.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Behind {
    pub(crate) nodes: u64,
    pub(crate) seconds: f64,
}

/// A writer that keeps the checksum of what passes through it.
struct Summing<W> {
    inner: W,
    sum: crc32fast::Hasher,
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.sum.update(&bytes[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes the tables to `path`, through a temporary file renamed over it.
pub(crate) fn write(
    path: &Path,
    subject: &Subject,
    fit: Fit,
    behind: Behind,
    solved: &Solved,
    tables: &[&Table],
) -> io::Result<()> {
    let temporary = temporary_path(path);
    let file = BufWriter::new(File::create(&temporary)?);
    let mut out = Summing { inner: file, sum: crc32fast::Hasher::new() };
    writeln!(out, "{MAGIC}")?;
    writeln!(out, "{}", subject.line())?;
    writeln!(out, "{} {}", fit.key, fit.solved_slots)?;
    writeln!(out, "{} {}", behind.nodes, behind.seconds)?;
    out.write_all(&(solved.len() as u64).to_le_bytes())?;
    solved.for_each(|slot, word| {
        out.write_all(&slot.to_le_bytes())?;
        out.write_all(&word.to_le_bytes())
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
    let sum = out.sum.clone().finalize();
    let mut file = out.inner;
    file.write_all(&sum.to_le_bytes())?;
    file.into_inner().map_err(io::IntoInnerError::into_error)?.sync_all()?;
    std::fs::rename(&temporary, path)
}

fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(ToOwned::to_owned).unwrap_or_default();
    name.push(".partial");
    path.with_file_name(name)
}

/// A reader that keeps the checksum of what it has read.
struct Checked<R> {
    inner: R,
    sum: crc32fast::Hasher,
    /// Bytes read so far.
    read: u64,
}

impl<R: Read> Checked<R> {
    fn exact(&mut self, buffer: &mut [u8]) -> Result<(), String> {
        self.inner
            .read_exact(buffer)
            .map_err(|error| format!("it is truncated or unreadable: {error}"))?;
        self.sum.update(buffer);
        self.read += buffer.len() as u64;
        Ok(())
    }

    fn u64(&mut self) -> Result<u64, String> {
        let mut bytes = [0; 8];
        self.exact(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes))
    }

    fn u32(&mut self) -> Result<u32, String> {
        let mut bytes = [0; 4];
        self.exact(&mut bytes)?;
        Ok(u32::from_le_bytes(bytes))
    }

    /// A text line, without its end, of at most [`MAX_LINE`] bytes.
    fn line(&mut self, what: &str) -> Result<String, String> {
        let mut bytes = Vec::new();
        loop {
            let mut byte = [0];
            self.exact(&mut byte)?;
            if byte[0] == b'\n' {
                break;
            }
            if bytes.len() as u64 >= MAX_LINE {
                return Err(format!("its {what} is too long"));
            }
            bytes.push(byte[0]);
        }
        String::from_utf8(bytes).map_err(|_| format!("its {what} is not text"))
    }
}

/// Reads the checkpoint at `path` into `solved` and `tables` (its tables shared out over
/// them in turn, when their number differs); the work behind it. It must be of `subject`, and
/// fit: written by a build that hashes positions the same way, with a solved set of the same
/// size.
pub(crate) fn read(
    path: &Path,
    subject: &Subject,
    fit: Fit,
    solved: &Solved,
    tables: &mut [Table],
) -> Result<Behind, String> {
    let file = File::open(path).map_err(|error| format!("cannot open it: {error}"))?;
    let length = file.metadata().map_err(|error| error.to_string())?.len();
    let mut input = Checked { inner: BufReader::new(file), sum: crc32fast::Hasher::new(), read: 0 };
    let behind = read_header(&mut input, subject, fit)?;
    // No count may promise more than the file holds: a bad file cannot make us loop for long.
    let count = |input: &mut Checked<BufReader<File>>, size: u64| -> Result<u64, String> {
        let count = input.u64()?;
        if count.saturating_mul(size) > length.saturating_sub(input.read) {
            return Err(format!("it claims {count} entries, more than its {length} bytes hold"));
        }
        Ok(count)
    };
    let positions = count(&mut input, 16)?;
    for _ in 0..positions {
        let (slot, word) = (input.u64()?, input.u64()?);
        if !solved.restore(slot, word) {
            return Err(format!("its solved position in slot {slot} does not fit"));
        }
    }
    let table_count = count(&mut input, 8)?;
    for index in 0..table_count {
        let entries = count(&mut input, 20)?;
        let table_index = usize::try_from(index).unwrap_or(0) % tables.len().max(1);
        for _ in 0..entries {
            let entry = read_entry(&mut input)?;
            if let Some(table) = tables.get_mut(table_index) {
                table.restore(entry);
            }
        }
    }
    let sum = input.sum.clone().finalize();
    let stored = input.u32().map_err(|_| "it has no checksum at its end".to_owned())?;
    if stored != sum {
        return Err("its checksum does not match: it is damaged".to_owned());
    }
    let mut rest = [0; 1];
    if input.inner.read(&mut rest).map_err(|error| error.to_string())? != 0 {
        return Err("it has bytes after its checksum".to_owned());
    }
    Ok(behind)
}

/// Reads a checkpoint's four header lines, which must be of `subject` and `fit`; the work
/// behind it.
fn read_header(
    input: &mut Checked<BufReader<File>>,
    subject: &Subject,
    fit: Fit,
) -> Result<Behind, String> {
    if input.line("first line")? != MAGIC {
        return Err(format!("it is not a solver checkpoint (the first line is not `{MAGIC}`)"));
    }
    let found = input.line("subject")?;
    if found != subject.line() {
        return Err(format!(
            "it is a checkpoint of `{}`, not of `{}`",
            found.replace('\t', " "),
            subject.line().replace('\t', " ")
        ));
    }
    let expected = format!("{} {}", fit.key, fit.solved_slots);
    let fits = input.line("fit line")?;
    if fits != expected {
        return Err(format!(
            "it was written with another --hash, or by a build that hashes positions otherwise \
             (its key and solved-set size are `{fits}`, here `{expected}`): give the same --hash"
        ));
    }
    let work = input.line("work line")?;
    work.split_once(' ')
        .and_then(|(nodes, seconds)| {
            let seconds: f64 = seconds.parse().ok().filter(|s| (0.0..MAX_SECONDS).contains(s))?;
            Some(Behind { nodes: nodes.parse().ok()?, seconds })
        })
        .ok_or_else(|| format!("its work line `{work}` is not `NODES SECONDS`"))
}

/// Reads one table entry: its key, then its proof, disproof and work numbers.
fn read_entry(input: &mut Checked<BufReader<File>>) -> Result<Entry, String> {
    let key = input.u64()?;
    let mut words = [0; 12];
    input.exact(&mut words)?;
    let word =
        |at: usize| u32::from_le_bytes([words[at], words[at + 1], words[at + 2], words[at + 3]]);
    let entry = Entry { key, proof: word(0), disproof: word(4), work: word(8).max(1) };
    let half_solved = (entry.proof == 0 && entry.disproof != INFINITY)
        || (entry.disproof == 0 && entry.proof != INFINITY);
    if half_solved {
        return Err(format!("an entry has the numbers {} and {}", entry.proof, entry.disproof));
    }
    Ok(entry)
}
