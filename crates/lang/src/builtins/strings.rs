//! String built-ins, so that rules on strings need not be rewritten on lists: `join`,
//! `chars`, `split`, `replace`, `find`. (Indexing `s[i]` and slicing `s[i..j]` are in the
//! evaluator's indexing; `+` joins two strings.) Positions are counted in characters, as
//! `len` and indexing count them.

use super::Builtin;
use crate::syntax::Span;
use crate::values::convert::expect_list;
use crate::values::error::EvalError;
use crate::values::value::Value;
use std::rc::Rc;

/// The text of a string argument, or an error saying what was found.
pub(super) fn text(v: &Value, span: Span) -> Result<Rc<str>, EvalError> {
    match v {
        Value::Str(s) | Value::Text(s) => Ok(s.clone()),
        other => Err(EvalError::new(
            format!("expected a string, found {}", other.kind()),
            span,
        )),
    }
}

/// A separator or pattern that must not be empty (an empty one would match everywhere).
fn nonempty(v: &Value, span: Span, what: &str) -> Result<Rc<str>, EvalError> {
    let s = text(v, span)?;
    if s.is_empty() {
        return Err(EvalError::new(format!("the {what} is empty"), span)
            .with_help("chars(s) splits a string into its characters"));
    }
    Ok(s)
}

pub const JOIN: Builtin = Builtin {
    name: "join",
    topic: super::Topic::Language,
    params: "list, sep",
    min_args: 1,
    max_args: Some(2),
    summary: "the strings of a list joined into one, with sep (default \"\") between them",
    example: ("join([\"T\", \".\", \"F\"], \"|\")", "\"T|.|F\""),
    run: |_, a| {
        let items = expect_list(&a.values[0], a.span(0))?;
        let sep = match a.values.get(1) {
            Some(v) => text(v, a.span(1))?,
            None => "".into(),
        };
        let parts = items
            .iter()
            .map(|v| text(v, a.span(0)))
            .collect::<Result<Vec<_>, _>>()?;
        let len = parts.iter().map(|s| s.len()).sum::<usize>()
            + sep.len().saturating_mul(parts.len().saturating_sub(1));
        EvalError::reserve("the joined string", len, "bytes", len, a.call)?;
        let joined = parts.iter().map(|s| &**s).collect::<Vec<&str>>().join(&sep);
        Ok(Value::Str(joined.into()))
    },
};

pub const CHARS: Builtin = Builtin {
    name: "chars",
    topic: super::Topic::Language,
    params: "s",
    min_args: 1,
    max_args: Some(1),
    summary: "the characters of a string, as a list of one-character strings",
    example: ("chars(\"T.F\")", "[\"T\",\".\",\"F\"]"),
    run: |_, a| {
        let s = text(&a.values[0], a.span(0))?;
        Ok(Value::list(
            s.chars()
                .map(|c| Value::Str(c.to_string().into()))
                .collect(),
        ))
    },
};

pub const SPLIT: Builtin = Builtin {
    name: "split",
    topic: super::Topic::Language,
    params: "s, sep",
    min_args: 2,
    max_args: Some(2),
    summary: "the pieces of a string between the occurrences of sep (empty pieces kept)",
    example: ("split(\"..|.x\", \"|\")", "[\"..\",\".x\"]"),
    run: |_, a| {
        let s = text(&a.values[0], a.span(0))?;
        let sep = nonempty(&a.values[1], a.span(1), "separator")?;
        Ok(Value::list(
            s.split(&*sep).map(|p| Value::Str(p.into())).collect(),
        ))
    },
};

pub const REPLACE: Builtin = Builtin {
    name: "replace",
    topic: super::Topic::Language,
    params: "s, from, to",
    min_args: 3,
    max_args: Some(3),
    summary: "the string with every occurrence of from replaced by to",
    example: ("replace(\"T.F\", \".\", \"..\")", "\"T..F\""),
    run: |_, a| {
        let s = text(&a.values[0], a.span(0))?;
        let from = nonempty(&a.values[1], a.span(1), "text to replace")?;
        let to = text(&a.values[2], a.span(2))?;
        let grows = to.len().saturating_sub(from.len());
        if grows > 0 {
            let len = s.len() + s.matches(&*from).count().saturating_mul(grows);
            EvalError::reserve("the replaced string", len, "bytes", len, a.call)?;
        }
        Ok(Value::Str(s.replace(&*from, &to).into()))
    },
};

pub const FIND: Builtin = Builtin {
    name: "find",
    topic: super::Topic::Language,
    params: "s, t",
    min_args: 2,
    max_args: Some(2),
    summary: "the index (in characters) of the first occurrence of t in s, or -1 if there is none",
    example: ("find(\"TT.F\", \".F\")", "2"),
    run: |_, a| {
        let s = text(&a.values[0], a.span(0))?;
        let t = text(&a.values[1], a.span(1))?;
        let at = s
            .find(&*t)
            .map_or(-1, |byte| s[..byte].chars().count() as i64);
        Ok(Value::number(at))
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(JOIN);
    r.add(CHARS);
    r.add(SPLIT);
    r.add(REPLACE);
    r.add(FIND);
    r.add(super::text::STR);
    r.add(super::text::REPEAT);
    r.add(super::text::SET_CHAR);
    r.add(super::text::STARTS_WITH);
    r.add(super::text::ENDS_WITH);
    r.add(super::text::UPPER);
    r.add(super::text::LOWER);
}
