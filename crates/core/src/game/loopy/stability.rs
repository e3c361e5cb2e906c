//! Three more questions about stoppers beside the degree and the variety: whether a value
//! is an ordinal, whether a stopper is stable (its variety exists), and whether one
//! idempotent is subordinate to another.
//!
//! Sources and definitions (each stated where it is implemented):
//! - `is_ordinal` is CGSuite's `NormalValue.IsOrdinal`, false by default and true only for
//!   ordinals; a stopper equal to a non-negative integer is that integer (its simplest form
//!   is loop-free), and `on` is a pseudonumber, not an ordinal (CGSuite's `OnImpl` does not
//!   override `IsOrdinal`).
//! - CGSuite has no `IsStable` or `Subordinate` (not in `CanonicalStopper.cgs`,
//!   `NormalValue.cgs` or the Scala sources of CGSuite 2); the definitions here are cgt's,
//!   in the vocabulary of Winning Ways ch. 11 and Siegel VI.5: a stopper is *stable* when
//!   the Stability Conjecture holds for it (its degree is an idempotent and its upsum and
//!   downsum varieties over it agree, so it has a variety), and an idempotent `D` is
//!   *subordinate* to an idempotent `E` when `E` absorbs it, `D ↑+ E = E`, the order in
//!   which degrees of loopiness grow (`0` is subordinate to every idempotent, every
//!   idempotent to `on`).

use super::{LoopyError, LoopyGame, simplify};
use crate::game::GameStore;

impl LoopyGame {
    /// Whether the value is an ordinal (CGSuite's `IsOrdinal`): equal to a non-negative
    /// integer. A stopper equal to a short game has a loop-free simplest form, so this reads
    /// the simplest form; a game that is not stopper-sided, or whose sides differ, is not an
    /// ordinal, and neither is `on`.
    pub fn is_ordinal(&self, store: &mut GameStore) -> bool {
        let simple = if self.is_stopper() {
            LoopyGame::plain(simplify::simplest_stopper(&self.on, store))
        } else {
            let s = self.simplify(store);
            if !s.is_stopper() {
                return false;
            }
            s
        };
        match simple.to_short(store) {
            Some(id) => store
                .as_number(id)
                .is_some_and(|x| x.is_integer() && !x.is_negative()),
            None => false,
        }
    }

    /// Whether the stopper is *stable*: the Stability Conjecture (Siegel VI.5; Winning Ways
    /// ch. 11) holds for it, that is its degree `D` is an idempotent and its upsum variety
    /// `G ↑+ ((−G) ↓+ (−D))` equals its downsum variety `G ↓+ ((−G) ↑+ D)`; then their
    /// common value is its variety. (cgt's definition: CGSuite has no `IsStable`.)
    pub fn is_stable(&self, store: &mut GameStore) -> Result<bool, LoopyError> {
        if !self.is_stopper() {
            return Err(LoopyError::NotStopper("is_stable".into()));
        }
        let d = self.degree(store)?;
        if !d.is_idempotent(store)? {
            return Ok(false);
        }
        let up = self.upsum_variety(&d, store)?;
        let down = self.downsum_variety(&d, store)?;
        up.equals(&down, store)
    }

    /// Whether the idempotent `D` (self) is subordinate to the idempotent `E`: `E` absorbs
    /// it, `D ↑+ E = E` (cgt's definition in the vocabulary of Winning Ways ch. 11: degrees
    /// of loopiness ordered by absorption; `0` is subordinate to every idempotent and every
    /// idempotent to `on`). Both must be stopper idempotents.
    pub fn is_subordinate_to(
        &self,
        e: &LoopyGame,
        store: &mut GameStore,
    ) -> Result<bool, LoopyError> {
        for g in [self, e] {
            if !g.is_stopper() {
                return Err(LoopyError::NotStopper("subordinate".into()));
            }
            if !g.is_idempotent(store)? {
                return Err(LoopyError::NotIdempotent("subordinate".into()));
            }
        }
        self.upsum(e, store)?.equals(e, store)
    }
}
