//! LaTeX for printed games: the CGSuite notation the printer produces, in math mode, for
//! papers and homework. `{3||2|1}` becomes `\{3 \parallel 2 \mid 1\}`, `↑*` becomes
//! `{\uparrow}{\ast}` (juxtaposed, as the books write `1*` and `2↑`), `±1` becomes `\pm 1`, `↑<2>` (up-second) `{\uparrow}^{2}` and
//! `↑[3]` `{\uparrow}^{\rightarrow 3}` as in Siegel's book, `Tiny(x)` `{+_{x}}`, and a
//! count of arrows `↑3` is written `3{\cdot}{\uparrow}`.
//!
//! Loopy games (Winning Ways ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI) print
//! with words and labels, which become: `on`, `off`, `over`, `under`, `dud`, `tis`,
//! `tisn`, `pass` in upright type (`\mathrm{over}`), a number before one added (`5over`
//! is `5 + \mathrm{over}`); CGSuite's upon forms by analogy with `↑[n]` and `↑<n>`:
//! `↑[on]` (upon) `{\uparrow}^{\rightarrow \mathrm{on}}`, `↑<on>` (uponth)
//! `{\uparrow}^{\mathrm{on}}`; a label opening a position that play returns to, `a{0|a}`,
//! as `a\colon \{0 \mid a\}` (CGSuite's older `a:{0|a}`), labels past `z` (`a1`) as `a_{1}`;
//! a game given by its sides `S & T` as `S \mathbin{\&} T`. Smith's generalised
//! Sprague–Grundy values `∞_{0,1}` become `\infty_{0,1}`, and `∞_{}` (no finite option)
//! `\infty_{\emptyset}`.

/// The LaTeX (math mode) for a game printed in Unicode notation.
///
/// ```
/// use cgt_core::game::latex::latex_of_printed;
/// assert_eq!(latex_of_printed("{3||2|1}"), r"\{3 \parallel 2 \mid 1\}");
/// assert_eq!(latex_of_printed("±(1*)"), r"\pm (1{\ast})");
/// assert_eq!(latex_of_printed("73/16↓9*8"), r"\tfrac{73}{16} + 9{\cdot}{\downarrow}{\ast}8");
/// ```
pub fn latex_of_printed(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    // Whether the previous token was a number, so that ups or a star joined to it (as in
    // `2↑3`, a sum written by juxtaposition) get a `+`.
    let mut after_number = false;
    while i < chars.len() {
        let c = chars[i];
        let was_number = after_number;
        after_number = false;
        match c {
            '{' => out.push_str(r"\{"),
            '}' => out.push_str(r"\}"),
            '|' => {
                let mut n = 0;
                while i < chars.len() && chars[i] == '|' {
                    n += 1;
                    i += 1;
                }
                out.push_str(match n {
                    1 => r" \mid ",
                    2 => r" \parallel ",
                    _ => "",
                });
                if n > 2 {
                    out.push(' ');
                    out.push_str(&vec![r"\mid"; n].join(r"\!"));
                    out.push(' ');
                }
                continue;
            }
            '±' => out.push_str(r"\pm "),
            '↑' | '↓' | '⇑' | '⇓' => {
                let arrow = match c {
                    '↑' => r"{\uparrow}",
                    '↓' => r"{\downarrow}",
                    '⇑' => r"{\Uparrow}",
                    _ => r"{\Downarrow}",
                };
                i += 1;
                let digits = take_digits(&chars, &mut i);
                if !digits.is_empty() {
                    if was_number {
                        out.push_str(" + ");
                    }
                    out.push_str(&digits);
                    out.push_str(r"{\cdot}");
                    out.push_str(arrow);
                } else if i < chars.len() && (chars[i] == '<' || chars[i] == '[') {
                    let to = chars[i] == '[';
                    i += 1;
                    let mut n = take_digits(&chars, &mut i);
                    // `↑[on]`, `↑<on>`: upon and uponth (CGSuite's names).
                    if n.is_empty() && starts_with(&chars, i, "on") {
                        i += 2;
                        n = r"\mathrm{on}".to_string();
                    }
                    i += 1; // the closing `>` or `]`
                    out.push_str(arrow);
                    if to {
                        out.push_str(&format!(r"^{{\rightarrow {n}}}"));
                    } else {
                        out.push_str(&format!("^{{{n}}}"));
                    }
                } else {
                    out.push_str(arrow);
                }
                after_number = false;
                continue;
            }
            '*' => {
                i += 1;
                let digits = take_digits(&chars, &mut i);
                out.push_str(r"{\ast}");
                out.push_str(&digits);
                continue;
            }
            '0'..='9' => {
                let numer = take_digits(&chars, &mut i);
                if i + 1 < chars.len() && chars[i] == '/' && chars[i + 1].is_ascii_digit() {
                    i += 1;
                    let denom = take_digits(&chars, &mut i);
                    out.push_str(&format!(r"\tfrac{{{numer}}}{{{denom}}}"));
                } else {
                    out.push_str(&numer);
                }
                after_number = true;
                continue;
            }
            'T' | 'M' if starts_with(&chars, i, "Tiny(") || starts_with(&chars, i, "Miny(") => {
                let sign = if c == 'T' { '+' } else { '-' };
                i += 5;
                let start = i;
                let mut depth = 1;
                while i < chars.len() && depth > 0 {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                }
                let inner: String = chars[start..i.saturating_sub(1)].iter().collect();
                if was_number {
                    out.push_str(" + ");
                }
                out.push_str(&format!("{{{sign}_{{{}}}}}", latex_of_printed(&inner)));
                continue;
            }
            '∞' => {
                i += 1;
                out.push_str(&infinity(&chars, &mut i));
                continue;
            }
            '&' => out.push_str(r"\mathbin{\&}"),
            'a'..='z' => {
                let word = take_word(&chars, &mut i);
                out.push_str(&loopy_word(&word, chars.get(i) == Some(&'{'), was_number));
                continue;
            }
            ',' => out.push_str(", "),
            other => out.push(other),
        }
        i += 1;
    }
    out
}

/// The words of loopy games in upright type; a label (a letter, then digits) in italics,
/// with `\colon` where it opens the position it names (`opens`: a brace follows). Other
/// words are kept as they are.
fn loopy_word(word: &str, opens: bool, after_number: bool) -> String {
    const WORDS: [&str; 8] = ["on", "off", "over", "under", "dud", "tis", "tisn", "pass"];
    if WORDS.contains(&word) {
        // `5over` is the sum 5 + over, written out as `2↑3` is.
        let plus = if after_number { " + " } else { "" };
        return format!(r"{plus}\mathrm{{{word}}}");
    }
    let mut letters = word.chars();
    let first = letters.next();
    let digits: String = letters.collect();
    let is_label = first.is_some() && digits.chars().all(|c| c.is_ascii_digit());
    if !is_label {
        return word.to_string();
    }
    let mut label = first.map(String::from).unwrap_or_default();
    if !digits.is_empty() {
        label.push_str(&format!("_{{{digits}}}"));
    }
    if opens {
        label.push_str(r"\colon ");
    }
    label
}

/// Smith's `∞_{0,1}` after the `∞`: `\infty_{0,1}`, or `\infty_{\emptyset}` for `∞_{}`.
fn infinity(chars: &[char], i: &mut usize) -> String {
    if !starts_with(chars, *i, "_{") {
        return r"\infty".to_string();
    }
    let start = *i + 2;
    let Some(len) = chars[start..].iter().position(|&c| c == '}') else {
        return r"\infty".to_string();
    };
    *i = start + len + 1;
    let set: String = chars[start..start + len].iter().collect();
    if set.is_empty() {
        r"\infty_{\emptyset}".to_string()
    } else {
        format!(r"\infty_{{{set}}}")
    }
}

/// A word: a lowercase letter, then letters and digits.
fn take_word(chars: &[char], i: &mut usize) -> String {
    let start = *i;
    while *i < chars.len() && (chars[*i].is_ascii_lowercase() || chars[*i].is_ascii_digit()) {
        *i += 1;
    }
    chars[start..*i].iter().collect()
}

fn take_digits(chars: &[char], i: &mut usize) -> String {
    let start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        *i += 1;
    }
    chars[start..*i].iter().collect()
}

fn starts_with(chars: &[char], i: usize, word: &str) -> bool {
    word.chars()
        .enumerate()
        .all(|(k, w)| chars.get(i + k) == Some(&w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_forms_of_the_books() {
        let cases = [
            ("0", "0"),
            ("-2", "-2"),
            ("*", r"{\ast}"),
            ("*3", r"{\ast}3"),
            ("1/2*", r"\tfrac{1}{2}{\ast}"),
            ("6↑*", r"6{\uparrow}{\ast}"),
            ("↑", r"{\uparrow}"),
            ("⇑*", r"{\Uparrow}{\ast}"),
            ("↑3", r"3{\cdot}{\uparrow}"),
            ("2↑3", r"2 + 3{\cdot}{\uparrow}"),
            ("↑<2>*", r"{\uparrow}^{2}{\ast}"),
            ("↓[3]", r"{\downarrow}^{\rightarrow 3}"),
            ("±1", r"\pm 1"),
            ("±{1,1*}", r"\pm \{1, 1{\ast}\}"),
            ("{0,↓*|⇓}", r"\{0, {\downarrow}{\ast} \mid {\Downarrow}\}"),
            ("Tiny(3/2)", r"{+_{\tfrac{3}{2}}}"),
            ("2Tiny(2)", r"2 + {+_{2}}"),
            ("-1Miny(1/2)", r"-1 + {-_{\tfrac{1}{2}}}"),
            (
                "{5||||4|||3||2|1}",
                r"\{5 \mid\!\mid\!\mid\!\mid 4 \mid\!\mid\!\mid 3 \parallel 2 \mid 1\}",
            ),
        ];
        for (printed, latex) in cases {
            assert_eq!(latex_of_printed(printed), latex, "{printed}");
        }
    }

    /// The printed forms of loopy games (src/game/loopy/display.rs) and of Smith's values.
    #[test]
    fn the_printed_forms_of_loopy_games() {
        let cases = [
            ("on", r"\mathrm{on}"),
            ("off", r"\mathrm{off}"),
            ("dud", r"\mathrm{dud}"),
            ("over", r"\mathrm{over}"),
            ("under", r"\mathrm{under}"),
            ("tis", r"\mathrm{tis}"),
            ("tisn", r"\mathrm{tisn}"),
            ("5over", r"5 + \mathrm{over}"),
            ("-5over", r"-5 + \mathrm{over}"),
            ("3/2under", r"\tfrac{3}{2} + \mathrm{under}"),
            ("{0|on}", r"\{0 \mid \mathrm{on}\}"),
            ("{0||0|under}", r"\{0 \parallel 0 \mid \mathrm{under}\}"),
            ("{0||pass,0|0}", r"\{0 \parallel \mathrm{pass}, 0 \mid 0\}"),
            ("↑[on]", r"{\uparrow}^{\rightarrow \mathrm{on}}"),
            ("↑[on]*", r"{\uparrow}^{\rightarrow \mathrm{on}}{\ast}"),
            ("5↑<on>*", r"5{\uparrow}^{\mathrm{on}}{\ast}"),
            (
                "-1/4↓[on]",
                r"-\tfrac{1}{4}{\downarrow}^{\rightarrow \mathrm{on}}",
            ),
            (
                "{0|↑[on]*}",
                r"\{0 \mid {\uparrow}^{\rightarrow \mathrm{on}}{\ast}\}",
            ),
            (
                "a{0||||0|||a|*||*}",
                r"a\colon \{0 \mid\!\mid\!\mid\!\mid 0 \mid\!\mid\!\mid a \mid {\ast} \parallel {\ast}\}",
            ),
            (
                "{0|a{0|0,{0|||a|0||0}}}",
                r"\{0 \mid a\colon \{0 \mid 0, \{0 \mid\!\mid\!\mid a \mid 0 \parallel 0\}\}\}",
            ),
            ("a1{0|a1}", r"a_{1}\colon \{0 \mid a_{1}\}"),
            ("2 & ±1", r"2 \mathbin{\&} \pm 1"),
            (
                "↑<on> & ↓<on>",
                r"{\uparrow}^{\mathrm{on}} \mathbin{\&} {\downarrow}^{\mathrm{on}}",
            ),
            ("∞_{0,1}", r"\infty_{0,1}"),
            ("∞_{3}", r"\infty_{3}"),
            ("∞_{}", r"\infty_{\emptyset}"),
        ];
        for (printed, latex) in cases {
            assert_eq!(latex_of_printed(printed), latex, "{printed}");
        }
    }
}
