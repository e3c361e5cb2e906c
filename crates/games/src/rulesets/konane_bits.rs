//! Konane boards of at most 64 cells as two bit masks (black stones, white stones): the
//! position type of the Konane solver.
//!
//! As bytes ([`KonaneBoard`]) every move, group and image of a board was a new vector, and
//! the groups (see [`KonaneBoard::components`] for why they never interact) were found by
//! passes over every line of three cells and a union-find: 45% of the time of a search,
//! with a third more in allocation. Here a jump is a few shifts, the closure that defines
//! the groups is computed for all cells at once (a shift per direction per pass), and a
//! group is a flood fill over the linked lines.
//!
//! Cell `(r, c)` is bit `r * cols + c` (row-major, no padding); no bit at or past
//! `rows * cols` is set, and no cell holds both colours.

use super::bitgrid::BitGrid;
use super::konane::KonaneBoard;

/// The most cells a [`KonaneBits`] holds.
pub const MAX_BITS_CELLS: usize = 64;

/// A Konane board: `x` (Left's stones) and `o` (Right's) as masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KonaneBits {
    x: u64,
    o: u64,
    rows: u8,
    cols: u8,
}

/// The `n` lowest bits.
fn low(n: usize) -> u64 {
    if n >= 64 { !0 } else { (1u64 << n) - 1 }
}

/// A board's shape as masks, for moving masks one step in a direction.
#[derive(Clone, Copy)]
struct Shape {
    cols: usize,
    area: u64,
    first_col: u64,
    last_col: u64,
}

impl Shape {
    fn of(rows: usize, cols: usize) -> Shape {
        let mut first_col = 0;
        for r in 0..rows {
            first_col |= 1u64 << (r * cols);
        }
        Shape {
            cols,
            area: low(rows * cols),
            first_col,
            last_col: first_col << cols.saturating_sub(1),
        }
    }

    /// The cells one step from those of `m` in direction `d` (up, down, left, right: the
    /// order of the byte boards' moves), dropping steps off the board.
    fn step(self, m: u64, d: usize) -> u64 {
        match d {
            0 => m.checked_shr(self.cols as u32).unwrap_or(0),
            1 => m.checked_shl(self.cols as u32).unwrap_or(0) & self.area,
            2 => m >> 1 & !self.last_col,
            _ => m << 1 & !self.first_col & self.area,
        }
    }

    /// The direction opposite to `d`.
    fn back(d: usize) -> usize {
        d ^ 1
    }
}

impl KonaneBits {
    /// The board `b`, if it has at most [`MAX_BITS_CELLS`] cells.
    pub fn from_board(b: &KonaneBoard) -> Option<KonaneBits> {
        let (rows, cols) = (b.rows(), b.cols());
        if rows * cols > MAX_BITS_CELLS {
            return None;
        }
        let (mut x, mut o) = (0, 0);
        for (i, &c) in b.cells().iter().enumerate() {
            match c {
                b'x' => x |= 1u64 << i,
                b'o' => o |= 1u64 << i,
                _ => {}
            }
        }
        Some(KonaneBits::new(rows, cols, x, o))
    }

    fn new(rows: usize, cols: usize, x: u64, o: u64) -> KonaneBits {
        debug_assert!(rows * cols <= MAX_BITS_CELLS);
        debug_assert_eq!((x | o) & !low(rows * cols), 0);
        debug_assert_eq!(x & o, 0);
        KonaneBits {
            x,
            o,
            rows: rows as u8,
            cols: cols as u8,
        }
    }

    /// The same board as bytes.
    pub fn to_board(self) -> KonaneBoard {
        let cells = (0..self.rows() * self.cols())
            .map(|i| {
                if self.x >> i & 1 == 1 {
                    b'x'
                } else if self.o >> i & 1 == 1 {
                    b'o'
                } else {
                    b'.'
                }
            })
            .collect();
        KonaneBoard::from_cells(self.rows(), self.cols(), cells)
    }

    pub fn rows(self) -> usize {
        usize::from(self.rows)
    }

    pub fn cols(self) -> usize {
        usize::from(self.cols)
    }

    fn shape(self) -> Shape {
        Shape::of(self.rows(), self.cols())
    }

    /// Calls `visit` with each board Left (`left`, moving `x`) or Right can move to, in the
    /// order of the byte boards' moves: by stone row by row, then up, down, left, right,
    /// then the nearer landing first.
    pub fn visit_moves(self, left: bool, mut visit: impl FnMut(KonaneBits)) {
        let (me, them) = if left {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        };
        let empty = self.shape().area & !(self.x | self.o);
        let shape = self.shape();
        let mut stones = me;
        while stones != 0 {
            let from = stones & stones.wrapping_neg();
            stones &= stones - 1;
            for d in 0..4 {
                let mut at = from;
                let mut taken = 0;
                loop {
                    let over = shape.step(at, d);
                    if over & them == 0 {
                        break;
                    }
                    let to = shape.step(over, d);
                    if to & empty == 0 {
                        break;
                    }
                    taken |= over;
                    at = to;
                    let (mine, theirs) = (me & !from | to, them & !taken);
                    let (x, o) = if left { (mine, theirs) } else { (theirs, mine) };
                    visit(KonaneBits { x, o, ..self });
                }
            }
        }
    }

    /// The groups of cells that can never interact, each trimmed, in the order of their
    /// first cell; groups with stones of one colour only are left out. The same groups as
    /// [`KonaneBoard::components`] (where the argument is), found with masks: `X` and `O`
    /// by shifting whole masks until nothing changes, then each group by a flood fill
    /// along the linked lines of three cells.
    pub fn for_each_component(self, mut visit: impl FnMut(KonaneBits)) {
        let shape = self.shape();
        let (mut can_x, mut can_o) = (self.x, self.o);
        loop {
            let (was_x, was_o) = (can_x, can_o);
            for d in 0..4 {
                can_x |= shape.step(shape.step(can_x, d) & can_o, d);
                can_o |= shape.step(shape.step(can_o, d) & can_x, d);
            }
            if (can_x, can_o) == (was_x, was_o) {
                break;
            }
        }
        // starts[d]: the cells `p` whose line `p, p + d, p + 2d` is linked (on the board,
        // with `p` and `p + d` of opposite kinds).
        let mut starts = [0u64; 4];
        for (d, s) in starts.iter_mut().enumerate() {
            let b = Shape::back(d);
            let on_board = shape.step(shape.step(shape.area, b), b);
            let next_o = shape.step(can_o, b);
            let next_x = shape.step(can_x, b);
            *s = (can_x & next_o | can_o & next_x) & on_board;
        }
        let mut rest = can_x | can_o;
        while rest != 0 {
            let mut group = rest & rest.wrapping_neg();
            loop {
                let mut grown = group;
                for (d, &s) in starts.iter().enumerate() {
                    let b = Shape::back(d);
                    let one = shape.step(group, b);
                    let touching = s & (group | one | shape.step(one, b));
                    let mid = shape.step(touching, d);
                    grown |= touching | mid | shape.step(mid, d);
                }
                if grown == group {
                    break;
                }
                group = grown;
            }
            rest &= !group;
            if group & self.x != 0 && group & self.o != 0 {
                visit(self.crop(group));
            }
        }
    }

    /// The cells of `group` on their bounding box (every other cell empty).
    fn crop(self, group: u64) -> KonaneBits {
        let cols = self.cols();
        let r0 = group.trailing_zeros() as usize / cols;
        let r1 = (63 - group.leading_zeros() as usize) / cols + 1;
        let mut used = 0;
        for r in r0..r1 {
            used |= group >> (r * cols) & low(cols);
        }
        let c0 = used.trailing_zeros() as usize;
        let width = 64 - used.leading_zeros() as usize - c0;
        let take = |m: u64| {
            let mut out = 0;
            for r in r0..r1 {
                out |= (m >> (r * cols + c0) & low(width)) << ((r - r0) * width);
            }
            out
        };
        KonaneBits::new(r1 - r0, width, take(self.x & group), take(self.o & group))
    }

    /// A representative of the board under the eight symmetries of the rectangle and the
    /// colour swap, and whether it is a colour-swapped image (which negates the value): the
    /// least image by shape, then black stones, then white stones as masks.
    pub fn normal_form(self) -> (KonaneBits, bool) {
        let (rows, cols) = (self.rows(), self.cols());
        let xs = BitGrid::of_bits(rows, cols, u128::from(self.x));
        let os = BitGrid::of_bits(rows, cols, u128::from(self.o));
        let images = |g: BitGrid| {
            let t = g.transpose();
            [
                g,
                g.flip_rows(),
                g.flip_cols(),
                g.half_turn(),
                t,
                t.flip_rows(),
                t.flip_cols(),
                t.half_turn(),
            ]
        };
        let (ix, io) = (images(xs), images(os));
        let mut best = (self, false);
        let key = |b: &KonaneBits| (b.rows, b.cols, b.x, b.o);
        for (a, b) in ix.iter().zip(io.iter()) {
            // A board with no cells is 0×0 in `BitGrid`; its masks are empty.
            let (r, c) = (a.rows(), a.cols());
            let (x, o) = (a.bits() as u64, b.bits() as u64);
            for (img, swapped) in [
                (KonaneBits::new(r, c, x, o), false),
                (KonaneBits::new(r, c, o, x), true),
            ] {
                if key(&img) < key(&best.0) {
                    best = (img, swapped);
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-random board (xorshift).
    fn random_board(rows: usize, cols: usize, state: &mut u64) -> KonaneBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                [b'.', b'x', b'o', b'.'][(*state % 4) as usize]
            })
            .collect();
        KonaneBoard::from_cells(rows, cols, cells)
    }

    fn boards() -> Vec<KonaneBoard> {
        let mut out = Vec::new();
        for (rows, cols) in [(1, 7), (2, 3), (3, 2)] {
            for mut code in 0..3u32.pow((rows * cols) as u32) {
                let cells = (0..rows * cols)
                    .map(|_| {
                        let k = [b'.', b'x', b'o'][(code % 3) as usize];
                        code /= 3;
                        k
                    })
                    .collect();
                out.push(KonaneBoard::from_cells(rows, cols, cells));
            }
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for (rows, cols) in [
            (3, 3),
            (4, 4),
            (5, 5),
            (6, 6),
            (4, 9),
            (1, 36),
            (36, 1),
            (8, 8),
        ] {
            for _ in 0..200 {
                out.push(random_board(rows, cols, &mut state));
            }
        }
        out
    }

    /// Moves and groups are those of the byte boards, in the same order; the normal form is
    /// the same for every image of a board, and flags the colour swap consistently.
    #[test]
    fn agrees_with_the_byte_boards() {
        for b in boards() {
            let bits = KonaneBits::from_board(&b).unwrap();
            assert_eq!(bits.to_board(), b);
            let (l, r) = b.moves();
            for (left, theirs) in [(true, l), (false, r)] {
                let mut ours = Vec::new();
                bits.visit_moves(left, |m| ours.push(m.to_board()));
                assert_eq!(ours, theirs, "{b} left: {left}");
            }
            let mut ours = Vec::new();
            bits.for_each_component(|p| ours.push(p.to_board()));
            assert_eq!(ours, b.components(), "{b}");
            let (n, swapped) = bits.normal_form();
            // A board equal to its own colour swap (up to symmetry) is its own negative:
            // either flag is right for it.
            let self_negative = KonaneBits::new(n.rows(), n.cols(), n.o, n.x)
                .normal_form()
                .0
                == n;
            for t in 0..8 {
                let img = KonaneBits::from_board(&b.image(t)).unwrap();
                let (m, s) = img.normal_form();
                assert_eq!(m, n, "{b} image {t}");
                let neg = KonaneBits::new(img.rows(), img.cols(), img.o, img.x);
                let (m2, s2) = neg.normal_form();
                assert_eq!(m2, n, "{b} image {t} swapped");
                if !self_negative {
                    assert_eq!((s, s2), (swapped, !swapped), "{b} image {t}");
                }
            }
        }
    }
}
