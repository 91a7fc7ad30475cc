//! A game compiled from its description: roles, base propositions, moves, the initial state and
//! the network that [`Machine`](crate::Machine) evaluates.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::check::check;
use crate::cycles::Cycles;
use crate::error::GdlError;
use crate::ground::ground;
use crate::limits::{Deadline, Limits};
use crate::network::{build, Network};
use crate::parse::{parse, parse_term, parse_terms};
use crate::syntax::{write_term, Description, Symbols};

/// A state: the set of base propositions that hold, one bit each, numbered as in
/// [`Game::base_propositions`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) words: Box<[u64]>,
}

impl State {
    /// `true` when base proposition number `base` holds.
    #[must_use]
    pub fn contains(&self, base: usize) -> bool {
        self.words.get(base / 64).is_some_and(|word| word >> (base % 64) & 1 == 1)
    }

    /// The numbers of the base propositions that hold, ascending.
    pub fn bases(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(index, &word)| {
            (0..64).filter(move |bit| word >> bit & 1 == 1).map(move |bit| index * 64 + bit)
        })
    }

    /// The bits, 64 base propositions a word.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.words
    }
}

/// A move of one role: its number among [`Game::moves`] of that role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub(crate) u32);

impl Move {
    /// The move's number among its role's moves.
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How long the steps of compiling a description took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BuildTimes {
    /// The checks GDL requires.
    pub check: Duration,
    /// Grounding.
    pub ground: Duration,
    /// Building the network.
    pub build: Duration,
}

/// The size of a game's network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetworkSize {
    /// Base propositions.
    pub bases: usize,
    /// Moves, all roles together.
    pub moves: usize,
    /// Nodes.
    pub nodes: usize,
    /// Edges.
    pub edges: usize,
    /// Cycles (strongly connected components), each recomputed whole when it changes.
    pub cycles: usize,
}

/// A game compiled from GDL.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) roles: Vec<String>,
    pub(crate) bases: Vec<String>,
    moves: Vec<Vec<String>>,
    move_numbers: Vec<HashMap<String, Move>>,
    pub(crate) network: Network,
    pub(crate) initial: State,
    times: BuildTimes,
}

impl Game {
    /// Reads, checks and compiles a description in KIF.
    ///
    /// # Errors
    ///
    /// The [`GdlError`] of the first problem: the text, a rule GDL forbids, or a description
    /// the reasoner cannot compile.
    pub fn from_kif(text: &str) -> Result<Game, GdlError> {
        Game::from_description(&parse(text)?)
    }

    /// Reads, checks and compiles a description in KIF within `limits`.
    ///
    /// # Errors
    ///
    /// As [`Game::from_kif`], and [`GdlError::TooLarge`] or [`GdlError::TooSlow`] past the
    /// limits.
    pub fn from_kif_within(text: &str, limits: &Limits) -> Result<Game, GdlError> {
        let deadline = Deadline::start(limits);
        Game::compile(&parse(text)?, limits, &deadline)
    }

    /// Checks and compiles a parsed description.
    ///
    /// # Errors
    ///
    /// As [`Game::from_kif`].
    pub fn from_description(description: &Description) -> Result<Game, GdlError> {
        Game::compile(description, &Limits::REASONER, &Deadline::start(&Limits::REASONER))
    }

    /// Checks and compiles a parsed description within `limits`, by `deadline`.
    pub(crate) fn compile(
        description: &Description,
        limits: &Limits,
        deadline: &Deadline,
    ) -> Result<Game, GdlError> {
        let start = Instant::now();
        let rules = description.flatten();
        check(description, &rules)?;
        let checked = Instant::now();
        let grounding = ground(description, &rules, limits, deadline)?;
        if grounding.roles.is_empty() {
            return Err(GdlError::NoRoles);
        }
        let grounded = Instant::now();
        let symbols = &description.symbols;
        let (network, propositions) = build(&grounding, symbols)?;
        deadline.check("building the network")?;
        let terms = &grounding.terms;
        let bases: Vec<String> =
            propositions.bases.iter().map(|&base| terms.text(symbols, base)).collect();
        let moves: Vec<Vec<String>> = propositions
            .moves
            .iter()
            .map(|role| role.iter().map(|&mv| terms.text(symbols, mv)).collect())
            .collect();
        let move_numbers = moves
            .iter()
            .map(|role| {
                let numbered = role.iter().enumerate();
                numbered.map(|(i, text)| (text.clone(), Move(u32::try_from(i).unwrap_or(0))))
            })
            .map(Iterator::collect)
            .collect();
        let init = grounding.atoms(symbols.get("init"));
        let mut words = vec![0u64; bases.len().div_ceil(64)];
        for (number, &base) in propositions.bases.iter().enumerate() {
            let initial = init.iter().any(|&atom| terms.args(atom).first() == Some(&base));
            if initial {
                words[number / 64] |= 1 << (number % 64);
            }
        }
        let roles = grounding.roles.iter().map(|&role| terms.text(symbols, role)).collect();
        let built = Instant::now();
        Ok(Game {
            roles,
            bases,
            moves,
            move_numbers,
            network,
            initial: State { words: words.into() },
            times: BuildTimes {
                check: checked - start,
                ground: grounded - checked,
                build: built - grounded,
            },
        })
    }

    /// The roles, in the order of the description's `role` facts.
    #[must_use]
    pub fn roles(&self) -> &[String] {
        &self.roles
    }

    /// The number of the role named `name` (without regard to case).
    ///
    /// # Errors
    ///
    /// [`GdlError::UnknownRole`] when the game has no such role.
    pub fn role(&self, name: &str) -> Result<usize, GdlError> {
        let name = name.trim().to_ascii_lowercase();
        self.roles
            .iter()
            .position(|role| *role == name)
            .ok_or_else(|| GdlError::UnknownRole { name, roles: self.roles.join(", ") })
    }

    /// The base propositions (the `p` of `(true p)`) that some state may hold, in KIF.
    #[must_use]
    pub fn base_propositions(&self) -> &[String] {
        &self.bases
    }

    /// The base propositions that hold in `state`, in KIF, in the order of their numbers.
    #[must_use]
    pub fn propositions(&self, state: &State) -> Vec<&str> {
        state.bases().filter_map(|base| self.bases.get(base).map(String::as_str)).collect()
    }

    /// Every move `role` may ever have, in KIF; a [`Move`] is a number into this list.
    #[must_use]
    pub fn moves(&self, role: usize) -> &[String] {
        self.moves.get(role).map_or(&[], Vec::as_slice)
    }

    /// The text of `role`'s move `mv` in KIF, such as `(move 2 2 3 3)` or `noop`.
    #[must_use]
    pub fn move_text(&self, role: usize, mv: Move) -> Option<&str> {
        self.moves.get(role)?.get(mv.index()).map(String::as_str)
    }

    /// The move of `role` written `text` in KIF (any case and spacing).
    ///
    /// # Errors
    ///
    /// [`GdlError::UnknownMove`] when it is none of the role's moves, or the error of the text.
    pub fn parse_move(&self, role: usize, text: &str) -> Result<Move, GdlError> {
        let mut symbols = Symbols::default();
        let term = parse_term(&mut symbols, text)?;
        let mut canonical = String::new();
        write_term(&symbols, &term, &mut canonical);
        let role_name = self.roles.get(role).cloned().unwrap_or_default();
        self.move_numbers
            .get(role)
            .and_then(|numbers| numbers.get(&canonical))
            .copied()
            .ok_or(GdlError::UnknownMove { role: role_name, text: text.trim().to_owned() })
    }

    /// The state in which exactly the base propositions written in `text` hold: KIF terms
    /// separated by white space, such as `(cell 1 1 b) (control white)` (any case and
    /// spacing). Any set of base propositions is a state here, reachable or not.
    ///
    /// # Errors
    ///
    /// [`GdlError::UnknownProposition`] for a term that is no base proposition, or the error of
    /// the text.
    pub fn parse_state(&self, text: &str) -> Result<State, GdlError> {
        let mut symbols = Symbols::default();
        let mut words = vec![0u64; self.bases.len().div_ceil(64)];
        for term in parse_terms(&mut symbols, text)? {
            let mut canonical = String::new();
            write_term(&symbols, &term, &mut canonical);
            let base = self
                .bases
                .iter()
                .position(|base| *base == canonical)
                .ok_or(GdlError::UnknownProposition { text: canonical })?;
            words[base / 64] |= 1 << (base % 64);
        }
        Ok(State { words: words.into() })
    }

    /// The initial state.
    #[must_use]
    pub fn initial_state(&self) -> State {
        self.initial.clone()
    }

    /// How long checking, grounding and building took.
    #[must_use]
    pub fn build_times(&self) -> BuildTimes {
        self.times
    }

    /// The size of the network.
    #[must_use]
    pub fn network_size(&self) -> NetworkSize {
        NetworkSize {
            bases: self.bases.len(),
            moves: self.moves.iter().map(Vec::len).sum(),
            nodes: self.network.nodes,
            edges: self.network.edges.len(),
            cycles: self.network.cycles.as_ref().map_or(0, Cycles::len),
        }
    }
}
