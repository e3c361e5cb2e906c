//! The evaluated arguments of a call, with the spans errors point at.

use super::value::Value;
use crate::syntax::Span;

/// Evaluated arguments of a call with their spans.
pub struct Args {
    pub values: Vec<Value>,
    pub spans: Vec<Span>,
    /// The whole call expression.
    pub call: Span,
    /// The function name (or callee expression).
    pub callee: Span,
}

impl Args {
    /// Arguments all pointing at one span (a call made by the interpreter, not written).
    pub fn at(values: Vec<Value>, span: Span) -> Args {
        Args {
            spans: vec![span; values.len()],
            values,
            call: span,
            callee: span,
        }
    }

    pub fn span(&self, i: usize) -> Span {
        self.spans.get(i).copied().unwrap_or(self.call)
    }
}
