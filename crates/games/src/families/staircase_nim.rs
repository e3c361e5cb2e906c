//! Staircase Nim as an impartial family (the theory is [`crate::impartial::StaircaseNim`]).

use super::{FamilyError, ImpartialFamily, list_text, texts};
use crate::impartial::StaircaseNim;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, staircase};
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
