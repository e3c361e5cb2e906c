//! Moore's Nim_k as an impartial family (the theory is [`crate::impartial::MooreNim`]).

use super::registry::{FamilyBuiltin, arg, counts, refused};
use super::{FamilyError, ImpartialFamily, list_text, texts};
use crate::game::Outcome;
use crate::impartial::MooreNim;
use crate::rulesets::RulesetError;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, heaps};
use crate::rulesets::registry::{About, Arg, ArgForm};
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

/// `moore_nim(k, heaps)`.
pub const BUILTIN: FamilyBuiltin = FamilyBuiltin {
    name: "moore_nim",
    about: About {
        params: "k, heaps",
        summary: "Moore's Nim_k: take from up to k heaps at once",
        example: ("outcome(moore_nim(2, [1, 2, 3]))", "N"),
        args: ArgForm::Custom { min: 2, max: 2 },
    },
    make,
};

fn make(args: &[Arg]) -> Result<Box<dyn ImpartialFamily>, RulesetError> {
    let k = arg(args, 0)?.count("k").map_err(|e| e.at_arg(0))?;
    let heaps = counts(args, 1)?;
    Ok(Box::new(MooreNim::new(k, heaps).map_err(refused)?))
}
