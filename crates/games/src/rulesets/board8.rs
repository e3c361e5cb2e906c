//! Boards of at most 8 rows and 8 columns as one `u64` with a row of eight bits per board
//! row: the form of every Domineering and Cram region a search can finish.
//!
//! A [`BitGrid`] packs its rows without padding, so trimming, the
//! mirror images and the transpose move one row (or one cell) at a time. With every row
//! eight bits wide they are whole-word operations: the mirror up-down is a byte swap, the
//! mirror left-right a bit reversal of each byte, the transpose the three exchanges of an
//! 8×8 bit matrix, trimming one shift. The profile of Domineering on irregular boards spent
//! a quarter of its time in those row loops.
//!
//! Cell `(r, c)` is bit `8 r + c`; a set bit is an empty (playable) cell, and no bit outside
//! the `rows × cols` rectangle is ever set. Cells are ordered the same way as in a
//! `BitGrid` of the same dimensions (row by row), so comparing two boards' masks as
//! integers orders them as their `BitGrid` masks are ordered, and the least image under the
//! symmetries is the same board in both forms.

use super::bitgrid::BitGrid;

/// The most rows (and columns) of a [`Board8`].
pub const SIDE: usize = 8;

/// The cells of the first column.
const FIRST_COL: u64 = 0x0101_0101_0101_0101;
/// The cells of the last (eighth) column.
const LAST_COL: u64 = FIRST_COL << 7;

/// A board of at most 8 × 8 cells; a set bit is an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board8 {
    bits: u64,
    rows: u8,
    cols: u8,
}

impl Board8 {
    /// The board with these dimensions and empty cells (the cells must fit the board). A
    /// board with no cells is 0×0, as in `BitGrid`.
    fn new(rows: usize, cols: usize, bits: u64) -> Board8 {
        debug_assert!(rows <= SIDE && cols <= SIDE);
        let (rows, cols) = if rows == 0 || cols == 0 {
            (0, 0)
        } else {
            (rows, cols)
        };
        debug_assert_eq!(bits & !Board8::area(rows, cols), 0);
        Board8 {
            bits,
            rows: rows as u8,
            cols: cols as u8,
        }
    }

    /// Every cell of a `rows × cols` board.
    fn area(rows: usize, cols: usize) -> u64 {
        if rows == 0 || cols == 0 {
            return 0;
        }
        let row = u64::MAX >> (64 - cols);
        let rows_mask = if rows == SIDE {
            u64::MAX
        } else {
            (1u64 << (8 * rows)) - 1
        };
        row.wrapping_mul(FIRST_COL) & rows_mask
    }

    /// The same board, when it has at most 8 rows and 8 columns.
    pub fn from_bitgrid(b: BitGrid) -> Option<Board8> {
        let (rows, cols) = (b.rows(), b.cols());
        if rows > SIDE || cols > SIDE {
            return None;
        }
        let mut bits = 0;
        let mut rest = b.bits();
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            bits |= 1u64 << (8 * (i / cols) + i % cols);
        }
        Some(Board8::new(rows, cols, bits))
    }

    /// The same board packed without padding.
    pub fn to_bitgrid(self) -> BitGrid {
        let cols = self.cols();
        let mut bits = 0u128;
        let mut rest = self.bits;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            bits |= 1u128 << ((i / 8) * cols + i % 8);
        }
        BitGrid::of_bits(self.rows(), cols, bits)
    }

    pub fn rows(self) -> usize {
        usize::from(self.rows)
    }

    pub fn cols(self) -> usize {
        usize::from(self.cols)
    }

    /// The empty cells as a mask (bit `8 r + c`).
    pub fn bits(self) -> u64 {
        self.bits
    }

    /// The board as one word when it is trimmed (its first and last rows and columns each
    /// hold an empty cell, as every component's): the mask alone then gives the
    /// dimensions, so two trimmed boards with the same word are the same board.
    pub fn packed(self) -> Option<u64> {
        let bits = self.bits;
        if self.rows == 0 {
            return Some(0);
        }
        let (rows, cols) = (self.rows(), self.cols());
        let trimmed = bits & 0xff != 0
            && bits & FIRST_COL != 0
            && bits >> (8 * (rows - 1)) != 0
            && bits & FIRST_COL << (cols - 1) != 0;
        trimmed.then_some(bits)
    }

    /// The top cells of the vertical dominoes that fit.
    pub fn vertical_pairs(self) -> u64 {
        self.bits & self.bits >> 8
    }

    /// The left cells of the horizontal dominoes that fit (never across rows: the last
    /// column's neighbour to the right would be the next row's first cell).
    pub fn horizontal_pairs(self) -> u64 {
        self.bits & self.bits >> 1 & !LAST_COL
    }

    /// The board with the cells of `mask` filled.
    pub fn without(self, mask: u64) -> Board8 {
        Board8 {
            bits: self.bits & !mask,
            ..self
        }
    }

    /// Calls `visit` with each connected component (4-neighbourhood) of empty cells,
    /// trimmed, in the order of their first cell.
    pub fn for_each_component(self, mut visit: impl FnMut(Board8)) {
        let mut rest = self.bits;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let grown = (part
                    | part << 8
                    | part >> 8
                    | (part << 1 & !FIRST_COL)
                    | (part >> 1 & !LAST_COL))
                    & rest;
                if grown == part {
                    break;
                }
                part = grown;
            }
            rest &= !part;
            visit(Board8 { bits: part, ..self }.trimmed());
        }
    }

    /// The smallest sub-board holding every empty cell (0×0 when there is none): one
    /// shift, since no empty cell lies above the first used row or left of the first used
    /// column.
    pub fn trimmed(self) -> Board8 {
        let bits = self.bits;
        if bits == 0 {
            return Board8::new(0, 0, 0);
        }
        let r0 = bits.trailing_zeros() as usize / 8;
        let r1 = (63 - bits.leading_zeros() as usize) / 8 + 1;
        let mut used = bits | bits >> 32;
        used |= used >> 16;
        used |= used >> 8;
        let used = used & 0xff;
        let c0 = used.trailing_zeros() as usize;
        let c1 = 64 - used.leading_zeros() as usize;
        Board8::new(r1 - r0, c1 - c0, bits >> (8 * r0 + c0))
    }

    /// The mirror image up-down: a byte swap puts row `r` at `7 - r`.
    pub fn flip_rows(self) -> Board8 {
        if self.rows == 0 {
            return self;
        }
        Board8 {
            bits: self.bits.swap_bytes() >> (8 * (SIDE - self.rows())),
            ..self
        }
    }

    /// The mirror image left-right: each byte's bits reversed puts column `c` at `7 - c`.
    pub fn flip_cols(self) -> Board8 {
        if self.cols == 0 {
            return self;
        }
        Board8 {
            bits: self.bits.reverse_bits().swap_bytes() >> (SIDE - self.cols()),
            ..self
        }
    }

    /// The half turn: reversing all 64 bits puts `(r, c)` at `(7 - r, 7 - c)`.
    pub fn half_turn(self) -> Board8 {
        if self.rows == 0 {
            return self;
        }
        let shift = 8 * (SIDE - self.rows()) + (SIDE - self.cols());
        Board8 {
            bits: self.bits.reverse_bits() >> shift,
            ..self
        }
    }

    /// The transpose (rows become columns), by the three exchanges of an 8×8 bit matrix
    /// (single cells across the diagonal, then 2×2 blocks, then 4×4 blocks).
    pub fn transpose(self) -> Board8 {
        let mut x = self.bits;
        let t = (x ^ x >> 7) & 0x00aa_00aa_00aa_00aa;
        x ^= t ^ t << 7;
        let t = (x ^ x >> 14) & 0x0000_cccc_0000_cccc;
        x ^= t ^ t << 14;
        let t = (x ^ x >> 28) & 0x0000_0000_f0f0_f0f0;
        x ^= t ^ t << 28;
        Board8::new(self.cols(), self.rows(), x)
    }

    /// The least of the board's four images under the reflections (least as a mask).
    fn least_reflection(self) -> Board8 {
        let b = self.flip_rows();
        let a = self.flip_cols();
        let c = self.half_turn();
        let mut best = self;
        // The same order of candidates as `BitGrid`'s, so that ties (symmetric boards,
        // where the images are equal) resolve alike.
        for x in [a, b, c] {
            if x.bits < best.bits {
                best = x;
            }
        }
        best
    }

    /// A representative of the board under the eight symmetries of the rectangle, and
    /// whether it is a transposed image: the same rule as [`BitGrid::normal_form`] (a
    /// board with more rows than columns is transposed, a square one when that gives the
    /// lesser image), which gives the same board.
    pub fn normal_form(self) -> (Board8, bool) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::grid::Grid;
    use crate::rulesets::test_boards::random_grid;

    /// Every board up to 3×4 (and 4×3), every dimension up to 8×8 with pseudo-random
    /// cells: each operation gives the same board as `BitGrid`'s.
    #[test]
    fn agrees_with_bitgrid() {
        let mut boards = Vec::new();
        for (rows, cols) in [
            (1, 1),
            (1, 4),
            (2, 3),
            (3, 2),
            (3, 4),
            (4, 3),
            (2, 2),
            (3, 3),
        ] {
            let n = rows * cols;
            for mask in 0u32..(1 << n) {
                let cells = (0..n).map(|i| mask >> i & 1 == 1).collect();
                boards.push(Grid::from_cells(rows, cols, cells));
            }
        }
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for rows in 1..=SIDE {
            for cols in 1..=SIDE {
                for density in [2, 4] {
                    for _ in 0..30 {
                        boards.push(random_grid(rows, cols, density, &mut seed));
                    }
                }
            }
        }
        for g in &boards {
            let b = BitGrid::from_grid(g).unwrap();
            let e = Board8::from_bitgrid(b).unwrap();
            assert_eq!(e.to_bitgrid(), b, "{g}");
            assert_eq!(e.trimmed().to_bitgrid(), b.trimmed(), "{g}");
            // Packed exactly when trimmed, and then the word gives the board back.
            assert_eq!(e.packed().is_some(), e.trimmed() == e, "{g}");
            if let Some(w) = e.packed() {
                assert_eq!(Board8::new(8, 8, w).trimmed(), e, "{g}");
            }
            assert_eq!(e.flip_rows().to_bitgrid(), b.flip_rows(), "{g}");
            assert_eq!(e.flip_cols().to_bitgrid(), b.flip_cols(), "{g}");
            assert_eq!(e.half_turn().to_bitgrid(), b.half_turn(), "{g}");
            assert_eq!(e.transpose().to_bitgrid(), b.transpose(), "{g}");
            let (n, t) = e.normal_form();
            let (m, u) = b.normal_form();
            assert_eq!((n.to_bitgrid(), t), (m, u), "{g}");
            let mut ours = Vec::new();
            e.for_each_component(|p| ours.push(p.to_bitgrid()));
            let mut theirs = Vec::new();
            b.for_each_component(|p| theirs.push(p));
            assert_eq!(ours, theirs, "{g}");
            // The dominoes that fit, cell for cell.
            let spread = |m: u128| {
                let mut out = 0u64;
                for i in 0..b.rows() * b.cols() {
                    if m >> i & 1 == 1 {
                        out |= 1 << (8 * (i / b.cols()) + i % b.cols());
                    }
                }
                out
            };
            assert_eq!(e.vertical_pairs(), spread(b.vertical_pairs()), "{g}");
            assert_eq!(e.horizontal_pairs(), spread(b.horizontal_pairs()), "{g}");
        }
        assert!(Board8::from_bitgrid(BitGrid::from_grid(&Grid::empty(9, 2)).unwrap()).is_none());
    }
}
