//! Sets and maps in evaluation: building them from elements (keyed by their game value,
//! which may need computing), membership, look-up, equality and set operations. The values
//! themselves are in [`crate::values::collections`].

use crate::values::collections::MapValue;

use crate::values::collections::SetValue;

use super::interp::Interpreter;
use crate::syntax::Span;
use crate::values::collections::unordered;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::value::Key;
use crate::values::value::Value;
use std::rc::Rc;

impl Interpreter {
    /// The key under which `v` is an element of a set or a key of a map: equal values (by
    /// `==`) get equal keys, so numbers and positions are keyed by their game value.
    pub(crate) fn collection_key(&mut self, v: &Value, span: Span) -> Result<Key, EvalError> {
        Ok(match v {
            Value::Number(n) if n.is_dyadic() => Key::Game(self.game_of(v, span)?),
            Value::Game(GameValue::Short(g)) => Key::Game(*g),
            v if super::play::is_position(v) => Key::Game(self.game_of(v, span)?),
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
    pub(crate) fn set_of(
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
    pub(crate) fn map_of(
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

    /// The elements a `for` loop, `len`, `sum` and the list built-ins go through: a list's
    /// elements, a set's elements, a map's keys.
    pub(crate) fn elements_of(&self, v: &Value, span: Span) -> Result<Rc<Vec<Value>>, EvalError> {
        match v {
            Value::List(_) | Value::Set(_) => crate::values::convert::expect_list(v, span),
            Value::Map(m) => Ok(Rc::new(m.entries().map(|(k, _)| k.clone()).collect())),
            other => Err(EvalError::new(
                format!("expected a list, set or map, found {}", other.kind()),
                span,
            )
            .with_label(format!("this is {}", other.kind()))),
        }
    }

    /// `x in c`: an element of a list (by `==`) or set, a key of a map, a substring.
    pub(crate) fn contains(
        &mut self,
        c: &Value,
        x: &Value,
        spans: (Span, Span),
    ) -> Result<bool, EvalError> {
        match c {
            Value::List(items) => {
                for item in items.iter() {
                    if self.values_equal(x, item, spans)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Value::Set(s) => {
                let key = self.collection_key(x, spans.0)?;
                Ok(s.contains(&key))
            }
            Value::Map(m) => {
                let key = self.collection_key(x, spans.0)?;
                Ok(m.contains(&key))
            }
            Value::Str(text) => match x {
                Value::Str(part) => Ok(text.contains(part.as_ref())),
                other => Err(EvalError::new(
                    format!("`in` a string looks for a string, not {}", other.kind()),
                    spans.0,
                )),
            },
            other => Err(EvalError::new(
                format!(
                    "`in` looks in a list, set, map or string, not {}",
                    other.kind()
                ),
                spans.1,
            )
            .with_label(format!("this is {}", other.kind()))),
        }
    }

    /// `m[k]`: the value of a key of a map.
    pub(crate) fn map_lookup(
        &mut self,
        m: &MapValue,
        k: &Value,
        kspan: Span,
    ) -> Result<Value, EvalError> {
        let key = self.collection_key(k, kspan)?;
        match m.get(&key) {
            Some(v) => Ok(v.clone()),
            None => {
                let shown = self.show(k);
                Err(EvalError::new(format!("the map has no key {shown}"), kspan)
                    .with_help("test with `k in m` first, or use get(m, k, default)"))
            }
        }
    }

    /// Whether two sets, or two maps, are equal (elements and keys by `==`, values of maps by
    /// `==`), whatever their order.
    pub(crate) fn collections_equal(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
    ) -> Result<bool, EvalError> {
        match (a, b) {
            (Value::Set(x), Value::Set(y)) => {
                Ok(x.len() == y.len() && x.keys().all(|k| y.contains(k)))
            }
            (Value::Map(x), Value::Map(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                for (k, (_, v)) in x.entries.iter() {
                    let Some(w) = y.get(k) else {
                        return Ok(false);
                    };
                    let w = w.clone();
                    if !self.values_equal(v, &w, spans)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// `s + t` (union) and `s - t` (difference) of sets; `m + n` (n's entries win) of maps.
    pub(crate) fn combine_collections(
        &mut self,
        subtract: bool,
        a: &Value,
        b: &Value,
    ) -> Option<Value> {
        match (a, b, subtract) {
            (Value::Set(x), Value::Set(y), false) => {
                let mut out = (**x).clone();
                for (k, v) in y.items.iter() {
                    out.insert(k.clone(), v.clone());
                }
                Some(Value::Set(Rc::new(out)))
            }
            (Value::Set(x), Value::Set(y), true) => Some(Value::Set(Rc::new(x.difference(y)))),
            (Value::Map(x), Value::Map(y), false) => {
                let mut out = (**x).clone();
                for (key, (k, v)) in y.entries.iter() {
                    out.insert(key.clone(), k.clone(), v.clone());
                }
                Some(Value::Map(Rc::new(out)))
            }
            _ => None,
        }
    }
}
