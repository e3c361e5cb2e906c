//! The cgt language's syntax: the pest grammar (`grammar/cgt.pest`), the AST and the parser.

pub mod ast;
pub mod chunks;
pub mod error;
pub mod parser;

pub use ast::{BinaryOp, Expr, ExprKind, Name, Span, Stmt, UnaryOp};
pub use error::SyntaxError;

/// Parses a whole script (or REPL entry) into statements. A UTF-8 byte-order mark at the
/// start (some editors write one) is skipped; spans still count it.
pub fn parse_program(source: &str) -> Result<Vec<Stmt>, SyntaxError> {
    let skip = if source.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let body = &source[skip..];
    let mut stmts = Vec::new();
    for (start, end) in chunks::split_statements(body) {
        stmts.extend(parser::parse_chunk(&body[start..end], skip + start)?);
    }
    Ok(stmts)
}
