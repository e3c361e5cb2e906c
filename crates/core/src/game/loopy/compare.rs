//! Comparing stoppers: `G ≥ H` exactly when Left, playing second in `G − H`, survives —
//! never runs out of moves, infinite play counting as survival (Siegel, *Combinatorial
//! Game Theory*, VI.3; Winning Ways ch. 11, "stoppers").
//!
//! Survival is a greatest fixpoint: Left survives from every state except those from which
//! Right can force Left out of moves in finitely many steps. Those are found by one
//! retrograde analysis of the difference graph over all pairs of vertices at once, so the
//! whole table `G_x ≥ H_y` costs one pass over `|G| · |H|` pairs.

use super::graph::Graph;
use super::outcome::{Winner, solve};
use crate::game::GameStore;

/// `table[x * |h| + y]` is `G_x ≥ H_y`, for stoppers `g` and `h`.
pub(crate) fn geq_table(g: &Graph, h: &Graph, store: &GameStore) -> Vec<bool> {
    let difference = g.product(&h.negate(), store);
    solve(&difference, store)
        .into_iter()
        .map(|(_, right_first)| right_first != Winner::Right)
        .collect()
}

/// `G_0 ≥ H_0` for stoppers, searching only the pairs reachable from the start.
pub(crate) fn geq(g: &Graph, h: &Graph, store: &GameStore) -> bool {
    let difference = g.product(&h.negate(), store).restrict(0);
    solve(&difference, store)[0].1 != Winner::Right
}
