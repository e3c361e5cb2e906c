//! Partizan heap games (CGSuite's `PartizanHeapRuleset`, `PartizanSubtraction`,
//! `PartizanSplittles`, `PartizanTakeAndBreak`): Left moves in a heap by one impartial heap
//! ruleset and Right by another. Partizan subtraction games are studied by Fraenkel and
//! Kotzig, "Partizan octal games: partizan subtraction games", Int. J. Game Theory 16
//! (1987), and by Siegel, *Combinatorial Game Theory*, §I.? exercises.
//!
//! - `partizan_subtraction(L, R, n)`: Left removes `s ∈ L` tokens, Right `s ∈ R`;
//! - `partizan_splittles(L, R, n)`: the same, and the tokens left may also be split into
//!   two heaps (each side's code is the subtraction set with digit 7, as CGSuite builds it);
//! - `partizan_octal("0.07", "0.77", n)`: each side by its take-and-break code.
//!
//! A position is the pair of rulesets and the heaps, a sum of single heaps; it is written
//! `"[1,3], [2,3], 6"` (or `"…, [2, 4]"` for several heaps) and shown as the call.

use super::RulesetError;
use super::registry::{Arg, MAX_SIZE};
use super::ruleset::Ruleset;
use crate::impartial::HeapRuleset;
use std::sync::Arc;

/// Heaps are limited to this size: the options of a heap of `n` are listed in full.
pub const MAX_PARTIZAN_HEAP: u32 = 200;

/// How each side's ruleset is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartizanHeapGame {
    /// By subtraction sets.
    Subtraction,
    /// By subtraction sets, with a split of the rest into two heaps allowed.
    Splittles,
    /// By take-and-break codes.
    Octal,
}

/// The two sides' rulesets, as written (sets or codes) and as heap rulesets.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sides {
    written: [String; 2],
    rules: [HeapRuleset; 2],
}

/// A position: the sides' rulesets and the heaps (sorted).
pub type Heaps = (Arc<Sides>, Vec<u32>);

/// The rules of a partizan heap game.
#[derive(Clone, Copy, Debug)]
pub struct PartizanHeapRules {
    pub game: PartizanHeapGame,
}

impl PartizanHeapRules {
    /// The heap ruleset of one side, from its set or code as written.
    fn side(&self, written: &str) -> Result<(String, HeapRuleset), RulesetError> {
        let refused = |e: crate::impartial::ImpartialError| RulesetError::refused(e.to_string());
        match self.game {
            PartizanHeapGame::Octal => {
                let code = written.trim().trim_matches('"');
                let rules = HeapRuleset::octal(code).map_err(refused)?;
                Ok((format!("{code:?}"), rules))
            }
            PartizanHeapGame::Subtraction | PartizanHeapGame::Splittles => {
                let inner = written
                    .trim()
                    .strip_prefix('[')
                    .and_then(|s| s.strip_suffix(']'))
                    .ok_or_else(|| {
                        RulesetError::BadShape(format!(
                            "expected a set such as [1,3], found {written:?}"
                        ))
                    })?;
                let mut set: Vec<u64> = Vec::new();
                for item in inner.split(',').filter(|s| !s.trim().is_empty()) {
                    let k: u64 = item.trim().parse().map_err(|_| {
                        RulesetError::BadShape(format!("{item:?} is not a number of tokens"))
                    })?;
                    if k == 0 || k > u64::from(MAX_PARTIZAN_HEAP) {
                        return Err(RulesetError::refused(format!(
                            "a subtraction set holds numbers from 1 to {MAX_PARTIZAN_HEAP}, not {k}"
                        )));
                    }
                    set.push(k);
                }
                set.sort_unstable();
                set.dedup();
                let text = format!(
                    "[{}]",
                    set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
                );
                let rules = match self.game {
                    PartizanHeapGame::Subtraction if set.is_empty() => {
                        HeapRuleset::octal("0.0").map_err(refused)?
                    }
                    PartizanHeapGame::Subtraction => {
                        HeapRuleset::subtraction(&set).map_err(refused)?
                    }
                    _ => splittles(&set).map_err(refused)?,
                };
                Ok((text, rules))
            }
        }
    }

    /// Reads `"L, R, heap"` or `"L, R, [heaps]"`, L and R sets or quoted codes.
    fn read(&self, text: &str) -> Result<Heaps, RulesetError> {
        let parts = split_top(text);
        let [l, r, h] = parts.as_slice() else {
            return Err(RulesetError::BadShape(format!(
                "expected the two sides and the heap, such as \"[1,3], [2,3], 6\", found {text:?}"
            )));
        };
        let (lw, lr) = self.side(l)?;
        let (rw, rr) = self.side(r)?;
        let h = h.trim();
        let heaps: Vec<u32> =
            if let Some(inner) = h.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
                inner
                    .split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| heap(s.trim()))
                    .collect::<Result<_, _>>()?
            } else {
                vec![heap(h)?]
            };
        let sides = Sides {
            written: [lw, rw],
            rules: [lr, rr],
        };
        Ok((Arc::new(sides), sorted(heaps)))
    }
}

/// The splittles code of a subtraction set: digit 7 (take the whole heap, leave one heap or
/// two) at each number in the set.
fn splittles(set: &[u64]) -> Result<HeapRuleset, crate::impartial::ImpartialError> {
    let last = set.last().copied().unwrap_or(0) as usize;
    let mut code = String::from("0.");
    for k in 1..=last.max(1) {
        code.push(if set.contains(&(k as u64)) { '7' } else { '0' });
    }
    HeapRuleset::octal(&code)
}

fn heap(s: &str) -> Result<u32, RulesetError> {
    let n: u32 = s
        .parse()
        .map_err(|_| RulesetError::BadShape(format!("{s:?} is not a heap")))?;
    if n > MAX_PARTIZAN_HEAP {
        return Err(RulesetError::refused(format!(
            "a heap of {n} is larger than {MAX_PARTIZAN_HEAP}"
        )));
    }
    Ok(n)
}

fn sorted(mut heaps: Vec<u32>) -> Vec<u32> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// Splits at the commas outside brackets and quotes.
pub(super) fn split_top(text: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let (mut depth, mut quoted) = (0i32, false);
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            '[' if !quoted => depth += 1,
            ']' if !quoted => depth -= 1,
            ',' if depth == 0 && !quoted => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = parts.last_mut() {
            last.push(c);
        }
    }
    parts
}

impl Ruleset for PartizanHeapRules {
    type Position = Heaps;

    fn name(&self) -> &'static str {
        match self.game {
            PartizanHeapGame::Subtraction => "partizan_subtraction",
            PartizanHeapGame::Splittles => "partizan_splittles",
            PartizanHeapGame::Octal => "partizan_octal",
        }
    }

    fn visit_moves(&self, (sides, heaps): &Heaps, left: bool, visit: &mut dyn FnMut(&Heaps)) {
        let rules = &sides.rules[usize::from(!left)];
        for (i, &n) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == n {
                continue;
            }
            // Heaps are at most MAX_PARTIZAN_HEAP, so the options are few; a ruleset that
            // could not list them gives no move rather than a panic.
            for option in rules.options(u64::from(n)).unwrap_or_default() {
                let mut next: Vec<u32> = heaps.clone();
                next.remove(i);
                next.extend(option.iter().map(|&h| h as u32));
                visit(&(sides.clone(), sorted(next)));
            }
        }
    }

    fn components(&self, (sides, heaps): &Heaps) -> Vec<Heaps> {
        heaps.iter().map(|&h| (sides.clone(), vec![h])).collect()
    }

    fn written_parts(&self, p: &Heaps) -> Vec<Heaps> {
        if p.1.is_empty() {
            vec![p.clone()]
        } else {
            self.components(p)
        }
    }

    fn is_dead(&self, (_, heaps): &Heaps) -> bool {
        heaps.is_empty()
    }

    fn about(&self) -> Option<super::registry::About> {
        use super::registry::{About, ArgForm};
        Some(match self.game {
            PartizanHeapGame::Subtraction => About {
                params: "left set, right set, heap",
                summary: "partizan subtraction (CGSuite's PartizanSubtraction): Left removes s tokens from a heap for s in the left set, Right for s in the right set (heaps up to 200)",
                example: ("partizan_subtraction([1], [2], 2)", "{1|0}"),
                args: ArgForm::Custom { min: 1, max: 3 },
            },
            PartizanHeapGame::Splittles => About {
                params: "left set, right set, heap",
                summary: "partizan splittles (CGSuite's PartizanSplittles): as partizan_subtraction, and the tokens left may be split into two heaps (heaps up to 200)",
                example: ("partizan_splittles([1], [2], 3)", "{2|1}"),
                args: ArgForm::Custom { min: 1, max: 3 },
            },
            PartizanHeapGame::Octal => About {
                params: "left code, right code, heap",
                summary: "partizan take-and-break (CGSuite's PartizanTakeAndBreak): Left moves in a heap by one take-and-break code, Right by another (heaps up to 200)",
                example: ("partizan_octal(\"0.07\", \"0.77\", 2)", "{0|-1}"),
                args: ArgForm::Custom { min: 1, max: 3 },
            },
        })
    }

    fn of_args(&self, args: &[Arg]) -> Result<Heaps, RulesetError> {
        let side = |k: usize| -> Result<String, RulesetError> {
            match (self.game, &args[k]) {
                (PartizanHeapGame::Octal, Arg::Text(code)) => Ok(format!("{code:?}")),
                (PartizanHeapGame::Octal, other) => Err(RulesetError::refused(format!(
                    "expected a take-and-break code such as \"0.77\", found {}",
                    other.kind()
                ))
                .at_arg(k)),
                (_, list) => {
                    let items = list.items().map_err(|e| e.at_arg(k))?;
                    let mut set = Vec::new();
                    for item in items {
                        let s = item
                            .size("a number of tokens", 0, MAX_SIZE)
                            .map_err(|e| e.at_arg(k))?;
                        if s == 0 {
                            return Err(RulesetError::refused(
                                "a subtraction set holds positive numbers: taking 0 tokens would be a pass",
                            )
                            .at_arg(k));
                        }
                        set.push(s);
                    }
                    Ok(format!(
                        "[{}]",
                        set.iter()
                            .map(usize::to_string)
                            .collect::<Vec<_>>()
                            .join(",")
                    ))
                }
            }
        };
        match args {
            [Arg::Text(text)] if self.game != PartizanHeapGame::Octal || text.contains(',') => {
                self.read(text).map_err(|e| e.at_arg(0))
            }
            [_, _, h] => {
                let (l, r) = (side(0)?, side(1)?);
                let heaps = match h {
                    Arg::List(items) | Arg::Set(items) => items
                        .iter()
                        .map(|x| x.size("a heap", 0, MAX_SIZE).map(|n| n.to_string()))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|e| e.at_arg(2))?
                        .join(","),
                    other => other
                        .size("a heap", 0, MAX_SIZE)
                        .map_err(|e| e.at_arg(2))?
                        .to_string(),
                };
                let heaps = if matches!(h, Arg::List(_) | Arg::Set(_)) {
                    format!("[{heaps}]")
                } else {
                    heaps
                };
                self.read(&format!("{l}, {r}, {heaps}")).map_err(|e| {
                    let blame = if e.to_string().contains("heap") { 2 } else { 0 };
                    e.at_arg(blame)
                })
            }
            _ => Err(RulesetError::refused(format!(
                "{} takes the left side, the right side and a heap",
                self.name()
            ))),
        }
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    /// The heaps, a row of counters each.
    fn picture(&self, (_, heaps): &Heaps) -> Option<super::picture::Picture> {
        let heaps: Vec<u64> = heaps.iter().map(|&h| u64::from(h)).collect();
        super::picture::impartial::heaps(&heaps).ok()
    }

    fn text(&self, (sides, heaps): &Heaps) -> String {
        let [l, r] = &sides.written;
        match heaps.as_slice() {
            [] => format!("{l}, {r}, 0"),
            [h] => format!("{l}, {r}, {h}"),
            hs => format!(
                "{l}, {r}, [{}]",
                hs.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            ),
        }
    }

    fn parse(&self, text: &str) -> Result<Heaps, RulesetError> {
        self.read(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameStore, Notation};
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    const SUB: PartizanHeapRules = PartizanHeapRules {
        game: PartizanHeapGame::Subtraction,
    };

    /// CGSuite's `GameHeapTest.scala`: PartizanSubtraction([1,3], [2,3]) on 6.
    #[test]
    fn the_published_value() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(SUB);
        assert_eq!(
            solver.shown(&mut store, "[1,3], [2,3], 6"),
            "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"
        );
    }

    #[test]
    fn agrees_with_the_definition() {
        let mut store = GameStore::new();
        let cases = [
            (PartizanHeapGame::Subtraction, "[1,3]", "[2,3]"),
            (PartizanHeapGame::Subtraction, "[1]", "[1,2]"),
            (PartizanHeapGame::Splittles, "[1]", "[2]"),
            (PartizanHeapGame::Splittles, "[1,2]", "[3]"),
            (PartizanHeapGame::Octal, "\"0.07\"", "\"0.77\""),
            (PartizanHeapGame::Octal, "\"4.\"", "\"0.6\""),
        ];
        for (game, l, r) in cases {
            let rules = PartizanHeapRules { game };
            let mut solver = Solver::new(rules);
            let mut memo = FxHashMap::default();
            for n in 0..11 {
                for m in [0, 2, 3] {
                    let text = format!("{l}, {r}, [{n}, {m}]");
                    let p = rules.parse(&text).unwrap();
                    let fast = solver.value(&mut store, &p);
                    let slow = value_by_definition(&rules, &mut store, &p, &mut memo);
                    assert_eq!(
                        store.display(fast, Notation::Ascii),
                        store.display(slow, Notation::Ascii),
                        "{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn texts_read_back_and_bad_ones_are_errors() {
        let p = SUB.parse("[3,1], [2], [4, 2]").unwrap();
        assert_eq!(SUB.text(&p), "[1,3], [2], [2, 4]");
        for bad in [
            "",
            "[1], 3",
            "[0], [1], 2",
            "[1], [x], 2",
            "[1], [2], 201",
            "1, [2], 3",
        ] {
            assert!(SUB.parse(bad).is_err(), "{bad:?}");
        }
        let octal = PartizanHeapRules {
            game: PartizanHeapGame::Octal,
        };
        assert!(octal.parse("\"0.W\", \"0.7\", 3").is_err());
    }
}
