//! The engine's analysis of a game's position, for a finished game or one at one screen: one
//! search per position however many ask (the analyses made lately are remembered).

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_ai::{Engine, Limits, PlayerSpec, SearchInfo};
use serde::Serialize;

use super::pool::Work;
use super::{Games, Searching, StopOnDrop};
use crate::error::ApiError;
use crate::live::{self, ExactMove};

/// What `GET /api/games/{id}/analysis` answers: the search, and the exact values of the
/// moves when the solver found them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Analysis {
    /// Alpha-beta's best move, score, depth and line.
    #[serde(flatten)]
    pub search: SearchInfo,
    /// Every legal move with its exact value, best first; `null` in the games the solver does
    /// not handle or when it did not finish in the time.
    pub exact: Option<Vec<ExactMove>>,
}

/// What an analysis is of: a game's moves.
/// The most moves a variation analysed may hold.
pub const MAX_VARIATION: usize = 200;

/// The position of a game to analyse: after its first `ply` moves (all of them when `None`),
/// then the moves of `variation` (a line explored from there; the game is unchanged).
#[derive(Debug, Clone, Default)]
pub struct Position {
    /// The game's moves played.
    pub ply: Option<usize>,
    /// The moves played from there.
    pub variation: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct AnalysisKey {
    game: String,
    options: String,
    moves: String,
}

/// The analyses made lately, the oldest forgotten first: a crowd watching one game, asking
/// for the analysis of one position, costs one search.
#[derive(Default)]
pub(super) struct AnalysisCache(Mutex<Remembered>);

/// The analyses remembered, each with the time it thought, and the order they came in.
#[derive(Default)]
struct Remembered {
    known: HashMap<AnalysisKey, (Duration, Analysis)>,
    order: VecDeque<AnalysisKey>,
}

/// The most analyses remembered.
const ANALYSES_KEPT: usize = 1024;

impl AnalysisCache {
    /// The analysis of `key` thought for `think` or longer, if one was made lately.
    fn get(&self, key: &AnalysisKey, think: Duration) -> Option<Analysis> {
        let cache = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let known = cache.known.get(key).filter(|(thought, _)| *thought >= think);
        known.map(|(_, analysis)| analysis.clone())
    }

    fn put(&self, key: AnalysisKey, think: Duration, analysis: Analysis) {
        let mut cache = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if cache.known.insert(key.clone(), (think, analysis)).is_none() {
            cache.order.push_back(key);
        }
        while cache.order.len() > ANALYSES_KEPT {
            if let Some(oldest) = cache.order.pop_front() {
                cache.known.remove(&oldest);
            }
        }
    }
}

impl Games {
    /// The engine's view of game `id` for the holder of `secrets`, thinking for `think` (at
    /// most 5 s); in the games the solver handles, also the exact value of every move when
    /// the solver finds them all in the same time. Refused during a game between people, for
    /// everyone but one who holds both seats (one screen): engine help would be a third
    /// player's. An analysis of the same moves, thought on as long or longer, is answered
    /// from memory. `ply` asks for the position after that many moves (the current one by
    /// default); the position a resignation or an agreed draw ended on is analysed as a
    /// position with moves.
    pub async fn analysis(
        &self,
        id: &str,
        think: Duration,
        secrets: &[String],
        at: Position,
    ) -> Result<Analysis, ApiError> {
        let Position { ply, variation } = at;
        let think = think.min(Duration::from_secs(5));
        // A client that hangs up stops the search (the exact values are not begun after it).
        let stop = Arc::new(AtomicBool::new(false));
        self.register(&stop);
        let _hang_up = StopOnDrop(stop.clone());
        let (key, search, exact) = {
            let (_, entry) = self.lock(id).await?;
            if !entry.engine_help(&entry.held(secrets)) {
                return Err(ApiError::Forbidden(
                    "no engine analysis during a game between people (it would help one of \
                     them); it is given against the computer, at one screen, and once the \
                     game is over"
                        .to_owned(),
                ));
            }
            let played = &entry.stored.moves;
            let before = played.get(..ply.unwrap_or(played.len())).ok_or_else(|| {
                ApiError::NotFound(format!("the game has {} moves, not {ply:?}", played.len()))
            })?;
            let line: Vec<String> = before.iter().chain(&variation).cloned().collect();
            let moves = line.as_slice();
            let key = AnalysisKey {
                game: entry.stored.game.clone(),
                options: entry.stored.options.clone(),
                moves: moves.join(" "),
            };
            if let Some(known) = self.analyses.get(&key, think) {
                return Ok(known);
            }
            let limits = Limits::time(think);
            // An analysis searches, in the opening book's positions too.
            let spec = PlayerSpec {
                limits,
                table_mib: 8,
                book: false,
                ..PlayerSpec::new(Engine::AlphaBeta)
            };
            // A game ended by a resignation or an agreed draw is analysed as the board left it.
            if variation.is_empty() && moves.len() == played.len() && entry.stored.event.is_none() {
                let live = &entry.live;
                (
                    key,
                    live::search(&**live, spec, &self.endgames, stop.clone(), false),
                    live::exact(&**live, &self.endgames, think),
                )
            } else {
                // A variation's move that is not legal is the request's fault; a move of the
                // game that cannot be played again, the stored game's.
                let earlier = live::build(entry.kind(), &entry.stored.options, moves, None)
                    .map_err(|error| {
                        if variation.is_empty() {
                            ApiError::Damaged(error)
                        } else {
                            ApiError::BadRequest(format!("the variation cannot be played: {error}"))
                        }
                    })?;
                let search = live::search(&*earlier, spec, &self.endgames, stop.clone(), false);
                (key, search, live::exact(&*earlier, &self.endgames, think))
            }
        };
        let permit = self.workers.acquire(Work::Analysis).await;
        let searching = self.searching.clone();
        // The permit is held by the search itself, until it ends, whatever the request does.
        let analysed = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _counted = Searching::start(&searching);
            let search = search();
            let exact = if stop.load(Ordering::Relaxed) { None } else { exact() };
            (search, exact, stop.load(Ordering::Relaxed))
        });
        let (search, exact, stopped) = analysed
            .await
            .map_err(|error| ApiError::Internal(format!("the analysis failed: {error}")))?;
        let analysis = Analysis { search, exact };
        if !stopped {
            self.analyses.put(key, think, analysis.clone());
        }
        Ok(analysis)
    }
}
