//! Explicit game forms in the language: `'{*|*}'` keeps the form as written (the
//! mathematics is in `cgt_core::game::explicit`). A form is a position (see
//! [`PositionObject`]): it prints as written, its moves are its options, and sums,
//! comparisons and every built-in that needs a game take its value (its canonical form).
//! The ordinal sum `G : H` with a form `G` and `ordinal_product` act on the form.

use super::error::EvalError;
use super::host::Host;
use super::object::PositionObject;
use super::value::{FamilyKey, Key, Scope, Value};
use crate::game::{ExplicitForm, GameId, Style};
use crate::misere_partizan::{FormId, Forms};
use crate::syntax::{Expr, ExprKind, Span};
use crate::values::game_value::GameValue;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::cell::Cell;
use std::rc::Rc;

/// A form as a value.
#[derive(Debug)]
pub struct FormPosition {
    form: ExplicitForm,
    /// The form printed in ASCII: its memo key (two forms written alike are the same).
    ascii: Rc<str>,
    value: Cell<Option<GameId>>,
}

/// The value of a form: a written form as a [`FormPosition`], a canonical leaf as the game.
pub(crate) fn form_value(host: &mut dyn Host, form: ExplicitForm) -> Value {
    match form {
        ExplicitForm::Canonical(g) => Value::Game(GameValue::Short(g)),
        form => {
            let style = Style::cgsuite(crate::game::Notation::Ascii);
            let ascii = form.display_styled(host.store(), style).into();
            Value::Game(GameValue::Position(Rc::new(FormPosition {
                form,
                ascii,
                value: Cell::new(None),
            })))
        }
    }
}

/// The form a value is, if it is one.
pub(crate) fn as_form(v: &Value) -> Option<&ExplicitForm> {
    match v {
        Value::Game(GameValue::Position(p)) => {
            p.as_any().downcast_ref::<FormPosition>().map(|f| &f.form)
        }
        _ => None,
    }
}

/// The form of a value: a form itself, and any other game in its canonical form.
pub(crate) fn form_of(
    host: &mut dyn Host,
    v: &Value,
    span: Span,
) -> Result<ExplicitForm, EvalError> {
    if let Some(f) = as_form(v) {
        return Ok(f.clone());
    }
    Ok(ExplicitForm::Canonical(host.game_of(v, span)?))
}

impl PositionObject for FormPosition {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game_name(&self) -> String {
        "explicit form".into()
    }

    fn is_impartial(&self) -> bool {
        false
    }

    /// `'{*|{0|*}}'`.
    fn text(&self, host: &mut dyn Host) -> String {
        let style = Style::cgsuite(host.notation());
        format!("'{}'", self.form.display_styled(host.store(), style))
    }

    fn describe(&self) -> String {
        "an explicit game form (kept as written)".into()
    }

    fn value(&self, host: &mut dyn Host, _span: Span) -> Result<GameId, EvalError> {
        if let Some(g) = self.value.get() {
            return Ok(g);
        }
        let g = host.store().form_value(&self.form);
        self.value.set(Some(g));
        Ok(g)
    }

    /// Printed as written, not as its value.
    fn show(&self, host: &mut dyn Host) -> String {
        self.text(host)
    }

    /// Its options as written.
    fn moves(
        &self,
        host: &mut dyn Host,
        _span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let (l, r) = self.form.options(host.store());
        let l = l.into_iter().map(|f| form_value(host, f)).collect();
        let r = r.into_iter().map(|f| form_value(host, f)).collect();
        Ok((l, r))
    }

    fn key(&self) -> Option<Key> {
        Some(Key::Position(
            FamilyKey::Named("explicit form"),
            Box::new(Key::Str(self.ascii.clone())),
        ))
    }
}

/// A form as a value: an explicit form, whose parts that are canonical forms of short
/// games are those games (so it prints `'{0,*|1}'` and reads back as itself).
pub(crate) fn partizan_value(host: &mut dyn Host, g: FormId) -> Value {
    let mut f = std::mem::take(host.math_mut().cache::<Forms>());
    let mut memo = FxHashMap::default();
    let form = explicit(&mut f, host, g, &mut memo);
    *host.math_mut().cache::<Forms>() = f;
    form_value(host, form)
}

fn explicit(
    f: &mut Forms,
    host: &mut dyn Host,
    g: FormId,
    memo: &mut FxHashMap<FormId, ExplicitForm>,
) -> ExplicitForm {
    if let Some(e) = memo.get(&g) {
        return e.clone();
    }
    let e = match f.as_canonical(host.store(), g) {
        Some(v) => ExplicitForm::Canonical(v),
        None => {
            let l: Vec<ExplicitForm> = (f.left(g).to_vec().into_iter())
                .map(|x| explicit(f, host, x, memo))
                .collect();
            let r: Vec<ExplicitForm> = (f.right(g).to_vec().into_iter())
                .map(|x| explicit(f, host, x, memo))
                .collect();
            ExplicitForm::node(l, r)
        }
    };
    memo.insert(g, e.clone());
    e
}

/// `'{L | R}'`: the form as written, with the braces inside it kept too.
pub(crate) fn explicit_literal(
    host: &mut dyn Host,
    e: &Expr,
    scope: &Option<Rc<Scope>>,
) -> Result<Value, EvalError> {
    let form = form_of_expr(host, e, scope)?;
    Ok(form_value(host, form))
}

fn form_of_expr(
    host: &mut dyn Host,
    e: &Expr,
    scope: &Option<Rc<Scope>>,
) -> Result<ExplicitForm, EvalError> {
    match &e.kind {
        ExprKind::Game { left, right, label } => {
            if label.is_some() {
                return Err(EvalError::new(
                    "an explicit form is a short game: a label makes a loopy game",
                    e.span,
                ));
            }
            let mut sides = [Vec::new(), Vec::new()];
            for (side, options) in [left, right].into_iter().enumerate() {
                for x in options {
                    sides[side].push(form_of_expr(host, x, scope)?);
                }
            }
            let [l, r] = sides;
            Ok(ExplicitForm::node(l, r))
        }
        ExprKind::Pass => Err(EvalError::new(
            "an explicit form is a short game: `pass` makes a loopy game",
            e.span,
        )),
        _ => {
            let v = host.eval(e, scope)?;
            form_of(host, &v, e.span)
        }
    }
}

/// `a : b` for a form `a`: the ordinal sum of the form (it depends on the form of the
/// base), as a game.
pub(crate) fn form_ordinal_sum(
    host: &mut dyn Host,
    a: &Value,
    b: &Value,
    spans: (Span, Span),
) -> Result<Value, EvalError> {
    let fa = form_of(host, a, spans.0)?;
    let fb = form_of(host, b, spans.1)?;
    let store = host.store();
    let sum = store.form_ordinal_sum(&fa, &fb);
    Ok(Value::Game(GameValue::Short(store.form_value(&sum))))
}
