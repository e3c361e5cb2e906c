//! The simplest form of a stopper (Siegel, *Combinatorial Game Theory*, VI.3, "simplest
//! forms"; Winning Ways ch. 11): repeat, until nothing changes,
//! - **fusion**: vertices of equal value become one vertex;
//! - **domination**: a Left option `A` with `A ≤ B` for another Left option `B` is dropped
//!   (dually for Right);
//! - **reversibility**: a Left option `A` with a Right option `A^R ≤ G` is replaced by the
//!   Left options of `A^R` (dually for Right).
//!
//! Each step keeps the value of every vertex, so one table of comparisons between all
//! vertices, computed once per round, answers every question of the round. Bypassing
//! replaces an edge `G → A` by edges `G → A^RL` that follow an alternating run through it,
//! so no new alternating cycle appears and the result is still a stopper. Equal stoppers
//! reach isomorphic simplest forms, and a loop-free stopper reaches its canonical form.

use super::compare::geq_table;
use super::graph::Graph;
use crate::game::GameStore;
use crate::game::abort::{Abort, raise};

/// The simplest form of the stopper `g` (start vertex 0), again with start vertex 0.
pub(crate) fn simplest_stopper(g: &Graph, store: &GameStore) -> Graph {
    let mut g = g.restrict(0);
    // Every round either changes the graph or ends; a round that changes it either fuses
    // vertices (at most |g| times) or moves edges further along alternating runs, whose
    // lengths are bounded in a stopper. The cap only guards against a bug looping forever.
    let cap = 64 + 16 * g.len() * g.len().max(1);
    for _ in 0..cap {
        store.check_interrupt();
        let n = g.len();
        let table = geq_table(&g, &g, store);
        let geq = |x: u32, y: u32| table[x as usize * n + y as usize];
        let mut changed = false;
        // Domination; of two equal options the one with the smaller number stays.
        let beaten = |a: u32, b: u32| geq(b, a) && (!geq(a, b) || b < a);
        for v in 0..n {
            let left = g.left[v].clone();
            g.left[v].retain(|&a| !left.iter().any(|&b| b != a && beaten(a, b)));
            let right = g.right[v].clone();
            g.right[v].retain(|&a| !right.iter().any(|&b| b != a && beaten(b, a)));
            changed |= g.left[v].len() != left.len() || g.right[v].len() != right.len();
        }
        // Reversibility: one bypass per vertex and side per round, with the table still
        // valid because no value has changed.
        for v in 0..n {
            let vv = v as u32;
            let left = g.left[v].clone();
            for &a in &left {
                if let Some(&ar) = g.right[a as usize].iter().find(|&&ar| geq(vv, ar)) {
                    let replacement = g.left[ar as usize].clone();
                    g.left[v].retain(|&x| x != a);
                    g.left[v].extend(replacement);
                    changed = true;
                    break;
                }
            }
            let right = g.right[v].clone();
            for &b in &right {
                if let Some(&bl) = g.left[b as usize].iter().find(|&&bl| geq(bl, vv)) {
                    let replacement = g.right[bl as usize].clone();
                    g.right[v].retain(|&x| x != b);
                    g.right[v].extend(replacement);
                    changed = true;
                    break;
                }
            }
        }
        g.normalise();
        if changed {
            g = g.restrict(0);
            continue;
        }
        // Fusion, once no option is dominated or reversible anywhere: equal vertices then
        // have options of pairwise equal values (Siegel VI.3), so merging a block unites
        // option lists that differ only by equal copies, which the next round removes.
        let mut block = vec![u32::MAX; n];
        let mut count = 0u32;
        for x in 0..n {
            if block[x] != u32::MAX {
                continue;
            }
            block[x] = count;
            for (y, b) in block.iter_mut().enumerate().skip(x + 1) {
                if *b == u32::MAX && geq(x as u32, y as u32) && geq(y as u32, x as u32) {
                    *b = count;
                }
            }
            count += 1;
        }
        if (count as usize) < n {
            g = g.quotient(&block, count as usize).restrict(block[0]);
            continue;
        }
        return g;
    }
    raise(Abort::Internal(
        "simplifying a stopper did not settle (please report this game)".into(),
    ))
}
