//! Iteration over types (`Integer[1, 5].each`, `Enum[a, b].each`) and the element types of
//! iterable values and types (`Iterable[T]`).
use super::{common_type, infer, IntRange, PType};
use crate::values::{LazyIter, Value};
use std::rc::Rc;

/// The values a type iterates over, produced lazily.
#[derive(Debug, Clone)]
pub enum TypeValues {
    /// Integers from `next` towards `last` (inclusive), ascending or descending.
    Range {
        next: i64,
        last: i64,
        step: i64,
        done: bool,
    },
    /// The strings of an `Enum`.
    Strings { values: Rc<[Rc<str>]>, pos: usize },
}

impl Iterator for TypeValues {
    type Item = Value;
    fn next(&mut self) -> Option<Value> {
        match self {
            TypeValues::Range {
                next,
                last,
                step,
                done,
            } => {
                if *done {
                    return None;
                }
                let v = *next;
                if v == *last {
                    *done = true;
                } else {
                    *next += *step;
                }
                Some(Value::Integer(v))
            }
            TypeValues::Strings { values, pos } => {
                let v = values.get(*pos)?;
                *pos += 1;
                Some(Value::String(v.clone()))
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.len_remaining();
        (n, Some(n))
    }
}

impl TypeValues {
    fn len_remaining(&self) -> usize {
        match self {
            TypeValues::Range { done: true, .. } => 0,
            TypeValues::Range { next, last, .. } => {
                (*last as i128 - *next as i128)
                    .unsigned_abs()
                    .min(usize::MAX as u128 - 1) as usize
                    + 1
            }
            TypeValues::Strings { values, pos } => values.len().saturating_sub(*pos),
        }
    }
}

/// The values of a bounded `Integer[a, b]` (ascending; descending when written `Integer[b, a]`
/// is impossible, so a `from > to` range iterates downwards) or of a non-empty `Enum`.
/// `None` for other types and unbounded ranges.
pub fn iterable_values(t: &PType) -> Option<TypeValues> {
    match t {
        PType::Integer(r) if r.from != i64::MIN && r.to != i64::MAX => {
            let step = if r.from <= r.to { 1 } else { -1 };
            Some(TypeValues::Range {
                next: r.from,
                last: r.to,
                step,
                done: false,
            })
        }
        PType::Enum { values, .. } if !values.is_empty() => Some(TypeValues::Strings {
            values: values.iter().cloned().collect(),
            pos: 0,
        }),
        PType::Alias(a) => iterable_values(&a.resolved()),
        _ => None,
    }
}

/// The type of the elements an iterable value produces, or `None` when the value is not
/// iterable. Strings produce strings; hashes `Tuple[K, V]`; an integer `n` the integers
/// `0..n-1`; an `Integer[a, b]` or `Enum` type value its values.
pub fn element_type_of_value(v: &Value) -> Option<PType> {
    match v {
        Value::String(_) => Some(PType::String {
            size: IntRange::new(1, 1),
            value: None,
        }),
        Value::Integer(n) if *n >= 0 => Some(PType::Integer(IntRange::new(0, (*n - 1).max(0)))),
        Value::Array(a) => Some(match a.len() {
            0 => PType::Unit,
            _ => a
                .iter()
                .map(infer)
                .reduce(|acc, t| common_type(&acc, &t))
                .unwrap_or(PType::Unit),
        }),
        Value::Hash(h) => Some(match h.len() {
            0 => PType::Unit,
            _ => {
                let k = h
                    .keys()
                    .map(infer)
                    .reduce(|acc, t| common_type(&acc, &t))
                    .unwrap_or(PType::Unit);
                let e = h
                    .values()
                    .map(infer)
                    .reduce(|acc, t| common_type(&acc, &t))
                    .unwrap_or(PType::Unit);
                PType::Tuple(vec![k, e], None)
            }
        }),
        Value::Type(t) => element_type_of_type_value(t),
        Value::Iterator(it) => match &**it {
            LazyIter::Reverse(s) | LazyIter::Step(s, _) => element_type_of_value(s),
        },
        _ => None,
    }
}

/// A type as an iterable value: `Integer[1, 5]` → `Integer[1, 5]`, `Enum[a, b]` → itself.
fn element_type_of_type_value(t: &PType) -> Option<PType> {
    match t {
        PType::Integer(r) if r.from != i64::MIN && r.to != i64::MAX => Some(PType::Integer(*r)),
        PType::Enum { values, .. } if !values.is_empty() => Some(t.clone()),
        PType::Alias(a) => element_type_of_type_value(&a.resolved()),
        _ => None,
    }
}

/// The element type of every instance of an iterable type (`Array[T]` → `T`), or `None`
/// when instances of the type are not (all) iterable.
pub fn element_type_of_type(t: &PType) -> Option<PType> {
    match t {
        PType::String { .. } | PType::Enum { .. } => Some(PType::string()),
        PType::Collection(_) => Some(PType::Any),
        PType::Array(e, _) => Some((**e).clone()),
        PType::Tuple(types, _) => Some(match types.len() {
            0 => PType::Any,
            _ => super::create::variant(types.clone()),
        }),
        PType::Hash(k, v, _) => Some(PType::Tuple(vec![(**k).clone(), (**v).clone()], None)),
        PType::Struct(members) => Some(match members {
            Some(ms) if !ms.is_empty() => PType::Tuple(
                vec![
                    PType::string(),
                    super::create::variant(ms.iter().map(|m| m.value.clone()).collect()),
                ],
                None,
            ),
            _ => PType::Tuple(vec![PType::string(), PType::Any], None),
        }),
        // An integer n iterates 0..n-1 (nothing when n <= 0).
        PType::Integer(r) => Some(PType::Integer(IntRange::new(
            0,
            r.to.saturating_sub(1).max(0),
        ))),
        PType::Iterable(e) | PType::Iterator(e) => {
            Some(e.as_deref().cloned().unwrap_or(PType::Any))
        }
        PType::Type(Some(inner)) => element_type_of_type_value(inner),
        PType::Alias(a) => element_type_of_type(&a.resolved()),
        _ => None,
    }
}
