//! Nimble (coins on a strip) as an impartial family (the theory is
//! [`crate::impartial::Nimble`]).

use super::{FamilyError, ImpartialFamily, list_text, texts};
use crate::impartial::Nimble;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, nimble};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl ImpartialFamily for Nimble {
    fn name(&self) -> &'static str {
        "nimble"
    }

    fn text(&self) -> String {
        format!("nimble({})", list_text(self.coins()))
    }

    fn grundy(&self, _: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError> {
        Ok(Nimble::grundy(self))
    }

    fn winning_moves(&self) -> Result<Vec<String>, FamilyError> {
        Ok(texts(&Nimble::winning_moves(self)))
    }

    fn picture(&self) -> Result<Picture, TooLarge> {
        nimble(self.coins())
    }
}
