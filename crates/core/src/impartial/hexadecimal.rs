//! Grundy values of take-and-break games that may split a heap into three (hexadecimal codes,
//! digits 8 to F; see [`crate::impartial::OctalCode`]).
//!
//! A move leaving three heaps `a + b + c = r` has value `G(a) ⊕ G(b) ⊕ G(c)`; there are about
//! `r²/12` such triples, so listing them costs `O(n³)` for the table `G(0..n)`. Instead the
//! engine keeps, for every size `m`, the *pair set* `P(m) = { G(a) ⊕ G(b) : a + b = m,
//! a, b ≥ 1 }` as a bit set (it is also the set of values of the two-heap moves). Every triple
//! has a smallest heap `c ≤ r/3`, and the other two make a pair of `r - c`, so the values of
//! the three-heap moves are `⋃_{c ≤ r/3} G(c) ⊕ P(r - c)`. Grouping the `c` by their value
//! `v`, that is `⋃_v v ⊕ (⋃_{G(c) = v} P(r - c))`: one bit-set union per `c` (one machine
//! word while the values stay below 64) and one pass over the bits per value `v`. A heap
//! costs `O(n)` word operations, the table `O(n²)` — as the plain two-heap scan.
//!
//! The sparse-space method of [`crate::impartial::sparse`] is not used here: its classes
//! are defined by pairs, and the triples would need a class test of their own.

use super::sparse::TakeBreakRules;
use super::store::Grundy;

/// Tables of three-way splitting games stop at this heap. While the values stay small a
/// heap costs `O(n)` word operations, but hexadecimal games may be arithmetic-periodic
/// (`G(n + p) = G(n) + s`, Howse & Nowakowski 2004): then the pair sets have `O(n)` bits and a
/// heap costs `O(n²/64)` — 0.3F, whose values grow like `n`, takes about 5 seconds (measured)
/// to heap 2^14.
pub const MAX_THREE_WAY_HEAP: u64 = 1 << 13;

/// The period search of a three-way splitting game looks this far by default (0.3F: well
/// under a second, measured).
pub const THREE_WAY_PERIOD_SEARCH: u64 = 1 << 12;

/// The pair sets `P(0), P(1), …` and scratch space (see the module documentation).
#[derive(Default)]
pub(crate) struct ThreeWay {
    /// `pairs[m]`: bit `x` set iff `x = G(a) ⊕ G(b)` for some `a + b = m`, `a, b ≥ 1`.
    pairs: Vec<Vec<u64>>,
    /// The option values of the heap being computed.
    marks: Vec<u64>,
    /// `by_value[v]`: the union of `P(r - c)` over the `c` with `G(c) = v`.
    by_value: Vec<Vec<u64>>,
}

pub(crate) fn set_bit(bits: &mut Vec<u64>, x: usize) {
    let word = x / 64;
    if bits.len() <= word {
        bits.resize(word + 1, 0);
    }
    bits[word] |= 1 << (x % 64);
}

pub(crate) fn union_into(into: &mut Vec<u64>, from: &[u64]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (a, &b) in into.iter_mut().zip(from) {
        *a |= b;
    }
}

/// The masks of the low halves of the blocks of 1, 2, 4, … 32 bits in a word.
const BLOCK_LOW: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// The word whose bit `i ⊕ v` is bit `i` of `word` (`v < 64`): xoring the positions by `v`
/// swaps the adjacent blocks of `2^j` bits for every bit `j` of `v`.
fn xor_positions(mut word: u64, v: usize) -> u64 {
    for (j, &low) in BLOCK_LOW.iter().enumerate() {
        if v >> j & 1 == 1 {
            let s = 1 << j;
            word = ((word & low) << s) | ((word >> s) & low);
        }
    }
    word
}

/// `into ∪= { x ⊕ v : x ∈ from }`, a word at a time: the bits of `v` from 6 up move whole
/// words, the low six bits permute inside a word.
pub(crate) fn xor_union_into(into: &mut Vec<u64>, from: &[u64], v: usize) {
    let (high, low) = (v / 64, v % 64);
    for (w, &word) in from.iter().enumerate() {
        if word != 0 {
            let target = w ^ high;
            if into.len() <= target {
                into.resize(target + 1, 0);
            }
            into[target] |= xor_positions(word, low);
        }
    }
}

/// The set bits of `bits`, ascending.
#[cfg(test)]
fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                64 * w + b
            })
        })
    })
}

impl ThreeWay {
    /// `G(n)` for `n = g.len()`, from `g = G(0..n)`.
    pub fn next_value<T: Grundy>(&mut self, rules: &TakeBreakRules, g: &[T]) -> u32 {
        let n = g.len();
        // P(m) needs G(1..m), so P(n) is the last one known now.
        while self.pairs.len() <= n {
            let m = self.pairs.len();
            let mut set = Vec::new();
            for a in 1..=m / 2 {
                let (x, y): (u32, u32) = (g[a].into(), g[m - a].into());
                set_bit(&mut set, (x ^ y) as usize);
            }
            self.pairs.push(set);
        }
        self.marks.clear();
        for &k in &rules.take_all {
            if n == k {
                set_bit(&mut self.marks, 0);
            }
        }
        for &k in &rules.leave_one {
            if n > k {
                set_bit(&mut self.marks, g[n - k].to_index());
            }
        }
        for &k in &rules.split {
            if n >= k + 2 {
                union_into(&mut self.marks, &self.pairs[n - k]);
            }
        }
        for &k in &rules.split3 {
            if n < k + 3 {
                continue;
            }
            let r = n - k;
            for set in &mut self.by_value {
                set.clear();
            }
            for (c, value) in g.iter().enumerate().take(r / 3 + 1).skip(1) {
                let v = value.to_index();
                if self.by_value.len() <= v {
                    self.by_value.resize(v + 1, Vec::new());
                }
                union_into(&mut self.by_value[v], &self.pairs[r - c]);
            }
            for (v, set) in self.by_value.iter().enumerate() {
                xor_union_into(&mut self.marks, set, v);
            }
        }
        // The mex: the first clear bit.
        let mex = self
            .marks
            .iter()
            .position(|&w| w != u64::MAX)
            .map_or(64 * self.marks.len(), |w| {
                64 * w + self.marks[w].trailing_ones() as usize
            });
        mex as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::mex;

    /// Straight from the definition: every triple listed.
    fn by_triples(rules: &TakeBreakRules, last: usize) -> Vec<u32> {
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
                for a in 1..=(n.saturating_sub(k)) / 2 {
                    opts.push((g[a] ^ g[n - k - a]) as u64);
                }
            }
            for &k in &rules.split3 {
                let r = n.saturating_sub(k);
                for a in 1..=r / 3 {
                    for b in a..=(r - a) / 2 {
                        opts.push((g[a] ^ g[b] ^ g[r - a - b]) as u64);
                    }
                }
            }
            g.push(mex(opts) as u32);
        }
        g
    }

    #[test]
    fn pair_sets_agree_with_listing_every_triple() {
        for code in [
            "0.8", "0.F", "0.3F", "0.48", "8.1", "0.0B", "C.", "0.A4C", "0.19",
        ] {
            let rules = TakeBreakRules::octal(&crate::impartial::OctalCode::parse(code).unwrap());
            let mut three = ThreeWay::default();
            let mut g: Vec<u32> = vec![0];
            for _ in 1..=150 {
                let v = three.next_value(&rules, &g);
                g.push(v);
            }
            assert_eq!(g, by_triples(&rules, 150), "{code}");
        }
    }

    #[test]
    fn bit_helpers() {
        let mut b = Vec::new();
        set_bit(&mut b, 3);
        set_bit(&mut b, 70);
        assert_eq!(ones(&b).collect::<Vec<_>>(), vec![3, 70]);
        let mut c = vec![1];
        union_into(&mut c, &b);
        assert_eq!(ones(&c).collect::<Vec<_>>(), vec![0, 3, 70]);
        // Every position xored by every v, against the bit-by-bit definition.
        let from = vec![0x8000_0000_0000_0001u64 | 1 << 17, 1 << 40, 0, 5];
        for v in 0..300 {
            let mut fast = Vec::new();
            xor_union_into(&mut fast, &from, v);
            let mut slow = Vec::new();
            for x in ones(&from) {
                set_bit(&mut slow, x ^ v);
            }
            while fast.last() == Some(&0) {
                fast.pop();
            }
            assert_eq!(fast, slow, "{v}");
        }
    }
}
