//! An open-addressing table of fixed-size slots, the frame of the store's memos of
//! comparisons (`store_pairs.rs`) and sums (`store_sums.rs`).
//!
//! On large searches the memos are far larger than the caches, and a `HashMap` reads a
//! group of control bytes and then the entry: two misses a look-up. Here a slot holds its
//! key and its answer, and is found by linear probing from the top bits of a
//! multiplicative hash of the key, so a look-up most often reads one cache line. A key 0
//! marks an empty slot. The table doubles when one more slot would pass the fraction
//! [`Slot::FULL`] of it, and a large table is kept in huge pages (see `huge_pages.rs`).

use super::huge_pages::filled_table;

/// What a table holds: a key (never 0 for a kept slot) and its answer.
pub(crate) trait Slot: Copy + Default {
    /// Slots with equal keys hold the same question; 0 is the empty slot.
    fn key(&self) -> u64;
    /// The table doubles before more than `FULL.0 / FULL.1` of its slots are kept.
    const FULL: (usize, usize);
}

/// Slots by key (see the module documentation).
#[derive(Default)]
pub(crate) struct ProbeTable<S> {
    /// A power of two of slots (or none).
    slots: Vec<S>,
    len: usize,
}

impl<S: Slot> ProbeTable<S> {
    /// The slot where the search for `key` starts.
    fn start(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    /// The slot kept under `key`, if any.
    #[inline]
    pub fn find(&self, key: u64) -> Option<S> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.start(key);
        loop {
            let s = self.slots[i];
            let k = s.key();
            if k == key {
                return Some(s);
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether one more slot would make the table double.
    pub fn is_full(&self) -> bool {
        (self.len + 1) * S::FULL.1 > self.slots.len() * S::FULL.0
    }

    /// Keeps `slot`, in place of the slot of the same key if there is one, doubling the
    /// table first when it is full.
    pub fn put(&mut self, slot: S) {
        if self.is_full() {
            self.grow();
        }
        if self.place(slot) {
            self.len += 1;
        }
    }

    /// Puts `slot` in the first slot from its start that is empty or holds its key;
    /// whether that slot was empty.
    fn place(&mut self, slot: S) -> bool {
        let mask = self.slots.len() - 1;
        let key = slot.key();
        let mut i = self.start(key);
        loop {
            let k = self.slots[i].key();
            if k == 0 || k == key {
                self.slots[i] = slot;
                return k == 0;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, filled_table(n, S::default()));
        for s in old.into_iter().filter(|s| s.key() != 0) {
            self.place(s);
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> u64 {
        (self.slots.capacity() * std::mem::size_of::<S>()) as u64
    }
}
