//! Clobber on any graph (Albert, Grossman, Nowakowski and Wolfe, *An introduction to
//! Clobber*, play it on graphs too): each vertex holds a black stone (`x`, Left's), a white
//! stone (`o`, Right's) or nothing (`.`); a player moves one of their stones along an edge
//! onto a vertex holding an opponent's stone, which is removed.
//!
//! A position is written `"xoxo: 0-1 1-2 2-3"`, the same form as Arc Kayles' graphs
//! (`"4: 0-1 1-2 2-3"`) with the vertex count replaced by the vertices' stones, one
//! character per vertex in order (at most 64). Clobber on a board is Clobber on its grid
//! graph (a board with holes is the grid graph without the holes' vertices).
//!
//! Stones never move onto empty vertices, so empty vertices drop out: the position is the
//! sum of the connected groups of stones, each renumbered in a canonical order (and
//! compared with its colour swap, which exchanges the players and so negates the value).

use super::RulesetError;
use super::canon::canonical_order;
use super::ruleset::Ruleset;

/// The most vertices a position may have (adjacency is kept in 64-bit masks).
const MAX_VERTICES: usize = 64;

/// A graph with a stone (`x`, `o`) or nothing (`.`) on each vertex; `adjacent[v]` is the
/// set of `v`'s neighbours as a bit mask.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StoneGraph {
    stones: Vec<u8>,
    adjacent: Vec<u64>,
}

impl StoneGraph {
    /// The subgraph on `vertices`, renumbered in this order.
    fn induced(&self, vertices: &[usize]) -> StoneGraph {
        let adjacent = super::bitgraph::induced(&self.adjacent, vertices);
        let stones = vertices.iter().map(|&v| self.stones[v]).collect();
        StoneGraph { stones, adjacent }
    }

    fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.adjacent.len()).flat_map(move |v| {
            (v + 1..self.adjacent.len())
                .filter(move |&w| self.adjacent[v] >> w & 1 == 1)
                .map(move |w| (v, w))
        })
    }

    /// The graph with black and white exchanged.
    fn swapped(&self) -> StoneGraph {
        let stones = self
            .stones
            .iter()
            .map(|&s| match s {
                b'x' => b'o',
                b'o' => b'x',
                s => s,
            })
            .collect();
        StoneGraph {
            stones,
            adjacent: self.adjacent.clone(),
        }
    }

    /// The graph renumbered in the canonical order of its stones and edges.
    fn relabelled(&self) -> StoneGraph {
        let colour: Vec<u32> = self.stones.iter().map(|&s| u32::from(s)).collect();
        let edges: Vec<(usize, usize, u32)> = self.edges().map(|(v, w)| (v, w, 0)).collect();
        let order = canonical_order(&colour, &edges);
        let mut by_rank = vec![0; order.len()];
        for (v, &rank) in order.iter().enumerate() {
            by_rank[rank] = v;
        }
        self.induced(&by_rank)
    }
}

/// The rules of Clobber on a graph.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClobberGraphRules;

impl Ruleset for ClobberGraphRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "graph",
            summary: "Clobber on a graph \"xo.x: 0-1 1-2 2-3\": one stone (x, o) or none (.) per vertex (at most 64), then the edges",
            example: ("clobber_graph(\"xxo: 0-1 1-2 0-2\")", "^"),
            args: super::registry::ArgForm::Text {
                what: "a graph such as \"xox: 0-1 1-2\"",
            },
        })
    }

    type Position = StoneGraph;

    fn name(&self) -> &'static str {
        "clobber_graph"
    }

    fn visit_moves(&self, g: &StoneGraph, left: bool, visit: &mut dyn FnMut(&StoneGraph)) {
        let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
        let mut next = g.clone();
        for v in 0..g.stones.len() {
            if g.stones[v] != me {
                continue;
            }
            for w in 0..g.stones.len() {
                if g.adjacent[v] >> w & 1 == 1 && g.stones[w] == them {
                    next.stones[v] = b'.';
                    next.stones[w] = me;
                    visit(&next);
                    next.stones[v] = me;
                    next.stones[w] = them;
                }
            }
        }
    }

    /// The connected groups of stones with both colours (a group of one colour is dead).
    fn components(&self, g: &StoneGraph) -> Vec<StoneGraph> {
        let occupied: Vec<usize> = (0..g.stones.len())
            .filter(|&v| g.stones[v] != b'.')
            .collect();
        let stones = g.induced(&occupied);
        super::bitgraph::connected_components(&stones.adjacent)
            .into_iter()
            .map(|part| stones.induced(&part))
            .filter(|part| part.stones.contains(&b'x') && part.stones.contains(&b'o'))
            .collect()
    }

    /// The canonical renumbering of the group or of its colour swap (flagged: negated),
    /// whichever is less.
    fn normal_form(&self, g: &StoneGraph) -> (StoneGraph, bool) {
        let plain = g.relabelled();
        let swapped = g.swapped().relabelled();
        if swapped < plain {
            (swapped, true)
        } else {
            (plain, false)
        }
    }

    /// No black stone next to a white one.
    fn is_dead(&self, g: &StoneGraph) -> bool {
        !g.edges().any(|(v, w)| {
            let (a, b) = (g.stones[v], g.stones[w]);
            (a, b) == (b'x', b'o') || (a, b) == (b'o', b'x')
        })
    }

    /// The graph, Left's stones blue and Right's red on white vertices.
    fn picture(&self, g: &StoneGraph) -> Option<super::picture::Picture> {
        use super::picture::Look;
        let edges: Vec<(usize, usize)> = g.edges().collect();
        let picture =
            super::picture::vertex_graph_picture(g.stones.len(), &edges, |v| match g.stones[v] {
                b'x' => Look::Stone { left: true },
                b'o' => Look::Stone { left: false },
                _ => Look::Open,
            });
        Some(picture.into())
    }

    fn text(&self, g: &StoneGraph) -> String {
        let stones = String::from_utf8_lossy(&g.stones);
        let edges: Vec<String> = g.edges().map(|(v, w)| format!("{v}-{w}")).collect();
        if edges.is_empty() {
            format!("{stones}:")
        } else {
            format!("{stones}: {}", edges.join(" "))
        }
    }

    /// Reads `"xo.x: 0-1 1-2"`: the stones, a colon, then edges `a-b` separated by spaces
    /// or commas.
    fn parse(&self, text: &str) -> Result<StoneGraph, RulesetError> {
        let bad = |why: String| RulesetError::BadShape(why);
        let (head, edges) = text.split_once(':').ok_or_else(|| {
            bad(format!(
                "expected the stones, a colon and the edges, as in \"xox: 0-1 1-2\"; found {text:?}"
            ))
        })?;
        let mut stones = Vec::new();
        for (at, ch) in head.char_indices() {
            match ch.to_ascii_lowercase() {
                c @ ('x' | 'o' | '.') => stones.push(c as u8),
                c if c.is_whitespace() => {}
                _ => return Err(RulesetError::BadChar { ch, at }),
            }
        }
        let n = stones.len();
        if n > MAX_VERTICES {
            return Err(bad(format!("{n} vertices: at most {MAX_VERTICES}")));
        }
        let mut adjacent = vec![0u64; n];
        for edge in edges
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|e| !e.is_empty())
        {
            let (a, b) = edge
                .split_once('-')
                .ok_or_else(|| bad(format!("expected an edge a-b, found {edge:?}")))?;
            let vertex = |s: &str| -> Result<usize, RulesetError> {
                s.parse::<usize>().ok().filter(|&v| v < n).ok_or_else(|| {
                    bad(format!(
                        "{s:?} is not a vertex: there are {n}, numbered from 0"
                    ))
                })
            };
            let (a, b) = (vertex(a)?, vertex(b)?);
            if a == b {
                return Err(bad(format!("the loop {edge} is not an edge")));
            }
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        Ok(StoneGraph { stones, adjacent })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::clobber::ClobberRules;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations:
    /// - `xo: 0-1`: each player's only move leaves one stone: `{0|0}` = `*`.
    /// - `xxo: 0-1 1-2` is the row `xxo` of Clobber: Left's move leaves two x's (0),
    ///   Right's leaves `xo.` (`*`): `{0|*}` = `^`.
    /// - The triangle `xxo: 0-1 1-2 0-2`: Left's two moves leave only x's (0); Right's o
    ///   clobbers either x and is left next to the other: `*`. Again `{0|*}` = `^`.
    /// - The star `oxxx: 0-1 0-2 0-3` (o in the middle): a leaf x clobbering the centre
    ///   leaves only x's; the centre clobbering a leaf leaves it alone: `{0|0}` = `*`.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ClobberGraphRules);
        for (text, want) in [
            (":", "0"),
            ("xo:", "0"),
            ("xo: 0-1", "*"),
            ("xxo: 0-1 1-2", "^"),
            ("xxo: 0-1 1-2 0-2", "^"),
            ("oxxx: 0-1 0-2 0-3", "*"),
            ("x.o: 0-1 1-2", "0"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    #[test]
    fn text_reads_back_and_bad_text_is_an_error() {
        let rules = ClobberGraphRules;
        let g = rules
            .parse("XoX : 0-1, 2-1")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rules.text(&g), "xox: 0-1 1-2");
        assert_eq!(rules.parse(&rules.text(&g)), Ok(g));
        assert_eq!(
            rules.parse("xq: 0-1"),
            Err(RulesetError::BadChar { ch: 'q', at: 1 })
        );
        for bad in ["xo", "xo: 0-2", "xo: 0-0", "xo: 0_1", "xo: a-1"] {
            assert!(
                matches!(rules.parse(bad), Err(RulesetError::BadShape(_))),
                "{bad}"
            );
        }
    }

    /// Every graph on 4 vertices with every placement of `x`, `o` and `.`: the groups, the
    /// renumbering and the colour swap change nothing.
    #[test]
    fn agrees_with_the_definition_on_small_graphs() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ClobberGraphRules);
        let mut memo = FxHashMap::default();
        let n = 4;
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        for mask in 0u32..(1 << pairs.len()) {
            let mut adjacent = vec![0u64; n];
            for (k, &(a, b)) in pairs.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    adjacent[a] |= 1 << b;
                    adjacent[b] |= 1 << a;
                }
            }
            for code in 0..3usize.pow(n as u32) {
                let stones = (0..n)
                    .map(|k| b"xo."[code / 3usize.pow(k as u32) % 3])
                    .collect();
                let g = StoneGraph {
                    stones,
                    adjacent: adjacent.clone(),
                };
                let text = ClobberGraphRules.text(&g);
                assert_eq!(ClobberGraphRules.parse(&text).as_ref(), Ok(&g), "{text}");
                let fast = solver.value(&mut store, &g);
                let slow = value_by_definition(&ClobberGraphRules, &mut store, &g, &mut memo);
                assert_eq!(fast, slow, "{}", ClobberGraphRules.text(&g));
            }
        }
    }

    /// Clobber on a board is Clobber on its grid graph: every board of up to 6 squares in
    /// a row and every 2×2, 2×3 and 3×2 board.
    #[test]
    fn boards_are_grid_graphs() {
        let mut store = GameStore::new();
        let mut graphs = Solver::new(ClobberGraphRules);
        let mut boards = Solver::new(ClobberRules);
        let mut shapes: Vec<(usize, usize)> = (1..=6).map(|n| (1, n)).collect();
        shapes.extend([(2, 2), (2, 3), (3, 2)]);
        for (rows, cols) in shapes {
            for code in 0..3usize.pow((rows * cols) as u32) {
                let cells: Vec<u8> = (0..rows * cols)
                    .map(|k| b"xo."[code / 3usize.pow(k as u32) % 3])
                    .collect();
                let mut edges = Vec::new();
                for i in 0..rows * cols {
                    if i % cols + 1 < cols {
                        edges.push(format!("{}-{}", i, i + 1));
                    }
                    if i + cols < rows * cols {
                        edges.push(format!("{}-{}", i, i + cols));
                    }
                }
                let graph = format!("{}: {}", String::from_utf8_lossy(&cells), edges.join(" "));
                let board: Vec<String> = cells
                    .chunks(cols)
                    .map(|r| String::from_utf8_lossy(r).into_owned())
                    .collect();
                let board = board.join("|");
                let a = graphs
                    .value_of(&mut store, &graph)
                    .unwrap_or_else(|e| panic!("{graph}: {e}"));
                let b = boards
                    .value_of(&mut store, &board)
                    .unwrap_or_else(|e| panic!("{board}: {e}"));
                assert_eq!(a, b, "{graph} / {board}");
            }
        }
    }
}
