//! The strong solution of mini checkers against a plain memoised negamax written here from the
//! rules alone (the `Game` trait), over every reachable position and along random games;
//! against the df-pn solver on a few positions; and its file: the round trip, and the refusal
//! of files that are not one, are for something else, truncated or damaged.
//!
//! The tests solve the positions reachable from a few middle-game positions (tens of thousands
//! of positions); the same tests of the whole game from both starts (1.77 million positions,
//! about a minute) are ignored by default: `cargo test --release -p arbiter-solver -- --ignored`.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use arbiter_core::{Game, Side, Symmetry};
use arbiter_holes::Holes;
use arbiter_minicheckers::{Minicheckers, Options};
use arbiter_solver::{solve, Exact, Settings, StrongError, StrongSolution};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The options text of the solution of both starts, as `arbiter solve --strong` writes it.
const BOTH: &str = "first=white;first=black";

fn starts() -> [Minicheckers; 2] {
    [Side::White, Side::Black].map(|first| Minicheckers::start(&Options { first }))
}

/// Plies of random play from the starts to the middle-game positions the tests solve.
const MIDDLE_PLIES: usize = 10;

/// The middle-game positions: six, from each start in turn, after [`MIDDLE_PLIES`] plies of
/// random games (a game over sooner is left out).
pub(crate) fn middle_starts() -> Vec<Minicheckers> {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut middles = Vec::new();
    while middles.len() < 6 {
        let mut position = starts()[middles.len() % 2];
        for _ in 0..MIDDLE_PLIES {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if !position.status().is_over() {
            middles.push(position);
        }
    }
    middles
}

/// What a group of tests solves: the whole game from both starts, or the middle game.
struct Scope {
    starts: Vec<Minicheckers>,
    options: &'static str,
    solution: OnceLock<StrongSolution<Minicheckers>>,
    values: OnceLock<HashMap<Minicheckers, (bool, u32)>>,
}

impl Scope {
    /// The strong solution of the scope's starts, computed once for all the tests.
    fn solution(&self) -> &StrongSolution<Minicheckers> {
        self.solution.get_or_init(|| {
            StrongSolution::compute(&self.starts, self.options, &mut |_| {}).expect("solved")
        })
    }

    /// The plain negamax's memory: every position reached from the starts, finished ones
    /// too, with its value for the player to move and its perfect-play length.
    fn values(&self) -> &HashMap<Minicheckers, (bool, u32)> {
        self.values.get_or_init(|| {
            let mut memory = HashMap::new();
            for start in &self.starts {
                negamax(start, &mut memory);
            }
            memory
        })
    }
}

/// The whole game, from both starts.
fn whole() -> &'static Scope {
    static WHOLE: OnceLock<Scope> = OnceLock::new();
    WHOLE.get_or_init(|| Scope {
        starts: starts().to_vec(),
        options: BOTH,
        solution: OnceLock::new(),
        values: OnceLock::new(),
    })
}

/// The middle game.
fn middle() -> &'static Scope {
    static MIDDLE: OnceLock<Scope> = OnceLock::new();
    MIDDLE.get_or_init(|| Scope {
        starts: middle_starts(),
        options: "middle",
        solution: OnceLock::new(),
        values: OnceLock::new(),
    })
}

/// The value for the player to move (`true`: he wins) and the perfect-play length: the winner
/// ends the game as fast as he can, the loser as late as he can. The games are at most a few
/// dozen plies long, so the recursion stays shallow.
fn negamax(
    position: &Minicheckers,
    memory: &mut HashMap<Minicheckers, (bool, u32)>,
) -> (bool, u32) {
    if let Some(&known) = memory.get(position) {
        return known;
    }
    let moves = position.legal_moves();
    let result = if moves.is_empty() {
        let winner = position.status().outcome().and_then(|outcome| outcome.winner());
        (winner == Some(position.side_to_move()), 0)
    } else {
        let mut fastest_win: Option<u32> = None;
        let mut slowest_loss = 0;
        for mv in moves {
            let mut child = *position;
            child.play_unchecked(mv);
            let (child_wins, plies) = negamax(&child, memory);
            if child_wins {
                slowest_loss = slowest_loss.max(plies + 1);
            } else {
                fastest_win = Some(fastest_win.map_or(plies + 1, |best| best.min(plies + 1)));
            }
        }
        fastest_win.map_or((false, slowest_loss), |plies| (true, plies))
    };
    memory.insert(*position, result);
    result
}

fn exact((wins, plies): (bool, u32)) -> Exact {
    Exact { wins, plies }
}

/// Every position the scope reaches agrees with the negamax, and has a key of its own; the
/// number of positions the table holds.
fn every_reachable_position_agrees_with_negamax(scope: &Scope) -> usize {
    let table = scope.solution();
    // Count the positions the table must hold: those not over, a position and its mirror
    // image once. If two of them shared a key, the table would hold fewer.
    let mut classes: HashSet<Minicheckers> = HashSet::new();
    for (position, &value) in scope.values() {
        assert_eq!(table.lookup(position), Some(exact(value)), "{}", position.to_text());
        if !position.status().is_over() && !classes.contains(&position.mirrored()) {
            classes.insert(*position);
        }
    }
    assert_eq!(table.len(), classes.len());
    table.len()
}

#[test]
fn every_position_of_the_middle_games_agrees_with_negamax_and_has_a_key_of_its_own() {
    let positions = every_reachable_position_agrees_with_negamax(middle());
    assert!(positions > 10_000, "{positions}");
}

#[test]
#[ignore = "the whole game, about a minute: `cargo test --release -p arbiter-solver -- --ignored`"]
fn every_reachable_position_agrees_with_negamax_and_has_a_key_of_its_own() {
    let positions = every_reachable_position_agrees_with_negamax(whole());
    assert_eq!(positions, 1_766_109, "the number of positions is a signature of the rules");
}

#[test]
#[ignore = "the whole game, about a minute: `cargo test --release -p arbiter-solver -- --ignored`"]
fn both_starts_are_first_player_wins_in_23_plies() {
    let solution = whole().solution();
    for start in starts() {
        assert_eq!(solution.lookup(&start), Some(Exact { wins: true, plies: 23 }));
        assert_eq!(
            solution.lookup(&start).map(|value| value.to_string()).as_deref(),
            Some("wins in 23 plies")
        );
    }
}

/// Positions of `games` random games from each of the scope's starts in turn, every one of
/// them, the end included.
fn random_positions(scope: &Scope, games: usize, seed: u64) -> Vec<Minicheckers> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    for game in 0..games {
        let mut position = scope.starts[game % scope.starts.len()];
        loop {
            positions.push(position);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    positions
}

/// Random games agree with the negamax, and each position's value is the best of its
/// children's one ply on.
fn random_games_agree_with_negamax(scope: &Scope, games: usize) {
    let table = scope.solution();
    let positions = random_positions(scope, games, 14);
    assert!(positions.len() > games * 4, "{}", positions.len());
    for position in &positions {
        let text = position.to_text();
        let value = table.lookup(position).unwrap_or_else(|| panic!("{text} is in the table"));
        assert_eq!(Some(&(value.wins, value.plies)), scope.values().get(position), "{text}");
        // The value is the best of the children's, one ply on.
        let children: Vec<Exact> = position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = *position;
                child.play_unchecked(mv);
                table.lookup(&child).unwrap_or_else(|| panic!("a child of {text}"))
            })
            .collect();
        if let Some(fastest) = children.iter().filter(|child| !child.wins).map(|c| c.plies).min() {
            assert_eq!(value, Exact { wins: true, plies: fastest + 1 }, "{text}");
        } else if let Some(slowest) = children.iter().map(|child| child.plies).max() {
            assert_eq!(value, Exact { wins: false, plies: slowest + 1 }, "{text}");
        } else {
            assert_eq!(value.plies, 0, "{text} is over");
        }
        // A position and its image have the same value for the player to move.
        assert_eq!(table.lookup(&position.mirrored()), Some(value), "{text}");
    }
}

#[test]
fn random_middle_games_agree_with_negamax_and_with_the_best_move_one_ply_on() {
    random_games_agree_with_negamax(middle(), 200);
}

#[test]
#[ignore = "the whole game, about a minute: `cargo test --release -p arbiter-solver -- --ignored`"]
fn random_games_agree_with_negamax_and_with_the_best_move_one_ply_on() {
    random_games_agree_with_negamax(whole(), 400);
}

#[test]
fn the_df_pn_solver_agrees_on_a_few_positions() {
    let positions = random_positions(middle(), 6, 15);
    let settings = Settings { hash_mib: 16, time_limit: None, threads: 1 };
    for position in positions.iter().step_by(3).filter(|position| !position.status().is_over()) {
        let value = middle().solution().lookup(position).expect("in the table");
        let solution = solve(position, &settings, &mut |_| {}).expect("solved");
        let mover = position.side_to_move();
        let winner = if value.wins { mover } else { mover.opponent() };
        assert_eq!(solution.winner, winner, "{}", position.to_text());
        assert_eq!(solution.plies, value.plies, "{}", position.to_text());
    }
}

#[test]
fn a_position_not_reachable_from_the_starts_is_not_in_the_table() {
    // Every White man is still at home, so none has captured, yet Black has lost four.
    let options = Options::default();
    let Ok(unreachable) = Minicheckers::from_text("W:Wa1,b2,c1,d2,e1,f2:Ba5,c5", &options) else {
        panic!("a position");
    };
    assert!(!unreachable.status().is_over());
    assert_eq!(middle().solution().lookup(&unreachable), None);
}

#[test]
#[ignore = "the whole game, about a minute: `cargo test --release -p arbiter-solver -- --ignored`"]
fn the_starts_reach_the_same_positions_and_no_unreachable_one() {
    let options = Options::default();
    let Ok(unreachable) = Minicheckers::from_text("W:Wa1,b2,c1,d2,e1,f2:Ba5,c5", &options) else {
        panic!("a position");
    };
    assert_eq!(whole().solution().lookup(&unreachable), None);
    // The starts are each other's images, so one of them reaches the same positions.
    let white = StrongSolution::compute(&starts()[..1], "first=white", &mut |_| {}).expect("ok");
    assert_eq!(white.len(), whole().solution().len());
}

/// The strong solution of the latest position of a random game that reaches at least 100
/// positions: a small file.
fn small() -> StrongSolution<Minicheckers> {
    let positions = random_positions(middle(), 1, 16);
    let small = positions
        .iter()
        .rev()
        .map(|position| StrongSolution::compute(&[*position], "test", &mut |_| {}).expect("ok"))
        .find(|small| small.len() >= 100)
        .expect("the game is long enough");
    assert!(small.len() < 2000, "{}", small.len());
    small
}

fn bytes<G: Symmetry>(solution: &StrongSolution<G>) -> Vec<u8> {
    let mut bytes = Vec::new();
    let written = solution.write(&mut bytes).expect("written to memory");
    assert_eq!(written, bytes.len() as u64);
    assert_eq!(written, solution.file_size());
    bytes
}

fn read(bytes: &[u8], options: &str) -> Result<StrongSolution<Minicheckers>, StrongError> {
    StrongSolution::read(&mut &bytes[..], options)
}

/// The file of the scope's solution reads back to the same solution, and is written again
/// to the same bytes; its size.
fn the_file_reads_back(scope: &Scope) -> usize {
    let solution = scope.solution();
    let bytes = bytes(solution);
    let header = COUNT_AT - "test".len() + scope.options.len();
    assert_eq!(
        bytes.len(),
        header + 8 + 9 * solution.len() + 4,
        "a count, 9 bytes a position, a sum"
    );
    let back = read(&bytes, scope.options).expect("read back");
    assert_eq!(&back, solution);
    assert_eq!(back.options_text(), scope.options);
    assert_eq!(self::bytes(&back), bytes, "written again, the same bytes");
    bytes.len()
}

#[test]
fn the_file_reads_back_to_the_same_solution() {
    the_file_reads_back(middle());
}

#[test]
#[ignore = "the whole game, about a minute: `cargo test --release -p arbiter-solver -- --ignored`"]
fn the_file_of_the_whole_game_reads_back_to_the_same_solution() {
    assert_eq!(the_file_reads_back(whole()), 15_895_044, "9 bytes a position and a header");
    let back = read(&bytes(whole().solution()), BOTH).expect("read back");
    assert_eq!(back.lookup(&starts()[1]), Some(Exact { wins: true, plies: 23 }));
}

/// Where the count of positions stands in a file of `small()`.
const COUNT_AT: usize = 8 + 4 + 2 + "minicheckers".len() + 2 + "test".len();

#[test]
fn files_for_something_else_are_refused() {
    let good = bytes(&small());
    assert!(read(&good, "test").is_ok());
    let not_one: [&[u8]; 3] = [b"", b"ARBSTRN", b"# Arbiter proof tree\ngame minicheckers\n"];
    for bytes in not_one {
        assert!(matches!(read(bytes, "test"), Err(StrongError::NotStrongSolution)), "{bytes:?}");
    }
    let mut version = good.clone();
    version[8] = 1;
    assert!(matches!(read(&version, "test"), Err(StrongError::Version { found: 1 })));
    let wrong_game = StrongSolution::<Holes>::read(&mut &good[..], "test");
    match wrong_game {
        Err(error @ StrongError::WrongGame { .. }) => {
            assert_eq!(
                error.to_string(),
                "the strong solution file is for `minicheckers`, not holes"
            );
        }
        other => panic!("expected the wrong game, got {other:?}"),
    }
    assert!(matches!(read(&good, BOTH), Err(StrongError::WrongOptions { .. })));
    let mut long_text = good.clone();
    long_text[12..14].copy_from_slice(&60_000u16.to_le_bytes());
    assert!(matches!(read(&long_text, "test"), Err(StrongError::HeaderText { length: 60_000 })));
}

#[test]
fn a_truncated_file_is_refused_wherever_it_ends() {
    let good = bytes(&small());
    for length in 8..good.len() {
        let result = read(&good[..length], "test");
        assert!(matches!(result, Err(StrongError::Truncated { .. })), "{length}: {result:?}");
    }
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(read(&longer, "test"), Err(StrongError::TrailingBytes)));
}

#[test]
fn a_count_larger_than_the_file_is_truncation_not_an_allocation() {
    let mut huge = bytes(&small());
    huge[COUNT_AT..COUNT_AT + 8].copy_from_slice(&(u64::MAX / 16).to_le_bytes());
    match read(&huge, "test") {
        Err(error @ StrongError::Truncated { part: "keys" }) => {
            assert_eq!(
                error.to_string(),
                "the strong solution file is truncated: it ends in its keys"
            );
        }
        other => panic!("expected truncation, got {other:?}"),
    }
}

#[test]
fn a_damaged_file_is_refused() {
    let small = small();
    let good = bytes(&small);
    let keys = COUNT_AT + 8;
    let values = keys + 8 * small.len();
    let mut swapped = good.clone();
    swapped[keys..keys + 16].rotate_left(8);
    assert!(matches!(read(&swapped, "test"), Err(StrongError::KeysOutOfOrder { index: 1 })));
    let mut won_flipped = good.clone();
    won_flipped[values + 3] ^= 0x80;
    assert!(matches!(read(&won_flipped, "test"), Err(StrongError::BadValue { index: 3, .. })));
    let mut zero = good.clone();
    zero[values] = 0;
    assert!(matches!(read(&zero, "test"), Err(StrongError::BadValue { index: 0, value: 0 })));
    let mut two_more = good.clone();
    two_more[values + 1] += 2;
    assert!(matches!(read(&two_more, "test"), Err(StrongError::Checksum)));
    let mut key_changed = good.clone();
    key_changed[keys + 8 * (small.len() - 1)] ^= 1;
    assert!(matches!(read(&key_changed, "test"), Err(StrongError::Checksum)));
}
