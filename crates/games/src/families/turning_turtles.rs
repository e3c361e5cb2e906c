//! Turning Turtles as an impartial family (the theory is
//! [`crate::impartial::TurningTurtles`]).

use super::registry::{FamilyBuiltin, arg};
use super::{FamilyError, ImpartialFamily, texts};
use crate::impartial::TurningTurtles;
use crate::rulesets::RulesetError;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, turtles};
use crate::rulesets::registry::{About, Arg, ArgForm};
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

/// `turning_turtles("THHTTH")`.
pub const BUILTIN: FamilyBuiltin = FamilyBuiltin {
    name: "turning_turtles",
    about: About {
        params: "row",
        summary: "Turning Turtles from a row of H (heads) and T (tails), e.g. \"THHTTH\"",
        example: ("grundy(turning_turtles(\"THHTTH\"))", "7"),
        args: ArgForm::Custom { min: 1, max: 1 },
    },
    make,
};

fn make(args: &[Arg]) -> Result<Box<dyn ImpartialFamily>, RulesetError> {
    let row = match arg(args, 0)? {
        Arg::Text(row) => row,
        other => {
            return Err(RulesetError::refused(format!(
                "expected a string of H and T, found {}",
                other.kind()
            ))
            .at_arg(0));
        }
    };
    let t =
        TurningTurtles::parse(row).map_err(|e| RulesetError::refused(e.to_string()).at_arg(0))?;
    Ok(Box::new(t))
}
