//! Rectangular boards of empty and blocked cells, parsed from `"..#.|...."` (`.` empty,
//! `#` blocked, `|` between rows), with the operations grid games need: connected
//! components of empty cells, trimming, reflections and the transpose.

use super::RulesetError;

/// A rectangular board; `true` marks an empty (playable) cell. Row 0 is the top row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<bool>,
}

impl Grid {
    /// An `rows × cols` board of empty cells.
    pub fn empty(rows: usize, cols: usize) -> Grid {
        Grid {
            rows,
            cols,
            cells: vec![true; rows * cols],
        }
    }

    /// A board from its cells (`true` = empty), row-major.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<bool>) -> Grid {
        assert_eq!(
            cells.len(),
            rows * cols,
            "cell count of a {rows}×{cols} grid"
        );
        Grid { rows, cols, cells }
    }

    /// Parses `"..#.|...."`; whitespace is ignored, rows must have equal widths.
    pub fn parse(text: &str) -> Result<Grid, RulesetError> {
        let mut cells = Vec::new();
        let mut rows = 0;
        let mut cols = None;
        let mut width = 0;
        let mut finish = |width: usize, rows: &mut usize| -> Result<(), RulesetError> {
            match cols {
                None => cols = Some(width),
                Some(c) if c != width => {
                    return Err(RulesetError::RaggedGrid {
                        row: *rows,
                        width,
                        expected: c,
                    });
                }
                _ => {}
            }
            *rows += 1;
            Ok(())
        };
        for (at, ch) in text.char_indices() {
            match ch {
                '.' => {
                    cells.push(true);
                    width += 1;
                }
                '#' => {
                    cells.push(false);
                    width += 1;
                }
                '|' => {
                    finish(width, &mut rows)?;
                    width = 0;
                }
                c if c.is_whitespace() => {}
                _ => return Err(RulesetError::BadChar { ch, at }),
            }
        }
        finish(width, &mut rows)?;
        let cols = cols.unwrap_or(0);
        if cols == 0 {
            return Ok(Grid::empty(0, 0));
        }
        Ok(Grid { rows, cols, cells })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether cell `(r, c)` is on the board and empty.
    pub fn is_empty_cell(&self, r: usize, c: usize) -> bool {
        r < self.rows && c < self.cols && self.cells[r * self.cols + c]
    }

    /// Sets cell `(r, c)`: `true` = empty, `false` = blocked.
    pub fn set(&mut self, r: usize, c: usize, empty: bool) {
        self.cells[r * self.cols + c] = empty;
    }

    /// The number of empty cells.
    pub fn count_empty(&self) -> usize {
        self.cells.iter().filter(|&&e| e).count()
    }

    /// The smallest sub-board holding every empty cell (0×0 when there is none).
    pub fn trimmed(&self) -> Grid {
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.is_empty_cell(r, c) {
                    r0 = r0.min(r);
                    r1 = r1.max(r + 1);
                    c0 = c0.min(c);
                    c1 = c1.max(c + 1);
                }
            }
        }
        if r0 == usize::MAX {
            return Grid::empty(0, 0);
        }
        let mut cells = Vec::with_capacity((r1 - r0) * (c1 - c0));
        for r in r0..r1 {
            for c in c0..c1 {
                cells.push(self.is_empty_cell(r, c));
            }
        }
        Grid {
            rows: r1 - r0,
            cols: c1 - c0,
            cells,
        }
    }

    /// The mirror image left-right.
    pub fn flip_cols(&self) -> Grid {
        self.map(self.rows, self.cols, |r, c| (r, self.cols - 1 - c))
    }

    /// The mirror image up-down.
    pub fn flip_rows(&self) -> Grid {
        self.map(self.rows, self.cols, |r, c| (self.rows - 1 - r, c))
    }

    /// The transpose (rows become columns).
    pub fn transpose(&self) -> Grid {
        self.map(self.cols, self.rows, |r, c| (c, r))
    }

    fn map(&self, rows: usize, cols: usize, from: impl Fn(usize, usize) -> (usize, usize)) -> Grid {
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let (fr, fc) = from(r, c);
                cells.push(self.is_empty_cell(fr, fc));
            }
        }
        Grid { rows, cols, cells }
    }

    /// The connected components (4-neighbourhood) of empty cells, each as a trimmed board.
    pub fn components(&self) -> Vec<Grid> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            if !self.cells[start] || seen[start] {
                continue;
            }
            let mut part = vec![false; self.cells.len()];
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                part[i] = true;
                let (r, c) = (i / self.cols, i % self.cols);
                let mut push = |rr: usize, cc: usize| {
                    let j = rr * self.cols + cc;
                    if self.cells[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                };
                if r > 0 {
                    push(r - 1, c);
                }
                if r + 1 < self.rows {
                    push(r + 1, c);
                }
                if c > 0 {
                    push(r, c - 1);
                }
                if c + 1 < self.cols {
                    push(r, c + 1);
                }
            }
            let g = Grid {
                rows: self.rows,
                cols: self.cols,
                cells: part,
            };
            out.push(g.trimmed());
        }
        out
    }
}

impl std::fmt::Display for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols {
                f.write_str(if self.is_empty_cell(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let g = Grid::parse("..#.|....").unwrap();
        assert_eq!((g.rows(), g.cols()), (2, 4));
        assert!(!g.is_empty_cell(0, 2));
        assert_eq!(g.to_string(), "..#.|....");
        assert!(matches!(
            Grid::parse("..|."),
            Err(RulesetError::RaggedGrid { .. })
        ));
        assert!(matches!(
            Grid::parse(".x"),
            Err(RulesetError::BadChar { .. })
        ));
    }

    #[test]
    fn components_and_symmetries() {
        let g = Grid::parse(".#.|.#.|##.").unwrap();
        let parts = g.components();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].to_string(), ".|.");
        assert_eq!(parts[1].to_string(), ".|.|.");
        let h = Grid::parse("..#|...").unwrap();
        assert_eq!(h.transpose().to_string(), "..|..|#.");
        assert_eq!(h.flip_cols().to_string(), "#..|...");
        assert_eq!(h.flip_rows().to_string(), "...|..#");
    }
}
