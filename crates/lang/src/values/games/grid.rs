//! The grid value: a rectangle of cells, each a one-character string (`"x"`, `"o"`, `"."`,
//! `"#"`), for rulesets played on boards. In the language a grid is a record of kind
//! `grid` (fields `height`, `width`, `cells` row by row) printed `grid("xo.|..o")`; here it
//! is [`Grid`], with its symmetries and its independent regions.

use crate::values::value::Record;

use crate::values::value::Value;
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
        neighbours_in(self.height, self.width, r, c, eight).collect()
    }

    /// The regions of the grid: the connected sets of cells other than `blank` (four- or
    /// eight-connected), each cut out to its bounding box with every other cell `blank`,
    /// in the order of their first cell. (Called for every option of every position a
    /// grid ruleset solves: nothing is allocated per cell.)
    pub fn regions(&self, blank: char, eight: bool) -> Vec<Grid> {
        let (h, w) = (self.height, self.width);
        let mut region_of = vec![usize::MAX; self.cells.len()];
        let mut members = Vec::new();
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            if self.cells[start] == blank || region_of[start] != usize::MAX {
                continue;
            }
            let id = out.len();
            members.clear();
            members.push(start);
            region_of[start] = id;
            let (mut top, mut bottom, mut left, mut right) = (h, 0, w, 0);
            let mut k = 0;
            while k < members.len() {
                let at = members[k];
                k += 1;
                let (r, c) = (at / w, at % w);
                (top, bottom) = (top.min(r), bottom.max(r));
                (left, right) = (left.min(c), right.max(c));
                for (dr, dc) in STEPS {
                    if !eight && dr != 0 && dc != 0 {
                        continue;
                    }
                    let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc))
                    else {
                        continue;
                    };
                    if nr >= h || nc >= w {
                        continue;
                    }
                    let n = nr * w + nc;
                    if self.cells[n] != blank && region_of[n] == usize::MAX {
                        region_of[n] = id;
                        members.push(n);
                    }
                }
            }
            let (height, width) = (bottom - top + 1, right - left + 1);
            let mut cells = vec![blank; height * width];
            for &m in &members {
                let (r, c) = (m / w, m % w);
                cells[(r - top) * width + (c - left)] = self.cells[m];
            }
            out.push(Grid {
                height,
                width,
                cells,
            });
        }
        out
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

    /// The representative of the grid's class under `symmetry`: the least of its images,
    /// ordered by height, width and then cells. The images are compared where they lie,
    /// cell by cell, and only the least is built (a grid ruleset asks this for every
    /// region of every option).
    pub fn canonical(&self, symmetry: Symmetry) -> Grid {
        let count = match symmetry {
            Symmetry::None => 1,
            Symmetry::Mirror => 4,
            Symmetry::All => 8,
        };
        let mut best = 0;
        for k in 1..count {
            if self.image_cmp(k, best) == std::cmp::Ordering::Less {
                best = k;
            }
        }
        if best == 0 {
            return self.clone();
        }
        let (height, width) = self.image_dims(best);
        let cells = (0..height * width)
            .map(|i| self.image_cell(best, height, width, i))
            .collect();
        Grid {
            height,
            width,
            cells,
        }
    }

    /// The height and width of image `k` (see [`Grid::image_cell`]).
    fn image_dims(&self, k: usize) -> (usize, usize) {
        if k & 4 != 0 {
            (self.width, self.height)
        } else {
            (self.height, self.width)
        }
    }

    /// Cell `i` (row by row) of image `k` of the grid, of `height` rows and `width`
    /// columns: bit 1 of `k` reverses the rows (mirror), bit 2 the columns' order top to
    /// bottom (flip), bit 4 transposes first. Images 0 to 3 are the reflections and the
    /// half turn ("mirror"), all eight the symmetries of the square ("all").
    fn image_cell(&self, k: usize, height: usize, width: usize, i: usize) -> char {
        let (r, c) = (i / width, i % width);
        let r = if k & 2 != 0 { height - 1 - r } else { r };
        let c = if k & 1 != 0 { width - 1 - c } else { c };
        if k & 4 != 0 {
            self.cells[c * self.width + r]
        } else {
            self.cells[r * self.width + c]
        }
    }

    /// Images `a` and `b` compared as [`Grid::canonical`] orders them.
    fn image_cmp(&self, a: usize, b: usize) -> std::cmp::Ordering {
        let (da, db) = (self.image_dims(a), self.image_dims(b));
        da.cmp(&db).then_with(|| {
            let (h, w) = da;
            (0..h * w)
                .map(|i| {
                    self.image_cell(a, h, w, i)
                        .cmp(&self.image_cell(b, h, w, i))
                })
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    }

    /// The grid as a language value (a record of kind `grid`).
    pub fn to_value(&self) -> Value {
        let cells = self.cells.iter().map(|&ch| cell_value(ch)).collect();
        grid_record(self.height, self.width, cells)
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
        let Some((height, width, items)) = record_shape(r) else {
            return Err("a grid record needs height, width and cells".into());
        };
        let cells = items
            .iter()
            .map(cell_char)
            .collect::<Option<Vec<char>>>()
            .ok_or_else(|| "each cell of a grid is a string of one character".to_string())?;
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

/// The offsets of the eight neighbours of a cell (the orthogonal ones have a zero).
const STEPS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

thread_local! {
    /// The one-character strings of the ASCII characters, shared: a grid's cells as values
    /// cost no allocation each.
    static ASCII_CELLS: Vec<Rc<str>> = (0u8..128).map(|b| Rc::from((b as char).to_string())).collect();
}

/// A cell as a value: a one-character string (shared for ASCII characters).
pub fn cell_value(ch: char) -> Value {
    if ch.is_ascii() {
        ASCII_CELLS.with(|cells| Value::Str(cells[ch as usize].clone()))
    } else {
        Value::Str(ch.to_string().into())
    }
}

/// The character of a cell's value, if it is a one-character string.
pub fn cell_char(v: &Value) -> Option<char> {
    let Value::Str(s) = v else {
        return None;
    };
    match s.as_bytes() {
        [b] if b.is_ascii() => Some(*b as char),
        _ => {
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) => Some(ch),
                _ => None,
            }
        }
    }
}

/// The neighbours of the cell at row `r`, column `c` inside a grid of `height` rows and
/// `width` columns, row by row: the four orthogonal ones, or all eight.
pub fn neighbours_in(
    height: usize,
    width: usize,
    r: usize,
    c: usize,
    eight: bool,
) -> impl Iterator<Item = (usize, usize)> {
    STEPS.into_iter().filter_map(move |(dr, dc)| {
        if !eight && dr != 0 && dc != 0 {
            return None;
        }
        let (nr, nc) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (nr < height && nc < width).then_some((nr, nc))
    })
}

/// The grid record of `height` rows and `width` columns with these cells (one-character
/// strings, row by row).
pub fn grid_record(height: usize, width: usize, cells: Vec<Value>) -> Value {
    Value::Record(Rc::new(Record {
        kind: "grid",
        fields: vec![
            ("height".into(), Value::number(height as i64)),
            ("width".into(), Value::number(width as i64)),
            ("cells".into(), Value::list(cells)),
        ],
    }))
}

/// A grid record read where it lies, without converting its cells: the built-ins that read
/// or change one cell (`cell`, `set_cell`, `neighbours`, called once per move by a grid
/// ruleset's rules) use it.
pub struct GridView<'a> {
    pub height: usize,
    pub width: usize,
    /// One-character strings, row by row.
    pub cells: &'a [Value],
}

impl<'a> GridView<'a> {
    /// The view of a well-formed grid record; `None` for any other value (a string of
    /// rows, or a record that is no grid, is read by [`Grid::of_value`] with its errors).
    pub fn of(v: &'a Value) -> Option<GridView<'a>> {
        let Value::Record(r) = v else {
            return None;
        };
        if r.kind != "grid" {
            return None;
        }
        let (height, width, cells) = record_shape(r)?;
        (cells.len() == height.saturating_mul(width)
            && cells.iter().all(|c| cell_char(c).is_some()))
        .then_some(GridView {
            height,
            width,
            cells,
        })
    }
}

/// A grid record's height, width and cells as written, unchecked against each other.
fn record_shape(r: &Record) -> Option<(usize, usize, &[Value])> {
    let int = |name: &str| match r.get(name) {
        Some(Value::Number(crate::values::number::Num::Small(k))) => usize::try_from(*k).ok(),
        _ => None,
    };
    match (int("height"), int("width"), r.get("cells")) {
        (Some(height), Some(width), Some(Value::List(items))) => Some((height, width, items)),
        _ => None,
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
    fn the_canonical_image_is_the_least_image_built() {
        // Every grid of x, o and . up to 3×3 cells (and 2×4, 4×2): the image chosen
        // without building the images is the least of those built.
        let sizes = [
            (1, 1),
            (1, 3),
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (4, 2),
            (3, 3),
        ];
        for (h, w) in sizes {
            for code in 0..3usize.pow((h * w) as u32) {
                let mut k = code;
                let cells = (0..h * w)
                    .map(|_| {
                        let ch = ['x', 'o', '.'][k % 3];
                        k /= 3;
                        ch
                    })
                    .collect();
                let g = Grid {
                    height: h,
                    width: w,
                    cells,
                };
                for symmetry in [Symmetry::None, Symmetry::Mirror, Symmetry::All] {
                    let least = g
                        .images(symmetry)
                        .into_iter()
                        .min_by(|a, b| {
                            (a.height, a.width, &a.cells).cmp(&(b.height, b.width, &b.cells))
                        })
                        .unwrap_or_else(|| g.clone());
                    assert_eq!(g.canonical(symmetry), least, "{} {symmetry:?}", g.text());
                }
            }
        }
    }

    #[test]
    fn a_grid_record_is_read_in_place() {
        let g = grid("xo.|.xo");
        let v = g.to_value();
        let view = GridView::of(&v).unwrap_or_else(|| panic!("a grid record"));
        assert_eq!((view.height, view.width), (2, 3));
        let read: Vec<char> = view.cells.iter().filter_map(cell_char).collect();
        assert_eq!(read, g.cells);
        assert!(GridView::of(&Value::Str("xo".into())).is_none());
        assert_eq!(cell_char(&Value::Str("é".into())), Some('é'));
        assert_eq!(cell_char(&Value::Str("ab".into())), None);
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
