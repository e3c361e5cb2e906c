//! What the search does with a node's children before it opens any: a child decided at
//! once (its value exact, or its outcome in the table) is answered without a search, a
//! child equal to one before it (the same key: a symmetric move) or dominated by another
//! is dropped, and the rest are ordered so that the likely winning moves come first.
//!
//! **Dominated children.** Two children with the same big components differ only in their
//! exact parts `a` and `b`; if `b ≥ a`, Left never needs the child with `a` (whatever
//! Right answers there, the same answer in the other child leaves Left at least as well
//! off), and Right never needs the one with `b`.
//!
//! **Ordering.** By mobility, a heuristic from the search of Domineering (Breuker,
//! Uiterwijk and van den Herik, "Solving 8×8 Domineering", 2000): the mover's moves minus
//! the opponent's in the child's big components, plus twice the mean of the exact part's
//! stops (in the mover's favour); moves in the exact part come last.

use super::super::{ErrorOf, Rules};
use super::Searcher;
use super::node::{Node, Part};
use crate::game::{GameId, GameStore, Outcome};
use num_traits::ToPrimitive;
use rustc_hash::FxHashSet;

/// What is known of a child at once, for the player moving in it.
pub(crate) enum Seen {
    /// The child's mover wins (`true`) or loses.
    Decided(bool),
    Open,
}

/// Whether the mover (`left`) wins the exact value `g` moving first.
pub(crate) fn exact_wins(store: &mut GameStore, g: GameId, left: bool) -> bool {
    match store.outcome(g) {
        Outcome::N => true,
        Outcome::P => false,
        Outcome::L => left,
        Outcome::R => !left,
    }
}

/// The mean of `g`'s stops, from Left's side.
fn mean(store: &mut GameStore, g: GameId) -> f64 {
    let f = |d: crate::game::Dyadic| {
        d.numer().to_f64().unwrap_or(0.0) / f64::powi(2.0, d.exponent().min(1000) as i32)
    };
    let (l, r) = (store.left_stop(g), store.right_stop(g));
    (f(l) + f(r)) / 2.0
}

impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> Searcher<P> {
    /// What is known at once of `child` with `left` to move.
    pub(crate) fn seen<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        child: &Node<P>,
        left: bool,
    ) -> Seen {
        if child.parts.is_empty() {
            self.stats.exact += 1;
            return Seen::Decided(exact_wins(rules.store(), child.exact, left));
        }
        match self.outcomes.get(child.key(), left) {
            Some(w) => {
                self.stats.table_hits += 1;
                Seen::Decided(w)
            }
            None => Seen::Open,
        }
    }

    /// Drops the children equal to an earlier one or dominated (for the mover `left`), and
    /// sorts the others, the most promising first.
    pub(crate) fn prune_and_order<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        parent: &Node<P>,
        children: &mut Vec<Node<P>>,
        left: bool,
    ) -> Result<(), ErrorOf<R>> {
        let before = children.len();
        let mut keys = FxHashSet::default();
        children.retain(|c| keys.insert(c.key()));
        let store = rules.store();
        let mut dominated = vec![false; children.len()];
        for i in 0..children.len() {
            for j in 0..children.len() {
                if i == j || dominated[j] || children[i].parts_key() != children[j].parts_key() {
                    continue;
                }
                // Is child i dominated by child j?
                let (a, b) = (children[i].exact, children[j].exact);
                let worse = if left {
                    store.leq(a, b)
                } else {
                    store.geq(a, b)
                };
                if worse {
                    dominated[i] = true;
                    break;
                }
            }
        }
        let mut k = 0;
        children.retain(|_| {
            k += 1;
            !dominated[k - 1]
        });
        self.stats.pruned += (before - children.len()) as u64;
        let mut scored = Vec::with_capacity(children.len());
        for c in children.drain(..) {
            let mut s = self.score(rules, &c, left)?;
            if c.parts_key() == parent.parts_key() {
                s -= 1e9;
            }
            scored.push((s, c));
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        children.extend(scored.into_iter().map(|(_, c)| c));
        Ok(())
    }

    /// The heuristic worth of `child` for the mover `left` who moved to it.
    fn score<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        child: &Node<P>,
        left: bool,
    ) -> Result<f64, ErrorOf<R>> {
        let mut mobility = 0i64;
        for p in &child.parts {
            let (l, r) = self.move_counts(rules, p)?;
            mobility += l as i64 - r as i64;
        }
        let m = mean(rules.store(), child.exact);
        let worth = mobility as f64 + 2.0 * m;
        Ok(if left { worth } else { -worth })
    }

    /// Left's and Right's numbers of moves in the big component `p` (kept by its normal
    /// form's fingerprint).
    pub(crate) fn move_counts<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        p: &Part<P>,
    ) -> Result<(u32, u32), ErrorOf<R>> {
        let swap = |(a, b): (u32, u32), s: bool| if s { (b, a) } else { (a, b) };
        if let Some(&c) = self.counts.get(&p.print) {
            return Ok(swap(c, p.negated));
        }
        let mut out = Vec::new();
        rules
            .moves(&p.position, true, &mut out)
            .map_err(super::super::EngineError::Rules)?;
        let l = out.len() as u32;
        let r = if rules.is_impartial() {
            l
        } else {
            out.clear();
            rules
                .moves(&p.position, false, &mut out)
                .map_err(super::super::EngineError::Rules)?;
            out.len() as u32
        };
        if self.counts.len() > self.small_entries() {
            self.counts.clear();
        }
        self.counts.insert(p.print, swap((l, r), p.negated));
        Ok((l, r))
    }
}
