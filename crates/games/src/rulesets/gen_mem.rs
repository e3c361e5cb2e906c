//! Heap games with a memory of the last move (CGSuite's `GenMem`): one heap, and the number
//! of tokens the last move took. Impartial.
//!
//! - **Mem** (CGSuite's `Mem`): take `j` tokens with `j ≥` the last take (`mem(n)` before
//!   any move, memory 0: any take);
//! - **Take-away α** (CGSuite's `TakeAway(α)`; Schwenk, "Take-away games", Fibonacci
//!   Quarterly 8 (1970)): take `j` tokens with `1 ≤ j ≤ α ·` the last take. `TakeAway(2)`
//!   is CGSuite's Fibonacci Nim; with memory 0 there is no move, so a game starts from a
//!   memory (`take_away(2, 10, 9)`: 10 tokens, up to 18 may be taken).
//!
//! A position is `(n, memory)`, written `"n, memory"` (Mem) or `"α, n, memory"`
//! (take-away) and shown as the call.

use super::RulesetError;
use super::registry::{Arg, MAX_SIZE, parameter};
use super::ruleset::Ruleset;

/// Which memory game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemGame {
    /// Take at least as many as last time.
    Mem,
    /// Take at most α times as many as last time (α a positive integer, in the position).
    TakeAway,
}

/// The rules of a memory game; a position is `(α, n, memory)` (α is 0 for Mem).
#[derive(Clone, Copy, Debug)]
pub struct MemRules {
    pub game: MemGame,
}

impl MemRules {
    /// The takes allowed from `(α, n, memory)`.
    fn takes(&self, &(alpha, n, memory): &(u32, u32, u32)) -> std::ops::RangeInclusive<u32> {
        match self.game {
            MemGame::Mem => memory.max(1)..=n,
            MemGame::TakeAway => 1..=n.min(alpha.saturating_mul(memory)),
        }
    }
}

impl Ruleset for MemRules {
    type Position = (u32, u32, u32);

    fn name(&self) -> &'static str {
        match self.game {
            MemGame::Mem => "mem",
            MemGame::TakeAway => "take_away",
        }
    }

    fn visit_moves(
        &self,
        p: &(u32, u32, u32),
        _left: bool,
        visit: &mut dyn FnMut(&(u32, u32, u32)),
    ) {
        let (alpha, n, _) = *p;
        for j in self.takes(p) {
            visit(&(alpha, n - j, j));
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// A memory past every take that changes anything is the same memory: for Mem, any
    /// memory above `n` (no move); for take-away, any memory with `α · memory ≥ n`.
    fn normal_form(&self, &(alpha, n, memory): &(u32, u32, u32)) -> ((u32, u32, u32), bool) {
        let memory = match self.game {
            MemGame::Mem => memory.min(n + 1),
            MemGame::TakeAway if alpha.saturating_mul(memory) >= n && memory > 0 => {
                n.div_ceil(alpha).max(1)
            }
            MemGame::TakeAway => memory,
        };
        ((alpha, n, memory), false)
    }

    fn is_dead(&self, p: &(u32, u32, u32)) -> bool {
        self.takes(p).is_empty()
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(match self.game {
            MemGame::Mem => super::registry::About {
                params: "n, memory",
                summary: "Mem (CGSuite's Mem): a heap of n; take at least as many tokens as the last move took (memory, 0 at the start: any take; impartial)",
                example: ("mem(10, 4)", "*2"),
                args: super::registry::ArgForm::Custom { min: 1, max: 2 },
            },
            MemGame::TakeAway => super::registry::About {
                params: "alpha, n, memory",
                summary: "take-away game (CGSuite's TakeAway): a heap of n; take 1 to alpha times as many tokens as the last move took (memory); alpha a positive integer, take_away(2, …) is CGSuite's Fibonacci Nim (impartial)",
                example: ("take_away(3, 10, 1)", "*2"),
                args: super::registry::ArgForm::Custom { min: 1, max: 3 },
            },
        })
    }

    fn of_args(&self, args: &[Arg]) -> Result<(u32, u32, u32), RulesetError> {
        let number = |k: usize, what: &str, least: u64| parameter(args, k, what, least);
        match (self.game, args) {
            (_, [Arg::Text(text)]) => self.parse(text).map_err(|e| e.at_arg(0)),
            (MemGame::Mem, [_]) => Ok((0, number(0, "a heap", 0)?, 0)),
            (MemGame::Mem, [_, _]) => Ok((0, number(0, "a heap", 0)?, number(1, "the memory", 0)?)),
            (MemGame::TakeAway, [_, _, _]) => Ok((
                number(0, "alpha", 1)?,
                number(1, "a heap", 0)?,
                number(2, "the memory", 0)?,
            )),
            (MemGame::Mem, _) => Err(RulesetError::refused("mem takes a heap and the memory")),
            (MemGame::TakeAway, _) => Err(RulesetError::refused(
                "take_away takes alpha, a heap and the memory: take_away(2, 10, 9)",
            )),
        }
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    /// The heap, one row of counters (the memory is not drawn).
    fn picture(&self, &(_, n, _): &(u32, u32, u32)) -> Option<super::picture::Picture> {
        super::picture::impartial::heaps(&[u64::from(n)]).ok()
    }

    fn text(&self, &(alpha, n, memory): &(u32, u32, u32)) -> String {
        match self.game {
            MemGame::Mem => format!("{n}, {memory}"),
            MemGame::TakeAway => format!("{alpha}, {n}, {memory}"),
        }
    }

    fn parse(&self, text: &str) -> Result<(u32, u32, u32), RulesetError> {
        let want = match self.game {
            MemGame::Mem => "\"n, memory\"",
            MemGame::TakeAway => "\"alpha, n, memory\"",
        };
        let bad = || RulesetError::BadShape(format!("expected {want}, found {text:?}"));
        let parts: Vec<u32> = text
            .split(',')
            .map(|s| s.trim().parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let p = match (self.game, &parts[..]) {
            (MemGame::Mem, &[n, m]) => (0, n, m),
            (MemGame::TakeAway, &[a, n, m]) if a >= 1 => (a, n, m),
            _ => return Err(bad()),
        };
        if u64::from(p.1) > MAX_SIZE {
            return Err(RulesetError::refused(format!(
                "a heap of {} is larger than {MAX_SIZE}",
                p.1
            )));
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameStore, Notation};
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    const MEM: MemRules = MemRules { game: MemGame::Mem };
    const TAKE_AWAY: MemRules = MemRules {
        game: MemGame::TakeAway,
    };

    fn nimber(v: u64) -> String {
        match v {
            0 => "0".into(),
            1 => "*".into(),
            v => format!("*{v}"),
        }
    }

    #[test]
    fn agrees_with_the_definition() {
        let mut store = GameStore::new();
        for rules in [MEM, TAKE_AWAY] {
            let mut solver = Solver::new(rules);
            let mut memo = FxHashMap::default();
            for alpha in 1..4 {
                for n in 0..14 {
                    for m in 0..16 {
                        let p = if rules.game == MemGame::Mem {
                            (0, n, m)
                        } else {
                            (alpha, n, m)
                        };
                        let fast = solver.value(&mut store, &p);
                        let slow = value_by_definition(&rules, &mut store, &p, &mut memo);
                        assert_eq!(fast, slow, "{p:?}");
                    }
                }
            }
        }
    }

    /// CGSuite's `GameHeapTest.scala`: the values of the heap 10 with memory 0 to 20, and
    /// the number of options with memory 10.
    #[test]
    fn cgsuite_row_ten() {
        let mut store = GameStore::new();
        let cases: [(MemRules, u32, [u64; 21], usize); 2] = [
            (
                MEM,
                0,
                [
                    3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                ],
                1,
            ),
            (
                TAKE_AWAY,
                3,
                [
                    0, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                ],
                10,
            ),
        ];
        for (rules, alpha, row, count) in cases {
            let mut solver = Solver::new(rules);
            let got: Vec<String> = (0..=20)
                .map(|m| {
                    let g = solver.value(&mut store, &(alpha, 10, m));
                    store.display(g, Notation::Ascii)
                })
                .collect();
            let want: Vec<String> = row.iter().map(|&v| nimber(v)).collect();
            assert_eq!(got, want, "{}", rules.name());
            assert_eq!(rules.moves(&(alpha, 10, 10), true).len(), count);
        }
    }
}
