//! The contents of array and hash values: a vector and an insertion-ordered map of values,
//! wrapped so that dropping them does not recurse as deep as values nest (`teardown`;
//! `Value` has no `Drop`, and dropping a scalar stays as cheap as it was). They dereference
//! to `Vec<Value>` and `IndexMap`, and are used as those.

use super::Value;
use indexmap::IndexMap;
use std::ops::{Deref, DerefMut};

/// The elements of an array value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Array(Vec<Value>);

/// The map of a hash value: insertion-ordered, with fast (Fx) hashing of keys.
pub type IndexedMap = IndexMap<Value, Value, rustc_hash::FxBuildHasher>;

/// The entries of a hash value.
#[derive(Clone, Debug, Default)]
pub struct Map(IndexedMap);

impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.0 == other.0
    }
}

impl Eq for Map {}

impl Array {
    pub fn new() -> Array {
        Array(Vec::new())
    }
}

impl Map {
    pub fn with_capacity_and_hasher(n: usize, hasher: rustc_hash::FxBuildHasher) -> Map {
        Map(IndexMap::with_capacity_and_hasher(n, hasher))
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

impl Deref for Map {
    type Target = IndexedMap;
    fn deref(&self) -> &IndexedMap {
        &self.0
    }
}

impl DerefMut for Map {
    fn deref_mut(&mut self) -> &mut IndexedMap {
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
        Map(entries.into_iter().collect())
    }
}
