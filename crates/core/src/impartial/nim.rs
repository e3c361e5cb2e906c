//! Nim positions: Bouton's theorem for normal play and his rule for misère play.
//!
//! A position is a list of heaps; a move takes any positive number of tokens from one heap.
//! Normal play: the position is a `P`-position iff the nim-sum of the heaps is 0 (Bouton
//! 1902; Ferguson §2.2, Theorem 1). Misère play (the last to move loses): play as in normal
//! Nim while two heaps exceed 1; a position whose heaps are all 0 or 1 is a `P`-position
//! iff the number of 1s is odd (Ferguson §2.5).

use crate::game::Outcome;
use std::fmt;

/// A Nim position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: Vec<u64>,
}

/// Take `from - to` tokens from heap `heap` (numbered from 0), leaving `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    pub heap: usize,
    pub from: u64,
    pub to: u64,
}

impl fmt::Display for NimMove {
    /// `heap 1: 13 → 4`, with heaps numbered from 1 as people count them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {}: {} → {}", self.heap + 1, self.from, self.to)
    }
}

impl Nim {
    pub fn new(heaps: Vec<u64>) -> Nim {
        Nim { heaps }
    }

    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The Grundy value: the nim-sum of the heaps.
    pub fn grundy(&self) -> u64 {
        self.heaps.iter().fold(0, |acc, &h| acc ^ h)
    }

    /// `P` iff the nim-sum is 0 (Bouton's theorem), else `N`.
    pub fn outcome(&self) -> Outcome {
        if self.grundy() == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The position after `m`.
    pub fn play(&self, m: &NimMove) -> Nim {
        let mut heaps = self.heaps.clone();
        heaps[m.heap] = m.to;
        Nim { heaps }
    }

    /// Every move leaving a nim-sum of `target`: heap `h` goes to `h ⊕ s ⊕ target` (with `s`
    /// the nim-sum) when that is smaller. With another component of value `target` beside
    /// this position, these are the winning moves in the Nim part of the sum.
    pub fn moves_to_value(&self, target: u64) -> Vec<NimMove> {
        let s = self.grundy() ^ target;
        self.heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ s < h)
            .map(|(heap, &h)| NimMove {
                heap,
                from: h,
                to: h ^ s,
            })
            .collect()
    }

    /// Every winning move (to nim-sum 0). There is one per heap having a 1 where the
    /// nim-sum has its leading 1 (Ferguson §2.4), so (13, 12, 8) has three.
    ///
    /// ```
    /// use cgt_core::impartial::Nim;
    /// let moves: Vec<String> =
    ///     Nim::new(vec![13, 12, 8]).winning_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["heap 1: 13 → 4", "heap 2: 12 → 5", "heap 3: 8 → 1"]);
    /// ```
    pub fn winning_moves(&self) -> Vec<NimMove> {
        self.moves_to_value(0)
    }

    /// Whether the position is a misère `P`-position (Bouton's rule).
    fn misere_p(big: usize, ones: usize, nim_sum: u64) -> bool {
        if big == 0 {
            ones % 2 == 1
        } else {
            nim_sum == 0
        }
    }

    /// The misère outcome: `P` iff (some heap exceeds 1 and the nim-sum is 0) or (no heap
    /// exceeds 1 and an odd number of heaps are 1).
    pub fn misere_outcome(&self) -> Outcome {
        let big = self.heaps.iter().filter(|&&h| h > 1).count();
        let ones = self.heaps.iter().filter(|&&h| h == 1).count();
        if Nim::misere_p(big, ones, self.grundy()) {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Every winning move under misère play: every move to a misère `P`-position. Only
    /// three targets can work for a heap: the normal-play one, 0 and 1.
    pub fn misere_winning_moves(&self) -> Vec<NimMove> {
        let big = self.heaps.iter().filter(|&&h| h > 1).count();
        let ones = self.heaps.iter().filter(|&&h| h == 1).count();
        let s = self.grundy();
        let mut moves = Vec::new();
        for (heap, &h) in self.heaps.iter().enumerate() {
            let big_rest = big - usize::from(h > 1);
            let ones_rest = ones - usize::from(h == 1);
            let mut targets = vec![s ^ h, 0, 1];
            targets.sort_unstable();
            targets.dedup();
            for to in targets.into_iter().filter(|&to| to < h) {
                let after_big = big_rest + usize::from(to > 1);
                let after_ones = ones_rest + usize::from(to == 1);
                if Nim::misere_p(after_big, after_ones, s ^ h ^ to) {
                    moves.push(NimMove { heap, from: h, to });
                }
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testutil::{Rng, next_player_wins, next_player_wins_misere};
    use std::collections::HashMap;

    #[allow(clippy::ptr_arg)] // the search works on positions of type Vec<u64>
    fn moves(p: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for v in 0..p[i] {
                let mut q = p.clone();
                q[i] = v;
                out.push(q);
            }
        }
        out
    }

    fn show(moves: &[NimMove]) -> Vec<String> {
        moves.iter().map(NimMove::to_string).collect()
    }

    #[test]
    fn fergusons_examples() {
        // §2.2: (13, 12, 8) has nim-sum 9 and the winning moves 13 → 4, 12 → 5 and a third.
        let p = Nim::new(vec![13, 12, 8]);
        assert_eq!(p.grundy(), 9);
        assert_eq!(p.outcome(), Outcome::N);
        assert_eq!(
            show(&p.winning_moves()),
            ["heap 1: 13 → 4", "heap 2: 12 → 5", "heap 3: 8 → 1"]
        );
        assert_eq!(Nim::new(vec![1, 2, 3]).outcome(), Outcome::P);
        // Exercise 2.6.2, by hand: 12 ⊕ 19 ⊕ 27 = 4, only 12 has the 4-bit: 12 → 8.
        assert_eq!(
            show(&Nim::new(vec![12, 19, 27]).winning_moves()),
            ["heap 1: 12 → 8"]
        );
        // 13 ⊕ 17 ⊕ 19 ⊕ 23 = 24: 17 → 9, 19 → 11, 23 → 15.
        let p = Nim::new(vec![13, 17, 19, 23]);
        assert_eq!(
            show(&p.winning_moves()),
            ["heap 2: 17 → 9", "heap 3: 19 → 11", "heap 4: 23 → 15"]
        );
        // (c): in misère play the same moves win, as two big heaps remain.
        assert_eq!(p.misere_winning_moves(), p.winning_moves());
        assert_eq!(
            Nim::new(vec![12, 19, 27]).misere_winning_moves(),
            Nim::new(vec![12, 19, 27]).winning_moves()
        );
    }

    #[test]
    fn misere_conformance() {
        assert_eq!(Nim::new(vec![1, 1, 1]).misere_outcome(), Outcome::P);
        assert_eq!(Nim::new(vec![1, 1]).misere_outcome(), Outcome::N);
        assert_eq!(Nim::new(vec![2, 2]).misere_outcome(), Outcome::P);
        assert_eq!(Nim::new(vec![1]).misere_outcome(), Outcome::P);
        assert_eq!(Nim::new(vec![]).misere_outcome(), Outcome::N);
        // Bouton's endgame: with one big heap, reduce it to leave an odd number of 1s.
        assert_eq!(
            show(&Nim::new(vec![1, 1, 5]).misere_winning_moves()),
            ["heap 3: 5 → 1"]
        );
        assert_eq!(
            show(&Nim::new(vec![1, 5]).misere_winning_moves()),
            ["heap 2: 5 → 0"]
        );
    }

    #[test]
    fn agrees_with_search_on_small_positions() {
        let mut rng = Rng::new(3);
        let mut normal = HashMap::new();
        let mut misere = HashMap::new();
        for _ in 0..300 {
            let heaps: Vec<u64> = (0..rng.below(5)).map(|_| rng.below(7)).collect();
            let p = Nim::new(heaps.clone());
            let wins = next_player_wins(&heaps, &moves, &mut normal);
            assert_eq!(p.outcome() == Outcome::N, wins, "{heaps:?}");
            let wins = next_player_wins_misere(&heaps, &moves, &mut misere);
            assert_eq!(p.misere_outcome() == Outcome::N, wins, "misère {heaps:?}");
            // Winning moves are exactly the moves to positions the search says are lost.
            let mut by_search = Vec::new();
            let mut by_search_misere = Vec::new();
            for (heap, &h) in heaps.iter().enumerate() {
                for to in 0..h {
                    let mut q = heaps.clone();
                    q[heap] = to;
                    let m = NimMove { heap, from: h, to };
                    if !next_player_wins(&q, &moves, &mut normal) {
                        by_search.push(m);
                    }
                    if !next_player_wins_misere(&q, &moves, &mut misere) {
                        by_search_misere.push(m);
                    }
                }
            }
            assert_eq!(p.winning_moves(), by_search, "{heaps:?}");
            let mut ours = p.misere_winning_moves();
            ours.sort_by_key(|m| (m.heap, m.to));
            assert_eq!(ours, by_search_misere, "misère {heaps:?}");
        }
    }

    #[test]
    fn moves_to_value_and_play() {
        let p = Nim::new(vec![3, 5]);
        // Beside *2, a winning move leaves nim-sum 2: 3 → 7? no; 5 → 1 (3 ⊕ 1 = 2).
        assert_eq!(
            p.moves_to_value(2),
            vec![NimMove {
                heap: 1,
                from: 5,
                to: 1
            }]
        );
        assert_eq!(p.play(&p.moves_to_value(2)[0]).grundy(), 2);
    }
}
