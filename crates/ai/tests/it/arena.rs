//! Matches: players that break the rules are named, configurations are checked before any
//! game, records are kept only when asked for, and players are reused from game to game
//! without changing the results.

use arbiter_ai::arena::{
    play_game, play_match, play_match_with, Ballot, Entrant, MatchConfig, MatchError, Opening,
    Openings, Pairing, MAX_TABLES_MIB,
};
use arbiter_ai::{Context, Forfeit, Player, PlayerSpec, Score, SearchReport};
use arbiter_checkers::Checkers;
use arbiter_core::{Game, GameOptions, GameRecord, NoOptions, Outcome, Side, WinReason};
use arbiter_holes::Holes;

/// A player that always answers `best`, legal or not.
struct Stubborn(Option<<Checkers as Game>::Move>);

impl Player<Checkers> for Stubborn {
    fn choose(
        &mut self,
        _position: &Checkers,
        _context: &Context<'_>,
        _progress: &mut dyn FnMut(&SearchReport<<Checkers as Game>::Move>),
    ) -> SearchReport<<Checkers as Game>::Move> {
        SearchReport {
            best: self.0,
            score: Score::Eval(0),
            depth: 0,
            nodes: 0,
            elapsed: std::time::Duration::ZERO,
            pv: Vec::new(),
            book: false,
        }
    }

    fn new_game(&mut self, _seed: u64) {}
}

/// A player that gives up after `moves` moves, as an engine in another process that fails.
struct Quitter {
    moves: usize,
    played: usize,
}

impl Player<Checkers> for Quitter {
    fn choose(
        &mut self,
        position: &Checkers,
        context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<<Checkers as Game>::Move>),
    ) -> SearchReport<<Checkers as Game>::Move> {
        Stubborn(position.legal_moves().first().copied()).choose(position, context, progress)
    }

    fn choose_in_game(
        &mut self,
        record: &GameRecord<Checkers>,
        progress: &mut dyn FnMut(&SearchReport<<Checkers as Game>::Move>),
    ) -> Result<SearchReport<<Checkers as Game>::Move>, Forfeit> {
        if self.played == self.moves {
            return Err(Forfeit { reason: "the engine exited".to_owned() });
        }
        self.played += 1;
        Ok(self.choose(record.position(), &Context::default(), progress))
    }

    fn new_game(&mut self, _seed: u64) {
        self.played = 0;
    }
}

fn config(games: usize, threads: usize) -> MatchConfig {
    MatchConfig { games, openings: Openings::Random(0), seed: 1, threads, keep_records: false }
}

fn random() -> PlayerSpec {
    "random".parse().expect("a spec")
}

#[test]
fn a_player_without_a_move_or_with_an_illegal_one_is_named() {
    let spec: PlayerSpec = "alphabeta:depth=1".parse().expect("a spec");
    let pairing = Pairing { number: 0, a_side: Side::Black, opening: Opening::Random(0), seed: 1 };
    let mut entrants =
        [Entrant::with_player(&spec, Box::new(Stubborn(None))), Entrant::new(&random())];
    let error = play_game(&NoOptions, &mut entrants, pairing.clone(), false).expect_err("no move");
    assert!(
        matches!(error, MatchError::NoMove { ref name, game: 1, .. } if name == "A (alphabeta:depth=1)")
    );
    // A move of White's, given on Black's first turn.
    let mut after = Checkers::start(&NoOptions);
    after.play_unchecked(after.legal_moves()[0]);
    let wrong = after.legal_moves().first().copied();
    let mut entrants =
        [Entrant::new(&random()), Entrant::with_player(&spec, Box::new(Stubborn(wrong)))];
    let pairing = Pairing { a_side: Side::White, ..pairing };
    let error = play_game(&NoOptions, &mut entrants, pairing, false).expect_err("illegal");
    assert!(
        matches!(error, MatchError::IllegalMove { ref name, .. } if name.starts_with("B ")),
        "{error}"
    );
    assert!(error.to_string().contains("player B (alphabeta:depth=1) played"), "{error}");
}

#[test]
fn a_player_that_forfeits_loses_the_game_by_resignation_and_the_match_goes_on() {
    let spec: PlayerSpec = "alphabeta:depth=1".parse().expect("a spec");
    let entrants = || {
        let quitter = Box::new(Quitter { moves: 2, played: 0 });
        Ok([Entrant::new(&random()), Entrant::with_player(&spec, quitter).labelled("quitter")])
    };
    let keep = MatchConfig { keep_records: true, ..config(4, 2) };
    let result =
        play_match_with::<Checkers>(&NoOptions, &entrants, keep, &|_| {}).expect("a match");
    assert_eq!((result.a_wins, result.draws, result.b_wins), (4, 0, 0));
    for game in &result.games {
        let loser = game.a_side.opponent();
        let resigned = Outcome::Win { winner: game.a_side, reason: WinReason::Resignation };
        assert_eq!(game.outcome, resigned);
        let message = format!("B (quitter) forfeited game {}: the engine exited", game.number + 1);
        assert_eq!(game.forfeit.as_deref(), Some(message.as_str()));
        // Two moves of the quitter's, and those of its opponent's around them.
        assert_eq!(game.turns, if loser == Side::Black { 4 } else { 5 }, "{game:?}");
        let record = game.record.as_deref().unwrap_or_default();
        assert!(record.contains(&format!("[Forfeit \"{message}\"]")), "{record}");
    }
    let failing = || Err(MatchError::Start { name: "B".to_owned(), reason: "no".to_owned() });
    let error = play_match_with::<Checkers>(&NoOptions, &failing, config(4, 2), &|_| {});
    assert_eq!(error, Err(MatchError::Start { name: "B".to_owned(), reason: "no".to_owned() }));
}

#[test]
fn bad_configurations_are_refused_before_any_game() {
    let none = &|_| {};
    let options = <Holes as Game>::Options::default();
    let (a, b) = (random(), random());
    assert_eq!(play_match::<Holes>(&options, &a, &b, config(0, 1), none), Err(MatchError::NoGames));
    assert_eq!(
        play_match::<Holes>(&options, &a, &b, config(2, 100_000), none),
        Err(MatchError::Threads(100_000))
    );
    let big: PlayerSpec = "alphabeta:depth=1,hash=4096".parse().expect("a spec");
    let error = play_match::<Holes>(&options, &big, &big, config(8, 8), none).expect_err("memory");
    assert!(matches!(error, MatchError::TooMuchMemory { total, .. } if total > MAX_TABLES_MIB));
    let long = MatchConfig { openings: Openings::Random(500), ..config(2, 1) };
    assert_eq!(
        play_match::<Holes>(&options, &a, &b, long, none),
        Err(MatchError::NoOpening { plies: 500 })
    );
}

#[test]
fn records_are_kept_only_when_asked_for() {
    let none = &|_| {};
    let options = <Holes as Game>::Options::parse("").expect("defaults");
    let (a, b) = (random(), random());
    let result = play_match::<Holes>(&options, &a, &b, config(4, 2), none).expect("a match");
    assert!(result.games.iter().all(|game| game.record.is_none()));
    let keep = MatchConfig { keep_records: true, ..config(4, 2) };
    let result = play_match::<Holes>(&options, &a, &b, keep, none).expect("a match");
    assert!(result
        .games
        .iter()
        .all(|game| game.record.as_deref().is_some_and(|r| r.contains("[Game \"holes\"]"))));
}

#[test]
fn reused_players_play_as_fresh_ones_whatever_the_threads() {
    let none = &|_| {};
    let options = <Holes as Game>::Options::default();
    let a: PlayerSpec = "alphabeta:depth=3".parse().expect("a spec");
    let b: PlayerSpec = "mcts:iterations=200,seed=5".parse().expect("a spec");
    let config = |threads| MatchConfig {
        openings: Openings::Random(2),
        keep_records: true,
        ..config(6, threads)
    };
    let one = play_match::<Holes>(&options, &a, &b, config(1), none).expect("a match");
    let three = play_match::<Holes>(&options, &a, &b, config(3), none).expect("a match");
    assert_eq!(one, three);
    // Each game as if played alone, with players built for it.
    for game in &one.games {
        let mut entrants = [Entrant::new(&a), Entrant::new(&b)];
        let alone =
            play_game::<Holes>(&options, &mut entrants, Pairing::of(&config(1), game.number), true)
                .expect("a game");
        assert_eq!(&alone, game);
    }
}

#[test]
fn a_ballot_gives_each_pair_its_opening_in_order_with_colours_swapped() {
    let ballot =
        Ballot::parse("# two openings\n9-13 22-17 13x22\n\n11-15 24-19 15x24\n").expect("a ballot");
    let openings = Openings::Ballot(std::sync::Arc::new(ballot));
    let keep = MatchConfig { openings, keep_records: true, ..config(6, 2) };
    let (a, b) = (random(), random());
    let result = play_match::<Checkers>(&NoOptions, &a, &b, keep, &|_| {}).expect("a match");
    for game in &result.games {
        let record = game.record.as_deref().unwrap_or_default();
        let first = ["1. 9-13 22-17 2. 13x22", "1. 11-15 24-19 2. 15x24"][game.number / 2 % 2];
        assert!(record.contains(first), "game {}: {record}", game.number);
    }
    assert_eq!(result.games[0].a_side.opponent(), result.games[1].a_side);
}

#[test]
fn a_ballot_opening_that_cannot_be_played_stops_the_match_and_is_named() {
    let ballot = Ballot::parse("9-13 22-17 13x22\n11-15 11-15\n").expect("a ballot");
    let openings = Openings::Ballot(std::sync::Arc::new(ballot));
    let bad = MatchConfig { openings, ..config(4, 1) };
    let error =
        play_match::<Checkers>(&NoOptions, &random(), &random(), bad, &|_| {}).expect_err("bad");
    let message = error.to_string();
    assert!(message.contains("line 2, move 2 (`11-15`)"), "{message}");
}
