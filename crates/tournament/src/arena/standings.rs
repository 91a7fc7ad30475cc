//! Arena standings: score, then performance rating.

use arbiter_core::Side;
use std::cmp::Reverse;

use super::sheet::sheet_of;
use super::{Arena, ArenaStanding, Roster};
use crate::player::PlayerResult;

/// How far a win lifts, and a loss lowers, a game's performance above the opponent's rating
/// (lila's `TournamentApi.performanceOf`: the opponent's rating ± 500, after the linear
/// performance rating of <https://en.wikipedia.org/wiki/Elo_rating_system#Performance_rating>).
const PERFORMANCE_SPREAD: i64 = 500;

/// The standings of a checked arena.
pub(super) fn standings(arena: &Arena, roster: &Roster) -> Vec<ArenaStanding> {
    let mut performance_sums = vec![(0_i64, 0_i64); arena.players.len()];
    for game in &arena.games {
        let Some(result) = game.result else {
            continue; // still being played
        };
        for side in Side::BOTH {
            let shift = match result.for_side(side) {
                PlayerResult::Win => PERFORMANCE_SPREAD,
                PlayerResult::Draw => 0,
                PlayerResult::Loss => -PERFORMANCE_SPREAD,
            };
            if let Some(&position) = roster.index.get(&game.seat(side).player) {
                let (sum, count) = &mut performance_sums[position];
                *sum += i64::from(game.seat(side.opponent()).rating) + shift;
                *count += 1;
            }
        }
    }
    let mut lines: Vec<ArenaStanding> = arena
        .players
        .iter()
        .zip(performance_sums)
        .zip(&roster.games_of)
        .map(|((player, (sum, count)), games)| {
            let games = games.iter().map(|&number| (number, &arena.games[number]));
            let player_sheet = sheet_of(&arena.rules, player.id, games);
            ArenaStanding {
                rank: 0,
                player: player.id,
                score: player_sheet.total,
                fire: player_sheet.on_fire,
                performance: (count > 0).then(|| rounded_mean(sum, count)),
                rating: player.rating,
                games: u32::try_from(player_sheet.scores.len()).unwrap_or(u32::MAX),
                withdrawn: player.withdrawn,
            }
        })
        .collect();
    lines.sort_by_key(|line| {
        (Reverse(line.score), Reverse(line.performance.unwrap_or(line.rating)), line.player)
    });
    for (place, line) in lines.iter_mut().enumerate() {
        line.rank = u32::try_from(place + 1).unwrap_or(u32::MAX);
    }
    lines
}

/// `sum / count` rounded to the nearest integer, halves upwards; `count` is positive.
fn rounded_mean(sum: i64, count: i64) -> i32 {
    let mean = (2 * sum + count).div_euclid(2 * count);
    i32::try_from(mean).unwrap_or(if mean < 0 { i32::MIN } else { i32::MAX })
}

#[cfg(test)]
mod tests {
    use super::rounded_mean;

    #[test]
    fn means_round_halves_up() {
        assert_eq!(rounded_mean(3, 2), 2);
        assert_eq!(rounded_mean(-3, 2), -1);
        assert_eq!(rounded_mean(10, 4), 3);
        assert_eq!(rounded_mean(9, 4), 2);
    }
}
