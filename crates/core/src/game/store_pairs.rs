//! The memo of comparisons: each answer `G <= H` in one 64-bit word of an open-addressing
//! table, so that a look-up reads one word (and most often one cache line).
//!
//! On large searches the memo is far larger than the caches, and `leq` waited on it: a
//! `HashMap` reads a group of control bytes and then the entry, two misses a look-up
//! (`perf annotate` of 6×5 Domineering put three quarters of `leq`'s time on those two
//! loads). Here the word holds the pair and the answer, in the open-addressing table of
//! `probe_table.rs`.

use super::probe_table::{ProbeTable, Slot};
use super::store::GameId;

/// The word of the pair `(g, h)` with its answer in bit 0: `g + 1` in the high half (so no
/// word is 0, the empty slot), `h` in bits 1 to 31. Ids stay below
/// [`super::store::MAX_GAMES`], under `2^31`.
fn word(g: GameId, h: GameId, result: bool) -> u64 {
    (u64::from(g.0) + 1) << 32 | u64::from(h.0) << 1 | u64::from(result)
}

/// One remembered comparison: its word.
#[derive(Clone, Copy, Default)]
pub(crate) struct Answer(u64);

impl Slot for Answer {
    /// The pair, without the answer's bit.
    fn key(&self) -> u64 {
        self.0 & !1
    }
    const FULL: (usize, usize) = (2, 3);
}

/// The comparisons remembered (see the module documentation).
pub(crate) type LeqMemo = ProbeTable<Answer>;

impl ProbeTable<Answer> {
    /// The remembered answer to `g <= h`, if any.
    #[inline]
    pub fn get(&self, g: GameId, h: GameId) -> Option<bool> {
        self.find(word(g, h, false)).map(|a| a.0 & 1 == 1)
    }

    /// Remembers `g <= h` (doubling the table first when it is full).
    pub fn insert(&mut self, g: GameId, h: GameId, result: bool) {
        self.put(Answer(word(g, h, result)));
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
