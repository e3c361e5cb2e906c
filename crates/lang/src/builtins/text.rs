//! More string built-ins for writing positions on strings (issue 26): `str`, `repeat`,
//! `set_char`, `starts_with`, `ends_with`, `upper`, `lower`. Places are counted in
//! characters, as indexing and slicing count them.

use super::{Builtin, Topic};
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::value::Value;

/// The longest string these built-ins make, so that a slip (`repeat("x", 10^12)`) is an
/// error and not a machine out of memory.
const MAX_CHARS: u64 = 1 << 26;

use super::strings::text;

pub const STR: Builtin = Builtin {
    name: "str",
    topic: Topic::Language,
    params: "x",
    min_args: 1,
    max_args: Some(1),
    summary: "a value as a string, as it prints (a string is itself, without quotes)",
    example: ("str(3) + \"x\" + str(^)", "\"3x^\""),
    run: |i, a| match &a.values[0] {
        Value::Str(s) => Ok(Value::Str(s.clone())),
        other => Ok(Value::Str(i.show_line(other).into())),
    },
};

pub const REPEAT: Builtin = Builtin {
    name: "repeat",
    topic: Topic::Language,
    params: "s, n",
    min_args: 2,
    max_args: Some(2),
    summary: "the string s n times over (a row of a board: repeat(\"xo\", 3))",
    example: ("repeat(\"xo\", 3)", "\"xoxoxo\""),
    run: |_, a| {
        let s = text(&a.values[0], a.span(0))?;
        let n = expect_u64(&a.values[1], a.span(1), "the count")?;
        let chars = (s.chars().count() as u64).saturating_mul(n);
        if chars > MAX_CHARS {
            return Err(EvalError::new(
                format!("the string would have {chars} characters, more than {MAX_CHARS}"),
                a.call,
            ));
        }
        Ok(Value::Str(s.repeat(n as usize).into()))
    },
};

pub const SET_CHAR: Builtin = Builtin {
    name: "set_char",
    topic: Topic::Language,
    params: "s, i, t",
    min_args: 3,
    max_args: Some(3),
    summary: "the string with its character at place i (from 0; -1 the last) replaced by the string t (a move on a strip: set_char(s, i, \".\"))",
    example: ("set_char(\"xx.o\", -1, \".\")", "\"xx..\""),
    run: |_, a| {
        let s = text(&a.values[0], a.span(0))?;
        let t = text(&a.values[2], a.span(2))?;
        let chars: Vec<char> = s.chars().collect();
        let len = chars.len() as i64;
        let i = match &a.values[1] {
            Value::Number(crate::values::number::Num::Small(k)) => *k,
            other => {
                return Err(EvalError::new(
                    format!("expected an integer place, found {}", other.kind()),
                    a.span(1),
                ));
            }
        };
        let at = if i < 0 { i + len } else { i };
        if at < 0 || at >= len {
            return Err(EvalError::new(
                format!("place {i} is outside a string of {len} characters"),
                a.span(1),
            ));
        }
        let at = at as usize;
        let mut out: String = chars[..at].iter().collect();
        out.push_str(&t);
        out.extend(&chars[at + 1..]);
        Ok(Value::Str(out.into()))
    },
};

pub const STARTS_WITH: Builtin = Builtin {
    name: "starts_with",
    topic: Topic::Language,
    params: "s, t",
    min_args: 2,
    max_args: Some(2),
    summary: "whether the string s starts with t",
    example: ("starts_with(\"TT.F\", \"TT\")", "true"),
    run: |_, a| {
        let s = text(&a.values[0], a.span(0))?;
        let t = text(&a.values[1], a.span(1))?;
        Ok(Value::Bool(s.starts_with(&*t)))
    },
};

pub const ENDS_WITH: Builtin = Builtin {
    name: "ends_with",
    topic: Topic::Language,
    params: "s, t",
    min_args: 2,
    max_args: Some(2),
    summary: "whether the string s ends with t",
    example: ("ends_with(\"TT.F\", \".F\")", "true"),
    run: |_, a| {
        let s = text(&a.values[0], a.span(0))?;
        let t = text(&a.values[1], a.span(1))?;
        Ok(Value::Bool(s.ends_with(&*t)))
    },
};

pub const UPPER: Builtin = Builtin {
    name: "upper",
    topic: Topic::Language,
    params: "s",
    min_args: 1,
    max_args: Some(1),
    summary: "the string in capitals",
    example: ("upper(\"lr\")", "\"LR\""),
    run: |_, a| {
        Ok(Value::Str(
            text(&a.values[0], a.span(0))?.to_uppercase().into(),
        ))
    },
};

pub const LOWER: Builtin = Builtin {
    name: "lower",
    topic: Topic::Language,
    params: "s",
    min_args: 1,
    max_args: Some(1),
    summary: "the string in small letters",
    example: ("lower(\"LR\")", "\"lr\""),
    run: |_, a| {
        Ok(Value::Str(
            text(&a.values[0], a.span(0))?.to_lowercase().into(),
        ))
    },
};
