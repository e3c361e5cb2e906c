//! Staircase Nim as an impartial family (the theory is [`crate::impartial::StaircaseNim`]).

use super::registry::{FamilyBuiltin, counts};
use super::{FamilyError, ImpartialFamily, list_text, texts};
use crate::impartial::StaircaseNim;
use crate::rulesets::RulesetError;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, staircase};
use crate::rulesets::registry::{About, Arg, ArgForm};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl ImpartialFamily for StaircaseNim {
    fn name(&self) -> &'static str {
        "staircase_nim"
    }

    fn text(&self) -> String {
        format!("staircase_nim({})", list_text(self.steps()))
    }

    fn grundy(&self, _: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError> {
        Ok(StaircaseNim::grundy(self))
    }

    fn winning_moves(&self) -> Result<Vec<String>, FamilyError> {
        Ok(texts(&StaircaseNim::winning_moves(self)))
    }

    fn picture(&self) -> Result<Picture, TooLarge> {
        staircase(self.steps())
    }
}

/// `staircase_nim(coins)`: the coins on steps 1, 2, ….
pub const BUILTIN: FamilyBuiltin = FamilyBuiltin {
    name: "staircase_nim",
    about: About {
        params: "coins",
        summary: "Staircase Nim: coins on steps 1, 2, …; move coins from a step to the one below",
        example: ("outcome(staircase_nim([3, 1, 3]))", "P"),
        args: ArgForm::Custom { min: 1, max: 1 },
    },
    make,
};

fn make(args: &[Arg]) -> Result<Box<dyn ImpartialFamily>, RulesetError> {
    Ok(Box::new(StaircaseNim::new(counts(args, 0)?)))
}
