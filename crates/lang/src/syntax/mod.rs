//! The cgt language's syntax: the pest grammar (`grammar/cgt.pest`), the AST and the parser.

pub mod ast;
pub mod chunks;
pub mod error;
mod hints;
pub mod lookalike;
pub mod parser;

pub use ast::{BinaryOp, Expr, ExprKind, Name, Span, Stmt, UnaryOp};
pub use error::SyntaxError;

/// Bytes of syntax tree (and parser state) counted per byte of source when checking the
/// memory budget: `1+1+…+1` takes about 300 (measured), the densest text there is.
const TREE_BYTES_PER_SOURCE_BYTE: u64 = 300;

/// Parses a whole script (or REPL entry) into statements. A source whose syntax tree would
/// outgrow the session's memory budget is refused before it is parsed.
pub fn parse_program(source: &str) -> Result<Vec<Stmt>, SyntaxError> {
    parse_program_at(source, 0)
}

/// Parses a whole script as [`parse_program`] does, with every span offset by `base` (the
/// text's place among the texts of a session).
pub fn parse_program_at(source: &str, base: usize) -> Result<Vec<Stmt>, SyntaxError> {
    parse_program_until(source, base, &mut || false)
}

/// Parses a whole script as [`parse_program_at`] does, asking `stop` before each statement
/// whether to go on: when it says stop (Ctrl-C was pressed), parsing ends with an
/// "interrupted" error. Each statement is parsed in time linear in its length, so a long
/// script is interruptible.
pub fn parse_program_until(
    source: &str,
    base: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Vec<Stmt>, SyntaxError> {
    let len = source.len() as u64;
    if let Some(message) = crate::game::budget::exceeded(
        "the syntax tree of this source",
        len,
        "bytes of text",
        len.saturating_mul(TREE_BYTES_PER_SOURCE_BYTE),
    ) {
        return Err(SyntaxError::new(
            message,
            Span::new(base, base),
            Some("split the text into smaller scripts, or raise the budget".into()),
        ));
    }
    // A UTF-8 byte-order mark at the start (some editors write one) is skipped; spans
    // still count it.
    let skip = if source.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let body = &source[skip..];
    let mut stmts = Vec::new();
    for (start, end) in chunks::split_statements(body) {
        if stop() {
            let at = base + skip + start;
            return Err(SyntaxError::new(
                "interrupted".into(),
                Span::new(at, at),
                Some("nothing of this text has run".into()),
            ));
        }
        stmts.extend(parser::parse_chunk(&body[start..end], base + skip + start)?);
    }
    Ok(stmts)
}
