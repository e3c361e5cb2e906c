//! Disjunctive sum, negation and difference of canonical forms, memoized.

use super::store::{GameId, GameStore, Node};

/// In `negatives`: not known yet.
pub(crate) const NEGATIVE_UNKNOWN: u32 = u32::MAX;

impl GameStore {
    /// The disjunctive sum `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` in canonical form.
    /// Numbers, nimbers and ups add arithmetically (`*a + *b = *(a xor b)`); a number `x`
    /// added to a non-number `G` moves only in `G` (number avoidance), so its options are
    /// never expanded, and `{G^L + x | G^R + x}` (each option canonical) is the canonical
    /// form of `G + x`, so it is interned without the search for dominated and reversible
    /// options. Proof, for `G` canonical and not a number: no option dominates another, as
    /// `G^L1 + x <= G^L2 + x` iff `G^L1 <= G^L2`. A Left option `A = G^L + x` with `G^L`
    /// not a number is, by induction, `{G^LL + x | G^LR + x}`, and `G^LR + x <= G + x`
    /// would make `G^L` reversible in `G`. With `G^L = y` a number, `A^R` is a number
    /// `z > y + x`; if `z <= G + x`, then `w = z - x <= G`, so `w <= L(G)` (stops are
    /// monotone) and some Left option `B` has `R(B) >= w > y`, hence `B > y` (a right stop
    /// above a number puts the game above it) and `y` would be dominated in `G`. Right
    /// options are the mirror image. (`GameStore::add` by the definition agrees:
    /// `tests::translation_is_canonical`.)
    ///
    /// ```
    /// use cgt_core::game::GameStore;
    /// let mut s = GameStore::new();
    /// let (a, b) = (s.nimber(3), s.nimber(5));
    /// let c = s.add(a, b);
    /// assert_eq!(s.as_nimber(c), Some(6));
    /// ```
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        // The memo first, also for two number-up-star values: their sum by arithmetic
        // builds big integers (an allocation each) and hashes them to find the form again,
        // where the memo is one look-up of two ids (the sums of the same small numbers
        // recur all through a board search).
        if let Some(r) = self.add_memo.get(key.0, key.1) {
            return r;
        }
        if let (Node::Nus(a), Node::Nus(b)) = (self.node(g), self.node(h)) {
            let sum = a.add(b);
            let result = self.intern_nus(sum);
            self.remember_add(key, result);
            return result;
        }
        self.check_interrupt();
        let (gl, gr) = self.options(g);
        let (hl, hr) = self.options(h);
        let mut left = Vec::with_capacity(gl.len() + hl.len());
        let mut right = Vec::with_capacity(gr.len() + hr.len());
        let g_number = self.is_number(g);
        let h_number = self.is_number(h);
        if !g_number {
            left.extend(gl.iter().map(|&x| self.add(x, h)));
            right.extend(gr.iter().map(|&x| self.add(x, h)));
        }
        if !h_number {
            left.extend(hl.iter().map(|&y| self.add(g, y)));
            right.extend(hr.iter().map(|&y| self.add(g, y)));
        }
        // G + x for a number x and G not a number: already canonical (see above).
        let result = if g_number || h_number {
            self.intern_simplified(left, right)
        } else {
            self.canonical_of_lists(left, right)
        };
        self.remember_add(key, result);
        result
    }

    /// The negative `-G = {-G^R | -G^L}`: the game with the roles of Left and Right swapped.
    pub fn neg(&mut self, g: GameId) -> GameId {
        // The table first, for number-up-star values too (see `add`): one word by id.
        if let Some(r) = self.known_negative(g) {
            return r;
        }
        if let Node::Nus(v) = self.node(g) {
            let n = v.neg();
            let result = self.intern_nus(n);
            self.remember_negative(g, result);
            return result;
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let new_left: Vec<GameId> = r.iter().map(|&x| self.neg(x)).collect();
        let new_right: Vec<GameId> = l.iter().map(|&x| self.neg(x)).collect();
        // The negative of a canonical form is canonical: only interning is needed.
        let result = self.intern_simplified(new_left, new_right);
        self.remember_negative(g, result);
        result
    }

    /// `-G` if it is known (see `negatives`).
    #[inline]
    fn known_negative(&self, g: GameId) -> Option<GameId> {
        match self.negatives.get(g.0 as usize) {
            Some(&n) if n != NEGATIVE_UNKNOWN => Some(GameId(n)),
            _ => None,
        }
    }

    /// Keeps `-G = n`, and `-n = G`, in `negatives`.
    fn remember_negative(&mut self, g: GameId, n: GameId) {
        let need = g.0.max(n.0) as usize + 1;
        if self.negatives.len() < need {
            // Grown to the store's size at once (not one form at a time).
            self.negatives
                .resize(self.nodes.len().max(need), NEGATIVE_UNKNOWN);
        }
        self.negatives[g.0 as usize] = n.0;
        self.negatives[n.0 as usize] = g.0;
    }

    /// `G - H = G + (-H)`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    /// `n·G`, the sum of `n` copies of `G` (of `-G` for negative `n`), by doubling.
    pub fn multiple(&mut self, g: GameId, n: &num_bigint::BigInt) -> GameId {
        use num_traits::{Signed, Zero};
        let mut base = if n.is_negative() { self.neg(g) } else { g };
        let mut k = n.abs();
        let mut acc = self.zero();
        while !k.is_zero() {
            self.check_interrupt();
            if k.bit(0) {
                acc = self.add(acc, base);
            }
            k >>= 1;
            if !k.is_zero() {
                base = self.add(base, base);
            }
        }
        acc
    }
}

#[cfg(test)]
#[path = "arith_tests.rs"]
mod tests;
