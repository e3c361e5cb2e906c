//! The index of the store's general forms and the store's account of its memory.
//!
//! The index holds ids only: a form's option lists live once, in its node, and the index
//! hashes and compares them there. (A map keyed by the two lists held a second pair of
//! pointers to them, 40 bytes an entry against 4.)

use super::store::{GameId, GameStore, Node, table_bytes};

/// The hash of a general form's two option lists, whatever the order of each: a lookup
/// can then be made with the lists as they come, before they are sorted into the store's
/// order (which a new form alone needs, see [`GameStore::intern_simplified`]). Each id is
/// mixed on its own and the mixes summed, a sum being the same in every order.
pub(crate) fn lists_hash(left: &[GameId], right: &[GameId]) -> u64 {
    let side = |opts: &[GameId], seed: u64| -> u64 {
        opts.iter().fold(mix(seed ^ opts.len() as u64), |acc, g| {
            acc.wrapping_add(mix(u64::from(g.0) ^ seed))
        })
    };
    mix(side(left, 0x9e37_79b9_7f4a_7c15) ^ side(right, 0xc2b2_ae3d_27d4_eb4f).rotate_left(32))
}

/// The finalizer of SplitMix64: every bit of `x` moves every bit of the result.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Whether two option lists hold the same ids, in any order (each list without repeats, as
/// every list of options of a canonical form is; a repeat makes the lists differ here).
pub(crate) fn same_options(stored: &[GameId], asked: &[GameId]) -> bool {
    if stored.len() != asked.len() {
        return false;
    }
    if stored == asked {
        return true;
    }
    if stored.len() <= 16 {
        // Both ways, so that a list with a repeat never matches one without.
        return asked.iter().all(|g| stored.contains(g))
            && stored.iter().all(|g| asked.contains(g));
    }
    let mut a = stored.to_vec();
    let mut b = asked.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// The bytes the allocator takes for an option list of `n` ids held by an `Rc<[GameId]>`:
/// two counters and the ids, plus the allocator's header of 8 bytes, rounded up to 16,
/// at least 32 (glibc's smallest chunk).
pub(crate) fn list_bytes(n: usize) -> u64 {
    let asked = 16 + 4 * n as u64;
    ((asked + 8).div_ceil(16) * 16).max(32)
}

/// The hash of the general form `id` as [`lists_hash`] gives it (0 for a number-up-star
/// form, which the index never holds).
fn node_hash(nodes: &[Node], id: GameId) -> u64 {
    match &nodes[id.0 as usize] {
        Node::General { left, right } => lists_hash(left, right),
        Node::Nus(_) => 0,
    }
}

impl GameStore {
    /// The general form with these option lists (in any order), if the store holds it.
    pub(crate) fn find_general(
        &self,
        hash: u64,
        left: &[GameId],
        right: &[GameId],
    ) -> Option<GameId> {
        let nodes = &self.nodes;
        self.general_index
            .find(hash, |&id| match &nodes[id.0 as usize] {
                Node::General { left: l, right: r } => {
                    same_options(l, left) && same_options(r, right)
                }
                Node::Nus(_) => false,
            })
            .copied()
    }

    /// Enters the general form `id` (new, with this hash) in the index.
    pub(crate) fn index_general(&mut self, hash: u64, id: GameId) {
        let nodes = &self.nodes;
        self.general_index
            .insert_unique(hash, id, |&g| node_hash(nodes, g));
    }

    /// Bytes of the index of general forms: an id and a control byte a bucket.
    fn index_bytes(&self) -> u64 {
        let buckets = if self.general_index.capacity() == 0 {
            0
        } else {
            (self.general_index.capacity() as u64 * 8 / 7).next_power_of_two()
        };
        buckets * (std::mem::size_of::<GameId>() as u64 + 1)
    }

    /// Where the store's memory goes: `(name, entries, bytes)` for the forms, their option
    /// lists and each table. Numbers held outside the tables (big integers of the
    /// number-up-star forms and of the few stops that do not fit 64 bits) are not counted.
    pub(crate) fn tables(&self) -> Vec<(&'static str, usize, u64)> {
        let node = std::mem::size_of::<Node>() as u64;
        let general = self.general_index.len();
        vec![
            (
                "forms",
                self.nodes.len(),
                self.nodes.capacity() as u64 * node,
            ),
            ("option lists", general, self.list_bytes),
            ("index of numbers", self.nus_index.len(), {
                // Each number-up-star form is boxed in its node as well.
                table_bytes(&self.nus_index) + self.nus_index.len() as u64 * 64
            }),
            ("index of forms", general, self.index_bytes()),
            (
                "options of numbers",
                self.nus_options.len(),
                table_bytes(&self.nus_options),
            ),
            ("sums", self.add_memo.len(), self.add_memo.bytes()),
            (
                "negatives",
                self.negatives.len(),
                self.negatives.capacity() as u64 * 4,
            ),
            ("comparisons", self.leq_memo.len(), self.leq_memo.bytes()),
            (
                "birthdays",
                self.birthdays.len(),
                self.birthdays.capacity() as u64 * 4 + table_bytes(&self.birthday_memo),
            ),
            (
                "stops",
                self.stops_memo.len(),
                table_bytes(&self.stops_memo),
            ),
            (
                "small stops",
                self.small_stops.len(),
                self.small_stops.capacity() as u64 * 16,
            ),
        ]
    }

    /// What the store holds, plus what the largest of its tables would take more if it
    /// doubled now (its old buffer and the new one, twice as large, live together for a
    /// moment), in bytes.
    pub(crate) fn bytes_after_growth(&self) -> u64 {
        let tables = self.tables();
        let held: u64 = tables.iter().map(|t| t.2).sum();
        // The option lists are allocations of their own: they never double together.
        let largest = tables
            .iter()
            .filter(|t| t.0 != "option lists")
            .map(|t| t.2)
            .max()
            .unwrap_or(0);
        held.saturating_add(largest.saturating_mul(2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node is two pointers wide: the boxed number-up-star variant does not widen it.
    #[test]
    fn a_node_is_two_pointers_wide() {
        assert_eq!(std::mem::size_of::<Node>(), 32);
    }

    #[test]
    fn list_bytes_are_the_allocators_chunks() {
        assert_eq!(list_bytes(0), 32);
        assert_eq!(list_bytes(2), 32);
        assert_eq!(list_bytes(3), 48);
        assert_eq!(list_bytes(10), 64);
    }
}
