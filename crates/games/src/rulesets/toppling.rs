//! Toppling Dominoes (Albert, Nowakowski and Wolfe, *Lessons in Play*): a row of dominoes,
//! blue (`l`, Left's), red (`r`, Right's) or green (`e`, either player's). A move topples
//! one of your own dominoes (or a green one) to the left or to the right, and it knocks
//! over every domino on that side: the row keeps only the dominoes on the other side.
//!
//! One file on the generic [`Solver`](super::ruleset::Solver): the rules, the symmetry
//! (a row read backwards is the same game; swapping blue and red negates it) and a picture.

use super::RulesetError;
use super::picture::Square;
use super::ruleset::Ruleset;

/// The rules of Toppling Dominoes; a position is its row, e.g. `"llre"`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TopplingRules;

impl Ruleset for TopplingRules {
    type Position = Vec<u8>;

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "row",
            summary: "Toppling Dominoes: a row of blue (l, Left's), red (r) and green (e, either's) dominoes; toppling one knocks over every domino on that side",
            example: ("toppling_dominoes(\"lr\")", "*"),
            args: super::registry::ArgForm::Text {
                what: "a row such as \"llre\"",
            },
        })
    }

    fn name(&self) -> &'static str {
        "toppling_dominoes"
    }

    fn visit_moves(&self, row: &Vec<u8>, left: bool, visit: &mut dyn FnMut(&Vec<u8>)) {
        let mine = if left { b'l' } else { b'r' };
        for (i, &d) in row.iter().enumerate() {
            if d == mine || d == b'e' {
                // Toppled to the left, the dominoes to its right stay; to the right, those
                // to its left.
                visit(&row[i + 1..].to_vec());
                visit(&row[..i].to_vec());
            }
        }
    }

    /// The least of the row, the row backwards and their colour swaps (which negate).
    fn normal_form(&self, row: &Vec<u8>) -> (Vec<u8>, bool) {
        let back: Vec<u8> = row.iter().rev().copied().collect();
        let swapped = |r: &[u8]| super::rows::swap_players(r, b'l', b'r');
        [
            (swapped(row), true),
            (swapped(&back), true),
            (row.clone(), false),
            (back, false),
        ]
        .into_iter()
        .min()
        .unwrap_or((row.clone(), false))
    }

    fn is_dead(&self, row: &Vec<u8>) -> bool {
        row.is_empty()
    }

    fn picture(&self, row: &Vec<u8>) -> Option<super::picture::Picture> {
        Some(super::rows::row_picture(row, b'l', b'r', false, Square::Green).into())
    }

    fn text(&self, row: &Vec<u8>) -> String {
        String::from_utf8_lossy(row).into_owned()
    }

    fn parse(&self, text: &str) -> Result<Vec<u8>, RulesetError> {
        super::rows::parse_row(text, b"lre")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations:
    /// - `l`: Left topples it either way, to the empty row: `{0|}` = 1; `lll` = 3.
    /// - `e`: either player moves to 0: `*`; a row of n green dominoes has options the rows
    ///   of 0 to n-1 green ones: `*n` (a Nim heap).
    /// - `lr`: Left's moves leave `r` (-1) or nothing (0); Right's leave nothing or `l`
    ///   (1): `{-1, 0 | 0, 1}` = `{0|0}` = `*`.
    /// - `le`: toppling the blue domino leaves `e` (*) or nothing (0); the green one,
    ///   toppled left, leaves nothing, toppled right leaves `l` (1). Right can only topple
    ///   the green one: 0 or 1. `{*, 0, 1 | 0, 1}` = `{1|0}`.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(TopplingRules);
        for (row, want) in [
            ("", "0"),
            ("l", "1"),
            ("lll", "3"),
            ("r", "-1"),
            ("e", "*"),
            ("eee", "*3"),
            ("lr", "*"),
            ("le", "{1|0}"),
        ] {
            assert_eq!(solver.shown(&mut store, row), want, "{row}");
        }
    }

    #[test]
    fn agrees_with_the_definition_on_every_row_up_to_seven() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(TopplingRules);
        let mut memo = FxHashMap::default();
        for len in 0..=7u32 {
            for code in 0..3usize.pow(len) {
                let row: Vec<u8> = (0..len).map(|k| b"lre"[code / 3usize.pow(k) % 3]).collect();
                let fast = solver.value(&mut store, &row);
                let slow = value_by_definition(&TopplingRules, &mut store, &row, &mut memo);
                assert_eq!(fast, slow, "{}", String::from_utf8_lossy(&row));
            }
        }
    }
}
