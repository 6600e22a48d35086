//! A type in a form that can cross threads ([`Sendable`]): what a process keeps of a
//! module's type alias once resolved, for the fresh sessions that would resolve it the same
//! way (each on a thread of its own: `--repeat`'s evaluations, `prepl diff`'s nodes).
//!
//! Only the types a module's alias files commonly resolve to have this form (scalars,
//! patterns, enums, collections, structs, variants and references to other aliases); an
//! alias whose type holds anything else (an object type, a type set, a resource or class
//! type, a lazy type reference, times and versions, `Init`, `Callable`, `URI`) is not
//! kept: [`freeze`] says `None`, and the session resolves it from its file as before.

use super::{IntRange, KeyKind, PType, StructMember, TypeAlias};
use crate::values::Regexp;
use std::rc::Rc;
use std::sync::Arc;

/// A [`PType`] without `Rc`s. An alias it names is an index into the aliases kept with
/// it (see [`freeze`]).
#[derive(Debug)]
pub enum Sendable {
    Any,
    Undef,
    Default,
    Data,
    RichData,
    Scalar,
    ScalarData,
    Numeric,
    Integer(IntRange),
    Float(f64, f64),
    String {
        size: IntRange,
        value: Option<Arc<str>>,
    },
    Enum {
        values: Box<[Arc<str>]>,
        case_insensitive: bool,
    },
    /// The patterns' sources (made again with [`Regexp::new`], which finds the process's
    /// translation or engine of a source it made before).
    Pattern(Box<[Box<str>]>),
    Boolean(Option<bool>),
    Regexp(Option<Box<str>>),
    SemVerRange,
    Collection(IntRange),
    CatalogEntry,
    Object,
    TypeSet,
    Unit,
    Binary,
    Alias(usize),
    Array(Box<Sendable>, IntRange),
    Hash(Box<Sendable>, Box<Sendable>, IntRange),
    Tuple(Box<[Sendable]>, Option<IntRange>),
    Struct(Option<Box<[SendableMember]>>),
    Variant(Box<[Sendable]>),
    Optional(Option<Box<Sendable>>),
    NotUndef(Option<Box<Sendable>>),
    Iterable(Option<Box<Sendable>>),
    Iterator(Option<Box<Sendable>>),
    Type(Option<Box<Sendable>>),
    Sensitive(Option<Box<Sendable>>),
}

/// A struct member: its key, how the key is written, the value's type.
pub type SendableMember = (Arc<str>, KeyKind, Sendable);

/// `t` in its sendable form, each alias it names given its index by `alias`; `None` when
/// `t` holds a type that has none (or `alias` refuses one).
pub fn freeze(
    t: &PType,
    alias: &mut dyn FnMut(&Rc<TypeAlias>) -> Option<usize>,
) -> Option<Sendable> {
    use Sendable as S;
    let one = |t: &Option<Box<PType>>,
               alias: &mut dyn FnMut(&Rc<TypeAlias>) -> Option<usize>|
     -> Option<Option<Box<Sendable>>> {
        match t {
            Some(t) => Some(Some(Box::new(freeze(t, alias)?))),
            None => Some(None),
        }
    };
    Some(match t {
        PType::Any => S::Any,
        PType::Undef => S::Undef,
        PType::Default => S::Default,
        PType::Data => S::Data,
        PType::RichData => S::RichData,
        PType::Scalar => S::Scalar,
        PType::ScalarData => S::ScalarData,
        PType::Numeric => S::Numeric,
        PType::Integer(r) => S::Integer(*r),
        PType::Float(lo, hi) => S::Float(*lo, *hi),
        PType::String { size, value } => S::String {
            size: *size,
            value: value.as_deref().map(Arc::from),
        },
        PType::Enum {
            values,
            case_insensitive,
        } => S::Enum {
            values: values.iter().map(|v| Arc::from(&**v)).collect(),
            case_insensitive: *case_insensitive,
        },
        PType::Pattern(rs) => S::Pattern(rs.iter().map(|r| Box::from(r.source())).collect()),
        PType::Boolean(b) => S::Boolean(*b),
        PType::Regexp(r) => S::Regexp(r.as_ref().map(|r| Box::from(r.source()))),
        PType::SemVerRange => S::SemVerRange,
        PType::Collection(r) => S::Collection(*r),
        PType::CatalogEntry => S::CatalogEntry,
        PType::Object => S::Object,
        PType::TypeSet => S::TypeSet,
        PType::Unit => S::Unit,
        PType::Binary => S::Binary,
        PType::Alias(a) => S::Alias(alias(a)?),
        PType::Array(e, r) => S::Array(Box::new(deep(|| freeze(e, alias))?), *r),
        PType::Hash(k, v, r) => S::Hash(
            Box::new(deep(|| freeze(k, alias))?),
            Box::new(deep(|| freeze(v, alias))?),
            *r,
        ),
        PType::Tuple(ts, r) => S::Tuple(deep(|| all(ts, alias))?, *r),
        PType::Struct(None) => S::Struct(None),
        PType::Struct(Some(members)) => S::Struct(Some(deep(|| {
            members
                .iter()
                .map(|m| Some((Arc::from(&*m.key), m.key_kind, freeze(&m.value, alias)?)))
                .collect::<Option<_>>()
        })?)),
        PType::Variant(ts) => S::Variant(deep(|| all(ts, alias))?),
        PType::Optional(t) => S::Optional(deep(|| one(t, alias))?),
        PType::NotUndef(t) => S::NotUndef(deep(|| one(t, alias))?),
        PType::Iterable(t) => S::Iterable(deep(|| one(t, alias))?),
        PType::Iterator(t) => S::Iterator(deep(|| one(t, alias))?),
        PType::Type(t) => S::Type(deep(|| one(t, alias))?),
        PType::Sensitive(t) => S::Sensitive(deep(|| one(t, alias))?),
        PType::SemVer(_)
        | PType::Timespan(..)
        | PType::Timestamp(..)
        | PType::Resource { .. }
        | PType::Class(_)
        | PType::Runtime { .. }
        | PType::Uri(_)
        | PType::TypeReference(_)
        | PType::Callable(_)
        | PType::Init(..)
        | PType::ObjectType(_)
        | PType::ObjectExt(_)
        | PType::TypeSetType(_) => return None,
    })
}

fn all(
    ts: &[PType],
    alias: &mut dyn FnMut(&Rc<TypeAlias>) -> Option<usize>,
) -> Option<Box<[Sendable]>> {
    ts.iter().map(|t| freeze(t, alias)).collect()
}

/// Types nest as deeply as values: on more stack when needed.
fn deep<R>(f: impl FnOnce() -> R) -> R {
    crate::limits::deep(f)
}

/// The type `s` is the sendable form of, the alias of each index given by `alias`; `None`
/// when one of its patterns no longer compiles (it did when frozen: not expected).
pub fn thaw(s: &Sendable, alias: &dyn Fn(usize) -> PType) -> Option<PType> {
    use Sendable as S;
    let one = |t: &Option<Box<Sendable>>| -> Option<Option<Box<PType>>> {
        match t {
            Some(t) => Some(Some(Box::new(thaw(t, alias)?))),
            None => Some(None),
        }
    };
    let regexp = |source: &str| Regexp::new(source).ok().map(Rc::new);
    Some(match s {
        S::Any => PType::Any,
        S::Undef => PType::Undef,
        S::Default => PType::Default,
        S::Data => PType::Data,
        S::RichData => PType::RichData,
        S::Scalar => PType::Scalar,
        S::ScalarData => PType::ScalarData,
        S::Numeric => PType::Numeric,
        S::Integer(r) => PType::Integer(*r),
        S::Float(lo, hi) => PType::Float(*lo, *hi),
        S::String { size, value } => PType::String {
            size: *size,
            value: value.as_deref().map(Rc::from),
        },
        S::Enum {
            values,
            case_insensitive,
        } => PType::Enum {
            values: values.iter().map(|v| Rc::from(&**v)).collect(),
            case_insensitive: *case_insensitive,
        },
        S::Pattern(sources) => {
            PType::Pattern(sources.iter().map(|s| regexp(s)).collect::<Option<_>>()?)
        }
        S::Boolean(b) => PType::Boolean(*b),
        S::Regexp(None) => PType::Regexp(None),
        S::Regexp(Some(source)) => PType::Regexp(Some(regexp(source)?)),
        S::SemVerRange => PType::SemVerRange,
        S::Collection(r) => PType::Collection(*r),
        S::CatalogEntry => PType::CatalogEntry,
        S::Object => PType::Object,
        S::TypeSet => PType::TypeSet,
        S::Unit => PType::Unit,
        S::Binary => PType::Binary,
        S::Alias(i) => alias(*i),
        S::Array(e, r) => PType::Array(Box::new(deep(|| thaw(e, alias))?), *r),
        S::Hash(k, v, r) => PType::Hash(
            Box::new(deep(|| thaw(k, alias))?),
            Box::new(deep(|| thaw(v, alias))?),
            *r,
        ),
        S::Tuple(ts, r) => PType::Tuple(deep(|| thaw_all(ts, alias))?, *r),
        S::Struct(None) => PType::Struct(None),
        S::Struct(Some(members)) => PType::Struct(Some(deep(|| {
            members
                .iter()
                .map(|(key, key_kind, value)| {
                    Some(StructMember {
                        key: Rc::from(&**key),
                        key_kind: *key_kind,
                        value: thaw(value, alias)?,
                    })
                })
                .collect::<Option<_>>()
        })?)),
        S::Variant(ts) => PType::Variant(deep(|| thaw_all(ts, alias))?),
        S::Optional(t) => PType::Optional(deep(|| one(t))?),
        S::NotUndef(t) => PType::NotUndef(deep(|| one(t))?),
        S::Iterable(t) => PType::Iterable(deep(|| one(t))?),
        S::Iterator(t) => PType::Iterator(deep(|| one(t))?),
        S::Type(t) => PType::Type(deep(|| one(t))?),
        S::Sensitive(t) => PType::Sensitive(deep(|| one(t))?),
    })
}

fn thaw_all(ts: &[Sendable], alias: &dyn Fn(usize) -> PType) -> Option<Vec<PType>> {
    ts.iter().map(|t| thaw(t, alias)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alias(name: &str, target: Option<PType>) -> Rc<TypeAlias> {
        Rc::new(TypeAlias {
            name: name.into(),
            target: std::cell::RefCell::new(target),
            invalid: Default::default(),
            remembered: Default::default(),
        })
    }

    #[test]
    fn types_thaw_as_they_were_frozen() {
        let tree = alias("Tree", None);
        let t = PType::Array(
            Box::new(PType::Variant(vec![
                PType::Integer(IntRange {
                    from: 1,
                    to: 10,
                    given: true,
                }),
                PType::Alias(tree.clone()),
                PType::Pattern(vec![Rc::new(Regexp::new("^a+$").unwrap())]),
                PType::Enum {
                    values: vec!["x".into(), "y".into()],
                    case_insensitive: true,
                },
                PType::Struct(Some(vec![StructMember {
                    key: "k".into(),
                    key_kind: KeyKind::Optional,
                    value: PType::Optional(Some(Box::new(PType::Data))),
                }])),
            ])),
            IntRange {
                from: 0,
                to: i64::MAX,
                given: false,
            },
        );
        let frozen = freeze(&t, &mut |a| Rc::ptr_eq(a, &tree).then_some(0)).unwrap();
        // (it crosses threads)
        let frozen = std::thread::spawn(move || frozen).join().unwrap();
        let thawed = thaw(&frozen, &|i| {
            assert_eq!(i, 0);
            PType::Alias(tree.clone())
        })
        .unwrap();
        assert_eq!(thawed, t);
        assert_eq!(thawed.to_string(), t.to_string());
    }

    #[test]
    fn types_without_a_sendable_form_are_not_frozen() {
        let refused = [
            PType::TypeReference("Later".into()),
            PType::Resource {
                type_name: Some("File".into()),
                title: None,
            },
            PType::Optional(Some(Box::new(PType::Class(None)))),
        ];
        for t in refused {
            assert!(freeze(&t, &mut |_| Some(0)).is_none(), "{t}");
        }
        let other = alias("Other", Some(PType::Any));
        assert!(freeze(&PType::Alias(other), &mut |_| None).is_none());
    }
}
