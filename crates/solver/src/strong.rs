//! A strong solution: every position reachable from some start positions, with its value and
//! perfect-play length, computed by exhaustive search, kept in a compact file and looked up by
//! binary search. Its values are the crate's [`Exact`], as the [`Oracle`](crate::Oracle)
//! gives them.
//!
//! # How it is computed
//!
//! A depth-first search over the game's graph of positions, remembering every position it
//! has finished. The games solved here are acyclic (every move carries a piece forward) and
//! have no draws, so the graph is a DAG and a position is finished as soon as all its
//! children are: a post-order walk gives each position its exact value in one visit, with no
//! iteration to a fixed point. Retrograde analysis by levels would need what the [`Game`]
//! trait does not give (moves played backwards, or a level such as the pieces' total
//! advance); the depth-first walk needs only the legal moves, so it stays generic. It keeps
//! its own stack of frames instead of recursing, so it needs no thread with a large stack and
//! the progress callback need not be `Send`.
//!
//! For each position that is not over, with the player to move `P`:
//! - `P` wins when some move leads to a position where the opponent loses; the length is then
//!   one more than the shortest such loss (the winner wins as fast as he can);
//! - otherwise `P` loses, and the length is one more than the longest of the opponent's wins
//!   (the loser loses as slowly as he can).
//!
//! A finished position is worth 0 plies, won or lost as its status says (in both 6×6 games
//! the player to move has lost). Finished positions are not stored: [`StrongSolution::lookup`]
//! answers them from the rules.
//!
//! # Keys
//!
//! A position is stored under its canonical hash ([`Knowledge::canonical_hash`]): a position
//! and its image under the half turn with the colours swapped have the same value and length
//! for the player to move, so they share one entry and the table is half the size. An exact
//! encoding would need a method the games do not have (the trait offers only the text form,
//! far longer than 8 bytes); with `N` positions the chance that two of them share a 64-bit
//! key is about `N² / 2⁶⁵`, under 10⁻⁷ for mini checkers' 1.8 million, and its tests check
//! that no two reachable positions of mini checkers share a key, so there the table is exact.
//!
//! # The file
//!
//! All numbers little-endian:
//!
//! | bytes | content |
//! | --- | --- |
//! | 8 | the magic `ARBSTRNG` |
//! | 4 | the format version, 2 |
//! | 2 + n | the game's identifier: its length, then UTF-8 |
//! | 2 + n | the options text: its length, then UTF-8 |
//! | 8 | `N`, the number of positions |
//! | 8 `N` | the keys, strictly increasing (`u64`) |
//! | `N` | the values: bit 7 set when the player to move wins, bits 0–6 the plies |
//! | 4 | the CRC-32 (IEEE) of every byte before it |
//!
//! So 9 bytes a position: keys and values apart, the keys searched alone. For mini checkers
//! that is 15.9 MB, small enough that a denser encoding (Elias–Fano keys, about 6.7 bytes a
//! position) is not worth its complexity. The options text
//! is what the writer says the starts were (`arbiter solve --strong` writes the options of
//! each start, separated by `;`), and the reader must name the same. A stored position is
//! never over, so its length is at least 1, and odd exactly when the player to move wins:
//! the reader refuses a value that breaks this.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Read, Write};
use std::marker::PhantomData;

use arbiter_core::text::excerpt;
use arbiter_core::{DrawRules, Knowledge};

use crate::Exact;

const MAGIC: [u8; 8] = *b"ARBSTRNG";
const VERSION: u32 = 2;
/// The value's bit for "the player to move wins"; the other seven bits are the plies.
const WON: u8 = 0x80;
/// The longest perfect-play length a value can hold.
pub const MAX_PLIES: u32 = 0x7F;
/// The longest text (game identifier, options) a header may hold.
const MAX_TEXT: usize = 1024;
/// Positions between two calls of the progress callback.
const PROGRESS_EVERY: usize = 1 << 18;
/// Entries read or written at a time: memory grows only with what the file really holds.
const CHUNK: usize = 1 << 16;

/// Why a strong solution could not be computed, written or read.
#[derive(Debug, thiserror::Error)]
pub enum StrongError {
    /// The game has draw rules, which the exhaustive search does not handle.
    #[error("{game} has draw rules, which a strong solution does not handle")]
    DrawRules {
        /// The game's identifier.
        game: &'static str,
    },
    /// A perfect-play length does not fit the file's seven bits.
    #[error("a perfect-play length of {plies} plies does not fit the file (at most {MAX_PLIES})")]
    TooLong {
        /// The length found.
        plies: u32,
    },
    /// The input does not start with the magic bytes.
    #[error("not a strong solution file (it does not start with `ARBSTRNG`)")]
    NotStrongSolution,
    /// The file has another format version.
    #[error("the strong solution file has format version {found}; this program reads {VERSION}")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The file solves another game.
    #[error("the strong solution file is for `{}`, not {expected}", excerpt(.found))]
    WrongGame {
        /// The game named by the file.
        found: String,
        /// The game asked for.
        expected: &'static str,
    },
    /// The file was computed from other starts.
    #[error(
        "the strong solution file is for the options `{}`, not `{}`",
        excerpt(.found),
        excerpt(.expected)
    )]
    WrongOptions {
        /// The options text in the file.
        found: String,
        /// The options text asked for.
        expected: String,
    },
    /// A text of the header is longer than a header holds.
    #[error(
        "the strong solution file's header holds a text of {length} bytes (at most {MAX_TEXT})"
    )]
    HeaderText {
        /// The length given.
        length: usize,
    },
    /// The input ends early.
    #[error("the strong solution file is truncated: it ends in its {part}")]
    Truncated {
        /// Where it ends: `header`, `keys`, `values` or `checksum`.
        part: &'static str,
    },
    /// The keys are not strictly increasing, so binary search would not find them.
    #[error("the strong solution file is damaged: key {index} is not greater than the one before")]
    KeysOutOfOrder {
        /// The index of the key.
        index: u64,
    },
    /// A value no position can have.
    #[error("the strong solution file is damaged: value {index} ({value:#04x}) is impossible")]
    BadValue {
        /// The index of the value.
        index: u64,
        /// The byte.
        value: u8,
    },
    /// The checksum does not match the contents.
    #[error("the strong solution file is damaged: its checksum does not match its contents")]
    Checksum,
    /// More bytes follow the checksum.
    #[error("the strong solution file is damaged: bytes follow its end")]
    TrailingBytes,
    /// Reading or writing failed.
    #[error("cannot read or write the strong solution: {0}")]
    Io(#[from] io::Error),
}

/// Every position reachable from some starts, with its exact value, looked up in
/// `O(log N)`. See [the module documentation](self) for how it is computed and stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrongSolution<G> {
    /// Canonical hashes, strictly increasing.
    keys: Vec<u64>,
    /// For each key: [`WON`] and the plies.
    values: Vec<u8>,
    options_text: String,
    game: PhantomData<fn() -> G>,
}

impl<G: Knowledge> StrongSolution<G> {
    /// Computes the value and perfect-play length of every position reachable from `starts`
    /// by an exhaustive search. `options_text` says what the starts are (it is written into
    /// the file and checked on reading). `progress` is called with the number of positions
    /// stored so far every 262,144 positions and once at the end.
    pub fn compute(
        starts: &[G],
        options_text: &str,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Self, StrongError> {
        let mut search = Search::new(progress);
        for start in starts {
            if start.draw_rules() != DrawRules::NONE {
                return Err(StrongError::DrawRules { game: G::ID });
            }
            search.run(start.clone())?;
        }
        (search.progress)(search.memory.len() as u64);
        let mut entries: Vec<(u64, u8)> = search.memory.into_iter().collect();
        entries.sort_unstable_by_key(|&(key, _)| key);
        let (keys, values) = entries.into_iter().unzip();
        Ok(StrongSolution {
            keys,
            values,
            options_text: options_text.to_owned(),
            game: PhantomData,
        })
    }

    /// The exact value of `position`: from the table, or from the rules when the game is over;
    /// `None` when the position is not in the table (it is not reachable from the starts).
    #[must_use]
    pub fn lookup(&self, position: &G) -> Option<Exact> {
        if position.status().is_over() {
            return Some(finished(position));
        }
        let index = self.keys.binary_search(&position.canonical_hash()).ok()?;
        Some(unpack(self.values[index]))
    }

    /// The exact value of the ongoing position whose canonical hash is `key`, if stored.
    #[must_use]
    pub fn lookup_key(&self, key: u64) -> Option<Exact> {
        let index = self.keys.binary_search(&key).ok()?;
        Some(unpack(self.values[index]))
    }

    /// The number of positions stored (a position and its mirror image count once; finished
    /// positions are not stored).
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// `true` when no position is stored (every start is already over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The options text given to [`StrongSolution::compute`].
    #[must_use]
    pub fn options_text(&self) -> &str {
        &self.options_text
    }

    /// The size of the file [`StrongSolution::write`] writes, in bytes.
    #[must_use]
    pub fn file_size(&self) -> u64 {
        let header = MAGIC.len() + 4 + 2 + G::ID.len() + 2 + self.options_text.len() + 8;
        (header + 9 * self.keys.len() + 4) as u64
    }

    /// Writes the solution in the format of [the module documentation](self); returns the
    /// bytes written.
    pub fn write(&self, out: &mut dyn Write) -> Result<u64, StrongError> {
        for text in [G::ID, &self.options_text] {
            if text.len() > MAX_TEXT {
                return Err(StrongError::HeaderText { length: text.len() });
            }
        }
        let mut out = Checked { inner: out, checksum: crc32fast::Hasher::new(), bytes: 0 };
        out.put(&MAGIC)?;
        out.put(&VERSION.to_le_bytes())?;
        for text in [G::ID, &self.options_text] {
            out.put(&(text.len() as u16).to_le_bytes())?;
            out.put(text.as_bytes())?;
        }
        out.put(&(self.keys.len() as u64).to_le_bytes())?;
        let mut buffer = Vec::with_capacity(8 * CHUNK);
        for keys in self.keys.chunks(CHUNK) {
            buffer.clear();
            buffer.extend(keys.iter().flat_map(|key| key.to_le_bytes()));
            out.put(&buffer)?;
        }
        out.put(&self.values)?;
        let checksum = out.checksum.clone().finalize();
        out.put(&checksum.to_le_bytes())?;
        out.inner.flush()?;
        Ok(out.bytes)
    }

    /// Reads a solution written by [`StrongSolution::write`] for the game `G` and the starts
    /// `options_text`. A file that is not one, of another version, game or options, truncated
    /// or damaged is an error, never a panic; memory grows only with the bytes actually read,
    /// whatever count the header claims.
    pub fn read(input: &mut dyn Read, options_text: &str) -> Result<Self, StrongError> {
        let mut input = Checked { inner: input, checksum: crc32fast::Hasher::new(), bytes: 0 };
        let header = "header";
        // Fewer than eight bytes is not a truncated solution file but something else.
        let magic = input.array::<8>(header).map_err(|error| match error {
            StrongError::Truncated { .. } => StrongError::NotStrongSolution,
            other => other,
        })?;
        if magic != MAGIC {
            return Err(StrongError::NotStrongSolution);
        }
        let found = u32::from_le_bytes(input.array(header)?);
        if found != VERSION {
            return Err(StrongError::Version { found });
        }
        let game = input.text()?;
        if game != G::ID {
            return Err(StrongError::WrongGame { found: game, expected: G::ID });
        }
        let found = input.text()?;
        if found != options_text {
            return Err(StrongError::WrongOptions { found, expected: options_text.to_owned() });
        }
        let count = u64::from_le_bytes(input.array(header)?);
        let keys = input.keys(count)?;
        let values = input.values(count)?;
        let expected = input.checksum.clone().finalize();
        if u32::from_le_bytes(input.array("checksum")?) != expected {
            return Err(StrongError::Checksum);
        }
        if input.inner.read(&mut [0])? != 0 {
            return Err(StrongError::TrailingBytes);
        }
        Ok(StrongSolution { keys, values, options_text: found, game: PhantomData })
    }
}

/// The search's memory: canonical hash → packed value.
type Memory = HashMap<u64, u8, BuildHasherDefault<Mix>>;

/// The depth-first walk: a stack of positions whose children are being visited.
struct Search<'a, G: Knowledge> {
    memory: Memory,
    stack: Vec<Frame<G>>,
    /// Move lists of finished frames, to reuse.
    spare: Vec<Vec<G::Move>>,
    reported: usize,
    progress: &'a mut dyn FnMut(u64),
}

/// A position being searched, and what its children have shown so far.
struct Frame<G: Knowledge> {
    position: G,
    key: u64,
    moves: Vec<G::Move>,
    next: usize,
    fastest_win: Option<u32>,
    slowest_loss: u32,
}

impl<G: Knowledge> Frame<G> {
    /// Takes in the value of a child, for the child's player to move.
    fn add_child(&mut self, child: Exact) {
        let plies = child.plies + 1;
        if child.wins {
            self.slowest_loss = self.slowest_loss.max(plies);
        } else {
            self.fastest_win = Some(self.fastest_win.map_or(plies, |best| best.min(plies)));
        }
    }

    /// The value once every child has been taken in.
    fn exact(&self) -> Exact {
        match self.fastest_win {
            Some(plies) => Exact { wins: true, plies },
            None => Exact { wins: false, plies: self.slowest_loss },
        }
    }
}

impl<'a, G: Knowledge> Search<'a, G> {
    fn new(progress: &'a mut dyn FnMut(u64)) -> Self {
        Search {
            memory: Memory::default(),
            stack: Vec::new(),
            spare: Vec::new(),
            reported: 0,
            progress,
        }
    }

    /// Finds the value of `start` and of everything reachable from it.
    fn run(&mut self, start: G) -> Result<(), StrongError> {
        let mut known = self.enter(start);
        loop {
            if let Some(exact) = known.take() {
                match self.stack.last_mut() {
                    Some(parent) => parent.add_child(exact),
                    None => return Ok(()),
                }
            }
            let Some(top) = self.stack.last_mut() else { return Ok(()) };
            if let Some(&mv) = top.moves.get(top.next) {
                top.next += 1;
                let mut child = top.position.clone();
                child.play_unchecked(mv);
                known = self.enter(child);
            } else {
                known = Some(self.leave()?);
            }
        }
    }

    /// The value of `position` if it is known or the game is over; otherwise `None`, and the
    /// position is pushed to be searched.
    fn enter(&mut self, position: G) -> Option<Exact> {
        let key = position.canonical_hash();
        if let Some(&value) = self.memory.get(&key) {
            return Some(unpack(value));
        }
        let mut moves = self.spare.pop().unwrap_or_default();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            self.spare.push(moves);
            return Some(finished(&position));
        }
        let frame = Frame { position, key, moves, next: 0, fastest_win: None, slowest_loss: 0 };
        self.stack.push(frame);
        None
    }

    /// Pops the top frame, whose children are all known, and stores its value.
    fn leave(&mut self) -> Result<Exact, StrongError> {
        let Some(frame) = self.stack.pop() else {
            unreachable!("leave is called with a frame on the stack")
        };
        let exact = frame.exact();
        if exact.plies > MAX_PLIES {
            return Err(StrongError::TooLong { plies: exact.plies });
        }
        self.memory.insert(frame.key, pack(exact));
        self.spare.push(frame.moves);
        if self.memory.len() >= self.reported + PROGRESS_EVERY {
            self.reported = self.memory.len();
            (self.progress)(self.reported as u64);
        }
        Ok(exact)
    }
}

/// The value of a finished position: 0 plies, won or lost as its status says.
fn finished<G: Knowledge>(position: &G) -> Exact {
    let winner = position.status().outcome().and_then(|outcome| outcome.winner());
    Exact { wins: winner == Some(position.side_to_move()), plies: 0 }
}

fn pack(exact: Exact) -> u8 {
    // `leave` has checked that the plies fit seven bits.
    (if exact.wins { WON } else { 0 }) | (exact.plies & MAX_PLIES) as u8
}

fn unpack(value: u8) -> Exact {
    Exact { wins: value & WON != 0, plies: u32::from(value & !WON) }
}

/// `true` for a value a stored position can have: at least one ply, odd exactly when won.
fn possible(value: u8) -> bool {
    let exact = unpack(value);
    exact.plies > 0 && (exact.plies % 2 == 1) == exact.wins
}

/// The map's hash of a key. The keys are Zobrist hashes already, but the smaller of two:
/// their high bits lean towards 0, which the map's bucket tags would feel, so they are mixed.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(self.0 ^ u64::from(byte));
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A reader or writer that keeps the checksum of what passes through it.
struct Checked<T> {
    inner: T,
    /// The CRC-32 of what passed: against damage, not against forgery.
    checksum: crc32fast::Hasher,
    bytes: u64,
}

impl Checked<&mut dyn Write> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.checksum.update(bytes);
        self.bytes += bytes.len() as u64;
        self.inner.write_all(bytes)
    }
}

impl Checked<&mut dyn Read> {
    /// Fills `buffer`; the end of the input is [`StrongError::Truncated`] in `part`.
    fn fill(&mut self, buffer: &mut [u8], part: &'static str) -> Result<(), StrongError> {
        self.inner.read_exact(buffer).map_err(|error| match error.kind() {
            io::ErrorKind::UnexpectedEof => StrongError::Truncated { part },
            _ => StrongError::Io(error),
        })?;
        self.checksum.update(buffer);
        Ok(())
    }

    fn array<const N: usize>(&mut self, part: &'static str) -> Result<[u8; N], StrongError> {
        let mut bytes = [0; N];
        self.fill(&mut bytes, part)?;
        Ok(bytes)
    }

    /// A text of the header: its length, then its bytes.
    fn text(&mut self) -> Result<String, StrongError> {
        let length = usize::from(u16::from_le_bytes(self.array("header")?));
        if length > MAX_TEXT {
            return Err(StrongError::HeaderText { length });
        }
        let mut bytes = vec![0; length];
        self.fill(&mut bytes, "header")?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// `count` keys, checked to be strictly increasing, read a chunk at a time.
    fn keys(&mut self, count: u64) -> Result<Vec<u64>, StrongError> {
        let mut keys: Vec<u64> = Vec::new();
        let mut buffer = vec![0; 8 * CHUNK];
        let mut left = count;
        while left > 0 {
            let take = left.min(CHUNK as u64) as usize;
            self.fill(&mut buffer[..8 * take], "keys")?;
            for bytes in buffer[..8 * take].chunks_exact(8) {
                let mut word = [0; 8];
                word.copy_from_slice(bytes);
                let key = u64::from_le_bytes(word);
                if keys.last().is_some_and(|&last| last >= key) {
                    return Err(StrongError::KeysOutOfOrder { index: keys.len() as u64 });
                }
                keys.push(key);
            }
            left -= take as u64;
        }
        Ok(keys)
    }

    /// `count` values, each checked to be possible, read a chunk at a time.
    fn values(&mut self, count: u64) -> Result<Vec<u8>, StrongError> {
        let mut values: Vec<u8> = Vec::new();
        let mut buffer = vec![0; CHUNK];
        let mut left = count;
        while left > 0 {
            let take = left.min(CHUNK as u64) as usize;
            self.fill(&mut buffer[..take], "values")?;
            if let Some(at) = buffer[..take].iter().position(|&value| !possible(value)) {
                let index = values.len() + at;
                return Err(StrongError::BadValue { index: index as u64, value: buffer[at] });
            }
            values.extend_from_slice(&buffer[..take]);
            left -= take as u64;
        }
        Ok(values)
    }
}
