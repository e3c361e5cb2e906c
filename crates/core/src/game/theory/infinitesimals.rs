//! Infinitesimals: atomic weight, reduced canonical form, companions, tinies, and the
//! classifying predicates (all-small, even/odd, even-/odd-tempered, numberish).

use super::error::{NotAtomicReason, TheoryError};
use crate::game::dyadic::Dyadic;
use crate::game::store::{GameId, GameStore};
use rustc_hash::FxHashMap;

/// `x + Tiny(y)` or `x + Miny(y)`: how the printer writes such a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TinyForm {
    pub miny: bool,
    pub translate: Dyadic,
    pub subscript: GameId,
}

impl GameStore {
    /// The atomic weight `aw(G)` of an infinitesimal (Siegel ch. II, atomic weight; *Winning
    /// Ways* ch. 8): the `w` with `G` "approximately `w.↑`". Computed by the atomic weight
    /// calculus, as CGSuite: `G° = {aw(G^L) - 2 | aw(G^R) + 2}` (and `aw(x + n↑ + *m) = n`);
    /// if `G°` is not an integer it is the weight; if it is, the weight is `G°` when `G` is
    /// confused with the remote star `☆` (a nimber beyond every nimber among `G`'s followers),
    /// the least integer fitting on Left's side when `G < ☆`, the greatest fitting on Right's
    /// side when `G > ☆`. The game is *atomic* (the weight exists) when it is all-small, or
    /// when `G - aw(G).↑` lies within `±(↑* + (☆' : -1))` (`☆'` the next power of two).
    ///
    /// ```
    /// use cgt_core::game::{Dyadic, GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let g = s.nus(Dyadic::zero(), 2, 1); // ⇑*
    /// let w = s.atomic_weight(g).unwrap();
    /// assert_eq!(s.display(w, Notation::Ascii), "2");
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, TheoryError> {
        if !self.is_infinitesimal(g) {
            return Err(TheoryError::NotAtomic {
                game: g,
                reason: NotAtomicReason::NotInfinitesimal,
            });
        }
        let mut memo = FxHashMap::default();
        let w = self.naive_atomic_weight(g, &mut memo);
        if self.is_all_small(g) {
            return Ok(w);
        }
        let up = self.nus(Dyadic::zero(), 1, 0);
        let wu = self.norton_product(w, up).expect("↑ > 0");
        let diff = self.sub(g, wu);
        // The least power of two >= max(2, ☆).
        let far = self.far_star(g).max(2);
        let n = far.checked_next_power_of_two().unwrap_or(1 << 63);
        let (star_n, minus_one) = (self.nimber(n), self.integer(-1));
        let kite = self.ordinal_sum(star_n, minus_one);
        let up_star = self.nus(Dyadic::zero(), 1, 1);
        let eps = self.add(up_star, kite);
        let neg_eps = self.neg(eps);
        if self.leq(diff, eps) && self.leq(neg_eps, diff) {
            Ok(w)
        } else {
            Err(TheoryError::NotAtomic {
                game: g,
                reason: NotAtomicReason::FarFromMultipleOfUp { weight: w },
            })
        }
    }

    /// Whether `g` has an atomic weight (see [`GameStore::atomic_weight`]).
    pub fn is_atomic(&mut self, g: GameId) -> bool {
        self.atomic_weight(g).is_ok()
    }

    fn naive_atomic_weight(&mut self, g: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if let Some(v) = self.as_nus(g) {
            let n = v.ups;
            return self.integer(n);
        }
        if let Some(&w) = memo.get(&g) {
            return w;
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let (two, minus_two) = (self.integer(2), self.integer(-2));
        let mut left = Vec::with_capacity(l.len());
        for &x in l.iter() {
            let w = self.naive_atomic_weight(x, memo);
            left.push(self.add(w, minus_two));
        }
        let mut right = Vec::with_capacity(r.len());
        for &x in r.iter() {
            let w = self.naive_atomic_weight(x, memo);
            right.push(self.add(w, two));
        }
        let g0 = self.canonical(&left, &right);
        let result = if self.is_integer(g0) {
            let far = self.far_star(g);
            let fs = self.nimber(far);
            let (below, above) = (self.leq(g, fs), self.leq(fs, g));
            if below && !above {
                // G < ☆: the least integer n with n ⧐ every G°^L (n not <= it).
                let mut best: Option<Dyadic> = None;
                for &x in &left {
                    let mut n = Dyadic::from_int(self.right_stop(x).ceil());
                    let nid = self.number(n.clone());
                    if self.leq(nid, x) {
                        n = &n + &Dyadic::from_i64(1);
                    }
                    best = Some(best.map_or(n.clone(), |b| b.max(n)));
                }
                self.number(best.unwrap_or_else(Dyadic::zero))
            } else if above && !below {
                // G > ☆: the greatest integer n with n ⧏ every G°^R.
                let mut best: Option<Dyadic> = None;
                for &x in &right {
                    let mut n = Dyadic::from_int(self.left_stop(x).floor());
                    let nid = self.number(n.clone());
                    if self.leq(x, nid) {
                        n = &n - &Dyadic::from_i64(1);
                    }
                    best = Some(best.map_or(n.clone(), |b| b.min(n)));
                }
                self.number(best.unwrap_or_else(Dyadic::zero))
            } else {
                g0
            }
        } else {
            g0
        };
        memo.insert(g, result);
        result
    }

    /// `m + 1` for the largest `*m` among the followers of `g` (at least 1): the remote star
    /// `☆ = *far_star(g)` is confused with every infinitesimal built from smaller nimbers.
    pub fn far_star(&mut self, g: GameId) -> u64 {
        let mut memo = FxHashMap::default();
        self.far_star_in(g, &mut memo)
    }

    fn far_star_in(&mut self, g: GameId, memo: &mut FxHashMap<GameId, u64>) -> u64 {
        if let Some(m) = self.as_nimber(g) {
            return m.saturating_add(1);
        }
        if self.is_number(g) {
            return 1;
        }
        if let Some(&f) = memo.get(&g) {
            return f;
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let mut far = 1;
        for &x in l.iter().chain(r.iter()) {
            far = far.max(self.far_star_in(x, memo));
        }
        memo.insert(g, far);
        far
    }

    /// The reduced canonical form `rcf(G)` (Siegel ch. II; Calistrate): the simplest game
    /// infinitely close to `G`, i.e. `G` modulo infinitesimals. As CGSuite: a number-up-star
    /// value reduces to its number, otherwise heat by `*` and replace every `x*` by `x`.
    /// `rcf(↑) = 0`, `rcf({3||2*|1*}) = {3||2|1}`.
    pub fn reduced_canonical_form(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.as_nus(g) {
            let x = v.number.clone();
            return self.number(x);
        }
        let star = self.nimber(1);
        let hot = self.heat(g, star);
        let mut memo = FxHashMap::default();
        self.star_projection(hot, &mut memo)
    }

    fn star_projection(&mut self, g: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if let Some(v) = self.as_nus(g) {
            if v.is_number() {
                return g;
            }
            if v.ups == 0 && v.nim == 1 {
                let x = v.number.clone();
                return self.number(x);
            }
        }
        if let Some(&p) = memo.get(&g) {
            return p;
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let left: Vec<GameId> = l.iter().map(|&x| self.star_projection(x, memo)).collect();
        let right: Vec<GameId> = r.iter().map(|&x| self.star_projection(x, memo)).collect();
        let p = self.canonical(&left, &right);
        memo.insert(g, p);
        p
    }

    /// The companion `G°` of an all-small game (Siegel ch. II), as CGSuite: for
    /// `n↑ + *m` toggle the star when `m <= 1` (`↑° = ↑*`, `0° = *`), keep `*m` for `m >= 2`;
    /// otherwise take the companions of the options and add `0` as a Left option when `G >= 0`
    /// and as a Right option when `G <= 0`.
    pub fn companion(&mut self, g: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.companion_in(g, &mut memo)
    }

    fn companion_in(&mut self, g: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if let Some(v) = self.as_nus(g)
            && v.number.is_zero()
        {
            return if v.nim >= 2 {
                g
            } else {
                let (ups, nim) = (v.ups, v.nim ^ 1);
                self.nus(Dyadic::zero(), ups, nim)
            };
        }
        // A number x != 0 is its own companion: its options are numbers on the same side of
        // 0 (their own companions, by induction), and the 0 added on x's side is dominated
        // (x > 0 has a Left option >= 0) or reverses out. This also keeps a huge integer from
        // being walked option by option.
        if self.is_number(g) {
            return g;
        }
        if let Some(&c) = memo.get(&g) {
            return c;
        }
        self.check_interrupt();
        let z = self.zero();
        let (leq, geq) = (self.leq(g, z), self.leq(z, g));
        let (l, r) = self.options(g);
        let mut left: Vec<GameId> = l.iter().map(|&x| self.companion_in(x, memo)).collect();
        let mut right: Vec<GameId> = r.iter().map(|&x| self.companion_in(x, memo)).collect();
        if geq {
            left.push(z);
        }
        if leq {
            right.push(z);
        }
        let c = self.canonical(&left, &right);
        memo.insert(g, c);
        c
    }

    /// All-small (dicotic): every follower of the canonical form has options for both players
    /// or for neither. Number-up-star values are all-small exactly when their number is 0.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        self.hereditary(g, &mut FxHashMap::default(), &|v| v.number.is_zero())
    }

    /// Whether `pred` holds of every number-up-star follower reached before a general form's
    /// options run out (a general form passes when all its options do).
    fn hereditary(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, bool>,
        pred: &dyn Fn(&crate::game::nus::Nus) -> bool,
    ) -> bool {
        if let Some(v) = self.as_nus(g) {
            return pred(v);
        }
        if let Some(&b) = memo.get(&g) {
            return b;
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let ok = l
            .iter()
            .chain(r.iter())
            .all(|&x| self.hereditary(x, memo, pred));
        memo.insert(g, ok);
        ok
    }

    /// Even (Conway, ONAG; Siegel ch. II): `0` is even, and a game is even when every option of
    /// its canonical form is odd; odd when it has options and every one is even. So integers
    /// have their parity, `n*` the opposite one, `*` is odd and `{1|-1}` even.
    pub fn is_even(&mut self, g: GameId) -> bool {
        self.parity(g, false, &mut FxHashMap::default())
    }

    /// Odd: see [`GameStore::is_even`].
    pub fn is_odd(&mut self, g: GameId) -> bool {
        self.parity(g, true, &mut FxHashMap::default())
    }

    fn parity(&mut self, g: GameId, odd: bool, memo: &mut FxHashMap<(GameId, bool), bool>) -> bool {
        if let Some(v) = self.as_nus(g) {
            // Options of x + n↑ + *m mix parities unless it is an integer or an integer + *.
            return v.ups == 0
                && v.nim <= 1
                && v.number.is_integer()
                && (v.number.numer().bit(0) ^ (v.nim == 1)) == odd;
        }
        if let Some(&b) = memo.get(&(g, odd)) {
            return b;
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let ok = l
            .iter()
            .chain(r.iter())
            .all(|&x| self.parity(x, !odd, memo));
        memo.insert((g, odd), ok);
        ok
    }

    /// Even-tempered (Siegel ch. II, *Winning Ways*): a number, or a game all of whose options
    /// are odd-tempered. `{3||2*|1*}` is odd-tempered, `{2*|1*}` even-tempered.
    pub fn is_even_tempered(&mut self, g: GameId) -> bool {
        self.tempered(g, false, &mut FxHashMap::default())
    }

    /// Odd-tempered: not a number, and every option is even-tempered (`*`, `{1|-1}`, `1*`).
    pub fn is_odd_tempered(&mut self, g: GameId) -> bool {
        self.tempered(g, true, &mut FxHashMap::default())
    }

    fn tempered(
        &mut self,
        g: GameId,
        odd: bool,
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> bool {
        if let Some(v) = self.as_nus(g) {
            return v.ups == 0 && v.nim == u64::from(odd);
        }
        if let Some(&b) = memo.get(&(g, odd)) {
            return b;
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let ok = l
            .iter()
            .chain(r.iter())
            .all(|&x| self.tempered(x, !odd, memo));
        memo.insert((g, odd), ok);
        ok
    }

    /// Numberish: infinitely close to a number, i.e. both stops are equal.
    pub fn is_numberish(&mut self, g: GameId) -> bool {
        let (l, r) = self.stops(g);
        l == r
    }

    /// `x + Tiny(y)` or `x + Miny(y)` (CGSuite's `IsNumberTiny`): `{x || x | x - y}` with
    /// the mean of `x - y` below `x`, or its mirror `{x + y | x || x}`; and, as in CGSuite,
    /// every number `x` (which is `x` plus a Tiny of nothing).
    pub fn is_number_tiny(&mut self, g: GameId) -> bool {
        self.is_number(g) || self.tiny_form(g).is_some()
    }

    pub(crate) fn tiny_form(&mut self, g: GameId) -> Option<TinyForm> {
        if self.as_nus(g).is_some() {
            return None;
        }
        let (l, r) = self.options(g);
        let (&[a], &[b]) = (&l[..], &r[..]) else {
            return None;
        };
        let single = |s: &mut GameStore, h: GameId| {
            let (hl, hr) = s.options(h);
            match (&hl[..], &hr[..]) {
                ([p], [q]) => Some((*p, *q)),
                _ => None,
            }
        };
        if let Some(x) = self.as_number(a).cloned()
            && let Some((p, q)) = single(self, b)
            && p == a
            && self.mean(q) < x
        {
            let subscript = self.sub(a, q);
            return Some(TinyForm {
                miny: false,
                translate: x,
                subscript,
            });
        }
        if let Some(x) = self.as_number(b).cloned()
            && let Some((p, q)) = single(self, a)
            && q == b
            && self.mean(p) > x
        {
            let subscript = self.sub(p, b);
            return Some(TinyForm {
                miny: true,
                translate: x,
                subscript,
            });
        }
        None
    }

    /// `Tiny(G) = {0 || 0 | -G}`: for `G > 0` a positive infinitesimal smaller than every
    /// positive multiple of `↑` (*Winning Ways*; Siegel ch. II).
    pub fn tiny(&mut self, g: GameId) -> GameId {
        let z = self.zero();
        let ng = self.neg(g);
        let inner = self.canonical(&[z], &[ng]);
        self.canonical(&[z], &[inner])
    }

    /// `Miny(G) = -Tiny(G) = {G | 0 || 0}`.
    pub fn miny(&mut self, g: GameId) -> GameId {
        let t = self.tiny(g);
        self.neg(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::display::Notation;
    use crate::game::theory::testkit::{arb_dicotic, arb_lit, game, show};
    use num_bigint::BigInt;
    use proptest::prelude::*;

    /// The companion by its definition alone: the companions of the options, with 0 added
    /// on Left's side when `G >= 0` and on Right's when `G <= 0` (no number shortcut).
    fn companion_by_definition(s: &mut GameStore, g: GameId) -> GameId {
        if let Some(v) = s.as_nus(g).cloned()
            && v.number.is_zero()
        {
            return s.companion(g);
        }
        let z = s.zero();
        let (leq, geq) = (s.leq(g, z), s.leq(z, g));
        let (l, r) = s.options(g);
        let mut left: Vec<GameId> = l.iter().map(|&x| companion_by_definition(s, x)).collect();
        let mut right: Vec<GameId> = r.iter().map(|&x| companion_by_definition(s, x)).collect();
        if geq {
            left.push(z);
        }
        if leq {
            right.push(z);
        }
        s.canonical(&left, &right)
    }

    #[test]
    fn a_number_is_its_own_companion() {
        let mut s = GameStore::new();
        for x in [
            "1", "2", "5", "-1", "-4", "1/2", "-3/4", "5/8", "-13/16", "9/4", "1/64",
        ] {
            let g = game(&mut s, x);
            assert_eq!(companion_by_definition(&mut s, g), g, "definition, {x}");
            assert_eq!(s.companion(g), g, "companion({x})");
        }
        // Far too deep to walk: answered at once.
        let big = s.number(Dyadic::from_int(BigInt::from(-1_823_437_481_924i64)));
        assert_eq!(s.companion(big), big);
    }

    fn aw(s: &mut GameStore, g: &str) -> String {
        let id = game(s, g);
        match s.atomic_weight(id) {
            Ok(w) => show(s, w),
            Err(e) => e.message(s, Notation::Ascii),
        }
    }

    #[test]
    fn atomic_weights_worked_by_hand() {
        let mut s = GameStore::new();
        assert_eq!(aw(&mut s, "^"), "1");
        assert_eq!(aw(&mut s, "^^*"), "2");
        assert_eq!(aw(&mut s, "*"), "0");
        assert_eq!(aw(&mut s, "v3*7"), "-3");
        // ↑² = {0|↓*}: {0-2 | -1+2} = {-2|1} = 0, an integer; ↑² ‖ ☆ = *2, so 0.
        assert_eq!(aw(&mut s, "{0|v*}"), "0");
        // ↑ + ↑² + ↑³ = {↑^→2 | *}: {1-2 | 0+2} = {-1|2} = 0 is an integer, and the game
        // exceeds ☆ = *2, so the greatest integer n ⧏ 2: n = 1.
        let up = s.nus(Dyadic::zero(), 1, 0);
        let g = s.pow_to(up, 3).unwrap();
        let w = s.atomic_weight(g).unwrap();
        assert_eq!(show(&mut s, w), "1");
        // {0 | ↓*·...}: +-↑ = {↑|↓}: {1-2 | -1+2} = {-1|1} = 0 and ±↑ ‖ ☆: 0.
        assert_eq!(aw(&mut s, "{^|v}"), "0");
        // {⇑* | ↓}: {2-2 | -1+2} = {0|1} = 1/2, not an integer.
        assert_eq!(aw(&mut s, "{^^*|v}"), "1/2");
        assert_eq!(
            aw(&mut s, "{1|-1}"),
            "that game is not atomic: +-1 is not infinitesimal"
        );
        // Tiny(1) is infinitesimal, not all-small, and atomic of weight 0.
        assert_eq!(aw(&mut s, "{0||0|-1}"), "0");
        let g = game(&mut s, "{1|-1}");
        assert!(!s.is_atomic(g));
    }

    #[test]
    fn reduced_canonical_forms_and_companions() {
        let mut s = GameStore::new();
        for (g, want) in [
            ("^", "0"),
            ("1*", "1"),
            ("+-1", "+-1"),
            ("{3||2*|1*}", "{3||2|1}"),
            ("{1*|-1}", "+-1"),
            ("{0||0|-1}", "0"),
        ] {
            let id = game(&mut s, g);
            let r = s.reduced_canonical_form(id);
            assert_eq!(show(&mut s, r), want, "rcf({g})");
        }
        for (g, want) in [
            ("^", "^*"),
            ("*", "0"),
            ("0", "*"),
            ("*2", "*2"),
            ("^^", "^^*"),
        ] {
            let id = game(&mut s, g);
            let c = s.companion(id);
            assert_eq!(show(&mut s, c), want, "companion({g})");
        }
        // ↑² = {0 | ↓*} > 0: {0°, 0 | (↓*)°} = {*, 0 | ↓}.
        let g = game(&mut s, "{0|v*}");
        let c = s.companion(g);
        let want = game(&mut s, "{0,*|v}");
        assert_eq!(c, want);
    }

    #[test]
    fn predicates_worked_by_hand() {
        let mut s = GameStore::new();
        let mut check = |g: &str, f: fn(&mut GameStore, GameId) -> bool, want: bool, what: &str| {
            let id = game(&mut s, g);
            assert_eq!(f(&mut s, id), want, "{what}({g})");
        };
        for (g, even, odd) in [
            ("0", true, false),
            ("1", false, true),
            ("2", true, false),
            ("-3", false, true),
            ("*", false, true),
            ("1*", true, false),
            ("1/2", false, false),
            ("*2", false, false),
            ("^", false, false),
            ("{1|-1}", true, false),
            ("{2|1}", false, false),
            ("{1*|-1*}", false, true),
        ] {
            check(g, GameStore::is_even, even, "is_even");
            check(g, GameStore::is_odd, odd, "is_odd");
        }
        for (g, even, odd) in [
            ("0", true, false),
            ("1/2", true, false),
            ("*", false, true),
            ("7/4*", false, true),
            ("*2", false, false),
            ("^", false, false),
            ("{1|-1}", false, true),
            ("{2*|1*}", true, false),
            ("{3||2*|1*}", false, true),
        ] {
            check(g, GameStore::is_even_tempered, even, "is_even_tempered");
            check(g, GameStore::is_odd_tempered, odd, "is_odd_tempered");
        }
        for (g, small) in [
            ("0", true),
            ("^*", true),
            ("1", false),
            ("{^|v}", true),
            ("{0||0|-1}", false),
        ] {
            check(g, GameStore::is_all_small, small, "is_all_small");
        }
        for (g, numberish) in [
            ("1*", true),
            ("^", true),
            ("{1|-1}", false),
            ("{0||0|-1}", true),
        ] {
            check(g, GameStore::is_numberish, numberish, "is_numberish");
        }
        for (g, tiny) in [
            ("{0||0|-3/2}", true),
            ("{0||0|v3}", false),
            ("{1||1|-1}", true),
            ("{5||3|1|||0||||0}", true),
            ("{0||0|*}", false),
            ("^", false),
            // Numbers are number-tinies in CGSuite: x is x + Tiny of nothing.
            ("0", true),
            ("-3/4", true),
            ("5", true),
            ("{0||0|1}", true), // = 1/4
            ("*", false),
            ("1*", false),
            ("{1|-1}", false),
        ] {
            check(g, GameStore::is_number_tiny, tiny, "is_number_tiny");
        }
    }

    #[test]
    fn tiny_and_miny() {
        let mut s = GameStore::new();
        let two = s.integer(2);
        let t = s.tiny(two);
        assert_eq!(show(&mut s, t), "{0||0|-2}");
        let m = s.miny(two);
        assert_eq!(show(&mut s, m), "{2|0||0}");
        // Tiny(2) is positive and smaller than ↑/8... than every positive multiple of ↑.
        let up = s.nus(Dyadic::zero(), 1, 0);
        let z = s.zero();
        assert!(s.lt(z, t) && s.lt(t, up));
        let form = s.tiny_form(t).unwrap();
        assert_eq!((form.miny, form.subscript), (false, two));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn atomic_weight_is_additive_on_all_small_games(a in arb_dicotic(3, 2), b in arb_dicotic(3, 2)) {
            let mut s = GameStore::new();
            let (g, h) = (a.value(&mut s), b.value(&mut s));
            let gh = s.add(g, h);
            let (wg, wh) = (s.atomic_weight(g).unwrap(), s.atomic_weight(h).unwrap());
            let wgh = s.atomic_weight(gh).unwrap();
            prop_assert_eq!(wgh, s.add(wg, wh));
        }

        #[test]
        fn companion_is_an_involution_on_all_small_games(a in arb_dicotic(3, 2)) {
            let mut s = GameStore::new();
            let g = a.value(&mut s);
            let c = s.companion(g);
            prop_assert_eq!(s.companion(c), g);
        }

        #[test]
        fn reduced_canonical_form_differs_by_an_infinitesimal(a in arb_lit(3, 3)) {
            let mut s = GameStore::new();
            let g = a.value(&mut s);
            let r = s.reduced_canonical_form(g);
            let d = s.sub(r, g);
            prop_assert!(s.is_infinitesimal(d));
            // rcf is idempotent and ignores infinitesimals: rcf(g + ↑) = rcf(g).
            prop_assert_eq!(s.reduced_canonical_form(r), r);
            let up = s.nus(Dyadic::zero(), 1, 0);
            let gu = s.add(g, up);
            prop_assert_eq!(s.reduced_canonical_form(gu), r);
        }
    }
}
