//! Misère simplest forms written as CGSuite and the literature write them: `*[…]`.
//!
//! Inside the brackets a digit is a nim heap (`*[2]` is `*2`); a run of terms is the game
//! with those options (`*[42]` has the options `*4` and `*2`); `#` after a term makes the
//! game whose only option it is (`*[2#]` is `{*2}`); a subscript number adds a nim heap,
//! read left to right (`*[2₂]` is `*2 + *2`, `*[2#₂#]` is `{{*2} + *2}`). Heaps of ten or
//! more are written in parentheses inside a term (`*[(12)3]`), and an option that is none
//! of these is written as its own options in brackets (`*[[32]4]`). In ASCII a subscript is
//! `_n`, and a term ending in one is followed by a comma (`*[2_2,3]`).
//!
//! A sum `X + *n` is written as such only when `X` is an option of the game, the sum is
//! checked by adding, and the additions stay within a budget of new forms (printing never
//! runs away on a large form; past the budget options are listed).

use super::misere_forms::{MisereId, MisereStore};
use rustc_hash::FxHashMap;

/// New forms the sum search of one printing may add to the store, at most.
const SUM_BUDGET: usize = 20_000;

/// A written term: its text and whether it ends with a numeric subscript.
#[derive(Clone)]
struct Term {
    text: String,
    ends_in_number: bool,
    /// Written as `[…]` (an option list).
    listed: bool,
}

struct Writer<'s> {
    store: &'s mut MisereStore,
    unicode: bool,
    limit: usize,
    terms: FxHashMap<MisereId, Term>,
    birthdays: FxHashMap<MisereId, u64>,
}

/// The `*[…]` text of a misère simplest form.
///
/// ```
/// use cgt_core::impartial::misere_forms::MisereStore;
/// use cgt_core::impartial::misere_notation::star_text;
/// let mut s = MisereStore::new();
/// let (four, two) = (s.nimber(4), s.nimber(2));
/// let g = s.canonical(&[four, two]);
/// assert_eq!(star_text(&mut s, g, false), "*[42]");
/// let sum = s.add(two, two);
/// assert_eq!(star_text(&mut s, sum, true), "*[2₂]");
/// ```
pub fn star_text(store: &mut MisereStore, g: MisereId, unicode: bool) -> String {
    if let Some(n) = store.nimber_value(g) {
        return format!("*[{n}]");
    }
    let limit = store.len() + SUM_BUDGET;
    let mut w = Writer {
        store,
        unicode,
        limit,
        terms: FxHashMap::default(),
        birthdays: FxHashMap::default(),
    };
    let t = w.term(g);
    if t.listed {
        // The outer brackets are the notation's own.
        format!("*{}", t.text)
    } else {
        format!("*[{}]", t.text)
    }
}

impl Writer<'_> {
    fn birthday(&mut self, g: MisereId) -> u64 {
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        let b = match self.store.nimber_value(g) {
            Some(n) => n,
            None => {
                let opts = self.store.options(g).to_vec();
                opts.into_iter()
                    .map(|o| self.birthday(o) + 1)
                    .max()
                    .unwrap_or(0)
            }
        };
        self.birthdays.insert(g, b);
        b
    }

    fn subscript(&self, n: u64) -> String {
        if self.unicode {
            n.to_string()
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
                .collect()
        } else {
            format!("_{n}")
        }
    }

    fn term(&mut self, g: MisereId) -> Term {
        if let Some(t) = self.terms.get(&g) {
            return t.clone();
        }
        let t = self.make_term(g);
        self.terms.insert(g, t.clone());
        t
    }

    fn make_term(&mut self, g: MisereId) -> Term {
        if let Some(n) = self.store.nimber_value(g) {
            let text = if n < 10 {
                n.to_string()
            } else {
                format!("({n})")
            };
            return Term {
                text,
                ends_in_number: false,
                listed: false,
            };
        }
        let opts = self.store.options(g).to_vec();
        if let [only] = opts[..] {
            let inner = self.term(only);
            return Term {
                text: format!("{}#", inner.text),
                ends_in_number: false,
                listed: false,
            };
        }
        let listed = self.listed(&opts);
        match self.as_sum(g, &opts) {
            Some(sum) if sum.text.chars().count() <= listed.text.chars().count() => sum,
            _ => listed,
        }
    }

    /// `[…]`: the options by birthday, latest first, heaps before other games.
    fn listed(&mut self, opts: &[MisereId]) -> Term {
        let mut keyed = Vec::with_capacity(opts.len());
        for &o in opts {
            let t = self.term(o);
            let heap = self.store.nimber_value(o).is_some();
            keyed.push((
                std::cmp::Reverse(self.birthday(o)),
                !heap,
                t.text.clone(),
                t,
            ));
        }
        keyed.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
        // The texts of a form's options may repeat each other's exponentially: the text
        // (kept, and copied into its parents) counts against the budget before it is built.
        let len = keyed.iter().map(|k| k.2.len() as u64 + 1).sum::<u64>() + 2;
        crate::game::budget::reserve("the printed misère form", len, "characters", 3 * len);
        let mut text = String::from("[");
        let mut after_number = false;
        for (_, _, _, t) in keyed {
            if after_number && !self.unicode {
                text.push(',');
            }
            text.push_str(&t.text);
            after_number = t.ends_in_number;
        }
        text.push(']');
        Term {
            text,
            ends_in_number: false,
            listed: true,
        }
    }

    /// `X` with the subscript `n` when `g = X + *n` for an option `X` of `g` (the largest
    /// `n` that fits).
    fn as_sum(&mut self, g: MisereId, opts: &[MisereId]) -> Option<Term> {
        let bg = self.birthday(g);
        let plus = self.store.normal_grundy(g);
        let mut best: Option<(u64, MisereId)> = None;
        for &x in opts {
            let bx = self.birthday(x);
            if bx >= bg {
                continue;
            }
            let n = bg - bx;
            if self.store.normal_grundy(x) ^ n != plus || best.is_some_and(|(m, _)| m >= n) {
                continue;
            }
            if self.store.len() > self.limit {
                return None;
            }
            let heap = self.store.nimber(n);
            if self.store.add(x, heap) == g {
                best = Some((n, x));
            }
        }
        let (n, x) = best?;
        let inner = self.term(x);
        if inner.ends_in_number {
            return None;
        }
        Some(Term {
            text: format!("{}{}", inner.text, self.subscript(n)),
            ends_in_number: true,
            listed: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cgsuite_examples() {
        // CGSuite's misère tutorial: *[2] is a heap, *[42] has options *4 and *2, *[2#] has
        // the single option *2, *[2₂] = *2 + *2, *[2#₂#] = {{*2} + *2}.
        let mut s = MisereStore::new();
        let (zero, two, four) = (s.zero(), s.nimber(2), s.nimber(4));
        assert_eq!(star_text(&mut s, zero, true), "*[0]");
        assert_eq!(star_text(&mut s, two, true), "*[2]");
        let g = s.canonical(&[four, two]);
        assert_eq!(star_text(&mut s, g, true), "*[42]");
        let sharp = s.canonical(&[two]);
        assert_eq!(star_text(&mut s, sharp, true), "*[2#]");
        let twos = s.add(two, two);
        assert_eq!(star_text(&mut s, twos, true), "*[2₂]");
        assert_eq!(star_text(&mut s, twos, false), "*[2_2]");
        let inner = s.add(sharp, two);
        let g = s.canonical(&[inner]);
        assert_eq!(star_text(&mut s, g, true), "*[2#₂#]");
        assert_eq!(star_text(&mut s, g, false), "*[2#_2#]");
        let twelve = s.nimber(12);
        let three = s.nimber(3);
        let g = s.canonical(&[twelve, three]);
        assert_eq!(star_text(&mut s, g, false), "*[(12)3]");
    }
}
