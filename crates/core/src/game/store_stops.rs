//! The stops and birthdays of the store's forms, kept by id in fixed-width words.
//!
//! Stops are kept as 64-bit fixed-point numbers (`d · 2^32`, see `compare.rs`) in
//! `small_stops`, and birthdays as 32-bit words in `birthdays`: 20 bytes a form. Only the
//! forms whose stops or birthday do not fit keep them as big integers, in a map (a pair
//! of `Dyadic`s in a map entry was 90 bytes a form plus two allocations).

use super::compare::{STOPS_TOO_BIG, STOPS_UNKNOWN, fixed_point, nus_leq, stop_word, word_stop};
use super::dyadic::Dyadic;
use super::nus::Nus;
use super::store::{GameId, GameStore, Node};
use num_bigint::BigInt;
use std::cmp::Ordering;

/// The dyadic stop `v / 2^32` of a stop word (see `compare.rs`).
fn from_word(w: i64) -> Dyadic {
    Dyadic::new(BigInt::from(word_stop(w)), 32)
}

/// The stop words of `x + n↑ + *m` whose number `x` has the fixed-point value `fx`: both
/// stops are `x`, above on the left when `n↑ + *m <= 0` fails, on the right when
/// `n↑ + *m >= 0` holds.
fn nus_words(v: &Nus, fx: i64) -> (i64, i64) {
    let x = Nus::number(v.number.clone());
    (
        stop_word(fx, !nus_leq(v, &x)),
        stop_word(fx, nus_leq(&x, v)),
    )
}

/// In `birthdays`: not known yet.
const BIRTHDAY_UNKNOWN: u32 = 0;
/// In `birthdays`: too large for the word (see `birthday_memo`).
const BIRTHDAY_TOO_BIG: u32 = u32::MAX;

impl GameStore {
    /// The stop words of `g` (its stops as fixed-point numbers with their adornments, see
    /// `compare.rs`), `(STOPS_TOO_BIG, 0)` when a stop does not fit, computed from the
    /// options' words the first time (`Lw(G) = max Rw(G^L)`, `Rw(G) = min Lw(G^R)`).
    #[inline]
    pub(crate) fn stops_entry(&mut self, g: GameId) -> (i64, i64) {
        // The known entry inline (most calls, from every comparison); the first
        // computation out of line.
        if let Some(&e) = self.small_stops.get(g.0 as usize)
            && e.0 != STOPS_UNKNOWN
        {
            return e;
        }
        self.new_stops_entry(g)
    }

    /// [`GameStore::stops_entry`] the first time it is asked for `g`.
    #[inline(never)]
    fn new_stops_entry(&mut self, g: GameId) -> (i64, i64) {
        let i = g.0 as usize;
        let entry = match self.node(g) {
            Node::Nus(v) => match fixed_point(&v.number) {
                Some(x) => nus_words(v, x),
                None => (STOPS_TOO_BIG, 0),
            },
            Node::General { left, right } => {
                let (left, right) = (left.clone(), right.clone());
                self.check_interrupt();
                let mut fits = true;
                let mut ls: Option<i64> = None;
                for &x in left.iter() {
                    let e = self.stops_entry(x);
                    fits &= e.0 != STOPS_TOO_BIG;
                    ls = Some(ls.map_or(e.1, |b| b.max(e.1)));
                }
                let mut rs: Option<i64> = None;
                for &x in right.iter() {
                    let e = self.stops_entry(x);
                    fits &= e.0 != STOPS_TOO_BIG;
                    rs = Some(rs.map_or(e.0, |b| b.min(e.0)));
                }
                // A general canonical form has options on both sides ({n|} and {|n} are
                // numbers); 0 as `stops` gives otherwise. When an option's stops do not
                // fit, neither are `G`'s kept as words (their adornments would need the
                // options' ones).
                if fits {
                    (ls.unwrap_or(0), rs.unwrap_or(0))
                } else {
                    (STOPS_TOO_BIG, 0)
                }
            }
        };
        if self.small_stops.len() <= i {
            let n = self.nodes.len().max(i + 1);
            self.small_stops.resize(n, (STOPS_UNKNOWN, 0));
        }
        self.small_stops[i] = entry;
        entry
    }

    /// Both stops (see [`GameStore::left_stop`]); a number (or a number plus an
    /// infinitesimal) `x` has both stops `x`.
    pub(crate) fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Node::Nus(v) = self.node(g) {
            return (v.number.clone(), v.number.clone());
        }
        let e = self.stops_entry(g);
        if e.0 != STOPS_TOO_BIG {
            return (from_word(e.0), from_word(e.1));
        }
        self.big_stops(g)
    }

    /// The stops of a general form as big numbers, remembered in `stops_memo` (only forms
    /// with an option whose stops do not fit 64 bits come here).
    fn big_stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(st) = self.stops_memo.get(&g) {
            return st.clone();
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let mut left_stop: Option<Dyadic> = None;
        for &x in l.iter() {
            let rs = self.stops(x).1;
            if left_stop.as_ref().is_none_or(|b| rs > *b) {
                left_stop = Some(rs);
            }
        }
        let mut right_stop: Option<Dyadic> = None;
        for &x in r.iter() {
            let ls = self.stops(x).0;
            if right_stop.as_ref().is_none_or(|b| ls < *b) {
                right_stop = Some(ls);
            }
        }
        let st = (
            left_stop.unwrap_or_else(Dyadic::zero),
            right_stop.unwrap_or_else(Dyadic::zero),
        );
        self.stops_memo.insert(g, st.clone());
        st
    }

    /// The birthday of `g` when it fits 32 bits (the height of its canonical game tree).
    fn small_birthday(&mut self, g: GameId) -> Option<u32> {
        let i = g.0 as usize;
        match self.birthdays.get(i).copied() {
            Some(BIRTHDAY_TOO_BIG) => return None,
            Some(b) if b != BIRTHDAY_UNKNOWN => return Some(b - 1),
            _ => {}
        }
        let b = self.birthday(g);
        u32::try_from(b).ok().filter(|&b| b < BIRTHDAY_TOO_BIG - 1)
    }

    /// The birthday: the height of the canonical game tree (0 has birthday 0, `n` has
    /// `|n|`, `*n` has `n`, `↑` has 2, `{1|-1}` has 2).
    pub fn birthday(&mut self, g: GameId) -> BigInt {
        if let Node::Nus(v) = self.node(g) {
            return v.birthday();
        }
        let i = g.0 as usize;
        match self.birthdays.get(i).copied() {
            Some(BIRTHDAY_TOO_BIG) => {
                if let Some(b) = self.birthday_memo.get(&g) {
                    return b.clone();
                }
            }
            Some(b) if b != BIRTHDAY_UNKNOWN => return BigInt::from(b - 1),
            _ => {}
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let mut best = BigInt::from(-1);
        for &x in l.iter().chain(r.iter()) {
            let b = self.birthday(x);
            if b > best {
                best = b;
            }
        }
        let b: BigInt = best + 1;
        let word = match u32::try_from(&b) {
            Ok(w) if w < BIRTHDAY_TOO_BIG - 1 => w + 1,
            _ => {
                self.birthday_memo.insert(g, b.clone());
                BIRTHDAY_TOO_BIG
            }
        };
        if self.birthdays.len() <= i {
            let n = self.nodes.len().max(i + 1);
            self.birthdays.resize(n, BIRTHDAY_UNKNOWN);
        }
        self.birthdays[i] = word;
        b
    }

    /// Compares the birthdays of `a` and `b` (as words when both fit).
    pub(crate) fn birthday_cmp(&mut self, a: GameId, b: GameId) -> Ordering {
        match (self.small_birthday(a), self.small_birthday(b)) {
            (Some(x), Some(y)) => x.cmp(&y),
            _ => self.birthday(a).cmp(&self.birthday(b)),
        }
    }
}
