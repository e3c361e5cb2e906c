//! Winning moves in sums of heaps of one ruleset: every move to a position of Grundy value
//! 0, in the game's own terms (which heap, from what size, to which heaps).
//!
//! A position of several heaps is a sum of one-heap games, so its value is the nim-sum of
//! the heaps' values and a move in heap `i` wins iff it leaves that heap with value
//! `G(h_i) ⊕ G`, `G` being the value of the whole (Ferguson §4.2). Unlike in Nim, that value
//! may be larger than `G(h_i)`.

use super::error::ImpartialError;
use super::heap_game::HeapSolver;
use super::octal::{LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, TAKE_ALL};
use super::ruleset::{HeapRuleset, MAX_ENUMERATED_OPTIONS};
use crate::game::Outcome;
use std::fmt;

/// A move in a sum of heaps: heap number `heap` (from 0) of size `from` is replaced by the
/// heaps `to` (empty when the whole heap is taken, two heaps for a split).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    pub heap: usize,
    pub from: u64,
    pub to: Vec<u64>,
}

impl fmt::Display for HeapMove {
    /// `heap 2: 20 → 17`, `heap 1: 7 → 2 + 4`, `heap 3: 5 → 0`; heaps are numbered from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {}: {} → ", self.heap + 1, self.from)?;
        if self.to.is_empty() {
            return f.write_str("0");
        }
        let parts: Vec<String> = self.to.iter().map(u64::to_string).collect();
        f.write_str(&parts.join(" + "))
    }
}

impl HeapSolver {
    /// The Grundy value of a position of several heaps: the nim-sum of their values.
    pub fn grundy_of_heaps(&mut self, heaps: &[u64]) -> Result<u64, ImpartialError> {
        heaps
            .iter()
            .try_fold(0, |acc, &h| Ok(acc ^ self.grundy(h)?))
    }

    /// `P` when the position of several heaps is a win for the previous player, else `N`.
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome, ImpartialError> {
        Ok(if self.grundy_of_heaps(heaps)? == 0 {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every winning move of a position of several heaps: every move to a position of
    /// Grundy value 0. Gracia-Saz §4 finds 20 → 17 for subtraction {1,3,4} at (10, 20, 30);
    /// as options of a heap game may have *larger* values than the heap, there are two more.
    ///
    /// ```
    /// use cgt_core::impartial::{HeapRuleset, HeapSolver};
    /// let mut s = HeapSolver::new(HeapRuleset::subtraction(&[1, 3, 4]).unwrap());
    /// let moves: Vec<String> =
    ///     s.winning_moves(&[10, 20, 30]).unwrap().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["heap 1: 10 → 6", "heap 2: 20 → 17", "heap 3: 30 → 26"]);
    /// ```
    pub fn winning_moves(&mut self, heaps: &[u64]) -> Result<Vec<HeapMove>, ImpartialError> {
        let total = self.grundy_of_heaps(heaps)?;
        if total == 0 {
            return Ok(Vec::new());
        }
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let target = total ^ self.grundy(h)?;
            for to in self.moves_to_value(h, target)? {
                moves.push(HeapMove {
                    heap: i,
                    from: h,
                    to,
                });
            }
        }
        Ok(moves)
    }

    /// Every option of a heap of `n` whose Grundy value is `target`, as the heaps it
    /// leaves. With `target = G(n) ⊕ (the nim-sum of the other components)` these are the
    /// winning moves in this heap of a sum with any other games. For a generalised code
    /// ([`crate::impartial::TbCode`]) with more than
    /// [`MAX_LISTED_MOVES`](crate::impartial::MAX_LISTED_MOVES) such options, one of each
    /// kind (tokens removed, heaps left).
    pub fn moves_to_value(&mut self, n: u64, target: u64) -> Result<Vec<Vec<u64>>, ImpartialError> {
        let heap = |m: u64| if m == 0 { vec![] } else { vec![m] };
        let mut out = Vec::new();
        match self.ruleset().clone() {
            HeapRuleset::Nim => {
                if target < n {
                    out.push(heap(target));
                }
            }
            HeapRuleset::Subtraction(s) => {
                for k in s.into_iter().filter(|&k| k <= n) {
                    if self.grundy(n - k)? == target {
                        out.push(heap(n - k));
                    }
                }
            }
            HeapRuleset::SubtractionAllBut(s) => {
                self.check_enumerable(n)?;
                for m in 0..n {
                    if s.binary_search(&(n - m)).is_err() && self.grundy(m)? == target {
                        out.push(heap(m));
                    }
                }
            }
            HeapRuleset::Octal(code) => {
                for (k, &d) in code.digits().iter().enumerate() {
                    let k = k as u64;
                    if d & TAKE_ALL != 0 && n == k && k > 0 && target == 0 {
                        out.push(vec![]);
                    }
                    if d & LEAVE_ONE != 0 && n > k && k > 0 && self.grundy(n - k)? == target {
                        out.push(vec![n - k]);
                    }
                    if d & LEAVE_TWO != 0 && n >= k + 2 {
                        out.extend(self.splits_to_value(n - k, target, false)?);
                    }
                    if d & LEAVE_THREE != 0 && n >= k + 3 {
                        out.extend(self.three_splits_to_value(n - k, target)?);
                    }
                }
            }
            // Through the engine's sets of values, not every option (see `tb_moves`).
            HeapRuleset::TakeBreak(_) => out = self.take_break_moves_to_value(n, target)?,
            // Through every option (any rule on the `HeapRule` trait).
            HeapRuleset::Spawning(_) | HeapRuleset::Listed(_) | HeapRuleset::Rule(_) => {
                self.grundy(n)?;
                for option in self.ruleset().clone().options(n)? {
                    let mut v = 0;
                    for &p in &option {
                        v ^= self.grundy(p)?;
                    }
                    if v == target {
                        out.push(option);
                    }
                }
            }
        }
        Ok(out)
    }

    /// The splits `a + b = rest` (`a ≤ b`, or `a < b` when `unequal`) with
    /// `G(a) ⊕ G(b) = target`.
    fn splits_to_value(
        &mut self,
        rest: u64,
        target: u64,
        unequal: bool,
    ) -> Result<Vec<Vec<u64>>, ImpartialError> {
        self.check_enumerable(rest / 2)?;
        let last = if unequal {
            (rest.max(1) - 1) / 2
        } else {
            rest / 2
        };
        let mut out = Vec::new();
        for a in 1..=last {
            if self.grundy(a)? ^ self.grundy(rest - a)? == target {
                out.push(vec![a, rest - a]);
            }
        }
        Ok(out)
    }

    /// The splits `a + b + c = rest` (`a ≤ b ≤ c`) with `G(a) ⊕ G(b) ⊕ G(c) = target`.
    fn three_splits_to_value(
        &mut self,
        rest: u64,
        target: u64,
    ) -> Result<Vec<Vec<u64>>, ImpartialError> {
        // About rest²/12 triples.
        self.check_enumerable((rest / 3).saturating_mul(rest / 2))?;
        let mut out = Vec::new();
        for a in 1..=rest / 3 {
            let ga = self.grundy(a)?;
            for b in a..=(rest - a) / 2 {
                if ga ^ self.grundy(b)? ^ self.grundy(rest - a - b)? == target {
                    out.push(vec![a, b, rest - a - b]);
                }
            }
        }
        Ok(out)
    }

    fn check_enumerable(&self, count: u64) -> Result<(), ImpartialError> {
        if count > MAX_ENUMERATED_OPTIONS {
            return Err(ImpartialError::HeapTooLarge {
                heap: count,
                limit: MAX_ENUMERATED_OPTIONS,
                what: "listing the options of a heap",
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testutil::{Rng, next_player_wins};
    use std::collections::HashMap;

    fn solver(r: HeapRuleset) -> HeapSolver {
        HeapSolver::new(r)
    }

    fn sub(set: &[u64]) -> HeapRuleset {
        HeapRuleset::subtraction(set).unwrap()
    }

    #[test]
    fn gracia_saz_winning_moves() {
        // Gracia-Saz §4: (10, 20, 30) has values (1, 2, 0), nim-sum 3, and 20 → 17 makes it
        // (1, 1, 0). Unlike in Nim, an option may have a *larger* value than its heap, so
        // there are two more winning moves, found by hand: 10 → 6 (value 2, giving
        // 2 ⊕ 2 ⊕ 0) and 30 → 26 (26 ≡ 5 (mod 7), value 3, giving 1 ⊕ 2 ⊕ 3).
        let mut s = solver(sub(&[1, 3, 4]));
        let moves = s.winning_moves(&[10, 20, 30]).unwrap();
        let shown: Vec<String> = moves.iter().map(HeapMove::to_string).collect();
        assert_eq!(
            shown,
            vec!["heap 1: 10 → 6", "heap 2: 20 → 17", "heap 3: 30 → 26"]
        );
    }

    /// Every move of a multiset of heaps to a position the search says is lost.
    fn winning_moves_by_search(r: &HeapRuleset, heaps: &[u64]) -> Vec<(usize, Vec<u64>)> {
        let moves = |p: &Vec<u64>| -> Vec<Vec<u64>> {
            let mut out = Vec::new();
            for (i, &h) in p.iter().enumerate() {
                for opt in r.options(h).unwrap() {
                    let mut next = p.clone();
                    next.remove(i);
                    next.extend(opt.into_iter().filter(|&x| x > 0));
                    next.sort_unstable();
                    out.push(next);
                }
            }
            out
        };
        let mut memo = HashMap::new();
        let mut found = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for opt in r.options(h).unwrap() {
                let mut next: Vec<u64> = heaps.to_vec();
                next.remove(i);
                next.extend(opt.iter().copied().filter(|&x| x > 0));
                next.sort_unstable();
                if !next_player_wins(&next, &moves, &mut memo) {
                    found.push((i, opt));
                }
            }
        }
        found.sort();
        found
    }

    #[test]
    fn winning_moves_agree_with_search() {
        let mut rng = Rng::new(17);
        let rulesets = [
            HeapRuleset::kayles(),
            HeapRuleset::octal("0.6").unwrap(),
            HeapRuleset::octal("4.37").unwrap(),
            HeapRuleset::octal("0.3F").unwrap(),
            HeapRuleset::octal("0.8").unwrap(),
            HeapRuleset::octal("C.B").unwrap(),
            HeapRuleset::grundys_game(),
            HeapRuleset::nim(),
            sub(&[1, 3, 4]),
            HeapRuleset::subtraction_all_but(&[2, 3]).unwrap(),
        ];
        for r in &rulesets {
            let mut s = solver(r.clone());
            for _ in 0..8 {
                let heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(9)).collect();
                let mut ours: Vec<(usize, Vec<u64>)> = s
                    .winning_moves(&heaps)
                    .unwrap()
                    .into_iter()
                    .map(|m| (m.heap, m.to))
                    .collect();
                ours.sort();
                assert_eq!(ours, winning_moves_by_search(r, &heaps), "{r} at {heaps:?}");
            }
        }
    }
}
