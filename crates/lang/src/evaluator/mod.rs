//! The evaluator of the cgt language: expressions and statements, compiled function bodies,
//! operators, moves and sums, misère play and loopy games. It owns the session's
//! `MathState`, implements [`crate::values::host::Host`] and dispatches calls to the
//! built-ins ([`crate::builtins`]) through their table.
//!
//! It sits above the values ([`crate::values`]) and the built-ins, and below the session
//! ([`crate::session`]); no `use` line here names the session (a test checks the layers).

pub(crate) mod cgsuite_names;
pub(crate) mod collection_ops;
pub(crate) mod compiled;
pub(crate) mod describe;
pub(crate) mod expr;
pub mod interp;
pub(crate) mod loopy;
pub mod misere;
pub(crate) mod ops;
pub mod play;
pub(crate) mod printed;
pub(crate) mod value_rules;

// The reference documentation, made from the table by running each example.
pub mod reference;

pub use interp::Interpreter;
