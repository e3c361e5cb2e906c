//! Ordinals below ω^(ω^ω) in Cantor normal form `ω^β₁·c₁ + … + ω^βₙ·cₙ` (β₁ > … > βₙ
//! ordinals below ω^ω, finite coefficients): the sizes of the transfinite nimbers `*α` whose
//! nim products are implemented ([`super::lenstra`]), and the ordinals `omega_power(α)`
//! (ω^α) that do not fit in the surreal field of [`super::surreal`].

use super::{Ordinal, OrdinalError};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// An ordinal below ω^(ω^ω): the coefficient of each power ω^β (no zero coefficients, so
/// equal ordinals are equal values).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct BigOrdinal {
    terms: BTreeMap<Ordinal, u64>,
}

impl BigOrdinal {
    /// The finite ordinal `n`.
    pub fn finite(n: u64) -> BigOrdinal {
        BigOrdinal::monomial(Ordinal::default(), n)
    }

    /// `ω^β·c`.
    pub fn monomial(beta: Ordinal, c: u64) -> BigOrdinal {
        let mut terms = BTreeMap::new();
        if c != 0 {
            terms.insert(beta, c);
        }
        BigOrdinal { terms }
    }

    /// An ordinal below ω^ω (finite exponents).
    pub fn from_ordinal(a: &Ordinal) -> BigOrdinal {
        let mut terms = BTreeMap::new();
        for (k, &c) in a.coeffs().iter().enumerate() {
            if c != 0 {
                terms.insert(Ordinal::from_coeffs(vec![k as u64]), c);
            }
        }
        BigOrdinal { terms }
    }

    /// The terms `(β, c)` of `ω^β·c`, lowest power first.
    pub fn terms(&self) -> impl DoubleEndedIterator<Item = (&Ordinal, u64)> {
        self.terms.iter().map(|(b, &c)| (b, c))
    }

    /// From terms `(β, c)`; coefficients of equal powers are combined by `merge`.
    pub(crate) fn from_terms(
        terms: impl IntoIterator<Item = (Ordinal, u64)>,
        merge: impl Fn(u64, u64) -> Result<u64, OrdinalError>,
    ) -> Result<BigOrdinal, OrdinalError> {
        let mut m: BTreeMap<Ordinal, u64> = BTreeMap::new();
        for (b, c) in terms {
            let e = m.entry(b).or_insert(0);
            *e = merge(*e, c)?;
        }
        m.retain(|_, c| *c != 0);
        Ok(BigOrdinal { terms: m })
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// `Some(α)` when every exponent is finite (the ordinal is below ω^ω).
    pub fn as_ordinal(&self) -> Option<Ordinal> {
        let mut coeffs = Vec::new();
        for (b, &c) in &self.terms {
            let k = usize::try_from(b.as_finite()?).ok()?;
            if k > 10_000 {
                return None;
            }
            coeffs.resize(coeffs.len().max(k + 1), 0);
            coeffs[k] = c;
        }
        Some(Ordinal::from_coeffs(coeffs))
    }

    /// `Some(n)` for a finite ordinal.
    pub fn as_finite(&self) -> Option<u64> {
        match self.terms.len() {
            0 => Some(0),
            1 => self.terms.get(&Ordinal::default()).copied(),
            _ => None,
        }
    }

    /// `ω^α` for an ordinal α below ω^ω.
    pub fn omega_power(alpha: &Ordinal) -> BigOrdinal {
        BigOrdinal::monomial(alpha.clone(), 1)
    }

    /// The natural (Hessenberg) sum: coefficients of like powers add (the surreal sum).
    pub fn natural_add(&self, other: &BigOrdinal) -> Result<BigOrdinal, OrdinalError> {
        BigOrdinal::from_terms(
            self.terms()
                .chain(other.terms())
                .map(|(b, c)| (b.clone(), c)),
            |x, y| x.checked_add(y).ok_or(OrdinalError::Overflow),
        )
    }

    /// The natural (Hessenberg) product: `ω^β·ω^γ = ω^(β ⊕ γ)` (the surreal product).
    pub fn natural_mul(&self, other: &BigOrdinal) -> Result<BigOrdinal, OrdinalError> {
        let mut terms = Vec::new();
        for (b, c) in self.terms() {
            for (g, d) in other.terms() {
                let c = c.checked_mul(d).ok_or(OrdinalError::Overflow)?;
                terms.push((b.natural_add(g)?, c));
            }
        }
        BigOrdinal::from_terms(terms, |x, y| x.checked_add(y).ok_or(OrdinalError::Overflow))
    }

    /// Cantor normal form: `ω^ω·2 + ω^3 + 5`, `ω^(ω + 1)` (ASCII `omega^omega*2`).
    pub fn text(&self, unicode: bool) -> String {
        if self.terms.is_empty() {
            return "0".into();
        }
        let w = if unicode { "ω" } else { "omega" };
        let times = if unicode { "·" } else { "*" };
        let mut out = Vec::new();
        for (b, &c) in self.terms.iter().rev() {
            let power = match b.as_finite() {
                Some(0) => None,
                Some(1) => Some(w.to_string()),
                Some(k) => Some(format!("{w}^{k}")),
                None => {
                    let t = b.text(unicode);
                    Some(if t == w {
                        format!("{w}^{w}")
                    } else {
                        format!("{w}^({t})")
                    })
                }
            };
            out.push(match (power, c) {
                (None, c) => c.to_string(),
                (Some(p), 1) => p,
                (Some(p), c) => format!("{p}{times}{c}"),
            });
        }
        out.join(" + ")
    }
}

impl PartialOrd for BigOrdinal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigOrdinal {
    fn cmp(&self, other: &Self) -> Ordering {
        // Cantor normal forms compare term by term from the highest power.
        let mut a = self.terms.iter().rev();
        let mut b = other.terms.iter().rev();
        loop {
            match (a.next(), b.next()) {
                (None, None) => return Ordering::Equal,
                (None, Some(_)) => return Ordering::Less,
                (Some(_), None) => return Ordering::Greater,
                (Some((x, c)), Some((y, d))) => {
                    let o = x.cmp(y).then(c.cmp(d));
                    if o != Ordering::Equal {
                        return o;
                    }
                }
            }
        }
    }
}
