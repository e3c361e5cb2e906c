//! Built-ins of the Sprague–Grundy theory available from the start: nim-sum and mex.

use super::{Builtin, Topic};
use crate::values::convert::expect_list;
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::Value;

/// A nim-heap size from an integer or a nimber (`5` or `*5`).
pub(crate) fn heap(
    i: &dyn Host,
    v: &Value,
    span: crate::syntax::Span,
) -> Result<(u64, bool), EvalError> {
    if let Value::Game(GameValue::Short(g)) = v {
        return i.store.as_nimber(*g).map(|n| (n, true)).ok_or_else(|| {
            EvalError::new(
                "expected a nimber or a non-negative integer, found a game that is not a nimber",
                span,
            )
        });
    }
    Ok((expect_u64(v, span, "a heap size")?, false))
}

fn int(n: u64) -> Value {
    Value::number(n)
}

pub const NIM_SUM: Builtin = Builtin {
    name: "nim_sum",
    topic: Topic::Impartial,
    params: "a, b, …",
    min_args: 1,
    max_args: None,
    summary: "the nim-sum (binary addition without carry, xor) of integers or nimbers, also of ordinals and transfinite nimbers (*omega), coefficient by coefficient; a list also works",
    example: ("nim_sum(13, 12, 8)", "9"),
    run: |i, a| {
        let mut values: Vec<(Value, crate::syntax::Span)> = Vec::new();
        for (k, v) in a.values.iter().enumerate() {
            match v {
                Value::List(items) => values.extend(items.iter().map(|x| (x.clone(), a.span(k)))),
                other => values.push((other.clone(), a.span(k))),
            }
        }
        if values
            .iter()
            .any(|(v, _)| matches!(v, Value::Game(GameValue::Transfinite(_))))
        {
            return super::transfinite::nim_sum(i, &values);
        }
        let mut acc = 0u64;
        let mut any_nimber = false;
        for (v, s) in &values {
            let (n, is_nimber) = heap(i, v, *s)?;
            acc ^= n;
            any_nimber |= is_nimber;
        }
        Ok(if any_nimber {
            Value::Game(GameValue::Short(i.store.nimber(acc)))
        } else {
            int(acc)
        })
    },
};

pub const MEX: Builtin = Builtin {
    name: "mex",
    topic: Topic::Impartial,
    params: "list",
    min_args: 1,
    max_args: Some(1),
    summary: "the minimum excludant: the least non-negative integer not in the list (nimbers count as their size)",
    example: ("mex([0, 1, 2, 5, 8])", "3"),
    run: |i, a| {
        let items = expect_list(&a.values[0], a.span(0))?;
        let mut seen = Vec::with_capacity(items.len());
        for v in items.iter() {
            seen.push(heap(i, v, a.span(0))?.0);
        }
        seen.sort_unstable();
        seen.dedup();
        let mex = seen
            .iter()
            .enumerate()
            .find(|&(k, &v)| v != k as u64)
            .map_or(seen.len() as u64, |(k, _)| k as u64);
        Ok(int(mex))
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(NIM_SUM);
    r.add(MEX);
}
