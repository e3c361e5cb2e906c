//! Green Hackenbush (Ferguson §5; Winning Ways ch. 7): a graph drawn on the ground; a move
//! erases an edge, and whatever is no longer connected to the ground falls away.
//!
//! - A bamboo stalk of `n` edges is `*n`, so stalks are Nim heaps (§5.1).
//! - Colon principle (§5.2): branches meeting at a vertex may be replaced by one stalk of
//!   their nim-sum, so a rooted tree's value is computed from the top: a vertex is worth the
//!   nim-sum over its children `c` of `1 + value(c)`.
//! - Fusion principle (§5.3): the vertices of a cycle may be fused into one without
//!   changing the value; the cycle's edges become loops, and a loop is worth a stalk of one
//!   edge. Fusing every 2-edge-connected piece (the ground counts as one vertex) leaves a
//!   tree of bridges carrying loops, valued by the colon principle.

use super::error::ImpartialError;
use crate::game::Outcome;
use std::collections::VecDeque;

/// Winning moves are computed on graphs of at most this many edges (each candidate cut is
/// a fresh evaluation).
pub const MAX_MOVE_EDGES: usize = 20_000;

/// A Green Hackenbush position: vertices `0..vertices`, edges as vertex pairs (loops and
/// parallel edges allowed), and the vertices lying on the ground. Edges not connected to the
/// ground are not in play.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GreenHackenbush {
    vertices: usize,
    edges: Vec<(usize, usize)>,
    ground: Vec<bool>,
}

impl GreenHackenbush {
    /// Errors when an edge names a vertex outside `0..vertices`.
    pub fn new(
        vertices: usize,
        edges: Vec<(usize, usize)>,
        ground: &[usize],
    ) -> Result<GreenHackenbush, ImpartialError> {
        let bad = |v: usize| {
            ImpartialError::InvalidPosition(format!(
                "vertex {v} is not one of the {vertices} vertices"
            ))
        };
        if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| a >= vertices || b >= vertices) {
            return Err(bad(a.max(b)));
        }
        let mut on_ground = vec![false; vertices];
        for &g in ground {
            *on_ground.get_mut(g).ok_or_else(|| bad(g))? = true;
        }
        Ok(GreenHackenbush {
            vertices,
            edges,
            ground: on_ground,
        })
    }

    /// Bamboo stalks of the given lengths, side by side on the ground (edge `i` of a stalk
    /// is its `i`-th from the ground). At most 10^6 edges in all.
    pub fn bamboo(lengths: &[u64]) -> Result<GreenHackenbush, ImpartialError> {
        const LIMIT: u64 = 1_000_000;
        let total = lengths
            .iter()
            .try_fold(0u64, |a, &l| a.checked_add(l))
            .unwrap_or(u64::MAX);
        if total > LIMIT {
            return Err(ImpartialError::HeapTooLarge {
                heap: total,
                limit: LIMIT,
                what: "a Hackenbush drawing",
            });
        }
        let mut edges = Vec::new();
        let mut next = 1; // vertex 0 is the ground
        for &len in lengths {
            let mut below = 0;
            for _ in 0..len {
                edges.push((below, next));
                below = next;
                next += 1;
            }
        }
        GreenHackenbush::new(next, edges, &[0])
    }

    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// Whether vertex `v` lies on the ground.
    pub fn on_ground(&self, v: usize) -> bool {
        self.ground.get(v).copied().unwrap_or(false)
    }

    /// The vertex of the fused graph: the ground is 0, vertex `v` is `v + 1`.
    fn node(&self, v: usize) -> usize {
        if self.ground[v] { 0 } else { v + 1 }
    }

    /// Which edges are connected to the ground (the others have fallen: they are not in
    /// play).
    pub fn grounded(&self) -> Vec<bool> {
        let n = self.vertices + 1;
        let mut adj = vec![Vec::new(); n];
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            let (a, b) = (self.node(a), self.node(b));
            adj[a].push((b, e));
            adj[b].push((a, e));
        }
        let mut reached = vec![false; n];
        let mut in_play = vec![false; self.edges.len()];
        let mut queue = VecDeque::from([0]);
        reached[0] = true;
        while let Some(v) = queue.pop_front() {
            for &(w, e) in &adj[v] {
                in_play[e] = true;
                if !reached[w] {
                    reached[w] = true;
                    queue.push_back(w);
                }
            }
        }
        in_play
    }

    /// The Grundy value, by the fusion and colon principles in `O(vertices + edges)`.
    ///
    /// ```
    /// use cgt_core::impartial::GreenHackenbush;
    /// // A triangle standing on the ground: fused, it is three loops, *1 ⊕ *1 ⊕ *1 = *1.
    /// let triangle = GreenHackenbush::new(3, vec![(0, 1), (1, 2), (2, 0)], &[0]).unwrap();
    /// assert_eq!(triangle.grundy(), 1);
    /// ```
    pub fn grundy(&self) -> u64 {
        let n = self.vertices + 1;
        let in_play = self.grounded();
        let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            if in_play[e] {
                let (a, b) = (self.node(a), self.node(b));
                adj[a].push((b, e));
                if a != b {
                    adj[b].push((a, e));
                }
            }
        }
        let bridge = bridges(&adj, self.edges.len());
        // Fuse the 2-edge-connected pieces: their vertices, and the edges inside each.
        let mut piece = vec![usize::MAX; n];
        let mut inside: Vec<u64> = Vec::new();
        for start in 0..n {
            if piece[start] != usize::MAX || (start != 0 && adj[start].is_empty()) {
                continue;
            }
            let id = inside.len();
            inside.push(0);
            piece[start] = id;
            let mut queue = VecDeque::from([start]);
            while let Some(v) = queue.pop_front() {
                for &(w, e) in &adj[v] {
                    if bridge[e] {
                        continue;
                    }
                    if piece[w] == usize::MAX {
                        piece[w] = id;
                        queue.push_back(w);
                    }
                }
            }
        }
        for (e, &(a, _)) in self.edges.iter().enumerate() {
            if in_play[e] && !bridge[e] {
                inside[piece[self.node(a)]] += 1;
            }
        }
        // The tree of pieces joined by bridges, valued from the leaves (colon principle).
        let mut tree: Vec<Vec<usize>> = vec![Vec::new(); inside.len()];
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            if in_play[e] && bridge[e] {
                let (p, q) = (piece[self.node(a)], piece[self.node(b)]);
                tree[p].push(q);
                tree[q].push(p);
            }
        }
        let root = piece[0];
        let mut order = vec![root];
        let mut parent = vec![usize::MAX; inside.len()];
        parent[root] = root;
        let mut i = 0;
        while i < order.len() {
            let p = order[i];
            for &q in &tree[p] {
                if parent[q] == usize::MAX {
                    parent[q] = p;
                    order.push(q);
                }
            }
            i += 1;
        }
        let mut value: Vec<u64> = inside.iter().map(|&loops| loops & 1).collect();
        for &p in order.iter().rev() {
            if p != root {
                value[parent[p]] ^= value[p] + 1;
            }
        }
        value[root]
    }

    pub fn outcome(&self) -> Outcome {
        if self.grundy() == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The position after erasing edge `edge` (an index into [`GreenHackenbush::edges`]):
    /// the edges still connected to the ground, in their order.
    pub fn cut(&self, edge: usize) -> Result<GreenHackenbush, ImpartialError> {
        if edge >= self.edges.len() || !self.grounded()[edge] {
            return Err(ImpartialError::InvalidPosition(format!(
                "edge {edge} is not in play"
            )));
        }
        let mut next = self.clone();
        next.edges.remove(edge);
        let in_play = next.grounded();
        next.edges = next
            .edges
            .iter()
            .zip(in_play)
            .filter(|(_, p)| *p)
            .map(|(&e, _)| e)
            .collect();
        Ok(next)
    }

    /// The edges (indices) whose cutting leaves Grundy value `target`.
    pub fn moves_to_value(&self, target: u64) -> Result<Vec<usize>, ImpartialError> {
        if self.edges.len() > MAX_MOVE_EDGES {
            return Err(ImpartialError::HeapTooLarge {
                heap: self.edges.len() as u64,
                limit: MAX_MOVE_EDGES as u64,
                what: "finding Hackenbush moves (edges)",
            });
        }
        let in_play = self.grounded();
        let mut out = Vec::new();
        for e in (0..self.edges.len()).filter(|&e| in_play[e]) {
            if self.cut(e)?.grundy() == target {
                out.push(e);
            }
        }
        Ok(out)
    }

    /// The edges whose cutting wins (leaves value 0).
    pub fn winning_moves(&self) -> Result<Vec<usize>, ImpartialError> {
        self.moves_to_value(0)
    }
}

/// Which edges are bridges (Tarjan's low-link, iterative; parallel edges and loops are
/// never bridges).
fn bridges(adj: &[Vec<(usize, usize)>], edges: usize) -> Vec<bool> {
    let n = adj.len();
    let mut bridge = vec![false; edges];
    let mut disc = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut time = 0;
    for start in 0..n {
        if disc[start] != usize::MAX {
            continue;
        }
        disc[start] = time;
        low[start] = time;
        time += 1;
        // (vertex, the edge it was reached by, next neighbour to look at)
        let mut stack = vec![(start, usize::MAX, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (v, via, next) = *top;
            if next < adj[v].len() {
                top.2 += 1;
                let (w, e) = adj[v][next];
                if e == via {
                    continue;
                }
                if disc[w] == usize::MAX {
                    disc[w] = time;
                    low[w] = time;
                    time += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                stack.pop();
                if let Some(&(u, _, _)) = stack.last() {
                    low[u] = low[u].min(low[v]);
                    if low[v] > disc[u] {
                        bridge[via] = true;
                    }
                }
            }
        }
    }
    bridge
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testutil::{Rng, grundy_by_search};
    use std::collections::HashMap;

    /// The literal game: a position is the set of edges still standing (a bit mask).
    fn standing(p: &GreenHackenbush, mask: u32) -> GreenHackenbush {
        GreenHackenbush {
            vertices: p.vertices,
            edges: (0..p.edges.len())
                .filter(|e| mask >> e & 1 == 1)
                .map(|e| p.edges[e])
                .collect(),
            ground: p.ground.clone(),
        }
    }

    /// Erase edge `e` from `mask`, then every edge no longer connected to the ground.
    fn literal_cut(p: &GreenHackenbush, mask: u32, e: usize) -> u32 {
        let rest = mask & !(1 << e);
        let kept: Vec<usize> = (0..p.edges.len()).filter(|x| rest >> x & 1 == 1).collect();
        let grounded = standing(p, rest).grounded();
        kept.iter()
            .zip(grounded)
            .filter(|(_, g)| *g)
            .fold(0, |m, (&x, _)| m | 1 << x)
    }

    fn literal_moves(p: &GreenHackenbush, mask: u32) -> Vec<u32> {
        let ids: Vec<usize> = (0..p.edges.len()).filter(|e| mask >> e & 1 == 1).collect();
        let in_play = standing(p, mask).grounded();
        ids.iter()
            .zip(in_play)
            .filter(|(_, g)| *g)
            .map(|(&e, _)| literal_cut(p, mask, e))
            .collect()
    }

    fn random_graph(rng: &mut Rng) -> GreenHackenbush {
        let vertices = 2 + rng.below(5) as usize;
        let edges = (0..1 + rng.below(10))
            .map(|_| {
                (
                    rng.below(vertices as u64) as usize,
                    rng.below(vertices as u64) as usize,
                )
            })
            .collect();
        let ground: Vec<usize> = (0..vertices)
            .filter(|&v| v == 0 || rng.below(5) == 0)
            .collect();
        GreenHackenbush::new(vertices, edges, &ground).unwrap()
    }

    #[test]
    fn agrees_with_search_on_random_graphs() {
        let mut rng = Rng::new(77);
        for _ in 0..400 {
            let p = random_graph(&mut rng);
            let full = (1u32 << p.edges.len()) - 1;
            let mut memo = HashMap::new();
            let by_search = grundy_by_search(&full, &|&m| literal_moves(&p, m), &mut memo);
            assert_eq!(p.grundy(), by_search, "{p:?}");
            // Winning moves: the cuts the search finds lead to value 0.
            let in_play = p.grounded();
            let expected: Vec<usize> = (0..p.edges.len())
                .filter(|&e| in_play[e])
                .filter(|&e| {
                    let after = literal_cut(&p, full, e);
                    grundy_by_search(&after, &|&m| literal_moves(&p, m), &mut memo) == 0
                })
                .collect();
            assert_eq!(p.winning_moves().unwrap(), expected, "{p:?}");
        }
    }

    #[test]
    fn stalks_trees_and_cycles_by_hand() {
        // Bamboo stalks are Nim heaps: 3 ⊕ 5 = 6.
        let b = GreenHackenbush::bamboo(&[3, 5]).unwrap();
        assert_eq!(b.grundy(), 6);
        // Cut edge 1 of the 5-stalk (its 2nd edge from the ground): it becomes 1, and 3 ⊕ 1
        // is not 0; the winning cut leaves 3, edge 3 of that stalk (index 3 + 3 = 6).
        assert_eq!(b.winning_moves().unwrap(), vec![6]);
        // A tree: one edge carrying stalks of 1 and 2: colon principle 1 + (1 ⊕ 2) = 4.
        let t = GreenHackenbush::new(5, vec![(0, 1), (1, 2), (1, 3), (3, 4)], &[0]).unwrap();
        assert_eq!(t.grundy(), 4);
        // A square on the ground (even cycle) is 0; a loop is *1; two parallel edges, 0.
        let square = GreenHackenbush::new(4, vec![(0, 1), (1, 2), (2, 3), (3, 0)], &[0]).unwrap();
        assert_eq!(square.grundy(), 0);
        assert_eq!(
            GreenHackenbush::new(2, vec![(1, 1), (0, 1)], &[0])
                .unwrap()
                .grundy(),
            2
        );
        assert_eq!(
            GreenHackenbush::new(2, vec![(0, 1), (0, 1)], &[0])
                .unwrap()
                .grundy(),
            0
        );
        // An edge between two ground vertices is a single edge.
        assert_eq!(
            GreenHackenbush::new(2, vec![(0, 1)], &[0, 1])
                .unwrap()
                .grundy(),
            1
        );
        // Floating edges are not in play.
        let f = GreenHackenbush::new(3, vec![(1, 2)], &[0]).unwrap();
        assert_eq!(f.grundy(), 0);
        assert!(f.cut(0).is_err());
        assert!(GreenHackenbush::new(2, vec![(0, 2)], &[0]).is_err());
    }
}
