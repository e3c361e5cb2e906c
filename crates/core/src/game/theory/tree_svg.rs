//! The game tree of a (small) canonical form, drawn as SVG.

use super::error::TheoryError;
use super::plot::escape;
use crate::game::display::Style;
use crate::game::store::{GameId, GameStore};
use std::fmt::Write;

/// Trees with more nodes than this are refused: the picture would be unreadable.
pub const MAX_TREE_NODES: usize = 400;

/// A node of the laid-out tree.
struct Placed {
    label: String,
    x: f64,
    depth: usize,
    /// Children with `true` for a Left move.
    children: Vec<(usize, bool)>,
}

impl GameStore {
    /// An SVG drawing of the game tree of the canonical form of `g`: every position is a
    /// node labelled with its value (printed in `style`); Left's moves go down to the left in
    /// solid blue, Right's to the right in dashed red; the tree is expanded down to `0`.
    /// Refused with [`TheoryError::TooLarge`] beyond [`MAX_TREE_NODES`] nodes.
    pub fn game_tree_svg(&mut self, g: GameId, style: Style) -> Result<String, TheoryError> {
        let mut nodes: Vec<Placed> = Vec::new();
        let mut next_x = 0.0;
        self.place(g, 0, style, &mut nodes, &mut next_x)?;
        let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
        let (margin, level) = (30.0, 70.0);
        let width = (next_x + 2.0 * margin).max(330.0);
        let height = depth as f64 * level + 2.0 * margin + 30.0;
        let shift = (width - next_x) / 2.0;
        let pos = |n: &Placed| (n.x + shift, n.depth as f64 * level + margin + 10.0);
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="Helvetica, Arial, sans-serif" font-size="13">"#
        );
        let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
        for n in &nodes {
            let (x0, y0) = pos(n);
            for &(c, left) in &n.children {
                let (x1, y1) = pos(&nodes[c]);
                let (colour, dash) = if left {
                    ("#1f5fbf", "")
                } else {
                    ("#c0392b", r#" stroke-dasharray="6 4""#)
                };
                let _ = writeln!(
                    s,
                    r#"<line x1="{x0:.1}" y1="{:.1}" x2="{x1:.1}" y2="{:.1}" stroke="{colour}" stroke-width="1.8"{dash}/>"#,
                    y0 + 8.0,
                    y1 - 12.0
                );
            }
        }
        for n in &nodes {
            let (x, y) = pos(n);
            let w = 8.0 * n.label.chars().count() as f64 + 10.0;
            let _ = writeln!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="20" rx="6" fill="#f7f7f7" stroke="#888"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
                x - w / 2.0,
                y - 12.0,
                y + 3.0,
                escape(&n.label)
            );
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
        Ok(s)
    }

    /// Lays out the subtree of `g` (leaves left to right), returning its node index.
    fn place(
        &mut self,
        g: GameId,
        depth: usize,
        style: Style,
        nodes: &mut Vec<Placed>,
        next_x: &mut f64,
    ) -> Result<usize, TheoryError> {
        if nodes.len() >= MAX_TREE_NODES {
            return Err(TheoryError::TooLarge {
                what: format!("the game tree has more than {MAX_TREE_NODES} nodes"),
            });
        }
        let label = self.display_styled(g, style);
        let index = nodes.len();
        nodes.push(Placed {
            label,
            x: 0.0,
            depth,
            children: Vec::new(),
        });
        let (l, r) = self.options(g);
        let mut children = Vec::new();
        for (&x, left) in l
            .iter()
            .map(|x| (x, true))
            .chain(r.iter().map(|x| (x, false)))
        {
            let c = self.place(x, depth + 1, style, nodes, next_x)?;
            children.push((c, left));
        }
        let width = 8.0 * nodes[index].label.chars().count() as f64 + 24.0;
        let x = match (children.first(), children.last()) {
            (Some(&(a, _)), Some(&(b, _))) => (nodes[a].x + nodes[b].x) / 2.0,
            _ => {
                let x = *next_x + width / 2.0;
                *next_x += width.max(36.0);
                x
            }
        };
        nodes[index].x = x;
        nodes[index].children = children;
        Ok(index)
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
        // ↑ = {0 | *}, * = {0 | 0}: nodes ↑, 0, *, 0, 0.
        assert_eq!(svg.matches("<rect x=").count(), 5, "{svg}");
        // Two dashed edges of Right, and the dashed sample in the legend.
        assert_eq!(svg.matches("stroke-dasharray").count(), 3, "{svg}");
        assert!(svg.contains(">^</text>") && svg.contains(">*</text>"));
        let big = s.nimber(8);
        assert!(matches!(
            s.game_tree_svg(big, Style::plain(Notation::Ascii)),
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
