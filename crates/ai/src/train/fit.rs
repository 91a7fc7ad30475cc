//! The network in floating point, trained by Adam on a sigmoid loss, and its quantisation.

use arbiter_core::nnue::{Features, Network, QA, QB, QO};
use arbiter_core::{Evaluate, Side};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::train::generate::Sample;

/// The largest first-layer weight or bias: a sum of a bias and 128 features stays within
/// `i16` once scaled by `QA`.
const INPUT_CLIP: f32 = 2.0;
/// The largest dense weight: `i8` once scaled by `QB`.
const DENSE_CLIP: f32 = 127.0 / QB as f32;
/// The largest output weight: `i16` once scaled by `QO`.
const OUTPUT_CLIP: f32 = 127.0;

/// How a network is trained.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FitSettings {
    /// The accumulator's width.
    pub hidden: usize,
    /// The dense layer's width.
    pub dense: usize,
    /// Passes over the training examples.
    pub epochs: usize,
    /// Examples a step.
    pub batch: usize,
    /// Adam's step size at the first pass; it falls exponentially to a tenth of it by the
    /// last.
    pub learning_rate: f32,
    /// The weight of the search's score in the target; the game's result has the rest.
    pub score_weight: f32,
    /// The score, in hundredths of a piece, that the sigmoid maps to about 73%.
    pub scale: f32,
    /// The seed of the initial weights and of the order of the examples.
    pub seed: u64,
}

/// A position's features from both points of view, the side to move's first, and its target.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    /// The side to move's features.
    pub own: Vec<u16>,
    /// The other side's features.
    pub other: Vec<u16>,
    /// The target of the sigmoid of the evaluation: 0 to 1.
    pub target: f32,
}

/// The examples of `samples`, read in game `G` under `options`; an error names the first
/// position that cannot be read.
pub fn examples<G: Evaluate>(
    samples: &[Sample],
    options: &G::Options,
    settings: &FitSettings,
) -> Result<Vec<Example>, String> {
    let sigmoid = |x: f32| 1.0 / (1.0 + (-x).exp());
    samples
        .iter()
        .map(|sample| {
            let position = G::from_text(&sample.position, options)
                .map_err(|error| format!("position `{}`: {error}", sample.position))?;
            let (own, other) = features_of(&position);
            let by_score = sigmoid(sample.score as f32 / settings.scale);
            let target =
                settings.score_weight * by_score + (1.0 - settings.score_weight) * sample.result;
            Ok(Example { own, other, target })
        })
        .collect()
}

/// The features of `position` from the side to move's point of view, then the other side's.
pub fn features_of<G: Evaluate>(position: &G) -> (Vec<u16>, Vec<u16>) {
    let side: Side = position.side_to_move();
    let mut features = Features::new();
    position.net_features(side, &mut features);
    let own = features.as_slice().to_vec();
    features.clear();
    position.net_features(side.opponent(), &mut features);
    (own, features.as_slice().to_vec())
}

/// A network in floating point: every parameter in one vector, the layers one after another
/// (first-layer weights and biases, dense weights and biases, output weights and bias).
#[derive(Debug, Clone, PartialEq)]
pub struct FloatNet {
    inputs: usize,
    hidden: usize,
    dense: usize,
    params: Vec<f32>,
}

/// Where each layer starts in [`FloatNet::params`].
#[derive(Debug, Clone, Copy)]
struct Layout {
    b1: usize,
    w2: usize,
    b2: usize,
    w3: usize,
    b3: usize,
    len: usize,
}

/// The values of a forward pass that the backward pass needs.
struct Pass {
    own: Vec<f32>,
    other: Vec<f32>,
    active: Vec<f32>,
    dense: Vec<f32>,
    output: f32,
}

impl FloatNet {
    /// A network with random weights drawn from `seed`.
    #[must_use]
    pub fn new(inputs: usize, hidden: usize, dense: usize, seed: u64) -> Self {
        let mut net = FloatNet { inputs, hidden, dense, params: Vec::new() };
        let layout = net.layout();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut uniform = |bound: f32| (rng.random::<f32>() * 2.0 - 1.0) * bound;
        let mut params = vec![0.0; layout.len];
        params[..layout.b1].iter_mut().for_each(|w| *w = uniform(0.1));
        params[layout.b1..layout.w2].iter_mut().for_each(|b| *b = 0.1 + uniform(0.05));
        let dense_bound = (1.0 / (2 * hidden) as f32).sqrt();
        params[layout.w2..layout.b2].iter_mut().for_each(|w| *w = uniform(dense_bound));
        let output_bound = (1.0 / dense as f32).sqrt();
        params[layout.w3..layout.b3].iter_mut().for_each(|w| *w = uniform(output_bound));
        net.params = params;
        net
    }

    fn layout(&self) -> Layout {
        let b1 = self.inputs * self.hidden;
        let w2 = b1 + self.hidden;
        let b2 = w2 + self.dense * 2 * self.hidden;
        let w3 = b2 + self.dense;
        let b3 = w3 + self.dense;
        Layout { b1, w2, b2, w3, b3, len: b3 + 1 }
    }

    /// The evaluation in pieces (hundredths / 100) and what backpropagation needs.
    fn forward(&self, example: &Example) -> Pass {
        let (layout, hidden, p) = (self.layout(), self.hidden, &self.params);
        let accumulate = |features: &[u16]| {
            let mut values = p[layout.b1..layout.w2].to_vec();
            for &feature in features {
                let row = &p[usize::from(feature) * hidden..][..hidden];
                values.iter_mut().zip(row).for_each(|(v, w)| *v += w);
            }
            values
        };
        let own = accumulate(&example.own);
        let other = accumulate(&example.other);
        let active: Vec<f32> = own.iter().chain(&other).map(|v| v.clamp(0.0, 1.0)).collect();
        let weights = p[layout.w2..layout.b2].chunks_exact(2 * hidden);
        let dense: Vec<f32> = weights
            .zip(&p[layout.b2..layout.w3])
            .map(|(row, b)| b + row.iter().zip(&active).map(|(w, a)| w * a).sum::<f32>())
            .collect();
        let output = p[layout.b3]
            + dense
                .iter()
                .zip(&p[layout.w3..layout.b3])
                .map(|(z, w)| z.clamp(0.0, 1.0) * w)
                .sum::<f32>();
        Pass { own, other, active, dense, output }
    }

    /// The evaluation of `example`'s position in hundredths of a piece.
    #[must_use]
    pub fn evaluate(&self, example: &Example) -> f32 {
        self.forward(example).output * 100.0
    }

    /// Adds the gradient of `example`'s squared error to `gradient`; returns the error.
    fn backward(&self, example: &Example, scale: f32, gradient: &mut [f32]) -> f32 {
        let pass = self.forward(example);
        let (layout, hidden, p) = (self.layout(), self.hidden, &self.params);
        let predicted = 1.0 / (1.0 + (-pass.output * 100.0 / scale).exp());
        let error = predicted - example.target;
        let d_output = 2.0 * error * predicted * (1.0 - predicted) * 100.0 / scale;
        gradient[layout.b3] += d_output;
        let mut d_active = vec![0.0; 2 * hidden];
        for (j, &z) in pass.dense.iter().enumerate() {
            gradient[layout.w3 + j] += d_output * z.clamp(0.0, 1.0);
            if z <= 0.0 || z >= 1.0 {
                continue;
            }
            let d_dense = d_output * p[layout.w3 + j];
            gradient[layout.b2 + j] += d_dense;
            let row = layout.w2 + j * 2 * hidden;
            for (i, &a) in pass.active.iter().enumerate() {
                gradient[row + i] += d_dense * a;
                d_active[i] += d_dense * p[row + i];
            }
        }
        let views = [(&pass.own, &example.own, 0), (&pass.other, &example.other, hidden)];
        for (values, features, offset) in views {
            let d_values: Vec<f32> = values
                .iter()
                .zip(&d_active[offset..offset + hidden])
                .map(|(&v, &d)| if v > 0.0 && v < 1.0 { d } else { 0.0 })
                .collect();
            for (h, d) in d_values.iter().enumerate() {
                gradient[layout.b1 + h] += d;
            }
            for &feature in features.iter() {
                let row = &mut gradient[usize::from(feature) * hidden..][..hidden];
                row.iter_mut().zip(&d_values).for_each(|(g, d)| *g += d);
            }
        }
        error * error
    }

    /// The mean squared error of the sigmoid of the evaluations against the targets.
    #[must_use]
    pub fn loss(&self, examples: &[Example], scale: f32) -> f32 {
        let total: f32 = examples
            .iter()
            .map(|example| {
                let predicted = 1.0 / (1.0 + (-self.forward(example).output * 100.0 / scale).exp());
                (predicted - example.target).powi(2)
            })
            .sum();
        total / examples.len().max(1) as f32
    }

    /// Keeps every weight within what its quantised type holds.
    fn clip(&mut self) {
        let layout = self.layout();
        let clip = |values: &mut [f32], bound: f32| {
            values.iter_mut().for_each(|v| *v = v.clamp(-bound, bound));
        };
        clip(&mut self.params[..layout.w2], INPUT_CLIP);
        clip(&mut self.params[layout.w2..layout.b2], DENSE_CLIP);
        clip(&mut self.params[layout.w3..layout.b3], OUTPUT_CLIP);
    }

    /// The quantised network for game `game`, with `provenance` (the command and seed).
    #[must_use]
    pub fn quantise(&self, game: &str, provenance: &str) -> Network {
        let layout = self.layout();
        let p = &self.params;
        let scaled = |values: &[f32], scale: i32| -> Vec<i32> {
            values.iter().map(|v| (v * scale as f32).round() as i32).collect()
        };
        let to_i16 = |values: Vec<i32>| values.into_iter().map(|v| v as i16).collect();
        Network {
            game: game.to_owned(),
            provenance: provenance.to_owned(),
            inputs: self.inputs,
            hidden: self.hidden,
            dense: self.dense,
            input_weights: to_i16(scaled(&p[..layout.b1], QA)),
            input_bias: to_i16(scaled(&p[layout.b1..layout.w2], QA)),
            dense_weights: to_i16(scaled(&p[layout.w2..layout.b2], QB)),
            dense_bias: scaled(&p[layout.b2..layout.w3], QA * QB),
            output_weights: to_i16(scaled(&p[layout.w3..layout.b3], QO)),
            output_bias: scaled(&p[layout.b3..], QA * QO)[0],
        }
    }
}

/// Adam (Kingma and Ba, 2015) over a vector of parameters.
struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
    rate: f32,
}

impl Adam {
    fn new(len: usize, rate: f32) -> Self {
        Adam { first: vec![0.0; len], second: vec![0.0; len], steps: 0, rate }
    }

    fn step(&mut self, params: &mut [f32], gradient: &[f32]) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        self.steps += 1;
        let correct1 = 1.0 - BETA1.powi(self.steps);
        let correct2 = 1.0 - BETA2.powi(self.steps);
        for (((param, &g), m), v) in
            params.iter_mut().zip(gradient).zip(&mut self.first).zip(&mut self.second)
        {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *param -= self.rate * (*m / correct1) / ((*v / correct2).sqrt() + 1e-8);
        }
    }
}

/// Trains `net` on `examples` for `settings.epochs` passes, in batches, in an order drawn from
/// `settings.seed`; `progress` hears each pass's number, its mean loss over the examples and
/// the network after it.
pub fn fit(
    net: &mut FloatNet,
    examples: &[Example],
    settings: &FitSettings,
    progress: &mut dyn FnMut(usize, f32, &FloatNet),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed ^ 0x5EED);
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut adam = Adam::new(net.params.len(), settings.learning_rate);
    let mut gradient = vec![0.0; net.params.len()];
    for epoch in 0..settings.epochs {
        // The step size falls exponentially, to a tenth of the first by the last pass.
        adam.rate = settings.learning_rate * 0.1f32.powf(epoch as f32 / settings.epochs as f32);
        order.shuffle(&mut rng);
        let mut total = 0.0;
        for batch in order.chunks(settings.batch.max(1)) {
            gradient.fill(0.0);
            for &index in batch {
                total += net.backward(&examples[index], settings.scale, &mut gradient);
            }
            let size = batch.len() as f32;
            gradient.iter_mut().for_each(|g| *g /= size);
            adam.step(&mut net.params, &gradient);
            net.clip();
        }
        progress(epoch + 1, total / examples.len().max(1) as f32, net);
    }
}

/// The quantised network's evaluation of an example, in hundredths of a piece, computed here
/// plainly in `i32` (independently of [`arbiter_core::nnue`], whose result it must equal).
#[must_use]
pub fn quantised_evaluate(net: &Network, example: &Example) -> i32 {
    let hidden = net.hidden;
    let accumulate = |features: &[u16]| -> Vec<i32> {
        (0..hidden)
            .map(|h| {
                let rows: i32 = features
                    .iter()
                    .map(|&f| i32::from(net.input_weights[usize::from(f) * hidden + h]))
                    .sum();
                (i32::from(net.input_bias[h]) + rows).clamp(0, QA)
            })
            .collect()
    };
    let mut active = accumulate(&example.own);
    active.extend(accumulate(&example.other));
    let mut output = net.output_bias;
    for j in 0..net.dense {
        let row = &net.dense_weights[j * 2 * hidden..(j + 1) * 2 * hidden];
        let sum: i32 = row.iter().zip(&active).map(|(&w, &a)| i32::from(w) * a).sum();
        output += ((sum + net.dense_bias[j]) / QB).clamp(0, QA) * i32::from(net.output_weights[j]);
    }
    output * 100 / (QA * QO)
}
