//! Pictures of thermographs: a character plot for terminals and a TikZ picture (the SVG
//! drawing is in `plot_svg`).
//!
//! Both follow the convention of *Winning Ways* and Siegel: temperature runs upwards from
//! `t = -1`, and values run from right to left (Left's larger values on the left), so the
//! left wall is drawn on the left.

use super::thermograph::Thermograph;
use super::trajectory::Trajectory;
use crate::game::display::Notation;
use crate::game::dyadic::Dyadic;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::fmt::Write;

pub(super) fn to_f64(x: &Dyadic) -> f64 {
    let n = x.numer().to_f64().unwrap_or(f64::NAN);
    n / 2f64.powi(x.exponent().min(1000) as i32)
}

/// The region shown: temperatures `[-1, t_top]`, values `[v_min, v_max]`.
pub(super) struct Frame {
    pub(super) t_top: f64,
    pub(super) v_min: f64,
    pub(super) v_max: f64,
}

impl Frame {
    pub(super) fn of(th: &Thermograph) -> Frame {
        let minus_one = Dyadic::from_i64(-1);
        let temp = to_f64(th.temperature());
        let t_top = temp + ((temp + 1.0) * 0.3).max(0.75);
        let hi = to_f64(&th.left_wall().value_at(&minus_one));
        let lo = to_f64(&th.right_wall().value_at(&minus_one));
        let pad = ((hi - lo) * 0.12).max(0.5);
        Frame {
            t_top,
            v_min: lo - pad,
            v_max: hi + pad,
        }
    }
}

/// One straight piece of a wall: from `(t0, v0)` to `(t1, v1)` in game coordinates.
type Segment = ((f64, f64), (f64, f64));

/// The segments of a wall below the mast, from `t = -1` to the temperature.
pub(super) fn wall_segments(w: &Trajectory, top: &Dyadic) -> Vec<Segment> {
    let mut pts: Vec<(f64, f64)> = w
        .points()
        .iter()
        .filter(|(t, _)| t <= top)
        .map(|(t, v)| (to_f64(t), to_f64(v)))
        .collect();
    pts.push((to_f64(top), to_f64(&w.value_at(top))));
    pts.dedup();
    pts.windows(2).map(|p| (p[0], p[1])).collect()
}

impl Thermograph {
    /// A character plot `width` columns by `height` rows (at least 20 by 8), with the
    /// temperatures `-1`, `0` and the game's temperature marked on the left and the values of
    /// the walls at `t = -1` and of the mast written underneath. Diagonal wall pieces are
    /// drawn with `/` and `\` (`╱`, `╲` in Unicode), vertical ones and the mast with `|`.
    pub fn plot(&self, width: usize, height: usize, notation: Notation) -> String {
        let (width, height) = (width.max(20), height.max(8));
        let frame = Frame::of(self);
        let margin = 7;
        let cols = width - margin;
        let (v_char, l_char, r_char, axis) = match notation {
            Notation::Ascii => ('|', '/', '\\', '-'),
            Notation::Unicode => ('│', '╱', '╲', '─'),
        };
        let col =
            |v: f64| ((frame.v_max - v) / (frame.v_max - frame.v_min) * (cols - 1) as f64).round();
        let row = |t: f64| ((frame.t_top - t) / (frame.t_top + 1.0) * (height - 1) as f64).round();
        let mut grid = vec![vec![' '; cols]; height];
        let put = |grid: &mut Vec<Vec<char>>, r: f64, c: f64, ch: char| {
            if r >= 0.0 && c >= 0.0 && (r as usize) < height && (c as usize) < cols {
                grid[r as usize][c as usize] = ch;
            }
        };
        let zero_row = row(0.0);
        for c in 0..cols {
            put(&mut grid, zero_row, c as f64, axis);
        }
        let top = self.temperature().clone();
        for (wall, slanted) in [(self.left_wall(), l_char), (self.right_wall(), r_char)] {
            for ((t0, v0), (t1, v1)) in wall_segments(wall, &top) {
                let ch = if v0 == v1 { v_char } else { slanted };
                let (r0, c0, r1, c1) = (row(t0), col(v0), row(t1), col(v1));
                let steps = (r1 - r0).abs().max((c1 - c0).abs()).max(1.0) as usize;
                for k in 0..=steps {
                    let f = k as f64 / steps as f64;
                    put(&mut grid, r0 + (r1 - r0) * f, c0 + (c1 - c0) * f, ch);
                }
            }
        }
        let mast_col = col(to_f64(self.mast()));
        for r in 0..=(row(to_f64(&top)) as usize).min(height - 1) {
            put(&mut grid, r as f64, mast_col, v_char);
        }
        let mut labels: Vec<(usize, String)> = vec![(row(-1.0) as usize, "-1".into())];
        labels.push((zero_row as usize, "0".into()));
        labels.push((row(to_f64(&top)) as usize, top.to_string()));
        let mut out = String::new();
        for (r, line) in grid.iter().enumerate() {
            let label = labels
                .iter()
                .rev()
                .find(|(lr, _)| *lr == r)
                .map(|(_, s)| format!("t={s}"))
                .unwrap_or_default();
            let text: String = line.iter().collect();
            let _ = writeln!(out, "{label:<margin$}{}", text.trim_end());
        }
        // Values under the plot: the walls at t = -1 and the mast.
        let minus_one = Dyadic::from_i64(-1);
        let mut marks = vec![
            (
                col(to_f64(&self.left_wall().value_at(&minus_one))),
                self.left_wall().value_at(&minus_one),
            ),
            (mast_col, self.mast().clone()),
            (
                col(to_f64(&self.right_wall().value_at(&minus_one))),
                self.right_wall().value_at(&minus_one),
            ),
        ];
        marks.dedup_by(|a, b| a.1 == b.1);
        let mut line = vec![' '; width + 16];
        let mut extra = String::new();
        for (c, v) in marks {
            let text = v.to_string();
            let start = margin + (c as usize).saturating_sub(text.len() / 2);
            if line[start..(start + text.len()).min(line.len())]
                .iter()
                .all(|&ch| ch == ' ')
                && start + text.len() < line.len()
            {
                for (i, ch) in text.chars().enumerate() {
                    line[start + i] = ch;
                }
            } else {
                let _ = write!(extra, " {text}");
            }
        }
        let bottom: String = line.iter().collect();
        let _ = write!(out, "{}", bottom.trim_end());
        if !extra.is_empty() {
            let _ = write!(out, "   (also{extra})");
        }
        out
    }
}

/// Tick values: multiples of a power of two, at most about ten of them.
pub(super) fn ticks(lo: f64, hi: f64) -> Vec<Dyadic> {
    let span = (hi - lo).max(1e-9);
    let mut e = span.log2().ceil() as i32 - 3;
    while span / 2f64.powi(e) > 10.0 {
        e += 1;
    }
    let step = 2f64.powi(e);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last)
        .map(|k| {
            if e >= 0 {
                Dyadic::from_int(BigInt::from(k) << e as usize)
            } else {
                Dyadic::new(BigInt::from(k), (-e) as u32)
            }
        })
        .collect()
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Thermograph {
    /// A TikZ picture of the thermograph for LaTeX documents: the walls solid, the mast
    /// dashed, values growing to the left and temperature upwards, one unit per centimetre
    /// (scaled down when the thermograph is wide).
    ///
    /// ```
    /// use cgt_core::game::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let one = s.number(Dyadic::from_i64(1));
    /// let minus = s.number(Dyadic::from_i64(-1));
    /// let g = s.canonical(&[one], &[minus]);
    /// let tikz = s.thermograph(g).to_tikz();
    /// assert!(tikz.starts_with("\\begin{tikzpicture}"));
    /// // ±1: the left wall runs from value 2 at t = -1 up to the mean 0 at temperature 1
    /// // (x is minus the value), where the dashed mast starts.
    /// assert!(tikz.contains("(-2,-1) -- (0,1)"));
    /// assert!(tikz.contains("[thick,dashed] (0,1)"));
    /// ```
    pub fn to_tikz(&self) -> String {
        let frame = Frame::of(self);
        let width = frame.v_max - frame.v_min;
        let scale = if width > 12.0 { 12.0 / width } else { 1.0 };
        // x is minus the value, so that Left's larger values are on the left.
        let point = |t: f64, v: f64| format!("({},{})", short(-v + 0.0), short(t));
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}cm,y={}cm]",
            short(scale),
            short(scale)
        );
        let _ = writeln!(
            s,
            "  \\draw[gray,->] {} -- {} node[above] {{$t$}};",
            point(-1.0, frame.v_max),
            point(frame.t_top, frame.v_max)
        );
        let _ = writeln!(
            s,
            "  \\draw[gray] {} -- {};",
            point(0.0, frame.v_max),
            point(0.0, frame.v_min)
        );
        let top = self.temperature().clone();
        for wall in [self.left_wall(), self.right_wall()] {
            for ((t0, v0), (t1, v1)) in wall_segments(wall, &top) {
                let _ = writeln!(s, "  \\draw[thick] {} -- {};", point(t0, v0), point(t1, v1));
            }
        }
        let mast = to_f64(self.mast());
        let _ = writeln!(
            s,
            "  \\draw[thick,dashed] {} -- {} node[above] {{mean ${}$}};",
            point(to_f64(&top), mast),
            point(frame.t_top, mast),
            latex_number(self.mast())
        );
        let _ = writeln!(
            s,
            "  \\fill {} circle (1.5pt) node[right,font=\\small] {{temperature ${}$}};",
            point(to_f64(&top), mast),
            latex_number(&top)
        );
        // Ticks: the temperature at every integer from -1 up, the value at t = 0.
        let mut t = -1.0;
        while t <= frame.t_top {
            let _ = writeln!(
                s,
                "  \\draw[gray] {} -- ++(-0.1,0) node[left,font=\\small] {{${t}$}};",
                point(t, frame.v_max)
            );
            t += 1.0;
        }
        for v in ticks(frame.v_min, frame.v_max) {
            let _ = writeln!(
                s,
                "  \\draw[gray] {} -- ++(0,-0.1) node[below,font=\\small] {{${}$}};",
                point(0.0, to_f64(&v)),
                latex_number(&v)
            );
        }
        s.push_str("\\end{tikzpicture}");
        s
    }
}

/// A dyadic as LaTeX math: `3`, `-\\frac{3}{4}`.
fn latex_number(d: &Dyadic) -> String {
    let text = d.to_string();
    let (sign, body) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    match body.split_once('/') {
        Some((n, q)) => format!("{sign}\\frac{{{n}}}{{{q}}}"),
        None => text.clone(),
    }
}

/// A coordinate with at most four decimals and no trailing zeros.
fn short(x: f64) -> String {
    let text = format!("{x:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::game::display::Notation;
    use crate::game::store::GameStore;
    use crate::game::theory::testkit::game;

    #[test]
    fn character_plot_of_a_switch() {
        let mut s = GameStore::new();
        let g = game(&mut s, "{3|-1}");
        let plot = s.thermograph(g).plot(36, 10, Notation::Ascii);
        let lines: Vec<&str> = plot.lines().collect();
        assert_eq!(lines.len(), 11, "{plot}");
        // The mast is a vertical bar above the meeting point, one column in both walls.
        let mast_col = lines[0].find('|').expect("mast at the top");
        assert!(lines[1].chars().nth(mast_col) == Some('|'), "{plot}");
        assert!(plot.contains("t=2"), "{plot}");
        assert!(plot.contains("t=-1"), "{plot}");
        assert!(plot.contains('/') && plot.contains('\\'), "{plot}");
        // Left wall (4 at t = -1) left of the mast value 1, right wall (-2) right of it.
        let bottom = lines[10];
        let (p4, p1, p2) = (bottom.find('4'), bottom.find('1'), bottom.find("-2"));
        assert!(p4 < p1 && p1 < p2, "{plot}");
        let uni = s.thermograph(g).plot(36, 10, Notation::Unicode);
        assert!(
            uni.contains('╱') && uni.contains('╲') && uni.contains('│'),
            "{uni}"
        );
    }

    #[test]
    fn svg_has_axes_walls_mast_and_labels() {
        let mut s = GameStore::new();
        let g = game(&mut s, "{3||2*|1*}");
        let svg = s.thermograph(g).to_svg("{3||2*|1*}");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(
            svg.contains("temperature 3/4") && svg.contains("mean 9/4"),
            "{svg}"
        );
        assert!(svg.contains("Thermograph of {3||2*|1*}"));
        assert!(svg.contains("marker-end=\"url(#arrow)\""));
        // Breakpoints of the right wall, with their exact coordinates.
        assert!(svg.contains("t = 1/2, value 2"), "{svg}");
        assert!(svg.contains("t = 0, value 2"), "{svg}");
    }

    #[test]
    fn ticks_are_exact_dyadics() {
        let t: Vec<String> = super::ticks(-2.3, 4.6)
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(t, ["-2", "-1", "0", "1", "2", "3", "4"]);
        let t: Vec<String> = super::ticks(0.9, 2.1)
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(t.first().map(String::as_str), Some("1"));
        assert!(t.contains(&"3/2".to_string()));
    }

    /// The text elements of an SVG picture: their words and the box they cover, estimated
    /// from `x`, `y`, `font-size` (12 if not given) and `text-anchor` with a character
    /// 0.6 em wide, the text rising 0.8 em above its baseline and 0.2 em below.
    pub(crate) fn text_boxes(svg: &str) -> Vec<(String, [f64; 4])> {
        let attr = |tag: &str, name: &str| -> Option<String> {
            let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
            Some(tag[at..].split('"').next()?.to_string())
        };
        let mut out = Vec::new();
        for piece in svg.split("<text").skip(1) {
            let Some((tag, rest)) = piece.split_once('>') else {
                continue;
            };
            let words = rest.split("</text>").next().unwrap_or("").to_string();
            let num = |name: &str, default: f64| {
                attr(tag, name)
                    .and_then(|v| v.parse::<f64>().ok())
                    .unwrap_or(default)
            };
            let (x, y, size) = (num("x", 0.0), num("y", 0.0), num("font-size", 12.0));
            let width = 0.6 * size * words.chars().count() as f64;
            let left = match attr(tag, "text-anchor").as_deref() {
                Some("middle") => x - width / 2.0,
                Some("end") => x - width,
                _ => x,
            };
            out.push((words, [left, y - 0.8 * size, left + width, y + 0.2 * size]));
        }
        out
    }

    /// The pairs of texts whose boxes overlap.
    pub(crate) fn collisions(svg: &str) -> Vec<(String, String)> {
        let boxes = text_boxes(svg);
        let mut out = Vec::new();
        for (i, (a, p)) in boxes.iter().enumerate() {
            for (b, q) in &boxes[i + 1..] {
                if p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3] {
                    out.push((a.clone(), b.clone()));
                }
            }
        }
        out
    }

    #[test]
    fn no_two_texts_of_a_thermograph_overlap() {
        let mut s = GameStore::new();
        for text in [
            "{3||2*|1*}",
            "{1|-1}",
            "{20|-20}",
            "{100|-100}",
            "{7/2|-5/4}",
            "{10||5|0}",
            "0",
            "*",
            "{1/2|1/4}",
        ] {
            let g = game(&mut s, text);
            let svg = s.thermograph(g).to_svg(text);
            let clash = collisions(&svg);
            assert!(clash.is_empty(), "{text}: {clash:?}\n{svg}");
        }
    }

    #[test]
    fn a_thermograph_without_a_title_draws_none() {
        let mut s = GameStore::new();
        let g = game(&mut s, "{3|-1}");
        let svg = s.thermograph(g).to_svg("");
        assert!(!svg.contains("Thermograph of"), "{svg}");
        assert!(svg.contains("temperature 2"), "{svg}");
    }

    #[test]
    fn the_tikz_thermograph_has_ticks_mean_and_temperature() {
        let mut s = GameStore::new();
        let g = game(&mut s, "{3||2*|1*}");
        let tikz = s.thermograph(g).to_tikz();
        assert!(tikz.contains("{mean $\\frac{9}{4}$}"), "{tikz}");
        assert!(tikz.contains("{temperature $\\frac{3}{4}$}"), "{tikz}");
        // Temperature ticks -1, 0, 1 on the t axis, value ticks under the value axis.
        for t in ["{$-1$}", "{$0$}", "{$1$}"] {
            assert!(
                tikz.contains(&format!("node[left,font=\\small] {t}")),
                "{t}: {tikz}"
            );
        }
        assert!(tikz.contains("node[below,font=\\small] {$2$}"), "{tikz}");
        assert!(tikz.contains("node[below,font=\\small] {$3$}"), "{tikz}");
    }
}
