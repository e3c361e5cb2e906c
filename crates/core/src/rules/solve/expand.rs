//! The children of a node: each move of the mover in one big component (its options split
//! into components, the small ones replaced by their values and added to the exact part),
//! then each move in the exact part (an option of its canonical form).
//!
//! A big component equal to one before it in the node (the same normal form and sign) has
//! the same moves up to symmetry: its moves are not listed again.

use super::super::{EngineError, ErrorOf, Rules};
use super::Searcher;
use super::node::{Node, Part, exact_print, node, part};
use crate::game::GameId;

impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> Searcher<P> {
    /// Splits the position `q` into its components, added to `parts` (the big ones) or to
    /// `exact` (dead ones, known values and small ones).
    pub(crate) fn split<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        q: &P,
        parts: &mut Vec<Part<P>>,
        exact: &mut GameId,
    ) -> Result<(), ErrorOf<R>> {
        let mut comps = std::mem::take(&mut self.comps);
        comps.clear();
        let done = self.split_into(rules, q, &mut comps, parts, exact);
        self.comps = comps;
        done
    }

    fn split_into<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        q: &P,
        comps: &mut Vec<P>,
        parts: &mut Vec<Part<P>>,
        exact: &mut GameId,
    ) -> Result<(), ErrorOf<R>> {
        rules.components(q, comps).map_err(EngineError::Rules)?;
        for c in comps.drain(..) {
            if rules.is_dead(&c) {
                continue;
            }
            if let Some(v) = rules.known_value(&c).map_err(EngineError::Rules)? {
                *exact = rules.store().add(*exact, v);
                continue;
            }
            let pt = part(rules, c);
            let (l, r) = self.move_counts(rules, &pt)?;
            if (l + r) as usize > self.options.component_moves {
                parts.push(pt);
                continue;
            }
            let max = self.small_entries();
            let limit = self.options.component_limit;
            match self
                .small
                .value(rules, &pt.position, pt.print, limit, max)?
            {
                Some(v) => *exact = rules.store().add(*exact, v),
                None => parts.push(pt),
            }
        }
        Ok(())
    }

    /// The root node of the position `p`.
    pub(crate) fn root<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        p: &P,
    ) -> Result<Node<P>, ErrorOf<R>> {
        let mut parts = Vec::new();
        let mut exact = rules.store().zero();
        self.split(rules, p, &mut parts, &mut exact)?;
        let k = self.exact_key(rules, exact);
        Ok(node(rules, parts, exact, k))
    }

    /// The children of `n` with Left (`left`) or Right to move.
    pub(crate) fn children<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        n: &Node<P>,
        left: bool,
        out: &mut Vec<Node<P>>,
    ) -> Result<(), ErrorOf<R>> {
        let side = left || rules.is_impartial();
        let mut options = Vec::new();
        for (i, p) in n.parts.iter().enumerate() {
            if n.parts[..i].iter().any(|o| o.signed() == p.signed()) {
                continue;
            }
            options.clear();
            rules
                .moves(&p.position, side, &mut options)
                .map_err(EngineError::Rules)?;
            for q in options.drain(..) {
                let mut parts: Vec<Part<P>> = Vec::with_capacity(n.parts.len() + 2);
                parts.extend(
                    n.parts
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, o)| o.clone()),
                );
                let mut exact = n.exact;
                self.split(rules, &q, &mut parts, &mut exact)?;
                let k = self.exact_key(rules, exact);
                out.push(node(rules, parts, exact, k));
            }
        }
        let store = rules.store();
        let moves: Vec<GameId> = if left {
            store.left_options(n.exact).iter().copied().collect()
        } else {
            store.right_options(n.exact).iter().copied().collect()
        };
        for g in moves {
            let exact_key = self.exact_key(rules, g);
            out.push(Node {
                parts: n.parts.clone(),
                exact: g,
                exact_key,
                sum: n.sum,
            });
        }
        Ok(())
    }

    /// The fingerprint of the exact part `g` (kept by id: a store's ids are its own).
    pub(crate) fn exact_key<R: Rules<Position = P>>(&mut self, rules: &mut R, g: GameId) -> u128 {
        if let Some(&k) = self.exact_keys.get(&g) {
            return k;
        }
        let k = exact_print(rules.store(), g);
        if self.exact_keys.len() > self.small_entries() {
            self.exact_keys.clear();
        }
        self.exact_keys.insert(g, k);
        k
    }
}
