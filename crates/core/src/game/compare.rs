//! Comparison of games and outcome classes.

use super::outcome::Outcome;
use super::store::{GameId, GameStore, Node};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

impl GameStore {
    /// `G <= H`: Left never loses `H - G` moving second. By the recursive definition
    /// (DeVos–Kent ch. 2): `G <= H` iff there is no `G^L >= H` and no `H^R <= G`.
    ///
    /// Fast paths: equal ids; two number-up-star values compare by the sign of their
    /// difference; against a number `x`, number avoidance gives `x <= H` iff no `H^R <= x`
    /// and `G <= x` iff no `G^L >= x` (for `G`, `H` not numbers), so a number's own options
    /// (a chain as long as the number for integers) are never walked.
    ///
    /// ```
    /// use cgt_core::game::GameStore;
    /// let mut s = GameStore::new();
    /// let (zero, star) = (s.zero(), s.nimber(1));
    /// let up = s.canonical(&[zero], &[star]);
    /// assert!(s.leq(zero, up) && !s.leq(up, zero));
    /// assert!(!s.leq(star, zero) && !s.leq(zero, star));
    /// ```
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let (Node::Nus(a), Node::Nus(b)) = (self.node(g), self.node(h)) {
            let diff = b.add(&a.neg());
            return matches!(diff.sign(), Some(Ordering::Greater | Ordering::Equal));
        }
        if let Some(&r) = self.leq_memo.get(&(g, h)) {
            return r;
        }
        self.check_interrupt();
        if let Some(r) = self.leq_by_stops(g, h) {
            self.remember_leq(g, h, r);
            return r;
        }
        let result = if self.is_number(g) {
            let hr = self.right_options(h);
            !hr.iter().any(|&x| self.leq(x, g))
        } else if self.is_number(h) {
            let gl = self.left_options(g);
            !gl.iter().any(|&x| self.leq(h, x))
        } else {
            let gl = self.left_options(g);
            let hr = self.right_options(h);
            !gl.iter().any(|&x| self.leq(h, x)) && !hr.iter().any(|&x| self.leq(x, g))
        };
        self.remember_leq(g, h, result);
        result
    }

    /// `G <= H` decided by the stops alone, when they can: stops are monotone (`G <= H`
    /// implies `L(G) <= L(H)` and `R(G) <= R(H)`), and a number fits strictly between `G`
    /// and `H` when `L(G) < R(H)`. The stops are compared where they are kept, without
    /// copying them (a copy of a stop is an allocation per big integer).
    fn leq_by_stops(&mut self, g: GameId, h: GameId) -> Option<bool> {
        self.ensure_stops(g);
        self.ensure_stops(h);
        let (lg, rg) = self.stops_view(g)?;
        let (lh, rh) = self.stops_view(h)?;
        if lg < rh {
            Some(true)
        } else if lg > lh || rg > rh {
            Some(false)
        } else {
            None
        }
    }

    pub fn geq(&mut self, g: GameId, h: GameId) -> bool {
        self.leq(h, g)
    }

    /// `G < H`: `G <= H` and not `H <= G`.
    pub fn lt(&mut self, g: GameId, h: GameId) -> bool {
        g != h && self.leq(g, h) && !self.leq(h, g)
    }

    pub fn gt(&mut self, g: GameId, h: GameId) -> bool {
        self.lt(h, g)
    }

    /// `G ‖ H` (`<>` in the language): neither `G <= H` nor `H <= G`.
    pub fn confused(&mut self, g: GameId, h: GameId) -> bool {
        !self.leq(g, h) && !self.leq(h, g)
    }

    /// `G <| H`: less than or confused with, i.e. not `G >= H`.
    pub fn less_or_confused(&mut self, g: GameId, h: GameId) -> bool {
        !self.leq(h, g)
    }

    /// The partial order's verdict: `Some(Less/Equal/Greater)` or `None` for confused.
    pub fn compare(&mut self, g: GameId, h: GameId) -> Option<Ordering> {
        match (self.leq(g, h), self.leq(h, g)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// The outcome class of `G` from `G >= 0` and `G <= 0`.
    ///
    /// ```
    /// use cgt_core::game::{GameStore, Outcome};
    /// let mut s = GameStore::new();
    /// let (one, minus_one) = (s.integer(1), s.integer(-1));
    /// let pm1 = s.canonical(&[one], &[minus_one]);
    /// assert_eq!(s.outcome(pm1), Outcome::N);
    /// ```
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let z = self.zero();
        let geq = self.leq(z, g);
        let leq = self.leq(g, z);
        Outcome::from_signs(geq, leq)
    }

    /// `H <= G` where `G` is given by (not necessarily canonical) options in `lit`.
    pub(crate) fn leq_literal(&mut self, h: GameId, lit: &mut Literal<'_>) -> bool {
        if let Some(&r) = lit.memo.get(&(h, true)) {
            return r;
        }
        self.check_interrupt();
        let result = !lit.right.iter().any(|&r| self.leq(r, h)) && {
            let hl = self.left_options(h);
            !hl.iter().any(|&x| self.geq_literal(x, lit))
        };
        lit.memo.insert((h, true), result);
        result
    }

    /// `G <= H` where `G` is given by options in `lit`.
    pub(crate) fn geq_literal(&mut self, h: GameId, lit: &mut Literal<'_>) -> bool {
        if let Some(&r) = lit.memo.get(&(h, false)) {
            return r;
        }
        self.check_interrupt();
        let result = !lit.left.iter().any(|&l| self.leq(h, l)) && {
            let hr = self.right_options(h);
            !hr.iter().any(|&x| self.leq_literal(x, lit))
        };
        lit.memo.insert((h, false), result);
        result
    }
}

/// A game not yet in canonical form, given by its options, with a memo of comparisons
/// against it (its value never changes while it is simplified, so answers stay valid).
pub(crate) struct Literal<'a> {
    pub left: &'a [GameId],
    pub right: &'a [GameId],
    memo: FxHashMap<(GameId, bool), bool>,
}

impl<'a> Literal<'a> {
    pub fn new(left: &'a [GameId], right: &'a [GameId]) -> Literal<'a> {
        Literal {
            left,
            right,
            memo: FxHashMap::default(),
        }
    }
}
