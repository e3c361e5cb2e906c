//! Canonical forms: removing dominated options and bypassing reversible ones.

use super::compare::{Literal, leq_by_small_stops};
use super::dyadic::Dyadic;
use super::store::{GameId, GameStore};

/// Option lists up to this long are reduced with their stops on the stack (see
/// [`GameStore::undominated_by_stops`]); longer ones pair by pair.
const MAX_SORTED: usize = 64;

impl GameStore {
    /// The canonical form of `{left | right}`, whose options are canonical forms already
    /// (DeVos–Kent ch. 4, Gracia-Saz §3). Repeats, until nothing changes:
    /// - **domination**: a Left option `A` with `A <= B` for another Left option `B` is
    ///   dropped (Left never prefers it); dually for Right;
    /// - **reversibility**: a Left option `A` with a Right option `A^R <= G` is replaced by
    ///   the Left options of `A^R` (Right would answer `A` by `A^R` at once); dually.
    ///
    /// The result is unique: equal games get the same id.
    ///
    /// ```
    /// use cgt_core::game::GameStore;
    /// let mut s = GameStore::new();
    /// let (zero, star) = (s.zero(), s.nimber(1));
    /// // {0, * | 0, *} = *2, and {0, *2 | 0, *2}: *2 reverses through 0 ... = *
    /// let star2 = s.canonical(&[zero, star], &[zero, star]);
    /// assert_eq!(s.as_nimber(star2), Some(2));
    /// let g = s.canonical(&[zero, star2], &[zero, star2]);
    /// assert_eq!(s.as_nimber(g), Some(1));
    /// ```
    pub fn canonical(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        if let Some(id) = self.canonical_by_arithmetic(left, right) {
            return id;
        }
        let (l, r) = self.simplify(left.to_vec(), right.to_vec());
        self.intern_simplified(l, r)
    }

    /// [`GameStore::canonical`] of option lists the caller gives away (no copy of them).
    pub(crate) fn canonical_of_lists(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        if let Some(id) = self.canonical_by_arithmetic(&left, &right) {
            return id;
        }
        let (l, r) = self.simplify(left, right);
        self.intern_simplified(l, r)
    }

    /// The canonical form when every option is a number, or both sides are the same
    /// nimbers (see below); else `None`.
    fn canonical_by_arithmetic(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        if let Some(id) = self.canonical_of_numbers(left, right) {
            return Some(id);
        }
        let m = self.mex_of_nimbers(left, right)?;
        Some(self.nimber(m))
    }

    /// When every option is a number: `{a | b}` is the simplest number between the best
    /// options if `a < b`, `a*` if `a = b`, and otherwise the switch `{max a | min b}`, which
    /// has no dominated or reversible options left.
    fn canonical_of_numbers(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let lo: Option<Dyadic> = self.best_number(left, true)?;
        let hi: Option<Dyadic> = self.best_number(right, false)?;
        match (&lo, &hi) {
            // {x | x} = x* (the same number on both sides is not a switch).
            (Some(l), Some(h)) if l == h => Some(self.nus(l.clone(), 0, 1)),
            (Some(l), Some(h)) if l > h => {
                let (a, b) = (self.number(l.clone()), self.number(h.clone()));
                Some(self.intern_general([a].into(), [b].into()))
            }
            _ => {
                let x = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
                Some(self.number(x))
            }
        }
    }

    /// When both players have the same options and all are nimbers (every position of an
    /// impartial game whose options are solved): `{A | A}` is `*mex(A)`, found without
    /// comparing the options pairwise or listing the options of each.
    fn mex_of_nimbers(&self, left: &[GameId], right: &[GameId]) -> Option<u64> {
        let nims = |opts: &[GameId]| -> Option<Vec<u64>> {
            let mut v = opts
                .iter()
                .map(|&g| self.as_nimber(g))
                .collect::<Option<Vec<u64>>>()?;
            v.sort_unstable();
            v.dedup();
            Some(v)
        };
        let l = nims(left)?;
        // The same list on both sides (as impartial rulesets give) needs no second look.
        if !(std::ptr::eq(left, right) || nims(right)? == l) {
            return None;
        }
        // `l` is sorted without repeats: the mex is the first place where l[k] != k.
        Some(
            l.iter()
                .enumerate()
                .find(|&(k, &m)| m != k as u64)
                .map_or(l.len() as u64, |(k, _)| k as u64),
        )
    }

    /// `Some(best)` if all options are numbers (`Some(None)` for no options).
    fn best_number(&self, opts: &[GameId], largest: bool) -> Option<Option<Dyadic>> {
        let mut best: Option<&Dyadic> = None;
        for &g in opts {
            let x = self.as_number(g)?;
            best = match best {
                Some(b) if (largest && b >= x) || (!largest && b <= x) => Some(b),
                _ => Some(x),
            };
        }
        Some(best.cloned())
    }

    /// Reduces the option lists to the canonical ones (see [`GameStore::canonical`]).
    pub(crate) fn simplify(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> (Vec<GameId>, Vec<GameId>) {
        loop {
            self.check_interrupt();
            left = self.undominated(left, true);
            right = self.undominated(right, false);
            let mut changed = false;
            let mut lit = Literal::new(&left, &right);
            let mut new_left = Vec::with_capacity(left.len());
            for &a in lit.left {
                match self.reversing_right_option(a, &mut lit) {
                    Some(ar) => {
                        new_left.extend(self.left_options(ar).iter().copied());
                        changed = true;
                    }
                    None => new_left.push(a),
                }
            }
            let mut new_right = Vec::with_capacity(right.len());
            for &b in lit.right {
                match self.reversing_left_option(b, &mut lit) {
                    Some(bl) => {
                        new_right.extend(self.right_options(bl).iter().copied());
                        changed = true;
                    }
                    None => new_right.push(b),
                }
            }
            left = new_left;
            right = new_right;
            if !changed {
                return (left, right);
            }
        }
    }

    /// Removes duplicates and dominated options: for Left (`left_side`), `A` is dominated
    /// by `B` if `A <= B`; for Right, if `A >= B`. The result is sorted by id.
    fn undominated(&mut self, mut opts: Vec<GameId>, left_side: bool) -> Vec<GameId> {
        opts.sort_unstable();
        opts.dedup();
        if opts.len() < 2 {
            return opts;
        }
        // The stops of each option, fetched once: they decide most comparisons below
        // without a call to `leq` (which would fetch them again for every pair), and they
        // order the options so that an option is compared only with the best ones.
        let n = opts.len();
        let mut stops = [(0i64, 0i64); MAX_SORTED];
        let have_stops = n <= MAX_SORTED
            && opts
                .iter()
                .zip(stops.iter_mut())
                .all(|(&g, s)| self.small_stops(g).map(|x| *s = x).is_some());
        if !have_stops {
            return self.undominated_pairwise(opts, left_side);
        }
        self.undominated_by_stops(&opts, &stops[..n], left_side)
    }

    /// [`GameStore::undominated`] when every option's stops fit (`stops[i]` are those of
    /// `opts[i]`, sorted and without repeats): the maximal options, found by going through
    /// them from the best stops down and comparing each only with those kept so far.
    ///
    /// Why that finds them all: for Left, `A <= B` implies `L(A) <= L(B)` and
    /// `R(A) <= R(B)` (stops are monotone). Going through the options in decreasing
    /// lexicographic order of `(L, R)`, an option `A` met after `B` can dominate `B` only
    /// if both stops are equal. So each option is compared with the kept options (one
    /// that dominates it is kept, or is dominated by a kept one, which dominates it too),
    /// and, if it stays, the kept options with the same stops are compared with it. For
    /// Right (`A >= B` dominated) the same holds with the order `(-R, -L)`, the stops of
    /// the negatives.
    fn undominated_by_stops(
        &mut self,
        opts: &[GameId],
        stops: &[(i64, i64)],
        left_side: bool,
    ) -> Vec<GameId> {
        let n = opts.len();
        // The options from the best stops down: ascending `(-L, -R, index)` for Left,
        // `(R, L, index)` for Right (`-x` fits for every fixed-point stop, which exceed
        // `i64::MIN + 1`).
        let mut keyed = [(0i64, 0i64, 0u8); MAX_SORTED];
        for (k, (e, &(l, r))) in keyed.iter_mut().zip(stops).enumerate() {
            *e = if left_side {
                (-l, -r, k as u8)
            } else {
                (r, l, k as u8)
            };
        }
        let keyed = &mut keyed[..n];
        keyed.sort_unstable();
        // `lo <= hi` (the option `lo` dominated by `hi` for Left; reversed for Right).
        let dominated = |s: &mut GameStore, a: usize, by: usize| -> bool {
            let (lo, hi) = if left_side { (a, by) } else { (by, a) };
            match leq_by_small_stops(stops[lo], stops[hi]) {
                Some(d) => d,
                None => s.leq(opts[lo], opts[hi]),
            }
        };
        let mut kept = [0u8; MAX_SORTED];
        let mut n_kept = 0;
        for (step, &(_, _, i)) in keyed.iter().enumerate() {
            // Quadratic in the options at worst: answer Ctrl-C meanwhile.
            if step % 64 == 63 {
                self.check_interrupt();
            }
            let i = i as usize;
            if kept[..n_kept]
                .iter()
                .any(|&k| dominated(self, i, k as usize))
            {
                continue;
            }
            // Kept options with the same stops may be dominated by this one.
            let mut w = 0;
            for r in 0..n_kept {
                let k = kept[r] as usize;
                if !(stops[k] == stops[i] && dominated(self, k, i)) {
                    kept[w] = kept[r];
                    w += 1;
                }
            }
            n_kept = w;
            kept[n_kept] = i as u8;
            n_kept += 1;
        }
        let kept = &mut kept[..n_kept];
        // Back in the order of `opts` (by id).
        kept.sort_unstable();
        kept.iter().map(|&k| opts[k as usize]).collect()
    }

    /// [`GameStore::undominated`] by comparing the options pair by pair (for many options,
    /// or stops too large for fixed point).
    fn undominated_pairwise(&mut self, mut opts: Vec<GameId>, left_side: bool) -> Vec<GameId> {
        let n = opts.len();
        let mut keep = vec![true; n];
        for i in 0..n {
            // Quadratic in the options (thousands of nimbers): answer Ctrl-C meanwhile.
            if i % 64 == 63 {
                self.check_interrupt();
            }
            for j in 0..n {
                if i == j || !keep[j] {
                    continue;
                }
                let (a, b) = (opts[i], opts[j]);
                let (lo, hi) = if left_side { (a, b) } else { (b, a) };
                if self.leq(lo, hi) {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        opts.retain(|_| {
            k += 1;
            keep[k - 1]
        });
        opts
    }

    /// A Right option `A^R` of the Left option `A` with `A^R <= G`, if any.
    fn reversing_right_option(&mut self, a: GameId, g: &mut Literal<'_>) -> Option<GameId> {
        let ar = self.right_options(a);
        ar.iter().copied().find(|&x| self.leq_literal(x, g))
    }

    /// A Left option `B^L` of the Right option `B` with `B^L >= G`, if any.
    fn reversing_left_option(&mut self, b: GameId, g: &mut Literal<'_>) -> Option<GameId> {
        let bl = self.left_options(b);
        bl.iter().copied().find(|&x| self.geq_literal(x, g))
    }
}

#[cfg(test)]
#[path = "canonical_tests.rs"]
mod tests;
