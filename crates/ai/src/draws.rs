//! The game's draw rules as a search sees them, with the game's history before the root.

use std::collections::HashMap;

use arbiter_core::{Game, Status};

use crate::Context;

/// The draw rules of a search's game and what the game before the root adds to them.
pub(crate) struct Draws {
    /// How many times each position played before the root occurred; only the positions since
    /// the last progress, which alone can recur.
    played: HashMap<u64, u32>,
    repetitions: Option<u32>,
    turns_without_progress: Option<u32>,
    /// The turns without progress that led to the root.
    pub(crate) root_quiet: u32,
}

impl Draws {
    pub(crate) fn new<G: Game>(root: &G, context: &Context<'_>) -> Self {
        let rules = root.draw_rules();
        let history = context.history;
        let recent = history.len().min(context.turns_without_progress as usize);
        let mut played = HashMap::new();
        if rules.repetitions.is_some() {
            for &hash in &history[history.len() - recent..] {
                *played.entry(hash).or_insert(0) += 1;
            }
        }
        Draws {
            played,
            repetitions: rules.repetitions,
            turns_without_progress: rules.turns_without_progress,
            root_quiet: context.turns_without_progress,
        }
    }

    /// `true` when the position `hash` is a draw by repetition, reached by `path` (the hashes
    /// from the root to its parent): it repeats a position of the path with the same player to
    /// move (a cycle gains nothing), or completes the game's count with the positions played.
    pub(crate) fn repeats(&self, hash: u64, path: &[u64]) -> bool {
        path.iter().rev().skip(1).step_by(2).any(|&earlier| earlier == hash)
            || self.repetitions.is_some_and(|limit| {
                self.played.get(&hash).is_some_and(|&count| count + 1 >= limit)
            })
    }

    /// `true` when the game is drawn at `position`, reached after `quiet` turns without
    /// progress, by the limit on them; a side to move that has lost loses instead.
    pub(crate) fn out_of_turns<G: Game>(&self, position: &G, quiet: u32) -> bool {
        self.turns_without_progress.is_some_and(|limit| quiet >= limit)
            && position.status() == Status::Ongoing
    }

    /// The turns left, after `quiet` turns without progress, before the limit on them draws
    /// the game; `None` without such a rule.
    pub(crate) fn turns_left(&self, quiet: u32) -> Option<u32> {
        self.turns_without_progress.map(|limit| limit.saturating_sub(quiet))
    }

    /// `true` when the position `hash` was played in the game before the root (since the last
    /// progress).
    pub(crate) fn played_before(&self, hash: u64) -> bool {
        self.played.contains_key(&hash)
    }

    /// The turns without progress after `mv` is played in `position`, `quiet` before it.
    pub(crate) fn after<G: Game>(position: &G, mv: G::Move, quiet: u32) -> u32 {
        if position.is_progress(mv) {
            0
        } else {
            quiet.saturating_add(1)
        }
    }
}
