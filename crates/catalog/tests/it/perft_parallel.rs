//! The parallel perft with a table of counts gives the plain perft's numbers in every game,
//! from the start and from positions along random games, with a table small enough that
//! entries are overwritten all the time, with none, and on one or two threads.

use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::testkit::random_playouts;
use arbiter_core::{divide, perft, perft_parallel, GameOptions, PerftTable};

/// Checks the game under each option set to `depth` from the start and from positions of
/// a few random games.
struct Agree {
    depth: u32,
    options: &'static [&'static str],
    /// Random games whose positions are checked besides the start.
    games: usize,
}

impl Visitor for Agree {
    type Output = ();

    fn visit<G: AnyGame>(self) {
        for options in self.options {
            let options = G::Options::parse(options).expect("valid options");
            let mut positions = vec![G::start(&options)];
            let mut visited = 0;
            random_playouts::<G>(&options, self.games, 40, 7, |position, _| {
                visited += 1;
                if visited % 10 == 5 {
                    positions.push(position.clone());
                }
            });
            let tiny = PerftTable::with_mib(0).expect("one bucket");
            let small = PerftTable::with_mib(1).expect("a small table");
            for position in &positions {
                for depth in [0, 1, 2, self.depth] {
                    let plain = perft(position, depth);
                    for (threads, table) in
                        [(1, None), (2, Some(&tiny)), (2, Some(&small)), (1, Some(&small))]
                    {
                        let parallel = perft_parallel(position, depth, threads, table, &mut |_| {});
                        assert_eq!(
                            parallel,
                            plain,
                            "{} depth {depth} from {}",
                            G::ID,
                            position.to_text()
                        );
                    }
                }
                let by_move = arbiter_core::divide_parallel(
                    position,
                    self.depth,
                    2,
                    Some(&small),
                    &mut |_| {},
                );
                assert_eq!(by_move, divide(position, self.depth), "{} divide", G::ID);
            }
        }
    }
}

#[test]
fn the_parallel_perft_agrees_with_the_plain_one_in_every_game() {
    // Deep enough that counts are stored (from depth 2) and found again below the root.
    let cases: [(GameId, u32, &[&str], usize); 5] = [
        (GameId::Minicheckers, 6, &["", "first=black"], 2),
        (GameId::Holes, 5, &["", "captures=diagonal"], 2),
        (GameId::Fanorona, 4, &[""], 1),
        (GameId::Checkers, 7, &[""], 2),
        (GameId::DayNight, 4, &["", "rings=6"], 0),
    ];
    for (id, depth, options, games) in cases {
        id.visit(Agree { depth, options, games });
    }
}
