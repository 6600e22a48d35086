//! Inference: the type of a value (`type(v)`, `type(v, 'reduced')`, `type(v, 'generalized')`).
//!
//! Each value is visited once; recursion follows the value's nesting only, on more stack
//! when needed (`limits::deep`), as far as printing follows nested values
//! (`limits::MAX_VALUE_DEPTH`): `Any` is inferred deeper, and [`infer_fully`] (what `type()`
//! uses) reports that instead. Strings of a collection are gathered in a set, so that the
//! common type of many distinct strings is built in linear time.
use super::common::{common_type, enum_of, merge_range, plain_scalar};
use super::infer_data;
use super::{IntRange, KeyKind, PType, StructMember};
use crate::values::{LazyIter, Value};
use rustc_hash::FxHashSet as HashSet;
use std::rc::Rc;

const MAX_DEPTH: usize = crate::limits::MAX_VALUE_DEPTH;

/// How much of a value's detail its inferred type keeps (`type(v, fidelity)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fidelity {
    /// `Integer[1, 1]`, `Tuple[...]`, `Struct[...]`
    Detailed,
    /// collections as `Array`/`Hash` of their elements' common type
    Reduced,
    /// no ranges, sizes or values
    Generalized,
}

/// One inference: whether some part was too deep and was inferred as `Any`.
#[derive(Default)]
struct Inference {
    cut: bool,
}

/// The detailed type: `Integer[1, 1]`, `Tuple[Integer[1, 1], String]`, ...
pub fn infer(v: &Value) -> PType {
    Inference::default().detailed(v, 0)
}

/// `type(v, 'reduced')`: collections as Array/Hash of the common type.
pub fn infer_reduced(v: &Value) -> PType {
    Inference::default().reduced(v, 0)
}

/// `type(v, 'generalized')`: no ranges or sizes.
pub fn infer_generalized(v: &Value) -> PType {
    generalize(&infer_reduced(v))
}

/// The type of `v` in the given fidelity, or `None` when `v` nests deeper than
/// `limits::MAX_VALUE_DEPTH` (where the other functions infer `Any`).
pub fn infer_fully(v: &Value, fidelity: Fidelity) -> Option<PType> {
    let mut inference = Inference::default();
    let t = match fidelity {
        Fidelity::Detailed => inference.detailed(v, 0),
        Fidelity::Reduced => inference.reduced(v, 0),
        Fidelity::Generalized => generalize(&inference.reduced(v, 0)),
    };
    (!inference.cut).then_some(t)
}

fn empty_array() -> PType {
    PType::Array(Box::new(PType::Unit), IntRange::new(0, 0))
}

fn empty_hash() -> PType {
    PType::Hash(
        Box::new(PType::Unit),
        Box::new(PType::Unit),
        IntRange::new(0, 0),
    )
}

fn exact(n: usize) -> IntRange {
    IntRange::new(n as i64, n as i64)
}

/// The type of a scalar or other non-collection value (same in every fidelity but SemVer).
fn leaf(v: &Value, detailed_semver: bool) -> Option<PType> {
    Some(match v {
        Value::Undef => PType::Undef,
        Value::Default => PType::Default,
        Value::Boolean(b) => PType::Boolean(Some(*b)),
        Value::Integer(i) => PType::Integer(IntRange::new(*i, *i)),
        Value::Float(x) => PType::Float(*x, *x),
        Value::String(s) => PType::string_value(s.clone()),
        Value::Regexp(r) => PType::Regexp(Some(r.clone())),
        Value::Type(t) => PType::Type(Some(Box::new((**t).clone()))),
        Value::Timespan(t) => PType::Timespan(Some((*t).into()), Some((*t).into())),
        Value::Timestamp(t) => PType::Timestamp(Some(*t), Some(*t)),
        Value::SemVer(v) if detailed_semver => {
            PType::SemVer(vec![crate::versions::SemVerRange::from_bounds(
                Some((**v).clone()),
                Some((**v).clone()),
                false,
            )])
        }
        Value::SemVer(_) => PType::SemVer(Vec::new()),
        Value::SemVerRange(_) => PType::SemVerRange,
        Value::Sensitive(inner) => PType::Sensitive(Some(Box::new(infer_generalized(inner)))),
        Value::Iterator(it) => iterator_type(it),
        Value::Binary(_) => PType::Binary,
        Value::Object(o) => super::object_extension::type_of_instance(o),
        Value::Uri(u) => PType::Uri(Some(std::rc::Rc::new(
            u.components()
                .into_iter()
                .map(|(k, v)| (Value::string(k), Value::string(v)))
                .collect(),
        ))),
        Value::Array(_) | Value::Hash(_) => return None,
    })
}

// PType's hash and equality use only an alias's name, never its (mutable) target.
#[allow(clippy::mutable_key_type)]
fn iterator_type(it: &LazyIter) -> PType {
    let source = match it {
        LazyIter::Reverse(s) | LazyIter::Step(s, _) => s,
    };
    // As the reference: `Unit` for nothing to produce (an empty array, an Integer of 0 or
    // less), a hash's entries as `Tuple[K, V, 2, 2]`.
    let elem = match source {
        Value::Array(a) if a.is_empty() => Some(PType::Unit),
        Value::Array(a) => {
            let mut seen: Vec<PType> = Vec::new();
            let mut set = HashSet::default();
            for e in a.iter() {
                let t = infer(e);
                if set.insert(t.clone()) {
                    seen.push(t);
                }
            }
            Some(super::create::variant(seen))
        }
        Value::Integer(n) if *n <= 0 => Some(PType::Unit),
        other => {
            let t = super::iterable::element_type_of_value(other);
            match (&t, other) {
                (Some(PType::Tuple(members, None)), Value::Hash(_)) => {
                    Some(PType::Tuple(members.clone(), Some(IntRange::new(2, 2))))
                }
                _ => t,
            }
        }
    };
    let elem = elem.map(Box::new);
    PType::Iterator(elem)
}

/// Up to this many distinct strings, a collection's strings are compared with each other.
const FEW_STRINGS: usize = 16;

impl Inference {
    /// Whether the walk stops at `depth` (too deep, or interrupted: an interrupt leaves
    /// the flag set for the evaluator to report).
    fn stops(&mut self, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            self.cut = true;
            return true;
        }
        crate::limits::interrupted()
    }

    fn detailed(&mut self, v: &Value, depth: usize) -> PType {
        if self.stops(depth) {
            return PType::Any;
        }
        match v {
            Value::Array(_) | Value::Hash(_) => {
                crate::limits::deep(|| self.detailed_collection(v, depth + 1))
            }
            other => leaf(other, true).unwrap_or(PType::Any),
        }
    }

    /// The detailed type of an array or hash whose elements are at depth `d`.
    fn detailed_collection(&mut self, v: &Value, d: usize) -> PType {
        match v {
            Value::Array(a) if a.is_empty() => empty_array(),
            Value::Array(a) => PType::Tuple(a.iter().map(|e| self.detailed(e, d)).collect(), None),
            Value::Hash(h) if h.is_empty() => empty_hash(),
            // A Struct only when every key is a non-empty string (the reference's
            // `String[1]` test); otherwise a Hash of Variants.
            Value::Hash(h)
                if h.keys()
                    .all(|k| matches!(k, Value::String(s) if !s.is_empty())) =>
            {
                let members = h
                    .iter()
                    .map(|(k, e)| {
                        // (the key's own string: no copy)
                        let key: Rc<str> = match k {
                            Value::String(s) => s.clone(),
                            _ => Rc::from(""),
                        };
                        let value = self.detailed(e, d);
                        let key_kind = if matches!(value, PType::Undef) {
                            KeyKind::NotUndef
                        } else {
                            KeyKind::Plain
                        };
                        StructMember {
                            key,
                            key_kind,
                            value,
                        }
                    })
                    .collect();
                PType::Struct(Some(members))
            }
            Value::Hash(h) => {
                let k = self.variant_of(h.keys(), d);
                let e = self.variant_of(h.values(), d);
                PType::Hash(Box::new(k), Box::new(e), exact(h.len()))
            }
            other => leaf(other, true).unwrap_or(PType::Any),
        }
    }

    fn reduced(&mut self, v: &Value, depth: usize) -> PType {
        if self.stops(depth) {
            return PType::Any;
        }
        match v {
            Value::Array(a) if a.is_empty() => empty_array(),
            Value::Array(a) => crate::limits::deep(|| {
                PType::Array(
                    Box::new(self.common_of(a.iter(), depth + 1)),
                    exact(a.len()),
                )
            }),
            Value::Hash(h) if h.is_empty() => empty_hash(),
            Value::Hash(h) => crate::limits::deep(|| {
                let k = self.common_of(h.keys(), depth + 1);
                let e = self.common_of(h.values(), depth + 1);
                PType::Hash(Box::new(k), Box::new(e), exact(h.len()))
            }),
            other => leaf(other, false).unwrap_or(PType::Any),
        }
    }

    /// The Variant of the distinct detailed types of some values (at depth `d`), as the
    /// reference types the keys and values of a hash that is no Struct: each distinct
    /// string has a type of its own (printed `String`), so `{'a' => 1, 'b' => 2, 1 => 3}`
    /// has keys `Variant[String, String, Integer[1, 1]]`.
    // PType's hash and equality use only an alias's name, never its (mutable) target.
    #[allow(clippy::mutable_key_type)]
    fn variant_of<'a>(&mut self, values: impl Iterator<Item = &'a Value>, d: usize) -> PType {
        let mut seen = HashSet::default();
        let mut types = Vec::new();
        for v in values {
            let t = match v {
                Value::String(s) => PType::string_value(s.clone()),
                v => self.detailed(v, d),
            };
            if seen.insert(t.clone()) {
                types.push(t);
            }
        }
        super::create::variant(types)
    }

    /// The common reduced type of some values (at depth `d`); strings are collected first.
    fn common_of<'a>(&mut self, values: impl Iterator<Item = &'a Value>, d: usize) -> PType {
        let mut strings: Vec<Rc<str>> = Vec::new();
        // The distinct strings are found by comparing while there are few (small hashes' keys),
        // then with a set of them.
        // (FxHash: a collection's many keys are hashed once each; no hostile input to fear)
        let mut seen: rustc_hash::FxHashSet<Rc<str>> = Default::default();
        let mut acc: Option<PType> = None;
        for v in values {
            if let Value::String(s) = v {
                if strings.len() < FEW_STRINGS {
                    if !strings.contains(s) {
                        strings.push(s.clone());
                    }
                } else {
                    if seen.is_empty() {
                        seen.extend(strings.iter().cloned());
                    }
                    if seen.insert(s.clone()) {
                        strings.push(s.clone());
                    }
                }
                continue;
            }
            // Most elements widen the common type of the ones before in place: what
            // `common_type` gives, without a type built and dropped per element.
            if acc.as_mut().is_some_and(|a| widen(a, v, d)) {
                continue;
            }
            let t = self.reduced(v, d);
            acc = Some(match acc {
                None => t,
                // Most elements of a big collection have the type of the ones before.
                Some(a) if a == t => a,
                Some(a) => common_type(&a, &t),
            });
        }
        let strings = match strings.len() {
            0 => None,
            1 => strings.pop().map(PType::string_value),
            _ => Some(enum_of(strings)),
        };
        match (acc, strings) {
            (Some(a), Some(s)) => common_type(&a, &s),
            (Some(a), None) => a,
            (None, Some(s)) => s,
            (None, None) => PType::Unit,
        }
    }
}

/// Widens `acc`, the common reduced type of the elements before (not strings: they are
/// gathered apart), by `v` (at depth `d`) in place, when that gives exactly
/// `common_type(acc, reduced(v))`: a leaf (a number, a boolean) by the rules of
/// [`widens_by_leaves`], a non-empty array or hash of leaves (hash keys alike) an array or
/// hash type whose parts those leaves widen by the same rules, and by [`widen_to_data`]
/// a value, or an array's or hash's elements, whose reduced type lies within `Data`.
/// `false`, and `acc` as it was, otherwise.
fn widen(acc: &mut PType, v: &Value, d: usize) -> bool {
    // (a type of sizes up from 0 merges with another by other rules)
    match (&mut *acc, v) {
        (PType::Array(e, size), Value::Array(a)) if size.to > 0 && !a.is_empty() => {
            if widens_by_leaves(e, a.iter()) {
                widen_by_leaves(e, a.iter());
            } else if !widen_to_data(e, || infer_data::elements_shape(a.iter(), d + 1)) {
                return false;
            }
            *size = merge_range(*size, exact(a.len()));
            return true;
        }
        (PType::Hash(k, e, size), Value::Hash(h)) if size.to > 0 && !h.is_empty() => {
            // (the same steps over a small hash's entries as a slice: no iterator over
            // either kind of map per pass)
            if let Some(entries) = h.small_entries() {
                let keys = || entries.iter().map(|(k, _)| k);
                let values = || entries.iter().map(|(_, v)| v);
                if !widens_by_leaves(k, keys()) {
                    return false;
                }
                if widens_by_leaves(e, values()) {
                    widen_by_leaves(e, values());
                } else if !widen_to_data(e, || infer_data::elements_shape(h.values(), d + 1)) {
                    return false;
                }
                widen_by_leaves(k, keys());
                *size = merge_range(*size, exact(h.len()));
                return true;
            }
            if !widens_by_leaves(k, h.keys()) {
                return false;
            }
            if widens_by_leaves(e, h.values()) {
                widen_by_leaves(e, h.values());
            } else if !widen_to_data(e, || infer_data::elements_shape(h.values(), d + 1)) {
                return false;
            }
            widen_by_leaves(k, h.keys());
            *size = merge_range(*size, exact(h.len()));
            return true;
        }
        _ => {}
    }
    let leaf = std::slice::from_ref(v);
    if widens_by_leaves(acc, leaf.iter()) {
        widen_by_leaves(acc, leaf.iter());
        return true;
    }
    widen_to_data(acc, || infer_data::shape(v, d))
}

/// Makes `t` the common type of itself and a type whose shape `other` gives, when that is
/// `Data`: `t` is `Data` and the other type lies within it, or `t` is a plain scalar type
/// and the other a collection type within `Data` (their first abstract union holding both)
/// or `Data`. `false`, and `t` as it was, otherwise.
fn widen_to_data(t: &mut PType, other: impl FnOnce() -> Option<infer_data::Shape>) -> bool {
    if !plain_scalar(t) && !matches!(t, PType::Data) {
        return false;
    }
    match other() {
        Some(_) if matches!(t, PType::Data) => true,
        Some(shape) if shape.merges_scalar_into_data() => {
            *t = PType::Data;
            true
        }
        _ => false,
    }
}

/// Whether every value is a leaf that widens `t` in place (where `common_type(t,
/// common_of(values))` is `t` widened by each): integers an integer range, floats a float
/// range, numbers `Numeric`, numbers, strings and booleans `ScalarData`, strings a string
/// value or an enum of them (their union).
fn widens_by_leaves<'a>(t: &PType, mut values: impl Iterator<Item = &'a Value>) -> bool {
    values.all(|v| match (t, v) {
        (PType::Integer(_), Value::Integer(_))
        | (PType::Float(..), Value::Float(_))
        | (PType::Numeric, Value::Integer(_) | Value::Float(_))
        | (
            PType::ScalarData,
            Value::Integer(_) | Value::Float(_) | Value::String(_) | Value::Boolean(_),
        ) => true,
        (PType::String { value: Some(_), .. }, Value::String(_)) => true,
        (
            PType::Enum {
                values,
                case_insensitive: false,
            },
            Value::String(_),
        ) => !values.is_empty(),
        _ => false,
    })
}

/// Widens `t` by values [`widens_by_leaves`] accepted.
fn widen_by_leaves<'a>(t: &mut PType, values: impl Iterator<Item = &'a Value>) {
    // (leaves that `widens_by_leaves` accepted leave these as they are)
    if matches!(t, PType::ScalarData | PType::Numeric) {
        return;
    }
    for v in values {
        match (&mut *t, v) {
            (PType::Integer(r), Value::Integer(i)) => *r = merge_range(*r, IntRange::new(*i, *i)),
            (PType::Float(lo, hi), Value::Float(x)) => (*lo, *hi) = (lo.min(*x), hi.max(*x)),
            (PType::String { value: Some(a), .. }, Value::String(s)) if a != s => {
                *t = enum_of(vec![a.clone(), s.clone()]);
            }
            (PType::Enum { values, .. }, Value::String(s)) => {
                // Most strings are one of a few met before, most often the same string
                // (a literal's key): found by address first.
                if values.len() <= 16 && values.iter().any(|v| Rc::ptr_eq(v, s)) {
                    continue;
                }
                // (sorted and without duplicates, as `enum_of` leaves them)
                if let Err(at) = values.binary_search(s) {
                    values.insert(at, s.clone());
                }
            }
            _ => {}
        }
    }
}

/// Drops ranges, sizes and values: `Integer[1, 2]` → `Integer`, `Enum['a', 'bc']` →
/// `String[1, 2]`, `Array[T, 2, 2]` → `Array[T']`.
/// A type is a finite tree (aliases are kept, not followed): the recursion follows its
/// nesting, on more stack when needed.
pub fn generalize(t: &PType) -> PType {
    crate::limits::deep(|| generalize_here(t, Variants::Merged))
}

/// How [`generalize`] treats a `Variant`: one an inference made (the types of an array's
/// elements) is their common type (`Array[ScalarData]` for `[1, 'a']`); one written in a
/// type value (`type(Variant[Integer, String], 'generalized')`) keeps its members, each
/// generalized, as the reference's `PVariantType#generalize` does (`Type[Variant[Integer,
/// String]]`; equal members once: `Variant[Integer[1, 2], Integer[5, 6]]` is `Integer`).
#[derive(Clone, Copy)]
enum Variants {
    Merged,
    Kept,
}

fn generalize_here(t: &PType, variants: Variants) -> PType {
    let g = |t: &PType| crate::limits::deep(|| generalize_here(t, variants));
    let gb = |t: &PType| Box::new(g(t));
    match t {
        PType::Integer(_) => PType::integer(),
        PType::Float(..) => PType::float(),
        PType::String { .. } => PType::string(),
        PType::Enum { values, .. } if !values.is_empty() => {
            let lens = values.iter().map(|v| v.chars().count() as i64);
            let lo = lens.clone().min().unwrap_or(0);
            let hi = lens.max().unwrap_or(0);
            PType::String {
                size: IntRange::new(lo, hi),
                value: None,
            }
        }
        PType::Boolean(_) => PType::Boolean(None),
        PType::Timespan(..) => PType::Timespan(None, None),
        PType::Timestamp(..) => PType::Timestamp(None, None),
        PType::SemVer(_) => PType::SemVer(Vec::new()),
        PType::Uri(_) => PType::Uri(None),
        PType::ObjectExt(e) => PType::ObjectType(e.base.clone()),
        PType::Array(e, s) if s.to == 0 => PType::array_of(g(e)),
        PType::Array(e, _) => PType::array_of(g(e)),
        PType::Hash(_, _, s) if s.to == 0 => empty_hash(),
        PType::Hash(k, v, _) => PType::hash_of(g(k), g(v)),
        PType::Type(Some(inner)) => PType::Type(Some(Box::new(crate::limits::deep(|| {
            generalize_here(inner, Variants::Kept)
        })))),
        PType::Optional(Some(inner)) => PType::Optional(Some(gb(inner))),
        PType::NotUndef(Some(inner)) => PType::NotUndef(Some(gb(inner))),
        PType::Iterator(Some(inner)) => PType::Iterator(Some(gb(inner))),
        PType::Iterable(Some(inner)) => PType::Iterable(Some(gb(inner))),
        PType::Variant(types) => {
            let all: Vec<PType> = types.iter().map(g).collect();
            if let Variants::Kept = variants {
                let mut unique: Vec<PType> = Vec::with_capacity(all.len());
                for t in all {
                    if !unique.contains(&t) {
                        unique.push(t);
                    }
                }
                return match unique.len() {
                    1 => unique.pop().unwrap_or(PType::Any),
                    _ => PType::Variant(unique),
                };
            }
            match all.iter().cloned().reduce(|a, b| common_type(&a, &b)) {
                Some(c) if !matches!(c, PType::Any) => c,
                _ => super::create::variant(all),
            }
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of integers and floats, widened in place, give what merging each element's
    /// own type with `common_type` gives, whatever comes between them.
    #[test]
    fn widened_ranges_agree_with_common_type() {
        let int = Value::Integer;
        let float = Value::Float;
        let rows: Vec<Vec<Value>> = vec![
            vec![int(1), int(5), int(-3), int(2)],
            vec![
                float(1.5),
                float(-2.0),
                float(3.25),
                float(0.0),
                float(-0.0),
            ],
            vec![int(1), float(2.5), int(3), int(-1)],
            vec![float(2.5), int(1), float(0.5), int(7)],
            vec![int(3), Value::Undef, int(5), int(1)],
            vec![int(i64::MAX), int(i64::MIN), int(0)],
            vec![Value::Boolean(true), int(1), int(9), float(1e300)],
            vec![int(4), Value::array(vec![int(1)]), int(9), int(-9)],
            vec![Value::Boolean(true), int(1), Value::Undef],
            vec![int(1), float(1.0), Value::Undef],
        ];
        rows.iter().for_each(|row| agrees_with_folding(row));
    }

    /// `common_of` of each prefix of `row` is what folding its elements' own reduced types
    /// with `common_type` gives (every prefix: a later element must not hide a wrong
    /// widening).
    fn agrees_with_folding(row: &[Value]) {
        for n in 1..=row.len() {
            let prefix = &row[..n];
            let expected = prefix
                .iter()
                .map(|v| Inference::default().reduced(v, 1))
                .reduce(|a, b| if a == b { a } else { common_type(&a, &b) })
                .unwrap();
            let got = Inference::default().common_of(prefix.iter(), 1);
            assert_eq!(got, expected, "{prefix:?}");
        }
    }

    /// Arrays and hashes of leaves widened in place give what merging each one's own type
    /// with `common_type` gives, whatever comes between them (other leaves, collections
    /// that cannot widen in place, empty ones).
    #[test]
    fn widened_collections_agree_with_common_type() {
        let int = Value::Integer;
        let float = Value::Float;
        let st = |s: &str| Value::string(s);
        let arr = Value::array;
        let hash = |pairs: Vec<(Value, Value)>| Value::hash(pairs.into_iter().collect());
        let rec = |n: i64, k: &str| {
            hash(vec![
                (st("n"), int(n)),
                (st(k), float(n as f64 / 2.0)),
                (st("s"), st(&format!("v{n}"))),
            ])
        };
        let rows: Vec<Vec<Value>> = vec![
            vec![rec(1, "f"), rec(5, "f"), rec(-3, "g"), rec(2, "a")],
            vec![
                hash(vec![(st("a"), int(1))]),
                hash(vec![(st("a"), int(7))]),
                hash(vec![(st("b"), int(2)), (st("a"), int(0))]),
                hash(vec![(st("a"), float(0.5))]),
                hash(vec![(st("a"), st("x"))]),
                hash(vec![(st("a"), Value::Boolean(true))]),
                hash(vec![(st("a"), Value::Undef)]),
                hash(vec![(st("a"), int(3))]),
            ],
            vec![
                hash(vec![(int(1), st("x"))]),
                hash(vec![(int(5), st("x"))]),
                hash(vec![(int(2), st("y")), (int(-4), st("x"))]),
                hash(vec![(st("k"), st("y"))]),
                hash(vec![(int(9), st("z"))]),
            ],
            vec![
                hash(vec![(st("a"), int(1))]),
                hash(vec![]),
                hash(vec![(st("a"), int(2))]),
                hash(vec![(st("a"), arr(vec![int(1)]))]),
                hash(vec![(st("a"), int(2))]),
            ],
            vec![
                arr(vec![int(1), int(2)]),
                arr(vec![int(5)]),
                arr(vec![int(-1), float(2.5)]),
                arr(vec![float(0.5), int(3), int(4)]),
                arr(vec![st("a"), int(3)]),
                arr(vec![st("b")]),
                arr(vec![Value::Boolean(false)]),
                arr(vec![]),
                arr(vec![int(1)]),
            ],
            vec![
                arr(vec![st("a")]),
                arr(vec![st("a")]),
                arr(vec![st("c"), st("b")]),
                arr(vec![st("a"), st("d")]),
                arr(vec![int(1)]),
            ],
            vec![
                arr(vec![float(1.5)]),
                arr(vec![float(-1.5), float(9.0)]),
                arr(vec![arr(vec![int(1)])]),
                arr(vec![float(2.0)]),
            ],
            vec![
                arr(vec![int(1)]),
                rec(1, "f"),
                arr(vec![int(2)]),
                rec(2, "f"),
            ],
            vec![
                hash(vec![(st("a"), int(1)), (st("b"), int(2))]),
                hash(vec![(st("a"), int(3))]),
            ],
            vec![arr(vec![int(1), int(2), int(3)]), arr(vec![int(3)])],
            vec![arr(vec![st("a")]), arr(vec![st("a"), int(1)])],
            vec![arr(vec![int(1), float(1.0)]), arr(vec![Value::Undef])],
            // The same key strings (by address) in each hash, and others.
            {
                let (n, s) = (st("n"), st("s"));
                let shared = |i: i64| hash(vec![(n.clone(), int(i)), (s.clone(), st("v"))]);
                vec![
                    shared(1),
                    shared(2),
                    hash(vec![(st("s"), int(3)), (st("m"), int(4))]),
                    shared(5),
                    hash(vec![(n.clone(), int(6))]),
                ]
            },
            vec![arr(vec![int(1), st("a")]), arr(vec![Value::Undef])],
        ];
        rows.iter().for_each(|row| agrees_with_folding(row));
    }
    /// The reduced type of a value by `common_type` alone: each collection's values that
    /// are no strings merged in turn, then its strings, as `common_of` merges them but
    /// without widening in place (nor `infer_data`'s shortcuts).
    fn folded(v: &Value) -> PType {
        fn common<'a>(values: impl Iterator<Item = &'a Value>) -> PType {
            let mut strings: Vec<Rc<str>> = Vec::new();
            let mut acc: Option<PType> = None;
            for v in values {
                if let Value::String(s) = v {
                    if !strings.contains(s) {
                        strings.push(s.clone());
                    }
                    continue;
                }
                let t = folded(v);
                acc = Some(match acc {
                    None => t,
                    Some(a) if a == t => a,
                    Some(a) => common_type(&a, &t),
                });
            }
            let strings = match strings.len() {
                0 => None,
                1 => strings.pop().map(PType::string_value),
                _ => Some(enum_of(strings)),
            };
            match (acc, strings) {
                (Some(a), Some(s)) => common_type(&a, &s),
                (Some(a), None) => a,
                (None, Some(s)) => s,
                (None, None) => PType::Unit,
            }
        }
        match v {
            Value::Array(a) if a.is_empty() => empty_array(),
            Value::Array(a) => PType::Array(Box::new(common(a.iter())), exact(a.len())),
            Value::Hash(h) if h.is_empty() => empty_hash(),
            Value::Hash(h) => PType::Hash(
                Box::new(common(h.keys())),
                Box::new(common(h.values())),
                exact(h.len()),
            ),
            other => leaf(other, false).unwrap_or(PType::Any),
        }
    }

    /// Random nested values (records of one random layout with random leaves, undef and
    /// empty collections among them, in arrays of them) have the reduced type that
    /// merging every element's type with `common_type` gives.
    #[test]
    fn reduced_types_of_random_records_agree_with_folding() {
        struct Rng(u64);
        impl Rng {
            fn below(&mut self, n: u64) -> u64 {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                self.0 % n
            }
        }
        // A layout: a leaf kind (0..6) or a collection of layouts.
        enum Layout {
            Leaf(u64),
            Array(Vec<Layout>),
            Hash(Vec<(String, Layout)>),
        }
        fn layout(rng: &mut Rng, depth: u32) -> Layout {
            match rng.below(if depth >= 3 { 1 } else { 3 }) {
                0 => Layout::Leaf(rng.below(7)),
                1 => Layout::Array((0..rng.below(4)).map(|_| layout(rng, depth + 1)).collect()),
                _ => Layout::Hash(
                    (0..rng.below(4))
                        .map(|i| (format!("k{i}"), layout(rng, depth + 1)))
                        .collect(),
                ),
            }
        }
        fn value(rng: &mut Rng, l: &Layout) -> Value {
            // now and then another value than the layout's
            if rng.below(12) == 0 {
                return match rng.below(4) {
                    0 => Value::Undef,
                    1 => Value::array(vec![]),
                    2 => Value::Integer(rng.below(5) as i64),
                    _ => Value::hash([(Value::Integer(1), Value::Undef)].into_iter().collect()),
                };
            }
            match l {
                Layout::Leaf(0) => Value::Integer(rng.below(100) as i64 - 50),
                Layout::Leaf(1) => Value::Float(rng.below(100) as f64 / 4.0),
                Layout::Leaf(2) => Value::string(format!("s{}", rng.below(3))),
                Layout::Leaf(3) => Value::Boolean(rng.below(2) == 0),
                Layout::Leaf(4) => Value::Undef,
                Layout::Leaf(5) => Value::Default,
                Layout::Leaf(_) => Value::string(""),
                Layout::Array(ls) => Value::array(ls.iter().map(|l| value(rng, l)).collect()),
                Layout::Hash(ls) => Value::hash(
                    ls.iter()
                        .map(|(k, l)| (Value::string(k.as_str()), value(rng, l)))
                        .collect(),
                ),
            }
        }
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut data = 0;
        for _ in 0..3000 {
            let l = layout(&mut rng, 0);
            let n = 1 + rng.below(6);
            let records: Vec<Value> = (0..n).map(|_| value(&mut rng, &l)).collect();
            let v = Value::array(records);
            let expected = folded(&v);
            assert_eq!(infer_reduced(&v), expected, "{v:?}");
            if matches!(&expected, PType::Array(e, _) if matches!(**e, PType::Data)) {
                data += 1;
            }
        }
        // (the shortcuts' cases are among them)
        assert!(data > 100, "{data}");
    }
}
