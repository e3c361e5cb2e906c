//! Comparison of forms modulo a universe, by the constructive characterisations of the
//! literature (no test games are tried):
//!
//! `G ≥ H (mod U)` if and only if the **maintenance** property and the universe's
//! **proviso** hold.
//!
//! - *Maintenance* (the same in the three universes, with `≥` taken modulo `U`): for every
//!   `H^L` there is a `G^L ≥ H^L` or an `H^{LR} ≤ G`; for every `G^R` there is an
//!   `H^R ≤ G^R` or a `G^{RL} ≥ H`. (Siegel, "Misère canonical forms of partizan games",
//!   Games of No Chance 4, the maintenance property; DRSS 2015 for dicots; LMNRS,
//!   arXiv:1807.11297, Theorems 2 and 3.)
//! - *Proviso*, general universe (Siegel, *ibid.*, the proviso): `o_L(G + X) ≥ o_L(H + X)`
//!   for every Left end `X`, and `o_R(G + X) ≥ o_R(H + X)` for every Right end `X`. Given
//!   maintenance this reduces to: if `H` is a Left end then so is `G`, and if `G` is a
//!   Right end then so is `H`. (If `H` is a Left end and `G` is not, Left loses `G + X`
//!   moving first for `X = {· | n}` with `n` larger than `G`'s birthday, yet wins `H + X`
//!   at once; conversely the ends are the only positions where maintenance cannot pass
//!   Left's winning strategy from `H + X` to `G + X`.)
//! - *Proviso*, dicots (DRSS 2015; LMNRS Theorem 2): `o(G) ≥ o(H)`, the misère outcomes
//!   of the games alone.
//! - *Proviso*, dead-ending games (LMNRS Theorem 3): `ô(G) ≥ ô(H)`, the strong outcomes
//!   (see `outcome.rs`).
//!
//! Both games must lie in the universe. The conditions are necessary as well as
//! sufficient: for every `G ≱ H`, `witness.rs` builds a game of the universe that tells
//! them apart, and `tests_witness.rs` checks it on every pair born by day 2.

use super::forms::{FormId, Forms};
use super::universe::Universe;

impl Forms {
    /// Whether `g ≥ h` modulo `u` (both in `u`).
    pub fn geq(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        if g == h {
            return true;
        }
        let key = (u.code(), g, h);
        if let Some(&b) = self.geq.get(&key) {
            return b;
        }
        super::check_stack();
        let b = self.proviso(g, h, u) && self.maintenance(g, h, u);
        self.geq.insert(key, b);
        b
    }

    /// Whether `g ≤ h` modulo `u`.
    pub fn leq(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        self.geq(h, g, u)
    }

    /// Whether `g = h` modulo `u`: `o(g + X) = o(h + X)` for every `X` of `u`.
    pub fn equal(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        self.geq(g, h, u) && self.geq(h, g, u)
    }

    /// The proviso of `u` (see the module's notes).
    fn proviso(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        match u {
            Universe::General => {
                (!self.is_left_end(h) || self.is_left_end(g))
                    && (!self.is_right_end(g) || self.is_right_end(h))
            }
            Universe::Dicot => {
                // o(G) ≥ o(H): Left's wins of H moving first are wins of G, Right's wins of
                // G moving first are wins of H.
                (!self.left_wins_first(h) || self.left_wins_first(g))
                    && (!self.right_wins_first(g) || self.right_wins_first(h))
            }
            Universe::DeadEnding => {
                (!self.strong_wins_first(h, true) || self.strong_wins_first(g, true))
                    && (!self.strong_wins_first(g, false) || self.strong_wins_first(h, false))
            }
        }
    }

    /// The maintenance property (see the module's notes).
    fn maintenance(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        for hl in self.left(h).to_vec() {
            let answered = self
                .left(g)
                .to_vec()
                .into_iter()
                .any(|gl| self.geq(gl, hl, u))
                || self
                    .right(hl)
                    .to_vec()
                    .into_iter()
                    .any(|hlr| self.geq(g, hlr, u));
            if !answered {
                return false;
            }
        }
        for gr in self.right(g).to_vec() {
            let answered = self
                .right(h)
                .to_vec()
                .into_iter()
                .any(|hr| self.geq(gr, hr, u))
                || self
                    .left(gr)
                    .to_vec()
                    .into_iter()
                    .any(|grl| self.geq(grl, h, u));
            if !answered {
                return false;
            }
        }
        true
    }
}
