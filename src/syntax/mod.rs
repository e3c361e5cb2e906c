//! The cgt language's syntax: the pest grammar (`grammar/cgt.pest`), the AST and the parser.

pub mod ast;
pub mod chunks;
pub mod error;
pub mod parser;

pub use ast::{BinaryOp, Expr, ExprKind, Name, Span, Stmt, UnaryOp};
pub use error::SyntaxError;

/// Parses a whole script (or REPL entry) into statements.
pub fn parse_program(source: &str) -> Result<Vec<Stmt>, SyntaxError> {
    parse_program_at(source, 0)
}

/// Parses a whole script as [`parse_program`] does, with every span offset by `base` (the
/// text's place among the texts of a session).
pub fn parse_program_at(source: &str, base: usize) -> Result<Vec<Stmt>, SyntaxError> {
    let mut stmts = Vec::new();
    for (start, end) in chunks::split_statements(source) {
        stmts.extend(parser::parse_chunk(&source[start..end], base + start)?);
    }
    Ok(stmts)
}
