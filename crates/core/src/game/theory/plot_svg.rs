//! The SVG drawing of a thermograph, for lecture notes and slides. Every label is placed
//! where no line crosses it and no other label covers it: the value scale runs under the
//! picture (below `t = -1`, where no wall goes), the temperature and the mean are written
//! beside the mast between the gridlines, and the ticks of both scales are evenly spaced
//! (the step grows until every label fits; no label is dropped).

use super::plot::{Frame, escape, to_f64, wall_segments};
use super::thermograph::Thermograph;
use crate::game::dyadic::Dyadic;
use num_bigint::BigInt;
use std::fmt::Write;

/// A straight line of the picture, `[x1, y1, x2, y2]` in pixels.
type Line = [f64; 4];

impl Thermograph {
    /// An SVG drawing for lecture notes: the title (e.g. the game), the temperature axis on
    /// the left, the value axis at `t = 0` with ticks at exact dyadic values (labelled on
    /// the value scale under the picture), the left wall (blue), the right wall (red), the
    /// mast (black, with an arrow), the breakpoints marked (with their exact coordinates as
    /// tooltips), and the temperature and mean written beside the mast. Both axes have the
    /// same scale, so diagonal walls are at 45 degrees.
    pub fn to_svg(&self, title: &str) -> String {
        let (w, h) = (640.0, 480.0);
        let (ml, mr, mt, mb) = (70.0, 40.0, 56.0, 72.0);
        let frame = Frame::of(self);
        let (v_span, t_span) = (frame.v_max - frame.v_min, frame.t_top + 1.0);
        let scale = ((w - ml - mr) / v_span).min((h - mt - mb) / t_span);
        let (cx, cy) = ((ml + w - mr) / 2.0, (mt + h - mb) / 2.0);
        let (v_mid, t_mid) = ((frame.v_max + frame.v_min) / 2.0, (frame.t_top - 1.0) / 2.0);
        let x = |v: f64| cx + (v_mid - v) * scale;
        let y = |t: f64| cy - (t - t_mid) * scale;
        let top = self.temperature().clone();
        let (xl, xr) = (x(frame.v_max), x(frame.v_min));
        let (xm, ym) = (x(to_f64(self.mast())), y(to_f64(&top)));
        let (y0, y_bottom, y_top) = (y(0.0), y(-1.0), y(frame.t_top));
        let mut s = String::new();
        let mut labels = Labels::default();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="Helvetica, Arial, sans-serif">"#
        );
        let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
        let _ = writeln!(
            s,
            "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"black\"/></marker></defs>"
        );
        let mut line = |s: &mut String, l: Line, style: &str| {
            labels.lines.push(l);
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {style}/>"#,
                l[0], l[1], l[2], l[3]
            );
        };
        // Temperature gridlines and ticks: every multiple of a step (1, 2, 4, …: at least
        // 20 pixels apart, so a label fits between two gridlines) from 0 up, and -1 when
        // the step is 1.
        let mut step = 1.0;
        while step * scale < 20.0 {
            step *= 2.0;
        }
        let mut temperatures = if step == 1.0 { vec![-1.0] } else { vec![] };
        let mut t = 0.0;
        while t <= frame.t_top {
            temperatures.push(t);
            t += step;
        }
        for &t in &temperatures {
            if t > 0.0 {
                line(
                    &mut s,
                    [xl, y(t), xr, y(t)],
                    r##"stroke="#ddd" stroke-dasharray="3 3""##,
                );
            }
            line(&mut s, [xl - 4.0, y(t), xl, y(t)], r##"stroke="#444""##);
        }
        // The temperature axis, the value axis at t = 0 and the value scale at t = -1.
        line(
            &mut s,
            [xl, y_bottom, xl, y_top],
            r##"stroke="#444" marker-end="url(#arrow)""##,
        );
        line(&mut s, [xl, y0, xr, y0], r##"stroke="#444""##);
        line(&mut s, [xl, y_bottom, xr, y_bottom], r##"stroke="#444""##);
        let values = even_ticks(frame.v_min, frame.v_max, scale);
        for v in &values {
            let xv = x(to_f64(v));
            // Below the axis only: the mast's words may sit just above it.
            line(&mut s, [xv, y0, xv, y0 + 4.0], r##"stroke="#444""##);
            line(
                &mut s,
                [xv, y_bottom, xv, y_bottom + 4.0],
                r##"stroke="#444""##,
            );
        }
        // Walls and mast.
        let mut walls = String::new();
        for (wall, colour) in [
            (self.left_wall(), "#1f5fbf"),
            (self.right_wall(), "#c0392b"),
        ] {
            let mut pts: Vec<(f64, f64)> = wall_segments(wall, &top)
                .iter()
                .flat_map(|&(a, b)| [a, b])
                .collect();
            pts.dedup();
            if pts.is_empty() {
                pts.push((to_f64(&top), to_f64(self.mast())));
            }
            for p in pts.windows(2) {
                labels
                    .lines
                    .push([x(p[0].1), y(p[0].0), x(p[1].1), y(p[1].0)]);
            }
            let path: Vec<String> = pts
                .iter()
                .map(|&(t, v)| format!("{:.1},{:.1}", x(v), y(t)))
                .collect();
            let _ = writeln!(
                walls,
                r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>"#,
                path.join(" ")
            );
            for (t, v) in wall.points().iter().filter(|(t, _)| *t <= top) {
                let _ = writeln!(
                    walls,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}"><title>t = {t}, value {v}</title></circle>"#,
                    x(to_f64(v)),
                    y(to_f64(t))
                );
            }
        }
        s.push_str(&walls);
        labels.lines.push([xm, ym, xm, y_top + 4.0]);
        let _ = writeln!(
            s,
            r#"<line x1="{xm:.1}" y1="{ym:.1}" x2="{xm:.1}" y2="{:.1}" stroke="black" stroke-width="2.5" marker-end="url(#arrow)"/>"#,
            y_top + 4.0
        );
        let _ = writeln!(
            s,
            r#"<circle cx="{xm:.1}" cy="{ym:.1}" r="4" fill="black"/>"#
        );
        // The legend.
        let (lx, ly) = (w - 124.0, mt - 10.0);
        let _ = writeln!(
            s,
            r##"<g font-size="12"><line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="#1f5fbf" stroke-width="2.5"/><line x1="{lx:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#c0392b" stroke-width="2.5"/></g>"##,
            lx + 24.0,
            ly + 18.0,
            lx + 24.0,
            ly + 18.0,
        );
        labels.lines.push([lx, ly, lx + 24.0, ly]);
        labels.lines.push([lx, ly + 18.0, lx + 24.0, ly + 18.0]);
        // The texts always drawn, in order: each where the first free place is.
        let text = |s: &mut String,
                    labels: &mut Labels,
                    at: &[(f64, f64, &str)],
                    size: f64,
                    extra: &str,
                    words: &str| {
            let (x, y, anchor) = labels.place(at, size, words);
            let _ = writeln!(
                s,
                r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{anchor}"{extra}>{}</text>"#,
                escape(words)
            );
        };
        if !title.is_empty() {
            let words = format!("Thermograph of {title}");
            text(
                &mut s,
                &mut labels,
                &[(w / 2.0, 28.0, "middle")],
                18.0,
                "",
                &words,
            );
        }
        text(
            &mut s,
            &mut labels,
            &[(w - 84.0, mt - 6.0, "start")],
            12.0,
            "",
            "left wall",
        );
        text(
            &mut s,
            &mut labels,
            &[(w - 84.0, mt + 12.0, "start")],
            12.0,
            "",
            "right wall",
        );
        for &t in &temperatures {
            let words = Dyadic::from_i64(t as i64).to_string();
            text(
                &mut s,
                &mut labels,
                &[(xl - 8.0, y(t) + 4.0, "end")],
                12.0,
                "",
                &words,
            );
        }
        for v in &values {
            let at = [(x(to_f64(v)), y_bottom + 18.0, "middle")];
            text(&mut s, &mut labels, &at, 12.0, "", &v.to_string());
        }
        text(
            &mut s,
            &mut labels,
            &[(x((frame.v_min + frame.v_max) / 2.0), h - 14.0, "middle")],
            12.0,
            r##" fill="#444""##,
            "value (Left ← → Right)",
        );
        // Beside the mast: above its foot, right or left of it; the mean near its top.
        let temperature = format!("temperature {top}");
        let at = [
            (xm + 8.0, ym - 5.0, "start"),
            (xm - 8.0, ym - 5.0, "end"),
            (xm + 8.0, ym - 22.0, "start"),
            (xm - 8.0, ym - 22.0, "end"),
        ];
        text(&mut s, &mut labels, &at, 13.0, "", &temperature);
        let mean = format!("mean {}", self.mast());
        let mut at = Vec::new();
        let mut yy = y_top + 16.0;
        while yy < ym {
            at.push((xm - 8.0, yy, "end"));
            at.push((xm + 8.0, yy, "start"));
            yy += 2.0;
        }
        text(&mut s, &mut labels, &at, 13.0, "", &mean);
        let at = [
            (xl + 8.0, y_top + 6.0, "start"),
            (xl - 8.0, y_top + 6.0, "end"),
            (xl + 8.0, y_top - 6.0, "start"),
        ];
        text(
            &mut s,
            &mut labels,
            &at,
            14.0,
            r#" font-style="italic""#,
            "t",
        );
        // Wall values at t = -1, beside the ends of the walls, where they fit.
        let minus_one = Dyadic::from_i64(-1);
        for (wall, anchor, dx) in [
            (self.left_wall(), "end", -6.0),
            (self.right_wall(), "start", 6.0),
        ] {
            let v = wall.value_at(&minus_one);
            let (xv, yv) = (x(to_f64(&v)) + dx, y_bottom - 5.0);
            if labels.is_free(xv, yv, 12.0, anchor, &v.to_string()) {
                text(
                    &mut s,
                    &mut labels,
                    &[(xv, yv, anchor)],
                    12.0,
                    "",
                    &v.to_string(),
                );
            }
        }
        s.push_str("</svg>\n");
        s
    }
}

/// Value ticks: the multiples of one power of two in `[lo, hi]`, the power the smallest for
/// which the labels (at `scale` pixels a unit) stand at least 12 pixels apart.
fn even_ticks(lo: f64, hi: f64, scale: f64) -> Vec<Dyadic> {
    // At most about ten ticks to begin with, as `plot::ticks` chooses them.
    let span = (hi - lo).max(1e-9);
    let mut e = span.log2().ceil() as i32 - 3;
    while span / 2f64.powi(e) > 10.0 {
        e += 1;
    }
    loop {
        let step = 2f64.powi(e);
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        let ticks: Vec<Dyadic> = (first..=last)
            .map(|k| {
                if e >= 0 {
                    Dyadic::from_int(BigInt::from(k) << e as usize)
                } else {
                    Dyadic::new(BigInt::from(k), (-e) as u32)
                }
            })
            .collect();
        let widest = ticks
            .iter()
            .map(|d| d.to_string().chars().count())
            .max()
            .unwrap_or(0) as f64;
        if step * scale >= 0.6 * 12.0 * widest + 12.0 || e > 64 {
            return ticks;
        }
        e += 1;
    }
}

/// The boxes taken by the texts of a picture so far and the lines drawn, a text's box
/// estimated from the font size: a character 0.6 em wide, the text 0.8 em above its
/// baseline and 0.2 em below, with a margin of 2 pixels.
#[derive(Default)]
struct Labels {
    boxes: Vec<[f64; 4]>,
    lines: Vec<Line>,
}

impl Labels {
    fn text_box(x: f64, y: f64, size: f64, anchor: &str, text: &str) -> [f64; 4] {
        let width = 0.6 * size * text.chars().count() as f64;
        let left = match anchor {
            "middle" => x - width / 2.0,
            "end" => x - width,
            _ => x,
        };
        [
            left - 2.0,
            y - 0.8 * size - 2.0,
            left + width + 2.0,
            y + 0.2 * size + 2.0,
        ]
    }

    /// Whether a text there would overlap no text and be crossed by no line.
    fn is_free(&self, x: f64, y: f64, size: f64, anchor: &str, text: &str) -> bool {
        let b = Labels::text_box(x, y, size, anchor, text);
        self.boxes
            .iter()
            .all(|o| b[2] <= o[0] || o[2] <= b[0] || b[3] <= o[1] || o[3] <= b[1])
            && !self.lines.iter().any(|l| crosses(*l, b))
    }

    /// The first of the places `at` free for the text (the first of them if none is),
    /// its room taken.
    fn place<'a>(
        &mut self,
        at: &[(f64, f64, &'a str)],
        size: f64,
        text: &str,
    ) -> (f64, f64, &'a str) {
        let chosen = at
            .iter()
            .find(|&&(x, y, anchor)| self.is_free(x, y, size, anchor, text))
            .or(at.first())
            .copied()
            .unwrap_or((0.0, 0.0, "start"));
        self.boxes
            .push(Labels::text_box(chosen.0, chosen.1, size, chosen.2, text));
        chosen
    }
}

/// Whether the segment `l` passes through the inside of the box `b` (`[x0, y0, x1, y1]`):
/// the segment clipped to the box (Liang–Barsky) is longer than a point.
pub(super) fn crosses(l: Line, b: [f64; 4]) -> bool {
    let (dx, dy) = (l[2] - l[0], l[3] - l[1]);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, l[0] - b[0]),
        (dx, b[2] - l[0]),
        (-dy, l[1] - b[1]),
        (dy, b[3] - l[1]),
    ] {
        if p == 0.0 {
            if q <= 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                lo = lo.max(r);
            } else {
                hi = hi.min(r);
            }
        }
    }
    lo < hi
}
