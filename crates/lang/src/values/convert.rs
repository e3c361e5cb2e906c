//! Conversions between language values and games.

use super::error::EvalError;
use super::number::Num;
use super::value::Value;
use crate::game::Dyadic;
use crate::syntax::Span;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;

/// `n` as a dyadic rational, or the standard error for a non-dyadic one.
pub(crate) fn dyadic(n: &BigRational, span: Span) -> Result<Dyadic, EvalError> {
    Dyadic::from_rational(n).ok_or_else(|| {
        EvalError::new(
            format!("{}/{} is not dyadic, so it is not a short game", n.numer(), n.denom()),
            span,
        )
        .with_label("a game is needed here")
        .with_help(format!("short games have dyadic number values (denominators 1, 2, 4, 8, …); {}/{} is fine in arithmetic but cannot be a game", n.numer(), n.denom()))
    })
}

/// A number value as a dyadic rational, or the standard error for a non-dyadic one.
pub(crate) fn number_dyadic(n: &Num, span: Span) -> Result<Dyadic, EvalError> {
    match n {
        Num::Small(k) => Ok(Dyadic::from_i64(*k)),
        Num::Big(r) => dyadic(r, span),
    }
}

pub(crate) fn expect_integer(v: &Value, span: Span) -> Result<BigInt, EvalError> {
    match v {
        Value::Number(n) if let Some(k) = n.to_integer() => Ok(k),
        other => Err(EvalError::new(
            format!("expected an integer, found {}", other.kind()),
            span,
        )),
    }
}

pub(crate) fn expect_u64(v: &Value, span: Span, what: &str) -> Result<u64, EvalError> {
    if let Value::Number(Num::Small(k)) = v
        && let Ok(n) = u64::try_from(*k)
    {
        return Ok(n);
    }
    let n = expect_integer(v, span)?;
    n.to_u64().ok_or_else(|| {
        EvalError::new(
            format!("{what} must be between 0 and 2^64 - 1, not {n}"),
            span,
        )
    })
}

/// The elements of a list, or of a set (`subtraction({1, 3, 4})`) in the order written.
pub(crate) fn expect_list(v: &Value, span: Span) -> Result<std::rc::Rc<Vec<Value>>, EvalError> {
    match v {
        Value::List(items) => Ok(items.clone()),
        Value::Set(s) => Ok(std::rc::Rc::new(s.values().cloned().collect())),
        other => Err(EvalError::new(
            format!("expected a list, found {}", other.kind()),
            span,
        )),
    }
}

pub(crate) fn expect_bool(v: &Value, span: Span) -> Result<bool, EvalError> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(EvalError::new(
            format!("expected true or false, found {}", other.kind()),
            span,
        )),
    }
}
