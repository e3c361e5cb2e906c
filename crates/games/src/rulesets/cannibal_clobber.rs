//! Cannibal Clobber (Clobber in which a stone may also capture its own colour; MCGS's
//! `cannibal_clobber`): a player moves one of their stones (`x` Left's, `o` Right's) onto
//! an orthogonally adjacent stone of *either* colour, which is removed. Boards are
//! written like Clobber's, `"xxo|o.x"`: `.` empty, `#` a hole, `|` between rows.
//!
//! Every move removes a stone, so the game ends; stones never move onto an empty cell, so
//! a board is the sum of its connected groups of stones, each cropped (empty cells around
//! it) and normalised under the eight symmetries of the square and the colour swap, which
//! exchanges the players and so negates the value. A lone stone is dead.

use super::RulesetError;
use super::cells::Cells;
use super::picture::BoardPicture;
use super::ruleset::Ruleset;

/// A Cannibal Clobber board of `x`, `o`, `.` and `#` cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CannibalBoard(Cells);

const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

fn stone(c: u8) -> bool {
    c == b'x' || c == b'o'
}

/// The rules of Cannibal Clobber.
#[derive(Clone, Copy, Debug, Default)]
pub struct CannibalClobberRules;

impl Ruleset for CannibalClobberRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "board",
            summary: "Cannibal Clobber: a stone (x Left's, o Right's) moves onto an orthogonally adjacent stone of either colour, which is removed (\"xxo|o.x\", . empty, # a hole)",
            example: ("cannibal_clobber(\"xx\")", "1"),
            args: super::registry::ArgForm::Text {
                what: "a board such as \"xxo|o.x\"",
            },
        })
    }

    type Position = CannibalBoard;

    fn name(&self) -> &'static str {
        "cannibal_clobber"
    }

    fn visit_moves(&self, p: &CannibalBoard, left: bool, visit: &mut dyn FnMut(&CannibalBoard)) {
        let me = if left { b'x' } else { b'o' };
        let mut next = p.clone();
        for i in 0..p.0.cells.len() {
            if p.0.cells[i] != me {
                continue;
            }
            for &(dr, dc) in &STEPS {
                if let Some(j) = p.0.step(i, dr, dc, 1).filter(|&j| stone(p.0.cells[j])) {
                    let was = next.0.cells[j];
                    next.0.cells[j] = me;
                    next.0.cells[i] = b'.';
                    visit(&next);
                    next.0.cells[j] = was;
                    next.0.cells[i] = me;
                }
            }
        }
    }

    /// The connected groups of two stones or more, each cropped with empty cells around.
    fn components(&self, p: &CannibalBoard) -> Vec<CannibalBoard> {
        let b = &p.0;
        let mut seen = vec![false; b.cells.len()];
        let mut out = Vec::new();
        for start in 0..b.cells.len() {
            if seen[start] || !stone(b.cells[start]) {
                continue;
            }
            seen[start] = true;
            let mut members = vec![start];
            let mut k = 0;
            while k < members.len() {
                let i = members[k];
                k += 1;
                for &(dr, dc) in &STEPS {
                    if let Some(j) = b.step(i, dr, dc, 1)
                        && stone(b.cells[j])
                        && !seen[j]
                    {
                        seen[j] = true;
                        members.push(j);
                    }
                }
            }
            if members.len() > 1 {
                members.sort_unstable();
                out.push(CannibalBoard(b.crop(&members, b'.')));
            }
        }
        out
    }

    /// The least image under the symmetries of the square and the colour swap (flagged:
    /// it negates the value).
    fn normal_form(&self, p: &CannibalBoard) -> (CannibalBoard, bool) {
        let (img, swapped) = p.0.least_image(Some((b'x', b'o')));
        (CannibalBoard(img), swapped)
    }

    /// No two stones side by side.
    fn is_dead(&self, p: &CannibalBoard) -> bool {
        let b = &p.0;
        !(0..b.cells.len()).any(|i| {
            stone(b.cells[i])
                && [(1, 0), (0, 1)]
                    .iter()
                    .any(|&(dr, dc)| b.step(i, dr, dc, 1).is_some_and(|j| stone(b.cells[j])))
        })
    }

    fn picture(&self, p: &CannibalBoard) -> Option<super::picture::Picture> {
        Some(
            BoardPicture::from_bytes(p.0.rows, p.0.cols, &p.0.cells, super::clobber::stones).into(),
        )
    }

    fn text(&self, p: &CannibalBoard) -> String {
        p.0.to_string()
    }

    fn parse(&self, text: &str) -> Result<CannibalBoard, RulesetError> {
        let cells = Cells::parse(text, |ch| {
            let c = ch.to_ascii_lowercase();
            "xo.#".contains(c).then_some(c as u8)
        })?;
        Ok(CannibalBoard(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations (a move removes one stone; a lone stone is dead):
    /// - `xx`: only Left moves, to a lone stone: `{0|}` = 1.
    /// - `xo`: each player captures the other's stone: `{0|0}` = `*`.
    /// - `xxx`: Left moves an end stone onto the middle (`.xx` = 1) or the middle onto an
    ///   end (`x.x` = 0, `.xx`… the same): `{1|}` = 2.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(CannibalClobberRules);
        for (text, want) in [
            ("", "0"),
            ("x", "0"),
            ("xx", "1"),
            ("xo", "*"),
            ("xxx", "2"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    fn board(rows: usize, cols: usize, mut code: u32) -> CannibalBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                let k = b".xo#"[(code % 4) as usize];
                code /= 4;
                k
            })
            .collect();
        CannibalBoard(Cells { rows, cols, cells })
    }

    /// Every board of up to 7 cells in a row and every 2 × 2, 2 × 3 and 3 × 2 board:
    /// components, symmetries and the table change nothing.
    #[test]
    fn agrees_with_the_definition_on_small_boards() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(CannibalClobberRules);
        let mut memo = FxHashMap::default();
        let mut shapes: Vec<(usize, usize)> = (1..=7).map(|n| (1, n)).collect();
        shapes.extend([(2, 2), (2, 3), (3, 2)]);
        for (rows, cols) in shapes {
            for code in 0..4u32.pow((rows * cols) as u32) {
                let b = board(rows, cols, code);
                let text = CannibalClobberRules.text(&b);
                assert_eq!(CannibalClobberRules.parse(&text).as_ref(), Ok(&b), "{text}");
                let fast = solver.value(&mut store, &b);
                let slow = value_by_definition(&CannibalClobberRules, &mut store, &b, &mut memo);
                assert_eq!(fast, slow, "{text}");
            }
        }
    }
}
