//! The conformance kit and the perft-suite harness that every game's tests call in a line.
//!
//! These functions panic with a description of the first broken promise; they are meant for
//! tests.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::present::{CellId, Present, SKIP};
use crate::turn::{Click, MovePath, Turn};
use crate::{
    perft, Evaluate, Forced, Game, GameOptions, GameRecord, Knowledge, Status, Symmetry, Tactics,
    Undone,
};

/// Plays `playouts` random games from the start under `options` (seeded with `seed`, at most
/// `max_plies` turns each) and checks at every ply that:
/// - the legal moves come in the same order every time, and are empty exactly when the
///   position's status is over;
/// - [`Game::count_moves`] agrees with the number of legal moves;
/// - every legal move's canonical text is unique and parses back to the same move;
/// - after every legal move the incremental hash equals the hash from scratch;
/// - the position's text form reads back to the same position;
/// - undo in the [`GameRecord`] restores the position exactly;
///
/// and at the end of each playout that the record's text reads back to the same game.
pub fn check_conformance<G: Game>(
    options: &G::Options,
    playouts: usize,
    max_plies: usize,
    seed: u64,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for playout in 0..playouts {
        let mut record = GameRecord::<G>::new(options.clone());
        for ply in 0..max_plies {
            let position = record.position().clone();
            let context =
                format!("{} playout {playout}, ply {ply}, position {}", G::ID, position.to_text());
            let legal = check_position(&position, options, &context);
            if record.status().is_over() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            record.play(mv).unwrap_or_else(|e| panic!("{context}: record refused {mv}: {e}"));
            let after = record.position().clone();
            assert_eq!(
                record.undo(),
                Some(Undone::Move(mv)),
                "{context}: undo returned another move"
            );
            assert_eq!(
                record.position(),
                &position,
                "{context}: undo of {mv} did not restore the position"
            );
            record.play(mv).unwrap_or_else(|e| panic!("{context}: replay of {mv} refused: {e}"));
            assert_eq!(
                record.position(),
                &after,
                "{context}: replaying {mv} gave another position"
            );
        }
        check_record_round_trip(&record, playout);
    }
}

/// Checks one position; returns its legal moves.
fn check_position<G: Game>(position: &G, options: &G::Options, context: &str) -> Vec<G::Move> {
    let legal = position.legal_moves();
    assert_eq!(position.clone().legal_moves(), legal, "{context}: move order is not deterministic");
    let mut scratch = Vec::new();
    assert_eq!(
        position.count_moves(&mut scratch),
        legal.len() as u64,
        "{context}: count_moves disagrees"
    );
    for (index, &mv) in legal.iter().enumerate() {
        let chosen = position.choose_move(
            |count| {
                assert_eq!(count, legal.len(), "{context}: choose_move counts the moves wrong");
                index
            },
            &mut scratch,
        );
        assert_eq!(chosen, Some(mv), "{context}: choose_move of index {index}");
    }
    if legal.is_empty() {
        let chosen =
            position.choose_move(|_| panic!("{context}: choose_move asks to choose"), &mut scratch);
        assert_eq!(chosen, None, "{context}: choose_move found a move in a finished game");
    }
    assert_eq!(
        legal.is_empty(),
        position.status().is_over(),
        "{context}: legal moves must be empty exactly when the game is over (status {:?})",
        position.status()
    );
    assert_eq!(
        position.hash(),
        position.compute_hash(),
        "{context}: hash differs from a recomputation"
    );
    let text = position.to_text();
    let reread = G::from_text(&text, options)
        .unwrap_or_else(|e| panic!("{context}: text does not read back: {e}"));
    assert_eq!(&reread, position, "{context}: text `{text}` reads back to another position");
    let mut texts: Vec<String> = Vec::with_capacity(legal.len());
    for &mv in &legal {
        let mv_text = mv.to_string();
        assert_eq!(
            position.parse_move(&mv_text),
            Ok(mv),
            "{context}: `{mv_text}` does not parse back"
        );
        assert!(!texts.contains(&mv_text), "{context}: two legal moves are written `{mv_text}`");
        texts.push(mv_text);
        let mut child = position.clone();
        child.play_unchecked(mv);
        assert_eq!(
            child.hash(),
            child.compute_hash(),
            "{context}: after {mv} the hash differs from a recomputation"
        );
        assert_ne!(
            child.side_to_move(),
            position.side_to_move(),
            "{context}: {mv} did not pass the turn"
        );
    }
    legal
}

fn check_record_round_trip<G: Game>(record: &GameRecord<G>, playout: usize) {
    let text = record.to_record_text();
    let reread = GameRecord::<G>::from_record_text(&text).unwrap_or_else(|e| {
        panic!("{} playout {playout}: record does not read back: {e}\n{text}", G::ID)
    });
    assert!(
        reread.moves().eq(record.moves()),
        "{} playout {playout}: moves differ after reading back",
        G::ID
    );
    assert_eq!(
        reread.status(),
        record.status(),
        "{} playout {playout}: status differs after reading back",
        G::ID
    );
}

/// Plays `games` random games from the start under `options` (seeded with `seed`, at most
/// `max_plies` turns each) and checks at every position that [`Evaluate::tactical_moves`]
/// agrees with the legal moves under several limits: the tactical ones in the order of
/// generation, and the right [`Tactics`]. Returns the number of positions checked.
pub fn check_tactics<G: Evaluate>(
    options: &G::Options,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> usize {
    let mut tactical = Vec::new();
    random_playouts::<G>(options, games, max_plies, seed, |position, _| {
        let legal = position.legal_moves();
        let expected: Vec<G::Move> =
            legal.iter().copied().filter(|&mv| position.is_tactical(mv)).collect();
        for limit in [0, 1, 3, 8, usize::MAX] {
            let tactics = position.tactical_moves(&mut tactical, limit);
            let context = format!("{} position {} limit {limit}", G::ID, position.to_text());
            let (want, listed) = if legal.is_empty() {
                (Tactics::Over, &[][..])
            } else if expected.len() < legal.len() {
                (Tactics::SomeQuiet, &expected[..])
            } else if legal.len() > limit {
                (Tactics::ManyTactical, &[][..])
            } else {
                (Tactics::AllTactical, &expected[..])
            };
            assert_eq!(tactics, want, "{context}: tactical_moves says {tactics:?}");
            assert_eq!(tactical, listed, "{context}: tactical_moves lists other moves");
        }
    })
}

/// Plays `games` random games from the start under `options` (seeded with `seed`, at most
/// `max_plies` turns each) and calls `visit` with every position reached and the move about
/// to be played from it (`None` where the game ends or the ply limit stops it). Returns the
/// number of positions visited. For comparing a game with a reference implementation.
pub fn random_playouts<G: Game>(
    options: &G::Options,
    games: usize,
    max_plies: usize,
    seed: u64,
    mut visit: impl FnMut(&G, Option<G::Move>),
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut visited = 0;
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut position = G::start(options);
        for ply in 0..=max_plies {
            position.generate_moves(&mut moves);
            let mv = (ply < max_plies && !moves.is_empty())
                .then(|| moves[rng.random_range(0..moves.len())]);
            visit(&position, mv);
            visited += 1;
            match mv {
                Some(mv) => position.play_unchecked(mv),
                None => break,
            }
        }
    }
    visited
}

/// The value for the player to move (`true`: he wins) and the perfect-play length (the winner
/// ends the game as fast as he can, the loser as late as he can) of a position of a game that
/// always ends in a win, by a plain memoised negamax over the rules alone: the reference the
/// solver and the perfect player are tested against. `None` when `memory` would grow past
/// `budget` positions.
pub fn perfect_play<G: Game + std::hash::Hash>(
    position: &G,
    memory: &mut std::collections::HashMap<G, (bool, u32)>,
    budget: usize,
) -> Option<(bool, u32)> {
    if let Some(&known) = memory.get(position) {
        return Some(known);
    }
    if memory.len() >= budget {
        return None;
    }
    let result = match position.status() {
        Status::Over(outcome) => (outcome.winner() == Some(position.side_to_move()), 0),
        Status::Ongoing => {
            let mut fastest_win: Option<u32> = None;
            let mut slowest_loss = 0;
            for mv in position.legal_moves() {
                let mut child = position.clone();
                child.play_unchecked(mv);
                let (child_wins, plies) = perfect_play(&child, memory, budget)?;
                if child_wins {
                    slowest_loss = slowest_loss.max(plies + 1);
                } else {
                    fastest_win = Some(fastest_win.map_or(plies + 1, |best| best.min(plies + 1)));
                }
            }
            fastest_win.map_or((false, slowest_loss), |plies| (true, plies))
        }
    };
    memory.insert(position.clone(), result);
    Some(result)
}

/// Checks [`Knowledge::forced`] against the rules at every ongoing position of `games` random games
/// from the start (seeded with `seed`): every answer it gives is proved by a search of two
/// plies (three for [`Forced::WinInThree`]).
/// Returns how often it answered, and the wins in one it did not see, so that a caller can
/// check the knowledge is used and, for a game that means to see them all, complete.
pub fn check_forced<G: Knowledge>(options: &G::Options, games: usize, seed: u64) -> ForcedCounts {
    let mover_wins_at_once = |position: &G| {
        position.legal_moves().into_iter().any(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            child.status().outcome().and_then(|outcome| outcome.winner())
                == Some(position.side_to_move())
        })
    };
    // After `mv` the game is over with the mover winning, or after every reply he wins at once.
    let wins_after = |position: &G, mv: G::Move| {
        let mut child = position.clone();
        child.play_unchecked(mv);
        match child.status() {
            Status::Over(outcome) => outcome.winner() == Some(position.side_to_move()),
            Status::Ongoing => child.legal_moves().into_iter().all(|reply| {
                let mut grandchild = child.clone();
                grandchild.play_unchecked(reply);
                !grandchild.status().is_over() && mover_wins_at_once(&grandchild)
            }),
        }
    };
    let mut counts = ForcedCounts::default();
    random_playouts::<G>(options, games, usize::MAX, seed, |position, _| {
        if position.status().is_over() {
            return;
        }
        let text = position.to_text();
        let wins_at_once = mover_wins_at_once(position);
        match position.forced() {
            Some(Forced::WinInOne) => {
                assert!(wins_at_once, "{}: no win in one at {text}", G::ID);
                counts.wins_in_one += 1;
            }
            Some(Forced::LossInTwo) => {
                assert!(!wins_at_once, "{}: a win in one at {text}", G::ID);
                for mv in position.legal_moves() {
                    let mut child = position.clone();
                    child.play_unchecked(mv);
                    let lost = child.status().is_over() || mover_wins_at_once(&child);
                    assert!(lost, "{}: {mv} escapes the loss in two at {text}", G::ID);
                }
                counts.losses_in_two += 1;
            }
            Some(Forced::WinInThree) => {
                let wins = position.legal_moves().into_iter().any(|mv| wins_after(position, mv));
                assert!(wins, "{}: no win in three at {text}", G::ID);
                counts.wins_in_three += 1;
            }
            None => counts.missed_wins_in_one += usize::from(wins_at_once),
        }
    });
    counts
}

/// What [`check_forced`] saw.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ForcedCounts {
    /// Positions answered with [`Forced::WinInOne`].
    pub wins_in_one: usize,
    /// Positions answered with [`Forced::LossInTwo`].
    pub losses_in_two: usize,
    /// Positions answered with [`Forced::WinInThree`].
    pub wins_in_three: usize,
    /// Positions with a win in one answered `None`.
    pub missed_wins_in_one: usize,
}

/// Checks the [`Symmetry`] contract at every position of `games` random games from the start
/// (seeded with `seed`, at most `max_plies` turns each): mirrored twice is the position itself;
/// the image has the other side to move, a hash equal to its hash from scratch, the same
/// canonical hash, the same number of legal moves, the same status with the colours swapped,
/// and children whose canonical hashes are those of the position's children. Returns the number
/// of positions checked.
pub fn check_symmetry<G: Symmetry>(
    options: &G::Options,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> usize {
    let children = |position: &G| {
        let mut hashes: Vec<u64> = position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = position.clone();
                child.play_unchecked(mv);
                child.canonical_hash()
            })
            .collect();
        hashes.sort_unstable();
        hashes
    };
    random_playouts::<G>(options, games, max_plies, seed, |position, _| {
        let image = position.mirrored();
        let text = position.to_text();
        assert_eq!(&image.mirrored(), position, "{}: mirrored twice differs at {text}", G::ID);
        assert_eq!(image.side_to_move(), position.side_to_move().opponent(), "{text}");
        assert_eq!(image.hash(), image.compute_hash(), "{}: image's hash at {text}", G::ID);
        assert_eq!(image.canonical_hash(), position.canonical_hash(), "{text}");
        assert_eq!(position.canonical_hash(), crate::symmetric_hash(position), "{text}");
        assert_eq!(image.legal_moves().len(), position.legal_moves().len(), "{text}");
        let swapped = match position.status() {
            Status::Over(crate::Outcome::Win { winner, reason }) => {
                Status::Over(crate::Outcome::Win { winner: winner.opponent(), reason })
            }
            other => other,
        };
        assert_eq!(image.status(), swapped, "{}: status of the image of {text}", G::ID);
        assert_eq!(children(&image), children(position), "{}: children of {text}", G::ID);
    })
}

/// One line of a perft suite: a position (with options) and the expected count at a depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftCase {
    /// The 1-based line in the suite file.
    pub line: usize,
    /// The options, as `key=value,…` (empty for the defaults).
    pub options: String,
    /// The position text, or `None` for the start position.
    pub position: Option<String>,
    /// The depth.
    pub depth: u32,
    /// The expected number of move sequences.
    pub nodes: u64,
}

/// Reads a perft suite: one fact per line.
///
/// ```text
/// # comments and blank lines are skipped
/// options first=black       (applies to the positions below; `options` alone resets)
/// position start            (or a position in the game's text form)
/// perft 1 7
/// perft 2 49
/// ```
///
/// # Panics
///
/// On a malformed line, naming it.
pub fn read_perft_suite(text: &str) -> Vec<PerftCase> {
    let mut cases = Vec::new();
    let mut options = String::new();
    let mut position: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let number = index + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (keyword, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match keyword {
            "options" => rest.clone_into(&mut options),
            "position" => position = (rest != "start").then(|| rest.to_owned()),
            "perft" => {
                let mut numbers = rest.split_whitespace().map(str::parse::<u64>);
                match (numbers.next(), numbers.next(), numbers.next()) {
                    (Some(Ok(depth)), Some(Ok(nodes)), None) => cases.push(PerftCase {
                        line: number,
                        options: options.clone(),
                        position: position.clone(),
                        depth: u32::try_from(depth)
                            .unwrap_or_else(|_| panic!("line {number}: depth too large")),
                        nodes,
                    }),
                    _ => panic!("line {number}: expected `perft DEPTH NODES`, found `{line}`"),
                }
            }
            _ => panic!(
                "line {number}: unknown keyword `{keyword}`; expected options, position or perft"
            ),
        }
    }
    cases
}

/// Runs every case of a perft suite whose expected count is at most `max_nodes`; returns how
/// many ran. Panics on the first count that differs.
pub fn run_perft_suite<G: Game>(text: &str, max_nodes: u64) -> usize {
    let cases = read_perft_suite(text);
    let mut ran = 0;
    for case in cases.iter().filter(|case| case.nodes <= max_nodes) {
        let position = case_position::<G>(case);
        let nodes = perft(&position, case.depth);
        assert_eq!(
            nodes,
            case.nodes,
            "line {}: perft {} of {}",
            case.line,
            case.depth,
            position.to_text()
        );
        ran += 1;
    }
    assert!(ran > 0, "the perft suite ran no case");
    ran
}

/// The position of a perft case.
///
/// # Panics
///
/// When the case's options or position text are malformed.
pub fn case_position<G: Game>(case: &PerftCase) -> G {
    let options = G::Options::parse(&case.options)
        .unwrap_or_else(|e| panic!("line {}: bad options: {e}", case.line));
    match &case.position {
        None => G::start(&options),
        Some(text) => {
            G::from_text(text, &options).unwrap_or_else(|e| panic!("line {}: {e}", case.line))
        }
    }
}

/// Checks the presentation and the turn assembly along random games (as
/// [`random_playouts`]): at every position,
/// - the cells have distinct names, every piece stands on a cell (one piece a cell), and
///   every step of every move goes between cells;
/// - the paths of different moves differ and none begins another;
/// - every step's choice is one of [`Present::CHOICES`];
/// - each move's path, clicked in order through a [`Turn`], completes exactly that move at its
///   last click and not before, and a click that is not a candidate is refused;
/// - each move's steps, typed in their notation (then `skip` where needed), reach it too;
/// - the board drawn in the middle of every turn and the diagram do not panic.
///
/// Returns the number of moves walked.
pub fn check_presentation<G: Present>(
    options: &G::Options,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> usize {
    let mut walked = 0;
    random_playouts::<G>(options, games, max_plies, seed, |position, _| {
        let context = format!("{} position {}", G::ID, position.to_text());
        let geometry = position.geometry();
        let mut names: Vec<&str> = geometry.cells.iter().map(|cell| cell.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), geometry.cells.len(), "{context}: cell names repeat");
        let board = position.board();
        let mut occupied: Vec<CellId> = board.pieces.iter().map(|piece| piece.cell).collect();
        assert!(occupied.iter().all(|cell| cell.index() < geometry.cells.len()), "{context}");
        occupied.sort_unstable();
        occupied.dedup();
        assert_eq!(occupied.len(), board.pieces.len(), "{context}: two pieces on one cell");
        let _ = position.diagram();
        let mut turn = Turn::new(position.clone(), &position.legal_moves());
        let paths = turn.paths().to_vec();
        for (index, path) in paths.iter().enumerate() {
            for step in &path.steps {
                let cells = [step.from, step.to].into_iter().chain(step.captured.iter().copied());
                assert!(cells.into_iter().all(|cell| cell.index() < geometry.cells.len()));
                let token = step.choice.as_ref().map(|choice| choice.token.as_str());
                assert!(
                    token.is_none_or(|token| G::CHOICES.contains(&token)),
                    "{context}: the choice {token:?} of {} is not in Present::CHOICES",
                    path.text
                );
            }
            for other in &paths[index + 1..] {
                assert!(
                    !other.clicks.starts_with(&path.clicks)
                        && !path.clicks.starts_with(&other.clicks),
                    "{context}: the paths of {} and {} overlap",
                    path.text,
                    other.text
                );
            }
            walked += 1;
            check_path(&mut turn, path, &context);
        }
    });
    walked
}

/// Enters one move by its clicks, then by its typed steps.
fn check_path<G: Present>(turn: &mut Turn<G>, path: &MovePath<G::Move>, context: &str) {
    turn.clear();
    let refused = Click::Choice("no such choice".to_owned());
    assert!(turn.click(refused).is_err(), "{context}: a click that is no candidate");
    for (number, click) in path.clicks.iter().enumerate() {
        let _ = turn.board();
        let done = turn.click(click.clone()).unwrap_or_else(|error| {
            panic!("{context}: click {number} of {} refused: {error}", path.text)
        });
        let last = number + 1 == path.clicks.len();
        assert_eq!(done, last.then_some(path.mv), "{context}: {} click {number}", path.text);
    }
    turn.clear();
    let mut done = None;
    for step in &path.steps {
        done = turn.enter_step(&step.text).unwrap_or_else(|error| {
            panic!("{context}: the step {} of {} refused: {error}", step.text, path.text)
        });
    }
    if done.is_none() {
        done = turn.click(Click::Choice(SKIP.to_owned())).unwrap_or_else(|error| {
            panic!("{context}: {} could not end with skip: {error}", path.text)
        });
    }
    assert_eq!(done, Some(path.mv), "{context}: typing the steps of {}", path.text);
}

/// A playthrough, as OpenSpiel records them: a random game from the start under `options`
/// (seeded with `seed`, at most `plies` turns), a line for each position with its text, then
/// its legal moves in the game's order, then the move played. A change of the rules or of the
/// move order shows as a difference from the saved text.
pub fn playthrough<G: Game>(options: &G::Options, seed: u64, plies: usize) -> String {
    let mut text = String::new();
    random_playouts::<G>(options, 1, plies, seed, |position, mv| {
        let legal: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
        text.push_str(&format!("position {}\nlegal {}\n", position.to_text(), legal.join(" ")));
        if let Some(mv) = mv {
            text.push_str(&format!("play {mv}\n"));
        }
    });
    text
}

/// Checks `actual` against the snapshot file at `path`; with the environment variable
/// `ARBITER_BLESS=1` it writes the file instead (after a deliberate change).
///
/// # Panics
///
/// When they differ, at the first line that differs, or when the file cannot be read.
pub fn check_snapshot(path: &std::path::Path, actual: &str) {
    if std::env::var_os("ARBITER_BLESS").is_some_and(|value| value == "1") {
        std::fs::write(path, actual).unwrap_or_else(|e| panic!("cannot write {path:?}: {e}"));
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!("cannot read {path:?} ({e}); run the test with ARBITER_BLESS=1 to write it")
    });
    for (number, (want, got)) in expected.lines().zip(actual.lines()).enumerate() {
        assert_eq!(got, want, "{path:?} line {}: differs from the snapshot", number + 1);
    }
    assert_eq!(actual.lines().count(), expected.lines().count(), "{path:?}: length differs");
}
