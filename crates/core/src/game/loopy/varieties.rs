//! Predicates and operations on stoppers that CGSuite's `CanonicalStopper` offers beside
//! the degree and the variety (Siegel, *Combinatorial Game Theory*, VI.5; Winning Ways
//! ch. 11): idempotents, pseudonumbers, and the upsum and downsum varieties for a given
//! idempotent.

use super::simplify::simplest_stopper;
use super::stops::pseudonumber_at;
use super::{LoopyError, LoopyGame};
use crate::game::GameStore;

impl LoopyGame {
    /// Whether `G + G = G` (CGSuite's `IsIdempotent`). The degrees of stoppers are the
    /// idempotents a variety is taken over (Siegel VI.5): `0`, `over`, `on`, `↑<on>`, …
    /// The sum is compared through its sides; a game that is not stopper-sided is not
    /// an idempotent (CGSuite's `NormalValue.isIdempotent` is `false`).
    pub fn is_idempotent(&self, store: &mut GameStore) -> Result<bool, LoopyError> {
        if !self.has_stopper_sides(store)? {
            return Ok(false);
        }
        let twice = self.sum_in(self, store);
        twice.equals(self, store)
    }

    /// Whether the game is a pseudonumber (CGSuite's `IsPseudonumber`): in simplest form
    /// a number, `on`, `off`, `x + over = {x|pass}` or `x + under = {pass|x}`; only
    /// stoppers can be.
    pub fn is_pseudonumber(&self, store: &mut GameStore) -> bool {
        if !self.is_stopper() {
            return false;
        }
        let g = simplest_stopper(&self.on, store);
        pseudonumber_at(&g, 0, store).is_some()
    }

    /// The upsum variety of the stopper `G` over the idempotent `D`:
    /// `G ↑+ ((−G) ↓+ (−D))` (CGSuite's `UpsumVariety(deg)`; Siegel VI.5). With `D` the
    /// degree of `G` it is the variety when the Stability Conjecture holds for `G`.
    pub fn upsum_variety(
        &self,
        d: &LoopyGame,
        store: &mut GameStore,
    ) -> Result<LoopyGame, LoopyError> {
        self.variety_check(d, store)?;
        self.upsum(&self.neg().downsum(&d.neg(), store)?, store)
    }

    /// The downsum variety of the stopper `G` over the idempotent `D`:
    /// `G ↓+ ((−G) ↑+ D)` (CGSuite's `DownsumVariety(deg)`).
    pub fn downsum_variety(
        &self,
        d: &LoopyGame,
        store: &mut GameStore,
    ) -> Result<LoopyGame, LoopyError> {
        self.variety_check(d, store)?;
        self.downsum(&self.neg().upsum(d, store)?, store)
    }

    /// A variety is taken of a stopper over an idempotent.
    fn variety_check(&self, d: &LoopyGame, store: &mut GameStore) -> Result<(), LoopyError> {
        if !self.is_stopper() {
            return Err(LoopyError::NotStopper("a variety".into()));
        }
        if !d.is_idempotent(store)? {
            return Err(LoopyError::NoVariety(
                "the given degree is not an idempotent (D + D = D fails)".into(),
            ));
        }
        Ok(())
    }
}
