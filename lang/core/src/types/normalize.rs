//! A type in the reference's normal form (its `normalize`), as its type mismatch descriptions
//! see the expected type and as it keeps an alias's definition: every part normalized;
//! `NotUndef[T]` of a `T` that rejects undef is `T`, `Optional[T]` of a `T` that accepts it
//! is `T` (`Optional[Optional]` is `Optional`, `Optional[Data]` is `Data`); a Variant's
//! nested variants flattened, undef alternatives made one `Optional`, several `NotUndef`s
//! made one, enums (and single strings) merged into one `Enum` and patterns into one
//! `Pattern` (each placed after the other alternatives), integer ranges that overlap or
//! touch and float ranges that overlap merged (placed first); a single alternative left is
//! the type itself. Aliases stay as they are.
//!
//! The reference's normal form also forgets the size of a `Collection` and of an `Array` of
//! `Any` (`Collection[1, 3]` is `Collection`): [`normalize`] does so, for the descriptions
//! (which then say nothing of such a size, as the reference's); [`normalize_keeping_sizes`]
//! does not, for an alias's definition (an alias is its type: docs/deviations.md).

use super::{IntRange, PType, StructMember};
use std::rc::Rc;

/// The reference's normal form of a type, sizes of `Collection` and `Array[Any]` forgotten.
pub fn normalize(t: &PType) -> PType {
    norm(t, false, 0)
}

/// The normal form, the sizes of `Collection` and `Array[Any]` kept.
pub fn normalize_keeping_sizes(t: &PType) -> PType {
    norm(t, true, 0)
}

/// Types nest as deeply as the values they were inferred from; deeper parts stay as they are.
const MAX_DEPTH: usize = crate::limits::MAX_VALUE_DEPTH;

fn norm(t: &PType, keep: bool, depth: usize) -> PType {
    if depth > MAX_DEPTH {
        return t.clone();
    }
    crate::limits::deep(|| norm_here(t, keep, depth + 1))
}

fn accepts_undef(t: &PType) -> bool {
    super::is_assignable(t, &PType::Undef)
}

fn norm_here(t: &PType, keep: bool, d: usize) -> PType {
    let n = |t: &PType| norm(t, keep, d);
    let boxed = |t: &Option<Box<PType>>| t.as_ref().map(|x| Box::new(n(x)));
    match t {
        PType::Variant(ts) if !ts.is_empty() => variant(ts, keep, d),
        PType::Optional(Some(inner)) => {
            let inner = n(inner);
            match &inner {
                // (no point in a NotUndef in an Optional)
                PType::NotUndef(Some(x)) => n(&PType::Optional(Some(x.clone()))),
                // (the reference's `Optional[NotUndef]` is `Optional`, Undef alone, where
                // it describes a mismatch; an alias's definition keeps its meaning)
                PType::NotUndef(None) if !keep => PType::Optional(None),
                // (Optional of what accepts undef anyway is that type)
                _ if accepts_undef(&inner) => inner,
                _ => PType::Optional(Some(Box::new(inner))),
            }
        }
        PType::NotUndef(Some(inner)) => {
            let inner = n(inner);
            match &inner {
                PType::Optional(Some(x)) => n(&PType::NotUndef(Some(x.clone()))),
                PType::Optional(None) if !keep => PType::NotUndef(None),
                // (NotUndef of what rejects undef anyway is that type)
                _ if !accepts_undef(&inner) => inner,
                _ => PType::NotUndef(Some(Box::new(inner))),
            }
        }
        PType::Collection(_) if !keep => PType::Collection(IntRange::SIZE),
        // (`Array[Any, 0, 0]` is the empty array's type, which stays)
        PType::Array(e, size)
            if !keep && matches!(**e, PType::Any) && (size.from, size.to) != (0, 0) =>
        {
            PType::Array(Box::new(PType::Any), IntRange::SIZE)
        }
        PType::Array(e, size) => PType::Array(Box::new(n(e)), *size),
        PType::Hash(k, v, size) => PType::Hash(Box::new(n(k)), Box::new(n(v)), *size),
        PType::Tuple(ts, size) => PType::Tuple(ts.iter().map(n).collect(), *size),
        PType::Struct(Some(ms)) if ms.is_empty() => PType::Struct(None),
        PType::Struct(Some(ms)) => PType::Struct(Some(
            ms.iter()
                .map(|m| StructMember {
                    value: n(&m.value),
                    ..m.clone()
                })
                .collect(),
        )),
        PType::Type(x) => PType::Type(boxed(x)),
        PType::Iterable(x) => PType::Iterable(boxed(x)),
        PType::Iterator(x) => PType::Iterator(boxed(x)),
        PType::Sensitive(x) => PType::Sensitive(boxed(x)),
        PType::Callable(c) => PType::Callable(Box::new(super::CallableType {
            params: c
                .params
                .as_ref()
                .map(|(ts, size)| (ts.iter().map(n).collect(), *size)),
            block: c.block.as_ref().map(n),
            return_type: c.return_type.as_ref().map(n),
        })),
        t => t.clone(),
    }
}

fn variant(ts_given: &[PType], keep: bool, d: usize) -> PType {
    let normal: Vec<PType> = ts_given.iter().map(|t| norm(t, keep, d)).collect();
    // (the reference's "modified" is by identity: a sized Hash is always made anew)
    let modified = normal != ts_given || ts_given.iter().any(has_sized_hash);
    if normal.len() == 1 {
        return normal.into_iter().next().unwrap_or(PType::Any);
    }
    if normal
        .iter()
        .any(|t| matches!(t, PType::Undef | PType::Optional(_)))
    {
        // (an unparameterized `Optional` is as `Undef` here: unwrapping nothing, it would
        // make the same Variant again, without end; the reference fails there)
        let rest: Vec<PType> = normal
            .into_iter()
            .filter(|t| !matches!(t, PType::Undef | PType::Optional(None)))
            .map(|t| match &t {
                PType::Optional(Some(x)) => (**x).clone(),
                _ => t,
            })
            .collect();
        return norm(
            &PType::Optional(Some(Box::new(maybe_variant(rest)))),
            keep,
            d,
        );
    }
    let ts = flatten(normal);
    let before = ts.len();
    let ts = merge_not_undefs(ts, keep, d);
    let ts = merge_enums(ts);
    let ts = merge_patterns(ts);
    let ts = merge_ranges(ts);
    match ts.len() {
        1 => ts.into_iter().next().unwrap_or(PType::Any),
        n if modified || n != before => maybe_variant(ts),
        // (nothing merged: the Variant as it was, in its order)
        _ => PType::Variant(ts_given.to_vec()),
    }
}

/// Whether a Hash with a size (other than the empty hash's) is part of the type: the
/// reference's normalization makes such a Hash anew, its containers too.
fn has_sized_hash(t: &PType) -> bool {
    match t {
        PType::Hash(k, v, size) => {
            (size.shows() && (size.from, size.to) != (0, 0))
                || has_sized_hash(k)
                || has_sized_hash(v)
        }
        PType::Array(e, _) => has_sized_hash(e),
        PType::Variant(ts) | PType::Tuple(ts, _) => ts.iter().any(has_sized_hash),
        PType::Struct(Some(ms)) => ms.iter().any(|m| has_sized_hash(&m.value)),
        PType::Optional(Some(x))
        | PType::NotUndef(Some(x))
        | PType::Type(Some(x))
        | PType::Iterable(Some(x))
        | PType::Iterator(Some(x))
        | PType::Sensitive(Some(x)) => has_sized_hash(x),
        _ => false,
    }
}

/// One type, or the Variant of several (flattened, each once).
pub fn maybe_variant(ts: Vec<PType>) -> PType {
    let mut out: Vec<PType> = Vec::new();
    for t in flatten(ts) {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    if out.len() == 1 {
        out.pop().unwrap_or(PType::Any)
    } else {
        PType::Variant(out)
    }
}

fn flatten(ts: Vec<PType>) -> Vec<PType> {
    let mut out = Vec::with_capacity(ts.len());
    for t in ts {
        match &t {
            PType::Variant(inner) => out.extend(flatten(inner.clone())),
            _ => out.push(t),
        }
    }
    out
}

/// Several `NotUndef[T]` as one `NotUndef[Variant[T...]]` (normalized), after the others.
fn merge_not_undefs(ts: Vec<PType>, keep: bool, d: usize) -> Vec<PType> {
    let is_not_undef = |t: &PType| matches!(t, PType::NotUndef(_));
    if ts.iter().filter(|t| is_not_undef(t)).count() < 2 {
        return ts;
    }
    let (not_undefs, mut others): (Vec<PType>, Vec<PType>) = ts.into_iter().partition(is_not_undef);
    let inner: Vec<PType> = not_undefs
        .into_iter()
        .map(|t| match &t {
            PType::NotUndef(Some(x)) => (**x).clone(),
            _ => PType::Any,
        })
        .collect();
    let inner = norm(&maybe_variant(inner), keep, d);
    others.push(norm(&PType::NotUndef(Some(Box::new(inner))), keep, d));
    others
}

fn enum_values(t: &PType, insensitive: bool) -> Option<Vec<Rc<str>>> {
    match t {
        PType::Enum {
            values,
            case_insensitive,
        } if !values.is_empty() && *case_insensitive == insensitive => Some(values.clone()),
        PType::String { value: Some(s), .. } if !insensitive => Some(vec![s.clone()]),
        _ => None,
    }
}

/// Enums and single strings as one Enum, after the others; then the case-insensitive enums
/// (their values in lower case) likewise.
fn merge_enums(ts: Vec<PType>) -> Vec<PType> {
    let mut ts = ts;
    for insensitive in [false, true] {
        if ts
            .iter()
            .filter(|t| enum_values(t, insensitive).is_some())
            .count()
            < 2
        {
            continue;
        }
        let (enums, mut others): (Vec<PType>, Vec<PType>) = ts
            .into_iter()
            .partition(|t| enum_values(t, insensitive).is_some());
        let mut values: Vec<Rc<str>> = enums
            .iter()
            .filter_map(|t| enum_values(t, insensitive))
            .flatten()
            .map(|v| {
                if insensitive {
                    v.to_lowercase().into()
                } else {
                    v
                }
            })
            .collect();
        values.sort();
        values.dedup();
        others.push(PType::Enum {
            values,
            case_insensitive: insensitive,
        });
        ts = others;
    }
    ts
}

fn merge_patterns(ts: Vec<PType>) -> Vec<PType> {
    if ts.iter().filter(|t| matches!(t, PType::Pattern(_))).count() < 2 {
        return ts;
    }
    let (patterns, mut others): (Vec<PType>, Vec<PType>) =
        ts.into_iter().partition(|t| matches!(t, PType::Pattern(_)));
    let mut all: Vec<Rc<crate::values::Regexp>> = Vec::new();
    for p in patterns {
        if let PType::Pattern(rs) = &p {
            for r in rs.iter().cloned() {
                if !all.iter().any(|x| x.source() == r.source()) {
                    all.push(r);
                }
            }
        }
    }
    others.push(PType::Pattern(all));
    others
}

/// Integer ranges that overlap or touch merged, then float ranges that overlap, each kind's
/// merged ranges placed before the other alternatives, as the reference merges them: the
/// last range takes in every one after it in turn that it can, the rest again from the last.
fn merge_ranges(ts: Vec<PType>) -> Vec<PType> {
    let ts = merge_kind(
        ts,
        |t| matches!(t, PType::Integer(_)),
        |a, b| match (a, b) {
            (PType::Integer(x), PType::Integer(y)) => {
                let touch = x.from <= y.to.saturating_add(1) && y.from <= x.to.saturating_add(1);
                touch.then(|| PType::Integer(IntRange::new(x.from.min(y.from), x.to.max(y.to))))
            }
            _ => None,
        },
    );
    merge_kind(
        ts,
        |t| matches!(t, PType::Float(..)),
        |a, b| match (a, b) {
            (PType::Float(x0, x1), PType::Float(y0, y1)) => {
                let overlap = x0 <= y1 && y0 <= x1;
                overlap.then(|| PType::Float(x0.min(*y0), x1.max(*y1)))
            }
            _ => None,
        },
    )
}

fn merge_kind(
    ts: Vec<PType>,
    of_kind: impl Fn(&PType) -> bool,
    merge: impl Fn(&PType, &PType) -> Option<PType>,
) -> Vec<PType> {
    if ts.iter().filter(|t| of_kind(t)).count() < 2 {
        return ts;
    }
    let (mut ranges, others): (Vec<PType>, Vec<PType>) = ts.into_iter().partition(|t| of_kind(t));
    let mut result = Vec::new();
    while let Some(mut memo) = ranges.pop() {
        let mut unmerged = Vec::new();
        for y in ranges {
            match merge(&memo, &y) {
                Some(m) => memo = m,
                None => unmerged.push(y),
            }
        }
        result.push(memo);
        ranges = unmerged;
    }
    result.extend(others);
    result
}

#[cfg(test)]
mod tests {
    use super::normalize;
    use crate::types::testparse::ty;

    fn n(src: &str) -> String {
        normalize(&ty(src)).to_string()
    }

    #[test]
    fn variants_in_the_reference_s_normal_form() {
        assert_eq!(
            n("Variant[Pattern[/a/], Undef, Pattern[/b/]]"),
            "Optional[Pattern[/a/, /b/]]"
        );
        assert_eq!(n("Variant[Enum['b'], Enum['a']]"), "Enum['a', 'b']");
        assert_eq!(
            n("Variant[Pattern[/a/], Integer, Pattern[/b/]]"),
            "Variant[Integer, Pattern[/a/, /b/]]"
        );
        assert_eq!(
            n("Variant[String, Integer[1, 2], Integer[3, 6]]"),
            "Variant[Integer[1, 6], String]"
        );
        assert_eq!(
            n("Variant[Integer[1, 2], Integer[5, 6]]"),
            "Variant[Integer[1, 2], Integer[5, 6]]"
        );
        assert_eq!(
            n("Variant[Integer, Variant[String, Integer]]"),
            "Variant[Integer, String]"
        );
        assert_eq!(n("Optional[Variant[Undef, Integer]]"), "Optional[Integer]");
        // (an unparameterized Optional among them: was a recursion without end)
        assert_eq!(n("Variant[Integer, Optional]"), "Optional[Integer]");
        assert!(n("Variant[Optional, Undef]").starts_with("Optional"));
        // (each kind's merged ranges first, as the reference merges them from the last)
        assert_eq!(
            n("Variant[Integer[5, 6], Integer[1, 2], Integer[3, 3]]"),
            "Variant[Integer[1, 3], Integer[5, 6]]"
        );
        assert_eq!(
            n("Variant[Float[5.0, 6.0], Integer[1, 2], Float[3.0, 3.0], Integer[3, 4]]"),
            "Variant[Float[3.0, 3.0], Float[5.0, 6.0], Integer[1, 4]]"
        );
        // (nothing merged: as written)
        assert_eq!(
            n("Variant[Integer[-7, -7], Integer[1, 1]]"),
            "Variant[Integer[-7, -7], Integer[1, 1]]"
        );
        assert_eq!(
            n("Variant[NotUndef[Integer], NotUndef[Data], NotUndef[Optional[Data]]]"),
            "Variant[Integer, NotUndef[Data]]"
        );
        assert_eq!(
            n("Variant[Enum['b', 'a', true], Enum['c', true]]"),
            "Enum['a', 'b', 'c', true]"
        );
        // (a sized Hash among them: the reference's normalization made something anew, and
        // its ranges are merged, the last first)
        assert_eq!(
            n("Variant[Tuple[Hash[Integer, String, 1, 1]], Integer[100, 100], Integer[10, 10]]"),
            "Variant[Integer[10, 10], Integer[100, 100], Tuple[Hash[Integer, String, 1, 1]]]"
        );
    }

    /// As the reference's `normalize`, checked with its `type A = T` printing `A = ...`.
    #[test]
    fn every_part_in_normal_form() {
        for (t, normal) in [
            ("Type[NotUndef[Default]]", "Type[Default]"),
            (
                "Hash[Integer, Optional[Optional]]",
                "Hash[Integer, Optional]",
            ),
            ("NotUndef[Enum['a']]", "Enum['a']"),
            (
                "Tuple[NotUndef[Scalar], Struct, Float]",
                "Tuple[Scalar, Struct, Float]",
            ),
            (
                "Struct[{Optional['c'] => Optional[Optional]}]",
                "Struct[{'c' => Optional}]",
            ),
            ("Callable[NotUndef[Integer]]", "Callable[Integer]"),
            (
                "Callable[[NotUndef[Integer]], Optional[Optional]]",
                "Callable[[Integer], Optional]",
            ),
            ("Iterable[NotUndef[Integer]]", "Iterable[Integer]"),
            ("Iterator[NotUndef[Integer]]", "Iterator[Integer]"),
            ("Sensitive[NotUndef[Integer]]", "Sensitive[Integer]"),
            ("Optional[Variant[Optional]]", "Optional"),
            ("Optional[Data]", "Data"),
            ("NotUndef[Undef]", "NotUndef[Undef]"),
            ("NotUndef[Data]", "NotUndef[Data]"),
            (
                "Optional[Variant[Enum['b', 'a'], Enum['c'], String]]",
                "Optional[Variant[String, Enum['a', 'b', 'c']]]",
            ),
            ("Array[Any, 0, 0]", "Array[0, 0]"),
            ("Hash[Any, Any, 2]", "Hash[Any, Any, 2]"),
            ("Tuple[Any, 2, 3]", "Tuple[Any, 2, 3]"),
        ] {
            assert_eq!(n(t), normal, "{t}");
            assert_eq!(super::normalize_keeping_sizes(&ty(t)).to_string(), normal);
        }
    }

    /// The reference's normal form forgets the size of a Collection and of an Array of Any
    /// (its mismatch descriptions name that form); an alias keeps it (docs/deviations.md).
    #[test]
    fn sizes_forgotten_in_descriptions_only() {
        for (t, described, kept) in [
            ("Collection[2, 3]", "Collection", "Collection[2, 3]"),
            (
                "Array[Collection[0, 2], 1, 4]",
                "Array[Collection, 1, 4]",
                "Array[Collection[0, 2], 1, 4]",
            ),
            ("Array[Any, 2, 3]", "Array", "Array[Any, 2, 3]"),
            ("Optional[NotUndef]", "Optional", "Optional[NotUndef]"),
        ] {
            let ty = ty(t);
            assert_eq!(normalize(&ty).to_string(), described, "{t}");
            assert_eq!(super::normalize_keeping_sizes(&ty).to_string(), kept, "{t}");
        }
    }
}
