//! The mathematics of short partizan games: canonical forms in a hash-consed store,
//! sums, negation, comparison, outcome classes and printing.
//!
//! This module knows nothing of the cgt language, its parser or its REPL: it is a library
//! that the evaluator (and any Rust program) drives through [`GameStore`].

pub mod abort;
mod arith;
pub mod budget;
pub mod budget_alloc;
pub mod budget_limits;
mod canonical;
mod compare;
pub mod definitions;
pub mod display;
mod display_order;
pub mod dyadic;
pub mod exchange;
pub mod explain;
pub mod explicit;
pub mod form_compounds;
pub mod huge_pages;
pub mod latex;
pub mod loopy;
pub mod nus;
pub mod outcome;
mod print_memo;
mod probe_table;
mod properties;
mod store;
mod store_index;
mod store_pairs;
mod store_stops;
mod store_sums;
#[cfg(test)]
mod store_tests;
pub mod theory;

pub use abort::{Abort, catch_abort};
pub use display::{Notation, Style};
pub use dyadic::Dyadic;
pub use explicit::ExplicitForm;
pub use nus::Nus;
pub use outcome::Outcome;
pub use store::{GameId, GameStore, MAX_ENUMERATED_NIMBER, Options};

#[cfg(test)]
mod tests;
