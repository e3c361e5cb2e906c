//! cgt: a combinatorial game theory language — its syntax, evaluator and built-ins, and the
//! API that front ends (the command line, Python, the browser) embed.
//!
//! - [`syntax`]: the pest grammar and the AST with byte spans;
//! - [`eval`]: the interpreter, its values, environment and built-ins;
//! - the layers below, re-exported under the paths the language names them by:
//!   [`game`], [`impartial`], [`misere_partizan`], [`ordinal`], [`rules`], [`wld`] and
//!   [`progress`] from
//!   `cgt-core` (the mathematics), [`rulesets`], [`families`] and [`heap_rules`] from
//!   `cgt-games`;
//! - [`layout`]: results laid out for reading (tables, long records, scatter plots);
//! - [`session`]: the embedding API, [`Session`] and the structured outputs and
//!   diagnostics of its `eval`.
//!
//! Nothing here reads a terminal: output goes to a sink the front end gives.

pub mod eval;
pub mod layout;
pub mod syntax;

pub use cgt_core::{game, impartial, misere_partizan, ordinal, progress, rules, wld};
pub use cgt_games::{families, heap_rules, rulesets};

pub mod session;
pub use session::{
    Choice, Diagnostic, Exploration, Failure, Line, Output, Picture, Printer, Session,
};
