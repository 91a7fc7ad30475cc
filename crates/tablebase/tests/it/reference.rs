//! A plain search of every position of a set, independent of the tables' builder: values by
//! depth-limited minimax over the whole set, deepened one ply at a time until nothing
//! changes. After `k` rounds a position is a win or loss exactly when the player to move can
//! force the end within `k` plies; what is still open when a round changes nothing is a draw.

use std::collections::HashMap;
use std::hash::Hash;

use arbiter_core::{Game, Retrograde, Status};
use arbiter_tablebase::{Tablebase, Value};

/// Where a move leads: a position of the set, or the end of the game.
enum Next {
    Position(usize),
    Over(Value),
}

/// The values of `positions` (every position of the materials checked, and nothing else:
/// every move must lead into the set or end the game) by the plain search.
pub fn values<G: Game + Hash>(positions: &[G]) -> Vec<Value> {
    let ids: HashMap<&G, usize> = positions.iter().enumerate().map(|(id, p)| (p, id)).collect();
    let nexts: Vec<Vec<Next>> = positions
        .iter()
        .map(|position| {
            position
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut child = position.clone();
                    child.play_unchecked(mv);
                    match ids.get(&child) {
                        Some(&id) => Next::Position(id),
                        None => match child.status() {
                            Status::Over(_) => Next::Over(
                                Value::of_status(child.status(), child.side_to_move())
                                    .expect("over"),
                            ),
                            Status::Ongoing => {
                                panic!(
                                    "{} leads out of the set to {}",
                                    position.to_text(),
                                    child.to_text()
                                )
                            }
                        },
                    }
                })
                .collect()
        })
        .collect();
    // `None`: not decided within the plies searched so far.
    let mut values: Vec<Option<Value>> = positions
        .iter()
        .map(|position| Value::of_status(position.status(), position.side_to_move()))
        .collect();
    loop {
        let next: Vec<Option<Value>> = (0..positions.len())
            .map(|id| {
                if nexts[id].is_empty() {
                    return values[id];
                }
                // Known: a win through the shortest known loss of a child, or a loss when
                // every child is a known win, through the longest; otherwise still open.
                let mut win: Option<u32> = None;
                let mut longest_loss = 0;
                let mut all_lose = true;
                for next in &nexts[id] {
                    let after = match next {
                        Next::Position(child) => values[*child],
                        Next::Over(value) => Some(*value),
                    };
                    match after.map(Value::before) {
                        Some(Value::Win(plies)) => win = Some(win.map_or(plies, |w| w.min(plies))),
                        Some(Value::Loss(plies)) => longest_loss = longest_loss.max(plies),
                        _ => all_lose = false,
                    }
                }
                match win {
                    Some(plies) => Some(Value::Win(plies)),
                    None if all_lose => Some(Value::Loss(longest_loss)),
                    None => None,
                }
            })
            .collect();
        if next == values {
            break;
        }
        values = next;
    }
    values.into_iter().map(|value| value.unwrap_or(Value::Draw)).collect()
}

/// Checks every position of `positions` against the tables built in memory, and that the
/// tables of the materials of at most `pieces` pieces hold no other position.
pub fn check<G: Retrograde + Hash>(positions: &[G], pieces: u32) {
    let expected = values(positions);
    let tablebase = Tablebase::<G>::new(None, pieces, 2);
    let mut wrong = 0;
    for (position, expected) in positions.iter().zip(&expected) {
        let found = tablebase.probe(position).expect("probe").expect("held");
        if found != *expected {
            wrong += 1;
            if wrong < 10 {
                eprintln!("{}: table {found:?}, search {expected:?}", position.to_text());
            }
        }
        assert_eq!(
            G::unindex(position.material().expect("material"), position.index()).as_ref(),
            Some(position)
        );
    }
    assert_eq!(wrong, 0, "{wrong} positions differ");
    let held: u64 = G::materials(pieces)
        .into_iter()
        .map(|material| tablebase.table(material).expect("table").expect("built").stats().positions)
        .sum();
    assert_eq!(held, positions.len() as u64, "the tables hold other positions");
}

/// A piece placed: its square and its kind.
pub type Placed = (usize, usize);

/// Calls `visit` with every placement of one to `most` pieces, each of one of `kinds` kinds,
/// on distinct squares among `squares`: `(square, kind)` pairs, squares increasing.
pub fn placements(squares: usize, kinds: usize, most: usize, visit: &mut dyn FnMut(&[Placed])) {
    fn extend(
        placed: &mut Vec<Placed>,
        (squares, kinds, left): (usize, usize, usize),
        visit: &mut dyn FnMut(&[Placed]),
    ) {
        if !placed.is_empty() {
            visit(placed);
        }
        if left == 0 {
            return;
        }
        let after = placed.last().map_or(0, |&(square, _)| square + 1);
        for square in after..squares {
            for kind in 0..kinds {
                placed.push((square, kind));
                extend(placed, (squares, kinds, left - 1), visit);
                placed.pop();
            }
        }
    }
    extend(&mut Vec::new(), (squares, kinds, most), visit);
}

/// The names of the pieces of `kinds` among `placed`, by `name`, joined by commas.
pub fn list(placed: &[Placed], kinds: &[usize], name: impl Fn(usize, usize) -> String) -> String {
    let names: Vec<String> = placed
        .iter()
        .filter(|(_, kind)| kinds.contains(kind))
        .map(|&(square, kind)| name(square, kind))
        .collect();
    names.join(",")
}
