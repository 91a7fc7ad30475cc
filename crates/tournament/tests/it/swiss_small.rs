//! Small Swiss events paired by hand, round by round: the Dutch order, score groups, colours,
//! the bye, withdrawals, and the errors.

use arbiter_core::Side::{Black, White};
use arbiter_tournament::swiss::{
    SwissBoard, SwissEvent, SwissGame, SwissPlayer, SwissResult, SwissRound,
};
use arbiter_tournament::{GameResult, PlayerId, TournamentError};

/// An event of `rounds` rounds with players 1, 2, … rated 2400, 2300, … (so the pairing
/// numbers are the ids) and White as the initial colour.
pub fn event(players: u64, rounds: u32) -> SwissEvent {
    SwissEvent {
        rounds,
        initial_colour: White,
        players: (1..=players)
            .map(|id| SwissPlayer {
                id: PlayerId(id),
                rating: 2500 - 100 * i32::try_from(id).expect("a small id"),
                withdrawn: false,
            })
            .collect(),
        history: Vec::new(),
    }
}

/// A board, white first.
pub fn board(white: u64, black: u64) -> SwissBoard {
    SwissBoard { white: PlayerId(white), black: PlayerId(black) }
}

/// A played game with its result: `1` white won, `0` black won, anything else a draw.
pub fn played(white: u64, black: u64, white_score: u8) -> SwissGame {
    let result = match white_score {
        1 => GameResult::Win(White),
        0 => GameResult::Win(Black),
        _ => GameResult::Draw,
    };
    SwissGame {
        white: PlayerId(white),
        black: PlayerId(black),
        result: Some(SwissResult::Played(result)),
    }
}

/// A round of these games and bye.
pub fn round(games: Vec<SwissGame>, bye: Option<u64>) -> SwissRound {
    SwissRound { games, bye: bye.map(PlayerId) }
}

/// Pairs the next round.
fn next(event: &SwissEvent) -> arbiter_tournament::swiss::SwissPairing {
    event.pair_next_round().expect("a pairable event")
}

#[test]
fn four_players_round_one_pairs_top_half_against_bottom_half() {
    let pairing = next(&event(4, 3));
    assert_eq!(pairing.round, 1);
    // 1 against 3 and 2 against 4; number 1 (odd) takes the initial colour, number 2 the other.
    assert_eq!(pairing.boards, vec![board(1, 3), board(4, 2)]);
    assert_eq!((pairing.bye, pairing.unpaired.len()), (None, 0));
}

#[test]
fn four_players_round_two_pairs_the_winners_and_alternates_colours() {
    let mut event = event(4, 3);
    event.history.push(round(vec![played(1, 3, 1), played(4, 2, 1)], None));
    // Winners 1 and 4 meet, losers 2 and 3. Both winners had white and want black: E.4
    // gives the higher-ranked (1) their preference. Likewise 2 gets white against 3.
    assert_eq!(next(&event).boards, vec![board(4, 1), board(2, 3)]);
}

#[test]
fn four_players_round_three_avoids_rematches_with_floaters() {
    let mut event = event(4, 3);
    event.history.push(round(vec![played(1, 3, 1), played(4, 2, 1)], None));
    event.history.push(round(vec![played(4, 1, 1), played(2, 3, 1)], None));
    // Scores: 4 has 2, 1 and 2 have 1, 3 has 0. 4 has met 1 and 2, so floats down to 3;
    // 1 and 2 meet. 4 (white twice) must have black, 3 (black twice) white; 1 (W, B) wants
    // white, 2 (B, W) black.
    let pairing = next(&event);
    assert_eq!(pairing.boards, vec![board(3, 4), board(1, 2)]);
}

#[test]
fn five_players_round_one_gives_the_bye_to_the_lowest_ranked() {
    let pairing = next(&event(5, 3));
    assert_eq!(pairing.boards, vec![board(1, 3), board(4, 2)]);
    assert_eq!(pairing.bye, Some(PlayerId(5)));
}

#[test]
fn five_players_nobody_gets_a_second_bye_and_colours_decide() {
    let mut event = event(5, 3);
    event.history.push(round(vec![played(1, 3, 2), played(4, 2, 2)], Some(5)));
    // 5 leads with the bye's point; 1 to 4 have half a point. The bye goes to the
    // lowest-ranked of them, 4. 5 moves down and meets 1 or 3: pairing 5 with 3 and 1 with 2
    // grants every colour preference (3 and 2 want white, 1 black; 5 has none), which FIDE
    // ranks above the Dutch order (5 with 1, then 2 with 3).
    let pairing = next(&event);
    assert_eq!(pairing.bye, Some(PlayerId(4)));
    assert_eq!(pairing.boards, vec![board(3, 5), board(2, 1)]);
}

#[test]
fn withdrawn_players_are_not_paired() {
    let mut event = event(5, 3);
    event.players[0].withdrawn = true;
    let pairing = next(&event);
    // 2 to 5 remain: 2 against 4 and 3 against 5, no bye.
    assert_eq!(pairing.boards, vec![board(4, 2), board(3, 5)]);
    assert_eq!(pairing.bye, None);
}

#[test]
fn players_who_have_met_everyone_are_left_unpaired() {
    let mut event = event(2, 3);
    event.history.push(round(vec![played(1, 2, 2)], None));
    let pairing = next(&event);
    assert!(pairing.boards.is_empty());
    assert_eq!(pairing.unpaired, vec![PlayerId(1), PlayerId(2)]);
}

#[test]
fn a_forfeited_game_may_be_replayed_and_rules_out_the_bye() {
    let mut event = event(3, 3);
    let forfeit = SwissGame {
        white: PlayerId(1),
        black: PlayerId(2),
        result: Some(SwissResult::Forfeit { winner: Some(White) }),
    };
    event.history.push(round(vec![forfeit], Some(3)));
    // 1 won by forfeit and 3 had the bye: only 2 may take the bye. 1 and 3 meet.
    let pairing = next(&event);
    assert_eq!(pairing.bye, Some(PlayerId(2)));
    assert_eq!(pairing.boards.len(), 1);
    let mut event = self::event(2, 3);
    event.history.push(round(
        vec![SwissGame {
            white: PlayerId(1),
            black: PlayerId(2),
            result: Some(SwissResult::Forfeit { winner: None }),
        }],
        None,
    ));
    assert_eq!(next(&event).boards.len(), 1, "a forfeit is not a game played");
}

#[test]
fn a_third_colour_in_a_row_is_avoided() {
    // After two rounds 1, 2 and 3 lead with 1.5 points. 1 and 2 had black twice and must have
    // white; 3 had white twice. The Dutch order would pair 1 with 2 (and 2 has met 3), so 1
    // meets 3 and 2 floats down to 5, who had white twice too.
    let mut event = event(6, 4);
    event.history.push(round(vec![played(5, 1, 0), played(3, 6, 1), played(4, 2, 0)], None));
    event.history.push(round(vec![played(3, 2, 2), played(4, 1, 2), played(5, 6, 1)], None));
    let pairing = next(&event);
    assert_eq!(pairing.boards, vec![board(1, 3), board(2, 5), board(6, 4)]);
}

#[test]
fn unfinished_and_complete_events_have_no_next_round() {
    let mut event = event(4, 2);
    let mut first = round(vec![played(1, 3, 1), played(4, 2, 1)], None);
    first.games[1].result = None;
    event.history.push(first);
    let unfinished =
        TournamentError::UnfinishedGame { round: 1, white: PlayerId(4), black: PlayerId(2) };
    assert_eq!(event.pair_next_round(), Err(unfinished));
    assert!(event.standings().is_ok(), "standings count the games finished so far");
    event.rounds = 1;
    event.history[0].games[1] = played(4, 2, 1);
    assert_eq!(event.pair_next_round(), Err(TournamentError::EventComplete { rounds: 1 }));
}

#[test]
fn inconsistent_histories_are_refused() {
    let mut event = event(4, 3);
    event.history.push(round(vec![played(1, 3, 1), played(1, 2, 1)], None));
    let twice = TournamentError::PlayerTwiceInRound { round: 1, player: PlayerId(1) };
    assert_eq!(event.pair_next_round(), Err(twice));
    event.history[0] = round(vec![played(1, 9, 1)], None);
    assert_eq!(event.standings(), Err(TournamentError::UnknownPlayer { player: PlayerId(9) }));
    event.history[0] = round(vec![played(1, 3, 1)], Some(3));
    let twice = TournamentError::PlayerTwiceInRound { round: 1, player: PlayerId(3) };
    assert_eq!(event.standings(), Err(twice));
    event.history.clear();
    event.rounds = 0;
    assert_eq!(event.pair_next_round(), Err(TournamentError::NoRounds));
}
