//! CGSuite's generalised take-and-break codes: digits in base 32, constraints on the heaps a
//! move leaves, digits for any number of heaps, and a repeating tail (`4!.0`, `0.[3]`).
//!
//! A code `d0.d1d2d3…` gives, for every number `t` of tokens removed, a digit `d_t`: the set
//! of heap counts `k` a move removing `t` tokens may leave, the remaining `n - t` tokens split
//! into exactly `k` non-empty heaps (`k = 0`: the move takes a whole heap of exactly `t`).
//! The digit before the point (`t = 0`) removes nothing and only splits. As CGSuite's
//! `TakeAndBreak` documents the notation, and as the octal and hexadecimal codes of
//! [`crate::impartial::OctalCode`] read it, bit `2^k` of a digit allows `k` heaps:
//!
//! - `0`–`9` and `A`–`V` (either case) are the digits 0 to 31, so up to five heaps;
//!   `&N;` (or `&#N;`) is the digit with decimal value `N`, bits for up to 63 heaps;
//! - `*` allows any number of heaps `k ≥ 0`, taking a whole heap included (as CGSuite's
//!   `TBCode.scala` reads it, and prints `{0,1,2+}` as `*`); `{1+}` leaves at least one;
//! - `{0,2,5+}` lists the heap counts allowed, `m+` meaning `m` and every larger count;
//! - a digit may be followed by a constraint on the heaps of a split into two or more:
//!   `!` pairwise unequal, `?` not all equal, `=` all equal (moves leaving no heap or one
//!   heap are never constrained — CGSuite's `TBCode` documents constraints as applying only
//!   to splits into two or more heaps);
//! - `[…]` at the end repeats forever: `0.[3]` is Nim, `0.1[3]` removes any number of tokens
//!   except that a single token may only be taken as a whole heap.
//!
//! Grundy's game is `4!.0` (or `4?.0`), Lasker's Nim `4.[3]`. CGSuite's *additive* codes
//! (several digits before the point, adding tokens) are not supported, nor are its ghost
//! tokens (`_g`).

use super::error::ImpartialError;
use super::tb_parse;
use std::fmt;

/// The most heaps a digit may name (bits of a 64-bit mask).
pub const MAX_CODE_HEAPS: u32 = 63;

/// At most this many digits after the point.
pub const MAX_CODE_DIGITS: usize = 256;

/// A restriction on the heaps of a split into two or more heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// No restriction.
    Free,
    /// `!`: the heaps are pairwise unequal.
    Distinct,
    /// `?`: the heaps are not all equal.
    NotAllEqual,
    /// `=`: the heaps are all equal.
    AllEqual,
}

impl Constraint {
    /// Whether the heaps `parts` (sorted, at least two) satisfy the constraint.
    pub fn admits(self, parts: &[u64]) -> bool {
        let constant = parts.first() == parts.last();
        match self {
            Constraint::Free => true,
            Constraint::Distinct => parts.windows(2).all(|w| w[0] != w[1]),
            Constraint::NotAllEqual => !constant,
            Constraint::AllEqual => constant,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Constraint::Free => "",
            Constraint::Distinct => "!",
            Constraint::NotAllEqual => "?",
            Constraint::AllEqual => "=",
        }
    }
}

/// The numbers of heaps a move may leave: the counts `k` with bit `k` of `exact` set, and
/// every `k ≥ from` when `from` is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapCounts {
    exact: u64,
    from: Option<u32>,
}

impl HeapCounts {
    /// The counts in the bit mask `exact` (bit `k`: `k` heaps) and all counts from `from` on.
    pub fn new(exact: u64, from: Option<u32>) -> HeapCounts {
        // Counts listed just below `from` join it (`{0,1,2+}` is `{0+}`, CGSuite's `*`);
        // bits at or above `from` say nothing more. Clearing them makes equal sets equal.
        let from = from.map(|mut f| {
            while f > 0 && f <= 64 && exact >> (f - 1) & 1 == 1 {
                f -= 1;
            }
            f
        });
        let exact = match from {
            Some(f) if f < 64 => exact & ((1u64 << f) - 1),
            _ => exact,
        };
        HeapCounts { exact, from }
    }

    /// Whether `k` heaps may be left.
    pub fn allows(&self, k: u64) -> bool {
        (k < 64 && self.exact >> k & 1 == 1) || self.from.is_some_and(|f| k >= u64::from(f))
    }

    /// The counts listed one by one (bit mask).
    pub fn exact(&self) -> u64 {
        self.exact
    }

    /// The count from which every count is allowed, if any.
    pub fn from(&self) -> Option<u32> {
        self.from
    }

    /// No count allowed: the digit 0.
    pub fn is_empty(&self) -> bool {
        self.exact == 0 && self.from.is_none()
    }

    /// The largest count allowed, `None` when unbounded.
    pub fn max(&self) -> Option<u32> {
        match self.from {
            Some(_) => None,
            None => Some(63 - self.exact.leading_zeros().min(63)),
        }
    }
}

/// One digit of a code: the heap counts allowed and the constraint on splits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CodeDigit {
    pub counts: HeapCounts,
    pub constraint: Constraint,
}

impl CodeDigit {
    /// The digit 0: no move.
    pub const ZERO: CodeDigit = CodeDigit {
        counts: HeapCounts {
            exact: 0,
            from: None,
        },
        constraint: Constraint::Free,
    };

    /// Whether a move may leave the heaps `parts` (sorted; empty for taking a whole heap).
    pub fn admits(&self, parts: &[u64]) -> bool {
        self.counts.allows(parts.len() as u64) && (parts.len() < 2 || self.constraint.admits(parts))
    }

    /// Whether the constraint changes anything: the digit allows some split in two or more.
    pub fn constrains(&self) -> bool {
        self.constraint != Constraint::Free
            && (self.counts.exact >> 2 != 0 || self.counts.from.is_some())
    }
}

impl fmt::Display for CodeDigit {
    /// `7`, `V`, `&100;`, `*`, `{0,3+}`, followed by the constraint.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let HeapCounts { exact, from } = self.counts;
        match from {
            None if exact < 32 => {
                let c = char::from_digit(exact as u32, 32).expect("below 32");
                write!(f, "{}", c.to_ascii_uppercase())?;
            }
            None => write!(f, "&{exact};")?,
            Some(0) => f.write_str("*")?,
            Some(from) => {
                let mut items: Vec<String> = (0..64)
                    .filter(|k| exact >> k & 1 == 1)
                    .map(|k: u32| k.to_string())
                    .collect();
                items.push(format!("{from}+"));
                write!(f, "{{{}}}", items.join(","))?;
            }
        }
        f.write_str(self.constraint.symbol())
    }
}

/// A parsed generalised take-and-break code (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TbCode {
    /// `digits[t]` for removing `t` tokens; `digits[0]` is before the point.
    digits: Vec<CodeDigit>,
    /// `digits[r..]` repeats forever (`r ≥ 1`), when the code has a repeating part.
    repeat_from: Option<usize>,
}

impl TbCode {
    /// Parses a code such as `"4!.0"`, `"0.[3]"`, `"0.{1,3+}?"`, `"0.&100;"`.
    ///
    /// ```
    /// use cgt_core::impartial::tb_code::TbCode;
    /// let grundy = TbCode::parse("4!.0").unwrap();
    /// assert_eq!(grundy.to_string(), "4!.");
    /// assert!(grundy.digit(0).admits(&[1, 3]) && !grundy.digit(0).admits(&[2, 2]));
    /// assert!(TbCode::parse("12.3").is_err()); // additive codes are not supported
    /// ```
    pub fn parse(code: &str) -> Result<TbCode, ImpartialError> {
        tb_parse::parse(code).map_err(|reason| ImpartialError::InvalidCode {
            code: code.to_string(),
            reason,
        })
    }

    /// The digit for removing `t` tokens (`t = 0`: the digit before the point).
    pub fn digit(&self, t: u64) -> CodeDigit {
        if let Ok(i) = usize::try_from(t)
            && i < self.digits.len()
        {
            return self.digits[i];
        }
        match self.repeat_from {
            Some(r) => {
                let len = (self.digits.len() - r) as u64;
                self.digits[r + ((t - r as u64) % len) as usize]
            }
            None => CodeDigit::ZERO,
        }
    }

    /// The digits written out: before the point, after it, and the repeating part's start.
    pub fn digits(&self) -> &[CodeDigit] {
        &self.digits
    }

    /// Where the repeating part starts, if there is one.
    pub fn repeat_from(&self) -> Option<usize> {
        self.repeat_from
    }

    /// The most tokens a move removes, `None` for a code with a repeating part.
    pub fn max_removal(&self) -> Option<usize> {
        match self.repeat_from {
            Some(_) => None,
            None => Some(self.digits.len() - 1),
        }
    }

    /// The most heaps a move may leave (at least 1), `None` when unbounded (`*`, `m+`).
    pub fn max_heaps(&self) -> Option<u32> {
        self.digits
            .iter()
            .try_fold(1, |acc, d| d.counts.max().map(|m| acc.max(m)))
    }

    /// Whether some digit's constraint restricts a split.
    pub fn constrained(&self) -> bool {
        self.digits.iter().any(CodeDigit::constrains)
    }

    /// Every option of a heap of `n`, the heaps left sorted (empty: the whole heap taken),
    /// each once; an error once there are more than `limit`.
    pub fn options(&self, n: u64, limit: u64) -> Result<Vec<Vec<u64>>, ImpartialError> {
        let too_many = ImpartialError::HeapTooLarge {
            heap: n,
            limit,
            what: "listing every option",
        };
        let last_t = match self.max_removal() {
            Some(t) => n.min(t as u64),
            None if n > limit => return Err(too_many),
            None => n,
        };
        let mut out = Vec::new();
        for t in 0..=last_t {
            let d = self.digit(t);
            let r = n - t;
            if r == 0 {
                if t > 0 && d.counts.allows(0) {
                    out.push(vec![]);
                }
                continue;
            }
            if t > 0 && d.counts.allows(1) {
                out.push(vec![r]);
            }
            for k in 2..=r {
                if !d.counts.allows(k) {
                    if d.counts.from.is_none() && k >= 64 {
                        break;
                    }
                    continue;
                }
                if d.constraint == Constraint::AllEqual {
                    if r.is_multiple_of(k) {
                        out.push(vec![r / k; k as usize]);
                    }
                    continue;
                }
                let mut parts = Vec::with_capacity(k as usize);
                partitions(r, k, 1, d.constraint, &mut parts, &mut out, limit)
                    .ok_or_else(|| too_many.clone())?;
            }
            if out.len() as u64 > limit {
                return Err(too_many);
            }
        }
        Ok(out)
    }
}

/// Pushes onto `out` every sorted list of `k ≥ 2` positive parts summing to `rest` that
/// satisfies `constraint` (not [`Constraint::AllEqual`]); `None` once `out` holds more than
/// `limit`.
pub(super) fn partitions_into(
    rest: u64,
    k: u64,
    constraint: Constraint,
    out: &mut Vec<Vec<u64>>,
    limit: u64,
) -> Option<()> {
    let mut parts = Vec::with_capacity(k as usize);
    partitions(rest, k, 1, constraint, &mut parts, out, limit)
}

/// Pushes onto `out` every sorted list of `k` parts `≥ min` summing to `rest` that extends
/// `parts` and satisfies the constraint (not [`Constraint::AllEqual`], listed directly);
/// `None` once `out` holds more than `limit`.
fn partitions(
    rest: u64,
    k: u64,
    min: u64,
    constraint: Constraint,
    parts: &mut Vec<u64>,
    out: &mut Vec<Vec<u64>>,
    limit: u64,
) -> Option<()> {
    if k == 1 {
        if rest >= min {
            parts.push(rest);
            if parts.len() < 2 || constraint.admits(parts) {
                out.push(parts.clone());
            }
            parts.pop();
            if out.len() as u64 > limit {
                return None;
            }
        }
        return Some(());
    }
    let step = u64::from(constraint == Constraint::Distinct);
    let mut a = min;
    // The k - 1 parts after a are at least a (a + 1, a + 2, … when distinct).
    while a.saturating_mul(k).saturating_add(step * k * (k - 1) / 2) <= rest {
        parts.push(a);
        partitions(rest - a, k - 1, a + step, constraint, parts, out, limit)?;
        parts.pop();
        a += 1;
    }
    Some(())
}

/// The code of these digits (`digits[0]` before the point) repeating from `repeat_from`:
/// trailing zero digits dropped, the repeating part as short and as early as possible.
pub(super) fn normalized(mut digits: Vec<CodeDigit>, repeat_from: Option<usize>) -> TbCode {
    let Some(mut start) = repeat_from else {
        while digits.len() > 1 && digits.last() == Some(&CodeDigit::ZERO) {
            digits.pop();
        }
        return TbCode {
            digits,
            repeat_from: None,
        };
    };
    let len = digits.len() - start;
    let block = &digits[start..];
    let period = (1..=len)
        .find(|&p| len.is_multiple_of(p) && (0..len).all(|i| block[i] == block[i % p]))
        .unwrap_or(len);
    digits.truncate(start + period);
    // …x[y…x] is …[xy…]: the repeating part moves left while the digit before it matches.
    while start > 1 && digits[start - 1] == digits[start - 1 + period] {
        digits.pop();
        start -= 1;
    }
    if digits[start..].iter().all(|d| *d == CodeDigit::ZERO) {
        digits.truncate(start);
        return normalized(digits, None);
    }
    TbCode {
        digits,
        repeat_from: Some(start),
    }
}

impl fmt::Display for TbCode {
    /// `4!.`, `0.[3]`, `0.1{2,4+}?`: the code in a normal form that parses back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        for (t, d) in self.digits.iter().enumerate().skip(1) {
            if self.repeat_from == Some(t) {
                f.write_str("[")?;
            }
            write!(f, "{d}")?;
        }
        if self.repeat_from.is_some() {
            f.write_str("]")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn code(s: &str) -> TbCode {
        TbCode::parse(s).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn parses_and_prints_a_normal_form() {
        for (text, shown) in [
            ("0.77", "0.77"),
            (".77", "0.77"),
            ("4!.0", "4!."),
            ("4?.", "4?."),
            ("0.[3]", "0.[3]"),
            ("0.[33]", "0.[3]"),
            ("0.3[3]", "0.[3]"),
            ("0.13[3]", "0.1[3]"),
            ("4.[3]", "4.[3]"),
            ("0.7[0]", "0.7"),
            ("0.v", "0.V"),
            ("0.&100;", "0.&100;"),
            ("0.&#7;", "0.7"),
            ("0.{1,2}", "0.6"),
            ("0.{0,3+}", "0.{0,3+}"),
            // CGSuite's `*` takes whole heaps too; `{1+}` does not (TBCodeTest.scala:
            // `0.{0,1!,2,3,4+}` is `0.*`).
            ("0.{1+}", "0.{1+}"),
            ("0.{ 2 , 1+ }", "0.{1+}"),
            ("0.{0,1,2+}", "0.*"),
            ("0.{0, 3+, 1, 2}", "0.*"),
            ("0.*!", "0.*!"),
            ("0.{2,3}=", "0.C="),
            ("{2+}?.", "{2+}?."),
            ("0.000", "0."),
            ("0.{}", "0."),
        ] {
            let c = code(text);
            assert_eq!(c.to_string(), shown, "{text}");
            assert_eq!(code(shown), c, "{shown} parses back");
        }
    }

    #[test]
    fn digits_and_periods() {
        let nim = code("0.[3]");
        assert_eq!(nim.max_removal(), None);
        assert_eq!(nim.digit(1000).counts.exact(), 3);
        assert_eq!(nim.digit(0), CodeDigit::ZERO);
        let c = code("0.1[37]");
        assert_eq!(
            (1..7)
                .map(|t| c.digit(t).counts.exact())
                .collect::<Vec<_>>(),
            vec![1, 3, 7, 3, 7, 3]
        );
        let h = code("0.3F");
        assert_eq!((h.max_removal(), h.max_heaps()), (Some(2), Some(3)));
        assert_eq!(code("0.V").max_heaps(), Some(4));
        assert_eq!(code("0.*").max_heaps(), None);
        assert!(code("4!.").constrained());
        assert!(!code("0.3!").constrained()); // no split to constrain
    }

    #[test]
    fn options_by_hand() {
        let sorted = |c: &str, n: u64| {
            let mut v = code(c).options(n, 1 << 20).unwrap();
            v.sort();
            v
        };
        // Grundy's game on 6: 1+5, 2+4, not 3+3.
        assert_eq!(sorted("4!.", 6), vec![vec![1, 5], vec![2, 4]]);
        // All equal: 6 into 2 or 3 equal heaps.
        assert_eq!(sorted("{2,3}=.", 6), vec![vec![2, 2, 2], vec![3, 3]]);
        // Three heaps not all equal, from 6: 1+1+4, 1+2+3 (2+2+2 is out).
        assert_eq!(sorted("8?.", 6), vec![vec![1, 1, 4], vec![1, 2, 3]]);
        // Three distinct heaps, from 7: 1+2+4 only.
        assert_eq!(sorted("8!.", 7), vec![vec![1, 2, 4]]);
        // Nim: any number taken.
        assert_eq!(sorted("0.[3]", 3), vec![vec![], vec![1], vec![2]]);
        // 0.[1]: only whole heaps.
        assert_eq!(sorted("0.[1]", 5), vec![Vec::<u64>::new()]);
        // Any split into distinct heaps after taking one, from 6: 5, 1+4, 2+3.
        assert_eq!(sorted("0.*!", 6), vec![vec![1, 4], vec![2, 3], vec![5]]);
        // Too many options is an error, not a hang.
        assert!(code("0.*").options(80, 1000).is_err());
        assert!(code("0.[3]").options(1 << 40, 1000).is_err());
    }

    #[test]
    fn rejects_bad_codes() {
        for bad in [
            "077",
            "0.W",
            "0.7.7",
            "0,77",
            "1.7",
            "2.",
            "6.1",
            "*.",
            "{1+}.",
            "12.3",
            "40.7",
            "0.[",
            "0.]",
            "0.[]",
            "0.[3]7",
            "[3].",
            "0.[3][3]",
            "0.&;",
            "0.&12",
            "0.&99999999999999999999;",
            "0.{64}",
            "0.{1,,2}",
            "0.{x}",
            "0.{2",
            "0.!",
            "0.7!!",
            "",
            "0.1 2",
        ] {
            assert!(
                matches!(TbCode::parse(bad), Err(ImpartialError::InvalidCode { .. })),
                "{bad}"
            );
        }
        let long = format!("0.{}", "1".repeat(MAX_CODE_DIGITS + 1));
        assert!(TbCode::parse(&long).is_err());
        let msg = TbCode::parse("12.3").unwrap_err().to_string();
        assert!(msg.contains("not supported"), "{msg}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Any string: an error or a code whose normal form parses back to it, never a panic.
        #[test]
        fn parser_never_panics(s in "[0-9a-zA-Z.!?=*{}&#;,+\\[\\] ]{0,12}") {
            if let Ok(c) = TbCode::parse(&s) {
                prop_assert_eq!(TbCode::parse(&c.to_string()), Ok(c));
            }
        }

        #[test]
        fn parser_never_panics_on_any_text(s in "\\PC{0,16}") {
            let _ = TbCode::parse(&s);
        }
    }
}
