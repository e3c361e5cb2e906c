//! Number-up-star values `x + n·↑ + *m`: the games that sums of numbers, ups and nimbers
//! produce, combined by arithmetic instead of by building options.

use super::abort::{Abort, raise};
use super::dyadic::Dyadic;
use num_bigint::BigInt;
use std::cmp::Ordering;

/// The value `number + ups·↑ + *nim`. Every canonical form equal to such a value is stored
/// in this form (never as a general option list), so hash-consing stays unique.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    pub number: Dyadic,
    pub ups: i64,
    pub nim: u64,
}

impl Nus {
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nim: 0,
        }
    }

    /// The birthday of the canonical form of `x + n↑ + *m`: the birthday of `x` plus that of
    /// `n↑ + *m` (the canonical form of `x + G` is `G`'s with `x` at each leaf), which is `m`
    /// for `n = 0`, `|n| + 1` for `m <= 1`, and otherwise `|n| + m` for even `n` and
    /// `|n| + (m xor 1)` for odd `n` (an odd number of ups carries a star).
    pub fn birthday(&self) -> BigInt {
        let n = BigInt::from(self.ups.unsigned_abs());
        let m = self.nim;
        let infinitesimal = if self.ups == 0 {
            BigInt::from(m)
        } else if m <= 1 {
            n + 1
        } else if self.ups % 2 == 0 {
            n + BigInt::from(m)
        } else {
            n + BigInt::from(m ^ 1)
        };
        self.number.birthday() + infinitesimal
    }

    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    pub fn is_nimber(&self) -> bool {
        self.ups == 0 && self.number.is_zero()
    }

    /// `(x + a↑ + *m) + (y + b↑ + *n) = (x+y) + (a+b)↑ + *(m xor n)`.
    pub fn add(&self, other: &Nus) -> Nus {
        let ups = self.ups.checked_add(other.ups).unwrap_or_else(|| {
            raise(Abort::Overflow(
                "the number of ups in a sum exceeds 2^63".into(),
            ))
        });
        Nus {
            number: &self.number + &other.number,
            ups,
            nim: self.nim ^ other.nim,
        }
    }

    /// `-(x + n↑ + *m) = -x + (-n)↑ + *m`, since every nimber is its own negative.
    pub fn neg(&self) -> Nus {
        let ups = self
            .ups
            .checked_neg()
            .unwrap_or_else(|| raise(Abort::Overflow("the number of downs exceeds 2^63".into())));
        Nus {
            number: -&self.number,
            ups,
            nim: self.nim,
        }
    }

    /// The sign of the value as a game: `Some(Greater)` if `> 0`, `Some(Less)` if `< 0`,
    /// `Some(Equal)` if `= 0`, `None` if confused with 0. A nonzero number decides; otherwise
    /// `n↑ + *m` is positive for `n >= 2`, and for `n = 1` unless `m = 1` (`↑*` is fuzzy);
    /// `*m` alone is fuzzy for `m > 0`.
    pub fn sign(&self) -> Option<Ordering> {
        if !self.number.is_zero() {
            return Some(if self.number.is_positive() {
                Ordering::Greater
            } else {
                Ordering::Less
            });
        }
        match self.ups {
            0 => (self.nim == 0).then_some(Ordering::Equal),
            1 | -1 if self.nim == 1 => None,
            n if n > 0 => Some(Ordering::Greater),
            _ => Some(Ordering::Less),
        }
    }

    /// A total order used only to print options in a fixed, history-independent order:
    /// by number, then ups, then nimber.
    pub fn display_cmp(&self, other: &Nus) -> Ordering {
        self.number
            .cmp(&other.number)
            .then(self.ups.cmp(&other.ups))
            .then(self.nim.cmp(&other.nim))
    }
}
