//! Built-ins that order values: `min`, `max`, `sort`, and the number functions `abs`,
//! `floor`, `ceil`. Games are only partially ordered: a list of games has a minimum only if
//! one of them is ≤ all the others, and sorting stops with an error at the first confused
//! pair rather than inventing an order.

use super::{Args, Builtin};
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::host::Host;
use crate::values::value::Value;
use num_rational::BigRational;
use std::cmp::Ordering;

/// How two values compare, for `sort`, `min` and `max`: numbers and games by the game order
/// (an error if confused), strings and booleans as usual, lists element by element.
fn compare(i: &mut dyn Host, a: &Value, b: &Value, span: Span) -> Result<Ordering, EvalError> {
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => return Ok(x.cmp(y)),
        (Value::List(x), Value::List(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                let o = compare(i, p, q, span)?;
                if o != Ordering::Equal {
                    return Ok(o);
                }
            }
            return Ok(x.len().cmp(&y.len()));
        }
        _ => {}
    }
    match i.partial_order(a, b, (span, span), span)? {
        Some(o) => Ok(o),
        None => {
            let (x, y) = (i.show(a), i.show(b));
            Err(EvalError::new(format!("{x} and {y} are confused (incomparable)"), span)
                .with_help("games are partially ordered: only comparable games can be sorted or have a least element"))
        }
    }
}

/// Sorts stably by `compare` (a merge sort, so that a comparison may fail: the standard
/// sort needs a total order and may panic without one).
fn merge_sort(
    i: &mut dyn Host,
    items: Vec<(Value, Value)>,
    span: Span,
) -> Result<Vec<(Value, Value)>, EvalError> {
    if items.len() <= 1 {
        return Ok(items);
    }
    i.check_interrupt(span)?;
    let mut left = items;
    let right = left.split_off(left.len() / 2);
    let left = merge_sort(i, left, span)?;
    let right = merge_sort(i, right, span)?;
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut r = right.into_iter().peekable();
    for l in left {
        while let Some(next) = r.peek() {
            if compare(i, &next.0, &l.0, span)? == Ordering::Less {
                out.extend(r.next());
            } else {
                break;
            }
        }
        out.push(l);
    }
    out.extend(r);
    Ok(out)
}

/// The values to order: one list argument, or the arguments themselves (`max(3, 5)`).
fn candidates(a: &Args) -> Result<std::rc::Rc<Vec<Value>>, EvalError> {
    if a.values.len() == 1 {
        crate::values::convert::expect_list(&a.values[0], a.span(0))
    } else {
        Ok(std::rc::Rc::new(a.values.clone()))
    }
}

/// The least (or, for `Greater`, greatest) element: one that compares to every other
/// element that way or equal.
fn extreme(i: &mut dyn Host, a: &Args, want: Ordering) -> Result<Value, EvalError> {
    let items = candidates(a)?;
    let name = if want == Ordering::Less { "min" } else { "max" };
    let Some(first) = items.first() else {
        return Err(
            EvalError::new(format!("{name} of an empty list"), a.span(0))
                .with_help("the list must have at least one element"),
        );
    };
    // A running extreme; if a confused pair turns up, look for an element that beats every
    // other (a partial order may still have one).
    let mut best = first.clone();
    let mut confused = None;
    for x in items.iter().skip(1) {
        match compare(i, x, &best, a.call) {
            Ok(o) if o == want => best = x.clone(),
            Ok(_) => {}
            Err(e) => {
                confused = Some(e);
                break;
            }
        }
    }
    let Some(err) = confused else {
        return Ok(best);
    };
    'candidate: for x in items.iter() {
        for y in items.iter() {
            let o = i.partial_order(x, y, (a.call, a.call), a.call)?;
            if !matches!(o, Some(o) if o == want || o == Ordering::Equal) {
                continue 'candidate;
            }
        }
        return Ok(x.clone());
    }
    Err(EvalError {
        message: format!("{name}: {}", err.message),
        ..err
    })
}

pub const MIN: Builtin = Builtin {
    name: "min",
    params: "list (or a, b, …)",
    min_args: 1,
    max_args: None,
    summary: "the least element: numbers, strings, or games of which one is ≤ all the others",
    example: ("min([3, 1/2, ^])", "^"),
    topic: super::Topic::Language,
    run: |i, a| extreme(i, a, Ordering::Less),
};

pub const MAX: Builtin = Builtin {
    name: "max",
    params: "list (or a, b, …)",
    min_args: 1,
    max_args: None,
    summary: "the greatest element: numbers, strings, or games of which one is ≥ all the others",
    example: ("max(3, 1, 2)", "3"),
    topic: super::Topic::Language,
    run: |i, a| extreme(i, a, Ordering::Greater),
};

pub const SORT: Builtin = Builtin {
    name: "sort",
    params: "list, key?",
    min_args: 1,
    max_args: Some(2),
    summary: "the list in increasing order (by key(x) if a key function is given); an error if two games are confused",
    example: ("sort([3, ^, -1, 1/2])", "[-1,^,1/2,3]"),
    topic: super::Topic::Language,
    run: |i, a| {
        let items = crate::values::convert::expect_list(&a.values[0], a.span(0))?;
        let mut keyed = Vec::with_capacity(items.len());
        for x in items.iter() {
            let key = if a.values.len() > 1 {
                super::apply_argument(i, a, 1, 0, x)?
            } else {
                x.clone()
            };
            keyed.push((key, x.clone()));
        }
        let sorted = merge_sort(i, keyed, a.call)?;
        Ok(Value::list(sorted.into_iter().map(|(_, x)| x).collect()))
    },
};

/// A number argument: a number, or a game that is a number.
fn number(i: &mut dyn Host, a: &Args, k: usize) -> Result<BigRational, EvalError> {
    match &a.values[k] {
        Value::Number(n) => Ok(n.to_rational()),
        v if crate::values::object::is_gamelike(v) => {
            let g = i.game_of(v, a.span(k))?;
            match i.store.as_number(g) {
                Some(d) => Ok(d.to_rational()),
                None => Err(EvalError::new(
                    format!("{} is a game but not a number", i.show(v)),
                    a.span(k),
                )),
            }
        }
        other => Err(EvalError::new(
            format!("expected a number, found {}", other.kind()),
            a.span(k),
        )),
    }
}

pub const ABS: Builtin = Builtin {
    name: "abs",
    params: "x",
    min_args: 1,
    max_args: Some(1),
    summary: "the absolute value of a number",
    example: ("abs(-5/2)", "5/2"),
    topic: super::Topic::Language,
    run: |i, a| Ok(Value::number(num_traits::Signed::abs(&number(i, a, 0)?))),
};

pub const FLOOR: Builtin = Builtin {
    name: "floor",
    params: "x",
    min_args: 1,
    max_args: Some(1),
    summary: "the greatest integer ≤ the number x",
    example: ("floor(-5/2)", "-3"),
    topic: super::Topic::Language,
    run: |i, a| Ok(Value::number(number(i, a, 0)?.floor())),
};

pub const CEIL: Builtin = Builtin {
    name: "ceil",
    params: "x",
    min_args: 1,
    max_args: Some(1),
    summary: "the least integer ≥ the number x",
    example: ("ceil(5/2)", "3"),
    topic: super::Topic::Language,
    run: |i, a| Ok(Value::number(number(i, a, 0)?.ceil())),
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(MIN);
    r.add(MAX);
    r.add(SORT);
    r.add(ABS);
    r.add(FLOOR);
    r.add(CEIL);
}
