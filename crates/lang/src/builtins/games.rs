//! Built-ins about a single game: outcome, options, classification, birthday, stops.

use super::loopy::loopy_value_arg;
use super::{Args, Builtin, Topic};
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::Value;

pub(super) fn game_arg(i: &mut dyn Host, a: &Args) -> Result<crate::game::GameId, EvalError> {
    i.game_of(&a.values[0], a.span(0))
}

/// The value a position or a sum stands for (a game, or a loopy game); any other value as
/// it is. A property that depends only on the value must look at this, not at the
/// components a sum keeps (`* + *` is 0, a number, though neither term is).
fn value_of(i: &mut dyn Host, a: &Args, k: usize) -> Result<Value, EvalError> {
    let v = a.values[k].clone();
    if !matches!(
        v,
        Value::Game(GameValue::Position(_)) | Value::Game(GameValue::Sum(_))
    ) {
        return Ok(v);
    }
    match i.loopy_operand(v, a.span(k))? {
        v @ (Value::Game(GameValue::Position(_)) | Value::Game(GameValue::Sum(_))) => {
            Ok(Value::short(i.game_of(&v, a.span(k))?))
        }
        loopy => Ok(loopy),
    }
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
        if let Some(v) = super::transfinite::question(a, "outcome") {
            return Ok(v);
        }
        if let Value::Game(GameValue::Position(p)) = &a.values[0]
            && !p.may_be_loopy()
        {
            return p.clone().outcome(i, a.span(0)).map(Value::Outcome);
        }
        let v = i.loopy_operand(a.values[0].clone(), a.span(0))?;
        if let Value::Game(GameValue::Loopy(g)) = &v {
            let unicode = i.notation() == crate::game::Notation::Unicode;
            return Ok(loopy_outcome(g.outcome(&i.store), unicode));
        }
        if let Value::Game(GameValue::LoopyNim(g)) = &v {
            // N and P are the outcome classes of every other game; D is the loopy class.
            let name = g.outcome().to_string();
            return Ok(outcome_named(&name, false).unwrap_or(Value::Text(name.into())));
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

/// The outcome class a bare name stands for when nothing else has that name: `L`, `R`, `N`,
/// `P`, and the loopy classes `D`, `PHat`, `PCheck`, `NHat`, `NCheck`, each the very value
/// `outcome` gives (so `outcome(0) == P` holds, and `outcome(on) == NHat`, printed `N̂` in
/// Unicode).
pub(crate) fn outcome_named(name: &str, unicode: bool) -> Option<Value> {
    use crate::game::loopy::{LoopyOutcome, Winner};
    const WINNERS: [Winner; 3] = [Winner::Left, Winner::Draw, Winner::Right];
    WINNERS
        .iter()
        .flat_map(|&l| {
            WINNERS.iter().map(move |&r| LoopyOutcome {
                left_first: l,
                right_first: r,
            })
        })
        .find(|o| o.symbol() == name)
        .map(|o| loopy_outcome(o, unicode))
}

/// The ASCII name of a loopy outcome class written either way (`N̂` is `NHat`); any
/// other text as it is. Texts compare by it, so that `outcome(g) == NHat` and
/// `outcome(g) == "NHat"` hold in either notation.
pub(crate) fn outcome_spelling(text: &str) -> &str {
    use crate::game::loopy::{LoopyOutcome, Winner};
    const WINNERS: [Winner; 3] = [Winner::Left, Winner::Draw, Winner::Right];
    WINNERS
        .iter()
        .flat_map(|&l| {
            WINNERS.iter().map(move |&r| LoopyOutcome {
                left_first: l,
                right_first: r,
            })
        })
        .find(|o| o.unicode_symbol() == text)
        .map_or(text, |o| o.symbol())
}

pub const CANONICAL_FORM: Builtin = Builtin {
    name: "canonical_form",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the value of a position or a sum, as a game in canonical form (a game is its own)",
    example: ("canonical_form(* + *)", "0"),
    run: |i, a| match value_of(i, a, 0)? {
        v @ (Value::Game(GameValue::Short(_))
        | Value::Number(_)
        | Value::Game(GameValue::Loopy(_))
        | Value::Game(GameValue::LoopyNim(_))) => Ok(v),
        other => i.game_of(&other, a.span(0)).map(Value::short),
    },
};

pub const LEFT_OPTIONS: Builtin = Builtin {
    name: "left_options",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the Left options of the canonical form, as a list in the order they print (of a loopy game: of its simplest form, a pass giving the game itself)",
    example: ("left_options({0,*|0})", "[0,*]"),
    run: |i, a| {
        if let Some(g) = loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_options(i, a, &g, true);
        }
        let g = game_arg(i, a)?;
        let opts = i.store.sorted_options(g).0;
        Ok(Value::list(opts.iter().map(|&o| Value::short(o)).collect()))
    },
};

pub const RIGHT_OPTIONS: Builtin = Builtin {
    name: "right_options",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the Right options of the canonical form, as a list in the order they print (loopy games too)",
    example: ("right_options(^)", "[*]"),
    run: |i, a| {
        if let Some(g) = loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_options(i, a, &g, false);
        }
        let g = game_arg(i, a)?;
        let opts = i.store.sorted_options(g).1;
        Ok(Value::list(opts.iter().map(|&o| Value::short(o)).collect()))
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
        if let Some(v) = super::transfinite::question(a, "is_number") {
            return Ok(v);
        }
        Ok(Value::Bool(match &value_of(i, a, 0)? {
            Value::Number(_) => true,
            Value::Game(GameValue::Short(g)) => i.store.is_number(*g),
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
    summary: "true if g equals a nimber *n (0 included); false for a loopy game",
    example: ("is_nimber(*2)", "true"),
    run: |i, a| {
        if let Some(v) = super::transfinite::question(a, "is_nimber") {
            return Ok(v);
        }
        if let Some(g) = loopy_value_arg(i, a, 0)? {
            return super::loopy::short_only_predicate(i, a, &g);
        }
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
    summary: "true if -x < g < x for every positive number x (both stops are 0; for a stopper both strong stops, as CGSuite; for S & T both sides)",
    example: ("is_infinitesimal(^)", "true"),
    run: |i, a| {
        if let Some(v) = super::transfinite::question(a, "is_infinitesimal") {
            return Ok(v);
        }
        if let Some(g) = loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_class(i, a, &g, false);
        }
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
    summary: "true if g equals an integer; false for a loopy game",
    example: ("is_integer({1|})", "true"),
    run: |i, a| {
        if let Some(v) = super::transfinite::question(a, "is_integer") {
            return Ok(v);
        }
        if let Some(g) = loopy_value_arg(i, a, 0)? {
            return super::loopy::short_only_predicate(i, a, &g);
        }
        Ok(Value::Bool(match &value_of(i, a, 0)? {
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
    summary: "true if g = 0 (a second-player win); false for a loopy game (is_zero(over) is false)",
    example: ("is_zero({1|-1} + {1|-1})", "true"),
    run: |i, a| {
        if let Some(v) = super::transfinite::question(a, "is_zero") {
            return Ok(v);
        }
        if let Value::Number(n) = &a.values[0] {
            return Ok(Value::Bool(n.is_zero()));
        }
        if let Some(g) = loopy_value_arg(i, a, 0)? {
            return super::loopy::short_only_predicate(i, a, &g);
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
    summary: "the birthday: the height of the canonical game tree; of a misère game *[…], of its simplest form; of a rational that is not dyadic, ω (1/3 is born on day ω as a surreal number); of a surreal number α + r (α an ordinal, r rational), α + birthday(r): omega - 1 is born on day ω + 1; of *α, α",
    example: ("birthday(3/4)", "3"),
    run: |i, a| {
        if let Value::Game(GameValue::Misere(m)) = &a.values[0] {
            return Ok(Value::number(i.misere.birthday(*m)));
        }
        // A rational that is not dyadic is born on day ω (the surreal numbers); ω - 1 on
        // day ω + 1.
        if matches!(&a.values[0], Value::Number(n) if !n.is_dyadic())
            || matches!(&a.values[0], Value::Game(GameValue::Transfinite(_)))
        {
            return super::transfinite::birthday(i, a);
        }
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
    summary: "the left stop: the number reached when Left moves first and both play to stop at a number; of a stopper, a pseudonumber (a number, on, off, x over, x under: CGSuite's LeftStop)",
    example: ("left_stop({3|-1})", "3"),
    run: |i, a| {
        if let Some(g) = loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_stop(i, a, &g, true);
        }
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
    summary: "the right stop: the number reached when Right moves first (of a stopper, a pseudonumber)",
    example: ("right_stop({3|-1})", "-1"),
    run: |i, a| {
        if let Some(g) = loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_stop(i, a, &g, false);
        }
        let g = game_arg(i, a)?;
        Ok(dyadic_value(i.store.right_stop(g)))
    },
};

/// A printed value as an expression: CGSuite prints 2 + *3 as `2*3` (a number, then a
/// star with its count), which the expression grammar reads as a product; a `+` goes
/// between a digit and the star that follows it (`^19*3` and `1/2*` read the same
/// either way).
fn printed_as_expression(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut after_digit = false;
    for c in text.chars() {
        if c == '*' && after_digit {
            out.push_str(" + ");
        }
        out.push(c);
        after_digit = c.is_ascii_digit();
    }
    out
}

/// Whether an expression is made only of what printed values contain (literals, names
/// such as `on` or a loopy game's labels, game braces, operators, `Tiny(…)`): reading a
/// printed value never calls a function that could print or write.
fn only_printed_forms(e: &crate::syntax::Expr) -> bool {
    use crate::syntax::ExprKind as K;
    match &e.kind {
        K::Number(_) | K::NusLiteral { .. } | K::Ident(_) | K::Pass => true,
        K::StarOf(inner) => only_printed_forms(inner),
        K::Game { left, right, .. } => left.iter().chain(right).all(only_printed_forms),
        // `+-{1,1*}`: braces without bars are a set of options.
        K::Set(items) => items.iter().all(only_printed_forms),
        K::Unary { operand, .. } => only_printed_forms(operand),
        K::Binary { lhs, rhs, .. } => only_printed_forms(lhs) && only_printed_forms(rhs),
        K::Call { callee, args } => {
            matches!(&callee.kind, K::Ident(name) if ["Tiny", "Miny"].contains(&name.as_str()))
                && args.iter().all(only_printed_forms)
        }
        _ => false,
    }
}

pub const GAME: Builtin = Builtin {
    name: "game",
    topic: Topic::Values,
    params: "text",
    min_args: 1,
    max_args: Some(1),
    summary: "reads a value as cgt prints it, in CGSuite's notation: game(\"2*3\") is 2 + *3 (the expression 2*3 is 6)",
    example: ("game(\"2*3\") == 2 + *3", "true"),
    run: |i, a| {
        let Value::Str(text) = &a.values[0] else {
            return Err(EvalError::new(
                format!(
                    "game reads a printed value from a string, not {}",
                    a.values[0].kind()
                ),
                a.span(0),
            ));
        };
        let unreadable = |why: &str| {
            EvalError::new(format!("`{text}` is not a printed value: {why}"), a.span(0))
        };
        let source = printed_as_expression(text);
        let stmts = crate::syntax::parse_program(&source).map_err(|e| unreadable(&e.message))?;
        let [crate::syntax::Stmt::Expr(e)] = &stmts[..] else {
            return Err(unreadable("one value is needed"));
        };
        if !only_printed_forms(e) {
            return Err(unreadable("only literals, names and operators are read"));
        }
        let read = i.eval(e, &None).map_err(|e| match e.message.as_str() {
            "interrupted" => e,
            why => unreadable(why),
        });
        match read? {
            v @ (Value::Game(GameValue::Short(_))
            | Value::Number(_)
            | Value::Game(GameValue::Loopy(_))
            | Value::Game(GameValue::LoopyNim(_))) => Ok(v),
            sum @ Value::Game(GameValue::Sum(_)) => Ok(Value::short(i.game_of(&sum, a.span(0))?)),
            other => Err(unreadable(&format!("it is {}, not a game", other.kind()))),
        }
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(OUTCOME);
    r.add(CANONICAL_FORM);
    r.add(GAME);
    r.add(LEFT_OPTIONS);
    r.add(RIGHT_OPTIONS);
    r.add(IS_NUMBER);
    r.add(IS_NIMBER);
    r.add(IS_INFINITESIMAL);
    r.add(IS_INTEGER);
    r.add(IS_ZERO);
    r.add(BIRTHDAY);
    r.add(LEFT_STOP);
    r.add(RIGHT_STOP);
}
