//! The solver's transposition table: solved components (in normal form) to their values,
//! a cache that stays within its share of the memory budget.
//!
//! Two things keep it small and fast on large searches:
//! - a position a ruleset can write as one word ([`Ruleset::packed`], as every Domineering
//!   region of at most 8 × 8 cells) is kept by that word in a [`WordTable`]: 16 bytes an
//!   entry, and a look-up reads one cache line (the profile of 6×5 Domineering spent a
//!   quarter of its time waiting for the two lines a hash map's look-up reads, its control
//!   bytes and then its entry);
//! - the table is only a cache: the game store keeps every canonical form, so a value
//!   dropped from here is found again by a search (of positions whose options' values are
//!   themselves found again, or still in the table). Before the table would grow past its
//!   share of the budget ([`Positions::limit`], a quarter of the session's budget by
//!   default) it stops growing and is emptied when full instead. The positions on the
//!   search's path are never in the table (a position is inserted when solved), so
//!   dropping any entry at any moment is safe.

use super::ruleset::Ruleset;
use super::word_table::{FREE, WordTable};
use crate::game::GameId;
use cgt_core::game::budget;
use rustc_hash::FxHashMap;

/// The fraction of the session's memory budget a table may take: a quarter, leaving the
/// rest to the game store (which the search cannot do without).
const BUDGET_SHARE: u64 = 4;

/// Solved components and their values (see the module documentation).
#[derive(Debug)]
pub struct Positions<P> {
    packed: WordTable,
    other: FxHashMap<P, GameId>,
    /// The most bytes the table may take; `None`: the share of the session's budget.
    limit: Option<u64>,
    /// How many times the map of other positions was emptied.
    evictions: u64,
}

impl<P> Default for Positions<P> {
    fn default() -> Self {
        Positions {
            packed: WordTable::default(),
            other: FxHashMap::default(),
            limit: None,
            evictions: 0,
        }
    }
}

/// The bytes a hash table of this capacity holds: its entries and a control byte each.
fn table_bytes<K, V>(t: &FxHashMap<K, V>) -> u64 {
    (t.capacity() as u64 * 8 / 7) * (std::mem::size_of::<(K, V)>() as u64 + 1)
}

impl<P: Clone + Eq + std::hash::Hash> Positions<P> {
    /// A table that empties itself past `bytes` (instead of the share of the budget).
    pub fn with_limit(bytes: u64) -> Positions<P> {
        Positions {
            limit: Some(bytes),
            ..Positions::default()
        }
    }

    /// The most bytes the table may take: its share of the budget, and no more than it
    /// holds and what is left of three quarters of the budget beside the heap in use
    /// (the other threads' tables, the game store, the session's values).
    pub fn limit(&self) -> u64 {
        if let Some(l) = self.limit {
            return l;
        }
        let b = budget::budget();
        let left = (b - b / 4).saturating_sub(budget::in_use());
        (b / BUDGET_SHARE).min(self.bytes().saturating_add(left))
    }

    pub fn len(&self) -> usize {
        self.packed.len() + self.other.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many times the table was emptied to stay within its limit (the words' table
    /// or the map of other positions).
    pub fn evictions(&self) -> u64 {
        self.evictions + self.packed.emptied()
    }

    /// The bytes the table holds now.
    pub fn bytes(&self) -> u64 {
        self.packed.bytes() + table_bytes(&self.other)
    }

    /// The word `p` is kept by in the words' table ([`Ruleset::packed`]; the one word the
    /// table cannot keep, [`FREE`], is kept in the map of other positions instead).
    pub fn word<R: Ruleset<Position = P>>(rules: &R, p: &P) -> Option<u64> {
        rules.packed(p).filter(|&w| w != FREE)
    }

    pub fn get<R: Ruleset<Position = P>>(&self, rules: &R, p: &P) -> Option<GameId> {
        self.get_packed(p, Self::word(rules, p))
    }

    /// [`Positions::get`] of `p` whose word ([`Positions::word`]) is `word`.
    pub fn get_packed(&self, p: &P, word: Option<u64>) -> Option<GameId> {
        match word {
            Some(w) => self.packed.get(w),
            None => self.other.get(p).copied(),
        }
    }

    /// The id of the negative of the game kept by `word` ([`Positions::word`]), if it was
    /// recorded ([`Positions::set_negative`]).
    pub fn get_negative(&self, word: u64) -> Option<GameId> {
        self.packed.get_negative(word)
    }

    /// Records the id of the negative of the game kept by `word`, if it is kept.
    pub fn set_negative(&mut self, word: u64, negative: GameId) {
        self.packed.set_negative(word, negative);
    }

    /// A hint that `p` is looked up soon: its words' line starts loading. Returns its word
    /// ([`Positions::word`]).
    pub fn prefetch<R: Ruleset<Position = P>>(&self, rules: &R, p: &P) -> Option<u64> {
        let word = Self::word(rules, p);
        if let Some(w) = word {
            self.packed.prefetch(w);
        }
        word
    }

    pub fn contains<R: Ruleset<Position = P>>(&self, rules: &R, p: &P) -> bool {
        self.get(rules, p).is_some()
    }

    pub fn insert<R: Ruleset<Position = P>>(&mut self, rules: &R, p: P, v: GameId) {
        match Self::word(rules, &p) {
            Some(w) => {
                let share = self.limit().saturating_sub(table_bytes(&self.other));
                self.packed.insert(w, v, share);
            }
            None => {
                if self.other.len() == self.other.capacity() {
                    self.make_room(table_bytes(&self.other));
                }
                self.other.insert(p, v);
            }
        }
    }

    /// Called when the map of other positions, of `growing` bytes, is full: empties it if
    /// its doubled buffer, beside the old one and the words' table, would pass the limit.
    fn make_room(&mut self, growing: u64) {
        let after = self.bytes() + 2 * growing.max(64);
        if after > self.limit() {
            // Emptied, keeping the buffer: it is refilled to the same size.
            self.other.clear();
            self.evictions += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::GameStore;
    use crate::rulesets::domineering::{DominoBoard, DominoGame, DominoRules};
    use crate::rulesets::grid::Grid;
    use crate::rulesets::ruleset::Solver;
    use crate::rulesets::test_boards::random_grid;

    /// A component found in its transposed image keeps its negative beside its value:
    /// 5×3 Domineering is kept as its transpose, 3×5, whose value is the negative of 5×3's,
    /// and after the search the table holds 3×5's value and, as its negative, 5×3's.
    #[test]
    fn a_transposed_component_keeps_its_negative() {
        use crate::rulesets::ruleset::Ruleset;
        let rules = DominoRules {
            game: DominoGame::Domineering,
        };
        let mut s = GameStore::new();
        let mut solver = Solver::new(rules);
        let tall = DominoBoard::new(Grid::empty(5, 3));
        let v = solver.value_alone(&mut s, &tall);
        let (wide, negated) = rules.normal_form(&tall);
        assert!(negated);
        let w = super::Positions::word(&rules, &wide).unwrap();
        let table = solver.table();
        assert_eq!(table.get(&rules, &wide), Some(s.neg(v)));
        assert_eq!(table.get_negative(w), Some(v));
        // 3×5 itself, searched in a fresh solver, has the value kept.
        let mut fresh = Solver::new(rules);
        assert_eq!(fresh.value_alone(&mut s, &wide), s.neg(v));
    }

    /// A table allowed 2 KB (its first array of 1 KB, 64 entries, cannot double beside
    /// itself) is emptied during the search of each of 4×4, 3×6 and 5×3 Domineering and six
    /// pseudo-random 4×6 boards (48 to 20,000 times each), stays under its limit, and every
    /// value is the one found with an unbounded table, in the same store. (Until stop 38 it
    /// searched 5×5 boards with a 4 KB table: 90 to 135 s under load, for the same claim.)
    #[test]
    fn a_table_emptied_to_stay_small_gives_the_same_values() {
        let rules = DominoRules {
            game: DominoGame::Domineering,
        };
        let mut boards = vec![Grid::empty(4, 4), Grid::empty(3, 6), Grid::empty(5, 3)];
        let mut seed: u64 = 0x853c_49e6_748f_ea9b;
        for _ in 0..6 {
            boards.push(random_grid(4, 6, 6, &mut seed));
        }
        let mut s = GameStore::new();
        let mut full = Solver::new(rules);
        let limit = 2048;
        let mut small = Solver::with_table_limit(rules, limit);
        for g in boards {
            let b = DominoBoard::new(g.clone());
            let emptied = small.table().evictions();
            let a = full.value_alone(&mut s, &b);
            let c = small.value_alone(&mut s, &b);
            assert_eq!(a, c, "{g}");
            assert!(small.table().bytes() <= limit, "{g}");
            assert!(small.table().evictions() > emptied, "{g}");
        }
        assert_eq!(full.table().evictions(), 0);
        assert!(small.table().evictions() > 50);
        assert!(full.table().len() > small.table().len());
    }
}
