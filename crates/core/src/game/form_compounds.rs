//! Compounds of two game forms other than the disjunctive sum (Winning Ways ch. 9, "If you
//! can't beat 'em, join 'em!"; Conway, *On Numbers and Games*, ch. 14):
//!
//! - the conjunctive compound `G ∧ H`: the player to move moves in every component, and
//!   play ends as soon as some component has no move for him;
//! - the selective compound `G ∨ H`: the player to move moves in any nonempty set of
//!   components, and play ends when no component has a move for him.
//!
//! Under normal play (the player who cannot move loses) either compound is itself a game,
//! whose options are the compounds of the options:
//! `G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}` and `G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | …}`.
//!
//! A compound depends on the forms of its components, not only on their values: a
//! reversible option changes how long a component lasts (`'{*|*}'` is `0`, yet
//! `'{*|*}' ∧ * = {* ∧ 0 | * ∧ 0} = {0|0} = *` while `0 ∧ * = 0`). So the compounds act on
//! [`ExplicitForm`]s, as CGSuite's compounds act on the game forms they are given: a form
//! as written, and a game of the store in its canonical form. The result is the value of
//! the compound (its canonical form).

use super::explicit::{ExplicitForm, FormKey};
use super::store::{GameId, GameStore};
use rustc_hash::FxHashMap;

/// Which compound.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Compound {
    /// Move in every component; play ends when a component has no move for the mover.
    Conjunctive,
    /// Move in one component or more; play ends when none has a move for the mover.
    Selective,
}

/// The pairs of forms done in one computation; it keeps every written node it names alive,
/// so that a node's address stays its key.
#[derive(Default)]
struct CompoundWork {
    done: FxHashMap<(FormKey, FormKey), GameId>,
    keep: Vec<ExplicitForm>,
}

impl CompoundWork {
    fn value(
        &mut self,
        store: &mut GameStore,
        kind: Compound,
        g: &ExplicitForm,
        h: &ExplicitForm,
    ) -> GameId {
        let key = (g.key(), h.key());
        if let Some(&v) = self.done.get(&key) {
            return v;
        }
        store.check_interrupt();
        let (gl, gr) = g.options(store);
        let (hl, hr) = h.options(store);
        let mut sides = [Vec::new(), Vec::new()];
        for (side, (a, b)) in [(&gl, &hl), (&gr, &hr)].into_iter().enumerate() {
            let mut out = Vec::new();
            for x in a {
                for y in b {
                    out.push(self.value(store, kind, x, y));
                }
            }
            if kind == Compound::Selective {
                for x in a {
                    out.push(self.value(store, kind, x, h));
                }
                for y in b {
                    out.push(self.value(store, kind, g, y));
                }
            }
            sides[side] = out;
        }
        let v = store.canonical(&sides[0], &sides[1]);
        for f in [g, h] {
            if matches!(f, ExplicitForm::Options(_)) {
                self.keep.push(f.clone());
            }
        }
        self.done.insert(key, v);
        v
    }
}

impl GameStore {
    /// The value of the compound `g ∧ h` or `g ∨ h` of two forms (see the module
    /// documentation): `conjunctive = {g^L ∧ h^L | g^R ∧ h^R}`,
    /// `selective = {g^L ∨ h, g ∨ h^L, g^L ∨ h^L | …}`, with the options of each form as it
    /// is written (a game of the store: its canonical options).
    pub fn form_compound(&mut self, kind: Compound, g: &ExplicitForm, h: &ExplicitForm) -> GameId {
        CompoundWork::default().value(self, kind, g, h)
    }
}

#[cfg(test)]
#[path = "form_compounds_tests.rs"]
mod tests;
