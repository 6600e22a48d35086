//! Iterable values as lazy sequences: arrays, hashes (as `[key, value]` pairs), strings (as
//! characters), integers (`n` times), `Integer[a, b]` and `Enum[...]` types, and the lazy
//! iterators of `reverse_each` and `step`. Ranges are never turned into arrays.

use crate::error::Error;
use crate::eval::{EvalResult, Evaluator};
use crate::types::{IntRange, PType};
use crate::values::{LazyIter, Value};

pub type Values = Box<dyn Iterator<Item = Value>>;

/// The values an iterable value produces, or `None` if it is not iterable.
pub fn values(v: &Value) -> Result<Option<Values>, Error> {
    Ok(Some(match v {
        Value::Array(a) => {
            let a = a.clone();
            Box::new((0..a.len()).map(move |i| a[i].clone()))
        }
        Value::Hash(h) => {
            let h = h.clone();
            Box::new((0..h.len()).map(move |i| {
                let (k, v) = h.get_index(i).expect("index in range");
                Value::array(vec![k.clone(), v.clone()])
            }))
        }
        Value::String(s) => {
            let chars: Vec<Value> = s
                .chars()
                .map(|c| Value::String(c.to_string().into()))
                .collect();
            Box::new(chars.into_iter())
        }
        Value::Integer(n) => Box::new((0..(*n).max(0)).map(Value::Integer)),
        Value::Type(t) => match type_values(t)? {
            Some(it) => it,
            None => return Ok(None),
        },
        Value::Iterator(it) => match &**it {
            LazyIter::Reverse(source) => match source {
                Value::Type(t) if matches!(**t, PType::Integer(_)) => {
                    let PType::Integer(r) = **t else {
                        unreachable!()
                    };
                    Box::new(range_values(IntRange::new(r.to, r.from)))
                }
                other => {
                    let all: Vec<Value> = match values(other)? {
                        Some(it) => it.collect(),
                        None => return Ok(None),
                    };
                    Box::new(all.into_iter().rev())
                }
            },
            LazyIter::Step(source, n) => match values(source)? {
                Some(it) => Box::new(it.step_by((*n).max(1) as usize)),
                None => return Ok(None),
            },
        },
        _ => return Ok(None),
    }))
}

/// The values of an iterable type: `Integer[a, b]` (in its direction) and `Enum[...]`.
fn type_values(t: &PType) -> Result<Option<Values>, Error> {
    match t {
        PType::Integer(r) if r.from != i64::MIN && r.to != i64::MAX => {
            Ok(Some(Box::new(range_values(*r))))
        }
        PType::Enum { values, .. } if !values.is_empty() => {
            let mut v: Vec<_> = values.clone();
            v.sort();
            v.dedup();
            Ok(Some(Box::new(v.into_iter().map(Value::String))))
        }
        PType::Alias(a) => type_values(&a.resolved()),
        _ => Ok(None),
    }
}

fn range_values(r: IntRange) -> impl Iterator<Item = Value> {
    let (from, to) = (r.from, r.to);
    let up = from <= to;
    let len = (to as i128 - from as i128).unsigned_abs() + 1;
    (0..len).map(move |i| {
        Value::Integer(if up {
            (from as i128 + i as i128) as i64
        } else {
            (from as i128 - i as i128) as i64
        })
    })
}

impl Evaluator {
    /// All values of an iterable as an array (for `*x`, `Array(x)`).
    pub fn to_array(&mut self, v: &Value) -> EvalResult<Vec<Value>> {
        match values(v)? {
            Some(it) => {
                let mut out = Vec::new();
                for (i, x) in it.enumerate() {
                    if i % 4096 == 0 {
                        self.check_interrupt()?;
                    }
                    out.push(x);
                }
                Ok(out)
            }
            None => Ok(vec![v.clone()]),
        }
    }
}
