//! Sets and maps in evaluation: building them from elements (keyed by their game value,
//! which may need computing), membership, look-up, equality and set operations. The values
//! themselves are in [`crate::values::collections`].

use crate::values::algebra::ValueAlgebra as _;
use crate::values::collections::MapValue;

use super::interp::Interpreter;
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::value::Value;
use std::rc::Rc;

impl Interpreter {
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
