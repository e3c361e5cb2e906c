//! Onsides and offsides (Winning Ways ch. 11, "sidling"; Siegel, *Combinatorial Game
//! Theory*, VI.4–5).
//!
//! The onside `G⁺` of a game is the stopper that plays like `G` when infinite play counts
//! as a win for Left; sidling finds it as the limit of `S₀ = on`,
//! `S_{k+1}(v) = {S_k(v^L) | S_k(v^R)}` over the positions `v` of `G`, that is the
//! greatest family of stoppers with `S(v) = {S(v^L) | S(v^R)}` at every position. The
//! offside is the mirror image, sidled up from `off`.
//!
//! First, [`harmless_deletion`] looks for a set of Right's moves on alternating cycles
//! whose removal leaves a stopper that putting them back does not change: its values are
//! then exactly the onside (the proof is at the function). It starts from all such moves
//! removed and puts back the harmful ones round by round, so it costs at most one
//! comparison table per such move, and it answers the degree and variety of stoppers
//! (onsides of sums `G − G` with many moves on cycles) without any search.
//!
//! When it finds nothing, [`sidle_down`] runs the approximations as stopper graphs. If
//! they do not repeat, the onside is found from below on the graph itself
//! ([`super::sides_below`], CGSuite's method: Right's moves on alternating cycles are
//! removed while the onside at the start stays the same, decided by comparing onsides on
//! the graphs, until a stopper is left), which is exact; only where that gives up (a move
//! that cannot go, or its budget of work) do the older candidates below answer.
//!
//! When the approximations repeat, the onside
//! is exact. The limit need not be reached in finitely many steps (from `{pass,0|pass}`
//! the offside's approximations unroll `over = {0|pass}` for ever), so a loopy candidate is
//! read off the approximations and accepted when it is a fixpoint of sidling that the
//! approximations keep reproducing. If sidling finds nothing, a search over deletions of
//! Right's moves on alternating cycles looks for the greatest fixpoint of that shape.
//!
//! What is guaranteed, and what is not:
//! - the answer is always a stopper `S` that is a fixpoint of sidling (`S(v) =
//!   {S(v^L) | S(v^R)}` holds at every position, checked by comparisons), and `S` and the
//!   game have the same outcomes alone when infinite play counts for Left (a guard; a
//!   failure is an error, not a wrong answer);
//! - if the approximations repeat, or a candidate is at least an approximation, `S` is
//!   exactly the greatest fixpoint, hence the onside;
//! - otherwise (a candidate the approximations reproduce twice, or the best fixpoint of the
//!   deletion search) `S` is a fixpoint below the greatest one, and that it is the greatest
//!   is not proven here. Property tests back it: on random graphs of up to four positions,
//!   `G + X` and `S + X` have the same outcomes with infinite play counted for Left (and the
//!   offside `T` likewise for Right) for a family of stoppers `X` including `−S` and `−T`,
//!   outcomes computed by a naive fixpoint; `S` lies above every fixpoint the deletion
//!   search finds and below the first approximations.
//!
//! The approximations are stopped after a budget of compared pairs (a few seconds); then
//! the deletion search (at most 2^10 subsets of Right's moves on alternating cycles) takes
//! over, and beyond that the answer is a `TooComplex` error.

use super::LoopyError;
use super::compare::{geq, geq_table};
use super::graph::{Graph, Mover};
use super::outcome::{Winner, solve};
use super::side_compare::onside_geq_at;
use super::sides_below::onside_from_below;
use super::simplify::{simplest_stopper, simplest_stopper_rooted};
use crate::game::GameStore;

/// At most this many Right edges on alternating cycles are tried in all combinations.
const MAX_CYCLE_EDGES: usize = 10;

/// The simplest form of the onside of `g` (start vertex 0).
pub(crate) fn onside(g: &Graph, store: &GameStore) -> Result<Graph, LoopyError> {
    #[cfg(test)]
    ONSIDE_RUNS.with(|c| c.set(c.get() + 1));
    onside_by(g, true, store)
}

#[cfg(test)]
thread_local! {
    /// For the tests: how many times [`onside`] ran on this thread (offsides included).
    pub(crate) static ONSIDE_RUNS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The onside as found before the deletion from above existed: the oracle of the tests.
#[cfg(test)]
pub(crate) fn onside_by_sidling(g: &Graph, store: &GameStore) -> Result<Graph, LoopyError> {
    onside_by(g, false, store)
}

/// The onside, trying the deletion from above first if `from_above`.
fn onside_by(g: &Graph, from_above: bool, store: &GameStore) -> Result<Graph, LoopyError> {
    let g = g.restrict(0);
    if !g.has_alternating_cycle() {
        return Ok(simplest_stopper(&g, store));
    }
    // Exact when it succeeds (see `harmless_deletion`), and cheap: try it first.
    // The same guard as below, for safety: alone, the side plays like the game.
    let rest = if from_above {
        match harmless_deletion(&g, store) {
            Ok(side) if upward_outcome(&side, store) == upward_outcome(&g, store) => {
                return Ok(simplest_stopper(&side, store));
            }
            Ok(_) => None,
            Err(rest) => Some(rest),
        }
    } else {
        None
    };
    let sidled = match sidle_down(&g, 4 * g.len() + 8, store) {
        Sidled::Exact(side) => return Ok(side),
        other => other,
    };
    // Exact too, on the graph itself (see `sides_below`): first from the graph the
    // deletion from above left (fewer moves to try; its onside is at least the game's, so
    // the answer is checked against the game), then from the game.
    if from_above {
        if let Some(rest) = rest.as_ref().filter(|&r| *r != g)
            && let Some(side) = below_checked(rest, &g, store)?
        {
            return Ok(side);
        }
        if let Some(side) = below_checked(&g, &g, store)? {
            return Ok(side);
        }
    }
    let best = match sidled {
        Sidled::Exact(side) => return Ok(side),
        Sidled::Candidate(c) => c,
        Sidled::Nothing => deletion_fixpoint(&g, store)?.ok_or_else(|| {
            LoopyError::NotStopperSided(
                "sidling finds no stopper for its onside (the approximations from on never settle into one)"
                    .into(),
            )
        })?,
    };
    // A necessary condition, checked as a guard: alone, the onside and the game have the
    // same outcome when infinite play counts for Left.
    if upward_outcome(&best, store) != upward_outcome(&g, store) {
        return Err(LoopyError::NotStopperSided(
            "its onside candidate does not play like it (please report this game)".into(),
        ));
    }
    Ok(simplest_stopper(&best, store))
}

/// Sidling down from `on`. The approximations `S_k(v)` of all positions are kept together
/// in one simplified stopper graph, so that equal values are one vertex.
///
/// - If they repeat (`S_{k+1} = S_k`), they are a fixpoint reached from the top, hence the
///   greatest one: the onside, exactly.
/// - A position whose approximation still changes often does so self-similarly, as
///   `over`'s `1, 1/2, 1/4, …` = `{0|1}, {0|{0|1}}, …`: its simplified form has options
///   equal to last step's approximations. Reading each such option as "that position
///   again" gives a loopy candidate (`{0|pass}`); a candidate that is a stopper and a
///   fixpoint of sidling is kept. If it also equals the current approximation at the start
///   it is exact there (every fixpoint lies below the greatest, every approximation above).
///
/// Returns the exact onside, or the greatest candidate found within `limit` steps.
fn sidle_down(g: &Graph, limit: usize, store: &GameStore) -> Sidled {
    const MAX_VERTICES: usize = 4096;
    // Each step compares all pairs of the approximations' vertices: the steps stop once
    // the pairs compared add up to this many (about two seconds), and the search below
    // takes over.
    const MAX_PAIRS: usize = 1_500_000;
    let mut pairs = 0usize;
    let n = g.len();
    let mut cur = Graph {
        left: vec![vec![0]],
        right: vec![vec![]],
    };
    let mut val = vec![0u32; n];
    let mut best: Option<Graph> = None;
    let mut last_moving: Vec<bool> = Vec::new();
    // The step at which each position's approximation last changed. Changes can come in
    // turns (a position changes every third step when a cycle of three feeds it), so a
    // position counts as still moving if it changed within the last `window` steps.
    let window = n + 1;
    let mut last_change = vec![0usize; n];
    // A graph so large that its first step alone would pass the budget is not sidled: the
    // step could only tell whether every position is `on`, and on a board of 35,000
    // positions it took seconds.
    if n > MAX_VERTICES && (n + 1) * (n + 1) > MAX_PAIRS {
        return Sidled::Nothing;
    }
    for step in 0..limit {
        store.check_interrupt();
        let base = cur.len() as u32;
        let mut next = cur;
        for v in 0..n {
            next.left
                .push(g.left[v].iter().map(|&w| val[w as usize]).collect());
            next.right
                .push(g.right[v].iter().map(|&w| val[w as usize]).collect());
        }
        next.normalise();
        let roots: Vec<u32> = (0..n as u32)
            .map(|v| base + v)
            .chain(val.iter().copied())
            .collect();
        let (simplified, at) = simplest_stopper_rooted(&next, &roots, store);
        let (new, old) = at.split_at(n);
        if new == old {
            return Sidled::Exact(simplest_stopper(&simplified.restrict(new[0]), store));
        }
        // The candidate is tried once the set of positions still changing repeats, and at
        // the last step.
        for v in 0..n {
            if new[v] != old[v] {
                last_change[v] = step + 1;
            }
        }
        let moving: Vec<bool> = last_change
            .iter()
            .map(|&t| t > 0 && step + 1 - t < window)
            .collect();
        let settled_pattern = moving == last_moving || step + 1 == limit;
        last_moving = moving;
        if !settled_pattern {
        } else if let Some(c) =
            self_similar_candidate(g, &simplified, new, old, &last_moving, store)
        {
            if geq(&c, &simplified.restrict(new[0]), store) {
                return Sidled::Exact(simplest_stopper(&c, store));
            }
            // The same candidate twice running: the approximations keep unrolling it.
            if best
                .as_ref()
                .is_some_and(|b| geq(b, &c, store) && geq(&c, b, store))
            {
                return Sidled::Candidate(c);
            }
            best = Some(c);
        }
        let (kept, index) = simplified.restrict_many(new);
        pairs += next.len() * next.len();
        if kept.len() > MAX_VERTICES || pairs > MAX_PAIRS {
            break;
        }
        val = new.iter().map(|&v| index[v as usize]).collect();
        cur = kept;
    }
    match best {
        Some(b) => Sidled::Candidate(b),
        None => Sidled::Nothing,
    }
}

/// What sidling found.
enum Sidled {
    Exact(Graph),
    Candidate(Graph),
    Nothing,
}

/// The loopy candidate of [`sidle_down`] (start vertex 0) if it is a stopper and a fixpoint
/// of sidling.
fn self_similar_candidate(
    g: &Graph,
    approx: &Graph,
    new: &[u32],
    old: &[u32],
    still_moving: &[bool],
    store: &GameStore,
) -> Option<Graph> {
    let n = g.len();
    let moving: Vec<usize> = (0..n).filter(|&v| still_moving[v]).collect();
    let mut c = approx.clone();
    let first_copy = c.len() as u32;
    let copy_of = |v: usize| {
        moving
            .iter()
            .position(|&m| m == v)
            .map(|i| first_copy + i as u32)
    };
    // An option equal to last step's approximation of a moving position becomes that
    // position's copy. Several positions may share that approximation: the position's own
    // options on that side come first (the unrolling follows the game's moves).
    let redirect = |o: u32, successors: &[u32]| {
        let own = successors
            .iter()
            .map(|&w| w as usize)
            .find(|&w| still_moving[w] && old[w] == o);
        own.or_else(|| moving.iter().copied().find(|&w| old[w] == o))
            .map_or(o, |w| copy_of(w).expect("moving"))
    };
    for &v in &moving {
        let l = approx.left[new[v] as usize]
            .iter()
            .map(|&o| redirect(o, &g.left[v]))
            .collect();
        let r = approx.right[new[v] as usize]
            .iter()
            .map(|&o| redirect(o, &g.right[v]))
            .collect();
        c.left.push(l);
        c.right.push(r);
    }
    let value = |v: usize| copy_of(v).unwrap_or(new[v]);
    // Sidling's equations, one test vertex per position: {c(v^L) | c(v^R)} = c(v).
    let first_test = c.len();
    for v in 0..n {
        c.left
            .push(g.left[v].iter().map(|&w| value(w as usize)).collect());
        c.right
            .push(g.right[v].iter().map(|&w| value(w as usize)).collect());
    }
    c.normalise();
    if c.has_alternating_cycle() {
        return None;
    }
    let m = c.len();
    let table = geq_table(&c, &c, store);
    let fixpoint = (0..n).all(|v| {
        let (t, x) = (first_test + v, value(v) as usize);
        table[t * m + x] && table[x * m + t]
    });
    fixpoint.then(|| c.restrict(value(0)))
}

/// The greatest fixpoint of sidling among the graphs `G` minus some of Right's moves on
/// alternating cycles (Right would rather not enter a cycle that Left keeps going when
/// infinite play is hers). Deleting Right's moves only raises values, and a candidate is a
/// fixpoint when putting the deleted moves back changes no position's value.
pub(crate) fn deletion_fixpoint(g: &Graph, store: &GameStore) -> Result<Option<Graph>, LoopyError> {
    let edges = right_cycle_edges(g);
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
    Ok(best)
}

/// The onside of `g` as `g` minus some of Right's moves on alternating cycles, found from
/// above, or `None`.
///
/// Why an answer is exact: let `D` be a set of Right edges whose removal leaves a stopper
/// `g∖D`, and suppose every removed edge is *harmless*: putting the removed edges of a
/// position back (as extra Right options of a copy of it) does not change its value.
/// - The values of `g∖D` are then a fixpoint of sidling on `g` (the equations
///   `S(v) = {S(v^L) | S(v^R)}` over all of `g`'s edges hold), and every fixpoint lies
///   below the greatest one, the onside `G⁺`.
/// - Fewer Right options never lower a value, so every sidling approximation of `g∖D` is
///   at least the same approximation of `g`; the approximations of a stopper converge to
///   the stopper itself (a stopper is its own onside), so the values of `g∖D` are at
///   least `G⁺`.
///
/// Hence they are `G⁺`, whatever `D` is. The search starts from all of Right's moves on
/// alternating cycles removed (the highest values this shape allows) and puts back, round
/// by round, the removed moves that are harmful; each round puts back at least one move,
/// so there are at most as many rounds as such moves, each one comparison table. If
/// putting moves back closes an alternating cycle, the search gives up and the slower
/// methods run.
///
/// On failure it returns the graph with the moves still removed (alternating cycles
/// closed again), a starting point for [`onside_from_below`].
pub(super) fn harmless_deletion(g: &Graph, store: &GameStore) -> Result<Graph, Graph> {
    let mut deleted = right_cycle_edges(g);
    loop {
        store.check_interrupt();
        let mut c = g.clone();
        for &(v, w) in &deleted {
            c.right[v as usize].retain(|&x| x != w);
        }
        if c.has_alternating_cycle() {
            return Err(c);
        }
        let harmful = harmful_deletions(&c, &deleted, store);
        if harmful.is_empty() {
            return Ok(c);
        }
        deleted.retain(|e| !harmful.contains(e));
    }
}

/// The simplest onside of `g` at its start found from below on `from` (`g` itself, or `g`
/// with some of Right's moves removed, whose onside is at least `g`'s): the stopper found
/// is `from`'s onside, and it is `g`'s when `g⁺ ≥` it, checked on the graphs (one
/// comparison with the small simplified stopper).
fn below_checked(from: &Graph, g: &Graph, store: &GameStore) -> Result<Option<Graph>, LoopyError> {
    let Some(side) = onside_from_below(from, store)? else {
        return Ok(None);
    };
    let side = simplest_stopper(&side, store);
    if from != g {
        let mut work = u64::MAX;
        match onside_geq_at(g, 0, &side, 0, &mut work, store) {
            Ok(true) => {}
            Ok(false) | Err(LoopyError::TooComplex(_)) => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    Ok(Some(side))
}

/// The removed Right edges of the stopper `c` that lower their position's value when put
/// back alone (all of a position's removed edges when they harm it only together); empty
/// when all of them together change no value (a fixpoint).
fn harmful_deletions(c: &Graph, deleted: &[(u32, u32)], store: &GameStore) -> Vec<(u32, u32)> {
    if deleted.is_empty() {
        return Vec::new();
    }
    // One copy per position with all its removed edges back, one per removed edge alone.
    let mut aug = c.clone();
    let mut together: Vec<(u32, u32)> = Vec::new();
    let mut alone: Vec<((u32, u32), u32)> = Vec::new();
    let add_copy = |aug: &mut Graph, v: u32, extra: &[u32]| {
        let copy = aug.len() as u32;
        aug.left.push(c.left[v as usize].clone());
        let mut r = c.right[v as usize].clone();
        r.extend_from_slice(extra);
        aug.right.push(r);
        copy
    };
    let mut positions: Vec<u32> = deleted.iter().map(|&(v, _)| v).collect();
    positions.sort_unstable();
    positions.dedup();
    for &v in &positions {
        let extra: Vec<u32> = deleted
            .iter()
            .filter(|&&(x, _)| x == v)
            .map(|&(_, w)| w)
            .collect();
        together.push((v, add_copy(&mut aug, v, &extra)));
    }
    for &(v, w) in deleted {
        alone.push(((v, w), add_copy(&mut aug, v, &[w])));
    }
    aug.normalise();
    // A copy has more Right options, so it is at most the position; it is harmless when it
    // is also at least the position.
    let harmless = copy_at_least(&aug, store);
    let harmed: Vec<u32> = together
        .iter()
        .filter(|&&(v, copy)| !harmless(v, copy))
        .map(|&(v, _)| v)
        .collect();
    if harmed.is_empty() {
        return Vec::new();
    }
    let single: Vec<(u32, u32)> = alone
        .iter()
        .filter(|&&((v, _), copy)| !harmless(v, copy))
        .map(|&(e, _)| e)
        .collect();
    // A position harmed only by its removed edges together gets them all back.
    let mut back = single;
    for v in harmed {
        if !back.iter().any(|&(x, _)| x == v) {
            back.extend(deleted.iter().filter(|&&(x, _)| x == v));
        }
    }
    back
}

/// The simplest form of the offside: the mirror image of the onside of `-G`.
pub(crate) fn offside(g: &Graph, store: &GameStore) -> Result<Graph, LoopyError> {
    // The onside of the negative, whose failure is told of the offside (from `off`).
    onside(&g.negate(), store)
        .map(|s| s.negate())
        .map_err(as_offside_error)
}

/// An error found for the onside of `−G`, told of the offside of `G` (sidled from `off`).
pub(crate) fn as_offside_error(e: LoopyError) -> LoopyError {
    match e {
        LoopyError::NotStopperSided(why) => LoopyError::NotStopperSided(
            why.replace("onside", "offside")
                .replace("from on ", "from off "),
        ),
        other => other,
    }
}

/// Who wins from the start with each player first when infinite play counts for Left.
fn upward_outcome(g: &Graph, store: &GameStore) -> (bool, bool) {
    let (l, r) = solve(g, store)[0];
    (l != Winner::Right, r != Winner::Right)
}

/// The Right edges `v → w` with the states `(v, Right to move)` and `(w, Left to move)` in
/// one strongly connected component of the state graph: the Right moves of alternating
/// cycles.
pub(crate) fn right_cycle_edges(g: &Graph) -> Vec<(u32, u32)> {
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
    let harmless = copy_at_least(&aug, store);
    copies.iter().all(|&(v, copy)| harmless(v, copy))
}

/// `copy ≥ v` for a vertex `copy` that is `v` with more Right options (so `copy ≤ v`): by
/// the table over all pairs on small graphs, and on large ones by simplifying the graph
/// through its components, where `copy` is then `v` exactly when both become one vertex
/// (a fusion missed there would only count a harmless copy as harmful).
fn copy_at_least(aug: &Graph, store: &GameStore) -> impl Fn(u32, u32) -> bool {
    let n = aug.len();
    let (table, image) = if n > super::canon::DENSE_LIMIT {
        (Vec::new(), super::canon::images(aug, store))
    } else {
        (geq_table(aug, aug, store), Vec::new())
    };
    move |v: u32, copy: u32| {
        if image.is_empty() {
            table[copy as usize * n + v as usize]
        } else {
            image[copy as usize] == image[v as usize]
        }
    }
}
