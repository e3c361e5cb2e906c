//! Misère play of partizan games: forms, universes, outcomes, comparison and reduced
//! forms modulo a universe.
//!
//! Normal-play values forget what misère play needs, so everything here works on *forms*
//! ([`Forms`]), the trees of options as written or as a ruleset's positions give them:
//!
//! - `forms.rs`: the store of forms, sums and conjugates;
//! - `outcome.rs`: misère outcomes, and the strong outcomes of the dead-ending universe;
//! - `universe.rs`: the universes `general`, `dicot` and `dead_ending` ([`Universe`]) and
//!   membership;
//! - `comparison.rs`: `G ≥ H` modulo a universe by the constructive characterisations of
//!   Siegel (general), Dorbec–Renault–Siegel–Sopena (dicots) and Larsson–Milley–
//!   Nowakowski–Renault–Santos (dead-ending);
//! - `reduction.rs`: reduced (canonical) forms modulo a universe;
//! - `invertible.rs`: invertible games (the conjugate is the inverse);
//! - `monoid.rs`: the misère monoid of a finite set of games;
//! - `witness.rs`: adjoints, and for `G ≱ H` a game of the universe that tells them apart.
//!
//! Every operation may stop the computation with [`crate::game::Abort`] (too many forms,
//! a form nested too deeply for the stack), which the caller catches.

mod comparison;
mod forms;
mod invertible;
mod monoid;
mod outcome;
mod reduction;
mod universe;
mod witness;

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_monoid;
#[cfg(test)]
mod tests_witness;

pub use forms::{FormId, Forms, MAX_FORMS};
pub use monoid::Monoid;
pub use reduction::Step;
pub use universe::Universe;
pub use witness::Witness;

/// Stops a recursion about to exhaust the stack.
fn check_stack() {
    if crate::game::abort::stack_exhausted() {
        crate::game::abort::raise(crate::game::Abort::TooLarge(
            "a game form nested too deeply to work on (the stack is exhausted)".into(),
        ));
    }
}
