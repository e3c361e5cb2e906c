//! Exact dyadic rationals `m / 2^k` of any size: the values of short games that are numbers.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// A dyadic rational `numer / 2^exp`, kept in lowest terms (`numer` odd whenever `exp > 0`),
/// so that equal numbers have equal representations and derived `Eq`/`Hash` are correct.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    numer: BigInt,
    exp: u32,
}

impl Dyadic {
    /// Builds `numer / 2^exp` and reduces it.
    pub fn new(numer: BigInt, exp: u32) -> Dyadic {
        let mut d = Dyadic { numer, exp };
        d.reduce();
        d
    }

    pub fn zero() -> Dyadic {
        Dyadic::from_int(BigInt::zero())
    }

    pub fn from_int(n: BigInt) -> Dyadic {
        Dyadic { numer: n, exp: 0 }
    }

    pub fn from_i64(n: i64) -> Dyadic {
        Dyadic::from_int(BigInt::from(n))
    }

    /// The dyadic equal to `r`, or `None` when its denominator is not a power of two.
    pub fn from_rational(r: &BigRational) -> Option<Dyadic> {
        let denom = r.denom();
        if denom.is_zero() {
            return None;
        }
        let tz = denom.trailing_zeros().unwrap_or(0);
        if (denom >> tz) != BigInt::one() {
            return None;
        }
        let exp = u32::try_from(tz).ok()?;
        Some(Dyadic::new(r.numer().clone(), exp))
    }

    pub fn to_rational(&self) -> BigRational {
        BigRational::new(self.numer.clone(), BigInt::one() << self.exp)
    }

    fn reduce(&mut self) {
        if self.numer.is_zero() {
            self.exp = 0;
            return;
        }
        if self.exp == 0 {
            return;
        }
        let tz = self.numer.trailing_zeros().unwrap_or(0);
        let shift = (tz.min(u64::from(self.exp))) as u32;
        if shift > 0 {
            self.numer >>= shift;
            self.exp -= shift;
        }
    }

    pub fn numer(&self) -> &BigInt {
        &self.numer
    }

    /// `k` in the denominator `2^k`.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    pub fn is_zero(&self) -> bool {
        self.numer.is_zero()
    }

    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    pub fn is_negative(&self) -> bool {
        self.numer.is_negative()
    }

    pub fn is_positive(&self) -> bool {
        self.numer.is_positive()
    }

    /// The integer part rounded towards negative infinity.
    pub fn floor(&self) -> BigInt {
        self.numer.div_floor(&(BigInt::one() << self.exp))
    }

    /// The smallest integer `>= self`.
    pub fn ceil(&self) -> BigInt {
        let f = self.floor();
        if self.is_integer() { f } else { f + 1 }
    }

    /// `2^-k`, the step between a dyadic of exponent `k` and its options.
    pub fn unit(exp: u32) -> Dyadic {
        Dyadic::new(BigInt::one(), exp)
    }

    /// The Left and Right options of the canonical form of this number
    /// (DeVos–Kent §4.3): `n = {n-1 |}` for `n > 0`, `-n = {| -n+1}`, `0 = {|}`, and
    /// `m/2^k = {(m-1)/2^k | (m+1)/2^k}` for odd `m` and `k >= 1`.
    pub fn canonical_options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        if self.exp == 0 {
            if self.numer.is_positive() {
                (Some(Dyadic::from_int(&self.numer - 1)), None)
            } else if self.numer.is_negative() {
                (None, Some(Dyadic::from_int(&self.numer + 1)))
            } else {
                (None, None)
            }
        } else {
            (
                Some(Dyadic::new(&self.numer - 1, self.exp)),
                Some(Dyadic::new(&self.numer + 1, self.exp)),
            )
        }
    }

    /// The birthday of the number's canonical form: `|n|` for an integer and
    /// `floor(|x|) + k + 1` for `x = m/2^k` with `k >= 1`.
    pub fn birthday(&self) -> BigInt {
        if self.exp == 0 {
            self.numer.abs()
        } else {
            self.abs().floor() + BigInt::from(self.exp) + 1
        }
    }

    pub fn abs(&self) -> Dyadic {
        Dyadic {
            numer: self.numer.abs(),
            exp: self.exp,
        }
    }

    pub fn half(&self) -> Dyadic {
        Dyadic::new(self.numer.clone(), self.exp + 1)
    }

    /// The simplest number strictly between `lo` and `hi` (either bound may be absent):
    /// the Simplicity Principle of DeVos–Kent §4.3. Requires `lo < hi` when both are given.
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        match (lo, hi) {
            (None, None) => Dyadic::zero(),
            (Some(l), None) => {
                // The smallest integer > l, but never below 0 when 0 qualifies.
                if l.is_negative() {
                    Dyadic::zero()
                } else {
                    Dyadic::from_int(l.floor() + 1)
                }
            }
            (None, Some(h)) => {
                if h.is_positive() {
                    Dyadic::zero()
                } else {
                    Dyadic::from_int(h.ceil() - 1)
                }
            }
            (Some(l), Some(h)) => {
                debug_assert!(l < h);
                if l.is_negative() && h.is_positive() {
                    return Dyadic::zero();
                }
                // An integer strictly between: take the one of least absolute value.
                let above_l: BigInt = l.floor() + 1;
                let below_h: BigInt = h.ceil() - 1;
                if above_l <= below_h {
                    let n = if above_l.is_negative() || above_l.is_zero() {
                        // Both are <= 0 here only when h <= 0; pick the one nearest zero.
                        below_h.min(BigInt::zero()).max(above_l.clone())
                    } else {
                        above_l
                    };
                    return Dyadic::from_int(n);
                }
                // No integer between: find the smallest k with a multiple of 2^-k strictly
                // between; it is unique (two consecutive would enclose a coarser one). The
                // least multiple of 2^-k above l: a candidate for every k, below h for
                // every k from the answer on (and for k = max exponent + 1, as l + 2^-k).
                // So the answer is found by bisection, not by trying k = 1, 2, … (with
                // exponents in the hundred thousands that took seconds per number).
                let candidate = |k: u32| {
                    // floor(l · 2^k) + 1, by shifts (`>>` on a BigInt rounds down).
                    let m = if k >= l.exp {
                        l.numer() << (k - l.exp)
                    } else {
                        l.numer() >> (l.exp - k)
                    };
                    Dyadic::new(m + 1, k)
                };
                let (mut below, mut above) = (0u32, l.exp.max(h.exp) + 1);
                while above - below > 1 {
                    let mid = below + (above - below) / 2;
                    if &candidate(mid) < h {
                        above = mid;
                    } else {
                        below = mid;
                    }
                }
                candidate(above)
            }
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.exp == other.exp {
            return self.numer.cmp(&other.numer);
        }
        let e = self.exp.max(other.exp);
        // Small numerators (all but a few numbers in practice) compare as machine integers:
        // an i64 shifted left by at most 63 fits an i128. Otherwise shift the big integers.
        if let (Some(x), Some(y)) = (self.numer.to_i64(), other.numer.to_i64())
            && e - self.exp < 64
            && e - other.exp < 64
        {
            let a = i128::from(x) << (e - self.exp);
            let b = i128::from(y) << (e - other.exp);
            return a.cmp(&b);
        }
        let a = &self.numer << (e - self.exp);
        let b = &other.numer << (e - other.exp);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        let e = self.exp.max(other.exp);
        let a = &self.numer << (e - self.exp);
        let b = &other.numer << (e - other.exp);
        Dyadic::new(a + b, e)
    }
}

impl std::ops::Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        self + &(-other)
    }
}

impl std::ops::Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            numer: -&self.numer,
            exp: self.exp,
        }
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-2`, `25/16`, `-3/4`: CGSuite's way of writing numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Machine-sized numerators (nearly every number printed) without a big integer's
        // conversion to decimal, which allocates: a printed game writes millions of them.
        if let Some(n) = self.numer.to_i64()
            && self.exp < 63
        {
            return if self.exp == 0 {
                write!(f, "{n}")
            } else {
                write!(f, "{n}/{}", 1i64 << self.exp)
            };
        }
        if self.exp == 0 {
            write!(f, "{}", self.numer)
        } else {
            write!(f, "{}/{}", self.numer, BigInt::one() << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(BigInt::from(n), e)
    }

    /// Numbers print as their big integers would, whether the numerator fits a machine
    /// integer (the fast path) or not, at every exponent around the edge of `i64`.
    #[test]
    fn numbers_print_as_their_big_integers() {
        let numers = [
            BigInt::from(1),
            BigInt::from(-5),
            BigInt::from(i64::MAX),
            BigInt::from(i64::MIN + 1),
            BigInt::from(i64::MAX) + BigInt::from(2),
            -(BigInt::from(i64::MAX) + BigInt::from(2)),
        ];
        for n in &numers {
            for exp in [0, 1, 2, 10, 61, 62, 63, 64, 70] {
                let x = Dyadic::new(n.clone(), exp);
                let expected = if x.exp == 0 {
                    x.numer.to_string()
                } else {
                    format!("{}/{}", x.numer, BigInt::one() << x.exp)
                };
                assert_eq!(x.to_string(), expected);
            }
        }
    }

    /// The order of machine-sized numerators (compared as `i128`) is the order of the
    /// big integers shifted to a common exponent, near the edges of `i64` and of the
    /// shifts too.
    #[test]
    fn small_numerators_compare_as_big_ones() {
        let numers = [
            0,
            1,
            -1,
            3,
            -3,
            5,
            7,
            i64::MAX,
            i64::MIN + 1,
            i64::MAX - 2,
            -(1 << 40),
        ];
        let exps = [0, 1, 2, 30, 62, 63, 64, 70];
        for &a in &numers {
            for &b in &numers {
                for &e in &exps {
                    for &f in &exps {
                        let (x, y) = (d(a, e), d(b, f));
                        let m = x.exp.max(y.exp);
                        let want = (&x.numer << (m - x.exp)).cmp(&(&y.numer << (m - y.exp)));
                        assert_eq!(x.cmp(&y), want, "{a}/2^{e} against {b}/2^{f}");
                    }
                }
            }
        }
    }

    #[test]
    fn reduces_to_lowest_terms() {
        assert_eq!(d(2, 1), d(1, 0));
        assert_eq!(d(4, 3), d(1, 1));
        assert_eq!(d(0, 5), Dyadic::zero());
        assert_eq!(d(6, 2).to_string(), "3/2");
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(&d(1, 1) + &d(1, 2), d(3, 2));
        assert_eq!(&d(3, 2) - &d(1, 0), d(-1, 2));
        assert!(d(1, 1) < d(1, 0));
        assert!(d(-1, 1) > d(-1, 0));
    }

    #[test]
    fn simplest_between_follows_the_simplicity_principle() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| {
            Dyadic::simplest_between(l.as_ref(), h.as_ref()).to_string()
        };
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), "1/2");
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 1))), "1/4");
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), "3/4");
        assert_eq!(s(Some(d(1, 0)), Some(d(2, 0))), "3/2");
        assert_eq!(s(Some(d(-1, 0)), Some(d(1, 0))), "0");
        assert_eq!(s(Some(d(1, 1)), Some(d(2, 0))), "1");
        assert_eq!(s(Some(d(-3, 1)), Some(d(-1, 2))), "-1");
        assert_eq!(s(Some(d(1, 0)), None), "2");
        assert_eq!(s(None, Some(d(-2, 0))), "-3");
        assert_eq!(s(Some(d(-5, 0)), None), "0");
        assert_eq!(s(Some(d(-7, 0)), Some(d(-3, 0))), "-4");
        assert_eq!(s(Some(d(3, 0)), Some(d(7, 0))), "4");
        assert_eq!(s(None, None), "0");
    }

    #[test]
    fn simplest_between_agrees_with_trying_each_denominator() {
        // The definition: the first k = 1, 2, … with a multiple of 2^-k strictly between.
        fn by_search(l: &Dyadic, h: &Dyadic) -> Dyadic {
            (1..)
                .map(|k: u32| {
                    let m = (l.numer() << k).div_floor(&(BigInt::one() << l.exp)) + 1;
                    Dyadic::new(m, k)
                })
                .find(|c| c < h)
                .expect("some k fits")
        }
        for ln in -20i64..20 {
            for le in 0..5 {
                for hn in -20i64..20 {
                    for he in 0..5 {
                        let (l, h) = (d(ln, le), d(hn, he));
                        if l >= h || l.floor() < h.ceil() - 1 {
                            continue; // the bounds must enclose no integer
                        }
                        assert_eq!(
                            Dyadic::simplest_between(Some(&l), Some(&h)),
                            by_search(&l, &h)
                        );
                    }
                }
            }
        }
        // Exponents in the hundred thousands (a literal nested that deep) are quick.
        let tiny = Dyadic::new(BigInt::from(-1), 200_000);
        let x = Dyadic::simplest_between(Some(&tiny), Some(&Dyadic::zero()));
        assert_eq!(x, Dyadic::new(BigInt::from(-1), 200_001));
    }

    #[test]
    fn rational_conversion_rejects_non_dyadic() {
        let third = BigRational::new(BigInt::from(1), BigInt::from(3));
        assert!(Dyadic::from_rational(&third).is_none());
        let r = BigRational::new(BigInt::from(6), BigInt::from(8));
        assert_eq!(Dyadic::from_rational(&r), Some(d(3, 2)));
    }

    #[test]
    fn canonical_options_and_birthdays() {
        assert_eq!(d(3, 0).canonical_options(), (Some(d(2, 0)), None));
        assert_eq!(d(3, 2).canonical_options(), (Some(d(1, 1)), Some(d(1, 0))));
        assert_eq!(d(3, 2).birthday(), BigInt::from(3));
        assert_eq!(d(5, 2).birthday(), BigInt::from(4));
        assert_eq!(d(-4, 0).birthday(), BigInt::from(4));
    }
}
