use super::*;
use crate::impartial::grundy::nim_product;

/// A small pseudo-random generator (no dependency, deterministic).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn ordinal(&mut self) -> Ordinal {
        let bits = [3u64, 15, 255, 65535][(self.next() % 4) as usize];
        Ordinal::from_coeffs((0..3).map(|_| self.next() & bits).collect())
    }
}

#[test]
fn nim_product_agrees_with_the_finite_one_on_integers() {
    for a in 0..64u64 {
        for b in 0..64u64 {
            let p = nim_times(&Ordinal::finite(a), &Ordinal::finite(b)).unwrap();
            assert_eq!(p, Ordinal::finite(nim_product(a, b)));
        }
    }
}

#[test]
fn field_axioms_below_omega_cubed() {
    let mut r = Lcg(7);
    let one = Ordinal::finite(1);
    for _ in 0..2000 {
        let (a, b, c) = (r.ordinal(), r.ordinal(), r.ordinal());
        let ab = nim_times(&a, &b).unwrap();
        assert_eq!(ab, nim_times(&b, &a).unwrap());
        assert_eq!(
            nim_times(&ab, &c).unwrap(),
            nim_times(&a, &nim_times(&b, &c).unwrap()).unwrap()
        );
        assert_eq!(
            nim_times(&a, &nim_sum(&b, &c)).unwrap(),
            nim_sum(&ab, &nim_times(&a, &c).unwrap())
        );
        assert_eq!(nim_times(&a, &one).unwrap(), a);
        assert_eq!(nim_sum(&a, &a), Ordinal::default());
        // No zero divisors.
        if a != Ordinal::default() && b != Ordinal::default() {
            assert_ne!(ab, Ordinal::default());
        }
    }
}

#[test]
fn omega_is_the_cube_root_of_two() {
    // Conway, ONAG ch. 6; Lenstra 1977.
    let w = Ordinal::omega();
    let w2 = nim_times(&w, &w).unwrap();
    assert_eq!(w2, Ordinal::from_coeffs(vec![0, 0, 1]));
    assert_eq!(nim_times(&w2, &w).unwrap(), Ordinal::finite(2));
    // ω ⊗ 3 is the ordinal product ω·3, and (ω + 1)² = ω² + 1 in characteristic 2.
    assert_eq!(
        nim_times(&w, &Ordinal::finite(3)).unwrap(),
        Ordinal::from_coeffs(vec![0, 3])
    );
    let w1 = Ordinal::from_coeffs(vec![1, 1]);
    assert_eq!(
        nim_times(&w1, &w1).unwrap(),
        Ordinal::from_coeffs(vec![1, 0, 1])
    );
    assert_eq!(nim_times(&w2, &w2), Ok(Ordinal::from_coeffs(vec![0, 2])));
    let w3 = Ordinal::from_coeffs(vec![0, 0, 0, 1]);
    assert_eq!(nim_times(&w3, &w), Err(OrdinalError::BeyondField));
}

#[test]
fn ordinal_sums_and_printing() {
    let w = Ordinal::omega();
    let one = Ordinal::finite(1);
    assert_eq!(one.add(&w).unwrap(), w);
    assert_eq!(w.add(&one).unwrap().text(true), "ω + 1");
    assert_eq!(one.natural_add(&w).unwrap().text(false), "omega + 1");
    let big = Ordinal::from_coeffs(vec![5, 1, 3]);
    assert_eq!(big.text(true), "ω^2·3 + ω + 5");
    assert!(w < big && one < w);
    assert_eq!(nimber::nimber_text(&w, true), "*ω");
    assert_eq!(nimber::nimber_text(&big, false), "*(omega^2*3 + omega + 5)");
}

#[test]
fn birthdays_of_rationals() {
    // 1/3 is born on day ω; 1/2 = {0|1} on day 2, 3/4 = {1/2|1} on day 3, 5/2 = {2|3} on
    // day 4, -2 on day 2.
    assert_eq!(rational_birthday(1, 3), Some(Ordinal::omega()));
    assert_eq!(rational_birthday(1, 2), Some(Ordinal::finite(2)));
    assert_eq!(rational_birthday(3, 4), Some(Ordinal::finite(3)));
    assert_eq!(rational_birthday(5, 2), Some(Ordinal::finite(4)));
    assert_eq!(rational_birthday(-2, 1), Some(Ordinal::finite(2)));
    assert_eq!(rational_birthday(0, 1), Some(Ordinal::finite(0)));
}
