//! The memo of sums: each sum `G + H` in one slot of 16 bytes of an open-addressing table,
//! so that a look-up reads one slot (four to a cache line) instead of a hash map's group
//! of control bytes and then its entry (two cache misses on large searches).
//!
//! A slot holds the pair, smaller id first, with `g + 1` in the high half of its key word
//! (no key is 0, the empty slot), and the sum's id; the search for a pair starts at the top
//! bits of a multiplicative hash of the key and goes on slot by slot (linear probing). The
//! table is at most three quarters full, and kept in huge pages when large (see
//! `huge_pages.rs`).

use super::huge_pages::filled_table;
use super::store::GameId;

/// One remembered sum (`key` 0: an empty slot).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    sum: u32,
}

/// The key word of the pair `(g, h)`, `g <= h` (ids stay below
/// [`super::store::MAX_GAMES`], under `2^31`).
fn key(g: GameId, h: GameId) -> u64 {
    (u64::from(g.0) + 1) << 32 | u64::from(h.0)
}

/// The sums remembered (see the module documentation).
#[derive(Default)]
pub(crate) struct AddMemo {
    /// A power of two of slots (or none).
    slots: Vec<Slot>,
    len: usize,
}

impl AddMemo {
    /// The slot where the search for `key` starts.
    fn start(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    /// The remembered sum of the pair `(g, h)` (`g <= h`), if any.
    #[inline]
    pub fn get(&self, g: GameId, h: GameId) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        let k = key(g, h);
        let mask = self.slots.len() - 1;
        let mut i = self.start(k);
        loop {
            let s = self.slots[i];
            if s.key == k {
                return Some(GameId(s.sum));
            }
            if s.key == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether one more sum would make the table double.
    pub fn is_full(&self) -> bool {
        (self.len + 1) * 4 > self.slots.len() * 3
    }

    /// Remembers `g + h = sum` (`g <= h`), doubling the table first when it is full.
    pub fn insert(&mut self, g: GameId, h: GameId, sum: GameId) {
        if self.is_full() {
            self.grow();
        }
        let slot = Slot {
            key: key(g, h),
            sum: sum.0,
        };
        if self.place(slot) {
            self.len += 1;
        }
    }

    /// Puts `slot` in the first slot from its start that is empty or holds its pair;
    /// whether that slot was empty.
    fn place(&mut self, slot: Slot) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.start(slot.key);
        loop {
            let s = self.slots[i];
            if s.key == 0 || s.key == slot.key {
                self.slots[i] = slot;
                return s.key == 0;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, filled_table(n, Slot::default()));
        for s in old.into_iter().filter(|s| s.key != 0) {
            self.place(s);
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> u64 {
        (self.slots.capacity() * std::mem::size_of::<Slot>()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// A slot is 16 bytes: four to a cache line, none across two.
    #[test]
    fn a_slot_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
    }

    /// The memo answers as a map does, through many doublings, with sums rewritten and
    /// pairs at the ends of the id range (`0` and `2^31 - 1`).
    #[test]
    fn the_memo_answers_as_a_map() {
        let mut memo = AddMemo::default();
        let mut map: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let top = (1 << 31) - 1;
        let mut pairs = vec![(0, 0), (0, top), (top, top)];
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = ((x >> 40) as u32 % 3000, (x >> 8) as u32 % 3000);
            pairs.push((a.min(b), a.max(b)));
        }
        for (k, &(g, h)) in pairs.iter().enumerate() {
            let sum = (k as u32 * 7919) % top;
            memo.insert(GameId(g), GameId(h), GameId(sum));
            map.insert((g, h), sum);
            assert_eq!(memo.len(), map.len());
        }
        for (&(g, h), &sum) in &map {
            assert_eq!(memo.get(GameId(g), GameId(h)), Some(GameId(sum)));
            assert_eq!(memo.get(GameId(g + 3000), GameId(h + 3000)), None);
        }
    }
}
