//! Tests of the onside found from below and of the comparison of sides it uses.

use super::compare::geq;
use super::graph::Graph;
use super::side_compare::onside_geq_at;
use super::side_order_tests::{is_offside, is_onside, onside_geq};
use super::sides_below::onside_from_below;
use super::stability_tests::random_graph;
use super::tests::backsliding_graph;
use super::*;
use crate::game::GameStore;
use proptest::prelude::*;

/// The simplest onside and offside of a graph as printed, through the engine.
fn sides_printed(g: &Graph) -> (String, String) {
    let store = GameStore::new();
    let print = |side: Result<Graph, LoopyError>| {
        let side = side.expect("stopper-sided");
        LoopyGame::plain(side).display(&mut GameStore::new(), false)
    };
    (
        print(super::sides::onside(g, &store)),
        print(super::sides::offside(g, &store)),
    )
}

/// Backsliding Toads and Frogs `TTT..FFF` against CGSuite: its test suite
/// (aaron-siegel/cgsuite, `GameStripTest.scala`) gives
/// `BackslidingToadsAndFrogs("ttt..fff").GameValue = {on||0|-1/2} & {1/2|0||off}`, whose
/// rules (`GenToadsAndFrogs(1, backsliding)`) are these. Sidling's approximations never
/// settle here and the deletion from above closes an alternating cycle: the sides are
/// found from below.
#[test]
fn ttt_ff_sides_are_cgsuites() {
    let g = backsliding_graph("TTT..FFF");
    assert_eq!(g.len(), 560);
    let (on, off) = sides_printed(&g);
    assert_eq!(on, "{on||0|-1/2}");
    assert_eq!(off, "{1/2|0||off}");
}

/// Every small Backsliding row whose sides the engine finds has the sides of the
/// definition (decided on the graph by the oracle of `side_order_tests`), and the rows
/// where the deletion from above fails are among them (so the method from below is
/// what answers there).
#[test]
fn small_backsliding_rows_by_the_definition() {
    let store = GameStore::new();
    let mut from_below = 0;
    for row in [
        "T.F", "TT.F", "T.FF", "TT..F", "T..FF", "T.T.F", "TT.FF", "T.TF.F", "TT..FF", "T.F.TF",
        ".TF.TF", "TF..TF",
    ] {
        let g = backsliding_graph(row);
        if super::sides::harmless_deletion(&g.restrict(0), &store).is_err() {
            from_below += 1;
        }
        let on = super::sides::onside(&g, &store).expect(row);
        let off = super::sides::offside(&g, &store).expect(row);
        assert!(is_onside(&g, &on), "onside of {row}");
        assert!(is_offside(&g, &off), "offside of {row}");
    }
    assert!(from_below > 0, "no row needed the method from below");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The comparison of onsides on the graphs agrees with the oracle's attractors.
    #[test]
    fn onside_comparison_agrees_with_the_oracle(g in random_graph(4), h in random_graph(4)) {
        let store = GameStore::new();
        let mut work = u64::MAX;
        let fast = onside_geq_at(&g, 0, &h, 0, &mut work, &store).unwrap();
        prop_assert_eq!(fast, onside_geq(&g, &h));
    }

    /// The onside from below is the onside by the definition, and where the old sidling
    /// (the tests' oracle before the deletion from above) answers, the two are equal.
    #[test]
    fn onside_from_below_is_the_onside(g in random_graph(5)) {
        let store = GameStore::new();
        if let Some(side) = onside_from_below(&g, &store).unwrap() {
            prop_assert!(!side.has_alternating_cycle());
            let side = super::simplify::simplest_stopper(&side, &store);
            prop_assert!(is_onside(&g, &side));
            if let Ok(old) = super::sides::onside_by_sidling(&g, &store) {
                prop_assert!(geq(&old, &side, &store) && geq(&side, &old, &store));
            }
        }
    }

    /// The same on random bigraphs of the other loopy tests.
    #[test]
    fn onside_from_below_on_bigraphs(g in super::tests::arb_bigraph(5)) {
        let store = GameStore::new();
        if let Some(side) = onside_from_below(&g, &store).unwrap() {
            let side = super::simplify::simplest_stopper(&side, &store);
            prop_assert!(is_onside(&g, &side));
            if let Ok(old) = super::sides::onside_by_sidling(&g, &store) {
                prop_assert!(geq(&old, &side, &store) && geq(&side, &old, &store));
            }
        }
    }
}
