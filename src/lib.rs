//! The `cgt` command line, a front end of the language ([`cgt`], the `cgt-lang` crate):
//!
//! - [`repl`]: the interactive loop (rustyline: history, multi-line entries, completion,
//!   `:help`, `:play`);
//! - [`output`]: writing to standard output and error as a Unix filter does;
//! - [`progress`]: the progress line of a long computation at a terminal.
//!
//! `src/main.rs` reads the command line (clap) and runs a script, `-e` text or the REPL.

pub mod output;
pub mod progress;
pub mod repl;
