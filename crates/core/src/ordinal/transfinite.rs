//! One value for the numbers and nimbers beyond the short games: a surreal number of the
//! field p(ω)/q(ω), an ordinal beyond that field (ω^ω and larger, below ω^(ω^ω)), or a
//! transfinite nimber `*α`. Their arithmetic is here; the language only converts.

use super::big::BigOrdinal;
use super::surreal::{Surreal, SurrealError};
use super::{OrdinalError, lenstra};
use std::cmp::Ordering;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Transfinite {
    /// A surreal number p(ω)/q(ω) (the language keeps rationals as its own numbers).
    Number(Surreal),
    /// An ordinal with an infinite exponent (ω^ω and beyond), outside the surreal field
    /// implemented: ordinals add and multiply naturally among themselves and compare with
    /// everything.
    Ordinal(BigOrdinal),
    /// The nimber `*α`, the value of a nim heap of size α.
    Nimber(BigOrdinal),
}

/// Why an operation on transfinite values has no answer here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransfiniteError {
    Surreal(SurrealError),
    Ordinal(OrdinalError),
    /// Outside the implemented range: the message says what is implemented.
    Outside(&'static str),
}

impl fmt::Display for TransfiniteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransfiniteError::Surreal(e) => e.fmt(f),
            TransfiniteError::Ordinal(e) => e.fmt(f),
            TransfiniteError::Outside(m) => f.write_str(m),
        }
    }
}

impl From<SurrealError> for TransfiniteError {
    fn from(e: SurrealError) -> Self {
        TransfiniteError::Surreal(e)
    }
}

impl From<OrdinalError> for TransfiniteError {
    fn from(e: OrdinalError) -> Self {
        TransfiniteError::Ordinal(e)
    }
}

const ORDINALS_ONLY: &str = "ω^ω and larger ordinals add and multiply only with ordinals here (the surreal numbers implemented are the quotients of polynomials in ω)";
const NIMBERS_ONLY: &str = "a transfinite nimber adds only to nimbers here (`*omega + *3`): its sums with numbers and other games are not implemented";
const NIM_PRODUCTS: &str =
    "`*` does not multiply transfinite nimbers; their product is nim_product(a, b)";

impl Transfinite {
    /// The ordinal α as a value: a surreal number when its exponents are finite.
    pub fn ordinal(a: BigOrdinal) -> Transfinite {
        match a.as_ordinal() {
            Some(o) => Transfinite::Number(Surreal::from_ordinal(&o)),
            None => Transfinite::Ordinal(a),
        }
    }

    /// `Some(α)` when this is an ordinal.
    pub fn as_ordinal(&self) -> Option<BigOrdinal> {
        match self {
            Transfinite::Number(s) => s.as_ordinal().map(|o| BigOrdinal::from_ordinal(&o)),
            Transfinite::Ordinal(a) => Some(a.clone()),
            Transfinite::Nimber(_) => None,
        }
    }

    /// What kind of value this is, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Transfinite::Number(_) => "a surreal number",
            Transfinite::Ordinal(_) => "an ordinal",
            Transfinite::Nimber(_) => "a transfinite nimber",
        }
    }

    /// `ω + 1`, `1/ω`, `ω^ω`, `*ω`, `*(ω + 1)` (ASCII with `omega`).
    pub fn text(&self, unicode: bool) -> String {
        match self {
            Transfinite::Number(s) => s.text(unicode),
            Transfinite::Ordinal(a) => a.text(unicode),
            Transfinite::Nimber(a) => super::nimber::nimber_text(a, unicode),
        }
    }

    pub fn add(&self, o: &Transfinite) -> Result<Transfinite, TransfiniteError> {
        use Transfinite::*;
        match (self, o) {
            (Number(x), Number(y)) => Ok(Number(x.add(y)?)),
            (Nimber(a), Nimber(b)) => Ok(Nimber(lenstra::nim_sum(a, b))),
            (Nimber(_), _) | (_, Nimber(_)) => Err(TransfiniteError::Outside(NIMBERS_ONLY)),
            _ => {
                let (a, b) = self.ordinals(o)?;
                Ok(Transfinite::ordinal(a.natural_add(&b)?))
            }
        }
    }

    pub fn neg(&self) -> Result<Transfinite, TransfiniteError> {
        match self {
            Transfinite::Number(x) => Ok(Transfinite::Number(x.neg())),
            Transfinite::Nimber(_) => Ok(self.clone()),
            Transfinite::Ordinal(_) => Err(TransfiniteError::Outside(ORDINALS_ONLY)),
        }
    }

    pub fn sub(&self, o: &Transfinite) -> Result<Transfinite, TransfiniteError> {
        if let (Transfinite::Number(x), Transfinite::Number(y)) = (self, o) {
            return Ok(Transfinite::Number(x.sub(y)?));
        }
        if matches!(o, Transfinite::Ordinal(_)) || matches!(self, Transfinite::Ordinal(_)) {
            return Err(TransfiniteError::Outside(ORDINALS_ONLY));
        }
        self.add(&o.neg()?)
    }

    pub fn mul(&self, o: &Transfinite) -> Result<Transfinite, TransfiniteError> {
        use Transfinite::*;
        match (self, o) {
            (Number(x), Number(y)) => Ok(Number(x.mul(y)?)),
            (Nimber(_), _) | (_, Nimber(_)) => Err(TransfiniteError::Outside(NIM_PRODUCTS)),
            _ => {
                let (a, b) = self.ordinals(o)?;
                Ok(Transfinite::ordinal(a.natural_mul(&b)?))
            }
        }
    }

    pub fn div(&self, o: &Transfinite) -> Result<Transfinite, TransfiniteError> {
        match (self, o) {
            (Transfinite::Number(x), Transfinite::Number(y)) => Ok(Transfinite::Number(x.div(y)?)),
            _ => Err(TransfiniteError::Outside(
                "division is implemented for the surreal numbers p(ω)/q(ω) only",
            )),
        }
    }

    /// Both operands as ordinals, or the error saying that only ordinals combine here.
    fn ordinals(&self, o: &Transfinite) -> Result<(BigOrdinal, BigOrdinal), TransfiniteError> {
        match (self.as_ordinal(), o.as_ordinal()) {
            (Some(a), Some(b)) => Ok((a, b)),
            _ => Err(TransfiniteError::Outside(ORDINALS_ONLY)),
        }
    }

    /// The order of games: `None` when confused. A transfinite nimber is infinitesimal
    /// (below every positive number, confused with 0 and with every other nimber); an
    /// ordinal with an infinite exponent exceeds every p(ω)/q(ω).
    pub fn compare(&self, o: &Transfinite) -> Option<Ordering> {
        use Transfinite::*;
        match (self, o) {
            (Number(x), Number(y)) => Some(x.cmp(y)),
            (Ordinal(a), Ordinal(b)) => Some(a.cmp(b)),
            (Ordinal(_), Number(_)) => Some(Ordering::Greater),
            (Number(_), Ordinal(_)) => Some(Ordering::Less),
            (Nimber(a), Nimber(b)) => (a == b).then_some(Ordering::Equal),
            (Nimber(_), Number(x)) => match x.sign() {
                0 => None,
                s if s > 0 => Some(Ordering::Less),
                _ => Some(Ordering::Greater),
            },
            (Nimber(_), Ordinal(_)) => Some(Ordering::Less),
            (Number(_) | Ordinal(_), Nimber(_)) => o.compare(self).map(Ordering::reverse),
        }
    }

    /// The sign of the game: 1 if Left wins (a positive number), -1 if Right wins, 0 for
    /// a nimber `*α` with α ≠ 0 (the first player wins) or for 0.
    pub fn sign(&self) -> i32 {
        match self {
            Transfinite::Number(x) => x.sign(),
            Transfinite::Ordinal(_) => 1,
            Transfinite::Nimber(_) => 0,
        }
    }

    /// Whether this is a number (surreal numbers and ordinals are; `*α` is not).
    pub fn is_number(&self) -> bool {
        !matches!(self, Transfinite::Nimber(_))
    }

    /// Whether this lies strictly between -x and x for every positive rational x.
    pub fn is_infinitesimal(&self) -> bool {
        match self {
            Transfinite::Number(x) => x.is_infinitesimal(),
            Transfinite::Ordinal(_) => false,
            Transfinite::Nimber(_) => true,
        }
    }

    /// The birthday: of an ordinal itself, of `*α` α, of a surreal number where
    /// [`Surreal::birthday`] knows it.
    pub fn birthday(&self) -> Result<Transfinite, TransfiniteError> {
        match self {
            Transfinite::Number(x) => x
                .birthday()
                .map(|b| Transfinite::Number(Surreal::from_ordinal(&b)))
                .ok_or(TransfiniteError::Outside(
                    "birthdays are implemented for α + r and -(α + r), α an ordinal and r rational",
                )),
            Transfinite::Ordinal(a) | Transfinite::Nimber(a) => Ok(Transfinite::ordinal(a.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ordinal::Ordinal;

    #[test]
    fn ordinals_beyond_the_field_and_nimbers() {
        let w = Transfinite::Number(Surreal::omega());
        let ww = Transfinite::ordinal(BigOrdinal::omega_power(&Ordinal::omega()));
        assert_eq!(ww.text(true), "ω^ω");
        let s = ww.add(&w).unwrap().add(&ww).unwrap();
        assert_eq!(s.text(false), "omega^omega*2 + omega");
        assert_eq!(ww.compare(&w), Some(Ordering::Greater));
        assert!(matches!(ww.sub(&w), Err(TransfiniteError::Outside(_))));
        let nw = Transfinite::Nimber(BigOrdinal::from_ordinal(&Ordinal::omega()));
        let n3 = Transfinite::Nimber(BigOrdinal::finite(3));
        assert_eq!(nw.add(&n3).unwrap().text(true), "*(ω + 3)");
        assert_eq!(
            nw.add(&nw).unwrap(),
            Transfinite::Nimber(BigOrdinal::default())
        );
        assert_eq!(nw.compare(&n3), None);
        assert_eq!(nw.compare(&w), Some(Ordering::Less));
        assert!(nw.add(&w).is_err());
        assert_eq!(nw.birthday().unwrap(), w);
    }
}
