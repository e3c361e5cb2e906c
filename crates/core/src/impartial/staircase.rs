//! Staircase Nim (Sprague 1937; Ferguson §2.6, exercise 6).
//!
//! Coins lie on steps `1..=n`; a move takes any positive number of coins from step `j` down
//! to step `j - 1` (coins reaching step 0, the ground, leave the game). The position is a
//! `P`-position iff the coins on the *odd* steps form a `P`-position of Nim, and its Grundy
//! value is their nim-sum: every move changes exactly one odd step (down from an odd step,
//! or up onto one from the even step above), and the decreasing moves reach every smaller
//! nim-sum, as in Nim.

use crate::game::Outcome;
use std::fmt;

/// A Staircase Nim position: `steps[j - 1]` coins on step `j`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StaircaseNim {
    steps: Vec<u64>,
}

/// Move `coins` coins from step `step` (numbered from 1) to step `step - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StaircaseMove {
    pub step: usize,
    pub coins: u64,
}

impl fmt::Display for StaircaseMove {
    /// `step 3: 2 coins down to step 2`, `step 1: 1 coin to the ground`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.coins == 1 { "" } else { "s" };
        write!(f, "step {}: {} coin{plural} ", self.step, self.coins)?;
        if self.step == 1 {
            f.write_str("to the ground")
        } else {
            write!(f, "down to step {}", self.step - 1)
        }
    }
}

impl StaircaseNim {
    pub fn new(steps: Vec<u64>) -> StaircaseNim {
        StaircaseNim { steps }
    }

    pub fn steps(&self) -> &[u64] {
        &self.steps
    }

    /// The nim-sum of the coins on the odd steps.
    pub fn grundy(&self) -> u64 {
        self.steps.iter().step_by(2).fold(0, |acc, &c| acc ^ c)
    }

    /// `P` iff the odd steps form a `P`-position of Nim.
    pub fn outcome(&self) -> Outcome {
        if self.grundy() == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The position after `m` (which must be legal).
    pub fn play(&self, m: &StaircaseMove) -> StaircaseNim {
        let mut steps = self.steps.clone();
        steps[m.step - 1] -= m.coins;
        if m.step > 1 {
            steps[m.step - 2] += m.coins;
        }
        StaircaseNim { steps }
    }

    /// Every move leaving Grundy value `target`: down from an odd step, or from an even
    /// step onto the odd step below it.
    pub fn moves_to_value(&self, target: u64) -> Vec<StaircaseMove> {
        let change = self.grundy() ^ target;
        let mut moves = Vec::new();
        if change == 0 {
            return moves;
        }
        for (i, &coins) in self.steps.iter().enumerate() {
            let step = i + 1;
            if step % 2 == 1 {
                // Odd step: its coins must become coins ⊕ change, fewer.
                let to = coins ^ change;
                if to < coins {
                    moves.push(StaircaseMove {
                        step,
                        coins: coins - to,
                    });
                }
            } else {
                // Even step: the odd step below must grow to below ⊕ change.
                let below = self.steps[i - 1];
                let to = below ^ change;
                if to > below && to - below <= coins {
                    moves.push(StaircaseMove {
                        step,
                        coins: to - below,
                    });
                }
            }
        }
        moves
    }

    /// Every winning move (to Grundy value 0).
    ///
    /// ```
    /// use cgt_core::impartial::StaircaseNim;
    /// // The odd steps hold 3 and 1 (nim-sum 2): take 2 coins off step 1, or bring 2 coins
    /// // from step 4 onto step 3.
    /// let p = StaircaseNim::new(vec![3, 0, 1, 5]);
    /// let moves: Vec<String> = p.winning_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["step 1: 2 coins to the ground", "step 4: 2 coins down to step 3"]);
    /// ```
    pub fn winning_moves(&self) -> Vec<StaircaseMove> {
        self.moves_to_value(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testutil::{Rng, grundy_by_search};
    use std::collections::HashMap;

    fn all_moves(p: &StaircaseNim) -> Vec<StaircaseMove> {
        let mut out = Vec::new();
        for (i, &c) in p.steps.iter().enumerate() {
            for coins in 1..=c {
                out.push(StaircaseMove { step: i + 1, coins });
            }
        }
        out
    }

    #[test]
    fn agrees_with_search() {
        let mut rng = Rng::new(8);
        let mut memo = HashMap::new();
        let moves = |p: &StaircaseNim| all_moves(p).iter().map(|m| p.play(m)).collect::<Vec<_>>();
        for _ in 0..200 {
            let p = StaircaseNim::new((0..1 + rng.below(4)).map(|_| rng.below(4)).collect());
            assert_eq!(p.grundy(), grundy_by_search(&p, &moves, &mut memo), "{p:?}");
            let by_search: Vec<StaircaseMove> = all_moves(&p)
                .into_iter()
                .filter(|m| grundy_by_search(&p.play(m), &moves, &mut memo) == 0)
                .collect();
            let mut ours = p.winning_moves();
            ours.sort_by_key(|m| (m.step, m.coins));
            assert_eq!(ours, by_search, "{p:?}");
            for target in 0..4 {
                for m in p.moves_to_value(target) {
                    assert_eq!(p.play(&m).grundy(), target);
                }
            }
        }
    }

    #[test]
    fn even_steps_do_not_matter_for_the_outcome() {
        assert_eq!(StaircaseNim::new(vec![0, 7, 0, 9]).outcome(), Outcome::P);
        assert_eq!(StaircaseNim::new(vec![2, 7, 2]).outcome(), Outcome::P);
        assert_eq!(StaircaseNim::new(vec![2, 7, 3]).outcome(), Outcome::N);
    }
}
