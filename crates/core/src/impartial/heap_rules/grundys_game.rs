//! Grundy's game (Winning Ways ch. 4): split a heap into two non-empty heaps of different
//! sizes. Its values come from the sparse-space engine of take-and-break games; no theorem
//! proves a period (none is known).

use super::{Engine, HeapRule, PeriodTest};
use crate::impartial::error::ImpartialError;
use crate::impartial::sparse::TakeBreakRules;

/// Grundy's game, `4!.0` in CGSuite's code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrundysGame;

impl HeapRule for GrundysGame {
    fn expression(&self) -> String {
        "grundys_game".into()
    }

    fn code(&self) -> Option<String> {
        Some("4!.0".into())
    }

    /// The splits `a + (n - a)` with `a < n - a`, smaller heap first.
    fn options(&self, n: u64, limit: u64) -> Result<Vec<Vec<u64>>, ImpartialError> {
        if n / 2 > limit {
            return Err(ImpartialError::HeapTooLarge {
                heap: n,
                limit,
                what: "listing every option",
            });
        }
        Ok((1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect())
    }

    fn period_test(&self) -> Result<PeriodTest, ImpartialError> {
        Err(ImpartialError::NoPeriodTheorem(
            "Grundy's game is not an octal game with finitely many digits, and no period is \
             known"
                .into(),
        ))
    }

    fn engine(&self) -> Option<Engine> {
        Some(Engine::take_break(TakeBreakRules::grundys_game()))
    }
}
