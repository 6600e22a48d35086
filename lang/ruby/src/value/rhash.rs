//! `RHash`, Ruby's `Hash`: pairs in insertion order, keys compared with `eql?`, and from
//! [`INDEXED_FROM`] pairs on an index of the keys' hashes (as Ruby's own, which also keeps
//! small hashes as a plain list), so that a look-up in a big hash (stdlib's `fact` reading
//! the facts) costs one hash of the key, not a comparison with every key.

use super::RValue;
use hashbrown::HashTable;
use std::cell::OnceCell;
use std::hash::{Hash, Hasher};

/// A hash of fewer pairs compares the key with each in turn, with no index (cheaper for
/// the small hashes templates and keyword arguments make).
pub const INDEXED_FROM: usize = 8;

/// An insertion-ordered hash; keys compare with `eql?`. Its keys never change in place
/// (strings are values in the subset, so a string key is already the frozen copy Ruby
/// makes), so their hashes stay true.
#[derive(Clone, Default)]
pub struct RHash {
    entries: Vec<(RValue, RValue)>,
    /// Each key's hash and position, made at the first look-up once the hash has
    /// `INDEXED_FROM` pairs, then kept up to date by every change (dropped by those that
    /// move many pairs, and made again when next needed).
    index: OnceCell<HashTable<(u64, usize)>>,
    /// What `h[missing]` gives (`Hash.new(0)`, `Hash.new { |h, k| ... }`); none for
    /// nearly every hash, hence boxed.
    default: Option<Box<HashDefault>>,
}

/// A hash's default: a value, or a proc called with the hash and the missing key.
#[derive(Clone, Debug)]
pub enum HashDefault {
    Value(RValue),
    Proc(RValue),
}

impl std::fmt::Debug for RHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.entries.iter().map(|(k, v)| (k, v)))
            .finish()
    }
}

impl RHash {
    pub fn new() -> RHash {
        RHash::default()
    }
    /// A hash of pairs whose keys are known to be distinct under `eql?` (a Puppet hash's
    /// keys made into Ruby): kept as given, in order.
    pub fn from_distinct(entries: Vec<(RValue, RValue)>) -> RHash {
        RHash {
            entries,
            index: OnceCell::new(),
            default: None,
        }
    }
    /// The default of a missing key (`Hash.new(d)`, `Hash.new { }`, `default=`).
    pub fn default_of_missing(&self) -> Option<&HashDefault> {
        self.default.as_deref()
    }
    pub fn set_default(&mut self, d: Option<HashDefault>) {
        self.default = d.map(Box::new);
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// The pairs in insertion order.
    pub fn pairs(&self) -> &[(RValue, RValue)] {
        &self.entries
    }
    pub fn iter(&self) -> std::slice::Iter<'_, (RValue, RValue)> {
        self.entries.iter()
    }
    pub fn keys(&self) -> impl Iterator<Item = &RValue> {
        self.entries.iter().map(|(k, _)| k)
    }
    pub fn values(&self) -> impl Iterator<Item = &RValue> {
        self.entries.iter().map(|(_, v)| v)
    }

    /// Where `k` is: `Ok(position)`, or `Err` with its hash when the hash is indexed (for
    /// the insertion that follows a miss).
    #[inline]
    fn locate(&self, k: &RValue) -> Result<usize, Option<u64>> {
        if self.entries.len() < INDEXED_FROM && self.index.get().is_none() {
            for (i, (key, _)) in self.entries.iter().enumerate() {
                if same_key(key, k) {
                    return Ok(i);
                }
            }
            return Err(None);
        }
        self.locate_indexed(k)
    }
    /// `locate` in a hash with an index (apart: the small hashes' search stays small).
    #[inline(never)]
    fn locate_indexed(&self, k: &RValue) -> Result<usize, Option<u64>> {
        let index = self.index.get_or_init(|| index_of(&self.entries));
        let hash = key_hash(k);
        index
            .find(hash, |&(h, i)| h == hash && same_key(&self.entries[i].0, k))
            .map(|&(_, i)| i)
            .ok_or(Some(hash))
    }
    fn position(&self, k: &RValue) -> Option<usize> {
        self.locate(k).ok()
    }
    pub fn get(&self, k: &RValue) -> Option<&RValue> {
        self.position(k).map(|i| &self.entries[i].1)
    }
    pub fn get_mut(&mut self, k: &RValue) -> Option<&mut RValue> {
        self.position(k).map(|i| &mut self.entries[i].1)
    }
    /// The value of the `i`th pair (insertion order).
    pub fn value_at_mut(&mut self, i: usize) -> Option<&mut RValue> {
        self.entries.get_mut(i).map(|(_, v)| v)
    }
    /// Sets `k`'s value; a new key goes last, a known one keeps its place.
    pub fn insert(&mut self, k: RValue, v: RValue) {
        match self.locate(&k) {
            Ok(i) => self.entries[i].1 = v,
            Err(hash) => {
                if let Some(index) = self.index.get_mut() {
                    let hash = hash.unwrap_or_else(|| key_hash(&k));
                    index.insert_unique(hash, (hash, self.entries.len()), |&(h, _)| h);
                }
                self.entries.push((k, v));
            }
        }
    }
    pub fn remove(&mut self, k: &RValue) -> Option<RValue> {
        let i = self.position(k)?;
        let (_, v) = self.entries.remove(i);
        if let Some(index) = self.index.get_mut() {
            index.retain(|(_, at)| {
                if *at == i {
                    return false;
                }
                if *at > i {
                    *at -= 1;
                }
                true
            });
        }
        Some(v)
    }
    pub fn clear(&mut self) {
        self.entries.clear();
        self.index = OnceCell::new();
    }
    /// Keeps the pairs `keep` is true of, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&RValue, &RValue) -> bool) {
        self.entries.retain(|(k, v)| keep(k, v));
        self.index = OnceCell::new();
    }
}

/// `eql?`, the usual keys (strings, symbols, integers) compared here.
#[inline]
fn same_key(a: &RValue, b: &RValue) -> bool {
    match (a, b) {
        (RValue::Str(x), RValue::Str(y)) | (RValue::Sym(x), RValue::Sym(y)) => x == y,
        (RValue::Int(x), RValue::Int(y)) => x == y,
        _ => other_keys_eql(a, b),
    }
}

/// `eql?` of the other keys, apart so that the search of a small hash stays small.
#[inline(never)]
fn other_keys_eql(a: &RValue, b: &RValue) -> bool {
    a.eql(b)
}

/// The index of `entries`' keys (a repeated key, which `from_distinct` should not be
/// given, is found at its first place, as without an index).
fn index_of(entries: &[(RValue, RValue)]) -> HashTable<(u64, usize)> {
    let mut index = HashTable::with_capacity(entries.len());
    for (i, (k, _)) in entries.iter().enumerate() {
        let hash = key_hash(k);
        if index
            .find(hash, |&(h, j): &(u64, usize)| {
                h == hash && same_key(&entries[j].0, k)
            })
            .is_none()
        {
            index.insert_unique(hash, (hash, i), |&(h, _)| h);
        }
    }
    index
}

/// A key's hash: equal for keys that are `eql?` (strings by content, binary or not;
/// integers; floats, `0.0` as `-0.0`; symbols; arrays by their first elements). Keys
/// compared otherwise (hashes, ranges, objects, host values) hash by their kind alone and
/// are told apart by `eql?`.
fn key_hash(k: &RValue) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    feed(k, &mut h, 2);
    h.finish()
}

fn feed(k: &RValue, h: &mut rustc_hash::FxHasher, depth: u8) {
    match k {
        // (a binary string is `eql?` to a `Str` of the same ASCII bytes: both hash alike)
        RValue::Str(_) | RValue::Bytes(_) => {
            h.write_u8(0);
            let bytes = k.string_bytes().unwrap_or_default();
            h.write(bytes);
            h.write_usize(bytes.len());
        }
        RValue::Sym(s) | RValue::Class(s) => {
            h.write_u8(if matches!(k, RValue::Sym(_)) { 1 } else { 2 });
            h.write(s.as_bytes());
            h.write_usize(s.len());
        }
        RValue::Int(i) => {
            h.write_u8(3);
            h.write_i64(*i);
        }
        RValue::Float(f) => {
            h.write_u8(4);
            h.write_u64(if *f == 0.0 { 0 } else { f.to_bits() });
        }
        RValue::Array(a) => {
            h.write_u8(5);
            if let Ok(a) = a.try_borrow() {
                h.write_usize(a.len());
                if depth > 0 {
                    for x in a.iter().take(4) {
                        feed(x, h, depth - 1);
                    }
                }
            }
        }
        RValue::Bool(b) => {
            h.write_u8(6);
            h.write_u8(*b as u8);
        }
        // (compared by `eql?` alone: `Hash`es as `==`, ranges by their ends' `==`,
        // objects by identity, host values as the host says)
        other => std::mem::discriminant(other).hash(h),
    }
}

impl FromIterator<(RValue, RValue)> for RHash {
    /// Pairs inserted in turn: a repeated key keeps its first place and its last value.
    fn from_iter<I: IntoIterator<Item = (RValue, RValue)>>(items: I) -> RHash {
        let mut h = RHash::new();
        for (k, v) in items {
            h.insert(k, v);
        }
        h
    }
}

impl IntoIterator for RHash {
    type Item = (RValue, RValue);
    type IntoIter = std::vec::IntoIter<(RValue, RValue)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a> IntoIterator for &'a RHash {
    type Item = &'a (RValue, RValue);
    type IntoIter = std::slice::Iter<'a, (RValue, RValue)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(t: &str) -> RValue {
        RValue::str(t)
    }

    /// Random inserts, removals, look-ups and clears agree with a list searched in turn
    /// (the hash before its index), across the size where the index is made.
    #[test]
    fn agrees_with_a_list() {
        let pool: Vec<RValue> = (0..40)
            .map(|i| match i % 5 {
                0 => s(&format!("k{i}")),
                1 => RValue::Int(i),
                2 => RValue::float(i as f64),
                3 => RValue::sym(format!("k{i}")),
                _ => RValue::array(smallvec::smallvec![RValue::Int(i), s("x")]),
            })
            .collect();
        let mut seed: u64 = 7;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let mut h = RHash::new();
        let mut model: Vec<(RValue, RValue)> = Vec::new();
        for step in 0..20_000 {
            let k = pool[next(pool.len())].clone();
            match next(10) {
                0..=4 => {
                    let v = RValue::Int(step);
                    match model.iter_mut().find(|(m, _)| m.eql(&k)) {
                        Some(slot) => slot.1 = v.clone(),
                        None => model.push((k.clone(), v.clone())),
                    }
                    h.insert(k, v);
                }
                5..=7 => {
                    let i = model.iter().position(|(m, _)| m.eql(&k));
                    let want = i.map(|i| model.remove(i).1);
                    let got = h.remove(&k);
                    assert_eq!(format!("{want:?}"), format!("{got:?}"), "step {step}");
                }
                8 if next(50) == 0 => {
                    model.clear();
                    h.clear();
                }
                _ => {}
            }
            assert_eq!(h.len(), model.len());
            for (m, v) in &model {
                assert!(h.get(m).is_some_and(|w| w.equals(v)), "step {step}: {m:?}");
            }
            let probe = &pool[next(pool.len())];
            assert_eq!(
                h.get(probe).is_some(),
                model.iter().any(|(m, _)| m.eql(probe))
            );
        }
        let order: Vec<String> = h.keys().map(|k| format!("{k:?}")).collect();
        let want: Vec<String> = model.iter().map(|(k, _)| format!("{k:?}")).collect();
        assert_eq!(order, want);
    }

    /// Keys are found as `eql?` finds them, with and without the index.
    #[test]
    fn keys_as_eql() {
        for n in [0, INDEXED_FROM + 3] {
            let mut h: RHash = (0..n as i64)
                .map(|i| (RValue::Int(1000 + i), RValue::Nil))
                .collect();
            h.insert(s("a"), RValue::Int(1));
            h.insert(RValue::Int(1), RValue::Int(2));
            h.insert(RValue::float(-0.0), RValue::Int(3));
            h.insert(
                RValue::array(smallvec::smallvec![s("a"), RValue::Int(1)]),
                RValue::Int(4),
            );
            // a binary string of ASCII bytes is the same key as the string
            assert!(h.get(&RValue::Bytes(b"a".to_vec().into())).is_some());
            assert!(h.get(&RValue::sym("a")).is_none());
            assert!(h.get(&RValue::float(1.0)).is_none());
            assert!(h.get(&RValue::float(0.0)).is_some());
            assert!(h
                .get(&RValue::array(smallvec::smallvec![s("a"), RValue::Int(1)]))
                .is_some());
            assert!(h
                .get(&RValue::array(smallvec::smallvec![
                    s("a"),
                    RValue::float(1.0)
                ]))
                .is_none());
            // the pairs kept their order; a key set again kept its place
            h.insert(s("a"), RValue::Int(5));
            assert_eq!(h.len(), n + 4);
            assert!(h.pairs()[n].0.eql(&s("a")) && h.pairs()[n].1.equals(&RValue::Int(5)));
        }
    }

    /// A hash made from distinct keys (no index yet) finds them once indexed, and keeps
    /// finding them after removals and a `retain`.
    #[test]
    fn from_distinct_then_changed() {
        let pairs: Vec<(RValue, RValue)> = (0..50)
            .map(|i| (s(&format!("f{i}")), RValue::Int(i)))
            .collect();
        let mut h = RHash::from_distinct(pairs);
        assert!(h.get(&s("f49")).is_some_and(|v| v.equals(&RValue::Int(49))));
        assert!(h.remove(&s("f0")).is_some());
        assert!(h.get(&s("f49")).is_some_and(|v| v.equals(&RValue::Int(49))));
        h.retain(|_, v| matches!(v, RValue::Int(i) if i % 2 == 1));
        assert_eq!(h.len(), 25);
        assert!(h.get(&s("f48")).is_none());
        assert!(h.get(&s("f47")).is_some_and(|v| v.equals(&RValue::Int(47))));
        h.insert(s("new"), RValue::Nil);
        assert_eq!(h.pairs().last().map(|(k, _)| k.eql(&s("new"))), Some(true));
        assert!(h.get(&s("new")).is_some());
    }
}
