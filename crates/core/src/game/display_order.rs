//! The order in which CGSuite lists the options on each side of a game when it prints it.
//!
//! Options are ranked numbers first (by value), then nimbers `*n` (by `n`), then the other
//! uptimals (number-up-star values and sums of up-nths, by their uptimal expansion: number,
//! coefficients one by one, length, nimber), then every other game. Two other games compare
//! by their sorted Left options, then their sorted Right options, element by element in this
//! same order (a list that is a prefix of the other comes first).
//!
//! The order depends only on the values, so equal games always print identically. It is
//! computed when printing (the store keeps its options in a cheaper internal order, see
//! [`GameStore::display_cmp`]); the rank of each game and its sorted options are remembered.

use super::dyadic::Dyadic;
use super::store::{GameId, GameStore, Node, Options};
use super::theory::UptimalExpansion;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::rc::Rc;

/// Past this many remembered games the memo is emptied and refilled as needed.
const MAX_ORDER_MEMO: usize = 2_000_000;

/// Where a game falls in CGSuite's display order.
#[derive(Debug)]
pub(crate) enum Rank {
    Number(Dyadic),
    Nimber(u64),
    Uptimal(UptimalExpansion),
    Other,
}

impl Rank {
    fn class(&self) -> u8 {
        match self {
            Rank::Number(_) => 0,
            Rank::Nimber(_) => 1,
            Rank::Uptimal(_) => 2,
            Rank::Other => 3,
        }
    }
}

/// The ranks and sorted option lists found so far.
#[derive(Default)]
pub(crate) struct OrderMemo {
    rank: FxHashMap<GameId, Rc<Rank>>,
    sorted: FxHashMap<GameId, (Options, Options)>,
}

impl GameStore {
    /// The Left and Right options of `g`, each sorted as CGSuite prints them (see the
    /// module documentation).
    ///
    /// ```
    /// use cgt_core::game::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let (star, minus_one) = (s.nimber(1), s.integer(-1));
    /// let down = s.nus(Dyadic::zero(), -1, 0);
    /// // {↓, * | -1} lists * (a nimber) before ↓ (an uptimal).
    /// let g = s.canonical(&[down, star], &[minus_one]);
    /// let (left, right) = s.sorted_options(g);
    /// assert_eq!((&left[..], &right[..]), (&[star, down][..], &[minus_one][..]));
    /// ```
    pub fn sorted_options(&mut self, g: GameId) -> (Options, Options) {
        if let Some(found) = self.order_memo.sorted.get(&g) {
            return found.clone();
        }
        let (left, right) = self.options(g);
        let sorted = (self.sort_for_display(&left), self.sort_for_display(&right));
        self.remember(|m| {
            m.sorted.insert(g, sorted.clone());
        });
        sorted
    }

    fn sort_for_display(&mut self, opts: &Options) -> Options {
        if opts.len() < 2 {
            return opts.clone();
        }
        let mut v = opts.to_vec();
        v.sort_by(|&a, &b| self.cgsuite_cmp(a, b));
        v.into()
    }

    /// CGSuite's display order on canonical forms (see the module documentation): a total
    /// order that depends only on the values compared.
    pub fn cgsuite_cmp(&mut self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ra, rb) = (self.rank(a), self.rank(b));
        match (&*ra, &*rb) {
            (Rank::Number(x), Rank::Number(y)) => x.cmp(y),
            (Rank::Nimber(m), Rank::Nimber(n)) => m.cmp(n),
            (Rank::Uptimal(e), Rank::Uptimal(f)) => e.cgsuite_cmp(f),
            (Rank::Other, Rank::Other) => {
                let (la, ra) = self.sorted_options(a);
                let (lb, rb) = self.sorted_options(b);
                self.cgsuite_list_cmp(&la, &lb)
                    .then_with(|| self.cgsuite_list_cmp(&ra, &rb))
            }
            (x, y) => x.class().cmp(&y.class()),
        }
    }

    fn cgsuite_list_cmp(&mut self, a: &[GameId], b: &[GameId]) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            let c = self.cgsuite_cmp(x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        a.len().cmp(&b.len())
    }

    /// The rank of `g` in the display order; for an uptimal, with its expansion.
    pub(crate) fn rank(&mut self, g: GameId) -> Rc<Rank> {
        if let Some(r) = self.order_memo.rank.get(&g) {
            return r.clone();
        }
        let rank = match self.node(g) {
            Node::Nus(v) if v.is_number() => Rank::Number(v.number.clone()),
            Node::Nus(v) if v.is_nimber() => Rank::Nimber(v.nim),
            Node::Nus(v) => {
                Rank::Uptimal(UptimalExpansion::new(v.number.clone(), v.nim, vec![v.ups]))
            }
            Node::General { .. } => match self.uptimal_expansion(g) {
                Some(e) => Rank::Uptimal(e),
                None => Rank::Other,
            },
        };
        let rank = Rc::new(rank);
        self.remember(|m| {
            m.rank.insert(g, rank.clone());
        });
        rank
    }

    fn remember(&mut self, put: impl FnOnce(&mut OrderMemo)) {
        let m = &mut self.order_memo;
        if m.rank.len() + m.sorted.len() > MAX_ORDER_MEMO {
            m.rank.clear();
            m.sorted.clear();
        }
        put(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::game;

    fn order(s: &mut GameStore, texts: &[&str]) -> Vec<GameId> {
        let mut v: Vec<GameId> = texts.iter().map(|t| game(s, t)).collect();
        v.sort_by(|&a, &b| s.cgsuite_cmp(a, b));
        v
    }

    #[test]
    fn numbers_then_nimbers_then_uptimals_then_the_rest() {
        let mut s = GameStore::new();
        let texts = [
            "{1|-1}",
            "{0|v*}",
            "*2",
            "1/2",
            "v",
            "-3",
            "*",
            "1*",
            "{0,v*|vv}",
            "^*",
            "0",
            "{1/1024|0}",
            "v*",
            "{0,*|-1}",
        ];
        let got = order(&mut s, &texts);
        let want: Vec<GameId> = [
            "-3",
            "0",
            "1/2",
            "*",
            "*2",
            "v",
            "v*",
            // ↓ + ↑², expansion 0.1-1: after 0.1- and *.1- (same first digit, longer).
            "{0,v*|vv}",
            "{0|v*}",
            "^*",
            "1*",
            // Others by their Left options: [0,*], then [1/1024], then [1].
            "{0,*|-1}",
            "{1/1024|0}",
            "{1|-1}",
        ]
        .iter()
        .map(|t| game(&mut s, t))
        .collect();
        let show = |s: &mut GameStore, v: &[GameId]| -> Vec<String> {
            v.iter()
                .map(|&g| s.display(g, crate::game::Notation::Ascii))
                .collect()
        };
        assert_eq!(show(&mut s, &got), show(&mut s, &want));
    }

    #[test]
    fn the_order_does_not_depend_on_creation_order() {
        let texts = [
            "{2|0}",
            "{1|-1}",
            "{0|-1}",
            "{1/2|-1/2}",
            "{0,*|0}",
            "{3||2|1}",
        ];
        let mut a = GameStore::new();
        let mut b = GameStore::new();
        let mut rev = texts;
        rev.reverse();
        for t in rev {
            game(&mut b, t);
        }
        let x: Vec<String> = order(&mut a, &texts)
            .into_iter()
            .map(|g| a.display(g, crate::game::Notation::Ascii))
            .collect();
        let y: Vec<String> = order(&mut b, &texts)
            .into_iter()
            .map(|g| b.display(g, crate::game::Notation::Ascii))
            .collect();
        assert_eq!(x, y);
    }
}
