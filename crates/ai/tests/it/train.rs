//! The training pipeline end to end, tiny: positions by self-play from the ballot, labels,
//! a few steps of training, the network written and read back, and its evaluation.

use arbiter_ai::arena::Ballot;
use arbiter_ai::train::{self, FitSettings, FloatNet, GenerateSettings, Sample};
use arbiter_checkers::Checkers;
use arbiter_core::nnue::{self, Network};
use arbiter_core::{Evaluate, Game, NoOptions};

const BALLOT: &str = include_str!("../../../games/checkers/data/acf-3-move-ballot.txt");

fn samples(threads: usize) -> Vec<Sample> {
    let ballot = Ballot::parse(BALLOT).expect("the ballot reads");
    let openings = ballot.records::<Checkers>(&NoOptions).expect("the openings play");
    let settings = GenerateSettings {
        games: 4,
        nodes: 300,
        table_mib: 1,
        random_plies: 10,
        random_percent: 20,
        max_plies: 40,
        seed: 5,
        threads,
    };
    let mut samples = Vec::new();
    train::generate(&openings[..3], &settings, &mut |game| samples.extend(game));
    samples
}

#[test]
fn a_tiny_training_run_writes_a_network_that_evaluates_as_the_trainer_computed() {
    let samples = samples(2);
    assert!(samples.len() >= 30, "{} positions", samples.len());
    assert_eq!(samples, self::samples(1), "the threads do not change the positions");
    for sample in &samples {
        assert_eq!(Sample::from_line(&sample.to_line()).as_ref(), Some(sample));
    }
    let settings = FitSettings {
        hidden: 16,
        dense: 8,
        epochs: 40,
        batch: 16,
        learning_rate: 0.01,
        score_weight: 0.75,
        scale: 150.0,
        seed: 3,
    };
    let examples = train::examples::<Checkers>(&samples, &NoOptions, &settings).expect("readable");
    let mut net = FloatNet::new(Checkers::NET_INPUTS, settings.hidden, settings.dense, 3);
    let before = net.loss(&examples, settings.scale);
    let mut losses = Vec::new();
    train::fit(&mut net, &examples, &settings, &mut |_, loss, _| losses.push(loss));
    let after = net.loss(&examples, settings.scale);
    assert!(after < before * 0.8, "the loss went from {before} to {after} ({losses:?})");

    let quantised = net.quantise(Checkers::ID, "a test");
    let loaded = Network::for_game::<Checkers>(&quantised.to_bytes()).expect("it reads back");
    assert_eq!(loaded, quantised);
    for (sample, example) in samples.iter().zip(&examples) {
        let position = Checkers::from_text(&sample.position, &NoOptions).expect("a position");
        let evaluation = nnue::evaluate(&loaded, &position);
        assert_eq!(
            evaluation,
            train::quantised_evaluate(&quantised, example),
            "{}",
            sample.position
        );
        let float = net.evaluate(example);
        assert!((evaluation as f32 - float).abs() < 10.0, "{evaluation} against {float}");
    }
}

#[test]
fn a_network_for_another_game_or_damaged_is_refused() {
    let net = FloatNet::new(Checkers::NET_INPUTS, 4, 2, 1);
    let bytes = net.quantise("holes", "").to_bytes();
    let error = Network::for_game::<Checkers>(&bytes).expect_err("not checkers'");
    assert_eq!(
        error.to_string(),
        "the network is for holes with 128 inputs, not checkers with 128"
    );
    let mut bytes = net.quantise("checkers", "").to_bytes();
    bytes[20] ^= 0x40;
    assert!(Network::for_game::<Checkers>(&bytes).is_err());
}
