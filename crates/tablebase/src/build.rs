//! Retrograde analysis of one material.
//!
//! 1. **Forward.** Every index is turned into its position and every legal move played. A move
//!    that keeps the material is an edge of the material's graph; one that changes it (a
//!    capture, a crowning) or ends the game is valued at once, from the smaller tables built
//!    before or the game's status. Each position keeps: how many of its moves stay in the
//!    material (`pending`), the shortest win through a move that leaves it (`exit_win`), the
//!    longest loss through one (`exit_loss`), and whether one leads to a draw (`exit_draw`).
//!    The edges are then inverted in memory (a second forward pass fills them in), so no game
//!    needs a generator of moves backwards.
//! 2. **Backward, by distance.** Positions are decided in order of their distance to the end,
//!    from buckets of candidates: a position whose move leads to a loss in `d` is a win in
//!    `d + 1`, unless it was decided earlier (a shorter win); a position whose moves all lead
//!    to wins is a loss in one more than the longest of them, decided when its last pending
//!    move is found to be a win. Positions left undecided are draws: from each, a move keeps
//!    its player out of a loss for ever.
//!
//! The forward passes run on threads; the backward one is a walk over the inverted edges.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use std::thread;

use arbiter_core::Retrograde;

use crate::value::{Value, MAX_PLIES, NO_POSITION};
use crate::TablebaseError;

/// What the forward pass learnt of one position.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// The final code, or [`UNDECIDED`].
    code: u16,
    /// Moves within the material not yet known to lead to a win for the opponent.
    pending: u16,
    /// One more than the shortest loss (for the opponent) a move out of the material leads
    /// to, or [`NONE`].
    exit_win: u16,
    /// One more than the longest win (for the opponent) a move out of the material leads to;
    /// 0 for none. A position with no move that has lost has 0 here and nothing pending.
    exit_loss: u16,
    /// A move leads out of the material to a draw (or the game ends drawn here).
    exit_draw: bool,
}

const UNDECIDED: u16 = u16::MAX;
const NONE: u16 = u16::MAX;
/// The bit of a bucket entry that marks a win.
const WIN: u32 = 1 << 31;
/// Indices are handed to the threads in chunks of this many.
const CHUNK: usize = 1 << 14;

/// The codes of every index of `material`: [`Value::code`], or 0 for an index that names no
/// position. `outside` values a position of another material (or a finished game), `None`
/// when its table is missing.
pub(crate) fn build<G, F>(
    material: G::Material,
    outside: &F,
    threads: usize,
) -> Result<Vec<u16>, TablebaseError>
where
    G: Retrograde,
    F: Fn(&G) -> Result<Value, TablebaseError> + Sync,
{
    let count = G::index_count(material);
    let too_large = || TablebaseError::TooLarge { material: material.to_string(), count };
    let size = usize::try_from(count).ok().filter(|&n| n < WIN as usize).ok_or_else(too_large)?;
    let threads = threads.max(1);

    let mut nodes =
        vec![
            Node { code: UNDECIDED, pending: 0, exit_win: NONE, exit_loss: 0, exit_draw: false };
            size
        ];
    let incoming: Vec<AtomicU32> = (0..size).map(|_| AtomicU32::new(0)).collect();
    forward(material, outside, threads, &mut nodes, &incoming)?;

    // Inverted edges, grouped by the position a move leads to: `offsets[j]..offsets[j + 1]`.
    let mut offsets = Vec::with_capacity(size + 1);
    let mut total = 0u64;
    offsets.push(0);
    for count in &incoming {
        total += u64::from(count.swap(0, Ordering::Relaxed));
        offsets.push(total);
    }
    let parents = invert::<G>(material, threads, &nodes, &offsets, &incoming)?;
    drop(incoming);

    backward(&mut nodes, &offsets, &parents)
        .ok_or_else(|| TablebaseError::TooDeep { material: material.to_string() })?;
    Ok(nodes
        .iter()
        .map(|node| if node.code == UNDECIDED { Value::Draw.code() } else { node.code })
        .collect())
}

/// Runs `work` on `threads` threads over the chunks of `0..size`, each with its chunk of
/// `items` (one item per index).
fn parallel<T, W>(items: &mut [T], threads: usize, work: W) -> Result<(), TablebaseError>
where
    T: Send,
    W: Fn(usize, &mut [T]) -> Result<(), TablebaseError> + Sync,
{
    let chunks = Mutex::new(items.chunks_mut(CHUNK).enumerate());
    thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| loop {
                    let next = chunks.lock().map_err(|_| TablebaseError::Poisoned)?.next();
                    let Some((number, chunk)) = next else { return Ok(()) };
                    work(number * CHUNK, chunk)?;
                })
            })
            .collect();
        handles
            .into_iter()
            .try_for_each(|handle| handle.join().map_err(|_| TablebaseError::Poisoned)?)
    })
}

/// The forward pass: fills `nodes` and counts each position's incoming edges.
fn forward<G, F>(
    material: G::Material,
    outside: &F,
    threads: usize,
    nodes: &mut [Node],
    incoming: &[AtomicU32],
) -> Result<(), TablebaseError>
where
    G: Retrograde,
    F: Fn(&G) -> Result<Value, TablebaseError> + Sync,
{
    let distance = |plies: u32| -> Result<u16, TablebaseError> {
        u16::try_from(plies + 1)
            .ok()
            .filter(|&d| u32::from(d) <= MAX_PLIES)
            .ok_or(TablebaseError::TooDeep { material: material.to_string() })
    };
    parallel(nodes, threads, |start, chunk| {
        let mut moves = Vec::new();
        for (offset, node) in chunk.iter_mut().enumerate() {
            let Some(position) = G::unindex(material, (start + offset) as u64) else {
                node.code = NO_POSITION;
                continue;
            };
            position.generate_moves(&mut moves);
            if moves.is_empty() {
                let over = Value::of_status(position.status(), position.side_to_move());
                match over.unwrap_or(Value::Draw) {
                    Value::Win(_) => node.exit_win = 0,
                    Value::Draw => node.exit_draw = true,
                    Value::Loss(_) => {}
                }
                continue;
            }
            for &mv in &moves {
                let mut child = position.clone();
                child.play_unchecked(mv);
                if child.material() == Some(material) {
                    node.pending += 1;
                    incoming[child.index() as usize].fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                match outside(&child)? {
                    Value::Loss(plies) => node.exit_win = node.exit_win.min(distance(plies)?),
                    Value::Win(plies) => node.exit_loss = node.exit_loss.max(distance(plies)?),
                    Value::Draw => node.exit_draw = true,
                }
            }
        }
        Ok(())
    })
}

/// The second forward pass: the positions each position is reached from, within the material.
fn invert<G: Retrograde>(
    material: G::Material,
    threads: usize,
    nodes: &[Node],
    offsets: &[u64],
    filled: &[AtomicU32],
) -> Result<Vec<u32>, TablebaseError> {
    let total = offsets.last().copied().unwrap_or(0);
    let edges: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
    let mut indices: Vec<u32> = (0..nodes.len() as u32).collect();
    parallel(&mut indices, threads, |_, chunk| {
        let mut moves = Vec::new();
        for &index in chunk.iter() {
            if nodes[index as usize].pending == 0 {
                continue;
            }
            let Some(position) = G::unindex(material, u64::from(index)) else { continue };
            position.generate_moves(&mut moves);
            for &mv in &moves {
                let mut child = position.clone();
                child.play_unchecked(mv);
                if child.material() == Some(material) {
                    let target = child.index() as usize;
                    let slot =
                        offsets[target] + u64::from(filled[target].fetch_add(1, Ordering::Relaxed));
                    edges[slot as usize].store(index, Ordering::Relaxed);
                }
            }
        }
        Ok(())
    })?;
    Ok(edges.into_iter().map(AtomicU32::into_inner).collect())
}

/// The backward pass: decides positions in order of distance. `None` when a distance passes
/// what a code holds.
fn backward(nodes: &mut [Node], offsets: &[u64], parents: &[u32]) -> Option<()> {
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, distance: u16, entry: u32| {
        let distance = usize::from(distance);
        if buckets.len() <= distance {
            buckets.resize_with(distance + 1, Vec::new);
        }
        buckets[distance].push(entry);
    };
    for (index, node) in nodes.iter().enumerate() {
        if node.code != UNDECIDED {
            continue;
        }
        if node.exit_win != NONE {
            push(&mut buckets, node.exit_win, index as u32 | WIN);
        } else if node.pending == 0 && !node.exit_draw {
            push(&mut buckets, node.exit_loss, index as u32);
        }
    }
    let mut distance = 0;
    while distance < buckets.len() {
        let plies = distance as u16;
        let entries = std::mem::take(&mut buckets[distance]);
        for entry in entries {
            let index = (entry & !WIN) as usize;
            if nodes[index].code != UNDECIDED {
                continue;
            }
            let won = entry & WIN != 0;
            let value =
                if won { Value::Win(u32::from(plies)) } else { Value::Loss(u32::from(plies)) };
            nodes[index].code = value.code();
            let next = plies.checked_add(1).filter(|&d| u32::from(d) <= MAX_PLIES)?;
            for &parent in &parents[offsets[index] as usize..offsets[index + 1] as usize] {
                let node = &mut nodes[parent as usize];
                if node.code != UNDECIDED {
                    continue;
                }
                if !won {
                    push(&mut buckets, next, parent | WIN);
                } else {
                    node.pending -= 1;
                    if node.pending == 0 && !node.exit_draw && node.exit_win == NONE {
                        let loss = next.max(node.exit_loss);
                        push(&mut buckets, loss, parent);
                    }
                }
            }
        }
        distance += 1;
    }
    Some(())
}
