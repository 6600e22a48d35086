//! Lazy type references (`TypeReference['Foo']`): a type alias may name a type that does not
//! exist yet (`type A = Array[B]` before `B`). The reference keeps such a name as a lazy
//! reference; here it is replaced by the alias once an alias of that name is defined.

use super::{PType, StructMember};

/// Whether the type holds a `TypeReference` anywhere inside.
pub fn has_references(t: &PType) -> bool {
    let mut found = false;
    walk(t, &mut |_| {
        found = true;
        None
    });
    found
}

/// The name of the first `TypeReference` inside the type (what a mismatch reports: the
/// reference's "references an unresolved type 'Foo'").
pub fn first_reference(t: &PType) -> Option<String> {
    let mut first = None;
    walk(t, &mut |name| {
        first.get_or_insert_with(|| name.to_string());
        None
    });
    first
}

/// The type with each reference that `resolve` knows replaced; `None` when none changed.
pub fn resolve_references(
    t: &PType,
    resolve: &mut dyn FnMut(&str) -> Option<PType>,
) -> Option<PType> {
    walk(t, resolve)
}

/// Rebuilds `t` where `f` replaces a reference; `None` when nothing changed. Types nest as
/// deeply as values: on more stack when needed.
fn walk(t: &PType, f: &mut dyn FnMut(&str) -> Option<PType>) -> Option<PType> {
    crate::limits::deep(|| walk_here(t, f))
}

fn walk_here(t: &PType, f: &mut dyn FnMut(&str) -> Option<PType>) -> Option<PType> {
    let boxed =
        |inner: &PType, f: &mut dyn FnMut(&str) -> Option<PType>| walk(inner, f).map(Box::new);
    let optional = |inner: &Option<Box<PType>>, f: &mut dyn FnMut(&str) -> Option<PType>| {
        inner
            .as_deref()
            .and_then(|i| walk(i, f))
            .map(|i| Some(Box::new(i)))
    };
    let list = |items: &[PType], f: &mut dyn FnMut(&str) -> Option<PType>| {
        let mut changed = false;
        let out: Vec<PType> = items
            .iter()
            .map(|i| match walk(i, f) {
                Some(n) => {
                    changed = true;
                    n
                }
                None => i.clone(),
            })
            .collect();
        changed.then_some(out)
    };
    match t {
        PType::TypeReference(name) => f(name),
        PType::Array(e, size) => boxed(e, f).map(|e| PType::Array(e, *size)),
        PType::Hash(k, v, size) => {
            let (nk, nv) = (walk(k, f), walk(v, f));
            (nk.is_some() || nv.is_some()).then(|| {
                PType::Hash(
                    Box::new(nk.unwrap_or_else(|| (**k).clone())),
                    Box::new(nv.unwrap_or_else(|| (**v).clone())),
                    *size,
                )
            })
        }
        PType::Tuple(types, size) => list(types, f).map(|ts| PType::Tuple(ts, *size)),
        PType::Variant(types) => list(types, f).map(PType::Variant),
        PType::Struct(Some(members)) => {
            let values: Vec<PType> = members.iter().map(|m| m.value.clone()).collect();
            list(&values, f).map(|vs| {
                PType::Struct(Some(
                    members
                        .iter()
                        .zip(vs)
                        .map(|(m, value)| StructMember {
                            key: m.key.clone(),
                            key_kind: m.key_kind,
                            value,
                        })
                        .collect(),
                ))
            })
        }
        PType::Optional(i) => optional(i, f).map(PType::Optional),
        PType::NotUndef(i) => optional(i, f).map(PType::NotUndef),
        PType::Iterable(i) => optional(i, f).map(PType::Iterable),
        PType::Iterator(i) => optional(i, f).map(PType::Iterator),
        PType::Type(i) => optional(i, f).map(PType::Type),
        PType::Sensitive(i) => optional(i, f).map(PType::Sensitive),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::IntRange;

    #[test]
    fn references_are_found_and_replaced() {
        let r = PType::TypeReference("B".into());
        let t = PType::Variant(vec![
            PType::Integer(IntRange::ANY),
            PType::Array(Box::new(r.clone()), IntRange::ANY),
        ]);
        assert!(has_references(&t));
        assert!(!has_references(&PType::Integer(IntRange::ANY)));
        let resolved = resolve_references(&t, &mut |n| (n == "B").then_some(PType::Boolean(None)))
            .expect("changed");
        assert!(!has_references(&resolved));
        assert!(resolved.to_string().contains("Array[Boolean"), "{resolved}");
        assert!(resolve_references(&t, &mut |_| None).is_none());
    }
}
