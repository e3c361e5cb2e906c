//! `G_x ≥ H_y` for all pairs of positions of two stoppers at once, by the retrograde
//! analysis of the difference `G − H` ([`super::outcome::solve`]) run on the pairs
//! themselves: the product graph is never built. Its moves are read from the two graphs
//! when needed (a Left move in `G − H` is a Left move in `G` or a Right move in `H`), and
//! each state (a pair and the player to move) is one cell holding either the count of its
//! moves not yet known to lose or its result: one byte when no state has more than
//! [`u8::MAX`]` - 2` moves (every board so far), four bytes otherwise. The work is the
//! same counter-based pass: every edge of the difference looked at a bounded number of
//! times.

use super::graph::Graph;
use crate::game::GameStore;

/// A state's cell: the number of its moves not yet known to lose, or a result.
trait Cell: Copy + Eq {
    const LEFT: Self;
    const RIGHT: Self;
    /// The largest count a cell holds.
    const MAX_OPEN: usize;
    fn open(count: usize) -> Self;
    /// One fewer open move (the cell holds a count of at least 1).
    fn less(self) -> Self;
    fn is_zero(self) -> bool;
    fn decided(self) -> bool {
        self == Self::LEFT || self == Self::RIGHT
    }
}

/// The same cell for each width: the two largest values are the results, the rest counts.
macro_rules! cell_of_width {
    ($t:ty) => {
        impl Cell for $t {
            const LEFT: $t = <$t>::MAX - 1;
            const RIGHT: $t = <$t>::MAX;
            const MAX_OPEN: usize = <$t>::MAX as usize - 2;
            fn open(count: usize) -> $t {
                count as $t
            }
            fn less(self) -> $t {
                self - 1
            }
            fn is_zero(self) -> bool {
                self == 0
            }
        }
    };
}

cell_of_width!(u8);
cell_of_width!(u32);

/// `table[x * |h| + y]` is `G_x ≥ H_y` (Left survives `G_x − H_y` moving second), for
/// stoppers `g` and `h`; the same table as solving `g.product(&h.negate())`.
pub(crate) fn geq_pairs(g: &Graph, h: &Graph, store: &GameStore) -> Vec<bool> {
    let most = |x: &Graph| {
        x.left
            .iter()
            .chain(&x.right)
            .map(Vec::len)
            .max()
            .unwrap_or(0)
    };
    if most(g) + most(h) <= <u8 as Cell>::MAX_OPEN {
        solve_pairs::<u8>(g, h, store)
    } else {
        solve_pairs::<u32>(g, h, store)
    }
}

fn solve_pairs<C: Cell>(g: &Graph, h: &Graph, store: &GameStore) -> Vec<bool> {
    let (n, m) = (g.len(), h.len());
    let pairs = n.saturating_mul(m) as u64;
    // Two cells a pair, the table returned, and the stack of decided states (at most one
    // entry a state, counted at half of them).
    let cell = std::mem::size_of::<C>() as u64;
    crate::game::budget::check(
        "a loopy game's comparison table",
        pairs,
        "pairs of positions",
        pairs.saturating_mul(2 * cell + 1 + 8),
    );
    let (gl_pred, gr_pred) = g.predecessors();
    let (hl_pred, hr_pred) = h.predecessors();
    // State 2p: Left to move at pair p = a * m + b; 2p + 1: Right to move.
    let states = 2 * n * m;
    let mut cells = vec![C::open(0); states];
    let mut decided: Vec<usize> = Vec::new();
    for a in 0..n {
        store.check_interrupt();
        for b in 0..m {
            let p = a * m + b;
            // In G − H Left moves in G (Left) or in −H (Right's moves of H), Right the
            // other way round. A player without a move loses.
            let left_moves = g.left[a].len() + h.right[b].len();
            let right_moves = g.right[a].len() + h.left[b].len();
            cells[2 * p] = if left_moves == 0 {
                decided.push(2 * p);
                C::RIGHT
            } else {
                C::open(left_moves)
            };
            cells[2 * p + 1] = if right_moves == 0 {
                decided.push(2 * p + 1);
                C::LEFT
            } else {
                C::open(right_moves)
            };
        }
    }
    let mut steps = 0usize;
    while let Some(t) = decided.pop() {
        steps += 1;
        if steps.is_multiple_of(4096) {
            store.check_interrupt();
        }
        let (p, t_left) = (t / 2, t % 2 == 0);
        let (a, b) = (p / m, p % m);
        let t_result = cells[t];
        // The predecessors have the other player to move: into a Left-to-move state come
        // Right's moves, in G (Right's edges) or in −H (Left's edges of H).
        let mover_left = !t_left;
        let (in_g, in_h) = if mover_left {
            (&gl_pred[a], &hr_pred[b])
        } else {
            (&gr_pred[a], &hl_pred[b])
        };
        let (mover_wins, mover_loses) = if mover_left {
            (C::LEFT, C::RIGHT)
        } else {
            (C::RIGHT, C::LEFT)
        };
        let origins = in_g
            .iter()
            .map(|&a0| a0 as usize * m + b)
            .chain(in_h.iter().map(|&b0| a * m + b0 as usize));
        for q in origins {
            let s = 2 * q + usize::from(!mover_left);
            let c = cells[s];
            if c.decided() {
                continue;
            }
            if t_result == mover_wins {
                cells[s] = mover_wins;
                decided.push(s);
            } else {
                let c = c.less();
                cells[s] = if c.is_zero() {
                    decided.push(s);
                    mover_loses
                } else {
                    c
                };
            }
        }
    }
    // Left survives moving second unless Right, moving first, wins.
    (0..n * m).map(|p| cells[2 * p + 1] != C::RIGHT).collect()
}
