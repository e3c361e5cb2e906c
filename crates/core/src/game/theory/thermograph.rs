//! Thermographs, mean, temperature and stop count: the thermographic picture of a game.

use super::trajectory::Trajectory;
use crate::game::abort::{Abort, raise};
use crate::game::display::Notation;
use crate::game::dyadic::Dyadic;
use crate::game::nus::Nus;
use crate::game::store::{GameId, GameStore, MAX_ENUMERATED_NIMBER, Node};
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::fmt;

/// The thermograph of a short game `G`: its left wall `t ↦ L(G_t)` and right wall
/// `t ↦ R(G_t)` for `t >= -1` (the stops of `G` cooled by `t`), which meet at the base of a
/// vertical mast at the mean of `G`, from the temperature of `G` upwards.
///
/// Built by the standard recursion (Berlekamp–Conway–Guy, *Winning Ways* ch. 6; Siegel,
/// *Combinatorial Game Theory*, ch. II, temperature theory): an integer `n` is a mast at `n`
/// from `t = -1`; otherwise the *left scaffold* is the maximum of the right walls of the Left
/// options, tilted by `-t`, the *right scaffold* is the minimum of the left walls of the Right
/// options, tilted by `+t`, and the walls follow the scaffolds up to the least temperature at
/// which they meet; above it both walls are the mast. A number `m/2^k` (`k >= 1`) gets a small
/// hump below `t = -1/2^k`, which is why its temperature is `-1/2^k`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
    mast: Dyadic,
    temperature: Dyadic,
}

/// Thermographs already computed during one operation, by game.
pub(crate) type ThermoMemo = FxHashMap<GameId, Thermograph>;

impl Thermograph {
    /// A vertical mast at `x` from `t = -1`: the thermograph of the integer `x`.
    pub fn mast_only(x: Dyadic) -> Thermograph {
        Thermograph {
            left: Trajectory::constant(x.clone()),
            right: Trajectory::constant(x.clone()),
            mast: x,
            temperature: Dyadic::from_i64(-1),
        }
    }

    /// `t ↦ L(G_t)`.
    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }

    /// `t ↦ R(G_t)`.
    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }

    /// The value of the mast: the mean of the game.
    pub fn mast(&self) -> &Dyadic {
        &self.mast
    }

    /// Where the mast begins: the temperature of the game.
    pub fn temperature(&self) -> &Dyadic {
        &self.temperature
    }

    /// A readable description with exact breakpoints, e.g. for `{3|-1}`:
    ///
    /// ```text
    /// thermograph: mean 1, temperature 2
    ///   left wall:  4 at t=-1 -> 1 at t=2
    ///   right wall: -2 at t=-1 -> 1 at t=2
    ///   mast: 1 for t >= 2
    /// ```
    pub fn describe(&self, notation: Notation) -> String {
        let arrow = match notation {
            Notation::Ascii => " -> ",
            Notation::Unicode => " → ",
        };
        let ge = match notation {
            Notation::Ascii => ">=",
            Notation::Unicode => "≥",
        };
        let wall = |w: &Trajectory| {
            w.points()
                .iter()
                .map(|(t, v)| format!("{v} at t={t}"))
                .collect::<Vec<_>>()
                .join(arrow)
        };
        format!(
            "thermograph: mean {}, temperature {}\n  left wall:  {}\n  right wall: {}\n  mast: {} for t {ge} {}",
            self.mast,
            self.temperature,
            wall(&self.left),
            wall(&self.right),
            self.mast,
            self.temperature
        )
    }
}

impl fmt::Display for Thermograph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Notation::Ascii))
    }
}

/// A number-up-star value with the same thermograph as `v`: for `x + n↑ + *m` the walls depend
/// only on `x`, on whether `n` is 0, 1 or more (with its sign), and for `n = ±1` on whether
/// `m = 1` (checked against the full recursion in the tests). Keeps the recursion short for
/// `*1000` or `↑50`.
fn thermal_representative(v: &Nus) -> Nus {
    let (ups, nim) = match (v.ups, v.nim) {
        (0, 0) => (0, 0),
        (0, _) => (0, 1),
        (1, 1) | (-1, 1) => (v.ups, 1),
        (1, _) | (-1, _) => (v.ups, 0),
        (n, _) => (2 * n.signum(), 0),
    };
    Nus {
        number: v.number.clone(),
        ups,
        nim,
    }
}

impl GameStore {
    /// The thermograph of `g` (see [`Thermograph`]).
    ///
    /// ```
    /// use cgt_core::game::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let (three, minus_one) = (s.integer(3), s.integer(-1));
    /// let g = s.canonical(&[three], &[minus_one]);
    /// let th = s.thermograph(g);
    /// assert_eq!(th.mast(), &Dyadic::from_i64(1));
    /// assert_eq!(th.temperature(), &Dyadic::from_i64(2));
    /// ```
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        let mut memo = ThermoMemo::default();
        self.thermograph_in(g, &mut memo)
    }

    pub(crate) fn thermograph_in(&mut self, g: GameId, memo: &mut ThermoMemo) -> Thermograph {
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            return Thermograph::mast_only(x.clone());
        }
        if let Node::Nus(v) = self.node(g) {
            let rep = thermal_representative(v);
            if rep != **v {
                let r = self.intern_nus(rep);
                return self.thermograph_in(r, memo);
            }
        }
        if let Some(th) = memo.get(&g) {
            return th.clone();
        }
        self.check_interrupt();
        let (left, right) = self.options(g);
        let mut scaffold_l: Option<Trajectory> = None;
        for &x in left.iter() {
            let w = self.thermograph_in(x, memo).right;
            scaffold_l = Some(match scaffold_l {
                Some(s) => s.max(&w),
                None => w,
            });
        }
        let mut scaffold_r: Option<Trajectory> = None;
        for &x in right.iter() {
            let w = self.thermograph_in(x, memo).left;
            scaffold_r = Some(match scaffold_r {
                Some(s) => s.min(&w),
                None => w,
            });
        }
        // Only integers lack options on a side, and they were handled above.
        let scaffold_l = scaffold_l.expect("a non-integer has Left options").tilt(-1);
        let scaffold_r = scaffold_r.expect("a non-integer has Right options").tilt(1);
        let th = intersect(&scaffold_l, &scaffold_r);
        memo.insert(g, th.clone());
        th
    }

    /// The mean `m(G)`: the value of the mast of the thermograph, the number that `n·G` stays
    /// within a bounded distance of (`m(G + H) = m(G) + m(H)`). A number is its own mean and
    /// `x + n↑ + *m` has mean `x`.
    ///
    /// ```
    /// use cgt_core::game::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let (two, one) = (s.integer(2), s.integer(1));
    /// let g = s.canonical(&[two], &[one]);
    /// assert_eq!(s.mean(g).to_string(), "3/2");
    /// ```
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        if let Some(v) = self.as_nus(g) {
            return v.number.clone();
        }
        self.thermograph(g).mast
    }

    /// The temperature: the least `t` at which `G` cooled by `t` is infinitely close to a
    /// number (the base of the thermograph's mast). Conventions as in Siegel and CGSuite: an
    /// integer has temperature `-1`, a number `m/2^k` (odd `m`, `k >= 1`) has `-1/2^k`, a
    /// number plus a nonzero infinitesimal has 0; `{3|-1}` has 2, `{2|1}` has 1/2.
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        let mut memo = ThermoMemo::default();
        self.temperature_in(g, &mut memo)
    }

    pub(crate) fn temperature_in(&mut self, g: GameId, memo: &mut ThermoMemo) -> Dyadic {
        if let Some(v) = self.as_nus(g) {
            if v.is_number() {
                return -&Dyadic::unit(v.number.exponent());
            }
            return Dyadic::zero();
        }
        self.thermograph_in(g, memo).temperature
    }

    /// The number of stops of `g`: the number of move sequences in the canonical game tree
    /// that start at `g` and end at the first number reached (a number counts once; every
    /// option contributes its own count). As CGSuite's `StopCount`: `stop_count(x) = 1`,
    /// `stop_count(*m) = 2·3^(m-1)`, `stop_count(↑) = 3`, `stop_count({3|-1}) = 2`.
    pub fn stop_count(&mut self, g: GameId) -> BigInt {
        let mut memo: FxHashMap<GameId, BigInt> = FxHashMap::default();
        self.stop_count_in(g, &mut memo)
    }

    fn stop_count_in(&mut self, g: GameId, memo: &mut FxHashMap<GameId, BigInt>) -> BigInt {
        if let Some(v) = self.as_nus(g) {
            return nus_stop_count(v.ups, v.nim);
        }
        if let Some(c) = memo.get(&g) {
            return c.clone();
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let mut count = BigInt::from(0);
        for &x in l.iter().chain(r.iter()) {
            count += self.stop_count_in(x, memo);
        }
        memo.insert(g, count.clone());
        count
    }
}

/// The thermograph whose walls follow the scaffolds up to their first meeting.
fn intersect(left: &Trajectory, right: &Trajectory) -> Thermograph {
    let t = left
        .first_meeting(right)
        .expect("scaffolds of slopes -1 and +1 at the top always meet");
    let (l, r) = (left.value_at(&t), right.value_at(&t));
    // The scaffolds cross at t, or (at t = -1 only) the left one is already below.
    let mast = if l == r {
        l
    } else {
        Dyadic::simplest_between(Some(&l), Some(&r))
    };
    Thermograph {
        left: left.up_to_mast(&t, mast.clone()),
        right: right.up_to_mast(&t, mast.clone()),
        mast,
        temperature: t,
    }
}

/// The stop count of `x + n↑ + *m` (the number `x` only relabels the leaves): `1` for a
/// number, `2·3^(m-1)` for `*m`; with `n != 0` ups, whose odd count carries a star
/// (`m' = m xor 1` for odd `n`, else `m' = m`), `|n| + 3` for `m' = 0`, `|n| + 2` for
/// `m' = 1` and `|n| + 2·3^(m'-1)` beyond (checked against the walk of the tree in tests).
fn nus_stop_count(ups: i64, nim: u64) -> BigInt {
    let nimber = |m: u64| match m {
        0 => BigInt::from(1),
        m if m > MAX_ENUMERATED_NIMBER => raise(Abort::TooLarge(format!(
            "the stop count of *{m} has more than a million digits"
        ))),
        m => BigInt::from(2) * BigInt::from(3).pow((m - 1) as u32),
    };
    if ups == 0 {
        return nimber(nim);
    }
    let n = BigInt::from(ups.unsigned_abs());
    let m = if ups % 2 != 0 { nim ^ 1 } else { nim };
    match m {
        0 => n + 3,
        1 => n + 2,
        m => n + nimber(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::{arb_lit, d, game};
    use proptest::prelude::*;

    /// Stop count by walking the tree to the first number on each path (no formula).
    fn walked_stop_count(s: &mut GameStore, g: GameId) -> u64 {
        if s.is_number(g) {
            return 1;
        }
        let (l, r) = s.options(g);
        l.iter()
            .chain(r.iter())
            .map(|&x| walked_stop_count(s, x))
            .sum()
    }

    #[test]
    fn number_up_star_stop_counts_agree_with_the_walk() {
        let mut s = GameStore::new();
        for x in ["0", "3/4", "-2"] {
            for ups in -6i64..=6 {
                for nim in 0u64..=5 {
                    let number = game(&mut s, x);
                    let number = s.as_number(number).cloned().unwrap_or_else(Dyadic::zero);
                    let g = s.nus(number, ups, nim);
                    assert_eq!(
                        s.stop_count(g),
                        BigInt::from(walked_stop_count(&mut s, g)),
                        "{x} + {ups} ups + *{nim}"
                    );
                }
            }
        }
    }

    #[test]
    fn hot_switches() {
        let mut s = GameStore::new();
        let g = game(&mut s, "{3|-1}");
        let th = s.thermograph(g);
        assert_eq!((th.mast(), th.temperature()), (&d(1, 0), &d(2, 0)));
        assert_eq!(
            th.left_wall().points(),
            vec![(d(-1, 0), d(4, 0)), (d(2, 0), d(1, 0))]
        );
        assert_eq!(
            th.right_wall().points(),
            vec![(d(-1, 0), d(-2, 0)), (d(2, 0), d(1, 0))]
        );
        assert_eq!(
            th.to_string(),
            "thermograph: mean 1, temperature 2\n  left wall:  4 at t=-1 -> 1 at t=2\n  \
             right wall: -2 at t=-1 -> 1 at t=2\n  mast: 1 for t >= 2"
        );
        let g = game(&mut s, "{2|1}");
        assert_eq!((s.mean(g), s.temperature(g)), (d(3, 1), d(1, 1)));
        let g = game(&mut s, "{1|-1}");
        assert_eq!((s.mean(g), s.temperature(g)), (d(0, 0), d(1, 0)));
    }

    #[test]
    fn nested_switch_worked_by_hand() {
        // {3 || 2* | 1*}: the inner {2*|1*} has walls 2, 2 - t | 1, 1 + t meeting at
        // (1/2, 3/2); then 3 - t meets the right scaffold 3/2 + t at (3/4, 9/4).
        let mut s = GameStore::new();
        let g = game(&mut s, "{3||2*|1*}");
        let th = s.thermograph(g);
        assert_eq!((th.mast(), th.temperature()), (&d(9, 2), &d(3, 2)));
        assert_eq!(
            th.left_wall().points(),
            vec![(d(-1, 0), d(4, 0)), (d(3, 2), d(9, 2))]
        );
        assert_eq!(
            th.right_wall().points(),
            vec![
                (d(-1, 0), d(1, 0)),
                (d(0, 0), d(2, 0)),
                (d(1, 1), d(2, 0)),
                (d(3, 2), d(9, 2))
            ]
        );
    }

    #[test]
    fn conventions_for_numbers_and_infinitesimals() {
        let mut s = GameStore::new();
        for (g, t) in [
            ("0", d(-1, 0)),
            ("5", d(-1, 0)),
            ("1/2", d(-1, 1)),
            ("-3/4", d(-1, 2)),
            ("*", d(0, 0)),
            ("^", d(0, 0)),
            ("1*", d(0, 0)),
            ("{0|^*}", d(0, 0)),
        ] {
            let id = game(&mut s, g);
            assert_eq!(s.temperature(id), t, "temperature({g})");
        }
        // The scaffold construction agrees with the -1/2^k convention for numbers.
        for g in ["1/2", "3/4", "-5/8", "7/2"] {
            let id = game(&mut s, g);
            let v = s.as_number(id).unwrap().clone();
            let th = s.thermograph(id);
            assert_eq!(th.temperature(), &-&Dyadic::unit(v.exponent()), "{g}");
            assert_eq!(th.mast(), &v);
        }
        let up = game(&mut s, "^");
        assert_eq!(s.mean(up), d(0, 0));
        // 1/2 below its temperature: walls 1 - (t+1)... i.e. -t and 1 + t.
        let half = game(&mut s, "1/2");
        let th = s.thermograph(half);
        assert_eq!(th.left_wall().value_at(&d(-1, 0)), d(1, 0));
        assert_eq!(th.right_wall().value_at(&d(-1, 0)), d(0, 0));
    }

    #[test]
    fn representatives_have_the_same_thermograph_as_the_full_recursion() {
        // Thermographs of x + n↑ + *m computed through every option, without the shortcut.
        fn full(s: &mut GameStore, g: GameId, memo: &mut ThermoMemo) -> Thermograph {
            if let Some(x) = s.as_number(g).filter(|x| x.is_integer()) {
                return Thermograph::mast_only(x.clone());
            }
            if let Some(th) = memo.get(&g) {
                return th.clone();
            }
            let (l, r) = s.options(g);
            let ls: Vec<Trajectory> = l.iter().map(|&x| full(s, x, memo).right).collect();
            let rs: Vec<Trajectory> = r.iter().map(|&x| full(s, x, memo).left).collect();
            let sl = ls.iter().skip(1).fold(ls[0].clone(), |a, b| a.max(b));
            let sr = rs.iter().skip(1).fold(rs[0].clone(), |a, b| a.min(b));
            let th = intersect(&sl.tilt(-1), &sr.tilt(1));
            memo.insert(g, th.clone());
            th
        }
        let mut s = GameStore::new();
        let mut memo = ThermoMemo::default();
        for x in [d(0, 0), d(1, 1), d(-3, 2), d(2, 0)] {
            for n in -5i64..=5 {
                for m in 0u64..=4 {
                    let g = s.nus(x.clone(), n, m);
                    assert_eq!(s.thermograph(g), full(&mut s, g, &mut memo), "{x} {n} {m}");
                }
            }
        }
    }

    #[test]
    fn stop_counts() {
        let mut s = GameStore::new();
        for (g, n) in [
            ("7", 1),
            ("*", 2),
            ("*2", 6),
            ("*3", 18),
            ("^", 3),
            ("{3|-1}", 2),
            ("{3||2*|1*}", 1 + 2 + 2),
        ] {
            let id = game(&mut s, g);
            assert_eq!(s.stop_count(id), BigInt::from(n), "stop_count({g})");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn mean_is_additive(a in arb_lit(3, 3), b in arb_lit(3, 3)) {
            let mut s = GameStore::new();
            let (g, h) = (a.value(&mut s), b.value(&mut s));
            let gh = s.add(g, h);
            prop_assert_eq!(s.mean(gh), &s.mean(g) + &s.mean(h));
            let ng = s.neg(g);
            prop_assert_eq!(s.mean(ng), -&s.mean(g));
        }

        #[test]
        fn stops_bracket_the_mean(a in arb_lit(3, 3)) {
            let mut s = GameStore::new();
            let g = a.value(&mut s);
            let (l, r) = (s.left_stop(g), s.right_stop(g));
            prop_assert!(l >= r);
            let m = s.mean(g);
            prop_assert!(r <= m && m <= l);
            // Temperature is translation invariant, and the mast starts where walls meet.
            let th = s.thermograph(g);
            let t = th.temperature().clone();
            prop_assert_eq!(th.left_wall().value_at(&t), m.clone());
            prop_assert_eq!(th.right_wall().value_at(&t), m);
            if !s.is_number(g) {
                let x = s.number(d(3, 2));
                let gx = s.add(g, x);
                prop_assert_eq!(s.temperature(gx), s.temperature(g));
            }
        }
    }
}
