//! Built-ins for heap rulesets given by a code (issue 26): spawning games, CGSuite's
//! coin-turning games seen as heaps.

use super::{Builtin, Topic};
use crate::impartial::HeapRuleset;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::games::position::Ruleset;
use crate::values::games::position::RulesetKind;
use crate::values::value::Value;
use std::rc::Rc;

pub const SPAWNING: Builtin = Builtin {
    name: "spawning",
    topic: Topic::Impartial,
    params: "code",
    min_args: 1,
    max_args: Some(1),
    summary: "the spawning (coin-turning) game with this code, as a heap ruleset: heap n is a heads coin at place n; a move turns it and some coins to its left. The code lists how many coins are turned (3, 1-3, 1+) with constraints C (consecutive), C(k) (within k places), E (equally spaced), S (symmetric), F (coin 1 included): Mock Turtles \"1-3\", Moidores \"1-9\", Triplets \"3\", Ruler \"1+C\", Turnips \"3E\", Grunt \"4FS\", Sym \"1+S\" (CGSuite's Spawning)",
    example: (
        "nim_values(spawning(\"3E\"), 0..9)",
        "[0,0,0,1,0,0,1,2,2,1]",
    ),
    run: |i, a| {
        let Value::Str(code) = &a.values[0] else {
            return Err(EvalError::new(
                format!(
                    "a spawning code is a string such as \"1-3\", not {}",
                    a.values[0].kind()
                ),
                a.span(0),
            ));
        };
        let rules = HeapRuleset::spawning(code).map_err(|e| i.impartial_error(e, a.span(0)))?;
        let name = rules.to_string();
        Ok(Value::ruleset(Rc::new(Ruleset::builtin(name, rules, &*i))))
    },
};

pub const CODE: Builtin = Builtin {
    name: "code",
    topic: Topic::Impartial,
    params: "ruleset",
    min_args: 1,
    max_args: Some(1),
    summary: "the code of a heap ruleset in CGSuite's normal form: its take-and-break code (code(octal(\"0.70\")) is \"0.7\", code(subtraction([2,3,7])) \"0.0330003\", code(nim) \"0.[3]\", code(grundys_game) \"4!.0\"), or a spawning game's code",
    example: ("code(subtraction([2,3,7]))", "\"0.0330003\""),
    run: |i, a| {
        let r = i.ruleset_of(&a.values[0], a.span(0))?;
        match &r.kind {
            RulesetKind::Builtin(solver) => match solver.borrow().ruleset().code() {
                Some(code) => Ok(Value::Str(code.into())),
                None => Err(EvalError::new(format!("{} has no code", r.name), a.span(0))),
            },
            RulesetKind::User { .. } => Err(EvalError::new(
                format!("{} is given by a function: it has no code", r.name),
                a.span(0),
            )),
        }
    },
};
