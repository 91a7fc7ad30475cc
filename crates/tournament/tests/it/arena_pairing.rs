//! Arena pairing: nearness, no immediate rematch while others wait, colours, odd pools,
//! determinism and the checks on the waiting list.

use arbiter_core::Side;
use arbiter_tournament::arena::{
    Arena, ArenaGame, ArenaPairing, ArenaPlayer, ArenaRules, ArenaSeat,
};
use arbiter_tournament::{GameResult, PlayerId, TournamentError};

/// Players `(id, rating)`, none withdrawn.
fn players(list: &[(u64, i32)]) -> Vec<ArenaPlayer> {
    list.iter()
        .map(|&(id, rating)| ArenaPlayer { id: PlayerId(id), rating, withdrawn: false })
        .collect()
}

/// A finished 40-ply game between `white` and `black` with this result.
fn game(white: u64, black: u64, result: GameResult) -> ArenaGame {
    let seat = |player: u64| ArenaSeat { player: PlayerId(player), rating: 1500, berserk: false };
    ArenaGame { white: seat(white), black: seat(black), result: Some(result), plies: 40 }
}

fn ids(list: &[u64]) -> Vec<PlayerId> {
    list.iter().copied().map(PlayerId).collect()
}

/// The pairs as sorted id pairs, sorted, ignoring colours.
fn pairs(pairings: &[ArenaPairing]) -> Vec<(u64, u64)> {
    let mut pairs: Vec<(u64, u64)> =
        pairings.iter().map(|p| (p.white.0.min(p.black.0), p.white.0.max(p.black.0))).collect();
    pairs.sort_unstable();
    pairs
}

#[test]
fn pairs_players_nearest_in_standings_and_rating() {
    // No games yet: the standings are in rating order.
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1500), (4, 1490)]),
        games: Vec::new(),
    };
    let pairings = arena.pair(&ids(&[4, 1, 3, 2]), 0).expect("a valid pool");
    assert_eq!(pairs(&pairings), vec![(1, 2), (3, 4)]);
    // The leaders' game is listed first.
    assert_eq!(pairs(&pairings[..1]), vec![(1, 2)]);
}

#[test]
fn score_outweighs_rating() {
    // 3 and 4 won their games, 1 and 2 lost theirs (to players not waiting): the winners meet
    // and the losers meet, although 1 and 3, and 2 and 4, are nearer in rating.
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1500), (3, 1990), (4, 1490), (5, 1000), (6, 1000)]),
        games: vec![
            game(3, 5, GameResult::Win(Side::White)),
            game(4, 6, GameResult::Win(Side::White)),
            game(5, 1, GameResult::Win(Side::White)),
            game(6, 2, GameResult::Win(Side::White)),
        ],
    };
    let pairings = arena.pair(&ids(&[1, 2, 3, 4]), 0).expect("a valid pool");
    assert_eq!(pairs(&pairings), vec![(1, 2), (3, 4)]);
    assert_eq!(pairs(&pairings[..1]), vec![(3, 4)], "the leaders' game first");
}

#[test]
fn no_immediate_rematch_while_others_wait() {
    // 1 and 2 are nearest but have just played each other.
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1500), (4, 1490)]),
        games: vec![game(1, 2, GameResult::Draw), game(3, 4, GameResult::Draw)],
    };
    let pairings = arena.pair(&ids(&[1, 2, 3, 4]), 0).expect("a valid pool");
    assert_eq!(pairings.len(), 2);
    assert!(!pairs(&pairings).contains(&(1, 2)));
    assert!(!pairs(&pairings).contains(&(3, 4)));
}

#[test]
fn two_players_who_just_met_wait_for_someone_else() {
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1500)]),
        games: vec![game(1, 2, GameResult::Draw)],
    };
    assert_eq!(arena.pair(&ids(&[1, 2]), 0), Ok(Vec::new()));
}

#[test]
fn the_only_two_active_players_may_meet_again() {
    let mut arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1500)]),
        games: vec![game(1, 2, GameResult::Draw)],
    };
    arena.players[2].withdrawn = true;
    assert_eq!(pairs(&arena.pair(&ids(&[1, 2]), 0).expect("a valid pool")), vec![(1, 2)]);
}

#[test]
fn the_player_with_more_blacks_gets_white() {
    // 1 had black last, 2 had white: 1 gets white whatever the seed.
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1500), (4, 1490)]),
        games: vec![game(3, 1, GameResult::Draw), game(2, 4, GameResult::Draw)],
    };
    for seed in 0..20 {
        let pairings = arena.pair(&ids(&[1, 2]), seed).expect("a valid pool");
        assert_eq!(pairings, vec![ArenaPairing { white: PlayerId(1), black: PlayerId(2) }]);
    }
}

#[test]
fn equal_colour_histories_follow_the_seed_deterministically() {
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990)]),
        games: Vec::new(),
    };
    let white_for = |seed: u64| arena.pair(&ids(&[1, 2]), seed).expect("a valid pool")[0].white;
    let whites: Vec<PlayerId> = (0..32).map(white_for).collect();
    assert_eq!(whites, (0..32).map(white_for).collect::<Vec<_>>(), "same seed, same colours");
    assert!(whites.contains(&PlayerId(1)) && whites.contains(&PlayerId(2)));
}

#[test]
fn players_on_three_blacks_in_a_row_do_not_meet() {
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1500), (4, 1490), (5, 1480), (6, 1470)]),
        games: vec![
            game(3, 1, GameResult::Draw),
            game(4, 2, GameResult::Draw),
            game(5, 1, GameResult::Draw),
            game(6, 2, GameResult::Draw),
            game(4, 1, GameResult::Draw),
            game(3, 2, GameResult::Draw),
        ],
    };
    // 1 and 2 both had black three times running: with nobody else waiting, no game.
    assert_eq!(arena.pair(&ids(&[1, 2]), 0), Ok(Vec::new()));
}

#[test]
fn an_odd_pool_leaves_the_latest_arrival_waiting() {
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1980)]),
        games: Vec::new(),
    };
    let pairings = arena.pair(&ids(&[3, 1, 2]), 0).expect("a valid pool");
    assert_eq!(pairs(&pairings), vec![(1, 3)]);
}

#[test]
fn an_odd_pool_pairs_the_latest_arrival_when_nobody_else_can_play() {
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1980)]),
        games: vec![game(1, 2, GameResult::Draw)],
    };
    let pairings = arena.pair(&ids(&[1, 2, 3]), 0).expect("a valid pool");
    assert_eq!(pairings.len(), 1);
    assert!(pairs(&pairings)[0].1 == 3);
}

#[test]
fn the_waiting_list_is_checked() {
    let mut arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (2, 1990), (3, 1980)]),
        games: vec![ArenaGame { result: None, ..game(1, 2, GameResult::Draw) }],
    };
    arena.players[2].withdrawn = true;
    let error = |arena: &Arena, waiting: &[u64]| arena.pair(&ids(waiting), 0).err();
    let unknown = TournamentError::UnknownPlayer { player: PlayerId(9) };
    assert_eq!(error(&arena, &[9]), Some(unknown));
    let withdrawn = TournamentError::WithdrawnWaiting { player: PlayerId(3) };
    assert_eq!(error(&arena, &[3]), Some(withdrawn));
    let playing = TournamentError::PlayingWaiting { player: PlayerId(1) };
    assert_eq!(error(&arena, &[1]), Some(playing));
    arena.games.clear();
    let twice = TournamentError::DuplicateWaiting { player: PlayerId(1) };
    assert_eq!(error(&arena, &[1, 1]), Some(twice));
}

#[test]
fn inconsistent_arenas_are_refused() {
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000), (1, 1990)]),
        games: Vec::new(),
    };
    assert_eq!(arena.standings(), Err(TournamentError::DuplicatePlayer { player: PlayerId(1) }));
    let arena = Arena {
        rules: ArenaRules::default(),
        players: players(&[(1, 2000)]),
        games: vec![game(1, 7, GameResult::Draw)],
    };
    assert_eq!(arena.standings(), Err(TournamentError::UnknownPlayer { player: PlayerId(7) }));
}
