//! Printing canonical forms in CGSuite's conventions (ASCII) or with Unicode arrows.
//!
//! The printer is a list of recognisers tried in order — number-up-star values, `±` forms,
//! then the general `{L|R}` with bars nested by depth — so later special forms (`^<2>`,
//! `Tiny(x)`, …) slot in as further recognisers before the general case.

use super::nus::Nus;
use super::store::{GameId, GameStore, Node};

/// Which characters to print with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// `^`, `v`, `+-`: exactly as CGSuite prints, for comparison with the reference.
    Ascii,
    /// `↑`, `↓`, `⇑`, `⇓`, `±`.
    #[default]
    Unicode,
}

impl Notation {
    fn plus_minus(self) -> &'static str {
        match self {
            Notation::Ascii => "+-",
            Notation::Unicode => "±",
        }
    }
}

/// Writes `x + n↑ + *m`: the number (omitted when 0 unless all is 0), the ups, the nimber.
/// `0`, `3/4`, `*`, `*8`, `9/8*`, `^`, `v*`, `^^`, `vv*4`, `^3`, `73/16v9*8`.
pub fn write_nus(v: &Nus, notation: Notation) -> String {
    let mut s = String::new();
    if !v.number.is_zero() || (v.ups == 0 && v.nim == 0) {
        s.push_str(&v.number.to_string());
    }
    let n = v.ups.unsigned_abs();
    if n > 0 {
        let (one, two) = match (notation, v.ups > 0) {
            (Notation::Ascii, true) => ("^", "^^"),
            (Notation::Ascii, false) => ("v", "vv"),
            (Notation::Unicode, true) => ("↑", "⇑"),
            (Notation::Unicode, false) => ("↓", "⇓"),
        };
        match n {
            1 => s.push_str(one),
            2 => s.push_str(two),
            _ => {
                s.push_str(one);
                s.push_str(&n.to_string());
            }
        }
    }
    match v.nim {
        0 => {}
        1 => s.push('*'),
        m => {
            s.push('*');
            s.push_str(&m.to_string());
        }
    }
    s
}

/// True if the printed number-up-star value has more than one part (`1*`, `^*`), so that it
/// needs parentheses after a prefix such as `+-`.
fn is_compound(v: &Nus) -> bool {
    let parts = [!v.number.is_zero(), v.ups != 0, v.nim != 0];
    parts.iter().filter(|&&p| p).count() > 1
}

impl GameStore {
    /// The printed form of `g`; equal games print identically.
    ///
    /// ```
    /// use cgt::game::{GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let (one, minus_one) = (s.integer(1), s.integer(-1));
    /// let g = s.canonical(&[one], &[minus_one]);
    /// assert_eq!(s.display(g, Notation::Ascii), "+-1");
    /// assert_eq!(s.display(g, Notation::Unicode), "±1");
    /// ```
    pub fn display(&mut self, g: GameId, notation: Notation) -> String {
        match self.node(g) {
            Node::Nus(v) => write_nus(v, notation),
            Node::General { .. } => match self.bare(g, notation) {
                Bare::Body(text, _) => format!("{{{text}}}"),
                Bare::Whole(text) => text,
            },
        }
    }

    /// A general form either as a body `L|R` with its bar depth (braces left to the caller)
    /// or, for forms with their own notation (`±G`), as finished text.
    fn bare(&mut self, g: GameId, notation: Notation) -> Bare {
        let (left, right) = self.options(g);
        if let Some(text) = self.plus_minus(&left, &right, notation) {
            return Bare::Whole(text);
        }
        let (l, ld) = self.side(&left, notation);
        let (r, rd) = self.side(&right, notation);
        let depth = ld.max(rd) + 1;
        Bare::Body(format!("{l}{}{r}", "|".repeat(depth)), depth)
    }

    /// One side of `{L|R}`: a lone general option is written bare (its bars nest inside
    /// ours), any other list is comma-separated with each option in its own braces.
    fn side(&mut self, opts: &[GameId], notation: Notation) -> (String, usize) {
        if let [only] = opts
            && let Bare::Body(text, depth) = self.option_bare(*only, notation)
        {
            return (text, depth);
        }
        let parts: Vec<String> = opts.iter().map(|&o| self.display(o, notation)).collect();
        (parts.join(","), 0)
    }

    fn option_bare(&mut self, g: GameId, notation: Notation) -> Bare {
        match self.node(g) {
            Node::Nus(v) => Bare::Whole(write_nus(v, notation)),
            Node::General { .. } => self.bare(g, notation),
        }
    }

    /// `{G | -G}` prints `+-G` (`+-1`, `+-(1*)`, `+-{2|1}`), and `{A,B | -A,-B}` prints
    /// `+-{A,B}`.
    fn plus_minus(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        notation: Notation,
    ) -> Option<String> {
        if left.len() != right.len() || left.is_empty() {
            return None;
        }
        let mut negs: Vec<GameId> = left.iter().map(|&a| self.neg(a)).collect();
        let mut rs = right.to_vec();
        negs.sort_unstable();
        rs.sort_unstable();
        if negs != rs {
            return None;
        }
        let pm = notation.plus_minus();
        if let [a] = left {
            let inner = match self.node(*a) {
                Node::Nus(v) if is_compound(v) => format!("({})", write_nus(v, notation)),
                _ => self.display(*a, notation),
            };
            return Some(format!("{pm}{inner}"));
        }
        let parts: Vec<String> = left.iter().map(|&o| self.display(o, notation)).collect();
        Some(format!("{pm}{{{}}}", parts.join(",")))
    }
}

enum Bare {
    Body(String, usize),
    Whole(String),
}
