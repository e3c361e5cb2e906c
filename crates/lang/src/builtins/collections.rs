//! Built-ins on lists, sets and maps: `reverse`, `zip`, `enumerate`, `any`, `all`, `count`,
//! `range`, and building sets and maps (`set`, `map_from`, `insert`, `remove`, …). Every
//! update builds a new value: a set or map bound to a name never changes.

use super::{Args, Builtin};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::convert::expect_bool;
use crate::values::convert::expect_integer;
use crate::values::convert::expect_list;
use crate::values::error::EvalError;
use crate::values::host::Host;
use crate::values::value::Value;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use std::rc::Rc;

fn integer(n: impl Into<BigInt>) -> Value {
    Value::number(n.into())
}

pub const REVERSE: Builtin = Builtin {
    name: "reverse",
    params: "list",
    min_args: 1,
    max_args: Some(1),
    summary: "the list (or string) in reverse order",
    example: ("reverse([1, *, ^])", "[^,*,1]"),
    topic: super::Topic::Language,
    run: |_, a| match &a.values[0] {
        Value::Str(s) => Ok(Value::Str(s.chars().rev().collect::<String>().into())),
        v => {
            let items = expect_list(v, a.span(0))?;
            Ok(Value::list(items.iter().rev().cloned().collect()))
        }
    },
};

pub const ZIP: Builtin = Builtin {
    name: "zip",
    params: "list, list, …",
    min_args: 2,
    max_args: None,
    summary: "the lists of the first elements, the second elements, …, as long as the shortest list",
    example: ("zip([1, 2, 3], [*, ^])", "[[1,*],[2,^]]"),
    topic: super::Topic::Language,
    run: |_, a| {
        let lists = (0..a.values.len())
            .map(|k| expect_list(&a.values[k], a.span(k)))
            .collect::<Result<Vec<_>, _>>()?;
        let len = lists.iter().map(|l| l.len()).min().unwrap_or(0);
        let rows = (0..len)
            .map(|r| Value::list(lists.iter().map(|l| l[r].clone()).collect()))
            .collect();
        Ok(Value::list(rows))
    },
};

pub const ENUMERATE: Builtin = Builtin {
    name: "enumerate",
    params: "list, start?",
    min_args: 1,
    max_args: Some(2),
    summary: "the pairs [index, element] of a list, indices from 0 (or from start)",
    example: ("enumerate([*, ^])", "[[0,*],[1,^]]"),
    topic: super::Topic::Language,
    run: |_, a| {
        let items = expect_list(&a.values[0], a.span(0))?;
        let start = match a.values.get(1) {
            Some(v) => expect_integer(v, a.span(1))?,
            None => BigInt::zero(),
        };
        let pairs = items
            .iter()
            .enumerate()
            .map(|(k, x)| Value::list(vec![integer(&start + k), x.clone()]))
            .collect();
        Ok(Value::list(pairs))
    },
};

/// Whether `f(x)` (or `x` itself without `f`) is true for any (`want == true`) or for
/// all elements.
fn quantifier(i: &mut dyn Host, a: &Args, any: bool) -> Result<Value, EvalError> {
    let items = expect_list(&a.values[0], a.span(0))?;
    for x in items.iter() {
        let v = if a.values.len() > 1 {
            super::apply_argument(i, a, 1, 0, x)?
        } else {
            x.clone()
        };
        let span = if a.values.len() > 1 {
            a.span(1)
        } else {
            a.span(0)
        };
        if expect_bool(&v, span)? == any {
            return Ok(Value::Bool(any));
        }
    }
    Ok(Value::Bool(!any))
}

pub const ANY: Builtin = Builtin {
    name: "any",
    params: "list, f?",
    min_args: 1,
    max_args: Some(2),
    summary: "whether f(x) is true for some element x (without f: whether some element is true)",
    example: ("any(0..5, n -> n % 4 == 3)", "true"),
    topic: super::Topic::Language,
    run: |i, a| quantifier(i, a, true),
};

pub const ALL: Builtin = Builtin {
    name: "all",
    params: "list, f?",
    min_args: 1,
    max_args: Some(2),
    summary: "whether f(x) is true for every element x (without f: whether every element is true)",
    example: ("all([*, *3], g -> g <> 0)", "true"),
    topic: super::Topic::Language,
    run: |i, a| quantifier(i, a, false),
};

pub const COUNT: Builtin = Builtin {
    name: "count",
    params: "list, x or f",
    min_args: 2,
    max_args: Some(2),
    summary: "how many elements equal x, or satisfy f if f is a function",
    example: ("count([0, *, 0, ^], 0)", "2"),
    topic: super::Topic::Language,
    run: |i, a| {
        let items = expect_list(&a.values[0], a.span(0))?;
        let is_function = matches!(a.values[1], Value::Function(_));
        let mut n = 0usize;
        for x in items.iter() {
            let hit = if is_function {
                let v = super::apply_argument(i, a, 1, 0, x)?;
                expect_bool(&v, a.span(1))?
            } else {
                i.values_equal(x, &a.values[1], (a.span(0), a.span(1)))?
            };
            n += usize::from(hit);
        }
        Ok(integer(n))
    },
};

/// Ranges longer than this are refused (as `a..b` refuses them).
const MAX_RANGE: u64 = 10_000_000;

pub const RANGE: Builtin = Builtin {
    name: "range",
    params: "a, b, step?",
    min_args: 2,
    max_args: Some(3),
    summary: "a, a + step, … up to b inclusive, like a..b (step 1 by default; a negative step counts down)",
    example: ("range(0, 10, 3)", "[0,3,6,9]"),
    topic: super::Topic::Language,
    run: |_, a| {
        let lo = expect_integer(&a.values[0], a.span(0))?;
        let hi = expect_integer(&a.values[1], a.span(1))?;
        let step = match a.values.get(2) {
            Some(v) => expect_integer(v, a.span(2))?,
            None => BigInt::from(1),
        };
        if step.is_zero() {
            return Err(EvalError::new("the step of a range cannot be 0", a.span(2)));
        }
        // The number of terms: floor((hi - lo) / step) + 1, or none if the step goes away
        // from hi.
        let span = &hi - &lo;
        let len = if span.is_zero() || span.is_positive() == step.is_positive() {
            (span.abs() / step.abs() + 1u32)
                .to_u64()
                .unwrap_or(u64::MAX)
        } else {
            0
        };
        if len > MAX_RANGE {
            return Err(EvalError::new(
                format!("the range has {len} elements, more than {MAX_RANGE}"),
                a.call,
            ));
        }
        let items = (0..len).map(|k| integer(&lo + &step * k)).collect();
        Ok(Value::list(items))
    },
};

pub const SET: Builtin = Builtin {
    name: "set",
    params: "list",
    min_args: 1,
    max_args: Some(1),
    summary: "the set of the elements of a list (equal elements, by ==, kept once)",
    example: ("set([1, *, 1, *1])", "{1, *}"),
    topic: super::Topic::Language,
    run: |i, a| {
        let items = i.elements_of(&a.values[0], a.span(0))?;
        i.set_of(items.to_vec(), a.span(0))
    },
};

pub const MAP_FROM: Builtin = Builtin {
    name: "map_from",
    params: "pairs",
    min_args: 1,
    max_args: Some(1),
    summary: "the map with the given [key, value] pairs (a later pair wins); items(m) gives them back",
    example: (
        "map_from([[1, \"one\"], [2, \"two\"]])",
        "{1 => \"one\", 2 => \"two\"}",
    ),
    topic: super::Topic::Language,
    run: |i, a| {
        let items = expect_list(&a.values[0], a.span(0))?;
        let mut pairs = Vec::with_capacity(items.len());
        for item in items.iter() {
            match item {
                Value::List(kv) if kv.len() == 2 => pairs.push((kv[0].clone(), kv[1].clone())),
                other => {
                    return Err(EvalError::new(
                        format!("expected [key, value] pairs, found {}", i.show(other)),
                        a.span(0),
                    ));
                }
            }
        }
        i.map_of(pairs, a.span(0))
    },
};

fn expect_map(
    v: &Value,
    span: crate::syntax::Span,
) -> Result<&Rc<crate::values::collections::MapValue>, EvalError> {
    match v {
        Value::Map(m) => Ok(m),
        other => Err(EvalError::new(
            format!("expected a map, found {}", other.kind()),
            span,
        )),
    }
}

pub const KEYS: Builtin = Builtin {
    name: "keys",
    params: "map",
    min_args: 1,
    max_args: Some(1),
    summary: "the keys of a map, in the order they were added",
    example: ("keys({\"a\" => 1, \"b\" => 2})", "[\"a\",\"b\"]"),
    topic: super::Topic::Language,
    run: |_, a| {
        let m = expect_map(&a.values[0], a.span(0))?;
        Ok(Value::list(m.entries().map(|(k, _)| k.clone()).collect()))
    },
};

pub const VALUES: Builtin = Builtin {
    name: "values",
    params: "map",
    min_args: 1,
    max_args: Some(1),
    summary: "the values of a map, in the order of its keys",
    example: ("values({\"a\" => 1, \"b\" => 2})", "[1,2]"),
    topic: super::Topic::Language,
    run: |_, a| {
        let m = expect_map(&a.values[0], a.span(0))?;
        Ok(Value::list(m.entries().map(|(_, v)| v.clone()).collect()))
    },
};

pub const ITEMS: Builtin = Builtin {
    name: "items",
    params: "map",
    min_args: 1,
    max_args: Some(1),
    summary: "the [key, value] pairs of a map",
    example: ("items({\"a\" => 1})", "[[\"a\",1]]"),
    topic: super::Topic::Language,
    run: |_, a| {
        let m = expect_map(&a.values[0], a.span(0))?;
        Ok(Value::list(
            m.entries()
                .map(|(k, v)| Value::list(vec![k.clone(), v.clone()]))
                .collect(),
        ))
    },
};

pub const GET: Builtin = Builtin {
    name: "get",
    params: "map, key, default",
    min_args: 3,
    max_args: Some(3),
    summary: "the value of key in the map, or default if the key is absent",
    example: ("get({\"a\" => 1}, \"b\", 0)", "0"),
    topic: super::Topic::Language,
    run: |i, a| {
        let m = expect_map(&a.values[0], a.span(0))?.clone();
        let key = i.collection_key(&a.values[1], a.span(1))?;
        Ok(m.get(&key).cloned().unwrap_or_else(|| a.values[2].clone()))
    },
};

pub const INSERT: Builtin = Builtin {
    name: "insert",
    params: "set, x  or  map, key, value",
    min_args: 2,
    max_args: Some(3),
    summary: "a new set with x added, or a new map with key set to value (the original is unchanged)",
    example: ("insert({\"a\" => 1}, \"b\", 2)", "{\"a\" => 1, \"b\" => 2}"),
    topic: super::Topic::Language,
    run: |i, a| match (&a.values[0], a.values.len()) {
        (Value::Set(s), 2) => {
            let key = i.collection_key(&a.values[1], a.span(1))?;
            let mut out = (**s).clone();
            out.insert(key, a.values[1].clone());
            Ok(Value::Set(Rc::new(out)))
        }
        (Value::Map(m), 3) => {
            let key = i.collection_key(&a.values[1], a.span(1))?;
            let mut out = (**m).clone();
            out.insert(key, a.values[1].clone(), a.values[2].clone());
            Ok(Value::Map(Rc::new(out)))
        }
        (v, _) => Err(EvalError::new(
            format!(
                "insert takes a set and an element, or a map, a key and a value; found {} and {} more argument(s)",
                v.kind(),
                a.values.len() - 1
            ),
            a.call,
        )),
    },
};

pub const REMOVE: Builtin = Builtin {
    name: "remove",
    params: "set or map, x",
    min_args: 2,
    max_args: Some(2),
    summary: "a new set without x, or a new map without the key x (the original is unchanged)",
    example: ("remove({1, 2, 3}, 2)", "{1, 3}"),
    topic: super::Topic::Language,
    run: |i, a| {
        let key = i.collection_key(&a.values[1], a.span(1))?;
        match &a.values[0] {
            Value::Set(s) => {
                let mut out = (**s).clone();
                out.remove(&key);
                Ok(Value::Set(Rc::new(out)))
            }
            Value::Map(m) => {
                let mut out = (**m).clone();
                out.remove(&key);
                Ok(Value::Map(Rc::new(out)))
            }
            other => Err(EvalError::new(
                format!("remove takes a set or a map, not {}", other.kind()),
                a.span(0),
            )),
        }
    },
};

pub const UNION: Builtin = Builtin {
    name: "union",
    params: "set, set, …",
    min_args: 1,
    max_args: None,
    summary: "the set of the elements of any of the sets (or lists); s + t is the same",
    example: ("union({1, 2}, {2, 3})", "{1, 2, 3}"),
    topic: super::Topic::Language,
    run: |i, a| {
        let mut all = Vec::new();
        for k in 0..a.values.len() {
            all.extend(i.elements_of(&a.values[k], a.span(k))?.iter().cloned());
        }
        i.set_of(all, a.call)
    },
};

pub const INTERSECTION: Builtin = Builtin {
    name: "intersection",
    params: "set, set, …",
    min_args: 1,
    max_args: None,
    summary: "the set of the elements of all the sets (or lists)",
    example: ("intersection({1, 2, 3}, {2, 3, 4})", "{2, 3}"),
    topic: super::Topic::Language,
    run: |i, a| {
        let first = i.elements_of(&a.values[0], a.span(0))?;
        let mut others = Vec::new();
        for k in 1..a.values.len() {
            let items = i.elements_of(&a.values[k], a.span(k))?;
            let Value::Set(s) = i.set_of(items.to_vec(), a.span(k))? else {
                continue; // set_of makes a set
            };
            others.push(s);
        }
        let mut kept = Vec::new();
        for x in first.iter() {
            let key = i.collection_key(x, a.span(0))?;
            if others.iter().all(|s| s.contains(&key)) {
                kept.push(x.clone());
            }
        }
        i.set_of(kept, a.call)
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(REVERSE);
    r.add(ZIP);
    r.add(ENUMERATE);
    r.add(ANY);
    r.add(ALL);
    r.add(COUNT);
    r.add(RANGE);
    r.add(SET);
    r.add(MAP_FROM);
    r.add(KEYS);
    r.add(VALUES);
    r.add(ITEMS);
    r.add(GET);
    r.add(INSERT);
    r.add(REMOVE);
    r.add(UNION);
    r.add(INTERSECTION);
}
