//! Whether the reduced type inference would give a value (or the common type of a
//! collection's elements) lies within `Data`, found by a walk over the value without
//! building that type.
//!
//! A record's reduced type merges its numbers, strings and nested collections into `Data`,
//! and a collection of such records then merges each record's reduced type with `Data`
//! again, which keeps `Data` exactly when the record's type lies within it. Building each
//! record's type (and asking `is_assignable`) to learn that cost most of `type(v,
//! 'reduced')` and `type(v, 'generalized')` on nested data; this walk answers it from the
//! values. It follows `common_type`'s rules where it answers, in `common_of`'s order, and
//! answers "not known" (`None`) wherever they could leave `Data` (`undef` beside other
//! values merges to `Any`, an array beside a hash to `Collection`) or where it does not
//! follow them (empty collections, values other than numbers, strings, booleans and
//! `undef`): the caller then infers the type in full.
use crate::values::Value;

/// What the merged type is at its innermost level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Base {
    /// a number, string or boolean type, or a common type of them (within `ScalarData`)
    Scalar,
    /// `Undef`
    Undef,
    /// `Data` itself (a scalar and a collection within `Data` merge to it)
    Data,
}

/// The reduced (or common reduced) type as far as its place in `Data` goes: `depth`
/// levels of non-empty arrays and hashes with string keys around a `base`; bit `i` of
/// `hashes` is set when level `i` (0 outermost) is a hash. Every shape lies within `Data`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Shape {
    hashes: u32,
    depth: u8,
    base: Base,
}

/// The most levels of nesting a shape follows (bits of `Shape::hashes`).
const MAX_LEVELS: u8 = 32;

const SCALAR: Shape = Shape {
    hashes: 0,
    depth: 0,
    base: Base::Scalar,
};

impl Shape {
    /// Whether the type is a non-empty array or hash type, or `Data`: what a plain scalar
    /// type merges with into `Data` (by `common_type`'s abstract unions or assignability).
    pub(super) fn merges_scalar_into_data(self) -> bool {
        self.depth > 0 || self.base == Base::Data
    }
}

/// The shape of the reduced type of `v`, inferred at `depth` (as `Inference::reduced`
/// counts it); `None` when not known to lie within `Data`, or when that inference would
/// stop (too deep, interrupted).
pub(super) fn shape(v: &Value, depth: usize) -> Option<Shape> {
    if depth > crate::limits::MAX_VALUE_DEPTH {
        return None;
    }
    match v {
        Value::Integer(_) | Value::Float(_) | Value::String(_) | Value::Boolean(_) => Some(SCALAR),
        Value::Undef => Some(Shape {
            base: Base::Undef,
            ..SCALAR
        }),
        Value::Array(a) if !a.is_empty() => nest(elements_shape(a.iter(), depth + 1)?, false),
        Value::Hash(h) if !h.is_empty() && h.keys().all(|k| matches!(k, Value::String(_))) => {
            nest(elements_shape(h.values(), depth + 1)?, true)
        }
        _ => None,
    }
}

/// A level of array (or hash) around an element shape.
fn nest(inner: Shape, hash: bool) -> Option<Shape> {
    if inner.depth >= MAX_LEVELS || crate::limits::interrupted() {
        return None;
    }
    Some(Shape {
        hashes: (inner.hashes << 1) | hash as u32,
        depth: inner.depth + 1,
        base: inner.base,
    })
}

/// The shape of the common reduced type of some values at `depth`, merged in
/// `Inference::common_of`'s order: the values that are no strings in turn, then their
/// strings (gathered into one string type) last. `None` also for no values.
pub(super) fn elements_shape<'a>(
    values: impl Iterator<Item = &'a Value>,
    depth: usize,
) -> Option<Shape> {
    let mut acc: Option<Shape> = None;
    let mut strings = false;
    for v in values {
        if let Value::String(_) = v {
            strings = true;
            continue;
        }
        let s = shape(v, depth)?;
        acc = Some(match acc {
            None => s,
            Some(a) => join(a, s)?,
        });
    }
    if strings {
        acc = Some(match acc {
            None => SCALAR,
            Some(a) => join(a, SCALAR)?,
        });
    }
    acc
}

/// The shape of `common_type(a, b)` for types of shapes `a` and `b`, when it lies within
/// `Data`.
fn join(a: Shape, b: Shape) -> Option<Shape> {
    if a == b {
        return Some(a);
    }
    // Arrays merge with arrays and hashes with hashes level by level (their element
    // types merged); an array and a hash at the same level merge to `Collection`.
    let common = a.depth.min(b.depth);
    // (`common` is at most `MAX_LEVELS`, 32)
    let mask = ((1u64 << common) - 1) as u32;
    if (a.hashes ^ b.hashes) & mask != 0 {
        return None;
    }
    let base = if a.depth == b.depth {
        match (a.base, b.base) {
            (x, y) if x == y => x,
            // a scalar or undef and `Data`: `Data` holds it
            (Base::Data, _) | (_, Base::Data) => Base::Data,
            // undef and a scalar: `Any`
            _ => return None,
        }
    } else {
        // At level `common` one side is a collection within `Data`, the other its base:
        // a scalar type and the collection merge to `Data` (the first abstract union that
        // holds both), `Data` holds the collection; `undef` beside it gives `Any`.
        let base = if a.depth < b.depth { a.base } else { b.base };
        match base {
            Base::Scalar | Base::Data => Base::Data,
            Base::Undef => return None,
        }
    };
    Some(Shape {
        hashes: a.hashes & mask,
        depth: common,
        base,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{infer_reduced, is_assignable, PType};

    /// Every value with a shape has a reduced type within `Data`.
    #[test]
    fn shapes_lie_within_data() {
        let int = Value::Integer;
        let st = |s: &str| Value::string(s);
        let arr = Value::array;
        let hash = |pairs: Vec<(Value, Value)>| Value::hash(pairs.into_iter().collect());
        let values = vec![
            int(1),
            Value::Undef,
            arr(vec![Value::Undef, Value::Undef]),
            arr(vec![
                int(1),
                arr(vec![int(2)]),
                hash(vec![(st("a"), int(1))]),
            ]),
            arr(vec![
                arr(vec![int(1), st("x")]),
                arr(vec![int(2), Value::Boolean(true)]),
            ]),
            hash(vec![(st(""), Value::Undef)]),
            hash(vec![
                (st("a"), arr(vec![int(1)])),
                (st("b"), arr(vec![arr(vec![Value::Float(1.5)])])),
            ]),
        ];
        for v in &values {
            assert!(shape(v, 0).is_some(), "{v:?}");
            let t = infer_reduced(v);
            assert!(is_assignable(&PType::Data, &t), "{v:?}: {t}");
        }
        // (an array beside a hash, undef beside a number, keys that are no strings)
        for v in [
            arr(vec![arr(vec![int(1)]), hash(vec![(st("a"), int(1))])]),
            arr(vec![Value::Undef, int(1)]),
            hash(vec![(int(1), int(1))]),
            arr(vec![]),
        ] {
            assert_eq!(shape(&v, 0), None, "{v:?}");
        }
    }
}
