//! Pictures of games that are not grids: vertices at given places joined by edges, with
//! an optional ground line (Hackenbush). The layouts that place the vertices are in
//! [`super::layout`]; this file only draws, as SVG or as TikZ.
//!
//! Coordinates are in units (a centimetre in TikZ), `y` pointing up as in mathematics.
//! Edges are drawn before vertices, so a vertex always covers the ends of its edges.

use std::fmt::Write;

/// How a vertex is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// A small black joint (a Hackenbush vertex).
    Dot,
    /// An empty vertex: a white circle.
    Open,
    /// A vertex coloured (owned) by Left (`true`, blue) or Right (red).
    Owned { left: bool },
    /// A white vertex holding a stone of Left (`true`, blue) or Right (red).
    Stone { left: bool },
}

/// The colour of an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    Black,
    /// Left's (a blue Hackenbush edge).
    Blue,
    /// Right's.
    Red,
    /// Either player's.
    Green,
}

/// A point `(x, y)` in units.
pub type Point = (f64, f64);

/// A vertex: where, how, and an optional label written on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub at: Point,
    pub look: Look,
    pub label: Option<String>,
}

/// An edge: a straight line, or a cubic Bézier curve through two control points (for
/// parallel edges, loops and edges that would otherwise run through a vertex).
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    pub from: Point,
    pub to: Point,
    pub controls: Option<(Point, Point)>,
    pub ink: Ink,
}

/// Vertices and edges placed in the plane, with the ground (Hackenbush) from `x0` to
/// `x1` on the line `y = 0` when there is one.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GraphPicture {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
    pub ground: Option<(f64, f64)>,
}

/// Pixels per unit in the SVG.
const UNIT: f64 = 56.0;
/// The radius of a drawn vertex (not a joint), in units.
pub const RADIUS: f64 = 0.27;
/// The radius of a Hackenbush joint, in units.
const DOT: f64 = 0.07;
/// The depth of the earth drawn below the ground, in units.
const EARTH: f64 = 0.22;

const BLUE: &str = "#1f5fbf";
const RED: &str = "#c8302c";
const GREEN: &str = "#2e8b3e";

impl Ink {
    fn svg(self) -> &'static str {
        match self {
            Ink::Black => "#222",
            Ink::Blue => BLUE,
            Ink::Red => RED,
            Ink::Green => GREEN,
        }
    }

    fn tikz(self) -> &'static str {
        match self {
            Ink::Black => "black",
            Ink::Blue => "blue!70!black",
            Ink::Red => "red!70!black",
            Ink::Green => "green!50!black",
        }
    }
}

impl GraphPicture {
    /// The smallest box `(x0, y0, x1, y1)` holding everything drawn.
    pub(super) fn bounds(&self) -> (f64, f64, f64, f64) {
        let mut b = (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        );
        let mut take = |(x, y): Point, r: f64| {
            b.0 = b.0.min(x - r);
            b.1 = b.1.min(y - r);
            b.2 = b.2.max(x + r);
            b.3 = b.3.max(y + r);
        };
        for n in &self.nodes {
            take(n.at, if n.look == Look::Dot { DOT } else { RADIUS });
        }
        for e in &self.edges {
            take(e.from, 0.05);
            take(e.to, 0.05);
            if let Some((c1, c2)) = e.controls {
                // A Bézier curve stays inside the hull of its points; its highest point
                // is 3/4 of the way to level controls, so the hull is a safe bound.
                take(c1, 0.05);
                take(c2, 0.05);
            }
        }
        if let Some((x0, x1)) = self.ground {
            take((x0, 0.0), 0.0);
            take((x1, -EARTH), 0.0);
        }
        if b.0 > b.2 { (0.0, 0.0, 0.0, 0.0) } else { b }
    }

    /// An SVG drawing with `title` above the picture.
    ///
    /// ```
    /// use cgt_games::rulesets::picture::{GraphPicture, Node, Look};
    /// let p = GraphPicture {
    ///     nodes: vec![Node { at: (0.0, 0.0), look: Look::Open, label: Some("0".into()) }],
    ///     ..GraphPicture::default()
    /// };
    /// let svg = p.to_svg("one vertex");
    /// assert!(svg.contains("<svg") && svg.contains(r#"class="vertex""#));
    /// ```
    pub fn to_svg(&self, title: &str) -> String {
        let (margin, top) = (16.0, 40.0);
        let (drawn_w, drawn_h) = self.svg_size();
        let w = (drawn_w + 2.0 * margin)
            .max(title.chars().count() as f64 * 9.0 + 2.0 * margin)
            .ceil();
        let h = (drawn_h + top + margin).ceil();
        let left = (w - drawn_w) / 2.0;
        let mut s = svg_start(&w, &h, &num(w / 2.0, 1), title);
        self.draw_svg(&mut s, (left, top));
        s.push_str("</svg>\n");
        s
    }

    /// The width and height of the drawing in pixels.
    pub(super) fn svg_size(&self) -> (f64, f64) {
        let (x0, y0, x1, y1) = self.bounds();
        ((x1 - x0) * UNIT, (y1 - y0) * UNIT)
    }

    /// Draws the picture with the top left corner of its box at `(left, top)` (pixels).
    pub(super) fn draw_svg(&self, s: &mut String, (left, top): Point) {
        let (x0, _, _, y1) = self.bounds();
        // From units to pixels: y flips.
        let to_px = |(x, y): Point| -> Point { ((x - x0) * UNIT + left, (y1 - y) * UNIT + top) };
        let px = |p: Point| -> String {
            let (x, y) = to_px(p);
            format!("{},{}", num(x, 1), num(y, 1))
        };
        if let Some((g0, g1)) = self.ground {
            let (ax, ay) = to_px((g0, 0.0));
            let bx = to_px((g1, 0.0)).0;
            let (ax, ay, bx) = (num(ax, 1), num(ay, 1), num(bx, 1));
            let _ = writeln!(
                s,
                r##"<rect class="earth" x="{ax}" y="{ay}" width="{}" height="{}" fill="#e3dccb"/>"##,
                num((g1 - g0) * UNIT, 1),
                num(EARTH * UNIT, 1)
            );
            let _ = writeln!(
                s,
                r##"<line class="ground" x1="{ax}" y1="{ay}" x2="{bx}" y2="{ay}" stroke="#222" stroke-width="3"/>"##
            );
        }
        let width = if self.ground.is_some() { 4 } else { 2 };
        for e in &self.edges {
            let d = match e.controls {
                None => format!("M{} L{}", px(e.from), px(e.to)),
                Some((c1, c2)) => {
                    format!("M{} C{} {} {}", px(e.from), px(c1), px(c2), px(e.to))
                }
            };
            let _ = writeln!(
                s,
                r#"<path class="edge" d="{d}" fill="none" stroke="{}" stroke-width="{width}" stroke-linecap="round"/>"#,
                e.ink.svg()
            );
        }
        for n in &self.nodes {
            let (x, y) = to_px(n.at);
            let (cx, cy) = (num(x, 1), num(y, 1));
            let r = num(RADIUS * UNIT, 1);
            let (fill, text) = match n.look {
                Look::Dot => {
                    let _ = writeln!(
                        s,
                        r##"<circle class="vertex" cx="{cx}" cy="{cy}" r="{}" fill="#222"/>"##,
                        num(DOT * UNIT, 1)
                    );
                    continue;
                }
                Look::Open => ("white", "#222"),
                Look::Owned { left: true } => (BLUE, "white"),
                Look::Owned { left: false } => (RED, "white"),
                Look::Stone { left } => {
                    let _ = writeln!(
                        s,
                        r##"<circle class="vertex" cx="{cx}" cy="{cy}" r="{r}" fill="white" stroke="#222" stroke-width="1.5"/>"##
                    );
                    let colour = if left { BLUE } else { RED };
                    let _ = writeln!(
                        s,
                        r##"<circle class="stone" cx="{cx}" cy="{cy}" r="{}" fill="{colour}"/>"##,
                        num(RADIUS * 0.75 * UNIT, 1)
                    );
                    label(s, (x, y), n.label.as_deref(), "white");
                    continue;
                }
            };
            let _ = writeln!(
                s,
                r##"<circle class="vertex" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="#222" stroke-width="1.5"/>"##
            );
            label(s, (x, y), n.label.as_deref(), text);
        }
    }

    /// A TikZ picture, one unit per centimetre.
    ///
    /// ```
    /// use cgt_games::rulesets::picture::{GraphPicture, Node, Look};
    /// let p = GraphPicture {
    ///     nodes: vec![Node { at: (0.0, 0.0), look: Look::Owned { left: true }, label: None }],
    ///     ..GraphPicture::default()
    /// };
    /// assert!(p.to_tikz().contains(r"\filldraw[fill=blue!70!black,draw=black] (0,0) circle (0.27);"));
    /// ```
    pub fn to_tikz(&self) -> String {
        format!(
            "\\begin{{tikzpicture}}\n{}\\end{{tikzpicture}}",
            self.tikz_body()
        )
    }

    /// The drawing commands of the TikZ picture, one a line.
    pub(super) fn tikz_body(&self) -> String {
        let pt = |(x, y): Point| format!("({},{})", num(x, 2), num(y, 2));
        let mut s = String::new();
        if let Some((g0, g1)) = self.ground {
            let _ = writeln!(
                s,
                "  \\fill[brown!20] {} rectangle {};",
                pt((g0, 0.0)),
                pt((g1, -EARTH))
            );
            let _ = writeln!(
                s,
                "  \\draw[very thick] {} -- {};",
                pt((g0, 0.0)),
                pt((g1, 0.0))
            );
        }
        let width = if self.ground.is_some() {
            "line width=1.6pt"
        } else {
            "thick"
        };
        for e in &self.edges {
            let path = match e.controls {
                None => format!("{} -- {}", pt(e.from), pt(e.to)),
                Some((c1, c2)) => format!(
                    "{} .. controls {} and {} .. {}",
                    pt(e.from),
                    pt(c1),
                    pt(c2),
                    pt(e.to)
                ),
            };
            let _ = writeln!(s, "  \\draw[{width},{}] {path};", e.ink.tikz());
        }
        for n in &self.nodes {
            let at = pt(n.at);
            let (fill, text) = match n.look {
                Look::Dot => {
                    let _ = writeln!(s, "  \\fill {at} circle ({DOT});");
                    continue;
                }
                Look::Open => ("white", "black"),
                Look::Owned { left } => (Ink::from_left(left).tikz(), "white"),
                Look::Stone { left } => {
                    let _ = writeln!(
                        s,
                        "  \\filldraw[fill=white,draw=black] {at} circle ({RADIUS});"
                    );
                    let _ = writeln!(
                        s,
                        "  \\fill[{}] {at} circle ({});",
                        Ink::from_left(left).tikz(),
                        num(RADIUS * 0.75, 2)
                    );
                    if let Some(l) = &n.label {
                        let _ = writeln!(s, "  \\node[white,font=\\small] at {at} {{{l}}};");
                    }
                    continue;
                }
            };
            let _ = writeln!(
                s,
                "  \\filldraw[fill={fill},draw=black] {at} circle ({RADIUS});"
            );
            if let Some(l) = &n.label {
                let _ = writeln!(s, "  \\node[{text},font=\\small] at {at} {{{l}}};");
            }
        }
        s
    }
}

impl Ink {
    fn from_left(left: bool) -> Ink {
        if left { Ink::Blue } else { Ink::Red }
    }
}

/// A label centred on a vertex at `(x, y)` in pixels (the baseline a little below the
/// centre, so that the digits sit in the middle).
fn label(s: &mut String, (x, y): Point, text: Option<&str>, colour: &str) {
    if let Some(t) = text {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="14" fill="{colour}" text-anchor="middle">{}</text>"#,
            num(x, 1),
            num(y + 5.0, 1),
            escape(t)
        );
    }
}

/// `x` rounded to `places` decimals, without trailing zeros and without `-0`.
pub(super) fn num(x: f64, places: i32) -> String {
    let scale = 10f64.powi(places);
    let r = (x * scale).round() / scale;
    let r = if r == 0.0 { 0.0 } else { r };
    let mut t = format!("{:.*}", places as usize, r);
    if t.contains('.') {
        while t.ends_with('0') {
            t.pop();
        }
        if t.ends_with('.') {
            t.pop();
        }
    }
    t
}

/// The opening of every picture's SVG: the canvas `w` × `h` on white, and `title` centred
/// at `title_x` above the drawing (none for an empty title: lecture notes give their own).
pub(super) fn svg_start(
    w: &dyn std::fmt::Display,
    h: &dyn std::fmt::Display,
    title_x: &str,
    title: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    if !title.is_empty() {
        let _ = writeln!(
            s,
            r#"<text x="{title_x}" y="26" font-size="16" text-anchor="middle">{}</text>"#,
            escape(title)
        );
    }
    s
}

pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::num;

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(num(1.0, 2), "1");
        assert_eq!(num(-0.001, 2), "0");
        assert_eq!(num(0.125, 2), "0.13");
        assert_eq!(num(-2.5, 1), "-2.5");
        assert_eq!(num(56.04, 1), "56");
    }
}
