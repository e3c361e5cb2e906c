//! Octal codes `d0.d1d2d3…`: the rules of the take-and-break games of Guy and Smith.
//!
//! Digit `d_k` says what may happen when `k` tokens are removed from a heap; it is the sum of
//! - `1`: the whole heap may be removed (allowed when the heap has exactly `k` tokens),
//! - `2`: one non-empty heap may be left (the heap had more than `k` tokens),
//! - `4`: two non-empty heaps may be left (the rest, at least 2 tokens, is split in two).
//!
//! The digit before the point is for removing no token: only `4` (split a heap in two without
//! taking anything) makes sense, so `d0` is `0` or `4`. Kayles is `0.77`, Dawson's Kayles
//! `0.07`, Dawson's chess `0.137` (Winning Ways ch. 4; Ferguson §4.4).

use super::error::ImpartialError;
use std::fmt;
use std::str::FromStr;

/// At most this many digits after the point (a game removing more tokens per move is
/// better described as a subtraction game).
pub const MAX_OCTAL_DIGITS: usize = 256;

/// A parsed octal code: `digits[k]` is `d_k`, trailing zero digits dropped.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

/// May take `k` tokens when the heap has exactly `k` (digit bit 1).
pub const TAKE_ALL: u8 = 1;
/// May take `k` tokens and leave one non-empty heap (digit bit 2).
pub const LEAVE_ONE: u8 = 2;
/// May take `k` tokens and leave two non-empty heaps (digit bit 4).
pub const LEAVE_TWO: u8 = 4;

impl OctalCode {
    /// Parses `"0.77"`, `".77"`, `"4.07"`. Errors: no point, a non-octal digit, a first digit
    /// other than 0 or 4, too many digits.
    ///
    /// ```
    /// use cgt::impartial::OctalCode;
    /// let kayles = OctalCode::parse("0.77").unwrap();
    /// assert_eq!(kayles.digit(2), 7);
    /// assert!(OctalCode::parse("0.8").is_err());
    /// ```
    pub fn parse(code: &str) -> Result<OctalCode, ImpartialError> {
        let err = |reason: &str| ImpartialError::InvalidOctal {
            code: code.to_string(),
            reason: reason.to_string(),
        };
        let text = code.trim();
        let Some((before, after)) = text.split_once('.') else {
            return Err(err("expected a point, as in \"0.77\""));
        };
        let first = match before {
            "" | "0" => 0,
            "4" => 4,
            _ => {
                return Err(err(
                    "the digit before the point is for removing no token and must be 0 or 4 \
                     (4: split a heap in two)",
                ));
            }
        };
        if after.len() > MAX_OCTAL_DIGITS {
            return Err(err(&format!(
                "at most {MAX_OCTAL_DIGITS} digits after the point"
            )));
        }
        let mut digits = vec![first];
        for c in after.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(err(&format!(
                        "'{c}' is not an octal digit (0 to 7; hexadecimal games are not supported)"
                    )));
                }
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }

    /// The digit `d_k` (0 beyond the last digit).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// All digits `d_0, d_1, …, d_t` (the last one non-zero unless the code is `0.`).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `t`: the most tokens one move may remove (the position of the last non-zero digit).
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move splits a heap into two.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & LEAVE_TWO != 0)
    }

    /// The removals `k` whose digit has the given bit.
    pub fn removals_with(&self, bit: u8) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&k| self.digits[k] & bit != 0)
            .collect()
    }
}

impl FromStr for OctalCode {
    type Err = ImpartialError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        OctalCode::parse(s)
    }
}

impl fmt::Display for OctalCode {
    /// `0.77`, `4.07`, `0.` for the game without moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        for (code, shown) in [
            ("0.77", "0.77"),
            (".77", "0.77"),
            ("0.0700", "0.07"),
            ("4.07", "4.07"),
            (" 0.137 ", "0.137"),
            ("0.", "0."),
            ("0.000", "0."),
        ] {
            assert_eq!(OctalCode::parse(code).unwrap().to_string(), shown);
        }
    }

    #[test]
    fn digits_and_removals() {
        let c = OctalCode::parse("0.137").unwrap();
        assert_eq!(c.digits(), &[0, 1, 3, 7]);
        assert_eq!(c.max_removal(), 3);
        assert!(c.splits());
        assert_eq!(c.removals_with(TAKE_ALL), vec![1, 2, 3]);
        assert_eq!(c.removals_with(LEAVE_ONE), vec![2, 3]);
        assert_eq!(c.removals_with(LEAVE_TWO), vec![3]);
        assert_eq!(c.digit(9), 0);
        let g = OctalCode::parse("4.").unwrap();
        assert_eq!(g.removals_with(LEAVE_TWO), vec![0]);
        assert_eq!(g.max_removal(), 0);
        assert!(!OctalCode::parse("0.333").unwrap().splits());
    }

    #[test]
    fn rejects_bad_codes() {
        for bad in [
            "077", "0.8", "0.7a", "1.7", "2.3", "3.1", "5.0", "0.7.7", "x.1", "0,77",
        ] {
            assert!(
                matches!(
                    OctalCode::parse(bad),
                    Err(ImpartialError::InvalidOctal { .. })
                ),
                "{bad}"
            );
        }
        let long = format!("0.{}", "1".repeat(MAX_OCTAL_DIGITS + 1));
        assert!(OctalCode::parse(&long).is_err());
    }
}
