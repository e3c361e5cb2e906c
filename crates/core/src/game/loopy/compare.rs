//! Comparing stoppers: `G ≥ H` exactly when Left, playing second in `G − H`, survives —
//! never runs out of moves, infinite play counting as survival (Siegel, *Combinatorial
//! Game Theory*, VI.3; Winning Ways ch. 11, "stoppers").
//!
//! Survival is a greatest fixpoint: Left survives from every state except those from which
//! Right can force Left out of moves in finitely many steps. Those are found by one
//! retrograde analysis of the difference graph over all pairs of vertices at once, so the
//! whole table `G_x ≥ H_y` costs one pass over `|G| · |H|` pairs.

use super::graph::Graph;
use crate::game::GameStore;

/// `table[x * |h| + y]` is `G_x ≥ H_y`, for stoppers `g` and `h`.
pub(crate) fn geq_table(g: &Graph, h: &Graph, store: &GameStore) -> Vec<bool> {
    super::pairs::geq_pairs(g, h, store)
}

/// [`geq_table`] by solving the product graph built in full: the oracle of the tests.
#[cfg(test)]
pub(crate) fn geq_table_by_product(g: &Graph, h: &Graph, store: &GameStore) -> Vec<bool> {
    use super::outcome::{Winner, solve};
    let difference = g.product(&h.negate(), store);
    solve(&difference, store)
        .into_iter()
        .map(|(_, right_first)| right_first != Winner::Right)
        .collect()
}

/// `G_0 ≥ H_0` for stoppers (from the table over all pairs, which takes less memory than
/// the product graph restricted to the pairs reachable from the start).
pub(crate) fn geq(g: &Graph, h: &Graph, store: &GameStore) -> bool {
    super::pairs::geq_pairs(g, h, store)[0]
}
