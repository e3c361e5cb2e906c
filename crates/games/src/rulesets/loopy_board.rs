//! Board games whose positions may repeat (Backsliding Toads and Frogs, Fox and Geese): the
//! finite graph of positions reachable from a start is explored breadth first and handed to
//! the loopy-game machinery ([`crate::game::loopy`]) as one game graph.

use crate::game::GameStore;
use crate::game::loopy::{GraphBuilder, LoopyGame, Vertex};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// Why a loopy board could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoopyBoardError {
    #[error("more than {0} positions are reachable; the whole graph must fit in memory")]
    TooManyPositions(usize),
}

/// The most positions a loopy board explores.
pub const MAX_LOOPY_BOARD_POSITIONS: usize = 5_000_000;

/// The loopy game of `start` under the moves `moves(p) = (Left's options, Right's options)`.
/// Positions are explored breadth first, each once; `store` answers Ctrl-C.
pub fn loopy_game_of<P, F>(
    start: P,
    mut moves: F,
    store: &GameStore,
) -> Result<LoopyGame, LoopyBoardError>
where
    P: Clone + Eq + Hash,
    F: FnMut(&P) -> (Vec<P>, Vec<P>),
{
    let mut builder = GraphBuilder::new();
    let mut index: FxHashMap<P, Vertex> = FxHashMap::default();
    let mut queue: Vec<P> = vec![start.clone()];
    index.insert(start, builder.vertex());
    let mut next = 0;
    while next < queue.len() {
        if next % 4096 == 0 {
            // Ctrl-C unwinds from here (see crate::game::abort).
            store.check_interrupt();
        }
        let p = queue[next].clone();
        let v = index[&p];
        let (left, right) = moves(&p);
        for (is_left, options) in [(true, left), (false, right)] {
            for q in options {
                let w = match index.get(&q) {
                    Some(&w) => w,
                    None => {
                        if queue.len() >= MAX_LOOPY_BOARD_POSITIONS {
                            return Err(LoopyBoardError::TooManyPositions(
                                MAX_LOOPY_BOARD_POSITIONS,
                            ));
                        }
                        if index.len() == index.capacity() {
                            // The index, the queue and the graph are about to double.
                            let n = 2 * index.len().max(16) as u64;
                            let each = 2 * std::mem::size_of::<(P, Vertex)>() as u64 + 64;
                            crate::game::budget::check(
                                "a loopy board's graph",
                                n,
                                "positions",
                                n.saturating_mul(each),
                            );
                        }
                        let w = builder.vertex();
                        index.insert(q.clone(), w);
                        queue.push(q);
                        w
                    }
                };
                if is_left {
                    builder.left(v, w);
                } else {
                    builder.right(v, w);
                }
            }
        }
        next += 1;
    }
    Ok(builder.finish(index[&queue[0]]))
}
