//! Who wins a position of a ruleset moving first and second, by the engine's outcome
//! solver ([`cgt_core::rules::solve`](fn@cgt_core::rules::solve)) on the ruleset's components and symmetries: for
//! positions too big for a canonical form.

use super::RulesetError;
use super::ruleset::{Bound, Ruleset};
use crate::game::abort::{catch_abort, raise};
use crate::game::{Abort, GameStore};
use cgt_core::rules::{Database, DatabaseError, EngineError, Searcher, Solution, SolveOptions};
use std::convert::Infallible;

/// Who wins `p` moving first and second (the store's interrupt flag stops it).
pub fn solve_position<R: Ruleset>(
    rules: &R,
    store: &mut GameStore,
    p: &R::Position,
    options: SolveOptions,
) -> Result<Solution, RulesetError> {
    let db = options.database.clone().map(|path| Database {
        path,
        game: rules.name().to_string(),
    });
    let mut searcher = Searcher::new(options);
    let refused = |e: DatabaseError| RulesetError::refused(e.to_string());
    if let Some(db) = &db {
        searcher.load(db).map_err(refused)?;
    }
    let mut bound = Bound { rules, store };
    let Some(db) = db else {
        return searcher.solve(&mut bound, p).map_err(|e| refusal(rules, e));
    };
    // What was proven is saved even when the search stops early (an interrupt is raised
    // again after the save).
    let found = catch_abort(|| searcher.solve(&mut bound, p));
    searcher.save(&db).map_err(refused)?;
    match found {
        Ok(Ok(s)) => Ok(s),
        Ok(Err(e)) => Err(refusal(rules, e)),
        Err(abort) => raise(abort),
    }
}

/// The engine's error as the ruleset's (an interrupt is raised).
pub(crate) fn refusal<R: Ruleset>(
    rules: &R,
    e: EngineError<R::Position, Infallible>,
) -> RulesetError {
    match e {
        EngineError::Rules(never) => match never {},
        EngineError::Loop(q) => RulesetError::refused(format!(
            "the {} position {} can be reached from itself",
            rules.name(),
            rules.text(&q)
        )),
        EngineError::TooLarge { limit } => {
            RulesetError::refused(format!("the search would open more than {limit} positions"))
        }
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
