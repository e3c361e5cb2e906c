//! Printing loopy games in CGSuite's notation, so that the text reads back as the game:
//! - the named games `on`, `off`, `dud`, `over`, `under`, `upon`, `tis`, `tisn`;
//! - short subpositions through the store's printer (`1/2`, `^*`, `{2|1}`);
//! - `pass` for a move from a position to itself;
//! - a position that play can return to carries a label immediately before its brace,
//!   and a move back to it is written by the label: `a{0|{a|-1}}` (labels `a`, `b`, …
//!   in the order they open);
//! - a stopper-sided game that is not a stopper as `onside & offside` (`1 & 0` unless it
//!   has a name, as `tis` does).

use super::LoopyGame;
use super::graph::Graph;
use crate::game::{GameId, GameStore, Notation};

/// See the module documentation; the game is simplified first.
pub(crate) fn display(game: &LoopyGame, store: &mut GameStore, unicode: bool) -> String {
    let notation = if unicode {
        Notation::Unicode
    } else {
        Notation::Ascii
    };
    let g = game.simplify(store);
    if g.on == g.off {
        return graph_text(&g.on, store, notation);
    }
    let on_short = LoopyGame::plain(g.on.clone()).to_short(store);
    let off_short = LoopyGame::plain(g.off.clone()).to_short(store);
    let named =
        |on: &LoopyGame, off: &LoopyGame| rooted_iso(&g.on, &on.on) && rooted_iso(&g.off, &off.on);
    if named(&LoopyGame::on(), &LoopyGame::off()) {
        return "dud".into();
    }
    if let (Some(a), Some(b)) = (on_short, off_short) {
        let (one, zero, minus_one) = (store.integer(1), store.zero(), store.integer(-1));
        if (a, b) == (one, zero) {
            return "tis".into();
        }
        if (a, b) == (zero, minus_one) {
            return "tisn".into();
        }
    }
    format!(
        "{} & {}",
        graph_text(&g.on, store, notation),
        graph_text(&g.off, store, notation)
    )
}

/// The stoppers printed by name (a stopper-sided pair is named in [`display`]).
fn names() -> [(&'static str, LoopyGame); 5] {
    [
        ("on", LoopyGame::on()),
        ("off", LoopyGame::off()),
        ("over", LoopyGame::over()),
        ("under", LoopyGame::under()),
        ("upon", LoopyGame::upon()),
    ]
}

fn graph_text(g: &Graph, store: &mut GameStore, notation: Notation) -> String {
    let mut p = Printer::new(g, store);
    let raw = p.render(0, &mut Vec::new(), store, notation);
    assign_labels(&raw)
}

/// Renders vertices as text with label tokens: `\x01D<depth>\x02` where the position at
/// that depth of the current line of play opens a label, `\x01R<depth>\x02` where a move
/// returns to it. Depths do not depend on how the vertices are numbered, so sorting the
/// options by this text gives the same output for isomorphic graphs.
struct Printer<'a> {
    g: &'a Graph,
    short: Vec<Option<GameId>>,
    names: Vec<Option<&'static str>>,
}

impl<'a> Printer<'a> {
    fn new(g: &'a Graph, store: &mut GameStore) -> Printer<'a> {
        let n = g.len();
        // A vertex is short when nothing it reaches lies on a cycle.
        let short: Vec<Option<GameId>> = (0..n)
            .map(|v| {
                let sub = g.restrict(v as u32);
                if sub.has_cycle() {
                    None
                } else {
                    LoopyGame::plain(sub).to_short(store)
                }
            })
            .collect();
        let named = names();
        let names_of = (0..n)
            .map(|v| {
                if short[v].is_some() {
                    return None;
                }
                let sub = g.restrict(v as u32);
                named
                    .iter()
                    .find(|(_, game)| rooted_iso(&sub, &game.on))
                    .map(|(name, _)| *name)
            })
            .collect();
        Printer {
            g,
            short,
            names: names_of,
        }
    }

    fn render(
        &mut self,
        v: u32,
        stack: &mut Vec<u32>,
        store: &mut GameStore,
        notation: Notation,
    ) -> String {
        store.check_interrupt();
        if let Some(id) = self.short[v as usize] {
            return store.display(id, notation);
        }
        if let Some(name) = self.names[v as usize] {
            return name.to_string();
        }
        if let Some(depth) = stack.iter().position(|&a| a == v) {
            return format!("\x01R{depth}\x02");
        }
        let depth = stack.len();
        stack.push(v);
        let mut sides = Vec::new();
        for opts in [
            self.g.left[v as usize].clone(),
            self.g.right[v as usize].clone(),
        ] {
            let mut parts: Vec<String> = opts
                .iter()
                .map(|&w| {
                    if w == v {
                        "pass".to_string()
                    } else {
                        self.render(w, stack, store, notation)
                    }
                })
                .collect();
            parts.sort_by(|a, b| option_key(a).cmp(&option_key(b)));
            sides.push(parts.join(","));
        }
        stack.pop();
        let body = format!("{{{}|{}}}", sides[0], sides[1]);
        let reference = format!("\x01R{depth}\x02");
        if body.contains(&reference) {
            // Only references inside this brace can mean this depth: deeper definitions
            // use deeper depths.
            format!("\x01D{depth}\x02{body}")
        } else {
            body
        }
    }
}

/// Orders options: `pass` first, then atoms and short games, then loopy ones, each group by
/// text.
fn option_key(text: &str) -> (u8, &str) {
    let group = if text == "pass" {
        0
    } else if text.contains('\x01') {
        2
    } else {
        1
    };
    (group, text)
}

/// Replaces the label tokens by letters `a`, `b`, … in the order the labels open; a
/// reference means the innermost open label of its depth.
fn assign_labels(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut open: Vec<(usize, String, usize)> = Vec::new(); // (depth, label, brace level)
    let mut level = 0usize;
    let mut next = 0usize;
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x01' => {
                let kind = chars.next().unwrap_or('R');
                let mut digits = String::new();
                for d in chars.by_ref() {
                    if d == '\x02' {
                        break;
                    }
                    digits.push(d);
                }
                let depth: usize = digits.parse().unwrap_or(0);
                if kind == 'D' {
                    let label = label_name(next);
                    next += 1;
                    out.push_str(&label);
                    open.push((depth, label, level));
                } else if let Some((_, label, _)) = open.iter().rev().find(|(d, _, _)| *d == depth)
                {
                    out.push_str(label);
                }
            }
            '{' => {
                level += 1;
                out.push(c);
            }
            '}' => {
                level = level.saturating_sub(1);
                out.push(c);
                while open.last().is_some_and(|&(_, _, l)| l == level) {
                    open.pop();
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// `a` … `z`, then `a1`, `b1`, … (CGSuite continues with `N1`, `N2`; a letter and a digit
/// keeps the label an identifier).
fn label_name(n: usize) -> String {
    let letter = (b'a' + (n % 26) as u8) as char;
    if n < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", n / 26)
    }
}

/// Whether the graphs reachable from vertex 0 of `a` and of `b` are isomorphic by a map
/// sending start to start (a backtracking search; used for the small named graphs).
pub(crate) fn rooted_iso(a: &Graph, b: &Graph) -> bool {
    let a = a.restrict(0);
    let b = b.restrict(0);
    if a.len() != b.len() || a.len() > 12 {
        return a.len() == b.len() && a == b;
    }
    let mut map = vec![u32::MAX; a.len()];
    let mut used = vec![false; b.len()];
    map[0] = 0;
    used[0] = true;
    extend_iso(&a, &b, &mut map, &mut used)
}

fn extend_iso(a: &Graph, b: &Graph, map: &mut Vec<u32>, used: &mut Vec<bool>) -> bool {
    // Check the edges among mapped vertices; pick an unmapped vertex to place.
    for v in 0..a.len() {
        if map[v] == u32::MAX {
            continue;
        }
        let w = map[v] as usize;
        if a.left[v].len() != b.left[w].len() || a.right[v].len() != b.right[w].len() {
            return false;
        }
        for (av, bw) in [(&a.left[v], &b.left[w]), (&a.right[v], &b.right[w])] {
            for &x in av {
                let mx = map[x as usize];
                if mx != u32::MAX && !bw.contains(&mx) {
                    return false;
                }
            }
        }
    }
    let Some(v) = (0..a.len()).find(|&v| map[v] == u32::MAX) else {
        return true;
    };
    for w in 0..b.len() {
        if used[w] {
            continue;
        }
        map[v] = w as u32;
        used[w] = true;
        if extend_iso(a, b, map, used) {
            return true;
        }
        map[v] = u32::MAX;
        used[w] = false;
    }
    false
}
