//! The value algebra the evaluator and the built-ins share, for any [`Host`]: the keys of
//! sets and maps, sets and maps made from values, the elements a loop goes through, loopy
//! and misère values as values, the explanation of a canonical form, and whether a
//! position is impartial. Written once over the host (like [`super::transfinite`]), so the
//! host itself keeps only what an interpreter alone can give.

use super::collections::{MapValue, SetValue, unordered};
use super::error::EvalError;
use super::game_value::GameValue;
use super::host::Host;
use super::value::{Key, Value};
use crate::game::GameId;
use crate::game::loopy::LoopyGame;
use crate::impartial::ImpartialError;
use crate::impartial::loopy::LoopyGrundy;
use crate::impartial::misere_forms::MisereId;
use crate::syntax::Span;
use std::rc::Rc;

/// The value algebra of any host (see the module documentation).
pub(crate) trait ValueAlgebra: Host {
    /// An impartial-library error as a language error at `span`.
    fn impartial_error(&self, e: ImpartialError, span: Span) -> EvalError {
        super::games::position::impartial_error(e, span)
    }

    /// The value of a game graph: a short game when it has no cycle, else its simplest form.
    fn loopy_value(&mut self, g: LoopyGame) -> Value {
        super::loopy::loopy_value(self.store(), g)
    }

    /// A generalised Sprague–Grundy value as a value: a nimber when finite, else `∞_K`.
    fn loopy_grundy_value(&mut self, g: LoopyGrundy) -> Value {
        super::loopy::loopy_grundy_value(self.store(), g)
    }

    /// The printed form of a misère simplest form.
    fn show_misere(&self, g: MisereId) -> String {
        self.math().misere.display(g)
    }

    /// How the canonical form of `{left | right}` is reached, step by step.
    fn explanation_text(&mut self, left: &[GameId], right: &[GameId]) -> String {
        let style = crate::game::Style::cgsuite(self.notation());
        let store = self.store();
        let e = store.canonical_explained(left, right);
        store.render_explanation(&e, style)
    }

    /// The explanation of `{left | right}` as printable text.
    fn explain_options(&mut self, left: &[GameId], right: &[GameId]) -> Value {
        Value::Text(self.explanation_text(left, right).into())
    }

    /// The elements a `for` loop, `len`, `sum` and the list built-ins go through: a list's
    /// elements, a set's elements, a map's keys.
    fn elements_of(&self, v: &Value, span: Span) -> Result<Rc<Vec<Value>>, EvalError> {
        match v {
            Value::List(_) | Value::Set(_) => super::convert::expect_list(v, span),
            Value::Map(m) => Ok(Rc::new(m.entries().map(|(k, _)| k.clone()).collect())),
            other => Err(EvalError::new(
                format!("expected a list, set or map, found {}", other.kind()),
                span,
            )
            .with_label(format!("this is {}", other.kind()))),
        }
    }

    /// The key under which `v` is an element of a set or a key of a map: equal values (by
    /// `==`) get equal keys, so numbers and positions are keyed by their game value.
    fn collection_key(&mut self, v: &Value, span: Span) -> Result<Key, EvalError> {
        Ok(match v {
            Value::Number(n) if n.is_dyadic() => Key::Game(self.game_of(v, span)?),
            Value::Game(GameValue::Short(g)) => Key::Game(*g),
            v if super::object::is_position(v) => Key::Game(self.game_of(v, span)?),
            Value::List(items) => Key::List(
                items
                    .iter()
                    .map(|x| self.collection_key(x, span))
                    .collect::<Result<_, _>>()?,
            ),
            Value::Set(s) => s.memo_key(),
            Value::Map(m) => {
                let pairs = m
                    .entries
                    .iter()
                    .map(|(k, (_, v))| {
                        Ok(Key::List(vec![k.clone(), self.collection_key(v, span)?]))
                    })
                    .collect::<Result<Vec<_>, EvalError>>()?;
                Key::Map(unordered(pairs.into_iter()))
            }
            other => other.key().ok_or_else(|| {
                EvalError::new(
                    format!("{} cannot be in a set or be the key of a map", other.kind()),
                    span,
                )
                .with_help(
                    "elements and keys are numbers, games, strings, booleans and lists of them",
                )
            })?,
        })
    }

    /// The set of the values in `items` (spans for errors).
    fn set_of(
        &mut self,
        items: impl IntoIterator<Item = Value>,
        span: Span,
    ) -> Result<Value, EvalError> {
        let mut set = SetValue::default();
        for v in items {
            let key = self.collection_key(&v, span)?;
            set.insert(key, v);
        }
        Ok(Value::Set(Rc::new(set)))
    }

    /// The map of `(key, value)` pairs; a later value for an equal key wins.
    fn map_of(
        &mut self,
        pairs: impl IntoIterator<Item = (Value, Value)>,
        span: Span,
    ) -> Result<Value, EvalError> {
        let mut map = MapValue::default();
        for (k, v) in pairs {
            let key = self.collection_key(&k, span)?;
            map.insert(key, k, v);
        }
        Ok(Value::Map(Rc::new(map)))
    }

    /// Whether a position is of an impartial game (both players have the same moves
    /// everywhere), so that its winning moves are one list rather than Left's and Right's.
    fn is_impartial_position(&mut self, v: &Value) -> bool {
        match v {
            Value::Game(GameValue::Position(p)) => p.is_impartial(),
            Value::Game(GameValue::Sum(s)) => {
                s.components().iter().all(|p| self.is_impartial_position(p))
            }
            Value::Game(GameValue::Short(g)) => {
                let g = *g;
                self.store().is_nimber(g)
            }
            _ => false,
        }
    }
}

impl<H: Host + ?Sized> ValueAlgebra for H {}
