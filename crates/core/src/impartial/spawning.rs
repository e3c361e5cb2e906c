//! Spawning games (CGSuite's `Spawning`): coin-turning games seen as heap games.
//!
//! A row of coins is numbered 1, 2, 3, … from the left; a move turns over some coins, the
//! rightmost of them from heads to tails. A coin showing heads at position `n` is a heap of
//! `n`, and turning it with the coins at `p₁ < … < p_c < n` replaces the heap by the heaps
//! `p₁, …, p_c` (a coin turned twice is no coin, as two equal heaps are nothing in a sum).
//! So `G(n)` is the mex of `G(p₁) ⊕ … ⊕ G(p_c)` over the allowed sets (Winning Ways,
//! chapter 14, "Turn and Turn About"; Siegel, *Combinatorial Game Theory*, §IV.3).
//!
//! A spawning code lists, separated by commas, how many coins may be turned (the heads coin
//! counted): `3` (exactly three), `1-3` (one to three), `1+` (any number). Each count may
//! be followed by constraints on the coins turned:
//!
//! | letter | the coins turned |
//! |---|---|
//! | `C` | are consecutive |
//! | `C(k)` | lie within `k` consecutive places (a *span* of `k`) |
//! | `E` | are equally spaced |
//! | `S` | are placed symmetrically about their middle |
//! | `F` | include the first coin (position 1) |
//!
//! The codes of the literature, with the values CGSuite's tests give for them
//! (`GameHeapTest.scala`): Mock Turtles `1-3`, Moidores `1-9`, Triplets `3`, Ruler `1+C`,
//! Mock Turtle Fives `1-3C(5)`, Triplet Fives `3C(5)`, Ruler Fives `1-5C`, Turnips `3E`,
//! Grunt `4FS`, Sym `1+S`.
//!
//! One difference from CGSuite: `F` is read literally, so a move turning only the heads
//! coin satisfies it only at position 1 (CGSuite lets such a move satisfy `F` anywhere).
//! No code of the literature turns a single coin under `F`.

use super::error::ImpartialError;
use super::grown::{GrownSequence, GrowthRule};
use std::fmt;

/// How the coins of one element of a code are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Spacing {
    Any,
    Consecutive,
    Equal,
    Symmetric,
}

/// One element of a code: how many coins (the heads coin counted) and where.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Element {
    least: u64,
    most: u64,
    span: u64,
    spacing: Spacing,
    first: bool,
}

/// A spawning code such as `"1-3"` or `"4FS"`, parsed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpawningCode {
    text: String,
    elements: Vec<Element>,
}

/// Work allowed for one heap (options visited, or steps of the table of reachable values)
/// before `SpawningCode::values` gives up with an error.
pub const MAX_SPAWNING_WORK: u64 = 1 << 26;

/// The largest heap whose value is computed.
pub const MAX_SPAWNING_HEAP: u64 = 1 << 16;

impl SpawningCode {
    /// Parses a code; letters may be small or capital.
    ///
    /// ```
    /// use cgt_core::impartial::spawning::SpawningCode;
    /// assert!(SpawningCode::parse("1-3C(5)").is_ok());
    /// assert!(SpawningCode::parse("3X").is_err());
    /// ```
    pub fn parse(code: &str) -> Result<SpawningCode, ImpartialError> {
        let bad = |reason: String| ImpartialError::InvalidSpawningCode {
            code: code.to_string(),
            reason,
        };
        let upper = code.trim().to_ascii_uppercase();
        if upper.is_empty() {
            return Err(bad(
                "a spawning code lists how many coins are turned, such as \"1-3\"".into(),
            ));
        }
        let mut elements = Vec::new();
        let several = upper.contains(',');
        for part in upper.split(',') {
            let part = part.trim();
            let at = |reason: &str| {
                if several {
                    bad(format!("in \"{part}\", {reason}"))
                } else {
                    bad(reason.to_string())
                }
            };
            let digits_end = part
                .find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-'))
                .unwrap_or(part.len());
            let (range, modifiers) = part.split_at(digits_end);
            let number = |s: &str| -> Result<u64, ImpartialError> {
                s.parse::<u64>().map_err(|_| {
                    at("a part starts with how many coins are turned, such as 3, 1-3 or 1+")
                })
            };
            let (least, most) = if let Some(low) = range.strip_suffix('+') {
                (number(low)?, u64::MAX)
            } else if let Some((a, b)) = range.split_once('-') {
                (number(a)?, number(b)?)
            } else {
                let k = number(range)?;
                (k, k)
            };
            if least == 0 || most < least {
                return Err(at(
                    "a move turns at least one coin (the heads coin), and a range a-b needs \
                     1 <= a <= b",
                ));
            }
            let mut element = Element {
                least,
                most,
                span: u64::MAX,
                spacing: Spacing::Any,
                first: false,
            };
            let mut rest = modifiers;
            while let Some(c) = rest.chars().next() {
                rest = &rest[1..];
                match c {
                    'C' if rest.starts_with('(') => {
                        let close = rest.find(')').ok_or_else(|| at("C( is not closed by )"))?;
                        let k = rest[1..close]
                            .trim()
                            .parse::<u64>()
                            .map_err(|_| at("C(k) needs a number k"))?;
                        element.span = element.span.min(k);
                        rest = &rest[close + 1..];
                    }
                    'C' => element.spacing = Spacing::Consecutive,
                    'E' => element.spacing = Spacing::Equal,
                    'S' => element.spacing = Spacing::Symmetric,
                    'F' => element.first = true,
                    other => {
                        return Err(at(&format!(
                            "unknown letter {other:?} (C, C(k), E, S and F are the constraints)"
                        )));
                    }
                }
            }
            // A span of k holds at most k coins (CGSuite drops an element that can hold
            // none of its counts).
            element.most = element.most.min(element.span);
            if element.least <= element.most {
                elements.push(element);
            }
        }
        Ok(SpawningCode {
            text: code.trim().to_string(),
            elements,
        })
    }

    /// The code as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Calls `visit` with each option of the heap `n` (the coins turned besides the heads
    /// coin, smallest first) and stops early, with `false`, when `visit` answers `false`.
    /// The same set of coins allowed by two elements is visited twice.
    pub fn visit_options(&self, n: u64, visit: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        let mut buf = Vec::new();
        for e in &self.elements {
            if n == 0 {
                return true;
            }
            let lowest = if e.span >= n { 1 } else { n - e.span + 1 };
            let top = e.most.saturating_sub(1).min(n - 1);
            for c in e.least - 1..=top {
                let ok = match e.spacing {
                    Spacing::Any => {
                        buf.clear();
                        subsets(lowest, n - 1, c, e.first, &mut buf, visit)
                    }
                    Spacing::Consecutive => {
                        let opt: Vec<u64> = (n - c..n).collect();
                        !allowed_first(e.first, &opt, n) || visit(&opt)
                    }
                    Spacing::Equal => equal_spacings(lowest, n, c, e.first, visit),
                    Spacing::Symmetric => symmetric(lowest, n, c, e.first, visit),
                };
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    /// Every option of the heap `n`, each once, at most `limit` of them.
    pub fn options(&self, n: u64, limit: u64) -> Result<Vec<Vec<u64>>, ImpartialError> {
        let mut out: Vec<Vec<u64>> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let complete = self.visit_options(n, &mut |o| {
            if seen.insert(o.to_vec()) {
                out.push(o.to_vec());
            }
            (out.len() as u64) <= limit
        });
        if !complete {
            return Err(ImpartialError::HeapTooLarge {
                heap: n,
                limit,
                what: "listing every option",
            });
        }
        Ok(out)
    }

    /// `G(n)` from the values of the smaller heaps (`g[p]` for `p < n`).
    fn value(&self, g: &[u32], n: u64) -> Result<u64, ImpartialError> {
        let mut reached = Vec::new();
        let mark = |v: u64, reached: &mut Vec<bool>| {
            let v = v as usize;
            if v >= reached.len() {
                reached.resize(v + 1, false);
            }
            reached[v] = true;
        };
        for e in &self.elements {
            let lowest = if e.span >= n { 1 } else { n - e.span + 1 };
            let top = e.most.saturating_sub(1).min(n - 1);
            if e.least - 1 > top {
                continue;
            }
            if e.spacing == Spacing::Any && self.table_is_cheaper(g, e, lowest, n, top) {
                for v in reachable_sums(g, lowest, n, e.least - 1, top, e.first) {
                    mark(v, &mut reached);
                }
                continue;
            }
            let mut work = 0u64;
            let single = SpawningCode {
                text: String::new(),
                elements: vec![e.clone()],
            };
            let complete = single.visit_options(n, &mut |o| {
                work += 1 + o.len() as u64;
                mark(
                    o.iter().fold(0, |acc, &p| acc ^ u64::from(g[p as usize])),
                    &mut reached,
                );
                work <= MAX_SPAWNING_WORK
            });
            if !complete {
                return Err(ImpartialError::HeapTooLarge {
                    heap: n,
                    limit: MAX_SPAWNING_WORK,
                    what: "the options of a heap of a spawning game, visited one by one,",
                });
            }
        }
        Ok(reached.iter().position(|&r| !r).unwrap_or(reached.len()) as u64)
    }

    /// Whether the table of values reachable with `c` coins is cheaper than visiting the
    /// options one by one.
    fn table_is_cheaper(&self, g: &[u32], e: &Element, lowest: u64, n: u64, top: u64) -> bool {
        let width = (u64::from(
            g[lowest as usize..n as usize]
                .iter()
                .copied()
                .max()
                .unwrap_or(0),
        ) + 1)
            .next_power_of_two();
        let table = (n - lowest).saturating_mul(top + 1).saturating_mul(width);
        let mut subsets = 0u64;
        let places = n - lowest;
        let mut binom = 1u64;
        for c in 0..=top.min(places) {
            if c >= e.least - 1 {
                subsets = subsets.saturating_add(binom.saturating_mul(c.max(1)));
            }
            binom = binom.saturating_mul(places - c) / (c + 1);
        }
        table < subsets
    }
}

/// Whether an option satisfies `F` (coin 1 turned).
fn allowed_first(first: bool, opt: &[u64], n: u64) -> bool {
    !first || opt.first().copied().unwrap_or(n) == 1
}

/// Every set of `c` places in `lo..=hi` (containing 1 if `first`), in order.
fn subsets(
    lo: u64,
    hi: u64,
    c: u64,
    first: bool,
    buf: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    if c == 0 {
        let n = hi + 1;
        return !allowed_first(first, buf, n) || visit(buf);
    }
    if first && buf.is_empty() {
        if lo != 1 {
            return true;
        }
        buf.push(1);
        let ok = subsets(2, hi, c - 1, false, buf, visit);
        buf.pop();
        return ok;
    }
    let mut p = lo;
    while p + c - 1 <= hi {
        buf.push(p);
        let ok = subsets(p + 1, hi, c - 1, false, buf, visit);
        buf.pop();
        if !ok {
            return false;
        }
        p += 1;
    }
    true
}

/// The sets of `c` places `n - c·d, …, n - d`, equally spaced with the heads coin.
fn equal_spacings(
    lo: u64,
    n: u64,
    c: u64,
    first: bool,
    visit: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    if c == 0 {
        return !allowed_first(first, &[], n) || visit(&[]);
    }
    let mut d = 1;
    while c * d < n && n - c * d >= lo {
        let opt: Vec<u64> = (1..=c).rev().map(|k| n - k * d).collect();
        if allowed_first(first, &opt, n) && !visit(&opt) {
            return false;
        }
        d += 1;
    }
    true
}

/// The sets of `c` places that with the heads coin `n` are symmetric about their middle.
fn symmetric(lo: u64, n: u64, c: u64, first: bool, visit: &mut dyn FnMut(&[u64]) -> bool) -> bool {
    if c == 0 {
        return !allowed_first(first, &[], n) || visit(&[]);
    }
    let lowest_a = if first { 1 } else { lo };
    if first && lo != 1 {
        return true;
    }
    let highest_a = if first { 1 } else { n - 1 };
    for a in lowest_a..=highest_a {
        // Inside a..n: pairs (x, a + n - x) for a < x < a + n - x, and the middle.
        let pairs: Vec<u64> = (a + 1..).take_while(|&x| 2 * x < a + n).collect();
        let middle = (a + n).is_multiple_of(2) && a + 1 < n;
        let inner = c - 1; // coins besides a (and n)
        for use_middle in [false, true] {
            if use_middle && !middle {
                continue;
            }
            let rest = inner - u64::from(use_middle);
            if !rest.is_multiple_of(2) || rest / 2 > pairs.len() as u64 {
                continue;
            }
            let mut chosen = Vec::new();
            let ok = choose_pairs(&pairs, (rest / 2) as usize, 0, &mut chosen, &mut |xs| {
                let mut opt = vec![a];
                opt.extend(xs.iter().copied());
                if use_middle {
                    opt.push((a + n) / 2);
                }
                opt.extend(xs.iter().rev().map(|&x| a + n - x));
                visit(&opt)
            });
            if !ok {
                return false;
            }
        }
    }
    true
}

fn choose_pairs(
    pairs: &[u64],
    k: usize,
    from: usize,
    chosen: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    if k == 0 {
        return visit(chosen);
    }
    for i in from..pairs.len() {
        if pairs.len() - i < k {
            break;
        }
        chosen.push(pairs[i]);
        let ok = choose_pairs(pairs, k - 1, i + 1, chosen, visit);
        chosen.pop();
        if !ok {
            return false;
        }
    }
    true
}

/// The values `G(p₁) ⊕ … ⊕ G(p_c)` over sets of `least..=most` places in `lo..n` (with
/// place 1 if `first`), by a table of reachable values for each count.
fn reachable_sums(g: &[u32], lo: u64, n: u64, least: u64, most: u64, first: bool) -> Vec<u64> {
    let width = (g[lo as usize..n as usize]
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        + 1)
    .next_power_of_two() as usize;
    let counts = most as usize + 1;
    // reach[c][v]: some c places seen so far give v.
    let mut reach = vec![vec![false; width]; counts];
    let start = if first {
        if lo != 1 || most == 0 {
            return if least == 0 && n == 1 {
                vec![0]
            } else {
                vec![]
            };
        }
        reach[1][g[1] as usize] = true;
        2
    } else {
        reach[0][0] = true;
        lo
    };
    for p in start..n {
        let gp = g[p as usize] as usize;
        for c in (1..counts).rev() {
            let (below, here) = reach.split_at_mut(c);
            let from = &below[c - 1];
            for v in 0..width {
                if from[v] {
                    here[0][v ^ gp] = true;
                }
            }
        }
    }
    let mut out = Vec::new();
    for (c, row) in reach.iter().enumerate().skip(least as usize) {
        if first && c == 0 {
            continue;
        }
        out.extend((0..width).filter(|&v| row[v]).map(|v| v as u64));
    }
    out
}

/// The Grundy values of a spawning game, computed in order and kept.
pub(crate) type SpawningSequence = GrownSequence<SpawningCode>;

impl GrowthRule for SpawningCode {
    const MAX_HEAP: u64 = MAX_SPAWNING_HEAP;
    const TABLE: &'static str = "a table of Grundy values of a spawning game";
    const VALUE: &'static str = "a Grundy value of a spawning game";

    fn value_at(&self, values: &[u32], n: u64) -> Result<u64, ImpartialError> {
        self.value(values, n)
    }
}

impl fmt::Display for SpawningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(code: &str, last: u64) -> Vec<u64> {
        let mut s = SpawningSequence::new(SpawningCode::parse(code).unwrap());
        s.extend_to(last, None).unwrap();
        s.values().iter().map(|&v| u64::from(v)).collect()
    }

    /// The value by the definition alone: the mex over every option, listed.
    fn naive(code: &str, last: u64) -> Vec<u64> {
        let code = SpawningCode::parse(code).unwrap();
        let mut g = vec![0u64];
        for n in 1..=last {
            let opts = code.options(n, 1 << 24).unwrap();
            let set: Vec<u64> = opts
                .iter()
                .map(|o| o.iter().fold(0, |a, &p| a ^ g[p as usize]))
                .collect();
            g.push((0..).find(|v| !set.contains(v)).unwrap());
        }
        g
    }

    /// CGSuite's `GameHeapTest.scala` ("define other heap games properly"): the values of
    /// heaps 0 to 20 and the number of options of heap 20 of the codes of the literature.
    #[test]
    fn values_and_option_counts_of_the_literature() {
        let cases: [(&str, usize, [u64; 21]); 10] = [
            (
                "1-3",
                191,
                [
                    0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38,
                ],
            ),
            (
                "1-9",
                169766,
                [
                    0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711, 8192,
                    16384, 26215, 32768, 43691,
                ],
            ),
            (
                "3",
                171,
                [
                    0, 0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35,
                ],
            ),
            (
                "1+C",
                20,
                [
                    0, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4,
                ],
            ),
            (
                "1-3C(5)",
                11,
                [
                    0, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8,
                ],
            ),
            (
                "3C(5)",
                6,
                [
                    0, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4,
                ],
            ),
            (
                "1-5C",
                5,
                [
                    0, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4,
                ],
            ),
            (
                "3E",
                9,
                [
                    0, 0, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0, 1, 2, 2, 1, 4, 4,
                ],
            ),
            (
                "4FS",
                9,
                [
                    0, 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3,
                ],
            ),
            (
                "1+S",
                2046,
                [
                    0, 1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28,
                ],
            ),
        ];
        for (code, count, expected) in cases {
            assert_eq!(values(code, 20), expected, "{code}");
            let c = SpawningCode::parse(code).unwrap();
            assert_eq!(c.options(20, 1 << 20).unwrap().len(), count, "{code}");
        }
    }

    #[test]
    fn the_fast_values_agree_with_every_option_listed() {
        for code in [
            "1-3", "2", "1-4", "2+", "1+", "3F", "2-3C(4)", "1-2E", "3S", "1,3E", "2+F", "5S",
        ] {
            assert_eq!(values(code, 16), naive(code, 16), "{code}");
        }
    }

    /// The table of reachable values gives the same set as the options one by one.
    #[test]
    fn the_table_of_sums_agrees_with_the_options() {
        let g: Vec<u32> = values("1-3", 24).iter().map(|&v| v as u32).collect();
        for (least, most, first) in [
            (0, 2, false),
            (1, 3, false),
            (2, 2, true),
            (0, 5, true),
            (3, 23, false),
        ] {
            for n in 1..24u64 {
                for lo in 1..n.max(2) {
                    let top = most.min(n - 1);
                    let mut fast = reachable_sums(&g, lo, n, least, top, first);
                    fast.sort_unstable();
                    fast.dedup();
                    let mut slow = Vec::new();
                    for c in least..=top {
                        let mut buf = Vec::new();
                        subsets(lo, n - 1, c, first, &mut buf, &mut |o| {
                            slow.push(o.iter().fold(0, |a, &p| a ^ u64::from(g[p as usize])));
                            true
                        });
                    }
                    slow.sort_unstable();
                    slow.dedup();
                    assert_eq!(
                        fast, slow,
                        "n {n} lo {lo} counts {least}..={most} first {first}"
                    );
                }
            }
        }
    }

    #[test]
    fn malformed_codes_are_errors() {
        for code in ["", "0", "3-1", "X", "3X", "1-3C(", "1-3C(a)", "-3"] {
            assert!(SpawningCode::parse(code).is_err(), "{code:?}");
        }
        assert!(SpawningCode::parse("1-3c(5)").is_ok());
    }

    #[test]
    fn too_much_work_is_an_error_not_a_hang() {
        let mut s = SpawningSequence::new(SpawningCode::parse("1-9").unwrap());
        assert!(s.extend_to(MAX_SPAWNING_HEAP + 1, None).is_err());
        let code = SpawningCode::parse("1+S").unwrap();
        assert!(code.options(200, 1000).is_err());
    }
}
