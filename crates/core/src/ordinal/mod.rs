//! Ordinals below ω^ω in Cantor normal form, with the ordinal and natural sums and Conway's
//! nim arithmetic (*On Numbers and Games* ch. 6): nim sums of any of them, and nim products
//! in the field of ordinals below ω³, where ω is the cube root of 2 (Conway; Lenstra, "Nim
//! multiplication", 1977). Products reaching ω³ or beyond need Lenstra's algorithm for the
//! higher field extensions, which is not implemented: they are refused with a clear error.
//!
//! Also the birthday of a rational number as a surreal number: a dyadic `m/2^k` is born on
//! a finite day, every other rational on day ω.

use crate::impartial::grundy::nim_product;
use std::fmt;

pub mod nimber;
pub mod surreal;

/// An ordinal `ω^k·c_k + … + ω·c_1 + c_0` below `ω^ω`: `coeffs[k]` is the coefficient of
/// `ω^k` (no trailing zeros, so equal ordinals are equal values).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Ordinal {
    coeffs: Vec<u64>,
}

/// Why an ordinal operation has no answer here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrdinalError {
    /// A coefficient would not fit in 64 bits.
    Overflow,
    /// A nim product at or above ω³ (Lenstra's algorithm for the higher extensions is not
    /// implemented).
    BeyondField,
}

impl fmt::Display for OrdinalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrdinalError::Overflow => write!(f, "an ordinal coefficient does not fit in 64 bits"),
            OrdinalError::BeyondField => write!(
                f,
                "nim products are implemented below ω³ only (ω is the cube root of 2 there); beyond it Lenstra's algorithm would be needed"
            ),
        }
    }
}

impl Ordinal {
    /// The finite ordinal `n`.
    pub fn finite(n: u64) -> Ordinal {
        Ordinal::from_coeffs(vec![n])
    }

    /// `ω`.
    pub fn omega() -> Ordinal {
        Ordinal::from_coeffs(vec![0, 1])
    }

    /// `ω^k·c_k + … + c_0` from its coefficients, lowest first.
    pub fn from_coeffs(mut coeffs: Vec<u64>) -> Ordinal {
        while coeffs.last() == Some(&0) {
            coeffs.pop();
        }
        Ordinal { coeffs }
    }

    /// The coefficients, lowest power first.
    pub fn coeffs(&self) -> &[u64] {
        &self.coeffs
    }

    /// `Some(n)` for a finite ordinal.
    pub fn as_finite(&self) -> Option<u64> {
        match self.coeffs.len() {
            0 => Some(0),
            1 => Some(self.coeffs[0]),
            _ => None,
        }
    }

    /// The ordinal sum `self + other` (not commutative: `1 + ω = ω`).
    pub fn add(&self, other: &Ordinal) -> Result<Ordinal, OrdinalError> {
        let Some(top) = other.coeffs.len().checked_sub(1) else {
            return Ok(self.clone());
        };
        let mut c = other.coeffs.clone();
        if let Some(&mine) = self.coeffs.get(top) {
            c[top] = mine.checked_add(c[top]).ok_or(OrdinalError::Overflow)?;
        }
        c.extend(self.coeffs.iter().skip(top + 1));
        Ok(Ordinal::from_coeffs(c))
    }

    /// The natural (Hessenberg) sum: coefficients add.
    pub fn natural_add(&self, other: &Ordinal) -> Result<Ordinal, OrdinalError> {
        let n = self.coeffs.len().max(other.coeffs.len());
        let mut c = Vec::with_capacity(n);
        for k in 0..n {
            let (a, b) = (self.coeff(k), other.coeff(k));
            c.push(a.checked_add(b).ok_or(OrdinalError::Overflow)?);
        }
        Ok(Ordinal::from_coeffs(c))
    }

    fn coeff(&self, k: usize) -> u64 {
        self.coeffs.get(k).copied().unwrap_or(0)
    }

    /// Cantor normal form: `ω^2·3 + ω + 5` (Unicode) or `omega^2*3 + omega + 5`.
    pub fn text(&self, unicode: bool) -> String {
        if self.coeffs.is_empty() {
            return "0".into();
        }
        let w = if unicode { "ω" } else { "omega" };
        let times = if unicode { "·" } else { "*" };
        let mut terms = Vec::new();
        for (k, &c) in self.coeffs.iter().enumerate().rev() {
            if c == 0 {
                continue;
            }
            let power = match k {
                0 => None,
                1 => Some(w.to_string()),
                k => Some(format!("{w}^{k}")),
            };
            terms.push(match (power, c) {
                (None, c) => c.to_string(),
                (Some(p), 1) => p,
                (Some(p), c) => format!("{p}{times}{c}"),
            });
        }
        terms.join(" + ")
    }
}

impl PartialOrd for Ordinal {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ordinal {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.coeffs
            .len()
            .cmp(&other.coeffs.len())
            .then_with(|| self.coeffs.iter().rev().cmp(other.coeffs.iter().rev()))
    }
}

/// The nim sum of two ordinals: their binary expansions added without carry (`ω^k` is
/// `2^(ω·k)`, so coefficients of like powers of ω are nim-added).
pub fn nim_sum(a: &Ordinal, b: &Ordinal) -> Ordinal {
    let n = a.coeffs.len().max(b.coeffs.len());
    Ordinal::from_coeffs((0..n).map(|k| a.coeff(k) ^ b.coeff(k)).collect())
}

/// The nim product of two ordinals below ω³: polynomials in ω over the finite nimbers
/// (Conway: the finite nimbers form a field, and `ω·a` and `ω²·a` are nim products for
/// finite `a`), reduced by `ω³ = 2`.
///
/// ```
/// use cgt_core::ordinal::{Ordinal, nim_times};
/// let w = Ordinal::omega();
/// let w2 = nim_times(&w, &w).unwrap();
/// assert_eq!(w2.text(true), "ω^2");
/// assert_eq!(nim_times(&w2, &w).unwrap(), Ordinal::finite(2)); // ω is the cube root of 2
/// ```
pub fn nim_times(a: &Ordinal, b: &Ordinal) -> Result<Ordinal, OrdinalError> {
    if a.coeffs.len() > 3 || b.coeffs.len() > 3 {
        return Err(OrdinalError::BeyondField);
    }
    let mut prod = [0u64; 5];
    for (i, &x) in a.coeffs.iter().enumerate() {
        for (j, &y) in b.coeffs.iter().enumerate() {
            prod[i + j] ^= nim_product(x, y);
        }
    }
    // ω^4 = 2ω, ω^3 = 2.
    for k in (3..5).rev() {
        let c = prod[k];
        prod[k] = 0;
        prod[k - 3] ^= nim_product(2, c);
    }
    Ok(Ordinal::from_coeffs(prod[..3].to_vec()))
}

/// The birthday of a rational number as a surreal number: `m/2^k` (lowest terms, `k ≥ 1`)
/// is born on day `⌊|x|⌋ + 1 + k`, an integer `n` on day `|n|`, every other rational on day ω
/// (it is the limit of dyadic approximations, none of them itself).
pub fn rational_birthday(numer: i128, denom: u128) -> Option<Ordinal> {
    if denom == 0 {
        return None;
    }
    if !denom.is_power_of_two() {
        return Some(Ordinal::omega());
    }
    let k = u64::from(denom.trailing_zeros());
    let whole = numer.unsigned_abs() / denom;
    let whole = u64::try_from(whole).ok()?;
    let day = if k == 0 { whole } else { whole + 1 + k };
    Some(Ordinal::finite(day))
}

#[cfg(test)]
mod tests;
