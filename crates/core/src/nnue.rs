//! Learned evaluations in the NNUE style ("efficiently updatable neural networks", Yu Nasu,
//! 2018; the design of Stockfish's and the draughts programs' networks), in integer arithmetic.
//!
//! A game describes a position as a few active *features* out of [`Evaluate::NET_INPUTS`]
//! (in checkers: a kind of piece on a square, seen from one side), from each side's point of
//! view ([`Evaluate::net_features`]), the board turned round for the second side so that one
//! network serves both. The network:
//!
//! 1. a sparse first layer: for each point of view, the sum of the weight rows of its active
//!    features and a bias, `hidden` values of `i16` (the *accumulator*, which a move updates by
//!    adding the rows of the features it adds and subtracting those it removes);
//! 2. clipped ReLU of both accumulators, the side to move's first: `2 × hidden` values in
//!    `0..=QA`;
//! 3. a dense layer of `dense` outputs (weights `i8`, sums `i32`), divided by [`QB`] and
//!    clipped to `0..=QA`;
//! 4. one output: their weighted sum (weights `i16`) and a bias, scaled to hundredths of a
//!    piece, the unit of [`Evaluate::evaluate`].
//!
//! A float network `W` is quantised as: first layer `round(W × QA)`, dense weights
//! `round(W × QB)`, dense biases `round(b × QA × QB)`, output weights `round(W × QO)`, output
//! bias `round(b × QA × QO)`; the float network's output is in pieces, so the evaluation is
//! `output × 100 / (QA × QO)`.
//!
//! # The file format
//!
//! Little-endian throughout:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `ARBNNUE1` |
//! | 1 + n | the game's id ([`Game::ID`](crate::Game::ID)): its length, then UTF-8 |
//! | 4 + n | the provenance (the command and seed that made the file): its length, then UTF-8 |
//! | 2 × 3 | `inputs`, `hidden`, `dense` (`u16`) |
//! | 2 × inputs × hidden | first-layer weights, `i16`, a row of `hidden` per feature |
//! | 2 × hidden | first-layer biases, `i16` |
//! | dense × 2 × hidden | dense weights, `i8`, a row of `2 × hidden` per output |
//! | 4 × dense | dense biases, `i32` |
//! | 2 × dense | output weights, `i16` |
//! | 4 | output bias, `i32` |
//! | 8 | FNV-1a 64 of every byte before |

use std::fmt;

use thiserror::Error;

use crate::{Evaluate, Side};

/// The scale of the first layer and of the activations: a clipped ReLU's 1.0 is `QA`.
pub const QA: i32 = 127;
/// The scale of the dense layer's weights.
pub const QB: i32 = 64;
/// The scale of the output weights.
pub const QO: i32 = 256;
/// The most active features of one point of view.
pub const MAX_ACTIVE: usize = 128;
/// The largest first layer (accumulator) a network may have.
pub const MAX_HIDDEN: usize = 256;
/// The largest dense layer a network may have.
pub const MAX_DENSE: usize = 64;
/// The most inputs a network may have.
pub const MAX_INPUTS: usize = 1 << 14;
/// The longest provenance text a file may carry, in bytes.
pub const MAX_PROVENANCE: usize = 4096;

const MAGIC: &[u8; 8] = b"ARBNNUE1";

/// The largest evaluation a network gives, in hundredths of a piece: well within the bound of
/// [`Evaluate::evaluate`], whatever a file's weights.
const EVALUATION_BOUND: i64 = 50_000;

/// The active features of a position from one point of view: at most [`MAX_ACTIVE`] indices.
#[derive(Clone)]
pub struct Features {
    indices: [u16; MAX_ACTIVE],
    len: usize,
}

impl Features {
    /// No feature.
    #[must_use]
    pub const fn new() -> Self {
        Features { indices: [0; MAX_ACTIVE], len: 0 }
    }

    /// Adds a feature.
    ///
    /// # Panics
    ///
    /// When there are already [`MAX_ACTIVE`] features: a game's features never reach it.
    pub fn push(&mut self, index: usize) {
        self.indices[self.len] = index as u16;
        self.len += 1;
    }

    /// Removes every feature.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The features, in the order they were pushed.
    #[must_use]
    pub fn as_slice(&self) -> &[u16] {
        &self.indices[..self.len]
    }
}

impl Default for Features {
    fn default() -> Self {
        Features::new()
    }
}

impl fmt::Debug for Features {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A network file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NetError {
    /// The file does not start with the magic bytes.
    #[error("not an Arbiter network file (it should start with `ARBNNUE1`)")]
    NotANetwork,
    /// The file ends before its last field.
    #[error("the network file is cut short: {0} bytes missing or more")]
    Truncated(usize),
    /// The checksum does not match the contents.
    #[error("the network file is corrupt: its checksum does not match its contents")]
    Checksum,
    /// A text field is not UTF-8.
    #[error("the network file's {0} is not UTF-8 text")]
    Text(&'static str),
    /// A size is 0 or beyond the limits.
    #[error("the network's sizes are out of bounds: {inputs} inputs (1 to {MAX_INPUTS}), {hidden} hidden (1 to {MAX_HIDDEN}), {dense} dense (1 to {MAX_DENSE})")]
    Sizes {
        /// Inputs.
        inputs: usize,
        /// First-layer width.
        hidden: usize,
        /// Dense-layer width.
        dense: usize,
    },
    /// Bytes follow the checksum.
    #[error("the network file has {0} bytes after its end")]
    Trailing(usize),
    /// The network is for another game, or another set of features.
    #[error("the network is for {found} with {found_inputs} inputs, not {expected} with {expected_inputs}")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// Its features' count.
        expected_inputs: usize,
        /// The game of the file.
        found: String,
        /// The file's inputs.
        found_inputs: usize,
    },
}

/// A quantised network, read from its file ([`Network::from_bytes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Network {
    /// The game it evaluates.
    pub game: String,
    /// The command and seed that made it.
    pub provenance: String,
    /// The number of features.
    pub inputs: usize,
    /// The accumulator's width.
    pub hidden: usize,
    /// The dense layer's width.
    pub dense: usize,
    /// First-layer weights, a row of `hidden` per feature.
    pub input_weights: Vec<i16>,
    /// First-layer biases.
    pub input_bias: Vec<i16>,
    /// Dense weights, a row of `2 × hidden` per output (`i8` in the file).
    pub dense_weights: Vec<i16>,
    /// Dense biases.
    pub dense_bias: Vec<i32>,
    /// Output weights.
    pub output_weights: Vec<i16>,
    /// Output bias.
    pub output_bias: i32,
}

impl Network {
    /// Reads a network file (the format is in the [module documentation](self)).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(NetError::NotANetwork);
        }
        let body_end = bytes.len().checked_sub(8).ok_or(NetError::Truncated(8))?;
        let mut reader = Reader { bytes: &bytes[..body_end], at: MAGIC.len() };
        let game_len = usize::from(reader.take(1)?[0]);
        let game = reader.text(game_len, "game id")?;
        let provenance_len = reader.u32()? as usize;
        if provenance_len > MAX_PROVENANCE {
            return Err(NetError::Text("provenance (too long)"));
        }
        let provenance = reader.text(provenance_len, "provenance")?;
        let (inputs, hidden, dense) = (reader.u16()?, reader.u16()?, reader.u16()?);
        if !(1..=MAX_INPUTS).contains(&inputs)
            || !(1..=MAX_HIDDEN).contains(&hidden)
            || !(1..=MAX_DENSE).contains(&dense)
        {
            return Err(NetError::Sizes { inputs, hidden, dense });
        }
        let input_weights = reader.i16s(inputs * hidden)?;
        let input_bias = reader.i16s(hidden)?;
        let dense_weights =
            reader.take(dense * 2 * hidden)?.iter().map(|&b| i16::from(b as i8)).collect();
        let dense_bias = reader.i32s(dense)?;
        let output_weights = reader.i16s(dense)?;
        let output_bias = reader.i32s(1)?[0];
        if reader.at < body_end {
            return Err(NetError::Trailing(body_end - reader.at));
        }
        let stored =
            u64::from_le_bytes(bytes[body_end..].try_into().map_err(|_| NetError::Checksum)?);
        if stored != fnv1a(&bytes[..body_end]) {
            return Err(NetError::Checksum);
        }
        Ok(Network {
            game,
            provenance,
            inputs,
            hidden,
            dense,
            input_weights,
            input_bias,
            dense_weights,
            dense_bias,
            output_weights,
            output_bias,
        })
    }

    /// Reads a network file for the game `G`, checking that it is `G`'s and fits its
    /// features.
    pub fn for_game<G: Evaluate>(bytes: &[u8]) -> Result<Network, NetError> {
        let network = Network::from_bytes(bytes)?;
        if network.game != G::ID || network.inputs != G::NET_INPUTS {
            return Err(NetError::WrongGame {
                expected: G::ID.to_owned(),
                expected_inputs: G::NET_INPUTS,
                found: network.game,
                found_inputs: network.inputs,
            });
        }
        Ok(network)
    }

    /// The network as a file (the format is in the [module documentation](self)). The dense
    /// weights must fit in `i8` and the texts in their length fields.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.push(self.game.len() as u8);
        bytes.extend_from_slice(self.game.as_bytes());
        bytes.extend_from_slice(&(self.provenance.len() as u32).to_le_bytes());
        bytes.extend_from_slice(self.provenance.as_bytes());
        for size in [self.inputs, self.hidden, self.dense] {
            bytes.extend_from_slice(&(size as u16).to_le_bytes());
        }
        let i16s = |bytes: &mut Vec<u8>, values: &[i16]| {
            values.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        };
        i16s(&mut bytes, &self.input_weights);
        i16s(&mut bytes, &self.input_bias);
        bytes.extend(self.dense_weights.iter().map(|&w| w as i8 as u8));
        self.dense_bias.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        i16s(&mut bytes, &self.output_weights);
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        let checksum = fnv1a(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// The evaluation, in hundredths of a piece for the side to move, from the accumulators
    /// of the side to move (`own`) and of the other side (`other`).
    #[must_use]
    pub fn forward(&self, own: &Accumulator, other: &Accumulator) -> i32 {
        let hidden = self.hidden;
        let (own, other) = (&own.values[..hidden], &other.values[..hidden]);
        // In `i64`, and bounded, whatever a file's weights.
        let mut output = i64::from(self.output_bias);
        let rows = self.dense_weights.chunks_exact(2 * hidden);
        for ((row, &bias), &weight) in rows.zip(&self.dense_bias).zip(&self.output_weights) {
            let (own_row, other_row) = row.split_at(hidden);
            let sum = clipped_dot(own_row, own) + clipped_dot(other_row, other);
            let value = ((sum + bias) / QB).clamp(0, QA);
            output += i64::from(value * i32::from(weight));
        }
        (output * 100 / i64::from(QA * QO)).clamp(-EVALUATION_BOUND, EVALUATION_BOUND) as i32
    }

    /// The first-layer weights of feature `feature`.
    fn row(&self, feature: u16) -> &[i16] {
        let start = usize::from(feature) * self.hidden;
        &self.input_weights[start..start + self.hidden]
    }
}

/// The first layer's output for one point of view: the biases plus the weight rows of the
/// active features, kept up to date as features come and go.
#[derive(Clone, PartialEq, Eq)]
pub struct Accumulator {
    values: [i16; MAX_HIDDEN],
}

impl Accumulator {
    /// The accumulator of `features`, computed from scratch.
    #[must_use]
    pub fn new(network: &Network, features: &[u16]) -> Self {
        let mut accumulator = Accumulator { values: [0; MAX_HIDDEN] };
        accumulator.refresh(network, features);
        accumulator
    }

    /// Computes the accumulator of `features` from scratch.
    pub fn refresh(&mut self, network: &Network, features: &[u16]) {
        let values = &mut self.values[..network.hidden];
        values.copy_from_slice(&network.input_bias);
        for &feature in features {
            add_row(values, network.row(feature));
        }
    }

    /// Adds the feature `feature`, which was not active.
    pub fn add(&mut self, network: &Network, feature: u16) {
        add_row(&mut self.values[..network.hidden], network.row(feature));
    }

    /// Removes the feature `feature`, which was active.
    pub fn remove(&mut self, network: &Network, feature: u16) {
        let values = &mut self.values[..network.hidden];
        for (value, &weight) in values.iter_mut().zip(network.row(feature)) {
            *value = value.wrapping_sub(weight);
        }
    }

    /// Adds the features `added` and removes the features `removed`: the update a move makes.
    pub fn update(&mut self, network: &Network, added: &[u16], removed: &[u16]) {
        for &feature in added {
            self.add(network, feature);
        }
        for &feature in removed {
            self.remove(network, feature);
        }
    }

    /// The values of the first `hidden` units.
    #[must_use]
    pub fn values(&self, hidden: usize) -> &[i16] {
        &self.values[..hidden]
    }
}

impl fmt::Debug for Accumulator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.values.iter().take(8)).finish_non_exhaustive()
    }
}

/// Adds a weight row to the accumulator's values (wrapping: the trainer keeps the weights
/// small enough that no sum of a position's features overflows).
#[inline]
fn add_row(values: &mut [i16], row: &[i16]) {
    for (value, &weight) in values.iter_mut().zip(row) {
        *value = value.wrapping_add(weight);
    }
}

/// `network`'s evaluation of `position`, in hundredths of a piece for the side to move: both
/// accumulators computed from scratch from the position's features. `network` must be one of
/// `G`'s ([`Network::for_game`]).
#[must_use]
pub fn evaluate<G: Evaluate>(network: &Network, position: &G) -> i32 {
    let side = position.side_to_move();
    let (own, other) = accumulators(network, position, side);
    network.forward(&own, &other)
}

/// The accumulators of `position` from the points of view of `side` and of the other side.
#[must_use]
pub fn accumulators<G: Evaluate>(
    network: &Network,
    position: &G,
    side: Side,
) -> (Accumulator, Accumulator) {
    let mut features = Features::new();
    position.net_features(side, &mut features);
    let own = Accumulator::new(network, features.as_slice());
    features.clear();
    position.net_features(side.opponent(), &mut features);
    (own, Accumulator::new(network, features.as_slice()))
}

/// The dot product of `weights` with the clipped ReLU of `values` (each clipped to
/// `0..=QA`): written as one loop the compiler turns into vector instructions.
#[inline]
fn clipped_dot(weights: &[i16], values: &[i16]) -> i32 {
    weights
        .iter()
        .zip(values)
        .map(|(&weight, &value)| i32::from(weight) * i32::from(value.clamp(0, QA as i16)))
        .sum()
}

/// FNV-1a, 64 bits: the file's checksum.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// Reads the fields of a network file in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(count).ok_or(NetError::Truncated(count))?;
        let missing = || NetError::Truncated(end.saturating_sub(self.bytes.len()));
        let slice = self.bytes.get(self.at..end).ok_or_else(missing)?;
        self.at = end;
        Ok(slice)
    }

    fn text(&mut self, count: usize, what: &'static str) -> Result<String, NetError> {
        let bytes = self.take(count)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| NetError::Text(what))
    }

    fn u16(&mut self) -> Result<usize, NetError> {
        let bytes = self.take(2)?;
        Ok(usize::from(u16::from_le_bytes([bytes[0], bytes[1]])))
    }

    fn u32(&mut self) -> Result<u32, NetError> {
        let bytes = self.take(4)?;
        Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    }

    fn i16s(&mut self, count: usize) -> Result<Vec<i16>, NetError> {
        let bytes = self.take(count * 2)?;
        Ok(bytes.chunks_exact(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]])).collect())
    }

    fn i32s(&mut self, count: usize) -> Result<Vec<i32>, NetError> {
        let bytes = self.take(count * 4)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|four| i32::from_le_bytes([four[0], four[1], four[2], four[3]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::{Accumulator, NetError, Network, EVALUATION_BOUND};

    fn tiny() -> Network {
        Network {
            game: "checkers".to_owned(),
            provenance: "a test".to_owned(),
            inputs: 3,
            hidden: 2,
            dense: 1,
            input_weights: vec![1, -2, 3, 4, -5, 6],
            input_bias: vec![7, -8],
            dense_weights: vec![9, -10, 11, -12],
            dense_bias: vec![13],
            output_weights: vec![-14],
            output_bias: 15,
        }
    }

    #[test]
    fn a_network_reads_back_from_its_bytes() {
        let bytes = tiny().to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(tiny()));
    }

    #[test]
    fn the_largest_weights_give_a_bounded_evaluation() {
        let mut network = tiny();
        network.output_weights = vec![i16::MAX];
        network.output_bias = i32::MAX;
        let active = Accumulator::new(&network, &[0, 1, 2]);
        assert_eq!(network.forward(&active, &active), EVALUATION_BOUND as i32);
        network.output_weights = vec![i16::MIN];
        network.output_bias = i32::MIN;
        assert_eq!(network.forward(&active, &active), -EVALUATION_BOUND as i32);
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = tiny().to_bytes();
        assert_eq!(Network::from_bytes(b"hello"), Err(NetError::NotANetwork));
        assert!(matches!(Network::from_bytes(&bytes[..30]), Err(NetError::Truncated(_))));
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
        assert_eq!(Network::from_bytes(&flipped), Err(NetError::Checksum));
        for cut in 0..bytes.len() {
            assert!(Network::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
    }
}
