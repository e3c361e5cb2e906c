//! Partizan Euclid (Nowakowski and McKay; CGSuite's `PartizanEuclid`, the case study of
//! CGSuite's tutorial "CGSuite In Action"): a position is a pair of whole numbers `(p, q)`.
//! When `q` divides `p` (or `q = 0`) nobody can move. Otherwise each player has exactly one
//! move, a step of Euclid's algorithm:
//!
//! - Left moves to `(q, p mod q)`;
//! - Right moves to `(q, q - p mod q)`.
//!
//! The second number always drops, so every game is short. With `q ≤ p` this is Euclid's
//! algorithm; positions with `q > p` are allowed too (their first move swaps the numbers).
//!
//! A position is written `"p, q"` and shown as the call `partizan_euclid(p, q)`; it is drawn
//! as two heaps of counters (the rectangle `p × q` that Euclid's algorithm cuts into
//! squares, one heap per side).

use super::RulesetError;
use super::registry::{Arg, MAX_SIZE, parameter};
use super::ruleset::Ruleset;

/// The rules of Partizan Euclid; a position is `(p, q)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct PartizanEuclidRules;

impl PartizanEuclidRules {
    /// The one move of Left (`left`) or Right from `(p, q)`, if the game is not over.
    pub fn step(&self, (p, q): (u32, u32), left: bool) -> Option<(u32, u32)> {
        if q == 0 || p % q == 0 {
            return None;
        }
        let r = p % q;
        Some(if left { (q, r) } else { (q, q - r) })
    }
}

impl Ruleset for PartizanEuclidRules {
    type Position = (u32, u32);

    fn name(&self) -> &'static str {
        "partizan_euclid"
    }

    fn visit_moves(&self, &p: &(u32, u32), left: bool, visit: &mut dyn FnMut(&(u32, u32))) {
        if let Some(q) = self.step(p, left) {
            visit(&q);
        }
    }

    fn is_dead(&self, &p: &(u32, u32)) -> bool {
        self.step(p, true).is_none()
    }

    /// Two heaps of counters, `p` and `q` (one counter with the size for a long heap).
    fn picture(&self, &(p, q): &(u32, u32)) -> Option<super::picture::Picture> {
        super::picture::impartial::heaps(&[u64::from(p), u64::from(q)]).ok()
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "p, q",
            summary: "Partizan Euclid (Nowakowski and McKay; CGSuite's PartizanEuclid): unless q divides p, Left moves to (q, p mod q) and Right to (q, q - p mod q)",
            example: ("partizan_euclid(8, 6)", "^"),
            args: super::registry::ArgForm::Custom { min: 1, max: 2 },
        })
    }

    fn of_args(&self, args: &[Arg]) -> Result<(u32, u32), RulesetError> {
        match args {
            [Arg::Text(text)] => self.parse(text).map_err(|e| e.at_arg(0)),
            [_, _] => Ok((parameter(args, 0, "p", 0)?, parameter(args, 1, "q", 0)?)),
            _ => Err(RulesetError::refused(
                "partizan_euclid takes two numbers: partizan_euclid(8, 3)",
            )),
        }
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    fn text(&self, &(p, q): &(u32, u32)) -> String {
        format!("{p}, {q}")
    }

    fn parse(&self, text: &str) -> Result<(u32, u32), RulesetError> {
        let bad = || RulesetError::BadShape(format!("expected \"p, q\", found {text:?}"));
        let parts: Vec<u32> = text
            .split(',')
            .map(|s| s.trim().parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match parts[..] {
            [p, q] if u64::from(p.max(q)) <= MAX_SIZE => Ok((p, q)),
            [_, _] => Err(RulesetError::refused(format!(
                "partizan_euclid takes numbers up to {MAX_SIZE}"
            ))),
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

    fn shown(
        solver: &mut Solver<PartizanEuclidRules>,
        store: &mut GameStore,
        p: u32,
        q: u32,
    ) -> String {
        let g = solver.value(store, &(p, q));
        store.display(g, Notation::Ascii)
    }

    /// CGSuite's `GameHeapTest.scala` ("define partizan coordinate games properly"):
    /// `PartizanEuclid((8, n))` for n = 0..8 is `[0,0,0,v,0,0,^,^5,0]`, and (8, 8) has no
    /// Left option. By hand: (8, 3) → Left (3, 2) = {(2,1)|(2,1)} = {0|0} = *, Right (3, 1)
    /// = 0, so {*|0} = v; (8, 6) → Left (6, 2) = 0, Right (6, 4) = {0|0} = *: {0|*} = ^.
    #[test]
    fn cgsuite_row_eight() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(PartizanEuclidRules);
        let row: Vec<String> = (0..=8)
            .map(|n| shown(&mut solver, &mut store, 8, n))
            .collect();
        assert_eq!(row, ["0", "0", "0", "v", "0", "0", "^", "^5", "0"]);
        assert!(PartizanEuclidRules.moves(&(8, 8), true).is_empty());
    }

    #[test]
    fn agrees_with_the_definition() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(PartizanEuclidRules);
        let mut memo = FxHashMap::default();
        for p in 0..40 {
            for q in 0..40 {
                let fast = solver.value(&mut store, &(p, q));
                let slow =
                    value_by_definition(&PartizanEuclidRules, &mut store, &(p, q), &mut memo);
                assert_eq!(fast, slow, "({p}, {q})");
            }
        }
    }

    #[test]
    fn numbers_out_of_range_are_errors() {
        assert!(PartizanEuclidRules.parse("8, 3").is_ok());
        assert!(PartizanEuclidRules.parse("8, 3, 1").is_err());
        assert!(PartizanEuclidRules.parse("8, -3").is_err());
        assert!(PartizanEuclidRules.parse("8, 1001").is_err());
    }
}
