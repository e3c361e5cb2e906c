//! The moves of a heap to a given Grundy value for CGSuite's generalised take-and-break
//! codes ([`crate::impartial::TbCode`]), found through the engine's sets of values instead of
//! listing every option.
//!
//! A heap of 80 in `0.{1+}` has about fourteen million options (every partition of 79), so
//! listing them to keep those of the wanted value does not finish. The sets of
//! [`TbSequence`] already say which values a kind of split reaches: `S_k(r)`, `S_≥j(r)` for
//! free splits, `D_k(r, m)`, `N_k(r, m)` by smallest heap for `!` and `?`. A move is then
//! built heap by heap, keeping only the first heaps after which the rest can still reach the
//! value needed:
//!
//! - **`!` and `?`** (and `=`, and two heaps): the sets by smallest heap are exactly those of
//!   the sorted rest, so the search never takes a step that leads nowhere, and lists each
//!   split once, smallest heap first.
//! - **No constraint**: the sets `S_k` hold the values of the *compositions* of the rest,
//!   heaps in any order, not only of those whose heaps are at least the last one chosen, so
//!   a sorted search may take steps that lead nowhere (its work is bounded, below). One
//!   split of a kind is found without any such step: choose the first heaps of a composition
//!   whose rest reaches the value, then sort it (a free split does not care for order).
//!
//! What is listed: every winning move of the heap when there are at most
//! [`MAX_LISTED_MOVES`] and the search finds them within its budget; otherwise one move of
//! each *kind* — tokens removed and heaps left (exactly `k`, or "at least `j`" for a digit
//! such as `*` or `{3+}`) — at most [`MAX_LISTED_MOVES`] of them, tokens removed first. Any
//! winning move wins, so the short list is enough to play; each move listed is an option of
//! the heap of the value asked for (tested against a listing of every option).

use super::tb_code::{CodeDigit, Constraint};
use super::tb_sequence::TbSequence;

/// At most this many moves of one heap are listed (see the module documentation).
pub const MAX_LISTED_MOVES: usize = 1000;

/// Steps of the search for every winning move before it settles for one move of each kind
/// (a few milliseconds).
const SEARCH_BUDGET: u64 = 1 << 22;

/// Whether bit `v` is set.
fn has(bits: &[u64], v: usize) -> bool {
    bits.get(v / 64).is_some_and(|w| w >> (v % 64) & 1 == 1)
}

/// A kind of move of a heap: the tokens removed and the heaps left.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// The whole heap taken.
    Whole,
    /// One heap of `r` left.
    One(usize),
    /// `r` split into `count` heaps under the constraint.
    Split {
        r: usize,
        count: Count,
        constraint: Constraint,
    },
}

/// How many heaps a split leaves.
#[derive(Clone, Copy, Debug)]
enum Count {
    Exactly(usize),
    AtLeast(usize),
}

/// The search was stopped: enough moves found, or the budget spent.
struct Stop;

type Step = Result<(), Stop>;

/// A depth-first search for the splits of a given value, heaps ascending.
struct Finder<'a> {
    s: &'a TbSequence,
    /// The heaps chosen so far.
    parts: Vec<u64>,
    out: Vec<Vec<u64>>,
    /// Stop once `out` holds this many.
    cap: usize,
    budget: u64,
}

impl<'a> Finder<'a> {
    fn new(s: &'a TbSequence, cap: usize, budget: u64) -> Finder<'a> {
        Finder {
            s,
            parts: Vec::new(),
            out: Vec::new(),
            cap,
            budget,
        }
    }

    fn g(&self, x: usize) -> usize {
        self.s.g[x] as usize
    }

    /// The value of `i` equal heaps of `c`.
    fn equal(&self, c: usize, i: usize) -> usize {
        if i % 2 == 1 { self.g(c) } else { 0 }
    }

    fn tick(&mut self) -> Step {
        self.budget = self.budget.checked_sub(1).ok_or(Stop)?;
        Ok(())
    }

    /// Records the heaps chosen followed by `last`.
    fn emit(&mut self, last: impl IntoIterator<Item = u64>) -> Step {
        let mut m = self.parts.clone();
        m.extend(last);
        self.out.push(m);
        if self.out.len() >= self.cap {
            return Err(Stop);
        }
        Ok(())
    }

    /// `a` chosen, then the rest searched by `then`.
    fn with(&mut self, a: usize, then: impl FnOnce(&mut Self) -> Step) -> Step {
        self.parts.push(a as u64);
        let step = then(self);
        self.parts.pop();
        step
    }

    /// Whether the kind's set of values, where the engine keeps one, holds `w` (a kind
    /// without a table answers yes and is searched).
    fn may_reach(&self, kind: Kind, w: usize) -> bool {
        let Kind::Split {
            r,
            count,
            constraint,
        } = kind
        else {
            return true;
        };
        let s = self.s;
        match (constraint, count) {
            (Constraint::Free, Count::Exactly(k)) => has(&s.free_exact[k - 2][r], w),
            (Constraint::Free, Count::AtLeast(j)) => has(&s.free_from[j - 2][r], w),
            (Constraint::Distinct, Count::Exactly(k)) if k >= 3 => {
                has(s.distinct_exact[k - 2].get(r, 1), w)
            }
            (Constraint::Distinct, Count::AtLeast(j)) => has(s.distinct_from[j - 2].get(r, 1), w),
            (Constraint::NotAllEqual, Count::Exactly(k)) if k >= 3 => {
                has(s.unequal_exact[k - 2].get(r, 1), w)
            }
            (Constraint::NotAllEqual, Count::AtLeast(j)) => has(s.unequal_from[j - 2].get(r, 1), w),
            _ => true,
        }
    }

    /// Every move of this kind of value `w`.
    fn kind(&mut self, kind: Kind, w: usize) -> Step {
        if !self.may_reach(kind, w) {
            return Ok(());
        }
        match kind {
            Kind::Whole => {
                if w == 0 {
                    self.emit([])?;
                }
                Ok(())
            }
            Kind::One(r) => {
                if self.g(r) == w {
                    self.emit([r as u64])?;
                }
                Ok(())
            }
            Kind::Split {
                r,
                count,
                constraint,
            } => match (constraint, count) {
                (Constraint::Free, Count::Exactly(k)) => self.free_exact(r, 1, k, w),
                (Constraint::Free, Count::AtLeast(j)) => self.free_from(r, 1, j, w),
                (Constraint::Distinct, Count::Exactly(k)) => self.distinct_exact(r, 1, k, w),
                (Constraint::Distinct, Count::AtLeast(j)) => self.distinct_from(r, 1, j, w),
                (Constraint::NotAllEqual, Count::Exactly(k)) => self.unequal_exact(r, 1, k, w),
                (Constraint::NotAllEqual, Count::AtLeast(j)) => self.unequal_from(r, 1, j, w),
                (Constraint::AllEqual, Count::Exactly(k)) => {
                    if r.is_multiple_of(k) && self.equal(r / k, k) == w {
                        self.emit(vec![(r / k) as u64; k])?;
                    }
                    Ok(())
                }
                (Constraint::AllEqual, Count::AtLeast(j)) => {
                    for &k in &self.s.divisors[r] {
                        let k = k as usize;
                        if k >= j && self.equal(r / k, k) == w {
                            self.emit(vec![(r / k) as u64; k])?;
                        }
                    }
                    Ok(())
                }
            },
        }
    }

    /// `x` into exactly `k` heaps `≥ m`, no constraint. `S_(k-1)(x - a)` prunes the first
    /// heap `a`; it ignores the bound `≥ a` on the rest, so a step may lead nowhere.
    fn free_exact(&mut self, x: usize, m: usize, k: usize, w: usize) -> Step {
        self.tick()?;
        if k == 1 {
            if x >= m && self.g(x) == w {
                self.emit([x as u64])?;
            }
            return Ok(());
        }
        for a in (m..=x / k).rev() {
            self.tick()?;
            let (rw, y) = (w ^ self.g(a), x - a);
            let reachable = if k == 2 {
                self.g(y) == rw
            } else {
                has(&self.s.free_exact[k - 3][y], rw)
            };
            if reachable {
                self.with(a, |f| f.free_exact(y, a, k - 1, rw))?;
            }
        }
        Ok(())
    }

    /// `x` into at least `j` heaps (and at least one) `≥ m`, no constraint.
    fn free_from(&mut self, x: usize, m: usize, j: usize, w: usize) -> Step {
        self.tick()?;
        if j <= 1 && x >= m && self.g(x) == w {
            self.emit([x as u64])?;
        }
        let rest = j.saturating_sub(1).max(1);
        for a in (m..=x / (rest + 1)).rev() {
            self.tick()?;
            let (rw, y) = (w ^ self.g(a), x - a);
            if self.free_from_reaches(y, rest, rw) {
                self.with(a, |f| f.free_from(y, a, rest, rw))?;
            }
        }
        Ok(())
    }

    /// Whether `w ∈ S_≥j(y)` (`S_≥1(y) = S_≥2(y) ∪ {G(y)}`).
    fn free_from_reaches(&self, y: usize, j: usize, w: usize) -> bool {
        if j <= 1 {
            self.g(y) == w || has(&self.s.free_from[0][y], w)
        } else {
            has(&self.s.free_from[j - 2][y], w)
        }
    }

    /// `x` into exactly `k` pairwise unequal heaps `≥ m`: `D_(k-1)(x - a, a + 1)` is exact.
    fn distinct_exact(&mut self, x: usize, m: usize, k: usize, w: usize) -> Step {
        self.tick()?;
        if k == 1 {
            if x >= m && self.g(x) == w {
                self.emit([x as u64])?;
            }
            return Ok(());
        }
        // The other k - 1 heaps are at least a + 1, a + 2, …: k·a + (k-1) + (k-1)(k-2)/2 ≤ x.
        let least = (k - 1) + (k - 1) * (k - 2) / 2;
        for a in (m..=x.saturating_sub(least) / k).rev() {
            self.tick()?;
            let (rw, y) = (w ^ self.g(a), x - a);
            let reachable = if k == 2 {
                self.g(y) == rw
            } else {
                has(self.s.distinct_exact[k - 3].get(y, a + 1), rw)
            };
            if reachable {
                self.with(a, |f| f.distinct_exact(y, a + 1, k - 1, rw))?;
            }
        }
        Ok(())
    }

    /// `x` into at least `j` (and at least one) pairwise unequal heaps `≥ m`.
    fn distinct_from(&mut self, x: usize, m: usize, j: usize, w: usize) -> Step {
        self.tick()?;
        if j <= 1 && x >= m && self.g(x) == w {
            self.emit([x as u64])?;
        }
        let rest = j.saturating_sub(1).max(1);
        let least = rest + rest * (rest - 1) / 2;
        for a in (m..=x.saturating_sub(least) / (rest + 1)).rev() {
            self.tick()?;
            let (rw, y) = (w ^ self.g(a), x - a);
            let reachable = if rest == 1 {
                self.g(y) == rw || has(self.s.distinct_from[0].get(y, a + 1), rw)
            } else {
                has(self.s.distinct_from[rest - 2].get(y, a + 1), rw)
            };
            if reachable {
                self.with(a, |f| f.distinct_from(y, a + 1, rest, rw))?;
            }
        }
        Ok(())
    }

    /// `x` into exactly `k ≥ 2` heaps `≥ m`, not all equal: after the smallest heap `a` the
    /// rest is not all equal (`N_(k-1)(x - a, a)`, exact) or all equal to some `c > a`.
    fn unequal_exact(&mut self, x: usize, m: usize, k: usize, w: usize) -> Step {
        self.tick()?;
        let i = k - 1;
        // Not all equal: k·a < x.
        for a in (m..=x.saturating_sub(1) / k).rev() {
            self.tick()?;
            let (rw, y) = (w ^ self.g(a), x - a);
            if y.is_multiple_of(i) && y / i > a && self.equal(y / i, i) == rw {
                let c = (y / i) as u64;
                self.emit(std::iter::once(a as u64).chain(std::iter::repeat_n(c, i)))?;
            }
            if i >= 2 && has(self.s.unequal_exact[i - 2].get(y, a), rw) {
                self.with(a, |f| f.unequal_exact(y, a, i, rw))?;
            }
        }
        Ok(())
    }

    /// `x` into at least `j ≥ 2` heaps `≥ m`, not all equal.
    fn unequal_from(&mut self, x: usize, m: usize, j: usize, w: usize) -> Step {
        self.tick()?;
        let (lo, lo2) = (j.saturating_sub(1).max(1), j.saturating_sub(1).max(2));
        for a in (m..=x.saturating_sub(1) / j).rev() {
            self.tick()?;
            let (rw, y) = (w ^ self.g(a), x - a);
            for &i in &self.s.divisors[y] {
                let i = i as usize;
                if i >= lo && y / i > a && self.equal(y / i, i) == rw {
                    let c = (y / i) as u64;
                    self.emit(std::iter::once(a as u64).chain(std::iter::repeat_n(c, i)))?;
                }
            }
            if has(self.s.unequal_from[lo2 - 2].get(y, a), rw) {
                self.with(a, |f| f.unequal_from(y, a, lo2, rw))?;
            }
        }
        Ok(())
    }

    /// One free split of `r` into exactly `k` heaps of value `w`, without a wasted step:
    /// the first heaps of a composition, each leaving a rest that reaches the value, sorted.
    fn free_exact_one(&self, r: usize, k: usize, w: usize) -> Option<Vec<u64>> {
        if !has(&self.s.free_exact[k - 2][r], w) {
            return None;
        }
        let (mut x, mut w, mut k) = (r, w, k);
        let mut parts = Vec::with_capacity(k);
        while k > 1 {
            let a = (1..=x - (k - 1)).find(|&a| {
                let rw = w ^ self.g(a);
                if k == 2 {
                    self.g(x - a) == rw
                } else {
                    has(&self.s.free_exact[k - 3][x - a], rw)
                }
            })?;
            parts.push(a as u64);
            (x, w, k) = (x - a, w ^ self.g(a), k - 1);
        }
        parts.push(x as u64);
        parts.sort_unstable();
        (self.g(x) == w).then_some(parts)
    }

    /// One free split of `r` into at least `j` heaps of value `w`, largest heaps first,
    /// stopping as soon as one heap finishes it.
    fn free_from_one(&self, r: usize, j: usize, w: usize) -> Option<Vec<u64>> {
        if !has(&self.s.free_from[j - 2][r], w) {
            return None;
        }
        let (mut x, mut w, mut j) = (r, w, j);
        let mut parts = Vec::new();
        loop {
            if j <= 1 && self.g(x) == w {
                parts.push(x as u64);
                break;
            }
            let rest = j.saturating_sub(1).max(1);
            // Largest heaps first, for a move of few heaps (1 + 1 + … is also one).
            let a = (1..=x.checked_sub(rest)?)
                .rev()
                .find(|&a| self.free_from_reaches(x - a, rest, w ^ self.g(a)))?;
            parts.push(a as u64);
            (x, w, j) = (x - a, w ^ self.g(a), rest);
        }
        parts.sort_unstable();
        Some(parts)
    }

    /// One move of this kind of value `w`, if any.
    fn one(&mut self, kind: Kind, w: usize) -> Option<Vec<u64>> {
        match kind {
            Kind::Split {
                r,
                count: Count::Exactly(k),
                constraint: Constraint::Free,
            } => self.free_exact_one(r, k, w),
            Kind::Split {
                r,
                count: Count::AtLeast(j),
                constraint: Constraint::Free,
            } => self.free_from_one(r, j, w),
            // The other searches take no wasted step: the first move is found at once.
            _ => {
                (self.cap, self.budget) = (1, u64::MAX);
                self.out.clear();
                let _ = self.kind(kind, w);
                self.out.pop()
            }
        }
    }
}

/// The kinds of move of a heap of `n` (see [`Kind`]), tokens removed ascending.
fn kinds(s: &TbSequence, n: usize) -> Vec<Kind> {
    let mut out = Vec::new();
    let last_t = s.code.max_removal().map_or(n, |t| t.min(n));
    for t in 0..=last_t {
        let d: CodeDigit = s.code.digit(t as u64);
        if d.counts.is_empty() {
            continue;
        }
        let r = n - t;
        if r == 0 {
            if t > 0 && d.counts.allows(0) {
                out.push(Kind::Whole);
            }
            continue;
        }
        if t > 0 && d.counts.allows(1) {
            out.push(Kind::One(r));
        }
        let exact = d.counts.exact() >> 2 << 2;
        for k in (2..64).filter(|&k| k <= r && exact >> k & 1 == 1) {
            out.push(Kind::Split {
                r,
                count: Count::Exactly(k),
                constraint: d.constraint,
            });
        }
        if let Some(j) = d.counts.from().map(|f| (f as usize).max(2))
            && j <= r
        {
            out.push(Kind::Split {
                r,
                count: Count::AtLeast(j),
                constraint: d.constraint,
            });
        }
    }
    out
}

impl TbSequence {
    /// The options of a heap of `n` whose Grundy value is `target`, as the heaps they leave
    /// (sorted; empty for taking the whole heap), in the order of [`TbCode::options`]
    /// (tokens removed, then heaps left, then heaps): every one, or, when there are more than
    /// [`MAX_LISTED_MOVES`], one of each kind (see the module documentation). `G(0..=n)`
    /// must be computed.
    ///
    /// [`TbCode::options`]: crate::impartial::TbCode::options
    pub fn moves_to_value(&self, n: usize, target: u64) -> Vec<Vec<u64>> {
        let Ok(w) = u32::try_from(target) else {
            return Vec::new(); // no value of this code is that large
        };
        let w = w as usize;
        let kinds = kinds(self, n);
        let mut all = Finder::new(self, MAX_LISTED_MOVES + 1, SEARCH_BUDGET);
        let complete = kinds.iter().try_for_each(|&k| all.kind(k, w)).is_ok();
        let mut out = if complete {
            all.out
        } else {
            let mut one = Finder::new(self, 1, u64::MAX);
            kinds
                .iter()
                .filter_map(|&k| one.one(k, w))
                .take(MAX_LISTED_MOVES)
                .collect()
        };
        let n = n as u64;
        out.sort_by_cached_key(|m| (n - m.iter().sum::<u64>(), m.len(), m.clone()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::TbCode;
    use std::collections::HashMap;

    fn sequence(code: &str, last: usize) -> TbSequence {
        let mut s = TbSequence::new(TbCode::parse(code).unwrap());
        s.extend_to(last, None).unwrap();
        s
    }

    /// Every option of value `target`, by listing every option.
    fn by_listing(s: &TbSequence, n: usize, target: u64) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = s
            .code
            .options(n as u64, 1 << 24)
            .unwrap()
            .into_iter()
            .filter(|o| o.iter().fold(0, |acc, &h| acc ^ u64::from(s.g[h as usize])) == target)
            .collect();
        let n = n as u64;
        out.sort_by_cached_key(|m| (n - m.iter().sum::<u64>(), m.len(), m.clone()));
        out
    }

    #[test]
    fn every_kind_of_digit_agrees_with_the_listing() {
        for code in [
            "0.*",
            "0.{3+}",
            "0.V",
            "4!.",
            "8!.",
            "8?.",
            "0.*!",
            "0.*?",
            "0.{3+}!",
            "0.{3+}?",
            "0.{2,3}=",
            "0.*=",
            "4.[3]",
            "0.1[3]",
            "0.[37]",
            "0.1*!2?",
            "0.{4}?",
            "0.&100;",
            "{2+}?.",
            "0.{0,2+}?3",
        ] {
            let s = sequence(code, 18);
            for n in 0..=18 {
                for target in 0..=(s.g[..=n].iter().max().copied().unwrap_or(0) as u64 + 1) {
                    assert_eq!(
                        s.moves_to_value(n, target),
                        by_listing(&s, n, target),
                        "{code} heap {n} to {target}"
                    );
                }
            }
        }
    }

    /// Each move of the short list is an option of the value asked, and every kind of move
    /// that reaches the value has one.
    #[test]
    fn one_move_of_each_kind_when_there_are_many() {
        // 0.{1+} on 40: G(n) = n - 1, and far more than MAX_LISTED_MOVES splits of value 3.
        let s = sequence("0.{1+}", 40);
        assert!(by_listing(&s, 40, 3).len() > MAX_LISTED_MOVES);
        let moves = s.moves_to_value(40, 3);
        // One kind reaches 3: the splits of 39 (leaving one heap of 39 is worth 38).
        assert_eq!(moves.len(), 1);
        let split = &moves[0];
        assert_eq!(split.iter().sum::<u64>(), 39);
        assert_eq!(split.iter().fold(0, |a, &h| a ^ s.g[h as usize]), 3);
        // Kinds for the short list: (tokens removed, heaps left) of the listing.
        let mut rng = crate::impartial::testutil::Rng::new(5);
        for code in [
            "0.*",
            "0.*!",
            "0.*?",
            "0.{2,3,5}",
            "4.[3]",
            "0.[*]",
            "{3+}?.",
            "0.F*",
        ] {
            let s = sequence(code, 34);
            for _ in 0..6 {
                let n = 20 + rng.below(15) as usize;
                let target = rng.below(u64::from(s.g[n]) + 3);
                let listed = by_listing(&s, n, target);
                let ours = s.moves_to_value(n, target);
                if listed.len() <= MAX_LISTED_MOVES {
                    assert_eq!(ours, listed, "{code} heap {n} to {target}");
                    continue;
                }
                let kind_of = |m: &Vec<u64>| (m.iter().sum::<u64>(), m.len());
                for m in &ours {
                    assert!(
                        listed.contains(m),
                        "{code} heap {n}: {m:?} is not an option"
                    );
                }
                // Every (tokens, exact count) kind is there; "at least" kinds give one move.
                let mut kinds: HashMap<u64, usize> = HashMap::new();
                for m in &ours {
                    *kinds.entry(kind_of(m).0).or_default() += 1;
                }
                for m in &listed {
                    assert!(kinds.contains_key(&kind_of(m).0), "{code} heap {n}: {m:?}");
                }
            }
        }
    }

    #[test]
    fn a_big_heap_of_a_star_code_is_fast() {
        // 0.{1+} on 80 has about 1.4e7 options; the sets find a move of each kind at once
        // (well under a millisecond in a release build).
        let s = sequence("0.{1+}", 80);
        for target in [0, 5, 78, 200] {
            let moves = s.moves_to_value(80, target);
            for m in &moves {
                assert_eq!(m.iter().sum::<u64>(), 79);
                assert_eq!(
                    m.iter().fold(0, |a, &h| a ^ u64::from(s.g[h as usize])),
                    target
                );
            }
            assert_eq!(moves.is_empty(), target == 200, "target {target}");
        }
    }
}
