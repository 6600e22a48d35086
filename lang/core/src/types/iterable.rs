//! Iteration over types (`Integer[1, 5].each`, `Enum[a, b].each`) and the element types of
//! iterable values and types (`Iterable[T]`).
use super::{common_type, infer, IntRange, PType};
use crate::values::{LazyIter, Value};
use std::rc::Rc;

/// The values a type iterates over, produced lazily from either end (`reverse_each`).
#[derive(Debug, Clone)]
pub enum TypeValues {
    /// The integers `front..=back` not yet produced.
    Range { front: i64, back: i64, done: bool },
    /// The strings of an `Enum`, `values[front..back]` not yet produced.
    Strings {
        values: Rc<[Rc<str>]>,
        front: usize,
        back: usize,
    },
}

impl Iterator for TypeValues {
    type Item = Value;
    fn next(&mut self) -> Option<Value> {
        match self {
            TypeValues::Range { front, back, done } => {
                if *done {
                    return None;
                }
                let v = *front;
                if v == *back {
                    *done = true;
                } else {
                    *front += 1;
                }
                Some(Value::Integer(v))
            }
            TypeValues::Strings {
                values,
                front,
                back,
            } => {
                if front >= back {
                    return None;
                }
                let v = values.get(*front)?.clone();
                *front += 1;
                Some(Value::String(v))
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match self {
            TypeValues::Range { done: true, .. } => 0,
            TypeValues::Range { front, back, .. } => {
                usize::try_from((*back as i128 - *front as i128 + 1).max(0)).unwrap_or(usize::MAX)
            }
            TypeValues::Strings { front, back, .. } => back.saturating_sub(*front),
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for TypeValues {}

impl DoubleEndedIterator for TypeValues {
    fn next_back(&mut self) -> Option<Value> {
        match self {
            TypeValues::Range { front, back, done } => {
                if *done {
                    return None;
                }
                let v = *back;
                if v == *front {
                    *done = true;
                } else {
                    *back -= 1;
                }
                Some(Value::Integer(v))
            }
            TypeValues::Strings {
                values,
                front,
                back,
            } => {
                if front >= back {
                    return None;
                }
                *back -= 1;
                values.get(*back).map(|v| Value::String(v.clone()))
            }
        }
    }
}

/// The values of a bounded `Integer[a, b]` (ascending; `.rev()` for descending) or of a
/// non-empty `Enum` (sorted, as the reference keeps them). `None` for other types and for
/// unbounded ranges (the reference's error for iterating those is the caller's).
pub fn iterable_values(t: &PType) -> Option<TypeValues> {
    match t {
        PType::Integer(r) if r.from != i64::MIN && r.to != i64::MAX => Some(TypeValues::Range {
            front: r.from,
            back: r.to,
            done: r.from > r.to,
        }),
        PType::Enum { values, .. } if !values.is_empty() => Some(TypeValues::Strings {
            values: values.iter().cloned().collect(),
            front: 0,
            back: values.len(),
        }),
        PType::Alias(a) => iterable_values(&a.resolved()),
        _ => None,
    }
}

/// Whether a value is iterable: [`element_type_of_value`] is `Some`, decided without
/// inferring the elements' type (a lazy iterator's source was iterable when it was made).
pub fn is_iterable_value(v: &Value) -> bool {
    match v {
        Value::String(_) | Value::Array(_) | Value::Hash(_) | Value::Iterator(_) => true,
        Value::Integer(n) => *n >= 0,
        Value::Type(t) => element_type_of_type_value(t).is_some(),
        _ => false,
    }
}

/// The type of the elements an iterable value produces, or `None` when the value is not
/// iterable. Strings produce strings; hashes `Tuple[K, V]`; an integer `n` the integers
/// `0..n-1`; an `Integer[a, b]` or `Enum` type value its values.
pub fn element_type_of_value(mut v: &Value) -> Option<PType> {
    // A lazy iterator produces its source's elements: down a chain of them in a loop.
    while let Value::Iterator(it) = v {
        v = match &**it {
            LazyIter::Reverse(s) | LazyIter::Step(s, _) => s,
        };
    }
    match v {
        Value::String(_) => Some(PType::String {
            size: IntRange::new(1, 1),
            value: None,
        }),
        Value::Integer(n) if *n >= 0 => Some(PType::Integer(IntRange::new(0, (*n - 1).max(0)))),
        // The reduced inference computes the common type of the elements in linear time.
        Value::Array(a) => Some(match (a.len(), super::infer_reduced(v)) {
            (0, _) => PType::Unit,
            (_, PType::Array(ref mut elem, _)) => std::mem::replace(&mut **elem, PType::Any),
            (_, _) => a
                .iter()
                .map(infer)
                .reduce(|acc, t| common_type(&acc, &t))
                .unwrap_or(PType::Unit),
        }),
        Value::Hash(h) => Some(match h.len() {
            0 => PType::Tuple(vec![PType::Unit, PType::Unit], None),
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
        PType::Array(_, s) if s.to == 0 => Some(PType::Unit),
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
