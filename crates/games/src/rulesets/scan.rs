//! A cursor over the text form of a graph position, shared by the graph rulesets' parsers:
//! it skips blanks, reads vertex numbers and expects punctuation, reporting the offending
//! character's byte offset.

use std::iter::Peekable;
use std::str::CharIndices;

use super::RulesetError;

pub struct Scanner<'a> {
    text: &'a str,
    chars: Peekable<CharIndices<'a>>,
    /// How an item is written, for the message when the text ends in the middle of one.
    form: &'static str,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str, form: &'static str) -> Scanner<'a> {
        Scanner {
            text,
            chars: text.char_indices().peekable(),
            form,
        }
    }

    /// Skips characters while `blank` holds.
    pub fn skip(&mut self, blank: impl Fn(char) -> bool) {
        while self.chars.next_if(|&(_, c)| blank(c)).is_some() {}
    }

    /// The next character without consuming it.
    pub fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    /// The next character and its offset; an error at the end of the text.
    pub fn next(&mut self) -> Result<(usize, char), RulesetError> {
        self.chars.next().ok_or_else(|| self.early_end())
    }

    pub fn early_end(&self) -> RulesetError {
        RulesetError::BadShape(format!(
            "{:?} ends in the middle of an item: write it as {}",
            self.text, self.form
        ))
    }

    /// Skips whitespace, then consumes `want` or fails on whatever stands there.
    pub fn expect(&mut self, want: char) -> Result<(), RulesetError> {
        self.skip(char::is_whitespace);
        match self.next()? {
            (_, c) if c == want => Ok(()),
            (at, ch) => Err(RulesetError::BadChar { ch, at }),
        }
    }

    /// Skips whitespace, then reads a decimal number below 2^32.
    pub fn number(&mut self) -> Result<usize, RulesetError> {
        self.skip(char::is_whitespace);
        match self.chars.peek() {
            None => return Err(self.early_end()),
            Some(&(at, ch)) if !ch.is_ascii_digit() => {
                return Err(RulesetError::BadChar { ch, at });
            }
            _ => {}
        }
        let mut n: u32 = 0;
        while let Some((_, ch)) = self.chars.next_if(|&(_, c)| c.is_ascii_digit()) {
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(ch as u32 - '0' as u32))
                .ok_or_else(|| {
                    RulesetError::BadShape(format!("a number in {:?} is too large", self.text))
                })?;
        }
        Ok(n as usize)
    }
}
