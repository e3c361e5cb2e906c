//! The simplification through components ([`super::canon`]) against the table over all
//! pairs ([`super::simplify::dense_simplest`], [`super::compare::geq_table`]).

use super::canon::{PairSolver, images, simplest_by_components};
use super::compare::geq_table;
use super::display::rooted_iso;
use super::graph::Graph;
use super::simplify::dense_simplest;
use crate::game::GameStore;
use proptest::prelude::*;

/// A random stopper on up to `max` vertices: a random bigraph whose Right edges closing an
/// alternating cycle are dropped one at a time until none is left.
fn arb_stopper(max: usize) -> impl Strategy<Value = Graph> {
    super::tests::arb_bigraph(max).prop_map(|mut g| {
        let n = g.left.len();
        while g.has_alternating_cycle() {
            let v = (0..n).rev().find(|&v| !g.right[v].is_empty()).unwrap_or(0);
            g.right[v].pop();
        }
        g
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every comparison answered on demand is the table's.
    #[test]
    fn pair_solver_agrees_with_the_table(g in arb_stopper(7)) {
        let s = GameStore::new();
        let table = geq_table(&g, &g, &s);
        let n = g.len();
        let mut solver = PairSolver::default();
        for a in 0..n {
            for b in 0..n {
                prop_assert_eq!(solver.geq(&g, a as u32, b as u32, &s), table[a * n + b]);
            }
        }
    }

    /// The simplest form through components is the dense one up to numbering, at every
    /// vertex, and vertices share an image exactly when they are equal.
    #[test]
    fn components_give_the_dense_simplest_form(g in arb_stopper(7)) {
        let s = GameStore::new();
        let n = g.len();
        let roots: Vec<u32> = (0..n as u32).collect();
        let (dense, at_dense) = dense_simplest(g.clone(), roots.clone(), &s);
        let (ours, at_ours) = simplest_by_components(&g, &roots, &s);
        prop_assert_eq!(dense.len(), ours.len());
        for v in 0..n {
            prop_assert!(rooted_iso(
                &dense.restrict(at_dense[v]),
                &ours.restrict(at_ours[v])
            ));
        }
        let table = geq_table(&g, &g, &s);
        let image = images(&g, &s);
        for a in 0..n {
            for b in 0..n {
                let equal = table[a * n + b] && table[b * n + a];
                prop_assert_eq!(image[a] == image[b], equal);
            }
        }
    }
}

/// A chain of 4000 positions (`v` has Left and Right options `v + 1`, and every third one a
/// Left pass): simplified through components it keeps comparisons for a number of pairs
/// linear in the graph, where the table over all pairs holds 16 M.
#[test]
fn a_long_chain_is_simplified_with_few_pairs() {
    let n = 4000u32;
    let mut g = Graph::with_vertices(n as usize);
    for v in 0..n {
        if v + 1 < n {
            g.left[v as usize].push(v + 1);
        }
        if v + 1 < n {
            g.right[v as usize].push(v + 1);
        }
        if v % 3 == 0 {
            g.left[v as usize].push(v);
        }
    }
    let s = GameStore::new();
    let image = images(&g, &s);
    // The same values as the dense form on the last 300 positions.
    let tail = 300u32;
    let mut small = Graph::with_vertices(tail as usize);
    for v in 0..tail {
        let shift = |w: &u32| w - (n - tail);
        // The tail's edges stay inside it.
        small.left[v as usize] = g.left[(n - tail + v) as usize].iter().map(shift).collect();
        small.right[v as usize] = g.right[(n - tail + v) as usize].iter().map(shift).collect();
    }
    let table = geq_table(&small, &small, &s);
    let t = tail as usize;
    for a in 0..t {
        for b in 0..t {
            let equal = table[a * t + b] && table[b * t + a];
            let (ia, ib) = (image[n as usize - t + a], image[n as usize - t + b]);
            assert_eq!(ia == ib, equal, "{a} {b}");
        }
    }
    let (_, _, pairs) = super::canon::simplest_counting_pairs(&g, &[0], &s);
    assert!(pairs < 40 * n as usize, "{pairs} pairs");
}
