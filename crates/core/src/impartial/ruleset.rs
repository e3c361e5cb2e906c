//! Heap rulesets: the rules of a one-heap impartial game, and every option of a heap.
//!
//! A position of a heap game is a list of heaps; a move picks one heap and replaces it by
//! zero, one or more smaller heaps. The game on several heaps is the sum of the one-heap
//! games, so the Grundy value of a position is the nim-sum of the values `G(n)` of its heaps
//! (Ferguson §4.4 "Take-and-break games").

use super::error::ImpartialError;
use super::heap_rules::SharedRule;
use super::heap_rules::grundys_game::GrundysGame;
use super::octal::{LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalCode, TAKE_ALL};
use super::spawning::SpawningCode;
use super::tb_code::TbCode;
use super::tb_listed::ListedCode;
use std::fmt;

/// A heap with more options than this is not enumerated (see [`HeapRuleset::options`]).
pub const MAX_ENUMERATED_OPTIONS: u64 = 1 << 22;

/// The rules of a heap game. Built by the constructors, which validate their input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRuleset {
    /// Nim: take any positive number of tokens; `G(n) = n`.
    Nim,
    /// Take `s` tokens for some `s` in the set (sorted, distinct, positive, non-empty).
    Subtraction(Vec<u64>),
    /// Take any positive number of tokens that is *not* in the set (sorted, distinct, positive).
    SubtractionAllBut(Vec<u64>),
    /// A take-and-break game given by its octal code.
    Octal(OctalCode),
    /// A take-and-break game given by a generalised code that is not plain octal or
    /// hexadecimal (constraints, more than three heaps, a repeating part).
    TakeBreak(TbCode),
    /// A take-and-break code the fast engines do not read (additive digits, constraints per
    /// heap count), computed by listing options.
    Listed(ListedCode),
    /// A spawning game (coin turning seen as heaps, CGSuite's `Spawning`), by its code.
    Spawning(SpawningCode),
    /// A rule on the [`crate::impartial::heap_rules::HeapRule`] trait (Grundy's game, and
    /// every rule not given by a code).
    Rule(SharedRule),
}

impl HeapRuleset {
    /// Nim (`G(n) = n`).
    pub fn nim() -> HeapRuleset {
        HeapRuleset::Nim
    }

    /// The subtraction game `S` (Ferguson §1.4): a move removes `s ∈ S` tokens.
    /// Errors on an empty set or a 0 in it; duplicates and order do not matter.
    ///
    /// ```
    /// use cgt_core::impartial::{HeapRuleset, nim_values};
    /// let s = HeapRuleset::subtraction(&[4, 1, 3]).unwrap();
    /// assert_eq!(nim_values(&s, 0..=8).unwrap(), vec![0, 1, 0, 1, 2, 3, 2, 0, 1]);
    /// ```
    pub fn subtraction(set: &[u64]) -> Result<HeapRuleset, ImpartialError> {
        let set = normalized(set)?;
        if set.is_empty() {
            return Err(ImpartialError::EmptySubtractionSet);
        }
        Ok(HeapRuleset::Subtraction(set))
    }

    /// The all-but subtraction game: a move removes any positive number of tokens not in
    /// `set`. `subtraction_all_but(&[])` is Nim.
    pub fn subtraction_all_but(set: &[u64]) -> Result<HeapRuleset, ImpartialError> {
        let set = normalized(set)?;
        if set.is_empty() {
            return Ok(HeapRuleset::Nim);
        }
        Ok(HeapRuleset::SubtractionAllBut(set))
    }

    /// The take-and-break game with this code: octal or hexadecimal, e.g. `"0.77"` or
    /// `"0.3F"` (see [`OctalCode`], computed by the fast engines), or in CGSuite's generalised
    /// notation, e.g. `"4!.0"` or `"0.[3]"` (see [`TbCode`]).
    ///
    /// ```
    /// use cgt_core::impartial::{HeapRuleset, nim_values};
    /// let lasker = HeapRuleset::octal("4.[3]").unwrap();
    /// assert_eq!(nim_values(&lasker, 0..=8).unwrap(), vec![0, 1, 2, 4, 3, 5, 6, 8, 7]);
    /// ```
    pub fn octal(code: &str) -> Result<HeapRuleset, ImpartialError> {
        if let Ok(octal) = OctalCode::parse(code) {
            return Ok(HeapRuleset::Octal(octal));
        }
        let general = match TbCode::parse(code) {
            Ok(general) => general,
            Err(plain) => {
                return match ListedCode::parse(code) {
                    Ok(listed) => Ok(HeapRuleset::Listed(listed)),
                    Err(listed) if plain.to_string().contains("additive") => Err(listed),
                    Err(_) => Err(plain),
                };
            }
        };
        Ok(match octal_equivalent(&general) {
            Some(octal) => HeapRuleset::Octal(octal),
            None => HeapRuleset::TakeBreak(general),
        })
    }

    /// A generalised code computed by the general engine even when it is plain octal (for
    /// cross-checking the engines).
    pub fn take_break(code: TbCode) -> HeapRuleset {
        HeapRuleset::TakeBreak(code)
    }

    /// Kayles, `0.77`: knock down one pin or two adjacent pins from a row.
    pub fn kayles() -> HeapRuleset {
        HeapRuleset::octal("0.77").expect("a valid code")
    }

    /// Dawson's Kayles, `0.07`: knock down two adjacent pins.
    pub fn dawsons_kayles() -> HeapRuleset {
        HeapRuleset::octal("0.07").expect("a valid code")
    }

    /// Dawson's chess, `0.137` (a heap of `n` here is Dawson's Kayles on `n + 1` pins).
    pub fn dawsons_chess() -> HeapRuleset {
        HeapRuleset::octal("0.137").expect("a valid code")
    }

    /// Grundy's game: split a heap into two unequal non-empty heaps.
    pub fn grundys_game() -> HeapRuleset {
        HeapRuleset::rule(GrundysGame)
    }

    /// The spawning game with this code (see [`SpawningCode`]): Mock Turtles `"1-3"`,
    /// Moidores `"1-9"`, Triplets `"3"`, Turnips `"3E"`, Grunt `"4FS"`, Sym `"1+S"`.
    ///
    /// ```
    /// use cgt_core::impartial::{HeapRuleset, nim_values};
    /// let turnips = HeapRuleset::spawning("3E").unwrap();
    /// assert_eq!(nim_values(&turnips, 0..=9).unwrap(), vec![0, 0, 0, 1, 0, 0, 1, 2, 2, 1]);
    /// ```
    pub fn spawning(code: &str) -> Result<HeapRuleset, ImpartialError> {
        Ok(HeapRuleset::Spawning(SpawningCode::parse(code)?))
    }

    /// Pick-Up-Bricks (DeVos–Kent Game 1.1): remove one or two bricks, `subtraction([1, 2])`.
    pub fn pick_up_bricks() -> HeapRuleset {
        HeapRuleset::Subtraction(vec![1, 2])
    }

    /// The ruleset's code in CGSuite's normal form: the take-and-break code of a heap game
    /// (`subtraction([2,3,7])` is `0.0330003`, its all-but game `0.3003330[3]`, Nim
    /// `0.[3]`, Grundy's game `4!.0`; a code with nothing after the point ends in `0`, as
    /// CGSuite prints it), or the spawning code of a spawning game; `None` for a rule with
    /// no code.
    ///
    /// ```
    /// use cgt_core::impartial::HeapRuleset;
    /// assert_eq!(HeapRuleset::octal("0.70").unwrap().code().unwrap(), "0.7");
    /// assert_eq!(HeapRuleset::subtraction(&[2, 3, 7]).unwrap().code().unwrap(), "0.0330003");
    /// ```
    pub fn code(&self) -> Option<String> {
        let point_zero = |text: String| {
            if text.ends_with('.') {
                text + "0"
            } else {
                text
            }
        };
        Some(match self {
            HeapRuleset::Nim => "0.[3]".into(),
            HeapRuleset::Subtraction(s) => {
                let last = s.last().copied().unwrap_or(0);
                let digits: String = (1..=last)
                    .map(|t| {
                        if s.binary_search(&t).is_ok() {
                            '3'
                        } else {
                            '0'
                        }
                    })
                    .collect();
                point_zero(format!("0.{digits}"))
            }
            HeapRuleset::SubtractionAllBut(s) => {
                let last = s.last().copied().unwrap_or(0);
                let digits: String = (1..=last)
                    .map(|t| {
                        if s.binary_search(&t).is_ok() {
                            '0'
                        } else {
                            '3'
                        }
                    })
                    .collect();
                format!("0.{digits}[3]")
            }
            HeapRuleset::Octal(code) => point_zero(code.to_string()),
            HeapRuleset::TakeBreak(code) => point_zero(code.to_string()),
            HeapRuleset::Spawning(code) => code.text().to_string(),
            HeapRuleset::Listed(code) => code.to_string(),
            HeapRuleset::Rule(rule) => return rule.get().code(),
        })
    }

    /// Every option of a heap of `n`: each the list of the non-empty heaps left (empty when
    /// the move takes the whole heap). Heaps in a split are listed smaller first; each
    /// option appears once. Errors when there are more than [`MAX_ENUMERATED_OPTIONS`].
    ///
    /// ```
    /// use cgt_core::impartial::HeapRuleset;
    /// let k = HeapRuleset::kayles();
    /// assert_eq!(k.options(3).unwrap(), vec![vec![2], vec![1, 1], vec![1]]);
    /// ```
    pub fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, ImpartialError> {
        let too_many = || ImpartialError::HeapTooLarge {
            heap: n,
            limit: MAX_ENUMERATED_OPTIONS,
            what: "listing every option",
        };
        let heap = |m: u64| if m == 0 { vec![] } else { vec![m] };
        let mut out = Vec::new();
        match self {
            HeapRuleset::Nim | HeapRuleset::SubtractionAllBut(_) => {
                if n > MAX_ENUMERATED_OPTIONS {
                    return Err(too_many());
                }
                let excluded: &[u64] = match self {
                    HeapRuleset::SubtractionAllBut(s) => s,
                    _ => &[],
                };
                for take in 1..=n {
                    if excluded.binary_search(&take).is_err() {
                        out.push(heap(n - take));
                    }
                }
            }
            HeapRuleset::Subtraction(s) => {
                out.extend(s.iter().filter(|&&k| k <= n).map(|&k| heap(n - k)));
            }
            HeapRuleset::Octal(code) => {
                for (k, &d) in code.digits().iter().enumerate() {
                    let k = k as u64;
                    if d & TAKE_ALL != 0 && n == k && k > 0 {
                        out.push(vec![]);
                    }
                    if d & LEAVE_ONE != 0 && n > k && k > 0 {
                        out.push(vec![n - k]);
                    }
                    if d & LEAVE_TWO != 0 && n >= k + 2 {
                        let rest = n - k;
                        if rest / 2 > MAX_ENUMERATED_OPTIONS {
                            return Err(too_many());
                        }
                        out.extend((1..=rest / 2).map(|a| vec![a, rest - a]));
                    }
                    if d & LEAVE_THREE != 0 && n >= k + 3 {
                        // a ≤ b ≤ c with a + b + c = rest: about rest²/12 options.
                        let rest = n - k;
                        if rest / 3 > MAX_ENUMERATED_OPTIONS / (rest / 2).max(1) {
                            return Err(too_many());
                        }
                        for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                out.push(vec![a, b, rest - a - b]);
                            }
                        }
                    }
                }
            }
            HeapRuleset::TakeBreak(code) => return code.options(n, MAX_ENUMERATED_OPTIONS),
            HeapRuleset::Spawning(code) => return code.options(n, MAX_ENUMERATED_OPTIONS),
            HeapRuleset::Listed(code) => return code.options(n, MAX_ENUMERATED_OPTIONS),
            HeapRuleset::Rule(rule) => return rule.get().options(n, MAX_ENUMERATED_OPTIONS),
        }
        Ok(out)
    }
}

/// The octal or hexadecimal code of a generalised code written another way (`0.{1,2}`,
/// `0.&7;`): finitely many digits, none constrained, each below 16, the first 0, 4, 8 or C.
fn octal_equivalent(code: &TbCode) -> Option<OctalCode> {
    if code.max_removal().is_none() || code.constrained() {
        return None;
    }
    let mut text = String::new();
    for (t, d) in code.digits().iter().enumerate() {
        if d.counts.from().is_some() || d.counts.exact() >= 16 {
            return None;
        }
        text.push(char::from_digit(d.counts.exact() as u32, 16)?);
        if t == 0 {
            text.push('.');
        }
    }
    OctalCode::parse(&text).ok()
}

/// Sorted, distinct and positive.
fn normalized(set: &[u64]) -> Result<Vec<u64>, ImpartialError> {
    if set.contains(&0) {
        return Err(ImpartialError::ZeroInSubtractionSet);
    }
    let mut v = set.to_vec();
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

fn write_list(f: &mut fmt::Formatter<'_>, items: &[u64]) -> fmt::Result {
    let items: Vec<String> = items.iter().map(u64::to_string).collect();
    write!(f, "[{}]", items.join(","))
}

impl fmt::Display for HeapRuleset {
    /// The expression that builds the ruleset: `nim`, `subtraction([1,3,4])`,
    /// `subtraction_all_but([2])`, `octal("0.77")`, `grundys_game`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapRuleset::Nim => f.write_str("nim"),
            HeapRuleset::Subtraction(s) => {
                f.write_str("subtraction(")?;
                write_list(f, s)?;
                f.write_str(")")
            }
            HeapRuleset::SubtractionAllBut(s) => {
                f.write_str("subtraction_all_but(")?;
                write_list(f, s)?;
                f.write_str(")")
            }
            HeapRuleset::Octal(code) => write!(f, "octal(\"{code}\")"),
            HeapRuleset::TakeBreak(code) => write!(f, "octal(\"{code}\")"),
            HeapRuleset::Spawning(code) => write!(f, "spawning({:?})", code.text()),
            HeapRuleset::Listed(code) => write!(f, "octal(\"{code}\")"),
            HeapRuleset::Rule(rule) => f.write_str(&rule.get().expression()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_validate() {
        assert_eq!(
            HeapRuleset::subtraction(&[]),
            Err(ImpartialError::EmptySubtractionSet)
        );
        assert_eq!(
            HeapRuleset::subtraction(&[0, 1]),
            Err(ImpartialError::ZeroInSubtractionSet)
        );
        assert_eq!(
            HeapRuleset::subtraction(&[3, 1, 3]).unwrap(),
            HeapRuleset::Subtraction(vec![1, 3])
        );
        assert_eq!(HeapRuleset::subtraction_all_but(&[]), Ok(HeapRuleset::Nim));
        assert!(HeapRuleset::octal("0.W").is_err());
        assert!(matches!(
            HeapRuleset::octal("0.G"),
            Ok(HeapRuleset::TakeBreak(_))
        ));
        assert!(matches!(
            HeapRuleset::octal("0.{1,2}7"),
            Ok(HeapRuleset::Octal(_))
        ));
        assert_eq!(
            HeapRuleset::octal("4!.0").unwrap().to_string(),
            "octal(\"4!.\")"
        );
        assert!(HeapRuleset::octal("0.9").is_ok());
        assert_eq!(
            HeapRuleset::pick_up_bricks(),
            HeapRuleset::subtraction(&[1, 2]).unwrap()
        );
    }

    /// CGSuite's `GameHeapTest.scala` (`R.code`) and the normal forms of codes.
    #[test]
    fn codes_in_cgsuites_normal_form() {
        let cases = [
            (HeapRuleset::nim(), "0.[3]"),
            (HeapRuleset::grundys_game(), "4!.0"),
            (HeapRuleset::kayles(), "0.77"),
            (HeapRuleset::dawsons_kayles(), "0.07"),
            (HeapRuleset::subtraction(&[2, 3, 7]).unwrap(), "0.0330003"),
            (
                HeapRuleset::subtraction_all_but(&[2, 3, 7]).unwrap(),
                "0.3003330[3]",
            ),
            (HeapRuleset::octal("0.3f").unwrap(), "0.3F"),
            (HeapRuleset::octal("0.70").unwrap(), "0.7"),
            (HeapRuleset::octal("4!.0").unwrap(), "4!.0"),
            (HeapRuleset::octal("0.000").unwrap(), "0.0"),
            (HeapRuleset::octal("0.3[33]").unwrap(), "0.[3]"),
            (HeapRuleset::spawning("1-3").unwrap(), "1-3"),
            (HeapRuleset::octal("080.00").unwrap(), "80.0"),
            (HeapRuleset::octal("0.{2,3?+}").unwrap(), "0.{2,3?+}"),
        ];
        for (rules, code) in cases {
            assert_eq!(rules.code().unwrap(), code, "{rules}");
        }
        // A code read back gives the same game.
        for rules in [
            HeapRuleset::subtraction(&[2, 3, 7]).unwrap(),
            HeapRuleset::subtraction_all_but(&[2, 3, 7]).unwrap(),
        ] {
            let again = HeapRuleset::octal(&rules.code().unwrap()).unwrap();
            assert_eq!(
                crate::impartial::nim_values(&again, 0..=40).unwrap(),
                crate::impartial::nim_values(&rules, 0..=40).unwrap()
            );
        }
    }

    #[test]
    fn displays_as_expressions() {
        assert_eq!(HeapRuleset::kayles().to_string(), "octal(\"0.77\")");
        assert_eq!(
            HeapRuleset::subtraction(&[4, 1, 3]).unwrap().to_string(),
            "subtraction([1,3,4])"
        );
        assert_eq!(
            HeapRuleset::subtraction_all_but(&[2]).unwrap().to_string(),
            "subtraction_all_but([2])"
        );
        assert_eq!(HeapRuleset::grundys_game().to_string(), "grundys_game");
        assert_eq!(HeapRuleset::nim().to_string(), "nim");
    }

    #[test]
    fn options_by_hand() {
        let sort = |mut v: Vec<Vec<u64>>| {
            v.sort();
            v
        };
        // Kayles on 4 pins: knock 1 (leaving 3, or 1+2), or 2 (leaving 2, or 1+1).
        assert_eq!(
            sort(HeapRuleset::kayles().options(4).unwrap()),
            vec![vec![1, 1], vec![1, 2], vec![2], vec![3]]
        );
        // 0.6 on 1: cannot take the last token (no bit 1); on 3: 2 or 1+1.
        let officers = HeapRuleset::octal("0.6").unwrap();
        assert!(officers.options(1).unwrap().is_empty());
        assert_eq!(
            sort(officers.options(3).unwrap()),
            vec![vec![1, 1], vec![2]]
        );
        // 4.: split without taking.
        let split = HeapRuleset::octal("4.").unwrap();
        assert_eq!(
            sort(split.options(4).unwrap()),
            vec![vec![1, 3], vec![2, 2]]
        );
        // 0.8 on 7: take 1, split the 6 left into three: 1+1+4, 1+2+3, 2+2+2.
        let three = HeapRuleset::octal("0.8").unwrap();
        assert_eq!(
            sort(three.options(7).unwrap()),
            vec![vec![1, 1, 4], vec![1, 2, 3], vec![2, 2, 2]]
        );
        assert!(three.options(3).unwrap().is_empty());
        // 0.F on 4: take 1 and leave 0 (impossible, 4 ≠ 1), 1, 2 or 3 heaps.
        assert_eq!(
            sort(HeapRuleset::octal("0.F").unwrap().options(4).unwrap()),
            vec![vec![1, 1, 1], vec![1, 2], vec![3]]
        );
        // Grundy's game on 6: 1+5, 2+4 (3+3 is equal).
        assert_eq!(
            HeapRuleset::grundys_game().options(6).unwrap(),
            vec![vec![1, 5], vec![2, 4]]
        );
        assert!(HeapRuleset::grundys_game().options(2).unwrap().is_empty());
        // Subtraction {1,3,4} on 3: 2 or nothing.
        let s = HeapRuleset::subtraction(&[1, 3, 4]).unwrap();
        assert_eq!(s.options(3).unwrap(), vec![vec![2], vec![]]);
        // All but {2} on 3: take 1 or 3.
        let ab = HeapRuleset::subtraction_all_but(&[2]).unwrap();
        assert_eq!(ab.options(3).unwrap(), vec![vec![2], vec![]]);
        assert_eq!(
            HeapRuleset::nim().options(2).unwrap(),
            vec![vec![1], vec![]]
        );
        assert!(HeapRuleset::nim().options(1 << 40).is_err());
    }
}
