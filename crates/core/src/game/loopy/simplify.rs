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
    simplest_stopper_rooted(g, &[0], store).0
}

/// The simplest form of the stopper graph `g`, keeping the vertices reachable from `roots`:
/// the simplified graph and the vertex each root became (the first root is vertex 0).
///
/// Every step keeps the value of every vertex, so the comparisons between the vertices of
/// the input, computed once, answer every question of every step.
pub(crate) fn simplest_stopper_rooted(
    g: &Graph,
    roots: &[u32],
    store: &GameStore,
) -> (Graph, Vec<u32>) {
    let (g, index) = g.restrict_many(roots);
    let roots: Vec<u32> = roots.iter().map(|&r| index[r as usize]).collect();
    let n = g.len();
    if n > super::canon::DENSE_LIMIT {
        return super::canon::simplest_by_components(&g, &roots, store);
    }
    dense_simplest(g, roots, store)
}

/// [`simplest_stopper_rooted`] by the table over all pairs of vertices, for a graph
/// restricted to what `roots` reach (the roots given by their new numbers).
pub(crate) fn dense_simplest(
    mut g: Graph,
    mut roots: Vec<u32>,
    store: &GameStore,
) -> (Graph, Vec<u32>) {
    let n = g.len();
    let table = geq_table(&g, &g, store);
    let geq = |x: u32, y: u32| table[x as usize * n + y as usize];
    // Of two equal options the one with the smaller number stays.
    let beaten = |a: u32, b: u32| geq(b, a) && (!geq(a, b) || b < a);
    // Bypassing moves an edge further along an alternating run, and runs are finite in a
    // stopper; fusion happens at most n times. The cap only guards against a bug.
    let mut budget = 64 + 64 * n * n.max(1);
    let mut spend = |store: &GameStore| spend_step(&mut budget, store);
    loop {
        let mut changed = false;
        for v in 0..n {
            let vv = v as u32;
            loop {
                spend(store);
                for list in [&mut g.left[v], &mut g.right[v]] {
                    list.sort_unstable();
                    list.dedup();
                }
                // Domination.
                let left = g.left[v].clone();
                g.left[v].retain(|&a| !left.iter().any(|&b| b != a && beaten(a, b)));
                let right = g.right[v].clone();
                g.right[v].retain(|&a| !right.iter().any(|&b| b != a && beaten(b, a)));
                changed |= g.left[v].len() != left.len() || g.right[v].len() != right.len();
                // Reversibility, one bypass at a time.
                let reversible_left = g.left[v].iter().find_map(|&a| {
                    g.right[a as usize]
                        .iter()
                        .find(|&&ar| geq(vv, ar))
                        .map(|&ar| (a, ar))
                });
                if let Some((a, ar)) = reversible_left {
                    let replacement = g.left[ar as usize].clone();
                    g.left[v].retain(|&x| x != a);
                    g.left[v].extend(replacement);
                    changed = true;
                    continue;
                }
                let reversible_right = g.right[v].iter().find_map(|&b| {
                    g.left[b as usize]
                        .iter()
                        .find(|&&bl| geq(bl, vv))
                        .map(|&bl| (b, bl))
                });
                if let Some((b, bl)) = reversible_right {
                    let replacement = g.right[bl as usize].clone();
                    g.right[v].retain(|&x| x != b);
                    g.right[v].extend(replacement);
                    changed = true;
                    continue;
                }
                break;
            }
        }
        if changed {
            continue;
        }
        // Fusion, once no option is dominated or reversible anywhere: equal vertices then
        // have options of pairwise equal values (Siegel VI.3), so merging a class unites
        // option lists that differ only by equal copies, which the next pass removes.
        let live = g.reachable_from(&roots);
        let mut rep: Vec<u32> = (0..n as u32).collect();
        for (i, &x) in live.iter().enumerate() {
            if rep[x as usize] != x {
                continue;
            }
            for &y in &live[i + 1..] {
                if rep[y as usize] == y && geq(x, y) && geq(y, x) {
                    rep[y as usize] = x;
                }
            }
        }
        if live.iter().all(|&x| rep[x as usize] == x) {
            break;
        }
        spend(store);
        for &x in &live {
            let r = rep[x as usize];
            if r != x {
                let (l, rr) = (
                    std::mem::take(&mut g.left[x as usize]),
                    std::mem::take(&mut g.right[x as usize]),
                );
                g.left[r as usize].extend(l);
                g.right[r as usize].extend(rr);
            }
        }
        for v in 0..n {
            for w in g.left[v].iter_mut().chain(g.right[v].iter_mut()) {
                *w = rep[*w as usize];
            }
        }
        roots.iter_mut().for_each(|r| *r = rep[*r as usize]);
    }
    let (h, index) = g.restrict_many(&roots);
    (h, roots.iter().map(|&r| index[r as usize]).collect())
}

/// One step of a simplification loop: answers Ctrl-C, and ends the computation with an
/// internal error when `budget` (a cap that only guards against a bug) runs out.
pub(super) fn spend_step(budget: &mut usize, store: &GameStore) {
    store.check_interrupt();
    *budget = budget.checked_sub(1).unwrap_or_else(|| {
        raise(Abort::Internal(
            "simplifying a stopper did not settle (please report this game)".into(),
        ))
    });
}
