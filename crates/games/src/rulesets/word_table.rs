//! A cache from words (the packed positions of [`super::positions::Positions`]) to game ids
//! in which a look-up reads one cache line.
//!
//! The table is an array of 64-byte lines of four slots, each a word and its id. A word
//! lives in the line its hash picks or, when that line was full, the next one: a look-up
//! compares the four words of one line (one cache miss where a hash map takes two, its
//! control bytes and its entry), and reads the next line only when the first is full and
//! does not hold the word.
//!
//! The table grows when it is three quarters full, as long as the new array (beside the
//! old one while the entries move) stays within the byte limit it is given. It doubles
//! while the doubled array could itself double within the limit; its last growth, from
//! more than a sixth of the limit and at most a third, takes all the limit leaves beside
//! the old array. So the array ends between two thirds and five sixths of the limit,
//! where doubling alone stopped between a third and two thirds (7×6 Domineering
//! under a 10 GB budget emptied a 1 GiB table every 56 million positions; 6×6 under
//! 512 MB, 4.8 million positions in a table that could hold 3.7 million, ran 880 s of CPU
//! unfinished, against 131 s now).
//! The number of lines is therefore any number, and a word's line is picked by the top
//! bits of the product of its hash and that number. Past its last growth the table fills
//! to seven eighths and is then emptied, as the hash map it replaces was. A word
//! whose two lines are full (rare below three quarters) replaces the oldest entry of its
//! line. (Replacing entries instead of emptying a table that cannot grow, the oldest of a
//! line or the one of fewest set bits, the fewest empty cells of a board, was tried: with
//! a table of 4 KB, `positions::tests` then searched 50 to 100 times as many positions.)
//! Each line keeps its entries newest first, free slots last.
//!
//! Beside each id a line keeps the id of the negative, once the solver has asked for it
//! ([`WordTable::set_negative`]): a component found in its transposed image (half of the
//! look-ups of Domineering) has its value negated, and the store's negation is a hash
//! look-up that misses the caches, where the line is already loaded. A negative equal to
//! the id means *not known* (a game equal to its own negative, 0 or `*`, is negated by the
//! store each time, as before). The word [`FREE`] marks a free slot and is never kept.

use crate::game::GameId;
use cgt_core::game::huge_pages::filled_table;

/// Slots in a line.
const WAYS: usize = 4;

/// The first array's lines (1 KB).
const FIRST_LINES: usize = 16;

/// The word of a free slot (a table is never asked to keep it: [`WordTable::insert`]
/// ignores it, [`WordTable::get`] never finds it).
pub const FREE: u64 = u64::MAX;

/// One cache line: four words, their ids and their negatives' ids (a slot is free when its
/// word is [`FREE`]; its ids are then meaningless).
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Line {
    words: [u64; WAYS],
    ids: [GameId; WAYS],
    negatives: [GameId; WAYS],
}

impl Line {
    /// A line of free slots; `filler` is any id (the slots' ids are never read).
    fn free(filler: GameId) -> Line {
        Line {
            words: [FREE; WAYS],
            ids: [filler; WAYS],
            negatives: [filler; WAYS],
        }
    }

    fn is_full(&self) -> bool {
        self.words[WAYS - 1] != FREE
    }
}

/// Words to ids, within a byte limit (see the module documentation).
#[derive(Debug, Default)]
pub struct WordTable {
    lines: Vec<Line>,
    len: usize,
    /// How many entries were dropped to stay within the limit.
    replaced: u64,
    /// How many times the table was emptied to stay within the limit.
    emptied: u64,
}

/// Fibonacci hashing: the top bits of the product depend on every bit of the word.
fn hash(w: u64) -> u64 {
    w.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Asks the processor to bring `line` into its caches (a prefetch instruction where there
/// is one, else nothing).
#[cfg(target_arch = "x86_64")]
fn prefetch_line(line: &Line) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    // SAFETY: a prefetch only moves memory into the caches: it changes no value and never
    // faults (the address is of a live line besides).
    unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(line).cast()) }
}

#[cfg(not(target_arch = "x86_64"))]
fn prefetch_line(_line: &Line) {}

/// An array of `n` free lines. A large one is kept in huge pages (2 MB) where the system
/// allows (see `cgt_core::game::huge_pages`): its look-ups land anywhere in it.
fn empty_lines(n: usize, filler: GameId) -> Vec<Line> {
    filled_table(n, Line::free(filler))
}

/// The number of lines a table of `lines` lines grows to within `limit` bytes (the new
/// array beside the old one), or `None` when it cannot grow: twice as many while the
/// doubled array could double again within the limit, else as many as the limit leaves
/// beside the old array, if that is more than it has.
fn grown_lines(lines: usize, limit: u64) -> Option<usize> {
    let line = std::mem::size_of::<Line>() as u64;
    if lines == 0 {
        return (FIRST_LINES as u64 * line <= limit).then_some(FIRST_LINES);
    }
    let old = lines as u64 * line;
    if old + 2 * old <= limit && 2 * old + 4 * old <= limit {
        return Some(2 * lines);
    }
    let room = usize::try_from(limit.saturating_sub(old) / line).unwrap_or(usize::MAX);
    (room > lines).then_some(room)
}

impl WordTable {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes of the array.
    pub fn bytes(&self) -> u64 {
        (self.lines.len() * std::mem::size_of::<Line>()) as u64
    }

    /// How many entries were dropped to stay within the limit.
    pub fn replaced(&self) -> u64 {
        self.replaced
    }

    /// How many times the table was emptied to stay within the limit.
    pub fn emptied(&self) -> u64 {
        self.emptied
    }

    /// The line of `w`: the top word of `hash(w) × lines`, below `lines` for any number of
    /// lines (an empty table has none and is never asked).
    fn line_of(&self, w: u64) -> usize {
        ((u128::from(hash(w)) * self.lines.len() as u128) >> 64) as usize
    }

    /// The line after `i` (the last line's is the first).
    fn next_line(&self, i: usize) -> usize {
        if i + 1 == self.lines.len() { 0 } else { i + 1 }
    }

    /// Where `w` is: its line and slot.
    fn find(&self, w: u64) -> Option<(usize, usize)> {
        if self.lines.is_empty() || w == FREE {
            return None;
        }
        let home = self.line_of(w);
        for i in [home, self.next_line(home)] {
            let line = &self.lines[i];
            if let Some(k) = (0..WAYS).find(|&k| line.words[k] == w) {
                return Some((i, k));
            }
            // A line with a free slot never sent a word to the next one.
            if !line.is_full() {
                return None;
            }
        }
        None
    }

    /// Starts loading the line `w` would be found in, without waiting for it: a hint that
    /// `w` is looked up soon, so that the misses of several look-ups overlap.
    pub fn prefetch(&self, w: u64) {
        if !self.lines.is_empty() {
            prefetch_line(&self.lines[self.line_of(w)]);
        }
    }

    pub fn get(&self, w: u64) -> Option<GameId> {
        self.find(w).map(|(i, k)| self.lines[i].ids[k])
    }

    /// The id of the negative of `w`'s game, if `w` is kept and it was recorded
    /// ([`WordTable::set_negative`]).
    pub fn get_negative(&self, w: u64) -> Option<GameId> {
        let (i, k) = self.find(w)?;
        let line = &self.lines[i];
        (line.negatives[k] != line.ids[k]).then_some(line.negatives[k])
    }

    /// Records `negative`, the id of the negative of `w`'s game, if `w` is kept.
    pub fn set_negative(&mut self, w: u64, negative: GameId) {
        if let Some((i, k)) = self.find(w) {
            self.lines[i].negatives[k] = negative;
        }
    }

    /// Records `w`'s id, growing the array while `limit` bytes allow it and replacing the
    /// oldest entry of the word's line when it cannot grow.
    /// The word [`FREE`] is not kept.
    pub fn insert(&mut self, w: u64, id: GameId, limit: u64) {
        if w == FREE {
            return;
        }
        if let Some((i, k)) = self.find(w) {
            self.lines[i].ids[k] = id;
            self.lines[i].negatives[k] = id;
            return;
        }
        let slots = self.lines.len() * WAYS;
        if self.len * 4 >= slots * 3 && !self.grow(limit, id) && self.len * 8 >= slots * 7 {
            self.empty(id);
        }
        if self.lines.is_empty() {
            // Not even the first array fits the limit: nothing is kept.
            return;
        }
        if !self.place(w, id) {
            // Both lines full (rare below three quarters): the oldest of its line goes.
            let home = self.line_of(w);
            self.push(home, w, id);
        }
    }

    /// Empties every line (keeping the array: it is refilled to the same size); `filler`
    /// is any id.
    fn empty(&mut self, filler: GameId) {
        self.lines.fill(Line::free(filler));
        self.replaced += self.len as u64;
        self.len = 0;
        self.emptied += 1;
    }

    /// Puts `w` in its line or, when that is full, the next, if either has a free slot.
    fn place(&mut self, w: u64, id: GameId) -> bool {
        let home = self.line_of(w);
        for i in [home, self.next_line(home)] {
            if !self.lines[i].is_full() {
                self.push(i, w, id);
                return true;
            }
        }
        false
    }

    /// Puts `w` first in line `i`, moving the others down a slot: a line holds its entries
    /// newest first, free slots last, and a full line drops its oldest. Its negative is
    /// not known.
    fn push(&mut self, i: usize, w: u64, id: GameId) {
        self.push_entry(i, w, id, id);
    }

    /// [`WordTable::push`] with the negative's id (`id` itself: not known).
    fn push_entry(&mut self, i: usize, w: u64, id: GameId, negative: GameId) {
        let line = &mut self.lines[i];
        if line.is_full() {
            self.replaced += 1;
        } else {
            self.len += 1;
        }
        line.words.copy_within(0..WAYS - 1, 1);
        line.ids.copy_within(0..WAYS - 1, 1);
        line.negatives.copy_within(0..WAYS - 1, 1);
        line.words[0] = w;
        line.ids[0] = id;
        line.negatives[0] = negative;
    }

    /// Grows the array to [`grown_lines`] lines if the limit allows a larger one beside the
    /// old; whether it did. `filler` is any id.
    fn grow(&mut self, limit: u64, filler: GameId) -> bool {
        let Some(new_lines) = grown_lines(self.lines.len(), limit) else {
            return false;
        };
        let old = std::mem::replace(&mut self.lines, empty_lines(new_lines, filler));
        self.len = 0;
        for line in old {
            // Oldest first, so that each line keeps its order.
            for k in (0..WAYS).rev() {
                let w = line.words[k];
                if w == FREE {
                    continue;
                }
                let home = self.line_of(w);
                let i = if self.lines[home].is_full() {
                    self.next_line(home)
                } else {
                    home
                };
                // Both lines full: the oldest of its line goes.
                let i = if self.lines[i].is_full() { home } else { i };
                self.push_entry(i, w, line.ids[k], line.negatives[k]);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;

    /// Growth within a limit: doublings while the doubled array could double again, then
    /// one growth to what the limit leaves beside the old array (a number of lines that
    /// is no power of two), after which the table cannot grow.
    #[test]
    fn the_last_growth_takes_what_the_limit_leaves() {
        const KB: u64 = 1024;
        assert_eq!(grown_lines(0, 512), None);
        assert_eq!(grown_lines(0, KB), Some(16));
        assert_eq!(grown_lines(16, 2 * KB), None);
        // 200 KB: 32 KB doubles (192 KB in all), 64 KB takes 136 KB, 136 KB stays.
        assert_eq!(grown_lines(512, 200 * KB), Some(1024));
        assert_eq!(grown_lines(1024, 200 * KB), Some(2176));
        assert_eq!(grown_lines(2176, 200 * KB), None);
        // A 4 GiB share (a 16 GiB budget): 3 GiB where doubling stopped at 2 GiB.
        let (gib, line) = (1u64 << 30, 64u64);
        let mut lines = 16;
        while let Some(n) = grown_lines(lines, 4 * gib) {
            assert!((lines as u64 + n as u64) * line <= 4 * gib);
            lines = n;
        }
        assert_eq!(lines as u64 * line, 3 * gib);
        // A table of 2,176 lines keeps every word it is given.
        let mut s = GameStore::new();
        let ids: Vec<GameId> = (0..7).map(|n| s.integer(n)).collect();
        let mut t = WordTable::default();
        for w in 0..6000u64 {
            t.insert(w * 0x0101, ids[(w % 7) as usize], 200 * KB);
            assert!(t.bytes() <= 200 * KB);
        }
        assert_eq!(t.lines.len(), 2176);
        assert_eq!((t.emptied(), t.len()), (0, 6000 - t.replaced() as usize));
        for w in 0..6000u64 {
            let got = t.get(w * 0x0101);
            assert!(got.is_none() || got == Some(ids[(w % 7) as usize]), "{w}");
        }
        assert!(t.replaced() < 60, "{}", t.replaced());
    }

    /// Against a map: every word asked for is either absent or has the id last recorded
    /// for it; a table allowed enough bytes is never emptied; one of 2 KB drops entries and
    /// stays within its limit.
    #[test]
    fn a_table_keeps_the_last_id_of_each_word_or_forgets_it() {
        let mut s = GameStore::new();
        let ids: Vec<GameId> = (0..50).map(|n| s.integer(n)).collect();
        for limit in [2048u64, 1 << 20] {
            let mut t = WordTable::default();
            let mut map = std::collections::HashMap::new();
            let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
            for n in 0..20_000usize {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Words from a small range, so that they repeat.
                let w = (seed >> 20) % 5000 * 0x0101;
                let id = ids[n % ids.len()];
                t.insert(w, id, limit);
                map.insert(w, id);
                assert!(t.bytes() <= limit);
                let probe = (seed >> 40) % 5000 * 0x0101;
                let got = t.get(probe);
                assert!(got.is_none() || got == map.get(&probe).copied(), "{probe}");
                assert_eq!(t.get(w), Some(id));
            }
            let kept = map.iter().filter(|&(&w, &id)| t.get(w) == Some(id)).count();
            assert_eq!(kept, t.len());
            if limit == 2048 {
                // 1 KB: doubling to 2 KB beside it would pass 2 KB; emptied when full.
                assert!(t.emptied() > 10 && t.replaced() > 1000);
                assert!(t.bytes() == 1024 && t.len() <= 1024 / 64 * WAYS);
            } else {
                assert_eq!(t.emptied(), 0);
                // Every word is kept but those dropped from a full pair of lines.
                assert!(t.len() + t.replaced() as usize >= map.len());
            }
        }
    }

    /// The negative recorded for a word is found until the word's id is recorded again
    /// (then it is not known), survives the array's doubling, and is never found for a
    /// word not kept; the word `FREE` is never kept.
    #[test]
    fn a_word_keeps_its_negative_until_its_id_changes() {
        let mut s = GameStore::new();
        let ids: Vec<GameId> = (-50..50).map(|n| s.integer(n)).collect();
        let id = |n: u64| ids[(n % 50) as usize + 50];
        let negative = |n: u64| ids[50 - (n % 50) as usize - 1];
        let mut t = WordTable::default();
        t.insert(FREE, id(1), 1 << 20);
        assert_eq!((t.len(), t.get(FREE)), (0, None));
        t.set_negative(7, id(1));
        assert_eq!(t.get_negative(7), None);
        for w in 1..=3000u64 {
            t.insert(w, id(w), 1 << 24);
            assert_eq!(t.get_negative(w), None);
            if w % 3 == 0 {
                t.set_negative(w, negative(w));
            }
        }
        assert!(t.bytes() >= 64 * 1024, "the array doubled");
        for w in 1..=3000u64 {
            let expected = (w % 3 == 0).then(|| negative(w));
            assert_eq!(
                (t.get(w), t.get_negative(w)),
                (Some(id(w)), expected),
                "{w}"
            );
        }
        t.insert(6, id(7), 1 << 24);
        assert_eq!((t.get(6), t.get_negative(6)), (Some(id(7)), None));
    }

    /// A table grown past 8 MB (where its arrays are asked for huge pages) finds what was
    /// recorded: 300,000 distinct words, never emptied, fewer than 1% dropped from full
    /// pairs of lines, and every id found is the one recorded.
    #[test]
    fn a_large_table_keeps_every_word() {
        let mut s = GameStore::new();
        let ids: Vec<GameId> = (0..7).map(|n| s.integer(n)).collect();
        let mut t = WordTable::default();
        let n = 300_000u64;
        for w in 1..=n {
            t.insert(w * 0x0001_0003, ids[w as usize % 7], 1 << 30);
        }
        assert!(t.bytes() >= 8 << 20, "{}", t.bytes());
        assert_eq!((t.emptied(), t.len() as u64), (0, n - t.replaced()));
        assert!(t.replaced() < n / 100, "{}", t.replaced());
        for w in 1..=n {
            let got = t.get(w * 0x0001_0003);
            assert!(got.is_none() || got == Some(ids[w as usize % 7]), "{w}");
        }
    }
}
