//! Matches between `arbiter ggp` players run by the host, and the match JSON's shape.

use arbiter_ggp::{Engine, Host, PlayerConfig};

use crate::game_text;
use crate::protocol::{player, quick};

#[test]
fn a_short_match_of_tic_tac_toe_between_two_players() {
    let mcts = player(quick());
    let random = player(PlayerConfig { engine: Engine::Random, ..quick() });
    let mut host = Host::new(&game_text("ticTacToe.kif"), 1).expect("a host");
    let record = host.play("t1", &[mcts.clone(), random], 1, 1).expect("a match");
    assert!(record.is_completed && !record.is_aborted);
    let moves = record.moves.len();
    assert!((5..=9).contains(&moves), "{moves} joint moves");
    assert_eq!(record.states.len(), moves + 1);
    assert_eq!(record.state_times.len(), moves + 1);
    assert_eq!(record.errors.len(), moves + 1);
    assert!(record.errors.iter().flatten().all(String::is_empty), "{:?}", record.errors);
    assert_eq!(record.goal_values.len(), 2);
    assert!(record
        .moves
        .iter()
        .all(|joint| joint.len() == 2 && joint.contains(&"noop".to_owned())));

    let json = serde_json::to_value(&record).expect("JSON");
    let object = json.as_object().expect("an object");
    for key in [
        "matchId",
        "randomToken",
        "startTime",
        "isCompleted",
        "isAborted",
        "states",
        "moves",
        "stateTimes",
        "errors",
        "goalValues",
        "previewClock",
        "startClock",
        "playClock",
        "playerNamesFromHost",
        "scrambled",
    ] {
        assert!(object.contains_key(key), "{key} in {json}");
    }
    assert_eq!(json["randomToken"].as_str().map(str::len), Some(32));
    assert!(json["states"][0].as_str().expect("a state").starts_with("( ( cell 1 1 b ) "));
    assert_eq!(json["playerNamesFromHost"][0].as_str(), Some(mcts.as_str()));
}

#[test]
fn a_player_that_cannot_be_reached_plays_random_moves() {
    let random = player(PlayerConfig { engine: Engine::Random, ..quick() });
    let mut host = Host::new(&game_text("ticTacToe.kif"), 1).expect("a host");
    // A port that nothing listens on: a connection error (CE) at every request.
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = nobody.local_addr().expect("its address").to_string();
    drop(nobody);
    let record = host.play("t2", &[random, address], 1, 1).expect("a match");
    assert!(record.is_completed);
    assert!(record.errors.iter().all(|errors| errors[1] == "CE"), "{:?}", record.errors);
}

#[test]
#[ignore = "whole matches on 1-second clocks, a minute or two: cargo test --release -p arbiter-ggp -- --ignored"]
fn whole_matches_on_one_second_clocks() {
    let config = PlayerConfig::default();
    // The seed game: the native player (solver and alpha-beta) against MCTS on the reasoner.
    let native = player(config.clone());
    let reasoner = player(PlayerConfig { native: false, ..config.clone() });
    let mut host = Host::new(&game_text("breakthroughSmallHoles.kif"), 1).expect("a host");
    for (number, seats) in
        [[native.clone(), reasoner.clone()], [reasoner, native]].iter().enumerate()
    {
        let record = host.play(&format!("h{number}"), seats, 2, 1).expect("a match");
        assert!(record.is_completed, "{record:?}");
        assert!(record.errors.iter().flatten().all(String::is_empty), "{:?}", record.errors);
    }
    // Connect four: MCTS against flat Monte Carlo, every answer legal and in time.
    let mcts = player(config.clone());
    let flat = player(PlayerConfig { engine: Engine::MonteCarlo, ..config });
    let mut host = Host::new(&game_text("connectFour.kif"), 1).expect("a host");
    let record = host.play("c0", &[mcts, flat], 2, 1).expect("a match");
    assert!(record.is_completed);
    assert!(record.errors.iter().flatten().all(String::is_empty), "{:?}", record.errors);
}
