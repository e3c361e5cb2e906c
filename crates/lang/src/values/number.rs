//! The exact numbers of the language. Almost every number a program computes with is a
//! small integer (a heap size, an index, a counter), so those are held unboxed as an `i64`
//! and added, compared and copied without touching the heap; any result that does not fit
//! (an overflow, a fraction) moves to an arbitrary-precision rational. The two forms never
//! overlap: a rational is `Big` only when it is not an integer in `i64` range, so equal
//! numbers always have equal forms and the derived hash and equality are exact.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};
use std::cmp::Ordering;
use std::rc::Rc;

/// An exact rational number: an `i64` when it is an integer in range, else a shared
/// `BigRational` (never an integer in `i64` range).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Num {
    Small(i64),
    Big(Rc<BigRational>),
}

impl From<i64> for Num {
    fn from(n: i64) -> Num {
        Num::Small(n)
    }
}

impl From<u64> for Num {
    fn from(n: u64) -> Num {
        match i64::try_from(n) {
            Ok(k) => Num::Small(k),
            Err(_) => Num::from_integer(BigInt::from(n)),
        }
    }
}

impl From<usize> for Num {
    fn from(n: usize) -> Num {
        Num::from(n as u64)
    }
}

impl From<BigInt> for Num {
    fn from(n: BigInt) -> Num {
        Num::from_integer(n)
    }
}

impl From<BigRational> for Num {
    fn from(r: BigRational) -> Num {
        Num::from_rational(r)
    }
}

impl Num {
    /// The number `r`, unboxed when it is an integer that fits.
    pub fn from_rational(r: BigRational) -> Num {
        if r.is_integer()
            && let Some(k) = r.numer().to_i64()
        {
            return Num::Small(k);
        }
        Num::Big(Rc::new(r))
    }

    pub fn from_integer(n: BigInt) -> Num {
        match n.to_i64() {
            Some(k) => Num::Small(k),
            None => Num::Big(Rc::new(BigRational::from_integer(n))),
        }
    }

    /// The number as an arbitrary-precision rational.
    pub fn to_rational(&self) -> BigRational {
        match self {
            Num::Small(k) => BigRational::from_integer(BigInt::from(*k)),
            Num::Big(r) => (**r).clone(),
        }
    }

    pub fn is_integer(&self) -> bool {
        match self {
            Num::Small(_) => true,
            Num::Big(r) => r.is_integer(),
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self, Num::Small(0))
    }

    /// The integer, if the number is one.
    pub fn to_integer(&self) -> Option<BigInt> {
        match self {
            Num::Small(k) => Some(BigInt::from(*k)),
            Num::Big(r) if r.is_integer() => Some(r.numer().clone()),
            Num::Big(_) => None,
        }
    }

    /// The integer, if the number is one that fits in an `i64`.
    pub fn to_i64(&self) -> Option<i64> {
        match self {
            Num::Small(k) => Some(*k),
            // A big number is never an integer in range.
            Num::Big(_) => None,
        }
    }

    /// The integer, if the number is one that fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match self {
            Num::Small(k) => u64::try_from(*k).ok(),
            Num::Big(r) if r.is_integer() => r.numer().to_u64(),
            Num::Big(_) => None,
        }
    }

    /// The numerator and the (positive) denominator in lowest terms.
    pub fn numer_denom(&self) -> (BigInt, BigInt) {
        match self {
            Num::Small(k) => (BigInt::from(*k), BigInt::from(1)),
            Num::Big(r) => (r.numer().clone(), r.denom().clone()),
        }
    }

    /// Whether the denominator is a power of two (the number is a short game's value).
    pub fn is_dyadic(&self) -> bool {
        match self {
            Num::Small(_) => true,
            Num::Big(r) => r.denom().magnitude().count_ones() == 1,
        }
    }

    /// Applies an exact operation to the rational forms (the slow path of every operation).
    fn big(&self, other: &Num, f: impl FnOnce(&BigRational, &BigRational) -> BigRational) -> Num {
        Num::from_rational(f(&self.to_rational(), &other.to_rational()))
    }

    pub fn add(&self, other: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, other)
            && let Some(s) = a.checked_add(*b)
        {
            return Num::Small(s);
        }
        self.big(other, |a, b| a + b)
    }

    pub fn sub(&self, other: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, other)
            && let Some(s) = a.checked_sub(*b)
        {
            return Num::Small(s);
        }
        self.big(other, |a, b| a - b)
    }

    pub fn mul(&self, other: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, other)
            && let Some(s) = a.checked_mul(*b)
        {
            return Num::Small(s);
        }
        self.big(other, |a, b| a * b)
    }

    /// `self / other`, exact; `None` when `other` is zero.
    pub fn div(&self, other: &Num) -> Option<Num> {
        if other.is_zero() {
            return None;
        }
        if let (Num::Small(a), Num::Small(b)) = (self, other)
            && a.checked_rem(*b) == Some(0)
            && let Some(q) = a.checked_div(*b)
        {
            return Some(Num::Small(q));
        }
        Some(self.big(other, |a, b| a / b))
    }

    /// `floor(self / other)`; `None` when `other` is zero.
    pub fn floor_div(&self, other: &Num) -> Option<Num> {
        if other.is_zero() {
            return None;
        }
        if let (Num::Small(a), Num::Small(b)) = (self, other)
            && a.checked_rem(*b).is_some()
        {
            // Not i64::MIN / -1, the one quotient out of range.
            return Some(Num::Small(a.div_floor(b)));
        }
        Some(self.big(other, |a, b| (a / b).floor()))
    }

    /// `self - other * floor(self / other)` (the sign of `other`); `None` when `other` is
    /// zero.
    pub fn modulo(&self, other: &Num) -> Option<Num> {
        if other.is_zero() {
            return None;
        }
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            // i64::MIN mod -1 is 0; `mod_floor` would overflow computing it.
            return Some(Num::Small(if *b == -1 { 0 } else { a.mod_floor(b) }));
        }
        Some(self.big(other, |a, b| a - b * (a / b).floor()))
    }

    pub fn neg(&self) -> Num {
        if let Num::Small(a) = self
            && let Some(n) = a.checked_neg()
        {
            return Num::Small(n);
        }
        Num::from_rational(-self.to_rational())
    }

    pub fn abs(&self) -> Num {
        match self {
            Num::Small(a) if *a >= 0 => self.clone(),
            _ if self.cmp_num(&Num::Small(0)) == Ordering::Less => self.neg(),
            _ => self.clone(),
        }
    }

    pub fn floor(&self) -> Num {
        match self {
            Num::Small(_) => self.clone(),
            Num::Big(r) => Num::from_rational(r.floor()),
        }
    }

    pub fn ceil(&self) -> Num {
        match self {
            Num::Small(_) => self.clone(),
            Num::Big(r) => Num::from_rational(r.ceil()),
        }
    }

    pub fn is_negative(&self) -> bool {
        match self {
            Num::Small(a) => *a < 0,
            Num::Big(r) => r.is_negative(),
        }
    }

    /// The order of the numbers.
    pub fn cmp_num(&self, other: &Num) -> Ordering {
        match (self, other) {
            (Num::Small(a), Num::Small(b)) => a.cmp(b),
            _ => self.to_rational().cmp(&other.to_rational()),
        }
    }
}

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Num::Small(k) => write!(f, "{k}"),
            Num::Big(r) if r.is_integer() => write!(f, "{}", r.numer()),
            Num::Big(r) => write!(f, "{}/{}", r.numer(), r.denom()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;
    use proptest::prelude::*;

    fn rat(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    /// The slow path, for every operation: the answer on arbitrary-precision rationals.
    fn slow(a: &Num, b: &Num, op: &str) -> Option<Num> {
        let (x, y) = (a.to_rational(), b.to_rational());
        if matches!(op, "/" | "//" | "%") && y.is_zero() {
            return None;
        }
        Some(Num::from_rational(match op {
            "+" => x + y,
            "-" => x - y,
            "*" => x * y,
            "/" => x / y,
            "//" => (x / y).floor(),
            "%" => &x - &y * (&x / &y).floor(),
            _ => unreachable!(),
        }))
    }

    fn fast(a: &Num, b: &Num, op: &str) -> Option<Num> {
        match op {
            "+" => Some(a.add(b)),
            "-" => Some(a.sub(b)),
            "*" => Some(a.mul(b)),
            "/" => a.div(b),
            "//" => a.floor_div(b),
            "%" => a.modulo(b),
            _ => unreachable!(),
        }
    }

    const OPS: [&str; 6] = ["+", "-", "*", "/", "//", "%"];

    #[test]
    fn overflow_moves_to_big_numbers_and_back() {
        let two62 = Num::Small(1 << 62);
        let sum = two62.add(&two62);
        assert!(matches!(sum, Num::Big(_)));
        assert_eq!(sum.to_string(), "9223372036854775808");
        // Back in range, the result is small again (equal numbers, equal forms).
        assert_eq!(sum.sub(&two62), two62);
        assert_eq!(
            Num::Small(i64::MIN).neg().to_string(),
            "9223372036854775808"
        );
        assert_eq!(Num::Small(i64::MIN).neg().neg(), Num::Small(i64::MIN));
        assert_eq!(
            Num::Small(i64::MIN)
                .floor_div(&Num::Small(-1))
                .unwrap()
                .to_string(),
            "9223372036854775808"
        );
        assert_eq!(
            Num::Small(i64::MIN)
                .div(&Num::Small(-1))
                .unwrap()
                .to_string(),
            "9223372036854775808"
        );
        assert_eq!(
            Num::Small(i64::MIN).modulo(&Num::Small(-1)),
            Some(Num::Small(0))
        );
        assert_eq!(
            Num::Small(i64::MAX).mul(&Num::Small(2)).to_string(),
            "18446744073709551614"
        );
        assert_eq!(
            Num::Small(i64::MIN).abs().to_string(),
            "9223372036854775808"
        );
    }

    #[test]
    fn division_and_remainder_round_down() {
        let n = |k| Num::Small(k);
        assert_eq!(n(-7).floor_div(&n(2)), Some(n(-4)));
        assert_eq!(n(-7).modulo(&n(2)), Some(n(1)));
        assert_eq!(n(7).floor_div(&n(-2)), Some(n(-4)));
        assert_eq!(n(7).modulo(&n(-2)), Some(n(-1)));
        assert_eq!(n(-7).div(&n(2)), Some(Num::from_rational(rat(-7, 2))));
        assert_eq!(n(-6).div(&n(-3)), Some(n(2)));
        assert_eq!(n(1).div(&n(0)), None);
        assert_eq!(n(1).modulo(&n(0)), None);
        // Mixed: a fraction and an integer.
        let half = Num::from_rational(rat(1, 2));
        assert_eq!(half.add(&half), n(1));
        assert_eq!(n(3).mul(&half).to_string(), "3/2");
        assert_eq!(Num::from_rational(rat(-7, 2)).floor(), n(-4));
        assert_eq!(Num::from_rational(rat(-7, 2)).ceil(), n(-3));
        assert_eq!(
            Num::from_rational(rat(7, 2))
                .modulo(&n(2))
                .unwrap()
                .to_string(),
            "3/2"
        );
    }

    fn num() -> impl Strategy<Value = Num> {
        prop_oneof![
            // Near zero, near the ends of the i64 range, and fractions.
            (-50i64..50).prop_map(Num::Small),
            prop_oneof![
                Just(i64::MIN),
                Just(i64::MAX),
                Just(1 << 62),
                Just(-(1 << 62))
            ]
            .prop_flat_map(|e| (-3i64..3).prop_map(move |d| Num::Small(e.saturating_add(d)))),
            ((-50i64..50), (1i64..9)).prop_map(|(n, d)| Num::from_rational(rat(n, d))),
            (-3i64..3).prop_map(|d| Num::from_integer(BigInt::from(i64::MAX) + BigInt::from(d))),
        ]
    }

    proptest! {
        #[test]
        fn the_fast_paths_agree_with_rationals(a in num(), b in num()) {
            for op in OPS {
                prop_assert_eq!(fast(&a, &b, op), slow(&a, &b, op), "{} {} {}", a, op, b);
            }
            prop_assert_eq!(a.neg(), Num::from_rational(-a.to_rational()));
            prop_assert_eq!(a.cmp_num(&b), a.to_rational().cmp(&b.to_rational()));
            prop_assert_eq!(a == b, a.to_rational() == b.to_rational());
            prop_assert_eq!(a.to_i64(), a.to_integer().and_then(|k| k.to_i64()));
            prop_assert_eq!(Num::from_rational(a.to_rational()), a.clone());
        }
    }
}
