//! Misère simplest forms written as CGSuite writes them: `*[…]` (CGSuite's
//! `MisereCanonicalGameOps.appendMidToOutput`; the notation of its misère tutorial).
//!
//! Inside the brackets a digit is a nim heap (`*[2]` is `*2`; a heap of ten or more is
//! written `&12;`); a run of terms is the game with those options (`*[42]` has the options
//! `*4` and `*2`), parenthesized when it is itself an option (`*[(2#1)2##]`); the
//! subscript `#` makes the game whose only option it follows (`*[2#]` is `{*2}`); a
//! subscript number `n` adds a nim heap (`*[2₂]` is `*2 + *2`), `-n` takes one away (the
//! game `X` with `X + *n` the one written), and subscripts read left to right (`*[2#₂#]`
//! is `{{*2} + *2}`). In ASCII (CGSuite's plain text) a run of subscripts that includes a
//! number is enclosed in `[…]`: `*[2[2]]`, `*[2[#2#]]`, `*[4[2#]]`; in Unicode the
//! numbers are subscript digits.
//!
//! The choices are CGSuite's: a game born on day `b` is written `X_n` for the first even
//! heap `n < b` (odd for an odd game) with `X = G − *n` born before `G`, or else `X_{-n}`
//! with `X = G + *n` born before `G`; an odd game without one is its even member with the
//! subscript `1`; other games list their options, latest in CGSuite's order first (see
//! `misere_order`). Printing a very large form stops looking for parts after a
//! budget of new forms, and lists options from there on.

use super::misere_forms::{MisereId, MisereStore};
use super::misere_order::Order;
use super::misere_theory::MisereTheory;

/// New forms the part search of one printing may add to the store, at most.
const PART_BUDGET: usize = 20_000;

/// The `*[…]` text of a misère simplest form: CGSuite's plain text (`unicode` false) or
/// the same with subscripts as subscripts.
///
/// ```
/// use cgt_core::impartial::misere_forms::MisereStore;
/// use cgt_core::impartial::misere_notation::star_text;
/// let mut s = MisereStore::new();
/// let (four, two) = (s.nimber(4), s.nimber(2));
/// let g = s.canonical(&[four, two]);
/// assert_eq!(star_text(&mut s, g, false), "*[42]");
/// let sum = s.add(two, two);
/// assert_eq!(star_text(&mut s, sum, false), "*[2[2]]");
/// assert_eq!(star_text(&mut s, sum, true), "*[2₂]");
/// ```
pub fn star_text(store: &mut MisereStore, g: MisereId, unicode: bool) -> String {
    let limit = store.len() + PART_BUDGET;
    let mut w = Writer {
        theory: MisereTheory::new(store),
        order: Order::default(),
        unicode,
        limit,
        try_parts: true,
        out: String::from("*["),
    };
    let mut sub = false;
    w.write(g, false, &mut sub);
    w.close_group(sub);
    w.out.push(']');
    w.out
}

struct Writer<'s> {
    theory: MisereTheory<'s>,
    order: Order,
    unicode: bool,
    limit: usize,
    try_parts: bool,
    out: String,
}

/// A heap size as CGSuite writes it: a digit, or `&n;` from ten on.
fn heap_digits(n: u64) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

/// Subscript digits, `₍…₎` around a number of two digits or more.
fn subscript_digits(n: u64) -> String {
    let digits: String = n
        .to_string()
        .chars()
        .map(|c| match c {
            '0' => '₀',
            '1' => '₁',
            '2' => '₂',
            '3' => '₃',
            '4' => '₄',
            '5' => '₅',
            '6' => '₆',
            '7' => '₇',
            '8' => '₈',
            _ => '₉',
        })
        .collect();
    if n < 10 {
        digits
    } else {
        format!("₍{digits}₎")
    }
}

impl Writer<'_> {
    /// CGSuite opens a group of subscripts after a base in plain text only.
    fn open_group(&mut self, sub: bool) {
        if sub && !self.unicode {
            self.out.push('[');
        }
    }

    fn close_group(&mut self, sub: bool) {
        if sub && !self.unicode {
            self.out.push(']');
        }
    }

    /// A subscript: `#`, a heap, or `-` and a heap.
    fn subscript_heap(&mut self, n: u64, minus: bool) {
        if self.unicode {
            if minus {
                self.out.push('₋');
            }
            self.out.push_str(&subscript_digits(n));
        } else {
            if minus {
                self.out.push('-');
            }
            self.out.push_str(&heap_digits(n));
        }
    }

    /// `g`, parenthesized if it is a list of options and `parenthesize`; `sub` says on
    /// entry that a group of subscripts follows (to be opened after the base), and on exit
    /// whether one was opened.
    fn write(&mut self, g: MisereId, parenthesize: bool, sub: &mut bool) {
        // The text of a form may be exponentially longer than the form: the heap it takes
        // counts against the memory budget as it grows.
        crate::game::budget::poll();
        let b = self.theory.birthday(g);
        if self.theory.store().nimber_value(g) == Some(b) {
            self.out.push_str(&heap_digits(b));
            self.open_group(*sub);
            return;
        }
        let odd = !self.theory.is_even(g);
        if self.try_parts {
            let mut n = u64::from(odd) + 2;
            while n < b {
                if self.theory.store().len() > self.limit {
                    self.try_parts = false;
                    break;
                }
                let heap = self.theory.store().nimber(n);
                if let Some(x) = self.theory.minus(g, heap)
                    && self.theory.birthday(x) < b
                {
                    *sub = true;
                    self.write(x, true, sub);
                    self.subscript_heap(n, false);
                    return;
                }
                let y = self.theory.store().add(g, heap);
                if self.theory.birthday(y) < b {
                    *sub = true;
                    self.write(y, true, sub);
                    self.subscript_heap(n, true);
                    return;
                }
                n += 2;
            }
            if odd && self.try_parts {
                let even = self.theory.even_member(g);
                *sub = true;
                self.write(even, true, sub);
                self.subscript_heap(1, false);
                return;
            }
        }
        let opts = self.order.sorted_options(&mut self.theory, g);
        if let [only] = opts[..] {
            self.write(only, true, sub);
            self.out.push('#');
            return;
        }
        let outer = *sub;
        if parenthesize {
            self.out.push('(');
        }
        for &o in opts.iter().rev() {
            let mut inner = false;
            self.write(o, true, &mut inner);
            self.close_group(inner);
        }
        if parenthesize {
            self.out.push(')');
        }
        *sub = outer;
        self.open_group(outer);
    }
}

#[cfg(test)]
#[path = "misere_notation_tests.rs"]
mod tests;
