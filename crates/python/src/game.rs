//! A game of the catalog under its options, whatever the game: what the Python `Game` calls.
//! The catalog's [`Visitor`] turns a game's identifier into the generic code here.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;

use arbiter_ai::playout::{random_playout, PlayoutEnd};
use arbiter_catalog::{AnyGame, Playable, Visitor};
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

impl PlayoutSummary {
    /// Counts one playout of `turns` turns that ended so.
    fn add(&mut self, turns: u32, end: PlayoutEnd) {
        self.games += 1;
        self.turns += u64::from(turns);
        match end {
            PlayoutEnd::Over(Some(Side::White)) => self.white_wins += 1,
            PlayoutEnd::Over(Some(Side::Black)) => self.black_wins += 1,
            PlayoutEnd::Over(None) => self.draws += 1,
            PlayoutEnd::Cut => self.cut += 1,
        }
    }

    /// Adds the counts of `other`.
    fn merge(&mut self, other: PlayoutSummary) {
        self.games += other.games;
        self.turns += other.turns;
        self.white_wins += other.white_wins;
        self.black_wins += other.black_wins;
        self.draws += other.draws;
        self.cut += other.cut;
    }
}

/// The games of one chunk of a batch of random playouts. Each chunk draws from its own stream
/// of the seeded generator, so that a batch gives the same games whatever the number of
/// threads that share its chunks out.
const CHUNK_GAMES: u64 = 256;

/// A game under its options.
pub trait DynGame: Send + Sync {
    /// The game: one of the catalog, or one written in GDL.
    fn playable(&self) -> &Playable;
    /// The game's identifier, e.g. `checkers`, or `gdl`.
    fn id(&self) -> &'static str;
    /// The game's name.
    fn name(&self) -> &'static str;
    /// One line on what the game is.
    fn description(&self) -> &'static str;
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
    /// `count` random games from the start, seeded with `seed`, each cut after `max_turns`,
    /// on `threads` threads (at least one); the summary does not depend on `threads`.
    fn random_playouts(
        &self,
        count: u64,
        seed: u64,
        max_turns: u32,
        threads: usize,
    ) -> PlayoutSummary;
}

/// The game `G` under its options.
struct GameOf<G: AnyGame> {
    playable: Playable,
    options: G::Options,
    shared: Arc<Shared>,
}

impl<G: AnyGame> DynGame for GameOf<G> {
    fn playable(&self) -> &Playable {
        &self.playable
    }

    fn id(&self) -> &'static str {
        G::ID
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn description(&self) -> &'static str {
        G::DESCRIPTION
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

    fn random_playouts(
        &self,
        count: u64,
        seed: u64,
        max_turns: u32,
        threads: usize,
    ) -> PlayoutSummary {
        let start = G::start(&self.options);
        let chunks = count.div_ceil(CHUNK_GAMES);
        let next = AtomicU64::new(0);
        // Each thread takes the next chunk until none is left.
        let work = || {
            let mut summary = PlayoutSummary::default();
            let mut moves = Vec::new();
            loop {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks {
                    return summary;
                }
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                rng.set_stream(chunk);
                for _ in 0..CHUNK_GAMES.min(count - chunk * CHUNK_GAMES) {
                    let playout = random_playout(start.clone(), 0, max_turns, &mut rng, &mut moves);
                    summary.add(playout.turns, playout.end);
                }
            }
        };
        thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.max(1)).map(|_| scope.spawn(work)).collect();
            let mut total = work();
            for helper in helpers {
                match helper.join() {
                    Ok(summary) => total.merge(summary),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            total
        })
    }
}

/// The visitor that makes a [`DynGame`].
struct Make<'a> {
    playable: Playable,
    options: &'a str,
}

impl Visitor for Make<'_> {
    type Output = Result<Arc<dyn DynGame>, Error>;

    fn visit<G: AnyGame>(self) -> Self::Output {
        let options = G::Options::parse(self.options)?;
        let geometry = G::start(&options).geometry();
        let encoding = Encoding::of::<G>(geometry.cells.len());
        let shared = Arc::new(Shared { encoding, board: BoardMap::new(geometry) });
        Ok(Arc::new(GameOf::<G> { playable: self.playable, options, shared }))
    }
}

/// The game called `id` under `options` (`key=value,…`; empty for the defaults): a game of
/// the catalog, or `gdl` with `rules=HASH` naming rules loaded before.
pub fn make(id: &str, options: &str) -> Result<Arc<dyn DynGame>, Error> {
    let playable = Playable::named(id.trim(), options)?;
    playable.clone().visit(Make { playable, options })
}

/// The game written in GDL whose rules are `text` (KIF).
pub fn load_gdl(text: &str) -> Result<Arc<dyn DynGame>, Error> {
    let playable = Playable::gdl(text).map_err(|error| Error::Rules(error.to_string()))?;
    let options = playable.options("")?;
    playable.clone().visit(Make { playable, options: &options })
}
