//! Printing canonical forms in CGSuite's conventions (ASCII) or with Unicode arrows.
//!
//! The printer is a list of recognisers tried in order — number-up-star values, `±` forms,
//! then the general `{L|R}` with bars nested by depth, exactly as CGSuite writes it: options
//! sorted as CGSuite lists them ([`GameStore::sorted_options`]), an option among several in
//! braces, and a game reaching four bars in braces (see [`GameStore::display_styled`]). With [`Style::special_forms`] it also
//! writes CGSuite's forms for up-nths and tinies: `^<2>` (up-second), `^[4]` (`↑ + ↑² + ↑³ +
//! ↑⁴`), `v<3>*`, `Tiny(3/2)`, `Miny({5||3|1})`, `2Tiny(2)` (that is `2 + Tiny(2)`); in
//! Unicode the arrows change as usual (`↑<2>`, `↓[3]*`) and the words stay.

use std::fmt::{self, Write as _};

use rustc_hash::FxHashMap;

use super::display_order::Rank;
use super::nus::Nus;
use super::print_memo::{Limits, PrintMemo};
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
    // Writing into a `String` cannot fail.
    let _ = write_nus_to(v, notation, &mut s);
    s
}

/// Writes `x + n↑ + *m` as [`write_nus`] prints it into `s`.
fn write_nus_to(v: &Nus, notation: Notation, s: &mut dyn fmt::Write) -> fmt::Result {
    if !v.number.is_zero() || (v.ups == 0 && v.nim == 0) {
        write!(s, "{}", v.number)?;
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
            1 => s.write_str(one)?,
            2 => s.write_str(two)?,
            _ => write!(s, "{one}{n}")?,
        }
    }
    match v.nim {
        0 => Ok(()),
        1 => s.write_char('*'),
        m => write!(s, "*{m}"),
    }
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
        let mut out = String::new();
        // Writing into a `String` cannot fail.
        let _ = self.write_styled(g, style, &mut out);
        out
    }

    /// Writes the printed form of `g` (as [`GameStore::display_styled`] prints it) into
    /// `out` as it goes: the text is never held whole, so a value printed to a terminal or
    /// a file takes time linear in its length and memory for the depth of the game only.
    ///
    /// Each form's bar count is found once, before any of its text is written, and
    /// remembered while printing. A subgame met many times is written out each time, as
    /// the notation asks, but its text is built once: the text of each short form is
    /// recorded and then copied (see `print_memo`), within a few megabytes whatever the
    /// length of the output.
    ///
    /// ```
    /// use cgt_core::game::{GameStore, Notation, Style};
    /// let mut s = GameStore::new();
    /// let (one, minus_one) = (s.integer(1), s.integer(-1));
    /// let g = s.canonical(&[one], &[minus_one]);
    /// let mut text = String::new();
    /// s.write_styled(g, Style::plain(Notation::Ascii), &mut text).unwrap();
    /// assert_eq!(text, "+-1");
    /// ```
    pub fn write_styled(
        &mut self,
        g: GameId,
        style: Style,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        self.write_limited(g, style, out, Limits::standard())
    }

    /// [`GameStore::write_styled`] holding at most what `limits` allow.
    pub(crate) fn write_limited(
        &mut self,
        g: GameId,
        style: Style,
        out: &mut dyn fmt::Write,
        limits: Limits,
    ) -> fmt::Result {
        let mut p = Printer::new(style, out, limits);
        self.write_game(&mut p, g, true)?;
        p.finish()
    }

    /// `g` as text, following CGSuite's rules: options are listed in
    /// [`GameStore::sorted_options`] order; on a side with several options each one is
    /// written in braces; an option written without braces hands up its own bar count, and
    /// a game uses one bar more than the most any of its options hands up (see
    /// [`GameStore::shape`]). A game is written in braces when `braces` asks for it (the
    /// outermost game, an option among several) or when it reaches [`MAX_BARS`]; it then
    /// hands up 0, as atoms (`0`, `v*`, `*2`), `±` forms and the special forms do.
    fn write_game(&mut self, p: &mut Printer<'_>, g: GameId, braces: bool) -> fmt::Result {
        let key = (g, braces);
        if p.memo.write_recorded(key, p.out)? {
            return Ok(());
        }
        p.memo.begin();
        self.write_form(p, g, braces)?;
        p.memo.end(key);
        Ok(())
    }

    /// `g` as [`GameStore::write_game`] writes it, when its text is not recorded.
    fn write_form(&mut self, p: &mut Printer<'_>, g: GameId, braces: bool) -> fmt::Result {
        p.walked += 1;
        if let Node::Nus(v) = self.node(g) {
            let notation = p.style.notation;
            return write_nus_to(v, notation, p);
        }
        // Printing a deep game takes long (and much stack): answer Ctrl-C on the way.
        self.check_interrupt();
        // A form met before is written as measured then, without looking for special
        // forms again.
        if let Some(&Shape::Body(bars)) = p.shapes.get(&g) {
            let (left, right) = self.sorted_options(g);
            return self.write_body(p, &left, &right, bars, braces);
        }
        let style = p.style;
        if style.special_forms
            && let Some((text, _)) = self.special_uptimal(g, style.notation)
        {
            return p.write_str(&text);
        }
        let (left, right) = self.sorted_options(g);
        if self.is_plus_minus(&left, &right) {
            return self.write_plus_minus(p, &left);
        }
        if style.special_forms && self.write_special_tiny(p, g)? {
            return Ok(());
        }
        let bars = match self.shape(p, g) {
            Shape::Body(bars) => bars,
            Shape::Atom => unreachable!("atoms are written above"),
        };
        self.write_body(p, &left, &right, bars, braces)
    }

    /// `{L|R}` with `bars` bars, in braces when asked or when the bars reach [`MAX_BARS`].
    fn write_body(
        &mut self,
        p: &mut Printer<'_>,
        left: &[GameId],
        right: &[GameId],
        bars: usize,
        braces: bool,
    ) -> fmt::Result {
        let braced = braces || bars >= MAX_BARS;
        if braced {
            p.write_char('{')?;
        }
        self.write_side(p, left)?;
        p.write_str(&"||||||||"[..bars.min(8)])?;
        for _ in 8..bars {
            p.write_char('|')?;
        }
        self.write_side(p, right)?;
        if braced {
            p.write_char('}')?;
        }
        Ok(())
    }

    /// Whether `g` prints as an atom (handing up no bars) or as `{L|R}` with how many
    /// bars: one more than the most bars an option hands up, where an option among several
    /// is braced (hands up 0) and a lone option hands up its own count unless it reaches
    /// [`MAX_BARS`] (then it is braced). Remembered for the rest of the print.
    fn shape(&mut self, p: &mut Printer<'_>, g: GameId) -> Shape {
        if let Some(&s) = p.shapes.get(&g) {
            return s;
        }
        if let Node::Nus(_) = self.node(g) {
            return Shape::Atom;
        }
        self.check_interrupt();
        let style = p.style;
        let shape = if style.special_forms && self.special_uptimal(g, style.notation).is_some() {
            Shape::Atom
        } else {
            let (left, right) = self.sorted_options(g);
            if self.is_plus_minus(&left, &right)
                || (style.special_forms && self.tiny_form(g).is_some())
            {
                Shape::Atom
            } else {
                let mut most = 0;
                for side in [&left, &right] {
                    if let [o] = side[..] {
                        most = most.max(self.handed_bars(p, o));
                    }
                }
                Shape::Body(most + 1)
            }
        };
        p.shapes.insert(g, shape);
        shape
    }

    /// The bars `g` hands to the game around it when written without braces of its own.
    fn handed_bars(&mut self, p: &mut Printer<'_>, g: GameId) -> usize {
        match self.shape(p, g) {
            Shape::Body(bars) if bars < MAX_BARS => bars,
            _ => 0,
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
        let mut text = String::new();
        let mut p = Printer::new(style, &mut text, Limits::standard());
        let _ = self.write_game(&mut p, g, braces).and_then(|()| p.finish());
        let bars = if braces {
            0
        } else {
            self.handed_bars(&mut p, g)
        };
        (text, bars)
    }

    /// One side of `{L|R}`, comma-separated; an option among several in braces.
    fn write_side(&mut self, p: &mut Printer<'_>, opts: &[GameId]) -> fmt::Result {
        let several = opts.len() > 1;
        for (k, &o) in opts.iter().enumerate() {
            if k > 0 {
                p.write_char(',')?;
            }
            self.write_game(p, o, several)?;
        }
        Ok(())
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
        let mut text = String::new();
        let mut p = Printer::new(style, &mut text, Limits::standard());
        let translated = self.write_special_tiny_form(&mut p, g)?.ok()?;
        p.finish().ok()?;
        Some((text, translated))
    }

    /// Writes `g` as [`GameStore::special_tiny`] prints it, if it is such a form: whether
    /// it was.
    fn write_special_tiny(&mut self, p: &mut Printer<'_>, g: GameId) -> Result<bool, fmt::Error> {
        match self.write_special_tiny_form(p, g) {
            None => Ok(false),
            Some(written) => written.map(|_| true),
        }
    }

    /// Writes the tiny form of `g` if it has one (`None` if not), with whether a number
    /// stands in front.
    fn write_special_tiny_form(
        &mut self,
        p: &mut Printer<'_>,
        g: GameId,
    ) -> Option<Result<bool, fmt::Error>> {
        let form = self.tiny_form(g)?;
        let name = if form.miny { "Miny" } else { "Tiny" };
        let translated = !form.translate.is_zero();
        let mut write = || -> Result<bool, fmt::Error> {
            if translated {
                write!(p, "{}", form.translate)?;
            }
            p.write_str(name)?;
            p.write_char('(')?;
            self.write_game(p, form.subscript, true)?;
            p.write_char(')')?;
            Ok(translated)
        };
        Some(write())
    }

    /// Whether `{L | R}` is `{G | -G}` or `{A,B | -A,-B}`, printed `+-G`, `+-{A,B}`.
    fn is_plus_minus(&mut self, left: &[GameId], right: &[GameId]) -> bool {
        if left.len() != right.len() || left.is_empty() {
            return false;
        }
        if let ([a], [b]) = (left, right) {
            return self.neg(*a) == *b;
        }
        let mut negs: Vec<GameId> = left.iter().map(|&a| self.neg(a)).collect();
        let mut rs = right.to_vec();
        negs.sort_unstable();
        rs.sort_unstable();
        negs == rs
    }

    /// `{G | -G}` prints `+-G` (`+-1`, `+-(1*)`, `+-{2|1}`), and `{A,B | -A,-B}` prints
    /// `+-{A,B}`: `left` are the options of such a game.
    fn write_plus_minus(&mut self, p: &mut Printer<'_>, left: &[GameId]) -> fmt::Result {
        let style = p.style;
        let notation = style.notation;
        p.write_str(notation.plus_minus())?;
        if let [a] = left {
            let a = *a;
            if let Node::Nus(v) = self.node(a) {
                return if is_compound(v) {
                    p.write_char('(')?;
                    write_nus_to(v, notation, p)?;
                    p.write_char(')')
                } else {
                    write_nus_to(v, notation, p)
                };
            }
            if style.special_forms {
                let special = match self.special_uptimal(a, notation) {
                    Some(found) => Some(found),
                    None => self.special_tiny(a, style),
                };
                if let Some((text, compound)) = special {
                    return if compound {
                        write!(p, "({text})")
                    } else {
                        p.write_str(&text)
                    };
                }
            }
            return self.write_game(p, a, true);
        }
        p.write_char('{')?;
        for (k, &o) in left.iter().enumerate() {
            if k > 0 {
                p.write_char(',')?;
            }
            self.write_game(p, o, true)?;
        }
        p.write_char('}')
    }
}

/// What one print carries along: the style, where the text goes (through the buffer that
/// records small forms' texts), and the shapes of the forms met so far.
struct Printer<'a> {
    style: Style,
    out: &'a mut dyn fmt::Write,
    memo: PrintMemo,
    shapes: FxHashMap<GameId, Shape>,
    /// How many forms were written out (not copied from their recorded text): the work of
    /// the print, counted for the tests.
    #[cfg_attr(not(test), allow(dead_code))]
    walked: usize,
}

impl<'a> Printer<'a> {
    fn new(style: Style, out: &'a mut dyn fmt::Write, limits: Limits) -> Printer<'a> {
        Printer {
            style,
            out,
            memo: PrintMemo::new(limits),
            shapes: FxHashMap::default(),
            walked: 0,
        }
    }

    /// Hands the rest of the text to the sink.
    fn finish(&mut self) -> fmt::Result {
        self.memo.finish(self.out)
    }
}

/// Text written by the printer goes through its buffer.
impl fmt::Write for Printer<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.memo.write(s, self.out)
    }
}

/// How a form is written: as an atom handing up no bars (a number-up-star value, a `±`
/// form, a special form) or as `{L|R}` with this many bars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Atom,
    Body(usize),
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

    /// The printer as it was before it streamed: each game's text built as a `String`
    /// from its options' texts (every level copying all the text below it, so quadratic
    /// in the depth). The reference the streaming printer is checked against.
    fn old_write(s: &mut GameStore, g: GameId, style: Style, braces: bool) -> (String, usize) {
        if let Node::Nus(v) = s.node(g) {
            return (write_nus(v, style.notation), 0);
        }
        if style.special_forms
            && let Some((text, _)) = s.special_uptimal(g, style.notation)
        {
            return (text, 0);
        }
        let (left, right) = s.sorted_options(g);
        if s.is_plus_minus(&left, &right) {
            let mut text = String::new();
            let mut p = Printer::new(style, &mut text, Limits::standard());
            s.write_plus_minus(&mut p, &left).unwrap();
            p.finish().unwrap();
            return (text, 0);
        }
        if style.special_forms
            && let Some((text, _)) = s.special_tiny(g, style)
        {
            return (text, 0);
        }
        let side = |s: &mut GameStore, opts: &[GameId]| {
            let several = opts.len() > 1;
            let mut bars = 0;
            let mut parts = Vec::new();
            for &o in opts {
                let (text, b) = old_write(s, o, style, several);
                bars = bars.max(b);
                parts.push(text);
            }
            (parts.join(","), bars)
        };
        let (l, lb) = side(s, &left);
        let (r, rb) = side(s, &right);
        let bars = lb.max(rb) + 1;
        let body = format!("{l}{}{r}", "|".repeat(bars));
        if braces || bars >= MAX_BARS {
            (format!("{{{body}}}"), 0)
        } else {
            (body, bars)
        }
    }

    /// Limits small enough that the forms of small games outgrow the pieces, fill the
    /// recorded texts and cross the chunks.
    fn arb_limits() -> impl proptest::strategy::Strategy<Value = Limits> {
        use proptest::strategy::Strategy;
        (1usize..48, 0usize..48, 0usize..200).prop_map(|(chunk, piece, memory)| Limits {
            chunk,
            piece,
            memory,
        })
    }

    /// `g` printed with the given limits, checking that every chunk but the last is
    /// at least the chunk asked for.
    fn print_limited(s: &mut GameStore, g: GameId, style: Style, limits: Limits) -> String {
        struct Chunks(Vec<String>);
        impl fmt::Write for Chunks {
            fn write_str(&mut self, t: &str) -> fmt::Result {
                self.0.push(t.to_string());
                Ok(())
            }
        }
        let mut chunks = Chunks(Vec::new());
        s.write_limited(g, style, &mut chunks, limits).unwrap();
        let pieces = chunks.0.len();
        for c in chunks.0.iter().take(pieces.saturating_sub(1)) {
            assert!(c.len() >= limits.chunk, "{} < {limits:?}", c.len());
        }
        chunks.0.concat()
    }

    proptest::proptest! {
        /// The streaming printer writes what the old one built, in both styles, whatever
        /// its limits: the sum `a + b + a` shares subgames, so texts are recorded, copied,
        /// given up when they outgrow a piece, and left unrecorded once the memory is full.
        #[test]
        fn streaming_prints_what_the_old_printer_built(
            a in crate::game::theory::testkit::arb_lit(4, 3),
            b in crate::game::theory::testkit::arb_dicotic(3, 2),
            limits in arb_limits(),
        ) {
            let mut s = GameStore::new();
            let (a, b) = (a.value(&mut s), b.value(&mut s));
            let ab = s.add(a, b);
            let aba = s.add(ab, a);
            for g in [a, b, aba] {
                for style in [Style::plain(Notation::Ascii), Style::cgsuite(Notation::Unicode)] {
                    let old = old_write(&mut s, g, style, true).0;
                    proptest::prop_assert_eq!(&s.display_styled(g, style), &old);
                    proptest::prop_assert_eq!(&print_limited(&mut s, g, style, limits), &old);
                }
            }
        }
    }

    /// A sink that takes `room` bytes, then fails, counting what it was offered.
    struct Narrow {
        room: usize,
        offered: usize,
    }

    impl fmt::Write for Narrow {
        fn write_str(&mut self, t: &str) -> fmt::Result {
            self.offered += t.len();
            if self.offered > self.room {
                return Err(fmt::Error);
            }
            Ok(())
        }
    }

    /// The text is written as it is produced, never held whole: the sum of the switches
    /// `±1 ± 2 ± … ± 16` prints in more than 2^16 characters (each option holds the sum of
    /// the others, printed out twice, once on each side), but a sink that fails after 1000
    /// bytes stops the print having been offered at most a chunk (and two pieces) more.
    #[test]
    fn printing_streams_and_stops_at_the_first_failed_write() {
        let mut s = GameStore::new();
        let mut g = s.zero();
        for n in 1..=16 {
            let (a, b) = (s.integer(n), s.integer(-n));
            let switch = s.canonical(&[a], &[b]);
            g = s.add(g, switch);
        }
        let style = Style::plain(Notation::Ascii);
        let mut all = Narrow {
            room: usize::MAX,
            offered: 0,
        };
        s.write_styled(g, style, &mut all).unwrap();
        assert!(all.offered > 1 << 16, "{}", all.offered);
        let small = Limits {
            chunk: 64,
            piece: 32,
            memory: 1 << 10,
        };
        for limits in [small, Limits::standard()] {
            let mut sink = Narrow {
                room: 1000,
                offered: 0,
            };
            assert!(s.write_limited(g, style, &mut sink, limits).is_err());
            let most = 1000 + limits.chunk + 2 * limits.piece;
            assert!(sink.offered <= most, "{} > {most}", sink.offered);
        }
    }

    /// The length of `g`'s text and how many forms the printer wrote out for it.
    fn print_work(s: &mut GameStore, g: GameId, limits: Limits) -> (usize, usize) {
        let mut sink = Narrow {
            room: usize::MAX,
            offered: 0,
        };
        let style = Style::cgsuite(Notation::Ascii);
        let mut p = Printer::new(style, &mut sink, limits);
        s.write_game(&mut p, g, true).unwrap();
        p.finish().unwrap();
        let walked = p.walked;
        (sink.offered, walked)
    }

    /// A subgame met many times is written out once and copied after: the work of a print
    /// grows with the forms of the game, not with the characters of its text. The sum of
    /// the switches `±1 ± 2 ± … ± n` prints in twice the text for each switch added; from
    /// n = 12 to 16 its text grows 16-fold (to 118,279 characters) and the forms written
    /// out 2.5-fold (388 to 984), where the printer without recorded texts writes out
    /// every form where it occurs (3,747 to 59,047).
    #[test]
    fn a_shared_subgame_is_written_out_once() {
        let mut s = GameStore::new();
        let nothing_recorded = Limits {
            memory: 0,
            ..Limits::standard()
        };
        let mut g = s.zero();
        let mut work = Vec::new();
        for n in 1..=16 {
            let (a, b) = (s.integer(n), s.integer(-n));
            let switch = s.canonical(&[a], &[b]);
            g = s.add(g, switch);
            let (len, walked) = print_work(&mut s, g, Limits::standard());
            let (_, every) = print_work(&mut s, g, nothing_recorded);
            work.push((len, walked, every));
        }
        let ((len12, walked12, _), (len16, walked16, every16)) = (work[11], work[15]);
        assert!(len16 >= 16 * len12, "{len12} then {len16} characters");
        assert!(walked16 <= 3 * walked12, "{walked12} then {walked16} forms");
        assert!(
            50 * walked16 <= every16,
            "{walked16} forms, {every16} occurrences"
        );
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
