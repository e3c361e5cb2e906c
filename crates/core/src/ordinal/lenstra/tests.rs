use super::*;
use num_bigint::BigUint;
use num_traits::One;
use proptest::prelude::*;

fn ord(c: &[u64]) -> BigOrdinal {
    BigOrdinal::from_ordinal(&Ordinal::from_coeffs(c.to_vec()))
}

/// `ω^(ω^k·e)`.
fn level_power(k: usize, e: u64) -> BigOrdinal {
    let mut c = vec![0; k + 1];
    c[k] = e;
    BigOrdinal::omega_power(&Ordinal::from_coeffs(c))
}

fn sum(xs: &[BigOrdinal]) -> BigOrdinal {
    xs.iter().fold(BigOrdinal::default(), |a, x| nim_sum(&a, x))
}

/// An independent reference below ω³: polynomials in ω over the finite nimbers reduced by
/// ω³ = 2 (Conway, ONAG ch. 6).
fn cube_field_times(a: &[u64; 3], b: &[u64; 3]) -> [u64; 3] {
    let mut prod = [0u64; 5];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            prod[i + j] ^= nim_product(x, y);
        }
    }
    for k in (3..5).rev() {
        prod[k - 3] ^= nim_product(2, prod[k]);
        prod[k] = 0;
    }
    [prod[0], prod[1], prod[2]]
}

/// `a^n` for a big exponent, by repeated squaring.
fn big_power(a: &BigOrdinal, n: &BigUint) -> BigOrdinal {
    let mut r = BigOrdinal::finite(1);
    for i in (0..n.bits()).rev() {
        r = nim_times(&r, &r).unwrap();
        if n.bit(i) {
            r = nim_times(&r, a).unwrap();
        }
    }
    r
}

fn two_to(n: u32) -> BigUint {
    BigUint::one() << n
}

#[test]
fn agrees_with_the_finite_nim_product_on_integers() {
    for a in 0..64u64 {
        for b in 0..64u64 {
            let p = nim_times(&BigOrdinal::finite(a), &BigOrdinal::finite(b)).unwrap();
            assert_eq!(p, BigOrdinal::finite(nim_product(a, b)));
        }
    }
}

#[test]
fn values_from_the_literature() {
    let one = BigOrdinal::finite(1);
    let w = ord(&[0, 1]);
    // Conway, ONAG ch. 6: ω³ = 2, (ω^ω)⁵ = 4, (ω^(ω²))⁷ = ω + 1.
    assert_eq!(nim_power(&w, 3).unwrap(), BigOrdinal::finite(2));
    assert_eq!(nim_times(&w, &w).unwrap(), ord(&[0, 0, 1]));
    assert_eq!(
        nim_power(&level_power(1, 1), 5).unwrap(),
        BigOrdinal::finite(4)
    );
    assert_eq!(nim_power(&level_power(2, 1), 7).unwrap(), nim_sum(&w, &one));
    // Lenstra 1977: (ω^(ω³))^11 = ω^ω + 1, (ω^(ω^4))^13 = ω + 4, (ω^(ω^6))^19 = ω³ + 4.
    assert_eq!(
        nim_power(&level_power(3, 1), 11).unwrap(),
        nim_sum(&level_power(1, 1), &one)
    );
    assert_eq!(
        nim_power(&level_power(4, 1), 13).unwrap(),
        nim_sum(&w, &BigOrdinal::finite(4))
    );
    assert_eq!(
        nim_power(&level_power(6, 1), 19).unwrap(),
        nim_sum(&ord(&[0, 0, 0, 1]), &BigOrdinal::finite(4))
    );
    // ω^3 is a cube root of ω, ω^9 of ω^3 (Lenstra's κ_{p^(n+1)}^p = κ_{p^n}).
    assert_eq!(nim_power(&ord(&[0, 0, 0, 1]), 3).unwrap(), w);
    assert_eq!(
        nim_power(&level_power(0, 9), 3).unwrap(),
        ord(&[0, 0, 0, 1])
    );
    // Powers of ω from different levels multiply as ordinals: ω ⊗ ω^ω = ω^(ω + 1).
    assert_eq!(
        nim_times(&w, &level_power(1, 1)).unwrap(),
        BigOrdinal::omega_power(&Ordinal::from_coeffs(vec![1, 1]))
    );
    // Beyond the table: a clear error.
    assert_eq!(
        nim_times(&level_power(LEVELS, 1), &w),
        Err(OrdinalError::BeyondTable)
    );
}

/// Lenstra's criterion, checked rather than assumed for p = 3, 5, 7: α_p is not a p-th
/// power in a field F containing it (α^((|F|-1)/p) ≠ 1), while every smaller ordinal is.
/// F_{2^64} holds the finite coefficients; F_{2^64}(ω) has 2^192 elements. Extensions of
/// degree prime to p keep p-th powers and non-powers as they are.
#[test]
fn alphas_are_the_least_non_powers() {
    let power_test = |a: &BigOrdinal, bits: u32, p: u32| {
        let e = (two_to(bits) - BigUint::one()) / BigUint::from(p);
        big_power(a, &e) == BigOrdinal::finite(1)
    };
    // p = 3: 1 is a cube, 2 is not.
    assert!(power_test(&BigOrdinal::finite(1), 64, 3));
    assert!(!power_test(&alpha(3).unwrap(), 64, 3));
    // p = 5: 1, 2, 3 are fifth powers, 4 is not.
    for n in 1..4 {
        assert!(power_test(&BigOrdinal::finite(n), 64, 5));
    }
    assert_eq!(alpha(5), Some(BigOrdinal::finite(4)));
    assert!(!power_test(&BigOrdinal::finite(4), 64, 5));
    // p = 7: 7 does not divide 2^64 - 1, so every finite nimber is a 7th power; ω is one in
    // F_{2^64}(ω), ω + 1 is not.
    assert!(power_test(&ord(&[0, 1]), 192, 7));
    assert_eq!(alpha(7), Some(ord(&[1, 1])));
    assert!(!power_test(&ord(&[1, 1]), 192, 7));
}

/// Every element of a finite field F satisfies a^|F| = a: F_{2^64}(ω) (ω below level 0
/// digit 3) has 2^192 elements, F_{2^64}(ω, ω^ω) 2^960.
#[test]
fn frobenius_fixes_finite_subfields() {
    let a = sum(&[
        BigOrdinal::finite(0xdead_beef_1234_5678),
        BigOrdinal::monomial(Ordinal::from_coeffs(vec![1]), 77),
        BigOrdinal::monomial(Ordinal::from_coeffs(vec![2]), 3),
    ]);
    assert_eq!(big_power(&a, &two_to(192)), a);
    let b = sum(&[
        a.clone(),
        BigOrdinal::monomial(Ordinal::from_coeffs(vec![2, 4]), 9),
        BigOrdinal::monomial(Ordinal::from_coeffs(vec![0, 1]), 1 << 40),
    ]);
    assert_eq!(big_power(&b, &two_to(960)), b);
}

#[test]
fn the_table_is_consistent() {
    for (k, (qs, m)) in ALPHA.iter().enumerate() {
        let p = PRIMES[k];
        // f(p), the order of 2 mod p: each q divides it.
        let (mut f, mut r) = (1, 2 % p);
        while r != 1 {
            r = r * 2 % p;
            f += 1;
        }
        let a = alpha(p).unwrap();
        let bound = level_power(k, 1);
        assert!(a < bound, "α_{p} is below ω^(ω^{k})");
        let mut finite = *m;
        for &q in qs.iter() {
            assert!(
                prime_power(q).is_some() && f % q == 0,
                "{q} divides f({p}) = {f}"
            );
            if let Some(n) = kappa(q).unwrap().as_finite() {
                assert_eq!(finite & n, 0, "the finite parts of α_{p} share no bit");
                finite |= n;
            }
        }
    }
}

fn small_ordinal() -> impl Strategy<Value = BigOrdinal> {
    // Up to four terms, exponents over levels 0..3 with digits that carry, finite
    // coefficients of every size.
    proptest::collection::vec(
        (
            proptest::collection::vec(0u64..10, 0..=3),
            prop_oneof![0u64..16, any::<u64>()],
        ),
        0..4,
    )
    .prop_map(|terms| {
        BigOrdinal::from_terms(
            terms.into_iter().map(|(e, c)| (Ordinal::from_coeffs(e), c)),
            |x, y| Ok(x ^ y),
        )
        .unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn field_axioms(a in small_ordinal(), b in small_ordinal(), c in small_ordinal()) {
        let ab = nim_times(&a, &b).unwrap();
        prop_assert_eq!(&ab, &nim_times(&b, &a).unwrap());
        prop_assert_eq!(
            nim_times(&ab, &c).unwrap(),
            nim_times(&a, &nim_times(&b, &c).unwrap()).unwrap()
        );
        prop_assert_eq!(
            nim_times(&a, &nim_sum(&b, &c)).unwrap(),
            nim_sum(&ab, &nim_times(&a, &c).unwrap())
        );
        prop_assert_eq!(nim_times(&a, &BigOrdinal::finite(1)).unwrap(), a.clone());
        prop_assert!(nim_sum(&a, &a).is_zero());
        if !a.is_zero() && !b.is_zero() {
            prop_assert!(!ab.is_zero());
        }
    }

    #[test]
    fn agrees_with_the_cube_field_below_omega_cubed(
        a in proptest::array::uniform3(any::<u64>()),
        b in proptest::array::uniform3(any::<u64>()),
    ) {
        let p = nim_times(&ord(&a), &ord(&b)).unwrap();
        prop_assert_eq!(p, ord(&cube_field_times(&a, &b)));
    }

    #[test]
    fn agrees_with_the_finite_product(a in any::<u64>(), b in any::<u64>()) {
        let p = nim_times(&BigOrdinal::finite(a), &BigOrdinal::finite(b)).unwrap();
        prop_assert_eq!(p, BigOrdinal::finite(nim_product(a, b)));
    }
}
