//! Reading the `*[…]` notation back (see [`super::misere_notation`]): CGSuite's plain text
//! (`*[4[2#]]`, `*[(2#1)2##]`) and its Unicode form (`*[4₂#]`).
//!
//! ```text
//! body  := term+                      one term is that game, more are its options
//! term  := base subs?
//! base  := digit | '&' digits ';' | '(' term term+ ')'
//! subs  := '[' item+ ']' | uitem+     read left to right
//! item  := '#' | '-'? (digit | '&' digits ';')
//! uitem := '#' | '₋'? (subdigit | '₍' subdigit+ '₎')
//! ```
//!
//! `#` makes the game whose only option is the game so far, `n` adds `*n`, and `-n` takes
//! it away (the `X` with `X + *n` the game so far; an error when there is none).

use super::misere_forms::{MisereId, MisereStore};
use super::misere_theory::MisereTheory;

/// How deeply parentheses may nest.
const MAX_DEPTH: usize = 256;

/// The largest heap the notation may name.
const MAX_HEAP: u64 = 4096;

/// The game written `*[body]`, or why the text is not the notation.
///
/// ```
/// use cgt_core::impartial::misere_forms::MisereStore;
/// use cgt_core::impartial::misere_notation::star_text;
/// use cgt_core::impartial::misere_notation_read::read_star_body;
/// let mut s = MisereStore::new();
/// let g = read_star_body(&mut s, "4[2#]").unwrap();
/// assert_eq!(read_star_body(&mut s, "4₂#").unwrap(), g);
/// assert_eq!(star_text(&mut s, g, false), "*[4[2#]]");
/// ```
pub fn read_star_body(store: &mut MisereStore, body: &str) -> Result<MisereId, String> {
    let mut r = Reader {
        theory: MisereTheory::new(store),
        chars: body.chars().collect(),
        at: 0,
    };
    let mut terms = Vec::new();
    while r.at < r.chars.len() {
        terms.push(r.term(0)?);
    }
    match terms[..] {
        [] => Err("an empty misère form".into()),
        [one] => Ok(one),
        _ => Ok(r.theory.store().canonical(&terms)),
    }
}

struct Reader<'s> {
    theory: MisereTheory<'s>,
    chars: Vec<char>,
    at: usize,
}

fn subscript_digit(c: char) -> Option<u64> {
    let d = (c as u32).checked_sub('₀' as u32)?;
    (d < 10).then_some(u64::from(d))
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!("expected `{c}` at character {}", self.at + 1))
        }
    }

    fn heap(&mut self, n: u64) -> Result<MisereId, String> {
        if n > MAX_HEAP {
            return Err(format!("a heap of {n} is too big (heaps up to {MAX_HEAP})"));
        }
        Ok(self.theory.store().nimber(n))
    }

    /// A digit, or `&digits;`.
    fn number(&mut self) -> Result<u64, String> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                self.at += 1;
                Ok(u64::from(c as u8 - b'0'))
            }
            Some('&') => {
                self.at += 1;
                let mut n: u64 = 0;
                let start = self.at;
                while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(u64::from(d));
                    self.at += 1;
                }
                if self.at == start {
                    return Err(format!("expected digits at character {}", self.at + 1));
                }
                self.expect(';')?;
                Ok(n)
            }
            _ => Err(format!("expected a heap at character {}", self.at + 1)),
        }
    }

    /// A subscript digit, or `₍digits₎`.
    fn sub_number(&mut self) -> Result<u64, String> {
        if self.peek() == Some('₍') {
            self.at += 1;
            let mut n: u64 = 0;
            while let Some(d) = self.peek().and_then(subscript_digit) {
                n = n.saturating_mul(10).saturating_add(d);
                self.at += 1;
            }
            self.expect('₎')?;
            return Ok(n);
        }
        match self.peek().and_then(subscript_digit) {
            Some(d) => {
                self.at += 1;
                Ok(d)
            }
            None => Err(format!("expected a subscript at character {}", self.at + 1)),
        }
    }

    fn term(&mut self, depth: usize) -> Result<MisereId, String> {
        if depth > MAX_DEPTH {
            return Err(format!("parentheses nest deeper than {MAX_DEPTH}"));
        }
        let mut g = if self.peek() == Some('(') {
            self.at += 1;
            let mut opts = vec![self.term(depth + 1)?];
            while self.peek().is_some_and(|c| c != ')') {
                opts.push(self.term(depth + 1)?);
            }
            self.expect(')')?;
            if opts.len() < 2 {
                return Err("parentheses hold two options or more".into());
            }
            self.theory.store().canonical(&opts)
        } else {
            let n = self.number()?;
            self.heap(n)?
        };
        if self.peek() == Some('[') {
            self.at += 1;
            loop {
                match self.peek() {
                    Some(']') => break,
                    Some('#') => {
                        self.at += 1;
                        g = self.theory.store().canonical(&[g]);
                    }
                    Some('-') => {
                        self.at += 1;
                        let n = self.number()?;
                        g = self.take_heap(g, n)?;
                    }
                    _ => {
                        let n = self.number()?;
                        g = self.add_heap(g, n)?;
                    }
                }
            }
            self.expect(']')?;
            return Ok(g);
        }
        loop {
            match self.peek() {
                Some('#') => {
                    self.at += 1;
                    g = self.theory.store().canonical(&[g]);
                }
                Some('₋') => {
                    self.at += 1;
                    let n = self.sub_number()?;
                    g = self.take_heap(g, n)?;
                }
                Some(c) if c == '₍' || subscript_digit(c).is_some() => {
                    let n = self.sub_number()?;
                    g = self.add_heap(g, n)?;
                }
                _ => return Ok(g),
            }
        }
    }

    fn add_heap(&mut self, g: MisereId, n: u64) -> Result<MisereId, String> {
        let h = self.heap(n)?;
        Ok(self.theory.store().add(g, h))
    }

    fn take_heap(&mut self, g: MisereId, n: u64) -> Result<MisereId, String> {
        let h = self.heap(n)?;
        self.theory
            .minus(g, h)
            .ok_or_else(|| format!("*{n} is not a part of the game before the subscript -{n}"))
    }
}
