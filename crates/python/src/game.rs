//! A game of the catalog under its options, whatever the game: what the Python `Game` calls.
//! The catalog's [`Visitor`] turns a game's identifier into the generic code here.

use std::sync::Arc;

use arbiter_ai::playout::{random_playout, PlayoutEnd};
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::{GameOptions, GameRecord, Side};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::actions::Encoding;
use crate::error::Error;
use crate::observation::BoardMap;
use crate::state::{DynState, Shared, StateOf};

/// How a batch of random playouts ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlayoutSummary {
    /// The games played.
    pub games: u64,
    /// The turns (whole moves) played in all.
    pub turns: u64,
    /// Games won by White.
    pub white_wins: u64,
    /// Games won by Black.
    pub black_wins: u64,
    /// Games drawn by the limit of turns without progress.
    pub draws: u64,
    /// Games cut at the limit of turns given.
    pub cut: u64,
}

/// A game under its options.
pub trait DynGame: Send + Sync {
    /// The game.
    fn id(&self) -> GameId;
    /// The options that differ from the defaults, as `key=value,…`.
    fn options(&self) -> String;
    /// A game from the start position.
    fn new_initial_state(&self) -> Box<dyn DynState>;
    /// A game from a position in the game's text form.
    fn state_at(&self, text: &str) -> Result<Box<dyn DynState>, Error>;
    /// A game read from a record text, which must be of this game under these options.
    fn state_from_record(&self, text: &str) -> Result<Box<dyn DynState>, Error>;
    /// The number of distinct actions.
    fn num_distinct_actions(&self) -> usize;
    /// The observation tensor's shape: planes, height, width.
    fn observation_shape(&self) -> [usize; 3];
    /// `count` random games from the start, seeded with `seed`, each cut after `max_turns`.
    fn random_playouts(&self, count: u64, seed: u64, max_turns: u32) -> PlayoutSummary;
}

/// The game `G` under its options.
struct GameOf<G: AnyGame> {
    id: GameId,
    options: G::Options,
    shared: Arc<Shared>,
}

impl<G: AnyGame> DynGame for GameOf<G> {
    fn id(&self) -> GameId {
        self.id
    }

    fn options(&self) -> String {
        self.options.to_text()
    }

    fn new_initial_state(&self) -> Box<dyn DynState> {
        let record = GameRecord::<G>::new(self.options.clone());
        Box::new(StateOf::new(record, Arc::clone(&self.shared)))
    }

    fn state_at(&self, text: &str) -> Result<Box<dyn DynState>, Error> {
        let position = G::from_text(text.trim(), &self.options)?;
        let record = GameRecord::from_position(position, self.options.clone());
        Ok(Box::new(StateOf::new(record, Arc::clone(&self.shared))))
    }

    fn state_from_record(&self, text: &str) -> Result<Box<dyn DynState>, Error> {
        let record = GameRecord::<G>::from_record_text(text)?;
        if *record.options() != self.options {
            return Err(Error::Invalid(format!(
                "the record is played under the options `{}`, not `{}` as this game; read it \
                 with Game({:?}, options={:?})",
                record.options_text(),
                self.options.to_text(),
                G::ID,
                record.options_text()
            )));
        }
        Ok(Box::new(StateOf::new(record, Arc::clone(&self.shared))))
    }

    fn num_distinct_actions(&self) -> usize {
        self.shared.encoding.count()
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.shared.board.shape()
    }

    fn random_playouts(&self, count: u64, seed: u64, max_turns: u32) -> PlayoutSummary {
        let start = G::start(&self.options);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut moves = Vec::new();
        let mut summary = PlayoutSummary { games: count, ..PlayoutSummary::default() };
        for _ in 0..count {
            let playout = random_playout(start.clone(), 0, max_turns, &mut rng, &mut moves);
            summary.turns += u64::from(playout.turns);
            match playout.end {
                PlayoutEnd::Over(Some(Side::White)) => summary.white_wins += 1,
                PlayoutEnd::Over(Some(Side::Black)) => summary.black_wins += 1,
                PlayoutEnd::Over(None) => summary.draws += 1,
                PlayoutEnd::Cut => summary.cut += 1,
            }
        }
        summary
    }
}

/// The visitor that makes a [`DynGame`].
struct Make<'a> {
    id: GameId,
    options: &'a str,
}

impl Visitor for Make<'_> {
    type Output = Result<Arc<dyn DynGame>, Error>;

    fn visit<G: AnyGame>(self) -> Self::Output {
        let options = G::Options::parse(self.options)?;
        let geometry = G::start(&options).geometry();
        let encoding = Encoding::of::<G>(geometry.cells.len());
        let shared = Arc::new(Shared { encoding, board: BoardMap::new(geometry) });
        Ok(Arc::new(GameOf::<G> { id: self.id, options, shared }))
    }
}

/// The game called `id` under `options` (`key=value,…`; empty for the defaults).
pub fn make(id: &str, options: &str) -> Result<Arc<dyn DynGame>, Error> {
    let id: GameId = id.trim().parse()?;
    id.visit(Make { id, options })
}
