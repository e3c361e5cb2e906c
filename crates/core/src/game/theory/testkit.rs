//! Test helpers for the theory: a small reader of game literals (independent of the
//! language's parser) and random literal game trees for property tests.

use crate::game::display::Notation;
use crate::game::dyadic::Dyadic;
use crate::game::store::{GameId, GameStore};
use num_bigint::BigInt;
use proptest::prelude::*;

pub(crate) fn d(n: i64, e: u32) -> Dyadic {
    Dyadic::new(BigInt::from(n), e)
}

pub(crate) fn show(s: &mut GameStore, g: GameId) -> String {
    s.display(g, Notation::Ascii)
}

/// Reads a game written as the printer writes it: `{L1,L2|R1}` with bars nested by count,
/// `+-G`, and number-up-star atoms such as `3/4`, `-2`, `*3`, `^`, `vv*`, `1^*2`, `-1v`.
pub(crate) fn game(s: &mut GameStore, text: &str) -> GameId {
    let t = text.trim();
    if let Some(rest) = t.strip_prefix("+-") {
        let g = game(s, rest.trim_start_matches('(').trim_end_matches(')'));
        let ng = s.neg(g);
        return s.canonical(&[g], &[ng]);
    }
    if t.starts_with('{') && t.ends_with('}') && closing_brace(t) == t.len() - 1 {
        return body(s, &t[1..t.len() - 1]);
    }
    atom(s, t).unwrap_or_else(|| panic!("cannot read game {text:?}"))
}

fn closing_brace(t: &str) -> usize {
    let mut depth = 0;
    for (i, c) in t.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    usize::MAX
}

/// `L|R` with the longest run of bars at depth 0 splitting the sides.
fn body(s: &mut GameStore, t: &str) -> GameId {
    let (mut best, mut at, mut depth, mut run) = (0, 0, 0, 0);
    let bytes = t.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b'|' if depth == 0 => {
                run += 1;
                if run > best {
                    best = run;
                    at = i + 1 - run;
                }
            }
            _ => {}
        }
        if c != b'|' {
            run = 0;
        }
    }
    assert!(best > 0, "no bar in {{{t}}}");
    let (l, r) = (&t[..at], &t[at + best..]);
    let left = side(s, l);
    let right = side(s, r);
    s.canonical(&left, &right)
}

fn side(s: &mut GameStore, t: &str) -> Vec<GameId> {
    let t = t.trim();
    if t.is_empty() {
        return vec![];
    }
    let mut depth = 0;
    let mut has_bar = false;
    let mut parts = vec![];
    let mut start = 0;
    for (i, c) in t.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            '|' if depth == 0 => has_bar = true,
            ',' if depth == 0 => {
                parts.push(&t[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if has_bar {
        return vec![body(s, t)];
    }
    parts.push(&t[start..]);
    parts.into_iter().map(|p| game(s, p)).collect()
}

/// `[-]number? ups? star?`.
fn atom(s: &mut GameStore, t: &str) -> Option<GameId> {
    let mut rest = t;
    let mut number = Dyadic::zero();
    let digits_end = |r: &str| r.find(|c: char| !(c.is_ascii_digit() || c == '-' || c == '/'));
    let end = digits_end(rest).unwrap_or(rest.len());
    if end > 0 && rest[..end] != *"-" {
        let num = &rest[..end];
        number = match num.split_once('/') {
            Some((a, b)) => {
                let den: i64 = b.parse().ok()?;
                d(a.parse().ok()?, den.trailing_zeros())
            }
            None => d(num.parse().ok()?, 0),
        };
        rest = &rest[end..];
    }
    let mut ups = 0i64;
    for (sym, sign) in [("^", 1), ("v", -1)] {
        if let Some(r) = rest.strip_prefix(sym) {
            let (count, r) = if let Some(r2) = r.strip_prefix(sym) {
                (2, r2)
            } else {
                let e = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
                (if e == 0 { 1 } else { r[..e].parse().ok()? }, &r[e..])
            };
            ups = sign * count;
            rest = r;
        }
    }
    let mut nim = 0u64;
    if let Some(r) = rest.strip_prefix('*') {
        nim = if r.is_empty() { 1 } else { r.parse().ok()? };
        rest = "";
    }
    rest.is_empty().then(|| s.nus(number, ups, nim))
}

/// A literal game tree, never simplified: the object of the naive definitions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Lit {
    pub left: Vec<Lit>,
    pub right: Vec<Lit>,
}

impl Lit {
    /// The canonical form of the literal.
    pub fn value(&self, s: &mut GameStore) -> GameId {
        let l: Vec<GameId> = self.left.iter().map(|x| x.value(s)).collect();
        let r: Vec<GameId> = self.right.iter().map(|x| x.value(s)).collect();
        s.canonical(&l, &r)
    }

    /// The integer `n` as a literal tree.
    pub fn integer(n: i64) -> Lit {
        match n {
            0 => Lit {
                left: vec![],
                right: vec![],
            },
            n if n > 0 => Lit {
                left: vec![Lit::integer(n - 1)],
                right: vec![],
            },
            n => Lit {
                left: vec![],
                right: vec![Lit::integer(n + 1)],
            },
        }
    }
}

/// Random literal games of the given depth, with leaves among small integers.
pub(crate) fn arb_lit(depth: u32, width: usize) -> BoxedStrategy<Lit> {
    let leaf = (-2i64..=2).prop_map(Lit::integer).boxed();
    leaf.prop_recursive(depth, 64, width as u32, move |inner| {
        (
            prop::collection::vec(inner.clone(), 0..=width),
            prop::collection::vec(inner, 0..=width),
        )
            .prop_map(|(left, right)| Lit { left, right })
    })
    .boxed()
}

/// Random dicotic (all-small) literals: every node has options on both sides or none.
pub(crate) fn arb_dicotic(depth: u32, width: usize) -> BoxedStrategy<Lit> {
    let zero = Just(Lit::integer(0)).boxed();
    zero.prop_recursive(depth, 64, width as u32, move |inner| {
        (
            prop::collection::vec(inner.clone(), 1..=width),
            prop::collection::vec(inner, 1..=width),
        )
            .prop_map(|(left, right)| Lit { left, right })
    })
    .boxed()
}

#[test]
fn the_reader_builds_the_expected_games() {
    let mut s = GameStore::new();
    for (text, want) in [
        ("{3||2|1}", "{3||2|1}"),
        ("{5||3|1|||0||||0}", "{5||3|1|||0||||0}"),
        ("{0,*|0}", "^*"),
        ("{1/2|1}", "3/4"),
        ("+-1", "+-1"),
        ("-1v", "-1v"),
        ("73/16v9*8", "73/16v9*8"),
        ("{3||2*|1*}", "{3||2*|1*}"),
        ("{0||0|-3/2}", "{0||0|-3/2}"),
        ("{ 1 , 0 | 2 , 3/2 }", "5/4"),
    ] {
        let g = game(&mut s, text);
        assert_eq!(show(&mut s, g), want, "{text}");
    }
}
