//! Canonical forms: removing dominated options and bypassing reversible ones.

use super::compare::{Literal, leq_by_small_stops};
use super::dyadic::Dyadic;
use super::store::{GameId, GameStore};

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
        if let Some(id) = self.canonical_of_numbers(left, right) {
            return id;
        }
        if let Some(m) = self.mex_of_nimbers(left, right) {
            return self.nimber(m);
        }
        let (l, r) = self.simplify(left.to_vec(), right.to_vec());
        self.intern_simplified(l, r)
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
    /// by `B` if `A <= B`; for Right, if `A >= B`.
    fn undominated(&mut self, mut opts: Vec<GameId>, left_side: bool) -> Vec<GameId> {
        opts.sort_unstable();
        opts.dedup();
        if opts.len() < 2 {
            return opts;
        }
        // Which options are kept: on the stack for the usual few dozen (this runs for every
        // position a search solves).
        let n = opts.len();
        let mut few = [true; 64];
        let mut many = Vec::new();
        let keep: &mut [bool] = if n <= few.len() {
            &mut few[..n]
        } else {
            many.resize(n, true);
            &mut many
        };
        // The stops of each option, fetched once: they decide most of the n² comparisons
        // below without a call to `leq` (which would fetch them again for every pair).
        let mut stops = [(0i64, 0i64); 64];
        let have_stops = n <= stops.len()
            && opts
                .iter()
                .zip(stops.iter_mut())
                .all(|(&g, s)| self.small_stops(g).map(|x| *s = x).is_some());
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
                let by_stops = if !have_stops {
                    None
                } else if left_side {
                    leq_by_small_stops(stops[i], stops[j])
                } else {
                    leq_by_small_stops(stops[j], stops[i])
                };
                let dominated = match by_stops {
                    Some(d) => d,
                    None => self.leq(lo, hi),
                };
                if dominated {
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
