//! Printing canonical forms in CGSuite's conventions (ASCII) or with Unicode arrows.
//!
//! The printer is a list of recognisers tried in order — number-up-star values, `±` forms,
//! then the general `{L|R}` with bars nested by depth, exactly as CGSuite writes it: options
//! sorted as CGSuite lists them ([`GameStore::sorted_options`]), an option among several in
//! braces, and a game reaching four bars in braces (see [`GameStore::display_styled`]). With [`Style::special_forms`] it also
//! writes CGSuite's forms for up-nths and tinies: `^<2>` (up-second), `^[4]` (`↑ + ↑² + ↑³ +
//! ↑⁴`), `v<3>*`, `Tiny(3/2)`, `Miny({5||3|1})`, `2Tiny(2)` (that is `2 + Tiny(2)`); in
//! Unicode the arrows change as usual (`↑<2>`, `↓[3]*`) and the words stay.

use super::display_order::Rank;
use super::nus::Nus;
use super::store::{GameId, GameStore, Node};

/// A game written with this many bars is put in braces, so that no game shows more bars
/// than this (CGSuite's rule: `{6|{5||||4|||3||2|1}}`, not `{6|||||5||||4|||3||2|1}`).
pub const MAX_BARS: usize = 4;

/// Which characters to print with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// `^`, `v`, `+-`: exactly as CGSuite prints, for comparison with the reference.
    Ascii,
    /// `↑`, `↓`, `⇑`, `⇓`, `±`.
    #[default]
    Unicode,
}

/// How to print games: the characters, and whether to use CGSuite's special forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Style {
    pub notation: Notation,
    /// Write up-nths `↑^n` as `^<n>`, their partial sums `↑^→n` as `^[n]` (each with an
    /// optional number before and star after), and `x + Tiny(y)`, `x + Miny(y)` as
    /// `xTiny(y)`, `xMiny(y)`, as CGSuite does; otherwise these print as `{L|R}`.
    pub special_forms: bool,
}

impl Style {
    /// The plain printer: number-up-star values, `±` forms and `{L|R}`.
    pub fn plain(notation: Notation) -> Style {
        Style {
            notation,
            special_forms: false,
        }
    }

    /// CGSuite's printer, with the special forms of up-nths and tinies.
    pub fn cgsuite(notation: Notation) -> Style {
        Style {
            notation,
            special_forms: true,
        }
    }
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
    /// use cgt_core::game::{GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let (one, minus_one) = (s.integer(1), s.integer(-1));
    /// let g = s.canonical(&[one], &[minus_one]);
    /// assert_eq!(s.display(g, Notation::Ascii), "+-1");
    /// assert_eq!(s.display(g, Notation::Unicode), "±1");
    /// ```
    pub fn display(&mut self, g: GameId, notation: Notation) -> String {
        self.display_styled(g, Style::plain(notation))
    }

    /// The printed form of `g` in the given style; with [`Style::cgsuite`], `{0|*||*|||*||||*}`
    /// prints `^[4]`, `{0||0|v*}` prints `{0|^<2>}` and `{0||0|-3/2}` prints `Tiny(3/2)`.
    /// In every style the options are listed and the bars nested as CGSuite does:
    /// `{0||0,v*|vv}`, `{6|{5||||4|||3||2|1}}` (see [`GameStore::sorted_options`]).
    ///
    /// ```
    /// use cgt_core::game::{GameStore, Notation, Style};
    /// let mut s = GameStore::new();
    /// let (zero, three) = (s.zero(), s.integer(-3));
    /// let inner = s.canonical(&[zero], &[three]);
    /// let tiny = s.canonical(&[zero], &[inner]);
    /// assert_eq!(s.display_styled(tiny, Style::cgsuite(Notation::Ascii)), "Tiny(3)");
    /// assert_eq!(s.display(tiny, Notation::Ascii), "{0||0|-3}");
    /// ```
    pub fn display_styled(&mut self, g: GameId, style: Style) -> String {
        self.write_game(g, style, true).0
    }

    /// `g` as text, with the number of bars it hands to the game around it, following
    /// CGSuite's rules: options are listed in [`GameStore::sorted_options`] order; on a side
    /// with several options each one is written in braces; an option written without braces
    /// hands up its own bar count, and a game uses one bar more than the most any of its
    /// options hands up. A game is written in braces when `braces` asks for it (the
    /// outermost game, an option among several) or when it reaches [`MAX_BARS`]; it then
    /// hands up 0, as atoms (`0`, `v*`, `*2`), `±` forms and the special forms do.
    fn write_game(&mut self, g: GameId, style: Style, braces: bool) -> (String, usize) {
        if let Node::Nus(v) = self.node(g) {
            return (write_nus(v, style.notation), 0);
        }
        // Printing a deep game takes long (and much stack): answer Ctrl-C on the way down
        // and on the way up.
        self.check_interrupt();
        if style.special_forms
            && let Some((text, _)) = self.special_uptimal(g, style.notation)
        {
            return (text, 0);
        }
        let (left, right) = self.sorted_options(g);
        if let Some(text) = self.plus_minus(&left, &right, style) {
            return (text, 0);
        }
        if style.special_forms
            && let Some((text, _)) = self.special_tiny(g, style)
        {
            return (text, 0);
        }
        let (l, left_bars) = self.write_side(&left, style);
        let (r, right_bars) = self.write_side(&right, style);
        self.check_interrupt();
        let bars = left_bars.max(right_bars) + 1;
        let body = format!("{l}{}{r}", "|".repeat(bars));
        if braces || bars >= MAX_BARS {
            (format!("{{{body}}}"), 0)
        } else {
            (body, bars)
        }
    }

    /// `g` as it is written inside a larger game (the loopy printer's short options): the
    /// text and the bars it hands up, by the rules of [`GameStore::display_styled`].
    pub(crate) fn display_option(
        &mut self,
        g: GameId,
        style: Style,
        braces: bool,
    ) -> (String, usize) {
        self.write_game(g, style, braces)
    }

    /// One side of `{L|R}`, comma-separated, with the most bars any option hands up.
    fn write_side(&mut self, opts: &[GameId], style: Style) -> (String, usize) {
        let several = opts.len() > 1;
        let mut bars = 0;
        let mut parts = Vec::with_capacity(opts.len());
        for &o in opts {
            let (text, b) = self.write_game(o, style, several);
            bars = bars.max(b);
            parts.push(text);
        }
        (parts.join(","), bars)
    }

    /// `x^<n>*m` / `x^[n]*m` (and the downs) for `x ± ↑^n + *m` and `x ± ↑^→n + *m` with
    /// `n >= 2`, with whether the text has more than one part (so needs parentheses after
    /// `+-`).
    fn special_uptimal(&mut self, g: GameId, notation: Notation) -> Option<(String, bool)> {
        let rank = self.rank(g);
        let Rank::Uptimal(e) = &*rank else {
            return None;
        };
        let k = e.len();
        if k < 2 || !(e.is_unit() || e.is_unit_sum()) {
            return None;
        }
        let positive = e.coefficients()[k - 1] > 0;
        let arrow = match (notation, positive) {
            (Notation::Ascii, true) => "^",
            (Notation::Ascii, false) => "v",
            (Notation::Unicode, true) => "↑",
            (Notation::Unicode, false) => "↓",
        };
        let mut s = String::new();
        if !e.number.is_zero() {
            s.push_str(&e.number.to_string());
        }
        s.push_str(arrow);
        if e.is_unit() {
            s.push_str(&format!("<{k}>"));
        } else {
            s.push_str(&format!("[{k}]"));
        }
        match e.nim {
            0 => {}
            1 => s.push('*'),
            m => s.push_str(&format!("*{m}")),
        }
        let compound = !e.number.is_zero() || e.nim != 0;
        Some((s, compound))
    }

    /// `Tiny(y)`, `Miny(y)`, `xTiny(y)` for `x + Tiny(y)` (see
    /// [`GameStore::is_number_tiny`]), with whether a number is in front.
    fn special_tiny(&mut self, g: GameId, style: Style) -> Option<(String, bool)> {
        let form = self.tiny_form(g)?;
        let sub = self.display_styled(form.subscript, style);
        let name = if form.miny { "Miny" } else { "Tiny" };
        let translated = !form.translate.is_zero();
        let prefix = if translated {
            form.translate.to_string()
        } else {
            String::new()
        };
        Some((format!("{prefix}{name}({sub})"), translated))
    }

    /// `{G | -G}` prints `+-G` (`+-1`, `+-(1*)`, `+-{2|1}`), and `{A,B | -A,-B}` prints
    /// `+-{A,B}`.
    fn plus_minus(&mut self, left: &[GameId], right: &[GameId], style: Style) -> Option<String> {
        let notation = style.notation;
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
            let special = if style.special_forms {
                match self.special_uptimal(*a, notation) {
                    Some(found) => Some(found),
                    None => self.special_tiny(*a, style),
                }
            } else {
                None
            };
            let inner = match (self.node(*a), special) {
                (Node::Nus(v), _) if is_compound(v) => format!("({})", write_nus(v, notation)),
                (_, Some((text, true))) => format!("({text})"),
                _ => self.display_styled(*a, style),
            };
            return Some(format!("{pm}{inner}"));
        }
        let parts: Vec<String> = left
            .iter()
            .map(|&o| self.display_styled(o, style))
            .collect();
        Some(format!("{pm}{{{}}}", parts.join(",")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::dyadic::Dyadic;
    use crate::game::theory::testkit::game;

    fn both(s: &mut GameStore, text: &str) -> (String, String) {
        let g = game(s, text);
        (
            s.display_styled(g, Style::cgsuite(Notation::Ascii)),
            s.display_styled(g, Style::cgsuite(Notation::Unicode)),
        )
    }

    /// The work printing `↓[4]*m` does, and the work of computing it, counted as store
    /// entries (canonical forms, sums and comparisons remembered).
    fn print_and_value_work(m: u64) -> (usize, usize) {
        let mut s = GameStore::new();
        let work = |s: &GameStore| s.len() + s.add_memo_len() + s.leq_memo_len();
        let up = s.nus(Dyadic::zero(), 1, 0);
        let up4 = s.pow_to(up, 4).unwrap();
        let down4 = s.neg(up4);
        let star = s.nimber(m);
        let g = s.add(down4, star);
        let before = work(&s);
        let text = s.display_styled(g, Style::cgsuite(Notation::Ascii));
        assert_eq!(text, format!("v[4]*{m}"));
        (work(&s) - before, before)
    }

    #[test]
    fn printing_an_uptimal_with_a_big_nimber_costs_about_as_much_as_computing_it() {
        for m in [16, 32] {
            let (print, value) = print_and_value_work(m);
            eprintln!("*{m}: printing {print}, value {value}");
            assert!(
                print <= 4 * value + 1000,
                "*{m}: printing {print}, value {value}"
            );
        }
    }

    #[test]
    fn cgsuite_special_forms() {
        let mut s = GameStore::new();
        for (text, ascii) in [
            ("{0|*||*|||*||||*}", "^[4]"),
            ("{0||0|v*}", "{0|^<2>}"),
            ("{0||0|-3/2}", "Tiny(3/2)"),
            ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
            ("{0|v*}", "^<2>"),
            ("{0||0|-1|-3}", "Tiny({3|1})"),
            ("{1/32|0||0}", "Miny(1/32)"),
            ("{2||2|0}", "2Tiny(2)"),
            ("{-1||-1|-3}", "-1Tiny(2)"),
            // Unchanged: not unit uptimals, not tinies.
            ("{0||0|v3}", "{0||0|v3}"),
            ("{3||2*|1*}", "{3||2*|1*}"),
            ("{1,1*|-1,-1*}", "+-{1,1*}"),
            ("{3|-1}", "{3|-1}"),
            ("^^*", "^^*"),
        ] {
            assert_eq!(both(&mut s, text).0, ascii, "{text}");
        }
    }

    #[test]
    fn up_nths_with_numbers_stars_and_signs() {
        let mut s = GameStore::new();
        let up = s.nus(Dyadic::zero(), 1, 0);
        let (star, one) = (s.nimber(1), s.integer(1));
        let p2 = s.pow(up, 2).unwrap();
        let p3 = s.pow(up, 3).unwrap();
        let to3 = s.pow_to(up, 3).unwrap();
        let style = Style::cgsuite(Notation::Ascii);
        let uni = Style::cgsuite(Notation::Unicode);
        let cases = [
            (s.add(p2, star), "^<2>*", "↑<2>*"),
            (s.neg(p3), "v<3>", "↓<3>"),
            (s.add(to3, star), "^[3]*", "↑[3]*"),
            (s.add(p2, one), "1^<2>", "1↑<2>"),
        ];
        for (g, ascii, unicode) in cases {
            assert_eq!(s.display_styled(g, style), ascii);
            assert_eq!(s.display_styled(g, uni), unicode);
        }
        let neg_to3 = s.neg(to3);
        let h = s.add(neg_to3, star);
        let h = s.add(h, one);
        assert_eq!(s.display_styled(h, style), "1v[3]*");
        // ±G with a compound special form gets parentheses, as ±(1*) does.
        let g = s.add(p2, one);
        let ng = s.neg(g);
        let pm = s.canonical(&[g], &[ng]);
        assert_eq!(s.display_styled(pm, style), "+-(1^<2>)");
        let g = s.add(g, star);
        let ng = s.neg(g);
        let pm = s.canonical(&[g], &[ng]);
        assert_eq!(s.display_styled(pm, style), "+-(1^<2>*)");
        assert_eq!(s.display_styled(pm, uni), "±(1↑<2>*)");
        let two = s.integer(2);
        let t = s.tiny(two);
        let t = s.add(t, two);
        let nt = s.neg(t);
        let pm = s.canonical(&[t], &[nt]);
        assert_eq!(s.display_styled(pm, style), "+-(2Tiny(2))");
        // ±↑² itself is *, like ±↑.
        let np2 = s.neg(p2);
        let pm = s.canonical(&[p2], &[np2]);
        assert_eq!(s.display_styled(pm, style), "*");
    }

    #[test]
    fn bars_braces_and_option_order_as_cgsuite_prints_them() {
        let mut s = GameStore::new();
        for (text, printed) in [
            // Numbers, then nimbers, then uptimals, then other games.
            ("{v*,0|vv}", "{0,v*|vv}"),
            ("{v,*|-1}", "{*,v|-1}"),
            ("{+-1,{1/1024|0}|-5}", "{{1/1024|0},+-1|-5}"),
            // A lone option nests its bars inside ours; several options are each braced.
            ("{0||v*,0|vv}", "{0||0,v*|vv}"),
            ("{{0||v*,0|vv},+-1|-2}", "{{0||0,v*|vv},+-1|-2}"),
            // Four bars: braces, and the game counts 0 for the one around it.
            ("{5||||4|||3||2|1}", "{5||||4|||3||2|1}"),
            ("{6|||||5||||4|||3||2|1}", "{6|{5||||4|||3||2|1}}"),
            ("{7||||||6|||||5||||4|||3||2|1}", "{7||6|{5||||4|||3||2|1}}"),
            ("{5||||4|||3||2|1|||||-10}", "{{5||||4|||3||2|1}|-10}"),
        ] {
            let g = game(&mut s, text);
            assert_eq!(s.display(g, Notation::Ascii), printed, "{text}");
            let g = game(&mut s, printed);
            assert_eq!(
                s.display(g, Notation::Ascii),
                printed,
                "{printed} reads back"
            );
        }
    }

    #[test]
    fn plain_style_is_unchanged() {
        let mut s = GameStore::new();
        for (text, plain) in [
            ("{0|*||*|||*||||*}", "{^|*||*|||*}"),
            ("{0||0|v*}", "{0||0|v*}"),
            ("{0||0|-3/2}", "{0||0|-3/2}"),
            ("{5||3|1|||0||||0}", "{5||3|1|||0||||0}"),
        ] {
            let g = game(&mut s, text);
            assert_eq!(s.display(g, Notation::Ascii), plain);
        }
    }
}
