//! Simple properties of canonical forms: birthday, stops, and the classifying predicates.

use super::dyadic::Dyadic;
use super::store::{GameId, GameStore, Node};
use num_bigint::BigInt;

impl GameStore {
    /// The birthday: the height of the canonical game tree (0 has birthday 0, `n` has `|n|`,
    /// `*n` has `n`, `↑` has 2, `{1|-1}` has 2).
    pub fn birthday(&mut self, g: GameId) -> BigInt {
        if let Node::Nus(v) = self.node(g) {
            return v.birthday();
        }
        if let Some(b) = self.birthday_memo.get(&g) {
            return b.clone();
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
        self.birthday_memo.insert(g, b.clone());
        b
    }

    /// The left stop: `x` for a number `x`, else the largest right stop of a Left option.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stop(g, true)
    }

    /// The right stop: `x` for a number `x`, else the smallest left stop of a Right option.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stop(g, false)
    }

    fn stop(&mut self, g: GameId, left: bool) -> Dyadic {
        let (l, r) = self.stops(g);
        if left { l } else { r }
    }

    /// Computes the stops of `g` into the memo if they are not there (a number-up-star
    /// value's are its number, never memoized).
    pub(crate) fn ensure_stops(&mut self, g: GameId) {
        if !matches!(self.node(g), Node::Nus(_)) && !self.stops_memo.contains_key(&g) {
            self.stops(g);
        }
    }

    /// The stops of `g` where they are kept: `None` if they are not remembered (see
    /// [`GameStore::ensure_stops`]).
    pub(crate) fn stops_view(&self, g: GameId) -> Option<(&Dyadic, &Dyadic)> {
        match self.node(g) {
            Node::Nus(v) => Some((&v.number, &v.number)),
            Node::General { .. } => self.stops_memo.get(&g).map(|(l, r)| (l, r)),
        }
    }

    /// Both stops, memoized: `L(G) = max R(G^L)`, `R(G) = min L(G^R)`; a number (or a
    /// number plus an infinitesimal) `x` has both stops `x`.
    pub(crate) fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Node::Nus(v) = self.node(g) {
            return (v.number.clone(), v.number.clone());
        }
        if let Some(st) = self.stops_memo.get(&g) {
            return st.clone();
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        // A general canonical form has options on both sides ({n|} and {|n} are numbers).
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

    /// Infinitesimal: strictly between `-x` and `x` for every positive number `x`; for a
    /// short game, both stops are 0. (0 itself counts, as in CGSuite.)
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool {
        self.left_stop(g).is_zero() && self.right_stop(g).is_zero()
    }

    /// Impartial: the canonical form has the same options for both players, hereditarily;
    /// in canonical form that means a nimber.
    pub fn is_nimber(&self, g: GameId) -> bool {
        self.as_nimber(g).is_some()
    }

    pub fn is_integer(&self, g: GameId) -> bool {
        self.as_number(g).is_some_and(Dyadic::is_integer)
    }
}
