//! The players on every game: forced wins found and proven, legal moves only, exact limits,
//! determinism.

use arbiter_ai::{AlphaBeta, Context, Limits, Mcts, PlayerSpec, Score};
use arbiter_checkers::Checkers;
use arbiter_core::testkit::random_playouts;
use arbiter_core::{Evaluate, Game, GameOptions, Status};
use arbiter_daynight::DayNight;
use arbiter_fanorona::Fanorona;
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;

/// `true` when the player to move can force a win within `plies` plies: a deliberately plain
/// exhaustive search, independent of the players under test.
fn forced_win<G: Evaluate>(position: &G, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let mover = position.side_to_move();
    position.legal_moves().into_iter().any(|mv| {
        let mut after = position.clone();
        after.play_unchecked(mv);
        match after.status() {
            Status::Over(outcome) => outcome.winner() == Some(mover),
            Status::Ongoing => {
                plies >= 3
                    && after.legal_moves().into_iter().all(|reply| {
                        let mut next = after.clone();
                        next.play_unchecked(reply);
                        match next.status() {
                            Status::Over(outcome) => outcome.winner() == Some(mover),
                            Status::Ongoing => forced_win(&next, plies - 2),
                        }
                    })
            }
        }
    })
}

/// Alpha-beta finds the win in `plies` (and it is one: the plain search agrees, and not in
/// fewer), and the MCTS solver proves it.
fn check_forced_win<G: Evaluate>(options: &G::Options, text: &str, plies: u32) {
    let position = G::from_text(text, options).expect("valid position");
    assert!(forced_win(&position, plies), "{text}: no forced win in {plies}");
    assert!(!forced_win(&position, plies - 2), "{text}: a forced win in fewer than {plies}");
    let report = AlphaBeta::<G>::new(Limits::depth(plies + 2), 16).search(
        &position,
        &Context::default(),
        &mut |_| {},
    );
    assert_eq!(report.score, Score::Win(plies), "{text}");
    let best = report.best.expect("a move");
    let mut after = position.clone();
    after.play_unchecked(best);
    let won_at_once =
        after.status().outcome().and_then(|o| o.winner()) == Some(position.side_to_move());
    assert!(won_at_once || !forced_win(&after, plies), "{text}: {best} keeps the win");
    let proof = Mcts::new(Limits::nodes(300_000), 1, true).search(&position, &Context::default());
    assert!(matches!(proof.score, Score::Win(_)), "{text}: MCTS says {}", proof.score);
}

#[test]
fn checkers_forced_wins_are_found_and_proven() {
    check_forced_win::<Checkers>(&Default::default(), "W:W16,27,28,29,K3,K9:B21", 3);
    check_forced_win::<Checkers>(&Default::default(), "W:W16,28,29,31,K1,K3:B9", 5);
}

#[test]
fn minicheckers_forced_wins_are_found_and_proven() {
    check_forced_win::<Minicheckers>(&Default::default(), "W:Wa1,b2,d2,f2,f4:Bb4,b6,d4,f6", 5);
}

#[test]
fn holes_forced_wins_are_found_and_proven_under_both_rule_sets() {
    check_forced_win::<Holes>(
        &Default::default(),
        "bb.b.b/bb.bbb/bw#b#w/w#.#w./.bww.w/wwww.w w",
        3,
    );
    let captures = arbiter_holes::Options::parse("captures=diagonal").expect("valid");
    check_forced_win::<Holes>(&captures, "bbbb.b/b.bbb./wb#b#w/.#w#../w..ww./ww.www w", 3);
}

#[test]
fn fanorona_forced_wins_are_found_and_proven() {
    check_forced_win::<Fanorona>(
        &Default::default(),
        "........b/....w..../w....w.../........./......... w",
        5,
    );
}

#[test]
fn daynight_forced_wins_are_found_and_proven() {
    check_forced_win::<DayNight>(
        &Default::default(),
        "W:Wd2,f4,i1:Bk4:Na4,c1,c2,e1,e2,g2,k1,l3:Dd",
        3,
    );
}

/// Every player's move in many random positions is legal.
fn check_legal_moves<G: Evaluate>(options: &G::Options) {
    let specs: Vec<PlayerSpec> =
        ["random:seed=3", "alphabeta:nodes=500", "mcts:iterations=40,seed=4"]
            .iter()
            .map(|text| text.parse().expect("valid spec"))
            .collect();
    let mut players: Vec<_> = specs.iter().map(PlayerSpec::build::<G>).collect();
    let positions = random_playouts::<G>(options, 8, 60, 99, |position, _| {
        let legal = position.legal_moves();
        for player in &mut players {
            let best = player.choose(position, &Context::default(), &mut |_| {}).best;
            match best {
                Some(mv) => {
                    assert!(legal.contains(&mv), "{mv} is not legal in {}", position.to_text())
                }
                None => assert!(legal.is_empty(), "no move chosen in {}", position.to_text()),
            }
        }
    });
    assert!(positions > 100);
}

#[test]
fn no_player_returns_an_illegal_move() {
    check_legal_moves::<Checkers>(&Default::default());
    check_legal_moves::<Minicheckers>(&Default::default());
    check_legal_moves::<Holes>(&Default::default());
    check_legal_moves::<Holes>(&arbiter_holes::Options { diagonal_captures: true });
    check_legal_moves::<Fanorona>(&Default::default());
    check_legal_moves::<DayNight>(&Default::default());
}

#[test]
fn node_and_depth_limits_are_respected_exactly() {
    let start = Checkers::from_text("B:W21-32:B1-12", &Default::default()).expect("valid");
    let report = AlphaBeta::<Checkers>::new(Limits::nodes(5_000), 16).search(
        &start,
        &Context::default(),
        &mut |_| {},
    );
    assert_eq!(report.nodes, 5_000);
    let mut depths = Vec::new();
    let report = AlphaBeta::<Checkers>::new(Limits::depth(6), 16).search(
        &start,
        &Context::default(),
        &mut |r| depths.push(r.depth),
    );
    assert_eq!((report.depth, depths), (6, vec![1, 2, 3, 4, 5, 6]));
    let report = Mcts::new(Limits::nodes(777), 1, true).search(&start, &Context::default());
    assert_eq!(report.nodes, 777);
}

#[test]
fn time_limited_searches_end_by_themselves_with_a_move() {
    let start = Fanorona::from_text(
        "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w",
        &Default::default(),
    )
    .expect("valid");
    for spec in ["alphabeta:time=100ms", "mcts:time=100ms"] {
        let spec: PlayerSpec = spec.parse().expect("valid");
        let report = spec.build::<Fanorona>().choose(&start, &Context::default(), &mut |_| {});
        assert!(report.best.is_some_and(|best| start.legal_moves().contains(&best)), "{spec}");
    }
}

#[test]
fn with_a_seed_and_a_node_limit_every_player_is_deterministic() {
    let start =
        DayNight::from_text("W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da", &Default::default())
            .expect("valid");
    for spec in ["random:seed=5", "alphabeta:nodes=3000", "mcts:iterations=500,seed=5"] {
        let spec: PlayerSpec = spec.parse().expect("valid");
        let first = spec.build::<DayNight>().choose(&start, &Context::default(), &mut |_| {});
        let second = spec.build::<DayNight>().choose(&start, &Context::default(), &mut |_| {});
        assert_eq!(
            (first.best, first.nodes, first.pv),
            (second.best, second.nodes, second.pv),
            "{spec}"
        );
    }
}
