//! Data that every thread of the process can read (`Send + Sync`): what a resolution of
//! custom facts kept for the process depended on (the facts, the settings its code read)
//! and what it gave (the facts' values). A `Value` is reference counted per thread.

use crate::values::{Map, Value};

/// Data (what facts and custom facts' values are: `to_puppet` of a Ruby value), encoded in
/// one buffer: a fact set of a thousand strings is one allocation to keep, where a tree of
/// them was a thousand (0.4 M instructions at every set-up that resolves custom facts).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Data(Box<[u8]>);

// The encoding: a tag, then the scalar's bytes (little-endian), or a length (`u32`) and the
// string's bytes, the array's items, or the hash's keys and values in its order.
const UNDEF: u8 = 0;
const DEFAULT: u8 = 1;
const FALSE: u8 = 2;
const TRUE: u8 = 3;
const INTEGER: u8 = 4;
const FLOAT: u8 = 5;
const STRING: u8 = 6;
const ARRAY: u8 = 7;
const HASH: u8 = 8;

impl Data {
    /// `value` as data (`None` for a value that is not: a type, a regexp, an object).
    pub fn freeze(value: &Value) -> Option<Data> {
        let mut out = Vec::new();
        encode(value, &mut out)?;
        Some(Data(out.into()))
    }

    /// The value again, made in this thread.
    pub fn thaw(&self) -> Value {
        Reader(&self.0).value().unwrap_or(Value::Undef)
    }

    /// Whether `value` is this data: equal scalars (strings by their bytes, floats by their
    /// bits), arrays and hashes with the same items in the same order (`==` of values
    /// ignores the order of a hash's keys, and Ruby code iterating over a hash would see
    /// it).
    pub fn is(&self, value: &Value) -> bool {
        let mut r = Reader(&self.0);
        r.is(value) && r.0.is_empty()
    }
}

fn length(n: usize, out: &mut Vec<u8>) -> Option<()> {
    out.extend_from_slice(&u32::try_from(n).ok()?.to_le_bytes());
    Some(())
}

fn encode(value: &Value, out: &mut Vec<u8>) -> Option<()> {
    crate::limits::deep(|| {
        match value {
            Value::Undef => out.push(UNDEF),
            Value::Default => out.push(DEFAULT),
            Value::Boolean(b) => out.push(if *b { TRUE } else { FALSE }),
            Value::Integer(i) => {
                out.push(INTEGER);
                out.extend_from_slice(&i.to_le_bytes());
            }
            Value::Float(f) => {
                out.push(FLOAT);
                out.extend_from_slice(&f.to_bits().to_le_bytes());
            }
            Value::String(s) => {
                out.push(STRING);
                length(s.len(), out)?;
                out.extend_from_slice(s.as_bytes());
            }
            Value::Array(a) => {
                out.push(ARRAY);
                length(a.len(), out)?;
                for item in a.iter() {
                    encode(item, out)?;
                }
            }
            Value::Hash(h) => {
                out.push(HASH);
                length(h.len(), out)?;
                for (k, v) in h.iter() {
                    encode(k, out)?;
                    encode(v, out)?;
                }
            }
            _ => return None,
        }
        Some(())
    })
}

/// Reads encoded data from the front of its bytes.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (front, rest) = (self.0.get(..n)?, self.0.get(n..)?);
        self.0 = rest;
        Some(front)
    }

    fn tag(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    fn length(&mut self) -> Option<usize> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?) as usize)
    }

    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = self.length()?;
        self.take(n)
    }

    fn str(&mut self) -> Option<&'a str> {
        std::str::from_utf8(self.bytes()?).ok()
    }

    fn value(&mut self) -> Option<Value> {
        crate::limits::deep(|| {
            Some(match self.tag()? {
                UNDEF => Value::Undef,
                DEFAULT => Value::Default,
                FALSE => Value::Boolean(false),
                TRUE => Value::Boolean(true),
                INTEGER => Value::Integer(self.u64()? as i64),
                FLOAT => Value::Float(f64::from_bits(self.u64()?)),
                STRING => Value::from(self.str()?),
                ARRAY => {
                    let n = self.length()?;
                    let mut items = Vec::with_capacity(n.min(self.0.len()));
                    for _ in 0..n {
                        items.push(self.value()?);
                    }
                    Value::array(items)
                }
                HASH => {
                    let n = self.length()?;
                    let mut map = Map::with_capacity(n.min(self.0.len()));
                    for _ in 0..n {
                        let k = self.value()?;
                        map.insert(k, self.value()?);
                    }
                    Value::hash(map)
                }
                _ => return None,
            })
        })
    }

    /// Whether the data at the front is `value` (read past it when it is).
    fn is(&mut self, value: &Value) -> bool {
        crate::limits::deep(|| {
            let Some(tag) = self.tag() else {
                return false;
            };
            match (tag, value) {
                (UNDEF, Value::Undef) | (DEFAULT, Value::Default) => true,
                (FALSE, Value::Boolean(b)) => !*b,
                (TRUE, Value::Boolean(b)) => *b,
                (INTEGER, Value::Integer(i)) => self.u64() == Some(*i as u64),
                (FLOAT, Value::Float(f)) => self.u64() == Some(f.to_bits()),
                // (the bytes compared: those of a string are UTF-8, checking them again
                // was a third of comparing a machine's facts)
                (STRING, Value::String(s)) => self.bytes() == Some(s.as_bytes()),
                (ARRAY, Value::Array(a)) => {
                    self.length() == Some(a.len()) && a.iter().all(|item| self.is(item))
                }
                (HASH, Value::Hash(h)) => {
                    self.length() == Some(h.len())
                        && h.iter().all(|(k, v)| self.is(k) && self.is(v))
                }
                _ => false,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(v: serde_json::Value) -> Value {
        crate::catalog::json::from_data(&v)
    }

    #[test]
    fn data_is_the_same_only_in_the_same_order() {
        let a = Data::freeze(&j(serde_json::json!({"a": 1, "b": [1.0, "x", null]}))).unwrap();
        assert!(a.is(&j(serde_json::json!({"a": 1, "b": [1.0, "x", null]}))));
        assert!(!a.is(&j(serde_json::json!({"b": [1.0, "x", null], "a": 1}))));
        assert!(!a.is(&j(serde_json::json!({"a": 1, "b": [1.0, "X", null]}))));
        assert!(!a.is(&j(serde_json::json!({"a": 1, "b": [1.0, "x"]}))));
        assert!(!a.is(&j(serde_json::json!({"a": 1}))));
        let zero = Data::freeze(&Value::Float(0.0)).unwrap();
        assert!(zero.is(&Value::Float(0.0)));
        assert!(!zero.is(&Value::Float(-0.0)));
        let one = Data::freeze(&Value::Integer(1)).unwrap();
        assert!(one.is(&Value::Integer(1)));
        assert!(!one.is(&Value::Float(1.0)));
        assert!(!one.is(&Value::Integer(-1)));
        let undef = Data::freeze(&Value::Undef).unwrap();
        assert!(!undef.is(&Value::Default));
        assert!(!undef.is(&Value::Boolean(false)));
        let t = Data::freeze(&Value::Boolean(true)).unwrap();
        assert!(t.is(&Value::Boolean(true)) && !t.is(&Value::Boolean(false)));
        // (a prefix is not the whole: the data must end where the value does)
        let pair = Data::freeze(&j(serde_json::json!(["a", "b"]))).unwrap();
        assert!(!pair.is(&j(serde_json::json!(["a"]))));
        assert!(!pair.is(&j(serde_json::json!(["ab"]))));
        assert!(!pair.is(&j(serde_json::json!("a"))));
    }

    #[test]
    fn data_thaws_to_the_value_it_was() {
        let v = j(
            serde_json::json!({"os": {"family": "Debian", "release": {"major": "12"}},
            "list": [1, -2.5, true, null, [], {}], "": ""}),
        );
        let d = Data::freeze(&v).unwrap();
        let back = d.thaw();
        assert!(d.is(&back));
        assert_eq!(
            crate::format::to_programmatic(&back),
            crate::format::to_programmatic(&v)
        );
        assert_eq!(
            Data::freeze(&Value::Default).unwrap().thaw(),
            Value::Default
        );
        // (not data: nothing is kept for it)
        let t = Value::typ(crate::types::PType::Any);
        assert_eq!(Data::freeze(&t), None);
        assert_eq!(Data::freeze(&Value::array(vec![Value::Undef, t])), None);
    }
}
