//! Uptimals: `x + a₁·↑ + a₂·↑² + … + a_k·↑^k + *m`, with the up-nths `↑^n` (`pow`) and their
//! partial sums `↑^→n` (`pow_to`).

use super::error::TheoryError;
use crate::game::dyadic::Dyadic;
use crate::game::store::{GameId, GameStore};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::fmt;

/// The uptimal expansion `x.a₁a₂…a_k` (plus `*m`) of
/// `x + a₁·↑ + a₂·↑² + … + a_k·↑^k + *m`, where `↑^n` is up-nth (Siegel ch. II, uptimals).
/// The last coefficient is nonzero (`k = 0` for `x + *m`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UptimalExpansion {
    pub number: Dyadic,
    pub nim: u64,
    coefficients: Vec<i64>,
}

impl UptimalExpansion {
    /// The expansion with these coefficients of `↑, ↑², …` (trailing zeros are dropped).
    pub fn new(number: Dyadic, nim: u64, mut coefficients: Vec<i64>) -> UptimalExpansion {
        while coefficients.last() == Some(&0) {
            coefficients.pop();
        }
        UptimalExpansion {
            number,
            nim,
            coefficients,
        }
    }

    /// `a₁, …, a_k`.
    pub fn coefficients(&self) -> &[i64] {
        &self.coefficients
    }

    /// `k`, the index of the last nonzero coefficient.
    pub fn len(&self) -> usize {
        self.coefficients.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coefficients.is_empty()
    }

    /// A single `±↑^k` (CGSuite prints `^<k>` / `v<k>`).
    pub fn is_unit(&self) -> bool {
        let nonzero: Vec<i64> = self
            .coefficients
            .iter()
            .copied()
            .filter(|&a| a != 0)
            .collect();
        matches!(nonzero[..], [1] | [-1])
    }

    /// `±(↑ + ↑² + … + ↑^k) = ±↑^→k` (CGSuite prints `^[k]` / `v[k]`).
    pub fn is_unit_sum(&self) -> bool {
        match self.coefficients.first() {
            Some(&a) if a == 1 || a == -1 => self.coefficients.iter().all(|&b| b == a),
            _ => false,
        }
    }

    /// CGSuite's order on expansions, used to list uptimal options when printing: by
    /// number, then the coefficients `a₁, a₂, …` one by one, then the length (a prefix comes
    /// first), then the nimber.
    pub fn cgsuite_cmp(&self, other: &UptimalExpansion) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                let pairs = self.coefficients.iter().zip(&other.coefficients);
                pairs
                    .map(|(a, b)| a.cmp(b))
                    .find(|c| c.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
            .then(self.coefficients.len().cmp(&other.coefficients.len()))
            .then(self.nim.cmp(&other.nim))
    }

    fn negated(&self) -> UptimalExpansion {
        UptimalExpansion {
            number: -&self.number,
            nim: self.nim,
            coefficients: self.coefficients.iter().map(|a| -a).collect(),
        }
    }
}

impl fmt::Display for UptimalExpansion {
    /// CGSuite's notation: the number (omitted when a star follows and it is 0), the star,
    /// a point, then one digit per coefficient `a₁a₂…`: `0`–`9`, then `A`–`Z` for 10–35,
    /// larger magnitudes in parentheses (`(40)`), each followed by `-` when the coefficient
    /// is negative (CGSuite's superscript dash): `.01` is `↑²`, `*.1111` is `↑^→4 + *`,
    /// `1.2` is `1⇑`, `*.1-` is `↓*`, `.11-` is `↑ - ↑²`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.nim == 0 || !self.number.is_zero() {
            write!(f, "{}", self.number)?;
        }
        match self.nim {
            0 => {}
            1 => write!(f, "*")?,
            m => write!(f, "*{m}")?,
        }
        write!(f, ".")?;
        if self.coefficients.is_empty() {
            write!(f, "0")?;
        }
        for &a in &self.coefficients {
            write_digit(f, a)?;
        }
        Ok(())
    }
}

/// One uptimal digit: the magnitude as `0`–`9`, `A`–`Z` (10–35) or `(n)`, then `-` if the
/// coefficient is negative.
fn write_digit(f: &mut fmt::Formatter<'_>, a: i64) -> fmt::Result {
    let m = a.unsigned_abs();
    match u32::try_from(m).ok().and_then(|d| char::from_digit(d, 36)) {
        Some(c) => write!(f, "{}", c.to_ascii_uppercase())?,
        None => write!(f, "({m})")?,
    }
    if a < 0 {
        write!(f, "-")?;
    }
    Ok(())
}

impl GameStore {
    /// `{0 | H}` split into `H`, or an error naming `g`.
    fn up_like(&mut self, g: GameId) -> Result<GameId, TheoryError> {
        let (l, r) = self.options(g);
        match (&l[..], &r[..]) {
            ([z], [h]) if *z == self.zero() => Ok(*h),
            _ => Err(TheoryError::NotUpLike { game: g }),
        }
    }

    /// `G^n` for `G = {0 | H}`, as CGSuite: `G^0 = -H` and `G^n = {0 | H - G^→(n-1)}`.
    /// For `G = ↑` this is up-nth: `↑¹ = ↑`, `↑² = {0 | ↓*}`, `↑³ = {0 | ↓ + ↓² + *}`.
    ///
    /// ```
    /// use cgt_core::game::{Dyadic, GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let up = s.nus(Dyadic::zero(), 1, 0);
    /// let up2 = s.pow(up, 2).unwrap();
    /// assert_eq!(s.display(up2, Notation::Ascii), "{0|v*}");
    /// ```
    pub fn pow(&mut self, g: GameId, n: u32) -> Result<GameId, TheoryError> {
        let h = self.up_like(g)?;
        if n == 0 {
            return Ok(self.neg(h));
        }
        let below = self.pow_to(g, n - 1)?;
        let right = self.sub(h, below);
        let z = self.zero();
        Ok(self.canonical(&[z], &[right]))
    }

    /// `G^→n`, as CGSuite defines `G.PowTo(n)` for every `G` (CanonicalShortGame.scala:
    /// `powTo(x) = G.ordinalSum(x.subordinate(1))`): the ordinal sum `G : (n - 1)`, since
    /// `n = 1 : (n - 1)`; `G^→0 = 0`. The integer `k = {k - 1 |}` makes it
    /// `G : k = {G^L, G : (k - 1) | G^R}` on the canonical form of `G`. For `G = {0 | H}`
    /// this is `G + G² + … + G^n` (`↑^→2 = {↑ | *}`, `↑^→4 = {0|*||*|||*||||*}`), and
    /// `(±1)^→3 = {1, {1, ±1 | -1} | -1}`.
    pub fn pow_to(&mut self, g: GameId, n: u32) -> Result<GameId, TheoryError> {
        if n == 0 {
            return Ok(self.zero());
        }
        let (gl, gr) = self.options(g);
        let (mut left, right) = (gl.to_vec(), gr.to_vec());
        let mut acc = g;
        for _ in 1..n {
            self.check_interrupt();
            left.truncate(gl.len());
            left.push(acc);
            acc = self.canonical(&left, &right);
        }
        Ok(acc)
    }

    /// The game `x + a₁·↑ + … + a_k·↑^k + *m` of an expansion.
    pub fn uptimal(&mut self, e: &UptimalExpansion) -> GameId {
        let mut ups = UpPowers::default();
        self.uptimal_with(e, &mut ups)
    }

    /// The nimber is added last: the sums of up-nths are small, and adding `*m` to their
    /// total costs about as much as adding it to the game being recognised. Carrying `*m`
    /// through every partial sum instead multiplies each one's followers by `m` (printing
    /// `↓[4]*53` then took far longer than computing it).
    fn uptimal_with(&mut self, e: &UptimalExpansion, ups: &mut UpPowers) -> GameId {
        let first = e.coefficients.first().copied().unwrap_or(0);
        let mut g = self.nus(e.number.clone(), first, 0);
        for (i, &a) in e.coefficients.iter().enumerate().skip(1) {
            if a != 0 {
                let p = ups.get(self, i + 1);
                let term = self.multiple(p, &BigInt::from(a));
                g = self.add(g, term);
            }
        }
        if e.nim != 0 {
            let star = self.nimber(e.nim);
            g = self.add(g, star);
        }
        g
    }

    /// Whether `g` is an uptimal (see [`GameStore::uptimal_expansion`]).
    pub fn is_uptimal(&mut self, g: GameId) -> bool {
        self.uptimal_expansion(g).is_some()
    }

    /// The uptimal expansion of `g` if `g = x + a₁·↑ + … + a_k·↑^k + *m`. Every
    /// number-up-star value is one; otherwise, as in Siegel's analysis of uptimals, an uptimal
    /// with `a_k > 0` has exactly one Right option, `x + Σ (a_i - 1)·↑^i + *(m⊕1)` (all `k`
    /// coefficients lowered by one); the candidates this leaves are built and compared with
    /// `g`, so a reported expansion is always exact.
    pub fn uptimal_expansion(&mut self, g: GameId) -> Option<UptimalExpansion> {
        let mut memo = FxHashMap::default();
        let mut ups = UpPowers::default();
        self.uptimal_in(g, &mut memo, &mut ups)
    }

    fn uptimal_in(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, Option<UptimalExpansion>>,
        ups: &mut UpPowers,
    ) -> Option<UptimalExpansion> {
        if let Some(v) = self.as_nus(g) {
            return Some(UptimalExpansion::new(v.number.clone(), v.nim, vec![v.ups]));
        }
        if let Some(e) = memo.get(&g) {
            return e.clone();
        }
        let (x, y) = self.stops(g);
        let mut found = None;
        // An uptimal is x plus an all-small game (↑^i and *m are all-small), so g - x must
        // be all-small. This rejects at once games such as Miny(n) = {n|0||0}, whose
        // birthday (n + 2) would otherwise bound a search over expansion lengths.
        if x == y {
            let number = self.number(x.clone());
            let rest = self.sub(g, number);
            if !self.is_all_small(rest) {
                memo.insert(g, None);
                return None;
            }
            found = self.uptimal_positive(g, &x, memo, ups);
            if found.is_none() {
                let ng = self.neg(g);
                found = self
                    .uptimal_positive(ng, &-&x, memo, ups)
                    .map(|e| e.negated());
            }
        }
        memo.insert(g, found.clone());
        found
    }

    /// The expansion of `g` if it is an uptimal whose last coefficient is positive.
    fn uptimal_positive(
        &mut self,
        g: GameId,
        x: &Dyadic,
        memo: &mut FxHashMap<GameId, Option<UptimalExpansion>>,
        ups: &mut UpPowers,
    ) -> Option<UptimalExpansion> {
        let r = match &self.right_options(g)[..] {
            [r] => *r,
            _ => return None,
        };
        let below = self.uptimal_in(r, memo, ups)?;
        if below.number != *x {
            return None;
        }
        let b = below.coefficients;
        // The nimber is known: every candidate is `U + *nim` with `U` free of nimbers, so
        // `g + *nim` is computed once and compared with the candidates' `U`. Building each
        // `U + *nim` instead costs a sum with `*nim` per candidate, and the candidates run
        // up to the birthday, which grows with `nim` (printing `↓[4]*53` took minutes).
        let nim = below.nim ^ 1;
        let star = self.nimber(nim);
        let plain = self.add(g, star);
        // ↑^k needs birthday k + 1, so longer expansions cannot be g.
        let max_len = self.birthday(plain).to_usize().unwrap_or(usize::MAX);
        let min_len = if b.last().is_some_and(|&c| c > 0) {
            b.len()
        } else {
            b.len() + 1
        };
        for k in min_len.max(2)..=max_len {
            self.check_interrupt();
            let a: Vec<i64> = (0..k).map(|i| b.get(i).copied().unwrap_or(0) + 1).collect();
            let e = UptimalExpansion::new(x.clone(), 0, a);
            if self.uptimal_with(&e, ups) == plain {
                return Some(UptimalExpansion { nim, ..e });
            }
        }
        None
    }
}

/// `↑^n` for `n = 1, 2, …`, built once per operation.
#[derive(Default)]
struct UpPowers {
    powers: Vec<GameId>,
}

impl UpPowers {
    fn get(&mut self, s: &mut GameStore, n: usize) -> GameId {
        while self.powers.len() < n {
            let up = s.nus(Dyadic::zero(), 1, 0);
            let k = u32::try_from(self.powers.len() + 1).expect("uptimal length fits in u32");
            let p = s.pow(up, k).expect("↑ is {0|*}");
            self.powers.push(p);
        }
        self.powers[n - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::{d, game, show};

    #[test]
    fn pow_to_is_the_ordinal_sum_with_n_minus_one_for_every_game() {
        // CGSuite: G.PowTo(n) = G : n.Subordinate(1) = G : (n - 1), for every G.
        let mut s = GameStore::new();
        let pm1 = game(&mut s, "+-1");
        let to3 = s.pow_to(pm1, 3).unwrap();
        assert_eq!(to3, game(&mut s, "{1,{1,+-1|-1}|-1}"));
        let z = s.zero();
        assert_eq!(s.pow_to(pm1, 0).unwrap(), z);
        assert_eq!(s.pow_to(pm1, 1).unwrap(), pm1);
        let texts = [
            "0",
            "*",
            "^",
            "v",
            "1",
            "-1",
            "1/2",
            "+-1",
            "{1|*}",
            "{0|^*}",
            "{2|-1}",
            "^*",
            "{1/2|-1/4}",
            "*2",
            "{0,*|0}",
            "v*",
            "{3|2||1}",
        ];
        let games: Vec<GameId> = texts.iter().map(|t| game(&mut s, t)).collect();
        for &g in &games {
            for n in 1..=4u32 {
                let k = s.integer(i64::from(n) - 1);
                let want = s.ordinal_sum(g, k);
                assert_eq!(s.pow_to(g, n).unwrap(), want, "{} n={n}", show(&mut s, g));
            }
        }
        // On {0 | H} the values are those of the former recursion G^→n = {G^→(n-1) | H}
        // wherever that one's G^→(n-1) ≥ 0 (then the option 0 of G : (n-1) is
        // dominated). Where it is not, the former recursion was wrong: *^→2 = * + *^2 =
        // * + {0|*} = ↑*, which is CGSuite's {0,*|0}, where it gave {*|0} = ↓.
        let mut compared = 0;
        for &h in &games {
            let g = s.canonical(&[z], &[h]);
            let Ok(h) = s.up_like(g) else { continue };
            let mut acc = z;
            for n in 1..=4u32 {
                if n > 1 && !s.leq(z, acc) {
                    break;
                }
                acc = s.canonical(&[acc], &[h]);
                assert_eq!(s.pow_to(g, n).unwrap(), acc, "{} n={n}", show(&mut s, g));
                compared += 1;
            }
        }
        assert!(compared > 20, "{compared}");
        let star = s.nimber(1);
        let star_sq = s.pow(star, 2).unwrap();
        let sum = s.add(star, star_sq);
        assert_eq!(s.pow_to(star, 2).unwrap(), sum);
        assert_eq!(show(&mut s, sum), "^*");
    }

    #[test]
    fn up_nth_and_its_partial_sums() {
        let mut s = GameStore::new();
        let up = game(&mut s, "^");
        let p1 = s.pow(up, 1).unwrap();
        assert_eq!(p1, up);
        let p2 = s.pow(up, 2).unwrap();
        assert_eq!(show(&mut s, p2), "{0|v*}");
        let to4 = s.pow_to(up, 4).unwrap();
        assert_eq!(to4, game(&mut s, "{0|*||*|||*||||*}"));
        // ↑^→n = ↑ + ↑² + … + ↑^n.
        let mut sum = s.zero();
        for n in 1..=5 {
            let p = s.pow(up, n).unwrap();
            sum = s.add(sum, p);
            assert_eq!(s.pow_to(up, n).unwrap(), sum, "n={n}");
        }
        // 0 < ↑² < ↑.
        assert!(s.lt(p2, up));
        let z = s.zero();
        assert!(s.lt(z, p2));
        let pm1 = game(&mut s, "+-1");
        assert_eq!(s.pow(pm1, 2), Err(TheoryError::NotUpLike { game: pm1 }));
        // * = {0|0} is of the form {0|H} too: *^→2 = * : 1 = {0,*|0} = ↑*.
        let star = s.nimber(1);
        let st2 = s.pow_to(star, 2).unwrap();
        assert_eq!(show(&mut s, st2), "^*");
    }

    #[test]
    fn expansions_of_sums_of_up_nths_are_recognised() {
        let mut s = GameStore::new();
        let mut count = 0;
        for x in [d(0, 0), d(1, 1), d(-2, 0)] {
            for m in 0..3u64 {
                for a1 in -2i64..=2 {
                    for a2 in -2i64..=2 {
                        for a3 in -1i64..=1 {
                            let e = UptimalExpansion::new(x.clone(), m, vec![a1, a2, a3]);
                            let g = s.uptimal(&e);
                            assert_eq!(s.uptimal_expansion(g), Some(e.clone()), "{e}");
                            count += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(count, 3 * 3 * 75);
        for n in 1..=6 {
            let up = s.nus(Dyadic::zero(), 1, 0);
            let g = s.pow_to(up, n).unwrap();
            let e = s.uptimal_expansion(g).unwrap();
            assert!(e.is_unit_sum() && e.len() == n as usize);
            let g = s.pow(up, n).unwrap();
            let e = s.uptimal_expansion(g).unwrap();
            assert!(e.is_unit() && e.len() == n as usize);
        }
    }

    #[test]
    fn other_games_are_not_uptimal() {
        let mut s = GameStore::new();
        for g in ["{1|-1}", "{0||0|-1}", "{0,*|0,*2}", "{0|^*}", "{0||0|v3}"] {
            let id = game(&mut s, g);
            let e = s.uptimal_expansion(id);
            // {0|^*} and {0||0|v3} may be uptimals; check the claim by construction.
            if let Some(e) = e {
                assert_eq!(s.uptimal(&e), id, "{g} = {e}");
            } else {
                assert!(!s.is_uptimal(id));
            }
        }
        let g = game(&mut s, "{1|-1}");
        assert!(!s.is_uptimal(g));
        let g = game(&mut s, "{0||0|-1}");
        assert!(!s.is_uptimal(g));
    }

    #[test]
    fn expansions_are_ordered_as_cgsuite_lists_them() {
        let e = |n: Dyadic, m, c: Vec<i64>| UptimalExpansion::new(n, m, c);
        // By number, then coefficient by coefficient, then length, then nimber.
        let sorted = [
            e(d(-1, 0), 3, vec![5]),
            e(d(0, 0), 0, vec![-1]),
            e(d(0, 0), 1, vec![-1]),
            e(d(0, 0), 0, vec![0, 1]),
            e(d(0, 0), 1, vec![1]),
            e(d(0, 0), 0, vec![1, -1]),
            e(d(0, 0), 0, vec![1, 1]),
            e(d(0, 0), 0, vec![2]),
            e(d(1, 1), 0, vec![-3]),
        ];
        for (i, a) in sorted.iter().enumerate() {
            for (j, b) in sorted.iter().enumerate() {
                assert_eq!(a.cgsuite_cmp(b), i.cmp(&j), "{a} vs {b}");
            }
        }
    }

    #[test]
    fn expansions_print_in_cgsuite_notation() {
        let e = |n: Dyadic, m, c: Vec<i64>| UptimalExpansion::new(n, m, c).to_string();
        assert_eq!(e(d(0, 0), 0, vec![0, 1]), "0.01");
        assert_eq!(e(d(0, 0), 1, vec![1, 1, 1, 1]), "*.1111");
        assert_eq!(e(d(1, 0), 0, vec![2]), "1.2");
        assert_eq!(e(d(0, 0), 0, vec![1, -1, 12, 0, 0]), "0.11-C");
        // CGSuite's digits: a negative coefficient is its magnitude and a dash, 10–35 are
        // letters, larger magnitudes are in parentheses.
        assert_eq!(e(d(0, 0), 1, vec![-1]), "*.1-");
        assert_eq!(
            e(d(0, 0), 0, vec![9, 10, 35, 36, -10, -35, -36]),
            "0.9AZ(36)A-Z-(36)-"
        );
        assert_eq!(e(d(-1, 0), 0, vec![0, -40, 100]), "-1.0(40)-(100)");
        assert_eq!(e(d(0, 0), 0, vec![i64::MIN]), "0.(9223372036854775808)-");
        assert_eq!(e(d(3, 1), 2, vec![]), "3/2*2.0");
    }
}
