//! A game in progress with a computer player that keeps what it has learnt (its transposition
//! table, killers and history) from one move or hint to the next.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use arbiter_core::{Evaluate, GameRecord};
use arbiter_tablebase::Endgame;

use crate::{Context, Engine, Player, PlayerSpec, Score, SearchReport};

/// A game record and the computer player that thinks about it.
pub struct Session<G: Evaluate> {
    record: GameRecord<G>,
    player: Option<Kept<G>>,
    /// The endgame tables the player consults.
    endgame: Option<Arc<dyn Endgame<G>>>,
    /// Scratch space for the hashes of the positions played.
    history: Vec<u64>,
}

/// A player kept between searches, and what it was built from.
struct Kept<G: Evaluate> {
    engine: Engine,
    table_mib: usize,
    seed: u64,
    book: bool,
    player: Box<dyn Player<G>>,
}

impl<G: Evaluate> Session<G> {
    /// A session of the game `record`.
    #[must_use]
    pub fn new(record: GameRecord<G>) -> Self {
        Session { record, player: None, endgame: None, history: Vec::new() }
    }

    /// Gives the player endgame tables to consult, from now on.
    pub fn set_endgame(&mut self, endgame: Option<Arc<dyn Endgame<G>>>) {
        if let Some(kept) = &mut self.player {
            kept.player.set_endgame(endgame.clone());
        }
        self.endgame = endgame;
    }

    /// The game.
    pub fn record(&self) -> &GameRecord<G> {
        &self.record
    }

    /// The game, to play moves, take them back, resign or agree a draw.
    pub fn record_mut(&mut self) -> &mut GameRecord<G> {
        &mut self.record
    }

    /// Replaces the game (a new game, or one loaded): the player forgets what it learnt.
    pub fn replace(&mut self, record: GameRecord<G>) {
        self.record = record;
        if let Some(kept) = &mut self.player {
            kept.player.new_game(kept.seed);
        }
    }

    /// What the player `spec` would play now, with the game's history (for its draw rules).
    /// The same kind of player (engine, table size, seed, book) is kept from one call to the
    /// next with its tables; only its limits change. `stop`, set from another thread, ends
    /// the search with the best move so far; `progress` hears each completed iteration. A
    /// finished game has no move.
    pub fn think(
        &mut self,
        spec: &PlayerSpec,
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        if self.record.status().is_over() {
            return SearchReport {
                best: None,
                score: Score::Eval(0),
                depth: 0,
                nodes: 0,
                elapsed: std::time::Duration::ZERO,
                pv: Vec::new(),
                book: false,
            };
        }
        let player = player_for(&mut self.player, spec, &self.endgame);
        player.set_limits(spec.effective_limits());
        let mut context = Context::of_record(&self.record, &mut self.history);
        context.stop = stop;
        player.choose(self.record.position(), &context, progress)
    }

    /// Makes the player `spec` asks for ready, its tables allocated, so that the first search
    /// spends none of its time on that (a protocol's `isready`); a kept player of the same
    /// kind stays as it is, with what it has learnt.
    pub fn prepare(&mut self, spec: &PlayerSpec) {
        player_for(&mut self.player, spec, &self.endgame);
    }
}

/// The kept player if it is of the kind `spec` asks for (engine, table size, seed, book), or
/// a new one in its place, given `endgame`.
fn player_for<'a, G: Evaluate>(
    slot: &'a mut Option<Kept<G>>,
    spec: &PlayerSpec,
    endgame: &Option<Arc<dyn Endgame<G>>>,
) -> &'a mut Box<dyn Player<G>> {
    let reusable = slot.as_ref().is_some_and(|kept| {
        (kept.engine, kept.table_mib, kept.seed, kept.book)
            == (spec.engine, spec.table_mib, spec.seed, spec.book)
    });
    if !reusable {
        *slot = None;
    }
    let kept = slot.get_or_insert_with(|| Kept {
        engine: spec.engine,
        table_mib: spec.table_mib,
        seed: spec.seed,
        book: spec.book,
        player: {
            let mut player = spec.build::<G>();
            player.set_endgame(endgame.clone());
            player
        },
    });
    &mut kept.player
}
