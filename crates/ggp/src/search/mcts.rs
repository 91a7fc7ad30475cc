//! UCT on the reasoner for any number of roles, simultaneous moves included.
//!
//! Each node holds a state and, for each role, its legal moves with their visits and summed
//! rewards. A node's joint move is chosen role by role, each role maximising its own upper
//! confidence bound `mean + C · √(ln visits / move visits)` (decoupled UCT, the scheme of
//! CadiaPlayer: Finnsson and Björnsson, 2008, "Simulation-Based Approach to General Game
//! Playing"), which is plain UCT in a game where the others play `noop`. A new node is scored
//! by one random playout; rewards are the goals over 100, each role credited with its own. The
//! tree is kept after a move (the played child becomes the root) and grows during the start
//! clock; it stops growing at [`MAX_NODES`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use arbiter_gdl::{Game, Machine, Move, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::search::playout::{goals, playout};
use crate::search::Searcher;

/// The tree stops growing at this many nodes (some hundreds of MiB at most in the games of
/// ggp-base's repository); the iterations go on, scoring leaves by playouts.
pub const MAX_NODES: usize = 400_000;
/// The exploration constant, for rewards between 0 and 1.
const EXPLORATION: f64 = 1.4;
/// Iterations between two looks at the clock.
const CLOCK_INTERVAL: u32 = 16;

/// A role's moves at a node, with their statistics.
struct Choices {
    moves: Vec<Move>,
    visits: Vec<u32>,
    rewards: Vec<f64>,
}

struct Node {
    state: State,
    /// The goals of a terminal state, or `None` while the game goes on.
    terminal: Option<Vec<f64>>,
    /// Each role's choices, once the node is expanded.
    choices: Vec<Choices>,
    children: Vec<(Vec<Move>, u32)>,
    visits: u32,
}

/// The UCT player.
pub struct Mcts {
    role: usize,
    /// The game's number of roles.
    roles: usize,
    rng: ChaCha8Rng,
    nodes: Vec<Node>,
    root: Option<u32>,
}

impl Mcts {
    /// A UCT player for `role`.
    #[must_use]
    pub fn new(role: usize, seed: u64) -> Self {
        Mcts { role, roles: 0, rng: ChaCha8Rng::seed_from_u64(seed), nodes: Vec::new(), root: None }
    }

    /// The iterations run so far from the current root.
    #[must_use]
    pub fn root_visits(&self) -> u32 {
        self.root.map_or(0, |root| self.nodes[root as usize].visits)
    }

    /// Grows the tree from `state` until `deadline` or `stop`.
    fn search(&mut self, game: &Game, state: &State, deadline: Instant, stop: &AtomicBool) {
        let mut machine = game.machine();
        self.roles = game.roles().len();
        let root = match self.root {
            Some(root) if self.nodes[root as usize].state == *state => root,
            _ => {
                self.nodes.clear();
                let Some(root) = self.add(&mut machine, state.clone()) else { return };
                root
            }
        };
        self.root = Some(root);
        let mut scratch = Scratch::new(self.roles);
        let mut iterations = 0u32;
        loop {
            if iterations.is_multiple_of(CLOCK_INTERVAL)
                && (Instant::now() >= deadline || stop.load(Ordering::Relaxed))
            {
                break;
            }
            iterations += 1;
            self.iterate(&mut machine, root, &mut scratch);
        }
    }

    /// One iteration: down the tree, a new node, a playout, and the rewards back up.
    fn iterate(&mut self, machine: &mut Machine<'_>, root: u32, scratch: &mut Scratch) {
        scratch.path.clear();
        let mut node = root;
        loop {
            if let Some(goals) = &self.nodes[node as usize].terminal {
                scratch.rewards.clone_from(goals);
                break;
            }
            if self.nodes[node as usize].choices.is_empty() && !self.expand(machine, node) {
                goals_of(
                    machine,
                    self.roles,
                    &self.nodes[node as usize].state,
                    &mut scratch.rewards,
                );
                break;
            }
            let indices = self.select(node);
            let joint: Vec<Move> = indices
                .iter()
                .zip(&self.nodes[node as usize].choices)
                .map(|(&index, choices)| choices.moves[index])
                .collect();
            scratch.path.push((node, indices));
            let existing = self.nodes[node as usize].children.iter().find(|(j, _)| *j == joint);
            if let Some(&(_, child)) = existing {
                node = child;
                continue;
            }
            let state = &self.nodes[node as usize].state;
            let grown = self.nodes.len() < MAX_NODES;
            let next = machine.set_state(state).ok().and_then(|()| machine.next_state(&joint).ok());
            let Some(next) = next else {
                goals_of(machine, self.roles, state, &mut scratch.rewards);
                break;
            };
            if grown {
                if let Some(child) = self.add(machine, next.clone()) {
                    self.nodes[node as usize].children.push((joint, child));
                    self.nodes[child as usize].visits += 1;
                }
            }
            if machine.set_state(&next).is_err() {
                break;
            }
            playout(machine, self.roles, &mut self.rng, &mut scratch.joint, &mut scratch.rewards);
            break;
        }
        for (node, indices) in &scratch.path {
            let node = &mut self.nodes[*node as usize];
            node.visits += 1;
            for (role, (&index, choices)) in indices.iter().zip(&mut node.choices).enumerate() {
                choices.visits[index] += 1;
                choices.rewards[index] += scratch.rewards.get(role).copied().unwrap_or(0.0);
            }
        }
    }

    /// A new unexpanded node for `state`; its goals if it is terminal.
    fn add(&mut self, machine: &mut Machine<'_>, state: State) -> Option<u32> {
        machine.set_state(&state).ok()?;
        let terminal = machine.is_terminal().then(|| {
            let mut rewards = Vec::new();
            goals(machine, self.roles, &mut rewards);
            rewards
        });
        let index = u32::try_from(self.nodes.len()).ok()?;
        self.nodes.push(Node {
            state,
            terminal,
            choices: Vec::new(),
            children: Vec::new(),
            visits: 0,
        });
        Some(index)
    }

    /// Lists each role's legal moves at `node`; `false` when a role has none.
    fn expand(&mut self, machine: &mut Machine<'_>, node: u32) -> bool {
        let roles = self.roles;
        let node = &mut self.nodes[node as usize];
        if machine.set_state(&node.state).is_err() {
            return false;
        }
        let mut choices = Vec::with_capacity(roles);
        for role in 0..roles {
            let moves: Vec<Move> = machine.legal_moves(role).collect();
            if moves.is_empty() {
                return false;
            }
            let count = moves.len();
            choices.push(Choices { moves, visits: vec![0; count], rewards: vec![0.0; count] });
        }
        node.choices = choices;
        true
    }

    /// Each role's choice at `node` by its upper confidence bound; untried moves first.
    fn select(&mut self, node: u32) -> Vec<usize> {
        use rand::RngExt;
        let node = &self.nodes[node as usize];
        let log = f64::from(node.visits.max(1)).ln();
        let mut indices = Vec::with_capacity(node.choices.len());
        for choices in &node.choices {
            let untried = choices.visits.iter().filter(|&&visits| visits == 0).count();
            if untried > 0 {
                let pick = self.rng.random_range(0..untried);
                let index = choices.visits.iter().enumerate().filter(|(_, &v)| v == 0).nth(pick);
                indices.push(index.map_or(0, |(index, _)| index));
                continue;
            }
            let bound = |i: usize| {
                let visits = f64::from(choices.visits[i]);
                choices.rewards[i] / visits + EXPLORATION * (log / visits).sqrt()
            };
            let best = (0..choices.moves.len()).max_by(|&a, &b| bound(a).total_cmp(&bound(b)));
            indices.push(best.unwrap_or(0));
        }
        indices
    }

    /// The root's most visited move of the role.
    fn best(&self) -> Option<Move> {
        let root = &self.nodes[self.root? as usize];
        let choices = root.choices.get(self.role)?;
        let best = (0..choices.moves.len()).max_by_key(|&i| choices.visits[i])?;
        Some(choices.moves[best])
    }

    /// Keeps the subtree under `root` alone, renumbered from 0.
    fn keep_subtree(&mut self, root: u32) {
        let mut old: Vec<Option<Node>> =
            std::mem::take(&mut self.nodes).into_iter().map(Some).collect();
        let mut queue = vec![root];
        let mut number = std::collections::HashMap::new();
        number.insert(root, 0u32);
        let mut order = Vec::new();
        while let Some(index) = queue.pop() {
            order.push(index);
            let Some(node) = &old[index as usize] else { continue };
            for &(_, child) in &node.children {
                let next = u32::try_from(number.len()).unwrap_or(u32::MAX);
                number.insert(child, next);
                queue.push(child);
            }
        }
        order.sort_by_key(|index| number[index]);
        for index in order {
            let Some(mut node) = old[index as usize].take() else { continue };
            for (_, child) in &mut node.children {
                *child = number[child];
            }
            self.nodes.push(node);
        }
        self.root = Some(0);
    }
}

impl Searcher for Mcts {
    fn ponder(&mut self, game: &Game, state: &State, deadline: Instant, stop: &AtomicBool) {
        self.search(game, state, deadline, stop);
    }

    fn choose(
        &mut self,
        game: &Game,
        state: &State,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Option<Move> {
        self.search(game, state, deadline, stop);
        self.best().or_else(|| {
            let mut machine = game.machine();
            machine.set_state(state).ok()?;
            let first = machine.legal_moves(self.role).next();
            first
        })
    }

    fn played(&mut self, joint: &[Move]) {
        let child = self.root.and_then(|root| {
            let children = &self.nodes[root as usize].children;
            children.iter().find(|(played, _)| played == joint).map(|&(_, child)| child)
        });
        match child {
            Some(child) => self.keep_subtree(child),
            None => {
                self.nodes.clear();
                self.root = None;
            }
        }
    }
}

/// The buffers of an iteration.
struct Scratch {
    path: Vec<(u32, Vec<usize>)>,
    joint: Vec<Move>,
    rewards: Vec<f64>,
}

impl Scratch {
    fn new(roles: usize) -> Self {
        Scratch {
            path: Vec::new(),
            joint: Vec::with_capacity(roles),
            rewards: Vec::with_capacity(roles),
        }
    }
}

/// The goals of `state`, 0 to 1.
fn goals_of(machine: &mut Machine<'_>, roles: usize, state: &State, rewards: &mut Vec<f64>) {
    if machine.set_state(state).is_ok() {
        goals(machine, roles, rewards);
    }
}
