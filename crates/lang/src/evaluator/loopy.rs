//! Loopy games in the language: literals that name themselves (`a{0 | a}`) or `pass`,
//! the named loopy games (`on`, `off`, `over`, …), and arithmetic mixing them with short
//! games. The mathematics is in [`crate::game::loopy`]; this file only translates.

use super::interp::Interpreter;
use crate::game::loopy::{GraphBuilder, LoopyGame, Vertex};
use crate::game::{GameId, Notation};
use crate::impartial::loopy::LoopyGrundy;
use crate::syntax::ast::{Expr, ExprKind, Span};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::value::Scope;
use crate::values::value::Value;
use std::rc::Rc;

/// Whether a game literal must be built as a game graph: it has a label or a `pass`, here
/// or in a literal nested directly among its options.
pub(crate) fn literal_is_loopy(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Pass => true,
        ExprKind::Game { left, right, label } => {
            label.is_some() || left.iter().chain(right).any(literal_is_loopy)
        }
        _ => false,
    }
}

/// The labels of the literals enclosing the option being built, innermost last.
type Labels = Vec<(String, Vertex)>;

impl Interpreter {
    /// A literal with labels or `pass`: every brace becomes a vertex of one game graph.
    pub(crate) fn loopy_literal(
        &mut self,
        e: &Expr,
        scope: &Option<Rc<Scope>>,
    ) -> Result<Value, EvalError> {
        let mut builder = GraphBuilder::new();
        let mut labels = Labels::new();
        let start = self.literal_vertex(e, scope, &mut builder, &mut labels)?;
        Ok(self.loopy_value(builder.finish(start)))
    }

    /// The vertex of the literal `e` (a `Game` expression), with its options added.
    fn literal_vertex(
        &mut self,
        e: &Expr,
        scope: &Option<Rc<Scope>>,
        builder: &mut GraphBuilder,
        labels: &mut Labels,
    ) -> Result<Vertex, EvalError> {
        let ExprKind::Game { left, right, label } = &e.kind else {
            return Err(EvalError::new("expected a game literal", e.span));
        };
        let v = builder.vertex();
        if let Some(name) = label {
            labels.push((name.text.clone(), v));
        }
        for (side, exprs) in [(true, left), (false, right)] {
            for x in exprs {
                for w in self.option_vertices(x, v, scope, builder, labels)? {
                    if side {
                        builder.left(v, w);
                    } else {
                        builder.right(v, w);
                    }
                }
            }
        }
        if label.is_some() {
            labels.pop();
        }
        Ok(v)
    }

    /// The vertices an option expression of the literal at vertex `here` stands for.
    fn option_vertices(
        &mut self,
        x: &Expr,
        here: Vertex,
        scope: &Option<Rc<Scope>>,
        builder: &mut GraphBuilder,
        labels: &mut Labels,
    ) -> Result<Vec<Vertex>, EvalError> {
        match &x.kind {
            ExprKind::Pass => return Ok(vec![here]),
            ExprKind::Ident(name) => {
                if let Some((_, v)) = labels.iter().rev().find(|(l, _)| l == name) {
                    return Ok(vec![*v]);
                }
            }
            ExprKind::Game { .. } => {
                return Ok(vec![self.literal_vertex(x, scope, builder, labels)?]);
            }
            _ => {}
        }
        let value = self.eval(x, scope).map_err(|err| label_hint(err, labels))?;
        let items = match &value {
            Value::List(_) | Value::Set(_) => self.elements_of(&value, x.span)?.to_vec(),
            _ => vec![value],
        };
        let mut out = Vec::with_capacity(items.len());
        for item in &items {
            out.push(match item {
                Value::Game(GameValue::Loopy(g)) => builder.loopy(g),
                other => {
                    let g = self.game_of(other, x.span)?;
                    builder.short(&mut self.math.store, g)
                }
            });
        }
        Ok(out)
    }

    /// A game literal whose options include loopy games (but no labels or `pass`).
    pub(crate) fn literal_with_loopy_options(
        &mut self,
        left: &[Value],
        right: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
        let mut builder = GraphBuilder::new();
        let v = builder.vertex();
        for (side, values) in [(true, left), (false, right)] {
            for value in values {
                let w = match value {
                    Value::Game(GameValue::Loopy(g)) => builder.loopy(g),
                    other => {
                        let g = self.game_of(other, span)?;
                        builder.short(&mut self.math.store, g)
                    }
                };
                if side {
                    builder.left(v, w);
                } else {
                    builder.right(v, w);
                }
            }
        }
        Ok(self.loopy_value(builder.finish(v)))
    }

    /// `x^[on]*m` = x + upon + *m, `x^<on>*m` = x + uponth + *m, and with `v` the upon
    /// part negated: CGSuite's names for these stoppers (`short` is `x + *m`).
    pub(crate) fn upon_literal(&mut self, short: GameId, p: &crate::syntax::ast::UpPower) -> Value {
        let base = if p.to {
            LoopyGame::upon()
        } else {
            LoopyGame::uponth()
        };
        let base = if p.down { base.neg() } else { base };
        let x = LoopyGame::from_short(&mut self.math.store, short);
        let sum = x.sum_in(&base, &self.math.store);
        self.loopy_value(sum)
    }

    /// A position of a loopy ruleset stands for its loopy value in arithmetic; any other
    /// value is kept as it is (a sum keeps its components).
    pub(crate) fn loopy_operand(&mut self, v: Value, span: Span) -> Result<Value, EvalError> {
        if let Value::Game(GameValue::Position(p)) = &v
            && p.may_be_loopy()
        {
            let p = p.clone();
            let value = p.value_or_loopy(self, span)?;
            if matches!(
                value,
                Value::Game(GameValue::Loopy(_)) | Value::Game(GameValue::LoopyNim(_))
            ) {
                return Ok(value);
            }
        }
        Ok(v)
    }

    /// The sum of generalised Sprague–Grundy values (Smith): a nimber or `∞_K` each.
    pub(crate) fn loopy_nim_sum(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
    ) -> Result<Value, EvalError> {
        let x = self.loopy_grundy_of(a, spans.0)?;
        let y = self.loopy_grundy_of(b, spans.1)?;
        Ok(self.loopy_grundy_value(x.add(&y)))
    }

    /// The generalised Sprague–Grundy value of a value: `∞_K`, or a nimber's size.
    pub(crate) fn loopy_grundy_of(
        &mut self,
        v: &Value,
        span: Span,
    ) -> Result<LoopyGrundy, EvalError> {
        if let Value::Game(GameValue::LoopyNim(g)) = v {
            return Ok(g.as_ref().clone());
        }
        let v = self.loopy_operand(v.clone(), span)?;
        if let Value::Game(GameValue::LoopyNim(g)) = &v {
            return Ok(g.as_ref().clone());
        }
        let g = self.game_of(&v, span)?;
        match self.math.store.as_nimber(g) {
            Some(m) => Ok(LoopyGrundy::Finite(m)),
            None => Err(EvalError::new(
                "an impartial loopy value adds only to impartial games (nimbers)",
                span,
            )),
        }
    }

    /// The game graph of a value: a loopy game, or any short game (as a graph).
    pub(crate) fn loopy_of(&mut self, v: &Value, span: Span) -> Result<LoopyGame, EvalError> {
        let v = &self.loopy_operand(v.clone(), span)?;
        if let Value::Game(GameValue::Loopy(g)) = v {
            return Ok(g.as_ref().clone());
        }
        if let Value::Game(GameValue::LoopyNim(g)) = v {
            return Err(EvalError::new(
                format!(
                    "{} is a generalised Sprague-Grundy value, which only impartial games add to",
                    g.text(self.notation == Notation::Unicode)
                ),
                span,
            ));
        }
        let g: GameId = self.game_of(v, span)?;
        Ok(LoopyGame::from_short(&mut self.math.store, g))
    }

    /// `a + b`, `a - b` where one side is loopy.
    pub(crate) fn loopy_sum(
        &mut self,
        a: &Value,
        b: &Value,
        subtract: bool,
        spans: (Span, Span),
    ) -> Result<Value, EvalError> {
        let g = self.loopy_of(a, spans.0)?;
        let mut h = self.loopy_of(b, spans.1)?;
        if subtract {
            h = h.neg();
        }
        Ok(self.loopy_value(g.sum(&h)))
    }

    /// `n * g` for a loopy game: the sum of |n| copies of g (of -g when n < 0), simplified
    /// after each copy so that the sum's graph stays the size of a simplest form instead
    /// of growing as a product of n graphs.
    pub(crate) fn loopy_multiple(
        &mut self,
        g: &Value,
        n: &crate::values::number::Num,
        count_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        const MAX_COPIES: i64 = 1000;
        let count = n
            .to_integer()
            .and_then(|k| i64::try_from(&k).ok())
            .filter(|k| k.abs() <= MAX_COPIES)
            .ok_or_else(|| {
                EvalError::new(
                    format!("a loopy game can be multiplied by an integer from -{MAX_COPIES} to {MAX_COPIES}"),
                    count_span,
                )
                .with_help("n * G is the sum of n copies of G")
            })?;
        let mut unit = self.loopy_of(g, span)?;
        if count < 0 {
            unit = unit.neg();
        }
        let mut total = Value::short(self.math.store.zero());
        for _ in 0..count.abs() {
            self.math.store.check_interrupt();
            let sum = self.loopy_of(&total, span)?.sum(&unit);
            total = self.loopy_value(sum);
        }
        Ok(total)
    }

    /// `g <= h` where one side is loopy.
    pub(crate) fn loopy_leq(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<bool, EvalError> {
        let g = self.loopy_of(a, spans.0)?;
        let h = self.loopy_of(b, spans.1)?;
        g.leq(&h, &mut self.math.store)
            .map_err(|e| loopy_error(e, span))
    }

    /// `g == h` where one side is loopy.
    pub(crate) fn loopy_equal(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
    ) -> Result<bool, EvalError> {
        let g = self.loopy_of(a, spans.0)?;
        let h = self.loopy_of(b, spans.1)?;
        g.equals(&h, &mut self.math.store)
            .map_err(|e| loopy_error(e, spans.0.to(spans.1)))
    }

    /// `onside & offside`: the game whose onside and offside are these stoppers.
    pub(crate) fn loopy_sided(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Value, EvalError> {
        let on = self.loopy_of(a, spans.0)?;
        let off = self.loopy_of(b, spans.1)?;
        let g = crate::game::loopy::sided(&on, &off, &mut self.math.store)
            .map_err(|e| loopy_error(e, span))?;
        Ok(self.loopy_value(g))
    }

    pub(crate) fn show_loopy(&mut self, g: &LoopyGame) -> String {
        let unicode = self.notation == Notation::Unicode;
        g.display(&mut self.math.store, unicode)
    }
}

pub(crate) use crate::values::error::loopy_error;

/// An unknown name inside a loopy literal that is one of its labels: a label used inside an
/// expression.
fn label_hint(err: EvalError, labels: &Labels) -> EvalError {
    // Only an unknown name that is one of the labels in scope: other errors keep their help.
    let is_label = labels
        .iter()
        .any(|(l, _)| err.message == format!("unknown name `{l}`"));
    if !is_label {
        return err;
    }
    err.with_help(
        "a label names its game only as a whole option, as in a{0 | a}; it cannot be part of an \
         expression",
    )
}
