//! The interpreter of the cgt language: values, environments, expressions, statements and
//! the built-in functions. It drives the mathematics in [`crate::game`].
//!
//! The folder reads top-down, each layer meant to use only the layers above it (the crates
//! below the language are kept apart by the compiler; inside this folder the order is a
//! convention):
//! 1. values: [`value`], [`number`], [`collections`], [`error`], the arguments of a call
//!    ([`args`]) and the traits every position and ruleset implements ([`object`]), with
//!    what they may ask of the session ([`object::Host`]);
//! 2. the game families that are values: heap games and Nim's relatives ([`position`]),
//!    the board games of the registry ([`partizan`]), rulesets written in cgt
//!    ([`usergame`], solved by the core engine through `user_rules`, their pictures in
//!    [`userpicture`]);
//! 3. the interpreter ([`interp`]: expressions, compiled function bodies, operators,
//!    moves and sums, misère play, loopy games);
//! 4. the built-ins ([`builtins`]), dispatched through their table.

// 1. Values.
pub mod args;
pub mod collections;
pub mod convert;
pub mod error;
pub mod number;
pub mod object;
pub mod report;
pub mod value;

// 2. Game families as values.
pub mod grid;
pub mod gridgame;
mod loopy_rules;
pub mod partizan;
pub mod position;
mod user_rules;
pub mod usergame;
pub mod userpicture;

// 3. The interpreter.
mod collection_ops;
mod compiled;
mod describe;
mod expr;
pub mod interp;
mod loopy;
pub mod misere;
mod misere_forms;
mod misere_literal;
mod ops;
pub(crate) mod pictures;
pub mod play;
mod transfinite;
mod value_rules;

// 4. The built-ins.
pub mod builtins;

pub use error::{CgtError, EvalError};
pub use interp::Interpreter;
pub use number::Num;
pub use value::Value;
