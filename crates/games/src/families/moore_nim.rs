//! Moore's Nim_k as an impartial family (the theory is [`crate::impartial::MooreNim`]).

use super::{FamilyError, ImpartialFamily, list_text, texts};
use crate::game::Outcome;
use crate::impartial::MooreNim;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, heaps};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// How many winning moves are listed at most.
const MOORE_MOVE_LIMIT: usize = 10_000;

impl ImpartialFamily for MooreNim {
    fn name(&self) -> &'static str {
        "moore_nim"
    }

    fn text(&self) -> String {
        format!("moore_nim({}, {})", self.k(), list_text(self.heaps()))
    }

    fn grundy(&self, interrupt: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError> {
        Ok(self.grundy_interruptible(interrupt)?)
    }

    /// Moore's theorem: no search needed.
    fn outcome(&self) -> Option<Outcome> {
        Some(MooreNim::outcome(self))
    }

    fn winning_moves(&self) -> Result<Vec<String>, FamilyError> {
        Ok(texts(&MooreNim::winning_moves(self, MOORE_MOVE_LIMIT)?))
    }

    fn picture(&self) -> Result<Picture, TooLarge> {
        heaps(self.heaps())
    }
}
