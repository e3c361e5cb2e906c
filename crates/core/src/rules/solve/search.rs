//! The search itself: whether the player to move wins a node, by a depth-first AND/OR
//! search (α-β with the window of a two-valued game: a node is won as soon as one child is
//! lost for the opponent), on an explicit stack so that a long game needs no deep
//! recursion. Every node solved goes into the transposition table with its result for
//! the player who moved first in it.

use super::super::{EngineError, ErrorOf, Rules};
use super::Searcher;
use super::node::Node;
use super::order::Seen;
use rustc_hash::FxHashSet;

/// A node being searched: its children in order, the next one to open.
struct Frame<P> {
    key: u128,
    left: bool,
    children: Vec<Option<Node<P>>>,
    next: usize,
}

/// A node opened: decided by its children at once, or to be searched.
enum Opened<P> {
    Decided(bool),
    Searched(Frame<P>),
}

impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> Searcher<P> {
    /// Whether Left (`left`) or Right, moving first in `root`, wins.
    pub(crate) fn wins_node<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        root: Node<P>,
        left: bool,
    ) -> Result<bool, ErrorOf<R>> {
        if let Seen::Decided(w) = self.seen(rules, &root, left) {
            return Ok(w);
        }
        let mut path = FxHashSet::default();
        let mut stack: Vec<Frame<P>> = Vec::new();
        let mut answer = match self.open(rules, root, left, &mut path, 0)? {
            Opened::Decided(w) => return Ok(w),
            Opened::Searched(f) => {
                stack.push(f);
                None
            }
        };
        while let Some(top) = stack.last_mut() {
            let won = match answer.take() {
                // The child's mover lost: this node is won.
                Some(false) => Some(true),
                _ if top.next == top.children.len() => Some(false),
                _ => None,
            };
            if let Some(w) = won {
                path.remove(&(top.key, top.left));
                self.outcomes.insert(top.key, top.left, w);
                crate::progress::position_solved();
                stack.pop();
                answer = Some(w);
                continue;
            }
            let child = top.children[top.next].take();
            top.next += 1;
            let child_left = !top.left;
            let depth = stack.len();
            let Some(child) = child else {
                continue;
            };
            match self.open(rules, child, child_left, &mut path, depth)? {
                Opened::Decided(w) => answer = Some(w),
                Opened::Searched(f) => stack.push(f),
            }
        }
        // The root's frame was the last popped.
        Ok(answer.unwrap_or(false))
    }

    /// Opens `n` with `left` to move, `depth` nodes below the root: its children decided
    /// at once where they can be, the others pruned and ordered.
    fn open<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        n: Node<P>,
        left: bool,
        path: &mut FxHashSet<(u128, bool)>,
        depth: usize,
    ) -> Result<Opened<P>, ErrorOf<R>> {
        let key = n.key();
        if path.contains(&(key, left)) {
            let p = n.parts.first().map(|p| p.position.clone());
            return Err(match p {
                Some(p) => EngineError::Loop(p),
                None => EngineError::Interrupted,
            });
        }
        rules.check(depth).map_err(EngineError::Rules)?;
        if rules.interrupted() {
            return Err(EngineError::Interrupted);
        }
        self.stats.positions += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        if let Some(limit) = self.options.max_positions
            && self.stats.positions > limit
        {
            return Err(EngineError::TooLarge {
                limit: limit as usize,
            });
        }
        let mut children = Vec::new();
        self.children(rules, &n, left, &mut children)?;
        let mut open = Vec::with_capacity(children.len());
        for c in children {
            match self.seen(rules, &c, !left) {
                Seen::Decided(false) => {
                    self.outcomes.insert(key, left, true);
                    return Ok(Opened::Decided(true));
                }
                Seen::Decided(true) => {}
                Seen::Open => open.push(c),
            }
        }
        if open.is_empty() {
            self.outcomes.insert(key, left, false);
            return Ok(Opened::Decided(false));
        }
        self.prune_and_order(rules, &n, &mut open, left)?;
        path.insert((key, left));
        Ok(Opened::Searched(Frame {
            key,
            left,
            children: open.into_iter().map(Some).collect(),
            next: 0,
        }))
    }
}
