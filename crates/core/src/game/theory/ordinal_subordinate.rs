//! The subordinate of an ordinal sum: the `H` with `G = B : H` for a base `B` (CGSuite's
//! `G.Subordinate(B)`, CanonicalShortGame.scala; Conway, ONAG ch. 15 on ordinal sums).
//!
//! `B : H = {B^L, B : H^L | B^R, B : H^R}`, so the canonical form of `G = B : H` keeps
//! those of `B`'s options that are not dominated or reversed, and its other options are
//! `B : H'` for options `H'` of `H`. CGSuite's procedure reads `H` back: every option `B^L`
//! must survive in `G` (some `G^L ≥ B^L`) or reverse through it (some `B^LR ≤ G`), and
//! likewise on the right; then `H = {sub(G^L) | sub(G^R)}` over the options of `G` that are
//! not options of `B`. Here the answer is then checked: `B : H` must equal `G`, or there is
//! no subordinate.

use super::super::{GameId, GameStore};
use rustc_hash::FxHashMap;

impl GameStore {
    /// The `H` with `g = B : H`, where `B` is given by the canonical forms of its options
    /// (`base_left`, `base_right`; a base need not be in canonical form, and `B : H`
    /// depends on its form). `None` when `g` is not of the form `B : H` (the caller checks
    /// the sum: this gives the candidate CGSuite's procedure reads off).
    ///
    /// ```
    /// use cgt_core::game::GameStore;
    /// let mut s = GameStore::new();
    /// // 1/2 = 1 : -1, and 1 = {0 |}.
    /// let (one, minus_one, zero) = (s.integer(1), s.integer(-1), s.zero());
    /// let half = s.ordinal_sum(one, minus_one);
    /// assert_eq!(s.ordinal_subordinate(half, &[zero], &[]), Some(minus_one));
    /// ```
    pub fn ordinal_subordinate(
        &mut self,
        g: GameId,
        base_left: &[GameId],
        base_right: &[GameId],
    ) -> Option<GameId> {
        let mut memo = FxHashMap::default();
        self.subordinate_in(g, base_left, base_right, &mut memo)
    }

    fn subordinate_in(
        &mut self,
        g: GameId,
        bl: &[GameId],
        br: &[GameId],
        memo: &mut FxHashMap<GameId, Option<GameId>>,
    ) -> Option<GameId> {
        if let Some(&h) = memo.get(&g) {
            return h;
        }
        self.check_interrupt();
        let (gl, gr) = self.options(g);
        let (gl, gr) = (gl.to_vec(), gr.to_vec());
        let mut fits = true;
        for &b in bl {
            let kept = gl.iter().any(|&x| self.leq(b, x));
            let b_right = self.options(b).1.to_vec();
            if !kept && !b_right.iter().any(|&y| self.leq(y, g)) {
                fits = false;
                break;
            }
        }
        if fits {
            for &b in br {
                let kept = gr.iter().any(|&x| self.leq(x, b));
                let b_left = self.options(b).0.to_vec();
                if !kept && !b_left.iter().any(|&y| self.leq(g, y)) {
                    fits = false;
                    break;
                }
            }
        }
        let result = if fits {
            let mut left = Vec::new();
            let mut right = Vec::new();
            let mut ok = true;
            for &x in gl.iter().filter(|x| !bl.contains(x)) {
                match self.subordinate_in(x, bl, br, memo) {
                    Some(h) => left.push(h),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                for &x in gr.iter().filter(|x| !br.contains(x)) {
                    match self.subordinate_in(x, bl, br, memo) {
                        Some(h) => right.push(h),
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
            }
            ok.then(|| self.canonical(&left, &right))
        } else {
            None
        };
        memo.insert(g, result);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::{game, show};

    #[test]
    fn reads_back_every_ordinal_sum_of_small_games() {
        // For canonical bases B and games H, B : H has the subordinate H (the value of
        // B : H depends on the value of H only).
        let mut s = GameStore::new();
        let texts = [
            "0", "*", "1", "-1", "^", "v", "1/2", "+-1", "*2", "{1|*}", "{0|^*}", "2", "-3/2",
            "^*", "{2|-1}", "1*",
        ];
        let games: Vec<GameId> = texts.iter().map(|t| game(&mut s, t)).collect();
        let mut checked = 0;
        for &b in &games {
            let (bl, br) = s.options(b);
            let (bl, br) = (bl.to_vec(), br.to_vec());
            for &h in &games {
                let g = s.ordinal_sum(b, h);
                let back = s.ordinal_subordinate(g, &bl, &br);
                assert_eq!(back, Some(h), "{} : {}", show(&mut s, b), show(&mut s, h));
                checked += 1;
            }
        }
        assert_eq!(checked, texts.len() * texts.len());
    }

    #[test]
    fn cgsuite_examples() {
        let mut s = GameStore::new();
        // (3/8).Subordinate(1) = -3/2.
        let g = game(&mut s, "3/8");
        let z = s.zero();
        let h = s.ordinal_subordinate(g, &[z], &[]);
        assert_eq!(h, Some(game(&mut s, "-3/2")));
        // ^.Subordinate('{*|*}'): the base's options are * and *; ^ = {*|*} : 1.
        let up = game(&mut s, "^");
        let star = s.nimber(1);
        let h = s.ordinal_subordinate(up, &[star], &[star]);
        assert_eq!(h, Some(s.integer(1)));
        // 1/2 is not 2 : H for any H (2 : H ≥ 2 - something? every 2 : H has 1 as a
        // Left option or one above it).
        let half = game(&mut s, "1/2");
        let one = s.integer(1);
        assert_eq!(s.ordinal_subordinate(half, &[one], &[]), None);
    }
}
