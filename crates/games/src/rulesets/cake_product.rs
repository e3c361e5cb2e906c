//! Cake products: CGSuite's `R.CakeProduct(S, twisted)` of two heap rulesets, which its
//! `HeapRuleset.cgs` defines as `GenCutcake(R, S, twisted)`. A cake of `a` rows and `b`
//! columns; Left moves on the columns by `R` (each option of the heap `b`, heaps
//! `b₁, b₂, …`, leaves the pieces `(a, b₁) + (a, b₂) + …`, none when it takes the heap
//! whole), Right on the rows by `S`. A twisted product turns the cake a quarter before each
//! move (as `twisted_cutcake` does). Cut-Cake is the product of `4.0` with itself, Eatcake
//! of `0.7`, Maundy Cake of `{2+}=.0` (CGSuite's `game/heap/constants.cgs`).
//!
//! The two rulesets are any heap rulesets with a code: take-and-break codes (`"0.7"`, or a
//! ruleset such as `kayles` or `subtraction([1, 2])`, read through its code) and spawning
//! games. A position is written `"0.7", "4.0", 3, 4` (pieces after the first separated by
//! `;`), a spawning side as `spawning("3E")`.

use super::RulesetError;
use super::gen_cutcake::{MAX_CAKE_SIDE, cut};
use super::partizan_heaps::split_top;
use super::registry::{About, Arg, ArgForm, MAX_SIZE};
use super::ruleset::Ruleset;
use crate::impartial::HeapRuleset;
use std::sync::Arc;

/// The two rulesets, as written and as heap rulesets: Left's (the columns), Right's (the
/// rows).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sides {
    written: [String; 2],
    rules: [HeapRuleset; 2],
}

/// A position: the rulesets and the pieces `(rows, cols)`, sorted.
pub type Cakes = (Arc<Sides>, Vec<(usize, usize)>);

/// The rules of the cake products, twisted or not.
#[derive(Clone, Copy, Debug)]
pub struct CakeProductRules {
    pub twisted: bool,
}

/// A side as written in a position: `spawning("3E")` or a quoted take-and-break code.
fn side_of_text(text: &str) -> Result<(String, HeapRuleset), RulesetError> {
    let refused = |e: crate::impartial::ImpartialError| RulesetError::refused(e.to_string());
    let text = text.trim();
    if let Some(inner) = text
        .strip_prefix("spawning(")
        .and_then(|s| s.strip_suffix(')'))
    {
        let code = inner.trim().trim_matches('"');
        return Ok((
            format!("spawning({code:?})"),
            HeapRuleset::spawning(code).map_err(refused)?,
        ));
    }
    let code = text.trim_matches('"');
    let rules = HeapRuleset::octal(code).map_err(refused)?;
    Ok((written(&rules), rules))
}

/// How a side is written: its code in CGSuite's normal form, quoted, or a spawning game
/// (or a rule with no code) as the expression that builds it.
fn written(rules: &HeapRuleset) -> String {
    match (rules, rules.code()) {
        (HeapRuleset::Spawning(_), _) | (_, None) => rules.to_string(),
        (_, Some(code)) => format!("{code:?}"),
    }
}

/// A side given as a built-in's argument: a code or a heap ruleset.
fn side_of_arg(arg: &Arg, k: usize) -> Result<String, RulesetError> {
    match arg {
        Arg::Text(code) => Ok(format!("{code:?}")),
        Arg::Heap(rules) => Ok(written(rules)),
        other => Err(RulesetError::refused(format!(
            "expected a heap ruleset (such as kayles) or a take-and-break code (such as \"0.7\"), found {}",
            other.kind()
        ))
        .at_arg(k)),
    }
}

impl CakeProductRules {
    /// Reads `L, R, a, b` or `L, R, a, b; c, d; …`.
    fn read(&self, text: &str) -> Result<Cakes, RulesetError> {
        let parts = split_top(text);
        if parts.len() < 4 {
            return Err(RulesetError::BadShape(format!(
                "expected the two rulesets and a cake, such as \"0.7\", \"4.0\", 3, 4, found {text:?}"
            )));
        }
        let (lw, lr) = side_of_text(&parts[0])?;
        let (rw, rr) = side_of_text(&parts[1])?;
        let pieces = super::gen_cutcake::parse_pieces(&parts[2..].join(","))?;
        // Every heap a move can reach is at most the largest side (heaps only shrink), so
        // listing the options of those heaps now makes a ruleset that cannot list them an
        // error here rather than a game with moves missing.
        let largest = pieces.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0);
        for rules in [&lr, &rr] {
            for n in 0..=largest {
                rules
                    .options(n as u64)
                    .map_err(|e| RulesetError::refused(e.to_string()))?;
            }
        }
        let sides = Sides {
            written: [lw, rw],
            rules: [lr, rr],
        };
        Ok((Arc::new(sides), pieces))
    }
}

impl Ruleset for CakeProductRules {
    type Position = Cakes;

    fn name(&self) -> &'static str {
        if self.twisted {
            "twisted_cake_product"
        } else {
            "cake_product"
        }
    }

    fn visit_moves(&self, (sides, pieces): &Cakes, left: bool, visit: &mut dyn FnMut(&Cakes)) {
        // Left's ruleset cuts the columns, Right's the rows; the heaps were checked to list
        // their options when the position was read.
        let rules = &sides.rules[usize::from(!left)];
        let options = |n: usize| rules.options(n as u64).unwrap_or_default();
        cut(pieces, left, self.twisted, &options, &mut |next| {
            visit(&(sides.clone(), next.clone()));
        });
    }

    fn components(&self, (sides, pieces): &Cakes) -> Vec<Cakes> {
        pieces
            .iter()
            .map(|&piece| (sides.clone(), vec![piece]))
            .collect()
    }

    fn written_parts(&self, p: &Cakes) -> Vec<Cakes> {
        if p.1.is_empty() {
            vec![p.clone()]
        } else {
            self.components(p)
        }
    }

    fn is_dead(&self, (_, pieces): &Cakes) -> bool {
        pieces.is_empty()
    }

    /// The pieces side by side, as Cut-Cake's.
    fn picture(&self, (_, pieces): &Cakes) -> Option<super::picture::Picture> {
        Some(super::cake::pieces_picture(pieces).into())
    }

    fn about(&self) -> Option<About> {
        let args = ArgForm::Custom { min: 1, max: 4 };
        Some(if self.twisted {
            About {
                params: "left ruleset, right ruleset, rows, cols",
                summary: "the twisted cake product (CGSuite's CakeProduct(…, twisted => true)): cake_product with the cake turned a quarter before each move; twisted_cake_product(\"0.7\", \"0.7\", r, c) is Turn-and-Eatcake",
                example: (
                    "twisted_cake_product(\"{2+}=.0\", \"{2+}=.0\", 8, 2)",
                    "{8|-2}",
                ),
                args,
            }
        } else {
            About {
                params: "left ruleset, right ruleset, rows, cols",
                summary: "the cake product of two heap rulesets (CGSuite's CakeProduct, its GenCutcake): Left cuts the columns of a cake by the left ruleset, Right the rows by the right one, each a heap ruleset (kayles, spawning(\"3E\")) or a take-and-break code; cake_product(\"4.0\", \"4.0\", r, c) is Cut-Cake, \"0.7\" Eatcake",
                example: ("cake_product(nim, \"0.1\", 1, 2)", "^*"),
                args,
            }
        })
    }

    fn of_args(&self, args: &[Arg]) -> Result<Cakes, RulesetError> {
        match args {
            [Arg::Text(text)] => self.read(text).map_err(|e| e.at_arg(0)),
            [l, r, a, b] => {
                let (l, r) = (side_of_arg(l, 0)?, side_of_arg(r, 1)?);
                let most = (MAX_CAKE_SIDE as u64).min(MAX_SIZE);
                let a = a
                    .size("the number of rows", 0, most)
                    .map_err(|e| e.at_arg(2))?;
                let b = b
                    .size("the number of columns", 0, most)
                    .map_err(|e| e.at_arg(3))?;
                self.read(&format!("{l}, {r}, {a}, {b}")).map_err(|e| {
                    // A ruleset that is not read is the first side's fault, or the second's.
                    let blame = if side_of_text(&l).is_err() { 0 } else { 1 };
                    e.at_arg(blame)
                })
            }
            _ => Err(RulesetError::refused(format!(
                "{} takes the left ruleset, the right ruleset, the rows and the columns",
                self.name()
            ))),
        }
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    fn text(&self, (sides, pieces): &Cakes) -> String {
        let [l, r] = &sides.written;
        let pieces = if pieces.is_empty() {
            "0, 0".to_string()
        } else {
            pieces
                .iter()
                .map(|(a, b)| format!("{a}, {b}"))
                .collect::<Vec<_>>()
                .join("; ")
        };
        format!("{l}, {r}, {pieces}")
    }

    fn parse(&self, text: &str) -> Result<Cakes, RulesetError> {
        self.read(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameStore, Notation};
    use crate::rulesets::gen_cutcake::{CakeGame, CakeRules};
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    const PLAIN: CakeProductRules = CakeProductRules { twisted: false };
    const TWISTED: CakeProductRules = CakeProductRules { twisted: true };

    fn cake(rules: CakeProductRules, l: &str, r: &str, a: usize, b: usize) -> Cakes {
        rules
            .parse(&format!("{l:?}, {r:?}, {a}, {b}"))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// CGSuite's `GameHeapTest.scala`: Cut-Cake and Maundy Cake on (8, n), n = 0..8.
    #[test]
    fn cgsuite_row_eight() {
        let mut store = GameStore::new();
        for (code, row) in [
            ("4.0", ["-7", "-7", "-3", "-3", "-1", "-1", "-1", "-1", "0"]),
            (
                "{2+}=.0",
                ["-7", "-7", "-3", "-3", "-1", "-3", "-1", "-3", "0"],
            ),
        ] {
            let mut solver = Solver::new(PLAIN);
            for (n, want) in row.iter().enumerate() {
                let v = solver.value(&mut store, &cake(PLAIN, code, code, 8, n));
                assert_eq!(store.display(v, Notation::Ascii), *want, "{code} (8, {n})");
            }
        }
    }

    /// The products of a code with itself are the named cakes.
    #[test]
    fn products_are_the_named_cakes() {
        let mut store = GameStore::new();
        for (rules, code, game) in [
            (PLAIN, "0.7", CakeGame::Eatcake),
            (PLAIN, "{2+}=.0", CakeGame::MaundyCake),
            (TWISTED, "0.7", CakeGame::TurnAndEatcake),
            (TWISTED, "4.0", CakeGame::TwistedCutcake),
            (TWISTED, "{2+}=.0", CakeGame::TwistedMaundyCake),
        ] {
            let mut product = Solver::new(rules);
            let mut named = Solver::new(CakeRules::new(game));
            for a in 0..7 {
                for b in 0..7 {
                    let ours = product.value(&mut store, &cake(rules, code, code, a, b));
                    let theirs = named.value(&mut store, &vec![(a, b)]);
                    assert_eq!(ours, theirs, "{game:?} ({a}, {b})");
                }
            }
        }
    }

    /// Different rulesets on the two sides, against the literal game tree.
    #[test]
    fn agrees_with_the_definition() {
        let mut store = GameStore::new();
        for rules in [PLAIN, TWISTED] {
            for (l, r) in [("0.77", "0.[3]"), ("0.1", "4!.0"), ("0.3F", "0.07")] {
                let mut solver = Solver::new(rules);
                let mut memo = FxHashMap::default();
                for a in 0..5 {
                    for b in 0..5 {
                        let p = cake(rules, l, r, a, b);
                        let fast = solver.value(&mut store, &p);
                        let slow = value_by_definition(&rules, &mut store, &p, &mut memo);
                        assert_eq!(fast, slow, "{l} x {r} ({a}, {b}) twisted {}", rules.twisted);
                    }
                }
            }
        }
    }

    /// By hand: with Nim on the columns and `0.1` (take a heap of one whole) on the rows,
    /// (1, 1) is `{0|0} = *` and (1, 2) is `{*, 0|0} = ↑*`; turned, (1, 2) reads as two rows
    /// and one column: Left takes the one (0), Right cannot move on two rows by `0.1`: 1.
    #[test]
    fn by_hand() {
        let mut store = GameStore::new();
        for (rules, want) in [(PLAIN, "^*"), (TWISTED, "1")] {
            let mut solver = Solver::new(rules);
            let v = solver.value(&mut store, &cake(rules, "0.[3]", "0.1", 1, 2));
            assert_eq!(store.display(v, Notation::Ascii), want);
        }
    }

    #[test]
    fn texts_read_back_and_bad_ones_are_errors() {
        let p = PLAIN
            .parse("spawning(\"3E\"), \"0.70\", 2, 3; 1, 1")
            .unwrap_or_else(|e| panic!("{e}"));
        let text = PLAIN.text(&p);
        assert_eq!(text, "spawning(\"3E\"), \"0.7\", 1, 1; 2, 3");
        assert_eq!(PLAIN.parse(&text).map(|q| q.1), Ok(p.1));
        for bad in [
            "",
            "\"0.7\", \"0.7\", 3",
            "\"0.W\", \"0.7\", 1, 1",
            "\"0.7\", spawning(\"x\"), 1, 1",
            "\"0.7\", \"0.7\", 65, 1",
            "\"0.7\", \"0.7\", 1, x",
        ] {
            assert!(PLAIN.parse(bad).is_err(), "{bad:?}");
        }
    }
}
