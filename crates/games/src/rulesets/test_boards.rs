//! Pseudo-random boards for the rulesets' tests: one xorshift step per cell, so a seed
//! always gives the same boards.

use super::grid::Grid;

/// A `rows × cols` board whose cells are each free unless the next xorshift word of
/// `seed` is a multiple of `one_in` (about one cell in `one_in` blocked).
pub(crate) fn random_grid(rows: usize, cols: usize, one_in: u64, seed: &mut u64) -> Grid {
    let cells = (0..rows * cols)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            !seed.is_multiple_of(one_in)
        })
        .collect();
    Grid::from_cells(rows, cols, cells)
}
