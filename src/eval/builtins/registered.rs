//! Built-ins made by the registry: a game whose ruleset says what its built-in is
//! ([`About`]) gets one from that, with no code here; see `docs/` "Adding a ruleset".

use super::{Args, Builtin, BuiltinFn, Topic};
use crate::eval::convert::expect_u64;
use crate::eval::error::EvalError;
use crate::eval::interp::Interpreter;
use crate::eval::object::PositionObject;
use crate::eval::partizan::{BoardPosition, BoardRuleset};
use crate::eval::value::Value;
use crate::rulesets::registry::{ArgForm, MAX_SIZE, board_rulesets};
use std::rc::Rc;

/// The built-ins of the registered games that describe their built-in, in registry order.
pub(super) fn builtins() -> Vec<Builtin> {
    board_rulesets()
        .iter()
        .enumerate()
        .filter_map(|(k, g)| {
            let about = g.about()?;
            let run = *RUNNERS.get(k)?;
            let (min_args, max_args) = match about.args {
                ArgForm::Text { .. } => (1, 1),
                ArgForm::TextOrSizes { sizes, .. } => (1, sizes.len().max(1)),
                ArgForm::Sizes { sizes } => (sizes.len(), sizes.len()),
            };
            Some(Builtin {
                name: g.name(),
                topic: Topic::Rulesets,
                params: about.params,
                min_args,
                max_args: Some(max_args),
                summary: about.summary,
                example: about.example,
                run,
            })
        })
        .collect()
}

/// The built-in of the `K`th registered game: a function per game, since a built-in is a
/// plain function pointer.
fn run<const K: usize>(i: &mut Interpreter, a: &Args) -> Result<Value, EvalError> {
    run_game(i, K, a)
}

macro_rules! runners {
    ($($k:literal)*) => { [$(run::<$k> as BuiltinFn),*] };
}

/// One runner per place in the registry (a test checks that there are enough).
pub(super) const RUNNERS: [BuiltinFn; 48] = runners![
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
    24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
];

/// The position named by the arguments, checked by computing its value now (so that bad
/// input is reported at the call).
fn run_game(i: &mut Interpreter, k: usize, a: &Args) -> Result<Value, EvalError> {
    let Some((game, about)) = i.boards.at(k).and_then(|g| Some((g.clone(), g.about()?))) else {
        return Err(EvalError::new(
            format!("internal: no built-in ruleset {k}"),
            a.call,
        ));
    };
    let text = match about.args {
        ArgForm::Text { what } => given_text(&game, a, what)?,
        ArgForm::TextOrSizes { what, sizes } => {
            let by_sizes = a.values.len() == sizes.len()
                && (sizes.len() > 1 || matches!(a.values[0], Value::Number(_)));
            if by_sizes {
                of_sizes(&game, a, sizes, 0)?
            } else {
                given_text(&game, a, what)?
            }
        }
        ArgForm::Sizes { sizes } => of_sizes(&game, a, sizes, 1)?,
    };
    let p = BoardPosition::new(game, text);
    p.value(i, a.call)?;
    Ok(Value::Position(Rc::new(p)))
}

/// The first argument as the position's text, written the game's own way.
fn given_text(game: &BoardRuleset, a: &Args, what: &str) -> Result<String, EvalError> {
    let Value::Str(s) = &a.values[0] else {
        return Err(EvalError::new(
            format!("expected {what} as a string, found {}", a.values[0].kind()),
            a.span(0),
        ));
    };
    game.normalise(s)
        .map_err(|e| EvalError::new(e.to_string(), a.span(0)))
}

/// The position given by the sizes in the arguments, each from `least` to [`MAX_SIZE`].
fn of_sizes(
    game: &BoardRuleset,
    a: &Args,
    names: &[&str],
    least: u64,
) -> Result<String, EvalError> {
    let mut sizes = Vec::with_capacity(names.len());
    for (k, what) in names.iter().enumerate() {
        let n = expect_u64(&a.values[k], a.span(k), what)?;
        if n > MAX_SIZE {
            return Err(EvalError::new(
                format!("{what} {n} is larger than {MAX_SIZE}"),
                a.span(k),
            ));
        }
        if n < least {
            return Err(
                EvalError::new(format!("{what} must be at least {least}"), a.span(k))
                    .with_help("a board with no cells is not a position of this game"),
            );
        }
        sizes.push(n as usize);
    }
    game.text_of_sizes(&sizes).ok_or_else(|| {
        EvalError::new(
            format!("internal: {} has no positions by sizes", game.name()),
            a.call,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registered game has a runner, and the made built-ins are in the table under
    /// their games' names.
    #[test]
    fn every_registered_game_can_have_a_builtin() {
        let games = board_rulesets();
        assert!(games.len() <= RUNNERS.len(), "add runners");
        for g in games.iter().filter(|g| g.about().is_some()) {
            let b = super::super::lookup(g.name()).expect("made built-in");
            assert_eq!(b.summary, g.about().map(|a| a.summary).unwrap_or_default());
        }
    }
}
