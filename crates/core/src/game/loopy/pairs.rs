//! `G_x ≥ H_y` for all pairs of positions of two stoppers at once, by the retrograde
//! analysis of the difference `G − H` ([`super::outcome::solve`]) run on the pairs
//! themselves: the product graph is never built. Its moves are read from the two graphs
//! when needed (a Left move in `G − H` is a Left move in `G` or a Right move in `H`), so
//! a pair costs two counters and two results (10 bytes) instead of two option lists and
//! their edges (about 100 bytes and two allocations), and the work is the same
//! counter-based pass: every edge of the difference looked at a bounded number of times.

use super::graph::Graph;
use crate::game::GameStore;

/// Bytes per pair: two `u32` counters of open moves and two one-byte results.
const BYTES_PER_PAIR: u64 = 10;

/// `table[x * |h| + y]` is `G_x ≥ H_y` (Left survives `G_x − H_y` moving second), for
/// stoppers `g` and `h`; the same table as solving `g.product(&h.negate())`.
pub(crate) fn geq_pairs(g: &Graph, h: &Graph, store: &GameStore) -> Vec<bool> {
    let (n, m) = (g.len(), h.len());
    let pairs = n.saturating_mul(m) as u64;
    crate::game::budget::check(
        "a loopy game's comparison table",
        pairs,
        "pairs of positions",
        pairs.saturating_mul(BYTES_PER_PAIR + 1),
    );
    let (gl_pred, gr_pred) = g.predecessors();
    let (hl_pred, hr_pred) = h.predecessors();
    // State 2p: Left to move at pair p = a * m + b; 2p + 1: Right to move.
    // Undecided = 0, Left wins = 1, Right wins = 2.
    const OPEN: u8 = 0;
    const LEFT: u8 = 1;
    const RIGHT: u8 = 2;
    let states = 2 * n * m;
    let mut result = vec![OPEN; states];
    let mut open = vec![0u32; states];
    let mut queue: Vec<usize> = Vec::new();
    for a in 0..n {
        store.check_interrupt();
        for b in 0..m {
            let p = a * m + b;
            // In G − H Left moves in G (Left) or in −H (Right's moves of H), Right the
            // other way round.
            let left_moves = g.left[a].len() + h.right[b].len();
            let right_moves = g.right[a].len() + h.left[b].len();
            open[2 * p] = left_moves as u32;
            open[2 * p + 1] = right_moves as u32;
            if left_moves == 0 {
                result[2 * p] = RIGHT;
                queue.push(2 * p);
            }
            if right_moves == 0 {
                result[2 * p + 1] = LEFT;
                queue.push(2 * p + 1);
            }
        }
    }
    let mut steps = 0usize;
    while let Some(t) = queue.pop() {
        steps += 1;
        if steps.is_multiple_of(4096) {
            store.check_interrupt();
        }
        let (p, t_left) = (t / 2, t % 2 == 0);
        let (a, b) = (p / m, p % m);
        let t_result = result[t];
        // The predecessors have the other player to move: into a Left-to-move state come
        // Right's moves, in G (Right's edges) or in −H (Left's edges of H).
        let mover_left = !t_left;
        let (in_g, in_h) = if mover_left {
            (&gl_pred[a], &hr_pred[b])
        } else {
            (&gr_pred[a], &hl_pred[b])
        };
        let mover_wins = if mover_left { LEFT } else { RIGHT };
        let mover_loses = if mover_left { RIGHT } else { LEFT };
        let origins = in_g
            .iter()
            .map(|&a0| a0 as usize * m + b)
            .chain(in_h.iter().map(|&b0| a * m + b0 as usize));
        for q in origins {
            let s = 2 * q + usize::from(!mover_left);
            if result[s] != OPEN {
                continue;
            }
            if t_result == mover_wins {
                result[s] = mover_wins;
                queue.push(s);
            } else {
                open[s] -= 1;
                if open[s] == 0 {
                    result[s] = mover_loses;
                    queue.push(s);
                }
            }
        }
    }
    // Left survives moving second unless Right, moving first, wins.
    (0..n * m).map(|p| result[2 * p + 1] != RIGHT).collect()
}
