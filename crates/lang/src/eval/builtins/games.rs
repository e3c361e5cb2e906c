//! Built-ins about a single game: outcome, options, classification, birthday, stops.

use super::{Args, Builtin, Topic};
use crate::eval::error::EvalError;
use crate::eval::interp::Interpreter;
use crate::eval::value::Value;

fn game_arg(i: &mut Interpreter, a: &Args) -> Result<crate::game::GameId, EvalError> {
    i.game_of(&a.values[0], a.span(0))
}

fn dyadic_value(d: crate::game::Dyadic) -> Value {
    Value::number(d.to_rational())
}

pub const OUTCOME: Builtin = Builtin {
    name: "outcome",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the outcome class: L (Left wins), R (Right wins), N (first player wins), P (second player wins)",
    example: ("outcome({1|-1})", "N"),
    run: |i, a| {
        if let Value::Position(p) = &a.values[0]
            && !p.may_be_loopy()
        {
            return p.clone().outcome(i, a.span(0)).map(Value::Outcome);
        }
        let v = i.loopy_operand(a.values[0].clone(), a.span(0))?;
        if let Value::Loopy(g) = &v {
            let unicode = i.notation == crate::game::Notation::Unicode;
            return Ok(loopy_outcome(g.outcome(&i.store), unicode));
        }
        if let Value::LoopyNim(g) = &v {
            return Ok(Value::Text(g.outcome().to_string().into()));
        }
        let g = game_arg(i, a)?;
        Ok(Value::Outcome(i.store.outcome(g)))
    },
};

/// The outcome class of a loopy game: one of L, R, N, P when neither player can draw,
/// else the class with draws by its name.
fn loopy_outcome(o: crate::game::loopy::LoopyOutcome, unicode: bool) -> Value {
    use crate::game::Outcome;
    match o.symbol() {
        "L" => Value::Outcome(Outcome::L),
        "R" => Value::Outcome(Outcome::R),
        "N" => Value::Outcome(Outcome::N),
        "P" => Value::Outcome(Outcome::P),
        _ if unicode => Value::Text(o.unicode_symbol().into()),
        other => Value::Text(other.into()),
    }
}

pub const LEFT_OPTIONS: Builtin = Builtin {
    name: "left_options",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the Left options of the canonical form, as a list in the order they print",
    example: ("left_options({0,*|0})", "[0,*]"),
    run: |i, a| {
        let g = game_arg(i, a)?;
        let opts = i.store.sorted_options(g).0;
        Ok(Value::list(opts.iter().map(|&o| Value::Game(o)).collect()))
    },
};

pub const RIGHT_OPTIONS: Builtin = Builtin {
    name: "right_options",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the Right options of the canonical form, as a list in the order they print",
    example: ("right_options(^)", "[*]"),
    run: |i, a| {
        let g = game_arg(i, a)?;
        let opts = i.store.sorted_options(g).1;
        Ok(Value::list(opts.iter().map(|&o| Value::Game(o)).collect()))
    },
};

pub const IS_NUMBER: Builtin = Builtin {
    name: "is_number",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "true if g equals a number (non-dyadic rationals count: they are numbers, not games)",
    example: ("is_number(1/2)", "true"),
    run: |i, a| {
        Ok(Value::Bool(match &a.values[0] {
            Value::Number(_) => true,
            Value::Game(g) => i.store.is_number(*g),
            _ => false,
        }))
    },
};

pub const IS_NIMBER: Builtin = Builtin {
    name: "is_nimber",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "true if g equals a nimber *n (0 included)",
    example: ("is_nimber(*2)", "true"),
    run: |i, a| {
        let g = game_arg(i, a)?;
        Ok(Value::Bool(i.store.is_nimber(g)))
    },
};

pub const IS_INFINITESIMAL: Builtin = Builtin {
    name: "is_infinitesimal",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "true if -x < g < x for every positive number x (both stops are 0)",
    example: ("is_infinitesimal(^)", "true"),
    run: |i, a| {
        let g = game_arg(i, a)?;
        Ok(Value::Bool(i.store.is_infinitesimal(g)))
    },
};

pub const IS_INTEGER: Builtin = Builtin {
    name: "is_integer",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "true if g equals an integer",
    example: ("is_integer({1|})", "true"),
    run: |i, a| {
        Ok(Value::Bool(match &a.values[0] {
            Value::Number(n) => n.is_integer(),
            _ => {
                let g = game_arg(i, a)?;
                i.store.is_integer(g)
            }
        }))
    },
};

pub const IS_ZERO: Builtin = Builtin {
    name: "is_zero",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "true if g = 0 (a second-player win)",
    example: ("is_zero({1|-1} + {1|-1})", "true"),
    run: |i, a| {
        if let Value::Number(n) = &a.values[0] {
            return Ok(Value::Bool(n.is_zero()));
        }
        let g = game_arg(i, a)?;
        Ok(Value::Bool(g == i.store.zero()))
    },
};

pub const BIRTHDAY: Builtin = Builtin {
    name: "birthday",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the birthday: the height of the canonical game tree",
    example: ("birthday(3/4)", "3"),
    run: |i, a| {
        let g = game_arg(i, a)?;
        Ok(Value::number(i.store.birthday(g)))
    },
};

pub const LEFT_STOP: Builtin = Builtin {
    name: "left_stop",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the left stop: the number reached when Left moves first and both play to stop at a number",
    example: ("left_stop({3|-1})", "3"),
    run: |i, a| {
        let g = game_arg(i, a)?;
        Ok(dyadic_value(i.store.left_stop(g)))
    },
};

pub const RIGHT_STOP: Builtin = Builtin {
    name: "right_stop",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the right stop: the number reached when Right moves first",
    example: ("right_stop({3|-1})", "-1"),
    run: |i, a| {
        let g = game_arg(i, a)?;
        Ok(dyadic_value(i.store.right_stop(g)))
    },
};
