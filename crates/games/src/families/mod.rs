//! Impartial families with their own theory (Nim's relatives, Green Hackenbush, Northcott's
//! game): positions whose Grundy values, winning moves and pictures come from a theorem
//! rather than a search. Each family is one file here implementing [`ImpartialFamily`];
//! the language holds any of them through that trait, with no case per family.
//!
//! A new family: a file with its position type, `impl ImpartialFamily` and its built-in (a
//! `pub const BUILTIN:` [`registry::FamilyBuiltin`]: help text and how the arguments make
//! a position), plus its module's name in the list below (`register_families!`), which
//! declares the module and registers the built-in. The language makes the built-in from
//! [`registry::family_builtins`].

#[macro_use]
pub mod registry;

// Every family: one line declares its module and registers its built-in, in the order of
// `:help`, completion and the reference (see `registry::register_families!`).
register_families! {
    staircase_nim,
    moore_nim,
    nimble_strip,
    turning_turtles,
    northcott_board,
    green_hackenbush,
    bamboo,
}

use crate::game::Outcome;
use crate::impartial::ImpartialError;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::TooLarge;
use std::fmt::{self, Debug};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Why a family could not answer: a message, and a hint for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyError {
    pub message: String,
    pub help: Option<&'static str>,
}

impl From<ImpartialError> for FamilyError {
    fn from(e: ImpartialError) -> Self {
        FamilyError {
            message: e.to_string(),
            help: None,
        }
    }
}

impl fmt::Display for FamilyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A position's moves in its own terms: Left's, and Right's when they differ.
pub struct FamilyMoves {
    pub left: Vec<Box<dyn ImpartialFamily>>,
    /// `None` for an impartial game: Right's moves are Left's.
    pub right: Option<Vec<Box<dyn ImpartialFamily>>>,
}

/// A position of an impartial family. Its value is the nimber of its Grundy value; the
/// defaults describe a family whose moves are those of that nimber.
pub trait ImpartialFamily: Debug {
    /// The family's name, as its built-in is called: `staircase_nim`.
    fn name(&self) -> &'static str;

    /// The position as it is written: `staircase_nim([3,1,2])`.
    fn text(&self) -> String;

    /// The Grundy value (`interrupt` stops a long computation).
    fn grundy(&self, interrupt: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError>;

    /// Whether both players have the same moves (Northcott's game: each moves their own
    /// checkers, yet its value is a nimber).
    fn is_impartial(&self) -> bool {
        true
    }

    /// The outcome when a theorem gives it without the Grundy value.
    fn outcome(&self) -> Option<Outcome> {
        None
    }

    /// The moves in the family's own terms; `None`: the moves of the value's nimber.
    fn moves(&self) -> Result<Option<FamilyMoves>, FamilyError> {
        Ok(None)
    }

    /// The winning moves, in words (`→` for "to").
    fn winning_moves(&self) -> Result<Vec<String>, FamilyError>;

    /// The moves to a position of Grundy value `target`, in words, when the family names
    /// them; `None`: by the change of value.
    fn moves_to_grundy(&self, _target: u64) -> Option<Vec<String>> {
        None
    }

    /// The position as the books draw it.
    fn picture(&self) -> Result<Picture, TooLarge>;
}

/// `[1,2,3]`, as positions are written.
pub(crate) fn list_text(v: &[u64]) -> String {
    let parts: Vec<String> = v.iter().map(u64::to_string).collect();
    format!("[{}]", parts.join(","))
}

/// Each item's text.
pub(crate) fn texts<T: ToString>(items: &[T]) -> Vec<String> {
    items.iter().map(ToString::to_string).collect()
}
