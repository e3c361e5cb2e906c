//! Pictures as they go on a slide, checked by their geometry: in a thermograph no line
//! (a wall, the mast, an axis, a gridline) crosses a label, and the ticks of both scales are
//! evenly spaced; a game tree draws numbers and nimbers as leaves; move lists print
//! positions as they are written.

use crate::common;

use common::run_cgt;

/// A text of a picture: its words, its anchor point and the box it covers (estimated as
/// the program does: a character 0.6 em wide, 0.8 em above the baseline, 0.2 em below).
struct Text {
    words: String,
    x: f64,
    y: f64,
    anchor: String,
    bounds: [f64; 4],
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(tag[at..].split('"').next()?.to_string())
}

fn num(tag: &str, name: &str) -> f64 {
    attr(tag, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN)
}

fn texts(svg: &str) -> Vec<Text> {
    let mut out = Vec::new();
    for piece in svg.split("<text").skip(1) {
        let (tag, rest) = piece.split_once('>').unwrap();
        let words = rest.split("</text>").next().unwrap().to_string();
        let (x, y) = (num(tag, "x"), num(tag, "y"));
        let size = attr(tag, "font-size")
            .and_then(|v| v.parse().ok())
            .unwrap_or(12.0);
        let anchor = attr(tag, "text-anchor").unwrap_or_else(|| "start".into());
        let width = 0.6 * size * words.chars().count() as f64;
        let left = match anchor.as_str() {
            "middle" => x - width / 2.0,
            "end" => x - width,
            _ => x,
        };
        out.push(Text {
            words,
            x,
            y,
            anchor,
            bounds: [left, y - 0.7 * size, left + width, y + 0.2 * size],
        });
    }
    out
}

/// Every straight piece drawn: `<line>`s and the pieces of `<polyline>`s.
fn lines(svg: &str) -> Vec<[f64; 4]> {
    let mut out = Vec::new();
    for piece in svg.split("<line").skip(1) {
        let tag = piece.split('>').next().unwrap();
        out.push([
            num(tag, "x1"),
            num(tag, "y1"),
            num(tag, "x2"),
            num(tag, "y2"),
        ]);
    }
    for piece in svg.split("<polyline").skip(1) {
        let tag = piece.split('>').next().unwrap();
        let points: Vec<(f64, f64)> = attr(tag, "points")
            .unwrap()
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        for w in points.windows(2) {
            out.push([w[0].0, w[0].1, w[1].0, w[1].1]);
        }
    }
    out
}

/// Whether the segment passes through the inside of the box (Liang–Barsky clipping).
fn crosses(l: [f64; 4], b: [f64; 4]) -> bool {
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
        } else if p < 0.0 {
            lo = lo.max(q / p);
        } else {
            hi = hi.min(q / p);
        }
    }
    lo < hi
}

fn picture(expr: &str, name: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    let r = run_cgt(
        &[
            "--memory",
            "1G",
            "-e",
            &format!("svg({expr}, \"{}\")", path.display()),
        ],
        "",
    );
    assert_eq!(r.code, Some(0), "{expr}: {}", r.stderr);
    std::fs::read_to_string(&path).unwrap()
}

/// The gaps between consecutive numbers, rounded to a tenth of a pixel.
fn gaps(mut at: Vec<f64>) -> Vec<i64> {
    at.sort_by(f64::total_cmp);
    at.windows(2)
        .map(|w| ((w[1] - w[0]) * 10.0).round() as i64)
        .collect()
}

/// Before, the walls of {3|-1} + {2|1} ran through the tick labels 4 and 1, the gridline at
/// t = 2 struck "temperature 2", and for domineering(4,4) "temperature 0" sat on the value
/// axis and the value ticks were 1, 1/2, 0, -1, -3/2 (-1/2 dropped).
#[test]
fn thermograph_labels_are_crossed_by_no_line_and_ticks_are_even() {
    for expr in [
        "thermograph({3|-1} + {2|1})",
        "thermograph(domineering(4,4))",
        "thermograph({3||2*|1*})",
        "thermograph({100|-100})",
        "thermograph({1/2|1/4})",
        "thermograph(*)",
        "thermograph({10||5|0})",
    ] {
        let svg = picture(expr, "t.svg");
        let texts = texts(&svg);
        let lines = lines(&svg);
        for t in &texts {
            for l in &lines {
                assert!(
                    !crosses(*l, t.bounds),
                    "{expr}: the line {l:?} crosses {:?}\n{svg}",
                    t.words
                );
            }
        }
        for w in ["temperature", "mean"] {
            assert!(
                texts.iter().any(|t| t.words.starts_with(w)),
                "{expr}: no {w}"
            );
        }
        // Temperature ticks: the labels anchored at their end left of the axis.
        let axis = lines
            .iter()
            .filter(|l| l[0] == l[2])
            .map(|l| l[0])
            .fold(f64::INFINITY, f64::min);
        let temps: Vec<f64> = texts
            .iter()
            .filter(|t| t.anchor == "end" && t.x < axis)
            .map(|t| t.y)
            .collect();
        assert!(temps.len() >= 2, "{expr}: {temps:?}");
        // Equal to a tenth of a pixel (the coordinates are written to one decimal).
        let g = gaps(temps);
        assert!(
            g.iter().all(|&d| (d - g[0]).abs() <= 1),
            "{expr}: temperature ticks {g:?}"
        );
        // Value ticks: the centred labels of the bottom row (the lowest centred texts but
        // the caption).
        let rows: Vec<&Text> = texts
            .iter()
            .filter(|t| t.anchor == "middle" && !t.words.starts_with("value") && t.y > 60.0)
            .collect();
        let row_y = rows.iter().map(|t| t.y).fold(f64::NEG_INFINITY, f64::max);
        let values: Vec<&Text> = rows.iter().copied().filter(|t| t.y == row_y).collect();
        assert!(values.len() >= 2, "{expr}: {svg}");
        let g = gaps(values.iter().map(|t| t.x).collect());
        assert!(
            g.iter().all(|&d| (d - g[0]).abs() <= 1),
            "{expr}: value ticks {g:?}"
        );
    }
}

/// A node of a game tree: the `<rect>`s with rounded corners.
fn tree_nodes(svg: &str) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    for piece in svg.split("<rect x=").skip(1) {
        let tag = piece.split('>').next().unwrap();
        let y: f64 = tag
            .split('"')
            .nth(3)
            .and_then(|v| v.parse().ok())
            .unwrap_or(f64::NAN);
        let label = piece
            .split("<text")
            .nth(1)
            .and_then(|t| t.split_once('>'))
            .map(|(_, r)| r.split("</text>").next().unwrap_or("").to_string())
            .unwrap_or_default();
        out.push((label, y));
    }
    out
}

/// Before, every integer was unrolled into a chain down to 0: the tree of the sum of the
/// switches ±1, ±2, ±3 was 10 levels deep; now a number is a leaf, and it is 4.
#[test]
fn a_game_tree_ends_at_numbers_and_nimbers() {
    let svg = picture("sum([{n|-n} for n in 1..3])", "tree.svg");
    let nodes = tree_nodes(&svg);
    let mut levels: Vec<i64> = nodes.iter().map(|(_, y)| *y as i64).collect();
    levels.sort();
    levels.dedup();
    assert_eq!(levels.len(), 4, "{svg}");
    assert!(nodes.iter().any(|(l, _)| l == "6"), "{svg}");
    // Unrolled on request, as before.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("u.svg");
    let r = run_cgt(
        &[
            "-e",
            &format!(
                "svg({{3|-1}}, \"{}\", {{\"unroll\" => true}})",
                path.display()
            ),
        ],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let unrolled = tree_nodes(&std::fs::read_to_string(&path).unwrap());
    // {3|-1}, 3, 2, 1, 0, -1, 0.
    assert_eq!(unrolled.len(), 7, "{unrolled:?}");
    // A value kept whole on request.
    let r = run_cgt(
        &[
            "-e",
            &format!(
                "svg({{{{2|1}}|^}}, \"{}\", {{\"leaves\" => [^], \"overwrite\" => true}})",
                path.display()
            ),
        ],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let kept = tree_nodes(&std::fs::read_to_string(&path).unwrap());
    // {{2|1}|↑}, {2|1}, 2, 1, ↑.
    assert_eq!(kept.len(), 5, "{kept:?}");
}

/// With `{"positions" => true}` each node is the position's board.
#[test]
fn a_tree_of_positions_draws_the_boards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.svg");
    let r = run_cgt(
        &[
            "-e",
            &format!(
                "svg(domineering(\"..|..\"), \"{}\", {{\"positions\" => true}})",
                path.display()
            ),
        ],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let svg = std::fs::read_to_string(&path).unwrap();
    // The root, its four moves (two for each player) and the one move left after each:
    // nine boards, each a picture of its own inside the tree's.
    assert_eq!(svg.matches("<svg").count(), 1 + 9, "{svg}");
    assert!(svg.contains("Left moves") && svg.contains("Right moves"));
}

/// Before: `fibonacci_nim("43") → fibonacci_nim("42, 1")`, a text in quotes where the user
/// writes `fibonacci_nim(43)`.
#[test]
fn move_lists_print_positions_as_written() {
    let r = run_cgt(&["-e", "winning_moves(fibonacci_nim(43))"], "");
    assert_eq!(
        r.stdout,
        "[\"fibonacci_nim(43) → fibonacci_nim(42, 1)\",\"fibonacci_nim(43) → fibonacci_nim(34, 9)\"]\n",
        "{}",
        r.stderr
    );
    // The moves read back as the positions they name.
    let r = run_cgt(
        &["-e", "fibonacci_nim(42, 1) == fibonacci_nim(\"42, 1\")"],
        "",
    );
    assert_eq!(r.stdout, "true\n", "{}", r.stderr);
}
