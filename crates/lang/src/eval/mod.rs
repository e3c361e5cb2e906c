//! The interpreter of the cgt language: values, environments, expressions, statements and
//! the built-in functions. It drives the mathematics in [`crate::game`].
//!
//! The folder reads top-down, each layer using only the layers above it (the crates below
//! the language are kept apart by the compiler; inside this folder the order is a
//! convention, which no `use` line breaks):
//! 1. values: [`value`], functions ([`callable`]), the games among them ([`game_value`]), [`number`], [`collections`], [`error`], the arguments of a call
//!    ([`args`]), the traits every position and ruleset implements ([`object`]), the extension point for
//!    other kinds of values ([`value_object`]), and what
//!    they and the built-ins may ask of the session ([`host::Host`]: the mathematical state,
//!    [`cgt_core::MathState`], and the value operations of the evaluator);
//! 2. the game families that are values: heap games and Nim's relatives ([`position`]),
//!    the board games of the registry ([`partizan`]), rulesets written in cgt
//!    ([`usergame`], solved by the core engine through `user_rules`, their pictures in
//!    [`userpicture`]);
//! 3. the built-ins ([`builtins`]): each a function of a `&mut dyn Host` and the call's
//!    arguments, registered in their table; they never name the interpreter;
//! 4. the interpreter ([`interp`]: expressions, compiled function bodies, operators,
//!    moves and sums, misère play, loopy games), which owns the session's `MathState`,
//!    implements `Host` and dispatches calls to the built-ins through their table;
//! 5. the reference documentation ([`reference`](mod@reference)), made by running the built-ins' examples.

// 1. Values.
pub mod args;
pub mod callable;
pub mod collections;
pub mod convert;
pub mod error;
pub mod game_value;
pub mod host;
pub mod number;
pub mod object;
pub mod report;
pub mod value;
pub mod value_object;

// 2. Game families as values.
pub mod grid;
pub mod gridgame;
mod loopy_rules;
pub mod partizan;
pub mod position;
mod user_rules;
pub mod usergame;
pub mod userpicture;

// 3. The built-ins.
pub mod builtins;
mod cgsuite_names;

// 4. The interpreter.
mod collection_ops;
mod compiled;
mod describe;
pub(crate) mod explicit;
mod expr;
pub mod interp;
mod loopy;
pub mod misere;
mod misere_forms;
mod misere_literal;
pub(crate) mod misere_partizan;
mod ops;
pub(crate) mod pictures;
pub mod play;
pub(crate) mod printed;
mod transfinite;
mod value_rules;

// 5. The reference documentation, made from the table by running each example.
pub mod reference;

pub use error::{CgtError, EvalError};
pub use game_value::GameValue;
pub use interp::Interpreter;
pub use number::Num;
pub use value::Value;
