//! Misère outcomes of forms: the player who cannot move wins.
//!
//! Left wins `G` moving first when she has no move (a Left end), or has a move to a
//! position Right loses moving first; Right's case is the same with the roles swapped
//! (Siegel, "Misère canonical forms of partizan games", §1). The table is filled in the
//! order of the forms' ids, in which every option comes before its parents: no recursion.
//!
//! The *strong* outcomes of Larsson, Milley, Nowakowski, Renault and Santos ("Recursive
//! comparison tests for dicot and dead-ending games under misère play", arXiv:1807.11297,
//! §2) say who wins `G + X` for every dead end `X` of the opponent: the proviso of their
//! comparison in the dead-ending universe.

use super::forms::{FormId, Forms};
use crate::game::Outcome;

const LEFT_WINS: u8 = 1;
const RIGHT_WINS: u8 = 2;
const KNOWN: u8 = 4;

impl Forms {
    fn outcome_bits(&mut self, g: FormId) -> u8 {
        let i = g.index();
        if let Some(&b) = self.outcomes.get(i)
            && b & KNOWN != 0
        {
            return b;
        }
        // Every form below g's id is an option or not; filling them all in id order is
        // cheaper than finding which (each is looked at once).
        let start = self.outcomes.len();
        self.outcomes.resize(i + 1, 0);
        for k in start..=i {
            let f = FormId::from_index(k);
            let left = self.left(f).is_empty()
                || self
                    .left(f)
                    .iter()
                    .any(|o| self.outcomes[o.index()] & RIGHT_WINS == 0);
            let right = self.right(f).is_empty()
                || self
                    .right(f)
                    .iter()
                    .any(|o| self.outcomes[o.index()] & LEFT_WINS == 0);
            self.outcomes[k] =
                KNOWN | if left { LEFT_WINS } else { 0 } | if right { RIGHT_WINS } else { 0 };
        }
        self.outcomes[i]
    }

    /// Whether Left wins `g` moving first, under misère play.
    pub fn left_wins_first(&mut self, g: FormId) -> bool {
        self.outcome_bits(g) & LEFT_WINS != 0
    }

    /// Whether Right wins `g` moving first, under misère play.
    pub fn right_wins_first(&mut self, g: FormId) -> bool {
        self.outcome_bits(g) & RIGHT_WINS != 0
    }

    /// Whether the player `left` (Left if true) wins `g` moving first.
    pub fn wins_first(&mut self, g: FormId, left: bool) -> bool {
        if left {
            self.left_wins_first(g)
        } else {
            self.right_wins_first(g)
        }
    }

    /// The misère outcome class of `g`.
    pub fn outcome(&mut self, g: FormId) -> Outcome {
        match (self.left_wins_first(g), self.right_wins_first(g)) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    /// The misère outcome of a sum of forms (the literal sum's).
    pub fn outcome_of_sum(&mut self, parts: &[FormId]) -> Outcome {
        let mut s = self.zero();
        for &p in parts {
            s = self.sum(s, p);
        }
        self.outcome(s)
    }

    /// `M_n`, the Left dead end in which Right may make any number of moves from 1 to n:
    /// `M_0 = 0`, `M_n = { | 0, M_{n−1}}` (for Right's dead ends, its conjugate).
    pub fn flexible_dead_end(&mut self, n: u32, of_left: bool) -> FormId {
        let zero = self.zero();
        let mut m = zero;
        for _ in 0..n {
            m = if of_left {
                self.node(vec![], vec![zero, m])
            } else {
                self.node(vec![zero, m], vec![])
            };
        }
        m
    }

    /// The strong outcome for one player (LMNRS, arXiv:1807.11297, §2): whether Left
    /// (`left`) wins `g + X` moving first for every Left dead end `X` (a position in which
    /// Left never moves again), and likewise for Right. A dead end lets the opponent pass
    /// up to as many times as it has moves, so `X = 0` and the most flexible dead end that
    /// can matter, `M_{b−1}` with `b` the birthday of `g`, decide it (the proposition of
    /// §2 there; `tests.rs` checks it against every dead end born by day 3).
    pub fn strong_wins_first(&mut self, g: FormId, left: bool) -> bool {
        if let Some(&w) = self.strong.get(&(g, left)) {
            return w;
        }
        let b = self.birthday(g);
        let w = if b == 0 {
            true
        } else {
            let m = self.flexible_dead_end(b - 1, left);
            let s = self.sum(g, m);
            self.wins_first(g, left) && self.wins_first(s, left)
        };
        self.strong.insert((g, left), w);
        w
    }
}
