//! Temperature operations: cooling, heating, overheating, freezing, and incentives.

use super::error::TheoryError;
use super::thermograph::ThermoMemo;
use crate::game::dyadic::Dyadic;
use crate::game::store::{GameId, GameStore};
use rustc_hash::FxHashMap;

impl GameStore {
    /// `G` cooled by `t` (`G_t`), for `t > -1` (Siegel, *Combinatorial Game Theory*, ch. II,
    /// temperature theory; *Winning Ways* ch. 6): an integer is unchanged; otherwise
    /// `G_t = {G^L_t - t | G^R_t + t}`, unless some `t' < t` makes `G_{t'}` infinitely close to
    /// a number `x`, in which case `G_t = x` for the least such `t'`. That least `t'` is the
    /// temperature of `G` and `x` its mean, so `G_t` is the mean once `t` exceeds the
    /// temperature. Cooling is well defined on values; it is computed on canonical forms.
    ///
    /// Below 0 this is Siegel's definition exactly: a non-integer number `m/2^k` is unchanged
    /// above its temperature `-1/2^k` but not below (`1/2` cooled by `-1/2` is `1/2*`), which
    /// keeps `L(G_t)` and `R(G_t)` equal to the walls of the thermograph at every `t > -1`.
    /// At `t = -1` itself cooling would be heating by 1, which depends on the form of `G`
    /// (`{0, * | 1}` and `{0 | 1}` are both `1/2` but heat differently), so, as in CGSuite,
    /// `t` must exceed `-1`; the thermograph's value at `-1` is the limit.
    ///
    /// ```
    /// use cgt_core::game::{Dyadic, GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let (three, minus_one) = (s.integer(3), s.integer(-1));
    /// let g = s.canonical(&[three], &[minus_one]);
    /// let c = s.cool(g, &Dyadic::from_i64(1)).unwrap();
    /// assert_eq!(s.display(c, Notation::Ascii), "{2|0}");
    /// let c = s.cool(g, &Dyadic::from_i64(2)).unwrap();
    /// assert_eq!(s.display(c, Notation::Ascii), "1*");
    /// ```
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> Result<GameId, TheoryError> {
        if *t <= Dyadic::from_i64(-1) {
            return Err(TheoryError::TemperatureTooLow { t: t.clone() });
        }
        let mut thermo = ThermoMemo::default();
        let mut memo = FxHashMap::default();
        Ok(self.cool_in(g, t, &mut thermo, &mut memo))
    }

    fn cool_in(
        &mut self,
        g: GameId,
        t: &Dyadic,
        thermo: &mut ThermoMemo,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if self.is_integer(g) {
            return g;
        }
        if let Some(&c) = memo.get(&g) {
            return c;
        }
        self.check_interrupt();
        let result = if self.temperature_in(g, thermo) < *t {
            let m = match self.as_nus(g) {
                Some(v) => v.number.clone(),
                None => self.thermograph_in(g, thermo).mast().clone(),
            };
            self.number(m)
        } else {
            let minus_t = self.number(-t);
            let plus_t = self.number(t.clone());
            self.shifted_options(g, minus_t, plus_t, |s, x| s.cool_in(x, t, thermo, memo))
        };
        memo.insert(g, result);
        result
    }

    /// `G` frozen: cooled by its own temperature, so infinitely close to its mean
    /// (`{3|-1}` freezes to `1*`). A number is already frozen and is returned unchanged.
    pub fn freeze(&mut self, g: GameId) -> GameId {
        // Numbers are frozen, and `x + n↑ + *m` has temperature 0: cooling by 0 changes
        // nothing (and ↑^n for huge n is never walked).
        if self.as_nus(g).is_some() {
            return g;
        }
        let t = self.temperature(g);
        self.cool(g, &t)
            .expect("temperatures of non-numbers are at least 0")
    }

    /// `G` heated by `t` (`∫^t G`, *Winning Ways* ch. 6; Siegel ch. II): a number is unchanged,
    /// otherwise `∫^t G = {∫^t G^L + t | ∫^t G^R - t}`. Heating depends on the form of `G`; as
    /// in CGSuite it is applied to the canonical form. `t` may be any game.
    ///
    /// ```
    /// use cgt_core::game::{GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let (star, one) = (s.nimber(1), s.integer(1));
    /// let h = s.heat(star, one);
    /// assert_eq!(s.display(h, Notation::Ascii), "+-1");
    /// ```
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.heat_in(g, t, &mut memo)
    }

    fn heat_in(&mut self, g: GameId, t: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if self.is_number(g) {
            return g;
        }
        if let Some(&h) = memo.get(&g) {
            return h;
        }
        self.check_interrupt();
        let minus_t = self.neg(t);
        let result = self.shifted_options(g, t, minus_t, |s, x| s.heat_in(x, t, memo));
        memo.insert(g, result);
        result
    }

    /// `{f(G^L) + shift_left | f(G^R) + shift_right}` in canonical form: the shape shared by
    /// cooling (`-t`, `+t`), heating and overheating (`+t`, `-t`).
    fn shifted_options(
        &mut self,
        g: GameId,
        shift_left: GameId,
        shift_right: GameId,
        mut f: impl FnMut(&mut GameStore, GameId) -> GameId,
    ) -> GameId {
        let (l, r) = self.options(g);
        let mut left = Vec::with_capacity(l.len());
        for &x in l.iter() {
            let v = f(self, x);
            left.push(self.add(v, shift_left));
        }
        let mut right = Vec::with_capacity(r.len());
        for &x in r.iter() {
            let v = f(self, x);
            right.push(self.add(v, shift_right));
        }
        self.canonical(&left, &right)
    }

    /// `G` overheated from `s` to `t` (`∫_s^t G`, *Winning Ways* ch. 6): an integer `n`
    /// becomes `n·s` (`n` copies of `s`), otherwise
    /// `∫_s^t G = {∫_s^t G^L + t | ∫_s^t G^R - t}`. Applied to the canonical form, as CGSuite.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.overheat_in(g, s, t, &mut memo)
    }

    fn overheat_in(
        &mut self,
        g: GameId,
        s: GameId,
        t: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            let n = n.numer().clone();
            return self.multiple(s, &n);
        }
        if let Some(&h) = memo.get(&g) {
            return h;
        }
        self.check_interrupt();
        let minus_t = self.neg(t);
        let result =
            self.shifted_options(g, t, minus_t, |store, x| store.overheat_in(x, s, t, memo));
        memo.insert(g, result);
        result
    }

    /// Left's incentives `G^L - G`, without duplicates or dominated ones (Left prefers larger
    /// incentives), in display order. A number's incentives are negative (number avoidance).
    pub fn left_incentives(&mut self, g: GameId) -> Vec<GameId> {
        let all = self.incentive_list(g, true, false);
        self.maximal(all)
    }

    /// Right's incentives `G - G^R`, without duplicates or dominated ones, in display order.
    pub fn right_incentives(&mut self, g: GameId) -> Vec<GameId> {
        let all = self.incentive_list(g, false, true);
        self.maximal(all)
    }

    /// All incentives (Left's and Right's together), without duplicates or dominated ones:
    /// the moves worth most to either player, as CGSuite's `Incentives`.
    ///
    /// ```
    /// use cgt_core::game::{GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let (two, one) = (s.integer(2), s.integer(1));
    /// let g = s.canonical(&[two], &[one]);
    /// let inc = s.incentives(g);
    /// assert_eq!(inc.len(), 1);
    /// assert_eq!(s.display(inc[0], Notation::Ascii), "{1|0}");
    /// ```
    pub fn incentives(&mut self, g: GameId) -> Vec<GameId> {
        let all = self.incentive_list(g, true, true);
        self.maximal(all)
    }

    fn incentive_list(&mut self, g: GameId, left: bool, right: bool) -> Vec<GameId> {
        let (l, r) = self.options(g);
        let mut out = Vec::new();
        if left {
            for &x in l.iter() {
                out.push(self.sub(x, g));
            }
        }
        if right {
            for &x in r.iter() {
                out.push(self.sub(g, x));
            }
        }
        out
    }

    /// The elements of `games` not strictly below another, deduplicated, in display order.
    fn maximal(&mut self, mut games: Vec<GameId>) -> Vec<GameId> {
        games.sort_unstable();
        games.dedup();
        let mut keep = Vec::new();
        for (i, &a) in games.iter().enumerate() {
            // Quadratic in the incentives (thousands for a large nimber): answer Ctrl-C.
            self.check_interrupt();
            let dominated = games
                .iter()
                .enumerate()
                .any(|(j, &b)| i != j && self.leq(a, b) && (!self.leq(b, a)));
            if !dominated {
                keep.push(a);
            }
        }
        keep.sort_by(|&a, &b| self.display_cmp(a, b));
        keep
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::{Lit, arb_lit, d, game, show};
    use proptest::prelude::*;

    fn cooled(s: &mut GameStore, g: &str, t: Dyadic) -> String {
        let id = game(s, g);
        let c = s.cool(id, &t).unwrap();
        show(s, c)
    }

    #[test]
    fn cooling_switches_worked_by_hand() {
        let mut s = GameStore::new();
        assert_eq!(cooled(&mut s, "{3|-1}", d(1, 0)), "{2|0}");
        assert_eq!(cooled(&mut s, "{3|-1}", d(2, 0)), "1*");
        assert_eq!(cooled(&mut s, "{3|-1}", d(3, 0)), "1");
        assert_eq!(cooled(&mut s, "{3|-1}", d(0, 0)), "{3|-1}");
        assert_eq!(cooled(&mut s, "{3|-1}", d(-1, 1)), "{7/2|-3/2}");
        assert_eq!(cooled(&mut s, "+-1", d(1, 0)), "*");
        assert_eq!(cooled(&mut s, "{2|1}", d(1, 1)), "3/2*");
        assert_eq!(cooled(&mut s, "{2|1}", d(1, 0)), "3/2");
        // {3 || 2* | 1*} cooled by 1/2: {5/2 | {2*|1*}_{1/2} + 1/2} = {5/2 | 3/2* + 1/2}.
        assert_eq!(cooled(&mut s, "{3||2*|1*}", d(1, 1)), "{5/2|2*}");
        assert_eq!(cooled(&mut s, "{3||2*|1*}", d(3, 2)), "9/4*");
        assert_eq!(cooled(&mut s, "{3||2*|1*}", d(1, 0)), "9/4");
        // Infinitesimals and numbers.
        assert_eq!(cooled(&mut s, "^", d(0, 0)), "^");
        assert_eq!(cooled(&mut s, "^", d(1, 2)), "0");
        assert_eq!(cooled(&mut s, "7/4", d(5, 0)), "7/4");
        assert_eq!(cooled(&mut s, "1/2", d(-1, 1)), "1/2*");
        assert_eq!(cooled(&mut s, "*", d(-1, 1)), "+-1/2");
        let g = game(&mut s, "{3|-1}");
        for t in [d(-3, 1), d(-1, 0)] {
            let err = Err(TheoryError::TemperatureTooLow { t: t.clone() });
            assert_eq!(s.cool(g, &t), err);
        }
    }

    #[test]
    fn freezing_heating_and_overheating() {
        let mut s = GameStore::new();
        for (g, want) in [
            ("{3|-1}", "1*"),
            ("1/2", "1/2"),
            ("^", "^"),
            ("{2|1}", "3/2*"),
        ] {
            let id = game(&mut s, g);
            let f = s.freeze(id);
            assert_eq!(show(&mut s, f), want, "freeze({g})");
        }
        let one = s.integer(1);
        for (g, want) in [
            ("*", "+-1"),
            ("+-1", "+-2"),
            ("^", "{1||0|-2}"),
            ("1/2", "1/2"),
            ("{2|1}", "{3|0}"),
        ] {
            let id = game(&mut s, g);
            let h = s.heat(id, one);
            assert_eq!(show(&mut s, h), want, "heat({g}, 1)");
        }
        let star = s.nimber(1);
        let up = game(&mut s, "^");
        for (g, sv, tv, want) in [
            ("2", up, one, "^^"),
            ("-1", up, one, "v"),
            ("*", one, one, "+-1"),
            ("{1|0}", star, one, "{1*|-1}"),
            ("1/2", one, one, "{1|0}"),
        ] {
            let id = game(&mut s, g);
            let h = s.overheat(id, sv, tv);
            assert_eq!(show(&mut s, h), want, "overheat({g})");
        }
    }

    #[test]
    fn incentives_worked_by_hand() {
        let mut s = GameStore::new();
        let all = |s: &mut GameStore, v: Vec<GameId>| {
            v.into_iter().map(|g| show(s, g)).collect::<Vec<_>>()
        };
        let g = game(&mut s, "{3|-1}");
        let inc = s.incentives(g);
        assert_eq!(all(&mut s, inc), ["{4|0}"]);
        let g = game(&mut s, "^");
        let (l, r, b) = (s.left_incentives(g), s.right_incentives(g), s.incentives(g));
        assert_eq!(all(&mut s, l), ["v"]);
        assert_eq!(all(&mut s, r), ["^*"]);
        assert_eq!(all(&mut s, b), ["^*"]);
        let g = game(&mut s, "1/2");
        let inc = s.incentives(g);
        assert_eq!(all(&mut s, inc), ["-1/2"]);
    }

    /// The definition of cooling applied literally to a game tree: the "unless" clause is
    /// decided by trying every temperature `t'` of the grid `-1 + k/32` (`k >= 1`) below `t`.
    struct Naive {
        raw: FxHashMap<(usize, Dyadic), GameId>,
        first: FxHashMap<usize, Option<(Dyadic, Dyadic)>>,
    }

    const GRID: u32 = 5;

    impl Naive {
        fn cool(&mut self, s: &mut GameStore, g: &Lit, t: &Dyadic) -> GameId {
            let v = g.value(s);
            if s.is_integer(v) {
                return v;
            }
            let key = g as *const Lit as usize;
            if !self.first.contains_key(&key) {
                // The least grid temperature (up to 4) at which the raw form is numberish.
                let mut found = None;
                let mut k = 1;
                loop {
                    let tp = &d(-1, 0) + &d(k, GRID);
                    if tp > d(4, 0) {
                        break;
                    }
                    let h = self.raw(s, g, &tp);
                    if s.left_stop(h) == s.right_stop(h) {
                        found = Some((tp, s.left_stop(h)));
                        break;
                    }
                    k += 1;
                }
                self.first.insert(key, found);
            }
            match &self.first[&key] {
                Some((tp, x)) if tp < t => s.number(x.clone()),
                _ => self.raw(s, g, t),
            }
        }

        fn raw(&mut self, s: &mut GameStore, g: &Lit, t: &Dyadic) -> GameId {
            let key = (g as *const Lit as usize, t.clone());
            if let Some(&h) = self.raw.get(&key) {
                return h;
            }
            let (minus_t, plus_t) = (s.number(-t), s.number(t.clone()));
            let mut left = vec![];
            for x in &g.left {
                let c = self.cool(s, x, t);
                left.push(s.add(c, minus_t));
            }
            let mut right = vec![];
            for x in &g.right {
                let c = self.cool(s, x, t);
                right.push(s.add(c, plus_t));
            }
            let h = s.canonical(&left, &right);
            self.raw.insert(key, h);
            h
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn cool_agrees_with_the_naive_definition(g in arb_lit(3, 2), k in 1i64..=128) {
            let mut s = GameStore::new();
            let t = &d(-1, 0) + &d(k, GRID);
            let mut naive = Naive { raw: FxHashMap::default(), first: FxHashMap::default() };
            let want = naive.cool(&mut s, &g, &t);
            let v = g.value(&mut s);
            let got = s.cool(v, &t).unwrap();
            prop_assert_eq!(got, want, "{} cooled by {}", show(&mut s, v), t);
        }

        #[test]
        fn thermograph_walls_are_the_stops_of_the_cooled_game(g in arb_lit(3, 3), k in 1i64..=48) {
            let mut s = GameStore::new();
            let t = &d(-1, 0) + &d(k, 3);
            let v = g.value(&mut s);
            let th = s.thermograph(v);
            let c = s.cool(v, &t).unwrap();
            prop_assert_eq!(th.left_wall().value_at(&t), s.left_stop(c));
            prop_assert_eq!(th.right_wall().value_at(&t), s.right_stop(c));
        }

        #[test]
        fn heating_by_zero_changes_nothing(g in arb_lit(3, 3)) {
            let mut s = GameStore::new();
            let v = g.value(&mut s);
            let z = s.zero();
            prop_assert_eq!(s.heat(v, z), v);
        }
    }
}
