//! The scatter plot of a sequence of integers (CGSuite 2.1's `ScatterPlot`): a point
//! `(n, a(n))` for each term, to see the large-scale structure of a nim sequence. Drawn as
//! SVG and as text (Braille dots in Unicode, `'` `.` `:` in ASCII).

use super::table::escape_html;

/// A sequence `a(first), a(first + 1), …` to plot, with a title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScatterPlot {
    pub first: i64,
    pub values: Vec<i64>,
    pub title: String,
}

/// The plotting area of the SVG, in pixels.
const PLOT_WIDTH: f64 = 600.0;
const PLOT_HEIGHT: f64 = 300.0;
/// Room on the left for the labels of the values, above for the title, below for the
/// labels of the indices.
const LEFT: f64 = 60.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 30.0;
const RIGHT: f64 = 20.0;

impl ScatterPlot {
    /// The last index plotted.
    pub fn last(&self) -> i64 {
        self.first + self.values.len().saturating_sub(1) as i64
    }

    /// The least and greatest values (0 and 0 for an empty sequence); the bottom of the
    /// plot is never above 0, so that a plot of nim values starts at 0.
    fn range(&self) -> (i64, i64) {
        let low = self.values.iter().copied().min().unwrap_or(0).min(0);
        let high = self.values.iter().copied().max().unwrap_or(0).max(low);
        (low, high)
    }

    /// Where each term falls on a grid of `columns` × `rows` cells (0-based, row 0 at the
    /// bottom), with no cell given twice, in the order of the terms.
    pub fn cells(&self, columns: usize, rows: usize) -> Vec<(usize, usize)> {
        let (low, high) = self.range();
        let span_x = (self.values.len().saturating_sub(1)).max(1) as f64;
        let span_y = (high - low).max(1) as f64;
        let mut seen = rustc_hash::FxHashSet::default();
        let mut out = Vec::new();
        for (k, &v) in self.values.iter().enumerate() {
            let x = (k as f64 / span_x * (columns.saturating_sub(1)) as f64).round() as usize;
            let y = ((v - low) as f64 / span_y * (rows.saturating_sub(1)) as f64).round() as usize;
            if seen.insert((x, y)) {
                out.push((x, y));
            }
        }
        out
    }

    /// The plot as an SVG picture: axes with the first and last index and the least and
    /// greatest value, the title above, and one dot a term (terms falling on the same
    /// half-pixel drawn once).
    pub fn to_svg(&self) -> String {
        let (low, high) = self.range();
        let width = LEFT + PLOT_WIDTH + RIGHT;
        let height = TOP + PLOT_HEIGHT + BOTTOM;
        let bottom = TOP + PLOT_HEIGHT;
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n"
        );
        out += &format!(
            "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
        );
        if !self.title.is_empty() {
            out += &format!(
                "<text x=\"{}\" y=\"18\" text-anchor=\"middle\">{}</text>\n",
                LEFT + PLOT_WIDTH / 2.0,
                escape_html(&self.title)
            );
        }
        out += &format!(
            "<line x1=\"{LEFT}\" y1=\"{bottom}\" x2=\"{}\" y2=\"{bottom}\" stroke=\"black\"/>\n",
            LEFT + PLOT_WIDTH
        );
        out += &format!(
            "<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{bottom}\" stroke=\"black\"/>\n"
        );
        let label = |x: f64, y: f64, anchor: &str, text: String| {
            format!("<text x=\"{x}\" y=\"{y}\" text-anchor=\"{anchor}\">{text}</text>\n")
        };
        out += &label(LEFT - 6.0, bottom + 4.0, "end", low.to_string());
        out += &label(LEFT - 6.0, TOP + 4.0, "end", high.to_string());
        out += &label(LEFT, bottom + 18.0, "middle", self.first.to_string());
        out += &label(
            LEFT + PLOT_WIDTH,
            bottom + 18.0,
            "middle",
            self.last().to_string(),
        );
        // Half-pixel cells: as fine as a screen shows, and a long sequence stays small.
        let columns = (PLOT_WIDTH * 2.0) as usize + 1;
        let rows = (PLOT_HEIGHT * 2.0) as usize + 1;
        out += "<g fill=\"#1f5fbf\">\n";
        for (x, y) in self.cells(columns, rows) {
            let cx = LEFT + x as f64 / 2.0;
            let cy = bottom - y as f64 / 2.0;
            out += &format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"1.5\"/>\n");
        }
        out + "</g>\n</svg>\n"
    }

    /// The plot as text `width` × `height` characters (plus the axes and labels): Braille
    /// characters of 2 × 4 dots in Unicode, characters of 1 × 2 dots (`'`, `.`, `:`) in
    /// ASCII.
    pub fn to_text(&self, width: usize, height: usize, unicode: bool) -> String {
        let (width, height) = (width.max(2), height.max(2));
        let (dx, dy) = if unicode { (2, 4) } else { (1, 2) };
        let mut grid = vec![vec![0u8; width]; height];
        for (x, y) in self.cells(width * dx, height * dy) {
            let row = height - 1 - y / dy;
            let (sub_x, sub_y) = (x % dx, dy - 1 - y % dy);
            let bit = if unicode {
                // Braille dots 1-2-3-7 down the left column, 4-5-6-8 down the right.
                [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]][sub_y][sub_x]
            } else {
                [1, 2][sub_y]
            };
            grid[row][x / dx] |= bit;
        }
        let (low, high) = self.range();
        let margin = high.to_string().len().max(low.to_string().len());
        let (tick, bar, corner, dash) = if unicode {
            ('┤', '│', '└', '─')
        } else {
            ('+', '|', '+', '-')
        };
        let mut lines = Vec::new();
        if !self.title.is_empty() {
            lines.push(self.title.clone());
        }
        for (r, cells) in grid.iter().enumerate() {
            let (label, axis) = match r {
                0 => (high.to_string(), tick),
                r if r + 1 == height => (low.to_string(), tick),
                _ => (String::new(), bar),
            };
            let dots: String = cells
                .iter()
                .map(|&bits| match (unicode, bits) {
                    (_, 0) => ' ',
                    (true, b) => char::from_u32(0x2800 + u32::from(b)).unwrap_or('?'),
                    (false, 1) => '\'',
                    (false, 2) => '.',
                    (false, _) => ':',
                })
                .collect();
            lines.push(
                format!("{label:>margin$} {axis}{dots}")
                    .trim_end()
                    .to_string(),
            );
        }
        let axis: String = std::iter::repeat_n(dash, width).collect();
        lines.push(format!("{:margin$} {corner}{axis}", ""));
        let first = self.first.to_string();
        let last = self.last().to_string();
        let gap = (width + 1).saturating_sub(first.len() + last.len()).max(1);
        lines.push(format!("{:margin$} {first}{}{last}", "", " ".repeat(gap)));
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plot(values: &[i64]) -> ScatterPlot {
        ScatterPlot {
            first: 0,
            values: values.to_vec(),
            title: "a(n)".into(),
        }
    }

    #[test]
    fn each_term_is_a_cell_and_equal_cells_are_one() {
        let p = plot(&[0, 1, 2, 3]);
        assert_eq!(p.cells(4, 4), vec![(0, 0), (1, 1), (2, 2), (3, 3)]);
        // Two columns: the terms fall on two places only... and the values on two rows.
        assert_eq!(p.cells(2, 2), vec![(0, 0), (1, 1)]);
    }

    #[test]
    fn the_text_plot_draws_a_diagonal() {
        let text = plot(&[0, 1, 2, 3]).to_text(4, 2, false);
        assert_eq!(text, "a(n)\n3 +  .'\n0 +.'\n  +----\n  0   3");
        // Braille: 4 × 8 dots; the terms fall on dots (0,0), (1,2), (2,5), (3,7) counted
        // from the bottom left, so dots 7 and 5 of the bottom left character and dots 3
        // and 4 of the top right one.
        let braille = plot(&[0, 1, 2, 3]).to_text(2, 2, true);
        let rows: Vec<&str> = braille.lines().collect();
        assert_eq!(rows[1], "3 ┤ \u{280c}");
        assert_eq!(rows[2], "0 ┤\u{2850}");
    }
}
