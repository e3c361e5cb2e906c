//! Nimble (Ferguson §2.6, exercise 3): coins on a strip of squares `0, 1, 2, …`.
//!
//! A move slides one coin to any square further left (over or onto other coins); coins on
//! square 0 are out of play. A coin on square `n` is a Nim heap of `n`, so the Grundy value
//! is the nim-sum of the squares. Letting a move slide up to `k` coins is Moore's Nim_k on
//! the squares ([`Nimble::as_moore`]).

use super::error::ImpartialError;
use super::moore::MooreNim;
use super::nim::Nim;
use crate::game::Outcome;
use std::fmt;

/// A Nimble position: the square of each coin.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nimble {
    coins: Vec<u64>,
}

/// Slide coin `coin` (numbered from 0, in the position's order) from square `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimbleMove {
    pub coin: usize,
    pub from: u64,
    pub to: u64,
}

impl fmt::Display for NimbleMove {
    /// `coin 2: square 9 → 4`, coins numbered from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "coin {}: square {} → {}",
            self.coin + 1,
            self.from,
            self.to
        )
    }
}

impl Nimble {
    pub fn new(coins: Vec<u64>) -> Nimble {
        Nimble { coins }
    }

    pub fn coins(&self) -> &[u64] {
        &self.coins
    }

    /// Nimble is Nim whose heaps are the coins' squares (a coin on square n moves like a
    /// heap of n), so its theory is Nim's.
    fn as_nim(&self) -> Nim {
        Nim::new(self.coins.clone())
    }

    /// The nim-sum of the coins' squares.
    pub fn grundy(&self) -> u64 {
        self.as_nim().grundy()
    }

    pub fn outcome(&self) -> Outcome {
        self.as_nim().outcome()
    }

    pub fn play(&self, m: &NimbleMove) -> Nimble {
        let mut coins = self.coins.clone();
        coins[m.coin] = m.to;
        Nimble { coins }
    }

    /// Every move leaving Grundy value `target`: Nim's moves, read as moves of coins.
    pub fn moves_to_value(&self, target: u64) -> Vec<NimbleMove> {
        self.as_nim()
            .moves_to_value(target)
            .into_iter()
            .map(|m| NimbleMove {
                coin: m.heap,
                from: m.from,
                to: m.to,
            })
            .collect()
    }

    /// Every winning move.
    ///
    /// ```
    /// use cgt_core::impartial::Nimble;
    /// let p = Nimble::new(vec![3, 5, 5, 9]);
    /// let moves: Vec<String> = p.winning_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["coin 4: square 9 → 3"]);
    /// ```
    pub fn winning_moves(&self) -> Vec<NimbleMove> {
        self.moves_to_value(0)
    }

    /// The variant where a move slides between 1 and `k` coins: Moore's Nim_k on the
    /// squares (Ferguson exercise 7(a) takes `k = 2`).
    pub fn as_moore(&self, k: u64) -> Result<MooreNim, ImpartialError> {
        MooreNim::new(k, self.coins.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testutil::{Rng, grundy_by_search};
    use std::collections::HashMap;

    /// Literal Nimble: a position is the sorted list of squares; slide one coin left.
    #[allow(clippy::ptr_arg)] // the search works on positions of type Vec<u64>
    fn moves(p: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for to in 0..p[i] {
                let mut q = p.clone();
                q[i] = to;
                q.sort_unstable();
                out.push(q);
            }
        }
        out
    }

    #[test]
    fn agrees_with_search() {
        let mut rng = Rng::new(21);
        let mut memo = HashMap::new();
        for _ in 0..150 {
            let mut coins: Vec<u64> = (0..1 + rng.below(4)).map(|_| rng.below(8)).collect();
            coins.sort_unstable();
            let p = Nimble::new(coins.clone());
            assert_eq!(p.grundy(), grundy_by_search(&coins, &moves, &mut memo));
            for m in p.winning_moves() {
                let mut q = p.play(&m).coins;
                q.sort_unstable();
                assert_eq!(grundy_by_search(&q, &moves, &mut memo), 0);
            }
            // Every winning move is found: count the moves the search says win.
            let winning = (0..coins.len())
                .flat_map(|i| (0..coins[i]).map(move |to| (i, to)))
                .filter(|&(i, to)| {
                    let mut q = coins.clone();
                    q[i] = to;
                    q.sort_unstable();
                    grundy_by_search(&q, &moves, &mut memo) == 0
                })
                .count();
            assert_eq!(p.winning_moves().len(), winning);
        }
    }

    #[test]
    fn two_coin_variant_is_moore() {
        let p = Nimble::new(vec![1, 2, 3]);
        assert_eq!(p.outcome(), Outcome::P);
        assert_eq!(p.as_moore(2).unwrap().outcome(), Outcome::N);
    }
}
