//! The game tree of a (small) canonical form, drawn as SVG.

use super::error::TheoryError;
use super::plot::escape;
use crate::game::display::Style;
use crate::game::store::{GameId, GameStore};
use std::fmt::Write;

/// Trees with more nodes than this are refused: the picture would be unreadable.
pub const MAX_TREE_NODES: usize = 400;

/// Which positions of a canonical form [`GameStore::game_tree_svg_with`] draws as leaves.
#[derive(Clone, Debug, Default)]
pub struct TreeOptions {
    /// Unroll numbers and nimbers down to 0 too (by default each is a leaf labelled with
    /// its value: the tree of 3 is not a chain 3, 2, 1, 0).
    pub unroll: bool,
    /// Values drawn as leaves, whatever they are (besides numbers and nimbers).
    pub leaves: Vec<GameId>,
}

/// A node of a tree to draw: its label, or a picture (a whole SVG document, drawn scaled
/// to fit a node), and its children with `true` for a Left move.
#[derive(Clone, Debug, Default)]
pub struct TreeNode {
    pub label: String,
    pub picture: Option<String>,
    pub children: Vec<(usize, bool)>,
}

/// The largest box a picture at a node is scaled into, in pixels.
const PICTURE_BOX: (f64, f64) = (120.0, 90.0);

/// The width and height a node takes, and the scale of its picture.
fn node_size(n: &TreeNode) -> (f64, f64, f64) {
    match n.picture.as_deref().and_then(svg_size) {
        Some((w, h)) => {
            let k = (PICTURE_BOX.0 / w).min(PICTURE_BOX.1 / h).min(1.0);
            (w * k, h * k, k)
        }
        None => (8.0 * n.label.chars().count() as f64 + 10.0, 20.0, 1.0),
    }
}

/// The `width` and `height` of an SVG document.
fn svg_size(svg: &str) -> Option<(f64, f64)> {
    let head = svg.split('>').next()?;
    let attr = |name: &str| -> Option<f64> {
        let at = head.find(&format!(" {name}=\""))? + name.len() + 3;
        head[at..].split('"').next()?.parse().ok()
    };
    Some((attr("width")?, attr("height")?))
}

/// Draws the tree whose root is `nodes[0]`: Left's moves go down to the left in solid blue,
/// Right's to the right in dashed red; each node is its label in a box, or its picture.
pub fn tree_svg(nodes: &[TreeNode]) -> String {
    let sizes: Vec<(f64, f64, f64)> = nodes.iter().map(node_size).collect();
    let mut xs = vec![0.0; nodes.len()];
    let mut depths = vec![0usize; nodes.len()];
    let mut next_x = 0.0;
    // Leaves left to right; a parent over the middle of its children (iteratively, in
    // post-order, so a deep tree needs no deep recursion).
    let mut stack = vec![(0usize, 0usize, false)];
    while let Some((n, depth, done)) = stack.pop() {
        if n >= nodes.len() {
            continue;
        }
        depths[n] = depth;
        let children = &nodes[n].children;
        if !done && !children.is_empty() {
            stack.push((n, depth, true));
            for &(c, _) in children.iter().rev() {
                stack.push((c, depth + 1, false));
            }
            continue;
        }
        xs[n] = match (children.first(), children.last()) {
            (Some(&(a, _)), Some(&(b, _))) => (xs[a] + xs[b]) / 2.0,
            _ => {
                let width = sizes[n].0 + 14.0;
                let x = next_x + width.max(36.0) / 2.0;
                next_x += width.max(36.0);
                x
            }
        };
    }
    let depth = depths.iter().copied().max().unwrap_or(0);
    let tallest = sizes.iter().map(|s| s.1).fold(20.0, f64::max);
    let (margin, level) = (30.0, tallest + 50.0);
    let width = (next_x + 2.0 * margin).max(330.0);
    let height = depth as f64 * level + tallest + 2.0 * margin + 30.0;
    let shift = (width - next_x) / 2.0;
    // The centre of a node.
    let pos = |n: usize| {
        (
            xs[n] + shift,
            depths[n] as f64 * level + margin + tallest / 2.0,
        )
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="Helvetica, Arial, sans-serif" font-size="13">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (i, n) in nodes.iter().enumerate() {
        let (x0, y0) = pos(i);
        for &(c, left) in &n.children {
            let (x1, y1) = pos(c);
            let (colour, dash) = if left {
                ("#1f5fbf", "")
            } else {
                ("#c0392b", r#" stroke-dasharray="6 4""#)
            };
            let _ = writeln!(
                s,
                r#"<line x1="{x0:.1}" y1="{:.1}" x2="{x1:.1}" y2="{:.1}" stroke="{colour}" stroke-width="1.8"{dash}/>"#,
                y0 + sizes[i].1 / 2.0 - 2.0,
                y1 - sizes[c].1 / 2.0 - 2.0
            );
        }
    }
    for (i, n) in nodes.iter().enumerate() {
        let (x, y) = pos(i);
        let (w, h, k) = sizes[i];
        match n.picture.as_deref().and_then(|p| Some((p, svg_size(p)?))) {
            Some((picture, (pw, ph))) => {
                // The picture's own document, placed and scaled by its viewport.
                let inner = picture.trim_end().replacen(
                    "<svg ",
                    &format!(r#"<svg x="{:.1}" y="{:.1}" "#, x - w / 2.0, y - h / 2.0),
                    1,
                );
                let inner = inner
                    .replacen(
                        &format!(r#"width="{pw}""#),
                        &format!(r#"width="{:.1}""#, pw * k),
                        1,
                    )
                    .replacen(
                        &format!(r#"height="{ph}""#),
                        &format!(r#"height="{:.1}""#, ph * k),
                        1,
                    );
                let _ = writeln!(
                    s,
                    r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="none" stroke="#888"/>"##,
                    x - w / 2.0,
                    y - h / 2.0
                );
                s.push_str(&inner);
                s.push('\n');
            }
            None => {
                let _ = writeln!(
                    s,
                    r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="20" rx="6" fill="#f7f7f7" stroke="#888"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
                    x - w / 2.0,
                    y - 10.0,
                    y + 5.0,
                    escape(&n.label)
                );
            }
        }
    }
    // The legend: a sample of each kind of line and its meaning, as two separate texts
    // (SVG collapses runs of spaces, so one text would run the phrases together).
    let y = height - 10.0;
    let right_at = margin + 130.0;
    for (x, colour, dash, words) in [
        (margin, "#1f5fbf", "", "Left moves"),
        (
            right_at,
            "#c0392b",
            r#" stroke-dasharray="6 4""#,
            "Right moves",
        ),
    ] {
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="1.8"{dash}/><text x="{:.1}" y="{y:.1}" font-size="11" fill="#555">{words}</text>"##,
            y - 4.0,
            x + 22.0,
            y - 4.0,
            x + 28.0
        );
    }
    s.push_str("</svg>\n");
    s
}

impl GameStore {
    /// [`GameStore::game_tree_svg_with`] with the default options: numbers and nimbers
    /// are leaves.
    pub fn game_tree_svg(&mut self, g: GameId, style: Style) -> Result<String, TheoryError> {
        self.game_tree_svg_with(g, style, &TreeOptions::default())
    }

    /// An SVG drawing of the game tree of the canonical form of `g`: every position is a
    /// node labelled with its value (printed in `style`); Left's moves go down to the left in
    /// solid blue, Right's to the right in dashed red. Below the root, a number, a nimber
    /// and each value of `options.leaves` is a leaf labelled with its value (unless
    /// `options.unroll`: then the tree goes down to `0`). Refused with
    /// [`TheoryError::TooLarge`] beyond [`MAX_TREE_NODES`] nodes.
    pub fn game_tree_svg_with(
        &mut self,
        g: GameId,
        style: Style,
        options: &TreeOptions,
    ) -> Result<String, TheoryError> {
        let mut nodes: Vec<TreeNode> = Vec::new();
        // (game, its node, whether it is the root): children are added as they are met.
        let mut stack = vec![(g, 0usize, true)];
        nodes.push(TreeNode::default());
        while let Some((h, at, root)) = stack.pop() {
            nodes[at].label = self.display_styled(h, style);
            let leaf = !root
                && (options.leaves.contains(&h)
                    || (!options.unroll && (self.is_number(h) || self.is_nimber(h))));
            if leaf {
                continue;
            }
            let (l, r) = self.options(h);
            let moves: Vec<(GameId, bool)> = l
                .iter()
                .map(|&x| (x, true))
                .chain(r.iter().map(|&x| (x, false)))
                .collect();
            for (x, left) in moves {
                if nodes.len() >= MAX_TREE_NODES {
                    return Err(TheoryError::TooLarge {
                        what: format!("the game tree has more than {MAX_TREE_NODES} nodes"),
                    });
                }
                let c = nodes.len();
                nodes.push(TreeNode::default());
                nodes[at].children.push((c, left));
                stack.push((x, c, false));
            }
        }
        Ok(tree_svg(&nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::display::Notation;
    use crate::game::theory::testkit::game;

    #[test]
    fn tree_of_up() {
        let mut s = GameStore::new();
        let g = game(&mut s, "^");
        let svg = s.game_tree_svg(g, Style::plain(Notation::Ascii)).unwrap();
        // ↑ = {0 | *}: nodes ↑, 0 and *, the nimber a leaf.
        assert_eq!(svg.matches("<rect x=").count(), 3, "{svg}");
        let unrolled = TreeOptions {
            unroll: true,
            ..TreeOptions::default()
        };
        let svg = s
            .game_tree_svg_with(g, Style::plain(Notation::Ascii), &unrolled)
            .unwrap();
        // Unrolled, * = {0 | 0} too: nodes ↑, 0, *, 0, 0.
        assert_eq!(svg.matches("<rect x=").count(), 5, "{svg}");
        // Two dashed edges of Right, and the dashed sample in the legend.
        assert_eq!(svg.matches("stroke-dasharray").count(), 3, "{svg}");
        assert!(svg.contains(">^</text>") && svg.contains(">*</text>"));
        let big = s.nimber(8);
        let unrolled = TreeOptions {
            unroll: true,
            ..TreeOptions::default()
        };
        assert!(matches!(
            s.game_tree_svg_with(big, Style::plain(Notation::Ascii), &unrolled),
            Err(TheoryError::TooLarge { .. })
        ));
    }

    #[test]
    fn the_legend_keeps_its_two_phrases_apart() {
        let mut s = GameStore::new();
        for text in ["^", "0", "{1|-1}"] {
            let g = game(&mut s, text);
            let svg = s.game_tree_svg(g, Style::plain(Notation::Ascii)).unwrap();
            let texts = crate::game::theory::plot::tests::text_boxes(&svg);
            let words: Vec<&str> = texts.iter().map(|(w, _)| w.as_str()).collect();
            assert!(
                words.contains(&"Left moves") && words.contains(&"Right moves"),
                "{svg}"
            );
            let clash = crate::game::theory::plot::tests::collisions(&svg);
            assert!(clash.is_empty(), "{text}: {clash:?}\n{svg}");
        }
    }
}
