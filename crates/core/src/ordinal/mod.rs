//! Ordinals and Conway's arithmetic on them:
//! - [`Ordinal`]: ordinals below ω^ω in Cantor normal form, with the ordinal and natural
//!   sums, and the birthday of a rational number as a surreal number (a dyadic `m/2^k` is
//!   born on a finite day, every other rational on day ω);
//! - [`big::BigOrdinal`]: ordinals below ω^(ω^ω), the sizes of transfinite nimbers;
//! - [`lenstra`]: nim sums and Lenstra's nim products of those (*On Numbers and Games*
//!   ch. 6; Lenstra 1977);
//! - [`surreal`]: the surreal numbers p(ω)/q(ω) (`omega`, `1/omega`, `omega - 1`);
//! - [`transfinite::Transfinite`]: the one language value for all of these.

use std::fmt;

pub mod big;
pub mod lenstra;
pub mod nimber;
pub mod surreal;
pub mod transfinite;

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
    /// A nim product of ordinals at or beyond ω^(ω^k) for the k odd primes whose α_p are
    /// in Lenstra's table (see [`lenstra`]).
    BeyondTable,
    /// A nim product that would take more than a fixed number of steps.
    TooLong,
}

impl fmt::Display for OrdinalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrdinalError::Overflow => write!(f, "an ordinal coefficient does not fit in 64 bits"),
            OrdinalError::BeyondTable => write!(
                f,
                "nim products are implemented below ω^(ω^{}) (the odd primes up to 257, whose α_p Lenstra's table gives)",
                lenstra::LEVELS
            ),
            OrdinalError::TooLong => write!(
                f,
                "this nim product needs more than two million steps; it was stopped"
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
