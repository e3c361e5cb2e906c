//! The grid value: a rectangle of cells, each a one-character string (`"x"`, `"o"`, `"."`,
//! `"#"`), for rulesets played on boards. In the language a grid is a record of kind
//! `grid` (fields `height`, `width`, `cells` row by row) printed `grid("xo.|..o")`; here it
//! is [`Grid`], with its symmetries and its independent regions.

use super::value::{Record, Value};
use std::rc::Rc;

/// A rectangle of cells, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub height: usize,
    pub width: usize,
    pub cells: Vec<char>,
}

/// The largest grid (cells), so that a typing slip does not fill memory.
pub const MAX_CELLS: usize = 1 << 16;

impl Grid {
    /// The grid of rows written `"xo.|..o"` (shorter rows filled out with `fill`).
    pub fn parse(text: &str, fill: char) -> Result<Grid, String> {
        let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
        Grid::from_rows(&rows, fill)
    }

    /// The grid of these rows (shorter rows filled out with `fill`).
    pub fn from_rows(rows: &[Vec<char>], fill: char) -> Result<Grid, String> {
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let height = rows.len();
        if width.saturating_mul(height) > MAX_CELLS {
            return Err(format!("a grid has at most {MAX_CELLS} cells"));
        }
        let mut cells = Vec::with_capacity(width * height);
        for row in rows {
            cells.extend(row.iter().copied());
            cells.extend(std::iter::repeat_n(fill, width - row.len()));
        }
        Ok(Grid {
            height,
            width,
            cells,
        })
    }

    pub fn get(&self, r: usize, c: usize) -> Option<char> {
        (r < self.height && c < self.width).then(|| self.cells[r * self.width + c])
    }

    /// The rows as strings.
    pub fn rows(&self) -> Vec<String> {
        if self.width == 0 {
            return vec![String::new(); self.height];
        }
        self.cells
            .chunks(self.width)
            .map(|r| r.iter().collect())
            .collect()
    }

    /// The columns as strings, left to right, each read top to bottom.
    pub fn columns(&self) -> Vec<String> {
        self.transpose().rows()
    }

    /// The rows joined by `|`: how a grid is written.
    pub fn text(&self) -> String {
        self.rows().join("|")
    }

    /// The grid with rows and columns exchanged (a reflection in the main diagonal).
    pub fn transpose(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for c in 0..self.width {
            for r in 0..self.height {
                cells.push(self.cells[r * self.width + c]);
            }
        }
        Grid {
            height: self.width,
            width: self.height,
            cells,
        }
    }

    /// The grid reflected left to right (each row reversed).
    pub fn mirror(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..self.height {
            for c in (0..self.width).rev() {
                cells.push(self.cells[r * self.width + c]);
            }
        }
        Grid { cells, ..*self }
    }

    /// The grid reflected top to bottom (the rows in reverse order).
    pub fn flip(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in (0..self.height).rev() {
            cells.extend_from_slice(&self.cells[r * self.width..(r + 1) * self.width]);
        }
        Grid { cells, ..*self }
    }

    /// The neighbours of a cell inside the grid: the four orthogonal ones, or all eight.
    pub fn neighbours(&self, r: usize, c: usize, eight: bool) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let orthogonal = (dr == 0) != (dc == 0);
                if (dr, dc) == (0, 0) || (!eight && !orthogonal) {
                    continue;
                }
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < self.height && (nc as usize) < self.width {
                    out.push((nr as usize, nc as usize));
                }
            }
        }
        out
    }

    /// The regions of the grid: the connected sets of cells other than `blank` (four- or
    /// eight-connected), each cut out to its bounding box with every other cell `blank`,
    /// in the order of their first cell.
    pub fn regions(&self, blank: char, eight: bool) -> Vec<Grid> {
        let mut region_of = vec![usize::MAX; self.cells.len()];
        let mut regions = Vec::new();
        for start in 0..self.cells.len() {
            if self.cells[start] == blank || region_of[start] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let mut members = vec![start];
            region_of[start] = id;
            let mut k = 0;
            while k < members.len() {
                let at = members[k];
                k += 1;
                for (nr, nc) in self.neighbours(at / self.width, at % self.width, eight) {
                    let n = nr * self.width + nc;
                    if self.cells[n] != blank && region_of[n] == usize::MAX {
                        region_of[n] = id;
                        members.push(n);
                    }
                }
            }
            regions.push(members);
        }
        regions
            .into_iter()
            .map(|members| {
                let rows = members.iter().map(|&m| m / self.width);
                let cols = members.iter().map(|&m| m % self.width);
                let (top, bottom) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
                let (left, right) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
                let (height, width) = (bottom - top + 1, right - left + 1);
                let mut cells = vec![blank; height * width];
                for &m in &members {
                    let (r, c) = (m / self.width, m % self.width);
                    cells[(r - top) * width + (c - left)] = self.cells[m];
                }
                Grid {
                    height,
                    width,
                    cells,
                }
            })
            .collect()
    }

    /// The images of the grid under a group of symmetries: `"none"` (itself), `"mirror"`
    /// (left–right and top–bottom reflections and the half turn), `"all"` (the eight
    /// symmetries of the square, transposes included).
    pub fn images(&self, symmetry: Symmetry) -> Vec<Grid> {
        let mut out = vec![self.clone()];
        if symmetry == Symmetry::None {
            return out;
        }
        out.push(self.mirror());
        out.push(self.flip());
        out.push(self.mirror().flip());
        if symmetry == Symmetry::All {
            let t = self.transpose();
            out.push(t.mirror());
            out.push(t.flip());
            out.push(t.mirror().flip());
            out.push(t);
        }
        out
    }

    /// The representative of the grid's class under `symmetry`: the image whose text is
    /// least.
    pub fn canonical(&self, symmetry: Symmetry) -> Grid {
        self.images(symmetry)
            .into_iter()
            .min_by(|a, b| (a.height, a.width, &a.cells).cmp(&(b.height, b.width, &b.cells)))
            .unwrap_or_else(|| self.clone())
    }

    /// The grid as a language value (a record of kind `grid`).
    pub fn to_value(&self) -> Value {
        let cells = self
            .cells
            .iter()
            .map(|&ch| Value::Str(ch.to_string().into()))
            .collect();
        Value::Record(Rc::new(Record {
            kind: "grid",
            fields: vec![
                ("height".into(), Value::number(self.height as i64)),
                ("width".into(), Value::number(self.width as i64)),
                ("cells".into(), Value::list(cells)),
            ],
        }))
    }

    /// The grid a value is: a grid record, or a string of rows `"xo.|..o"` (shorter rows
    /// filled with `fill`). `None` for any other value.
    pub fn of_value(v: &Value, fill: char) -> Option<Result<Grid, String>> {
        match v {
            Value::Str(s) => Some(Grid::parse(s, fill)),
            Value::Record(r) if r.kind == "grid" => Some(Grid::of_record(r)),
            _ => None,
        }
    }

    fn of_record(r: &Record) -> Result<Grid, String> {
        let int = |name: &str| match r.get(name) {
            Some(Value::Number(super::number::Num::Small(k))) => usize::try_from(*k).ok(),
            _ => None,
        };
        let (Some(height), Some(width), Some(Value::List(items))) =
            (int("height"), int("width"), r.get("cells"))
        else {
            return Err("a grid record needs height, width and cells".into());
        };
        let cells = items
            .iter()
            .map(|v| match v {
                Value::Str(s) if s.chars().count() == 1 => s.chars().next().ok_or(()),
                _ => Err(()),
            })
            .collect::<Result<Vec<char>, ()>>()
            .map_err(|()| "each cell of a grid is a string of one character".to_string())?;
        if cells.len() != height.saturating_mul(width) {
            return Err("a grid's cells do not fill its height and width".into());
        }
        Ok(Grid {
            height,
            width,
            cells,
        })
    }
}

/// How a grid record prints: `grid("xo.|..o")`.
pub fn record_text(r: &Record) -> String {
    match Grid::of_record(r) {
        Ok(g) => format!("grid({:?})", g.text()),
        Err(e) => format!("grid(<{e}>)"),
    }
}

/// Which symmetries of a grid keep its value (a ruleset says: Clobber all eight, Domineering
/// only the reflections that do not exchange rows and columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    None,
    Mirror,
    All,
}

impl Symmetry {
    pub fn named(name: &str) -> Option<Symmetry> {
        match name {
            "none" => Some(Symmetry::None),
            "mirror" => Some(Symmetry::Mirror),
            "all" => Some(Symmetry::All),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Mirror => "mirror",
            Symmetry::All => "all",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        Grid::parse(text, '.').unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn transposes_and_reflections() {
        let g = grid("ab|cd|ef");
        assert_eq!(g.transpose().text(), "ace|bdf");
        assert_eq!(g.mirror().text(), "ba|dc|fe");
        assert_eq!(g.flip().text(), "ef|cd|ab");
        assert_eq!(g.columns(), vec!["ace", "bdf"]);
        // Eight distinct images of a grid with no symmetry of its own.
        let mut images: Vec<String> = g.images(Symmetry::All).iter().map(Grid::text).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
        assert_eq!(g.images(Symmetry::Mirror).len(), 4);
        // Every image has the same canonical representative.
        for image in g.images(Symmetry::All) {
            assert_eq!(image.canonical(Symmetry::All), g.canonical(Symmetry::All));
        }
    }

    #[test]
    fn neighbours_in_four_and_eight_directions() {
        let g = grid("...|...|...");
        assert_eq!(g.neighbours(1, 1, false).len(), 4);
        assert_eq!(g.neighbours(1, 1, true).len(), 8);
        assert_eq!(g.neighbours(0, 0, false), vec![(0, 1), (1, 0)]);
        assert_eq!(g.neighbours(0, 0, true).len(), 3);
    }

    #[test]
    fn regions_are_cut_out_to_their_boxes() {
        let g = grid("xo..|...x|..ox");
        let regions: Vec<String> = g.regions('.', false).iter().map(Grid::text).collect();
        assert_eq!(regions, vec!["xo", ".x|ox"]);
        // Diagonal neighbours join regions only when eight-connected.
        let d = grid("x.|.o");
        assert_eq!(d.regions('.', false).len(), 2);
        assert_eq!(d.regions('.', true).len(), 1);
    }

    #[test]
    fn a_grid_is_a_value_and_back() {
        let g = grid("xo|.x");
        assert_eq!(Grid::of_value(&g.to_value(), '.'), Some(Ok(g)));
        assert!(Grid::of_value(&Value::number(3i64), '.').is_none());
    }
}
