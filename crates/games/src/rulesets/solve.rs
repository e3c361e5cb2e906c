//! Who wins a position of a ruleset moving first and second, by the engine's outcome
//! solver ([`cgt_core::rules::solve`](fn@cgt_core::rules::solve)) on the ruleset's components and symmetries: for
//! positions too big for a canonical form.

use super::RulesetError;
use super::ruleset::{Bound, Ruleset};
use crate::game::abort::raise;
use crate::game::{Abort, GameStore};
use cgt_core::rules::{EngineError, Searcher, Solution, SolveOptions};
use std::convert::Infallible;

/// Who wins `p` moving first and second (the store's interrupt flag stops it).
pub fn solve_position<R: Ruleset>(
    rules: &R,
    store: &mut GameStore,
    p: &R::Position,
    options: SolveOptions,
) -> Result<Solution, RulesetError> {
    let mut bound = Bound { rules, store };
    Searcher::new(options)
        .solve(&mut bound, p)
        .or_else(|e| Err(refusal(rules, e)))
}

/// The engine's error as the ruleset's (an interrupt is raised).
pub(crate) fn refusal<R: Ruleset>(rules: &R, e: EngineError<R::Position, Infallible>) -> RulesetError {
    match e {
        EngineError::Rules(never) => match never {},
        EngineError::Loop(q) => RulesetError::refused(format!(
            "the {} position {} can be reached from itself",
            rules.name(),
            rules.text(&q)
        )),
        EngineError::TooLarge { limit } => RulesetError::refused(format!(
            "the search would open more than {limit} positions"
        )),
        EngineError::Interrupted => raise(Abort::Interrupted),
        EngineError::NotImpartial(q) => {
            RulesetError::refused(format!("{} is not impartial", rules.text(&q)))
        }
    }
}

/// [`solve_position`] of the position written `text`.
pub fn solve_text<R: Ruleset>(
    rules: &R,
    store: &mut GameStore,
    text: &str,
    options: SolveOptions,
) -> Result<Solution, RulesetError> {
    let p = rules.parse(text)?;
    solve_position(rules, store, &p, options)
}
