//! Turning Turtles (H. W. Lenstra; Ferguson §2.6, exercise 4; Winning Ways ch. 14).
//!
//! A row of coins at places `1..=n`, heads or tails. A move turns one head to tails and, if
//! the player likes, one other coin to its left (either way). A head at place `n` is a Nim
//! heap of `n`: turning it alone empties the heap, turning it with a tail at `m` moves the
//! heap to `m`, and with a head at `m` empties both `n` and the heap `m` it cancels.

use super::error::ImpartialError;
use crate::game::Outcome;
use std::fmt;

/// A Turning Turtles position: `heads[i]` is true when the coin at place `i + 1` shows heads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurningTurtles {
    heads: Vec<bool>,
}

/// Turn the head at place `turn` (from 1), and also the coin at place `also < turn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurtleMove {
    pub turn: usize,
    pub also: Option<usize>,
}

impl fmt::Display for TurtleMove {
    /// `turn 9`, `turn 9 and 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.also {
            None => write!(f, "turn {}", self.turn),
            Some(m) => write!(f, "turn {} and {}", self.turn, m),
        }
    }
}

impl TurningTurtles {
    pub fn new(heads: Vec<bool>) -> TurningTurtles {
        TurningTurtles { heads }
    }

    /// From a string of `H` and `T` (spaces ignored), place 1 first.
    pub fn parse(row: &str) -> Result<TurningTurtles, ImpartialError> {
        let heads = row
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'H' | 'h' => Ok(true),
                'T' | 't' => Ok(false),
                other => Err(ImpartialError::InvalidPosition(format!(
                    "'{other}' is not a coin: write H (heads) or T (tails)"
                ))),
            })
            .collect::<Result<Vec<bool>, _>>()?;
        Ok(TurningTurtles { heads })
    }

    pub fn heads(&self) -> &[bool] {
        &self.heads
    }

    /// The nim-sum of the places of the heads.
    pub fn grundy(&self) -> u64 {
        self.places().fold(0, |acc, p| acc ^ p as u64)
    }

    fn places(&self) -> impl Iterator<Item = usize> + '_ {
        self.heads
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h)
            .map(|(i, _)| i + 1)
    }

    pub fn outcome(&self) -> Outcome {
        if self.grundy() == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    pub fn play(&self, m: &TurtleMove) -> TurningTurtles {
        let mut heads = self.heads.clone();
        heads[m.turn - 1] = false;
        if let Some(also) = m.also {
            heads[also - 1] = !heads[also - 1];
        }
        TurningTurtles { heads }
    }

    /// Every move leaving Grundy value `target`: turning the head at `n` changes the value
    /// by `n`, turning a second coin at `m` by `m` more.
    pub fn moves_to_value(&self, target: u64) -> Vec<TurtleMove> {
        let change = self.grundy() ^ target;
        self.places()
            .filter_map(|turn| {
                let rest = change ^ turn as u64;
                if rest == 0 {
                    Some(TurtleMove { turn, also: None })
                } else if rest < turn as u64 {
                    Some(TurtleMove {
                        turn,
                        also: Some(rest as usize),
                    })
                } else {
                    None
                }
            })
            .collect()
    }

    /// Every winning move.
    ///
    /// ```
    /// use cgt_core::impartial::TurningTurtles;
    /// let p = TurningTurtles::parse("THTTHTTTHHTHT").unwrap();
    /// let moves: Vec<String> = p.winning_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["turn 9 and 1", "turn 10 and 2", "turn 12 and 4"]);
    /// ```
    pub fn winning_moves(&self) -> Vec<TurtleMove> {
        self.moves_to_value(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testutil::{Rng, grundy_by_search};
    use std::collections::HashMap;

    /// Every legal move, straight from the rules.
    fn all_moves(p: &TurningTurtles) -> Vec<TurtleMove> {
        let mut out = Vec::new();
        for turn in p.places() {
            out.push(TurtleMove { turn, also: None });
            out.extend((1..turn).map(|m| TurtleMove {
                turn,
                also: Some(m),
            }));
        }
        out
    }

    #[test]
    fn agrees_with_search() {
        let mut rng = Rng::new(31);
        let mut memo = HashMap::new();
        let moves = |p: &TurningTurtles| all_moves(p).iter().map(|m| p.play(m)).collect();
        for _ in 0..200 {
            let p = TurningTurtles::new((0..rng.below(9)).map(|_| rng.below(2) == 1).collect());
            assert_eq!(p.grundy(), grundy_by_search(&p, &moves, &mut memo), "{p:?}");
            let by_search: Vec<TurtleMove> = all_moves(&p)
                .into_iter()
                .filter(|m| grundy_by_search(&p.play(m), &moves, &mut memo) == 0)
                .collect();
            let mut ours = p.winning_moves();
            let mut theirs = by_search;
            ours.sort_by_key(|m| (m.turn, m.also));
            theirs.sort_by_key(|m| (m.turn, m.also));
            assert_eq!(ours, theirs, "{p:?}");
        }
    }

    #[test]
    fn fergusons_row() {
        // Ferguson's 13 coins, read as T H T T H T T T H H T H T: his sample move turns the
        // head at 9 and the tail at 4. Heads at 2, 5, 9, 10, 12: nim-sum 8, so N.
        let p = TurningTurtles::parse("T H T T H T T T H H T H T").unwrap();
        assert_eq!(p.grundy(), 8);
        assert_eq!(p.outcome(), Outcome::N);
        assert!(TurningTurtles::parse("HXT").is_err());
    }
}
