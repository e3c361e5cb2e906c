//! The onside from below, on the game graph itself (the method of CGSuite's
//! `LoopyGame.simplifyGraph` for a side: irrelevant edges on alternating cycles are
//! removed while the side stays the same, until no alternating cycle is left).
//!
//! Removing one of Right's moves never lowers the onside (Left, moving second in
//! `G' − G`, copies every move into the other component, so every infinite play has
//! infinitely many moves in `G'`). So when `G⁺ ≥ G'⁺` at the start, checked on the two
//! graphs by [`onside_geq_at`], the removal leaves the onside at the start unchanged.
//! Once no alternating cycle is left the graph is a stopper, its own onside, and its
//! value at the start is `G⁺` exactly: no search and no approximation.
//!
//! Removals are tried in batches (all of Right's moves on alternating cycles at once,
//! then halves of a batch that changes the onside): if removing a set of moves leaves the
//! onside unchanged, so does removing any part of it (the onside only rises as moves go,
//! and it is squeezed between the two), so a batch that fails is split until single moves
//! remain. Every test is one comparison whose memory is a few bytes per pair of
//! positions (about 2 MB for 560 positions), so the method is kept to graphs where that
//! table is small (see [`MAX_PAIRS`]).

use super::LoopyError;
use super::graph::Graph;
use super::side_compare::{onside_geq_at, onside_geq_each};
use super::side_shrink::ShrinkingComparison;
use crate::game::GameStore;

/// The largest graph tried, in pairs of positions of one comparison (`n²`): about 60 MB
/// of states at six bytes for each of the four states of a pair.
pub(crate) const MAX_PAIRS: usize = 2_500_000;

/// The work allowed in all, in states of the comparisons visited once a round (a few
/// seconds).
const MAX_WORK: u64 = 1_500_000_000;

/// A stopper whose value at vertex 0 is the onside of `g` at vertex 0 (start vertex 0),
/// or `None` when some alternating cycle keeps a move of Right that cannot go, the graph
/// is too large, or the work passes [`MAX_WORK`].
///
/// First every position whose onside is `on` or `off` (decided for all positions at once
/// by one comparison with that one-vertex game, cheap) is replaced by it, which removes
/// the cycles through those positions; whether that keeps the onside at the start is not
/// proven here, so the stopper found then is checked against `g` both ways (two
/// comparisons with the small simplified stopper) and the method runs on `g` itself if
/// the check fails.
pub(crate) fn onside_from_below(g: &Graph, store: &GameStore) -> Result<Option<Graph>, LoopyError> {
    let g = g.restrict(0);
    if g.len().saturating_mul(g.len()) > MAX_PAIRS {
        return Ok(None);
    }
    let mut work = MAX_WORK;
    if let Some(c) = constants_replaced(&g, &mut work, store)?
        && let Some(side) = eliminate(c, &mut work, store)?
    {
        let side = super::simplify::simplest_stopper(&side, store);
        let mut check = u64::MAX;
        if onside_geq_at(&g, 0, &side, 0, &mut check, store)?
            && onside_geq_at(&side, 0, &g, 0, &mut check, store)?
        {
            return Ok(Some(side));
        }
    }
    eliminate(g, &mut work, store)
}

/// `g` with every position whose onside is `on` or `off` replaced by that game, or `None`
/// if there is none.
fn constants_replaced(
    g: &Graph,
    work: &mut u64,
    store: &GameStore,
) -> Result<Option<Graph>, LoopyError> {
    let on = Graph {
        left: vec![vec![0]],
        right: vec![vec![]],
    };
    let off = on.negate();
    let (is_on, is_off) = match (
        onside_geq_each(g, &on, 0, true, work, store),
        onside_geq_each(&off, g, 0, false, work, store),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(LoopyError::TooComplex(_)), _) | (_, Err(LoopyError::TooComplex(_))) => {
            return Ok(None);
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    if is_on[0] {
        return Ok(Some(on));
    }
    if is_off[0] {
        return Ok(Some(off));
    }
    if !is_on.iter().chain(&is_off).any(|&b| b) {
        return Ok(None);
    }
    let n = g.len() as u32;
    let (on_v, off_v) = (n, n + 1);
    let to = |w: &u32| {
        if is_on[*w as usize] {
            on_v
        } else if is_off[*w as usize] {
            off_v
        } else {
            *w
        }
    };
    let mut c = Graph {
        left: g.left.iter().map(|l| l.iter().map(to).collect()).collect(),
        right: g.right.iter().map(|r| r.iter().map(to).collect()).collect(),
    };
    c.left.push(vec![on_v]);
    c.right.push(vec![]);
    c.left.push(vec![]);
    c.right.push(vec![off_v]);
    Ok(Some(c.restrict(0)))
}

/// Removes Right's moves on alternating cycles in batches while the onside at vertex 0
/// stays the same, until a stopper is left (`None` if no move can go or the work runs out).
///
/// Every batch is compared with `g` itself (`g⁺ ≥ C⁺` at the start, the other way holding
/// as moves only went from Right), by one comparison kept solved as moves go
/// ([`ShrinkingComparison`]), so a batch costs the states its moves touch.
fn eliminate(g: Graph, work: &mut u64, store: &GameStore) -> Result<Option<Graph>, LoopyError> {
    let mut compare = match ShrinkingComparison::new(&g, &g, work, store) {
        Ok(c) => c,
        Err(LoopyError::TooComplex(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    if !compare.holds() {
        return Ok(None);
    }
    let mut cur = g.clone();
    loop {
        store.check_interrupt();
        let reached = reachable_part(&cur);
        if !reached.has_alternating_cycle() {
            return Ok(Some(cur.restrict(0)));
        }
        let mut pending = vec![super::sides::right_cycle_edges(&reached)];
        let mut removed = 0usize;
        while let Some(batch) = pending.pop() {
            let Some(unchanged) = compare.try_remove(&batch, work, store) else {
                return Ok(None);
            };
            if unchanged {
                removed += batch.len();
                for &(v, w) in &batch {
                    cur.right[v as usize].retain(|&x| x != w);
                }
            } else if batch.len() > 1 {
                let (a, b) = batch.split_at(batch.len() / 2);
                pending.push(b.to_vec());
                pending.push(a.to_vec());
            }
        }
        if removed == 0 {
            return Ok(None);
        }
    }
}

/// `g` with the moves of the positions not reachable from vertex 0 taken away (the same
/// numbering).
fn reachable_part(g: &Graph) -> Graph {
    let mut seen = vec![false; g.len()];
    let mut stack = vec![0u32];
    seen[0] = true;
    while let Some(v) = stack.pop() {
        for &w in g.left[v as usize].iter().chain(&g.right[v as usize]) {
            if !std::mem::replace(&mut seen[w as usize], true) {
                stack.push(w);
            }
        }
    }
    let mut part = g.clone();
    for (v, &s) in seen.iter().enumerate() {
        if !s {
            part.left[v].clear();
            part.right[v].clear();
        }
    }
    part
}
