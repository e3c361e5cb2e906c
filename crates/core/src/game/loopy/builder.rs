//! Building a game graph vertex by vertex, with short games and other loopy games hung
//! from its vertices.

use super::graph::Graph;
use super::{LoopyGame, Vertex};
use crate::game::{GameId, GameStore};
use std::collections::HashMap;

/// Builds one finite game graph. Every vertex exists twice, in the graph that decides the
/// onside and in the one that decides the offside (see [`LoopyGame`]); edges added by hand
/// go into both, and an embedded game brings its own graph into each.
///
/// ```
/// use cgt_core::game::GameStore;
/// use cgt_core::game::loopy::{GraphBuilder, LoopyGame};
/// let mut s = GameStore::new();
/// // over = a{0|a}: Left moves to 0, Right passes.
/// let mut b = GraphBuilder::new();
/// let a = b.vertex();
/// let zero = s.zero();
/// let z = b.short(&mut s, zero);
/// b.left(a, z);
/// b.right(a, a);
/// let over = b.finish(a);
/// assert!(over.equals(&LoopyGame::over(), &mut s).unwrap());
/// ```
#[derive(Debug, Default)]
pub struct GraphBuilder {
    on: Graph,
    off: Graph,
    shorts: HashMap<GameId, Vertex>,
}

impl GraphBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh vertex without options.
    pub fn vertex(&mut self) -> Vertex {
        let v = self.on.len() as Vertex;
        for g in [&mut self.on, &mut self.off] {
            g.left.push(Vec::new());
            g.right.push(Vec::new());
        }
        v
    }

    /// A Left option `from → to`; `to == from` is a `pass`.
    pub fn left(&mut self, from: Vertex, to: Vertex) {
        self.on.left[from as usize].push(to);
        self.off.left[from as usize].push(to);
    }

    /// A Right option `from → to`.
    pub fn right(&mut self, from: Vertex, to: Vertex) {
        self.on.right[from as usize].push(to);
        self.off.right[from as usize].push(to);
    }

    /// Embeds the short game `g`: one vertex per distinct canonical subposition.
    pub fn short(&mut self, store: &mut GameStore, g: GameId) -> Vertex {
        if let Some(&v) = self.shorts.get(&g) {
            return v;
        }
        // Depth-first without recursion: a vertex is created when first met, its edges
        // once all its options have vertices.
        let root = self.vertex();
        self.shorts.insert(g, root);
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            store.check_interrupt();
            let v = self.shorts[&h];
            let (l, r) = store.options(h);
            if expanded {
                for &x in l.iter() {
                    let w = self.shorts[&x];
                    self.left(v, w);
                }
                for &x in r.iter() {
                    let w = self.shorts[&x];
                    self.right(v, w);
                }
                continue;
            }
            stack.push((h, true));
            for &x in l.iter().chain(r.iter()) {
                if !self.shorts.contains_key(&x) {
                    let w = self.vertex();
                    self.shorts.insert(x, w);
                    stack.push((x, false));
                }
            }
        }
        root
    }

    /// Embeds a loopy game's graph and returns its start vertex.
    pub fn loopy(&mut self, g: &LoopyGame) -> Vertex {
        let n = g.on.len().max(g.off.len());
        let base = self.on.len() as Vertex;
        for _ in 0..n {
            self.vertex();
        }
        for (mine, theirs) in [(&mut self.on, &g.on), (&mut self.off, &g.off)] {
            for v in 0..theirs.len() {
                let at = base as usize + v;
                mine.left[at].extend(theirs.left[v].iter().map(|&w| w + base));
                mine.right[at].extend(theirs.right[v].iter().map(|&w| w + base));
            }
        }
        base
    }

    /// The game starting at `start`; vertices it cannot reach are dropped.
    pub fn finish(self, start: Vertex) -> LoopyGame {
        LoopyGame::from_graphs(self.on.restrict(start), self.off.restrict(start))
    }
}
