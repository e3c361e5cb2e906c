//! Nim multiplication of ordinals below ω^(ω^ω), the algebraic closure of the field with two
//! elements in Conway's field On₂ (Conway, *On Numbers and Games* ch. 6; H. W. Lenstra,
//! "On the algebraic closure of two", Indag. Math. 39 (1977); Lenstra, "Nim
//! multiplication", 1977/78).
//!
//! The structure, for `p_k` the (k+1)-th odd prime (3, 5, 7, 11, …):
//! - the finite ordinals are the nimbers, the field F_{2^{2^∞}} (the coefficients here are
//!   below 2^64, a subfield, multiplied by [`crate::impartial::grundy::nim_product`]);
//! - `x_{k,i} = ω^(ω^k · p_k^i)` (Lenstra's κ_{p^(i+1)}) generate the rest: `x_{k,i+1}` is
//!   a p_k-th root of `x_{k,i}`, and `x_{k,0}^{p_k} = α_{p_k}`, an ordinal below
//!   `x_{k,0}` given by the table `ALPHA` (ω³ = 2, (ω^ω)⁵ = 4, (ω^(ω²))⁷ = ω + 1, …);
//! - an ordinal `ω^β·c` with `β = Σ ω^k·e_k` is the nim product of `c` and of the
//!   `x_{k,i}^{d}` over the base-p_k digits `d` of each `e_k` (Conway's theorem that the
//!   ordinal powers of a field's generator, below its degree, are its nim powers), and nim
//!   sums of distinct powers are their ordinal sums.
//!
//! So a product of two powers of ω adds the digits of the exponents level by level; a digit
//! reaching p_k carries one to the digit below (`x_{k,i}^{p} = x_{k,i-1}`), and at the
//! lowest digit it multiplies by α_{p_k}, which lives below level k: the recursion ends.

use super::big::BigOrdinal;
use super::{Ordinal, OrdinalError};
use crate::impartial::grundy::nim_product;
use std::sync::OnceLock;

/// The odd primes p whose α_p is known here, in order: level k uses `PRIMES[k]`.
const PRIMES: [u64; 54] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193,
    197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257,
];

/// α_p = κ_{q₁} + … + κ_{qₙ} + m_p for each prime of [`PRIMES`]: the prime powers q (their
/// κ_q summed give Lenstra's κ_{f(p)}, f(p) the order of 2 mod p) and the excess m_p.
/// Values: p ≤ 7 Conway (ONAG ch. 6), p ≤ 43 Lenstra (1977), beyond Le Bruyn (2009) and
/// Siegel (the table of CGSuite, `FieldTable.scala`); the excesses are OEIS A380496.
/// κ_{2^n} = 2^(2^(n-1)); κ_{p^n} = ω^(ω^k·p^(n-1)) for p = `PRIMES[k]`.
const ALPHA: [(&[u64], u64); 54] = [
    (&[2], 0),     // 3: ω³ = 2
    (&[4], 0),     // 5: (ω^ω)⁵ = 4
    (&[3], 1),     // 7: (ω^(ω²))⁷ = ω + 1
    (&[5], 1),     // 11
    (&[4, 3], 0),  // 13
    (&[8], 0),     // 17
    (&[9], 4),     // 19
    (&[11], 1),    // 23
    (&[4, 7], 0),  // 29
    (&[5], 1),     // 31
    (&[4, 9], 0),  // 37
    (&[5], 1),     // 41
    (&[7], 1),     // 43
    (&[23], 1),    // 47
    (&[13], 1),    // 53
    (&[29], 1),    // 59
    (&[3, 5], 0),  // 61
    (&[3, 11], 0), // 67
    (&[5, 7], 0),  // 71
    (&[9], 1),     // 73
    (&[13], 1),    // 79
    (&[41], 1),    // 83
    (&[11], 1),    // 89
    (&[16, 3], 0), // 97
    (&[25], 1),    // 101
    (&[3, 17], 0), // 103
    (&[53], 1),    // 107
    (&[4, 9], 0),  // 109
    (&[4, 7], 0),  // 113
    (&[7], 1),     // 127
    (&[5, 13], 0), // 131
    (&[17], 1),    // 137
    (&[3, 23], 0), // 139
    (&[37], 1),    // 149
    (&[3, 5], 0),  // 151
    (&[13], 1),    // 157
    (&[81], 4),    // 163
    (&[83], 1),    // 167
    (&[4, 43], 0), // 173
    (&[89], 1),    // 179
    (&[9, 5], 0),  // 181
    (&[5, 19], 0), // 191
    (&[32, 3], 0), // 193
    (&[4, 49], 0), // 197
    (&[9, 11], 0), // 199
    (&[5, 7], 0),  // 211
    (&[37], 1),    // 223
    (&[113], 1),   // 227
    (&[19], 1),    // 229
    (&[29], 1),    // 233
    (&[7, 17], 0), // 239
    (&[8, 3], 0),  // 241
    (&[25], 1),    // 251
    (&[16], 0),    // 257
];

/// How many levels (odd primes) the table covers: products are implemented below
/// ω^(ω^LEVELS).
pub const LEVELS: usize = PRIMES.len();

/// The most monomial products one nim product may take (bad input ends in an error, not in
/// a hang).
const MAX_STEPS: u64 = 2_000_000;

/// `q = p^n` as `(p, n)`.
fn prime_power(q: u64) -> Option<(u64, u32)> {
    let p = (2..=q).find(|d| q.is_multiple_of(*d))?;
    let (mut r, mut n) = (q, 0);
    while r.is_multiple_of(p) {
        r /= p;
        n += 1;
    }
    (r == 1).then_some((p, n))
}

/// Lenstra's κ_q for a prime power q.
fn kappa(q: u64) -> Option<BigOrdinal> {
    let (p, n) = prime_power(q)?;
    if p == 2 {
        let bits = 1u32.checked_shl(n - 1)?;
        return Some(BigOrdinal::finite(1u64.checked_shl(bits)?));
    }
    let k = PRIMES.iter().position(|&x| x == p)?;
    let mut e = vec![0u64; k + 1];
    e[k] = p.checked_pow(n - 1)?;
    Some(BigOrdinal::omega_power(&Ordinal::from_coeffs(e)))
}

/// α_{p_k} for each level k, from [`ALPHA`].
fn alphas() -> &'static [BigOrdinal] {
    static A: OnceLock<Vec<BigOrdinal>> = OnceLock::new();
    A.get_or_init(|| {
        ALPHA
            .iter()
            .map(|(qs, m)| {
                let mut a = BigOrdinal::finite(*m);
                for &q in qs.iter() {
                    // The κ's and the excess are distinct powers, or finite numbers without
                    // a common bit (a test checks): their ordinal sum is the nim sum.
                    if let Some(kq) = kappa(q) {
                        a = nim_sum(&a, &kq);
                    }
                }
                a
            })
            .collect()
    })
}

/// α_p for the odd prime p, when the table has it: the p-th nim power of ω^(ω^k) for p the
/// (k+1)-th odd prime.
pub fn alpha(p: u64) -> Option<BigOrdinal> {
    let k = PRIMES.iter().position(|&x| x == p)?;
    Some(alphas()[k].clone())
}

/// The nim sum: binary addition without carry, coefficient by coefficient (Conway).
pub fn nim_sum(a: &BigOrdinal, b: &BigOrdinal) -> BigOrdinal {
    BigOrdinal::from_terms(
        a.terms().chain(b.terms()).map(|(e, c)| (e.clone(), c)),
        |x, y| Ok(x ^ y),
    )
    .unwrap_or_default()
}

/// The nim product of two ordinals below ω^(ω^LEVELS).
///
/// ```
/// use cgt_core::ordinal::{Ordinal, big::BigOrdinal, lenstra::nim_times};
/// let w = BigOrdinal::from_ordinal(&Ordinal::omega());
/// let w2 = nim_times(&w, &w).unwrap();
/// assert_eq!(w2.text(true), "ω^2");
/// assert_eq!(nim_times(&w2, &w).unwrap(), BigOrdinal::finite(2)); // ω³ = 2
/// ```
pub fn nim_times(a: &BigOrdinal, b: &BigOrdinal) -> Result<BigOrdinal, OrdinalError> {
    for x in [a, b] {
        if x.terms().any(|(e, _)| e.coeffs().len() > LEVELS) {
            return Err(OrdinalError::BeyondTable);
        }
    }
    let mut steps = 0;
    times(a, b, &mut steps)
}

/// `a ⊗ a ⊗ … ⊗ a` (n factors; 1 for n = 0), by repeated squaring.
pub fn nim_power(a: &BigOrdinal, mut n: u64) -> Result<BigOrdinal, OrdinalError> {
    let mut result = BigOrdinal::finite(1);
    let mut base = a.clone();
    while n > 0 {
        if n & 1 == 1 {
            result = nim_times(&result, &base)?;
        }
        n >>= 1;
        if n > 0 {
            base = nim_times(&base, &base)?;
        }
    }
    Ok(result)
}

fn times(a: &BigOrdinal, b: &BigOrdinal, steps: &mut u64) -> Result<BigOrdinal, OrdinalError> {
    let mut acc: Vec<(Ordinal, u64)> = Vec::new();
    for (x, c) in a.terms() {
        for (y, d) in b.terms() {
            let cd = nim_product(c, d);
            for (z, e) in power_times(x, y, steps)?.terms() {
                acc.push((z.clone(), nim_product(e, cd)));
            }
        }
    }
    BigOrdinal::from_terms(acc, |x, y| Ok(x ^ y))
}

/// `ω^β ⊗ ω^γ`.
fn power_times(
    beta: &Ordinal,
    gamma: &Ordinal,
    steps: &mut u64,
) -> Result<BigOrdinal, OrdinalError> {
    *steps += 1;
    if *steps > MAX_STEPS {
        return Err(OrdinalError::TooLong);
    }
    let levels = beta.coeffs().len().max(gamma.coeffs().len());
    let mut exponent = vec![0u64; levels];
    // Levels whose lowest digit reached p: the product gains a factor α_p.
    let mut overflowed = Vec::new();
    for (k, e) in exponent.iter_mut().enumerate() {
        let p = PRIMES[k];
        let mut digits = base_digits(coeff(beta, k), p);
        let other = base_digits(coeff(gamma, k), p);
        digits.resize(digits.len().max(other.len()), 0);
        for (d, o) in digits.iter_mut().zip(&other) {
            *d += o;
        }
        // From the top digit down: x_{k,i}^p = x_{k,i-1}, and x_{k,0}^p = α_p.
        for i in (0..digits.len()).rev() {
            if digits[i] >= p {
                digits[i] -= p;
                if i > 0 {
                    digits[i - 1] += 1;
                } else {
                    overflowed.push(k);
                }
            }
        }
        *e = from_digits(&digits, p)?;
    }
    let mut result = BigOrdinal::monomial(Ordinal::from_coeffs(exponent), 1);
    for k in overflowed.into_iter().rev() {
        result = times(&result, &alphas()[k], steps)?;
    }
    Ok(result)
}

fn coeff(a: &Ordinal, k: usize) -> u64 {
    a.coeffs().get(k).copied().unwrap_or(0)
}

fn base_digits(mut n: u64, p: u64) -> Vec<u64> {
    let mut d = Vec::new();
    while n > 0 {
        d.push(n % p);
        n /= p;
    }
    d
}

fn from_digits(digits: &[u64], p: u64) -> Result<u64, OrdinalError> {
    digits.iter().rev().try_fold(0u64, |acc, &d| {
        acc.checked_mul(p)
            .and_then(|x| x.checked_add(d))
            .ok_or(OrdinalError::Overflow)
    })
}

#[cfg(test)]
mod tests;
