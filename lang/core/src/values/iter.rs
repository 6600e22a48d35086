//! Lazy iterators: the values `reverse_each` and `step` return when given no lambda.
//! They describe a transformation of a source and produce their values only when pulled,
//! so chains over huge ranges cost nothing until consumed.
//!
//! [`iterate`] turns any iterable value into a stream of values: arrays, hashes (as
//! `[key, value]` pairs), strings (as characters), integers (`n` times: `0..n`), bounded
//! `Integer[a, b]` ranges, `Enum[...]` types (sorted names) and lazy iterators.

use super::Value;
use crate::types::{IntRange, PType};
use std::rc::Rc;

#[derive(Debug, Clone)]
pub enum LazyIter {
    /// The elements of an iterable value in reverse order.
    Reverse(Value),
    /// Every `n`th element of an iterable value, starting with the first (`n >= 1`).
    Step(Value, i64),
}

/// A stream of values.
pub type Values = Box<dyn Iterator<Item = Value>>;

impl LazyIter {
    /// The values, in order.
    pub fn iter(&self) -> Option<Values> {
        match self {
            LazyIter::Reverse(source) => reversed(source),
            LazyIter::Step(source, n) => {
                let n = usize::try_from((*n).max(1)).unwrap_or(usize::MAX);
                Some(Box::new(iterate(source)?.step_by(n)))
            }
        }
    }

    /// All values (for printing and `Array(...)`); iterators are always finite.
    pub fn to_vec(&self) -> Vec<Value> {
        self.iter().map(|it| it.collect()).unwrap_or_default()
    }

    /// The value the chain starts from (an array, a range type, ...).
    pub fn source(&self) -> &Value {
        match self {
            LazyIter::Reverse(s) | LazyIter::Step(s, _) => match s {
                Value::Iterator(inner) => inner.source(),
                other => other,
            },
        }
    }
}

/// The integers an iterable integer or `Integer[a, b]` range produces, in order, as a range
/// (what [`iterate`] gives them as values; empty when there are none), `None` for any
/// other value: the iterations loop over them without a stream of values.
pub fn integers(v: &Value) -> Option<std::ops::RangeInclusive<i64>> {
    match v {
        Value::Integer(n) if *n > 0 => Some(0..=*n - 1),
        // (no integers: an empty range)
        #[allow(clippy::reversed_empty_ranges)]
        Value::Integer(_) => Some(1..=0),
        Value::Type(t) => {
            let r = bounded_range(t)?;
            Some(r.from.min(r.to)..=r.from.max(r.to))
        }
        _ => None,
    }
}

/// The values an iterable value produces, or `None` if it is not iterable.
pub fn iterate(v: &Value) -> Option<Values> {
    Some(match v {
        Value::Array(a) => {
            let a = a.clone();
            Box::new((0..a.len()).map(move |i| a[i].clone()))
        }
        Value::Hash(h) => {
            let h = h.clone();
            Box::new((0..h.len()).filter_map(move |i| {
                h.get_index(i)
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            }))
        }
        Value::String(s) => {
            let s = s.clone();
            let mut at = 0;
            Box::new(std::iter::from_fn(move || {
                let c = s[at..].chars().next()?;
                at += c.len_utf8();
                Some(Value::String(c.to_string().into()))
            }))
        }
        Value::Integer(n) => Box::new((0..(*n).max(0)).map(Value::Integer)),
        Value::Type(t) => type_values(t)?,
        Value::Iterator(it) => it.iter()?,
        _ => return None,
    })
}

/// Whether a value can be iterated (bounded ranges only).
pub fn is_iterable(v: &Value) -> bool {
    match v {
        Value::Array(_) | Value::Hash(_) | Value::String(_) | Value::Integer(_) => true,
        Value::Iterator(_) => true,
        Value::Type(t) => bounded_range(t).is_some() || enum_names(t).is_some(),
        _ => false,
    }
}

/// The values in reverse, without copying arrays or materializing ranges.
fn reversed(v: &Value) -> Option<Values> {
    Some(match v {
        Value::Array(a) => {
            let a = a.clone();
            Box::new((0..a.len()).rev().map(move |i| a[i].clone()))
        }
        Value::Integer(n) => Box::new((0..(*n).max(0)).rev().map(Value::Integer)),
        Value::Type(t) => match bounded_range(t) {
            Some(r) => Box::new(range_values(r.to, r.from)),
            None => {
                let all: Vec<Value> = type_values(t)?.collect();
                Box::new(all.into_iter().rev())
            }
        },
        Value::Iterator(it) => match &**it {
            // Reversing a reversal gives the source order back.
            LazyIter::Reverse(inner) => iterate(inner)?,
            LazyIter::Step(..) => {
                let all: Vec<Value> = it.iter()?.collect();
                Box::new(all.into_iter().rev())
            }
        },
        other => {
            let all: Vec<Value> = iterate(other)?.collect();
            Box::new(all.into_iter().rev())
        }
    })
}

fn resolve(t: &PType) -> PType {
    match t {
        PType::Alias(a) => a.resolved(),
        other => other.clone(),
    }
}

fn bounded_range(t: &PType) -> Option<IntRange> {
    match resolve(t) {
        PType::Integer(r) if r.from != i64::MIN && r.to != i64::MAX => Some(r),
        _ => None,
    }
}

fn enum_names(t: &PType) -> Option<Vec<Rc<str>>> {
    match resolve(t) {
        PType::Enum { ref values, .. } if !values.is_empty() => {
            let mut v = values.clone();
            v.sort();
            v.dedup();
            Some(v)
        }
        _ => None,
    }
}

/// The values of an iterable type: `Integer[a, b]` (ascending) and `Enum[...]` (sorted).
fn type_values(t: &PType) -> Option<Values> {
    if let Some(r) = bounded_range(t) {
        let (lo, hi) = (r.from.min(r.to), r.from.max(r.to));
        return Some(Box::new(range_values(lo, hi)));
    }
    let names = enum_names(t)?;
    Some(Box::new(names.into_iter().map(Value::String)))
}

/// `from..=to`, counting up or down.
fn range_values(from: i64, to: i64) -> impl Iterator<Item = Value> {
    let up = from <= to;
    let len = (to as i128 - from as i128).unsigned_abs() + 1;
    (0..len).map(move |i| {
        let i = i as i128;
        Value::Integer(if up {
            from as i128 + i
        } else {
            from as i128 - i
        } as i64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(it: Values) -> Vec<i64> {
        it.map(|v| v.as_int().unwrap()).collect()
    }

    fn range(a: i64, b: i64) -> Value {
        Value::typ(PType::Integer(IntRange::new(a, b)))
    }

    #[test]
    fn reverse_and_step_compose_lazily() {
        let arr = Value::array(vec![1.into(), 2.into(), 3.into()]);
        let rev = Value::Iterator(Rc::new(LazyIter::Reverse(arr)));
        assert_eq!(ints(iterate(&rev).unwrap()), [3, 2, 1]);
        let step = LazyIter::Step(rev, 2);
        assert_eq!(ints(step.iter().unwrap()), [3, 1]);
        // Huge ranges are never materialized.
        let big = LazyIter::Step(range(1, 1_000_000_000), 3);
        assert_eq!(ints(Box::new(big.iter().unwrap().take(3))), [1, 4, 7]);
        let back = LazyIter::Reverse(range(1, 1_000_000_000));
        assert_eq!(
            ints(Box::new(back.iter().unwrap().take(2))),
            [1_000_000_000, 999_999_999]
        );
    }

    #[test]
    fn iterable_values() {
        assert_eq!(ints(iterate(&Value::Integer(3)).unwrap()), [0, 1, 2]);
        assert!(iterate(&range(0, i64::MAX)).is_none());
        assert!(!is_iterable(&range(i64::MIN, 3)));
        let chars: Vec<Value> = iterate(&Value::from("åb")).unwrap().collect();
        assert_eq!(chars, [Value::from("å"), Value::from("b")]);
        let e = PType::Enum {
            values: vec!["b".into(), "a".into()],
            case_insensitive: false,
        };
        let names: Vec<Value> = iterate(&Value::typ(e)).unwrap().collect();
        assert_eq!(names, [Value::from("a"), Value::from("b")]);
        let double = LazyIter::Reverse(Value::Iterator(Rc::new(LazyIter::Reverse(
            Value::Integer(2),
        ))));
        assert_eq!(ints(double.iter().unwrap()), [0, 1]);
    }

    /// `integers` gives the integers `iterate` gives, for integers and integer ranges,
    /// and nothing for other values.
    #[test]
    fn integers_are_what_iterate_gives() {
        let values = [
            Value::Integer(3),
            Value::Integer(1),
            Value::Integer(0),
            Value::Integer(-4),
            Value::Integer(i64::MIN),
            range(1, 5),
            range(5, 1),
            range(-3, -3),
            range(-2, 2),
            range(i64::MIN + 1, i64::MIN + 3),
            range(i64::MAX - 3, i64::MAX - 1),
        ];
        for v in &values {
            let direct: Vec<i64> = integers(v).unwrap().collect();
            assert_eq!(direct, ints(iterate(v).unwrap()), "{v:?}");
        }
        for v in [
            range(0, i64::MAX),
            Value::array(vec![1.into()]),
            Value::from("ab"),
            Value::Undef,
        ] {
            assert!(integers(&v).is_none(), "{v:?}");
        }
    }
}
