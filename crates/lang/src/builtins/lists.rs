//! List built-ins and `print`.

use super::Builtin;
use crate::syntax::BinaryOp;
use crate::values::convert::expect_bool;
use crate::values::convert::expect_list;
use crate::values::value::Value;

pub const LEN: Builtin = Builtin {
    name: "len",
    topic: super::Topic::Language,
    params: "list",
    min_args: 1,
    max_args: Some(1),
    summary: "the number of elements of a list, set or map (or characters of a string)",
    example: ("len([0, *, ^])", "3"),
    run: |_, a| {
        let n = match &a.values[0] {
            Value::Str(s) | Value::Text(s) => s.chars().count(),
            Value::Map(m) => m.len(),
            v => expect_list(v, a.span(0))?.len(),
        };
        Ok(Value::number(n))
    },
};

pub const SUM: Builtin = Builtin {
    name: "sum",
    topic: super::Topic::Language,
    params: "list",
    min_args: 1,
    max_args: Some(1),
    summary: "the sum of a list of numbers or games (0 for the empty list); of lists or strings, their concatenation",
    example: ("sum([*, *2, *3])", "0"),
    run: |i, a| {
        let items = expect_list(&a.values[0], a.span(0))?;
        // A list of lists sums to their concatenation, as `+` on lists does.
        let mut acc = match items.first() {
            Some(Value::List(_)) => Value::list(Vec::new()),
            Some(Value::Str(_)) => Value::Str("".into()),
            _ => Value::number(0i64),
        };
        for v in items.iter() {
            // A sum of long rationals or of games may take minutes: Ctrl-C stops it.
            i.check_interrupt(a.call)?;
            acc = i.binary(
                BinaryOp::Add,
                acc,
                v.clone(),
                (a.span(0), a.span(0)),
                a.call,
            )?;
        }
        Ok(acc)
    },
};

pub const MAP: Builtin = Builtin {
    name: "map",
    topic: super::Topic::Language,
    params: "f, list",
    min_args: 2,
    max_args: Some(2),
    summary: "the list of f(x) for each x of the list",
    example: ("map(n -> *n, 0..3)", "[0,*,*2,*3]"),
    run: |i, a| {
        let items = expect_list(&a.values[1], a.span(1))?;
        let mut out = Vec::with_capacity(items.len());
        for v in items.iter() {
            out.push(super::apply_argument(i, a, 0, 1, v)?);
        }
        Ok(Value::list(out))
    },
};

pub const FILTER: Builtin = Builtin {
    name: "filter",
    topic: super::Topic::Language,
    params: "f, list",
    min_args: 2,
    max_args: Some(2),
    summary: "the elements x of the list for which f(x) is true",
    example: ("filter(n -> n > 2, 0..5)", "[3,4,5]"),
    run: |i, a| {
        let items = expect_list(&a.values[1], a.span(1))?;
        let mut out = Vec::new();
        for v in items.iter() {
            let keep = super::apply_argument(i, a, 0, 1, v)?;
            if expect_bool(&keep, a.span(0))? {
                out.push(v.clone());
            }
        }
        Ok(Value::list(out))
    },
};

pub const PRINT: Builtin = Builtin {
    name: "print",
    topic: super::Topic::Language,
    params: "x, …",
    min_args: 0,
    max_args: None,
    summary: "prints its arguments separated by spaces (strings without quotes)",
    example: ("print(\"value:\", ^ + ^)", "value: ^^"),
    run: |i, a| {
        i.print_line(&a.values);
        Ok(Value::Unit)
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(LEN);
    r.add(SUM);
    r.add(MAP);
    r.add(FILTER);
    r.add(PRINT);
    r.add(super::tables::TABLE);
    r.add(super::tables::MARKDOWN);
    r.add(super::tables::HTML);
}
