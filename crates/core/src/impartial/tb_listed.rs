//! The take-and-break codes of CGSuite's `TakeAndBreak` that the fast engines do not read:
//! *additive* codes, with digits before the point that add tokens (`80.0`: add one token
//! and leave three heaps), and digits whose heap counts carry constraints of their own
//! (`0.{2,3?+}`: remove one token and leave two heaps, or three or more not all equal).
//! Their values are computed by listing every option of each heap.
//!
//! The notation is CGSuite's (`TBCode2.scala`): the digit before the point is for removing
//! no token, the one before it for adding one token, and so on leftwards; inside braces each
//! heap count may be followed by its own constraint (`!` pairwise unequal, `?` not all equal,
//! `=` all equal), and a constraint after the closing brace applies to every count. As in
//! CGSuite, a constraint on leaving no heap or one heap means nothing, and when the counts
//! of two or more heaps share one constraint the digit is written with it once.
//!
//! One difference: CGSuite lets an additive digit leave as few heaps as it likes, so that
//! `20.0` (add a token, leave one heap) never ends; here a digit adding `t` tokens must
//! leave at least `t + 2` heaps, each then smaller than the heap moved from.

use super::error::ImpartialError;
use super::grown::{GrownSequence, GrowthRule};
use super::tb_code::{Constraint, partitions_into};
use std::fmt;

/// Options listed for one heap at most.
pub const MAX_LISTED_OPTIONS: u64 = 1 << 22;

/// The largest heap whose value is computed.
pub const MAX_LISTED_HEAP: u64 = 1 << 14;

/// One digit: for each heap count, `None` (not allowed) or its constraint; `more` for every
/// count past the list.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Digit {
    counts: Vec<Option<Constraint>>,
    more: Option<Constraint>,
}

impl Digit {
    fn zero() -> Digit {
        Digit {
            counts: Vec::new(),
            more: None,
        }
    }

    fn is_zero(&self) -> bool {
        self.more.is_none() && self.counts.iter().all(Option::is_none)
    }

    fn allows(&self, k: u64) -> Option<Constraint> {
        match usize::try_from(k).ok().and_then(|i| self.counts.get(i)) {
            Some(c) => *c,
            None => self.more,
        }
    }

    /// The least heap count allowed.
    fn least(&self) -> Option<u64> {
        self.counts
            .iter()
            .position(Option::is_some)
            .map(|i| i as u64)
            .or(self.more.map(|_| self.counts.len() as u64))
    }

    /// CGSuite's normal form: no constraint on 0 or 1 heaps; one constraint shared by all
    /// counts of two or more when they have only one.
    fn normalized(mut self) -> Digit {
        while self.counts.last() == Some(&None) {
            self.counts.pop();
        }
        if let Some(m) = self.more {
            // Counts past the list that equal `more` need not be listed.
            while self.counts.len() > 2 && self.counts.last() == Some(&Some(m)) {
                self.counts.pop();
            }
        }
        for c in self.counts.iter_mut().take(2).flatten() {
            *c = Constraint::Free;
        }
        let mut kinds: Vec<Constraint> = self.counts.iter().skip(2).flatten().copied().collect();
        kinds.extend(self.more);
        kinds.sort_by_key(|c| *c as u8);
        kinds.dedup();
        if let [only] = kinds[..] {
            for c in self.counts.iter_mut().skip(2).flatten() {
                *c = only;
            }
            if self.more.is_some() {
                self.more = Some(only);
            }
        }
        self
    }
}

fn symbol(c: Constraint) -> &'static str {
    match c {
        Constraint::Free => "",
        Constraint::Distinct => "!",
        Constraint::NotAllEqual => "?",
        Constraint::AllEqual => "=",
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let allowed: Vec<(usize, Constraint)> = self
            .counts
            .iter()
            .enumerate()
            .filter_map(|(k, c)| c.map(|c| (k, c)))
            .collect();
        let several: Vec<Constraint> = allowed
            .iter()
            .filter(|(k, _)| *k >= 2)
            .map(|&(_, c)| c)
            .chain(self.more)
            .collect();
        let one = several.first().copied().unwrap_or(Constraint::Free);
        let uniform = several.iter().all(|&c| c == one);
        match (self.more, uniform) {
            (None, true) => {
                let mask: u64 = allowed.iter().map(|&(k, _)| 1u64 << k).sum();
                match char::from_digit(mask as u32, 32) {
                    Some(c) if mask < 32 => write!(f, "{}", c.to_ascii_uppercase())?,
                    _ => write!(f, "&{mask};")?,
                }
                f.write_str(symbol(one))
            }
            // Every count allowed, none included: CGSuite's `*`.
            (Some(_), true) if self.counts.iter().all(Option::is_some) => {
                write!(f, "*{}", symbol(one))
            }
            (more, true) => {
                let mut items: Vec<String> = allowed.iter().map(|&(k, _)| k.to_string()).collect();
                // `{1+}` rather than `{1,2+}`: the last count listed carries the `+` when
                // every count after it is allowed too.
                match (more, self.counts.last(), items.last_mut()) {
                    (Some(_), Some(Some(_)), Some(last)) => last.push('+'),
                    (Some(_), _, _) => items.push(format!("{}+", self.counts.len())),
                    _ => {}
                }
                write!(f, "{{{}}}{}", items.join(","), symbol(one))
            }
            (more, false) => {
                let mut items: Vec<String> = allowed
                    .iter()
                    .map(|&(k, c)| format!("{k}{}", if k >= 2 { symbol(c) } else { "" }))
                    .collect();
                if let Some(m) = more {
                    items.push(format!("{}{}+", self.counts.len(), symbol(m)));
                }
                write!(f, "{{{}}}", items.join(","))
            }
        }
    }
}

/// An additive or per-count constrained take-and-break code, parsed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ListedCode {
    /// `additive[i]` adds `i + 1` tokens.
    additive: Vec<Digit>,
    /// `digits[t]` removes `t` tokens (`digits[0]` is before the point).
    digits: Vec<Digit>,
    repeat_from: Option<usize>,
}

impl ListedCode {
    /// Parses a code in CGSuite's notation, additive digits and per-count constraints
    /// included.
    ///
    /// ```
    /// use cgt_core::impartial::tb_listed::ListedCode;
    /// assert_eq!(ListedCode::parse("80.0").unwrap().to_string(), "80.0");
    /// assert_eq!(ListedCode::parse("0.{2,3?+}").unwrap().to_string(), "0.{2,3?+}");
    /// assert!(ListedCode::parse("20.0").is_err()); // would never end
    /// ```
    pub fn parse(code: &str) -> Result<ListedCode, ImpartialError> {
        let bad = |reason: String| ImpartialError::InvalidCode {
            code: code.to_string(),
            reason,
        };
        let chars: Vec<char> = code.trim().chars().collect();
        let mut before: Vec<Digit> = Vec::new();
        let mut after: Vec<Digit> = Vec::new();
        let (mut point, mut open, mut closed) = (false, None, false);
        let mut i = 0;
        while i < chars.len() {
            match chars[i] {
                '.' if point => return Err(bad("a code has one point".into())),
                '.' => point = true,
                '[' if !point || open.is_some() => {
                    return Err(bad("one repeating part '[…]', after the point".into()));
                }
                '[' => open = Some(after.len()),
                ']' if open.is_none() || closed || open == Some(after.len()) => {
                    return Err(bad("']' must close a non-empty '['".into()));
                }
                ']' => closed = true,
                _ if closed => {
                    return Err(bad("the repeating part '[…]' must end the code".into()));
                }
                _ => {
                    let (d, next) = digit(&chars, i).map_err(bad)?;
                    if point {
                        after.push(d);
                    } else {
                        before.push(d);
                    }
                    i = next;
                    continue;
                }
            }
            i += 1;
        }
        if !point || (open.is_some() && !closed) {
            return Err(bad("expected a point, and ']' closing '['".into()));
        }
        let first = before.pop().unwrap_or_else(Digit::zero);
        if first.allows(0).is_some() || first.allows(1).is_some() {
            return Err(bad(
                "the digit before the point removes no token: it may only split a heap into \
                 two or more"
                    .into(),
            ));
        }
        before.reverse();
        for (i, d) in before.iter().enumerate() {
            let added = i as u64 + 1;
            if d.least().is_some_and(|k| k < added + 2) {
                return Err(bad(format!(
                    "a digit adding {added} token(s) must leave at least {} heaps, or a heap \
                     could grow and play might never end",
                    added + 2
                )));
            }
        }
        while before.last().is_some_and(Digit::is_zero) {
            before.pop();
        }
        let mut digits = vec![first];
        digits.extend(after);
        let mut repeat_from = open.map(|o| o + 1);
        if let Some(r) = repeat_from
            && digits[r..].iter().all(Digit::is_zero)
        {
            digits.truncate(r);
            repeat_from = None;
        }
        if repeat_from.is_none() {
            while digits.len() > 1 && digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        Ok(ListedCode {
            additive: before,
            digits,
            repeat_from,
        })
    }

    /// Whether the fast engines can read the code as well (no additive digit, one constraint
    /// per digit).
    pub fn is_plain(&self) -> bool {
        self.additive.is_empty() && super::tb_code::TbCode::parse(&self.to_string()).is_ok()
    }

    fn digit(&self, t: i64) -> Digit {
        if t < 0 {
            return self
                .additive
                .get((-t - 1) as usize)
                .cloned()
                .unwrap_or_else(Digit::zero);
        }
        let t = t as usize;
        if t < self.digits.len() {
            return self.digits[t].clone();
        }
        match self.repeat_from {
            Some(r) => self.digits[r + (t - r) % (self.digits.len() - r)].clone(),
            None => Digit::zero(),
        }
    }

    /// Every option of a heap of `n` (the heaps left, sorted; each once), at most `limit`.
    pub fn options(&self, n: u64, limit: u64) -> Result<Vec<Vec<u64>>, ImpartialError> {
        let too_many = || ImpartialError::HeapTooLarge {
            heap: n,
            limit,
            what: "listing every option",
        };
        let last_t = match self.repeat_from {
            None => (self.digits.len() as u64 - 1).min(n),
            Some(_) => n,
        };
        let mut out = Vec::new();
        let first = -(self.additive.len() as i64);
        for t in first..=last_t as i64 {
            let d = self.digit(t);
            if d.is_zero() {
                continue;
            }
            let r = (n as i64 - t) as u64;
            if r == 0 {
                if t > 0 && d.allows(0).is_some() {
                    out.push(vec![]);
                }
                continue;
            }
            if t > 0 && d.allows(1).is_some() {
                out.push(vec![r]);
            }
            for k in 2..=r {
                let Some(c) = d.allows(k) else {
                    if d.more.is_none() && k as usize >= d.counts.len() {
                        break;
                    }
                    continue;
                };
                if c == Constraint::AllEqual {
                    if r.is_multiple_of(k) {
                        out.push(vec![r / k; k as usize]);
                    }
                } else {
                    partitions_into(r, k, c, &mut out, limit).ok_or_else(too_many)?;
                }
                if out.len() as u64 > limit {
                    return Err(too_many());
                }
            }
        }
        Ok(out)
    }
}

/// Reads one digit at `chars[i]`; the digit and the index after it.
fn digit(chars: &[char], i: usize) -> Result<(Digit, usize), String> {
    let constraint_at = |j: usize| match chars.get(j) {
        Some('!') => (Some(Constraint::Distinct), j + 1),
        Some('?') => (Some(Constraint::NotAllEqual), j + 1),
        Some('=') => (Some(Constraint::AllEqual), j + 1),
        _ => (None, j),
    };
    let of_mask = |mask: u64, c: Constraint| Digit {
        counts: (0..64).map(|k| (mask >> k & 1 == 1).then_some(c)).collect(),
        more: None,
    };
    let (d, next) = match chars[i] {
        '*' => {
            let (c, next) = constraint_at(i + 1);
            let c = c.unwrap_or(Constraint::Free);
            (
                Digit {
                    counts: vec![Some(c)],
                    more: Some(c),
                },
                next,
            )
        }
        '&' => {
            let end = chars[i..]
                .iter()
                .position(|&c| c == ';')
                .ok_or("a digit '&N;' ends with ';'")?;
            let text: String = chars[i + 1..i + end]
                .iter()
                .filter(|&&c| c != '#')
                .collect();
            let mask: u64 = text
                .parse()
                .map_err(|_| format!("&{text}; is not a digit (a number below 2^64)"))?;
            let (c, next) = constraint_at(i + end + 1);
            (of_mask(mask, c.unwrap_or(Constraint::Free)), next)
        }
        '{' => {
            let end = chars[i..]
                .iter()
                .position(|&c| c == '}')
                .ok_or("'{' is not closed by '}'")?;
            let inner: String = chars[i + 1..i + end].iter().collect();
            let (global, next) = constraint_at(i + end + 1);
            (braces(&inner, global)?, next)
        }
        c => {
            let v = c
                .to_digit(32)
                .ok_or_else(|| format!("'{c}' is not a digit of a code"))?;
            let (k, next) = constraint_at(i + 1);
            (of_mask(u64::from(v), k.unwrap_or(Constraint::Free)), next)
        }
    };
    Ok((d.normalized(), next))
}

/// `2,3?+` inside braces, with the constraint after the braces, if any.
fn braces(inner: &str, global: Option<Constraint>) -> Result<Digit, String> {
    let mut counts: Vec<Option<Constraint>> = Vec::new();
    let mut more = None;
    for item in inner.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (item, plus) = match item.strip_suffix('+') {
            Some(s) => (s, true),
            None => (item, false),
        };
        let (number, own) = match item.char_indices().last() {
            Some((j, '!')) => (&item[..j], Some(Constraint::Distinct)),
            Some((j, '?')) => (&item[..j], Some(Constraint::NotAllEqual)),
            Some((j, '=')) => (&item[..j], Some(Constraint::AllEqual)),
            _ => (item, None),
        };
        if own.is_some() && global.is_some() {
            return Err("a constraint inside braces and one after them".into());
        }
        let c = own.or(global).unwrap_or(Constraint::Free);
        let k: usize = number
            .trim()
            .parse()
            .map_err(|_| format!("{item:?} is not a heap count"))?;
        if k > 63 {
            return Err(format!("a digit names at most 63 heaps, not {k}"));
        }
        if counts.len() <= k {
            counts.resize(k + 1, None);
        }
        if plus {
            more = Some(c);
            counts.truncate(k);
            counts.resize(k, None);
            counts.push(Some(c));
        } else {
            counts[k] = Some(c);
        }
    }
    Ok(Digit { counts, more })
}

impl fmt::Display for ListedCode {
    /// CGSuite's normal form: additive digits, the point, the digits, the repeating part;
    /// `.0` when nothing follows the point.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.additive.iter().rev() {
            write!(f, "{d}")?;
        }
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
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

/// The Grundy values of a listed code, computed in order and kept.
pub(crate) type ListedSequence = GrownSequence<ListedCode>;

impl GrowthRule for ListedCode {
    const MAX_HEAP: u64 = MAX_LISTED_HEAP;
    const TABLE: &'static str =
        "a table of Grundy values of an additive or per-count constrained code";
    const VALUE: &'static str = "a Grundy value of an additive or per-count constrained code";

    /// The mex of the nim sums of the heaps each option leaves.
    fn value_at(&self, values: &[u32], n: u64) -> Result<u64, ImpartialError> {
        let mut reached = Vec::new();
        for option in self.options(n, MAX_LISTED_OPTIONS)? {
            let v = option.iter().fold(0u32, |acc, &h| acc ^ values[h as usize]) as usize;
            if v >= reached.len() {
                reached.resize(v + 1, false);
            }
            reached[v] = true;
        }
        Ok(reached.iter().position(|&r| !r).unwrap_or(reached.len()) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{HeapRuleset, nim_values};

    fn values(code: &str, last: u64) -> Vec<u32> {
        let mut s = ListedSequence::new(ListedCode::parse(code).unwrap());
        s.extend_to(last, None).unwrap();
        s.values().to_vec()
    }

    #[test]
    fn normal_forms() {
        for (text, shown) in [
            ("80.0", "80.0"),
            ("080.0", "80.0"),
            ("0.{2,3?+}", "0.{2,3?+}"),
            ("0.{2?,3?+}", "0.{2+}?"),
            ("0.{1,2!}", "0.6!"),
            ("0.{1!}", "0.2"),
            ("0.{2,3?+}0", "0.{2,3?+}"),
            ("g0.07", "G0.07"),
        ] {
            assert_eq!(
                ListedCode::parse(text).unwrap().to_string(),
                shown,
                "{text}"
            );
        }
    }

    #[test]
    fn plain_codes_listed_agree_with_the_fast_engines() {
        for code in [
            "0.77", "4!.0", "0.{1,2}7", "0.6?", "4.07", "0.[3]", "0.1{2+}=",
        ] {
            let fast = nim_values(&HeapRuleset::octal(code).unwrap(), 0..=18).unwrap();
            let listed: Vec<u64> = values(code, 18).iter().map(|&v| u64::from(v)).collect();
            assert_eq!(listed, fast, "{code}");
        }
    }

    /// By hand: `80.0` adds a token and splits into three heaps. Heaps 1 and 2 have no
    /// move (2 and 3 tokens: three heaps need 3); heap 2 becomes 1+1+1 (G = 0), so G(2) = 1;
    /// heap 3 becomes four tokens in three heaps, 1+1+2 (G = 0 ⊕ 0 ⊕ 1 = 1): G(3) = 0.
    #[test]
    fn an_additive_code_by_hand() {
        assert_eq!(values("80.0", 3), vec![0, 0, 1, 0]);
    }

    /// `0.{2,3?+}`: remove one token and leave two heaps, or three or more not all equal.
    /// Heap 4: 1+2 (0 ⊕ … ) only as two heaps 1+2; three heaps of 1 are all equal.
    #[test]
    fn per_count_constraints() {
        let code = ListedCode::parse("0.{2,3?+}").unwrap();
        let mut opts = code.options(4, 100).unwrap();
        opts.sort();
        assert_eq!(opts, vec![vec![1, 2]]);
        let mut opts = code.options(5, 100).unwrap();
        opts.sort();
        // 4 left: 1+3, 2+2 (two heaps), 1+1+2 (not all equal); 1+1+1+1 is all equal.
        assert_eq!(opts, vec![vec![1, 1, 2], vec![1, 3], vec![2, 2]]);
    }

    #[test]
    fn malformed_and_endless_codes_are_errors() {
        for code in [
            "20.0",
            "40.0",
            "*0.0",
            "0.{2!,3?}=",
            "0.{x}",
            "1.0",
            "0.7]",
            "0.[]",
            "0.{2",
        ] {
            assert!(ListedCode::parse(code).is_err(), "{code:?}");
        }
        assert!(ListedCode::parse("{3+}0.0").is_ok());
    }
}
