//! The games with endgame tables, and the handle to the tables that a program opens once, at
//! its edge, and passes to its searches.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use arbiter_checkers::Checkers;
use arbiter_core::Retrograde;
use arbiter_daynight::DayNight;
use arbiter_fanorona::Fanorona;
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
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

/// The environment variable that names the folder of the endgame tables, read by
/// [`Endgames::open_or_environment`].
pub const TABLEBASE_VARIABLE: &str = "ARBITER_TABLEBASE";

/// How a search probes the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probing {
    /// A probe reads or builds the table it needs, and waits for it.
    Waiting,
    /// A probe answers only from the tables loaded already, and has a missing one loaded on a
    /// thread of its own: a search on a clock never waits for a table to be built.
    LoadedOnly,
}

/// The endgame tables of every game that has them, from one folder (or none), with the
/// tables of at most [`Retrograde::ON_DEMAND_PIECES`] pieces built in memory when the folder
/// lacks them. What was read or built is kept for the handle's life; a program opens one
/// handle and shares it (`Arc<Endgames>`).
pub struct Endgames {
    dir: Option<PathBuf>,
    checkers: OnceLock<Views<Checkers>>,
    fanorona: OnceLock<Views<Fanorona>>,
    daynight: OnceLock<Views<DayNight>>,
}

impl Endgames {
    /// The tables of the folder `dir`, or only those built in memory without one. Nothing is
    /// read until a probe needs it.
    #[must_use]
    pub fn open(dir: Option<PathBuf>) -> Endgames {
        Endgames {
            dir,
            checkers: OnceLock::new(),
            fanorona: OnceLock::new(),
            daynight: OnceLock::new(),
        }
    }

    /// The tables of `dir`, else of the folder that [`TABLEBASE_VARIABLE`] names (when set and
    /// not empty): for a program's edge, which reads its environment once.
    #[must_use]
    pub fn open_or_environment(dir: Option<PathBuf>) -> Endgames {
        let named = || {
            std::env::var_os(TABLEBASE_VARIABLE).filter(|dir| !dir.is_empty()).map(PathBuf::from)
        };
        Endgames::open(dir.or_else(named))
    }

    /// The folder the tables are read from.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The tables of `G`, probed as `probing` says; `None` for a game without tables.
    #[must_use]
    pub fn of<G: AnyGame>(&self, probing: Probing) -> Option<Arc<dyn Endgame<G>>> {
        G::endgame(self, probing)
    }

    /// The tables of `G` whose probes wait for what they need ([`Probing::Waiting`]).
    #[must_use]
    pub fn tables<G: AnyGame>(&self) -> Option<Arc<dyn Endgame<G>>> {
        self.of(Probing::Waiting)
    }
}

impl fmt::Debug for Endgames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endgames").field("dir", &self.dir).finish_non_exhaustive()
    }
}

/// A game's tables, as the two kinds of probe see them.
struct Views<G: Retrograde> {
    waiting: Arc<Tablebase<G>>,
    loaded: Arc<Loaded<G>>,
}

impl<G: AnyGame + Retrograde> Views<G> {
    /// The game's views in `shelf`, made at the first call.
    fn pick(
        shelf: &OnceLock<Views<G>>,
        dir: Option<&Path>,
        probing: Probing,
    ) -> Arc<dyn Endgame<G>> {
        let views = shelf.get_or_init(|| {
            let waiting = Arc::new(Tablebase::<G>::with_on_demand(dir.map(Path::to_owned), 1));
            Views { loaded: Arc::new(Loaded(waiting.clone())), waiting }
        });
        match probing {
            Probing::Waiting => views.waiting.clone(),
            Probing::LoadedOnly => views.loaded.clone(),
        }
    }
}

/// Where a game's tables are in [`Endgames`]: every game of the catalog says, so that code
/// generic over the games reaches its game's tables without knowing which game it is.
pub trait EndgameShelf: Sized {
    /// The game's tables in `endgames`; `None` for a game without tables.
    fn endgame(endgames: &Endgames, probing: Probing) -> Option<Arc<dyn Endgame<Self>>>;
}

impl EndgameShelf for Checkers {
    fn endgame(endgames: &Endgames, probing: Probing) -> Option<Arc<dyn Endgame<Self>>> {
        Some(Views::pick(&endgames.checkers, endgames.dir(), probing))
    }
}

impl EndgameShelf for Fanorona {
    fn endgame(endgames: &Endgames, probing: Probing) -> Option<Arc<dyn Endgame<Self>>> {
        Some(Views::pick(&endgames.fanorona, endgames.dir(), probing))
    }
}

impl EndgameShelf for DayNight {
    fn endgame(endgames: &Endgames, probing: Probing) -> Option<Arc<dyn Endgame<Self>>> {
        Some(Views::pick(&endgames.daynight, endgames.dir(), probing))
    }
}

impl EndgameShelf for Minicheckers {
    fn endgame(_: &Endgames, _: Probing) -> Option<Arc<dyn Endgame<Self>>> {
        None
    }
}

impl EndgameShelf for Holes {
    fn endgame(_: &Endgames, _: Probing) -> Option<Arc<dyn Endgame<Self>>> {
        None
    }
}

impl EndgameShelf for arbiter_gdl::Gdl {
    fn endgame(_: &Endgames, _: Probing) -> Option<Arc<dyn Endgame<Self>>> {
        None
    }
}

impl GameId {
    /// Runs `visitor` for this game if it has endgame tables; `None` for the others.
    pub fn visit_retrograde<V: RetrogradeVisitor>(self, visitor: V) -> Option<V::Output> {
        match self {
            GameId::Checkers => Some(visitor.visit::<Checkers>()),
            GameId::Fanorona => Some(visitor.visit::<Fanorona>()),
            GameId::DayNight => Some(visitor.visit::<DayNight>()),
            GameId::Minicheckers | GameId::Holes => None,
        }
    }
}
