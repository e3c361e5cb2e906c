//! Partizan Arc Kayles (CGSuite's `PartizanArcKayles`): Arc Kayles on a graph whose edges
//! are coloured blue (`l`, Left's), red (`r`, Right's) or green (`e`, either's). A move
//! picks an edge of one's own colour or a green one and removes both its endpoints with
//! every edge touching them. A loop `v-v` is an edge too: taking it removes `v` alone (as
//! CGSuite deletes the vertices `[v, v]`). With every edge green this is Arc Kayles on a
//! graph with loops.
//!
//! A position is written `"4: 0-1:l 1-2:r 2-3:e 3-3:l"`: the vertex count (at most 64),
//! then the edges with their colours (an edge with no colour is green). A blue and a red
//! edge between the same two vertices are one green edge for the game, and are written so.
//! Connected components are solved apart, each renumbered in a canonical order and compared
//! with its colour swap (which exchanges the players and negates the value).

use super::RulesetError;
use super::canon::canonical_order;
use super::picture::graph::Point;
use super::picture::{Edge, Ink};
use super::ruleset::Ruleset;

/// The most vertices a position may have (adjacency is kept in 64-bit masks).
const MAX_VERTICES: usize = 64;

/// A graph with coloured edges: `left[v]` has bit `w` when Left may take the edge `v-w`
/// (blue or green), `right[v]` when Right may (red or green); bit `v` of `left[v]` is a
/// loop at `v`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColouredGraph {
    left: Vec<u64>,
    right: Vec<u64>,
}

impl ColouredGraph {
    fn len(&self) -> usize {
        self.left.len()
    }

    /// Either player's edges.
    fn touching(&self) -> Vec<u64> {
        self.left
            .iter()
            .zip(&self.right)
            .map(|(l, r)| l | r)
            .collect()
    }

    /// The subgraph on `vertices`, renumbered in this order.
    fn induced(&self, vertices: &[usize]) -> ColouredGraph {
        ColouredGraph {
            left: super::bitgraph::induced(&self.left, vertices),
            right: super::bitgraph::induced(&self.right, vertices),
        }
    }

    /// The graph without the vertices in `gone`, renumbered in order.
    fn without(&self, gone: u64) -> ColouredGraph {
        let kept: Vec<usize> = (0..self.len()).filter(|&v| gone >> v & 1 == 0).collect();
        self.induced(&kept)
    }

    /// Every edge `(v, w, ink)` with `v ≤ w`, once: blue, red or green.
    pub fn edges(&self) -> Vec<(usize, usize, Ink)> {
        let mut out = Vec::new();
        for v in 0..self.len() {
            for w in v..self.len() {
                let (l, r) = (self.left[v] >> w & 1 == 1, self.right[v] >> w & 1 == 1);
                let ink = match (l, r) {
                    (true, true) => Ink::Green,
                    (true, false) => Ink::Blue,
                    (false, true) => Ink::Red,
                    (false, false) => continue,
                };
                out.push((v, w, ink));
            }
        }
        out
    }

    /// Blue and red exchanged.
    fn swapped(&self) -> ColouredGraph {
        ColouredGraph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The graph renumbered in the canonical order of its coloured edges.
    fn relabelled(&self) -> ColouredGraph {
        let kind = |ink: Ink| match ink {
            Ink::Blue => 1,
            Ink::Red => 2,
            _ => 0,
        };
        let edges: Vec<(usize, usize, u32)> = self
            .edges()
            .into_iter()
            .map(|(v, w, ink)| (v, w, kind(ink)))
            .collect();
        let order = canonical_order(&vec![0; self.len()], &edges);
        let mut by_rank = vec![0; order.len()];
        for (v, &rank) in order.iter().enumerate() {
            by_rank[rank] = v;
        }
        self.induced(&by_rank)
    }

    /// Reads `"n: a-b:c …"`, colours `l`, `r` or `e`; a missing colour is green.
    fn read(text: &str) -> Result<ColouredGraph, RulesetError> {
        let bad = |why: String| RulesetError::BadShape(why);
        let (n, edges) = super::arc_kayles::graph_header(text, MAX_VERTICES)?;
        let mut g = ColouredGraph {
            left: vec![0; n],
            right: vec![0; n],
        };
        for edge in edges
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|e| !e.is_empty())
        {
            let (ends, colour) = edge.split_once(':').unwrap_or((edge, "e"));
            let (a, b) = super::arc_kayles::edge_ends(ends, n)?;
            let (l, r) = match colour {
                "l" | "b" => (true, false),
                "r" => (false, true),
                "e" | "g" => (true, true),
                _ => {
                    return Err(bad(format!(
                        "the colour of {edge:?} must be l (Left's), r (Right's) or e (either's)"
                    )));
                }
            };
            for (mask, on) in [(&mut g.left, l), (&mut g.right, r)] {
                if on {
                    mask[a] |= 1 << b;
                    mask[b] |= 1 << a;
                }
            }
        }
        Ok(g)
    }

    /// The graph written back: `"n: a-b:c …"`.
    fn write(&self) -> String {
        let edges: Vec<String> = self
            .edges()
            .into_iter()
            .map(|(v, w, ink)| {
                let colour = match ink {
                    Ink::Blue => ":l",
                    Ink::Red => ":r",
                    _ => ":e",
                };
                format!("{v}-{w}{colour}")
            })
            .collect();
        format!("{}: {}", self.len(), edges.join(" "))
    }

    /// The moves of Left (`left`) or Right: each edge of theirs taken.
    fn visit_takes(&self, left: bool, visit: &mut dyn FnMut(&ColouredGraph)) {
        let mine = if left { &self.left } else { &self.right };
        for (v, &around) in mine.iter().enumerate() {
            for w in v..self.len() {
                if around >> w & 1 == 1 {
                    visit(&self.without(1 << v | 1 << w));
                }
            }
        }
    }

    /// The connected components that have an edge.
    fn parts(&self) -> Vec<ColouredGraph> {
        let touching = self.touching();
        super::bitgraph::connected_components(&touching)
            .into_iter()
            .filter(|part| part.len() > 1 || touching[part[0]] != 0)
            .map(|part| self.induced(&part))
            .collect()
    }

    fn no_edges(&self) -> bool {
        self.left.iter().chain(&self.right).all(|&m| m == 0)
    }

    /// The graph drawn with white vertices and coloured edges, loops as small arcs above
    /// their vertex.
    fn picture(&self) -> super::picture::Picture {
        let edges = self.edges();
        let plain: Vec<(usize, usize)> = edges
            .iter()
            .filter(|(v, w, _)| v != w)
            .map(|&(v, w, _)| (v, w))
            .collect();
        let mut picture = super::picture::vertex_graph_picture(self.len(), &plain, |_| {
            super::picture::Look::Open
        });
        // The picture keeps the edges in the order given (they are distinct).
        for (drawn, &(_, _, i)) in picture
            .edges
            .iter_mut()
            .zip(edges.iter().filter(|(v, w, _)| v != w))
        {
            drawn.ink = i;
        }
        for &(v, _, i) in edges.iter().filter(|(v, w, _)| v == w) {
            let at = picture.nodes[v].at;
            picture.edges.push(loop_edge(at, i));
        }
        picture.into()
    }
}

/// A loop at the vertex drawn at `at`: a curve leaving and returning above it.
pub(super) fn loop_edge((x, y): Point, ink: Ink) -> Edge {
    Edge {
        from: (x, y),
        to: (x, y),
        controls: Some(((x - 0.45, y + 0.8), (x + 0.45, y + 0.8))),
        ink,
    }
}

/// The rules of Partizan Arc Kayles.
#[derive(Clone, Copy, Debug, Default)]
pub struct PartizanArcKaylesRules;

impl Ruleset for PartizanArcKaylesRules {
    type Position = ColouredGraph;

    fn name(&self) -> &'static str {
        "partizan_arc_kayles"
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "graph",
            summary: "Partizan Arc Kayles (CGSuite's PartizanArcKayles) on \"n: a-b:l c-d:r e-f:e …\": a move takes an edge of one's colour (l Left's, r Right's, e either's; a-a a loop) and removes its ends",
            example: ("partizan_arc_kayles(\"3: 0-1:l 1-2:r 0-0:r\")", "{0|-1}"),
            args: super::registry::ArgForm::Text {
                what: "a graph such as \"3: 0-1:l 1-2:r\"",
            },
        })
    }

    fn visit_moves(&self, g: &ColouredGraph, left: bool, visit: &mut dyn FnMut(&ColouredGraph)) {
        g.visit_takes(left, visit);
    }

    fn components(&self, g: &ColouredGraph) -> Vec<ColouredGraph> {
        g.parts()
    }

    /// The canonical renumbering of the component or of its colour swap (flagged:
    /// negated), whichever is less.
    fn normal_form(&self, g: &ColouredGraph) -> (ColouredGraph, bool) {
        let plain = g.relabelled();
        let swapped = g.swapped().relabelled();
        if swapped < plain {
            (swapped, true)
        } else {
            (plain, false)
        }
    }

    fn is_dead(&self, g: &ColouredGraph) -> bool {
        g.no_edges()
    }

    fn picture(&self, g: &ColouredGraph) -> Option<super::picture::Picture> {
        Some(g.picture())
    }

    fn text(&self, g: &ColouredGraph) -> String {
        g.write()
    }

    fn parse(&self, text: &str) -> Result<ColouredGraph, RulesetError> {
        ColouredGraph::read(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    fn shown(text: &str) -> String {
        let mut store = GameStore::new();
        Solver::new(PartizanArcKaylesRules).shown(&mut store, text)
    }

    /// Hand derivations:
    /// - one blue edge: Left takes it (to 0), Right cannot move: `{0|} = 1`;
    /// - a blue loop: the same, 1; a green loop: `{0|0} = *`;
    /// - the path 0-1:l 1-2:r: Left's move leaves vertex 2 alone, Right's vertex 0, no edge
    ///   either way: `{0|0} = *`. With a red loop added at 0, Left's move removes the loop
    ///   too (0); Right takes the loop (leaving the red edge 1-2: -1) or the edge 1-2
    ///   (leaving the red loop: -1): `{0|-1}`.
    #[test]
    fn hand_checked_values() {
        assert_eq!(shown("2: 0-1:l"), "1");
        assert_eq!(shown("1: 0-0:l"), "1");
        assert_eq!(shown("1: 0-0:e"), "*");
        assert_eq!(shown("3: 0-1:l 1-2:r"), "*");
        assert_eq!(shown("3: 0-1:l 1-2:r 0-0:r"), "{0|-1}");
        // A blue and a red edge between the same vertices are a green edge.
        assert_eq!(shown("2: 0-1:l 0-1:r"), "*");
        assert_eq!(
            PartizanArcKaylesRules.text(&PartizanArcKaylesRules.parse("2: 0-1:l 0-1:r").unwrap()),
            "2: 0-1:e"
        );
    }

    #[test]
    fn bad_graphs_are_errors() {
        for text in ["2: 0-1:x", "2: 0-2", "0-1", "65: ", "2: 0-1:l:r"] {
            assert!(PartizanArcKaylesRules.parse(text).is_err(), "{text}");
        }
    }

    /// Graphs on 4 vertices whose 10 places for an edge (6 pairs and 4 loops) are each
    /// empty, blue, red or green: every seventh of the 4^10 codes (about 150,000 graphs).
    #[test]
    fn agrees_with_the_definition_on_small_graphs() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(PartizanArcKaylesRules);
        let mut memo = FxHashMap::default();
        let places: Vec<(usize, usize)> =
            (0..4).flat_map(|a| (a..4).map(move |b| (a, b))).collect();
        let total = 4u32.pow(places.len() as u32);
        for code in (0..total).step_by(7) {
            let mut g = ColouredGraph {
                left: vec![0; 4],
                right: vec![0; 4],
            };
            let mut c = code;
            for &(a, b) in &places {
                let (l, r) =
                    [(false, false), (true, false), (false, true), (true, true)][(c % 4) as usize];
                c /= 4;
                if l {
                    g.left[a] |= 1 << b;
                    g.left[b] |= 1 << a;
                }
                if r {
                    g.right[a] |= 1 << b;
                    g.right[b] |= 1 << a;
                }
            }
            let fast = solver.value(&mut store, &g);
            let slow = value_by_definition(&PartizanArcKaylesRules, &mut store, &g, &mut memo);
            assert_eq!(fast, slow, "{}", g.write());
        }
    }
}
