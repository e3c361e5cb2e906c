//! Comparison of games and outcome classes.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::outcome::Outcome;
use super::store::{GameId, GameStore, Node};
use num_traits::ToPrimitive;
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
        // The stop words first, from their dense array, before either game's node is read
        // (two more cache misses on large searches): they decide most calls alone. What
        // they decide is not memoized: deciding again costs what a look-up in the memo
        // would, and the memo keeps only the pairs whose options had to be visited (a
        // third of the pairs on Domineering boards, and the memo's growth was 7% of that
        // search). The words hold for every game, number-up-star values included.
        let (sg, sh) = (self.stops_entry(g), self.stops_entry(h));
        let both_fit = sg.0 > STOPS_TOO_BIG && sh.0 > STOPS_TOO_BIG;
        if both_fit && let Some(r) = leq_by_small_stops(sg, sh) {
            return r;
        }
        if let (Node::Nus(a), Node::Nus(b)) = (self.node(g), self.node(h)) {
            return nus_leq(a, b);
        }
        if !both_fit && let Some(r) = leq_by_small_stops(self.stops(g), self.stops(h)) {
            return r;
        }
        if let Some(r) = self.leq_memo.get(g, h) {
            return r;
        }
        self.check_interrupt();
        let result = if self.is_number(g) {
            let hr = self.right_options(h);
            !self.refuted((g, sg), (h, sh), &[], &hr)
        } else if self.is_number(h) {
            let gl = self.left_options(g);
            !self.refuted((g, sg), (h, sh), &gl, &[])
        } else {
            let gl = self.left_options(g);
            let hr = self.right_options(h);
            !self.refuted((g, sg), (h, sh), &gl, &hr)
        };
        self.remember_leq(g, h, result);
        result
    }

    /// Whether some `G^L` in `gl` is `>= H` or some `H^R` in `hr` is `<= G` (what refutes
    /// `G <= H`): first every option by the stop words alone (see [`leq_by_small_stops`]),
    /// which answer at once when one of them decides, then the options left by `leq`, so
    /// that no option is searched in depth while a later one is known from its words.
    /// `sg`, `sh`: the stop words of `g` and `h` as `leq` read them.
    fn refuted(
        &mut self,
        (g, sg): (GameId, (i64, i64)),
        (h, sh): (GameId, (i64, i64)),
        gl: &[GameId],
        hr: &[GameId],
    ) -> bool {
        if sh.0 > STOPS_TOO_BIG {
            for &x in gl {
                let sx = self.stops_entry(x);
                if x == h || sx.0 > STOPS_TOO_BIG && leq_by_small_stops(sh, sx) == Some(true) {
                    return true;
                }
            }
        }
        if sg.0 > STOPS_TOO_BIG {
            for &y in hr {
                let sy = self.stops_entry(y);
                if y == g || sy.0 > STOPS_TOO_BIG && leq_by_small_stops(sy, sg) == Some(true) {
                    return true;
                }
            }
        }
        gl.iter().any(|&x| self.leq(h, x)) || hr.iter().any(|&y| self.leq(y, g))
    }

    /// The stop words of `g` (see [`stop_word`]), remembered by id; `None` when a stop does
    /// not fit.
    pub(crate) fn small_stops(&mut self, g: GameId) -> Option<(i64, i64)> {
        let entry = self.stops_entry(g);
        (entry.0 > STOPS_TOO_BIG).then_some(entry)
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
        if let Some(r) = self.literal_by_stops(h, lit, true) {
            return r;
        }
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
        if let Some(r) = self.literal_by_stops(h, lit, false) {
            return r;
        }
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

impl GameStore {
    /// `H <= G` (`h_below`) or `G <= H` for `G` given by the options in `lit`, decided by
    /// the stops when they can (see [`leq_by_small_stops`]).
    fn literal_by_stops(
        &mut self,
        h: GameId,
        lit: &mut Literal<'_>,
        h_below: bool,
    ) -> Option<bool> {
        let g = self.literal_stops(lit)?;
        let h = self.small_stops(h)?;
        if h_below {
            leq_by_small_stops(h, g)
        } else {
            leq_by_small_stops(g, h)
        }
    }

    /// The stop words (see [`stop_word`]) of the game `G` that `lit` gives by options,
    /// computed once, when they are known from the options' words: `l = max Rw(G^L)` and
    /// `r = min Lw(G^R)` (both sides non-empty, every stop fitting) and `l >= r`. They are
    /// `G`'s words then, although the form is not canonical: stops and the comparisons
    /// with numbers that adorn them are the same for equal games, and the recursion of
    /// [`stop_word`] holds for every form not equal to a number. `G` equal to a number `x`
    /// is ruled out by `l >= r`: every `G^L <| x`, so `R(G^L) <= x`, and at `R(G^L) = x`,
    /// `G^L >= x` fails: `Rw(G^L) <= 2x`; likewise every `Lw(G^R) >= 2x + 1`; so `l < r`.
    /// When `l < r` nothing is known and `None` is given.
    fn literal_stops(&mut self, lit: &mut Literal<'_>) -> Option<(i64, i64)> {
        if let Some(known) = lit.stops {
            return known;
        }
        let mut found = None;
        let mut l: Option<i64> = None;
        let mut r: Option<i64> = None;
        let all_fit = lit.left.iter().all(|&x| match self.small_stops(x) {
            Some((_, xr)) => {
                l = Some(l.map_or(xr, |b| b.max(xr)));
                true
            }
            None => false,
        }) && lit.right.iter().all(|&x| match self.small_stops(x) {
            Some((xl, _)) => {
                r = Some(r.map_or(xl, |b| b.min(xl)));
                true
            }
            None => false,
        });
        if all_fit
            && let (Some(l), Some(r)) = (l, r)
            && l >= r
        {
            found = Some((l, r));
        }
        lit.stops = Some(found);
        found
    }
}

/// `G <= H` decided by the stops `(L(G), R(G))` and `(L(H), R(H))` (the words of
/// [`stop_word`], or the `Dyadic` stops where they are kept), when they decide it (see
/// [`GameStore::leq`]): `Some(true)` when a number fits between (`L(G) < R(H)`), `Some(false)`
/// when a stop of `G` exceeds `H`'s (stops are monotone). On words the same two tests
/// decide also some games whose stops are equal (see [`stop_word`]).
pub(crate) fn leq_by_small_stops<T: PartialOrd>(
    (lg, rg): (T, T),
    (lh, rh): (T, T),
) -> Option<bool> {
    if lg < rh {
        Some(true)
    } else if lg > lh || rg > rh {
        Some(false)
    } else {
        None
    }
}

/// In `small_stops`: not yet computed.
pub(crate) const STOPS_UNKNOWN: i64 = i64::MIN;
/// In `small_stops`: a stop does not fit (compare the `Dyadic` stops instead).
pub(crate) const STOPS_TOO_BIG: i64 = i64::MIN + 1;

/// `d · 2^32` when that is an integer of magnitude below `2^62`: exactly the dyadics with
/// denominators up to `2^32` and magnitudes below `2^30`, ordered as the dyadics are. The
/// margin leaves room for the stop words (see [`stop_word`]).
pub(crate) fn fixed_point(d: &Dyadic) -> Option<i64> {
    let e = d.exponent();
    if e > 32 {
        return None;
    }
    let n = d.numer().to_i64()?;
    let v = i64::try_from(i128::from(n) << (32 - e)).ok()?;
    (v.unsigned_abs() < 1 << 62).then_some(v)
}

/// The word of a stop (a fixed-point number `v` from [`fixed_point`]) and its adornment:
/// `2v + above`, where `above` says that the game lies above the stop on that side: for
/// the left stop `L(G)`, that `G <= L(G)` fails; for the right stop `R(G)`, that
/// `G >= R(G)` holds. Words order as `(stop, above)` do, and stay apart from the markers
/// [`STOPS_UNKNOWN`] and [`STOPS_TOO_BIG`].
///
/// Why the words compare games better than the stops (see [`leq_by_small_stops`]): for a
/// number `x`, `x <= G` iff `x < R(G)`, or `x = R(G)` and `G >= R(G)`; `G <= x` iff
/// `x > L(G)`, or `x = L(G)` and `G <= L(G)` (a number strictly between the stops is
/// confused with `G`). So, writing `Lw`, `Rw` for the words:
/// - a number `x` with `G <= x <= H` exists iff `Lw(G) < Rw(H)` (either `L(G) < R(H)`, or
///   they are equal and `G <= L(G)`, `R(H) <= H`), and then `G <= H`;
/// - `G <= H` implies that every number below `G` is below `H` and every number above `H`
///   is above `G`: `Rw(G) <= Rw(H)` and `Lw(G) <= Lw(H)` (the words are monotone, as the
///   stops are).
///
/// They are found from the options as the stops are (see
/// [`GameStore::stops_entry`](super::store::GameStore)): for `G` not equal to a number,
/// `Lw(G) = max Rw(G^L)` and `Rw(G) = min Lw(G^R)`. Proof for the left side: `L(G) =
/// max R(G^L)`, and by number avoidance `G <= x` iff no `G^L >= x`; at `x = L(G)` a `G^L >=
/// x` needs `R(G^L) >= x`, so `R(G^L) = L(G)` and `G^L >= R(G^L)`: the options whose word
/// is `2 L(G) + 1`. So `G <= L(G)` fails iff the largest word of the options is odd. The
/// right side is the mirror image. A number `x` has the words `(2x, 2x + 1)`.
pub(crate) fn stop_word(v: i64, above: bool) -> i64 {
    2 * v + i64::from(above)
}

/// The fixed-point stop of a word from [`stop_word`].
pub(crate) fn word_stop(w: i64) -> i64 {
    w >> 1
}

/// `x + a↑ + *m <= y + b↑ + *n`: the sign of the difference `(y - x) + (b - a)↑ + *(m ^ n)`
/// (as [`Nus::sign`] gives it), found without building the difference: the numbers compare
/// first, and only when they are equal do the ups and nimbers decide.
pub(crate) fn nus_leq(a: &Nus, b: &Nus) -> bool {
    match a.number.cmp(&b.number) {
        Ordering::Less => true,
        Ordering::Greater => false,
        Ordering::Equal => {
            let nim = a.nim ^ b.nim;
            match b.ups.checked_sub(a.ups) {
                // More than 2^63 ups apart: `a.ups` and `b.ups` have opposite signs.
                None => a.ups < 0,
                Some(0) => nim == 0,
                Some(1) if nim == 1 => false,
                Some(d) => d > 0,
            }
        }
    }
}

/// A game not yet in canonical form, given by its options, with a memo of comparisons
/// against it (its value never changes while it is simplified, so answers stay valid).
pub(crate) struct Literal<'a> {
    pub left: &'a [GameId],
    pub right: &'a [GameId],
    memo: FxHashMap<(GameId, bool), bool>,
    /// The stops of the game, once asked for (see [`GameStore::literal_stops`]).
    stops: Option<Option<(i64, i64)>>,
}

impl<'a> Literal<'a> {
    pub fn new(left: &'a [GameId], right: &'a [GameId]) -> Literal<'a> {
        Literal {
            left,
            right,
            memo: FxHashMap::default(),
            stops: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Dyadic;

    /// `nus_leq` agrees with the sign of the difference built in full (the definition it
    /// replaced) on every pair of values `x + a↑ + *m` with `x` in steps of 1/4 around 0,
    /// `|a| <= 3` and `m < 4`.
    #[test]
    fn nus_comparison_agrees_with_the_sign_of_the_difference() {
        let mut values = Vec::new();
        for x in -3..=3 {
            for a in -3..=3 {
                for m in 0..4 {
                    values.push(Nus {
                        number: Dyadic::new(x.into(), 2),
                        ups: a,
                        nim: m,
                    });
                }
            }
        }
        for a in &values {
            for b in &values {
                let diff = b.add(&a.neg());
                let by_sign = matches!(diff.sign(), Some(Ordering::Greater | Ordering::Equal));
                assert_eq!(nus_leq(a, b), by_sign, "{a:?} <= {b:?}");
            }
        }
    }

    /// Fixed-point stops are ordered as the dyadics are, and refuse what does not fit.
    #[test]
    fn fixed_point_stops_keep_the_order() {
        let mut ds = Vec::new();
        for exp in [0u32, 1, 2, 5, 31, 32, 33] {
            for n in [
                -5i64,
                -3,
                -1,
                0,
                1,
                3,
                7,
                1 << 30,
                -(1 << 30),
                i64::MAX,
                i64::MIN,
            ] {
                ds.push(Dyadic::new(n.into(), exp));
            }
        }
        for a in &ds {
            for b in &ds {
                if let (Some(x), Some(y)) = (fixed_point(a), fixed_point(b)) {
                    assert_eq!(x.cmp(&y), a.cmp(b), "{a} vs {b}");
                }
            }
        }
        assert_eq!(fixed_point(&Dyadic::new(1.into(), 33)), None);
        assert_eq!(fixed_point(&Dyadic::new(i64::MAX.into(), 0)), None);
        assert_eq!(fixed_point(&Dyadic::new(3.into(), 1)), Some(3 << 31));
    }

    /// Every game born by day 2, the sums of two of them, games with options among those
    /// (whose Left options have different right stops, and Right options different left
    /// stops), and all of these shifted by numbers of several denominators.
    fn mixed_games(s: &mut GameStore) -> Vec<GameId> {
        let mut games = crate::game::tests::day_two_and_sums(s);
        let n = games.len();
        for i in (0..n).step_by(3) {
            let pick = |ks: &[usize]| -> Vec<GameId> { ks.iter().map(|k| games[k % n]).collect() };
            let left = pick(&[i, i * 31 + 5, i * 17 + 3]);
            let right = pick(&[i * 13 + 1, i * 29 + 11, i * 7 + 2]);
            let g = s.canonical(&left, &right);
            games.push(g);
        }
        let shifts: Vec<GameId> = [(3, 2), (-5, 3), (7, 0)]
            .into_iter()
            .map(|(n, e)| s.number(Dyadic::new(n.into(), e)))
            .collect();
        for g in games.clone() {
            for &x in &shifts {
                games.push(s.add(g, x));
            }
        }
        games.sort();
        games.dedup();
        games
    }

    /// The stops of the stop words found from the options' words (`stops_entry`) are the
    /// `Dyadic` stops by their definition, on the games of [`mixed_games`].
    #[test]
    fn small_stops_agree_with_the_stops() {
        let mut s = GameStore::new();
        let games = mixed_games(&mut s);
        // Every small stop asked for before any `Dyadic` stop is computed.
        let small: Vec<Option<(i64, i64)>> = games.iter().map(|&g| s.small_stops(g)).collect();
        for (&g, st) in games.iter().zip(small) {
            let (l, r) = s.stops(g);
            let (lw, rw) = st.unwrap();
            assert_eq!(
                (word_stop(lw), word_stop(rw)),
                (fixed_point(&l).unwrap(), fixed_point(&r).unwrap())
            );
        }
    }

    /// The adornments of the stop words are the comparisons with the stops by the
    /// definition: the left word is odd iff `G <= L(G)` fails, the right word odd iff
    /// `G >= R(G)`, on the games of [`mixed_games`] (numbers, number-up-star values and
    /// general forms, both adornments met on each side).
    #[test]
    fn stop_words_carry_the_comparisons_with_the_stops() {
        let mut memo = crate::game::tests::LeqMemo::default();
        let mut s = GameStore::new();
        let games = mixed_games(&mut s);
        let mut seen = [[0usize; 2]; 2];
        for &g in &games {
            let (lw, rw) = s.small_stops(g).unwrap();
            let (l, r) = s.stops(g);
            let (l, r) = (s.number(l), s.number(r));
            let below_left = crate::game::tests::leq_by_definition(&mut s, &mut memo, g, l);
            let above_right = crate::game::tests::leq_by_definition(&mut s, &mut memo, r, g);
            assert_eq!(lw & 1 == 1, !below_left, "left word of {g:?}");
            assert_eq!(rw & 1 == 1, above_right, "right word of {g:?}");
            seen[0][usize::from(below_left)] += 1;
            seen[1][usize::from(above_right)] += 1;
        }
        assert!(seen.iter().flatten().all(|&k| k > 50), "{seen:?}");
    }

    /// `leq` agrees with the definition on pairs of the games of [`mixed_games`]: all pairs
    /// whose stops tie so that the stops alone decide nothing (`L(G) = R(H)` and the stops
    /// in order), where the words now decide, and pseudo-random pairs; at least a
    /// thousand of the tied pairs are decided by the words alone, both ways.
    #[test]
    fn leq_by_stop_words_agrees_with_the_definition() {
        let mut memo = crate::game::tests::LeqMemo::default();
        let mut s = GameStore::new();
        let games = mixed_games(&mut s);
        let words: Vec<(i64, i64)> = games.iter().map(|&g| s.small_stops(g).unwrap()).collect();
        let stops = |w: (i64, i64)| (word_stop(w.0), word_stop(w.1));
        let mut by_words = [0usize; 2];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for i in 0..games.len() {
            for j in 0..games.len() {
                let tied = leq_by_small_stops(stops(words[i]), stops(words[j])).is_none();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let sampled = x.is_multiple_of(64);
                if !(sampled || tied && word_stop(words[i].0) == word_stop(words[j].1)) {
                    continue;
                }
                let (g, h) = (games[i], games[j]);
                let expected = crate::game::tests::leq_by_definition(&mut s, &mut memo, g, h);
                assert_eq!(s.leq(g, h), expected, "{g:?} <= {h:?}");
                if tied && let Some(r) = leq_by_small_stops(words[i], words[j]) {
                    assert_eq!(r, expected);
                    by_words[usize::from(r)] += 1;
                }
            }
        }
        assert!(by_words.iter().all(|&k| k > 1000), "{by_words:?}");
    }

    /// `leq` gives the same answers as the definition (no stops, no memo) on every pair of
    /// games born by day 2 and their sums, asked twice (the second time from what the
    /// first remembered).
    #[test]
    fn leq_agrees_with_the_definition() {
        let mut memo = crate::game::tests::LeqMemo::default();
        let mut s = GameStore::new();
        let games = crate::game::tests::day_two_and_sums(&mut s);
        for _ in 0..2 {
            for &g in &games {
                for &h in &games {
                    let expected = crate::game::tests::leq_by_definition(&mut s, &mut memo, g, h);
                    assert_eq!(s.leq(g, h), expected);
                }
            }
        }
    }
}
