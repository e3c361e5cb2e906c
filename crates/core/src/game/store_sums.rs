//! The memo of sums: each sum `G + H` in one slot of 16 bytes of an open-addressing table,
//! so that a look-up reads one slot (four to a cache line) instead of a hash map's group
//! of control bytes and then its entry (two cache misses on large searches).
//!
//! A slot holds the pair, smaller id first, with `g + 1` in the high half of its key word
//! (no key is 0, the empty slot), and the sum's id, in the open-addressing table of
//! `probe_table.rs`, at most three quarters full.

use super::probe_table::{ProbeTable, Slot};
use super::store::GameId;

/// One remembered sum (`key` 0: an empty slot).
#[derive(Clone, Copy, Default)]
pub(crate) struct Sum {
    key: u64,
    sum: u32,
}

impl Slot for Sum {
    fn key(&self) -> u64 {
        self.key
    }
    const FULL: (usize, usize) = (3, 4);
}

/// The key word of the pair `(g, h)`, `g <= h` (ids stay below
/// [`super::store::MAX_GAMES`], under `2^31`).
fn key(g: GameId, h: GameId) -> u64 {
    (u64::from(g.0) + 1) << 32 | u64::from(h.0)
}

/// The sums remembered (see the module documentation).
pub(crate) type AddMemo = ProbeTable<Sum>;

impl ProbeTable<Sum> {
    /// The remembered sum of the pair `(g, h)` (`g <= h`), if any.
    #[inline]
    pub fn get(&self, g: GameId, h: GameId) -> Option<GameId> {
        self.find(key(g, h)).map(|s| GameId(s.sum))
    }

    /// Remembers `g + h = sum` (`g <= h`), doubling the table first when it is full.
    pub fn insert(&mut self, g: GameId, h: GameId, sum: GameId) {
        self.put(Sum {
            key: key(g, h),
            sum: sum.0,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// A slot is 16 bytes: four to a cache line, none across two.
    #[test]
    fn a_slot_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Sum>(), 16);
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
