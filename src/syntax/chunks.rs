//! Splitting a script into statements: a statement ends at a line end outside brackets,
//! unless the line plainly continues (ends with an operator, `=`, `then`, `else`, …).

/// Byte ranges of the statements of `source`, in order (blank and comment-only lines are
/// part of the neighbouring chunk and parse as nothing).
pub fn split_statements(source: &str) -> Vec<(usize, usize)> {
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut scan = Scanner::default();
    let mut line_start = 0;
    for (i, c) in source.char_indices() {
        scan.feed(c);
        if c == '\n' {
            let line = &source[line_start..i];
            line_start = i + 1;
            if scan.depth == 0 && !scan.in_string && !continues(line) {
                chunks.push((start, i));
                start = i + 1;
            }
        }
    }
    if start < source.len() {
        chunks.push((start, source.len()));
    }
    chunks
}

/// True while `text` is an incomplete statement: open brackets or string, or a last line
/// that continues. The REPL keeps reading lines while this holds.
pub fn needs_more(text: &str) -> bool {
    let mut scan = Scanner::default();
    for c in text.chars() {
        scan.feed(c);
    }
    let last = text.lines().last().unwrap_or("");
    (scan.depth > 0 || scan.in_string) || continues(last)
}

/// An entry read line by line (piped REPL input): answers [`needs_more`] for the lines so
/// far without scanning them again, so a long entry is read in linear time.
#[derive(Default)]
pub struct Entry {
    scan: Scanner,
    last_line_continues: bool,
}

impl Entry {
    /// Adds the next line (without its line end).
    pub fn push_line(&mut self, line: &str) {
        for c in line.chars() {
            self.scan.feed(c);
        }
        self.scan.feed('\n');
        self.last_line_continues = continues(line);
    }

    /// [`needs_more`] of the lines pushed so far.
    pub fn needs_more(&self) -> bool {
        self.scan.depth > 0 || self.scan.in_string || self.last_line_continues
    }
}

/// The byte offset of the first bracket (`(`, `[`, `{`) opened more than `max` deep in
/// `text`, outside strings and comments: deep nesting is refused before the parser
/// recurses into it.
pub fn too_deeply_bracketed(text: &str, max: usize) -> Option<usize> {
    let mut scan = Scanner::default();
    for (i, c) in text.char_indices() {
        scan.feed(c);
        if scan.depth > max as i64 {
            return Some(i);
        }
    }
    None
}

#[derive(Default)]
struct Scanner {
    depth: i64,
    in_string: bool,
    escaped: bool,
    in_comment: bool,
}

impl Scanner {
    fn feed(&mut self, c: char) {
        if self.in_comment {
            self.in_comment = c != '\n';
            return;
        }
        if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if c == '\\' {
                self.escaped = true;
            } else if c == '"' {
                self.in_string = false;
            }
            return;
        }
        match c {
            '"' => self.in_string = true,
            '#' => self.in_comment = true,
            '{' | '[' | '(' => self.depth += 1,
            // A stray closer must not hide later statements: never go below zero.
            '}' | ']' | ')' => self.depth = (self.depth - 1).max(0),
            _ => {}
        }
    }
}

/// Does this line end in a way that needs another line (`=`, `->`, `then`, `+`, …)?
fn continues(line: &str) -> bool {
    let code = strip_comment(line).trim_end();
    const ENDINGS: [&str; 10] = ["=", "->", "+", "-", "*", "/", ",", "(", "\\", "+-"];
    const WORDS: [&str; 5] = ["then", "else", "and", "or", "not"];
    if ENDINGS.iter().any(|e| code.ends_with(e))
        && !code.ends_with("==")
        && !code.ends_with("<=")
        && !code.ends_with(">=")
        && !code.ends_with("!=")
    {
        // A trailing `*` is also a star (`1/2*`): only `=`-like endings and true operators
        // continue; `x*` at the end of a line is a complete star literal.
        return !code.ends_with('*');
    }
    WORDS.iter().any(|w| {
        code.ends_with(w)
            && code[..code.len() - w.len()]
                .chars()
                .last()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return &line[..i],
            _ => {}
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_top_level_newlines_only() {
        let src = "let a = {1 |\n -1}\na + a\n";
        let parts: Vec<&str> = split_statements(src)
            .iter()
            .map(|&(s, e)| &src[s..e])
            .collect();
        assert_eq!(parts, vec!["let a = {1 |\n -1}", "a + a"]);
    }

    #[test]
    fn entries_read_line_by_line_agree_with_needs_more() {
        let lines = [
            "let a = {1 |",
            " -1}",
            "def f(n) =",
            "n + \"x",
            "y\" # c",
            "[1,",
            "2] +",
            "3",
        ];
        let mut entry = Entry::default();
        for k in 0..lines.len() {
            entry.push_line(lines[k]);
            let text = lines[..=k].join("\n");
            assert_eq!(entry.needs_more(), needs_more(&text), "{text:?}");
        }
    }

    #[test]
    fn continuation_after_operators_and_keywords() {
        assert!(needs_more("def f(n) ="));
        assert!(needs_more("if x then"));
        assert!(needs_more("{0 |"));
        assert!(!needs_more("1/2*"));
        assert!(!needs_more("x == y"));
        assert!(!needs_more("let thenx = 2"));
        assert!(needs_more("\"open string"));
        assert!(!needs_more("1 # comment ="));
    }
}
