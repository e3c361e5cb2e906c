//! Heap games with rules given by a function, such as a ruleset defined in the cgt
//! language: the options of a heap of `n` are listed by the caller, each as the heap sizes
//! it leaves.
//!
//! Values are computed bottom-up (`G(0) = 0`: a heap of 0 is no heap, and the function is
//! never asked about it) and kept, so asking for `G(7)` then `G(9)` calls the function for
//! heaps 8 and 9 only. Every heap an option leaves must be smaller than the heap moved
//! from, which guarantees that play ends. No theorem gives periods for arbitrary rules;
//! [`UserHeapRules::observed_period`] reports what the values suggest, as evidence only.

use super::error::ImpartialError;
use super::heap_moves::HeapMove;
use super::period::observed_period;
use std::ops::RangeInclusive;

/// Heaps of user-defined games are computed up to this size.
pub const MAX_USER_HEAP: u64 = 1 << 20;

/// The options of one heap, each the list of heaps it leaves, in one flat buffer: a heap
/// game with `n` options per heap costs no allocation per option (Kayles to heap 3000 has
/// four and a half million of them).
#[derive(Clone, Debug, Default)]
pub struct HeapOptions {
    heaps: Vec<u64>,
    ends: Vec<usize>,
}

impl HeapOptions {
    pub fn new() -> HeapOptions {
        HeapOptions::default()
    }

    /// Forgets the options, keeping the memory.
    pub fn clear(&mut self) {
        self.heaps.clear();
        self.ends.clear();
    }

    /// Adds a heap to the option being written (a heap of 0 is no heap and is left out).
    pub fn push_heap(&mut self, h: u64) {
        if h > 0 {
            self.heaps.push(h);
        }
    }

    /// Ends the option being written (its heaps are those pushed since the last end).
    pub fn end_option(&mut self) {
        self.ends.push(self.heaps.len());
    }

    /// Adds an option leaving `heaps`.
    pub fn push(&mut self, heaps: &[u64]) {
        for &h in heaps {
            self.push_heap(h);
        }
        self.end_option();
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The options, each the heaps it leaves.
    pub fn iter(&self) -> impl Iterator<Item = &[u64]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter())
            .map(|(a, &b)| &self.heaps[a..b])
    }
}

/// The Grundy values computed so far for one user-defined heap game.
///
/// ```
/// use cgt_core::impartial::{ImpartialError, UserHeapRules};
/// // Subtraction {1, 3, 4} written as a function of n.
/// let rules = |n: u64| -> Result<Vec<Vec<u64>>, ImpartialError> {
///     Ok([1, 3, 4].iter().filter(|&&k| k <= n).map(|&k| vec![n - k]).collect())
/// };
/// let mut table = UserHeapRules::new();
/// assert_eq!(table.nim_values(0..=8, rules).unwrap(), vec![0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserHeapRules {
    values: Vec<u64>,
}

impl UserHeapRules {
    /// No value computed yet: even heap 0 is asked of the rule (which may give it no
    /// option, or report an error of its own).
    pub fn new() -> UserHeapRules {
        UserHeapRules { values: Vec::new() }
    }

    /// `G(0), G(1), …` as far as computed.
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// Computes `G(n)` for every heap up to `last`, asking `options` about each new heap.
    pub fn extend_to<E, F>(&mut self, last: u64, mut options: F) -> Result<(), E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        self.extend_with(last, |n, out| {
            for heaps in options(n)? {
                out.push(&heaps);
            }
            Ok(())
        })
    }

    /// Computes `G(n)` for every heap up to `last` in one pass, `options(n, out)` writing
    /// the options of each new heap into `out`: the values of smaller heaps are known by
    /// then, so the cost is one look-up per heap of each option (linear in the number of
    /// options), with no allocation per heap or option.
    pub fn extend_with<E, F>(&mut self, last: u64, mut options: F) -> Result<(), E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64, &mut HeapOptions) -> Result<(), E>,
    {
        if last > MAX_USER_HEAP {
            return Err(ImpartialError::HeapTooLarge {
                heap: last,
                limit: MAX_USER_HEAP,
                what: "a heap game defined by a function",
            }
            .into());
        }
        let mut out = HeapOptions::new();
        // seen[v]: some option has value v (only values up to the number of options can
        // decide the mex).
        let mut seen: Vec<bool> = Vec::new();
        while (self.values.len() as u64) <= last {
            let n = self.values.len() as u64;
            out.clear();
            options(n, &mut out)?;
            // Heap 0 has no smaller heap to move to; an option of it (even one leaving
            // only empty heaps, which are left out) would lead back to itself.
            if let Some(first) = out.iter().next().filter(|_| n == 0) {
                let part = first.first().copied().unwrap_or(0);
                return Err(ImpartialError::OptionNotSmaller { heap: 0, part }.into());
            }
            seen.clear();
            seen.resize(out.len() + 1, false);
            for heaps in out.iter() {
                let v = self.option_value(n, heaps)?;
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            }
            let value = seen.iter().position(|&s| !s).unwrap_or(out.len()) as u64;
            self.values.push(value);
        }
        Ok(())
    }

    /// The value of the option `heaps` of a heap of `n`: the nim-sum of their values.
    fn option_value(&self, n: u64, heaps: &[u64]) -> Result<u64, ImpartialError> {
        heaps.iter().try_fold(0, |acc, &h| {
            if h >= n {
                return Err(ImpartialError::OptionNotSmaller { heap: n, part: h });
            }
            Ok(acc ^ self.values[h as usize])
        })
    }

    /// `G(n)`.
    pub fn grundy<E, F>(&mut self, n: u64, options: F) -> Result<u64, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        self.extend_to(n, options)?;
        Ok(self.values[n as usize])
    }

    /// `G(n)` for every `n` in `range`, the options written as by [`Self::extend_with`].
    pub fn nim_values_with<E, F>(
        &mut self,
        range: RangeInclusive<u64>,
        options: F,
    ) -> Result<Vec<u64>, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64, &mut HeapOptions) -> Result<(), E>,
    {
        self.extend_with(*range.end(), options)?;
        Ok(range.map(|n| self.values[n as usize]).collect())
    }

    /// `G(n)` for every `n` in `range`.
    pub fn nim_values<E, F>(
        &mut self,
        range: RangeInclusive<u64>,
        options: F,
    ) -> Result<Vec<u64>, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        self.extend_to(*range.end(), options)?;
        Ok(range.map(|n| self.values[n as usize]).collect())
    }

    /// Every winning move of a position of several heaps of this game.
    pub fn winning_moves<E, F>(&mut self, heaps: &[u64], mut options: F) -> Result<Vec<HeapMove>, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        let last = heaps.iter().copied().max().unwrap_or(0);
        self.extend_to(last, &mut options)?;
        let total = heaps
            .iter()
            .fold(0, |acc, &h| acc ^ self.values[h as usize]);
        let mut moves = Vec::new();
        if total == 0 {
            return Ok(moves);
        }
        for (i, &h) in heaps.iter().enumerate() {
            if h == 0 {
                continue;
            }
            let target = total ^ self.values[h as usize];
            for to in options(h)? {
                if self.option_value(h, &to)? == target {
                    moves.push(HeapMove {
                        heap: i,
                        from: h,
                        to,
                    });
                }
            }
        }
        Ok(moves)
    }

    /// The period the computed values appear to have, `(preperiod, period)`, without proof.
    pub fn observed_period(&self) -> Option<(u64, u64)> {
        observed_period(&self.values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{HeapRuleset, HeapSolver};

    fn as_function(
        r: &HeapRuleset,
    ) -> impl FnMut(u64) -> Result<Vec<Vec<u64>>, ImpartialError> + '_ {
        move |n| r.options(n)
    }

    #[test]
    fn built_in_rules_through_the_function_interface() {
        for r in [
            HeapRuleset::kayles(),
            HeapRuleset::octal("0.6").unwrap(),
            HeapRuleset::grundys_game(),
            HeapRuleset::subtraction(&[2, 5, 8]).unwrap(),
        ] {
            let mut table = UserHeapRules::new();
            let ours = table.nim_values(0..=300, as_function(&r)).unwrap();
            let mut solver = HeapSolver::new(r.clone());
            assert_eq!(ours, solver.nim_values(0..=300).unwrap(), "{r}");
            let heaps = [7, 12, 30];
            let mut a = table.winning_moves(&heaps, as_function(&r)).unwrap();
            let mut b = solver.winning_moves(&heaps).unwrap();
            a.sort_by(|x, y| (x.heap, &x.to).cmp(&(y.heap, &y.to)));
            b.sort_by(|x, y| (x.heap, &x.to).cmp(&(y.heap, &y.to)));
            assert_eq!(a, b, "{r}");
        }
    }

    #[test]
    fn flat_options_agree_with_lists_and_the_mex_definition() {
        // Kayles written as flat options, against the built-in and against mex computed
        // from the definition on the option values.
        let mut table = UserHeapRules::new();
        let kayles = |n: u64, out: &mut HeapOptions| -> Result<(), ImpartialError> {
            for k in 1..=2.min(n) {
                for a in 0..=(n - k) {
                    out.push(&[a, n - k - a]);
                }
            }
            Ok(())
        };
        let ours = table.nim_values_with(0..=400, kayles).unwrap();
        let mut solver = HeapSolver::new(HeapRuleset::kayles());
        assert_eq!(ours, solver.nim_values(0..=400).unwrap());
        for n in 1..=60u64 {
            let mut out = HeapOptions::new();
            kayles(n, &mut out).unwrap();
            let values: Vec<u64> = out
                .iter()
                .map(|hs| hs.iter().fold(0, |acc, &h| acc ^ ours[h as usize]))
                .collect();
            assert_eq!(
                ours[n as usize],
                crate::impartial::grundy::mex(values),
                "{n}"
            );
        }
        // A heap of 0 in an option is no heap; an option leaving nothing has value 0.
        let mut out = HeapOptions::new();
        out.push(&[0, 3, 0]);
        out.push(&[]);
        assert_eq!(out.iter().collect::<Vec<_>>(), vec![&[3u64][..], &[][..]]);
    }

    #[test]
    fn errors_and_evidence() {
        let mut table = UserHeapRules::new();
        let cheat = |n: u64| -> Result<Vec<Vec<u64>>, ImpartialError> { Ok(vec![vec![n]]) };
        assert_eq!(
            table.grundy(3, cheat),
            Err(ImpartialError::OptionNotSmaller { heap: 0, part: 0 })
        );
        let mut table = UserHeapRules::new();
        let bricks = |n: u64| -> Result<Vec<Vec<u64>>, ImpartialError> {
            Ok((1..=2).filter(|&k| k <= n).map(|k| vec![n - k]).collect())
        };
        assert!(table.grundy(MAX_USER_HEAP + 1, bricks).is_err());
        table.extend_to(100, bricks).unwrap();
        assert_eq!(table.observed_period(), Some((0, 3)));
        // The caller's own error passes through.
        #[derive(Debug, PartialEq)]
        enum Mine {
            Bad,
            Lib(ImpartialError),
        }
        impl From<ImpartialError> for Mine {
            fn from(e: ImpartialError) -> Mine {
                Mine::Lib(e)
            }
        }
        let mut table = UserHeapRules::new();
        let failing = |n: u64| {
            if n == 5 {
                Err(Mine::Bad)
            } else if n == 0 {
                Ok(vec![])
            } else {
                Ok(vec![vec![n - 1]])
            }
        };
        assert_eq!(table.grundy(9, failing), Err(Mine::Bad));
        assert_eq!(table.values().len(), 5);
    }

    #[test]
    fn the_rule_is_asked_about_heap_0() {
        let mut asked = Vec::new();
        let mut table = UserHeapRules::new();
        let rule = |n: u64| -> Result<Vec<Vec<u64>>, ImpartialError> {
            asked.push(n);
            Ok((0..n).map(|k| vec![k]).collect())
        };
        assert_eq!(table.nim_values(0..=2, rule), Ok(vec![0, 1, 2]));
        assert_eq!(asked, [0, 1, 2]);
        // A rule that gives heap 0 an option is told that no heap is smaller than 0.
        let wrong = |_: u64| -> Result<Vec<Vec<u64>>, ImpartialError> { Ok(vec![vec![0]]) };
        assert_eq!(
            UserHeapRules::new().grundy(0, wrong),
            Err(ImpartialError::OptionNotSmaller { heap: 0, part: 0 })
        );
    }
}
