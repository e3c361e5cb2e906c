//! Wythoff's game: two heaps; a move takes any number of tokens from one heap, or the same
//! number from both. Impartial; its P-positions are the pairs `(⌊kφ⌋, ⌊kφ²⌋)` (Wythoff,
//! 1907): (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), …
//!
//! One file on the generic [`Solver`](super::ruleset::Solver): a position is the pair of
//! heaps, written `"3, 5"`, and the two heaps may be swapped (the normal form sorts them).

use super::RulesetError;
use super::ruleset::Ruleset;

/// The rules of Wythoff's game; a position is the pair of heap sizes.
#[derive(Clone, Copy, Debug, Default)]
pub struct WythoffRules;

impl Ruleset for WythoffRules {
    type Position = (u32, u32);

    fn of_sizes(&self, sizes: &[usize]) -> Option<(u32, u32)> {
        match *sizes {
            [a, b] => Some((u32::try_from(a).ok()?, u32::try_from(b).ok()?)),
            _ => None,
        }
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "a, b (or \"a, b\")",
            summary: "Wythoff's game on heaps a and b: take any number from one heap, or the same number from both (impartial)",
            example: ("wythoff(1, 2)", "0"),
            args: super::registry::ArgForm::TextOrSizes {
                what: "two heaps, such as wythoff(3, 5)",
                sizes: &["a heap", "a heap"],
            },
        })
    }

    fn name(&self) -> &'static str {
        "wythoff"
    }

    fn visit_moves(&self, &(a, b): &(u32, u32), _left: bool, visit: &mut dyn FnMut(&(u32, u32))) {
        for k in 1..=a {
            visit(&(a - k, b));
        }
        for k in 1..=b {
            visit(&(a, b - k));
        }
        for k in 1..=a.min(b) {
            visit(&(a - k, b - k));
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn normal_form(&self, &(a, b): &(u32, u32)) -> ((u32, u32), bool) {
        ((a.min(b), a.max(b)), false)
    }

    fn is_dead(&self, &(a, b): &(u32, u32)) -> bool {
        a == 0 && b == 0
    }

    /// The two heaps, a row of counters each.
    fn picture(&self, &(a, b): &(u32, u32)) -> Option<super::picture::Picture> {
        super::picture::impartial::heaps(&[u64::from(a), u64::from(b)]).ok()
    }

    fn text(&self, &(a, b): &(u32, u32)) -> String {
        format!("{a}, {b}")
    }

    fn parse(&self, text: &str) -> Result<(u32, u32), RulesetError> {
        let bad = || RulesetError::BadShape(format!("expected two heaps \"a, b\", found {text:?}"));
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        Ok((
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameStore, Notation};
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    #[test]
    fn p_positions_are_wythoffs_pairs() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(WythoffRules);
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let pairs: Vec<(u32, u32)> = (0..12)
            .map(|k| ((k as f64 * phi) as u32, (k as f64 * phi * phi) as u32))
            .collect();
        for a in 0..30 {
            for b in a..30 {
                let zero = solver.value(&mut store, &(a, b)) == store.zero();
                assert_eq!(zero, pairs.contains(&(a, b)), "({a}, {b})");
            }
        }
    }

    #[test]
    fn grundy_values_and_the_definition() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(WythoffRules);
        let mut memo = FxHashMap::default();
        for a in 0..8 {
            for b in 0..8 {
                let fast = solver.value(&mut store, &(a, b));
                let slow = value_by_definition(&WythoffRules, &mut store, &(a, b), &mut memo);
                assert_eq!(fast, slow, "({a}, {b})");
            }
        }
        // (0, n) is the Nim heap *n; (1, 1) has options (0, 1), (1, 0) and (0, 0): *2.
        let g = solver.value(&mut store, &(0, 5));
        assert_eq!(store.display(g, Notation::Ascii), "*5");
        let g = solver.value(&mut store, &(1, 1));
        assert_eq!(store.display(g, Notation::Ascii), "*2");
    }
}
