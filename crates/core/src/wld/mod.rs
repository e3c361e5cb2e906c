//! Win-Lose-Draw game trees and Zermelo's theorem (DeVos–Kent, *Game Theory: A Playful
//! Introduction*, §1.1–1.2). Pure mathematics: nothing here knows the cgt language.
//!
//! A **W-L-D game tree** has a root; every terminal node holds an outcome, `+-` (Louise
//! wins), `-+` (Richard wins) or `00` (a draw), and every branch node says which player,
//! `L` (Louise) or `R` (Richard), chooses one of its children there. Its text form is
//! written like `L(+-, R(00, -+), 00)`.
//!
//! **Zermelo's theorem** (Theorem 1.10): every such tree has a *type*, `+-` (Louise has a
//! winning strategy), `-+` (Richard has one) or `00` (both have drawing strategies), and
//! working backwards (Procedure 1.8) finds it together with the strategies.
//!
//! - [`outcome`]: [`Player`] and [`WldOutcome`];
//! - [`tree`]: [`WldTree`] (an arena in post-order, so nothing recurses on deep trees) and
//!   its text form;
//! - [`zermelo`](mod@zermelo): [`zermelo()`] giving a [`Solution`] (types, strategies, principal line)
//!   and [`guaranteed_outcome`] for any strategy;
//! - [`explain`]: the working-backwards steps as text;
//! - [`search`]: [`solve_game`] for games given by functions (a user's ruleset), the rules
//!   engine's W-L-D search ([`crate::rules::wld_solution`]) on them, and [`game_tree`]
//!   building the W-L-D tree of such a game (Procedure 1.7).
//!
//! Child indices and paths are 0-based: the path `[1, 0]` is the first child of the second
//! child of the root, and `[]` is the root.

pub mod explain;
pub mod outcome;
mod parse;
pub mod search;
pub mod tree;
pub mod zermelo;

#[cfg(test)]
mod tictactoe_tests;

pub use outcome::{Player, WldOutcome};
pub use search::{
    DEFAULT_GAME_TREE_LIMIT, DEFAULT_SOLVE_LIMIT, GameSolution, game_tree, game_tree_limited,
    solve_game, solve_game_limited,
};
pub use tree::{NodeRef, WldTree};
pub use zermelo::{Solution, guaranteed_outcome, zermelo};

use thiserror::Error;

/// Why a W-L-D computation could not be done.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WldError {
    /// Text that is not one of `+-`, `-+`, `00`.
    #[error("not a W-L-D outcome: {0:?} (write +-, -+ or 00)")]
    BadOutcome(String),
    /// Text that is not a player (`L`, `R`, `Louise`, `Richard`, `Left`, `Right`).
    #[error("not a player: {0:?} (write L or R)")]
    BadPlayer(String),
    /// A malformed tree text; `at` is a byte offset into it.
    #[error("bad W-L-D tree at offset {at}: {message}")]
    Syntax { at: usize, message: String },
    /// A branch node without children: somebody would have to choose from nothing.
    #[error("a branch node needs at least one child")]
    EmptyBranch,
    /// A position that can be reached from itself with the same player to move: play
    /// could go on forever, and the book's games are finite.
    #[error("the game is loopy: a position can be reached from itself")]
    Loopy,
    /// A search that would visit more positions (or build more nodes) than allowed.
    #[error("the search needs more than {limit} positions")]
    SearchTooLarge { limit: usize },
}
