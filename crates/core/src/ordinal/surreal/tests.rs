use super::*;
use proptest::prelude::*;

fn int(n: i64) -> Surreal {
    Surreal::from_integer(BigInt::from(n))
}

fn w() -> Surreal {
    Surreal::omega()
}

/// A small quotient of polynomials in ω: `(a0 + a1 ω + a2 ω²) / (b0 + b1 ω)`.
fn small() -> impl Strategy<Value = Surreal> {
    (
        proptest::collection::vec(-4i64..=4, 3),
        proptest::collection::vec(-3i64..=3, 2),
    )
        .prop_filter_map("nonzero denominator", |(a, b)| {
            let num = Poly::new(a.into_iter().map(BigInt::from).collect());
            let den = Poly::new(b.into_iter().map(BigInt::from).collect());
            Surreal::make(num, den).ok()
        })
}

/// The value of a rational function at a rational point `x`.
fn at(p: &Poly, x: &BigRational) -> BigRational {
    p.0.iter().rev().fold(BigRational::zero(), |acc, c| {
        acc * x + BigRational::from_integer(c.clone())
    })
}

#[test]
fn printing_in_cantor_normal_form() {
    let two = int(2);
    assert_eq!(w().text(true), "ω");
    assert_eq!(w().text(false), "omega");
    let w2_1 = w().mul(&two).unwrap().add(&int(1)).unwrap();
    assert_eq!(w2_1.text(true), "ω·2 + 1");
    assert_eq!(w2_1.text(false), "omega*2 + 1");
    assert_eq!(w().mul(&w()).unwrap().text(true), "ω^2");
    assert_eq!(w().sub(&int(1)).unwrap().text(true), "ω - 1");
    assert_eq!(int(1).div(&w()).unwrap().text(false), "1/omega");
    assert_eq!(w().div(&two).unwrap().text(true), "ω/2");
    assert_eq!(int(1).sub(&w()).unwrap().text(true), "-ω + 1");
    let q = w()
        .add(&int(1))
        .unwrap()
        .div(&w().sub(&int(1)).unwrap())
        .unwrap();
    assert_eq!(q.text(true), "(ω + 1)/(ω - 1)");
    assert_eq!(int(-3).div(&w()).unwrap().text(true), "-3/ω");
}

#[test]
fn natural_sum_and_order() {
    // Conway, ONAG ch. 1: 1 + ω = ω + 1 > ω > ω - 1 > every integer; 1/ω is positive and
    // below every positive rational.
    let one = int(1);
    assert_eq!(one.add(&w()).unwrap(), w().add(&one).unwrap());
    assert!(w().sub(&one).unwrap() < w());
    assert!(w().sub(&one).unwrap() > int(1_000_000));
    let eps = one.div(&w()).unwrap();
    assert!(eps > int(0));
    assert!(eps < Surreal::from_rational(&BigRational::new(1.into(), 1_000_000.into())));
    assert!(eps.is_infinitesimal() && w().is_infinite());
    assert_eq!(w().mul(&eps).unwrap(), one);
    assert_eq!(w().div(&w()).unwrap(), one);
    assert_eq!(one.div(&int(0)), Err(SurrealError::DivisionByZero));
}

#[test]
fn birthdays() {
    // An ordinal is born on its own day; ω - 1 = {0, 1, 2, … | ω} on day ω + 1;
    // ω + 1/2 = {ω | ω + 1} on day ω + 2; ω + 1/3 on day ω·2 (Conway, ONAG ch. 1–2).
    let one = int(1);
    assert_eq!(w().birthday(), Some(Ordinal::omega()));
    assert_eq!(
        w().sub(&one).unwrap().birthday(),
        Some(Ordinal::from_coeffs(vec![1, 1]))
    );
    assert_eq!(
        one.sub(&w()).unwrap().birthday(),
        Some(Ordinal::from_coeffs(vec![1, 1]))
    );
    let half = Surreal::from_rational(&BigRational::new(1.into(), 2.into()));
    assert_eq!(
        w().add(&half).unwrap().birthday(),
        Some(Ordinal::from_coeffs(vec![2, 1]))
    );
    let third = Surreal::from_rational(&BigRational::new(1.into(), 3.into()));
    assert_eq!(
        w().add(&third).unwrap().birthday(),
        Some(Ordinal::from_coeffs(vec![0, 2]))
    );
    assert_eq!(
        w().mul(&w()).unwrap().birthday(),
        Some(Ordinal::from_coeffs(vec![0, 0, 1]))
    );
    assert_eq!(third.birthday(), Some(Ordinal::omega()));
    assert_eq!(one.div(&w()).unwrap().birthday(), None);
}

#[test]
fn ordinals_round_trip() {
    let a = Ordinal::from_coeffs(vec![5, 0, 3]);
    let s = Surreal::from_ordinal(&a);
    assert_eq!(s.as_ordinal(), Some(a));
    assert_eq!(s.text(true), "ω^2·3 + 5");
    assert_eq!(w().sub(&int(1)).unwrap().as_ordinal(), None);
    assert_eq!(Surreal::omega_power(-2).unwrap().text(true), "1/ω^2");
}

proptest! {
    #[test]
    fn field_axioms(a in small(), b in small(), c in small()) {
        prop_assert_eq!(a.add(&b).unwrap(), b.add(&a).unwrap());
        prop_assert_eq!(a.mul(&b).unwrap(), b.mul(&a).unwrap());
        prop_assert_eq!(
            a.add(&b).unwrap().add(&c).unwrap(),
            a.add(&b.add(&c).unwrap()).unwrap()
        );
        prop_assert_eq!(
            a.mul(&b).unwrap().mul(&c).unwrap(),
            a.mul(&b.mul(&c).unwrap()).unwrap()
        );
        prop_assert_eq!(
            a.mul(&b.add(&c).unwrap()).unwrap(),
            a.mul(&b).unwrap().add(&a.mul(&c).unwrap()).unwrap()
        );
        prop_assert_eq!(a.sub(&a).unwrap(), int(0));
        if a.sign() != 0 {
            prop_assert_eq!(a.div(&a).unwrap(), int(1));
            prop_assert_eq!(b.div(&a).unwrap().mul(&a).unwrap(), b.clone());
        }
        // An ordered field: order is compatible with sums and with products by positives.
        if a < b {
            prop_assert!(a.add(&c).unwrap() < b.add(&c).unwrap());
            if c.sign() > 0 {
                prop_assert!(a.mul(&c).unwrap() < b.mul(&c).unwrap());
            }
        }
    }

    /// ω is larger than every rational, so a comparison is decided by the values of the
    /// rational functions at a large enough point (here 10^6, far beyond every root of
    /// these small polynomials).
    #[test]
    fn order_agrees_with_large_points(a in small(), b in small()) {
        let x = BigRational::from_integer(BigInt::from(1_000_000));
        let va = at(&a.num, &x) / at(&a.den, &x);
        let vb = at(&b.num, &x) / at(&b.den, &x);
        prop_assert_eq!(a.cmp(&b), va.cmp(&vb));
    }
}
