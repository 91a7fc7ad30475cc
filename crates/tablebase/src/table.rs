//! One material's table in memory and in its file.
//!
//! # File format
//!
//! `<dir>/<game id>/<material>.tb`, little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `ARBTB\0\0\1` (format 1) |
//! | 1 | the width of a code: 1 or 2 bytes |
//! | 8 | the number of indices |
//! | 2 + n | the game's id, its length first |
//! | 2 + n | the material's name, its length first |
//! | rest | one zstd frame: every index's code, in index order, in the width above |
//!
//! A code is 0 for an index that names no position, 1 for a draw, `2 + 2d` for a loss in `d`
//! plies and `3 + 2d` for a win in `d` ([`Value`]'s codes). One byte holds distances up to 126
//! plies, which is all the tables built here need for the games but the longest; a table with
//! a longer win is written two bytes a code.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::value::{Value, NO_POSITION};
use crate::TablebaseError;

/// The first bytes of a table file of this format (2).
const MAGIC: &[u8; 8] = b"ARBTB\0\0\x02";
/// The first bytes of a table file of the format before, which had no checksum.
const MAGIC_1: &[u8; 8] = b"ARBTB\0\0\x01";
/// zstd's compression level: 12 of 22: the tables shrink nearly as much as at the slowest levels, several times faster.
const LEVEL: i32 = 12;

/// The codes of a table, one or two bytes each.
#[derive(Debug, Clone)]
enum Codes {
    Narrow(Vec<u8>),
    Wide(Vec<u16>),
}

/// One material's table: the value of every position by its index.
#[derive(Debug, Clone)]
pub struct Table {
    codes: Codes,
}

/// The counts of a table, for `arbiter tablebase stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableStats {
    /// The indices that name a position.
    pub positions: u64,
    /// Positions won by the player to move.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions lost by the player to move.
    pub losses: u64,
    /// The longest win, in plies, and the index of a position where it is; `None` without
    /// wins.
    pub longest_win: Option<(u32, u64)>,
}

impl Table {
    /// A table of `codes`, stored one byte a code where they fit.
    pub(crate) fn new(codes: Vec<u16>) -> Table {
        let codes = if codes.iter().all(|&code| code <= u16::from(u8::MAX)) {
            Codes::Narrow(codes.into_iter().map(|code| code as u8).collect())
        } else {
            Codes::Wide(codes)
        };
        Table { codes }
    }

    /// The number of indices.
    #[must_use]
    pub fn len(&self) -> u64 {
        match &self.codes {
            Codes::Narrow(codes) => codes.len() as u64,
            Codes::Wide(codes) => codes.len() as u64,
        }
    }

    /// `true` when the table has no index.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn code(&self, index: u64) -> u16 {
        let index = index as usize;
        match &self.codes {
            Codes::Narrow(codes) => codes.get(index).map_or(NO_POSITION, |&code| u16::from(code)),
            Codes::Wide(codes) => codes.get(index).copied().unwrap_or(NO_POSITION),
        }
    }

    /// The value at `index`, or `None` when the index names no position.
    #[must_use]
    pub fn get(&self, index: u64) -> Option<Value> {
        Value::from_code(self.code(index))
    }

    /// Counts the positions and their values.
    #[must_use]
    pub fn stats(&self) -> TableStats {
        let mut stats = TableStats::default();
        for index in 0..self.len() {
            let Some(value) = self.get(index) else { continue };
            stats.positions += 1;
            match value {
                Value::Win(plies) => {
                    stats.wins += 1;
                    if stats.longest_win.is_none_or(|(longest, _)| plies > longest) {
                        stats.longest_win = Some((plies, index));
                    }
                }
                Value::Draw => stats.draws += 1,
                Value::Loss(_) => stats.losses += 1,
            }
        }
        stats
    }

    /// The file of `material`'s table of game `game` under `dir`.
    #[must_use]
    pub fn path(dir: &Path, game: &str, material: &str) -> PathBuf {
        dir.join(game).join(format!("{material}.tb"))
    }

    /// Writes the table to `path`, creating its folder; returns the file's size in bytes.
    pub(crate) fn write(
        &self,
        path: &Path,
        game: &str,
        material: &str,
    ) -> Result<u64, TablebaseError> {
        let io = |error| TablebaseError::Io { path: path.to_owned(), error };
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(io)?;
        }
        let (width, bytes): (u8, Vec<u8>) = match &self.codes {
            Codes::Narrow(codes) => (1, codes.clone()),
            Codes::Wide(codes) => (2, codes.iter().flat_map(|code| code.to_le_bytes()).collect()),
        };
        let mut data = Vec::new();
        data.extend_from_slice(MAGIC);
        data.push(width);
        data.extend_from_slice(&self.len().to_le_bytes());
        for name in [game, material] {
            data.extend_from_slice(&(name.len() as u16).to_le_bytes());
            data.extend_from_slice(name.as_bytes());
        }
        data.extend_from_slice(&crc32fast::hash(&bytes).to_le_bytes());
        let compressed = zstd::bulk::compress(&bytes, LEVEL).map_err(io)?;
        data.extend_from_slice(&compressed);
        // Written beside and renamed, so that a reader never sees half a table.
        let partial = path.with_extension("tb.partial");
        let mut file = fs::File::create(&partial).map_err(io)?;
        file.write_all(&data).map_err(io)?;
        file.sync_all().map_err(io)?;
        fs::rename(&partial, path).map_err(io)?;
        Ok(data.len() as u64)
    }

    /// Reads the table at `path`, checking that it is `material`'s of `game` with `count`
    /// indices.
    pub(crate) fn read(
        path: &Path,
        game: &str,
        material: &str,
        count: u64,
    ) -> Result<Table, TablebaseError> {
        let io = |error| TablebaseError::Io { path: path.to_owned(), error };
        let corrupt =
            |what: &str| TablebaseError::Corrupt { path: path.to_owned(), what: what.to_owned() };
        let mut data = Vec::new();
        fs::File::open(path).and_then(|mut file| file.read_to_end(&mut data)).map_err(io)?;
        if data.starts_with(MAGIC_1) {
            return Err(corrupt(
                "a table of format 1, which this program no longer reads: build it again",
            ));
        }
        let rest = data
            .strip_prefix(MAGIC.as_slice())
            .ok_or_else(|| corrupt("not an Arbiter table (format 2)"))?;
        let (&width, rest) = rest.split_first().ok_or_else(|| corrupt("cut short"))?;
        let (len, mut rest) = rest.split_at_checked(8).ok_or_else(|| corrupt("cut short"))?;
        let len = u64::from_le_bytes(len.try_into().map_err(|_| corrupt("cut short"))?);
        for expected in [game, material] {
            let (size, after) = rest.split_at_checked(2).ok_or_else(|| corrupt("cut short"))?;
            let size = usize::from(u16::from_le_bytes([size[0], size[1]]));
            let (name, after) = after.split_at_checked(size).ok_or_else(|| corrupt("cut short"))?;
            if name != expected.as_bytes() {
                return Err(corrupt(&format!("it is not the table of {game} {material}")));
            }
            rest = after;
        }
        if len != count || !matches!(width, 1 | 2) {
            return Err(corrupt("its size does not match the material's"));
        }
        let (sum, rest) = rest.split_first_chunk::<4>().ok_or_else(|| corrupt("cut short"))?;
        let bytes = zstd::bulk::decompress(rest, (len * u64::from(width)) as usize)
            .map_err(|_| corrupt("its data does not decompress"))?;
        if bytes.len() as u64 != len * u64::from(width) {
            return Err(corrupt("its data is cut short"));
        }
        if crc32fast::hash(&bytes) != u32::from_le_bytes(*sum) {
            return Err(corrupt("its checksum does not match its data: it is damaged"));
        }
        let codes = if width == 1 {
            Codes::Narrow(bytes)
        } else {
            Codes::Wide(
                bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect(),
            )
        };
        Ok(Table { codes })
    }
}
