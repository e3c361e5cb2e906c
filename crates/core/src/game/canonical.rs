//! Canonical forms: removing dominated options and bypassing reversible ones.

use super::compare::{Literal, leq_by_small_stops};
use super::dyadic::Dyadic;
use super::store::{GameId, GameStore};

/// Option lists up to this long are reduced with their stops on the stack (see
/// [`GameStore::undominated_by_stops`], which keeps them as a mask of 64 bits); longer
/// ones pair by pair.
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
            self.undominated_in_place(&mut left, true);
            self.undominated_in_place(&mut right, false);
            // New lists only when an option reverses (most forms keep theirs).
            let (new_left, new_right) = {
                let mut lit = Literal::new(&left, &right);
                let (ls, rs) = (lit.left, lit.right);
                let mut new_left: Option<Vec<GameId>> = None;
                for (k, &a) in ls.iter().enumerate() {
                    match self.reversing_right_option(a, &mut lit) {
                        Some(ar) => new_left
                            .get_or_insert_with(|| ls[..k].to_vec())
                            .extend(self.left_options(ar).iter().copied()),
                        None => {
                            if let Some(v) = &mut new_left {
                                v.push(a);
                            }
                        }
                    }
                }
                let mut new_right: Option<Vec<GameId>> = None;
                for (k, &b) in rs.iter().enumerate() {
                    match self.reversing_left_option(b, &mut lit) {
                        Some(bl) => new_right
                            .get_or_insert_with(|| rs[..k].to_vec())
                            .extend(self.right_options(bl).iter().copied()),
                        None => {
                            if let Some(v) = &mut new_right {
                                v.push(b);
                            }
                        }
                    }
                }
                (new_left, new_right)
            };
            if new_left.is_none() && new_right.is_none() {
                return (left, right);
            }
            if let Some(l) = new_left {
                left = l;
            }
            if let Some(r) = new_right {
                right = r;
            }
        }
    }

    /// Removes duplicates and dominated options: for Left (`left_side`), `A` is dominated
    /// by `B` if `A <= B`; for Right, if `A >= B`. The result is sorted by id here (the
    /// store keeps the order it finds).
    #[cfg(test)]
    fn undominated(&mut self, mut opts: Vec<GameId>, left_side: bool) -> Vec<GameId> {
        self.undominated_in_place(&mut opts, left_side);
        opts.sort_unstable();
        opts
    }

    /// [`GameStore::undominated`] on the list in place, in the order the options come
    /// (no sort by id first: a repeat is dropped as dominated by its twin, `A <= A`, on
    /// both paths below, which keep one copy).
    fn undominated_in_place(&mut self, opts: &mut Vec<GameId>, left_side: bool) {
        if opts.len() < 2 {
            return;
        }
        // The stops of each option, fetched once: they decide most comparisons below
        // without a call to `leq` (which would fetch them again for every pair), and they
        // order the options so that an option is compared only with the best ones.
        // For Left `(-L, -R, index)`, for Right `(R, L, index)` (`-x` fits for every
        // fixed-point stop, which exceed `i64::MIN + 1`): ascending is from the best down.
        let n = opts.len();
        let mut keyed = std::mem::take(&mut self.undominated_scratch);
        keyed.clear();
        let have_stops = n <= MAX_SORTED
            && opts
                .iter()
                .enumerate()
                .all(|(k, &g)| match self.small_stops(g) {
                    Some((l, r)) => {
                        keyed.push(if left_side {
                            (-l, -r, k as u8)
                        } else {
                            (r, l, k as u8)
                        });
                        true
                    }
                    None => false,
                });
        if have_stops {
            let keep = self.undominated_by_stops(opts, &mut keyed, left_side);
            let mut k = 0;
            opts.retain(|_| {
                k += 1;
                keep & (1 << (k - 1)) != 0
            });
        } else {
            self.undominated_pairwise(opts, left_side);
        }
        self.undominated_scratch = keyed;
    }

    /// [`GameStore::undominated`] when every option's stops fit (`keyed` holds, for each
    /// `opts[k]`, its stops and `k` as [`GameStore::undominated_in_place`] puts them;
    /// `opts` in any order, repeats allowed): the maximal options, one copy of each, as a
    /// mask of their indices, found by going through them from the best stops down and
    /// comparing each only with those kept so far (a repeat meets its kept twin, which
    /// dominates it).
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
        keyed: &mut [(i64, i64, u8)],
        left_side: bool,
    ) -> u64 {
        keyed.sort_unstable();
        let keyed: &[(i64, i64, u8)] = keyed;
        // The stops `(L, R)` and the option at place `p` of `keyed`.
        let at = |p: usize| -> ((i64, i64), GameId) {
            let (a, b, k) = keyed[p];
            let st = if left_side { (-a, -b) } else { (b, a) };
            (st, opts[k as usize])
        };
        // Whether the option at place `p` is dominated by the one at `by` (for Left,
        // `p <= by`; for Right, `p >= by`).
        let dominated = |s: &mut GameStore, p: usize, by: usize| -> bool {
            let (lo, hi) = if left_side {
                (at(p), at(by))
            } else {
                (at(by), at(p))
            };
            match leq_by_small_stops(lo.0, hi.0) {
                Some(d) => d,
                None => s.leq(lo.1, hi.1),
            }
        };
        let mut kept = [0u8; MAX_SORTED];
        let mut n_kept = 0;
        for p in 0..keyed.len() {
            // Quadratic in the options at worst: answer Ctrl-C meanwhile.
            if p % 64 == 63 {
                self.check_interrupt();
            }
            if kept[..n_kept]
                .iter()
                .any(|&k| dominated(self, p, k as usize))
            {
                continue;
            }
            // Kept options with the same stops may be dominated by this one.
            let mut w = 0;
            for r in 0..n_kept {
                let k = kept[r] as usize;
                if !(keyed[k].0 == keyed[p].0 && keyed[k].1 == keyed[p].1 && dominated(self, k, p))
                {
                    kept[w] = kept[r];
                    w += 1;
                }
            }
            n_kept = w;
            kept[n_kept] = p as u8;
            n_kept += 1;
        }
        kept[..n_kept]
            .iter()
            .fold(0u64, |m, &p| m | 1 << keyed[p as usize].2)
    }

    /// [`GameStore::undominated`] by comparing the options pair by pair (for many options,
    /// or stops too large for fixed point).
    fn undominated_pairwise(&mut self, opts: &mut Vec<GameId>, left_side: bool) {
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
