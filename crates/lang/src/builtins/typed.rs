//! Built-ins with typed arguments: the types of a built-in's arguments give its arity and
//! convert the values a call passes, with the error at the argument that does not fit
//! ("expected a game, found a list").
//!
//! A typed built-in is a constant [`Typed<A>`] whose `run` receives the arguments already
//! converted as `A`: one type for one argument, a tuple for several, `()` for a named value
//! (`on`). An `Option<T>` argument may be left out (optional arguments come last); [`At<T>`]
//! keeps where the argument was written, for errors the body reports. The topic file's
//! `register` function adds it with one line, `r.add(NAME)`.

use super::{Args, Topic};
use crate::game::GameId;
use crate::syntax::Span;
use crate::values::convert::expect_bool;
use crate::values::convert::expect_integer;
use crate::values::convert::expect_list;
use crate::values::error::EvalError;
use crate::values::host::Host;
use crate::values::value::Value;
use num_bigint::BigInt;
use std::rc::Rc;

/// The body of a typed built-in: the session, the call (for its spans) and the converted
/// arguments.
pub type TypedFn<A> = fn(&mut dyn Host, &Args, A) -> Result<Value, EvalError>;

/// A built-in whose arguments are converted to `A` before its body runs (see the module
/// documentation). Its arity comes from `A`.
pub struct Typed<A> {
    pub name: &'static str,
    /// What it is about, for grouping in help and the reference.
    pub topic: Topic,
    /// The parameter list as shown in help: `"g"`, `"g, n"`.
    pub params: &'static str,
    pub summary: &'static str,
    /// An example input and the output it prints (ASCII notation); checked by the tests.
    pub example: (&'static str, &'static str),
    pub run: TypedFn<A>,
}

/// One argument of a typed built-in, converted from the value passed.
pub trait FromArg: Sized {
    /// Whether every call must pass it (`Option<T>` may be left out).
    const REQUIRED: bool = true;

    /// The argument from the value `v` written at `span`.
    fn from_arg(i: &mut dyn Host, v: &Value, span: Span) -> Result<Self, EvalError>;

    /// The argument when a call leaves it out (`None` for a required one).
    fn missing() -> Option<Self> {
        None
    }
}

/// Any value, as it is.
impl FromArg for Value {
    fn from_arg(_: &mut dyn Host, v: &Value, _: Span) -> Result<Value, EvalError> {
        Ok(v.clone())
    }
}

/// A short game: a game, a number with a dyadic value, a position or a sum (by its value).
impl FromArg for GameId {
    fn from_arg(i: &mut dyn Host, v: &Value, span: Span) -> Result<GameId, EvalError> {
        i.game_of(v, span)
    }
}

/// `true` or `false`.
impl FromArg for bool {
    fn from_arg(_: &mut dyn Host, v: &Value, span: Span) -> Result<bool, EvalError> {
        expect_bool(v, span)
    }
}

/// An integer of any size.
impl FromArg for BigInt {
    fn from_arg(_: &mut dyn Host, v: &Value, span: Span) -> Result<BigInt, EvalError> {
        expect_integer(v, span)
    }
}

/// The elements of a list, or of a set in the order written.
impl FromArg for Rc<Vec<Value>> {
    fn from_arg(_: &mut dyn Host, v: &Value, span: Span) -> Result<Self, EvalError> {
        expect_list(v, span)
    }
}

/// A string.
impl FromArg for Rc<str> {
    fn from_arg(_: &mut dyn Host, v: &Value, span: Span) -> Result<Self, EvalError> {
        match v {
            Value::Str(s) => Ok(s.clone()),
            other => Err(EvalError::new(
                format!("expected a string, found {}", other.kind()),
                span,
            )),
        }
    }
}

/// An argument that may be left out: `None` when it is.
impl<T: FromArg> FromArg for Option<T> {
    const REQUIRED: bool = false;

    fn from_arg(i: &mut dyn Host, v: &Value, span: Span) -> Result<Self, EvalError> {
        T::from_arg(i, v, span).map(Some)
    }

    fn missing() -> Option<Self> {
        Some(None)
    }
}

/// An argument with the place it was written, for errors the body reports about it.
pub struct At<T> {
    pub value: T,
    pub span: Span,
}

impl<T: FromArg> FromArg for At<T> {
    const REQUIRED: bool = T::REQUIRED;

    fn from_arg(i: &mut dyn Host, v: &Value, span: Span) -> Result<Self, EvalError> {
        Ok(At {
            value: T::from_arg(i, v, span)?,
            span,
        })
    }
}

/// All the arguments of a typed built-in: one [`FromArg`], a tuple of them, or `()`.
pub trait FromArgs: Sized {
    /// The fewest arguments a call may pass.
    const MIN: usize;
    /// The most (`None`: any number).
    const MAX: Option<usize>;

    /// The arguments converted, in order; the number of arguments is already checked.
    fn from_args(i: &mut dyn Host, a: &Args) -> Result<Self, EvalError>;
}

/// Argument `k` of the call converted, or its value when left out.
fn nth<T: FromArg>(i: &mut dyn Host, a: &Args, k: usize) -> Result<T, EvalError> {
    match a.values.get(k) {
        Some(v) => T::from_arg(i, v, a.span(k)),
        None => T::missing().ok_or_else(|| {
            EvalError::new(format!("internal: argument {} is missing", k + 1), a.call)
        }),
    }
}

impl FromArgs for () {
    const MIN: usize = 0;
    const MAX: Option<usize> = Some(0);

    fn from_args(_: &mut dyn Host, _: &Args) -> Result<(), EvalError> {
        Ok(())
    }
}

impl<T: FromArg> FromArgs for T {
    const MIN: usize = T::REQUIRED as usize;
    const MAX: Option<usize> = Some(1);

    fn from_args(i: &mut dyn Host, a: &Args) -> Result<T, EvalError> {
        nth(i, a, 0)
    }
}

macro_rules! tuple_args {
    ($n:literal: $($t:ident $k:tt),+) => {
        impl<$($t: FromArg),+> FromArgs for ($($t,)+) {
            const MIN: usize = 0 $(+ $t::REQUIRED as usize)+;
            const MAX: Option<usize> = Some($n);

            fn from_args(i: &mut dyn Host, a: &Args) -> Result<Self, EvalError> {
                Ok(($(nth::<$t>(i, a, $k)?,)+))
            }
        }
    };
}

tuple_args!(2: A 0, B 1);
tuple_args!(3: A 0, B 1, C 2);
tuple_args!(4: A 0, B 1, C 2, D 3);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::Declaration;
    use crate::builtins::call_with;
    use crate::syntax::Span;

    /// The message of the error `source` stops at.
    fn error_of(source: &str) -> String {
        let failure = crate::Session::new().eval(source).unwrap_err();
        failure.diagnostic.message
    }

    /// The arity of a typed built-in comes from its argument types.
    #[test]
    fn arity_comes_from_the_types() {
        assert_eq!(<GameId as FromArgs>::MIN, 1);
        assert_eq!(<GameId as FromArgs>::MAX, Some(1));
        assert_eq!(<(GameId, Option<Value>) as FromArgs>::MIN, 1);
        assert_eq!(<(GameId, Option<Value>) as FromArgs>::MAX, Some(2));
        assert_eq!(<(GameId, At<bool>, Rc<str>) as FromArgs>::MIN, 3);
        assert_eq!(<() as FromArgs>::MAX, Some(0));
        assert_eq!(
            error_of("heat(1)"),
            "heat takes 2 arguments but 1 was given"
        );
        assert_eq!(
            error_of("mean(1, 2)"),
            "mean takes 1 argument but 2 were given"
        );
    }

    /// A value of the wrong kind is reported at the argument, by the conversion.
    #[test]
    fn conversion_errors_name_the_kind() {
        assert_eq!(error_of("mean([1])"), "expected a game, found a list");
        assert_eq!(
            error_of("heat(1, \"hot\")"),
            "expected a game, found a string"
        );
        let failure = crate::Session::new().eval("heat(1, [2])").unwrap_err();
        assert_eq!(failure.diagnostic.span, 8..11);
    }

    const PAIR: Typed<(BigInt, Option<At<bool>>)> = Typed {
        name: "pair",
        topic: Topic::Language,
        params: "n, flag",
        summary: "a test",
        example: ("pair(1)", "[1, false]"),
        run: |_, _, (n, flag)| {
            let flag = flag.is_some_and(|f| f.value && f.span == Span::new(5, 9));
            Ok(Value::list(vec![Value::number(n), Value::Bool(flag)]))
        },
    };

    /// An optional argument may be left out; one given is converted like any other.
    #[test]
    fn optional_arguments_may_be_left_out() {
        let entry: &'static _ = Box::leak(Box::new(PAIR.into_entry()));
        let (mut i, _) = crate::evaluator::interp::Interpreter::collecting();
        let at = Span::new(0, 4);
        let call = |i: &mut crate::evaluator::interp::Interpreter, values: Vec<Value>| {
            let mut args = Args::at(values, at);
            if args.spans.len() == 2 {
                args.spans[1] = Span::new(5, 9);
            }
            call_with(i, entry, &args).map(|v| i.show(&v))
        };
        assert_eq!(
            call(&mut i, vec![Value::number(2i64)]).unwrap(),
            "[2,false]"
        );
        let both = vec![Value::number(2i64), Value::Bool(true)];
        assert_eq!(call(&mut i, both).unwrap(), "[2,true]");
        let wrong = vec![Value::number(2i64), Value::number(3i64)];
        let e = call(&mut i, wrong).unwrap_err();
        assert_eq!(e.message, "expected true or false, found an integer");
        let e = call(&mut i, vec![]).unwrap_err();
        assert_eq!(e.message, "pair takes 1 to 2 arguments but 0 were given");
    }
}
