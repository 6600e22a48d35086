//! The elements of an iterable value, as `Array.new`, `Hash.new` and the formatter of
//! iterators need them.

use crate::error::Error;
use crate::types::PType;
use crate::values::{LazyIter, Value};

/// The most elements an iteration may produce.
pub const MAX_ELEMENTS: i128 = 10_000_000;

fn too_many() -> Error {
    Error::eval(format!(
        "Cannot iterate over more than {MAX_ELEMENTS} elements"
    ))
}

/// The elements of `v` when it is iterable (`None` when it is not): array elements, hash
/// entries as `[key, value]`, string characters, `0..n` for an integer, the integers of a
/// bounded `Integer` type, the values of an `Enum` type, and what an iterator produces.
pub fn elements(v: &Value) -> Option<Result<Vec<Value>, Error>> {
    elements_at(v, 0)
}

fn elements_at(v: &Value, depth: usize) -> Option<Result<Vec<Value>, Error>> {
    if depth > 256 {
        return Some(Err(Error::new(
            crate::error::ErrorKind::Limit,
            "Iterator nesting is too deep",
        )));
    }
    Some(Ok(match v {
        // A negative integer is no Iterable (`Array(-3)` cannot convert it), as in the
        // reference.
        Value::Integer(n) if *n < 0 => return None,
        Value::Array(a) => a.to_vec(),
        Value::Hash(h) => h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect(),
        Value::String(s) => {
            // (a value and a string of one character for each, 48 bytes or so)
            let each = std::mem::size_of::<Value>() + 32;
            if let Err(e) = crate::limits::reserve(s.len().saturating_mul(each)) {
                return Some(Err(e));
            }
            s.chars().map(|c| Value::from(c.to_string())).collect()
        }
        Value::Integer(n) => {
            if i128::from(*n) > MAX_ELEMENTS {
                return Some(Err(too_many()));
            }
            if let Err(e) = crate::limits::reserve_for::<Value>((*n).max(0) as usize) {
                return Some(Err(e));
            }
            (0..(*n).max(0)).map(Value::Integer).collect()
        }
        Value::Type(t) => match &**t {
            PType::Integer(r) => {
                // (an unbounded range is no Iterable: `Array(Integer[1])` cannot convert it)
                if r.from == i64::MIN || r.to == i64::MAX {
                    return None;
                }
                let (lo, hi) = (r.from.min(r.to), r.from.max(r.to));
                if i128::from(hi) - i128::from(lo) >= MAX_ELEMENTS {
                    return Some(Err(too_many()));
                }
                if let Err(e) = crate::limits::reserve_for::<Value>((hi - lo) as usize + 1) {
                    return Some(Err(e));
                }
                (lo..=hi).map(Value::Integer).collect()
            }
            PType::Enum { values, .. } => values.iter().map(|s| Value::String(s.clone())).collect(),
            _ => return None,
        },
        Value::Iterator(it) => match &**it {
            LazyIter::Reverse(src) => match elements_at(src, depth + 1)? {
                Ok(mut items) => {
                    items.reverse();
                    items
                }
                Err(e) => return Some(Err(e)),
            },
            LazyIter::Step(src, n) => match elements_at(src, depth + 1)? {
                Ok(items) => items.into_iter().step_by((*n).max(1) as usize).collect(),
                Err(e) => return Some(Err(e)),
            },
        },
        _ => return None,
    }))
}
