//! Operators: arithmetic on numbers and games, comparisons, `+-`, ranges.

use super::interp::Interpreter;
use crate::syntax::{BinaryOp, Span, UnaryOp};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::args::Args;
use crate::values::convert::expect_integer;
use crate::values::error::EvalError;
use crate::values::game_value::Algebra;
use crate::values::game_value::GameValue;
use crate::values::number::Num;
use crate::values::transfinite::Transfinites;
use crate::values::value::Value;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::rc::Rc;

/// Ranges longer than this are refused rather than filling memory.
pub(crate) const MAX_RANGE: u64 = 10_000_000;

/// The bounds of `lo..hi` when a comprehension can run over it without building the list:
/// both small integers, at most [`MAX_RANGE`] apart (any other range is made by `..` as
/// usual, with its errors).
pub(crate) fn small_range(lo: &Value, hi: &Value) -> Option<(i64, i64)> {
    match (lo, hi) {
        (Value::Number(Num::Small(a)), Value::Number(Num::Small(b)))
            if (*b as i128 - *a as i128) < MAX_RANGE as i128 =>
        {
            Some((*a, *b))
        }
        _ => None,
    }
}

/// An error unless a list of `len` values (a range, or a comprehension over one) fits in
/// the memory budget beside the heap in use: asked before the list is allocated, since
/// one allocation of hundreds of megabytes can fail under an address-space limit before
/// the budget's polls see it.
pub(crate) fn range_fits(len: usize, span: Span) -> Result<(), EvalError> {
    let bytes = len.saturating_mul(std::mem::size_of::<Value>());
    EvalError::reserve("the list", len, "elements", bytes, span)
}

impl Interpreter {
    pub(crate) fn unary(
        &mut self,
        op: UnaryOp,
        v: Value,
        span: Span,
        operand_span: Span,
    ) -> Result<Value, EvalError> {
        match (op, v) {
            (UnaryOp::Neg, Value::Number(n)) => Ok(Value::Number(n.neg())),
            (UnaryOp::Neg, Value::Game(GameValue::Transfinite(t))) => {
                self.transfinite_neg(&t, span)
            }
            (UnaryOp::Neg, Value::Game(GameValue::Loopy(g))) => Ok(self.loopy_value(g.neg())),
            (UnaryOp::Neg, v) if is_gamelike(&v) => {
                let g = self.game_of(&v, operand_span)?;
                Ok(Value::short(self.math.store.neg(g)))
            }
            (UnaryOp::PlusMinus, Value::Game(GameValue::Loopy(g))) => {
                // +-G = {G | -G}, a switch (CGSuite prints it ±G).
                let minus = Value::loopy(Rc::new(g.neg()));
                self.literal_with_loopy_options(&[Value::loopy(g)], &[minus], span)
            }
            (UnaryOp::PlusMinus, v) if is_gamelike(&v) => {
                let g = self.game_of(&v, operand_span)?;
                let ng = self.math.store.neg(g);
                Ok(Value::short(self.math.store.canonical(&[g], &[ng])))
            }
            (UnaryOp::PlusMinus, v @ (Value::List(_) | Value::Set(_))) => {
                // +-{A, B} = {A, B | -A, -B}
                let items = self.elements_of(&v, operand_span)?;
                if items.iter().any(|x| x.is_game_of(Algebra::Loopy)) {
                    let left: Vec<Value> = items.to_vec();
                    let mut right = Vec::with_capacity(left.len());
                    for x in &left {
                        right.push(self.unary(UnaryOp::Neg, x.clone(), span, operand_span)?);
                    }
                    return self.literal_with_loopy_options(&left, &right, span);
                }
                let mut left = Vec::with_capacity(items.len());
                for v in items.iter() {
                    left.push(self.game_of(v, operand_span)?);
                }
                let right: Vec<_> = left.iter().map(|&g| self.math.store.neg(g)).collect();
                Ok(Value::short(self.math.store.canonical(&left, &right)))
            }
            (UnaryOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
            (op, v) => {
                let sym = match op {
                    UnaryOp::Neg => "-",
                    UnaryOp::PlusMinus => "+-",
                    UnaryOp::Not => "not",
                };
                Err(EvalError::new(
                    format!("`{sym}` cannot be applied to {}", v.kind()),
                    span,
                ))
            }
        }
    }

    pub(crate) fn binary(
        &mut self,
        op: BinaryOp,
        a: Value,
        b: Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Value, EvalError> {
        use BinaryOp::*;
        // Transfinite numbers and nimbers have their own arithmetic, whatever the other
        // operand (a rational number is one too).
        if matches!(op, Add | Sub | LiteralSum | Mul | Div)
            && Algebra::Transfinite.in_either(&a, &b)
        {
            return self.transfinite_binary(op, &a, &b, spans, span);
        }
        match op {
            Add | Sub | LiteralSum => {
                if let (Value::Number(x), Value::Number(y)) = (&a, &b) {
                    return Ok(Value::Number(if op == Sub { x.sub(y) } else { x.add(y) }));
                }
                if let (Value::Str(x), Value::Str(y), Add) = (&a, &b, op) {
                    let len = x.len() + y.len();
                    EvalError::reserve("the string", len, "bytes", len, span)?;
                    return Ok(Value::Str(format!("{x}{y}").into()));
                }
                if let Some(v) = self.combine_collections(op == Sub, &a, &b) {
                    return Ok(v);
                }
                match (a, b) {
                    (Value::List(x), Value::List(y)) if op == Add => {
                        let len = x.len() + y.len();
                        let bytes = len.saturating_mul(std::mem::size_of::<Value>());
                        EvalError::reserve("the list", len, "elements", bytes, span)?;
                        // The left list is extended in place when nothing else holds it (a
                        // list just built, as in `[…] + […]`).
                        let mut v = Rc::try_unwrap(x).unwrap_or_else(|shared| (*shared).clone());
                        v.extend(y.iter().cloned());
                        Ok(Value::list(v))
                    }
                    (a, b) => self.add_games(op, a, b, spans, span),
                }
            }
            PlusMinus => {
                self.check_game_operands(op, &a, &b, spans, span)?;
                let (g, h) = (self.game_of(&a, spans.0)?, self.game_of(&b, spans.1)?);
                let l = self.math.store.add(g, h);
                let r = self.math.store.sub(g, h);
                Ok(Value::short(self.math.store.canonical(&[l], &[r])))
            }
            Mul => self.multiply(a, b, spans, span),
            Sided => {
                self.check_game_operands(op, &a, &b, spans, span)?;
                self.loopy_sided(&a, &b, spans, span)
            }
            At => {
                let args = Args {
                    values: vec![b],
                    spans: vec![spans.1],
                    call: span,
                    callee: spans.0,
                };
                self.call(&a, args)
            }
            OrdinalSum if crate::values::explicit::as_form(&a).is_some() => {
                crate::values::explicit::form_ordinal_sum(self, &a, &b, spans)
            }
            OrdinalSum if Algebra::Loopy.in_either(&a, &b) => {
                let g = self.loopy_of(&a, spans.0)?;
                let h = self.loopy_of(&b, spans.1)?;
                let sum = g
                    .ordinal_sum(&h)
                    .map_err(|e| super::loopy::loopy_error(e, span))?;
                Ok(self.loopy_value(sum))
            }
            OrdinalSum => {
                self.check_game_operands(op, &a, &b, spans, span)?;
                let (g, h) = (self.game_of(&a, spans.0)?, self.game_of(&b, spans.1)?);
                Ok(Value::short(self.math.store.ordinal_sum(g, h)))
            }
            Div => match (&a, &b) {
                (Value::Number(x), Value::Number(y)) => match x.div(y) {
                    Some(q) => Ok(Value::Number(q)),
                    None => Err(EvalError::new("division by zero", spans.1)),
                },
                _ => Err(EvalError::new(
                    format!("`/` divides numbers, not {} by {}", a.kind(), b.kind()),
                    span,
                )),
            },
            In | NotIn => {
                let found = self.contains(&b, &a, spans)?;
                Ok(Value::Bool(found == (op == In)))
            }
            FloorDiv | Mod => match (&a, &b) {
                (Value::Number(x), Value::Number(y)) => {
                    let r = if op == Mod {
                        x.modulo(y)
                    } else {
                        x.floor_div(y)
                    };
                    match r {
                        Some(r) => Ok(Value::Number(r)),
                        None => Err(EvalError::new("division by zero", spans.1)),
                    }
                }
                _ => Err(EvalError::new(
                    format!(
                        "`{}` works on numbers, not {} and {}",
                        op.symbol(),
                        a.kind(),
                        b.kind()
                    ),
                    span,
                )
                .with_help(
                    "games have no division; `%` and `//` are for integers (and rationals)",
                )),
            },
            Range => {
                if let (Value::Number(Num::Small(lo)), Value::Number(Num::Small(hi))) = (&a, &b) {
                    // The common case, a range of small integers, without big arithmetic.
                    let len = (*hi as i128 - *lo as i128 + 1).max(0) as u128;
                    if len <= MAX_RANGE as u128 {
                        range_fits(len as usize, span)?;
                        return Ok(Value::list((*lo..=*hi).map(Value::number).collect()));
                    }
                }
                let lo = expect_integer(&a, spans.0)?;
                let hi = expect_integer(&b, spans.1)?;
                let len = (&hi - &lo + BigInt::from(1))
                    .to_i64()
                    .unwrap_or(i64::MAX)
                    .max(0) as u64;
                if len > MAX_RANGE {
                    return Err(EvalError::new(
                        format!("the range has {len} elements, more than {MAX_RANGE}"),
                        span,
                    ));
                }
                range_fits(len as usize, span)?;
                let items = (0..len)
                    .map(|i| Value::number(&lo + BigInt::from(i)))
                    .collect();
                Ok(Value::list(items))
            }
            Eq | Ne => {
                let eq = self.values_equal(&a, &b, spans)?;
                Ok(Value::Bool(eq == (op == Eq)))
            }
            Le | Ge | Lt | Gt | Confused | LessOrConfused | GreaterOrConfused => {
                let ord = self.partial_order(&a, &b, spans, span)?;
                let r = match op {
                    Le => matches!(ord, Some(Ordering::Less | Ordering::Equal)),
                    Ge => matches!(ord, Some(Ordering::Greater | Ordering::Equal)),
                    Lt => ord == Some(Ordering::Less),
                    Gt => ord == Some(Ordering::Greater),
                    Confused => ord.is_none(),
                    LessOrConfused => matches!(ord, None | Some(Ordering::Less)),
                    _ => matches!(ord, None | Some(Ordering::Greater)),
                };
                Ok(Value::Bool(r))
            }
            // `and`/`or` short-circuit in the expression evaluator.
            And | Or => Err(EvalError::new(
                "internal: boolean operator reached ops",
                span,
            )),
        }
    }

    /// `a + b`, `a - b` of games (or a game and a number), in the algebra the two combine in
    /// ([`Algebra::join`]).
    fn add_games(
        &mut self,
        op: BinaryOp,
        a: Value,
        b: Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Value, EvalError> {
        // A misère form plus a misère form, a position or a nim heap (`kayles(5) + *[2]`):
        // the misère simplest form of the sum, the forms of the two parts added.
        if op == BinaryOp::Add && Algebra::of_either(&a, &b) == Some(Algebra::Misere) {
            let g = self.misere_form_of(&a, spans.0)?;
            let h = self.misere_form_of(&b, spans.1)?;
            return Ok(Value::misere(self.math.misere.add(g, h)));
        }
        self.check_game_operands(op, &a, &b, spans, span)?;
        // A position of a game with cycles is a loopy game (or a loopy nim value).
        let a = self.loopy_operand(a, spans.0)?;
        let b = self.loopy_operand(b, spans.1)?;
        match Algebra::join(&a, &b) {
            Some(Algebra::LoopyNim) => self.loopy_nim_sum(&a, &b, spans),
            Some(Algebra::Loopy) => self.loopy_sum(&a, &b, op == BinaryOp::Sub, spans),
            // A sum keeps its components (positions, and games written as literals), so
            // that `winning_moves`, `misere_outcome` and `:play` see the sum and not only
            // its canonical form; it still prints and compares as its value. (Two numbers
            // were added as numbers before: one operand here is a game.)
            _ if op == BinaryOp::Add => self.sum_of(a, b, spans),
            _ => {
                let (g, h) = (self.game_of(&a, spans.0)?, self.game_of(&b, spans.1)?);
                Ok(Value::short(if op == BinaryOp::Sub {
                    self.math.store.sub(g, h)
                } else {
                    self.math.store.add(g, h)
                }))
            }
        }
    }

    fn check_game_operands(
        &self,
        op: BinaryOp,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<(), EvalError> {
        for (v, s) in [(a, spans.0), (b, spans.1)] {
            if !is_gamelike(v) {
                return Err(EvalError::new(
                    format!(
                        "`{}` needs games or numbers, found {}",
                        op.symbol(),
                        v.kind()
                    ),
                    s,
                )
                .with_label(format!("this is {}", v.kind())));
            }
        }
        let _ = span;
        Ok(())
    }

    fn multiply(
        &mut self,
        a: Value,
        b: Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Value, EvalError> {
        // A position multiplies as its value: `3 * domineering(2, 2)`.
        let a = if super::play::is_position(&a) {
            Value::short(self.game_of(&a, spans.0)?)
        } else {
            a
        };
        let b = if super::play::is_position(&b) {
            Value::short(self.game_of(&b, spans.1)?)
        } else {
            b
        };
        match (&a, &b) {
            (Value::Number(x), Value::Number(y)) => Ok(Value::Number(x.mul(y))),
            (Value::Game(GameValue::Short(g)), Value::Game(GameValue::Short(h)))
                if self.math.store.is_nimber(*g) && self.math.store.is_nimber(*h) =>
            {
                // *a * *b: Conway's nim multiplication.
                let (x, y) = (self.math.store.as_nimber(*g), self.math.store.as_nimber(*h));
                let n = crate::impartial::nim_product(x.unwrap_or(0), y.unwrap_or(0));
                Ok(Value::short(self.math.store.nimber(n)))
            }
            (Value::Number(n), Value::Game(GameValue::Short(g)))
            | (Value::Game(GameValue::Short(g)), Value::Number(n)) => {
                let Some(n) = n.to_integer() else {
                    let s = if matches!(a, Value::Number(_)) {
                        spans.0
                    } else {
                        spans.1
                    };
                    return Err(
                        EvalError::new("a game can only be multiplied by an integer", s)
                            .with_help("n * G is the sum of n copies of G"),
                    );
                };
                Ok(Value::short(self.math.store.multiple(*g, &n)))
            }
            (Value::Number(n), Value::Game(GameValue::Loopy(_)))
            | (Value::Game(GameValue::Loopy(_)), Value::Number(n)) => {
                let (g, count_span) = if matches!(a, Value::Number(_)) {
                    (&b, spans.0)
                } else {
                    (&a, spans.1)
                };
                self.loopy_multiple(g, n, count_span, span)
            }
            _ => Err(EvalError::new(
                format!(
                    "`*` multiplies numbers, or an integer and a game; found {} and {}",
                    a.kind(),
                    b.kind()
                ),
                span,
            )),
        }
    }

    /// Equality of values: numbers exactly, games by canonical form (a number equals the
    /// number game), lists elementwise, and the rest structurally.
    pub(crate) fn values_equal(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
    ) -> Result<bool, EvalError> {
        if let Some((x, y)) = self.loopy_operands(a, b, spans)? {
            return self.values_equal(&x, &y, spans);
        }
        Ok(match (a, b) {
            (Value::Number(x), Value::Number(y)) => x == y,
            (Value::Number(x), Value::Game(GameValue::Short(_)))
            | (Value::Game(GameValue::Short(_)), Value::Number(x)) => {
                if !x.is_dyadic() {
                    false
                } else {
                    self.game_of(a, spans.0)? == self.game_of(b, spans.1)?
                }
            }
            (Value::Game(GameValue::Short(g)), Value::Game(GameValue::Short(h))) => g == h,
            (Value::Bool(x), Value::Bool(y)) => x == y,
            (Value::Outcome(x), Value::Outcome(y)) => x == y,
            // `outcome(g) == "P"`: an outcome class equals the string of its letter.
            (Value::Outcome(o), Value::Str(t)) | (Value::Str(t), Value::Outcome(o)) => {
                o.to_string() == t.as_ref()
            }
            (Value::Str(x), Value::Str(y)) => x == y,
            // Printed text (a loopy outcome class such as `D` or `N̂`) equals the same text,
            // or the string of it, in either notation.
            (Value::Text(x), Value::Text(y) | Value::Str(y)) | (Value::Str(y), Value::Text(x)) => {
                use crate::builtins::outcome_spelling;
                outcome_spelling(x) == outcome_spelling(y)
            }
            (Value::List(x), Value::List(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                for (p, q) in x.iter().zip(y.iter()) {
                    if !self.values_equal(p, q, spans)? {
                        return Ok(false);
                    }
                }
                true
            }
            // Records (grids, tables) field by field.
            (Value::Record(x), Value::Record(y)) => {
                if x.kind != y.kind || x.fields.len() != y.fields.len() {
                    return Ok(false);
                }
                for ((n, p), (m, q)) in x.fields.iter().zip(y.fields.iter()) {
                    if n != m || !self.values_equal(p, q, spans)? {
                        return Ok(false);
                    }
                }
                true
            }
            (Value::Unit, Value::Unit) => true,
            // A function equals itself only (see `Callable::same`).
            (Value::Function(f), Value::Function(g)) => f.same(g),
            (Value::Game(GameValue::Misere(g)), Value::Game(GameValue::Misere(h))) => g == h,
            (Value::Game(GameValue::Transfinite(x)), Value::Game(GameValue::Transfinite(y))) => {
                x == y
            }
            (Value::Game(GameValue::Loopy(_)), other)
            | (other, Value::Game(GameValue::Loopy(_)))
                if is_gamelike(other) =>
            {
                self.loopy_equal(a, b, spans)?
            }
            (Value::Set(_), Value::Set(_)) | (Value::Map(_), Value::Map(_)) => {
                self.collections_equal(a, b, spans)?
            }
            (p, other) | (other, p) if super::play::is_position(p) && is_gamelike(other) => {
                self.game_of(a, spans.0)? == self.game_of(b, spans.1)?
            }
            _ => false,
        })
    }

    /// Two operands with a position of a loopy game among them (a loopy ruleset written in
    /// cgt, a Fox and Geese board) as the loopy values they stand for, when one of them has
    /// a loopy value; `None` otherwise, so that short values compare as before.
    fn loopy_operands(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
    ) -> Result<Option<(Value, Value)>, EvalError> {
        let loopy_position =
            |v: &Value| matches!(v, Value::Game(GameValue::Position(p)) if p.may_be_loopy());
        if !loopy_position(a) && !loopy_position(b) {
            return Ok(None);
        }
        let x = self.loopy_operand(a.clone(), spans.0)?;
        let y = self.loopy_operand(b.clone(), spans.1)?;
        // Only a position that became its loopy value changes anything (and the operands
        // then hold no loopy position, so the caller's second look ends here).
        let became = |before: &Value, after: &Value| {
            matches!(before, Value::Game(GameValue::Position(_)))
                && !matches!(after, Value::Game(GameValue::Position(_)))
        };
        Ok((became(a, &x) || became(b, &y)).then_some((x, y)))
    }

    /// The partial order of games (numbers by value; a number and a game as games).
    pub(crate) fn partial_order(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Option<Ordering>, EvalError> {
        if let (Value::Number(x), Value::Number(y)) = (a, b) {
            return Ok(Some(x.cmp_num(y)));
        }
        if let (Value::Str(x), Value::Str(y)) = (a, b) {
            return Ok(Some(x.cmp(y)));
        }
        if Algebra::Transfinite.in_either(a, b) {
            return self.transfinite_order(a, b, spans);
        }
        for (v, s) in [(a, spans.0), (b, spans.1)] {
            if !is_gamelike(v) {
                return Err(
                    EvalError::new(format!("cannot compare {}", v.kind()), s).with_help(format!(
                        "comparisons are between games or numbers; found {} and {}",
                        a.kind(),
                        b.kind()
                    )),
                );
            }
        }
        if let Some((x, y)) = self.loopy_operands(a, b, spans)? {
            return self.partial_order(&x, &y, spans, span);
        }
        if Algebra::Loopy.in_either(a, b) {
            let le = self.loopy_leq(a, b, spans, span)?;
            let ge = self.loopy_leq(b, a, (spans.1, spans.0), span)?;
            return Ok(match (le, ge) {
                (true, true) => Some(Ordering::Equal),
                (true, false) => Some(Ordering::Less),
                (false, true) => Some(Ordering::Greater),
                (false, false) => None,
            });
        }
        let g = self.game_of(a, spans.0)?;
        let h = self.game_of(b, spans.1)?;
        Ok(self.math.store.compare(g, h))
    }
}

use super::play::is_gamelike;
