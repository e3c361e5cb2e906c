//! Green Hackenbush pictures as an impartial family (the theory is
//! [`crate::impartial::GreenHackenbush`]).

use super::{FamilyError, ImpartialFamily};
use crate::impartial::GreenHackenbush;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, green_hackenbush};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl ImpartialFamily for GreenHackenbush {
    fn name(&self) -> &'static str {
        "green_hackenbush"
    }

    fn text(&self) -> String {
        "green_hackenbush(…)".to_string()
    }

    fn grundy(&self, _: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError> {
        Ok(GreenHackenbush::grundy(self))
    }

    /// `cut edge 2 (0–1)`.
    fn winning_moves(&self) -> Result<Vec<String>, FamilyError> {
        Ok(GreenHackenbush::winning_moves(self)?
            .iter()
            .map(|&e| {
                let (a, b) = self.edges()[e];
                format!("cut edge {} ({a}–{b})", e + 1)
            })
            .collect())
    }

    fn picture(&self) -> Result<Picture, TooLarge> {
        green_hackenbush(self)
    }
}
