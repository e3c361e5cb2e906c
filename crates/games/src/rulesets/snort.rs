//! Snort and Col (Winning Ways ch. 2): the players take turns colouring an uncoloured
//! vertex of a graph, Left blue and Right red. In Col a vertex may not be coloured next to
//! one of the same colour; in Snort, not next to one of the opposite colour.
//!
//! Positions are written `"5: 0-1 1-2 2-3 3-4; L0 R4"`: the number of vertices, the edges,
//! and optionally the vertices already coloured (`L`/`B` blue, `R` red).
//!
//! The solver forgets coloured vertices: a colour only matters through the uncoloured
//! neighbours it forbids to one player, so each uncoloured vertex keeps the set of players
//! still allowed to colour it, and a vertex nobody may colour is dropped. What remains is
//! the sum of its connected components, each memoized under a canonical relabelling and
//! under the colour swap (which negates the value).

use std::collections::HashMap;
use std::fmt;

use super::RulesetError;
use super::canon::canonical_order;
use super::registry::Arg;
use super::ruleset::{Ruleset, Solver};
use super::scan::Scanner;
use crate::game::{GameId, GameStore};

/// The most vertices a position may have (adjacency is kept in 64-bit masks).
pub const MAX_VERTICES: usize = 64;

/// Which colouring game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VertexGame {
    /// No vertex next to one of the opposite colour (neighbours are friendly).
    Snort,
    /// No vertex next to one of the same colour (neighbours differ).
    Col,
}

/// The state of a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VertexColour {
    Uncoloured,
    /// Coloured by Left.
    Blue,
    /// Coloured by Right.
    Red,
}

/// Left's permission bit.
const LEFT: u8 = 1;
/// Right's permission bit.
const RIGHT: u8 = 2;

impl VertexGame {
    /// The permission that a vertex of colour `c` takes from its uncoloured neighbours.
    fn forbids(self, c: VertexColour) -> u8 {
        match (self, c) {
            (_, VertexColour::Uncoloured) => 0,
            (VertexGame::Col, VertexColour::Blue) | (VertexGame::Snort, VertexColour::Red) => LEFT,
            (VertexGame::Col, VertexColour::Red) | (VertexGame::Snort, VertexColour::Blue) => RIGHT,
        }
    }
}

/// A graph on vertices `0..n` with a colour on each vertex.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VertexGraph {
    /// `adj[v]` has bit `w` set when `v` and `w` are joined.
    adj: Vec<u64>,
    colours: Vec<VertexColour>,
}

impl VertexGraph {
    /// The uncoloured graph on `n` vertices with these edges (repeated edges count once).
    /// Errors on more than [`MAX_VERTICES`] vertices, a loop, or a vertex outside `0..n`.
    pub fn new(n: usize, edges: &[(usize, usize)]) -> Result<VertexGraph, RulesetError> {
        if n > MAX_VERTICES {
            return Err(RulesetError::BadShape(format!(
                "{n} vertices: at most {MAX_VERTICES} are supported"
            )));
        }
        let mut adj = vec![0u64; n];
        for &(a, b) in edges {
            check_vertex(n, a.max(b))?;
            if a == b {
                return Err(RulesetError::BadShape(format!(
                    "vertex {a} cannot be joined to itself"
                )));
            }
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        Ok(VertexGraph {
            adj,
            colours: vec![VertexColour::Uncoloured; n],
        })
    }

    /// The uncoloured path `0-1-…-(n-1)`.
    pub fn path(n: usize) -> Result<VertexGraph, RulesetError> {
        let edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        VertexGraph::new(n, &edges)
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    /// The colour of each vertex.
    pub fn colours(&self) -> &[VertexColour] {
        &self.colours
    }

    /// The edges `(a, b)` with `a < b`, in increasing order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let n = self.len();
        (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|&(a, b)| self.adj[a] >> b & 1 == 1)
            .collect()
    }

    /// Colours vertex `v` (no rule is checked: a given position may be any colouring).
    pub fn set_colour(&mut self, v: usize, c: VertexColour) -> Result<(), RulesetError> {
        check_vertex(self.len(), v)?;
        self.colours[v] = c;
        Ok(())
    }

    /// Parses `"5: 0-1 1-2; L0 R4"`: the vertex count, then after `:` edges `a-b`, then
    /// after `;` coloured vertices `L`/`B` (blue) or `R` (red) followed by the vertex.
    /// Items are separated by whitespace or commas; the letters are case-insensitive.
    pub fn parse(text: &str) -> Result<VertexGraph, RulesetError> {
        let mut p = Scanner::new(text, "\"n: a-b a-b; Lv Rv\"");
        let n = p.number()?;
        let mut edges = Vec::new();
        let blank = |c: char| c.is_whitespace() || c == ',';
        p.skip(char::is_whitespace);
        if p.peek() == Some(':') {
            p.next()?;
            loop {
                p.skip(blank);
                match p.peek() {
                    None | Some(';') => break,
                    _ => {}
                }
                let a = p.number()?;
                p.expect('-')?;
                let b = p.number()?;
                edges.push((a, b));
            }
        }
        let mut g = VertexGraph::new(n, &edges)?;
        match p.peek() {
            None => return Ok(g),
            Some(';') => {
                p.next()?;
            }
            Some(_) => {
                let (at, ch) = p.next()?;
                return Err(RulesetError::BadChar { ch, at });
            }
        }
        loop {
            p.skip(blank);
            if p.peek().is_none() {
                return Ok(g);
            }
            let (at, ch) = p.next()?;
            let c = match ch.to_ascii_lowercase() {
                'l' | 'b' => VertexColour::Blue,
                'r' => VertexColour::Red,
                _ => return Err(RulesetError::BadChar { ch, at }),
            };
            let v = p.number()?;
            check_vertex(n, v)?;
            if g.colours[v] != VertexColour::Uncoloured && g.colours[v] != c {
                return Err(RulesetError::BadShape(format!(
                    "vertex {v} is given two colours"
                )));
            }
            g.colours[v] = c;
        }
    }

    /// The graph with `v` coloured `c`.
    fn coloured(&self, v: usize, c: VertexColour) -> VertexGraph {
        let mut g = self.clone();
        g.colours[v] = c;
        g
    }

    /// Whether a player colouring with `c` may colour `v` under `rule`.
    fn may_colour(&self, rule: VertexGame, v: usize, c: VertexColour) -> bool {
        let bit = match c {
            VertexColour::Blue => LEFT,
            _ => RIGHT,
        };
        self.colours[v] == VertexColour::Uncoloured
            && (0..self.len())
                .all(|w| self.adj[v] >> w & 1 == 0 || rule.forbids(self.colours[w]) & bit == 0)
    }

    /// Left's options (colouring a vertex blue) and Right's (red), by vertex number.
    pub fn moves(&self, rule: VertexGame) -> (Vec<VertexGraph>, Vec<VertexGraph>) {
        let options = |c: VertexColour| -> Vec<VertexGraph> {
            (0..self.len())
                .filter(|&v| self.may_colour(rule, v, c))
                .map(|v| self.coloured(v, c))
                .collect()
        };
        (options(VertexColour::Blue), options(VertexColour::Red))
    }

    /// The uncoloured vertices someone may still colour, with who may colour them.
    fn reduce(&self, rule: VertexGame) -> Reduced {
        let n = self.len();
        let mut perms = vec![LEFT | RIGHT; n];
        for v in 0..n {
            let lost = rule.forbids(self.colours[v]);
            for (w, p) in perms.iter_mut().enumerate() {
                if self.adj[v] >> w & 1 == 1 {
                    *p &= !lost;
                }
            }
        }
        for (v, p) in perms.iter_mut().enumerate() {
            if self.colours[v] != VertexColour::Uncoloured {
                *p = 0;
            }
        }
        Reduced {
            perms,
            adj: self.adj.clone(),
        }
        .without_blocked()
    }
}

fn check_vertex(n: usize, v: usize) -> Result<(), RulesetError> {
    if v < n {
        Ok(())
    } else {
        Err(RulesetError::BadShape(match n {
            0 => format!("vertex {v} is not in a graph with no vertices"),
            1 => format!("vertex {v} is not in a graph with the one vertex 0"),
            _ => format!("vertex {v} is not one of the {n} vertices 0 to {}", n - 1),
        }))
    }
}

impl fmt::Display for VertexGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.len())?;
        for (a, b) in self.edges() {
            write!(f, " {a}-{b}")?;
        }
        let mut first = true;
        for (v, &c) in self.colours.iter().enumerate() {
            let letter = match c {
                VertexColour::Uncoloured => continue,
                VertexColour::Blue => 'L',
                VertexColour::Red => 'R',
            };
            f.write_str(if first { "; " } else { " " })?;
            first = false;
            write!(f, "{letter}{v}")?;
        }
        Ok(())
    }
}

/// The solver's position: uncoloured vertices only, each with the permission bits of the
/// players who may colour it (never 0), joined by `adj` masks.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Reduced {
    perms: Vec<u8>,
    adj: Vec<u64>,
}

impl Reduced {
    /// Renumbers the vertices with a nonzero permission to `0..`, in order.
    fn without_blocked(&self) -> Reduced {
        let keep: Vec<usize> = (0..self.perms.len())
            .filter(|&v| self.perms[v] != 0)
            .collect();
        self.induced(&keep)
    }

    /// The subgraph on `keep`, its vertex `i` being `keep[i]`.
    fn induced(&self, keep: &[usize]) -> Reduced {
        let adj = keep
            .iter()
            .map(|&v| {
                keep.iter()
                    .enumerate()
                    .filter(|&(_, &w)| self.adj[v] >> w & 1 == 1)
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            })
            .collect();
        Reduced {
            perms: keep.iter().map(|&v| self.perms[v]).collect(),
            adj,
        }
    }

    /// The position after the player with permission `bit` colours `v`.
    fn play(&self, rule: VertexGame, v: usize, bit: u8) -> Reduced {
        let c = if bit == LEFT {
            VertexColour::Blue
        } else {
            VertexColour::Red
        };
        let lost = rule.forbids(c);
        let mut next = self.clone();
        next.perms[v] = 0;
        for (w, p) in next.perms.iter_mut().enumerate() {
            if self.adj[v] >> w & 1 == 1 {
                *p &= !lost;
            }
        }
        next.without_blocked()
    }

    /// Calls `visit` with each position after the player with permission `bit` colours
    /// a vertex.
    fn visit_options(&self, rule: VertexGame, bit: u8, visit: &mut dyn FnMut(&VertexPosition)) {
        for v in 0..self.perms.len() {
            if self.perms[v] & bit != 0 {
                visit(&VertexPosition(Side::Reduced(self.play(rule, v, bit))));
            }
        }
    }

    /// The position as a graph: a vertex that only one player may colour is joined to
    /// one extra vertex coloured so as to forbid it to the other player.
    fn to_graph(&self, rule: VertexGame) -> VertexGraph {
        let n = self.perms.len();
        let mut adj = self.adj.clone();
        let mut colours = vec![VertexColour::Uncoloured; n];
        for c in [VertexColour::Blue, VertexColour::Red] {
            let lost = rule.forbids(c);
            let needs: Vec<usize> = (0..n)
                .filter(|&v| self.perms[v] == (LEFT | RIGHT) & !lost)
                .collect();
            if needs.is_empty() {
                continue;
            }
            let extra = adj.len();
            adj.push(0);
            colours.push(c);
            for v in needs {
                adj[v] |= 1 << extra;
                adj[extra] |= 1 << v;
            }
        }
        VertexGraph { adj, colours }
    }

    /// The connected components.
    fn components(&self) -> Vec<Reduced> {
        super::bitgraph::connected_components(&self.adj)
            .iter()
            .map(|keep| self.induced(keep))
            .collect()
    }

    /// The permissions of Left and Right exchanged: the negative position.
    fn swapped(&self) -> Reduced {
        Reduced {
            perms: self
                .perms
                .iter()
                .map(|&p| (p & LEFT) << 1 | (p & RIGHT) >> 1)
                .collect(),
            adj: self.adj.clone(),
        }
    }

    /// The position renumbered by the canonical order of its shape.
    fn relabelled(&self) -> Reduced {
        let n = self.perms.len();
        let colour: Vec<u32> = self.perms.iter().map(|&p| u32::from(p)).collect();
        let edges: Vec<(usize, usize, u32)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b, 0)))
            .filter(|&(a, b, _)| self.adj[a] >> b & 1 == 1)
            .collect();
        let order = canonical_order(&colour, &edges);
        let mut keep = vec![0; n];
        for (v, &i) in order.iter().enumerate() {
            keep[i] = v;
        }
        self.induced(&keep)
    }
}

/// A position of Snort or Col for the [`Ruleset`]: a graph as given (vertex numbers
/// kept, as a person sees it) or, inside the solver, a reduced component (uncoloured
/// vertices with the players still allowed there).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VertexPosition(Side);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Side {
    Graph(VertexGraph),
    Reduced(Reduced),
}

impl VertexPosition {
    pub fn graph(g: VertexGraph) -> VertexPosition {
        VertexPosition(Side::Graph(g))
    }
}

/// Snort or Col as a [`Ruleset`]: a graph's components are the connected parts of its
/// reduction, and a component's normal form is its canonical relabelling, with the
/// players' permissions swapped when that gives the smaller key (the swap negates).
#[derive(Clone, Copy, Debug)]
pub struct VertexRules(pub VertexGame);

impl Ruleset for VertexRules {
    type Position = VertexPosition;

    fn name(&self) -> &'static str {
        match self.0 {
            VertexGame::Snort => "snort",
            VertexGame::Col => "col",
        }
    }

    fn about(&self) -> Option<super::registry::About> {
        let (summary, example) = match self.0 {
            VertexGame::Snort => (
                "Snort: colour a vertex not next to the opponent's colour (\"n: 0-1 1-2; L0 R2\", or n for a path)",
                ("snort(2)", "+-1"),
            ),
            VertexGame::Col => (
                "Col: colour a vertex not next to your own colour (\"n: 0-1 1-2; L0 R2\", or n for a path)",
                ("col(\"3: 0-1 1-2; L0\")", "-1/2"),
            ),
        };
        Some(super::registry::About {
            params: "graph",
            summary,
            example,
            args: super::registry::ArgForm::Custom { min: 1, max: 1 },
        })
    }

    /// `snort("5: 0-1 1-2; L0")`, or `snort(n)` for the uncoloured path of `n` vertices.
    fn of_args(&self, args: &[Arg]) -> Result<VertexPosition, RulesetError> {
        let at = |e: RulesetError| e.at_arg(0);
        let graph = match args {
            [n] if n.is_number() => {
                let n = n.count("the number of vertices").map_err(at)?;
                if n > MAX_VERTICES as u64 {
                    return Err(at(RulesetError::refused(format!(
                        "{n} vertices is more than {MAX_VERTICES}"
                    ))));
                }
                VertexGraph::path(n as usize).map_err(at)?
            }
            [text] => VertexGraph::parse(
                text.text("a graph such as \"4: 0-1 1-2 2-3\"")
                    .map_err(at)?,
            )
            .map_err(at)?,
            _ => return Err(RulesetError::refused("expected one graph")),
        };
        Ok(VertexPosition::graph(graph))
    }

    /// Left colours a vertex blue, Right red (by vertex number).
    fn visit_moves(&self, p: &VertexPosition, left: bool, visit: &mut dyn FnMut(&VertexPosition)) {
        match &p.0 {
            Side::Graph(g) => {
                let c = if left {
                    VertexColour::Blue
                } else {
                    VertexColour::Red
                };
                for v in 0..g.len() {
                    if g.may_colour(self.0, v, c) {
                        visit(&VertexPosition::graph(g.coloured(v, c)));
                    }
                }
            }
            Side::Reduced(r) => r.visit_options(self.0, if left { LEFT } else { RIGHT }, visit),
        }
    }

    fn components(&self, p: &VertexPosition) -> Vec<VertexPosition> {
        let parts = match &p.0 {
            Side::Graph(g) => g.reduce(self.0).components(),
            Side::Reduced(r) => r.components(),
        };
        parts
            .into_iter()
            .map(|r| VertexPosition(Side::Reduced(r)))
            .collect()
    }

    fn normal_form(&self, p: &VertexPosition) -> (VertexPosition, bool) {
        let Side::Reduced(part) = &p.0 else {
            return (p.clone(), false);
        };
        let plain = part.relabelled();
        let swapped = part.swapped().relabelled();
        let (key, negate) = if swapped < plain {
            (swapped, true)
        } else {
            (plain, false)
        };
        (VertexPosition(Side::Reduced(key)), negate)
    }

    fn is_dead(&self, p: &VertexPosition) -> bool {
        matches!(&p.0, Side::Reduced(r) if r.perms.is_empty())
    }

    /// A lone vertex: 1 if only Left may colour it, -1 if only Right, else `*`.
    fn known_value(&self, store: &mut GameStore, p: &VertexPosition) -> Option<GameId> {
        match &p.0 {
            Side::Reduced(r) if r.perms.len() == 1 => Some(match r.perms[0] {
                LEFT => store.integer(1),
                RIGHT => store.integer(-1),
                _ => store.nimber(1),
            }),
            _ => None,
        }
    }

    /// The graph, each vertex blue, red or white by its colour.
    fn picture(&self, p: &VertexPosition) -> Option<super::picture::Picture> {
        use super::picture::Look;
        let g = match &p.0 {
            Side::Graph(g) => g.clone(),
            Side::Reduced(r) => r.to_graph(self.0),
        };
        let picture =
            super::picture::vertex_graph_picture(g.len(), &g.edges(), |v| match g.colours[v] {
                VertexColour::Uncoloured => Look::Open,
                VertexColour::Blue => Look::Owned { left: true },
                VertexColour::Red => Look::Owned { left: false },
            });
        Some(picture.into())
    }

    fn text(&self, p: &VertexPosition) -> String {
        match &p.0 {
            Side::Graph(g) => g.to_string(),
            Side::Reduced(r) => r.to_graph(self.0).to_string(),
        }
    }

    fn parse(&self, text: &str) -> Result<VertexPosition, RulesetError> {
        Ok(VertexPosition::graph(VertexGraph::parse(text)?))
    }
}

/// A Snort or Col solver with its transposition table of components: the generic solver
/// on [`VertexRules`].
#[derive(Debug)]
pub struct VertexGames {
    solver: Solver<VertexRules>,
}

impl VertexGames {
    /// A solver for `rule` with an empty table.
    pub fn new(rule: VertexGame) -> VertexGames {
        VertexGames {
            solver: Solver::new(VertexRules(rule)),
        }
    }

    /// The game this solver plays.
    pub fn rule(&self) -> VertexGame {
        self.solver.rules().0
    }

    /// The number of components in the table.
    pub fn table_len(&self) -> usize {
        self.solver.table_len()
    }

    /// The canonical form of the position `text`.
    pub fn value_of(&mut self, store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
        self.solver.value_of(store, text)
    }

    /// The canonical form of a position.
    pub fn value(&mut self, store: &mut GameStore, g: &VertexGraph) -> GameId {
        self.solver.value(store, &VertexPosition::graph(g.clone()))
    }
}

/// The canonical form of the Snort position `text` (a fresh table).
pub fn snort(store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
    VertexGames::new(VertexGame::Snort).value_of(store, text)
}

/// The canonical form of the Col position `text` (a fresh table).
pub fn col(store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
    VertexGames::new(VertexGame::Col).value_of(store, text)
}

/// Snort on the uncoloured path of `n` vertices.
pub fn snort_path(store: &mut GameStore, n: usize) -> Result<GameId, RulesetError> {
    let g = VertexGraph::path(n)?;
    Ok(VertexGames::new(VertexGame::Snort).value(store, &g))
}

/// Col on the uncoloured path of `n` vertices.
pub fn col_path(store: &mut GameStore, n: usize) -> Result<GameId, RulesetError> {
    let g = VertexGraph::path(n)?;
    Ok(VertexGames::new(VertexGame::Col).value(store, &g))
}

/// Left's and Right's options under `rule` from the position `text`, as strings.
pub fn vertex_game_moves(
    rule: VertexGame,
    text: &str,
) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    super::ruleset::move_texts(&VertexRules(rule), text)
}

/// Left's and Right's Snort options from the position `text`, as strings.
pub fn snort_moves(text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    vertex_game_moves(VertexGame::Snort, text)
}

/// Left's and Right's Col options from the position `text`, as strings.
pub fn col_moves(text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    vertex_game_moves(VertexGame::Col, text)
}

/// The value by the definition alone: colourings of the whole graph, no reduction, no
/// components, memoized by the exact position (use one memo per rule).
pub fn vertex_game_value_naive(
    store: &mut GameStore,
    rule: VertexGame,
    g: &VertexGraph,
    memo: &mut HashMap<VertexGraph, GameId>,
) -> GameId {
    super::value_by_definition(store, g, memo, &|b: &VertexGraph| b.moves(rule))
}

#[cfg(test)]
mod tests;
