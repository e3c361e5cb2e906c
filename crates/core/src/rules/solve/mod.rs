//! The outcome solver: who wins a position of any [`Rules`] moving first and moving
//! second, by a search that uses the theory where it is cheaper than the tree, for
//! positions too big for a canonical form.
//!
//! - **Components** ([`Rules::components`]) are kept apart; a component whose canonical
//!   form a bounded search finds ([`SolveOptions::component_limit`] positions, tried
//!   only on components with at most [`SolveOptions::component_moves`] moves; see
//!   `limited`) is replaced by it, and all such values are added up exactly into one
//!   canonical form, the node's *exact part* (numbers, infinitesimals, switches alike).
//!   A node is then its big components plus its exact part (`node`); a node with no big
//!   component is decided by the exact part's outcome class.
//! - **Symmetry and cancellation**: big components are keyed by their normal forms
//!   ([`Rules::normal_form`]); a component beside its negative is dropped with it, children
//!   with equal keys (symmetric moves) are searched once.
//! - **Dominated children**: of two children with the same big components, the one whose
//!   exact part is worse for the mover is dropped (`order`).
//! - **Transposition table** of outcomes under the session's memory budget (`table`),
//!   asked for every child before any is searched (enhanced transposition cutoffs).
//! - **Move ordering** by mobility and the exact part's stops (`order`).
//! - The search (`search`) is a two-valued α-β on an explicit stack; it is interrupted
//!   through [`Rules::check`] (Ctrl-C) and [`Rules::interrupted`], and bumps the progress
//!   counter ([`crate::progress`]) for each node solved.
//! - A database (`database`): the table saved to a file and loaded by a later run.
//! - A winning strategy (`strategy`): the winner's move in every position its play can
//!   reach, small positions cut off as proven, for a checker that shares none of this code.

mod database;
mod expand;
mod limited;
mod node;
mod order;
mod search;
mod strategy;
mod table;

#[cfg(test)]
mod tests;

use super::{ErrorOf, Rules};
use crate::game::Outcome;
pub use database::{Database, DatabaseError};
use limited::SmallValues;
use rustc_hash::FxHashMap;
pub use strategy::{Strategy, StrategyOptions};

/// What the solver may spend.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The most positions the canonical-form search of one component may open before the
    /// component counts as big (0: no component is replaced by its value).
    pub component_limit: usize,
    /// Components with more moves than this (both players' together) count as big
    /// without a try.
    pub component_moves: usize,
    /// The most nodes the outcome search may open (`None`: no bound), else
    /// [`EngineError::TooLarge`](super::EngineError::TooLarge).
    pub max_positions: Option<u64>,
    /// The bytes the solver's tables may take (`None`: half the memory budget,
    /// [`crate::game::budget`]).
    pub table_bytes: Option<u64>,
    /// A database file of solved positions (`database`): loaded before the search and
    /// saved after it, also when it stops early (by the callers that take the option:
    /// [`Searcher::load`] and [`Searcher::save`] do the work).
    pub database: Option<std::path::PathBuf>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            component_limit: 2000,
            component_moves: 30,
            max_positions: None,
            table_bytes: None,
            database: None,
        }
    }
}

/// The work a solver did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Nodes opened by the outcome search.
    pub positions: u64,
    /// Children decided by the transposition table.
    pub table_hits: u64,
    /// Children decided by their exact part alone.
    pub exact: u64,
    /// Children dropped as symmetric or dominated.
    pub pruned: u64,
    /// The deepest node opened (moves from the root).
    pub max_depth: usize,
    /// Components whose canonical form is known, and positions the bounded canonical
    /// searches opened.
    pub components: usize,
    pub canonical_positions: u64,
    /// Entries of the transposition table, and how often its old half was dropped.
    pub table_entries: usize,
    pub table_dropped: u64,
}

/// Who wins a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Whether Left wins moving first.
    pub left_first: bool,
    /// Whether Right wins moving first.
    pub right_first: bool,
    pub stats: SolveStats,
}

impl Solution {
    /// The outcome class: `L` when Left wins moving first and second, and so on.
    pub fn outcome(&self) -> Outcome {
        match (self.left_first, self.right_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }
}

/// An outcome solver with its tables, kept between positions of one game (the values it
/// holds belong to the store of the rules it is used with: always the same one).
pub struct Searcher<P> {
    options: SolveOptions,
    outcomes: table::Outcomes,
    small: SmallValues<P>,
    counts: FxHashMap<u128, (u32, u32)>,
    exact_keys: FxHashMap<crate::game::GameId, u128>,
    comps: Vec<P>,
    stats: SolveStats,
}

impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> Searcher<P> {
    pub fn new(options: SolveOptions) -> Searcher<P> {
        let bytes = options
            .table_bytes
            .unwrap_or_else(|| crate::game::budget::budget() / 2);
        Searcher {
            outcomes: table::Outcomes::new(bytes / 2),
            options,
            small: SmallValues::default(),
            counts: FxHashMap::default(),
            exact_keys: FxHashMap::default(),
            comps: Vec::new(),
            stats: SolveStats::default(),
        }
    }

    /// The most entries the tables of components (values, move counts) may hold: a quarter
    /// of the solver's bytes each.
    fn small_entries(&self) -> usize {
        let bytes = self
            .options
            .table_bytes
            .unwrap_or_else(|| crate::game::budget::budget() / 2);
        let entry = std::mem::size_of::<P>() as u64 + 48;
        ((bytes / 4 / entry) as usize).max(1024)
    }

    /// Loads the outcomes saved in `db` (a missing file is an empty database); the number
    /// of entries read.
    pub fn load(&mut self, db: &Database) -> Result<usize, DatabaseError> {
        db.load(&mut self.outcomes)
    }

    /// Saves the outcomes proven so far to `db`; the number of entries written.
    pub fn save(&self, db: &Database) -> Result<usize, DatabaseError> {
        db.save(&self.outcomes)
    }

    /// The work done so far.
    pub fn stats(&self) -> SolveStats {
        SolveStats {
            components: self.small.table.len(),
            canonical_positions: self.small.opened,
            table_entries: self.outcomes.len(),
            table_dropped: self.outcomes.dropped,
            ..self.stats
        }
    }

    /// Whether Left (`left`) or Right wins `p` moving first.
    pub fn wins<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        p: &P,
        left: bool,
    ) -> Result<bool, ErrorOf<R>> {
        let root = self.root(rules, p)?;
        self.wins_node(rules, root, left)
    }

    /// Who wins `p` moving first and moving second.
    pub fn solve<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        p: &P,
    ) -> Result<Solution, ErrorOf<R>> {
        let left_first = self.wins(rules, p, true)?;
        let right_first = self.wins(rules, p, false)?;
        Ok(Solution {
            left_first,
            right_first,
            stats: self.stats(),
        })
    }
}

/// Who wins `p` moving first and moving second (a fresh [`Searcher`]).
pub fn solve<R: Rules>(
    rules: &mut R,
    p: &R::Position,
    options: SolveOptions,
) -> Result<Solution, ErrorOf<R>> {
    Searcher::new(options).solve(rules, p)
}
