//! Arena scoring: each test plays a sequence of games for player 1 and reads the points of
//! each game off the sheet, as lila's `ArenaSheet` scores them.

use arbiter_core::Side;
use arbiter_tournament::arena::{Arena, ArenaGame, ArenaPlayer, ArenaRules, ArenaSeat};
use arbiter_tournament::{GameResult, PlayerId};

/// A game for the sheet of player 1, who plays white against a fresh opponent.
#[derive(Clone, Copy)]
enum Play {
    /// Player 1 wins after this many plies.
    Win(u32),
    /// A draw after this many plies.
    Draw(u32),
    /// Player 1 loses.
    Loss,
    /// Player 1 goes berserk and wins after this many plies.
    BerserkWin(u32),
    /// Player 1 goes berserk and draws after this many plies.
    BerserkDraw(u32),
}

/// An arena where player 1 played `plays`, in order, each against a new opponent.
fn arena_of(rules: ArenaRules, plays: &[Play]) -> Arena {
    let mut players = vec![ArenaPlayer { id: PlayerId(1), rating: 1500, withdrawn: false }];
    let mut games = Vec::new();
    for (number, play) in plays.iter().enumerate() {
        let opponent = PlayerId(100 + number as u64);
        players.push(ArenaPlayer { id: opponent, rating: 1500, withdrawn: false });
        let (result, plies, berserk) = match *play {
            Play::Win(plies) => (GameResult::Win(Side::White), plies, false),
            Play::Draw(plies) => (GameResult::Draw, plies, false),
            Play::Loss => (GameResult::Win(Side::Black), 40, false),
            Play::BerserkWin(plies) => (GameResult::Win(Side::White), plies, true),
            Play::BerserkDraw(plies) => (GameResult::Draw, plies, true),
        };
        games.push(ArenaGame {
            white: ArenaSeat { player: PlayerId(1), rating: 1500, berserk },
            black: ArenaSeat { player: opponent, rating: 1500, berserk: false },
            result: Some(result),
            plies,
        });
    }
    Arena { rules, players, games }
}

/// The points of each of player 1's games, and whether they end on fire.
fn points(rules: ArenaRules, plays: &[Play]) -> (Vec<u32>, bool) {
    let sheet = arena_of(rules, plays).sheet(PlayerId(1));
    assert_eq!(sheet.total, sheet.scores.iter().map(|score| score.points()).sum::<u32>());
    (sheet.scores.iter().map(|score| score.points()).collect(), sheet.on_fire)
}

const WIN: Play = Play::Win(40);
const DRAW: Play = Play::Draw(40);
const LOSS: Play = Play::Loss;

#[test]
fn wins_score_double_after_two_wins_in_a_row() {
    let rules = ArenaRules::default();
    assert_eq!(points(rules, &[WIN, WIN, WIN, WIN]), (vec![2, 2, 4, 4], true));
}

#[test]
fn a_loss_ends_the_streak() {
    let rules = ArenaRules::default();
    assert_eq!(points(rules, &[WIN, WIN, LOSS, WIN, WIN, WIN]), (vec![2, 2, 0, 2, 2, 4], true));
    assert_eq!(points(rules, &[WIN, WIN, WIN, LOSS]), (vec![2, 2, 4, 0], false));
}

#[test]
fn a_draw_on_fire_scores_double_and_ends_the_streak() {
    let rules = ArenaRules::default();
    assert_eq!(points(rules, &[WIN, WIN, DRAW, WIN, WIN]), (vec![2, 2, 2, 2, 2], true));
    assert!(!points(rules, &[WIN, WIN, DRAW]).1);
}

#[test]
fn one_win_is_not_on_fire() {
    let rules = ArenaRules::default();
    assert_eq!(points(rules, &[LOSS, WIN, DRAW, WIN]), (vec![0, 2, 1, 2], false));
}

#[test]
fn a_draw_under_twenty_plies_scores_nothing_even_on_fire() {
    let rules = ArenaRules::default();
    assert_eq!(points(rules, &[Play::Draw(19)]).0, vec![0]);
    assert_eq!(points(rules, &[Play::Draw(20)]).0, vec![1]);
    assert_eq!(points(rules, &[WIN, WIN, Play::Draw(19), WIN]), (vec![2, 2, 0, 2], false));
    assert_eq!(points(rules, &[WIN, WIN, Play::Draw(20)]).0, vec![2, 2, 2]);
}

#[test]
fn berserk_bonus_needs_seven_moves_each_fourteen_plies() {
    let rules = ArenaRules::default();
    // Six moves each (12 plies), or white's seventh move (13 plies): no bonus.
    assert_eq!(points(rules, &[Play::BerserkWin(12)]).0, vec![2]);
    assert_eq!(points(rules, &[Play::BerserkWin(13)]).0, vec![2]);
    // Seven moves each: the bonus point.
    assert_eq!(points(rules, &[Play::BerserkWin(14)]).0, vec![3]);
}

#[test]
fn berserk_win_on_fire_scores_five() {
    let rules = ArenaRules::default();
    assert_eq!(points(rules, &[WIN, WIN, Play::BerserkWin(30)]).0, vec![2, 2, 5]);
}

#[test]
fn berserk_draws_and_losses_earn_no_bonus() {
    let rules = ArenaRules::default();
    assert_eq!(points(rules, &[Play::BerserkDraw(30)]).0, vec![1]);
    let sheet = arena_of(rules, &[Play::BerserkDraw(30)]).sheet(PlayerId(1));
    assert!(!sheet.scores[0].berserk_bonus);
}

#[test]
fn a_draw_after_a_draw_scores_nothing_unless_long() {
    let rules = ArenaRules::default();
    let short = Play::Draw(30);
    assert_eq!(points(rules, &[short, short]).0, vec![1, 0]);
    // Losses do not break a draw streak; a win does.
    assert_eq!(points(rules, &[short, LOSS, short]).0, vec![1, 0, 0]);
    assert_eq!(points(rules, &[short, WIN, short]).0, vec![1, 2, 1]);
    // A long game (60 plies by default) always scores.
    assert_eq!(points(rules, &[short, Play::Draw(60)]).0, vec![1, 1]);
    // A quick draw counts as a draw for the streak.
    assert_eq!(points(rules, &[Play::Draw(10), short]).0, vec![0, 0]);
}

#[test]
fn the_draw_streak_rule_can_be_switched_off() {
    let rules = ArenaRules { draw_streak_long_game_plies: None, ..ArenaRules::default() };
    assert_eq!(points(rules, &[DRAW, DRAW, DRAW]).0, vec![1, 1, 1]);
}

#[test]
fn without_streaks_nothing_doubles_and_nobody_is_on_fire() {
    let rules = ArenaRules { streaks: false, ..ArenaRules::default() };
    assert_eq!(points(rules, &[WIN, WIN, WIN, DRAW]), (vec![2, 2, 2, 1], false));
}

#[test]
fn unfinished_games_are_not_on_the_sheet() {
    let mut arena = arena_of(ArenaRules::default(), &[WIN]);
    arena.games[0].result = None;
    assert!(arena.sheet(PlayerId(1)).scores.is_empty());
}

#[test]
fn standings_rank_by_score_then_performance_and_show_fire() {
    // Players 1 and 2 both won twice; player 1 beat stronger opponents.
    let seat =
        |player: u64, rating: i32| ArenaSeat { player: PlayerId(player), rating, berserk: false };
    let win = |winner: ArenaSeat, loser: ArenaSeat| ArenaGame {
        white: winner,
        black: loser,
        result: Some(GameResult::Win(Side::White)),
        plies: 40,
    };
    let players = [(1, 1500), (2, 1600), (3, 1900), (4, 1200), (5, 2000)]
        .map(|(id, rating)| ArenaPlayer { id: PlayerId(id), rating, withdrawn: false })
        .to_vec();
    let games = vec![
        win(seat(1, 1500), seat(3, 1900)),
        win(seat(2, 1600), seat(4, 1200)),
        win(seat(1, 1500), seat(5, 2000)),
        win(seat(2, 1600), seat(4, 1200)),
    ];
    let arena = Arena { rules: ArenaRules::default(), players, games };
    let standings = arena.standings().expect("a consistent arena");
    let order: Vec<u64> = standings.iter().map(|line| line.player.0).collect();
    // 1 and 2 on 4 points; 1's performance (mean of 1900 and 2000, plus 500: 2450) beats 2's
    // (1200 + 500).
    assert_eq!(&order[..2], &[1, 2]);
    assert_eq!(standings[0].performance, Some(2450));
    assert_eq!(standings[1].performance, Some(1700));
    assert!(standings[0].fire && standings[1].fire);
    assert_eq!(standings.iter().map(|line| line.rank).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    // The losers by performance: 4 (1600 - 500), then 3 and 5 (1500 - 500 each) by id.
    assert_eq!(&order[2..], &[4, 3, 5]);
}
