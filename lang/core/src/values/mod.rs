//! Runtime values. Collections are reference counted and copied on write, so reading or
//! passing a value never copies its contents.

mod collections;
pub mod iter;
pub mod regexp;
mod teardown;
pub mod uri;

use crate::time::{Timespan, Timestamp};
use crate::types::object_instance::ObjectValue;
use crate::types::PType;
use crate::versions::SemVerRange;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

pub use iter::LazyIter;
pub use regexp::Regexp;

pub use collections::{Array, IndexedMap, Map, SMALL_MAP};

#[derive(Clone, Debug)]
pub enum Value {
    Undef,
    Default,
    Boolean(bool),
    Integer(i64),
    Float(f64),
    String(Rc<str>),
    Regexp(Rc<Regexp>),
    Array(Rc<Array>),
    Hash(Rc<Map>),
    Type(Rc<PType>),
    Timespan(Timespan),
    Timestamp(Timestamp),
    SemVer(Rc<semver::Version>),
    SemVerRange(Rc<SemVerRange>),
    Sensitive(Rc<Value>),
    /// A lazy iterator (`reverse_each` and `step` without a lambda).
    Iterator(Rc<LazyIter>),
    /// A `Binary`: a sequence of bytes.
    Binary(Rc<[u8]>),
    /// An instance of an object type (`Point(1, 2)`, `Deferred('f')`).
    Object(Rc<ObjectValue>),
    /// A `URI`.
    Uri(Rc<uri::Uri>),
}

impl Value {
    pub fn string(s: impl Into<Rc<str>>) -> Value {
        Value::String(s.into())
    }
    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Rc::new(items.into()))
    }
    pub fn hash(map: Map) -> Value {
        Value::Hash(Rc::new(map))
    }
    pub fn typ(t: PType) -> Value {
        Value::Type(Rc::new(t))
    }
    pub fn empty_array() -> Value {
        Value::Array(Rc::new(Array::new()))
    }

    pub fn is_undef(&self) -> bool {
        matches!(self, Value::Undef)
    }

    /// Puppet truthiness: only `undef` and `false` are false.
    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Undef | Value::Boolean(false))
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Integer(i) => Some(*i),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&Rc<Array>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    pub fn as_hash(&self) -> Option<&Rc<Map>> {
        match self {
            Value::Hash(h) => Some(h),
            _ => None,
        }
    }
    pub fn as_type(&self) -> Option<&PType> {
        match self {
            Value::Type(t) => Some(t),
            _ => None,
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.into())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s.into())
    }
}

impl Value {
    /// The string value of a text just made, which copies it: checked first against the
    /// memory limit (a long result, made where the text alone fitted, is the memory error
    /// rather than an allocation the system may refuse).
    pub fn string_checked(s: String) -> Result<Value, crate::error::Error> {
        crate::limits::reserve(s.len())?;
        Ok(Value::from(s))
    }
}
impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Integer(i)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Boolean(b)
    }
}
impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::Float(f)
    }
}

/// Strict identity, as used for hash keys (Ruby's `eql?`): `1` and `1.0` differ, string
/// case matters. Puppet's `==` (case-insensitive, numeric) is `eval::operators::equals`.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Undef, Undef) | (Default, Default) => true,
            (Boolean(a), Boolean(b)) => a == b,
            (Integer(a), Integer(b)) => a == b,
            (Float(a), Float(b)) => a.to_bits() == b.to_bits() || a == b,
            (String(a), String(b)) => a == b,
            (Regexp(a), Regexp(b)) => a.source() == b.source(),
            (Array(a), Array(b)) => Rc::ptr_eq(a, b) || crate::limits::deep(|| a == b),
            (Hash(a), Hash(b)) => {
                Rc::ptr_eq(a, b)
                    || (a.len() == b.len()
                        && crate::limits::deep(|| a.iter().all(|(k, v)| b.get(k) == Some(v))))
            }
            (Type(a), Type(b)) => a == b,
            (Timespan(a), Timespan(b)) => a == b,
            (Timestamp(a), Timestamp(b)) => a == b,
            (SemVer(a), SemVer(b)) => a == b,
            (SemVerRange(a), SemVerRange(b)) => a == b,
            // (the reference's `Sensitive#eql?`: its value's hash, so its value's `eql?`)
            (Sensitive(a), Sensitive(b)) => Rc::ptr_eq(a, b) || a == b,
            (Iterator(a), Iterator(b)) => Rc::ptr_eq(a, b),
            (Binary(a), Binary(b)) => a == b,
            (Object(a), Object(b)) => Rc::ptr_eq(a, b) || a.equals(b),
            (Uri(a), Uri(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

/// How many elements (nested ones included) of an array or hash its hash covers. Equal
/// arrays have equal first elements, so hashing a prefix agrees with equality, and it stays
/// cheap for values that share parts (`[$m, $m]` doubled 40 times has 2^40 elements).
const HASHED_NODES: usize = 64;

/// Hashes a value, its nested arrays and hashes covering at most `budget` elements.
fn hash_bounded<H: Hasher>(v: &Value, state: &mut H, budget: &mut usize) {
    match v {
        Value::Array(items) => {
            std::mem::discriminant(v).hash(state);
            hash_items(items, state, budget);
        }
        Value::Hash(map) => {
            std::mem::discriminant(v).hash(state);
            hash_entries(map, state, budget);
        }
        other => other.hash(state),
    }
}

/// Hashes an array's length and a prefix of its elements.
fn hash_items<H: Hasher>(items: &[Value], state: &mut H, budget: &mut usize) {
    items.len().hash(state);
    for item in items {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        hash_bounded(item, state, budget);
    }
}

/// Hashes a hash value's entries independently of their order, as equality compares them:
/// the sum of each entry's own hash. Each entry gets the same share of the budget (what
/// an entry covers must not depend on where it stands); once the shares are empty only the
/// keys' own parts are hashed, so `unique` of many same-sized hashes is not quadratic (a
/// hash hashed by its length made all records with the same keys collide).
fn hash_entries<H: Hasher>(map: &Map, state: &mut H, budget: &mut usize) {
    let n = map.len();
    n.hash(state);
    if n == 0 || *budget == 0 {
        return;
    }
    let share = (*budget / n).saturating_sub(1);
    *budget -= (*budget).min(n * (share + 1));
    let mut sum = 0u64;
    for (k, v) in map.iter() {
        let mut entry = rustc_hash::FxHasher::default();
        hash_bounded(k, &mut entry, &mut 0);
        hash_bounded(v, &mut entry, &mut { share });
        sum = sum.wrapping_add(entry.finish());
    }
    sum.hash(state);
}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Value::Undef | Value::Default => {}
            Value::Boolean(b) => b.hash(state),
            Value::Integer(i) => i.hash(state),
            Value::Float(f) => {
                if *f == 0.0 {
                    0u64.hash(state)
                } else {
                    f.to_bits().hash(state)
                }
            }
            Value::String(s) => s.hash(state),
            Value::Regexp(r) => r.source().hash(state),
            Value::Array(a) => hash_items(a, state, &mut { HASHED_NODES }),
            Value::Hash(h) => hash_entries(h, state, &mut { HASHED_NODES }),
            Value::Type(t) => t.hash(state),
            Value::Timespan(t) => t.hash(state),
            Value::Timestamp(t) => t.hash(state),
            Value::SemVer(v) => v.hash(state),
            Value::SemVerRange(r) => r.hash(state),
            Value::Sensitive(s) => s.hash(state),
            Value::Iterator(i) => (Rc::as_ptr(i) as usize).hash(state),
            Value::Binary(b) => b.hash(state),
            Value::Object(o) => o.hash_into(state),
            Value::Uri(u) => u.hash(state),
        }
    }
}

#[cfg(test)]
mod size_tests {
    /// A value is a tag and 16 bytes (a fat `Rc<str>`, a 128-bit time aligned on 8): an
    /// array of a million integers costs 24 MB.
    #[test]
    fn a_value_is_24_bytes() {
        assert_eq!(std::mem::size_of::<super::Value>(), 24);
        assert_eq!(std::mem::size_of::<Option<super::Value>>(), 24);
    }
}

#[cfg(test)]
mod hash_tests {
    use super::{Map, Value};
    use std::hash::{Hash, Hasher};

    fn hash_of(v: &Value) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        v.hash(&mut h);
        h.finish()
    }

    fn hash(entries: &[(&str, Value)]) -> Value {
        let mut m = Map::new();
        for (k, v) in entries {
            m.insert(Value::from(*k), v.clone());
        }
        Value::hash(m)
    }

    #[test]
    fn equal_hashes_in_any_order_hash_alike() {
        let a = hash(&[("a", 1.into()), ("b", Value::array(vec![0.0.into()]))]);
        let b = hash(&[("b", Value::array(vec![(-0.0).into()])), ("a", 1.into())]);
        assert_eq!(a, b);
        assert_eq!(hash_of(&a), hash_of(&b));
        // large (indexed) ones too
        let big: Vec<(String, Value)> = (0..40).map(|i| (format!("k{i}"), i.into())).collect();
        let fwd: Vec<(&str, Value)> = big.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        let rev: Vec<(&str, Value)> = fwd.iter().rev().cloned().collect();
        assert_eq!(hash_of(&hash(&fwd)), hash_of(&hash(&rev)));
    }

    #[test]
    fn same_sized_hashes_with_other_contents_hash_apart() {
        let records: Vec<u64> = (0..1000)
            .map(|i| {
                let child = hash(&[("depth", 1.into()), ("items", Value::array(vec![i.into()]))]);
                hash_of(&hash(&[("id", i.into()), ("child", child)]))
            })
            .collect();
        let distinct: std::collections::HashSet<u64> = records.iter().copied().collect();
        assert_eq!(distinct.len(), 1000);
    }

    #[test]
    fn hashing_shared_parts_stays_cheap() {
        // {a => $m, b => $m} doubled 60 times: 2^60 leaves, hashed within the budget
        let mut m = hash(&[("x", 1.into())]);
        for _ in 0..60 {
            m = hash(&[("a", m.clone()), ("b", m.clone())]);
        }
        let mut arr = Value::array(vec![m.clone()]);
        for _ in 0..60 {
            arr = Value::array(vec![arr.clone(), m.clone(), arr.clone()]);
        }
        assert_eq!(hash_of(&m), hash_of(&m.clone()));
        hash_of(&arr);
    }
}
