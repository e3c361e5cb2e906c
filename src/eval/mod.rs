//! The interpreter of the cgt language: values, environments, expressions, statements and
//! the built-in functions. It drives the mathematics in [`crate::game`].

pub mod args;
pub mod builtins;
pub mod collections;
mod compiled;
pub mod convert;
mod describe;
pub mod error;
mod expr;
pub mod interp;
mod loopy;
mod loopy_rules;
pub mod misere;
mod misere_forms;
pub mod number;
pub mod object;
mod ops;
pub mod output;
pub mod partizan;
pub mod play;
pub mod position;
pub mod report;
pub mod usergame;
pub mod value;

pub use error::{CgtError, EvalError};
pub use interp::Interpreter;
pub use number::Num;
pub use value::Value;
