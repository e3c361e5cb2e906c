//! Nimble (coins on a strip) as an impartial family (the theory is
//! [`crate::impartial::Nimble`]).

use super::registry::{FamilyBuiltin, counts};
use super::{FamilyError, ImpartialFamily, list_text, texts};
use crate::impartial::Nimble;
use crate::rulesets::RulesetError;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, nimble};
use crate::rulesets::registry::{About, Arg, ArgForm};
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

/// `nimble(coins)`: the squares the coins are on.
pub const BUILTIN: FamilyBuiltin = FamilyBuiltin {
    name: "nimble",
    about: About {
        params: "coins",
        summary: "Nimble: coins on squares 0, 1, 2, …; move one coin left (the positions of the coins)",
        example: ("grundy(nimble([1, 3, 6]))", "4"),
        args: ArgForm::Custom { min: 1, max: 1 },
    },
    make,
};

fn make(args: &[Arg]) -> Result<Box<dyn ImpartialFamily>, RulesetError> {
    Ok(Box::new(Nimble::new(counts(args, 0)?)))
}
