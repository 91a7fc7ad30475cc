//! Arena scoring: each finished game's points, with streaks, berserk and the draw rules.
//!
//! The rules are lila's `arena/ArenaSheet.scala` (`Sheet.addResult`, version 2, in use since
//! 2020-04-21) with the game lengths of `Pairing.scala` (`quickDraw`, `notSoQuickFinish`,
//! `longGame`).

use arbiter_core::Side;

use super::{ArenaGame, ArenaRules};
use crate::player::{PlayerId, PlayerResult};

/// What one finished game scored, before any berserk bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ArenaScoreKind {
    /// A win: 2 points.
    Win,
    /// A win while on fire: 4 points.
    DoubleWin,
    /// A draw: 1 point.
    Draw,
    /// A draw while on fire: 2 points; it ends the streak.
    DoubleDraw,
    /// A draw shorter than [`ArenaRules::quick_draw_plies`]: no points.
    QuickDraw,
    /// A draw after a draw, with only losses between, shorter than
    /// [`ArenaRules::draw_streak_long_game_plies`]: no points.
    RepeatedDraw,
    /// A loss: no points.
    Loss,
}

impl ArenaScoreKind {
    /// The points of this kind of result.
    #[must_use]
    pub const fn points(self) -> u32 {
        match self {
            ArenaScoreKind::DoubleWin => 4,
            ArenaScoreKind::Win | ArenaScoreKind::DoubleDraw => 2,
            ArenaScoreKind::Draw => 1,
            ArenaScoreKind::QuickDraw | ArenaScoreKind::RepeatedDraw | ArenaScoreKind::Loss => 0,
        }
    }

    /// A win, doubled or not: two in a row set a player on fire.
    #[must_use]
    pub const fn is_win(self) -> bool {
        matches!(self, ArenaScoreKind::Win | ArenaScoreKind::DoubleWin)
    }

    /// A draw of any kind: what the draw-streak rule looks back for.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        matches!(
            self,
            ArenaScoreKind::Draw
                | ArenaScoreKind::DoubleDraw
                | ArenaScoreKind::QuickDraw
                | ArenaScoreKind::RepeatedDraw
        )
    }
}

/// One finished game on a player's sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaScore {
    /// The game's position in [`super::Arena::games`].
    pub game: usize,
    /// How it scored.
    pub kind: ArenaScoreKind,
    /// The player went berserk, won, and the game lasted
    /// [`ArenaRules::berserk_bonus_plies`]: one more point.
    pub berserk_bonus: bool,
}

impl ArenaScore {
    /// The points this game scored.
    #[must_use]
    pub const fn points(&self) -> u32 {
        self.kind.points() + self.berserk_bonus as u32
    }
}

/// A player's score sheet.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaSheet {
    /// The finished games, oldest first.
    pub scores: Vec<ArenaScore>,
    /// The sum of their points.
    pub total: u32,
    /// The last two games were won (with streaks on): the next win or draw counts double.
    pub on_fire: bool,
}

/// The sheet of `player` over `games` (in the order they were paired).
pub(super) fn sheet(rules: &ArenaRules, player: PlayerId, games: &[ArenaGame]) -> ArenaSheet {
    sheet_of(rules, player, games.iter().enumerate())
}

/// The sheet of `player` over the games given with their positions, oldest first; games
/// without the player are skipped.
pub(super) fn sheet_of<'g>(
    rules: &ArenaRules,
    player: PlayerId,
    games: impl Iterator<Item = (usize, &'g ArenaGame)>,
) -> ArenaSheet {
    let mut scores = Vec::new();
    for (position, game) in games {
        let (Some(side), Some(result)) = (game.side_of(player), game.result) else {
            continue;
        };
        let kind = kind_of(rules, &scores, game, result.for_side(side));
        let berserk_bonus =
            kind.is_win() && game.seat(side).berserk && game.plies >= rules.berserk_bonus_plies;
        scores.push(ArenaScore { game: position, kind, berserk_bonus });
    }
    let total = scores.iter().map(ArenaScore::points).sum();
    let on_fire = rules.streaks && won_last_two(&scores);
    ArenaSheet { scores, total, on_fire }
}

/// How a game with this result scores, given the scores before it.
fn kind_of(
    rules: &ArenaRules,
    before: &[ArenaScore],
    game: &ArenaGame,
    result: PlayerResult,
) -> ArenaScoreKind {
    let on_fire = rules.streaks && won_last_two(before);
    match result {
        PlayerResult::Win if on_fire => ArenaScoreKind::DoubleWin,
        PlayerResult::Win => ArenaScoreKind::Win,
        PlayerResult::Loss => ArenaScoreKind::Loss,
        // lila tests the quick draw first: a short draw scores nothing even on fire.
        PlayerResult::Draw if game.plies < rules.quick_draw_plies => ArenaScoreKind::QuickDraw,
        PlayerResult::Draw if on_fire => ArenaScoreKind::DoubleDraw,
        PlayerResult::Draw
            if rules.draw_streak_long_game_plies.is_some_and(|long| game.plies < long)
                && follows_draw(before) =>
        {
            ArenaScoreKind::RepeatedDraw
        }
        PlayerResult::Draw => ArenaScoreKind::Draw,
    }
}

/// The last two games were won (lila's `isOnFire`).
fn won_last_two(scores: &[ArenaScore]) -> bool {
    scores.len() >= 2 && scores[scores.len() - 2..].iter().all(|score| score.kind.is_win())
}

/// Looking back past losses, the latest other result is a draw (lila's `isDrawStreak`: only a
/// win breaks a draw streak).
fn follows_draw(scores: &[ArenaScore]) -> bool {
    scores
        .iter()
        .rev()
        .find(|score| score.kind != ArenaScoreKind::Loss)
        .is_some_and(|score| score.kind.is_draw())
}

/// The side `player` had in each of these finished games, oldest first.
pub(super) fn colours_of<'g>(
    player: PlayerId,
    games: impl Iterator<Item = &'g ArenaGame>,
) -> Vec<Side> {
    games.filter(|game| game.result.is_some()).filter_map(|game| game.side_of(player)).collect()
}
