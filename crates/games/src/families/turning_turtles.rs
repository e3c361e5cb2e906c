//! Turning Turtles as an impartial family (the theory is
//! [`crate::impartial::TurningTurtles`]).

use super::{FamilyError, ImpartialFamily, texts};
use crate::impartial::TurningTurtles;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, turtles};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl ImpartialFamily for TurningTurtles {
    fn name(&self) -> &'static str {
        "turning_turtles"
    }

    /// `turning_turtles("HTH")`.
    fn text(&self) -> String {
        let row: String = self
            .heads()
            .iter()
            .map(|&h| if h { 'H' } else { 'T' })
            .collect();
        format!("turning_turtles(\"{row}\")")
    }

    fn grundy(&self, _: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError> {
        Ok(TurningTurtles::grundy(self))
    }

    fn winning_moves(&self) -> Result<Vec<String>, FamilyError> {
        Ok(texts(&TurningTurtles::winning_moves(self)))
    }

    fn picture(&self) -> Result<Picture, TooLarge> {
        turtles(self.heads())
    }
}
