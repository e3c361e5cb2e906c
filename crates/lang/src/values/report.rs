//! Rendering an error as a miette diagnostic, whatever the line it points into.
//!
//! miette draws the underline of a label by formatting with a width equal to the label's
//! column, and Rust's formatter refuses widths above `u16::MAX`: a label past column 65,535
//! of a line (a long generated line, tabs counting four columns) made the error printer
//! panic. miette is therefore never shown the source itself but a `Snippet`: the lines
//! around the label, each cut to a window of [`WINDOW`] characters either side of the label
//! (marked `…`), with control characters shown as visible symbols (a lone carriage return
//! would otherwise start a new line in miette's count but not in its drawing). The header
//! still names the real line and column (in characters).
//!
//! [`render`] is the one way errors reach the user (the `cgt` binary, the REPL, the fuzz
//! test); should miette panic all the same, it falls back to plain text.

use super::error::CgtError;
use miette::{Diagnostic, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use std::cell::Cell;
use std::ops::Range;
use std::sync::Once;

/// Characters of a line shown on either side of the label's end points.
pub const WINDOW: usize = 60;

/// Lines shown before and after the label (miette's default context).
const CONTEXT: usize = 1;

/// The most lines a label is drawn over; a longer one is drawn over its first line only.
const MAX_LABEL_LINES: usize = 6;

/// The text miette draws: the lines around a label, cut and made visible.
#[derive(Debug)]
pub(crate) struct Snippet {
    name: String,
    /// The shown lines, joined by `\n`.
    text: String,
    /// The source line (0-based) of the first shown line.
    first_line: usize,
    /// The label in `text`.
    label: Range<usize>,
    /// The label's start in the source: its line and column (0-based, in characters).
    start_line: usize,
    start_column: usize,
}

/// The source lines (without their `\n` or `\r\n`) with the byte offset of each.
fn lines(source: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for piece in source.split('\n') {
        out.push((offset, piece.strip_suffix('\r').unwrap_or(piece)));
        offset += piece.len() + 1;
    }
    out
}

/// The line holding byte `offset` (the last line for the end of the text).
fn line_of(lines: &[(usize, &str)], offset: usize) -> usize {
    lines
        .partition_point(|&(start, _)| start <= offset)
        .saturating_sub(1)
}

/// How a character is shown: controls (and the invisible bidirectional overrides, which
/// would reorder the line on a terminal) become visible symbols; tabs stay (miette expands
/// them itself, the same way in the text and in the underline).
fn visible(c: char) -> char {
    match c {
        '\t' => '\t',
        '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
        '\u{7f}' => '\u{2421}',
        '\u{80}'..='\u{9f}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}' => '\u{fffd}',
        c => c,
    }
}

impl Snippet {
    /// The snippet for a label on bytes `span` of `source` (clamped to the text and to
    /// character boundaries).
    pub(crate) fn new(name: &str, source: &str, span: Range<usize>) -> Snippet {
        let mut start = span.start.min(source.len());
        while !source.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = span.end.clamp(start, source.len());
        while !source.is_char_boundary(end) {
            end += 1;
        }
        let lines = lines(source);
        let start_line = line_of(&lines, start);
        let mut end_line = line_of(&lines, end);
        if end_line > start_line + MAX_LABEL_LINES {
            // A label over many lines (a long multi-line expression) is shown by its first
            // line, to that line's end.
            let (offset, line) = lines[start_line];
            end = offset + line.len();
            end_line = start_line;
        }
        let first = start_line.saturating_sub(CONTEXT);
        let last = (end_line + CONTEXT).min(lines.len() - 1);
        let mut text = String::new();
        let mut label = 0..0;
        let mut start_column = 0;
        for (i, &(offset, line)) in lines.iter().enumerate().take(last + 1).skip(first) {
            if i > first {
                text.push('\n');
            }
            // Character indices of the label's ends on this line, if they are on it.
            let column = |at: usize| line[..(at - offset).min(line.len())].chars().count();
            let starts_here = (i == start_line).then(|| column(start));
            let ends_here = (i == end_line).then(|| column(end));
            if let Some(c) = starts_here {
                start_column = c;
            }
            // Show WINDOW characters before the label and after it; a label longer than
            // WINDOW is cut after WINDOW characters, and on the line where a label spanning
            // lines ends, WINDOW characters either side of its end are shown.
            let anchor = starts_here.or(ends_here).unwrap_or(0);
            let hi = match (starts_here, ends_here) {
                (Some(s), Some(e)) if e > s + WINDOW => s + WINDOW,
                (Some(_), Some(e)) => e + WINDOW,
                _ => anchor + WINDOW,
            };
            let count = line.chars().count();
            let (lo, hi) = (anchor.saturating_sub(WINDOW), hi.min(count));
            if lo > 0 {
                text.push('…');
            }
            // `at[k - lo]`: where character k of the line is shown (k = hi: after the last).
            let mut at = Vec::with_capacity(hi - lo + 1);
            for c in line.chars().take(hi).skip(lo) {
                at.push(text.len());
                text.push(visible(c));
            }
            at.push(text.len());
            if hi < count {
                text.push('…');
            }
            // An end point is never left of `lo` (the window starts at or before it); one
            // right of the shown part (the end of a long label) is placed after it.
            let place = |c: usize| at[c.min(hi) - lo];
            if let Some(c) = starts_here {
                label.start = place(c);
            }
            if let Some(c) = ends_here {
                label.end = place(c);
            }
        }
        label.end = label.end.max(label.start);
        Snippet {
            name: name.to_string(),
            text,
            first_line: first,
            label,
            start_line,
            start_column,
        }
    }

    /// The label's place in the shown text, for miette.
    pub(crate) fn label(&self) -> SourceSpan {
        SourceSpan::new(self.label.start.into(), self.label.len())
    }
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        let line = inner.line() + self.first_line;
        // The header's "line:column" comes from reading the label alone.
        let column = if line == self.start_line && span.offset() == self.label.start {
            self.start_column
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            line,
            column,
            inner.line_count(),
        )))
    }
}

/// The diagnostic miette renders for a [`CgtError`].
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub(crate) struct Diag {
    pub(crate) message: String,
    pub(crate) src: Snippet,
    pub(crate) label: String,
    pub(crate) help: Option<String>,
}

impl Diagnostic for Diag {
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_with_span(Some(self.label.clone()), self.src.label()),
        )))
    }
}

thread_local! {
    /// Set while this thread renders a report, so a panic inside miette prints nothing.
    static RENDERING: Cell<bool> = const { Cell::new(false) };
}

/// Renders `error` (in `source`, named `name`) with miette's installed handler; `Err` with
/// the panic's message if miette panicked (which [`render`] turns into plain text, and the
/// fuzz test into a failure).
pub fn try_render(error: &CgtError, name: &str, source: &str) -> Result<String, String> {
    static QUIET_HOOK: Once = Once::new();
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !RENDERING.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let report = error.to_report(name, source);
    RENDERING.with(|r| r.set(true));
    let rendered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| format!("{report:?}")));
    RENDERING.with(|r| r.set(false));
    rendered.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into())
    })
}

/// The error as the user sees it: miette's drawing, or plain text if that failed.
pub fn render(error: &CgtError, name: &str, source: &str) -> String {
    try_render(error, name, source).unwrap_or_else(|_| plain(error, name, source))
}

/// The error in plain text: the message, its place and the help line.
fn plain(error: &CgtError, name: &str, source: &str) -> String {
    let snippet = Snippet::new(name, source, error.span().start..error.span().end);
    let mut out = format!(
        "error: {}\n  at {name}:{}:{}",
        error.message(),
        snippet.start_line + 1,
        snippet.start_column + 1
    );
    if let Some(help) = error.help() {
        out += &format!("\n  help: {help}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shown text under the label.
    fn labelled(s: &Snippet) -> &str {
        &s.text[s.label.clone()]
    }

    #[test]
    fn short_lines_are_shown_whole_with_a_line_of_context() {
        let src = "let a = 1\nlet b = a +\n  nope\n# end\nmore";
        let at = src.find("nope").unwrap();
        let s = Snippet::new("t", src, at..at + 4);
        assert_eq!(s.text, "let b = a +\n  nope\n# end");
        assert_eq!(labelled(&s), "nope");
        assert_eq!((s.first_line, s.start_line, s.start_column), (1, 2, 2));
    }

    #[test]
    fn a_long_line_is_cut_around_the_label() {
        let src = format!("{}é\"\t{}", "ab\té".repeat(30_000), "x".repeat(70_000));
        let at = src.len() - 70_000;
        let s = Snippet::new("t", &src, at..at + 1);
        assert_eq!(labelled(&s), "x");
        assert!(s.text.starts_with('…') && s.text.ends_with('…'));
        assert!(s.text.chars().count() <= 2 * WINDOW + 3, "{}", s.text);
        assert_eq!(s.start_column, 4 * 30_000 + 3);
    }

    #[test]
    fn a_long_label_is_cut_too() {
        let src = "y".repeat(100_000);
        let s = Snippet::new("t", &src, 10..90_000);
        assert_eq!(labelled(&s), "y".repeat(WINDOW).as_str());
        assert_eq!(s.text, format!("{}…", "y".repeat(WINDOW + 10)));
        // A label spanning lines shows its end on the last.
        let src = format!("{}\n{}", "a".repeat(500), "b".repeat(500));
        let s = Snippet::new("t", &src, 450..800);
        assert!(labelled(&s).starts_with("aaa") && labelled(&s).ends_with("bbb"));
        assert!(s.text.chars().count() <= 4 * WINDOW + 5, "{}", s.text);
    }

    #[test]
    fn a_label_over_many_lines_is_drawn_on_its_first() {
        let src = format!("x = 1\noutcome([\n{}1])\n", "1,\n".repeat(1000));
        let at = src.find('[').unwrap();
        let s = Snippet::new("t", &src, at..src.len() - 2);
        assert_eq!(s.text, "x = 1\noutcome([\n1,");
        assert_eq!(labelled(&s), "[");
        // A few lines are drawn whole.
        let s = Snippet::new("t", "f(\n1,\n2)\n", 0..8);
        assert_eq!(s.text, "f(\n1,\n2)\n");
        assert_eq!(labelled(&s), "f(\n1,\n2)");
    }

    #[test]
    fn controls_are_made_visible_and_spans_off_char_boundaries_are_widened() {
        let src = "1 +\r2\u{202e} é\r\nx";
        let at = src.find('é').unwrap();
        let s = Snippet::new("t", src, at + 1..at + 1);
        assert_eq!(s.text, "1 +␍2\u{fffd} é\nx");
        assert_eq!(
            s.label,
            s.text.find('é').unwrap()..s.text.find('é').unwrap() + 2
        );
        // Out of range spans are clamped to the end.
        let s = Snippet::new("t", "abc", 7..9);
        assert_eq!(s.label, 3..3);
    }
}

#[cfg(test)]
mod plain_tests {
    use super::*;
    use crate::syntax::Span;
    use crate::values::error::EvalError;

    #[test]
    fn the_plain_fallback_names_the_place_and_the_help() {
        let src = "let a = 1\n\tb + é + nope";
        let at = src.find("nope").unwrap();
        let e = CgtError::from(
            EvalError::new("unknown name `nope`", Span::new(at, at + 4)).with_help("define it"),
        );
        assert_eq!(
            plain(&e, "f.cgt", src),
            "error: unknown name `nope`\n  at f.cgt:2:10\n  help: define it"
        );
    }
}
