//! NoGo (the "anti-Go" of the 2011 Computer Olympiad; its combinatorial analysis: Chou,
//! Teytaud and Yen, and MCGS's `nogo`): Left places a black stone `x`, Right a white stone
//! `o`, on an empty point `.`, so that afterwards every group (connected stones of one
//! colour, orthogonally) still has a liberty, an empty point next to it: no capture and no
//! suicide. `#` is no point, `|` separates rows: `nogo(".....")` is linear NoGo, 1 × 5.
//! The impartial NoGo of MCGS (either player places either colour) is
//! `impartial(nogo(…))`.
//!
//! **Components.** A move at an empty point changes the liberties of the groups next to it
//! only. Two empty points are linked when they are neighbours or liberties of one group;
//! each class of linked empty points, with the groups next to them, is a game of its own
//! (a move there never gives a liberty to, or takes one from, a group elsewhere), cropped
//! with `#` around it and normalised under the eight symmetries of the square and the
//! colour swap, which exchanges the players and so negates the value.

use super::RulesetError;
use super::cells::Cells;
use super::picture::BoardPicture;
use super::ruleset::Ruleset;

/// A NoGo board of `x`, `o`, `.` and `#` cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NoGoBoard(Cells);

const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl NoGoBoard {
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        STEPS
            .iter()
            .filter_map(move |&(dr, dc)| self.0.step(i, dr, dc, 1))
    }

    /// The group of stones at `i` (its cells), with whether it has a liberty.
    fn group(&self, i: usize, seen: &mut [bool]) -> (Vec<usize>, bool) {
        let colour = self.0.cells[i];
        let mut members = vec![i];
        let mut free = false;
        seen[i] = true;
        let mut k = 0;
        while k < members.len() {
            let j = members[k];
            k += 1;
            for n in self.neighbours(j) {
                let c = self.0.cells[n];
                if c == b'.' {
                    free = true;
                } else if c == colour && !seen[n] {
                    seen[n] = true;
                    members.push(n);
                }
            }
        }
        (members, free)
    }

    /// Whether every group has a liberty (as after every move).
    fn every_group_breathes(&self) -> bool {
        let mut seen = vec![false; self.0.cells.len()];
        (0..self.0.cells.len()).all(|i| {
            !matches!(self.0.cells[i], b'x' | b'o') || seen[i] || self.group(i, &mut seen).1
        })
    }

    /// Whether a stone `s` at the empty point `i` leaves every group a liberty: the
    /// groups next to `i` are the only ones whose liberties change.
    fn legal(&mut self, i: usize, s: u8) -> bool {
        self.0.cells[i] = s;
        let mut seen = vec![false; self.0.cells.len()];
        let mut ok = self.group(i, &mut seen).1;
        let around: Vec<usize> = self.neighbours(i).collect();
        for n in around {
            let c = self.0.cells[n];
            if ok && (c == b'x' || c == b'o') && !seen[n] {
                ok = self.group(n, &mut seen).1;
            }
        }
        self.0.cells[i] = b'.';
        ok
    }
}

/// The rules of NoGo.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoGoRules;

impl Ruleset for NoGoRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "board or rows, cols",
            summary: "NoGo: Left places a black stone (x), Right a white one (o), on an empty point (.) so that every group keeps a liberty (no capture, no suicide); # is no point; impartial(nogo(...)) for either player placing either colour",
            example: ("nogo(\"...\")", "+-1"),
            args: super::registry::ArgForm::TextOrSizes {
                what: "a board such as \"..x|o..\"",
                sizes: &["rows", "cols"],
            },
        })
    }

    type Position = NoGoBoard;

    fn name(&self) -> &'static str {
        "nogo"
    }

    fn visit_moves(&self, p: &NoGoBoard, left: bool, visit: &mut dyn FnMut(&NoGoBoard)) {
        let s = if left { b'x' } else { b'o' };
        let mut next = p.clone();
        for i in 0..p.0.cells.len() {
            if p.0.cells[i] == b'.' && next.legal(i, s) {
                next.0.cells[i] = s;
                visit(&next);
                next.0.cells[i] = b'.';
            }
        }
    }

    /// The classes of linked empty points (neighbours, or liberties of one group), each
    /// with the groups next to it, cropped with `#` around.
    fn components(&self, p: &NoGoBoard) -> Vec<NoGoBoard> {
        let n = p.0.cells.len();
        // Union-find over the cells: each empty point with its empty neighbours and its
        // neighbouring stones, each stone with the stones of its group.
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        for i in 0..n {
            let c = p.0.cells[i];
            if c == b'#' {
                continue;
            }
            for j in p.neighbours(i) {
                let d = p.0.cells[j];
                let joined = match (c, d) {
                    (_, b'#') => false,
                    (b'.', _) | (_, b'.') => true,
                    _ => c == d,
                };
                if joined {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a] = b;
                }
            }
        }
        let mut classes: Vec<(usize, Vec<usize>)> = Vec::new();
        for i in 0..n {
            if p.0.cells[i] == b'#' {
                continue;
            }
            let r = root(&mut parent, i);
            match classes.iter_mut().find(|(k, _)| *k == r) {
                Some((_, m)) => m.push(i),
                None => classes.push((r, vec![i])),
            }
        }
        classes
            .into_iter()
            .filter(|(_, m)| m.iter().any(|&i| p.0.cells[i] == b'.'))
            .map(|(_, m)| NoGoBoard(p.0.crop(&m, b'#')))
            .collect()
    }

    /// The least image under the symmetries of the square and the colour swap (flagged:
    /// it negates the value).
    fn normal_form(&self, p: &NoGoBoard) -> (NoGoBoard, bool) {
        let (img, swapped) = p.0.least_image(Some((b'x', b'o')));
        (NoGoBoard(img), swapped)
    }

    fn is_dead(&self, p: &NoGoBoard) -> bool {
        !p.0.cells.contains(&b'.')
    }

    /// Black stones for Left, white for Right, points with no stone empty, no points shaded.
    fn picture(&self, p: &NoGoBoard) -> Option<super::picture::Picture> {
        Some(
            BoardPicture::from_bytes(p.0.rows, p.0.cols, &p.0.cells, super::clobber::stones).into(),
        )
    }

    fn of_sizes(&self, sizes: &[usize]) -> Option<NoGoBoard> {
        let &[rows, cols] = sizes else { return None };
        Some(NoGoBoard(Cells {
            rows,
            cols,
            cells: vec![b'.'; rows * cols],
        }))
    }

    fn text(&self, p: &NoGoBoard) -> String {
        p.0.to_string()
    }

    /// A board with a group without a liberty is refused: no play reaches it.
    fn parse(&self, text: &str) -> Result<NoGoBoard, RulesetError> {
        let cells = Cells::parse(text, |ch| {
            let c = ch.to_ascii_lowercase();
            "xo.#".contains(c).then_some(c as u8)
        })?;
        let b = NoGoBoard(cells);
        if !b.every_group_breathes() {
            return Err(RulesetError::refused(format!(
                "the NoGo board {text:?} has a group without a liberty"
            )));
        }
        Ok(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations:
    /// - `.`: a stone alone on one point has no liberty: nobody moves, 0.
    /// - `..`: either player plays one point (the other stays its liberty), after which
    ///   nobody can: `{0|0}` = `*`.
    /// - `x.`: Left's stone at the end joins a group with no liberty; Right's white stone
    ///   would take the black one's last liberty: 0.
    /// - `...`: (`+-1` is CGSuite's `{1|-1}`) Left in the middle leaves `.x.`, where Right's stone at an end would have
    ///   no liberty and Left's leaves `xx.` = 0: `{0|}` = 1. Left at an end leaves `x..`,
    ///   where Left moves to `xx.` or `x.x` (both 0: the middle point is nobody's) and
    ///   Right only to `x.o` = 0: `*`. So `{1, *|-1, *}` = `{1|-1}`.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(NoGoRules);
        for (text, want) in [
            ("", "0"),
            (".", "0"),
            ("..", "*"),
            ("x.", "0"),
            (".x.", "1"),
            ("...", "+-1"),
            (".|.", "*"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    #[test]
    fn groups_with_liberties_far_apart_are_one_component() {
        let rules = NoGoRules;
        let b = rules
            .parse("..#..|xxxxx|.#.#.")
            .unwrap_or_else(|e| panic!("{e}"));
        // The x group touches every empty point: one component.
        assert_eq!(rules.components(&b).len(), 1);
        let b = rules
            .parse(".x.#..|######|..#...")
            .unwrap_or_else(|e| panic!("{e}"));
        // The x stone's two liberties are linked through it; the other empty points are
        // cut apart by the holes: four games.
        let parts: Vec<String> = rules.components(&b).iter().map(|p| rules.text(p)).collect();
        assert_eq!(parts, [".x.", "..", "..", "..."]);
        assert!(
            rules.parse("xo.").is_err(),
            "a group without a liberty is refused"
        );
    }

    fn board(rows: usize, cols: usize, mut code: u32) -> NoGoBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                let k = b"..xo#"[(code % 5) as usize];
                code /= 5;
                k
            })
            .collect();
        NoGoBoard(Cells { rows, cols, cells })
    }

    /// Boards of up to 7 points in a row and 2 × 3, 3 × 2 and 2 × 2 boards, of `.`, `x`,
    /// `o` and `#` (those where every group has a liberty): components, symmetries and
    /// the table change nothing.
    #[test]
    fn agrees_with_the_definition_on_small_boards() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(NoGoRules);
        let mut memo = FxHashMap::default();
        let mut shapes: Vec<(usize, usize)> = (1..=7).map(|n| (1, n)).collect();
        shapes.extend([(2, 2), (2, 3), (3, 2)]);
        for (rows, cols) in shapes {
            for code in 0..5u32.pow((rows * cols) as u32) {
                let b = board(rows, cols, code);
                if !b.every_group_breathes() {
                    continue;
                }
                let text = NoGoRules.text(&b);
                assert_eq!(NoGoRules.parse(&text).as_ref(), Ok(&b), "{text}");
                let fast = solver.value(&mut store, &b);
                let slow = value_by_definition(&NoGoRules, &mut store, &b, &mut memo);
                assert_eq!(fast, slow, "{text}");
            }
        }
    }
}
