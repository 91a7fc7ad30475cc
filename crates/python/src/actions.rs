//! The integer action encoding: a turn entered as a sequence of steps, each one action, as
//! OpenSpiel enters a checkers multi-jump.
//!
//! A step goes from one cell to another, perhaps with a choice (Fanorona's approach `A` or
//! withdrawal `W`); its action is `(from × cells + to) × kinds + kind`, where `cells` is the
//! number of cells of the board, `kinds` is one more than the game's
//! [`Present::CHOICES`] and `kind` is 0 for a step without a choice, else one more than the
//! choice's place in that list. The one action after all of those, `cells² × kinds`, ends a
//! turn that could go on (`skip`: a Fanorona chain stopped, a Day-and-Night turn without its
//! neutral slide). The numbers depend on the game and its options only, never on the position.
//!
//! Which steps may come next is the shared turn assembly's ([`arbiter_core::turn::Turn`]): this
//! module numbers its steps and holds no rule.

use arbiter_core::present::{Geometry, Present, Step, SKIP};

use crate::error::Error;

/// The action numbers of a game under its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encoding {
    cells: usize,
    choices: &'static [&'static str],
}

impl Encoding {
    /// The encoding of `G` on a board of `cells` cells.
    pub fn of<G: Present>(cells: usize) -> Encoding {
        Encoding { cells, choices: G::CHOICES }
    }

    /// The kinds of step between two cells: without a choice, and with each choice.
    fn kinds(self) -> usize {
        1 + self.choices.len()
    }

    /// The action that ends a turn that could go on.
    pub fn skip(self) -> usize {
        self.cells * self.cells * self.kinds()
    }

    /// The number of distinct actions: every step, and the skip.
    pub fn count(self) -> usize {
        self.skip() + 1
    }

    /// The action of `step`.
    pub fn step(self, step: &Step) -> Result<usize, Error> {
        let kind = match &step.choice {
            None => 0,
            Some(choice) => {
                let place = self.choices.iter().position(|token| *token == choice.token);
                1 + place.ok_or_else(|| {
                    Error::Invalid(format!(
                        "the step {} carries the choice `{}`, which its game does not list \
                         among its choices (a bug of the game)",
                        step.text, choice.token
                    ))
                })?
            }
        };
        Ok((step.from.index() * self.cells + step.to.index()) * self.kinds() + kind)
    }

    /// An action in the cells' names, for any action number of the game (legal here or not):
    /// `a3-b4`, `E3-D3:A`, `skip`.
    pub fn describe(self, action: usize, geometry: &Geometry) -> Result<String, Error> {
        if action == self.skip() {
            return Ok(SKIP.to_owned());
        }
        if action > self.skip() {
            return Err(Error::Invalid(format!(
                "action {action} does not exist; this game's actions are 0 to {}",
                self.skip()
            )));
        }
        let (cells, kind) = (action / self.kinds(), action % self.kinds());
        let from = geometry.cells[cells / self.cells].name.as_str();
        let to = geometry.cells[cells % self.cells].name.as_str();
        Ok(match kind.checked_sub(1) {
            None => format!("{from}-{to}"),
            Some(choice) => format!("{from}-{to}:{}", self.choices[choice]),
        })
    }
}
