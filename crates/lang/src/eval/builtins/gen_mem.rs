//! `gen_mem(rule)`: CGSuite's `GenMem(predicate)`, heap games with a memory of the last
//! move whose rule the user writes. A position is `[n, memory]`: `n` tokens, the last move
//! took `memory` (0 before any move); a move takes `j` tokens, `1 ≤ j ≤ n`, when
//! `rule(memory, j)` is true, and leaves `[n - j, j]`. Mem is `gen_mem((m, j) -> j >= m)`,
//! CGSuite's `TakeAway(α)` is `gen_mem((m, j) -> j <= α * m)`.
//!
//! The ruleset is a cgt ruleset ([`UserRules`]) whose function is the rule; its options are
//! made here from the rule's answers, and everything else (memo, solving, moves in their
//! own terms, `:play`) is the machinery of `impartial_game`.

use super::{Args, Builtin, Topic};
use crate::eval::error::EvalError;
use crate::eval::host::Host;
use crate::eval::usergame::{RuleShape, UserRules};
use crate::eval::value::Value;
use crate::syntax::Span;
use std::rc::Rc;

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

fn gen_mem(a: &Args) -> Result<Value, EvalError> {
    match &a.values[0] {
        f @ Value::Function(_) => {
            let mut rules = UserRules::new(f.clone(), true);
            rules.shape = RuleShape::Memory;
            Ok(Value::ruleset(Rc::new(rules)))
        }
        other => Err(EvalError::new(
            format!("expected the rule as a function, found {}", other.kind()),
            a.span(0),
        )
        .with_help(
            "the rule is (memory, j) -> whether j tokens may be taken, e.g. (m, j) -> j >= m",
        )),
    }
}

pub const GEN_MEM: Builtin = Builtin {
    name: "gen_mem",
    topic: Topic::Rulesets,
    params: "rule",
    min_args: 1,
    max_args: Some(1),
    summary: "a heap game with a memory (CGSuite's GenMem): a position [n, memory] is n tokens, the last move having taken memory (0 at the start); a move takes j tokens, 1 <= j <= n, when rule(memory, j) is true, leaving [n - j, j]. gen_mem((m, j) -> j >= m) is mem, gen_mem((m, j) -> j <= 2 * m) is take_away(2, …) (impartial)",
    example: ("gen_mem((m, j) -> j >= m)([10, 4])", "*2"),
    run: |_, a| gen_mem(a),
};
