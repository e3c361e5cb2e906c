//! The game graph of a loopy game: vertices with Left and Right edges (a *bigraph*,
//! Siegel, *Combinatorial Game Theory*, VI.1), and the graph operations the theory needs:
//! reachability, negation, the sum as a product graph, cycle tests.

use super::Vertex;
use crate::game::GameStore;

/// Bytes counted per position of a sum table for the outcome solver that reads it (its
/// counters and labels), when checking the memory budget.
const PRODUCT_SOLVER_BYTES: u64 = 48;

/// A finite bigraph: `left[v]` and `right[v]` list the targets of `v`'s Left and Right
/// edges, sorted and without repeats. An edge from `v` to itself is a `pass`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Graph {
    pub left: Vec<Vec<Vertex>>,
    pub right: Vec<Vec<Vertex>>,
}

/// Which player is to move in a state `(vertex, mover)` of a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mover {
    Left,
    Right,
}

impl Mover {
    pub fn other(self) -> Mover {
        match self {
            Mover::Left => Mover::Right,
            Mover::Right => Mover::Left,
        }
    }
}

impl Graph {
    pub fn with_vertices(n: usize) -> Graph {
        Graph {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
        }
    }

    pub fn len(&self) -> usize {
        self.left.len()
    }

    pub fn options(&self, v: Vertex, mover: Mover) -> &[Vertex] {
        match mover {
            Mover::Left => &self.left[v as usize],
            Mover::Right => &self.right[v as usize],
        }
    }

    /// Sorts every edge list and removes repeated edges.
    pub fn normalise(&mut self) {
        for list in self.left.iter_mut().chain(self.right.iter_mut()) {
            list.sort_unstable();
            list.dedup();
        }
    }

    /// The vertices reachable from any of `roots`, in depth-first preorder from each root in
    /// turn.
    pub fn reachable_from(&self, roots: &[Vertex]) -> Vec<Vertex> {
        let mut seen = vec![false; self.len()];
        let mut order = Vec::new();
        for &root in roots {
            let mut stack = vec![root];
            while let Some(v) = stack.pop() {
                if std::mem::replace(&mut seen[v as usize], true) {
                    continue;
                }
                order.push(v);
                let (l, r) = (&self.left[v as usize], &self.right[v as usize]);
                stack.extend(r.iter().rev().chain(l.iter().rev()).copied());
            }
        }
        order
    }

    /// The subgraph reachable from `start`, renumbered so that `start` is vertex 0 (in the
    /// order of [`Graph::reachable_from`]), with normalised edge lists.
    pub fn restrict(&self, start: Vertex) -> Graph {
        self.restrict_many(&[start]).0
    }

    /// The subgraph reachable from `roots`, renumbered in the order of
    /// [`Graph::reachable_from`] (so the first root becomes 0), and the new number of every
    /// old vertex (`u32::MAX` for the dropped ones).
    pub fn restrict_many(&self, roots: &[Vertex]) -> (Graph, Vec<Vertex>) {
        let order = self.reachable_from(roots);
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as Vertex;
        }
        let map = |list: &Vec<Vertex>| list.iter().map(|&w| index[w as usize]).collect();
        let mut g = Graph {
            left: order.iter().map(|&v| map(&self.left[v as usize])).collect(),
            right: order
                .iter()
                .map(|&v| map(&self.right[v as usize]))
                .collect(),
        };
        g.normalise();
        (g, index)
    }

    /// The mirror image: every Left edge becomes a Right edge and vice versa.
    pub fn negate(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The sum as a product graph over all pairs: vertex `a * |h| + b` is `(a, b)`, whose
    /// options move in one component (Conway's disjunctive sum).
    pub fn product(&self, h: &Graph, store: &GameStore) -> Graph {
        let (n, m) = (self.len(), h.len());
        // Refuse a table the session cannot hold before allocating it: per position its
        // two option lists and the state of the solver that reads it, per edge a vertex.
        let positions = n.saturating_mul(m) as u64;
        let edges =
            |g: &Graph| -> u64 { g.left.iter().chain(&g.right).map(|o| o.len() as u64).sum() };
        let edge_count = (m as u64)
            .saturating_mul(edges(self))
            .saturating_add((n as u64).saturating_mul(edges(h)));
        let per_position = 2 * std::mem::size_of::<Vec<Vertex>>() as u64 + PRODUCT_SOLVER_BYTES;
        let bytes = positions
            .saturating_mul(per_position)
            .saturating_add(edge_count.saturating_mul(std::mem::size_of::<Vertex>() as u64));
        crate::game::budget::check("a loopy game's sum table", positions, "positions", bytes);
        let mut g = Graph::with_vertices(n * m);
        for a in 0..n {
            store.check_interrupt();
            for b in 0..m {
                let v = a * m + b;
                for (side, mine, theirs) in [
                    (&mut g.left[v], &self.left[a], &h.left[b]),
                    (&mut g.right[v], &self.right[a], &h.right[b]),
                ] {
                    side.extend(mine.iter().map(|&x| x * m as Vertex + b as Vertex));
                    side.extend(theirs.iter().map(|&y| (a * m) as Vertex + y));
                }
            }
        }
        g.normalise();
        g
    }

    /// The edges reversed: `pred(mover)[w]` lists the `v` with a `mover` edge `v → w`.
    pub fn predecessors(&self) -> (Vec<Vec<Vertex>>, Vec<Vec<Vertex>>) {
        let mut pl = vec![Vec::new(); self.len()];
        let mut pr = vec![Vec::new(); self.len()];
        for v in 0..self.len() {
            for &w in &self.left[v] {
                pl[w as usize].push(v as Vertex);
            }
            for &w in &self.right[v] {
                pr[w as usize].push(v as Vertex);
            }
        }
        (pl, pr)
    }

    /// Whether the graph (every vertex, not only those reachable from one start) has a
    /// directed cycle using edges of both players.
    pub fn has_cycle(&self) -> bool {
        let n = self.len();
        let succ = |v: usize| {
            self.left[v]
                .iter()
                .chain(&self.right[v])
                .map(|&w| w as usize)
        };
        let mut indegree = vec![0usize; n];
        for v in 0..n {
            for w in succ(v) {
                indegree[w] += 1;
            }
        }
        let mut queue: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
        let mut removed = 0;
        while let Some(v) = queue.pop() {
            removed += 1;
            for w in succ(v) {
                indegree[w] -= 1;
                if indegree[w] == 0 {
                    queue.push(w);
                }
            }
        }
        removed < n
    }

    /// Whether some play alternating Left, Right, Left, … (or Right, Left, …) can go on
    /// forever from some vertex: a cycle in the graph of states `(v, mover)` where the mover
    /// moves and the turn passes. A graph without one is a *stopper* (Siegel VI.1).
    pub fn has_alternating_cycle(&self) -> bool {
        let n = self.len();
        // State 2v: Left to move at v; 2v+1: Right to move at v.
        let succ = |s: usize| -> Vec<usize> {
            let v = s / 2;
            if s.is_multiple_of(2) {
                self.left[v].iter().map(|&w| 2 * w as usize + 1).collect()
            } else {
                self.right[v].iter().map(|&w| 2 * w as usize).collect()
            }
        };
        let mut indegree = vec![0usize; 2 * n];
        for s in 0..2 * n {
            for t in succ(s) {
                indegree[t] += 1;
            }
        }
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| indegree[s] == 0).collect();
        let mut removed = 0;
        while let Some(s) = queue.pop() {
            removed += 1;
            for t in succ(s) {
                indegree[t] -= 1;
                if indegree[t] == 0 {
                    queue.push(t);
                }
            }
        }
        removed < 2 * n
    }

    /// Whether the only cycles are passes (edges from a vertex to itself): the graph is a
    /// *plumtree* (Siegel VI.3; CGSuite's `isPlumtree`: "a tree decorated with occasional
    /// pass moves"; tree here means loop-free, shared subpositions allowed).
    pub fn only_passes_cycle(&self) -> bool {
        let mut g = self.clone();
        for v in 0..g.len() {
            g.left[v].retain(|&w| w as usize != v);
            g.right[v].retain(|&w| w as usize != v);
        }
        !g.has_cycle()
    }

    /// A topological order (every vertex after its options), or `None` if there is a cycle.
    pub fn options_first_order(&self) -> Option<Vec<Vertex>> {
        let n = self.len();
        let mut remaining: Vec<usize> = (0..n)
            .map(|v| self.left[v].len() + self.right[v].len())
            .collect();
        let (pl, pr) = self.predecessors();
        let mut queue: Vec<usize> = (0..n).filter(|&v| remaining[v] == 0).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(w) = queue.pop() {
            order.push(w as Vertex);
            for &v in pl[w].iter().chain(&pr[w]) {
                remaining[v as usize] -= 1;
                if remaining[v as usize] == 0 {
                    queue.push(v as usize);
                }
            }
        }
        (order.len() == n).then_some(order)
    }

    /// Merges vertices that cannot be told apart by their moves (the coarsest partition
    /// in which two vertices of a block have Left and Right edges into the same blocks):
    /// the unfolding of the game from every vertex is unchanged, so this is safe for any
    /// game, stopper or not. Returns the merged graph and the block of each old vertex.
    pub fn bisimulation_quotient(&self, store: &GameStore) -> (Graph, Vec<Vertex>) {
        let n = self.len();
        let mut block: Vec<Vertex> = vec![0; n];
        let mut count = 1usize;
        loop {
            store.check_interrupt();
            let mut signatures: std::collections::HashMap<
                (Vertex, Vec<Vertex>, Vec<Vertex>),
                Vertex,
            > = Default::default();
            let mut next = vec![0; n];
            for v in 0..n {
                let mut l: Vec<Vertex> = self.left[v].iter().map(|&w| block[w as usize]).collect();
                let mut r: Vec<Vertex> = self.right[v].iter().map(|&w| block[w as usize]).collect();
                l.sort_unstable();
                l.dedup();
                r.sort_unstable();
                r.dedup();
                let len = signatures.len() as Vertex;
                next[v] = *signatures.entry((block[v], l, r)).or_insert(len);
            }
            let new_count = signatures.len();
            block = next;
            if new_count == count {
                break;
            }
            count = new_count;
        }
        (self.quotient(&block, count), block)
    }

    /// The graph on the blocks: block `B` has an edge to block `C` if some vertex of `B`
    /// has one to some vertex of `C`.
    pub fn quotient(&self, block: &[Vertex], count: usize) -> Graph {
        let mut g = Graph::with_vertices(count);
        for v in 0..self.len() {
            let b = block[v] as usize;
            g.left[b].extend(self.left[v].iter().map(|&w| block[w as usize]));
            g.right[b].extend(self.right[v].iter().map(|&w| block[w as usize]));
        }
        g.normalise();
        g
    }
}
