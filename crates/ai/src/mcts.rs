//! Monte Carlo tree search: UCT with random playouts, and a solver.
//!
//! UCT (Kocsis and Szepesvári, 2006) grows a tree one node an iteration, choosing children by
//! the upper confidence bound `wins / visits + c · √(ln parent visits / visits)`, and scores a
//! new node by a random playout to the end of the game (or, past a length, by the game's
//! evaluation mapped to a probability). The solver (Winands, Björnsson and Saito, 2008, "Monte
//! Carlo Tree Search Solver") marks finished games as proven and propagates proofs up: a
//! position is a proven win when one move leads to a proven loss for the opponent, a proven
//! loss when every move leads to a proven win for him. Proven nodes are never chosen wrongly
//! again, and a proven root ends the search.

use std::sync::atomic::Ordering;

use arbiter_core::{Evaluate, Side, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::draws::Draws;
use crate::limits::{Clock, Limits};
use crate::playout::{random_playout, PlayoutEnd};
use crate::{Context, Player, Score, SearchReport};

/// Iterations when no limit is given.
const DEFAULT_ITERATIONS: u64 = 10_000;
/// A playout longer than this is scored by the evaluation.
const PLAYOUT_PLIES: u32 = 200;
/// The tree stops growing at this many nodes (a few hundred MiB at most); iterations go on.
const MAX_NODES: usize = 4_000_000;
/// No node: the end of a list of children.
const NONE: u32 = u32::MAX;

/// What is proven about a node, for the player who made the move into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Proof {
    Unknown,
    /// The move into this node wins, the game ending this many plies after it was made.
    Win(u32),
    /// The move into this node loses, this many plies after it was made.
    Loss(u32),
}

/// A node of the tree. Children are made one at a time, in the order of the game's moves, the
/// first time each is tried: a node's moves are generated again when the search passes
/// through it, so that a node costs memory only once it has been visited.
struct Node<M> {
    mv: Option<M>,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    /// How many of the position's moves have nodes (the first `created`).
    created: u32,
    /// The number of legal moves, once the node has been expanded.
    moves: Option<u32>,
    visits: u32,
    /// Results (1 a win, ½ a draw) for the player who made the move into this node.
    reward: f64,
    proof: Proof,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: u32, proof: Proof) -> Self {
        Node {
            mv,
            parent,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            created: 0,
            moves: None,
            visits: 0,
            reward: 0.0,
            proof,
        }
    }
}

/// An MCTS player.
pub struct Mcts {
    limits: Limits,
    rng: ChaCha8Rng,
    exploration: f64,
    solver: bool,
}

/// The proof of the move into a position that is now `after`, made by `mover`: a finished
/// game is proven.
fn proof_after<G: Evaluate>(after: &G, mover: Side) -> Proof {
    match after.status() {
        Status::Over(outcome) => match outcome.winner() {
            Some(winner) if winner == mover => Proof::Win(1),
            Some(_) => Proof::Loss(1),
            None => Proof::Unknown,
        },
        Status::Ongoing => Proof::Unknown,
    }
}

impl Mcts {
    /// A player searching within `limits` (`nodes` counts iterations), seeded with `seed`;
    /// `solver` turns the proof propagation on.
    #[must_use]
    pub fn new(limits: Limits, seed: u64, solver: bool) -> Self {
        Mcts {
            limits,
            rng: ChaCha8Rng::seed_from_u64(seed),
            exploration: std::f64::consts::SQRT_2,
            solver,
        }
    }

    /// Searches `position`, reached by the game in `context`, and reports the most visited
    /// move, or a proven one.
    pub fn search<G: Evaluate>(
        &mut self,
        position: &G,
        context: &Context<'_>,
    ) -> SearchReport<G::Move> {
        let clock = Clock::start(&self.limits);
        let draws = Draws::new(position, context);
        let stopped = || context.stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
        let mut tree = vec![Node::new(None, NONE, Proof::Unknown)];
        let mut moves = Vec::new();
        self.expand_root(position, &mut tree, &mut moves);
        let iterations = self.limits.nodes.unwrap_or(if self.limits.time.is_some() {
            u64::MAX
        } else {
            DEFAULT_ITERATIONS
        });
        let (mut done, mut depth) = (0, 0);
        while done < iterations && tree[0].moves.unwrap_or(0) > 0 {
            // The clock and the stop signal are read every iteration: a playout costs far more
            // than a look at them, and a low clock leaves no time for more.
            if done > 0 && (clock.expired() || stopped()) {
                break;
            }
            depth = depth.max(self.iterate(position, &draws, &mut tree, &mut moves));
            done += 1;
            if self.solver && self.root_proven(&tree) {
                break;
            }
        }
        self.report(&tree, done, depth, clock)
    }

    /// The root has all its children from the start, each checked for a finished game.
    fn expand_root<G: Evaluate>(
        &self,
        position: &G,
        tree: &mut Vec<Node<G::Move>>,
        moves: &mut Vec<G::Move>,
    ) {
        position.generate_moves(moves);
        tree[0].moves = Some(moves.len() as u32);
        for (index, &mv) in moves.iter().enumerate() {
            self.create_child(position, 0, index, mv, tree);
        }
    }

    /// Makes the node of move `index` of `node`, checking whether it ends the game.
    fn create_child<G: Evaluate>(
        &self,
        position: &G,
        node: usize,
        index: usize,
        mv: G::Move,
        tree: &mut Vec<Node<G::Move>>,
    ) -> usize {
        let mut after = position.clone();
        after.play_unchecked(mv);
        let proof =
            if self.solver { proof_after(&after, position.side_to_move()) } else { Proof::Unknown };
        let child = tree.len();
        tree.push(Node::new(Some(mv), node as u32, proof));
        // Children are listed in move order: the new one goes last.
        match tree[node].last_child {
            NONE => tree[node].first_child = child as u32,
            last => tree[last as usize].next_sibling = child as u32,
        }
        tree[node].last_child = child as u32;
        debug_assert_eq!(tree[node].created as usize, index);
        tree[node].created += 1;
        child
    }

    /// One iteration: selection, expansion, playout, backpropagation. Returns the depth reached.
    /// A position drawn by the game's rules on the way (a repetition, too many turns without
    /// progress) ends the iteration as a draw.
    fn iterate<G: Evaluate>(
        &mut self,
        root: &G,
        draws: &Draws,
        tree: &mut Vec<Node<G::Move>>,
        moves: &mut Vec<G::Move>,
    ) -> u32 {
        let mut position = root.clone();
        let mut node = 0;
        let mut depth = 0;
        let mut path = vec![root.hash()];
        let mut quiet = draws.root_quiet;
        let mut drawn = false;
        while tree[node].proof == Proof::Unknown {
            let Some(count) = tree[node].moves else {
                self.expand(&position, node, tree, moves);
                break;
            };
            if count == 0 {
                break;
            }
            let child = if tree[node].created < count && tree.len() < MAX_NODES {
                // The next untried move: unvisited children come first.
                position.generate_moves(moves);
                let index = tree[node].created as usize;
                self.create_child(&position, node, index, moves[index], tree)
            } else if tree[node].created < count {
                break;
            } else {
                self.select(node, tree)
            };
            if let Some(mv) = tree[child].mv {
                quiet = Draws::after(&position, mv, quiet);
                position.play_unchecked(mv);
            }
            node = child;
            depth += 1;
            let hash = position.hash();
            if tree[node].proof == Proof::Unknown
                && (draws.repeats(hash, &path) || draws.out_of_turns(&position, quiet))
            {
                drawn = true;
                break;
            }
            path.push(hash);
            if tree[node].visits == 0 {
                break;
            }
        }
        let mover = position.side_to_move().opponent();
        let reward = match tree[node].proof {
            Proof::Win(_) => 1.0,
            Proof::Loss(_) => 0.0,
            Proof::Unknown if drawn => 0.5,
            Proof::Unknown => self.playout(position, mover, quiet, moves),
        };
        self.backpropagate(node, reward, tree);
        depth
    }

    /// Counts the moves of `node`. With the solver, a move that wins at once proves the node
    /// lost for the player who moved into it, without its child having to be made.
    fn expand<G: Evaluate>(
        &self,
        position: &G,
        node: usize,
        tree: &mut [Node<G::Move>],
        moves: &mut Vec<G::Move>,
    ) {
        position.generate_moves(moves);
        tree[node].moves = Some(moves.len() as u32);
        if !self.solver || moves.is_empty() {
            return;
        }
        let side = position.side_to_move();
        let wins_at_once = moves.iter().any(|&mv| {
            let mut after = position.clone();
            after.play_unchecked(mv);
            proof_after(&after, side) == Proof::Win(1)
        });
        if wins_at_once {
            tree[node].proof = Proof::Loss(2);
        }
    }

    /// The child to descend into, all children made: a proven win at once, never a proven
    /// loss while another child is open, else the highest upper confidence bound.
    fn select<M>(&self, node: usize, tree: &[Node<M>]) -> usize {
        let log_visits = f64::from(tree[node].visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, tree[node].first_child as usize);
        let mut child = tree[node].first_child;
        while child != NONE {
            let current = &tree[child as usize];
            let value = match current.proof {
                Proof::Win(_) if self.solver => return child as usize,
                Proof::Loss(_) if self.solver => f64::NEG_INFINITY,
                _ if current.visits == 0 => return child as usize,
                _ => {
                    let visits = f64::from(current.visits);
                    current.reward / visits + self.exploration * (log_visits / visits).sqrt()
                }
            };
            if value > best.0 {
                best = (value, child as usize);
            }
            child = current.next_sibling;
        }
        best.1
    }

    /// A random game from `position`, `quiet` turns without progress so far: 1 if `mover`
    /// wins, 0 if he loses, ½ for a draw (by the limit of turns without progress too); past
    /// [`PLAYOUT_PLIES`], the evaluation as a probability.
    fn playout<G: Evaluate>(
        &mut self,
        position: G,
        mover: Side,
        quiet: u32,
        moves: &mut Vec<G::Move>,
    ) -> f64 {
        let playout = random_playout(position, quiet, PLAYOUT_PLIES, &mut self.rng, moves);
        match playout.end {
            PlayoutEnd::Over(Some(winner)) if winner == mover => 1.0,
            PlayoutEnd::Over(Some(_)) => 0.0,
            PlayoutEnd::Over(None) => 0.5,
            PlayoutEnd::Cut => {
                let value = f64::from(playout.position.evaluate()) / 400.0;
                let for_side_to_move = 1.0 / (1.0 + (-value).exp());
                if playout.position.side_to_move() == mover {
                    for_side_to_move
                } else {
                    1.0 - for_side_to_move
                }
            }
        }
    }

    /// Adds `reward` (for the player who moved into `node`) up the tree, turning it over at
    /// each level, and propagates proofs.
    fn backpropagate<M>(&self, mut node: usize, mut reward: f64, tree: &mut [Node<M>]) {
        loop {
            tree[node].visits += 1;
            tree[node].reward += reward;
            if node == 0 {
                return;
            }
            node = tree[node].parent as usize;
            if self.solver {
                self.prove(node, tree);
            }
            reward = 1.0 - reward;
        }
    }

    /// Proves `node` from its children where they allow it.
    fn prove<M>(&self, node: usize, tree: &mut [Node<M>]) {
        if node == 0 || tree[node].proof != Proof::Unknown {
            return;
        }
        let (mut shortest_win, mut longest_loss, mut all_lose) = (None::<u32>, 0, true);
        let mut child = tree[node].first_child;
        while child != NONE {
            match tree[child as usize].proof {
                // A winning move for the player to move here: the move into `node` loses.
                Proof::Win(plies) => {
                    shortest_win = Some(shortest_win.map_or(plies, |s| s.min(plies)))
                }
                Proof::Loss(plies) => longest_loss = longest_loss.max(plies),
                Proof::Unknown => all_lose = false,
            }
            child = tree[child as usize].next_sibling;
        }
        if let Some(plies) = shortest_win {
            tree[node].proof = Proof::Loss(plies + 1);
        } else if all_lose
            && tree[node].moves.is_some_and(|count| count > 0 && tree[node].created == count)
        {
            tree[node].proof = Proof::Win(longest_loss + 1);
        }
    }

    fn children<M>(tree: &[Node<M>], node: usize) -> Vec<usize> {
        let mut children = Vec::new();
        let mut child = tree[node].first_child;
        while child != NONE {
            children.push(child as usize);
            child = tree[child as usize].next_sibling;
        }
        children
    }

    /// `true` when a move of the root is proven to win, or every move to lose. Runs every
    /// iteration, so it walks the children without collecting them.
    fn root_proven<M>(&self, tree: &[Node<M>]) -> bool {
        let (mut any_win, mut all_lose, mut any) = (false, true, false);
        let mut child = tree[0].first_child;
        while child != NONE {
            any = true;
            match tree[child as usize].proof {
                Proof::Win(_) => any_win = true,
                Proof::Loss(_) => {}
                Proof::Unknown => all_lose = false,
            }
            child = tree[child as usize].next_sibling;
        }
        any && (any_win || all_lose)
    }

    fn report<M: Copy>(
        &self,
        tree: &[Node<M>],
        iterations: u64,
        depth: u32,
        clock: Clock,
    ) -> SearchReport<M> {
        let children = Self::children(tree, 0);
        let proof_of = |c: usize| if self.solver { tree[c].proof } else { Proof::Unknown };
        let winning = children
            .iter()
            .filter_map(|&c| match proof_of(c) {
                Proof::Win(plies) => Some((plies, c)),
                _ => None,
            })
            .min();
        let losing: Vec<(u32, usize)> = children
            .iter()
            .filter_map(|&c| match proof_of(c) {
                Proof::Loss(plies) => Some((plies, c)),
                _ => None,
            })
            .collect();
        let most_visited = |candidates: &mut dyn Iterator<Item = usize>| {
            candidates.max_by_key(|&c| (tree[c].visits, std::cmp::Reverse(c)))
        };
        let (best, score) = if let Some((plies, child)) = winning {
            (Some(child), Score::Win(plies))
        } else if !children.is_empty() && losing.len() == children.len() {
            let longest = losing.iter().max().copied();
            (longest.map(|(_, c)| c), Score::Loss(longest.map_or(0, |(plies, _)| plies)))
        } else {
            let mut open =
                children.iter().copied().filter(|&c| !matches!(proof_of(c), Proof::Loss(_)));
            let most = most_visited(&mut open);
            let rate = most.map_or(0.5, |c| tree[c].reward / f64::from(tree[c].visits.max(1)));
            (most, Score::WinRate(rate))
        };
        let mut pv = Vec::new();
        let mut node = best;
        while let Some(current) = node {
            pv.extend(tree[current].mv);
            node = most_visited(&mut Self::children(tree, current).into_iter())
                .filter(|&c| tree[c].visits > 0);
        }
        SearchReport {
            best: best.and_then(|c| tree[c].mv),
            score,
            depth,
            nodes: iterations,
            elapsed: clock.elapsed(),
            pv,
            book: false,
        }
    }
}

impl<G: Evaluate> Player<G> for Mcts {
    fn choose(
        &mut self,
        position: &G,
        context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        let report = self.search(position, context);
        progress(&report);
        report
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
