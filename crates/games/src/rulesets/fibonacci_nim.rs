//! Fibonacci Nim (Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963)): one heap; the
//! first move takes from 1 to `n - 1` tokens (not the whole heap), every later move from 1
//! to twice the number the previous move took. Impartial; the player who takes the last
//! token wins.
//!
//! The moves depend on the last move, so a position carries it: `(heap, last)`, `last = 0`
//! before the first move. Whinihan's theorem: the starting heap `n` is a P-position iff `n`
//! is a Fibonacci number; otherwise the winning move takes the smallest term of the
//! Zeckendorf representation of `n` (its sum of non-consecutive Fibonacci numbers).
//!
//! Written `"10"` before the first move and `"7, 3"` for a heap of 7 after a take of 3.

use super::RulesetError;
use super::registry::Arg;
use super::ruleset::Ruleset;

/// Heaps are limited to this size: a heap of `n` has about `n²/2` positions below it, each
/// with up to `n` moves.
pub const MAX_FIBONACCI_HEAP: u32 = 1000;

/// The rules of Fibonacci Nim; a position is `(heap, last take)`, the last take 0 before the
/// first move.
#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciNimRules;

impl FibonacciNimRules {
    /// The most tokens the player to move may take.
    fn cap(heap: u32, last: u32) -> u32 {
        if last == 0 {
            heap.saturating_sub(1)
        } else {
            last.saturating_mul(2).min(heap)
        }
    }
}

impl Ruleset for FibonacciNimRules {
    type Position = (u32, u32);

    fn name(&self) -> &'static str {
        "fibonacci_nim"
    }

    fn visit_moves(
        &self,
        &(heap, last): &(u32, u32),
        _left: bool,
        visit: &mut dyn FnMut(&(u32, u32)),
    ) {
        for take in 1..=Self::cap(heap, last) {
            visit(&(heap - take, take));
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// Written as the built-in's arguments: `fibonacci_nim(42, 1)`.
    fn text_is_arguments(&self) -> bool {
        true
    }

    /// After a take of `last ≥ heap / 2` the whole heap may be taken, whatever `last` was:
    /// those positions have the same moves, so they share the least such `last`.
    fn normal_form(&self, &(heap, last): &(u32, u32)) -> ((u32, u32), bool) {
        let last = if last > 0 && last.saturating_mul(2) >= heap {
            heap.div_ceil(2).max(1)
        } else {
            last
        };
        ((heap, last), false)
    }

    fn is_dead(&self, &(heap, last): &(u32, u32)) -> bool {
        Self::cap(heap, last) == 0
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "n, last (or \"n, last\")",
            summary: "Fibonacci Nim on a heap of n (at most 1000): the first move takes 1 to n-1, later moves at most twice the last take (impartial)",
            example: ("fibonacci_nim(8)", "0"),
            args: super::registry::ArgForm::Custom { min: 1, max: 2 },
        })
    }

    /// `fibonacci_nim(10)` before the first move, `fibonacci_nim(7, 3)` after a take of 3
    /// (as the position prints); the text `fibonacci_nim("7, 3")` reads too.
    fn of_args(&self, args: &[Arg]) -> Result<(u32, u32), RulesetError> {
        let most = u64::from(MAX_FIBONACCI_HEAP);
        let number = |k: usize, what: &str| -> Result<u32, RulesetError> {
            let n = args[k].size(what, 0, most).map_err(|e| e.at_arg(k))?;
            Ok(u32::try_from(n).unwrap_or(MAX_FIBONACCI_HEAP))
        };
        match args {
            [Arg::Text(text)] => self.parse(text).map_err(|e| e.at_arg(0)),
            [_] => Ok((number(0, "a heap")?, 0)),
            [_, _] => Ok((number(0, "a heap")?, number(1, "the last take")?)),
            _ => Err(RulesetError::refused(
                "fibonacci_nim takes a heap and the last take",
            )),
        }
    }

    /// The heap, one row of counters (the last take is not drawn).
    fn picture(&self, &(heap, _): &(u32, u32)) -> Option<super::picture::Picture> {
        super::picture::impartial::heaps(&[u64::from(heap)]).ok()
    }

    fn text(&self, &(heap, last): &(u32, u32)) -> String {
        if last == 0 {
            heap.to_string()
        } else {
            format!("{heap}, {last}")
        }
    }

    fn parse(&self, text: &str) -> Result<(u32, u32), RulesetError> {
        let bad = || {
            RulesetError::BadShape(format!(
                "expected a heap \"n\" (before the first move) or \"n, last take\", found \
                 {text:?}"
            ))
        };
        let (heap, last) = match text.split_once(',') {
            Some((h, l)) => (h.trim(), l.trim()),
            None => (text.trim(), "0"),
        };
        let heap: u32 = heap.parse().map_err(|_| bad())?;
        let last: u32 = last.parse().map_err(|_| bad())?;
        if heap > MAX_FIBONACCI_HEAP {
            return Err(RulesetError::BadShape(format!(
                "a heap of Fibonacci Nim has at most {MAX_FIBONACCI_HEAP} tokens here, found \
                 {heap}"
            )));
        }
        Ok((heap, last.min(MAX_FIBONACCI_HEAP)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameStore, Notation};
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    fn fibonacci_below(n: u32) -> Vec<u32> {
        let mut f = vec![1, 2];
        while f[f.len() - 1] + f[f.len() - 2] <= n {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
        }
        f
    }

    /// The smallest term of the Zeckendorf representation of `n`: greedy, largest first.
    fn zeckendorf_smallest(mut n: u32) -> u32 {
        let fib = fibonacci_below(n);
        let mut smallest = 0;
        for &f in fib.iter().rev() {
            if f <= n {
                n -= f;
                smallest = f;
            }
        }
        smallest
    }

    #[test]
    fn p_positions_at_the_start_are_the_fibonacci_numbers() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(FibonacciNimRules);
        let fib = fibonacci_below(200);
        for n in 1..=200 {
            let zero = solver.value(&mut store, &(n, 0)) == store.zero();
            assert_eq!(zero, fib.contains(&n), "heap {n}");
        }
    }

    #[test]
    fn taking_the_least_zeckendorf_term_wins() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(FibonacciNimRules);
        let fib = fibonacci_below(120);
        for n in 2..=120u32 {
            if fib.contains(&n) {
                continue;
            }
            let take = zeckendorf_smallest(n);
            let after = solver.value(&mut store, &(n - take, take));
            assert_eq!(after, store.zero(), "heap {n}, take {take}");
        }
    }

    #[test]
    fn the_solver_agrees_with_the_definition() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(FibonacciNimRules);
        let mut memo = FxHashMap::default();
        for heap in 0..=25 {
            for last in 0..=14 {
                let fast = solver.value(&mut store, &(heap, last));
                let slow =
                    value_by_definition(&FibonacciNimRules, &mut store, &(heap, last), &mut memo);
                assert_eq!(fast, slow, "({heap}, {last})");
            }
        }
        // By hand: heap 2 after a take of 1 may take 1 or 2, to (1, 1) = * and (0, 2) = 0: *2.
        let g = solver.value(&mut store, &(2, 1));
        assert_eq!(store.display(g, Notation::Ascii), "*2");
    }

    #[test]
    fn text_round_trips_and_bad_text_is_an_error() {
        let r = FibonacciNimRules;
        for p in [(10, 0), (7, 3), (0, 1)] {
            assert_eq!(r.parse(&r.text(&p)).unwrap(), p);
        }
        assert_eq!(r.parse(" 10 ").unwrap(), (10, 0));
        for bad in ["", "x", "3, y", "-1", "1, 2, 3", "1001"] {
            assert!(r.parse(bad).is_err(), "{bad}");
        }
    }

    /// A heap, a heap and the last take, and the text as it prints name the same
    /// positions; sizes over the limit are blamed on their argument.
    #[test]
    fn the_arguments_of_the_builtin() {
        let r = FibonacciNimRules;
        let n = |k: i64| Arg::Int(k.into());
        assert_eq!(r.of_args(&[n(10)]), Ok((10, 0)));
        assert_eq!(r.of_args(&[n(7), n(3)]), Ok((7, 3)));
        assert_eq!(r.of_args(&[Arg::Text("7, 3".into())]), Ok((7, 3)));
        let blamed = |args: &[Arg]| r.of_args(args).map_err(|e| (e.arg(), e.to_string()));
        assert_eq!(
            blamed(&[n(7), n(1001)]),
            Err((Some(1), "the last take 1001 is larger than 1000".into()))
        );
        assert_eq!(
            blamed(&[n(-1)]),
            Err((
                Some(0),
                "a heap must be between 0 and 2^64 - 1, not -1".into()
            ))
        );
        assert_eq!(
            blamed(&[Arg::Text("x".into())]).map_err(|e| e.0),
            Err(Some(0))
        );
        assert!(r.of_args(&[]).is_err());
    }
}
