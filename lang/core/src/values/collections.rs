//! The contents of array and hash values: a vector and an insertion-ordered map of values,
//! wrapped so that dropping them does not recurse as deep as values nest (`teardown`;
//! `Value` has no `Drop`, and dropping a scalar stays as cheap as it was). An array
//! dereferences to `Vec<Value>`; a map keeps up to [`SMALL_MAP`] entries in a vector and
//! more in an `IndexMap`, behind the `IndexMap` methods the code uses.

use super::Value;
use indexmap::IndexMap;
use std::ops::{Deref, DerefMut};

/// The elements of an array value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Array(Vec<Value>);

/// The map of a large hash value: insertion-ordered, with fast (Fx) hashing of keys.
pub type IndexedMap = IndexMap<Value, Value, rustc_hash::FxBuildHasher>;

/// Up to this many entries a hash keeps them in a vector and finds keys by comparing them:
/// no hashing on insert or look-up, one allocation less and 40% less memory than an
/// index over them (most hashes of Puppet code are this small: resource parameters,
/// records, options). A hash that grows past it gets an index.
pub const SMALL_MAP: usize = 8;

/// The entries of a hash value, in insertion order.
#[derive(Clone, Debug, Default)]
pub struct Map(pub(super) MapEntries);

/// How a [`Map`] holds its entries.
#[derive(Clone, Debug)]
pub(super) enum MapEntries {
    /// At most [`SMALL_MAP`] entries.
    Small(Vec<(Value, Value)>),
    /// Indexed by key.
    Indexed(Box<IndexedMap>),
}

impl Default for MapEntries {
    fn default() -> MapEntries {
        MapEntries::Small(Vec::new())
    }
}

impl PartialEq for Map {
    /// Puppet's equality of hashes: the same keys with equal values, in any order.
    fn eq(&self, other: &Map) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .all(|(k, v)| other.get(k).is_some_and(|w| v == w))
    }
}

impl Eq for Map {}

impl Map {
    pub fn new() -> Map {
        Map::default()
    }

    /// An empty map with room for `n` entries.
    pub fn with_capacity(n: usize) -> Map {
        if n <= SMALL_MAP {
            Map(MapEntries::Small(Vec::with_capacity(n)))
        } else {
            Map(MapEntries::Indexed(Box::new(
                IndexMap::with_capacity_and_hasher(n, Default::default()),
            )))
        }
    }

    /// A map of at most [`SMALL_MAP`] entries whose keys are known to differ (a literal's
    /// constant keys): kept as they are, without comparing each key with those before.
    pub fn from_distinct(entries: Vec<(Value, Value)>) -> Map {
        debug_assert!(entries.len() <= SMALL_MAP);
        debug_assert!(entries
            .iter()
            .enumerate()
            .all(|(i, (k, _))| entries[..i].iter().all(|(j, _)| j != k)));
        Map(MapEntries::Small(entries))
    }

    pub fn len(&self) -> usize {
        match &self.0 {
            MapEntries::Small(v) => v.len(),
            MapEntries::Indexed(m) => m.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position of `key`'s entry.
    pub fn get_index_of(&self, key: &Value) -> Option<usize> {
        match &self.0 {
            MapEntries::Small(v) => v.iter().position(|(k, _)| k == key),
            MapEntries::Indexed(m) => m.get_index_of(key),
        }
    }

    pub fn get(&self, key: &Value) -> Option<&Value> {
        match &self.0 {
            MapEntries::Small(v) => v.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            MapEntries::Indexed(m) => m.get(key),
        }
    }

    /// The value at the string key `key` (a small map compares it with its keys: no key
    /// value made, no reference count written).
    pub fn get_string(&self, key: &std::rc::Rc<str>) -> Option<&Value> {
        match &self.0 {
            MapEntries::Small(v) => v
                .iter()
                // (`Rc`'s `==`: the same string's address first, then its bytes)
                .find(|(k, _)| matches!(k, Value::String(s) if s == key))
                .map(|(_, v)| v),
            MapEntries::Indexed(m) => m.get(&Value::String(key.clone())),
        }
    }

    pub fn get_mut(&mut self, key: &Value) -> Option<&mut Value> {
        match &mut self.0 {
            MapEntries::Small(v) => v.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            MapEntries::Indexed(m) => m.get_mut(key),
        }
    }

    pub fn contains_key(&self, key: &Value) -> bool {
        self.get_index_of(key).is_some()
    }

    /// The entry at position `i` (insertion order).
    pub fn get_index(&self, i: usize) -> Option<(&Value, &Value)> {
        match &self.0 {
            MapEntries::Small(v) => v.get(i).map(|(k, v)| (k, v)),
            MapEntries::Indexed(m) => m.get_index(i),
        }
    }

    /// Sets `key` to `value`: a new key goes last, a present one keeps its place. Returns
    /// the value it replaced.
    pub fn insert(&mut self, key: Value, value: Value) -> Option<Value> {
        match &mut self.0 {
            MapEntries::Small(v) => {
                if let Some((_, old)) = v.iter_mut().find(|(k, _)| *k == key) {
                    return Some(std::mem::replace(old, value));
                }
                if v.len() >= SMALL_MAP {
                    let mut indexed =
                        IndexMap::with_capacity_and_hasher(2 * v.len(), rustc_hash::FxBuildHasher);
                    indexed.extend(v.drain(..));
                    indexed.insert(key, value);
                    self.0 = MapEntries::Indexed(Box::new(indexed));
                } else {
                    v.push((key, value));
                }
                None
            }
            MapEntries::Indexed(m) => m.insert(key, value),
        }
    }

    /// The value at `key`, inserted with `make` first when the key is absent.
    pub fn get_or_insert_with(&mut self, key: Value, make: impl FnOnce() -> Value) -> &mut Value {
        let i = match self.get_index_of(&key) {
            Some(i) => i,
            None => {
                self.insert(key, make());
                self.len() - 1
            }
        };
        match &mut self.0 {
            MapEntries::Small(v) => &mut v[i].1,
            MapEntries::Indexed(m) => &mut m[i],
        }
    }

    /// Removes `key`'s entry, keeping the others' order.
    pub fn shift_remove(&mut self, key: &Value) -> Option<Value> {
        match &mut self.0 {
            MapEntries::Small(v) => {
                let i = v.iter().position(|(k, _)| k == key)?;
                Some(v.remove(i).1)
            }
            MapEntries::Indexed(m) => m.shift_remove(key),
        }
    }

    /// The entries of a map kept without an index (at most [`SMALL_MAP`]), in order.
    #[inline]
    pub fn small_entries(&self) -> Option<&[(Value, Value)]> {
        match &self.0 {
            MapEntries::Small(v) => Some(v),
            MapEntries::Indexed(_) => None,
        }
    }

    pub fn iter(&self) -> Iter<'_> {
        match &self.0 {
            MapEntries::Small(v) => Iter::Small(v.iter()),
            MapEntries::Indexed(m) => Iter::Indexed(m.iter()),
        }
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator + Clone {
        self.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator + Clone {
        self.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Value> {
        let (small, indexed) = match &mut self.0 {
            MapEntries::Small(v) => (Some(v.iter_mut().map(|(_, v)| v)), None),
            MapEntries::Indexed(m) => (None, Some(m.values_mut())),
        };
        small
            .into_iter()
            .flatten()
            .chain(indexed.into_iter().flatten())
    }

    /// Takes the entries out, leaving the map empty (for dropping them elsewhere).
    pub(super) fn take_entries(&mut self) -> MapEntries {
        std::mem::take(&mut self.0)
    }
}

/// The entries of a [`Map`], borrowed, in order.
#[derive(Clone)]
pub enum Iter<'a> {
    Small(std::slice::Iter<'a, (Value, Value)>),
    Indexed(indexmap::map::Iter<'a, Value, Value>),
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Value, &'a Value);
    #[inline]
    fn next(&mut self) -> Option<(&'a Value, &'a Value)> {
        match self {
            Iter::Small(it) => it.next().map(|(k, v)| (k, v)),
            Iter::Indexed(it) => it.next(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Iter::Small(it) => it.size_hint(),
            Iter::Indexed(it) => it.size_hint(),
        }
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Small(it) => it.next_back().map(|(k, v)| (k, v)),
            Iter::Indexed(it) => it.next_back(),
        }
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a Value, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The entries of a [`Map`], owned, in order.
pub enum IntoIter {
    Small(std::vec::IntoIter<(Value, Value)>),
    Indexed(indexmap::map::IntoIter<Value, Value>),
}

impl Iterator for IntoIter {
    type Item = (Value, Value);
    fn next(&mut self) -> Option<(Value, Value)> {
        match self {
            IntoIter::Small(it) => it.next(),
            IntoIter::Indexed(it) => it.next(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            IntoIter::Small(it) => it.size_hint(),
            IntoIter::Indexed(it) => it.size_hint(),
        }
    }
}

impl ExactSizeIterator for IntoIter {}

impl IntoIterator for Map {
    type Item = (Value, Value);
    type IntoIter = IntoIter;
    fn into_iter(mut self) -> IntoIter {
        match self.take_entries() {
            MapEntries::Small(v) => IntoIter::Small(v.into_iter()),
            MapEntries::Indexed(m) => IntoIter::Indexed(m.into_iter()),
        }
    }
}

impl Extend<(Value, Value)> for Map {
    fn extend<I: IntoIterator<Item = (Value, Value)>>(&mut self, entries: I) {
        for (k, v) in entries {
            self.insert(k, v);
        }
    }
}

impl Array {
    pub fn new() -> Array {
        Array(Vec::new())
    }
}

impl Deref for Array {
    type Target = Vec<Value>;
    fn deref(&self) -> &Vec<Value> {
        &self.0
    }
}

impl DerefMut for Array {
    fn deref_mut(&mut self) -> &mut Vec<Value> {
        &mut self.0
    }
}

impl From<Vec<Value>> for Array {
    fn from(items: Vec<Value>) -> Array {
        Array(items)
    }
}

impl FromIterator<(Value, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (Value, Value)>>(entries: I) -> Map {
        let entries = entries.into_iter();
        let mut map = Map::with_capacity(entries.size_hint().0);
        map.extend(entries);
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(i: i64) -> Value {
        Value::Integer(i)
    }

    fn is_small(m: &Map) -> bool {
        matches!(m.0, MapEntries::Small(_))
    }

    /// Entries in order, with replaced values in their first place and removed ones gone,
    /// whichever way the map holds them: the same operations on both sides of the size
    /// where it gets an index.
    #[test]
    fn small_and_indexed_maps_agree() {
        for n in [0, 1, SMALL_MAP - 1, SMALL_MAP, SMALL_MAP + 1, 3 * SMALL_MAP] {
            let mut m = Map::new();
            for i in 0..n as i64 {
                assert_eq!(m.insert(int(i), int(i * 10)), None);
            }
            assert_eq!(is_small(&m), n <= SMALL_MAP, "{n} entries");
            // Re-inserting keeps the place and returns the old value.
            if n > 0 {
                assert_eq!(m.insert(int(0), int(-1)), Some(int(0)));
                assert_eq!(m.get_index(0), Some((&int(0), &int(-1))));
                assert_eq!(m.len(), n);
            }
            for i in 1..n as i64 {
                assert_eq!(m.get(&int(i)), Some(&int(i * 10)));
                assert_eq!(m.get_index_of(&int(i)), Some(i as usize));
                assert!(m.contains_key(&int(i)));
            }
            assert_eq!(m.get(&int(n as i64)), None);
            assert_eq!(m.get(&Value::string("0")), None);
            if n > 2 {
                assert_eq!(m.shift_remove(&int(1)), Some(int(10)));
                assert_eq!(m.shift_remove(&int(1)), None);
                let keys: Vec<_> = m.keys().cloned().collect();
                let expected: Vec<_> = (0..n as i64).filter(|i| *i != 1).map(int).collect();
                assert_eq!(keys, expected);
                assert_eq!(
                    m.iter().next_back(),
                    Some((&int(n as i64 - 1), &int((n as i64 - 1) * 10)))
                );
            }
            let owned: Vec<_> = m.clone().into_iter().map(|(k, _)| k).collect();
            assert_eq!(owned, m.keys().cloned().collect::<Vec<_>>());
        }
    }

    /// Equality ignores order, on either representation and between them.
    #[test]
    fn equality_ignores_order_and_representation() {
        let forward: Map = (0..12).map(|i| (int(i), int(i))).collect();
        let backward: Map = (0..12).rev().map(|i| (int(i), int(i))).collect();
        assert_eq!(forward, backward);
        let mut grown = Map::with_capacity(2);
        for i in (0..12).rev() {
            grown.insert(int(i), int(i));
        }
        assert!(!is_small(&grown));
        assert_eq!(forward, grown);
        let small: Map = [(int(1), int(2)), (int(3), int(4))].into_iter().collect();
        let mut other = Map::with_capacity(20);
        other.insert(int(3), int(4));
        other.insert(int(1), int(2));
        assert!(is_small(&small) && !is_small(&other));
        assert_eq!(small, other);
        other.insert(int(1), int(5));
        assert_ne!(small, other);
    }

    #[test]
    fn get_or_insert_with_inserts_only_absent_keys() {
        let mut m = Map::new();
        *m.get_or_insert_with(int(1), || int(0)) = int(7);
        assert_eq!(m.get_or_insert_with(int(1), || unreachable!()), &int(7));
        for i in 2..20 {
            m.get_or_insert_with(int(i), || int(i));
        }
        assert_eq!(m.get_or_insert_with(int(1), || int(0)), &int(7));
        assert_eq!(m.len(), 19);
    }
}
