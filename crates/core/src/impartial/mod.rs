//! Impartial games: Sprague–Grundy values, heap games and their periods, Nim and friends.
//!
//! Under normal play every impartial game is a nim heap `*n` (Sprague–Grundy), so most of
//! this module computes plain integers: Grundy values are `u64`, sums are nim-sums.
//!
//! - Arithmetic: [`mex`], [`nim_sum`], [`nim_product`] ([`grundy`](mod@grundy)).
//! - Heap games: [`HeapRuleset`] (subtraction, all-but subtraction, octal and hexadecimal
//!   codes, CGSuite's generalised take-and-break codes [`TbCode`], spawning codes, Nim, and
//!   any rule on the [`HeapRule`] trait such as Grundy's game, one file each in
//!   [`heap_rules`]), solved by a caching [`HeapSolver`]: Grundy values of any heap (big
//!   heaps through the proven period), [`nim_values`], [`period`](mod@period) with its proof, winning
//!   moves in sums of heaps. Octal games that split heaps use the sparse-space method.
//! - Misère outcomes of sums of heaps of built-in rulesets:
//!   [`heap_misere::misere_outcome_of_heaps`].
//! - Rules given by a function (the language's user-defined rulesets): [`UserHeapRules`].
//! - Positions with their own theory, each with `outcome` and `winning_moves`: [`Nim`]
//!   (also misère), [`StaircaseNim`], [`MooreNim`], [`Nimble`], [`TurningTurtles`],
//!   [`Northcott`], [`GreenHackenbush`].
//! - Any other game: [`GameSearch`] (Grundy values, normal and misère outcomes and winning
//!   moves by the rules engine on a move function); sums of arbitrary components by their option values:
//!   [`sum_winning_moves`]; games of the [`crate::game::GameStore`]: [`game_grundy`].
//!
//! Nothing here knows the cgt language; errors are [`ImpartialError`] values, never panics.

pub mod error;
pub mod genus;
mod grown;
pub mod grundy;
pub mod hackenbush;
pub mod heap_game;
pub mod heap_misere;
pub mod heap_moves;
pub mod heap_rules;
mod hexadecimal;
#[cfg(test)]
mod long_periods_tests;
pub mod loopy;
pub mod misere_forms;
pub mod misere_notation;
pub mod misere_notation_read;
mod misere_order;
pub mod misere_theory;
pub mod moore;
pub mod nim;
pub mod nimble;
pub mod northcott;
pub mod octal;
pub mod period;
pub mod quotient;
mod regular_file;
pub mod ruleset;
pub mod search;
pub mod sequence;
mod sparse;
pub mod spawning;
pub mod staircase;
mod store;
pub mod sums;
pub mod tb_code;
pub mod tb_listed;
mod tb_moves;
mod tb_parse;
mod tb_period;
mod tb_sequence;
#[cfg(test)]
mod testutil;
pub mod turtles;
pub mod user;

pub use error::ImpartialError;
pub use grundy::{mex, nim_product, nim_sum};
pub use hackenbush::GreenHackenbush;
pub use heap_game::{DEFAULT_PERIOD_SEARCH, HeapSolver, grundy, nim_values, period};
pub use heap_moves::HeapMove;
pub use heap_rules::{HeapRule, PeriodTest};
pub use moore::{MooreMove, MooreNim};
pub use nim::{Nim, NimMove};
pub use nimble::{Nimble, NimbleMove};
pub use northcott::{Northcott, NorthcottMove, Row, Side};
pub use octal::OctalCode;
pub use period::{Period, PeriodProof, PeriodSearch, observed_period};
pub use quotient::{MisereQuotient, QuotientCache};
pub use ruleset::HeapRuleset;
pub use search::{DEFAULT_SEARCH_LIMIT, GameSearch, misere_outcome_of_form};
pub use sequence::{
    MAX_FILE_HEAP, MAX_TABLE_HEAP, SavedValues, naive_nim_values, nim_values_from_file,
    nim_values_to_file,
};
pub use staircase::{StaircaseMove, StaircaseNim};
pub use sums::{
    SumMove, game_grundy, game_sum_winning_moves, sum_grundy, sum_moves_to_value, sum_winning_moves,
};
pub use tb_code::TbCode;
pub use tb_moves::MAX_LISTED_MOVES;
pub use tb_period::{OBSERVED_SEARCH, ObservedPeriod, observed_arithmetic_period};
pub use turtles::{TurningTurtles, TurtleMove};
pub use user::{HeapOptions, UserHeapRules};
