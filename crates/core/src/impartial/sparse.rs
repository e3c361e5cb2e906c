//! Grundy sequences of take-and-break games (octal games, subtraction games, Grundy's game)
//! by the sparse-space method.
//!
//! `G(n)` is the mex of `G(n-k)` (leave one heap) and of `G(a) ⊕ G(b)` with `a + b = n - k`
//! (leave two heaps). The plain double loop costs `O(n)` per heap. The sparse-space
//! phenomenon (Winning Ways ch. 4, "Sparse space spells speed"; Flammenkamp's tables of
//! octal games) makes it nearly `O(1)`: for a well-chosen bit mask `M`, call a heap `a`
//! *rare* when `parity(G(a) & M)` (optionally xor the parity of `a`) differs from the usual
//! class. Rare heaps are few. For a pair `a + b = m`, the classes of `a` and `b` differ
//! exactly when `parity((G(a) ⊕ G(b)) & M) ⊕ parity(m)·domain` is 1, so a value `v` with
//! that parity (a "common" value) can only come from a pair with one rare heap — and those
//! pairs are listed in `O(#rare)`. Every other value below the answer must be confirmed by a
//! scan over the pairs, which stops as soon as they are all seen; such values are "common ⊕
//! common" and abundant, so the scan is short.
//!
//! The method is exact whatever the mask (it only changes the speed); the mask is chosen
//! from the values computed so far, at heaps 64, 128, 256, … (the one with fewest rare
//! heaps), and the plain scan is used when no mask helps.
//!
//! Speed and memory (measured on Officers, 0.6, whose rare heaps end at 20,627 while the
//! values stay below 512): the values are stored in two bytes each (`Store`, four once a
//! value needs them); a heap costs about 1,600 rare pairs and 2,700 scanned pairs. The scan
//! xors a block of 64 pairs at once (vectorised) before marking the values in a table of
//! stamps, so that clearing the table between heaps is free. The work of one heap depends on
//! the heap before it, so it is not split between threads: the two loops take 40% and 60%
//! of the time and each runs a few microseconds, too short for threads to share.

use super::error::ImpartialError;
use super::hexadecimal::ThreeWay;
use super::octal::{LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalCode, TAKE_ALL};
use super::store::{Grundy, Store, Values};
use std::sync::atomic::{AtomicBool, Ordering};

/// The moves of a take-and-break game with finitely many removal sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TakeBreakRules {
    /// `k`: a heap of exactly `k` may be removed.
    pub take_all: Vec<usize>,
    /// `k`: remove `k` from a bigger heap, leaving one heap.
    pub leave_one: Vec<usize>,
    /// `k`: remove `k`, splitting the rest (at least 2) into two non-empty heaps.
    pub split: Vec<usize>,
    /// `k`: remove `k`, splitting the rest (at least 3) into three non-empty heaps
    /// (hexadecimal codes; computed by [`ThreeWay`], not by the sparse-space method).
    pub split3: Vec<usize>,
    /// The two heaps of a split must differ (Grundy's game).
    pub unequal: bool,
}

impl TakeBreakRules {
    pub fn octal(code: &OctalCode) -> TakeBreakRules {
        TakeBreakRules {
            take_all: code
                .removals_with(TAKE_ALL)
                .into_iter()
                .filter(|&k| k > 0)
                .collect(),
            leave_one: code
                .removals_with(LEAVE_ONE)
                .into_iter()
                .filter(|&k| k > 0)
                .collect(),
            split: code.removals_with(LEAVE_TWO),
            split3: code.removals_with(LEAVE_THREE),
            unequal: false,
        }
    }

    /// Moves too big for any heap below `limit` are left out (they never apply).
    pub fn subtraction(set: &[u64], limit: u64) -> TakeBreakRules {
        let ks: Vec<usize> = set
            .iter()
            .filter(|&&k| k <= limit)
            .map(|&k| k as usize)
            .collect();
        TakeBreakRules {
            take_all: ks.clone(),
            leave_one: ks,
            split: vec![],
            split3: vec![],
            unequal: false,
        }
    }

    pub fn grundys_game() -> TakeBreakRules {
        TakeBreakRules {
            take_all: vec![],
            leave_one: vec![],
            split: vec![0],
            split3: vec![],
            unequal: true,
        }
    }
}

/// The class test of the sparse-space method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mask {
    /// The bits of a value whose parity is tested.
    pub bits: u32,
    /// Whether the parity of the heap size joins the test ("sparse in the domain").
    pub domain: bool,
    /// The class (0 or 1) of the common heaps.
    pub common: u32,
}

impl Mask {
    fn class(self, heap: usize, value: u32) -> u32 {
        ((value & self.bits).count_ones() ^ (self.domain as u32 & heap as u32)) & 1
    }

    /// Whether every pair `a + b = m` with `G(a) ⊕ G(b) = v` has exactly one rare heap.
    fn mixed(self, v: u32, m: usize) -> bool {
        ((v & self.bits).count_ones() ^ (self.domain as u32 & m as u32)) & 1 == 1
    }
}

/// The scan checks whether every pending value has been found after this many heaps `a`.
const CHECK_EVERY: usize = 64;

/// Marks `G(r) ⊕ G(m - r)` for every rare heap `r < m` (`window = G(0..m)`), leaving out
/// `r = m - r` in Grundy's game. Out of line, so that its few registers are not spilled.
#[inline(always)]
fn mark_rare_pairs<T: Grundy>(
    rare: &[(u32, u32)],
    window: &[T],
    unequal: bool,
    seen: &mut [u32],
    last: usize,
    stamp: u32,
) {
    let m = window.len();
    for &(r, value) in rare {
        let r = r as usize;
        if !(unequal && 2 * r == m) {
            let other: u32 = window[m - r].into();
            seen[(value ^ other) as usize & last] = stamp;
        }
    }
}

/// Marks `lows[i] ⊕ highs[len - 1 - i]` for every `i`: the values are xored into `xs` first
/// (a loop the compiler vectorises), then marked one by one.
#[inline(always)]
fn mark_pairs<T: Grundy>(
    lows: &[T],
    highs: &[T],
    xs: &mut [u32; CHECK_EVERY],
    seen: &mut [u32],
    last: usize,
    stamp: u32,
) {
    let xs = &mut xs[..lows.len()];
    for (x, (&l, &h)) in xs.iter_mut().zip(lows.iter().zip(highs.iter().rev())) {
        let (l, h): (u32, u32) = (l.into(), h.into());
        *x = l ^ h;
    }
    for &x in xs.iter() {
        seen[x as usize & last] = stamp;
    }
}

/// The Grundy values `G(0), G(1), …` of a take-and-break game, extended on demand, stored
/// two bytes a value while they fit.
pub(crate) struct TakeBreakSequence {
    rules: TakeBreakRules,
    store: Store,
    engine: Engine,
}

/// Everything but the values: the class test, the rare and common heaps, scratch space.
struct Engine {
    mask: Option<Mask>,
    /// Heaps `r ≥ 1` of the rare class under `mask`, ascending, with their values
    /// `(r, G(r))`: one load for both in the hot loop.
    rare: Vec<(u32, u32)>,
    /// A power of two above every value so far: every option value is below it.
    top: u32,
    /// `seen[v] == stamp`: value `v` is an option of the current heap (`top` entries).
    seen: Vec<u32>,
    stamp: u32,
    pending: Vec<u32>,
    rests: Vec<usize>,
    /// How many heaps `≥ 1` have each value, by parity of the heap.
    histogram: Vec<[u64; 2]>,
    next_review: usize,
    /// The engine of the games that split a heap in three.
    three: ThreeWay,
}

impl TakeBreakSequence {
    pub fn new(rules: TakeBreakRules) -> TakeBreakSequence {
        let mut store = Store::new();
        store.push(0);
        TakeBreakSequence {
            rules,
            store,
            engine: Engine::new(),
        }
    }

    /// Continues a sequence from values computed earlier (read from a file): `G(0)` must be
    /// among them. The class test is chosen afresh from them; the values to come do not
    /// depend on it.
    pub fn resume(rules: TakeBreakRules, store: Store) -> TakeBreakSequence {
        let mut engine = Engine::new();
        let len = store.len();
        for n in 1..len {
            engine.count(n, store.get(n).expect("n < len"));
        }
        while engine.next_review <= len {
            engine.next_review *= 2;
        }
        if len >= 64 {
            engine.review(&rules, &store);
        }
        TakeBreakSequence {
            rules,
            store,
            engine,
        }
    }

    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// Whether a move may split a heap in three (the slower [`ThreeWay`] engine).
    pub fn splits_in_three(&self) -> bool {
        !self.rules.split3.is_empty()
    }

    pub fn get(&self, n: usize) -> Option<u32> {
        self.store.get(n)
    }

    pub fn values(&self) -> Values<'_> {
        self.store.view()
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Makes room for `G(0..=last)` at once (for a long run whose length is known).
    pub fn reserve_to(&mut self, last: usize) {
        if last >= self.store.len() {
            self.store.reserve_exact(last + 1 - self.store.len());
        }
    }

    /// The current class test and the number of rare heaps (for tests and benchmarks).
    #[allow(dead_code)]
    pub fn sparse_state(&self) -> (Option<Mask>, usize) {
        (self.engine.mask, self.engine.rare.len())
    }

    /// Computes `G(n)` for every `n ≤ last`.
    pub fn extend_to(
        &mut self,
        last: usize,
        interrupt: Option<&AtomicBool>,
    ) -> Result<(), ImpartialError> {
        if last >= self.store.len() {
            self.store.reserve(last + 1 - self.store.len());
        }
        while self.store.len() <= last {
            let n = self.store.len();
            if n.is_multiple_of(4096) {
                // Progress: heaps count as positions solved, 4096 at a time.
                crate::progress::positions_solved(4096);
                if interrupt.is_some_and(|f| f.swap(false, Ordering::Relaxed)) {
                    return Err(ImpartialError::Interrupted);
                }
            }
            let value = match &self.store {
                Store::Narrow(g) => self.engine.next_value(&self.rules, g),
                Store::Wide(g) => self.engine.next_value(&self.rules, g),
            };
            self.store.push(value);
            self.engine.record(&self.rules, &self.store, n, value);
        }
        Ok(())
    }
}

impl Engine {
    fn new() -> Engine {
        Engine {
            mask: None,
            rare: Vec::new(),
            top: 1,
            seen: vec![0; 1],
            stamp: 0,
            pending: Vec::new(),
            rests: Vec::new(),
            histogram: vec![[0; 2]],
            next_review: 64,
            three: ThreeWay::default(),
        }
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// `G(n)` for `n = g.len()`, from `g = G(0..n)`.
    fn next_value<T: Grundy>(&mut self, rules: &TakeBreakRules, g: &[T]) -> u32 {
        if !rules.split3.is_empty() {
            return self.three.next_value(rules, g);
        }
        let n = g.len();
        let stamp = self.next_stamp();
        let Engine {
            mask,
            rare,
            top,
            seen,
            pending,
            rests,
            ..
        } = self;
        let seen: &mut [u32] = &mut seen[..*top as usize];
        // Every value is below `top`, a power of two: masking with `last` changes nothing but
        // lets the compiler drop the bounds checks in the hot loops.
        let last = *top as usize - 1;
        for &k in &rules.take_all {
            if n == k {
                seen[0] = stamp;
            }
        }
        for &k in &rules.leave_one {
            if n > k {
                seen[g[n - k].to_index() & last] = stamp;
            }
        }
        // The sizes m = n - k of the rests that may be split in two.
        rests.clear();
        rests.extend(rules.split.iter().filter(|&&k| n >= k + 2).map(|&k| n - k));
        let unequal = rules.unequal;
        // The largest `a ≤ m - a` (`a < m - a` in Grundy's game).
        let half = |m: usize| if unequal { (m - 1) / 2 } else { m / 2 };
        if mask.is_some() {
            // Every pair with a rare heap: the only source of a "mixed" value.
            for &m in rests.iter() {
                let count = rare.partition_point(|&(r, _)| (r as usize) < m);
                mark_rare_pairs(&rare[..count], &g[..m], unequal, seen, last, stamp);
            }
        }
        // Values certainly absent end the search; the others wait for the scan.
        pending.clear();
        let mut absent = *top;
        for v in 0..*top {
            if seen[v as usize] == stamp {
                continue;
            }
            let certain = match *mask {
                _ if rests.is_empty() => true,
                Some(mask) => rests.iter().all(|&m| mask.mixed(v, m)),
                None => false,
            };
            if certain {
                absent = v;
                break;
            }
            pending.push(v);
        }
        if pending.is_empty() {
            return absent;
        }
        // Scan pairs until every pending value has been seen (then `absent` is the mex) or
        // the pairs run out (then the first unseen pending value is). `found` counts the
        // pending values known to be seen, in order.
        let mut found = 0;
        let all_seen = |seen: &[u32], found: &mut usize| {
            while *found < pending.len() && seen[pending[*found] as usize] == stamp {
                *found += 1;
            }
            *found == pending.len()
        };
        let longest = rests.iter().map(|&m| half(m)).max().unwrap_or(0);
        // Pairs (a, m - a) for a = 1, 2, … in blocks: the values of a block are xored into
        // `xs` first (a loop the compiler vectorises), then marked one by one.
        let mut xs = [0u32; CHECK_EVERY];
        let mut start = 1;
        while start <= longest {
            let end = (start + CHECK_EVERY - 1).min(longest);
            for &m in rests.iter() {
                let end = end.min(half(m));
                if start > end {
                    continue;
                }
                // a runs up from `start`, m - a runs down from `m - start`.
                let lows = &g[start..=end];
                let highs = &g[m - end..=m - start];
                mark_pairs(lows, highs, &mut xs, seen, last, stamp);
            }
            if all_seen(seen, &mut found) {
                break;
            }
            start += CHECK_EVERY;
        }
        pending.get(found).copied().unwrap_or(absent)
    }

    /// Counts heap `n ≥ 1` of value `value` in the histogram and raises `top` past it.
    fn count(&mut self, n: usize, value: u32) {
        if value >= self.top {
            self.top = (value + 1).next_power_of_two();
            self.seen.resize(self.top as usize, 0);
        }
        if self.histogram.len() <= value as usize {
            self.histogram.resize(value as usize + 1, [0; 2]);
        }
        self.histogram[value as usize][n & 1] += 1;
    }

    /// Takes heap `n` (just stored, with value `value`) into account.
    fn record(&mut self, rules: &TakeBreakRules, store: &Store, n: usize, value: u32) {
        self.count(n, value);
        if let Some(mask) = self.mask
            && mask.class(n, value) != mask.common
        {
            self.rare.push((n as u32, value));
        }
        if store.len() == self.next_review {
            self.review(rules, store);
            self.next_review *= 2;
        }
    }

    /// Chooses the mask with fewest rare heaps among those that make the answer "mixed".
    fn review(&mut self, rules: &TakeBreakRules, store: &Store) {
        if rules.split.is_empty() || !rules.split3.is_empty() {
            return;
        }
        let n = store.len();
        let bits = 32 - (self.top - 1).leading_zeros();
        let masks = 1u32 << bits.min(10);
        let parities: Vec<u32> = {
            let mut p: Vec<u32> = rules.split.iter().map(|&k| k as u32 & 1).collect();
            p.sort_unstable();
            p.dedup();
            p
        };
        let mut best: Option<(u64, Mask)> = None;
        for bits in 1..masks {
            for domain in [false, true] {
                // The answer (a common value) is "mixed" for every split iff
                // common ⊕ domain·parity(k) = 1 for every split removal k.
                let common = if domain {
                    if parities.len() > 1 {
                        continue;
                    }
                    1 ^ parities[0]
                } else {
                    1
                };
                let mask = Mask {
                    bits,
                    domain,
                    common,
                };
                let rare: u64 = self
                    .histogram
                    .iter()
                    .enumerate()
                    .map(|(v, counts)| {
                        (0..2)
                            .filter(|&p| mask.class(p, v as u32) != common)
                            .map(|p| counts[p])
                            .sum::<u64>()
                    })
                    .sum();
                if best.is_none_or(|(r, _)| rare < r) {
                    best = Some((rare, mask));
                }
            }
        }
        self.mask = best
            .filter(|&(rare, _)| rare * 3 < n as u64)
            .map(|(_, m)| m);
        self.rare.clear();
        if let Some(mask) = self.mask {
            for a in 1..n {
                let v = store.get(a).expect("a < n");
                if mask.class(a, v) != mask.common {
                    self.rare.push((a as u32, v));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(s: &TakeBreakSequence) -> Vec<u32> {
        (0..s.len()).map(|n| s.get(n).unwrap()).collect()
    }

    /// The plain double loop, straight from the definition.
    fn plain(rules: &TakeBreakRules, last: usize) -> Vec<u32> {
        let mut g = vec![0u32];
        for n in 1..=last {
            let mut opts = Vec::new();
            for &k in &rules.take_all {
                if n == k {
                    opts.push(0);
                }
            }
            for &k in &rules.leave_one {
                if n > k {
                    opts.push(g[n - k] as u64);
                }
            }
            for &k in &rules.split {
                if n >= k + 2 {
                    for a in 1..=(n - k) / 2 {
                        if !(rules.unequal && 2 * a == n - k) {
                            opts.push((g[a] ^ g[n - k - a]) as u64);
                        }
                    }
                }
            }
            g.push(crate::impartial::mex(opts) as u32);
        }
        g
    }

    #[test]
    fn kayles_goes_sparse_and_stays_exact() {
        let rules = TakeBreakRules::octal(&OctalCode::parse("0.77").unwrap());
        let mut s = TakeBreakSequence::new(rules.clone());
        s.extend_to(3000, None).unwrap();
        assert_eq!(all(&s), plain(&rules, 3000));
        let (mask, rare) = s.sparse_state();
        assert!(mask.is_some());
        assert!(rare < 40, "Kayles has few rare heaps, found {rare}");
    }

    #[test]
    fn grundys_game_matches_the_plain_loop() {
        let rules = TakeBreakRules::grundys_game();
        let mut s = TakeBreakSequence::new(rules.clone());
        s.extend_to(2500, None).unwrap();
        assert_eq!(all(&s), plain(&rules, 2500));
    }

    #[test]
    fn heaps_count_as_progress() {
        // The progress line counts heaps as positions solved, 4096 at a time.
        let before = crate::progress::counts();
        let mut s = TakeBreakSequence::new(TakeBreakRules::grundys_game());
        s.extend_to(20_000, None).unwrap();
        assert!(crate::progress::counts().since(before).positions >= 4 * 4096);
    }

    #[test]
    fn interrupt_flag_stops_the_computation() {
        let flag = AtomicBool::new(true);
        let mut s = TakeBreakSequence::new(TakeBreakRules::grundys_game());
        assert_eq!(
            s.extend_to(10_000, Some(&flag)),
            Err(ImpartialError::Interrupted)
        );
        assert!(!flag.load(Ordering::Relaxed));
    }
}
