//! Grid boards of at most 128 cells as one `u128` bit mask: the position type of the
//! Domineering and Cram solver.
//!
//! A position of the search is copied, hashed and compared millions of times; as a
//! [`Grid`] (a `Vec<bool>`) each of those was a heap allocation and a walk over the cells.
//! Here a board is two bytes and a `u128`, moves are shifts and masks, connected components
//! a flood fill on bits, and trimming and the reflections move whole rows at once.
//!
//! Cell `(r, c)` is bit `r * cols + c` (row-major, no padding); a set bit is an empty
//! (playable) cell, and no bit at or past `rows * cols` is ever set.

use super::grid::Grid;

/// The most cells a [`BitGrid`] holds.
pub const MAX_CELLS: usize = 128;

/// A board of at most [`MAX_CELLS`] cells; a set bit is an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitGrid {
    bits: u128,
    rows: u8,
    cols: u8,
}

/// The `n` lowest bits.
fn low(n: usize) -> u128 {
    if n >= 128 { !0 } else { (1u128 << n) - 1 }
}

impl BitGrid {
    /// The board of `g`, if it has at most [`MAX_CELLS`] cells.
    pub fn from_grid(g: &Grid) -> Option<BitGrid> {
        let (rows, cols) = (g.rows(), g.cols());
        if rows * cols > MAX_CELLS {
            return None;
        }
        let mut bits = 0;
        for r in 0..rows {
            for c in 0..cols {
                if g.is_empty_cell(r, c) {
                    bits |= 1u128 << (r * cols + c);
                }
            }
        }
        Some(BitGrid::new(rows, cols, bits))
    }

    /// The board with these dimensions and empty cells (`bits` must fit the board).
    fn new(rows: usize, cols: usize, bits: u128) -> BitGrid {
        debug_assert!(rows * cols <= MAX_CELLS);
        debug_assert_eq!(bits & !low(rows * cols), 0);
        // A board with no cells is 0×0 whatever its dimensions were, as in `Grid`.
        let (rows, cols) = if rows == 0 || cols == 0 {
            (0, 0)
        } else {
            (rows, cols)
        };
        BitGrid {
            bits,
            rows: rows as u8,
            cols: cols as u8,
        }
    }

    /// The same board as a [`Grid`].
    pub fn to_grid(self) -> Grid {
        let cells = (0..self.rows() * self.cols())
            .map(|i| self.bits >> i & 1 == 1)
            .collect();
        Grid::from_cells(self.rows(), self.cols(), cells)
    }

    pub fn rows(self) -> usize {
        usize::from(self.rows)
    }

    pub fn cols(self) -> usize {
        usize::from(self.cols)
    }

    /// The empty cells as a mask.
    pub fn bits(self) -> u128 {
        self.bits
    }

    /// The number of empty cells.
    pub fn count_empty(self) -> u32 {
        self.bits.count_ones()
    }

    /// The cells of the first column.
    fn first_col(self) -> u128 {
        let mut m = 0;
        for r in 0..self.rows() {
            m |= 1u128 << (r * self.cols());
        }
        m
    }

    /// The top cells of the vertical dominoes that fit (cell `i` and cell `i + cols` empty).
    pub fn vertical_pairs(self) -> u128 {
        if self.rows < 2 {
            return 0;
        }
        self.bits & (self.bits >> self.cols())
    }

    /// The left cells of the horizontal dominoes that fit (cell `i` and cell `i + 1` empty,
    /// in one row).
    pub fn horizontal_pairs(self) -> u128 {
        if self.cols < 2 {
            return 0;
        }
        let last_col = self.first_col() << (self.cols() - 1);
        self.bits & (self.bits >> 1) & !last_col
    }

    /// The board with the cells of `mask` filled.
    pub fn without(self, mask: u128) -> BitGrid {
        BitGrid {
            bits: self.bits & !mask,
            ..self
        }
    }

    /// Calls `visit` with each connected component (4-neighbourhood) of empty cells,
    /// trimmed, in the order of their first cell.
    pub fn for_each_component(self, mut visit: impl FnMut(BitGrid)) {
        self.for_each_component_mask(|part| visit(self.with_bits(part).trimmed()));
    }

    /// Calls `visit` with the mask of each connected component (4-neighbourhood) of empty
    /// cells, in place (not trimmed), in the order of their first cell.
    pub(crate) fn for_each_component_mask(self, mut visit: impl FnMut(u128)) {
        let cols = self.cols();
        let first = self.first_col();
        let last = first << cols.saturating_sub(1);
        let mut rest = self.bits;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let grown =
                    part | part << cols | part >> cols | (part << 1 & !first) | (part >> 1 & !last);
                let grown = grown & rest;
                if grown == part {
                    break;
                }
                part = grown;
            }
            rest &= !part;
            visit(part);
        }
    }

    /// The board of the same shape whose empty cells are `bits` (which must fit it). Games
    /// whose cells hold more than "empty or not" keep one mask per kind of cell this way
    /// (Fission's stones and empty squares).
    pub(crate) fn with_bits(self, bits: u128) -> BitGrid {
        debug_assert_eq!(bits & !low(self.rows() * self.cols()), 0);
        BitGrid { bits, ..self }
    }

    /// The `rows × cols` board whose empty cells are `bits` (which must fit it).
    pub(crate) fn of_bits(rows: usize, cols: usize, bits: u128) -> BitGrid {
        BitGrid::new(rows, cols, bits)
    }

    /// The cells of the first column and of the last one.
    pub(crate) fn edge_cols(self) -> (u128, u128) {
        let first = self.first_col();
        (first, first << self.cols().saturating_sub(1))
    }

    /// The rows `r0..r1` and columns `c0..c1` of the board holding its empty cells:
    /// `None` when there are none.
    pub(crate) fn bounding_box(self) -> Option<(usize, usize, usize, usize)> {
        if self.bits == 0 {
            return None;
        }
        // The first and last rows from the lowest and highest cells; the columns from the
        // rows between them.
        let cols = self.cols();
        let r0 = self.bits.trailing_zeros() as usize / cols;
        let r1 = (127 - self.bits.leading_zeros() as usize) / cols + 1;
        let mut used_cols = 0;
        for r in r0..r1 {
            used_cols |= self.row(r);
        }
        let c0 = used_cols.trailing_zeros() as usize;
        let c1 = 128 - used_cols.leading_zeros() as usize;
        Some((r0, r1, c0, c1))
    }

    /// The sub-board of rows `r0..r1` and columns `c0..c1`.
    pub(crate) fn crop(self, (r0, r1, c0, c1): (usize, usize, usize, usize)) -> BitGrid {
        let width = c1 - c0;
        if r0 == 0 && r1 == self.rows() && width == self.cols() {
            return self;
        }
        let mut bits = 0;
        for r in r0..r1 {
            bits |= (self.row(r) >> c0 & low(width)) << ((r - r0) * width);
        }
        BitGrid::new(r1 - r0, width, bits)
    }

    /// Row `r` as the low `cols` bits.
    fn row(self, r: usize) -> u128 {
        self.bits >> (r * self.cols()) & low(self.cols())
    }

    /// The smallest sub-board holding every empty cell (0×0 when there is none).
    pub fn trimmed(self) -> BitGrid {
        match self.bounding_box() {
            None => BitGrid::new(0, 0, 0),
            Some(b) => self.crop(b),
        }
    }

    /// The mirror image left-right.
    pub fn flip_cols(self) -> BitGrid {
        let cols = self.cols();
        let mut bits = 0;
        for r in 0..self.rows() {
            bits |= (self.row(r).reverse_bits() >> (128 - cols)) << (r * cols);
        }
        BitGrid { bits, ..self }
    }

    /// The mirror image up-down.
    pub fn flip_rows(self) -> BitGrid {
        let (rows, cols) = (self.rows(), self.cols());
        let mut bits = 0;
        for r in 0..rows {
            bits |= self.row(r) << ((rows - 1 - r) * cols);
        }
        BitGrid { bits, ..self }
    }

    /// The transpose (rows become columns).
    pub fn transpose(self) -> BitGrid {
        let rows = self.rows();
        let mut bits = 0;
        for r in 0..rows {
            let mut row = self.row(r);
            while row != 0 {
                let c = row.trailing_zeros() as usize;
                row &= row - 1;
                bits |= 1u128 << (c * rows + r);
            }
        }
        BitGrid::new(self.cols(), rows, bits)
    }

    /// The half turn: row-major without padding, cell `i` goes to `n - 1 - i`, which is
    /// reversing the `n` bits (one instruction sequence instead of a loop over the rows).
    pub(crate) fn half_turn(self) -> BitGrid {
        let n = self.rows() * self.cols();
        if n == 0 {
            return self;
        }
        BitGrid {
            bits: self.bits.reverse_bits() >> (128 - n),
            ..self
        }
    }

    /// The least of the board's four images under the reflections (least as a mask): the
    /// board, its mirror up-down, and the half turns of both (the half turn of the mirror
    /// up-down is the mirror left-right).
    fn least_reflection(self) -> BitGrid {
        let b = self.flip_rows();
        let a = b.half_turn();
        let c = self.half_turn();
        [a, b, c]
            .into_iter()
            .fold(self, |m, x| if x.bits < m.bits { x } else { m })
    }

    /// A representative of the board under the eight symmetries of the rectangle, and
    /// whether it is a transposed image: a board with more rows than columns is transposed,
    /// a square one is transposed when that gives the lesser image.
    pub fn normal_form(self) -> (BitGrid, bool) {
        if self.rows > self.cols {
            return (self.transpose().least_reflection(), true);
        }
        let straight = self.least_reflection();
        if self.rows < self.cols {
            return (straight, false);
        }
        let turned = self.transpose().least_reflection();
        if turned.bits < straight.bits {
            (turned, true)
        } else {
            (straight, false)
        }
    }
}

impl std::fmt::Display for BitGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.to_grid().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::test_boards::random_grid;

    fn bits(text: &str) -> BitGrid {
        BitGrid::from_grid(&Grid::parse(text).unwrap()).unwrap()
    }

    /// Every operation agrees with the same operation on [`Grid`], on every board up to
    /// 3×4 and on pseudo-random larger ones.
    #[test]
    fn agrees_with_grid() {
        let mut boards = Vec::new();
        for rows in 1..=3 {
            for cols in 1..=4 {
                let n = rows * cols;
                for mask in 0u32..(1 << n) {
                    let cells = (0..n).map(|i| mask >> i & 1 == 1).collect();
                    boards.push(Grid::from_cells(rows, cols, cells));
                }
            }
        }
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for (rows, cols) in [(8, 16), (16, 8), (11, 11), (1, 128), (128, 1), (7, 9)] {
            for _ in 0..20 {
                boards.push(random_grid(rows, cols, 4, &mut seed));
            }
        }
        for g in &boards {
            let b = BitGrid::from_grid(g).unwrap();
            assert_eq!(b.to_grid(), *g);
            assert_eq!(b.to_string(), g.to_string());
            assert_eq!(b.trimmed().to_grid(), g.trimmed(), "{g}");
            assert_eq!(b.flip_cols().to_grid(), g.flip_cols(), "{g}");
            assert_eq!(b.flip_rows().to_grid(), g.flip_rows(), "{g}");
            assert_eq!(b.half_turn(), b.flip_cols().flip_rows(), "{g}");
            assert_eq!(b.transpose().to_grid(), g.transpose(), "{g}");
            let mut parts = Vec::new();
            b.for_each_component(|p| parts.push(p.to_grid()));
            assert_eq!(parts, g.components(), "{g}");
            assert_eq!(b.count_empty() as usize, g.count_empty());
            // Every image under a reflection has the same normal form, and every image
            // under a transpose too, with the flag reversed unless the board is its own
            // transpose up to reflections.
            let (n, turned) = b.normal_form();
            let both = b.flip_cols().flip_rows();
            for img in [b, b.flip_cols(), b.flip_rows(), both] {
                assert_eq!(img.normal_form(), (n, turned), "{g}");
                let t = img.transpose();
                let (m, t_turned) = t.normal_form();
                assert_eq!(m, n, "{g}");
                let symmetric =
                    b.rows == b.cols && b.least_reflection() == b.transpose().least_reflection();
                if !symmetric {
                    assert_eq!(t_turned, !turned, "{g}");
                }
            }
        }
    }

    #[test]
    fn dominoes_that_fit() {
        let b = bits("..#|.#.|...");
        // Vertical: (0,0)-(1,0), (1,0)-(2,0), (1,2)-(2,2).
        assert_eq!(b.vertical_pairs(), 1 | 1 << 3 | 1 << 5);
        // Horizontal: (0,0)-(0,1), (2,0)-(2,1), (2,1)-(2,2); never across rows.
        assert_eq!(b.horizontal_pairs(), 1 | 1 << 6 | 1 << 7);
        assert_eq!(bits(".|.").horizontal_pairs(), 0);
        assert_eq!(bits("..").vertical_pairs(), 0);
    }
}
