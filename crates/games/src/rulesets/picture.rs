//! Pictures of positions, for lecture notes, drawn as SVG or as a TikZ picture.
//!
//! A game on a grid is a [`BoardPicture`]: a grid of squares, blocked squares shaded,
//! Left's pieces as blue discs and Right's as red ones (with a letter when the piece has a
//! name, such as an amazon). Any other game is a [`GraphPicture`] (see [`graph`]): a
//! Hackenbush picture with its ground and coloured edges, or a graph whose vertices are
//! coloured by their state (Snort, Col, Clobber on graphs, Arc Kayles), laid out by
//! [`layout`]. The impartial games of the books (Green Hackenbush, Northcott's game, Nimble,
//! Staircase Nim, Turning Turtles, heaps) are drawn by [`impartial`], and a sum of positions
//! is its pictures side by side with `+` between them ([`Picture::Sum`]).

use std::fmt::Write;

pub mod graph;
pub mod impartial;
pub mod layout;

pub use graph::{Edge, GraphPicture, Ink, Look, Node};
pub use layout::{hackenbush_picture, vertex_graph_picture};

/// A picture of a position: a grid board, a drawn graph, or the pictures of the components
/// of a sum.
#[derive(Clone, Debug, PartialEq)]
pub enum Picture {
    Board(BoardPicture),
    Graph(GraphPicture),
    /// The components of a sum side by side, bottoms on one line (so that Hackenbush
    /// grounds line up), with `+` between them.
    Sum(Vec<Picture>),
}

/// The room for the `+` between two parts of a sum: pixels in the SVG, centimetres in TikZ.
const PLUS_PX: f64 = 48.0;
const PLUS_CM: f64 = 1.0;

impl Picture {
    /// The pictures of `parts` side by side with `+` between them; a part that is a sum
    /// itself is opened, so that sums of sums are one row.
    pub fn sum(parts: Vec<Picture>) -> Picture {
        let mut flat = Vec::with_capacity(parts.len());
        for p in parts {
            match p {
                Picture::Sum(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        Picture::Sum(flat)
    }

    /// An SVG drawing with `title` above the picture.
    pub fn to_svg(&self, title: &str) -> String {
        match self {
            Picture::Board(b) => b.to_svg(title),
            Picture::Graph(g) => g.to_svg(title),
            Picture::Sum(_) => {
                let (margin, top) = (16.0, 40.0);
                let (dw, dh) = self.svg_size();
                let w = (dw + 2.0 * margin)
                    .max(title.chars().count() as f64 * 9.0 + 2.0 * margin)
                    .ceil();
                let h = (dh + top + margin).ceil();
                let mut s = graph::svg_start(&w, &h, &graph::num(w / 2.0, 1), title);
                self.draw_svg(&mut s, ((w - dw) / 2.0, top));
                s.push_str("</svg>\n");
                s
            }
        }
    }

    /// The width and height in pixels of the drawing, without title and margins.
    fn svg_size(&self) -> (f64, f64) {
        match self {
            Picture::Board(b) => b.svg_size(),
            Picture::Graph(g) => g.svg_size(),
            Picture::Sum(parts) => {
                let sizes: Vec<(f64, f64)> = parts.iter().map(Picture::svg_size).collect();
                let w = sizes.iter().map(|s| s.0).sum::<f64>()
                    + PLUS_PX * parts.len().saturating_sub(1) as f64;
                (w, sizes.iter().map(|s| s.1).fold(0.0, f64::max))
            }
        }
    }

    /// Draws the picture with its top left corner at `at` (pixels).
    fn draw_svg(&self, s: &mut String, at: graph::Point) {
        match self {
            Picture::Board(b) => b.draw_svg(s, at),
            Picture::Graph(g) => g.draw_svg(s, at),
            Picture::Sum(parts) => {
                let sizes: Vec<(f64, f64)> = parts.iter().map(Picture::svg_size).collect();
                let height = sizes.iter().map(|s| s.1).fold(0.0, f64::max);
                let bottom = at.1 + height;
                // Every `+` on one line, halfway up the lowest part.
                let lowest = sizes.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
                let plus_y = graph::num(bottom - lowest / 2.0 + 9.0, 1);
                let mut x = at.0;
                for (k, (p, &(w, h))) in parts.iter().zip(&sizes).enumerate() {
                    if k > 0 {
                        let _ = writeln!(
                            s,
                            r#"<text class="plus" x="{}" y="{plus_y}" font-size="28" text-anchor="middle">+</text>"#,
                            graph::num(x + PLUS_PX / 2.0, 1),
                        );
                        x += PLUS_PX;
                    }
                    p.draw_svg(s, (x, bottom - h));
                    x += w;
                }
            }
        }
    }

    /// A TikZ picture for LaTeX documents.
    pub fn to_tikz(&self) -> String {
        format!(
            "\\begin{{tikzpicture}}\n{}\\end{{tikzpicture}}",
            self.tikz_body()
        )
    }

    /// The drawing commands of the TikZ picture, one a line.
    fn tikz_body(&self) -> String {
        match self {
            Picture::Board(b) => b.tikz_body(),
            Picture::Graph(g) => g.tikz_body(),
            Picture::Sum(parts) => {
                let boxes: Vec<(f64, f64, f64, f64)> =
                    parts.iter().map(Picture::tikz_bounds).collect();
                // Every `+` on one line, halfway up the lowest part.
                let lowest = boxes
                    .iter()
                    .map(|b| b.3 - b.1)
                    .fold(f64::INFINITY, f64::min);
                let mut s = String::new();
                let mut x = 0.0;
                for (k, (p, &(x0, y0, x1, _))) in parts.iter().zip(&boxes).enumerate() {
                    if k > 0 {
                        let _ = writeln!(
                            s,
                            "  \\node at ({},{}) {{$+$}};",
                            graph::num(x + PLUS_CM / 2.0, 2),
                            graph::num(lowest / 2.0, 2)
                        );
                        x += PLUS_CM;
                    }
                    // Each part shifted so that its box starts at `x` and at height 0.
                    let _ = writeln!(
                        s,
                        "  \\begin{{scope}}[xshift={}cm,yshift={}cm]",
                        graph::num(x - x0, 2),
                        graph::num(-y0, 2)
                    );
                    for line in p.tikz_body().lines() {
                        let _ = writeln!(s, "  {line}");
                    }
                    s.push_str("  \\end{scope}\n");
                    x += x1 - x0;
                }
                s
            }
        }
    }

    /// The box `(x0, y0, x1, y1)` in centimetres that the TikZ picture covers.
    fn tikz_bounds(&self) -> (f64, f64, f64, f64) {
        match self {
            Picture::Board(b) => b.tikz_bounds(),
            Picture::Graph(g) => g.bounds(),
            Picture::Sum(parts) => {
                let mut w = PLUS_CM * parts.len().saturating_sub(1) as f64;
                let mut h: f64 = 0.0;
                for p in parts {
                    let (x0, y0, x1, y1) = p.tikz_bounds();
                    w += x1 - x0;
                    h = h.max(y1 - y0);
                }
                (0.0, 0.0, w, h)
            }
        }
    }
}

impl From<BoardPicture> for Picture {
    fn from(b: BoardPicture) -> Picture {
        Picture::Board(b)
    }
}

impl From<GraphPicture> for Picture {
    fn from(g: GraphPicture) -> Picture {
        Picture::Graph(g)
    }
}

/// What one square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    Empty,
    /// Not part of the board any more (a square covered by a domino, burnt by an arrow).
    Blocked,
    /// A piece of Left (`true`) or Right, with an optional letter drawn on it.
    Piece {
        left: bool,
        letter: Option<char>,
    },
    /// A piece either player may use (a green domino), drawn green.
    Green,
    /// A white (`true`) or black checker (Northcott's game).
    Checker {
        white: bool,
    },
    /// A pile of this many coins, drawn as one gold coin with the count on it when there is
    /// more than one (Nimble, Staircase Nim); no coin for 0.
    Coins(u64),
    /// A coin showing heads (`true`, gold, `H`) or tails (silver, `T`): Turning Turtles.
    Coin {
        heads: bool,
    },
    /// No square at all: nothing is drawn (the end of a row shorter than the others).
    Off,
}

/// A rectangular board, row 0 at the top, with optional labels under its columns (the
/// numbers of the squares of a strip).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPicture {
    pub rows: usize,
    pub cols: usize,
    pub squares: Vec<Square>,
    /// Written under the columns, left to right; empty for none.
    pub labels: Vec<String>,
}

/// The side of a square in the SVG, in pixels.
const CELL: usize = 48;
/// The room under a board for the labels of its columns: pixels, centimetres.
const LABEL_PX: usize = 24;
const LABEL_CM: f64 = 0.6;

const GOLD: &str = "#e0b43c";
const SILVER: &str = "#c9c9c9";

/// The font size that fits `text` on a coin in the SVG.
fn coin_font(text: &str) -> usize {
    (56 / text.chars().count().max(1)).clamp(6, 20)
}

/// The TikZ font size that fits `text` on a coin.
fn coin_tikz_font(text: &str) -> &'static str {
    match text.chars().count() {
        0..=2 => "\\small",
        3 => "\\footnotesize",
        4 => "\\scriptsize",
        _ => "\\tiny",
    }
}

impl BoardPicture {
    /// A picture from a board's rows of characters, through `square` for each character.
    pub fn from_bytes(
        rows: usize,
        cols: usize,
        bytes: &[u8],
        square: impl Fn(u8) -> Square,
    ) -> BoardPicture {
        BoardPicture {
            rows,
            cols,
            squares: bytes.iter().map(|&b| square(b)).collect(),
            labels: Vec::new(),
        }
    }

    fn at(&self, r: usize, c: usize) -> Square {
        self.squares
            .get(r * self.cols + c)
            .copied()
            .unwrap_or(Square::Blocked)
    }

    /// The width and height of the drawing in pixels.
    fn svg_size(&self) -> (f64, f64) {
        let labels = if self.labels.is_empty() { 0 } else { LABEL_PX };
        (
            (self.cols * CELL) as f64,
            (self.rows * CELL + labels) as f64,
        )
    }

    /// An SVG drawing with `title` above the board.
    ///
    /// ```
    /// use cgt_games::rulesets::picture::{BoardPicture, Square};
    /// let p = BoardPicture {
    ///     rows: 1,
    ///     cols: 2,
    ///     squares: vec![Square::Empty, Square::Blocked],
    ///     labels: vec![],
    /// };
    /// let svg = p.to_svg("a board");
    /// assert!(svg.contains("<svg") && svg.contains("a board"));
    /// ```
    pub fn to_svg(&self, title: &str) -> String {
        let (margin, top) = (16, 40);
        let (dw, dh) = self.svg_size();
        let (dw, dh) = (dw as usize, dh as usize);
        // Wide enough for the title; the board is centred.
        let w = (dw + 2 * margin).max(title.chars().count() * 9 + 2 * margin);
        let left = (w - dw) / 2;
        let h = dh + top + margin;
        let mut s = graph::svg_start(&w, &h, &(w / 2).to_string(), title);
        self.draw_svg(&mut s, (left as f64, top as f64));
        s.push_str("</svg>\n");
        s
    }

    /// Draws the board with its top left corner at `(left, top)` (pixels).
    fn draw_svg(&self, s: &mut String, (left, top): graph::Point) {
        let cell = CELL as f64;
        let n = |x: f64| graph::num(x, 1);
        let r = n(cell * 3.0 / 8.0);
        for row in 0..self.rows {
            for col in 0..self.cols {
                let (x, y) = (left + col as f64 * cell, top + row as f64 * cell);
                let square = self.at(row, col);
                if square == Square::Off {
                    continue;
                }
                let fill = if square == Square::Blocked {
                    "#555"
                } else {
                    "#f4f1e8"
                };
                let _ = writeln!(
                    s,
                    r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#222" stroke-width="1.5"/>"##,
                    n(x),
                    n(y)
                );
                let (cx, cy) = (x + cell / 2.0, y + cell / 2.0);
                let disc = |s: &mut String, fill: &str, stroke: &str, class: &str| {
                    let _ = writeln!(
                        s,
                        r##"<circle class="{class}" cx="{}" cy="{}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"##,
                        n(cx),
                        n(cy)
                    );
                };
                let text = |s: &mut String, t: &str, size: usize, colour: &str| {
                    let _ = writeln!(
                        s,
                        r#"<text x="{}" y="{}" font-size="{size}" fill="{colour}" text-anchor="middle">{}</text>"#,
                        n(cx),
                        n(cy + size as f64 * 0.35),
                        escape(t)
                    );
                };
                match square {
                    Square::Empty | Square::Blocked | Square::Off => {}
                    Square::Green => {
                        let _ = writeln!(
                            s,
                            r##"<circle cx="{}" cy="{}" r="{r}" fill="#2e8b3e" stroke="#222"/>"##,
                            n(cx),
                            n(cy)
                        );
                    }
                    Square::Piece { left, letter } => {
                        let colour = if left { "#1f5fbf" } else { "#c8302c" };
                        let _ = writeln!(
                            s,
                            r##"<circle cx="{}" cy="{}" r="{r}" fill="{colour}" stroke="#222"/>"##,
                            n(cx),
                            n(cy)
                        );
                        if let Some(l) = letter {
                            let _ = writeln!(
                                s,
                                r#"<text x="{}" y="{}" font-size="20" fill="white" text-anchor="middle">{}</text>"#,
                                n(cx),
                                n(cy + 7.0),
                                escape(&l.to_string())
                            );
                        }
                    }
                    Square::Checker { white } => {
                        disc(s, if white { "white" } else { "#222" }, "#222", "checker");
                    }
                    Square::Coins(0) => {}
                    Square::Coins(k) => {
                        disc(s, GOLD, "#8a6d0b", "coin");
                        if k > 1 {
                            let t = k.to_string();
                            text(s, &t, coin_font(&t), "#222");
                        }
                    }
                    Square::Coin { heads } => {
                        let (fill, t) = if heads { (GOLD, "H") } else { (SILVER, "T") };
                        disc(s, fill, "#666", "coin");
                        text(s, t, 18, "#222");
                    }
                }
            }
        }
        let below = top + (self.rows * CELL) as f64 + 17.0;
        for (col, label) in self.labels.iter().enumerate().take(self.cols) {
            let _ = writeln!(
                s,
                r##"<text class="label" x="{}" y="{}" font-size="13" fill="#555" text-anchor="middle">{}</text>"##,
                n(left + (col as f64 + 0.5) * cell),
                n(below),
                escape(label)
            );
        }
    }

    /// A TikZ picture, one square per centimetre.
    ///
    /// ```
    /// use cgt_games::rulesets::picture::{BoardPicture, Square};
    /// let p = BoardPicture {
    ///     rows: 1,
    ///     cols: 1,
    ///     squares: vec![Square::Piece { left: true, letter: None }],
    ///     labels: vec![],
    /// };
    /// assert!(p.to_tikz().contains(r"\fill[blue!70!black] (0.5,-0.5) circle (0.35);"));
    /// ```
    pub fn to_tikz(&self) -> String {
        format!(
            "\\begin{{tikzpicture}}\n{}\\end{{tikzpicture}}",
            self.tikz_body()
        )
    }

    /// The box the TikZ picture covers: the squares from `(0, 0)` right and down, and the
    /// labels below.
    fn tikz_bounds(&self) -> (f64, f64, f64, f64) {
        let labels = if self.labels.is_empty() {
            0.0
        } else {
            LABEL_CM
        };
        (0.0, -(self.rows as f64) - labels, self.cols as f64, 0.0)
    }

    fn tikz_body(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (x, y) = (c as i64, -(r as i64));
                let square = self.at(r, c);
                if square == Square::Off {
                    continue;
                }
                let fill = if square == Square::Blocked {
                    "gray!70"
                } else {
                    "white"
                };
                let _ = writeln!(
                    s,
                    "  \\filldraw[fill={fill},draw=black] ({x},{y}) rectangle ({},{});",
                    x + 1,
                    y - 1
                );
                let centre = format!("({},{})", half(x), half(y - 1));
                match square {
                    Square::Empty | Square::Blocked | Square::Coins(0) | Square::Off => {}
                    Square::Green => {
                        let _ = writeln!(s, "  \\fill[green!50!black] {centre} circle (0.35);");
                    }
                    Square::Piece { left, letter } => {
                        let colour = if left {
                            "blue!70!black"
                        } else {
                            "red!70!black"
                        };
                        let _ = writeln!(s, "  \\fill[{colour}] {centre} circle (0.35);");
                        if let Some(l) = letter {
                            let _ = writeln!(s, "  \\node[white] at {centre} {{{l}}};");
                        }
                    }
                    Square::Checker { white: true } => {
                        let _ = writeln!(
                            s,
                            "  \\filldraw[fill=white,draw=black] {centre} circle (0.35);"
                        );
                    }
                    Square::Checker { white: false } => {
                        let _ = writeln!(s, "  \\fill[black] {centre} circle (0.35);");
                    }
                    Square::Coins(k) => {
                        let _ = writeln!(
                            s,
                            "  \\filldraw[fill=yellow!60!orange,draw=black!60] {centre} circle (0.35);"
                        );
                        if k > 1 {
                            let t = k.to_string();
                            let _ = writeln!(
                                s,
                                "  \\node[font={}] at {centre} {{{t}}};",
                                coin_tikz_font(&t)
                            );
                        }
                    }
                    Square::Coin { heads } => {
                        let (fill, t) = if heads {
                            ("yellow!60!orange", "H")
                        } else {
                            ("gray!30", "T")
                        };
                        let _ = writeln!(
                            s,
                            "  \\filldraw[fill={fill},draw=black!60] {centre} circle (0.35);"
                        );
                        let _ = writeln!(s, "  \\node at {centre} {{{t}}};");
                    }
                }
            }
        }
        let below = -(self.rows as f64) - 0.3;
        for (c, label) in self.labels.iter().enumerate().take(self.cols) {
            let _ = writeln!(
                s,
                "  \\node[gray,font=\\small] at ({},{}) {{{label}}};",
                half(c as i64),
                graph::num(below, 2)
            );
        }
        s
    }
}

/// `k + 1/2` written out.
fn half(k: i64) -> String {
    let twice = 2 * k + 1;
    if twice < 0 {
        format!("-{}.5", (-twice) / 2)
    } else {
        format!("{}.5", twice / 2)
    }
}

use graph::escape;

#[cfg(test)]
mod tests;
