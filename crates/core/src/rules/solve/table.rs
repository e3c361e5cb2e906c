//! The transposition table of the outcome search: for each node key, who wins it with
//! each player moving first, as far as known. It is a cache under a byte limit (a share
//! of the session's memory budget, [`crate::game::budget`]): two generations of entries;
//! when the young one is full, the old one is dropped and the young one becomes old, so
//! that the entries used lately stay.

use rustc_hash::FxHashMap;

/// Bytes an entry takes in a hash map at its fullest (the key, the flags, the control
/// byte, and room for growth).
pub(crate) const ENTRY_BYTES: u64 = 48;

/// The flags of an entry: bit 0 Left-first known, bit 1 Left-first wins; bits 2 and 3
/// the same with Right first.
#[derive(Default)]
pub(crate) struct Outcomes {
    young: FxHashMap<u128, u8>,
    old: FxHashMap<u128, u8>,
    /// The most entries a generation holds.
    capacity: usize,
    /// How many times the old generation was dropped.
    pub dropped: u64,
}

fn bits(left: bool) -> (u8, u8) {
    if left { (1, 2) } else { (4, 8) }
}

impl Outcomes {
    pub fn new(bytes: u64) -> Outcomes {
        Outcomes {
            capacity: ((bytes / 2 / ENTRY_BYTES) as usize).max(1024),
            ..Outcomes::default()
        }
    }

    /// Whether the mover wins the node of `key` (the key of the node with both players'
    /// results), if known.
    pub fn get(&self, key: u128, left: bool) -> Option<bool> {
        let (known, wins) = bits(left);
        let flags = self
            .young
            .get(&key)
            .or_else(|| self.old.get(&key))
            .copied()?;
        (flags & known != 0).then_some(flags & wins != 0)
    }

    pub fn insert(&mut self, key: u128, left: bool, mover_wins: bool) {
        let (known, wins) = bits(left);
        self.insert_flags(key, known | if mover_wins { wins } else { 0 });
    }

    /// Adds the flags `f` (as saved) to the entry of `key`.
    pub fn insert_flags(&mut self, key: u128, f: u8) {
        if let Some(old) = self.young.get_mut(&key) {
            *old |= f;
            return;
        }
        let before = self.old.get(&key).copied().unwrap_or(0);
        if self.young.len() >= self.capacity {
            self.old = std::mem::take(&mut self.young);
            self.dropped += 1;
        }
        self.young.insert(key, before | f);
    }

    /// Every entry (the young generation's flags where both have one), sorted by key.
    pub fn entries(&self) -> Vec<(u128, u8)> {
        let mut all: Vec<(u128, u8)> = self
            .old
            .iter()
            .filter(|(k, _)| !self.young.contains_key(k))
            .chain(self.young.iter())
            .map(|(&k, &f)| (k, f))
            .collect();
        all.sort_unstable();
        all
    }

    pub fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }
}
