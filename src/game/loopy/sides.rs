//! Onsides and offsides (Winning Ways ch. 11, "sidling"; Siegel, *Combinatorial Game
//! Theory*, VI.4–5).
//!
//! The onside `G⁺` of a game is the stopper that plays like `G` when infinite play counts
//! as a win for Left; sidling finds it as the limit of `S₀ = on`,
//! `S_{n+1}(v) = {S_n(v^L) | S_n(v^R)}` over the positions `v` of `G`: the greatest family
//! of stoppers with `S(v) = {S(v^L) | S(v^R)}` at every position. The offside is the
//! mirror image, sidled up from `off`.
//!
//! The limit need not be reached in finitely many steps (from `over` the approximations are
//! `1, 1/2, 1/4, …`), so the family is found as a graph instead: Right would rather not
//! enter an alternating cycle in the onside (Left keeps it going and wins), so the onside is
//! sought as `G` with some of the Right edges that lie on alternating cycles deleted. A
//! candidate `C` is accepted when it is a fixpoint — putting every deleted edge back changes
//! the value of no position — and the greatest accepted candidate is the onside (every
//! fixpoint lies below the greatest one; deleting Right edges only raises values). If no
//! candidate is a fixpoint the game is reported as not stopper-sided with these methods.

use super::LoopyError;
use super::compare::{geq, geq_table};
use super::graph::{Graph, Mover};
use super::outcome::{Winner, solve};
use super::simplify::simplest_stopper;
use crate::game::GameStore;

/// At most this many Right edges on alternating cycles are tried in all combinations.
const MAX_CYCLE_EDGES: usize = 14;

/// The simplest form of the onside of `g` (start vertex 0).
pub(crate) fn onside(g: &Graph, store: &GameStore) -> Result<Graph, LoopyError> {
    let g = g.restrict(0);
    if !g.has_alternating_cycle() {
        return Ok(simplest_stopper(&g, store));
    }
    let edges = right_cycle_edges(&g);
    if edges.len() > MAX_CYCLE_EDGES {
        return Err(LoopyError::TooComplex(format!(
            "finding its sides would try all combinations of {} moves on cycles (at most {MAX_CYCLE_EDGES} are tried)",
            edges.len()
        )));
    }
    let mut best: Option<Graph> = None;
    for mask in 0u32..(1u32 << edges.len()) {
        store.check_interrupt();
        let deleted: Vec<(u32, u32)> = edges
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, &e)| e)
            .collect();
        let mut c = g.clone();
        for &(v, w) in &deleted {
            c.right[v as usize].retain(|&x| x != w);
        }
        if c.has_alternating_cycle() || !is_fixpoint(&c, &deleted, store) {
            continue;
        }
        best = match best {
            Some(b) if geq(&b, &c, store) => Some(b),
            _ => Some(c),
        };
    }
    let best = best.ok_or_else(|| {
        LoopyError::NotStopperSided(
            "no stopper found for its onside: deleting Right's moves on its cycles never gives a fixpoint of sidling"
                .into(),
        )
    })?;
    // A necessary condition, checked as a guard: alone, the onside and the game have the
    // same outcome when infinite play counts for Left.
    if upward_outcome(&best, store) != upward_outcome(&g, store) {
        return Err(LoopyError::NotStopperSided(
            "its onside candidate does not play like it (please report this game)".into(),
        ));
    }
    Ok(simplest_stopper(&best, store))
}

/// The simplest form of the offside: the mirror image of the onside of `-G`.
pub(crate) fn offside(g: &Graph, store: &GameStore) -> Result<Graph, LoopyError> {
    onside(&g.negate(), store).map(|s| s.negate())
}

/// Who wins from the start with each player first when infinite play counts for Left.
fn upward_outcome(g: &Graph, store: &GameStore) -> (bool, bool) {
    let (l, r) = solve(g, store)[0];
    (l != Winner::Right, r != Winner::Right)
}

/// The Right edges `v → w` with the states `(v, Right to move)` and `(w, Left to move)` in
/// one strongly connected component of the state graph: the Right moves of alternating
/// cycles.
fn right_cycle_edges(g: &Graph) -> Vec<(u32, u32)> {
    let comp = state_components(g);
    let mut out = Vec::new();
    for v in 0..g.len() {
        for &w in &g.right[v] {
            if comp[2 * v + 1] == comp[2 * w as usize] {
                out.push((v as u32, w));
            }
        }
    }
    out
}

/// Strongly connected components of the states (2v: Left to move at v, 2v+1: Right to move),
/// by Kosaraju's two passes, iteratively.
fn state_components(g: &Graph) -> Vec<usize> {
    let n = 2 * g.len();
    let succ = |s: usize| -> Vec<usize> {
        let (v, mover) = (
            s / 2,
            if s.is_multiple_of(2) {
                Mover::Left
            } else {
                Mover::Right
            },
        );
        let to_left = mover == Mover::Right;
        g.options(v as u32, mover)
            .iter()
            .map(|&w| 2 * w as usize + usize::from(!to_left))
            .collect()
    };
    let mut pred = vec![Vec::new(); n];
    for s in 0..n {
        for t in succ(s) {
            pred[t].push(s);
        }
    }
    let mut seen = vec![false; n];
    let mut finish = Vec::with_capacity(n);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, succ(root), 0usize)];
        while let Some((s, next, i)) = stack.last_mut() {
            if *i < next.len() {
                let t = next[*i];
                *i += 1;
                if !seen[t] {
                    seen[t] = true;
                    let nt = succ(t);
                    stack.push((t, nt, 0));
                }
            } else {
                finish.push(*s);
                stack.pop();
            }
        }
    }
    let mut comp = vec![usize::MAX; n];
    let mut count = 0;
    for &root in finish.iter().rev() {
        if comp[root] != usize::MAX {
            continue;
        }
        let mut stack = vec![root];
        comp[root] = count;
        while let Some(s) = stack.pop() {
            for &t in &pred[s] {
                if comp[t] == usize::MAX {
                    comp[t] = count;
                    stack.push(t);
                }
            }
        }
        count += 1;
    }
    comp
}

/// Whether putting the deleted Right edges back leaves every vertex's value unchanged: for
/// each vertex with deleted edges, a copy with them restored (nothing points to the copy,
/// so the graph stays a stopper) must be ≥ the vertex (it is ≤ it anyway, having more Right
/// options).
fn is_fixpoint(c: &Graph, deleted: &[(u32, u32)], store: &GameStore) -> bool {
    if deleted.is_empty() {
        return true;
    }
    let mut aug = c.clone();
    let mut copies: Vec<(u32, u32)> = Vec::new();
    for &(v, w) in deleted {
        let copy = match copies.iter().find(|&&(orig, _)| orig == v) {
            Some(&(_, copy)) => copy,
            None => {
                let copy = aug.len() as u32;
                aug.left.push(c.left[v as usize].clone());
                aug.right.push(c.right[v as usize].clone());
                copies.push((v, copy));
                copy
            }
        };
        aug.right[copy as usize].push(w);
    }
    aug.normalise();
    let n = aug.len();
    let table = geq_table(&aug, &aug, store);
    copies
        .iter()
        .all(|&(v, copy)| table[copy as usize * n + v as usize])
}
