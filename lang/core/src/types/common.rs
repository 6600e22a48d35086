//! The common type of two types (the spec's `∪` tables), used by inference of collections.
//!
//! Where the spec and the reference disagree the spec is followed: `Undef ∪ T` is `Any` (the
//! reference gives `T`), and Timespan/Timestamp ranges merge (the reference gives `Scalar`).
use super::instance::tuple_size;
use super::{is_assignable, CallableType, IntRange, PType};
use std::rc::Rc;

pub fn common_type(a: &PType, b: &PType) -> PType {
    if a == b {
        return a.clone();
    }
    if let Some(t) = scalar_pair(a, b) {
        return t;
    }
    general(a, b)
}

/// The rules of the spec's tables, in order.
fn general(a: &PType, b: &PType) -> PType {
    if a == b {
        return a.clone();
    }
    if matches!(a, PType::Unit) {
        return b.clone();
    }
    if matches!(b, PType::Unit) {
        return a.clone();
    }
    if let Some(t) = same_kind(a, b) {
        return t;
    }
    if is_assignable(a, b) {
        return a.clone();
    }
    if is_assignable(b, a) {
        return b.clone();
    }
    // Spec: `Variant[*T] ∪ Q → Variant[*T | Q]`.
    match (a, b) {
        (PType::Variant(ts), q) | (q, PType::Variant(ts)) => {
            let mut all = ts.clone();
            all.push(q.clone());
            return super::create::variant(all);
        }
        _ => {}
    }
    if matches!(a, PType::Undef) || matches!(b, PType::Undef) {
        return PType::Any;
    }
    abstract_common(a, b)
}

/// Two plain scalars of different families (a number, a string, a boolean), the common
/// case of inferring a mixed collection: `Numeric` or `ScalarData` without the
/// assignability tests of the general rules (which give the same). `Numeric` and
/// `ScalarData`, what such merges give, merge the same way with the next element.
fn scalar_pair(a: &PType, b: &PType) -> Option<PType> {
    const SCALAR_DATA: u8 = 3;
    fn family(t: &PType) -> Option<u8> {
        match t {
            PType::Integer(_) | PType::Float(..) | PType::Numeric => Some(0),
            PType::String { .. } | PType::Enum { .. } => Some(1),
            PType::Boolean(_) => Some(2),
            PType::ScalarData => Some(SCALAR_DATA),
            _ => None,
        }
    }
    match (family(a)?, family(b)?) {
        (SCALAR_DATA, SCALAR_DATA) => None,
        (x, y) if x != y => Some(PType::ScalarData),
        (0, 0) if std::mem::discriminant(a) != std::mem::discriminant(b) => Some(PType::Numeric),
        _ => None,
    }
}

pub(super) fn merge_range(a: IntRange, b: IntRange) -> IntRange {
    IntRange::new(a.from.min(b.from), a.to.max(b.to))
}

fn min_opt<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        _ => None,
    }
}

fn max_opt<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        _ => None,
    }
}

/// Sorted, de-duplicated enum values.
pub(super) fn enum_of(mut values: Vec<Rc<str>>) -> PType {
    values.sort();
    values.dedup();
    PType::Enum {
        values,
        case_insensitive: false,
    }
}

fn string_values(t: &PType) -> Option<Vec<Rc<str>>> {
    match t {
        PType::String { value: Some(s), .. } => Some(vec![s.clone()]),
        PType::Enum {
            values,
            case_insensitive: false,
        } if !values.is_empty() => Some(values.clone()),
        _ => None,
    }
}

/// The rules for two types of the same family.
fn same_kind(a: &PType, b: &PType) -> Option<PType> {
    Some(match (a, b) {
        (PType::Integer(x), PType::Integer(y)) => PType::Integer(merge_range(*x, *y)),
        (PType::Float(a1, a2), PType::Float(b1, b2)) => PType::Float(a1.min(*b1), a2.max(*b2)),
        (PType::Timespan(a1, a2), PType::Timespan(b1, b2)) => {
            PType::Timespan(min_opt(*a1, *b1), max_opt(*a2, *b2))
        }
        (PType::Timestamp(a1, a2), PType::Timestamp(b1, b2)) => {
            PType::Timestamp(min_opt(*a1, *b1), max_opt(*a2, *b2))
        }
        (PType::String { .. } | PType::Enum { .. }, PType::String { .. } | PType::Enum { .. }) => {
            match (string_values(a), string_values(b)) {
                (Some(mut x), Some(y)) => {
                    x.extend(y);
                    enum_of(x)
                }
                _ => PType::string(),
            }
        }
        (PType::Pattern(x), PType::Pattern(y)) => {
            let mut res = x.clone();
            for r in y {
                if !res.contains(r) {
                    res.push(r.clone());
                }
            }
            PType::Pattern(res)
        }
        (PType::Regexp(_), PType::Regexp(_)) => PType::Regexp(None),
        (PType::Array(e1, s1), PType::Array(e2, s2)) => {
            let e = if s1.to == 0 {
                (**e2).clone()
            } else if s2.to == 0 {
                (**e1).clone()
            } else {
                common_type(e1, e2)
            };
            PType::Array(Box::new(e), merge_range(*s1, *s2))
        }
        (PType::Hash(k1, v1, s1), PType::Hash(k2, v2, s2)) => {
            let (k, v) = if s1.to == 0 {
                ((**k2).clone(), (**v2).clone())
            } else if s2.to == 0 {
                ((**k1).clone(), (**v1).clone())
            } else {
                (common_type(k1, k2), common_type(v1, v2))
            };
            PType::Hash(Box::new(k), Box::new(v), merge_range(*s1, *s2))
        }
        // Spec: `Tuple[R, ...] ∪ Tuple[S, ...] → Tuple[R ∪ S, ...]` position by position.
        (PType::Tuple(t1, s1), PType::Tuple(t2, s2))
            if !t1.is_empty() && t1.len() == t2.len() && s1 == s2 =>
        {
            PType::Tuple(
                t1.iter().zip(t2).map(|(x, y)| common_type(x, y)).collect(),
                *s1,
            )
        }
        (PType::Tuple(t1, s1), PType::Tuple(t2, s2)) if !t1.is_empty() && !t2.is_empty() => {
            let e = t1
                .iter()
                .chain(t2.iter())
                .cloned()
                .reduce(|x, y| common_type(&x, &y))
                .unwrap_or(PType::Any);
            PType::Array(
                Box::new(e),
                merge_range(tuple_size(t1, *s1), tuple_size(t2, *s2)),
            )
        }
        // Spec: `Struct[{s => T}] ∪ Hash[K, V] → Hash[String ∪ K, T ∪ V]`.
        (PType::Struct(Some(m)), PType::Hash(k, v, _))
        | (PType::Hash(k, v, _), PType::Struct(Some(m)))
            if !m.is_empty() =>
        {
            let values = m
                .iter()
                .map(|x| x.value.clone())
                .reduce(|x, y| common_type(&x, &y))
                .unwrap_or(PType::Any);
            PType::hash_of(common_type(&PType::string(), k), common_type(&values, v))
        }
        (PType::Struct(_), PType::Struct(_)) => PType::Struct(None),
        (PType::Type(Some(x)), PType::Type(Some(y))) => {
            PType::Type(Some(Box::new(common_type(x, y))))
        }
        (PType::Type(_), PType::Type(_)) => PType::Type(None),
        (PType::Optional(Some(x)), PType::Optional(Some(y))) => {
            PType::Optional(Some(Box::new(common_type(x, y))))
        }
        (PType::NotUndef(Some(x)), PType::NotUndef(Some(y))) => {
            PType::NotUndef(Some(Box::new(common_type(x, y))))
        }
        (PType::Iterator(Some(x)), PType::Iterator(Some(y))) => {
            PType::Iterator(Some(Box::new(common_type(x, y))))
        }
        (PType::Iterable(Some(x)), PType::Iterable(Some(y))) => {
            PType::Iterable(Some(Box::new(common_type(x, y))))
        }
        (PType::Variant(x), PType::Variant(y)) => {
            let mut all = x.clone();
            all.extend(y.iter().cloned());
            super::create::variant(all)
        }
        (
            PType::Resource {
                type_name: n1,
                title: t1,
            },
            PType::Resource {
                type_name: n2,
                title: t2,
            },
        ) => {
            if n1 == n2 {
                PType::Resource {
                    type_name: n1.clone(),
                    title: if t1 == t2 { t1.clone() } else { None },
                }
            } else {
                PType::Resource {
                    type_name: None,
                    title: None,
                }
            }
        }
        (PType::Class(_), PType::Class(_)) => PType::Class(None),
        (PType::Callable(x), PType::Callable(y)) => callable_common(x, y),
        _ => return None,
    })
}

fn callable_common(a: &CallableType, b: &CallableType) -> PType {
    let ta = PType::Callable(Box::new(a.clone()));
    let tb = PType::Callable(Box::new(b.clone()));
    // Callables are contravariant: the one accepting the other has the narrower parameters,
    // which both can be called with.
    if is_assignable(&ta, &tb) {
        return ta;
    }
    if is_assignable(&tb, &ta) {
        return tb;
    }
    // Spec: `Callable[*S, B] ∪ Callable[*T, C] → Callable[*(S ∪ T), B ∪ C]`, each parameter
    // taking the narrower type and the blocks combined the same way.
    let (Some((pa, sa)), Some((pb, sb))) = (&a.params, &b.params) else {
        return PType::callable();
    };
    if pa.len() != pb.len() || sa != sb {
        return PType::callable();
    }
    let mut params = Vec::with_capacity(pa.len());
    for (x, y) in pa.iter().zip(pb) {
        if is_assignable(y, x) {
            params.push(x.clone());
        } else if is_assignable(x, y) {
            params.push(y.clone());
        } else {
            return PType::callable();
        }
    }
    let block = match (&a.block, &b.block) {
        (None, None) => None,
        (Some(x), Some(y)) => match common_type(x, y) {
            t @ PType::Callable(_) if t != PType::callable() => Some(t),
            _ => return PType::callable(),
        },
        _ => return PType::callable(),
    };
    let return_type = if a.return_type == b.return_type {
        a.return_type.clone()
    } else {
        None
    };
    PType::Callable(Box::new(CallableType {
        params: Some((params, *sa)),
        block,
        return_type,
    }))
}

fn is_numeric(t: &PType) -> bool {
    matches!(t, PType::Numeric | PType::Integer(_) | PType::Float(..))
}

/// The smallest of the abstract unions that holds both.
fn abstract_common(a: &PType, b: &PType) -> PType {
    if is_numeric(a) && is_numeric(b) {
        return PType::Numeric;
    }
    let collection = |t: &PType| {
        matches!(
            t,
            PType::Collection(_)
                | PType::Array(..)
                | PType::Hash(..)
                | PType::Tuple(..)
                | PType::Struct(_)
        )
    };
    if collection(a) && collection(b) {
        return PType::Collection(IntRange::SIZE);
    }
    // A plain scalar of data and a collection (a record's number and its array): neither
    // `ScalarData` nor `Scalar` holds a collection and `Data` holds the scalar, so the
    // first of `Data` and `RichData` holding the collection, as the loop below finds (with
    // four tests more); else neither is a catalog type: `Any`.
    let scalar_and_collection = match (plain_scalar(a), plain_scalar(b)) {
        (true, false) if collection(b) => Some(b),
        (false, true) if collection(a) => Some(a),
        _ => None,
    };
    if let Some(c) = scalar_and_collection {
        return [PType::Data, PType::RichData]
            .into_iter()
            .find(|t| is_assignable(t, c))
            .unwrap_or(PType::Any);
    }
    abstract_union(a, b)
}

/// The first of the abstract unions holding both, else `CatalogEntry` for two catalog
/// types, else `Any`.
fn abstract_union(a: &PType, b: &PType) -> PType {
    for t in [
        PType::ScalarData,
        PType::Scalar,
        PType::Data,
        PType::RichData,
    ] {
        if is_assignable(&t, a) && is_assignable(&t, b) {
            return t;
        }
    }
    let catalog = |t: &PType| {
        matches!(
            t,
            PType::CatalogEntry | PType::Resource { .. } | PType::Class(_)
        )
    };
    if catalog(a) && catalog(b) {
        return PType::CatalogEntry;
    }
    PType::Any
}

/// A scalar type of data (a number, a string, a boolean, `ScalarData`) that `common_type`
/// merges with a collection type into the first of `Data` and `RichData` holding both
/// (type inference's in-place widening follows the same rule: `infer::widen_to_data`).
pub(super) fn plain_scalar(t: &PType) -> bool {
    matches!(
        t,
        PType::Integer(_)
            | PType::Float(..)
            | PType::Numeric
            | PType::String { .. }
            | PType::Enum { .. }
            | PType::Boolean(_)
            | PType::ScalarData
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::testparse::ty;

    #[test]
    fn scalar_pairs_agree_with_the_general_rules() {
        let types = [
            "Integer[1, 1]",
            "Integer",
            "Float[1.5, 1.5]",
            "Float",
            "String",
            "String[1, 3]",
            "Enum['a', 'b']",
            "Enum['a', 'b', true]",
            "Boolean[true]",
            "Boolean",
            "Numeric",
            "ScalarData",
        ];
        let mut all: Vec<PType> = types.iter().map(|t| ty(t)).collect();
        // The type of a string value, as inference makes it.
        all.push(PType::string_value("a".into()));
        let mut shortcuts = 0;
        for ta in &all {
            for tb in &all {
                let (a, b) = (ta.to_string(), tb.to_string());
                if let Some(fast) = scalar_pair(ta, tb) {
                    shortcuts += 1;
                    assert_eq!(fast, general(ta, tb), "{a} ∪ {b}");
                }
                assert_eq!(common_type(ta, tb), general(ta, tb), "{a} ∪ {b}");
            }
        }
        assert!(shortcuts > 70, "{shortcuts}");
        let one = PType::Integer(IntRange::new(1, 1));
        assert_eq!(common_type(&one, &all[12]), PType::ScalarData);
        // What mixed collections merge to, merged again with the next element.
        assert_eq!(
            common_type(&ty("Numeric"), &ty("String")),
            PType::ScalarData
        );
        assert_eq!(
            common_type(&ty("ScalarData"), &ty("Float")),
            PType::ScalarData
        );
        assert_eq!(
            common_type(&ty("Numeric"), &ty("Integer[1, 2]")),
            PType::Numeric
        );
        assert_eq!(common_type(&ty("Integer"), &ty("Float")), PType::Numeric);
    }

    /// A scalar and a collection merge as the abstract unions tried in turn merge them.
    #[test]
    fn scalars_and_collections_merge_as_the_abstract_unions() {
        let scalars = [
            "Integer[1, 1]",
            "Float",
            "Numeric",
            "String",
            "Enum['a', 'b']",
            "Boolean[true]",
            "ScalarData",
        ];
        let collections = [
            "Array[Boolean, 2, 2]",
            "Array[String]",
            "Array[Regexp]",
            "Array[Any]",
            "Hash[Enum['a'], Data, 1, 1]",
            "Hash[Integer, String]",
            "Hash[String, SemVer]",
            "Hash[String, Callable]",
            "Tuple[Integer, String]",
            "Struct[{a => Integer}]",
            "Collection",
            "Array[0, 0]",
        ];
        let mut merged = std::collections::BTreeSet::new();
        for s in scalars {
            for c in collections {
                let (s, c) = (ty(s), ty(c));
                for (a, b) in [(&s, &c), (&c, &s)] {
                    let t = abstract_common(a, b);
                    assert_eq!(t, abstract_union(a, b), "{a} ∪ {b}");
                    merged.insert(t.to_string());
                }
            }
        }
        // (each way out is taken)
        assert_eq!(
            merged.into_iter().collect::<Vec<_>>(),
            ["Any", "Data", "RichData"]
        );
    }
}
