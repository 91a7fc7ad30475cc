//! A game's tables: read from a folder, or built in memory on demand, and probed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use arbiter_core::{Retrograde, Status};

use crate::build::build;
use crate::table::Table;
use crate::value::Value;
use crate::TablebaseError;

/// A game's endgame tables: those of a folder, read when first needed, and those of few
/// pieces, built in memory when first needed if the folder lacks them. Shared between threads.
pub struct Tablebase<G: Retrograde> {
    dir: Option<PathBuf>,
    on_demand: u32,
    /// The most pieces of a table there may be: the on-demand limit, or more if the folder
    /// has larger tables. A position of more pieces is not looked up.
    most_pieces: u32,
    threads: usize,
    tables: RwLock<HashMap<G::Material, Option<Arc<Table>>>>,
    /// Held while a table is read or built, so that two threads never build the same one.
    loading: Mutex<()>,
    /// Set while a table is loaded on a thread of its own for [`Loaded`].
    loading_later: AtomicBool,
}

/// A table written by [`Tablebase::build_all`].
#[derive(Debug, Clone)]
pub struct Built<M> {
    /// The table's material.
    pub material: M,
    /// Its number of indices.
    pub indices: u64,
    /// The time it took to build, or `None` when it was there already.
    pub time: Option<Duration>,
    /// The size of its file in bytes.
    pub bytes: u64,
}

/// A position's value in the tables and the values of its moves.
#[derive(Debug, Clone)]
pub struct Probe<M> {
    /// The value for the player to move.
    pub value: Value,
    /// Every legal move with its value for the player who makes it, best first (in the order
    /// of the legal moves among equals).
    pub moves: Vec<(M, Value)>,
}

impl<M: Copy> Probe<M> {
    /// The moves that keep the value and its distance.
    #[must_use]
    pub fn best(&self) -> Vec<M> {
        self.moves.iter().filter(|(_, value)| *value == self.value).map(|&(mv, _)| mv).collect()
    }
}

impl<G: Retrograde> Tablebase<G> {
    /// The tables of `dir` (none without), and those of at most `on_demand` pieces built in
    /// memory when the folder lacks them, using `threads` threads.
    #[must_use]
    pub fn new(dir: Option<PathBuf>, on_demand: u32, threads: usize) -> Tablebase<G> {
        let in_folder = dir.as_deref().map_or(0, Self::most_pieces_in);
        Tablebase {
            dir,
            on_demand,
            most_pieces: on_demand.max(in_folder),
            threads: threads.max(1),
            tables: RwLock::new(HashMap::new()),
            loading: Mutex::new(()),
            loading_later: AtomicBool::new(false),
        }
    }

    /// The most pieces of a table of `G` in the folder `dir` (0 for none).
    fn most_pieces_in(dir: &Path) -> u32 {
        let Ok(entries) = std::fs::read_dir(dir.join(G::ID)) else { return 0 };
        entries
            .filter_map(|entry| {
                let name = entry.ok()?.file_name();
                let material: G::Material = name.to_str()?.strip_suffix(".tb")?.parse().ok()?;
                Some(G::piece_count(material))
            })
            .max()
            .unwrap_or(0)
    }

    /// The tables of `dir` (none without), and those of at most the game's
    /// [`Retrograde::ON_DEMAND_PIECES`] built in memory when the folder lacks them.
    #[must_use]
    pub fn with_on_demand(dir: Option<PathBuf>, threads: usize) -> Tablebase<G> {
        Tablebase::new(dir, G::ON_DEMAND_PIECES, threads)
    }

    /// The table of `material`: read from the folder, or built if it has at most the
    /// on-demand number of pieces; `None` when neither.
    pub fn table(&self, material: G::Material) -> Result<Option<Arc<Table>>, TablebaseError> {
        if let Some(found) =
            self.tables.read().map_err(|_| TablebaseError::Poisoned)?.get(&material)
        {
            return Ok(found.clone());
        }
        let _loading = self.loading.lock().map_err(|_| TablebaseError::Poisoned)?;
        if let Some(found) =
            self.tables.read().map_err(|_| TablebaseError::Poisoned)?.get(&material)
        {
            return Ok(found.clone());
        }
        let table = self.load(material)?.map(Arc::new);
        self.tables.write().map_err(|_| TablebaseError::Poisoned)?.insert(material, table.clone());
        Ok(table)
    }

    /// Reads or builds `material`'s table; called with the loading lock held.
    fn load(&self, material: G::Material) -> Result<Option<Table>, TablebaseError> {
        let count = G::index_count(material);
        if let Some(dir) = &self.dir {
            let path = Table::path(dir, G::ID, &material.to_string());
            if path.exists() {
                return Table::read(&path, G::ID, &material.to_string(), count).map(Some);
            }
        }
        if G::piece_count(material) > self.on_demand {
            return Ok(None);
        }
        // The tables this one needs, built first, smallest first; they are looked up by
        // `value`, which the lock would block, so they are loaded here.
        let mut needed: Vec<G::Material> = G::materials(G::piece_count(material))
            .into_iter()
            .filter(|&other| G::stage(other) < G::stage(material) && !self.is_loaded(other))
            .collect();
        needed.sort_by_key(|&other| G::stage(other));
        for other in needed {
            if self.is_loaded(other) {
                continue;
            }
            let table = self.load(other)?.map(Arc::new);
            self.tables.write().map_err(|_| TablebaseError::Poisoned)?.insert(other, table);
        }
        let codes = build::<G, _>(material, &|child: &G| self.known_value(child), self.threads)?;
        Ok(Some(Table::new(codes)))
    }

    fn is_loaded(&self, material: G::Material) -> bool {
        self.tables.read().is_ok_and(|tables| tables.contains_key(&material))
    }

    /// The value of a finished game, or of a position whose table is loaded already.
    fn known_value(&self, position: &G) -> Result<Value, TablebaseError> {
        let Some(material) = position.material() else {
            return Value::of_status(position.status(), position.side_to_move())
                .ok_or(TablebaseError::Unlisted { position: position.to_text() });
        };
        let tables = self.tables.read().map_err(|_| TablebaseError::Poisoned)?;
        let table = tables
            .get(&material)
            .and_then(Option::as_ref)
            .ok_or_else(|| TablebaseError::Missing { material: material.to_string() })?;
        table.get(position.index()).ok_or(TablebaseError::Unlisted { position: position.to_text() })
    }

    /// The value of `position` for its player to move, or `None` when no table holds it (its
    /// table is neither in the folder nor small enough to build). A finished game is valued
    /// by its status.
    pub fn probe(&self, position: &G) -> Result<Option<Value>, TablebaseError> {
        let Some(material) = position.material() else {
            return Ok(Value::of_status(position.status(), position.side_to_move()));
        };
        if G::piece_count(material) > self.most_pieces {
            return Ok(None);
        }
        let Some(table) = self.table(material)? else { return Ok(None) };
        table
            .get(position.index())
            .map(Some)
            .ok_or(TablebaseError::Unlisted { position: position.to_text() })
    }

    /// The value of `position` and of each of its moves, or `None` when no table holds it.
    pub fn probe_moves(&self, position: &G) -> Result<Option<Probe<G::Move>>, TablebaseError> {
        let Some(value) = self.probe(position)? else { return Ok(None) };
        let mut moves = Vec::new();
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let Some(after) = self.probe(&child)? else { return Ok(None) };
            moves.push((mv, after.before()));
        }
        // A stable sort keeps the order of the legal moves among equals.
        moves.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
        Ok(Some(Probe { value, moves }))
    }

    /// Builds and writes every table of at most `pieces` pieces that `dir` lacks, smallest
    /// first, calling `progress` after each.
    pub fn build_all(
        dir: &Path,
        pieces: u32,
        threads: usize,
        mut progress: impl FnMut(&Built<G::Material>),
    ) -> Result<Vec<Built<G::Material>>, TablebaseError> {
        let tablebase = Tablebase::<G>::new(Some(dir.to_owned()), 0, threads);
        let mut materials = G::materials(pieces);
        materials.sort_by_key(|&material| G::stage(material));
        let mut built = Vec::new();
        for material in materials {
            let name = material.to_string();
            let path = Table::path(dir, G::ID, &name);
            let indices = G::index_count(material);
            let report = if path.exists() {
                let bytes = std::fs::metadata(&path)
                    .map_err(|error| TablebaseError::Io { path: path.clone(), error })?
                    .len();
                Built { material, indices, time: None, bytes }
            } else {
                let start = Instant::now();
                let codes =
                    build::<G, _>(material, &|child: &G| tablebase.value_loading(child), threads)?;
                let table = Table::new(codes);
                let bytes = table.write(&path, G::ID, &name)?;
                tablebase
                    .tables
                    .write()
                    .map_err(|_| TablebaseError::Poisoned)?
                    .insert(material, Some(Arc::new(table)));
                Built { material, indices, time: Some(start.elapsed()), bytes }
            };
            progress(&report);
            built.push(report);
        }
        Ok(built)
    }

    /// The value of a position whose table is in the folder or loaded: for building.
    fn value_loading(&self, position: &G) -> Result<Value, TablebaseError> {
        if let Some(material) = position.material() {
            self.table(material)?;
        }
        self.known_value(position)
    }

    /// Whether `position` is one the tables could hold: its game is on, and it has a material.
    #[must_use]
    pub fn covers(position: &G) -> bool {
        position.status() == Status::Ongoing && position.material().is_some()
    }
}

/// Tables as a search on a clock uses them: only the tables loaded already answer, so that a
/// probe never waits for a table to be read or built; the first position of a table not yet
/// loaded has it loaded on a thread of its own, for the searches that come after.
pub struct Loaded<G: Retrograde>(pub Arc<Tablebase<G>>);

impl<G: Retrograde> Loaded<G> {
    /// The value of `position` from a table loaded already (a finished game by its status).
    fn value_now(&self, position: &G) -> Option<Value> {
        let Some(material) = position.material() else {
            return Value::of_status(position.status(), position.side_to_move());
        };
        if G::piece_count(material) > self.0.most_pieces {
            return None;
        }
        let loaded = self.0.tables.read().ok()?.get(&material).cloned();
        match loaded {
            Some(table) => table?.get(position.index()),
            None => {
                self.load_later(material);
                None
            }
        }
    }

    /// Loads `material`'s table on a thread of its own, unless one is loading already.
    fn load_later(&self, material: G::Material) {
        if self.0.loading_later.swap(true, Ordering::AcqRel) {
            return;
        }
        let tables = self.0.clone();
        std::thread::spawn(move || {
            let _ = tables.table(material);
            tables.loading_later.store(false, Ordering::Release);
        });
    }
}

impl<G: Retrograde> Endgame<G> for Loaded<G> {
    fn value(&self, position: &G) -> Option<Value> {
        position.material()?;
        self.value_now(position)
    }

    fn moves(&self, position: &G) -> Option<Probe<G::Move>> {
        let value = self.value(position)?;
        let mut moves = Vec::new();
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            moves.push((mv, self.value_now(&child)?.before()));
        }
        moves.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
        Some(Probe { value, moves })
    }
}

/// Endgame tables as searches and analysis use them, for a game whose type they need not
/// know to be [`Retrograde`]: a table that cannot be read counts as missing.
pub trait Endgame<G: arbiter_core::Game>: Send + Sync {
    /// The value of `position` for its player to move, or `None` when no table holds it.
    fn value(&self, position: &G) -> Option<Value>;

    /// The value of `position` and of its moves, or `None` when no table holds it.
    fn moves(&self, position: &G) -> Option<Probe<G::Move>>;
}

impl<G: Retrograde> Endgame<G> for Tablebase<G> {
    fn value(&self, position: &G) -> Option<Value> {
        // Searches ask at every node: a position of a material is looked up, one without
        // (a side without pieces) is left to the search, which knows finished games.
        let material = position.material()?;
        if G::piece_count(material) > self.most_pieces {
            return None;
        }
        self.probe(position).ok().flatten()
    }

    fn moves(&self, position: &G) -> Option<Probe<G::Move>> {
        self.probe_moves(position).ok().flatten()
    }
}
