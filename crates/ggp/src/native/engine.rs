//! A game of the catalog behind an object-safe interface of move texts: the position, its
//! moves, and the perfect player (the solver, alpha-beta when the solver does not settle the
//! position in time).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use arbiter_ai::{Context, Limits, Perfect, Player, DEFAULT_SOLVER_MIB};
use arbiter_catalog::{AnyGame, Visitor};
use arbiter_core::{GameOptions, Side};

/// A native game in play, its moves as text (the game's own notation).
pub(crate) trait NativeGame: Send {
    /// Back to the start position.
    fn reset(&mut self);
    /// The side to move (0 White, 1 Black), `None` once the game is over.
    fn side_to_move(&self) -> Option<usize>;
    /// The winner (0 White, 1 Black) of a finished game; `None` for a draw or a game going on.
    fn winner(&self) -> Option<usize>;
    /// The legal moves in the game's notation.
    fn legal_moves(&self) -> Vec<String>;
    /// The legal move written `text` (in any notation the game reads), in its notation.
    fn legal_move(&self, text: &str) -> Option<String>;
    /// Plays a legal move given in any notation the game reads; `false` if it is not one.
    fn play(&mut self, text: &str) -> bool;
    /// The perfect player's move within `time` (or at once when `stop` is set), and its score.
    fn best(&mut self, time: Duration, stop: &AtomicBool) -> Option<(String, String)>;
}

/// Builds a [`NativeGame`] of the visited game type under `options`.
pub(crate) struct Make<'a> {
    pub options: &'a str,
}

impl Visitor for Make<'_> {
    type Output = Option<Box<dyn NativeGame>>;

    fn visit<G: AnyGame>(self) -> Self::Output {
        let options = G::Options::parse(self.options).ok()?;
        let start = G::start(&options);
        Some(Box::new(Native {
            position: start.clone(),
            start,
            perfect: Perfect::new(Limits::default(), DEFAULT_SOLVER_MIB),
        }))
    }
}

struct Native<G: AnyGame> {
    start: G,
    position: G,
    perfect: Perfect<G>,
}

impl<G: AnyGame> NativeGame for Native<G> {
    fn reset(&mut self) {
        self.position = self.start.clone();
    }

    fn side_to_move(&self) -> Option<usize> {
        if self.position.status().outcome().is_some() {
            return None;
        }
        Some(usize::from(self.position.side_to_move() == Side::Black))
    }

    fn winner(&self) -> Option<usize> {
        let winner = self.position.status().outcome()?.winner()?;
        Some(usize::from(winner == Side::Black))
    }

    fn legal_moves(&self) -> Vec<String> {
        self.position.legal_moves().iter().map(ToString::to_string).collect()
    }

    fn legal_move(&self, text: &str) -> Option<String> {
        self.position.parse_move(text).ok().map(|mv| mv.to_string())
    }

    fn play(&mut self, text: &str) -> bool {
        match self.position.parse_move(text) {
            Ok(mv) => self.position.play(mv).is_ok(),
            Err(_) => false,
        }
    }

    fn best(&mut self, time: Duration, stop: &AtomicBool) -> Option<(String, String)> {
        self.perfect.set_limits(Limits::time(time));
        let context = Context { stop: Some(stop), ..Context::default() };
        let report = self.perfect.choose(&self.position, &context, &mut |_| {});
        Some((report.best?.to_string(), report.score.to_string()))
    }
}
