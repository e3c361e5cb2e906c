//! cgt: a combinatorial game theory language.
//!
//! - [`game`]: canonical forms of short partizan games (the mathematics, no language);
//! - [`syntax`]: the pest grammar and the AST with byte spans;
//! - [`eval`]: the interpreter, its values, environment and built-ins;
//! - [`repl`]: the interactive loop (a thin client of [`eval`]);
//! - [`progress`]: counters of work done, shown while a long computation runs.

pub mod eval;
pub mod game;
pub mod impartial;
pub mod progress;
pub mod repl;
pub mod rulesets;
pub mod syntax;
pub mod wld;
