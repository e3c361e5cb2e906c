//! Boards of cells as the strategy files write them: rows of one character per cell,
//! joined by `|` (`"..#|x.o"`); the empty text is the board with no cells.

/// A rectangular board of cells (bytes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<u8>,
}

impl Board {
    /// Reads a board whose cells are among `allowed`.
    pub fn parse(text: &str, allowed: &str) -> Result<Board, String> {
        if text.is_empty() {
            return Ok(Board {
                rows: 0,
                cols: 0,
                cells: Vec::new(),
            });
        }
        let lines: Vec<&str> = text.split('|').collect();
        let cols = lines[0].len();
        let mut cells = Vec::with_capacity(lines.len() * cols);
        for line in &lines {
            if line.len() != cols {
                return Err(format!("the board {text:?} has rows of different widths"));
            }
            for ch in line.bytes() {
                if !allowed.as_bytes().contains(&ch) {
                    return Err(format!("the board {text:?} has a cell {:?}", ch as char));
                }
                cells.push(ch);
            }
        }
        Ok(Board {
            rows: lines.len(),
            cols,
            cells,
        })
    }

    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    pub fn set(&mut self, r: usize, c: usize, v: u8) {
        self.cells[r * self.cols + c] = v;
    }

    /// The cells orthogonally next to `(r, c)`.
    pub fn neighbours(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
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

    /// The board written back.
    pub fn text(&self) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| self.at(r, c) as char)
                    .collect::<String>()
            })
            .collect();
        rows.join("|")
    }
}
