//! Rules loaded for play: a compiled [`Game`] of two roles taking turns, checked as such, with
//! what its positions share (the Zobrist keys, the board read from the rules or else the cells
//! its moves are entered on), and the registry that finds loaded rules by the hash of their
//! text (SHA-256).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

use arbiter_core::{zobrist_keys, Side};
use sha2::{Digest, Sha256};

use crate::error::GdlError;
use crate::game::{Game, Move, State};
use crate::limits::{Deadline, Limits};
use crate::machine::Machine;
use crate::parse::parse;
use crate::play::board::Board;

/// The seed's game, `breakthroughSmallHoles`: the rules of the default options.
const SEED: &str = include_str!("../../tests/games/breakthroughSmallHoles.kif");

/// How many random games [`Rules::load`] plays to see that the roles take turns.
const TURN_CHECK_GAMES: usize = 64;

/// The longest of those games, in turns.
const TURN_CHECK_TURNS: usize = 400;

/// The most moves the two roles may have together: each is a cell of the presentation, whose
/// grid has at most 255 columns and 255 rows.
pub const MAX_PLAYABLE_MOVES: usize = 255 * 255;

/// A GDL game loaded for play: cheap to clone (it is shared), equal only to itself.
#[derive(Clone)]
pub struct Rules(pub(crate) Arc<Loaded>);

pub(crate) struct Loaded {
    pub(crate) game: Arc<Game>,
    text: Box<str>,
    /// The SHA-256 of the text.
    hash: [u8; 32],
    /// The number of this load in the registry, which moves carry to print themselves.
    pub(crate) serial: u32,
    /// The side that moves first.
    pub(crate) first: Side,
    /// A Zobrist key for each base proposition, and one for Black to move.
    pub(crate) keys: Vec<u64>,
    pub(crate) black_key: u64,
    /// The distinct texts of every move of both roles: the cells of the presentation.
    pub(crate) cells: Vec<String>,
    /// For each role, the cell of each of its moves.
    pub(crate) cell_of: [Vec<u16>; 2],
    /// The board read from the rules, where they have one that tells their moves apart: then
    /// the cells are its cells, not the moves.
    pub(crate) board: Option<Board>,
}

/// Every set of rules loaded and still in use, by serial number: a dropped one leaves a slot
/// that the next load takes.
static REGISTRY: Mutex<Vec<Weak<Loaded>>> = Mutex::new(Vec::new());

impl Rules {
    /// Reads, checks and compiles a description in KIF for play: two roles, taking turns.
    /// The same text loaded again while the first is in use gives the same rules.
    ///
    /// # Errors
    ///
    /// The [`GdlError`] of the text or the rules ([`Game::from_kif`]), or
    /// [`GdlError::NotTwoPlayerTurns`] for a game of another number of roles, or one where
    /// both roles choose at once (found by random games).
    pub fn load(text: &str) -> Result<Rules, GdlError> {
        Rules::load_within(text, &Limits::REASONER)
    }

    /// [`Rules::load`] within `limits`, which bound the whole: compiling, and the random
    /// games that check the turns and read the board.
    ///
    /// # Errors
    ///
    /// As [`Rules::load`], and [`GdlError::TooLarge`] or [`GdlError::TooSlow`] past the
    /// limits.
    pub fn load_within(text: &str, limits: &Limits) -> Result<Rules, GdlError> {
        let hash = text_hash(text);
        if let Some(same) = Rules::loaded(&hash, text) {
            return Ok(same);
        }
        // Compiled without the registry's lock, which the printing of moves takes.
        let deadline = Deadline::start(limits);
        let game = Game::compile(&parse(text)?, limits, &deadline)?;
        let first = check_turns(&game, &deadline)?;
        let (cells, cell_of) = cells(&game)?;
        let board = Board::read(&game, first, &deadline)?;
        let seed = u64::from_le_bytes(hash[..8].try_into().unwrap_or_default());
        let keys = (0..game.base_propositions().len() as u64)
            .map(|base| zobrist_keys::<1>(seed ^ base.wrapping_mul(0x9E37_79B9))[0])
            .collect();
        let mut registry = REGISTRY.lock().unwrap_or_else(PoisonError::into_inner);
        let live = registry.iter().filter_map(Weak::upgrade);
        if let Some(same) =
            live.into_iter().find(|rules| rules.hash == hash && *rules.text == *text)
        {
            return Ok(Rules(same));
        }
        let slot = registry.iter().position(|rules| rules.strong_count() == 0);
        let serial = slot.unwrap_or(registry.len());
        let loaded = Arc::new(Loaded {
            game: Arc::new(game),
            text: text.into(),
            hash,
            serial: u32::try_from(serial).unwrap_or(u32::MAX),
            first,
            keys,
            black_key: zobrist_keys::<1>(!seed)[0],
            cells,
            cell_of,
            board,
        });
        match slot {
            Some(slot) => registry[slot] = Arc::downgrade(&loaded),
            None => registry.push(Arc::downgrade(&loaded)),
        }
        Ok(Rules(loaded))
    }

    /// The rules of `text` (whose hash is `hash`) if they are loaded and in use.
    fn loaded(hash: &[u8; 32], text: &str) -> Option<Rules> {
        let registry = REGISTRY.lock().unwrap_or_else(PoisonError::into_inner);
        let mut live = registry.iter().filter_map(Weak::upgrade);
        live.find(|rules| rules.hash == *hash && *rules.text == *text).map(Rules)
    }

    /// The seed's game, `breakthroughSmallHoles` (Breakthrough 6×6 with holes, diagonal
    /// captures): the rules of the default options, loaded once.
    #[must_use]
    pub fn seed() -> Rules {
        static LOADED: OnceLock<Rules> = OnceLock::new();
        LOADED
            .get_or_init(|| Rules::load(SEED).expect("the seed's rules, kept in the crate, load"))
            .clone()
    }

    /// The rules loaded with the hash `hash` (as [`Rules::hash`] writes it), while in use.
    ///
    /// # Errors
    ///
    /// [`GdlError::UnknownRules`] when none are.
    pub fn find(hash: &str) -> Result<Rules, GdlError> {
        let unknown = || GdlError::UnknownRules { hash: hash.to_owned() };
        let wanted = hash.trim().to_ascii_lowercase();
        let registry = REGISTRY.lock().unwrap_or_else(PoisonError::into_inner);
        let mut live = registry.iter().filter_map(Weak::upgrade);
        let found = live.find(|rules| hex(&rules.hash) == wanted);
        found.map(Rules).ok_or_else(unknown)
    }

    /// The rules loaded with the serial number `serial`, while in use.
    pub(crate) fn by_serial(serial: u32) -> Option<Rules> {
        let registry = REGISTRY.lock().unwrap_or_else(PoisonError::into_inner);
        registry.get(serial as usize).and_then(Weak::upgrade).map(Rules)
    }

    /// The hash of the rules' text, 64 hexadecimal digits (its SHA-256): what the options
    /// text `rules=HASH` names them by.
    #[must_use]
    pub fn hash(&self) -> String {
        hex(&self.0.hash)
    }

    /// The hash [`Rules::hash`] gives the rules of `text`, without loading them.
    #[must_use]
    pub fn hash_of(text: &str) -> String {
        hex(&text_hash(text))
    }

    /// Whether the rules are drawn on a board read from them (else their moves are the cells).
    #[must_use]
    pub fn has_board(&self) -> bool {
        self.0.board.is_some()
    }

    /// The description's text, as loaded.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.0.text
    }

    /// The compiled game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.0.game
    }

    /// The role of `side`: the first role is White, the second Black.
    #[must_use]
    pub fn role_name(&self, side: Side) -> &str {
        self.0.game.roles().get(side.index()).map_or("?", String::as_str)
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Rules {}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({})", self.hash())
    }
}

/// The SHA-256 of the text: stable across builds and machines, so that a hash written in a
/// record or a database names the same rules later, and no two texts share one.
fn text_hash(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

/// Bytes in lowercase hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The role that chooses in the state `machine` holds, given the role that chose before
/// (`None` at the start): the one with more than one legal move; when neither has, the one
/// whose turn alternation gives. An error when both have.
fn mover(machine: &Machine<'_>, before: Option<Side>) -> Result<Side, String> {
    let choosing = [0, 1].map(|role| machine.legal_count(role) > 1);
    match (choosing, before) {
        ([true, true], _) => Err("has both roles choose a move at once".to_owned()),
        ([true, false], _) => Ok(Side::White),
        ([false, true], _) => Ok(Side::Black),
        ([false, false], Some(side)) => Ok(side.opponent()),
        ([false, false], None) => Ok(Side::White),
    }
}

/// Checks that the game has two roles that take turns, on random games (a generator of its
/// own, seeded: the same rules are always checked the same way): in every state that is not
/// terminal, the role whose turn it is by alternation is the only one with a choice. Returns
/// the side that moves first.
fn check_turns(game: &Game, deadline: &Deadline) -> Result<Side, GdlError> {
    let refuse = |problem: String| GdlError::NotTwoPlayerTurns { problem };
    if game.roles().len() != 2 {
        let roles = game.roles().join(", ");
        return Err(refuse(format!("has {} roles ({roles})", game.roles().len())));
    }
    let mut machine = game.machine();
    let first =
        mover(&machine, None).map_err(|problem| refuse(format!("{problem} at the start")))?;
    let mut random = 0x2545_F491_4F6C_DD1D_u64;
    for _ in 0..TURN_CHECK_GAMES {
        deadline.check("checking that the roles take turns")?;
        machine.set_state(&game.initial_state())?;
        let mut side = first;
        let mut played: Vec<String> = Vec::new();
        for _ in 0..TURN_CHECK_TURNS {
            if machine.is_terminal() || deadline.passed() {
                break;
            }
            let found = mover(&machine, Some(side.opponent()));
            if found != Ok(side) {
                let after = if played.is_empty() {
                    "at the start".to_owned()
                } else {
                    format!("after {}", played.join(" "))
                };
                let problem = found
                    .map_or_else(|problem| problem, |_| "does not let them alternate".to_owned());
                return Err(refuse(format!("{problem} {after}")));
            }
            let count = machine.legal_count(side.index());
            let other = machine.nth_legal(side.opponent().index(), 0);
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let chosen = usize::try_from(random % count.max(1) as u64).unwrap_or(0);
            let (Some(chosen), Some(other)) = (machine.nth_legal(side.index(), chosen), other)
            else {
                break;
            };
            played.push(game.move_text(side.index(), chosen).unwrap_or("?").to_owned());
            let joint: [Move; 2] =
                if side == Side::White { [chosen, other] } else { [other, chosen] };
            machine.play(&joint)?;
            side = side.opponent();
        }
    }
    Ok(first)
}

/// The cells of the presentation: the distinct texts of both roles' moves, the first role's
/// first, and for each role the cell of each of its moves.
fn cells(game: &Game) -> Result<(Vec<String>, [Vec<u16>; 2]), GdlError> {
    let mut cells: Vec<String> = Vec::new();
    let mut numbers: HashMap<&str, usize> = HashMap::new();
    let mut cell_of = [Vec::new(), Vec::new()];
    for (role, cell_of) in cell_of.iter_mut().enumerate() {
        for text in game.moves(role) {
            let cell = *numbers.entry(text).or_insert_with(|| {
                cells.push(text.clone());
                cells.len() - 1
            });
            if cells.len() > MAX_PLAYABLE_MOVES {
                return Err(GdlError::TooLarge {
                    what: "the distinct moves of the two roles",
                    limit: MAX_PLAYABLE_MOVES,
                });
            }
            cell_of.push(u16::try_from(cell).unwrap_or(u16::MAX));
        }
    }
    Ok((cells, cell_of))
}

impl State {
    /// The Zobrist hash of the state with `side` to move under `rules`.
    pub(crate) fn zobrist(&self, rules: &Rules, side: Side) -> u64 {
        let keys = &rules.0.keys;
        let turn = if side == Side::Black { rules.0.black_key } else { 0 };
        self.bases().fold(turn, |hash, base| hash ^ keys.get(base).copied().unwrap_or(0))
    }
}
