//! What the printer of [`super::display`] can tell about a graph before it writes anything:
//! which positions may be written as switches `±G`, and how many positions a print writes at
//! least. Both serve speed only: the text printed is the same.
//!
//! - A position `v` is written `±G` when its graph is isomorphic to its negative by a map
//!   fixing `v`. Such a map sends `v`'s Left options to its Right options, so `v` has as
//!   many of each (one here, the only case written so), and it makes `v` and the copy of
//!   `v` in `−G` *bisimilar* (the same unfolding). Bisimilarity is decided for all
//!   positions at once by one partition refinement of `G` and `−G` side by side, so the
//!   isomorphism search (linear in the part of the graph `v` reaches) runs only for the
//!   few positions passing it, instead of for every position written.
//! - The printer writes a position once per line of play reaching it (a label stops a line
//!   only where it returns to a position on it). Every path from the start that avoids the
//!   back edges of one depth-first search is simple, so it is followed to its end unless a
//!   position on it is written without its options (a short game, a name) or as a switch
//!   (only its Left option is written). Counting those paths, options first, bounds the
//!   positions written from below in time linear in the graph; a print whose bound passes
//!   the printer's limit is refused before any text is made.

use super::graph::Graph;
use crate::game::GameStore;

/// For every vertex, whether it may be written as a switch: one Left option, one Right
/// option, no pass, and bisimilar to its own negative (necessary for the isomorphism the
/// printer checks).
pub(super) fn switch_candidates(g: &Graph, store: &GameStore) -> Vec<bool> {
    let n = g.len();
    let shape = |v: usize| {
        let (l, r) = (&g.left[v], &g.right[v]);
        l.len() == 1 && r.len() == 1 && l[0] as usize != v && r[0] as usize != v
    };
    if !(0..n).any(shape) {
        return vec![false; n];
    }
    // Vertex v of `g` is v, and its copy in `−g` is n + v.
    let (_, block) = super::side_memo::with_negative(g).bisimulation_quotient(store);
    (0..n)
        .map(|v| shape(v) && block[v] == block[n + v])
        .collect()
}

/// A lower bound on the positions the printer writes from vertex 0 (at most `cap`): the
/// paths from 0 avoiding the back edges of a depth-first search, a path ending at a `leaf`
/// (written without its options) and following only Left options from a vertex in
/// `left_only` (a possible switch). Passes are written as `pass`, not as positions.
pub(super) fn written_at_least(g: &Graph, leaf: &[bool], left_only: &[bool], cap: u64) -> u64 {
    let n = g.len();
    if n == 0 {
        return 0;
    }
    let options = |v: usize| -> Vec<u32> {
        if leaf[v] {
            Vec::new()
        } else if left_only[v] {
            g.left[v].clone()
        } else {
            g.left[v].iter().chain(&g.right[v]).copied().collect()
        }
    };
    // Finishing order of a depth-first search: a vertex's options that are not its
    // ancestors finish before it.
    let mut finish = vec![u32::MAX; n];
    let mut seen = vec![false; n];
    let mut order: Vec<u32> = Vec::new();
    let mut stack: Vec<(u32, Vec<u32>, usize)> = vec![(0, options(0), 0)];
    seen[0] = true;
    while let Some((v, next, i)) = stack.last_mut() {
        if let Some(&w) = next.get(*i) {
            *i += 1;
            if !std::mem::replace(&mut seen[w as usize], true) {
                let opts = options(w as usize);
                stack.push((w, opts, 0));
            }
            continue;
        }
        finish[*v as usize] = order.len() as u32;
        order.push(*v);
        stack.pop();
    }
    let mut count = vec![0u64; n];
    for &v in &order {
        let vu = v as usize;
        let mut c = 1u64;
        for w in options(vu) {
            if w != v && finish[w as usize] < finish[vu] {
                c = c.saturating_add(count[w as usize]);
            }
        }
        count[vu] = c.min(cap);
    }
    count[0]
}
