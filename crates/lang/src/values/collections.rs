//! Sets and maps: `{1, 2, 3}`, `{"a" => 1}`. Their elements and keys are compared as `==`
//! compares values, so `{1, {0|}}` has one element (the number 1 and the game 1 are equal)
//! and `{*, *1}` too. They keep the order in which elements were first added, so they print
//! the way they were written; equality ignores the order.

use super::value::{Key, Value};
use indexmap::IndexMap;
use std::hash::{Hash, Hasher};

/// A set of values, by their collection keys.
#[derive(Debug, Default, Clone)]
pub struct SetValue {
    pub(crate) items: IndexMap<Key, Value>,
}

impl SetValue {
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The elements in the order they were added.
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.items.values()
    }

    pub fn keys(&self) -> impl Iterator<Item = &Key> {
        self.items.keys()
    }

    pub fn contains(&self, key: &Key) -> bool {
        self.items.contains_key(key)
    }

    /// Adds an element unless an equal one is there (the first one written is kept).
    pub fn insert(&mut self, key: Key, v: Value) {
        self.items.entry(key).or_insert(v);
    }

    pub fn remove(&mut self, key: &Key) -> bool {
        self.items.shift_remove(key).is_some()
    }

    /// The elements not in `other`, in their order: one pass over this set with one look-up
    /// each (removing them one by one shifts the elements after each, a quadratic cost).
    pub fn difference(&self, other: &SetValue) -> SetValue {
        let items = self
            .items
            .iter()
            .filter(|(k, _)| !other.contains(k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        SetValue { items }
    }

    /// The memo key of the set, the same whatever the order of its elements.
    pub fn memo_key(&self) -> Key {
        Key::Set(unordered(self.items.keys().cloned()))
    }
}

/// A map from keys to values.
#[derive(Debug, Default, Clone)]
pub struct MapValue {
    pub(crate) entries: IndexMap<Key, (Value, Value)>,
}

impl MapValue {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `(key, value)` pairs in the order the keys were first added.
    pub fn entries(&self) -> impl Iterator<Item = &(Value, Value)> {
        self.entries.values()
    }

    pub fn get(&self, key: &Key) -> Option<&Value> {
        self.entries.get(key).map(|(_, v)| v)
    }

    pub fn contains(&self, key: &Key) -> bool {
        self.entries.contains_key(key)
    }

    /// Sets the value of a key; a key already present keeps its place.
    pub fn insert(&mut self, key: Key, k: Value, v: Value) {
        match self.entries.get_mut(&key) {
            Some(entry) => entry.1 = v,
            None => {
                self.entries.insert(key, (k, v));
            }
        }
    }

    pub fn remove(&mut self, key: &Key) -> bool {
        self.entries.shift_remove(key).is_some()
    }

    /// The memo key of the map, or `None` if a value has none (a function).
    pub fn memo_key(&self) -> Option<Key> {
        let pairs = self
            .entries
            .iter()
            .map(|(k, (_, v))| Some(Key::List(vec![k.clone(), v.key()?])))
            .collect::<Option<Vec<_>>>()?;
        Some(Key::Map(unordered(pairs.into_iter())))
    }
}

/// Keys in an order that does not depend on the order they were added (sorted by hash; two
/// equal collections get the same list, which is all a memo key needs).
pub(crate) fn unordered(keys: impl Iterator<Item = Key>) -> Vec<Key> {
    let mut keyed: Vec<(u64, Key)> = keys
        .map(|k| {
            let mut h = rustc_hash::FxHasher::default();
            k.hash(&mut h);
            (h.finish(), k)
        })
        .collect();
    keyed.sort_by_key(|(h, _)| *h);
    keyed.into_iter().map(|(_, k)| k).collect()
}

#[cfg(test)]
mod difference_tests {
    use super::*;

    fn set_of(ints: impl Iterator<Item = i64>) -> SetValue {
        let mut s = SetValue::default();
        for i in ints {
            s.insert(Key::Int(i), Value::Bool(i % 2 == 0));
        }
        s
    }

    #[test]
    fn difference_keeps_the_order_and_drops_the_common_elements() {
        let s = set_of((0..40_000).rev());
        let t = set_of((0..40_000).filter(|i| i % 3 == 0));
        let d = s.difference(&t);
        let kept: Vec<&Key> = d.keys().collect();
        let expected: Vec<Key> = (0..40_000)
            .rev()
            .filter(|i| i % 3 != 0)
            .map(Key::Int)
            .collect();
        assert_eq!(kept, expected.iter().collect::<Vec<_>>());
        assert!(s.difference(&s).is_empty());
        assert_eq!(s.difference(&SetValue::default()).len(), s.len());
    }
}
