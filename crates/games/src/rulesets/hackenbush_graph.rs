//! Hackenbush pictures: blue (Left's), red (Right's) and green (either's) edges drawn on a
//! ground, written as an edge list `"0-1:l, 1-2:r, 1-3:e"` in CGSuite's letters (`b` and
//! `g` are accepted for blue and green). Vertex 0 is the ground: every vertex standing on
//! the ground is vertex 0. Loops and parallel edges are allowed.
//!
//! A move deletes one edge of the mover's colour or a green edge; whatever is then no
//! longer connected to the ground falls away. The picture is the sum of its pieces that
//! meet only at the ground (each connected part of the picture without the ground, with its
//! edges down to the ground), so the [`HackenbushGraphs`] solver values each piece apart,
//! keyed by a canonical relabelling and by the colour swap (which negates the value).
//! Pieces of a single colour are valued directly: `n` blue edges are the integer `n` (Left
//! can always cut an edge whose loss disconnects nothing), and green pieces are nimbers by
//! the colon and fusion principles.

use std::collections::HashMap;
use std::fmt;

use super::RulesetError;
use super::canon::canonical_order;
use super::hackenbush::Colour;
use super::registry::Arg;
use super::ruleset::{Ruleset, Solver};
use super::scan::Scanner;
use crate::game::{GameId, GameStore};
use crate::impartial::GreenHackenbush;

/// A Hackenbush picture: edges `(u, v, colour)` between numbered vertices, vertex 0 being
/// the ground. Only edges connected to the ground are kept.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HackenbushGraph {
    edges: Vec<(usize, usize, Colour)>,
}

/// A colour's letter in CGSuite's alphabet.
fn letter(c: Colour) -> char {
    match c {
        Colour::Blue => 'l',
        Colour::Red => 'r',
        Colour::Green => 'e',
    }
}

/// A colour as a small number, for keys: blue 0, red 1, green 2.
fn code(c: Colour) -> u8 {
    match c {
        Colour::Blue => 0,
        Colour::Red => 1,
        Colour::Green => 2,
    }
}

fn from_code(k: u8) -> Colour {
    match k {
        0 => Colour::Blue,
        1 => Colour::Red,
        _ => Colour::Green,
    }
}

/// The edges renumbered `0..n` (the ground stays 0, other vertices in order of first
/// appearance), and `n`.
fn compact(edges: &[(usize, usize, Colour)]) -> (usize, Vec<(usize, usize, Colour)>) {
    let mut names: HashMap<usize, usize> = HashMap::from([(0, 0)]);
    let mut name = |v: usize| {
        let next = names.len();
        *names.entry(v).or_insert(next)
    };
    let out = edges
        .iter()
        .map(|&(a, b, c)| (name(a), name(b), c))
        .collect();
    (names.len(), out)
}

/// Which edges of a compact picture on `n` vertices are connected to the ground.
fn grounded(n: usize, edges: &[(usize, usize, Colour)]) -> Vec<bool> {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b, _) in edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut stack = vec![0];
    while let Some(v) = stack.pop() {
        for &w in &adj[v] {
            if !reached[w] {
                reached[w] = true;
                stack.push(w);
            }
        }
    }
    edges.iter().map(|&(a, _, _)| reached[a]).collect()
}

impl HackenbushGraph {
    /// The picture with these edges (vertex 0 is the ground), without the edges that are
    /// not connected to the ground.
    pub fn new(edges: Vec<(usize, usize, Colour)>) -> HackenbushGraph {
        let (n, compacted) = compact(&edges);
        let keep = grounded(n, &compacted);
        let edges = edges
            .into_iter()
            .zip(keep)
            .filter_map(|(e, k)| k.then_some(e))
            .collect();
        HackenbushGraph { edges }
    }

    /// Parses `"0-1:l, 1-2:r 1-3:e"`: edges `u-v:c` separated by commas or whitespace,
    /// with `c` one of `l`/`b` (blue), `r` (red), `e`/`g` (green), case-insensitive.
    pub fn parse(text: &str) -> Result<HackenbushGraph, RulesetError> {
        let mut p = Scanner::new(text, "u-v:c");
        let mut edges = Vec::new();
        loop {
            p.skip(|c| c.is_whitespace() || c == ',');
            if p.peek().is_none() {
                break;
            }
            let u = p.number()?;
            p.expect('-')?;
            let v = p.number()?;
            p.expect(':')?;
            p.skip(char::is_whitespace);
            let (at, ch) = p.next()?;
            let c = match ch.to_ascii_lowercase() {
                'l' | 'b' => Colour::Blue,
                'r' => Colour::Red,
                'e' | 'g' => Colour::Green,
                _ => return Err(RulesetError::BadChar { ch, at }),
            };
            edges.push((u, v, c));
        }
        Ok(HackenbushGraph::new(edges))
    }

    /// The edges in play, as given.
    pub fn edges(&self) -> &[(usize, usize, Colour)] {
        &self.edges
    }

    /// The picture drawn: the ground, its vertices layered by their distance from the
    /// ground, edges in their colours.
    pub fn drawn(&self) -> super::picture::GraphPicture {
        let edges: Vec<_> = self
            .edges
            .iter()
            .map(|&(a, b, c)| (a, b, super::hackenbush::ink(c)))
            .collect();
        super::picture::hackenbush_picture(&edges)
    }

    /// The picture without edge `i` and whatever that disconnects from the ground.
    fn cut(&self, i: usize) -> HackenbushGraph {
        let mut edges = self.edges.clone();
        edges.remove(i);
        HackenbushGraph::new(edges)
    }

    /// Left's options (cutting a blue or green edge) and Right's (a red or green edge), one
    /// per edge, in edge order; vertex numbers are kept.
    pub fn moves(&self) -> (Vec<HackenbushGraph>, Vec<HackenbushGraph>) {
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (i, &(_, _, c)) in self.edges.iter().enumerate() {
            if c != Colour::Red {
                left.push(self.cut(i));
            }
            if c != Colour::Blue {
                right.push(self.cut(i));
            }
        }
        (left, right)
    }

    /// The pieces meeting only at the ground, whose values add up to the picture's: the
    /// connected parts of the picture without the ground, each with its edges to the
    /// ground; a loop at the ground is a piece of its own. Vertex numbers are kept.
    pub fn components(&self) -> Vec<HackenbushGraph> {
        let (n, edges) = compact(&self.edges);
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        for &(a, b, _) in &edges {
            if a != 0 && b != 0 {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            }
        }
        // Pieces by the root of their non-ground vertex; ground loops get fresh slots.
        let mut slot: HashMap<usize, usize> = HashMap::new();
        let mut pieces: Vec<Vec<(usize, usize, Colour)>> = Vec::new();
        for (i, &(a, b, _)) in edges.iter().enumerate() {
            let s = if a == 0 && b == 0 {
                pieces.push(Vec::new());
                pieces.len() - 1
            } else {
                let r = root(&mut parent, a.max(b));
                *slot.entry(r).or_insert_with(|| {
                    pieces.push(Vec::new());
                    pieces.len() - 1
                })
            };
            pieces[s].push(self.edges[i]);
        }
        pieces
            .into_iter()
            .map(|edges| HackenbushGraph { edges })
            .collect()
    }
}

impl fmt::Display for HackenbushGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(a, b, c)) in self.edges.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}-{b}:{}", letter(c))?;
        }
        Ok(())
    }
}

/// A piece in normal form: sorted edges `(a, b, colour code)` with `a <= b` after the
/// canonical relabelling.
type Key = Vec<(u32, u32, u8)>;

/// The key of a piece (with colours as given, or blue and red swapped).
fn key_of(n: usize, edges: &[(usize, usize, Colour)], swap: bool) -> Key {
    let kinds: Vec<u8> = edges
        .iter()
        .map(|&(_, _, c)| match (code(c), swap) {
            (0, true) => 1,
            (1, true) => 0,
            (k, _) => k,
        })
        .collect();
    let mut colour = vec![1u32; n];
    colour[0] = 0;
    let typed: Vec<(usize, usize, u32)> = edges
        .iter()
        .zip(&kinds)
        .map(|(&(a, b, _), &k)| (a, b, u32::from(k)))
        .collect();
    let order = canonical_order(&colour, &typed);
    let mut key: Key = edges
        .iter()
        .zip(&kinds)
        .map(|(&(a, b, _), &k)| {
            let (x, y) = (order[a] as u32, order[b] as u32);
            (x.min(y), x.max(y), k)
        })
        .collect();
    key.sort_unstable();
    key
}

/// Hackenbush pictures as a [`Ruleset`]: a position is a picture, its components are its
/// pieces meeting at the ground, and a piece's normal form is its canonical relabelling,
/// with blue and red swapped when that gives the smaller key (the swap negates the value).
/// Pieces of a single colour are valued directly.
#[derive(Clone, Copy, Debug, Default)]
pub struct PictureRules;

/// Pictures are limited to this many edges in play: the search is exponential (and
/// Ctrl-C stops it anyway).
pub const MAX_EDGES: usize = 64;

impl Ruleset for PictureRules {
    type Position = HackenbushGraph;

    fn name(&self) -> &'static str {
        "hackenbush_graph"
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "edges",
            summary: "a Hackenbush picture: edges u-v:c with 0 the ground, c = l blue, r red, e green (\"0-1:l, 1-2:r\" or [[0,1,\"l\"], …])",
            example: ("hackenbush_graph(\"0-1:l, 1-2:r, 1-3:e\")", "1/2*"),
            args: super::registry::ArgForm::Custom { min: 1, max: 1 },
        })
    }

    /// `hackenbush_graph("0-1:l, 1-2:r")`, or the same edges as a list
    /// `[[0, 1, "l"], [1, 2, "r"]]`, read as the text they spell.
    fn of_args(&self, args: &[Arg]) -> Result<HackenbushGraph, RulesetError> {
        let at = |e: RulesetError| e.at_arg(0);
        let [arg] = args else {
            return Err(RulesetError::refused("expected one picture"));
        };
        let Arg::List(edges) = arg else {
            return self
                .parse(arg.text("a picture such as \"0-1:l, 1-2:r\"").map_err(at)?)
                .map_err(at);
        };
        let mut parts = Vec::with_capacity(edges.len());
        for e in edges {
            let bad = || {
                at(
                    RulesetError::refused("each edge is [u, v, colour], e.g. [0, 1, \"l\"]")
                        .with_help("vertex 0 is the ground; colours l (blue), r (red), e (green)"),
                )
            };
            let Arg::List(t) = e else { return Err(bad()) };
            let [u, v, Arg::Text(c)] = t.as_slice() else {
                return Err(bad());
            };
            let u = u.count("a vertex").map_err(at)?;
            let v = v.count("a vertex").map_err(at)?;
            parts.push(format!("{u}-{v}:{c}"));
        }
        self.parse(&parts.join(", ")).map_err(at)
    }

    /// One move per edge of the mover's colour or green, in edge order.
    fn visit_moves(
        &self,
        p: &HackenbushGraph,
        left: bool,
        visit: &mut dyn FnMut(&HackenbushGraph),
    ) {
        let theirs = if left { Colour::Red } else { Colour::Blue };
        for (i, &(_, _, c)) in p.edges.iter().enumerate() {
            if c != theirs {
                visit(&p.cut(i));
            }
        }
    }

    fn components(&self, p: &HackenbushGraph) -> Vec<HackenbushGraph> {
        p.components()
    }

    fn normal_form(&self, p: &HackenbushGraph) -> (HackenbushGraph, bool) {
        let (n, edges) = compact(&p.edges);
        let plain = key_of(n, &edges, false);
        let swapped = key_of(n, &edges, true);
        let (key, negate) = if swapped < plain {
            (swapped, true)
        } else {
            (plain, false)
        };
        let edges = key
            .iter()
            .map(|&(a, b, k)| (a as usize, b as usize, from_code(k)))
            .collect();
        (HackenbushGraph { edges }, negate)
    }

    fn is_dead(&self, p: &HackenbushGraph) -> bool {
        p.edges.is_empty()
    }

    /// `n` blue edges are the integer `n` (Left can always cut an edge whose loss
    /// disconnects nothing), `n` red edges `-n`, and a green piece is the nimber of Green
    /// Hackenbush (colon and fusion principles).
    fn known_value(&self, store: &mut GameStore, p: &HackenbushGraph) -> Option<GameId> {
        let m = p.edges.len() as i64;
        if p.edges.iter().all(|e| e.2 == Colour::Blue) {
            return Some(store.integer(m));
        }
        if p.edges.iter().all(|e| e.2 == Colour::Red) {
            return Some(store.integer(-m));
        }
        if p.edges.iter().all(|e| e.2 == Colour::Green) {
            let (n, edges) = compact(&p.edges);
            let pairs = edges.iter().map(|&(a, b, _)| (a, b)).collect();
            let green = GreenHackenbush::new(n, pairs, &[0]).expect("compact vertex numbers");
            return Some(store.nimber(green.grundy()));
        }
        None
    }

    fn picture(&self, p: &HackenbushGraph) -> Option<super::picture::Picture> {
        Some(p.drawn().into())
    }

    fn text(&self, p: &HackenbushGraph) -> String {
        p.to_string()
    }

    /// A picture of at most [`MAX_EDGES`] edges in play.
    fn parse(&self, text: &str) -> Result<HackenbushGraph, RulesetError> {
        let g = HackenbushGraph::parse(text)?;
        if g.edges.len() > MAX_EDGES {
            return Err(RulesetError::refused(format!(
                "the picture has {} edges, more than {MAX_EDGES}",
                g.edges.len()
            )));
        }
        Ok(g)
    }
}

/// A Hackenbush solver with its transposition table of pieces: the generic solver on
/// [`PictureRules`].
pub type HackenbushGraphs = Solver<PictureRules>;

/// The canonical form of the Hackenbush picture `text` (a fresh table).
pub fn hackenbush_graph(store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
    Solver::new(PictureRules).value_of(store, text)
}

/// Left's and Right's options from the picture `text`, as edge-list strings.
pub fn hackenbush_graph_moves(text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    super::ruleset::move_texts(&PictureRules, text)
}

/// The value by the definition alone: no pieces, no relabelling, no shortcuts, memoized by
/// the exact edge list.
pub fn hackenbush_graph_value_naive(
    store: &mut GameStore,
    g: &HackenbushGraph,
    memo: &mut HashMap<HackenbushGraph, GameId>,
) -> GameId {
    super::value_by_definition(store, g, memo, &HackenbushGraph::moves)
}

#[cfg(test)]
mod tests;
