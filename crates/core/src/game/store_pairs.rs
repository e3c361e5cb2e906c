//! The memo of comparisons: each answer `G <= H` in one 64-bit word of an open-addressing
//! table, so that a look-up reads one word (and most often one cache line).
//!
//! On large searches the memo is far larger than the caches, and `leq` waited on it: a
//! `HashMap` reads a group of control bytes and then the entry, two misses a look-up
//! (`perf annotate` of 6×5 Domineering put three quarters of `leq`'s time on those two
//! loads). Here the word holds the pair and the answer, and is found by linear probing
//! from a multiplicative hash of the pair. A large table is kept in huge pages (see
//! `huge_pages.rs`).

use super::huge_pages::filled_table;
use super::store::GameId;

/// The word of the pair `(g, h)` with its answer in bit 0: `g + 1` in the high half (so no
/// word is 0, the empty slot), `h` in bits 1 to 31. Ids stay below
/// [`super::store::MAX_GAMES`], under `2^31`.
fn word(g: GameId, h: GameId, result: bool) -> u64 {
    (u64::from(g.0) + 1) << 32 | u64::from(h.0) << 1 | u64::from(result)
}

/// The comparisons remembered (see the module documentation).
#[derive(Default)]
pub(crate) struct LeqMemo {
    /// A power of two of slots (or none), at most two thirds full; 0 is an empty slot.
    slots: Vec<u64>,
    len: usize,
}

impl LeqMemo {
    /// The slot where the search for `(g, h)` starts (the top bits of a multiplicative
    /// hash of the pair).
    fn start(&self, g: GameId, h: GameId) -> usize {
        let key = u64::from(g.0) << 32 | u64::from(h.0);
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    /// The remembered answer to `g <= h`, if any.
    #[inline]
    pub fn get(&self, g: GameId, h: GameId) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let tag = word(g, h, false);
        let mask = self.slots.len() - 1;
        let mut i = self.start(g, h);
        loop {
            let w = self.slots[i];
            if w == 0 {
                return None;
            }
            if w & !1 == tag {
                return Some(w & 1 == 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether one more answer would make the table double.
    pub fn is_full(&self) -> bool {
        (self.len + 1) * 3 > self.slots.len() * 2
    }

    /// Remembers `g <= h` (doubling the table first when it is full).
    pub fn insert(&mut self, g: GameId, h: GameId, result: bool) {
        if self.is_full() {
            self.grow();
        }
        if self.place(word(g, h, result), self.start(g, h)) {
            self.len += 1;
        }
    }

    /// Puts `w` in the first slot from `i` that is empty or holds its pair; whether the
    /// slot was empty.
    fn place(&mut self, w: u64, mut i: usize) -> bool {
        let mask = self.slots.len() - 1;
        loop {
            let s = self.slots[i];
            if s == 0 || s & !1 == w & !1 {
                self.slots[i] = w;
                return s == 0;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, filled_table(n, 0));
        for w in old.into_iter().filter(|&w| w != 0) {
            let g = GameId(((w >> 32) - 1) as u32);
            let h = GameId((w as u32) >> 1);
            let i = self.start(g, h);
            self.place(w, i);
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> u64 {
        self.slots.capacity() as u64 * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// The memo answers as a map does, through many doublings, with answers rewritten and
    /// pairs at the ends of the id range (`0` and `2^31 - 1`).
    #[test]
    fn the_memo_answers_as_a_map() {
        let mut memo = LeqMemo::default();
        let mut map: FxHashMap<(u32, u32), bool> = FxHashMap::default();
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut pairs = vec![(0, 0), (0, (1 << 31) - 1), ((1 << 31) - 1, 0)];
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            pairs.push(((x >> 40) as u32 % 3000, (x >> 8) as u32 % 3000));
        }
        for (k, &(g, h)) in pairs.iter().enumerate() {
            let r = (k * 7) % 3 == 0;
            memo.insert(GameId(g), GameId(h), r);
            map.insert((g, h), r);
            assert_eq!(memo.len(), map.len());
        }
        for (&(g, h), &r) in &map {
            assert_eq!(memo.get(GameId(g), GameId(h)), Some(r));
            assert_eq!(memo.get(GameId(h + 3000), GameId(g)), None);
        }
    }
}
