//! The text of CGSuite's generalised take-and-break codes: digits, constraints, the point
//! and the repeating part, read into a [`TbCode`] (the notation is described there).

use super::tb_code::{
    CodeDigit, Constraint, HeapCounts, MAX_CODE_DIGITS, MAX_CODE_HEAPS, TbCode, normalized,
};

/// The code written in `code`, or why it is not one.
pub(super) fn parse(code: &str) -> Result<TbCode, String> {
    let chars: Vec<char> = code.trim().chars().collect();
    let mut before: Vec<CodeDigit> = Vec::new();
    let mut after: Vec<CodeDigit> = Vec::new();
    let mut point = false;
    let mut open: Option<usize> = None;
    let mut closed = false;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '.' if point => return Err("a code has one point".into()),
            '.' => {
                point = true;
                i += 1;
            }
            '[' if !point => {
                return Err("the repeating part '[…]' comes after the point".into());
            }
            '[' if open.is_some() => return Err("a code has one repeating part '[…]'".into()),
            '[' => {
                open = Some(after.len());
                i += 1;
            }
            ']' if open.is_none() || closed => return Err("']' without '['".into()),
            ']' if open == Some(after.len()) => {
                return Err("the repeating part '[]' is empty".into());
            }
            ']' => {
                closed = true;
                i += 1;
            }
            _ if closed => return Err("the repeating part '[…]' must end the code".into()),
            _ => {
                let (d, next) = parse_digit(&chars, i)?;
                if point {
                    after.push(d);
                } else {
                    before.push(d);
                }
                if after.len() > MAX_CODE_DIGITS {
                    return Err(format!("at most {MAX_CODE_DIGITS} digits after the point"));
                }
                i = next;
            }
        }
    }
    if !point {
        return Err("expected a point, as in \"0.77\" or \"4!.0\"".into());
    }
    if open.is_some() && !closed {
        return Err("'[' is not closed by ']'".into());
    }
    if before.len() > 1 {
        return Err(
            "several digits before the point would add tokens to a heap (CGSuite's additive \
             codes); they are not supported"
                .into(),
        );
    }
    let first = before.pop().unwrap_or(CodeDigit::ZERO);
    if first.counts.allows(0) || first.counts.allows(1) {
        return Err(
            "the digit before the point removes no token, so it may only split a heap into two \
             or more (leaving it whole would be a pass): use bits 4 and up, or {2+}"
                .into(),
        );
    }
    let mut digits = vec![first];
    digits.extend(after);
    Ok(normalized(digits, open.map(|o| o + 1)))
}

/// Reads one digit and its constraint at `chars[i]`; the digit and the index after it.
fn parse_digit(chars: &[char], i: usize) -> Result<(CodeDigit, usize), String> {
    let c = chars[i];
    let (counts, mut next) = match c {
        // CGSuite's `*` allows every count, none included (`TBCode.scala` reads it as one
        // constraint with "allow more", at 0 heaps up).
        '*' => (HeapCounts::new(0, Some(0)), i + 1),
        '&' => {
            let mut j = i + 1;
            if chars.get(j) == Some(&'#') {
                j += 1;
            }
            let start = j;
            while chars.get(j).is_some_and(char::is_ascii_digit) {
                j += 1;
            }
            if chars.get(j) != Some(&';') || j == start {
                return Err("a digit '&N;' holds a decimal number N and ends with ';'".into());
            }
            let text: String = chars[start..j].iter().collect();
            let mask: u64 = text.parse().map_err(|_| {
                format!(
                    "the digit &{text}; is too big: its bits name heap counts up to \
                     {MAX_CODE_HEAPS}"
                )
            })?;
            (HeapCounts::new(mask, None), j + 1)
        }
        '{' => {
            let Some(len) = chars[i..].iter().position(|&c| c == '}') else {
                return Err("'{' is not closed by '}'".into());
            };
            let inner: String = chars[i + 1..i + len].iter().collect();
            (heap_count_list(&inner)?, i + len + 1)
        }
        c => match c.to_digit(32) {
            Some(d) => (HeapCounts::new(u64::from(d), None), i + 1),
            None => {
                return Err(format!(
                    "'{c}' is not a digit of a code (0-9 and A-V for 0 to 31, &N; for a larger \
                     number, * for any number of heaps, {{…}} for a list of heap counts)"
                ));
            }
        },
    };
    let constraint = match chars.get(next) {
        Some('!') => Constraint::Distinct,
        Some('?') => Constraint::NotAllEqual,
        Some('=') => Constraint::AllEqual,
        _ => Constraint::Free,
    };
    if constraint != Constraint::Free {
        next += 1;
    }
    Ok((CodeDigit { counts, constraint }, next))
}

/// `0,2,5+` (inside braces): the heap counts listed.
fn heap_count_list(inner: &str) -> Result<HeapCounts, String> {
    let mut exact = 0u64;
    let mut from: Option<u32> = None;
    if inner.trim().is_empty() {
        return Ok(HeapCounts::new(0, None));
    }
    for item in inner.split(',') {
        let item = item.trim();
        let (number, plus) = match item.strip_suffix('+') {
            Some(n) => (n.trim(), true),
            None => (item, false),
        };
        let k: u32 = match number.parse() {
            Ok(k) if number.chars().all(|c| c.is_ascii_digit()) => k,
            _ => {
                return Err(format!(
                    "'{item}' is not a heap count: a list such as {{0,2,5+}} holds numbers, \
                     m+ for m and more"
                ));
            }
        };
        if k > MAX_CODE_HEAPS {
            return Err(format!(
                "a digit names at most {MAX_CODE_HEAPS} heaps, not {k}"
            ));
        }
        if plus {
            from = Some(from.map_or(k, |f| f.min(k)));
        } else {
            exact |= 1 << k;
        }
    }
    Ok(HeapCounts::new(exact, from))
}
