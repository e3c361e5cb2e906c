//! cgt's rulesets: every board, heap and graph game, one file each, on the core's solvers
//! ([`cgt_core`]), with pictures of their positions. See [`rulesets`].

pub mod families;
pub mod heap_rules;
pub mod rulesets;

// The layer below, under the paths the rulesets name it by.
pub use cgt_core::{game, impartial, progress};
