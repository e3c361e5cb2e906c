//! r-Wythoff (CGSuite's `GenWythoff(r)`; Fraenkel, "How to beat your Wythoff games'
//! opponent on three fronts", Amer. Math. Monthly 89 (1982)): two heaps; a move takes any
//! number of tokens from one heap, or `k ≥ 1` from one and `l ≥ 1` from the other with
//! `|k - l| < r`. `r = 1` is Wythoff's game. Impartial.
//!
//! Fraenkel's theorem: the P-positions are `(⌊iα⌋, ⌊iβ⌋)` with
//! `α = (2 - r + √(r² + 4)) / 2` and `β = α + r`.
//!
//! A position is written `"r, a, b"` and shown as the call `gen_wythoff(r, a, b)`; the two
//! heaps may be swapped (the normal form sorts them).

use super::RulesetError;
use super::registry::{Arg, MAX_SIZE, parameter};
use super::ruleset::Ruleset;

/// The rules of r-Wythoff; a position is `(r, a, b)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenWythoffRules;

impl Ruleset for GenWythoffRules {
    type Position = (u32, u32, u32);

    fn name(&self) -> &'static str {
        "gen_wythoff"
    }

    fn visit_moves(
        &self,
        &(r, a, b): &(u32, u32, u32),
        _left: bool,
        visit: &mut dyn FnMut(&(u32, u32, u32)),
    ) {
        for k in 1..=a {
            visit(&(r, a - k, b));
        }
        for l in 1..=b {
            visit(&(r, a, b - l));
        }
        // From both heaps: k from a and l from b with |k - l| < r.
        for k in 1..=a {
            let low = (k + 1).saturating_sub(r).max(1);
            let high = (k + r - 1).min(b);
            for l in low..=high {
                visit(&(r, a - k, b - l));
            }
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn normal_form(&self, &(r, a, b): &(u32, u32, u32)) -> ((u32, u32, u32), bool) {
        ((r, a.min(b), a.max(b)), false)
    }

    fn is_dead(&self, &(_, a, b): &(u32, u32, u32)) -> bool {
        a == 0 && b == 0
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "r, a, b",
            summary: "r-Wythoff (CGSuite's GenWythoff): heaps a and b; take any number from one heap, or k from one and l from the other with |k - l| < r (r = 1 is Wythoff's game; impartial)",
            example: ("gen_wythoff(2, 2, 6)", "0"),
            args: super::registry::ArgForm::Custom { min: 1, max: 3 },
        })
    }

    fn of_args(&self, args: &[Arg]) -> Result<(u32, u32, u32), RulesetError> {
        let number = |k: usize, what: &str, least: u64| parameter(args, k, what, least);
        match args {
            [Arg::Text(text)] => self.parse(text).map_err(|e| e.at_arg(0)),
            [_, _, _] => Ok((
                number(0, "r", 1)?,
                number(1, "a heap", 0)?,
                number(2, "a heap", 0)?,
            )),
            _ => Err(RulesetError::refused(
                "gen_wythoff takes r and two heaps: gen_wythoff(2, 3, 5)",
            )),
        }
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    /// The two heaps, a row of counters each.
    fn picture(&self, &(_, a, b): &(u32, u32, u32)) -> Option<super::picture::Picture> {
        super::picture::impartial::heaps(&[u64::from(a), u64::from(b)]).ok()
    }

    fn text(&self, &(r, a, b): &(u32, u32, u32)) -> String {
        format!("{r}, {a}, {b}")
    }

    fn parse(&self, text: &str) -> Result<(u32, u32, u32), RulesetError> {
        let bad = || RulesetError::BadShape(format!("expected \"r, a, b\", found {text:?}"));
        let parts: Vec<u32> = text
            .split(',')
            .map(|s| s.trim().parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match parts[..] {
            [r, a, b] if r >= 1 && u64::from(a.max(b)) <= MAX_SIZE => Ok((r, a, b)),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameStore, Notation};
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    #[test]
    fn agrees_with_the_definition() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(GenWythoffRules);
        let mut memo = FxHashMap::default();
        for r in 1..4 {
            for a in 0..7 {
                for b in 0..7 {
                    let fast = solver.value(&mut store, &(r, a, b));
                    let slow =
                        value_by_definition(&GenWythoffRules, &mut store, &(r, a, b), &mut memo);
                    assert_eq!(fast, slow, "({r}, {a}, {b})");
                }
            }
        }
    }

    /// Fraenkel's formula for the P-positions, for r = 1 to 5, as CGSuite's
    /// `GameHeapTest.scala` checks it.
    #[test]
    fn p_positions_are_fraenkels() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(GenWythoffRules);
        for r in 1..=5u32 {
            let rf = f64::from(r);
            let alpha = (2.0 - rf + (rf * rf + 4.0).sqrt()) / 2.0;
            let beta = alpha + rf;
            let pairs: Vec<(u32, u32)> = (0..10)
                .map(|i| ((f64::from(i) * alpha) as u32, (f64::from(i) * beta) as u32))
                .collect();
            for a in 0..25 {
                for b in a..25 {
                    let zero = solver.value(&mut store, &(r, a, b)) == store.zero();
                    assert_eq!(zero, pairs.contains(&(a, b)), "r {r}: ({a}, {b})");
                }
            }
        }
    }

    /// CGSuite's `GameHeapTest.scala`: r = 2, the position (10, 10) has 48 options (as a
    /// set), and the values of (10, n) for n = 0..20.
    #[test]
    fn cgsuite_row_ten() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(GenWythoffRules);
        let mut options = GenWythoffRules.moves(&(2, 10, 10), true);
        options.sort_unstable();
        options.dedup();
        assert_eq!(options.len(), 48);
        let row: Vec<String> = (0..=20)
            .map(|n| {
                let g = solver.value(&mut store, &(2, 10, n));
                store.display(g, Notation::Ascii)
            })
            .collect();
        let expected = [
            10, 11, 12, 13, 0, 14, 9, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 15, 28, 29, 30,
        ];
        let expected: Vec<String> = expected
            .iter()
            .map(|&v| match v {
                0 => "0".to_string(),
                1 => "*".to_string(),
                v => format!("*{v}"),
            })
            .collect();
        assert_eq!(row, expected);
    }
}
