//! Northcott's game as a family: White (Left) and Black (Right) each move their own
//! checkers, yet every gap is a Nim heap, so the value is a nimber (the theory is
//! [`crate::impartial::Northcott`]).

use super::registry::{FamilyBuiltin, arg, counts_of, refused};
use super::{FamilyError, FamilyMoves, ImpartialFamily};
use crate::impartial::northcott::NorthcottMove;
use crate::impartial::{Northcott, Row, Side};
use crate::rulesets::RulesetError;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, northcott};
use crate::rulesets::registry::{About, Arg, ArgForm};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Who moves: White is Left, Black is Right.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// A move in words: `White: row 1, 1 → 0`.
fn move_text(side: Side, m: &NorthcottMove) -> String {
    format!(
        "{}: row {}, {} → {}",
        side_name(side),
        m.row + 1,
        m.from,
        m.to
    )
}

/// The moves of both players to nim-sum `target`, White's first.
fn moves_to(n: &Northcott, target: u64) -> Vec<String> {
    [Side::White, Side::Black]
        .into_iter()
        .flat_map(|side| {
            n.moves_to_value(side, target)
                .into_iter()
                .map(move |m| move_text(side, &m))
        })
        .collect()
}

impl ImpartialFamily for Northcott {
    fn name(&self) -> &'static str {
        "northcott"
    }

    /// `northcott(5, [[0,4],[2,3]])`.
    fn text(&self) -> String {
        let rows: Vec<String> = self
            .rows()
            .iter()
            .map(|r| format!("[{},{}]", r.white, r.black))
            .collect();
        format!("northcott({}, [{}])", self.width(), rows.join(","))
    }

    fn grundy(&self, _: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError> {
        Ok(Northcott::grundy(self))
    }

    fn is_impartial(&self) -> bool {
        false
    }

    fn moves(&self) -> Result<Option<FamilyMoves>, FamilyError> {
        let side = |side: Side| -> Vec<Box<dyn ImpartialFamily>> {
            Northcott::moves(self, side)
                .iter()
                .map(|m| Box::new(self.play(side, m)) as Box<dyn ImpartialFamily>)
                .collect()
        };
        Ok(Some(FamilyMoves {
            left: side(Side::White),
            right: Some(side(Side::Black)),
        }))
    }

    fn winning_moves(&self) -> Result<Vec<String>, FamilyError> {
        Ok(moves_to(self, 0))
    }

    fn moves_to_grundy(&self, target: u64) -> Option<Vec<String>> {
        Some(moves_to(self, target))
    }

    fn picture(&self) -> Result<Picture, TooLarge> {
        northcott(self)
    }
}

/// `northcott(width, rows)`, each row `[white column, black column]`.
pub const BUILTIN: FamilyBuiltin = FamilyBuiltin {
    name: "northcott",
    about: About {
        params: "width, rows",
        summary: "Northcott's game: rows of a board of this width, each [white column, black column]",
        example: ("grundy(northcott(8, [[1, 4], [6, 2]]))", "1"),
        args: ArgForm::Custom { min: 2, max: 2 },
    },
    make,
};

fn make(args: &[Arg]) -> Result<Box<dyn ImpartialFamily>, RulesetError> {
    let width = arg(args, 0)?.count("the width").map_err(|e| e.at_arg(0))?;
    let rows = arg(args, 1)?.items().map_err(|e| e.at_arg(1))?;
    let mut parsed = Vec::with_capacity(rows.len());
    for r in rows {
        let pair = counts_of(r).map_err(|e| e.at_arg(1))?;
        let [white, black] = pair[..] else {
            return Err(
                RulesetError::refused("each row is [white column, black column]").at_arg(1),
            );
        };
        parsed.push(Row { white, black });
    }
    Ok(Box::new(Northcott::new(width, parsed).map_err(refused)?))
}
