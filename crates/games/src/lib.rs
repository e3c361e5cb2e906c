//! cgt's rulesets: every board, heap and graph game, one file each, on the core's solvers
//! ([`cgt_core`]), with pictures of their positions:
//!
//! - [`rulesets`]: the games on the `Ruleset` trait and the generic solver, their registry
//!   (one line per game module) and pictures;
//! - [`families`]: the impartial families whose values come from a theorem (Nim's
//!   relatives, Green Hackenbush, Northcott's game), registered the same way;
//! - [`heap_rules`]: the heap rulesets that have a name in the language (`kayles`).
//!
//! The layer below is re-exported under the paths the rulesets name it by: [`game`],
//! [`impartial`] and [`progress`].

pub mod families;
pub mod heap_rules;
pub mod rulesets;

// The layer below, under the paths the rulesets name it by.
pub use cgt_core::{game, impartial, progress};
