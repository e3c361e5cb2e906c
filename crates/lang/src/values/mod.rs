//! The values of the cgt language and their algebra, with no interpreter: the [`Value`]
//! type ([`value`]), functions ([`callable`]), the games among them ([`game_value`]),
//! [`number`], [`collections`], [`error`], the arguments of a call ([`args`]), the traits
//! every position and ruleset implements ([`object`]), the extension point for other kinds
//! of values ([`value_object`]), and what they and the built-ins may ask of the session
//! ([`host::Host`]: the mathematical state, [`cgt_core::MathState`], and the services only
//! an interpreter gives). The game families that are values are in [`games`]; explicit
//! forms, transfinite values and loopy values each have their file.
//!
//! This is the lowest layer of the language: no `use` line here names the built-ins, the
//! evaluator or the session (a test checks the layers).

pub(crate) mod algebra;
pub mod args;
pub mod callable;
pub mod collections;
pub mod convert;
pub mod error;
pub(crate) mod explicit;
pub mod game_value;
pub mod games;
pub mod host;
pub(crate) mod loopy;
pub mod number;
pub mod object;
pub mod report;
pub(crate) mod transfinite;
pub mod value;
pub mod value_object;

pub use error::{CgtError, EvalError};
pub use game_value::GameValue;
pub use number::Num;
pub use value::Value;
