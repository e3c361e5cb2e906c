//! The options of a `gen_mem` position (CGSuite's `GenMem(predicate)`): `[n, memory]` is
//! `n` tokens, the last move having taken `memory`; a move takes `j` tokens when the rule
//! the user wrote, `rule(memory, j)`, is true. The built-in that makes the ruleset is in
//! `builtins/gen_mem.rs`; the ruleset itself is a cgt ruleset ([`super::usergame`]).

use crate::syntax::Span;
use crate::values::args::Args;
use crate::values::error::EvalError;
use crate::values::host::Host;
use crate::values::value::Value;

/// The largest heap of a `gen_mem` position (the rule is called once per take).
pub const MAX_GEN_MEM_HEAP: u64 = 100_000;

/// The options of the position `[n, memory]` under `rule`: `[n - j, j]` for each `j` the
/// rule allows.
pub(crate) fn memory_options(
    host: &mut dyn Host,
    rule: &Value,
    position: &Value,
    span: Span,
) -> Result<Value, EvalError> {
    let bad = || {
        EvalError::new(
            format!(
                "a position of gen_mem is [n, memory], two whole numbers from 0 (n at most {MAX_GEN_MEM_HEAP})"
            ),
            span,
        )
    };
    let Value::List(items) = position else {
        return Err(bad());
    };
    let count = |v: &Value| match v {
        Value::Number(x) => x.to_u64(),
        _ => None,
    };
    let (n, memory) = match items.as_slice() {
        [n, m] => (count(n).ok_or_else(bad)?, count(m).ok_or_else(bad)?),
        _ => return Err(bad()),
    };
    if n > MAX_GEN_MEM_HEAP {
        return Err(bad());
    }
    let mut options = Vec::new();
    for j in 1..=n {
        if j % 4096 == 0 {
            host.check_interrupt(span)?;
        }
        let args = Args {
            values: vec![Value::number(memory), Value::number(j)],
            spans: vec![span, span],
            call: span,
            callee: span,
        };
        match host.call(rule, args)? {
            Value::Bool(true) => {
                options.push(Value::list(vec![Value::number(n - j), Value::number(j)]))
            }
            Value::Bool(false) => {}
            other => {
                return Err(EvalError::new(
                    format!(
                        "the rule of gen_mem gave {} for memory {memory} and a take of {j}; expected true or false",
                        other.kind()
                    ),
                    span,
                )
                .with_help("the rule is (memory, j) -> whether j tokens may be taken, e.g. (m, j) -> j >= m"));
            }
        }
    }
    Ok(Value::list(options))
}
