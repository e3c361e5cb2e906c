//! Adjoints, and the games that tell two games apart.
//!
//! The **adjoint** `G°` (Siegel, "Misère canonical forms of partizan games", Games of No
//! Chance 4, Definition 3.2; Conway's *mate* for impartial games, ONAG p. 147) is `*` for
//! `G = 0`, `{(G^R)° | 0}` for a Left end, `{0 | (G^L)°}` for a Right end and `{(G^R)° |
//! (G^L)°}` otherwise. `G + G°` is a misère P-position: the second player answers each
//! move in one part by the matching move in the other, and a player whose part ran out
//! of moves is the one left to move in an end of the other. Every adjoint is a dicot.
//!
//! A **witness** of `G ≱ H` modulo `U` is a game `X` of `U` with `o(G + X) ≱ o(H + X)`:
//! either Left wins `H + X` moving first and loses `G + X` moving first (a *Left* witness),
//! or Right wins `G + X` moving first and loses `H + X` moving first (a *Right* witness).
//! One is built from the condition of the comparison (`comparison.rs`) that fails, in the
//! way the proofs that those conditions are necessary go (Siegel, *ibid.*; Larsson,
//! Milley, Nowakowski, Renault, Santos, arXiv:1807.11297, Theorems 2 and 3):
//!
//! - a failed **proviso**: in general, `H` a Left end and `G` not gives `{ | (G^L)°}` (a
//!   Left end: Left wins `H + X` at once, and each move of hers in `G` Right answers
//!   with the adjoint); modulo dicots, `X = 0` (the outcomes of the games alone differ);
//!   modulo dead-ending games, the Left dead end `0` or `M_{b−1}` that Left loses `G + X`
//!   with (see `outcome.rs`);
//! - a failed **maintenance** at `H^L` (no `G^L ≥ H^L`, no `H^{LR} ≤ G`): `X = {A, V… |
//!   B, W…}` with a Right witness `V` of `G ≱ H^{LR}` for each `H^{LR}`, a Left witness
//!   `W` of `G^L ≱ H^L` for each `G^L`, `A = {0 | G°}` and `B = {(H^L)° | 0}`. Left wins
//!   `H + X` by moving to `H^L + X` (each answer of Right's loses to `V`, to `W`'s own
//!   property or to `(H^L)°`), and loses `G + X` (Right answers `G^L` by `W`, `V` and `A`
//!   are lost for Left at once);
//! - a Left witness `X` gives a Right one `{0, (H^R)° | X}`, a Right witness `Y` a Left
//!   one `{Y | 0, (G^L)°}`.
//!
//! The witnesses are dicots but for those of the provisos (ends of their universes), so
//! each lies in the universe it is built for. `tests.rs` checks every witness against the
//! search of the literal game trees: with the comparison's soundness there, that makes
//! the comparison exact on every pair tried.

use super::forms::{FormId, Forms};
use super::universe::Universe;

/// A game that tells two games apart (see the module's notes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Witness {
    /// The game `X`.
    pub game: FormId,
    /// Left's first move decides (`true`): Left wins `H + X` moving first and loses
    /// `G + X`; otherwise Right wins `G + X` moving first and loses `H + X`.
    pub left_first: bool,
}

impl Forms {
    /// The adjoint `G°`: `G + G°` is a misère P-position.
    pub fn adjoint(&mut self, g: FormId) -> FormId {
        if let Some(&a) = self.adjoints.get(&g) {
            return a;
        }
        super::check_stack();
        let zero = self.zero();
        let l: Vec<FormId> = self.left(g).to_vec();
        let r: Vec<FormId> = self.right(g).to_vec();
        let la: Vec<FormId> = r.into_iter().map(|x| self.adjoint(x)).collect();
        let ra: Vec<FormId> = l.into_iter().map(|x| self.adjoint(x)).collect();
        let la = if la.is_empty() { vec![zero] } else { la };
        let ra = if ra.is_empty() { vec![zero] } else { ra };
        let a = self.node(la, ra);
        self.adjoints.insert(g, a);
        a
    }

    /// A game of `u` telling `g` and `h` apart when `g ≱ h` modulo `u` (both in `u`);
    /// `None` when `g ≥ h`.
    pub fn distinguish(&mut self, g: FormId, h: FormId, u: Universe) -> Option<Witness> {
        if self.geq(g, h, u) {
            return None;
        }
        Some(self.witness(g, h, u))
    }

    /// A witness of the kind asked for (`left_first`) of `g ≱ h`.
    fn witness_of(&mut self, g: FormId, h: FormId, u: Universe, left_first: bool) -> FormId {
        let key = (u.code(), g, h, left_first);
        if let Some(&x) = self.witnesses.get(&key) {
            return x;
        }
        let w = self.witness(g, h, u);
        let zero = self.zero();
        let x = if w.left_first == left_first {
            w.game
        } else if left_first {
            // From a Right witness Y: X = {Y | 0, (G^L)°}.
            let mut right = vec![zero];
            for gl in self.left(g).to_vec() {
                right.push(self.adjoint(gl));
            }
            self.node(vec![w.game], right)
        } else {
            // From a Left witness X: Y = {0, (H^R)° | X}.
            let mut left = vec![zero];
            for hr in self.right(h).to_vec() {
                left.push(self.adjoint(hr));
            }
            self.node(left, vec![w.game])
        };
        self.witnesses.insert(key, x);
        x
    }

    /// A witness of `g ≱ h`, of the kind the failed condition gives.
    fn witness(&mut self, g: FormId, h: FormId, u: Universe) -> Witness {
        super::check_stack();
        if let Some(w) = self.proviso_witness(g, h, u) {
            return w;
        }
        let zero = self.zero();
        for hl in self.left(h).to_vec() {
            let gls = self.left(g).to_vec();
            let hlrs = self.right(hl).to_vec();
            if gls.iter().any(|&gl| self.geq(gl, hl, u)) || hlrs.iter().any(|&x| self.geq(g, x, u))
            {
                continue;
            }
            let ga = self.adjoint(g);
            let hla = self.adjoint(hl);
            let mut left = vec![self.node(vec![zero], vec![ga])];
            let mut right = vec![self.node(vec![hla], vec![zero])];
            for hlr in hlrs {
                left.push(self.witness_of(g, hlr, u, false));
            }
            for gl in gls {
                right.push(self.witness_of(gl, hl, u, true));
            }
            return Witness {
                game: self.node(left, right),
                left_first: true,
            };
        }
        for gr in self.right(g).to_vec() {
            let hrs = self.right(h).to_vec();
            let grls = self.left(gr).to_vec();
            if hrs.iter().any(|&hr| self.geq(gr, hr, u)) || grls.iter().any(|&x| self.geq(x, h, u))
            {
                continue;
            }
            // The conjugate of the case above: Right wins G + Y by moving to G^R + Y.
            let gra = self.adjoint(gr);
            let ha = self.adjoint(h);
            let mut left = vec![self.node(vec![zero], vec![gra])];
            let mut right = vec![self.node(vec![ha], vec![zero])];
            for hr in hrs {
                left.push(self.witness_of(gr, hr, u, false));
            }
            for grl in grls {
                right.push(self.witness_of(grl, h, u, true));
            }
            return Witness {
                game: self.node(left, right),
                left_first: false,
            };
        }
        // geq is the conjunction of the proviso and maintenance, so one of them failed
        // above; a comparison cached as false for a pair that passes both cannot be made.
        Witness {
            game: zero,
            left_first: true,
        }
    }

    /// The witness of a failed proviso, if it failed.
    fn proviso_witness(&mut self, g: FormId, h: FormId, u: Universe) -> Option<Witness> {
        let zero = self.zero();
        let left = |game| {
            Some(Witness {
                game,
                left_first: true,
            })
        };
        let right = |game| {
            Some(Witness {
                game,
                left_first: false,
            })
        };
        match u {
            Universe::General => {
                if self.is_left_end(h) && !self.is_left_end(g) {
                    let r = self.left(g).to_vec();
                    let r = r.into_iter().map(|x| self.adjoint(x)).collect();
                    return left(self.node(vec![], r));
                }
                if self.is_right_end(g) && !self.is_right_end(h) {
                    let l = self.right(h).to_vec();
                    let l = l.into_iter().map(|x| self.adjoint(x)).collect();
                    return right(self.node(l, vec![]));
                }
            }
            Universe::Dicot => {
                if self.left_wins_first(h) && !self.left_wins_first(g) {
                    return left(zero);
                }
                if self.right_wins_first(g) && !self.right_wins_first(h) {
                    return right(zero);
                }
            }
            Universe::DeadEnding => {
                if self.strong_wins_first(h, true) && !self.strong_wins_first(g, true) {
                    if !self.left_wins_first(g) {
                        return left(zero);
                    }
                    let b = self.birthday(g).saturating_sub(1);
                    return left(self.flexible_dead_end(b, true));
                }
                if self.strong_wins_first(g, false) && !self.strong_wins_first(h, false) {
                    if !self.right_wins_first(h) {
                        return right(zero);
                    }
                    let b = self.birthday(h).saturating_sub(1);
                    return right(self.flexible_dead_end(b, false));
                }
            }
        }
        None
    }
}
