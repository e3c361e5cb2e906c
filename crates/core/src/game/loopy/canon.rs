//! The simplest form of a large stopper without a table over all pairs of its positions.
//!
//! [`super::simplify`] compares every pair of vertices once (a table quadratic in the
//! graph). Here the graph is simplified bottom-up through its strongly connected
//! components instead (a component's options lie in itself or in components below it):
//! - the vertices already settled form a *simplest* graph in which no two vertices are
//!   equal, so every value met so far is one vertex;
//! - a new component is added on top of them and simplified alone (domination,
//!   reversibility and fusion, as in [`super::simplify`]; settled vertices never change,
//!   their options lie below them), and each of its vertices that equals a settled one
//!   becomes that vertex;
//! - comparisons are answered on demand by [`PairSolver`], which runs the retrograde
//!   analysis of `G_a − G_b` over the pairs reachable from the pair asked only, and keeps
//!   the answers, so memory follows the pairs visited, not all pairs.
//!
//! Equal simplest stoppers are isomorphic (Siegel, *Combinatorial Game Theory*, VI.3), and
//! the settled graph is simplest with distinct values, so a new vertex `x` (simplified) can
//! equal a settled `c` only if `c` has as many options as `x` on each side and every settled
//! option of `x`: the candidates are found through the settled vertices' predecessors and
//! then compared exactly. A missed candidate would only leave two equal vertices; every
//! fusion made is proven by comparisons.

use super::Vertex;
use super::graph::Graph;
use crate::game::GameStore;
use rustc_hash::FxHashMap;

/// Graphs with more vertices than this are simplified here; smaller ones by the table over
/// all pairs, which is faster on them.
pub(crate) const DENSE_LIMIT: usize = 1024;

/// Bytes counted per pair kept by [`PairSolver`] (its hash-table entry and slack).
const MEMO_BYTES: u64 = 24;

/// Bytes counted per pair of one search in flight: its index entry, its place in the
/// list of pairs, its two states' counters, flags and predecessor starts, each with the
/// slack of a doubling buffer (measured: about 125 bytes a pair on a 3000-cycle).
const PAIR_BYTES: u64 = 80;

/// Bytes counted per edge of one search in flight (the edge list while it doubles and the
/// predecessor array built from it).
const EDGE_BYTES: u64 = 20;

/// Memo bits: Left survives `G_a − G_b` moving first / moving second (`G_a ≥ G_b`).
const LEFT_FIRST: u8 = 1;
const RIGHT_FIRST: u8 = 2;

fn key(a: Vertex, b: Vertex) -> u64 {
    (u64::from(a) << 32) | u64::from(b)
}

/// Comparisons `G_a ≥ G_b` between vertices of one stopper graph, computed on demand.
/// The graph may change between questions as long as no vertex changes its value (the
/// steps of simplification), since the answers kept are about values.
#[derive(Default)]
pub(crate) struct PairSolver {
    memo: FxHashMap<u64, u8>,
}

impl PairSolver {
    /// The number of pairs whose comparisons are kept.
    #[cfg(test)]
    pub fn pairs(&self) -> usize {
        self.memo.len()
    }

    /// `G_a ≥ G_b`: Left survives `G_a − G_b` moving second.
    pub fn geq(&mut self, g: &Graph, a: Vertex, b: Vertex, store: &GameStore) -> bool {
        if a == b {
            return true;
        }
        if let Some(&r) = self.memo.get(&key(a, b)) {
            return r & RIGHT_FIRST != 0;
        }
        self.solve(g, a, b, store);
        self.memo
            .get(&key(a, b))
            .is_some_and(|&r| r & RIGHT_FIRST != 0)
    }

    /// Solves every pair reachable from `(a, b)` that is not known yet. Survival is the
    /// complement of the least set of states Right wins: a state with Left to move is
    /// Right's when all its moves are (or it has none), one with Right to move when one of
    /// its moves is.
    fn solve(&mut self, g: &Graph, a: Vertex, b: Vertex, store: &GameStore) {
        let mut index: FxHashMap<u64, u32> = FxHashMap::default();
        let mut pairs: Vec<(Vertex, Vertex)> = vec![(a, b)];
        index.insert(key(a, b), 0);
        // State 2i: Left to move at pairs[i]; 2i + 1: Right to move.
        let mut open: Vec<u32> = Vec::new();
        let mut right_wins: Vec<bool> = Vec::new();
        let mut edges: Vec<(u32, u32)> = Vec::new(); // (successor state, predecessor state)
        let mut decided: Vec<u32> = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            if i % 4096 == 4095 {
                store.check_interrupt();
                self.check_budget(pairs.len(), edges.len());
            }
            let (x, y) = pairs[i];
            let (xs, ys) = (x as usize, y as usize);
            let mut visit = |p: Vertex, q: Vertex, pairs: &mut Vec<(Vertex, Vertex)>| {
                if let Some(&r) = self.memo.get(&key(p, q)) {
                    return Err(r);
                }
                let next = pairs.len() as u32;
                Ok(*index.entry(key(p, q)).or_insert_with(|| {
                    pairs.push((p, q));
                    next
                }))
            };
            // Left to move: to (x^L, y) or (x, y^R), Right to move there.
            let me = 2 * i as u32;
            let mut count = 0u32;
            let left_moves = g.left[xs]
                .iter()
                .map(|&p| (p, y))
                .chain(g.right[ys].iter().map(|&q| (x, q)));
            for (p, q) in left_moves {
                match visit(p, q, &mut pairs) {
                    Err(r) => count += u32::from(r & RIGHT_FIRST != 0),
                    Ok(j) => {
                        count += 1;
                        edges.push((2 * j + 1, me));
                    }
                }
            }
            open.push(count);
            right_wins.push(count == 0);
            if count == 0 {
                decided.push(me);
            }
            // Right to move: to (x^R, y) or (x, y^L), Left to move there.
            let me = me + 1;
            let mut won = false;
            let right_moves = g.right[xs]
                .iter()
                .map(|&p| (p, y))
                .chain(g.left[ys].iter().map(|&q| (x, q)));
            for (p, q) in right_moves {
                match visit(p, q, &mut pairs) {
                    Err(r) => won |= r & LEFT_FIRST == 0,
                    Ok(j) => edges.push((2 * j, me)),
                }
            }
            open.push(0);
            right_wins.push(won);
            if won {
                decided.push(me);
            }
            i += 1;
        }
        self.check_budget(pairs.len(), edges.len());
        // Predecessors of each state, grouped by the successor.
        let states = 2 * pairs.len();
        let mut start = vec![0u32; states + 1];
        for &(s, _) in &edges {
            start[s as usize + 1] += 1;
        }
        for s in 0..states {
            start[s + 1] += start[s];
        }
        let mut fill = start.clone();
        let mut preds = vec![0u32; edges.len()];
        for &(s, t) in &edges {
            preds[fill[s as usize] as usize] = t;
            fill[s as usize] += 1;
        }
        drop(edges);
        while let Some(s) = decided.pop() {
            let s = s as usize;
            for &t in &preds[start[s] as usize..start[s + 1] as usize] {
                let t = t as usize;
                if right_wins[t] {
                    continue;
                }
                if t.is_multiple_of(2) {
                    open[t] -= 1;
                    if open[t] > 0 {
                        continue;
                    }
                }
                right_wins[t] = true;
                decided.push(t as u32);
            }
        }
        for (i, &(x, y)) in pairs.iter().enumerate() {
            let bits = if right_wins[2 * i] { 0 } else { LEFT_FIRST }
                | if right_wins[2 * i + 1] {
                    0
                } else {
                    RIGHT_FIRST
                };
            self.memo.insert(key(x, y), bits);
        }
    }

    /// Refuses to grow past the session's memory budget: the pairs kept, and a search in
    /// flight over `pairs` pairs and `edges` edges.
    fn check_budget(&self, pairs: usize, edges: usize) {
        let count = (self.memo.len() + pairs) as u64;
        let bytes = (self.memo.len() as u64)
            .saturating_mul(MEMO_BYTES)
            .saturating_add((pairs as u64).saturating_mul(PAIR_BYTES))
            .saturating_add((edges as u64).saturating_mul(EDGE_BYTES));
        crate::game::budget::check(
            "a loopy game's comparisons",
            count,
            "pairs of positions",
            bytes,
        );
    }
}

/// The simplest form of the stopper graph `g`, keeping the vertices reachable from `roots`
/// (the first root becomes vertex 0), and the vertex each root became: the same answer as
/// [`super::simplify::simplest_stopper_rooted`] up to the numbering of the vertices.
pub(crate) fn simplest_by_components(
    g: &Graph,
    roots: &[Vertex],
    store: &GameStore,
) -> (Graph, Vec<Vertex>) {
    let (settled, image) = settle_all(g, store);
    let at: Vec<Vertex> = roots.iter().map(|&r| image[r as usize]).collect();
    let (h, index) = settled.graph.restrict_many(&at);
    (h, at.iter().map(|&r| index[r as usize]).collect())
}

/// [`simplest_by_components`] and the number of pairs whose comparisons were kept.
#[cfg(test)]
pub(crate) fn simplest_counting_pairs(
    g: &Graph,
    roots: &[Vertex],
    store: &GameStore,
) -> (Graph, Vec<Vertex>, usize) {
    let (settled, image) = settle_all(g, store);
    let at: Vec<Vertex> = roots.iter().map(|&r| image[r as usize]).collect();
    let (h, index) = settled.graph.restrict_many(&at);
    let pairs = settled.solver.pairs();
    (h, at.iter().map(|&r| index[r as usize]).collect(), pairs)
}

/// The settled vertex of every vertex of the stopper `g`: two vertices with the same image
/// are equal (the converse holds unless a fusion was missed, see the module documentation).
pub(crate) fn images(g: &Graph, store: &GameStore) -> Vec<Vertex> {
    settle_all(g, store).1
}

/// The working graph: settled vertices, the component being simplified, and the vertices
/// fused away (each pointing to the vertex it became).
struct Settled {
    graph: Graph,
    /// `into[v] == v` for a live vertex; else the vertex `v` was fused into.
    into: Vec<Vertex>,
    /// Live settled vertices by their numbers of Left and Right options.
    by_shape: FxHashMap<(usize, usize), Vec<Vertex>>,
    /// Live settled vertices having a given vertex as a Left (Right) option.
    left_of: Vec<Vec<Vertex>>,
    right_of: Vec<Vec<Vertex>>,
    /// Live settled vertices by their lists of Left and Right options (sorted).
    by_options: FxHashMap<(Vec<Vertex>, Vec<Vertex>), Vertex>,
    solver: PairSolver,
    /// The solver's memo is rid of pairs with a fused-away vertex once it holds this many.
    purge_at: usize,
}

impl Settled {
    fn find(&self, mut v: Vertex) -> Vertex {
        while self.into[v as usize] != v {
            v = self.into[v as usize];
        }
        v
    }

    fn geq(&mut self, a: Vertex, b: Vertex, store: &GameStore) -> bool {
        self.solver.geq(&self.graph, a, b, store)
    }

    fn equal(&mut self, a: Vertex, b: Vertex, store: &GameStore) -> bool {
        self.geq(a, b, store) && self.geq(b, a, store)
    }
}

fn settle_all(g: &Graph, store: &GameStore) -> (Settled, Vec<Vertex>) {
    let mut s = Settled {
        graph: Graph::default(),
        into: Vec::new(),
        by_shape: FxHashMap::default(),
        left_of: Vec::new(),
        right_of: Vec::new(),
        by_options: FxHashMap::default(),
        solver: PairSolver::default(),
        purge_at: MIN_PURGE,
    };
    let mut image = vec![Vertex::MAX; g.len()];
    for comp in components(g) {
        store.check_interrupt();
        let first = s.graph.len() as Vertex;
        for (i, &v) in comp.iter().enumerate() {
            image[v as usize] = first + i as Vertex;
            s.into.push(first + i as Vertex);
        }
        for &v in &comp {
            let map = |list: &[Vertex], s: &Settled| -> Vec<Vertex> {
                list.iter().map(|&w| s.find(image[w as usize])).collect()
            };
            let (l, r) = (map(&g.left[v as usize], &s), map(&g.right[v as usize], &s));
            s.graph.left.push(l);
            s.graph.right.push(r);
        }
        settle_component(&mut s, first, store);
        let end = s.graph.len();
        s.left_of.resize(end, Vec::new());
        s.right_of.resize(end, Vec::new());
        for x in first..end as Vertex {
            if s.into[x as usize] != x {
                continue;
            }
            let (l, r) = (&s.graph.left[x as usize], &s.graph.right[x as usize]);
            s.by_shape.entry((l.len(), r.len())).or_default().push(x);
            for &o in l {
                s.left_of[o as usize].push(x);
            }
            for &o in r {
                s.right_of[o as usize].push(x);
            }
            let key = options_key(&s.graph, x);
            s.by_options.entry(key).or_insert(x);
        }
        purge_memo(&mut s);
    }
    let image = image.iter().map(|&v| s.find(v)).collect();
    (s, image)
}

/// The memo holds at least this many pairs before it is first purged (in tests, every
/// component purges it, so that the property tests check the purge too).
const MIN_PURGE: usize = if cfg!(test) { 1 } else { 1 << 20 };

/// Forgets the comparisons kept for vertices fused away (no question names them again: the
/// graph only points to live vertices), once the memo has doubled since the last time, so
/// that its memory follows the live vertices, not every vertex of the input.
fn purge_memo(s: &mut Settled) {
    if s.solver.memo.len() <= s.purge_at {
        return;
    }
    let into = &s.into;
    let live = |v: u64| into[v as usize] == v as Vertex;
    s.solver
        .memo
        .retain(|&k, _| live(k >> 32) && live(k & u64::from(u32::MAX)));
    s.purge_at = (2 * s.solver.memo.len()).max(MIN_PURGE);
}

/// The sorted lists of Left and Right options of `x`.
fn options_key(g: &Graph, x: Vertex) -> (Vec<Vertex>, Vec<Vertex>) {
    let sorted = |list: &[Vertex]| {
        let mut list = list.to_vec();
        list.sort_unstable();
        list.dedup();
        list
    };
    (sorted(&g.left[x as usize]), sorted(&g.right[x as usize]))
}

/// Whether every option of `x` is a settled vertex (below `first`).
fn options_settled(g: &Graph, x: Vertex, first: Vertex) -> bool {
    let (l, r) = (&g.left[x as usize], &g.right[x as usize]);
    l.iter().chain(r).all(|&o| o < first)
}

/// Simplifies the vertices from `first` on (one component on top of the settled graph).
fn settle_component(s: &mut Settled, first: Vertex, store: &GameStore) {
    let end = s.graph.len() as Vertex;
    let fresh = |s: &Settled| -> Vec<Vertex> {
        (first..end).filter(|&x| s.into[x as usize] == x).collect()
    };
    // Bypassing moves an edge further along an alternating run, and runs are finite in a
    // stopper; fusion happens at most once a vertex. The cap only guards against a bug.
    let k = (end - first) as usize;
    let mut budget = 64 + 64 * k * (end as usize).max(1);
    let mut spend = |store: &GameStore| super::simplify::spend_step(&mut budget, store);
    loop {
        let mut changed = false;
        for v in fresh(s) {
            let (vu, vv) = (v as usize, v);
            loop {
                spend(store);
                for list in [&mut s.graph.left[vu], &mut s.graph.right[vu]] {
                    list.sort_unstable();
                    list.dedup();
                }
                // Domination: of two equal options the one with the smaller number stays.
                let beaten = |a: Vertex, b: Vertex, s: &mut Settled| {
                    s.geq(b, a, store) && (b < a || !s.geq(a, b, store))
                };
                let left = s.graph.left[vu].clone();
                let keep: Vec<Vertex> = left
                    .iter()
                    .copied()
                    .filter(|&a| !left.iter().any(|&b| b != a && beaten(a, b, s)))
                    .collect();
                let right = s.graph.right[vu].clone();
                let keep_right: Vec<Vertex> = right
                    .iter()
                    .copied()
                    .filter(|&a| !right.iter().any(|&b| b != a && beaten(b, a, s)))
                    .collect();
                changed |= keep.len() != left.len() || keep_right.len() != right.len();
                s.graph.left[vu] = keep;
                s.graph.right[vu] = keep_right;
                // Reversibility, one bypass at a time.
                let mut reversible = None;
                'left: for &a in &s.graph.left[vu].clone() {
                    for &ar in &s.graph.right[a as usize].clone() {
                        if s.geq(vv, ar, store) {
                            reversible = Some((true, a, ar));
                            break 'left;
                        }
                    }
                }
                if reversible.is_none() {
                    'right: for &b in &s.graph.right[vu].clone() {
                        for &bl in &s.graph.left[b as usize].clone() {
                            if s.geq(bl, vv, store) {
                                reversible = Some((false, b, bl));
                                break 'right;
                            }
                        }
                    }
                }
                match reversible {
                    Some((true, a, ar)) => {
                        let replacement = s.graph.left[ar as usize].clone();
                        s.graph.left[vu].retain(|&x| x != a);
                        s.graph.left[vu].extend(replacement);
                    }
                    Some((false, b, bl)) => {
                        let replacement = s.graph.right[bl as usize].clone();
                        s.graph.right[vu].retain(|&x| x != b);
                        s.graph.right[vu].extend(replacement);
                    }
                    None => break,
                }
                changed = true;
            }
        }
        if changed {
            continue;
        }
        // Fusion among the new vertices first, then with the settled ones.
        let live = fresh(s);
        let mut fused: Vec<(Vertex, Vertex)> = Vec::new();
        let mut gone = vec![false; k];
        for (i, &x) in live.iter().enumerate() {
            if gone[(x - first) as usize] {
                continue;
            }
            // Two vertices whose options are all settled are equal exactly when their
            // lists of options are (equal simplest forms are isomorphic and the settled
            // values are distinct); no comparison is needed.
            let x_settled = options_settled(&s.graph, x, first);
            for &y in &live[i + 1..] {
                if gone[(y - first) as usize] {
                    continue;
                }
                let equal = if x_settled && options_settled(&s.graph, y, first) {
                    options_key(&s.graph, x) == options_key(&s.graph, y)
                } else {
                    s.equal(x, y, store)
                };
                if equal {
                    gone[(y - first) as usize] = true;
                    fused.push((y, x));
                }
            }
        }
        if fused.is_empty() {
            for &x in &live {
                if let Some(c) = settled_equal(s, x, first, store) {
                    fused.push((x, c));
                }
            }
        }
        if fused.is_empty() {
            return;
        }
        spend(store);
        for &(y, x) in &fused {
            let (l, r) = (
                std::mem::take(&mut s.graph.left[y as usize]),
                std::mem::take(&mut s.graph.right[y as usize]),
            );
            if x >= first {
                s.graph.left[x as usize].extend(l);
                s.graph.right[x as usize].extend(r);
            }
            s.into[y as usize] = x;
        }
        for v in fresh(s) {
            let vu = v as usize;
            for i in 0..s.graph.left[vu].len() {
                s.graph.left[vu][i] = s.find(s.graph.left[vu][i]);
            }
            for i in 0..s.graph.right[vu].len() {
                s.graph.right[vu][i] = s.find(s.graph.right[vu][i]);
            }
        }
    }
}

/// A settled vertex equal to the new vertex `x` (in simplest form), if one is found.
fn settled_equal(s: &mut Settled, x: Vertex, first: Vertex, store: &GameStore) -> Option<Vertex> {
    if options_settled(&s.graph, x, first) {
        // Equal simplest forms are isomorphic and the settled vertices have distinct
        // values: only a settled vertex with the very same options can equal `x`.
        return s.by_options.get(&options_key(&s.graph, x)).copied();
    }
    let (l, r) = (&s.graph.left[x as usize], &s.graph.right[x as usize]);
    let shape = (l.len(), r.len());
    let candidates: Vec<Vertex> = if let Some(&o) = l.iter().find(|&&o| o < first) {
        s.left_of[o as usize].clone()
    } else if let Some(&o) = r.iter().find(|&&o| o < first) {
        s.right_of[o as usize].clone()
    } else {
        s.by_shape.get(&shape).cloned().unwrap_or_default()
    };
    candidates.into_iter().find(|&c| {
        let (cl, cr) = (&s.graph.left[c as usize], &s.graph.right[c as usize]);
        (cl.len(), cr.len()) == shape && s.equal(x, c, store)
    })
}

/// The strongly connected components of `g` (Left and Right edges alike), each after every
/// component its vertices reach (Tarjan's order), computed iteratively.
pub(crate) fn components(g: &Graph) -> Vec<Vec<Vertex>> {
    let n = g.len();
    let succ = |v: usize, i: usize| -> Option<Vertex> {
        let l = &g.left[v];
        if i < l.len() {
            Some(l[i])
        } else {
            g.right[v].get(i - l.len()).copied()
        }
    };
    let mut number = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<Vertex> = Vec::new();
    let mut out = Vec::new();
    let mut counter = 0u32;
    for root in 0..n {
        if number[root] != u32::MAX {
            continue;
        }
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        number[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as Vertex);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = calls.last_mut() {
            if let Some(w) = succ(v, *i) {
                *i += 1;
                let w = w as usize;
                if number[w] == u32::MAX {
                    number[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as Vertex);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(number[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == number[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    comp.push(w);
                    if w as usize == v {
                        break;
                    }
                }
                comp.reverse();
                out.push(comp);
            }
        }
    }
    out
}
