//! Pictures of positions, for lecture notes, drawn as SVG or as a TikZ picture.
//!
//! A game on a grid is a [`BoardPicture`]: a grid of squares, blocked squares shaded,
//! Left's pieces as blue discs and Right's as red ones (with a letter when the piece has a
//! name, such as an amazon). Any other game is a [`GraphPicture`] (see [`graph`]): a
//! Hackenbush picture with its ground and coloured edges, or a graph whose vertices are
//! coloured by their state (Snort, Col, Clobber on graphs, Arc Kayles), laid out by
//! [`layout`].

use std::fmt::Write;

pub mod graph;
pub mod layout;

pub use graph::{Edge, GraphPicture, Ink, Look, Node};
pub use layout::{hackenbush_picture, vertex_graph_picture};

/// A picture of a position: a grid board or a drawn graph.
#[derive(Clone, Debug, PartialEq)]
pub enum Picture {
    Board(BoardPicture),
    Graph(GraphPicture),
}

impl Picture {
    /// An SVG drawing with `title` above the picture.
    pub fn to_svg(&self, title: &str) -> String {
        match self {
            Picture::Board(b) => b.to_svg(title),
            Picture::Graph(g) => g.to_svg(title),
        }
    }

    /// A TikZ picture for LaTeX documents.
    pub fn to_tikz(&self) -> String {
        match self {
            Picture::Board(b) => b.to_tikz(),
            Picture::Graph(g) => g.to_tikz(),
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
}

/// A rectangular board, row 0 at the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPicture {
    pub rows: usize,
    pub cols: usize,
    pub squares: Vec<Square>,
}

/// The side of a square in the SVG, in pixels.
const CELL: usize = 48;

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
        }
    }

    fn at(&self, r: usize, c: usize) -> Square {
        self.squares
            .get(r * self.cols + c)
            .copied()
            .unwrap_or(Square::Blocked)
    }

    /// An SVG drawing with `title` above the board.
    ///
    /// ```
    /// use cgt::rulesets::picture::{BoardPicture, Square};
    /// let p = BoardPicture { rows: 1, cols: 2, squares: vec![Square::Empty, Square::Blocked] };
    /// let svg = p.to_svg("a board");
    /// assert!(svg.contains("<svg") && svg.contains("a board"));
    /// ```
    pub fn to_svg(&self, title: &str) -> String {
        let (margin, top) = (16, 40);
        // Wide enough for the title; the board is centred.
        let w = (self.cols * CELL + 2 * margin).max(title.chars().count() * 9 + 2 * margin);
        let left = (w - self.cols * CELL) / 2;
        let h = self.rows * CELL + top + margin;
        let mut s = graph::svg_start(&w, &h, &(w / 2).to_string(), title);
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (x, y) = (left + c * CELL, top + r * CELL);
                let fill = if self.at(r, c) == Square::Blocked {
                    "#555"
                } else {
                    "#f4f1e8"
                };
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#222" stroke-width="1.5"/>"##
                );
                if self.at(r, c) == Square::Green {
                    let _ = writeln!(
                        s,
                        r##"<circle cx="{}" cy="{}" r="{}" fill="#2e8b3e" stroke="#222"/>"##,
                        x + CELL / 2,
                        y + CELL / 2,
                        CELL * 3 / 8
                    );
                }
                if let Square::Piece { left, letter } = self.at(r, c) {
                    let colour = if left { "#1f5fbf" } else { "#c8302c" };
                    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
                    let _ = writeln!(
                        s,
                        r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{colour}" stroke="#222"/>"##,
                        CELL * 3 / 8
                    );
                    if let Some(l) = letter {
                        let _ = writeln!(
                            s,
                            r#"<text x="{cx}" y="{}" font-size="20" fill="white" text-anchor="middle">{}</text>"#,
                            cy + 7,
                            escape(&l.to_string())
                        );
                    }
                }
            }
        }
        s.push_str("</svg>\n");
        s
    }

    /// A TikZ picture, one square per centimetre.
    ///
    /// ```
    /// use cgt::rulesets::picture::{BoardPicture, Square};
    /// let p = BoardPicture { rows: 1, cols: 1, squares: vec![Square::Piece { left: true, letter: None }] };
    /// assert!(p.to_tikz().contains(r"\fill[blue!70!black] (0.5,-0.5) circle (0.35);"));
    /// ```
    pub fn to_tikz(&self) -> String {
        let mut s = String::from("\\begin{tikzpicture}\n");
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (x, y) = (c as i64, -(r as i64));
                let fill = if self.at(r, c) == Square::Blocked {
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
                if self.at(r, c) == Square::Green {
                    let centre = format!("({},{})", half(x), half(y - 1));
                    let _ = writeln!(s, "  \\fill[green!50!black] {centre} circle (0.35);");
                }
                if let Square::Piece { left, letter } = self.at(r, c) {
                    let colour = if left {
                        "blue!70!black"
                    } else {
                        "red!70!black"
                    };
                    let centre = format!("({},{})", half(x), half(y - 1));
                    let _ = writeln!(s, "  \\fill[{colour}] {centre} circle (0.35);");
                    if let Some(l) = letter {
                        let _ = writeln!(s, "  \\node[white] at {centre} {{{l}}};");
                    }
                }
            }
        }
        s.push_str("\\end{tikzpicture}");
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
