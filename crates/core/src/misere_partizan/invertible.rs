//! Invertible games modulo a universe.
//!
//! `G` is invertible modulo `U` when some `H` of `U` has `G + H ≡ 0`. Every universe has
//! the *conjugate property*: such an `H` is equal to the conjugate `Ḡ` (Davies and Yadav,
//! "Invertibility in the misère multiverse", arXiv:2410.06924, for every universe;
//! Larsson, Milley, Nowakowski, Renault, Santos, arXiv:1807.11297, for dicots and
//! dead-ending games), so `G` is invertible exactly when `G + Ḡ ≡ 0`. In general misère
//! play that is `G = 0` alone (Mesdal and Ottaway, "Simplification of partizan games in
//! misère play", INTEGERS 7, 2007); modulo dead-ending games every integer and every
//! dead end is invertible (Milley and Renault, "Dead ends in misère play: the misère
//! monoid of canonical numbers", Discrete Math. 313, 2013).

use super::forms::{FormId, Forms};
use super::universe::Universe;

impl Forms {
    /// Whether `g` (in `u`) has an inverse modulo `u`: `g + ḡ ≡ 0`.
    pub fn is_invertible(&mut self, g: FormId, u: Universe) -> bool {
        let c = self.conjugate(g);
        let s = self.sum(g, c);
        let zero = self.zero();
        self.equal(s, zero, u)
    }
}
