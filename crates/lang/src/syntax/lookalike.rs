//! Unicode look-alikes of cgt's operators, as text pasted from a PDF or from LaTeX has them:
//! the ones that can mean only one thing are read as that operator (`−` U+2212 as `-`, `∗`
//! U+2217 as `*`), the others are refused by an error that names them (an en dash may be a
//! minus or a range, `×` may not be read as `*`, which is also a star).

use std::borrow::Cow;

/// Characters read as the ASCII text they stand for, wherever they appear outside strings
/// and comments. Each has a single reading in mathematics, the same in every place an
/// operator can be written.
const READ_AS: &[(char, &str)] = &[
    ('\u{2212}', "-"),  // − minus sign (TeX's `-` in math mode)
    ('\u{FE63}', "-"),  // ﹣ small hyphen-minus
    ('\u{FF0D}', "-"),  // － fullwidth hyphen-minus
    ('\u{2217}', "*"),  // ∗ asterisk operator (TeX's \ast: the star of *2)
    ('\u{22C6}', "*"),  // ⋆ star operator (TeX's \star)
    ('\u{FF0A}', "*"),  // ＊ fullwidth asterisk
    ('\u{2215}', "/"),  // ∕ division slash
    ('\u{2044}', "/"),  // ⁄ fraction slash (1⁄2)
    ('\u{00F7}', "/"),  // ÷ division sign
    ('\u{2264}', "<="), // ≤ (cgt prints it in Unicode notation)
    ('\u{2265}', ">="), // ≥
    ('\u{2260}', "!="), // ≠
    ('\u{00A0}', " "),  // no-break space
    ('\u{2002}', " "),  // en space
    ('\u{2003}', " "),  // em space
    ('\u{2009}', " "),  // thin space (TeX's \,)
    ('\u{200A}', " "),  // hair space
    ('\u{202F}', " "),  // narrow no-break space
    ('\u{205F}', " "),  // medium mathematical space (TeX's \:)
    ('\u{3000}', " "),  // ideographic space
];

/// A look-alike that is not read: its name, and what to write instead.
pub struct Refused {
    pub name: &'static str,
    pub instead: &'static str,
}

/// The look-alikes that have more than one reading, or none in cgt.
pub fn refused(c: char) -> Option<Refused> {
    let (name, instead) = match c {
        '\u{2013}' => (
            "an en dash",
            "write `-` for minus, or `..` for a range (`1..3`)",
        ),
        '\u{2014}' => (
            "an em dash",
            "write `-` for minus, or `..` for a range (`1..3`)",
        ),
        '\u{2012}' => ("a figure dash", "write `-` for minus"),
        '\u{2010}' | '\u{2011}' => ("a hyphen", "write `-` for minus"),
        '\u{00D7}' => (
            "a multiplication sign",
            "write `*` to multiply (`2 * g`); `*` is also the star, as in `*2`",
        ),
        '\u{00B7}' | '\u{22C5}' | '\u{2219}' => ("a dot operator", "write `*` to multiply"),
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{00AB}' | '\u{00BB}' => (
            "a typographic quotation mark",
            "write a string between straight quotes: \"text\"",
        ),
        '\u{2018}' | '\u{2019}' => (
            "a typographic apostrophe",
            "write a quoted game between straight apostrophes: '{*|*}'",
        ),
        '\u{2032}' => (
            "a prime",
            "names are letters, digits and `_`: write `g_1` or `g2`",
        ),
        _ => return None,
    };
    Some(Refused { name, instead })
}

/// A text with its look-alikes replaced by what they stand for, and the way back from a
/// byte offset in the new text to the offset in the text as written.
pub struct Normalized<'a> {
    pub text: Cow<'a, str>,
    /// For each replacement, the offset just after it in the new text and how many bytes
    /// the new text is shorter than the old one from there on.
    shifts: Vec<(usize, usize)>,
}

impl Normalized<'_> {
    /// The offset in the text as written of the byte at `at` in the new text.
    pub fn original(&self, at: usize) -> usize {
        let k = self.shifts.partition_point(|&(end, _)| end <= at);
        match k {
            0 => at,
            _ => at + self.shifts[k - 1].1,
        }
    }
}

/// `text` with the look-alikes of `READ_AS` replaced outside strings and comments
/// (borrowed as it is when it has none, as almost every text).
pub fn normalize(text: &str) -> Normalized<'_> {
    if text.is_ascii() || !text.chars().any(|c| read_as(c).is_some()) {
        return Normalized {
            text: Cow::Borrowed(text),
            shifts: Vec::new(),
        };
    }
    let mut out = String::with_capacity(text.len());
    let mut shifts = Vec::new();
    let mut shrunk = 0;
    let (mut in_string, mut escaped, mut in_comment) = (false, false, false);
    for c in text.chars() {
        if in_comment {
            in_comment = c != '\n';
        } else if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if let Some(ascii) = read_as(c) {
            out.push_str(ascii);
            shrunk += c.len_utf8() - ascii.len();
            shifts.push((out.len(), shrunk));
            continue;
        } else {
            in_string = c == '"';
            in_comment = c == '#';
        }
        out.push(c);
    }
    Normalized {
        text: Cow::Owned(out),
        shifts,
    }
}

fn read_as(c: char) -> Option<&'static str> {
    READ_AS.iter().find(|&&(l, _)| l == c).map(|&(_, a)| a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_are_replaced_outside_strings_and_comments() {
        let n = normalize("{1 | \u{2212}1} + \u{2217}2 # \u{2212}\n\"\u{2212}\"");
        assert_eq!(n.text, "{1 | -1} + *2 # \u{2212}\n\"\u{2212}\"");
        // `1` after the minus: byte 6 of the new text, 8 of the old.
        assert_eq!(n.original(5), 5);
        assert_eq!(n.original(6), 8);
        assert_eq!(n.original(12), 16);
        assert!(matches!(normalize("1 + 1").text, Cow::Borrowed(_)));
    }

    #[test]
    fn every_replacement_is_ascii_and_no_longer_than_what_it_replaces() {
        for &(c, ascii) in READ_AS {
            assert!(ascii.is_ascii() && ascii.len() <= c.len_utf8(), "{c}");
            assert!(refused(c).is_none(), "{c}");
        }
    }
}
