//! Arc Kayles (Schaefer 1978): on a graph, a move picks an edge and removes both its
//! endpoints with every edge touching them. Impartial. On a path of n vertices a move
//! removes two adjacent vertices, splitting the rest in two: Dawson's Kayles, the octal game
//! 0.07, which tests the solver against a published sequence.
//!
//! Loops are allowed (CGSuite's graphs have them): taking the loop `v-v` removes `v` alone,
//! as CGSuite's `GenArcKayles` deletes the vertices `[v, v]`. A path with a loop at every
//! vertex is Kayles (0.77): a move removes one vertex or two adjacent ones.
//!
//! One file on the generic [`Solver`](super::ruleset::Solver): a position is a graph of at
//! most 64 vertices, written `"5: 0-1 1-2 2-3 3-4"` (the vertex count, then the edges);
//! its connected components are solved apart.

use super::RulesetError;
use super::ruleset::Ruleset;

/// A graph: `adjacent[v]` is the set of neighbours of `v` as a bit mask.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    adjacent: Vec<u64>,
}

impl Graph {
    /// The graph without the vertices in `gone`, renumbered in order.
    fn without(&self, gone: u64) -> Graph {
        let kept: Vec<usize> = (0..self.adjacent.len())
            .filter(|&v| gone >> v & 1 == 0)
            .collect();
        self.induced(&kept)
    }

    /// The subgraph on `vertices` (in this order), renumbered 0, 1, 2, …
    fn induced(&self, vertices: &[usize]) -> Graph {
        let adjacent = super::bitgraph::induced(&self.adjacent, vertices);
        Graph { adjacent }
    }

    /// The edges `(v, w)` with `v ≤ w` (`v = w`: a loop).
    fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.adjacent.len()).flat_map(move |v| {
            (v..self.adjacent.len())
                .filter(move |&w| self.adjacent[v] >> w & 1 == 1)
                .map(move |w| (v, w))
        })
    }
}

/// The rules of Arc Kayles.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArcKaylesRules;

impl Ruleset for ArcKaylesRules {
    type Position = Graph;

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "graph",
            summary: "Arc Kayles on a graph \"n: a-b c-d …\" (at most 64 vertices): a move removes both ends of an edge, or the vertex of a loop a-a (impartial)",
            example: ("arc_kayles(\"3: 0-1 1-2\")", "*"),
            args: super::registry::ArgForm::Text {
                what: "a graph such as \"4: 0-1 1-2 2-3\"",
            },
        })
    }

    fn name(&self) -> &'static str {
        "arc_kayles"
    }

    fn visit_moves(&self, g: &Graph, _left: bool, visit: &mut dyn FnMut(&Graph)) {
        for (v, w) in g.edges() {
            visit(&g.without(1 << v | 1 << w));
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// Connected components with an edge or a loop (isolated vertices are dead).
    fn components(&self, g: &Graph) -> Vec<Graph> {
        super::bitgraph::connected_components(&g.adjacent)
            .into_iter()
            .filter(|part| part.len() > 1 || g.adjacent[part[0]] != 0)
            .map(|part| g.induced(&part))
            .collect()
    }

    fn is_dead(&self, g: &Graph) -> bool {
        g.adjacent.iter().all(|&m| m == 0)
    }

    /// The graph, its vertices white, loops as small arcs above their vertex.
    fn picture(&self, g: &Graph) -> Option<super::picture::Picture> {
        let edges: Vec<(usize, usize)> = g.edges().collect();
        let mut picture = super::picture::vertex_graph_picture(g.adjacent.len(), &edges, |_| {
            super::picture::Look::Open
        });
        for &(v, _) in edges.iter().filter(|(v, w)| v == w) {
            let at = picture.nodes[v].at;
            let ink = super::picture::Ink::Black;
            picture
                .edges
                .push(super::partizan_arc_kayles::loop_edge(at, ink));
        }
        Some(picture.into())
    }

    fn text(&self, g: &Graph) -> String {
        let edges: Vec<String> = g.edges().map(|(v, w)| format!("{v}-{w}")).collect();
        format!("{}: {}", g.adjacent.len(), edges.join(" "))
    }

    fn parse(&self, text: &str) -> Result<Graph, RulesetError> {
        let (n, edges) = graph_header(text, 64)?;
        let mut adjacent = vec![0u64; n];
        for edge in edges.split_whitespace() {
            let (a, b) = edge_ends(edge, n)?;
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        Ok(Graph { adjacent })
    }
}

/// The vertex count and the edge list of a graph written `"n: a-b c-d …"` (shared by the
/// Arc Kayles family), refusing more than `max` vertices.
pub(super) fn graph_header(text: &str, max: usize) -> Result<(usize, &str), RulesetError> {
    let bad = |why: String| RulesetError::BadShape(why);
    let (count, edges) = text
        .split_once(':')
        .ok_or_else(|| bad(format!("expected \"n: a-b c-d …\", found {text:?}")))?;
    let n: usize = count.trim().parse().map_err(|_| {
        bad(format!(
            "expected a vertex count before ':', found {count:?}"
        ))
    })?;
    if n > max {
        return Err(bad(format!("{n} vertices: at most {max}")));
    }
    Ok((n, edges))
}

/// The two ends of an edge written `a-b` in a graph of `n` vertices.
pub(super) fn edge_ends(edge: &str, n: usize) -> Result<(usize, usize), RulesetError> {
    let bad = |why: String| RulesetError::BadShape(why);
    let (a, b) = edge
        .split_once('-')
        .ok_or_else(|| bad(format!("expected an edge a-b, found {edge:?}")))?;
    let vertex = |s: &str| -> Result<usize, RulesetError> {
        s.parse::<usize>().ok().filter(|&v| v < n).ok_or_else(|| {
            bad(format!(
                "{s:?} is not a vertex 0 to {}",
                n.saturating_sub(1)
            ))
        })
    };
    Ok((vertex(a)?, vertex(b)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::impartial::{HeapRuleset, nim_values};
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    fn path(n: usize) -> String {
        let edges: Vec<String> = (1..n).map(|v| format!("{}-{v}", v - 1)).collect();
        format!("{n}: {}", edges.join(" "))
    }

    #[test]
    fn paths_are_dawsons_kayles() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ArcKaylesRules);
        let dawson = HeapRuleset::octal("0.07").unwrap_or_else(|e| panic!("{e}"));
        let values = nim_values(&dawson, 0..=30).unwrap_or_else(|e| panic!("{e}"));
        for (n, &want) in values.iter().enumerate() {
            let g = solver
                .value_of(&mut store, &path(n))
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(g, store.nimber(want), "path of {n}");
        }
    }

    /// A path with a loop at every vertex is Kayles, the octal game 0.77 (Winning Ways
    /// ch. 4: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, …).
    #[test]
    fn looped_paths_are_kayles() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ArcKaylesRules);
        let kayles = HeapRuleset::octal("0.77").unwrap_or_else(|e| panic!("{e}"));
        let values = nim_values(&kayles, 0..=20).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(values[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        for (n, &want) in values.iter().enumerate() {
            let loops: Vec<String> = (0..n).map(|v| format!("{v}-{v}")).collect();
            let text = format!("{} {}", path(n), loops.join(" "));
            let g = solver
                .value_of(&mut store, &text)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(g, store.nimber(want), "looped path of {n}");
        }
    }

    /// A loop is written back as an edge `v-v` and taking it removes its vertex alone.
    #[test]
    fn loops_read_and_write() {
        let g = ArcKaylesRules
            .parse("3: 0-1 2-2")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ArcKaylesRules.text(&g), "3: 0-1 2-2");
        let texts: Vec<String> = ArcKaylesRules
            .moves(&g, true)
            .iter()
            .map(|q| ArcKaylesRules.text(q))
            .collect();
        assert_eq!(texts, ["1: 0-0", "2: 0-1"]);
    }

    #[test]
    fn agrees_with_the_definition_on_small_graphs() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ArcKaylesRules);
        let mut memo = FxHashMap::default();
        // Every graph on `n` vertices whose edges are drawn from `places`.
        let mut every_graph = |n: usize, places: &[(usize, usize)]| {
            for mask in 0u32..(1 << places.len()) {
                let mut adjacent = vec![0u64; n];
                for (k, &(a, b)) in places.iter().enumerate() {
                    if mask >> k & 1 == 1 {
                        adjacent[a] |= 1 << b;
                        adjacent[b] |= 1 << a;
                    }
                }
                let g = Graph { adjacent };
                let fast = solver.value(&mut store, &g);
                let slow = value_by_definition(&ArcKaylesRules, &mut store, &g, &mut memo);
                assert_eq!(fast, slow, "{}", ArcKaylesRules.text(&g));
            }
        };
        // Every graph on 5 vertices (2^10 edge sets).
        let pairs: Vec<(usize, usize)> = (0..5)
            .flat_map(|a| (a + 1..5).map(move |b| (a, b)))
            .collect();
        every_graph(5, &pairs);
        // Every graph on 4 vertices with loops (2^10 edge sets, loops included).
        let places: Vec<(usize, usize)> =
            (0..4).flat_map(|a| (a..4).map(move |b| (a, b))).collect();
        every_graph(4, &places);
    }
}
