//! Clobber on boards written like `"xox|ox."`: `x` is a black stone (Left's), `o` a white
//! stone (Right's), `.` an empty cell, `#` a hole and `|` separates rows (whitespace is
//! ignored). Nothing ever moves onto an empty cell, so a hole plays like one; it is kept
//! for the picture. (Clobber on any graph is `clobber_graph`.)
//!
//! A player moves one of their stones onto an orthogonally adjacent stone of the opponent,
//! which is removed. Since stones never move onto empty cells, a board is the sum of its
//! connected components of stones; each component is trimmed and normalised (the least
//! text among its images under the eight symmetries of the square, with and without the
//! colours swapped, which negates the value) and memoized in a [`Clobber`] solver.

use std::collections::HashMap;

use super::RulesetError;
use super::picture::{BoardPicture, Square};
use super::ruleset::{Ruleset, Solver};
use crate::game::{GameId, GameStore};

/// A rectangular Clobber board of `x`, `o` and `.` cells, row-major; row 0 is the top row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClobberBoard {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl ClobberBoard {
    /// Parses `"xox|ox.#"` (case-insensitive); rows must have equal widths.
    pub fn parse(text: &str) -> Result<ClobberBoard, RulesetError> {
        let mut cells = Vec::new();
        let mut widths = vec![0usize];
        for (at, ch) in text.char_indices() {
            match ch.to_ascii_lowercase() {
                c @ ('x' | 'o' | '.' | '#') => {
                    cells.push(c as u8);
                    *widths.last_mut().expect("one row") += 1;
                }
                '|' => widths.push(0),
                c if c.is_whitespace() => {}
                _ => return Err(RulesetError::BadChar { ch, at }),
            }
        }
        let cols = widths[0];
        for (row, &width) in widths.iter().enumerate() {
            if width != cols {
                return Err(RulesetError::RaggedGrid {
                    row,
                    width,
                    expected: cols,
                });
            }
        }
        let rows = if cols == 0 { 0 } else { widths.len() };
        Ok(ClobberBoard { rows, cols, cells })
    }

    fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// The orthogonal neighbours of `(r, c)` on the board.
    fn neighbours(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push((r - 1, c));
        }
        if r + 1 < self.rows {
            out.push((r + 1, c));
        }
        if c > 0 {
            out.push((r, c - 1));
        }
        if c + 1 < self.cols {
            out.push((r, c + 1));
        }
        out
    }

    /// The boards reachable by the player owning stones `me`, clobbering stones `them`.
    fn moves_for(&self, me: u8, them: u8) -> Vec<ClobberBoard> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.at(r, c) != me {
                    continue;
                }
                for (r2, c2) in self.neighbours(r, c) {
                    if self.at(r2, c2) == them {
                        let mut b = self.clone();
                        b.cells[r * self.cols + c] = b'.';
                        b.cells[r2 * self.cols + c2] = me;
                        out.push(b);
                    }
                }
            }
        }
        out
    }

    /// Left's (black, `x`) and Right's (white, `o`) moves.
    pub fn moves(&self) -> (Vec<ClobberBoard>, Vec<ClobberBoard>) {
        (self.moves_for(b'x', b'o'), self.moves_for(b'o', b'x'))
    }

    /// The connected components of stones, each trimmed to its bounding box.
    pub fn components(&self) -> Vec<ClobberBoard> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || !matches!(self.cells[start], b'x' | b'o') {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut members = Vec::new();
            while let Some(i) = stack.pop() {
                members.push(i);
                for (r2, c2) in self.neighbours(i / self.cols, i % self.cols) {
                    let j = r2 * self.cols + c2;
                    if !seen[j] && matches!(self.cells[j], b'x' | b'o') {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            let r0 = members
                .iter()
                .map(|i| i / self.cols)
                .min()
                .expect("nonempty");
            let r1 = members
                .iter()
                .map(|i| i / self.cols)
                .max()
                .expect("nonempty");
            let c0 = members
                .iter()
                .map(|i| i % self.cols)
                .min()
                .expect("nonempty");
            let c1 = members
                .iter()
                .map(|i| i % self.cols)
                .max()
                .expect("nonempty");
            let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
            let mut cells = vec![b'.'; rows * cols];
            for i in members {
                cells[(i / self.cols - r0) * cols + (i % self.cols - c0)] = self.cells[i];
            }
            out.push(ClobberBoard { rows, cols, cells });
        }
        out
    }

    /// The board with rows and columns exchanged.
    fn transpose(&self) -> ClobberBoard {
        self.map(self.cols, self.rows, |r, c| (c, r))
    }

    /// The board mirrored left-right.
    fn flip_cols(&self) -> ClobberBoard {
        self.map(self.rows, self.cols, |r, c| (r, self.cols - 1 - c))
    }

    /// The board mirrored top-bottom.
    fn flip_rows(&self) -> ClobberBoard {
        self.map(self.rows, self.cols, |r, c| (self.rows - 1 - r, c))
    }

    /// The board with black and white swapped.
    fn swap_colours(&self) -> ClobberBoard {
        let cells = self
            .cells
            .iter()
            .map(|&c| match c {
                b'x' => b'o',
                b'o' => b'x',
                c => c,
            })
            .collect();
        ClobberBoard { cells, ..*self }
    }

    fn map(
        &self,
        rows: usize,
        cols: usize,
        from: impl Fn(usize, usize) -> (usize, usize),
    ) -> ClobberBoard {
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = from(r, c);
                cells.push(self.at(r2, c2));
            }
        }
        ClobberBoard { rows, cols, cells }
    }
}

impl std::fmt::Display for ClobberBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols {
                write!(f, "{}", self.at(r, c) as char)?;
            }
        }
        Ok(())
    }
}

/// Left's and Right's options from the board `text`, as board strings.
pub fn clobber_moves(text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    Ok(super::move_texts(ClobberBoard::parse(text)?.moves()))
}

/// The rules of Clobber, for the generic [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ClobberRules;

impl Ruleset for ClobberRules {
    type Position = ClobberBoard;

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "board",
            summary: "Clobber: x (Left) and o (Right) stones; a move clobbers an adjacent opponent stone (\"xox|ox.\", | between rows)",
            example: ("clobber(\"xxo\")", "^"),
            args: super::registry::ArgForm::Text {
                what: "a board such as \"xox|ox.\"",
            },
        })
    }

    fn name(&self) -> &'static str {
        "clobber"
    }

    fn visit_moves(&self, b: &ClobberBoard, left: bool, visit: &mut dyn FnMut(&ClobberBoard)) {
        let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
        for m in b.moves_for(me, them) {
            visit(&m);
        }
    }

    /// Connected groups of stones, each trimmed.
    fn components(&self, b: &ClobberBoard) -> Vec<ClobberBoard> {
        b.components()
    }

    fn normal_form(&self, b: &ClobberBoard) -> (ClobberBoard, bool) {
        normalise(b)
    }

    /// Left's stones (`x`) blue, Right's (`o`) red.
    fn picture(&self, b: &ClobberBoard) -> Option<super::picture::Picture> {
        Some(BoardPicture::from_bytes(b.rows, b.cols, &b.cells, stones).into())
    }

    /// A component without stones of both colours has no moves.
    fn is_dead(&self, b: &ClobberBoard) -> bool {
        !b.cells.contains(&b'x') || !b.cells.contains(&b'o')
    }

    fn text(&self, b: &ClobberBoard) -> String {
        b.to_string()
    }

    fn parse(&self, text: &str) -> Result<ClobberBoard, RulesetError> {
        ClobberBoard::parse(text)
    }
}

/// A Clobber solver with its transposition table: the generic [`Solver`] on
/// [`ClobberRules`]. Its [`GameId`]s belong to the store it was first used with.
pub type Clobber = Solver<ClobberRules>;

/// The square showing a stone (`x` Left's, `o` Right's) or an empty square.
pub(crate) fn stones(b: u8) -> Square {
    match b {
        b'x' => Square::Piece {
            left: true,
            letter: None,
        },
        b'o' => Square::Piece {
            left: false,
            letter: None,
        },
        b'#' => Square::Blocked,
        _ => Square::Empty,
    }
}

/// The image of `b` with the least text under the symmetries of the square and the colour
/// swap, and whether that image is the negative of `b` (an odd number of swaps).
fn normalise(b: &ClobberBoard) -> (ClobberBoard, bool) {
    let mut best: Option<(String, ClobberBoard, bool)> = None;
    for (base, neg) in [(b.clone(), false), (b.swap_colours(), true)] {
        for t in [base.clone(), base.transpose()] {
            let a = t.flip_cols();
            let c = t.flip_rows();
            let d = a.flip_rows();
            for img in [t, a, c, d] {
                let s = img.to_string();
                if best.as_ref().is_none_or(|(k, _, _)| s < *k) {
                    best = Some((s, img, neg));
                }
            }
        }
    }
    let (_, img, neg) = best.expect("eight images");
    (img, neg)
}

/// The canonical form of the Clobber board `text` (a fresh table).
pub fn clobber(store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
    Clobber::default().value_of(store, text)
}

/// The value by the definition alone: no splitting, no symmetry, memoized by exact board.
pub fn clobber_value_naive(
    store: &mut GameStore,
    b: &ClobberBoard,
    memo: &mut HashMap<ClobberBoard, GameId>,
) -> GameId {
    super::value_by_definition(store, b, memo, &ClobberBoard::moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    fn show(s: &mut GameStore, text: &str) -> String {
        let g = clobber(s, text).unwrap();
        s.display(g, Notation::Ascii)
    }

    /// Hand derivations:
    /// - `xo`: Left clobbers to `.x`, Right to `o.`; both have stones of one colour only,
    ///   so no moves for anyone: 0. Hence `xo` = `{0|0}` = `*` (not 0: the first player
    ///   wins).
    /// - `xox`: Left's two moves leave `.xx` or `xx.`, Right's leave `o.x` or `x.o`, all 0:
    ///   `*`.
    /// - `xxo`: Left's only move leaves `x.x` = 0; Right's only move leaves `xo.` = `*`.
    ///   So `xxo` = `{0|*}` = `^` (up), and `oox` = `v` (down).
    /// - `xo.xo` = `* + *` = 0; `x.o` = 0 (no adjacent opponents).
    #[test]
    fn hand_checked_values() {
        let mut s = GameStore::new();
        for (text, want) in [
            ("", "0"),
            ("x", "0"),
            ("xx|xx", "0"),
            ("x.o", "0"),
            ("xo", "*"),
            ("x|o", "*"),
            ("xox", "*"),
            ("xo.xo", "0"),
            ("xo|..|xo", "0"),
            // A hole is an empty cell that is drawn shaded.
            ("xo#xo", "0"),
            ("x#|o#", "*"),
        ] {
            assert_eq!(show(&mut s, text), want, "clobber({text:?})");
        }
        let up = clobber(&mut s, "xxo").unwrap();
        let zero = s.zero();
        let star = s.nimber(1);
        assert_eq!(s.canonical(&[zero], &[star]), up);
        let down = clobber(&mut s, "oox").unwrap();
        assert_eq!(s.neg(up), down);
    }

    #[test]
    fn moves_as_strings() {
        let (l, r) = clobber_moves("xo|.x").unwrap();
        assert_eq!(l, vec![".x|.x".to_owned(), "xx|..".to_owned()]);
        // Row-major scan; the o tries down before left.
        assert_eq!(r, vec!["x.|.o".to_owned(), "o.|.x".to_owned()]);
        let (l, r) = clobber_moves("x.o").unwrap();
        assert!(l.is_empty() && r.is_empty());
    }

    #[test]
    fn parse_errors() {
        let mut s = GameStore::new();
        assert_eq!(
            clobber(&mut s, "xo?"),
            Err(RulesetError::BadChar { ch: '?', at: 2 })
        );
        assert_eq!(
            clobber(&mut s, "xo|o"),
            Err(RulesetError::RaggedGrid {
                row: 1,
                width: 1,
                expected: 2
            })
        );
    }

    #[test]
    fn components_are_trimmed() {
        let b = ClobberBoard::parse("xo.|...|.ox").unwrap();
        let parts: Vec<String> = b.components().iter().map(|p| p.to_string()).collect();
        assert_eq!(parts, vec!["xo".to_owned(), "ox".to_owned()]);
        let b = ClobberBoard::parse("x..|o.x|.xo").unwrap();
        let parts: Vec<String> = b.components().iter().map(|p| p.to_string()).collect();
        assert_eq!(parts, vec!["x|o".to_owned(), ".x|xo".to_owned()]);
    }

    fn board(rows: usize, cols: usize, mut code: u32) -> ClobberBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                let k = [b'.', b'x', b'o'][(code % 3) as usize];
                code /= 3;
                k
            })
            .collect();
        ClobberBoard { rows, cols, cells }
    }

    /// Every row of up to 7 cells and every 2×2, 2×3, 3×2 and 2×4 board: the value with
    /// splitting, symmetries and the table equals the plain recursion's.
    #[test]
    fn agrees_with_naive_recursion() {
        let mut s = GameStore::new();
        let mut solver = Clobber::default();
        let mut memo = HashMap::new();
        let mut shapes: Vec<(usize, usize)> = (1..=7).map(|n| (1, n)).collect();
        shapes.extend([(2, 2), (2, 3), (3, 2), (2, 4)]);
        for (rows, cols) in shapes {
            for code in 0..3u32.pow((rows * cols) as u32) {
                let b = board(rows, cols, code);
                let a = solver.value(&mut s, &b);
                let n = clobber_value_naive(&mut s, &b, &mut memo);
                assert_eq!(a, n, "{b}");
            }
        }
    }
}
