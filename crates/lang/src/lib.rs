//! cgt: a combinatorial game theory language — its syntax, evaluator and built-ins, and the
//! API that front ends (the command line, Python, the browser) embed.
//!
//! The crate is four layers over the syntax, each a folder, each using only the layers
//! below it (a test reads the `use` lines and fails on one that goes up):
//! 1. [`values`]: the `Value` type and its algebra, and the small [`values::host::Host`]
//!    the layers above implement;
//! 2. [`builtins`]: the built-in functions, each a function of a `&mut dyn Host` and the
//!    call's arguments, and their one table;
//! 3. [`evaluator`]: the interpreter, which implements `Host` and calls the built-ins;
//! 4. [`session`]: the embedding API, [`Session`] and the structured outputs and
//!    diagnostics of its `eval`.
//!
//! Beside them: [`syntax`] (the pest grammar and the AST with byte spans), [`layout`]
//! (results laid out for reading: tables, long records, scatter plots), and the layers
//! below the language, re-exported under the paths the language names them by: [`game`],
//! [`impartial`], [`misere_partizan`], [`ordinal`], [`rules`], [`wld`] and [`progress`]
//! from `cgt-core` (the mathematics), [`rulesets`], [`families`] and [`heap_rules`] from
//! `cgt-games`. [`eval`] gathers the names the front ends import.
//!
//! Nothing here reads a terminal: output goes to a sink the front end gives.

pub mod layout;
pub mod syntax;

pub mod values;

pub mod builtins;

pub mod evaluator;

pub mod session;

pub mod eval;

pub use cgt_core::{game, impartial, misere_partizan, ordinal, progress, rules, wld};
pub use cgt_games::{families, heap_rules, rulesets};

pub use session::{
    Choice, Diagnostic, Exploration, Failure, Line, Output, Picture, Printer, Session,
};
