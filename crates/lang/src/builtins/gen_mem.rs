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
use crate::values::error::EvalError;
use crate::values::games::usergame::RuleShape;
use crate::values::games::usergame::UserRules;
use crate::values::value::Value;
use std::rc::Rc;

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
