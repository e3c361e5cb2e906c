//! Fission (CGSuite's `game.grid.Fission`; an exercise game of *Lessons in Play*): stones on
//! a board, shared by both players. Left (vertical) splits a stone whose squares above and
//! below are both empty: the stone goes, and one appears on each of those squares. Right
//! (horizontal) does the same with the squares left and right. The edge of the board and
//! holes are not empty. Boards are written `".x.|...|#.."`: `x` a stone, `.` empty, `#` a
//! hole, `|` between rows.
//!
//! Every move adds a stone, so the game ends. The board is the sum of its connected
//! regions (holes and edges separate them). Mirror images change nothing; the transpose
//! exchanges vertical and horizontal, so it negates the value.

use super::RulesetError;
use super::cells::Cells;
use super::picture::{BoardPicture, Square};
use super::ruleset::Ruleset;

/// A Fission board of `x`, `.` and `#` cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FissionBoard(Cells);

impl FissionBoard {
    /// The two squares a stone at `i` splits onto for Left (vertical) or Right, when both
    /// are on the board and empty.
    fn split(&self, i: usize, left: bool) -> Option<(usize, usize)> {
        let b = &self.0;
        let (dr, dc) = if left { (1, 0) } else { (0, 1) };
        let a = b.step(i, -dr, -dc, 1)?;
        let c = b.step(i, dr, dc, 1)?;
        (b.cells[i] == b'x' && b.cells[a] == b'.' && b.cells[c] == b'.').then_some((a, c))
    }
}

/// The rules of Fission.
#[derive(Clone, Copy, Debug, Default)]
pub struct FissionRules;

impl Ruleset for FissionRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "board",
            summary: "Fission: a stone (x) splits onto the two empty squares beside it, above and below for Left, left and right for Right (\".x.|...|#..\", # a hole)",
            example: ("fission(\".|x|.\")", "1"),
            args: super::registry::ArgForm::Text {
                what: "a board such as \"...|.x.|...\"",
            },
        })
    }

    type Position = FissionBoard;

    fn name(&self) -> &'static str {
        "fission"
    }

    fn visit_moves(&self, p: &FissionBoard, left: bool, visit: &mut dyn FnMut(&FissionBoard)) {
        let mut next = p.clone();
        for i in 0..p.0.cells.len() {
            if let Some((a, c)) = p.split(i, left) {
                next.0.cells[i] = b'.';
                next.0.cells[a] = b'x';
                next.0.cells[c] = b'x';
                visit(&next);
                next.0.cells[i] = b'x';
                next.0.cells[a] = b'.';
                next.0.cells[c] = b'.';
            }
        }
    }

    /// The connected regions of squares that hold a stone, each cropped with holes around.
    fn components(&self, p: &FissionBoard) -> Vec<FissionBoard> {
        let b = &p.0;
        let mut seen = vec![false; b.cells.len()];
        let mut out = Vec::new();
        for start in 0..b.cells.len() {
            if seen[start] || b.cells[start] == b'#' {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut members = Vec::new();
            while let Some(i) = stack.pop() {
                members.push(i);
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    if let Some(j) = b.step(i, dr, dc, 1)
                        && b.cells[j] != b'#'
                        && !seen[j]
                    {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            if members.iter().any(|&i| b.cells[i] == b'x') {
                members.sort_unstable();
                out.push(FissionBoard(b.crop(&members, b'#')));
            }
        }
        out
    }

    /// The least of the eight images; the four that transpose the board are flagged (they
    /// exchange the players' directions, which negates the value).
    fn normal_form(&self, p: &FissionBoard) -> (FissionBoard, bool) {
        let (img, t) = (0..8u8)
            .map(|t| (p.0.image(t), t))
            .min()
            .unwrap_or((p.0.clone(), 0));
        (FissionBoard(img), t & 4 != 0)
    }

    /// No stone can split either way.
    fn is_dead(&self, p: &FissionBoard) -> bool {
        !(0..p.0.cells.len()).any(|i| p.split(i, true).is_some() || p.split(i, false).is_some())
    }

    /// Stones green (they belong to both players), holes shaded.
    fn picture(&self, p: &FissionBoard) -> Option<super::picture::Picture> {
        Some(
            BoardPicture::from_bytes(p.0.rows, p.0.cols, &p.0.cells, |c| match c {
                b'x' => Square::Green,
                b'#' => Square::Blocked,
                _ => Square::Empty,
            })
            .into(),
        )
    }

    fn text(&self, p: &FissionBoard) -> String {
        p.0.to_string()
    }

    fn parse(&self, text: &str) -> Result<FissionBoard, RulesetError> {
        let cells = Cells::parse(text, |ch| {
            let c = ch.to_ascii_lowercase();
            "x.#".contains(c).then_some(c as u8)
        })?;
        Ok(FissionBoard(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations:
    /// - `.|x|.` (a column of three): Left splits to `x|.|x`, where neither stone has room:
    ///   `{0|}` = 1; the row `.x.` is -1.
    /// - `.|.|x|.|.`: Left splits to `.|x|.|x|.`, where Left can split either stone once
    ///   more (to positions where nobody moves): that is `{0|}` = 1, so the column is
    ///   `{1|}` = 2.
    /// - `...|.x.|...`: Left's split leaves `.x.|...|.x.`, where only Right moves, once
    ///   per stone: -2; Right's split is the transpose: 2. `{-2|2}` = 0.
    /// - `.x.|###|.x.`: two rows apart, each -1: -2.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(FissionRules);
        for (text, want) in [
            ("", "0"),
            ("x", "0"),
            (".|x|.", "1"),
            (".x.", "-1"),
            (".|.|x|.|.", "2"),
            ("...|.x.|...", "0"),
            (".|x|#|x|.", "0"),
            (".x.|###|.x.", "-2"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    #[test]
    fn bad_text_is_an_error() {
        assert_eq!(
            FissionRules.parse("x.o"),
            Err(RulesetError::BadChar { ch: 'o', at: 2 })
        );
        assert!(matches!(
            FissionRules.parse("x.|."),
            Err(RulesetError::RaggedGrid { .. })
        ));
    }

    fn board(rows: usize, cols: usize, mut code: u32) -> FissionBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                let k = b".x#"[(code % 3) as usize];
                code /= 3;
                k
            })
            .collect();
        FissionBoard(Cells { rows, cols, cells })
    }

    /// Every board of up to 8 squares in a row or column and every 2×2, 2×3, 3×2, 3×3 and
    /// 2×4 board of stones, empty squares and holes.
    #[test]
    fn agrees_with_the_definition_on_small_boards() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(FissionRules);
        let mut memo = FxHashMap::default();
        let mut shapes: Vec<(usize, usize)> = (1..=8).flat_map(|n| [(1, n), (n, 1)]).collect();
        shapes.extend([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]);
        for (rows, cols) in shapes {
            for code in 0..3u32.pow((rows * cols) as u32) {
                let b = board(rows, cols, code);
                let text = FissionRules.text(&b);
                assert_eq!(FissionRules.parse(&text).as_ref(), Ok(&b), "{text}");
                let fast = solver.value(&mut store, &b);
                let slow = value_by_definition(&FissionRules, &mut store, &b, &mut memo);
                assert_eq!(fast, slow, "{}", FissionRules.text(&b));
            }
        }
    }
}
