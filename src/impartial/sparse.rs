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
//! that parity can only come from a pair with one rare heap — and those pairs are listed
//! in `O(#rare)`. Every other value below the answer must be confirmed by a scan over the
//! pairs, which stops as soon as they are all seen; such values are "common ⊕ common" and
//! abundant, so the scan is short.
//!
//! The method is exact whatever the mask (it only changes the speed); the mask is chosen
//! from the values computed so far, at heaps 64, 128, 256, … (the one with fewest rare
//! heaps), and the plain scan is used when no mask helps.

use super::error::ImpartialError;
use super::octal::{LEAVE_ONE, LEAVE_TWO, OctalCode, TAKE_ALL};
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
            unequal: false,
        }
    }

    pub fn grundys_game() -> TakeBreakRules {
        TakeBreakRules {
            take_all: vec![],
            leave_one: vec![],
            split: vec![0],
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

/// Pairs `(a, m - a)` are scanned in blocks of this many values of `a`, taking each rest `m`
/// in turn, so that a witness with a small heap is found early in every rest.
const SCAN_BLOCK: usize = 128;

/// The scan keeps this many bitmaps of found values, one per pair in a group of this many,
/// so that consecutive updates do not wait on each other.
const LANES: usize = 4;

/// Marks `lows[i] ⊕ highs[len - 1 - i]` for every `i` in the bitmaps `found`
/// (`LANES` bitmaps of `words` words each).
fn mark_pairs(lows: &[u32], highs: &[u32], found: &mut [u64], words: usize) {
    let (f0, rest) = found.split_at_mut(words);
    let (f1, rest) = rest.split_at_mut(words);
    let (f2, f3) = rest.split_at_mut(words);
    let f3 = &mut f3[..words];
    // `words` is a power of two above every value's word, so the mask changes nothing; it
    // only lets the compiler drop the bounds checks.
    let last = words - 1;
    let mark = |f: &mut [u64], v: u32| f[(v as usize >> 6) & last] |= 1 << (v & 63);
    // Pair i is (lows[i], highs[len - 1 - i]): chunks from the front of `lows` meet
    // chunks from the back of `highs`, reversed.
    let low_chunks = lows.chunks_exact(LANES);
    let high_chunks = highs.rchunks_exact(LANES);
    let (low_rest, high_rest) = (low_chunks.remainder(), high_chunks.remainder());
    for (l, h) in low_chunks.zip(high_chunks) {
        mark(f0, l[0] ^ h[3]);
        mark(f1, l[1] ^ h[2]);
        mark(f2, l[2] ^ h[1]);
        mark(f3, l[3] ^ h[0]);
    }
    for (&l, &h) in low_rest.iter().zip(high_rest.iter().rev()) {
        mark(f0, l ^ h);
    }
}

/// The Grundy values `G(0), G(1), …` of a take-and-break game, extended on demand.
pub(crate) struct TakeBreakSequence {
    rules: TakeBreakRules,
    values: Vec<u32>,
    mask: Option<Mask>,
    /// Heaps `≥ 1` of the rare class under `mask`, ascending, and their values.
    rare: Vec<u32>,
    rare_values: Vec<u32>,
    /// A power of two above every value so far: every option value is below it.
    top: u32,
    /// `seen[v] == stamp`: value `v` is an option of the current heap (`top` entries).
    seen: Vec<u32>,
    /// Bitmaps of the values the scan needs, and of those it has found.
    need: Vec<u64>,
    found: Vec<u64>,
    stamp: u32,
    pending: Vec<u32>,
    rests: Vec<usize>,
    /// How many heaps `≥ 1` have each value, by parity of the heap.
    histogram: Vec<[u64; 2]>,
    next_review: usize,
}

impl TakeBreakSequence {
    pub fn new(rules: TakeBreakRules) -> TakeBreakSequence {
        TakeBreakSequence {
            rules,
            values: vec![0],
            mask: None,
            rare: Vec::new(),
            rare_values: Vec::new(),
            top: 1,
            seen: vec![0; 1],
            need: Vec::new(),
            found: Vec::new(),
            stamp: 0,
            pending: Vec::new(),
            rests: Vec::new(),
            histogram: vec![[0; 2]],
            next_review: 64,
        }
    }

    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The current class test and the number of rare heaps (for tests and benchmarks).
    #[allow(dead_code)]
    pub fn sparse_state(&self) -> (Option<Mask>, usize) {
        (self.mask, self.rare.len())
    }

    /// Computes `G(n)` for every `n ≤ last`.
    pub fn extend_to(
        &mut self,
        last: usize,
        interrupt: Option<&AtomicBool>,
    ) -> Result<(), ImpartialError> {
        while self.values.len() <= last {
            if self.values.len().is_multiple_of(4096)
                && interrupt.is_some_and(|f| f.swap(false, Ordering::Relaxed))
            {
                return Err(ImpartialError::Interrupted);
            }
            self.push_next();
        }
        Ok(())
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    fn push_next(&mut self) {
        let n = self.values.len();
        let stamp = self.next_stamp();
        let TakeBreakSequence {
            rules,
            values: g,
            mask,
            rare,
            rare_values,
            top,
            seen,
            need,
            found,
            pending,
            rests,
            ..
        } = self;
        // Plain slices, so that the hot loops keep their pointers in registers.
        let g: &[u32] = g;
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
                seen[g[n - k] as usize] = stamp;
            }
        }
        // The sizes m = n - k of the rests that may be split in two.
        rests.clear();
        rests.extend(rules.split.iter().filter(|&&k| n >= k + 2).map(|&k| n - k));
        let unequal = rules.unequal;
        if mask.is_some() {
            // Every pair with a rare heap.
            for &m in rests.iter() {
                let count = rare.partition_point(|&r| (r as usize) < m);
                let window = &g[..m];
                for (&r, &value) in rare[..count].iter().zip(&rare_values[..count]) {
                    let r = r as usize;
                    if !(unequal && 2 * r == m) {
                        seen[(value ^ window[m - r]) as usize & last] = stamp;
                    }
                }
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
        let value = if pending.is_empty() {
            absent
        } else {
            // Scan pairs, collecting the values seen in a bitmap, until every pending value
            // has been seen (then `absent` is the mex) or the pairs run out.
            let words = (*top as usize).div_ceil(64);
            need.clear();
            need.resize(words, 0);
            found.clear();
            found.resize(LANES * words, 0);
            for &v in pending.iter() {
                need[v as usize >> 6] |= 1 << (v & 63);
            }
            let seen_all = |found: &[u64]| {
                (0..words).all(|w| {
                    let f = (0..LANES).fold(0, |acc, lane| acc | found[lane * words + w]);
                    need[w] & !f == 0
                })
            };
            // The largest `a ≤ m - a` (`a < m - a` in Grundy's game).
            let half = |m: usize| if unequal { (m - 1) / 2 } else { m / 2 };
            let longest = rests.iter().map(|&m| half(m)).max().unwrap_or(0);
            let mut start = 1;
            'scan: while start <= longest {
                for &m in rests.iter() {
                    let end = (start + SCAN_BLOCK - 1).min(half(m));
                    if start > end {
                        continue;
                    }
                    // a runs up from `start`, m - a runs down from `m - start`.
                    mark_pairs(&g[start..=end], &g[m - end..=m - start], found, words);
                    if seen_all(found) {
                        break 'scan;
                    }
                }
                start += SCAN_BLOCK;
            }
            let present = |v: u32| {
                let (w, bit) = (v as usize >> 6, v & 63);
                (0..LANES).any(|lane| found[lane * words + w] >> bit & 1 == 1)
            };
            pending
                .iter()
                .copied()
                .find(|&v| !present(v))
                .unwrap_or(absent)
        };
        self.record(n, value);
    }

    fn record(&mut self, n: usize, value: u32) {
        self.values.push(value);
        if value >= self.top {
            self.top = (value + 1).next_power_of_two();
            self.seen.resize(self.top as usize, 0);
        }
        if self.histogram.len() <= value as usize {
            self.histogram.resize(value as usize + 1, [0; 2]);
        }
        self.histogram[value as usize][n & 1] += 1;
        if let Some(mask) = self.mask
            && mask.class(n, value) != mask.common
        {
            self.rare.push(n as u32);
            self.rare_values.push(value);
        }
        if self.values.len() == self.next_review {
            self.review();
            self.next_review *= 2;
        }
    }

    /// Chooses the mask with fewest rare heaps among those that make the answer "mixed".
    fn review(&mut self) {
        if self.rules.split.is_empty() {
            return;
        }
        let n = self.values.len();
        let bits = 32 - (self.top - 1).leading_zeros();
        let masks = 1u32 << bits.min(10);
        let parities: Vec<u32> = {
            let mut p: Vec<u32> = self.rules.split.iter().map(|&k| k as u32 & 1).collect();
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
        self.rare_values.clear();
        if let Some(mask) = self.mask {
            for a in 1..n {
                if mask.class(a, self.values[a]) != mask.common {
                    self.rare.push(a as u32);
                    self.rare_values.push(self.values[a]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(s.values(), &plain(&rules, 3000)[..]);
        let (mask, rare) = s.sparse_state();
        assert!(mask.is_some());
        assert!(rare < 40, "Kayles has few rare heaps, found {rare}");
    }

    #[test]
    fn grundys_game_matches_the_plain_loop() {
        let rules = TakeBreakRules::grundys_game();
        let mut s = TakeBreakSequence::new(rules.clone());
        s.extend_to(2500, None).unwrap();
        assert_eq!(s.values(), &plain(&rules, 2500)[..]);
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
