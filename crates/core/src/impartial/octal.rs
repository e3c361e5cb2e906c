//! Octal and hexadecimal codes `d0.d1d2d3…`: the rules of the take-and-break games of Guy
//! and Smith.
//!
//! Digit `d_k` says what may happen when `k` tokens are removed from a heap; it is the sum of
//! - `1`: the whole heap may be removed (allowed when the heap has exactly `k` tokens),
//! - `2`: one non-empty heap may be left (the heap had more than `k` tokens),
//! - `4`: two non-empty heaps may be left (the rest, at least 2 tokens, is split in two),
//! - `8`: three non-empty heaps may be left (the rest, at least 3 tokens, is split in three).
//!
//! With digits up to 7 the code is octal; a digit `8` to `F` makes it *hexadecimal* (Winning
//! Ways ch. 4, "Hexadecimal games"; Howse & Nowakowski, "Periodicity and arithmetic-periodicity
//! in hexadecimal games", TCS 313 (2004)): bit `2^j` of a digit allows leaving `j` heaps.
//! Hexadecimal codes are read by the same `octal("0.3F")`, as CGSuite's `TakeAndBreak` reads
//! both: a code is one notation whose digits grow a bit per extra heap, and every octal code
//! is also a hexadecimal code with the same game.
//!
//! The digit before the point is for removing no token: only splitting makes sense there
//! (`1` and `2` would remove nothing or pass), so `d0` is `0`, `4`, `8` or `C`. Kayles is
//! `0.77`, Dawson's Kayles `0.07`, Dawson's chess `0.137` (Winning Ways ch. 4; Ferguson §4.4).

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
/// May take `k` tokens and leave three non-empty heaps (digit bit 8, hexadecimal codes).
pub const LEAVE_THREE: u8 = 8;

impl OctalCode {
    /// Parses `"0.77"`, `".77"`, `"4.07"`, and hexadecimal codes `"0.3F"`, `"0.b"` (digits
    /// `A`-`F` in either case). Errors: no point, a non-hexadecimal digit, a first digit other
    /// than 0, 4, 8 or C, too many digits.
    ///
    /// ```
    /// use cgt_core::impartial::OctalCode;
    /// let kayles = OctalCode::parse("0.77").unwrap();
    /// assert_eq!(kayles.digit(2), 7);
    /// assert_eq!(OctalCode::parse("0.3f").unwrap().digit(2), 15);
    /// assert!(OctalCode::parse("0.G").is_err());
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
            "8" => 8,
            "C" | "c" => 12,
            _ => {
                return Err(err(
                    "the digit before the point is for removing no token and must be 0, 4, 8 \
                     or C (4: split a heap in two, 8: in three)",
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
            match c.to_digit(16) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(err(&format!(
                        "'{c}' is not a digit of a code (0 to 7 for octal games, up to F for \
                         hexadecimal games, which may leave three heaps)"
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

    /// Whether some move splits a heap into three (a digit from 8 to F: a hexadecimal game).
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|d| d & LEAVE_THREE != 0)
    }

    /// The most heaps one move may leave: 1, 2 or 3 (1 also for the game without moves).
    pub fn max_heaps(&self) -> usize {
        if self.splits_in_three() {
            3
        } else if self.splits() {
            2
        } else {
            1
        }
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
    /// `0.77`, `4.07`, `0.3F`, `0.` for the game without moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
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
            ("0.3f", "0.3F"),
            ("c.8", "C.8"),
            ("0.0A0", "0.0A"),
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
        let h = OctalCode::parse("0.3F").unwrap();
        assert_eq!(h.digits(), &[0, 3, 15]);
        assert!(h.splits_in_three());
        assert_eq!(h.max_heaps(), 3);
        assert_eq!(h.removals_with(LEAVE_THREE), vec![2]);
        assert_eq!(OctalCode::parse("0.77").unwrap().max_heaps(), 2);
        assert_eq!(OctalCode::parse("0.3").unwrap().max_heaps(), 1);
        assert!(!OctalCode::parse("0.77").unwrap().splits_in_three());
    }

    #[test]
    fn rejects_bad_codes() {
        for bad in [
            "077", "0.G", "0.7g", "1.7", "2.3", "3.1", "5.0", "F.1", "0.7.7", "x.1", "0,77",
            "0.-1", "0.1 2",
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
