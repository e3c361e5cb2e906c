//! Surreal numbers, ordinals and transfinite nimbers as language values
//! ([`crate::values::game_value::GameValue::Transfinite`]): conversions between them and cgt's numbers and nimbers, and
//! the operators on them. The mathematics is in `cgt_core::ordinal`.

use super::error::EvalError;
use super::host::Host;
use super::value::Value;
use crate::ordinal::big::BigOrdinal;
use crate::ordinal::surreal::{Surreal, SurrealError};
use crate::ordinal::transfinite::{Transfinite, TransfiniteError};
use crate::syntax::{BinaryOp, Span};
use crate::values::game_value::GameValue;
use std::cmp::Ordering;
use std::rc::Rc;

pub(crate) fn transfinite_error(e: TransfiniteError, span: Span) -> EvalError {
    EvalError::new(e.to_string(), span)
}

/// The transfinite operations of the evaluator and the built-ins, for any host.
pub(crate) trait Transfinites: Host {
    /// A transfinite value as the language holds it: a rational stays a number, a finite
    /// nimber a game.
    fn transfinite_value(&mut self, t: Transfinite) -> Value {
        match &t {
            Transfinite::Number(s) => {
                if let Some(r) = s.as_rational() {
                    return Value::number(r);
                }
            }
            Transfinite::Nimber(a) => {
                if let Some(n) = a.as_finite() {
                    return Value::short(self.math_mut().store.nimber(n));
                }
            }
            Transfinite::Ordinal(_) => {}
        }
        Value::Game(GameValue::Transfinite(Rc::new(t)))
    }

    /// A value as a transfinite one, where it is one: numbers, transfinite values and
    /// nimbers `*n`.
    fn as_transfinite(&self, v: &Value) -> Option<Transfinite> {
        match v {
            Value::Game(GameValue::Transfinite(t)) => Some((**t).clone()),
            Value::Number(n) => Some(Transfinite::Number(Surreal::from_rational(
                &n.to_rational(),
            ))),
            Value::Game(GameValue::Short(g)) => self
                .math()
                .store
                .as_nimber(*g)
                .map(|n| Transfinite::Nimber(BigOrdinal::finite(n))),
            _ => None,
        }
    }

    fn transfinite_operand(&self, v: &Value, span: Span) -> Result<Transfinite, EvalError> {
        self.as_transfinite(v).ok_or_else(|| {
            EvalError::new(
                format!(
                    "{} does not combine with surreal numbers or transfinite nimbers",
                    v.kind()
                ),
                span,
            )
        })
    }

    /// `a op b` when either side is a transfinite value: `+ - * /` and nothing else.
    fn transfinite_binary(
        &mut self,
        op: BinaryOp,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Value, EvalError> {
        let x = self.transfinite_operand(a, spans.0)?;
        let y = self.transfinite_operand(b, spans.1)?;
        let r = match op {
            BinaryOp::Add | BinaryOp::LiteralSum => x.add(&y),
            BinaryOp::Sub => x.sub(&y),
            BinaryOp::Mul => x.mul(&y),
            BinaryOp::Div => x.div(&y),
            _ => {
                return Err(EvalError::new(
                    format!(
                        "`{}` is not defined on surreal numbers or transfinite nimbers",
                        op.symbol()
                    ),
                    span,
                ));
            }
        };
        let r = r.map_err(|e| {
            // Division by zero points at the divisor, as for numbers.
            let at = match e {
                TransfiniteError::Surreal(SurrealError::DivisionByZero) => spans.1,
                _ => span,
            };
            transfinite_error(e, at)
        })?;
        Ok(self.transfinite_value(r))
    }

    /// `-x` of a transfinite value.
    fn transfinite_neg(&mut self, t: &Transfinite, span: Span) -> Result<Value, EvalError> {
        let r = t.neg().map_err(|e| transfinite_error(e, span))?;
        Ok(self.transfinite_value(r))
    }

    /// The order when either side is transfinite (`None`: confused).
    fn transfinite_order(
        &self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
    ) -> Result<Option<Ordering>, EvalError> {
        let x = self.transfinite_operand(a, spans.0)?;
        let y = self.transfinite_operand(b, spans.1)?;
        Ok(x.compare(&y))
    }

    /// `*α` for a value α: a nimber for an integer, a transfinite nimber for an ordinal.
    fn transfinite_nimber(&mut self, t: &Transfinite, span: Span) -> Result<Value, EvalError> {
        let a = t.as_ordinal().ok_or_else(|| {
            EvalError::new(
                format!("the size of a nimber is an ordinal, not {}", t.kind()),
                span,
            )
        })?;
        Ok(self.transfinite_value(Transfinite::Nimber(a)))
    }

    /// A nim-heap size for nim_sum and nim_product: an ordinal, or `*α`. The flag says
    /// whether it was a nimber.
    fn nim_ordinal(&self, v: &Value, span: Span) -> Result<(BigOrdinal, bool), EvalError> {
        let t = self.transfinite_operand(v, span)?;
        match &t {
            Transfinite::Nimber(a) => Ok((a.clone(), true)),
            _ => t.as_ordinal().map(|a| (a, false)).ok_or_else(|| {
                EvalError::new(
                    format!("expected an ordinal or a nimber, found {}", t.kind()),
                    span,
                )
            }),
        }
    }

    /// The result of a nim operation: a nimber when an operand was one.
    fn nim_result(&mut self, a: BigOrdinal, nimber: bool) -> Value {
        let t = if nimber {
            Transfinite::Nimber(a)
        } else {
            Transfinite::ordinal(a)
        };
        self.transfinite_value(t)
    }
}

impl<H: Host + ?Sized> Transfinites for H {}

/// ω as a value.
pub(crate) fn omega() -> Value {
    Value::Game(GameValue::Transfinite(Rc::new(Transfinite::Number(
        Surreal::omega(),
    ))))
}
