//! Splitting a script into statements: a statement ends at a line end outside brackets,
//! unless the line plainly continues (ends with an operator, `=`, `then`, `else`, …) or an
//! `if` is still waiting for its `else`.

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
            if !scan.open() && !continues(line) {
                chunks.push((start, i));
                start = i + 1;
                scan.ifs_without_else = 0;
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
    scan.feed('\n');
    let last = text.lines().last().unwrap_or("");
    scan.open() || continues(last)
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
        self.scan.open() || self.last_line_continues
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
    /// The word being read (only its first bytes matter: is it `if` or `else`?).
    word: [u8; 4],
    word_len: usize,
    /// `if`s outside brackets minus `else`s: while positive the statement goes on, so
    /// `if c then a` may have its `else` on the next line. (Inside brackets the statement
    /// goes on anyway, and a comprehension's `if` has no `else`.)
    ifs_without_else: i64,
    /// The character before the one being fed.
    prev: char,
    /// The depths of the open brackets that began `*[`: inside one, a `#` right after a
    /// heap, `)`, `]`, `[` or another `#` is a subscript of the misère notation
    /// (`*[2#]`, `*[4[2#]]`), not a comment.
    star_at: Vec<i64>,
}

/// Can a subscript `#` of the misère notation follow this character?
fn before_sharp(p: char) -> bool {
    p.is_ascii_digit() || matches!(p, ')' | ']' | '[' | '#' | ';' | '₎' | '₀'..='₉')
}

impl Scanner {
    /// Is the statement read so far unfinished: an open bracket or string, or an `if`
    /// without its `else`?
    fn open(&self) -> bool {
        self.depth > 0 || self.in_string || self.ifs_without_else > 0
    }

    /// Notes the end of a word: `if` and `else` outside brackets are counted.
    fn end_word(&mut self) {
        if self.depth == 0 {
            match &self.word[..self.word_len.min(4)] {
                b"if" if self.word_len == 2 => self.ifs_without_else += 1,
                b"else" if self.word_len == 4 => {
                    self.ifs_without_else = (self.ifs_without_else - 1).max(0)
                }
                _ => {}
            }
        }
        self.word_len = 0;
    }

    fn feed(&mut self, c: char) {
        let prev = std::mem::replace(&mut self.prev, c);
        if !self.in_comment && !self.in_string && (c.is_alphanumeric() || c == '_') {
            if self.word_len < 4 {
                self.word[self.word_len] = if c.is_ascii() { c as u8 } else { 0 };
            }
            self.word_len += 1;
            return;
        }
        if self.word_len > 0 {
            self.end_word();
        }
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
            '#' if !self.star_at.is_empty() && before_sharp(prev) => {}
            '#' => self.in_comment = true,
            '{' | '[' | '(' => {
                self.depth += 1;
                if c == '[' && prev == '*' {
                    self.star_at.push(self.depth);
                }
            }
            // A stray closer must not hide later statements: never go below zero.
            '}' | ']' | ')' => {
                if self.star_at.last() == Some(&self.depth) {
                    self.star_at.pop();
                }
                self.depth = (self.depth - 1).max(0);
            }
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
    fn a_sharp_in_the_misere_notation_is_no_comment() {
        assert!(!needs_more("*[2#]"));
        assert!(!needs_more("*[(2#1)2##] + *[4[2#]]"));
        assert!(!needs_more("*[2#₂#]"));
        // Elsewhere, and after a space, `#` still starts a comment.
        assert!(needs_more("*[4, 2 # the heaps"));
        assert!(!needs_more("[2] # [ a comment"));
        let src = "*[2#]\n*[2##]\n";
        assert_eq!(split_statements(src).len(), 2);
    }

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
    fn an_if_goes_on_until_its_else() {
        assert!(needs_more("if n == 0 then 1"));
        assert!(needs_more("if a then 1\nelse if b then 2"));
        assert!(!needs_more("if n == 0 then 1\nelse 2"));
        assert!(!needs_more("if n == 0 then 1 else 2"));
        assert!(!needs_more("let elsewhere = 1"));
        assert!(!needs_more("let iffy = 1"));
        // A comprehension's `if` has no `else`, and `if` in a string or comment is text.
        assert!(!needs_more("[n for n in 0..5 if n > 2]"));
        assert!(!needs_more("\"if\" # if"));
        let src = "def f(n) = if n == 0 then 1\n  else n * f(n - 1)\nf(5)\n";
        let parts: Vec<&str> = split_statements(src)
            .iter()
            .map(|&(s, e)| &src[s..e])
            .collect();
        assert_eq!(
            parts,
            vec!["def f(n) = if n == 0 then 1\n  else n * f(n - 1)", "f(5)"]
        );
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
