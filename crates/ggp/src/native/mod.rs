//! The games Arbiter plays natively, recognised in the rules a host sends by their structure,
//! not their name; then played by the native engine and its solver.
//!
//! A description is recognised as a known game when two things hold:
//!
//! 1. its names correspond to those of the known game's reference text: either through the
//!    canonical form ([`canon`]), which matches two descriptions that differ only by the names
//!    (as ggp-base's scrambler renames them) and the order of the rules, or, for another text of
//!    the same game, through the names themselves;
//! 2. through that correspondence the reasoner agrees with the native game over
//!    [`RECOGNITION_PLAYOUTS`] random games: the same role to move, the same legal moves
//!    (each GDL move read as a native move), the waiting role's single move, the same end and
//!    the winner's goal of 100.
//!
//! In play the agreement is checked again at every position before the native engine is
//! asked; a move it chooses is played only as one of the reasoner's legal moves, so a
//! description that agreed by chance can never make the player answer an illegal move.

pub mod canon;
mod engine;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use arbiter_catalog::GameId;
use arbiter_gdl::{parse, Description, Game, Machine, Move};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::native::canon::Canonical;
use crate::native::engine::{Make, NativeGame};
use crate::search::playout;
use crate::sexpr::{read, Sexpr};

/// The random games over which a description must agree with the native game.
pub const RECOGNITION_PLAYOUTS: usize = 20;
/// The longest of those games, in joint moves.
const RECOGNITION_STEPS: usize = 500;

/// A game the player knows natively: its reference text in GDL and the catalog's game.
struct Known {
    /// The reference description.
    kif: &'static str,
    /// The native game and its options.
    game: GameId,
    options: &'static str,
    /// The reference text's roles, White's first.
    roles: [&'static str; 2],
}

/// The known games. `breakthroughSmallHoles` is the seed game `holes` with
/// `captures=diagonal` (docs/rules.md §2); its reference text is the one the reasoner's tests
/// compare with the native engine.
const KNOWN: [Known; 1] = [Known {
    kif: include_str!("../../../gdl/tests/games/breakthroughSmallHoles.kif"),
    game: GameId::Holes,
    options: "captures=diagonal",
    roles: ["white", "black"],
}];

/// A match whose rules are a known game: the native position beside the reasoner's state.
pub struct NativeMatch {
    native: Box<dyn NativeGame>,
    /// The reference name of each of the description's names (`None`: the same names).
    names: Option<HashMap<String, String>>,
    /// The native side (0 White, 1 Black) of each role.
    sides: Vec<usize>,
    game: GameId,
}

impl NativeMatch {
    /// The known game `description` (compiled as `game`) is, if any.
    #[must_use]
    pub fn recognise(description: &Description, game: &Game, seed: u64) -> Option<NativeMatch> {
        if game.roles().len() != 2 {
            return None;
        }
        let canonical = Canonical::of(description);
        KNOWN.iter().find_map(|known| {
            let reference = parse(known.kif).ok()?;
            let names = canonical.matching(&Canonical::of(&reference));
            let native = known.game.visit(Make { options: known.options })?;
            let mut candidate = NativeMatch { native, names, sides: Vec::new(), game: known.game };
            for role in game.roles() {
                let name = candidate.reference_name(role)?;
                candidate.sides.push(known.roles.iter().position(|&known| known == name)?);
            }
            if candidate.sides[0] == candidate.sides[1] {
                return None;
            }
            candidate.agrees_over_random_games(game, seed).then_some(candidate)
        })
    }

    /// The native game's identifier in the catalog.
    #[must_use]
    pub fn game_id(&self) -> &'static str {
        self.game.id()
    }

    fn reference_name<'a>(&'a self, name: &'a str) -> Option<&'a str> {
        match &self.names {
            Some(names) => names.get(name).map(String::as_str),
            None => Some(name),
        }
    }

    /// A GDL move of the description in the reference text's names: `(move 1 1 2 2)`.
    fn reference_move(&self, text: &str) -> Option<String> {
        fn write(
            expression: &Sexpr,
            rename: &dyn Fn(&str) -> Option<String>,
            out: &mut String,
        ) -> Option<()> {
            match expression {
                Sexpr::Atom(word) => out.push_str(&rename(word)?),
                Sexpr::List { items, .. } => {
                    out.push('(');
                    for (index, item) in items.iter().enumerate() {
                        if index > 0 {
                            out.push(' ');
                        }
                        write(item, rename, out)?;
                    }
                    out.push(')');
                }
            }
            Some(())
        }
        let rename =
            |word: &str| self.reference_name(&word.to_ascii_lowercase()).map(str::to_owned);
        let mut out = String::new();
        write(&read(text).ok()?, &rename, &mut out)?;
        Some(out)
    }

    /// The native move of a GDL move text, if it is a legal one.
    fn native_move(&self, text: &str) -> Option<String> {
        self.native.legal_move(&self.reference_move(text)?)
    }

    /// `true` when the reasoner's state (in `machine`) and the native position agree.
    #[must_use]
    pub fn agrees(&self, game: &Game, machine: &Machine<'_>) -> bool {
        let Some(side) = self.native.side_to_move() else {
            let Some(winner) = self.native.winner() else { return false };
            let role = self.sides.iter().position(|&s| s == winner);
            return machine.is_terminal() && role.and_then(|role| machine.goal(role)) == Some(100);
        };
        if machine.is_terminal() {
            return false;
        }
        let Some(mover) = self.sides.iter().position(|&s| s == side) else { return false };
        if machine.legal_count(1 - mover) != 1 {
            return false;
        }
        let mut native = self.native.legal_moves();
        let mut translated: Vec<String> = Vec::with_capacity(native.len());
        for mv in machine.legal_moves(mover) {
            match game.move_text(mover, mv).and_then(|text| self.native_move(text)) {
                Some(native_move) => translated.push(native_move),
                None => return false,
            }
        }
        native.sort_unstable();
        translated.sort_unstable();
        native == translated
    }

    /// Plays the joint move (reached by the reasoner) on the native position: `false` when the
    /// positions cannot follow each other.
    pub fn play(&mut self, game: &Game, joint: &[Move]) -> bool {
        let Some(side) = self.native.side_to_move() else { return false };
        let Some(mover) = self.sides.iter().position(|&s| s == side) else { return false };
        let text = joint.get(mover).and_then(|&mv| game.move_text(mover, mv));
        let Some(native_move) = text.and_then(|text| self.native_move(text)) else { return false };
        self.native.play(&native_move)
    }

    /// `role`'s move by the native engine (the solver first) within `time`, with its score;
    /// `None` when the positions disagree or the engine has no move. The move is one of the
    /// reasoner's legal moves.
    pub fn choose(
        &mut self,
        game: &Game,
        machine: &Machine<'_>,
        role: usize,
        time: Duration,
        stop: &AtomicBool,
    ) -> Option<(Move, String)> {
        if !self.agrees(game, machine) {
            return None;
        }
        if machine.legal_count(role) == 1 {
            return Some((machine.legal_moves(role).next()?, "waits".to_owned()));
        }
        let (best, score) = self.native.best(time, stop)?;
        let mv = machine.legal_moves(role).find(|&mv| {
            game.move_text(role, mv).and_then(|text| self.native_move(text)).as_deref()
                == Some(best.as_str())
        })?;
        Some((mv, score))
    }

    /// Thinks about the current position for `time` (or until `stop`), during the start clock:
    /// the first search makes the solver's tables, and what the solver proves is kept for the
    /// moves to come.
    pub fn ponder(&mut self, time: Duration, stop: &AtomicBool) {
        let _ = self.native.best(time, stop);
    }

    /// Plays random games on both sides; `true` when they agree all along.
    fn agrees_over_random_games(&mut self, game: &Game, seed: u64) -> bool {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut machine = game.machine();
        let mut joint = Vec::with_capacity(2);
        let initial = game.initial_state();
        for _ in 0..RECOGNITION_PLAYOUTS {
            self.native.reset();
            if machine.set_state(&initial).is_err() {
                return false;
            }
            for _ in 0..RECOGNITION_STEPS {
                if !self.agrees(game, &machine) {
                    return false;
                }
                if machine.is_terminal() {
                    break;
                }
                if !playout::random_joint(&machine, 2, &mut rng, &mut joint)
                    || !self.play(game, &joint)
                    || machine.play(&joint).is_err()
                {
                    return false;
                }
            }
        }
        self.native.reset();
        true
    }
}
