//! Simple properties of canonical forms: birthday, stops, and the classifying predicates.

use super::dyadic::Dyadic;
use super::store::{GameId, GameStore};

impl GameStore {
    /// The left stop: `x` for a number `x`, else the largest right stop of a Left option.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stop(g, true)
    }

    /// The right stop: `x` for a number `x`, else the smallest left stop of a Right option.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stop(g, false)
    }

    fn stop(&mut self, g: GameId, left: bool) -> Dyadic {
        let (l, r) = self.stops(g);
        if left { l } else { r }
    }

    /// Infinitesimal: strictly between `-x` and `x` for every positive number `x`; for a
    /// short game, both stops are 0. (0 itself counts, as in CGSuite.)
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool {
        self.left_stop(g).is_zero() && self.right_stop(g).is_zero()
    }

    /// Impartial: the canonical form has the same options for both players, hereditarily;
    /// in canonical form that means a nimber.
    pub fn is_nimber(&self, g: GameId) -> bool {
        self.as_nimber(g).is_some()
    }

    pub fn is_integer(&self, g: GameId) -> bool {
        self.as_number(g).is_some_and(Dyadic::is_integer)
    }
}
