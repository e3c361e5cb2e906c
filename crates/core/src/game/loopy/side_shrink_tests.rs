//! Tests of the comparison kept solved while Right's moves go ([`super::side_shrink`]).

use super::graph::Graph;
use super::side_order_tests::onside_geq;
use super::side_shrink::ShrinkingComparison;
use super::stability_tests::random_graph;
use crate::game::GameStore;
use proptest::prelude::*;

/// Right's moves of `h` picked by the bits of `mask` (in the order of the graph).
fn picked_right_moves(h: &Graph, mask: u32) -> Vec<(u32, u32)> {
    let all = (0..h.len() as u32).flat_map(|v| h.right[v as usize].iter().map(move |&w| (v, w)));
    all.enumerate()
        .filter(|&(i, _)| mask >> (i % 32) & 1 == 1)
        .map(|(_, e)| e)
        .collect()
}

fn without(h: &Graph, moves: &[(u32, u32)]) -> Graph {
    let mut c = h.clone();
    for &(v, w) in moves {
        c.right[v as usize].retain(|&x| x != w);
    }
    c
}

/// Checks every answer of one comparison, through a sequence of removals, against the
/// oracle's attractors solved from scratch on the graph of the moment.
fn agrees_through_removals(g: &Graph, h: &Graph, masks: &[u32]) -> Result<(), TestCaseError> {
    let store = GameStore::new();
    let mut work = u64::MAX;
    let mut compare = ShrinkingComparison::new(g, h, &mut work, &store).unwrap();
    let mut cur = h.clone();
    prop_assert_eq!(compare.holds(), onside_geq(g, &cur));
    for &mask in masks {
        let batch = picked_right_moves(&cur, mask);
        let next = without(&cur, &batch);
        let expected = onside_geq(g, &next) && onside_geq(g, &cur);
        let kept = compare.try_remove(&batch, &mut work, &store).unwrap();
        prop_assert_eq!(kept, expected);
        if kept {
            cur = next;
        }
        prop_assert_eq!(compare.holds(), onside_geq(g, &cur));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Starting from `G` itself (as the onside from below does).
    #[test]
    fn removals_from_the_game_itself_agree_with_the_oracle(
        g in random_graph(5),
        masks in proptest::collection::vec(any::<u32>(), 1..8),
    ) {
        agrees_through_removals(&g, &g, &masks)?;
    }

    /// Starting from another game, where the comparison may fail from the start.
    #[test]
    fn removals_from_another_game_agree_with_the_oracle(
        g in random_graph(4),
        h in random_graph(4),
        masks in proptest::collection::vec(any::<u32>(), 1..6),
    ) {
        agrees_through_removals(&g, &h, &masks)?;
    }

    /// On the bigraphs of the other loopy tests.
    #[test]
    fn removals_on_bigraphs_agree_with_the_oracle(
        g in super::tests::arb_bigraph(5),
        masks in proptest::collection::vec(any::<u32>(), 1..8),
    ) {
        agrees_through_removals(&g, &g, &masks)?;
    }
}
