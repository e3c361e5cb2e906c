//! One rules engine: a game is a [`Rules`] (its positions, its moves, and what a search may
//! use to go faster), and the engine answers every question about any `Rules` with the same
//! searches:
//!
//! - [`canonical`]: the canonical form of a short position (sums of components, symmetries,
//!   known values and a transposition table are hooks); [`grundy`] the Grundy value of an
//!   impartial one, and [`search::fold`] any other value built the same way (misère forms);
//! - [`loopy_value`]: the value of a position from which play can come back: the loopy game
//!   of its graph of positions, or Smith's generalised Sprague–Grundy values of an impartial
//!   game's positions;
//! - [`misere_outcome`]: the misère outcome of a sum of positions, by a search over the sums
//!   (misère play does not split into components);
//! - [`winning_moves`]: the moves to positions the mover wins in normal play;
//! - [`solve`](mod@solve): who wins a position too big for its canonical form, moving first and
//!   second, by a search that uses the theory (components, exact values of the small ones,
//!   symmetry, dominated moves, a transposition table);
//! - [`wld_solution`]: the W-L-D type (win, loss or draw, DeVos–Kent §1.2) of a position of
//!   a game whose play may end with an outcome ([`Rules::ending`]), and each player's best
//!   move, on the game's graph when positions repeat.
//!
//! **The trait is fallible.** The moves of a ruleset written in cgt call the interpreter,
//! which may fail; every hook returns `Result<_, Self::Error>` and the engine hands the
//! error back as [`EngineError::Rules`]. The built-in games use
//! [`std::convert::Infallible`].
//!
//! **The searches are iterative.** Each keeps its path of open positions on an explicit
//! stack: a position a million moves deep is solved like a shallow one, with memory as the
//! only limit (no recursion proportional to the depth).
//!
//! **Positions may repeat.** A short-game search that meets a position on its own path
//! stops with [`EngineError::Loop`], naming it, so that the caller can hand the position to
//! [`loopy_value`], which explores the whole finite graph of positions instead.
//!
//! **Memo keys are positions.** Tables are keyed by the positions themselves (`Eq + Hash`),
//! normalised by [`Rules::normal_form`]; never by how a position prints.

pub mod graph;
pub mod misere;
pub mod search;
pub mod solve;
mod wld_graph;
pub mod wld_solve;

#[cfg(test)]
mod tests;

pub use graph::{Known, LoopyValue, loopy_value};
pub use misere::{MisereTable, misere_outcome, misere_outcome_in};
pub use search::{Canonical, Fold, Grundy, Table, canonical, fold, grundy, winning_moves};
pub use solve::{
    Database, DatabaseError, Searcher, Solution, SolveOptions, SolveStats, Strategy,
    StrategyOptions, solve,
};
pub use wld_solve::wld_solution;

use crate::game::{GameId, GameStore};
use crate::wld::WldOutcome;
use std::fmt::Debug;
use std::hash::Hash;

/// The rules of a game: its positions and each player's moves, and what the engine may use
/// to go faster. Only [`Rules::moves`] and [`Rules::store`] are required.
///
/// Methods that may call out (to an interpreter, say) take `&mut self` and may fail with
/// [`Rules::Error`].
pub trait Rules {
    /// A position. Equal positions must have equal values: the engine memoizes by them.
    type Position: Clone + Eq + Hash + Debug;

    /// Why a move (or another hook) could not be computed.
    type Error;

    /// Appends to `out` each position Left (`left`) or Right can move to from `p`.
    fn moves(
        &mut self,
        p: &Self::Position,
        left: bool,
        out: &mut Vec<Self::Position>,
    ) -> Result<(), Self::Error>;

    /// The store the values are made in (always the same one: tables hold its ids).
    fn store(&mut self) -> &mut GameStore;

    /// Whether both players always have the same moves: only Left's are asked for.
    fn is_impartial(&self) -> bool {
        false
    }

    /// Appends to `out` the independent parts of `p`, whose values add up to its value.
    /// The default is `p` itself.
    fn components(
        &mut self,
        p: &Self::Position,
        out: &mut Vec<Self::Position>,
    ) -> Result<(), Self::Error> {
        out.push(p.clone());
        Ok(())
    }

    /// A representative of the component `p` under the game's symmetries, and whether its
    /// value is the *negative* of `p`'s (a symmetry that swaps the players). The default is
    /// `p` itself.
    fn normal_form(&self, p: &Self::Position) -> (Self::Position, bool) {
        (p.clone(), false)
    }

    /// A cheap test that neither player can move from `p` (its value is 0).
    fn is_dead(&self, _p: &Self::Position) -> bool {
        false
    }

    /// The value of a component known without a search (a theorem, or an option that is a
    /// game already), else `None`.
    fn known_value(&mut self, _p: &Self::Position) -> Result<Option<GameId>, Self::Error> {
        Ok(None)
    }

    /// The outcome if play has ended at `p` (asked by the W-L-D search, [`wld_solution`],
    /// before the moves; a position without moves and without an ending is a draw there).
    /// The default: play never ends but by running out of moves.
    fn ending(&mut self, _p: &Self::Position) -> Result<Option<WldOutcome>, Self::Error> {
        Ok(None)
    }

    /// Called before each position a search opens: the place to stop on an interrupt, or
    /// when the tables outgrow a budget (`open` is the number of positions on the path).
    fn check(&mut self, _open: usize) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Called after each position a search has solved (progress counters, table sizes).
    fn solved(&mut self, _p: &Self::Position) {
        crate::progress::position_solved();
    }

    /// Whether the running computation should stop (asked by long computations on a whole
    /// graph, which then end with [`EngineError::Interrupted`]).
    fn interrupted(&self) -> bool {
        false
    }
}

/// Why the engine gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError<P, E> {
    /// The rules failed.
    Rules(E),
    /// The position can be reached from itself: a short-game search cannot value it (see
    /// [`loopy_value`]).
    Loop(P),
    /// A search would hold more than `limit` positions.
    TooLarge { limit: usize },
    /// A value that must be a nimber (of an impartial game) is not one; the position.
    NotImpartial(P),
    /// [`Rules::interrupted`] said to stop.
    Interrupted,
}

/// The error type of the engine for the rules `R`.
pub type ErrorOf<R> = EngineError<<R as Rules>::Position, <R as Rules>::Error>;
