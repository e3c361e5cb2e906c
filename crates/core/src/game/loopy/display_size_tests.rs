//! Tests of what the printer knows before writing ([`super::display_size`]): the switch
//! candidates against the isomorphism check itself, and the lower bound on the positions
//! written against the printer's own count.

use super::display::print_counts;
use super::graph::Graph;
use super::stability_tests::random_graph;
use super::tests::backsliding_graph;
use crate::game::GameStore;
use proptest::prelude::*;

/// `h` and `−h` side by side and one more vertex `{h | −h}`, a switch (its graph is
/// isomorphic to its negative by exchanging the two copies).
fn with_switch(h: &Graph) -> Graph {
    let n = h.len() as u32;
    let mut g = super::side_memo::with_negative(h);
    g.left.push(vec![0]);
    g.right.push(vec![n]);
    g
}

fn check_counts(g: &Graph) -> Result<(), TestCaseError> {
    let mut store = GameStore::new();
    let (bound, written, switches) = print_counts(g, &mut store);
    for (v, &(candidate, exact)) in switches.iter().enumerate() {
        prop_assert!(
            candidate || !exact,
            "vertex {v} is a switch but not a candidate"
        );
    }
    let written = written.expect("small graphs are printed");
    prop_assert!(
        bound <= written as u64,
        "bound {bound} above the {written} positions written"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// On random graphs (cycles, passes, shared positions).
    #[test]
    fn bound_and_candidates_on_random_graphs(g in random_graph(6)) {
        check_counts(&g)?;
    }

    /// On graphs with a switch `{h | −h}`, from the switch and from the start of `h`.
    #[test]
    fn bound_and_candidates_with_switches(h in random_graph(5)) {
        let g = with_switch(&h);
        let last = g.len() as u32 - 1;
        check_counts(&g)?;
        check_counts(&g.restrict(last))?;
        let (_, _, switches) = print_counts(&g, &mut GameStore::new());
        prop_assert!(switches[last as usize].0);
    }
}

/// The bound is not trivial: a chain of `k` diamonds of loopy positions (each has a pass,
/// so none is short) has `2^k` lines of play and the bound counts them all; on
/// `TTTT...FFF` (4,200 positions, printed as its graph) it passes the printer's limit, so
/// the print is refused before any text is made.
#[test]
fn bound_counts_lines_of_play_and_refuses_a_large_board() {
    let k = 6u32;
    let mut g = Graph::with_vertices(0);
    for i in 0..k {
        // Diamond top t = {pass, t+1 | t+2}, t+1 = {pass, t+3 |}, t+2 = {pass | t+3}.
        let t = 3 * i;
        g.left.push(vec![t, t + 1]);
        g.right.push(vec![t + 2]);
        g.left.push(vec![t + 1, t + 3]);
        g.right.push(vec![]);
        g.left.push(vec![t + 2]);
        g.right.push(vec![t + 3]);
    }
    g.left.push(vec![3 * k]);
    g.right.push(vec![]);
    let mut store = GameStore::new();
    let (bound, written, _) = print_counts(&g, &mut store);
    assert!(bound >= 1 << k, "{bound}");
    assert!(written.is_some_and(|w| w as u64 >= bound), "{written:?}");

    let board = backsliding_graph("TTTT...FFF");
    let (bound, written, _) = print_counts(&board, &mut store);
    assert!(bound > 1 << 20, "{bound}");
    assert_eq!(written, None);
}
