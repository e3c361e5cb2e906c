//! Other ways of combining games: ordinal sum, Norton product, Conway product (and nim
//! multiplication).

use super::error::TheoryError;
use crate::game::abort::{Abort, raise};
use crate::game::dyadic::Dyadic;
use crate::game::store::{GameId, GameStore};
use rustc_hash::FxHashMap;

/// The nim product `a ⊗ b` (Conway, *On Numbers and Games* ch. 6): the product in the field
/// of nimbers, `a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}`. Computed by splitting at
/// Fermat 2-powers `F = 2^(2^k)`, where `F ⊗ F = F ⊕ F/2` (`3F/2` in ordinary notation) and
/// `x ⊗ y = x·y` for `x < F`, `y` a power of `F`.
///
/// ```
/// use cgt_core::game::theory::nim_product;
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(4, 4), 6);
/// ```
pub fn nim_product(a: u64, b: u64) -> u64 {
    nim_product_in(a, b, 64)
}

/// `a ⊗ b` for `a, b < 2^bits`, `bits` a power of two.
fn nim_product_in(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let low = nim_product_in(a0, b0, half);
    let high = nim_product_in(a1, b1, half);
    let mixed = nim_product_in(a0 ^ a1, b0 ^ b1, half);
    // (a1 F + a0)(b1 F + b0) = high (F + F/2) + (a1 b0 + a0 b1) F + low,
    // and a1 b0 + a0 b1 = mixed + high + low.
    ((mixed ^ low) << half) ^ low ^ nim_product_in(high, 1 << (half - 1), half)
}

impl GameStore {
    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (Conway, ONAG; Siegel
    /// ch. II): play in `H` wipes out `G` but not conversely. It depends on the form of `G`;
    /// the canonical form is used, as in CGSuite. `1 : 1 = 2`, `1 : -1 = 1/2`,
    /// `(x + *m) : *n = x + *(m + n)`.
    ///
    /// ```
    /// use cgt_core::game::{GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let (one, minus_one) = (s.integer(1), s.integer(-1));
    /// let g = s.ordinal_sum(one, minus_one);
    /// assert_eq!(s.display(g, Notation::Ascii), "1/2");
    /// ```
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.ordinal_sum_in(g, h, &mut memo)
    }

    fn ordinal_sum_in(
        &mut self,
        g: GameId,
        h: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let (Some(v), Some(n)) = (self.as_nus(g), self.as_nimber(h))
            && v.ups == 0
        {
            let nim = v.nim.checked_add(n).unwrap_or_else(|| {
                raise(Abort::Overflow(
                    "a nimber beyond 2^64 in an ordinal sum".into(),
                ))
            });
            return self.nus(v.number.clone(), 0, nim);
        }
        if let Some(&r) = memo.get(&h) {
            return r;
        }
        self.check_interrupt();
        let (gl, gr) = self.options(g);
        let (hl, hr) = self.options(h);
        let mut left: Vec<GameId> = gl.to_vec();
        for &x in hl.iter() {
            left.push(self.ordinal_sum_in(g, x, memo));
        }
        let mut right: Vec<GameId> = gr.to_vec();
        for &x in hr.iter() {
            right.push(self.ordinal_sum_in(g, x, memo));
        }
        let result = self.canonical(&left, &right);
        memo.insert(h, result);
        result
    }

    /// The Norton product `G.U` (Siegel ch. II, Norton multiplication; *Winning Ways* ch. 8):
    /// `n` copies of `U` if `G` is an integer `n`, and otherwise
    /// `G.U = {G^L.U + U + Δ | G^R.U - U - Δ}` with `Δ` ranging over the incentives of `U`
    /// (those not dominated). For a non-integer `G` the unit must be positive (`U > 0`); the
    /// product is then additive in `G` (`(G + H).U = G.U + H.U`). `U`'s canonical form is
    /// used. `1/2.↑ + 1/2.↑ = ↑`, `x.1 = x`.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId, TheoryError> {
        if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            let n = n.numer().clone();
            return Ok(self.multiple(u, &n));
        }
        let z = self.zero();
        if !self.lt(z, u) {
            return Err(TheoryError::UnitNotPositive { unit: u });
        }
        let units: Vec<GameId> = self
            .incentives(u)
            .into_iter()
            .map(|d| self.add(u, d))
            .collect();
        let mut memo = FxHashMap::default();
        Ok(self.norton_in(g, u, &units, &mut memo))
    }

    fn norton_in(
        &mut self,
        g: GameId,
        u: GameId,
        units: &[GameId],
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            let n = n.numer().clone();
            return self.multiple(u, &n);
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        self.check_interrupt();
        let (gl, gr) = self.options(g);
        let mut left = Vec::with_capacity(gl.len() * units.len());
        for &x in gl.iter() {
            let p = self.norton_in(x, u, units, memo);
            for &v in units {
                left.push(self.add(p, v));
            }
        }
        let mut right = Vec::with_capacity(gr.len() * units.len());
        for &x in gr.iter() {
            let p = self.norton_in(x, u, units, memo);
            for &v in units {
                right.push(self.sub(p, v));
            }
        }
        let result = self.canonical(&left, &right);
        memo.insert(g, result);
        result
    }

    /// The Conway product `G·H` (ONAG ch. 1 and 6):
    /// `{G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R |
    ///   G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L}`.
    /// On numbers it is the ordinary product and on nimbers the nim product
    /// (`*2·*2 = *3`); those are computed directly. For other games it is evaluated on the
    /// canonical forms, as in CGSuite (it is not invariant under equality in general).
    ///
    /// ```
    /// use cgt_core::game::GameStore;
    /// let mut s = GameStore::new();
    /// let a = s.nimber(2);
    /// let p = s.conway_product(a, a);
    /// assert_eq!(s.as_nimber(p), Some(3));
    /// ```
    pub fn conway_product(&mut self, g: GameId, h: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.conway_in(g, h, &mut memo)
    }

    fn conway_in(
        &mut self,
        g: GameId,
        h: GameId,
        memo: &mut FxHashMap<(GameId, GameId), GameId>,
    ) -> GameId {
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            let p = Dyadic::new(x.numer() * y.numer(), x.exponent() + y.exponent());
            return self.number(p);
        }
        if let (Some(a), Some(b)) = (self.as_nimber(g), self.as_nimber(h)) {
            return self.nimber(nim_product(a, b));
        }
        self.conway_by_options(g, h, memo)
    }

    /// The recursive definition, with the fast paths used only for the options.
    fn conway_by_options(
        &mut self,
        g: GameId,
        h: GameId,
        memo: &mut FxHashMap<(GameId, GameId), GameId>,
    ) -> GameId {
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&r) = memo.get(&key) {
            return r;
        }
        self.check_interrupt();
        let (gl, gr) = self.options(g);
        let (hl, hr) = self.options(h);
        let mut term = |s: &mut GameStore, a: GameId, b: GameId| {
            let x = s.conway_in(a, h, memo);
            let y = s.conway_in(g, b, memo);
            let z = s.conway_in(a, b, memo);
            let xy = s.add(x, y);
            s.sub(xy, z)
        };
        let mut left = Vec::new();
        let mut right = Vec::new();
        for &a in gl.iter() {
            for &b in hl.iter() {
                left.push(term(self, a, b));
            }
            for &b in hr.iter() {
                right.push(term(self, a, b));
            }
        }
        for &a in gr.iter() {
            for &b in hr.iter() {
                left.push(term(self, a, b));
            }
            for &b in hl.iter() {
                right.push(term(self, a, b));
            }
        }
        let result = self.canonical(&left, &right);
        memo.insert(key, result);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::{arb_lit, game, show};
    use proptest::prelude::*;

    /// `a ⊗ b` by its definition as a mex.
    fn nim_product_by_mex(a: u64, b: u64, table: &mut FxHashMap<(u64, u64), u64>) -> u64 {
        if let Some(&p) = table.get(&(a, b)) {
            return p;
        }
        let mut seen = vec![];
        for x in 0..a {
            for y in 0..b {
                let v = nim_product_by_mex(x, b, table)
                    ^ nim_product_by_mex(a, y, table)
                    ^ nim_product_by_mex(x, y, table);
                seen.push(v);
            }
        }
        let p = (0..).find(|v| !seen.contains(v)).unwrap();
        table.insert((a, b), p);
        p
    }

    #[test]
    fn nim_multiplication() {
        let mut table = FxHashMap::default();
        for a in 0..16 {
            for b in 0..16 {
                assert_eq!(
                    nim_product(a, b),
                    nim_product_by_mex(a, b, &mut table),
                    "{a}⊗{b}"
                );
            }
        }
        // Fermat 2-powers: F ⊗ F = 3F/2; distinct Fermat powers multiply ordinarily.
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(256, 256), 384);
        assert_eq!(nim_product(1 << 32, 1 << 32), 3 << 31);
        assert_eq!(nim_product(4, 16), 64);
        // Associativity and distributivity on a few large values.
        let (a, b, c) = (
            0x1234_5678_9abc_def0u64,
            0xfedc_ba98_7654_3210,
            0x0f0f_1234_aaaa_5555,
        );
        assert_eq!(
            nim_product(nim_product(a, b), c),
            nim_product(a, nim_product(b, c))
        );
        assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
    }

    #[test]
    fn conway_product_of_nimbers_by_the_definition() {
        let mut s = GameStore::new();
        let mut memo = FxHashMap::default();
        for a in 0..6 {
            for b in 0..6 {
                let (g, h) = (s.nimber(a), s.nimber(b));
                let slow = s.conway_by_options(g, h, &mut memo);
                assert_eq!(s.as_nimber(slow), Some(nim_product(a, b)), "*{a}·*{b}");
            }
        }
        let two = s.nimber(2);
        let p = s.conway_product(two, two);
        assert_eq!(show(&mut s, p), "*3");
        // Numbers multiply as numbers, through the definition too.
        let (x, y) = (game(&mut s, "3/2"), game(&mut s, "-3/4"));
        let slow = s.conway_by_options(x, y, &mut memo);
        assert_eq!(show(&mut s, slow), "-9/8");
        let star = s.nimber(1);
        let two = s.integer(2);
        let p = s.conway_product(two, star);
        assert_eq!(show(&mut s, p), "0");
    }

    #[test]
    fn ordinal_sums() {
        let mut s = GameStore::new();
        for (g, h, want) in [
            ("1", "1", "2"),
            ("1", "-1", "1/2"),
            ("1", "1/2", "3/2"),
            ("*", "*", "*2"),
            ("1/2", "*", "1/2*"),
            ("1*", "*2", "1*3"),
            ("2", "0", "2"),
            ("-1", "1", "-1/2"),
        ] {
            let (a, b) = (game(&mut s, g), game(&mut s, h));
            let o = s.ordinal_sum(a, b);
            assert_eq!(show(&mut s, o), want, "{g} : {h}");
        }
        // The nimber fast path agrees with the definition.
        for g in ["0", "1", "1/2", "*", "3*2", "-1/4*"] {
            for n in 0..4 {
                let a = game(&mut s, g);
                let h = s.nimber(n);
                let (gl, gr) = s.options(a);
                let (hl, hr) = s.options(h);
                let mut memo = FxHashMap::default();
                let mut l = gl.to_vec();
                for &x in hl.iter() {
                    l.push(s.ordinal_sum_in(a, x, &mut memo));
                }
                let mut r = gr.to_vec();
                for &x in hr.iter() {
                    r.push(s.ordinal_sum_in(a, x, &mut memo));
                }
                let slow = s.canonical(&l, &r);
                let fast = s.ordinal_sum(a, h);
                assert_eq!(slow, fast, "{g} : *{n}");
            }
        }
    }

    #[test]
    fn norton_products() {
        let mut s = GameStore::new();
        let up = game(&mut s, "^");
        let one = s.integer(1);
        let (half, three_q, quarter) = (
            game(&mut s, "1/2"),
            game(&mut s, "3/4"),
            game(&mut s, "1/4"),
        );
        // x.1 = x for numbers.
        for g in [half, three_q, quarter] {
            assert_eq!(s.norton_product(g, one), Ok(g));
        }
        // Additivity: 1/2.↑ + 1/2.↑ = ↑ and 3/4.↑ + 1/4.↑ = ↑.
        let h = s.norton_product(half, up).unwrap();
        assert_eq!(s.add(h, h), up);
        let a = s.norton_product(three_q, up).unwrap();
        let b = s.norton_product(quarter, up).unwrap();
        assert_eq!(s.add(a, b), up);
        // Integers: copies.
        let three = s.integer(3);
        let p = s.norton_product(three, up).unwrap();
        assert_eq!(show(&mut s, p), "^3");
        let star = s.nimber(1);
        assert_eq!(
            s.norton_product(half, star),
            Err(TheoryError::UnitNotPositive { unit: star })
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn one_is_a_unit_for_both_products(a in arb_lit(3, 2), b in arb_lit(2, 2)) {
            let mut s = GameStore::new();
            let (g, h) = (a.value(&mut s), b.value(&mut s));
            let (one, zero) = (s.integer(1), s.zero());
            // G·1 = G and G·0 = 0 follow from the definition by induction; so does G.1 = G.
            prop_assert_eq!(s.conway_product(g, one), g);
            prop_assert_eq!(s.conway_product(g, zero), zero);
            prop_assert_eq!(s.norton_product(g, one), Ok(g));
            prop_assert_eq!(s.conway_product(g, h), s.conway_product(h, g));
        }

        #[test]
        fn norton_product_by_up_is_additive(a in arb_lit(2, 2), b in arb_lit(2, 2)) {
            let mut s = GameStore::new();
            let (g, h) = (a.value(&mut s), b.value(&mut s));
            let up = s.nus(Dyadic::zero(), 1, 0);
            let gh = s.add(g, h);
            let lhs = s.norton_product(gh, up).unwrap();
            let x = s.norton_product(g, up).unwrap();
            let y = s.norton_product(h, up).unwrap();
            prop_assert_eq!(lhs, s.add(x, y));
        }
    }
}
