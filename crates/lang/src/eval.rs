//! The names the front ends (the command line, Python, the browser) import from the
//! language's layers, under the paths they have always used: `cgt::eval::Value`,
//! `cgt::eval::builtins::BUILTINS`. Nothing inside the crate uses these paths.

pub use crate::builtins;
pub use crate::evaluator::{Interpreter, interp, misere, play, reference};
pub use crate::values::games::{grid, gridgame, partizan, position, usergame, userpicture};
pub use crate::values::{
    CgtError, EvalError, GameValue, Num, Value, args, callable, collections, convert, error,
    game_value, host, number, object, report, value, value_object,
};
