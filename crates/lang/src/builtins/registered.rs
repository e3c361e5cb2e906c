//! Built-ins made by the registry: every registered game's ruleset says what its built-in
//! is ([`About`]), and gets one from that, with no code here; see `docs/` "Adding a
//! ruleset". The language's part is turning values into [`Arg`]s and the ruleset's errors
//! into errors at the argument they blame.

use super::{Args, Doc, Entry, Registry, Topic};
use crate::rulesets::RulesetError;
#[cfg(doc)]
use crate::rulesets::registry::About;
use crate::rulesets::registry::{Arg, board_rulesets};
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::games::partizan::BoardPosition;
use crate::values::games::partizan::BoardTables;
use crate::values::host::Host;
use crate::values::object::PositionObject;
use crate::values::value::Value;
use std::rc::Rc;

/// Adds the built-ins of the registered games, in registry order: each a closure that
/// knows its game's place in the registry.
pub(super) fn register(r: &mut Registry) {
    for (k, g) in board_rulesets().iter().enumerate() {
        let Some(about) = g.about() else { continue };
        let (min_args, max_args) = about.args.counts();
        let doc = Doc {
            name: g.name(),
            topic: Topic::Rulesets,
            params: about.params,
            min_args,
            max_args: Some(max_args),
            summary: about.summary,
            example: about.example,
            run: (),
        };
        r.add(Entry::new(doc, Box::new(move |i, a| run_game(i, k, a))));
    }
}

/// The position named by the arguments, checked by computing its value now (so that bad
/// input is reported at the call).
fn run_game(i: &mut dyn Host, k: usize, a: &Args) -> Result<Value, EvalError> {
    let Some(game) = i.cache::<BoardTables>().at(k) else {
        return Err(EvalError::new(
            format!("internal: no built-in ruleset {k}"),
            a.call,
        ));
    };
    let args: Vec<Arg> = a.values.iter().map(|v| arg(v, 0)).collect();
    let text = game.text_of_args(&args).map_err(|e| arg_error(e, a))?;
    let p = BoardPosition::new(game, text);
    p.value(i, a.call)?;
    Ok(Value::position(Rc::new(p)))
}

/// Lists nested deeper than this reach a ruleset as [`Arg::Other`] (no game reads so
/// deep; the limit keeps a pathological value from exhausting the stack).
const MAX_DEPTH: usize = 8;

/// A value as an argument for a ruleset, at nesting `depth`.
pub(super) fn arg(v: &Value, depth: usize) -> Arg {
    match v {
        Value::Number(n) => n.to_integer().map_or(Arg::Rational, Arg::Int),
        Value::Str(s) => Arg::Text(s.to_string()),
        Value::List(items) if depth < MAX_DEPTH => {
            Arg::List(items.iter().map(|x| arg(x, depth + 1)).collect())
        }
        Value::Set(items) if depth < MAX_DEPTH => {
            Arg::Set(items.values().map(|x| arg(x, depth + 1)).collect())
        }
        // A heap ruleset reaches a ruleset by its rules (the cake products take two), a
        // built-in named for one (`kayles`) too.
        v if let Some(r) = v.as_ruleset() => {
            r.heap_rules().map_or(Arg::Other("a ruleset"), Arg::Heap)
        }
        v if let Some(b) = v.as_builtin() => {
            super::impartial::named_rules(b.name).map_or(Arg::Other("a function"), Arg::Heap)
        }
        other => Arg::Other(other.kind()),
    }
}

/// A ruleset's error at the argument it blames; with none blamed, at the only argument or
/// at the call.
pub(super) fn arg_error(e: RulesetError, a: &Args) -> EvalError {
    let unblamed = if a.values.len() == 1 && e.arg().is_none() {
        a.span(0)
    } else {
        a.call
    };
    blamed_error(e, a, unblamed)
}

/// A ruleset's error at the argument it blames, or at `unblamed` when it blames none.
pub(super) fn blamed_error(e: RulesetError, a: &Args, unblamed: Span) -> EvalError {
    let span = match e.arg() {
        Some(k) if k < a.values.len() => a.span(k),
        _ => unblamed,
    };
    let error = EvalError::new(e.to_string(), span);
    match e.help() {
        Some(help) => error.with_help(help.to_string()),
        None => error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registered game has a built-in made from its registration, in the table under
    /// its name (none is written by hand any more).
    #[test]
    fn every_registered_game_has_a_made_builtin() {
        for g in board_rulesets().iter() {
            let about = g
                .about()
                .unwrap_or_else(|| panic!("{} has no about()", g.name()));
            let b = super::super::lookup(g.name()).expect("made built-in");
            assert_eq!(b.summary, about.summary, "{}", g.name());
            assert_eq!(b.params, about.params, "{}", g.name());
            assert_eq!(b.topic, Topic::Rulesets, "{}", g.name());
        }
        // No two built-ins share a name, made or written.
        let mut names: Vec<&str> = super::super::BUILTINS.iter().map(|b| b.name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before, "a built-in name is taken twice");
    }
}
