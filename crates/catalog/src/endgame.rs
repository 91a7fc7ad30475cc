//! The games with endgame tables, and the tables a process shares.

use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use arbiter_core::Retrograde;
use arbiter_tablebase::{Endgame, Loaded, Tablebase};

use crate::{AnyGame, GameId};

/// Code written once for the games with endgame tables ([`Retrograde`]): checkers, Fanorona,
/// Day and Night.
pub trait RetrogradeVisitor {
    /// What the code returns.
    type Output;

    /// Runs the code for the game `G`.
    fn visit<G: AnyGame + Retrograde>(self) -> Self::Output;
}

/// The environment variable that names the folder of the endgame tables that the searches,
/// the server and the Python module read by default.
pub const TABLEBASE_VARIABLE: &str = "ARBITER_TABLEBASE";

/// The folder of endgame tables named by [`TABLEBASE_VARIABLE`], if it is set and not empty.
#[must_use]
pub fn tablebase_dir() -> Option<PathBuf> {
    std::env::var_os(TABLEBASE_VARIABLE).filter(|dir| !dir.is_empty()).map(PathBuf::from)
}

/// The tables made so far, by game and folder: each the [`Views`] of its game's type.
type Shared = HashMap<(&'static str, Option<PathBuf>), Arc<dyn Any + Send + Sync>>;

static SHARED: OnceLock<Mutex<Shared>> = OnceLock::new();

/// A game's tables, as a search uses them: probes that read or build what they need, and
/// probes that only answer from the tables loaded already ([`Loaded`]).
struct Views<G> {
    waiting: Arc<dyn Endgame<G>>,
    loaded: Arc<dyn Endgame<G>>,
}

/// The endgame tables of `G` from the folder `dir` (none without), with the tables of at
/// most [`Retrograde::ON_DEMAND_PIECES`] pieces built in memory when the folder lacks them;
/// one set per game and folder in the process, so that what was read or built is kept.
/// `None` for a game without tables.
#[must_use]
pub fn endgame<G: AnyGame>(dir: Option<&Path>) -> Option<Arc<dyn Endgame<G>>> {
    views::<G>(dir, |views| views.waiting.clone())
}

/// The same tables as [`endgame`], for a search on a clock: a probe answers only from the
/// tables loaded already, and has a missing one loaded on a thread of its own, so that the
/// search never waits for a table to be built.
#[must_use]
pub fn endgame_loaded<G: AnyGame>(dir: Option<&Path>) -> Option<Arc<dyn Endgame<G>>> {
    views::<G>(dir, |views| views.loaded.clone())
}

fn views<G: AnyGame>(
    dir: Option<&Path>,
    pick: impl FnOnce(&Views<G>) -> Arc<dyn Endgame<G>>,
) -> Option<Arc<dyn Endgame<G>>> {
    let id = GameId::ALL.into_iter().find(|id| id.id() == G::ID)?;
    let key = (G::ID, dir.map(Path::to_owned));
    let mut shared = SHARED.get_or_init(Mutex::default).lock().ok()?;
    let made = match shared.get(&key) {
        Some(made) => made.clone(),
        None => {
            let made = id.visit_retrograde(Make { dir })?;
            shared.insert(key, made.clone());
            made
        }
    };
    // `G` is the game of `id`, whose type `Make` used: the identifiers are distinct.
    made.downcast_ref::<Views<G>>().map(pick)
}

/// Makes a game's tables, as its [`Views`] behind `Any`.
struct Make<'a> {
    dir: Option<&'a Path>,
}

impl RetrogradeVisitor for Make<'_> {
    type Output = Arc<dyn Any + Send + Sync>;

    fn visit<G: AnyGame + Retrograde>(self) -> Self::Output {
        let tables = Arc::new(Tablebase::<G>::with_on_demand(self.dir.map(Path::to_owned), 1));
        let loaded: Arc<dyn Endgame<G>> = Arc::new(Loaded(tables.clone()));
        Arc::new(Views::<G> { waiting: tables, loaded })
    }
}

impl GameId {
    /// Runs `visitor` for this game if it has endgame tables; `None` for the others.
    pub fn visit_retrograde<V: RetrogradeVisitor>(self, visitor: V) -> Option<V::Output> {
        match self {
            GameId::Checkers => Some(visitor.visit::<arbiter_checkers::Checkers>()),
            GameId::Fanorona => Some(visitor.visit::<arbiter_fanorona::Fanorona>()),
            GameId::DayNight => Some(visitor.visit::<arbiter_daynight::DayNight>()),
            GameId::Minicheckers | GameId::Holes => None,
        }
    }
}
