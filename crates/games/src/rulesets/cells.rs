//! Rectangular boards of one byte per cell, shared by the board games whose cells hold more
//! than "empty or not" (Konane, Amazons): parsing from `"ab.|..c"` through a character map,
//! printing, trimming a set of cells to its bounding box and the eight symmetries of the
//! square (the four reflections and rotations of a rectangle plus their transposes).

use std::fmt;

use super::RulesetError;

/// A rectangular board, row-major, one byte (the cell's printed character) per cell.
///
/// The derived order (rows, then columns, then cells) is the one normalisation minimises.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Cells {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<u8>,
}

impl Cells {
    /// Parses rows separated by `|`, ignoring whitespace; `map` turns a character into its
    /// cell byte or rejects it. Rows must have equal widths; an empty text is the 0×0 board.
    pub fn parse(text: &str, map: impl Fn(char) -> Option<u8>) -> Result<Cells, RulesetError> {
        let mut cells = Vec::new();
        let mut widths = vec![0usize];
        for (at, ch) in text.char_indices() {
            if ch == '|' {
                widths.push(0);
            } else if ch.is_whitespace() {
                continue;
            } else if let Some(b) = map(ch) {
                cells.push(b);
                *widths.last_mut().expect("one row") += 1;
            } else {
                return Err(RulesetError::BadChar { ch, at });
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
        Ok(Cells { rows, cols, cells })
    }

    /// The cell index `i` moved `steps` times by `(dr, dc)`, if it stays on the board.
    pub fn step(&self, i: usize, dr: isize, dc: isize, steps: isize) -> Option<usize> {
        let r = (i / self.cols) as isize + dr * steps;
        let c = (i % self.cols) as isize + dc * steps;
        if r < 0 || c < 0 || r >= self.rows as isize || c >= self.cols as isize {
            return None;
        }
        Some(r as usize * self.cols + c as usize)
    }

    /// The bounding box of the cells `members`, keeping their contents; the box's other
    /// cells become `fill`.
    pub fn crop(&self, members: &[usize], fill: u8) -> Cells {
        let rs = members.iter().map(|i| i / self.cols);
        let cs = members.iter().map(|i| i % self.cols);
        let (r0, r1) = (rs.clone().min().unwrap_or(0), rs.max().unwrap_or(0));
        let (c0, c1) = (cs.clone().min().unwrap_or(0), cs.max().unwrap_or(0));
        if members.is_empty() {
            return Cells {
                rows: 0,
                cols: 0,
                cells: Vec::new(),
            };
        }
        let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut cells = vec![fill; rows * cols];
        for &i in members {
            cells[(i / self.cols - r0) * cols + (i % self.cols - c0)] = self.cells[i];
        }
        Cells { rows, cols, cells }
    }

    /// The shape of the image under the symmetry `t` (see [`Cells::image`]).
    fn shape(&self, t: u8) -> (usize, usize) {
        if t & 4 != 0 {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        }
    }

    /// The index in `self` of the cell at index `i` of the image under `t`.
    fn source(&self, t: u8, i: usize) -> usize {
        let (rows, cols) = self.shape(t);
        let (mut r, mut c) = (i / cols, i % cols);
        if t & 2 != 0 {
            r = rows - 1 - r;
        }
        if t & 1 != 0 {
            c = cols - 1 - c;
        }
        if t & 4 != 0 {
            (r, c) = (c, r);
        }
        r * self.cols + c
    }

    /// The image of the board under the symmetry `t` in `0..8`: bit 0 mirrors left-right,
    /// bit 1 mirrors top-bottom, bit 2 transposes (before the mirrors).
    pub fn image(&self, t: u8) -> Cells {
        let (rows, cols) = self.shape(t);
        let cells = (0..self.cells.len())
            .map(|i| self.cells[self.source(t, i)])
            .collect();
        Cells { rows, cols, cells }
    }

    /// The least image under the eight symmetries and, when `swap` is given, also under
    /// the exchange of the two bytes it names; with whether that image used the exchange.
    ///
    /// Images are compared cell by cell without being built (this runs once per position
    /// looked up in a table); only the winner is built.
    pub fn least_image(&self, swap: Option<(u8, u8)>) -> (Cells, bool) {
        let exchange = |x: u8, on: bool| match swap {
            Some((a, b)) if on && x == a => b,
            Some((a, b)) if on && x == b => a,
            _ => x,
        };
        let less = |(t, on): (u8, bool), (u, off): (u8, bool)| -> bool {
            let (ours, theirs) = (self.shape(t), self.shape(u));
            if ours != theirs {
                return ours < theirs;
            }
            for i in 0..self.cells.len() {
                let x = exchange(self.cells[self.source(t, i)], on);
                let y = exchange(self.cells[self.source(u, i)], off);
                if x != y {
                    return x < y;
                }
            }
            false
        };
        let mut best = (0u8, false);
        let flags: &[bool] = if swap.is_some() {
            &[false, true]
        } else {
            &[false]
        };
        for &on in flags {
            for t in 0..8 {
                if less((t, on), best) {
                    best = (t, on);
                }
            }
        }
        let mut img = self.image(best.0);
        if best.1 {
            for x in &mut img.cells {
                *x = exchange(*x, true);
            }
        }
        (img, best.1)
    }
}

impl fmt::Display for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols {
                write!(f, "{}", self.cells[r * self.cols + c] as char)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Cells {
        Cells::parse(text, |c| "ab.#".contains(c).then_some(c as u8)).unwrap()
    }

    #[test]
    fn images_are_the_eight_symmetries() {
        let b = parse("ab.|..#");
        let mut texts: Vec<String> = (0..8).map(|t| b.image(t).to_string()).collect();
        assert_eq!(texts[0], "ab.|..#");
        assert_eq!(texts[1], ".ba|#..");
        assert_eq!(texts[2], "..#|ab.");
        assert_eq!(texts[4], "a.|b.|.#");
        texts.sort();
        texts.dedup();
        assert_eq!(
            texts.len(),
            8,
            "an asymmetric board has eight distinct images"
        );
        // The 2×3 images sort before the 3×2 ones, and '#' < '.' < 'a' < 'b': the least of
        // the sixteen is the half-turn of the swapped board.
        let (least, swapped) = b.least_image(Some((b'a', b'b')));
        assert_eq!(least.to_string(), "#..|.ab");
        assert!(swapped);
        let (least, swapped) = parse("a..|..#").least_image(Some((b'a', b'b')));
        assert_eq!(least.to_string(), "#..|..a");
        assert!(!swapped);
    }

    #[test]
    fn crop_keeps_members_only() {
        let b = parse("a..|.b.|..#");
        let c = b.crop(&[4, 8], b'#');
        assert_eq!(c.to_string(), "b#|##");
        let c = b.crop(&[0, 4], b'.');
        assert_eq!(c.to_string(), "a.|.b");
        assert_eq!(b.step(4, -1, 1, 1), Some(2));
        assert_eq!(b.step(4, 1, 1, 2), None);
    }
}
