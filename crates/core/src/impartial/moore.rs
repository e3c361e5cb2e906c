//! Moore's Nim_k (E. H. Moore, 1910; Ferguson §2.6, exercise 7).
//!
//! Nim in which a move takes tokens from up to `k` heaps at once (at least one token in
//! all). Moore's theorem: a position is a `P`-position iff, writing the heaps in binary,
//! every column holds a multiple of `k + 1` ones. `Nim_1` is Nim. The game is not a sum of
//! its heaps: outcomes and winning moves come from the theorem, the Grundy value (needed to
//! add a position to other games) from a search of the positions below it.

use super::error::ImpartialError;
use super::nim::NimMove;
use crate::game::Outcome;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A position of Moore's Nim_k.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MooreNim {
    k: u64,
    heaps: Vec<u64>,
}

/// A move of Nim_k: between 1 and `k` heaps, each made strictly smaller.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MooreMove {
    pub changes: Vec<NimMove>,
}

impl fmt::Display for MooreMove {
    /// `heap 1: 5 → 2, heap 3: 7 → 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.changes.iter().map(NimMove::to_string).collect();
        f.write_str(&parts.join(", "))
    }
}

/// Every position reached by lowering between 1 and `k` of `heaps[from..]` (the heaps
/// before `from` are already decided in `current`), sorted, into `out`.
fn lower_up_to(
    heaps: &[u64],
    k: usize,
    from: usize,
    current: &mut Vec<u64>,
    lowered: bool,
    out: &mut Vec<Vec<u64>>,
) {
    if from == heaps.len() {
        if lowered {
            let mut next = current.clone();
            next.sort_unstable();
            out.push(next);
        }
        return;
    }
    lower_up_to(heaps, k, from + 1, current, lowered, out);
    if k > 0 {
        for to in 0..heaps[from] {
            current[from] = to;
            lower_up_to(heaps, k - 1, from + 1, current, true, out);
        }
        current[from] = heaps[from];
    }
}

/// `grundy` searches positions with at most this many heap combinations.
pub const MAX_GRUNDY_POSITIONS: u64 = 100_000;

/// The enumeration of winning moves gives up after this many search steps.
const SEARCH_BUDGET: u64 = 10_000_000;

impl MooreNim {
    /// Errors when `k` is 0 (no move would be allowed).
    pub fn new(k: u64, heaps: Vec<u64>) -> Result<MooreNim, ImpartialError> {
        if k == 0 {
            return Err(ImpartialError::InvalidPosition(
                "Moore's Nim_k needs k ≥ 1 (Nim_1 is Nim)".into(),
            ));
        }
        Ok(MooreNim { k, heaps })
    }

    pub fn k(&self) -> u64 {
        self.k
    }

    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    fn is_p(heaps: &[u64], k: u64) -> bool {
        (0..64).all(|b| {
            (heaps.iter().filter(|&&h| h >> b & 1 == 1).count() as u64).is_multiple_of(k + 1)
        })
    }

    /// `P` iff every binary column has a multiple of `k + 1` ones (Moore's theorem).
    ///
    /// ```
    /// use cgt_core::impartial::MooreNim;
    /// use cgt_core::game::Outcome;
    /// assert_eq!(MooreNim::new(2, vec![1, 2, 3]).unwrap().outcome(), Outcome::N);
    /// assert_eq!(MooreNim::new(2, vec![3, 3, 3]).unwrap().outcome(), Outcome::P);
    /// ```
    pub fn outcome(&self) -> Outcome {
        if MooreNim::is_p(&self.heaps, self.k) {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The Grundy value, by searching every position below this one (heaps sorted, since
    /// the order of heaps does not matter). No formula is known for `k >= 2`, so positions
    /// with more than [`MAX_GRUNDY_POSITIONS`] heap combinations are refused.
    ///
    /// ```
    /// use cgt_core::impartial::MooreNim;
    /// // Nim_2 with heaps 1, 1: take one token or both: options 1 (value *) and 0, so *2.
    /// assert_eq!(MooreNim::new(2, vec![1, 1]).unwrap().grundy().unwrap(), 2);
    /// ```
    pub fn grundy(&self) -> Result<u64, ImpartialError> {
        self.grundy_interruptible(None)
    }

    /// [`MooreNim::grundy`], stopping with [`ImpartialError::Interrupted`] once `interrupt`
    /// is set (Ctrl-C): the search may visit 10^5 positions with 10^4 options each.
    pub fn grundy_interruptible(
        &self,
        interrupt: Option<Arc<AtomicBool>>,
    ) -> Result<u64, ImpartialError> {
        let combinations = self
            .heaps
            .iter()
            .try_fold(1u64, |acc, &h| acc.checked_mul(h.saturating_add(1)))
            .filter(|&c| c <= MAX_GRUNDY_POSITIONS);
        if combinations.is_none() {
            return Err(ImpartialError::HeapTooLarge {
                heap: self.heaps.iter().copied().max().unwrap_or(0),
                limit: MAX_GRUNDY_POSITIONS,
                what: "the Grundy value of Moore's Nim (positions searched)",
            });
        }
        let k = self.k as usize;
        let mut search = super::GameSearch::infallible(|heaps: &Vec<u64>| {
            let mut out = Vec::new();
            lower_up_to(heaps, k, 0, &mut heaps.clone(), false, &mut out);
            out
        })
        .with_interrupt(interrupt);
        let mut start = self.heaps.clone();
        start.sort_unstable();
        search.grundy(&start)
    }

    /// The position after `m`.
    pub fn play(&self, m: &MooreMove) -> MooreNim {
        let mut heaps = self.heaps.clone();
        for c in &m.changes {
            heaps[c.heap] = c.to;
        }
        MooreNim { k: self.k, heaps }
    }

    /// Every winning move, with the changed heaps in increasing order; errors past `limit`
    /// moves (there can be very many with big heaps) or when the search is too long.
    pub fn winning_moves(&self, limit: usize) -> Result<Vec<MooreMove>, ImpartialError> {
        let mut search = Search {
            k: self.k,
            heaps: &self.heaps,
            chosen: Vec::new(),
            to: Vec::new(),
            out: Vec::new(),
            limit,
            budget: SEARCH_BUDGET,
        };
        if self.outcome() == Outcome::P {
            return Ok(Vec::new());
        }
        search.subsets(0)?;
        let mut moves = search.out;
        moves.sort_by(|a, b| {
            let key = |m: &MooreMove| m.changes.iter().map(|c| (c.heap, c.to)).collect::<Vec<_>>();
            key(a).cmp(&key(b))
        });
        Ok(moves)
    }
}

/// Enumerates the sets of at most `k` heaps to change, then their new values bit by bit
/// from the top: in each column the changed heaps must supply exactly the ones that bring
/// the column's count to a multiple of `k + 1` (they are at most `k`, so the number is
/// forced); a heap still equal to its old prefix cannot take a 1 where it had a 0.
struct Search<'a> {
    k: u64,
    heaps: &'a [u64],
    chosen: Vec<usize>,
    to: Vec<u64>,
    out: Vec<MooreMove>,
    limit: usize,
    budget: u64,
}

impl Search<'_> {
    fn subsets(&mut self, from: usize) -> Result<(), ImpartialError> {
        if !self.chosen.is_empty() {
            self.to = vec![0; self.chosen.len()];
            let tight = vec![true; self.chosen.len()];
            self.bits(63, &tight)?;
        }
        if self.chosen.len() as u64 == self.k {
            return Ok(());
        }
        for i in from..self.heaps.len() {
            if self.heaps[i] > 0 {
                self.chosen.push(i);
                self.subsets(i + 1)?;
                self.chosen.pop();
            }
        }
        Ok(())
    }

    fn bits(&mut self, bit: i32, tight: &[bool]) -> Result<(), ImpartialError> {
        self.budget = self
            .budget
            .checked_sub(1)
            .ok_or(ImpartialError::SearchTooLarge {
                limit: SEARCH_BUDGET as usize,
            })?;
        if bit < 0 {
            if tight.iter().any(|&t| t) {
                return Ok(()); // some chosen heap did not change
            }
            if self.out.len() == self.limit {
                return Err(ImpartialError::TooManyMoves { limit: self.limit });
            }
            let changes = self
                .chosen
                .iter()
                .zip(&self.to)
                .map(|(&heap, &to)| NimMove {
                    heap,
                    from: self.heaps[heap],
                    to,
                })
                .collect();
            self.out.push(MooreMove { changes });
            return Ok(());
        }
        let b = bit as u32;
        let below = (1u64 << b) - 1;
        // A heap still tight must be able to drop below its old value later on.
        for (j, &i) in self.chosen.iter().enumerate() {
            let old = self.heaps[i];
            if tight[j] && old & (below | 1 << b) == 0 {
                return Ok(());
            }
        }
        let others = (0..self.heaps.len())
            .filter(|i| !self.chosen.contains(i) && self.heaps[*i] >> b & 1 == 1)
            .count() as u64;
        let need = (self.k + 1 - others % (self.k + 1)) % (self.k + 1);
        if need > self.chosen.len() as u64 {
            return Ok(());
        }
        // Which chosen heaps may take a 1 here: all but the tight ones with a 0.
        let free: Vec<usize> = (0..self.chosen.len())
            .filter(|&j| !tight[j] || self.heaps[self.chosen[j]] >> b & 1 == 1)
            .collect();
        let mut pick = vec![false; free.len()];
        self.choose(bit, tight, &free, &mut pick, 0, need as usize)
    }

    /// Tries every way to give `left` more of the `free` heaps (from index `at`) a 1.
    fn choose(
        &mut self,
        bit: i32,
        tight: &[bool],
        free: &[usize],
        pick: &mut Vec<bool>,
        at: usize,
        left: usize,
    ) -> Result<(), ImpartialError> {
        if left == 0 {
            let b = bit as u32;
            let mut next_tight = tight.to_vec();
            let saved = self.to.clone();
            for (j, t) in next_tight.iter_mut().enumerate() {
                let one = free.iter().zip(pick.iter()).any(|(&f, &p)| f == j && p);
                if one {
                    self.to[j] |= 1 << b;
                }
                let old_one = self.heaps[self.chosen[j]] >> b & 1 == 1;
                if *t && old_one && !one {
                    *t = false;
                }
            }
            let result = self.bits(bit - 1, &next_tight);
            self.to = saved;
            return result;
        }
        if free.len() - at < left {
            return Ok(());
        }
        pick[at] = true;
        self.choose(bit, tight, free, pick, at + 1, left - 1)?;
        pick[at] = false;
        self.choose(bit, tight, free, pick, at + 1, left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::Nim;
    use crate::impartial::testutil::{Rng, next_player_wins};
    use std::collections::HashMap;

    #[test]
    fn an_interrupt_stops_the_grundy_search_and_is_cleared() {
        // 1001·7·8 heap combinations, each with thousands of options: long without Ctrl-C.
        let m = MooreNim::new(8, vec![1000, 6, 7]).unwrap();
        let flag = Arc::new(AtomicBool::new(true));
        assert_eq!(
            m.grundy_interruptible(Some(flag.clone())),
            Err(ImpartialError::Interrupted)
        );
        assert!(!flag.load(std::sync::atomic::Ordering::Relaxed));
        let small = MooreNim::new(2, vec![1, 1]).unwrap();
        assert_eq!(small.grundy_interruptible(Some(flag)), Ok(2));
    }

    #[test]
    fn grundy_value_is_zero_exactly_at_moores_p_positions() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let k = 1 + rng.below(3);
            let n = 1 + rng.below(4) as usize;
            let heaps: Vec<u64> = (0..n).map(|_| rng.below(6)).collect();
            let m = MooreNim::new(k, heaps.clone()).unwrap();
            let g = m.grundy().unwrap();
            assert_eq!(g == 0, m.outcome() == Outcome::P, "Nim_{k} {heaps:?}: {g}");
            if k == 1 {
                // Nim_1 is Nim: the nim-sum.
                assert_eq!(g, heaps.iter().fold(0, |a, h| a ^ h), "Nim {heaps:?}");
            }
        }
        // Too many positions to search: a clear error, not a hang.
        let big = MooreNim::new(2, vec![1000, 1000, 1000]).unwrap();
        assert!(matches!(
            big.grundy(),
            Err(ImpartialError::HeapTooLarge { .. })
        ));
    }

    /// Every move of Nim_k: choose 1..=k heaps and a smaller value for each.
    fn all_moves(p: &MooreNim) -> Vec<MooreMove> {
        let n = p.heaps.len();
        let mut out = Vec::new();
        for mask in 1u32..1 << n {
            if mask.count_ones() as u64 > p.k {
                continue;
            }
            let chosen: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
            let mut values = vec![0u64; chosen.len()];
            loop {
                if chosen.iter().zip(&values).all(|(&i, &v)| v < p.heaps[i]) {
                    let changes = chosen
                        .iter()
                        .zip(&values)
                        .map(|(&heap, &to)| NimMove {
                            heap,
                            from: p.heaps[heap],
                            to,
                        })
                        .collect();
                    out.push(MooreMove { changes });
                }
                // Next value vector (odometer).
                let mut j = 0;
                while j < chosen.len() {
                    values[j] += 1;
                    if values[j] < p.heaps[chosen[j]].max(1) {
                        break;
                    }
                    values[j] = 0;
                    j += 1;
                }
                if j == chosen.len() {
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn agrees_with_search() {
        let mut rng = Rng::new(12);
        for k in 1..=3u64 {
            let mut memo = HashMap::new();
            let moves = |h: &Vec<u64>| {
                let p = MooreNim::new(k, h.clone()).unwrap();
                all_moves(&p)
                    .iter()
                    .map(|m| p.play(m).heaps)
                    .collect::<Vec<_>>()
            };
            for _ in 0..60 {
                let heaps: Vec<u64> = (0..1 + rng.below(4)).map(|_| rng.below(6)).collect();
                let p = MooreNim::new(k, heaps.clone()).unwrap();
                let wins = next_player_wins(&heaps, &moves, &mut memo);
                assert_eq!(p.outcome() == Outcome::N, wins, "k={k} {heaps:?}");
                let mut by_search: Vec<MooreMove> = all_moves(&p)
                    .into_iter()
                    .filter(|m| !next_player_wins(&p.play(m).heaps, &moves, &mut memo))
                    .collect();
                let key =
                    |m: &MooreMove| m.changes.iter().map(|c| (c.heap, c.to)).collect::<Vec<_>>();
                by_search.sort_by_key(key);
                assert_eq!(p.winning_moves(1000).unwrap(), by_search, "k={k} {heaps:?}");
            }
        }
    }

    #[test]
    fn nim_one_is_nim() {
        let p = MooreNim::new(1, vec![13, 12, 8]).unwrap();
        let moves: Vec<NimMove> = p
            .winning_moves(10)
            .unwrap()
            .into_iter()
            .map(|m| m.changes[0])
            .collect();
        assert_eq!(moves, Nim::new(vec![13, 12, 8]).winning_moves());
    }

    #[test]
    fn errors() {
        assert!(MooreNim::new(0, vec![1]).is_err());
        // Four heaps of 2^20 - 1 under k = 2: every column has 4 ones, and two changed heaps
        // may share out the one 1 that each column keeps in about 2^20 ways.
        let p = MooreNim::new(2, vec![(1 << 20) - 1; 4]).unwrap();
        assert_eq!(
            p.winning_moves(5),
            Err(ImpartialError::TooManyMoves { limit: 5 })
        );
        // A single winning move among big heaps: 2^41 → 2^40 makes three 1s in column 40.
        let p = MooreNim::new(2, vec![1 << 40, 1 << 40, 1 << 41]).unwrap();
        assert_eq!(p.winning_moves(5).unwrap().len(), 1);
    }
}
