//! The game graph of a loopy game drawn as SVG, in the style of the short games' game tree
//! (src/game/theory/tree_svg.rs): every position of the simplest form is one node labelled
//! with its value, Left's moves go down to the left in solid blue and Right's down to the
//! right in dashed red. A graph is not a tree, so the nodes are laid out along a
//! breadth-first spanning tree (a node's row is its distance from the start); a move back
//! up (as in a cycle) is a curve bending out to the mover's side, a move along a row an arc
//! over it, and a `pass` a small loop on the mover's side of the node. A value given by its
//! sides, `S & T`, is drawn as its two stoppers side by side.

use super::LoopyGame;
use super::graph::Graph;
use crate::game::GameStore;
use std::collections::VecDeque;
use std::fmt::Write;

/// Graphs with more positions than this are refused: the picture would be unreadable.
pub const MAX_GRAPH_NODES: usize = 60;

/// Labels longer than this are cut (with `…`): a node's label is the whole value there.
const MAX_LABEL: usize = 28;

/// A move of the drawing: from, to, and whether Left makes it.
type Edge = (usize, usize, bool);

impl LoopyGame {
    /// An SVG drawing of the game graph of the simplest form (see the module
    /// documentation), labels printed in Unicode when `unicode`. A value given by two
    /// different sides (`S & T`) has no graph of its own and is drawn as its onside and
    /// offside next to each other. Refused, with the reason, for graphs of more than
    /// `MAX_GRAPH_NODES` positions.
    pub fn graph_svg(&self, store: &mut GameStore, unicode: bool) -> Result<String, String> {
        if self.is_single() {
            // A stopper is drawn in its simplest form; another game keeps its own graph,
            // positions that cannot be told apart merged.
            let graph = if self.is_stopper() {
                self.simplify(store).on.restrict(0)
            } else {
                let (q, block) = self.on.bisimulation_quotient(store);
                q.restrict(block[0])
            };
            let panel = panel(&graph, store, unicode, None)?;
            return Ok(compose(&[panel]));
        }
        // A value given by its sides (`S & T`, such as dud = on & off or tis = 1 & 0 as the
        // session keeps them) is its two stoppers, drawn side by side.
        let whole = self.display(store, unicode);
        let mut panels = Vec::with_capacity(2);
        for (graph, which) in [(&self.on, "onside"), (&self.off, "offside")] {
            let graph = LoopyGame::plain(graph.clone())
                .simplify(store)
                .on
                .restrict(0);
            panels.push(panel(
                &graph,
                store,
                unicode,
                Some(format!("{which} of {whole}")),
            )?);
        }
        Ok(compose(&panels))
    }
}

/// One graph laid out: its SVG elements (origin at the top left), size and caption.
struct Panel {
    body: String,
    width: f64,
    height: f64,
}

/// Lays out `graph` with each position labelled by its value; refused beyond
/// [`MAX_GRAPH_NODES`] positions.
fn panel(
    graph: &Graph,
    store: &mut GameStore,
    unicode: bool,
    caption: Option<String>,
) -> Result<Panel, String> {
    if graph.len() > MAX_GRAPH_NODES {
        return Err(format!(
            "the game graph has {} positions, more than the {MAX_GRAPH_NODES} a picture can show",
            graph.len()
        ));
    }
    let labels: Vec<String> = (0..graph.len())
        .map(|v| {
            let sub = LoopyGame::plain(graph.restrict(v as u32));
            shorten(&sub.display(store, unicode))
        })
        .collect();
    Ok(draw(graph, &labels, caption))
}

/// The panels side by side in one picture, with the markers and the legend.
fn compose(panels: &[Panel]) -> String {
    let legend = 30.0;
    let width: f64 = panels.iter().map(|p| p.width).sum::<f64>().max(560.0);
    let height = panels.iter().map(|p| p.height).fold(0.0, f64::max) + legend;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="Helvetica, Arial, sans-serif" font-size="13">"#
    );
    s.push_str("<defs>");
    for (id, colour) in [("L", "#1f5fbf"), ("R", "#c0392b")] {
        let _ = write!(
            s,
            r#"<marker id="arrow{id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>"#
        );
    }
    s.push_str("</defs>\n");
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let used: f64 = panels.iter().map(|p| p.width).sum();
    let mut x = (width - used) / 2.0;
    for p in panels {
        let _ = writeln!(s, r#"<g transform="translate({x:.1},0)">"#);
        s.push_str(&p.body);
        s.push_str("</g>\n");
        x += p.width;
    }
    let _ = writeln!(
        s,
        r##"<text x="20" y="{:.1}" font-size="11" fill="#555">blue: Left moves, red dashed: Right moves; curves go up or across (cycles); loops are passes</text>"##,
        height - 10.0
    );
    s.push_str("</svg>\n");
    s
}

fn shorten(text: &str) -> String {
    if text.chars().count() <= MAX_LABEL {
        return text.to_string();
    }
    let mut s: String = text.chars().take(MAX_LABEL - 1).collect();
    s.push('…');
    s
}

/// Every move of the graph, Left's first at each vertex.
fn edges(g: &Graph) -> Vec<Edge> {
    let mut out = Vec::new();
    for v in 0..g.len() {
        for (side, left) in [(&g.left[v], true), (&g.right[v], false)] {
            out.extend(side.iter().map(|&w| (v, w as usize, left)));
        }
    }
    out
}

/// Breadth-first rows and spanning tree from vertex 0: `(row, children)`, children in the
/// order Left's moves then Right's.
fn spanning_tree(g: &Graph) -> (Vec<usize>, Vec<Vec<usize>>) {
    let n = g.len();
    let mut row = vec![usize::MAX; n];
    let mut children = vec![Vec::new(); n];
    let mut queue = VecDeque::from([0usize]);
    row[0] = 0;
    while let Some(v) = queue.pop_front() {
        for &w in g.left[v].iter().chain(&g.right[v]) {
            let w = w as usize;
            if row[w] == usize::MAX {
                row[w] = row[v] + 1;
                children[v].push(w);
                queue.push_back(w);
            }
        }
    }
    (row, children)
}

/// Box width of a label, as the tree drawer measures it.
fn box_width(label: &str) -> f64 {
    8.0 * label.chars().count() as f64 + 10.0
}

/// Places the leaves of the spanning tree left to right and each parent over the middle of
/// its children (iteratively: graphs can be deep chains), leaning right of children reached
/// only by Left's moves and left of those reached only by Right's, so that Left's moves go
/// down to the left and Right's down to the right. Returns the centres and the span
/// `(least, greatest)` the boxes cover.
fn place(g: &Graph, children: &[Vec<usize>], labels: &[String]) -> (Vec<f64>, (f64, f64)) {
    let n = children.len();
    let mut x = vec![0.0; n];
    let mut next_x = 0.0;
    // Post-order by an explicit stack of (vertex, children done).
    let mut stack = vec![(0usize, false)];
    while let Some((v, done)) = stack.pop() {
        if !done {
            stack.push((v, true));
            stack.extend(children[v].iter().rev().map(|&c| (c, false)));
            continue;
        }
        let by = |side: &[u32]| children[v].iter().any(|&c| side.contains(&(c as u32)));
        let lean = match (by(&g.left[v]), by(&g.right[v])) {
            (true, false) => 24.0,
            (false, true) => -24.0,
            _ => 0.0,
        };
        x[v] = match (children[v].first(), children[v].last()) {
            (Some(&a), Some(&b)) => (x[a] + x[b]) / 2.0 + lean,
            _ => {
                // Room on both sides for a pass loop.
                let width = box_width(&labels[v]) + 60.0;
                let centre = next_x + width / 2.0;
                next_x += width;
                centre
            }
        };
    }
    let least = (0..n)
        .map(|v| x[v] - box_width(&labels[v]) / 2.0)
        .fold(0.0, f64::min);
    let greatest = (0..n)
        .map(|v| x[v] + box_width(&labels[v]) / 2.0)
        .fold(next_x, f64::max);
    (x, (least, greatest))
}

fn draw(g: &Graph, labels: &[String], caption: Option<String>) -> Panel {
    let (row, children) = spanning_tree(g);
    let (xs, (least, greatest)) = place(g, &children, labels);
    let span = greatest - least;
    let rows = row.iter().copied().max().unwrap_or(0);
    let (margin, level, side) = (30.0, 80.0, 70.0);
    let top = if caption.is_some() { 24.0 } else { 0.0 };
    let width = span + 2.0 * (margin + side);
    let height = rows as f64 * level + 2.0 * margin + 40.0 + top;
    let shift = (width - span) / 2.0 - least;
    let pos = |v: usize| (xs[v] + shift, row[v] as f64 * level + margin + 10.0 + top);
    let mut s = String::new();
    if let Some(caption) = caption {
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="18" text-anchor="middle" fill="#333">{}</text>"##,
            width / 2.0,
            escape(&caption)
        );
    }
    let all = edges(g);
    for &(v, w, left) in &all {
        let (colour, dash, id) = if left {
            ("#1f5fbf", "", "L")
        } else {
            ("#c0392b", r#" stroke-dasharray="6 4""#, "R")
        };
        let (x0, y0) = pos(v);
        let (x1, y1) = pos(w);
        let sign = if left { -1.0 } else { 1.0 };
        let path = if v == w {
            // A pass: a loop out of the mover's side of the box and back.
            let edge = x0 + sign * box_width(&labels[v]) / 2.0;
            format!(
                "M{edge:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {edge:.1},{:.1}",
                y0 - 6.0,
                edge + sign * 34.0,
                y0 - 30.0,
                edge + sign * 34.0,
                y0 + 18.0,
                y0 + 2.0
            )
        } else if row[w] > row[v] {
            // Down a row or more: straight, or bowed to the mover's side when both players
            // move from v to w (so the two lines do not cover each other).
            let both = all.contains(&(v, w, !left));
            let (ya, yb) = (y0 + 8.0, y1 - 12.0);
            let bow = if both { sign * 14.0 } else { 0.0 };
            format!(
                "M{x0:.1},{ya:.1} Q{:.1},{:.1} {x1:.1},{yb:.1}",
                (x0 + x1) / 2.0 + bow,
                (ya + yb) / 2.0
            )
        } else if row[w] == row[v] {
            // Along a row: Left's moves an arc over the row, Right's under it, from box to
            // box.
            // The box spans y - 12 to y + 8.
            let (edge, bend) = if left { (-12.0, -1.0) } else { (8.0, 1.0) };
            format!(
                "M{x0:.1},{:.1} Q{:.1},{:.1} {x1:.1},{:.1}",
                y0 + edge,
                (x0 + x1) / 2.0,
                y0 + edge + bend * 0.25 * (x1 - x0).abs().max(60.0),
                y1 + edge
            )
        } else {
            // Back up a row or more (a cycle, or a position reached sooner by another
            // line of play). Leave from the mover's side of v, bend out
            // beyond both boxes on that side and come into w's side.
            let (wv, ww) = (box_width(&labels[v]) / 2.0, box_width(&labels[w]) / 2.0);
            let (xa, xb) = (x0 + sign * wv, x1 + sign * ww);
            let out = if left {
                xa.min(xb) - 40.0 - 6.0 * (row[v] - row[w]) as f64
            } else {
                xa.max(xb) + 40.0 + 6.0 * (row[v] - row[w]) as f64
            };
            format!(
                "M{xa:.1},{:.1} C{out:.1},{:.1} {out:.1},{:.1} {xb:.1},{:.1}",
                y0 - 2.0,
                y0 - 2.0,
                y1 - 2.0,
                y1 - 2.0
            )
        };
        let _ = writeln!(
            s,
            r#"<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.8"{dash} marker-end="url(#arrow{id})"/>"#
        );
    }
    for (v, label) in labels.iter().enumerate() {
        let (x, y) = pos(v);
        let w = box_width(label);
        let _ = writeln!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="20" rx="6" fill="#f7f7f7" stroke="#888"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            x - w / 2.0,
            y - 12.0,
            y + 3.0,
            escape(label)
        );
    }
    Panel {
        body: s,
        width,
        height,
    }
}

/// Text for SVG: the markup characters as entities.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts of the drawn parts: nodes, Left and Right moves, passes.
    fn parts(svg: &str) -> (usize, usize, usize) {
        let nodes = svg.matches("<rect x=").count();
        let left = svg.matches("marker-end=\"url(#arrowL)\"").count();
        let right = svg.matches("marker-end=\"url(#arrowR)\"").count();
        (nodes, left, right)
    }

    #[test]
    fn on_is_one_node_with_a_left_pass() {
        let mut s = GameStore::new();
        let svg = LoopyGame::on().graph_svg(&mut s, false).unwrap();
        assert_eq!(parts(&svg), (1, 1, 0), "{svg}");
        assert!(svg.contains(">on</text>"), "{svg}");
        // The pass is a loop: its path starts and ends on the box's left edge.
        assert!(svg.contains(" C"), "{svg}");
    }

    #[test]
    fn over_has_a_left_move_to_zero_and_a_right_pass() {
        let mut s = GameStore::new();
        let svg = LoopyGame::over().graph_svg(&mut s, false).unwrap();
        // over = {0 | pass}: nodes over and 0.
        assert_eq!(parts(&svg), (2, 1, 1), "{svg}");
        assert!(
            svg.contains(">over</text>") && svg.contains(">0</text>"),
            "{svg}"
        );
    }

    /// Left's move from over to 0 goes down to the left: the path ends left of and below
    /// where it starts.
    #[test]
    fn left_moves_go_down_to_the_left() {
        let mut s = GameStore::new();
        let svg = LoopyGame::over().graph_svg(&mut s, false).unwrap();
        let line = svg
            .lines()
            .find(|l| l.contains("url(#arrowL)"))
            .expect("a Left move");
        let d = &line[line.find("d=\"M").expect("a path") + 4..];
        let d = &d[..d.find('"').expect("the path's end")];
        let numbers: Vec<f64> = d
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().expect("a number"))
            .collect();
        let (x0, y0) = (numbers[0], numbers[1]);
        let (x1, y1) = (numbers[numbers.len() - 2], numbers[numbers.len() - 1]);
        assert!(x1 < x0 && y1 > y0, "{d}");
    }

    #[test]
    fn dud_passes_both_ways() {
        let mut s = GameStore::new();
        let svg = LoopyGame::dud().graph_svg(&mut s, true).unwrap();
        assert_eq!(parts(&svg), (1, 1, 1), "{svg}");
    }

    /// tis = {tisn |}, tisn = {| tis}: two nodes, Left moves down to tisn and Right moves
    /// back up: a curve, not a straight line.
    #[test]
    fn tis_has_a_move_back() {
        let mut s = GameStore::new();
        let svg = LoopyGame::tis().graph_svg(&mut s, false).unwrap();
        assert_eq!(parts(&svg), (2, 1, 1), "{svg}");
        assert!(
            svg.contains(">tis</text>") && svg.contains(">tisn</text>"),
            "{svg}"
        );
        let right = svg
            .lines()
            .find(|l| l.contains("url(#arrowR)"))
            .expect("a Right move");
        assert!(right.contains(" C"), "{right}");
    }

    /// A short game drawn as a graph: * = {0|0} shares the node 0, so its two moves are
    /// bowed apart.
    #[test]
    fn a_short_game_shares_equal_positions() {
        let mut s = GameStore::new();
        let star = s.nimber(1);
        let svg = LoopyGame::from_short(&mut s, star)
            .graph_svg(&mut s, false)
            .unwrap();
        assert_eq!(parts(&svg), (2, 1, 1), "{svg}");
        let moves: Vec<&str> = svg.lines().filter(|l| l.contains("marker-end")).collect();
        assert_ne!(moves[0], moves[1].replace("1f5fbf", "c0392b"));
    }

    /// dud = on & off given by its sides: two panels, on with a Left pass and off with a
    /// Right pass, each captioned.
    #[test]
    fn a_value_given_by_its_sides_is_drawn_as_both() {
        let mut s = GameStore::new();
        let dud = crate::game::loopy::sided(&LoopyGame::on(), &LoopyGame::off(), &mut s)
            .expect("on >= off");
        let svg = dud.graph_svg(&mut s, false).unwrap();
        assert_eq!(parts(&svg), (2, 1, 1), "{svg}");
        assert!(svg.contains(">onside of dud</text>"), "{svg}");
        assert!(svg.contains(">offside of dud</text>"), "{svg}");
        assert_eq!(svg.matches("<g transform=").count(), 2, "{svg}");
    }

    #[test]
    fn large_graphs_are_refused() {
        let mut s = GameStore::new();
        let big = s.integer(70);
        let err = LoopyGame::from_short(&mut s, big)
            .graph_svg(&mut s, false)
            .unwrap_err();
        assert!(err.contains("71 positions"), "{err}");
    }
}
