//! Help text fitted to the terminal's width: a line too long is broken between words, its
//! continuation indented under where its text begins (under the summary, in a table of
//! `usage  summary` rows), so that the terminal never breaks a word.

/// `text` with every line longer than `width` characters broken at spaces. A word longer
/// than a line stays whole.
pub fn fit(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        fit_line(line, width, &mut out);
    }
    out
}

/// Appends `line`, broken to `width`, to `out`.
fn fit_line(line: &str, width: usize, out: &mut String) {
    if line.chars().count() <= width {
        out.push_str(line);
        return;
    }
    let hang = hanging_indent(line, width);
    let lead = line.len() - line.trim_start_matches(' ').len();
    out.push_str(&line[..lead]);
    let mut used = lead;
    let mut first = true;
    for word in words(&line[lead..]) {
        let n = word.trim_start_matches(' ').chars().count();
        let gap = word.len() - word.trim_start_matches(' ').len();
        if !first && used + gap + n > width {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', hang));
            out.push_str(word.trim_start_matches(' '));
            used = hang + n;
        } else {
            out.push_str(word);
            used += gap + n;
        }
        first = false;
    }
}

/// The words of `text`, each with the spaces before it (so that the padding of a table
/// row is kept where the line is not broken).
fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let spaces = rest.len() - rest.trim_start_matches(' ').len();
        let end = rest[spaces..].find(' ').map_or(rest.len(), |k| spaces + k);
        let (word, tail) = rest.split_at(end);
        rest = tail;
        Some(word)
    })
}

/// Where the continuation of `line` starts: under the text after the first gap of two or
/// more spaces (the summary of a `usage  summary` row), else under the line's own text;
/// never more than half the width in.
fn hanging_indent(line: &str, width: usize) -> usize {
    let lead = line.len() - line.trim_start_matches(' ').len();
    let body = &line[lead..];
    let column = body
        .find("  ")
        .map(|gap| {
            let after = &body[gap..];
            lead + body[..gap].chars().count() + (after.len() - after.trim_start().len())
        })
        .unwrap_or(lead);
    if column > width / 2 { lead + 4 } else { column }
}

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn long_lines_break_between_words_under_their_text() {
        let row = "  kayles  the octal game 0.77: remove one or two adjacent pins";
        assert_eq!(
            fit(row, 30),
            "  kayles  the octal game 0.77:\n          remove one or two\n          adjacent pins"
        );
        // A paragraph hangs under its own indent; short lines and blank lines stay.
        assert_eq!(
            fit("  one two three four", 10),
            "  one two\n  three\n  four"
        );
        assert_eq!(fit("short\n\nlines", 10), "short\n\nlines");
        // A word longer than the width is not cut.
        assert_eq!(fit("abcdefghijkl x", 5), "abcdefghijkl\nx");
    }

    #[test]
    fn no_line_is_longer_than_the_width_unless_one_word_is() {
        let text = "  nim_values(ruleset, range)  the Grundy values of the heaps in a range, \
                    computed once and kept: nim_values(kayles, 0..20)";
        for width in [40, 60, 80] {
            let fitted = fit(text, width);
            for line in fitted.lines() {
                assert!(line.chars().count() <= width, "{width}: {line:?}");
            }
            let words: Vec<&str> = fitted.split_whitespace().collect();
            assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
        }
    }
}
