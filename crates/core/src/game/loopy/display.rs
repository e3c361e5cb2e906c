//! Printing loopy games in CGSuite's notation, so that the text reads back as the game:
//! - the named games `on`, `off`, `dud`, `tis`, `tisn`; `x + over` and `x + under` as
//!   `xover`, `xunder`; `x ± upon + *m` and `x ± uponth + *m` as `x^[on]*m`, `xv<on>*m`
//!   (`↑`, `↓` in Unicode), CGSuite's names;
//! - nested bars as CGSuite nests them: `{0||pass,0|0}`;
//! - short subpositions through the store's printer (`1/2`, `^*`, `{2|1}`);
//! - `pass` for a move from a position to itself;
//! - a position that play can return to carries a label immediately before its brace,
//!   and a move back to it is written by the label: `a{0|{a|-1}}` (labels `a`, `b`, …
//!   in the order they open);
//! - a stopper-sided game that is not a stopper as `onside & offside` (`1 & 0` unless it
//!   has a name, as `tis` does).

use super::LoopyGame;
use super::display_size;
use super::graph::Graph;
use crate::game::abort::{Abort, raise};
use crate::game::display::MAX_BARS;
use crate::game::{Dyadic, GameId, GameStore, Notation, Style};

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

fn graph_text(g: &Graph, store: &mut GameStore, notation: Notation) -> String {
    let mut p = Printer::new(g, store, notation);
    p.check_size();
    let (raw, _) = p.render(0, true, &mut Vec::new(), store);
    assign_labels(&raw)
}

/// For the tests: the printer's lower bound on the positions a print of `g` writes, the
/// positions it writes (`None` if it refuses), and for every vertex whether it may be a
/// switch and whether it is one.
#[cfg(test)]
pub(crate) fn print_counts(
    g: &Graph,
    store: &mut GameStore,
) -> (u64, Option<usize>, Vec<(bool, bool)>) {
    let mut p = Printer::new(g, store, Notation::Ascii);
    let bound = p.written_at_least();
    let switches = (0..g.len() as u32)
        .map(|v| {
            let sub = g.restrict(v);
            let (l, r) = (&g.left[v as usize], &g.right[v as usize]);
            let exact = l.len() == 1
                && !l.contains(&v)
                && !r.contains(&v)
                && rooted_iso(&sub, &sub.negate());
            (p.switch_candidate[v as usize], exact)
        })
        .collect();
    let written = crate::game::catch_abort(|| {
        p.render(0, true, &mut Vec::new(), store);
        p.written
    })
    .ok();
    (bound, written, switches)
}

/// CGSuite's names for the stoppers `x ± upon + *m` and `x ± uponth + *m`
/// (`uponth = {0 | -upon*}`): `x^[on]*m`, `xv[on]*m`, `x^<on>*m`, `xv<on>*m`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum UponKind {
    Upon,
    Uponth,
}

/// A recognised upon form: the kind, the number `x`, the nimber `m`, and whether the
/// upon part is negated.
struct UponForm {
    kind: UponKind,
    number: Dyadic,
    nim: u64,
    negated: bool,
}

/// Renders vertices as text with label tokens: `\x01D<depth>\x02` where the position at
/// that depth of the current line of play opens a label, `\x01R<depth>\x02` where a move
/// returns to it. Depths do not depend on how the vertices are numbered, so sorting the
/// options by this text gives the same output for isomorphic graphs.
struct Printer<'a> {
    g: &'a Graph,
    short: Vec<Option<GameId>>,
    names: Vec<Option<String>>,
    /// Whether the only cycles a vertex reaches are passes.
    plum: Vec<bool>,
    notation: Notation,
    /// Positions written so far (a position reached along several lines of play is
    /// written once per line), bounded by [`MAX_WRITTEN`].
    written: usize,
    /// Whether a vertex may be written as a switch `±G` (see [`display_size`]), and
    /// whether it is, once asked.
    switch_candidate: Vec<bool>,
    switch: Vec<Option<bool>>,
}

/// The most positions one print writes. The notation labels a position only where play
/// returns to it along one line of play, so a graph with many ways to reach the same
/// positions (a game that is not stopper-sided, printed as its whole graph) unfolds into
/// text exponential in its size; such a print is refused with an error instead.
const MAX_WRITTEN: usize = 1 << 20;

/// For every vertex, its canonical short form when nothing it reaches lies on a cycle, and
/// whether the only cycles it reaches are passes; bottom-up through the strongly connected
/// components (options first), so in time linear in the graph.
fn short_and_plum(g: &Graph, store: &mut GameStore) -> (Vec<Option<GameId>>, Vec<bool>) {
    let n = g.len();
    let mut short: Vec<Option<GameId>> = vec![None; n];
    let mut plum = vec![false; n];
    for comp in super::canon::components(g) {
        store.check_interrupt();
        let [v] = comp[..] else {
            continue;
        };
        let vu = v as usize;
        let (l, r) = (&g.left[vu], &g.right[vu]);
        let others = || l.iter().chain(r).filter(|&&w| w != v);
        plum[vu] = others().all(|&w| plum[w as usize]);
        let passes = l.contains(&v) || r.contains(&v);
        if !passes && others().all(|&w| short[w as usize].is_some()) {
            let ids = |side: &[u32]| -> Vec<GameId> {
                side.iter().filter_map(|&w| short[w as usize]).collect()
            };
            let (li, ri) = (ids(l), ids(r));
            short[vu] = Some(store.canonical(&li, &ri));
        }
    }
    (short, plum)
}

impl<'a> Printer<'a> {
    fn new(g: &'a Graph, store: &mut GameStore, notation: Notation) -> Printer<'a> {
        let n = g.len();
        let (short, plum) = short_and_plum(g, store);
        let mut p = Printer {
            g,
            short,
            plum,
            names: Vec::new(),
            notation,
            written: 0,
            switch_candidate: display_size::switch_candidates(g, store),
            switch: vec![None; n],
        };
        p.names = (0..n as u32).map(|v| p.name(v, store)).collect();
        p
    }

    /// The name CGSuite gives the position `v` (not a short game), if any: `on`, `off`,
    /// `dud`, `x + over` as `xover`, `x + under` as `xunder`, and the upon forms.
    fn name(&self, v: u32, store: &mut GameStore) -> Option<String> {
        if self.short[v as usize].is_some() {
            return None;
        }
        let (l, r) = (&self.g.left[v as usize], &self.g.right[v as usize]);
        let only_pass = |side: &[u32]| side == [v];
        if only_pass(l) && r.is_empty() {
            return Some("on".into());
        }
        if l.is_empty() && only_pass(r) {
            return Some("off".into());
        }
        if only_pass(l) && only_pass(r) {
            return Some("dud".into());
        }
        // x + over = {x | pass}, x + under = {pass | x} (CGSuite's `OverNumber`).
        let number = |w: u32, store: &GameStore| {
            self.short[w as usize].and_then(|id| store.as_number(id).cloned())
        };
        let pseudo = |x: Dyadic, word: &str| {
            if x.is_zero() {
                word.to_string()
            } else {
                format!("{x}{word}")
            }
        };
        if let ([a], true) = (l.as_slice(), only_pass(r))
            && let Some(x) = number(*a, store)
        {
            return Some(pseudo(x, "over"));
        }
        if let (true, [b]) = (only_pass(l), r.as_slice())
            && let Some(x) = number(*b, store)
        {
            return Some(pseudo(x, "under"));
        }
        // x + Tiny(G) = {x || x | x - G} and x + Miny(G), for plumtrees (CGSuite's names).
        if self.plum[v as usize]
            && let Some((x, sub, tiny)) = super::stops::number_tiny_at(self.g, v, store)
        {
            let translate = if x.is_zero() {
                String::new()
            } else {
                x.to_string()
            };
            let word = if tiny { "Tiny" } else { "Miny" };
            let sub = display(&sub, store, self.notation == Notation::Unicode);
            return Some(format!("{translate}{word}({sub})"));
        }
        let form = self.upon_form(v, false, true, store).or_else(|| {
            self.upon_form(v, true, true, store).map(|f| UponForm {
                number: -&f.number,
                negated: true,
                ..f
            })
        })?;
        Some(self.upon_text(&form))
    }

    /// Whether `v` (read as its negative when `negate`) is `x + upon + *m`: either
    /// `{pass, x | x}` (`x + upon*`, m = 1) or `{pass | x + *k}` with `k ≠ 0`
    /// (m = k xor 1); or, when `uponth` is asked for, `x + uponth + *m`:
    /// `{x, x*, …, x*m | y}` where `-y` is the upon form `-x + upon + *(m xor 1)`
    /// (CGSuite's `uponForm`).
    fn upon_form(
        &self,
        v: u32,
        negate: bool,
        uponth: bool,
        store: &mut GameStore,
    ) -> Option<UponForm> {
        let (lo, ro) = if negate {
            (&self.g.right[v as usize], &self.g.left[v as usize])
        } else {
            (&self.g.left[v as usize], &self.g.right[v as usize])
        };
        // The short value of an option as seen from the (possibly negated) game.
        let short_value = |w: u32, store: &mut GameStore| {
            self.short[w as usize].map(|id| if negate { store.neg(id) } else { id })
        };
        let nus_of = |id: GameId, store: &GameStore| store.as_nus(id).cloned();
        if let [r] = ro.as_slice()
            && lo.len() <= 2
            && let Some(rid) = short_value(*r, store)
            && let Some(x) = nus_of(rid, store).filter(|x| x.ups == 0)
        {
            let number_id = store.nus(x.number.clone(), 0, 0);
            let passes = lo.contains(&v);
            let others: Vec<u32> = lo.iter().copied().filter(|&w| w != v).collect();
            let matches = if x.nim == 0 {
                passes && others.len() == 1 && short_value(others[0], store) == Some(number_id)
            } else {
                passes && others.is_empty()
            };
            if matches {
                return Some(UponForm {
                    kind: UponKind::Upon,
                    number: x.number,
                    nim: x.nim ^ 1,
                    negated: false,
                });
            }
            return None;
        }
        if !uponth {
            return None;
        }
        let [r] = ro.as_slice() else {
            return None;
        };
        if *r == v || self.short[*r as usize].is_some() {
            return None;
        }
        let inner = self.upon_form(*r, !negate, false, store)?;
        let x = -&inner.number;
        let m = inner.nim ^ 1;
        let mut expected: Vec<GameId> = (0..=m).map(|j| store.nus(x.clone(), 0, j)).collect();
        expected.sort_unstable();
        let mut found = Vec::with_capacity(lo.len());
        for &w in lo {
            found.push(short_value(w, store)?);
        }
        found.sort_unstable();
        (found == expected).then_some(UponForm {
            kind: UponKind::Uponth,
            number: x,
            nim: m,
            negated: false,
        })
    }

    /// `x^[on]*m` and friends, with Unicode arrows in Unicode notation.
    fn upon_text(&self, f: &UponForm) -> String {
        let mut s = String::new();
        if !f.number.is_zero() {
            s.push_str(&f.number.to_string());
        }
        s.push_str(match (self.notation, f.negated) {
            (Notation::Ascii, false) => "^",
            (Notation::Ascii, true) => "v",
            (Notation::Unicode, false) => "↑",
            (Notation::Unicode, true) => "↓",
        });
        s.push_str(match f.kind {
            UponKind::Upon => "[on]",
            UponKind::Uponth => "<on>",
        });
        match f.nim {
            0 => {}
            1 => s.push('*'),
            m => {
                s.push('*');
                s.push_str(&m.to_string());
            }
        }
        s
    }

    /// `±G` for a position `{G | -G}` equal to its negative, as CGSuite writes a switch
    /// (`±on` for `{on | off}`); an option that is not a name or a braced game is put in
    /// parentheses.
    fn switch_text(
        &mut self,
        v: u32,
        stack: &mut Vec<u32>,
        store: &mut GameStore,
    ) -> Option<String> {
        let (l, r) = (&self.g.left[v as usize], &self.g.right[v as usize]);
        // One option only: `+-{a,b}` would read back as a set, which cannot hold a loopy
        // game, so a switch with several options keeps its braces and bars.
        if l.len() != 1 || l.contains(&v) || r.contains(&v) {
            return None;
        }
        if !self.is_switch(v) {
            return None;
        }
        let pm = match self.notation {
            Notation::Ascii => "+-",
            Notation::Unicode => "±",
        };
        let several = l.len() > 1;
        stack.push(v);
        let mut parts: Vec<String> = Vec::new();
        for w in l.clone() {
            let (text, _) = self.render(w, true, stack, store);
            parts.push(text);
        }
        stack.pop();
        if parts.iter().any(|t| t.contains('\x01')) {
            return None;
        }
        parts.sort_by(|a, b| option_key(a).cmp(&option_key(b)));
        if several {
            return Some(format!("{pm}{{{}}}", parts.join(",")));
        }
        let text = &parts[0];
        let plain = text.starts_with('{') || text.chars().all(|c| c.is_ascii_alphabetic());
        Some(if plain {
            format!("{pm}{text}")
        } else {
            format!("{pm}({text})")
        })
    }

    /// Whether the graph `v` reaches is isomorphic to its negative by a map fixing `v`
    /// (asked of the candidates only, once each).
    fn is_switch(&mut self, v: u32) -> bool {
        if !self.switch_candidate[v as usize] {
            return false;
        }
        *self.switch[v as usize].get_or_insert_with(|| {
            let sub = self.g.restrict(v);
            rooted_iso(&sub, &sub.negate())
        })
    }

    /// Refuses at once a print that would write more than [`MAX_WRITTEN`] positions by the
    /// lower bound of [`display_size::written_at_least`].
    fn check_size(&self) {
        if self.written_at_least() > MAX_WRITTEN as u64 {
            self.refuse();
        }
    }

    /// The lower bound of [`display_size::written_at_least`], at most one more than
    /// [`MAX_WRITTEN`].
    fn written_at_least(&self) -> u64 {
        let leaf: Vec<bool> = (0..self.g.len())
            .map(|v| self.short[v].is_some() || self.names[v].is_some())
            .collect();
        let cap = MAX_WRITTEN as u64 + 1;
        display_size::written_at_least(self.g, &leaf, &self.switch_candidate, cap)
    }

    fn refuse(&self) -> ! {
        raise(Abort::TooLarge(format!(
            "printing this loopy game would write more than {MAX_WRITTEN} positions: its \
             graph of {} positions unfolds into text that repeats a position for every \
             line of play reaching it (a game not found stopper-sided is printed as its \
             whole graph); ask its outcome, or onside and offside",
            self.g.len()
        )))
    }

    /// The text of `v` and the bars it hands to the game around it, as CGSuite writes
    /// nested games: an option alone on its side, with options on both sides, is written
    /// without braces and the game around it uses one bar more (`{0||pass,0|0}`); a game
    /// is braced when asked (the whole game, an option among several), when a side is
    /// empty, when it carries a label, or at four bars.
    fn render(
        &mut self,
        v: u32,
        braces: bool,
        stack: &mut Vec<u32>,
        store: &mut GameStore,
    ) -> (String, usize) {
        store.check_interrupt();
        self.written += 1;
        if self.written > MAX_WRITTEN {
            self.refuse();
        }
        if let Some(id) = self.short[v as usize] {
            return store.display_option(id, Style::cgsuite(self.notation), braces);
        }
        if let Some(name) = &self.names[v as usize] {
            return (name.clone(), 0);
        }
        if let Some(depth) = stack.iter().position(|&a| a == v) {
            return (format!("\x01R{depth}\x02"), 0);
        }
        if let Some(text) = self.switch_text(v, stack, store) {
            return (text, 0);
        }
        let depth = stack.len();
        stack.push(v);
        let mut sides = Vec::new();
        let mut bars = 0;
        for opts in [
            self.g.left[v as usize].clone(),
            self.g.right[v as usize].clone(),
        ] {
            let several = opts.len() > 1;
            let mut parts: Vec<String> = Vec::with_capacity(opts.len());
            for &w in &opts {
                if w == v {
                    parts.push("pass".to_string());
                } else {
                    let (text, b) = self.render(w, several, stack, store);
                    bars = bars.max(b);
                    parts.push(text);
                }
            }
            parts.sort_by(|a, b| option_key(a).cmp(&option_key(b)));
            sides.push(parts.join(","));
        }
        stack.pop();
        let bars = bars + 1;
        let body = format!("{}{}{}", sides[0], "|".repeat(bars), sides[1]);
        let reference = format!("\x01R{depth}\x02");
        // Only references inside this game can mean this depth: deeper definitions use
        // deeper depths.
        if body.contains(&reference) {
            return (format!("\x01D{depth}\x02{{{body}}}"), 0);
        }
        let empty_side = self.g.left[v as usize].is_empty() || self.g.right[v as usize].is_empty();
        if braces || empty_side || bars >= MAX_BARS {
            (format!("{{{body}}}"), 0)
        } else {
            (body, bars)
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
