//! Elephants and Rhinos (Albert, Nowakowski and Wolfe, *Lessons in Play*): a row of squares;
//! Left's elephants (`E`) step one square right onto an empty square, Right's rhinos (`R`)
//! one square left. Toads and Frogs without the jumps.
//!
//! One file on the generic [`Solver`](super::ruleset::Solver): the row read backwards with
//! elephants and rhinos exchanged is the negative game.

use super::RulesetError;
use super::picture::Square;
use super::ruleset::Ruleset;

/// The rules of Elephants and Rhinos; a position is its row, e.g. `"E..R"`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ElephantsRules;

impl Ruleset for ElephantsRules {
    type Position = Vec<u8>;

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "row",
            summary: "Elephants and Rhinos: Left's elephants (E) step right, Right's rhinos (R) step left, onto an empty square (.)",
            example: ("elephants_and_rhinos(\"E.R\")", "*"),
            args: super::registry::ArgForm::Text {
                what: "a row such as \"E..R\"",
            },
        })
    }

    fn name(&self) -> &'static str {
        "elephants_and_rhinos"
    }

    fn visit_moves(&self, row: &Vec<u8>, left: bool, visit: &mut dyn FnMut(&Vec<u8>)) {
        let mut next = row.clone();
        for i in 0..row.len() {
            // An elephant at i steps to i + 1; a rhino at i to i - 1.
            let to = match (left, row[i]) {
                (true, b'E') if i + 1 < row.len() => i + 1,
                (false, b'R') if i > 0 => i - 1,
                _ => continue,
            };
            if row[to] == b'.' {
                next.swap(i, to);
                visit(&next);
                next.swap(i, to);
            }
        }
    }

    /// The row, or the row backwards with the animals exchanged (the negative), whichever
    /// is less.
    fn normal_form(&self, row: &Vec<u8>) -> (Vec<u8>, bool) {
        super::rows::least_with_mirror(row.clone(), b'E', b'R')
    }

    fn picture(&self, row: &Vec<u8>) -> Option<super::picture::Picture> {
        Some(super::rows::row_picture(row, b'E', b'R', true, Square::Empty).into())
    }

    fn text(&self, row: &Vec<u8>) -> String {
        String::from_utf8_lossy(row).into_owned()
    }

    fn parse(&self, text: &str) -> Result<Vec<u8>, RulesetError> {
        super::rows::parse_row(text, b"ER.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameStore, Notation};
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations:
    /// - `E.` = `{0|}` = 1, `E..` = 2 (two steps), `.R` = -1.
    /// - `E.R`: Left steps to `.ER`, where nobody can move; Right likewise: `{0|0}` = `*`.
    /// - `E..R`: Left's step leaves `.E.R`, which is `*` (each player has one move, to a
    ///   row where nobody moves); Right's leaves `E.R.`, also `*`: `{*|*}` = 0.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ElephantsRules);
        for (row, want) in [
            ("", "0"),
            ("E.", "1"),
            ("E..", "2"),
            (".R", "-1"),
            ("E.R", "*"),
            ("E..R", "0"),
        ] {
            let g = solver
                .value_of(&mut store, row)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(store.display(g, Notation::Ascii), want, "{row}");
        }
    }

    #[test]
    fn agrees_with_the_definition_on_every_row_up_to_eight() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ElephantsRules);
        let mut memo = FxHashMap::default();
        for len in 0..=8u32 {
            for code in 0..3usize.pow(len) {
                let row: Vec<u8> = (0..len).map(|k| b".ER"[code / 3usize.pow(k) % 3]).collect();
                let fast = solver.value(&mut store, &row);
                let slow = value_by_definition(&ElephantsRules, &mut store, &row, &mut memo);
                assert_eq!(fast, slow, "{}", String::from_utf8_lossy(&row));
            }
        }
    }
}
