//! The Puppet type system: the `PType` representation. Behaviour lives in sibling modules:
//!
//! - [`names`]: `by_name("Integer")`, `resource_type("file")` (`File`).
//! - [`create`]: `parameterize(t, args)`, what `T[args]` evaluates to (a type, or an array of
//!   types for `File['a', 'b']` / `Class[a, b]`), with the reference's errors.
//! - [`instance`]: `is_instance(t, v)` (`=~`, `case`, parameter checks).
//! - [`assignable`]: `is_assignable(to, from)`, `equal(a, b)` (`==`), `compare(a, b)` (`<` ...).
//! - [`infer`]: `infer(v)`, `infer_reduced(v)`, `infer_generalized(v)`, `infer_fully` (`type(v, ...)`).
//! - [`common`]: `common_type(a, b)`, the spec's `∪`.
//! - [`display`]: `Display` (the program form), `alias_display` for a type *value* (an alias
//!   shows `MyA = Integer[1, 2]`), string quoting and float printing as `%p` does.
//! - [`mismatch`]: `describe_mismatch(t, v)`, the reference's "expects ..., got ..." texts.
//! - [`explain`], [`explain_assignable`]: why `v =~ T`, `T1 < T2`, `T1 == T2` hold or not
//!   ([`explanation`]: the notes, as text), for `:why` and `explain_type()`.
//! - [`iterable`]: `iterable_values(t)` (`Integer[1, 5].each`, `Enum[a, b].each`) and element
//!   types for `Iterable[T]`.

use crate::time::{Timespan, Timestamp};
use crate::values::{Regexp, Value};
use crate::versions::SemVerRange;
use std::cell::RefCell;
use std::rc::Rc;

/// An inclusive integer range; `i64::MIN` / `i64::MAX` stand for -/+ infinity (`default`).
///
/// `given` records that a size constraint was written even though it is the default one
/// (`String[0]`, `Array[T, 0]`), which the reference keeps when printing. It takes no part in
/// equality or hashing.
#[derive(Debug, Clone, Copy)]
pub struct IntRange {
    pub from: i64,
    pub to: i64,
    pub given: bool,
}

impl PartialEq for IntRange {
    fn eq(&self, other: &IntRange) -> bool {
        self.from == other.from && self.to == other.to
    }
}

impl Eq for IntRange {}

impl std::hash::Hash for IntRange {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.to.hash(state)
    }
}

impl IntRange {
    pub const ANY: IntRange = IntRange {
        from: i64::MIN,
        to: i64::MAX,
        given: false,
    };
    /// The size range of an unconstrained collection or string: `0..infinity`.
    pub const SIZE: IntRange = IntRange {
        from: 0,
        to: i64::MAX,
        given: false,
    };
    pub fn new(from: i64, to: i64) -> IntRange {
        IntRange {
            from,
            to,
            given: false,
        }
    }
    /// A size constraint as written, kept in the printed form even when it is the default.
    pub fn given(from: i64, to: i64) -> IntRange {
        IntRange {
            from,
            to,
            given: true,
        }
    }
    /// Whether this size constraint prints (is not the default, or was written).
    pub fn shows(&self) -> bool {
        self.given || *self != IntRange::SIZE
    }
    pub fn contains(&self, v: i64) -> bool {
        let (lo, hi) = if self.from <= self.to {
            (self.from, self.to)
        } else {
            (self.to, self.from)
        };
        lo <= v && v <= hi
    }
}

/// A bound of a `Timespan[...]` type. The reference keeps a bound given as a Float (or a
/// hash with Float fields) as float nanoseconds, which it prints differently
/// (`Timespan[1.5]` shows `'0-00:00:01.500000000'`, `Timespan['0-00:00:01.5']` shows
/// `'0-00:00:01.5'`); `float_nanos` records that. Equality, order and hashing use only the
/// duration.
#[derive(Debug, Clone, Copy)]
pub struct SpanBound {
    pub span: Timespan,
    pub float_nanos: Option<f64>,
}

impl SpanBound {
    pub fn new(span: Timespan) -> SpanBound {
        SpanBound {
            span,
            float_nanos: None,
        }
    }
}

impl From<Timespan> for SpanBound {
    fn from(span: Timespan) -> SpanBound {
        SpanBound::new(span)
    }
}

impl PartialEq for SpanBound {
    fn eq(&self, other: &SpanBound) -> bool {
        self.span == other.span
    }
}

impl Eq for SpanBound {}

impl PartialOrd for SpanBound {
    fn partial_cmp(&self, other: &SpanBound) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SpanBound {
    fn cmp(&self, other: &SpanBound) -> std::cmp::Ordering {
        self.span.cmp(&other.span)
    }
}

impl std::hash::Hash for SpanBound {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.span.hash(state)
    }
}

/// A Struct member: the key (with its `Optional[...]`/`NotUndef[...]` wrapper) and value type.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct StructMember {
    pub key: Rc<str>,
    pub key_kind: KeyKind,
    pub value: PType,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyKind {
    /// A plain string key: optional exactly when the value type accepts undef.
    Plain,
    /// `Optional[key]`
    Optional,
    /// `NotUndef[key]`
    NotUndef,
}

/// `Callable[params..., min, max, block]` with an optional return type.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct CallableType {
    /// The parameter types and the argument count range as written (`None` when no
    /// count was given: exactly the parameter types); `None` for an unparameterized
    /// `Callable` (any callable).
    pub params: Option<(Vec<PType>, Option<IntRange>)>,
    pub block: Option<PType>,
    pub return_type: Option<PType>,
}

/// A named type alias. Its target is filled in after the alias is created, so that an
/// alias can refer to itself (recursive types).
#[derive(Debug)]
pub struct TypeAlias {
    pub name: Rc<str>,
    pub target: RefCell<Option<PType>>,
    /// Why the definition is no type the reference's type parser reads (`type X =
    /// Integer[1+1]`: "The expression <1+1> is not a valid type specification."): an error
    /// where the alias is used, as there, not where it is defined.
    pub invalid: RefCell<Option<String>>,
    /// Whether checks of hashes against the alias are remembered, with the generation of
    /// aliases it was decided in (`instance_memo`); `Default::default()` when made.
    pub remembered: std::cell::Cell<Option<(u64, bool)>>,
}

impl TypeAlias {
    /// An alias of the reference's own (`RichDataKey`, `BinaryArgsHash`), defined as `target`.
    pub fn builtin(name: &str, target: PType) -> PType {
        PType::Alias(Rc::new(TypeAlias {
            name: name.into(),
            target: RefCell::new(Some(target)),
            invalid: Default::default(),
            remembered: Default::default(),
        }))
    }

    /// The aliased type; `Any` while still unresolved.
    pub fn resolved(&self) -> PType {
        self.target.borrow().clone().unwrap_or(PType::Any)
    }

    /// Makes `t` the aliased type (defining, resolving or restoring the alias); the
    /// instance checks remembered with the old one are forgotten.
    pub fn set_target(&self, t: Option<PType>) {
        *self.target.borrow_mut() = t;
        instance_memo::forget_all();
    }

    /// `f` of the aliased type (`Any` while still unresolved), without copying it: an
    /// instance check of a Struct alias need not clone the Struct. (Inlined: in the
    /// instance checks' loops a call and its closure cost more than the borrow.)
    #[inline]
    pub fn with_resolved<R>(&self, f: impl FnOnce(&PType) -> R) -> R {
        // The target is only replaced (a borrow of a moment) when the alias is defined.
        match self.target.try_borrow().as_deref() {
            Ok(Some(t)) => f(t),
            _ => f(&PType::Any),
        }
    }
}

#[derive(Debug)]
pub enum PType {
    Any,
    Undef,
    Default,
    Data,
    RichData,
    Scalar,
    ScalarData,
    Numeric,
    Integer(IntRange),
    /// `Float[from, to]`; infinities for `default`.
    Float(f64, f64),
    /// `String[size]`; `value` is set for the inferred type of one particular string.
    String {
        size: IntRange,
        value: Option<Rc<str>>,
    },
    Enum {
        values: Vec<Rc<str>>,
        case_insensitive: bool,
    },
    Pattern(Vec<Rc<Regexp>>),
    /// `Boolean`, or `Boolean[true]`/`Boolean[false]` as inferred.
    Boolean(Option<bool>),
    Regexp(Option<Rc<Regexp>>),
    SemVer(Vec<SemVerRange>),
    SemVerRange,
    Timespan(Option<SpanBound>, Option<SpanBound>),
    Timestamp(Option<Timestamp>, Option<Timestamp>),
    Collection(IntRange),
    CatalogEntry,
    /// `Resource`, `Resource[File]` (= `File`), `File['/tmp/x']`. The type name is kept
    /// capitalized per segment (`File`, `My::Thing`).
    Resource {
        type_name: Option<Rc<str>>,
        title: Option<Rc<str>>,
    },
    Class(Option<Rc<str>>),
    /// `Runtime`, `Runtime['ruby']`, `Runtime['ruby', 'Name']`
    Runtime {
        runtime: Option<Rc<str>>,
        name: Option<Rc<str>>,
    },
    /// `Object`: the type of every object (`Object[{}]`).
    Object,
    TypeSet,
    /// `URI`, `URI[{'scheme' => 'http', ...}]`: the components a URI must have.
    Uri(Option<Rc<crate::values::Map>>),
    /// `Unit` (accepts anything; the reference's internal type).
    Unit,
    /// `Binary`: sequences of bytes.
    Binary,
    Alias(Rc<TypeAlias>),
    /// `TypeReference['Foo']`: a name in a type alias that named no type when the alias was
    /// resolved (the reference's lazy reference). No value is an instance of it; it is
    /// replaced by the alias of that name once one is defined.
    TypeReference(Rc<str>),
    // The variants that hold other types or values come last, together: dropping a type
    // tells them from the others with one comparison (`values::teardown`).
    Array(Box<PType>, IntRange),
    Hash(Box<PType>, Box<PType>, IntRange),
    /// `Tuple[types..., from, to]`; `size` is `None` when no size constraint was given.
    Tuple(Vec<PType>, Option<IntRange>),
    /// `Struct[{...}]`; `None` for an unparameterized `Struct`.
    Struct(Option<Vec<StructMember>>),
    Variant(Vec<PType>),
    /// `Optional`, `Optional[T]`
    Optional(Option<Box<PType>>),
    /// `NotUndef`, `NotUndef[T]`
    NotUndef(Option<Box<PType>>),
    Iterable(Option<Box<PType>>),
    Iterator(Option<Box<PType>>),
    /// `Type`, `Type[T]`
    Type(Option<Box<PType>>),
    Callable(Box<CallableType>),
    Sensitive(Option<Box<PType>>),
    /// `Init`, `Init[T, args...]`
    Init(Option<Box<PType>>, Vec<Value>),
    /// A Pcore object type: `Object[{name => 'P', attributes => {...}}]` (see [`object`]).
    ObjectType(Rc<object::ObjectType>),
    /// A TypeSet defined by an alias (see [`typeset`]).
    TypeSetType(Rc<typeset::TypeSet>),
    /// An object type with type parameters given values: `Error['k']` (see
    /// [`object_extension`]).
    ObjectExt(Rc<object_extension::ObjectExtension>),
}

/// Types nest as deeply as values: a type with parts is copied on more stack when needed.
impl Clone for PType {
    fn clone(&self) -> PType {
        use PType::*;
        match self {
            Any => Any,
            Undef => Undef,
            Default => Default,
            Data => Data,
            RichData => RichData,
            Scalar => Scalar,
            ScalarData => ScalarData,
            Numeric => Numeric,
            Integer(r) => Integer(*r),
            Float(lo, hi) => Float(*lo, *hi),
            String { size, value } => String {
                size: *size,
                value: value.clone(),
            },
            Enum {
                values,
                case_insensitive,
            } => Enum {
                values: values.clone(),
                case_insensitive: *case_insensitive,
            },
            Pattern(p) => Pattern(p.clone()),
            Boolean(b) => Boolean(*b),
            Regexp(r) => Regexp(r.clone()),
            SemVer(r) => SemVer(r.clone()),
            SemVerRange => SemVerRange,
            Timespan(lo, hi) => Timespan(*lo, *hi),
            Timestamp(lo, hi) => Timestamp(*lo, *hi),
            Collection(r) => Collection(*r),
            CatalogEntry => CatalogEntry,
            Resource { type_name, title } => Resource {
                type_name: type_name.clone(),
                title: title.clone(),
            },
            Class(c) => Class(c.clone()),
            Runtime { runtime, name } => Runtime {
                runtime: runtime.clone(),
                name: name.clone(),
            },
            Object => Object,
            ObjectType(o) => ObjectType(o.clone()),
            ObjectExt(e) => ObjectExt(e.clone()),
            TypeSet => TypeSet,
            TypeSetType(t) => TypeSetType(t.clone()),
            Uri(u) => Uri(u.clone()),
            Unit => Unit,
            Binary => Binary,
            Alias(a) => Alias(a.clone()),
            TypeReference(r) => TypeReference(r.clone()),
            // the parts on more stack when needed
            Array(e, r) => crate::limits::deep(|| Array(e.clone(), *r)),
            Hash(k, v, r) => crate::limits::deep(|| Hash(k.clone(), v.clone(), *r)),
            Tuple(t, r) => crate::limits::deep(|| Tuple(t.clone(), *r)),
            Struct(m) => crate::limits::deep(|| Struct(m.clone())),
            Variant(t) => crate::limits::deep(|| Variant(t.clone())),
            Optional(t) => crate::limits::deep(|| Optional(t.clone())),
            NotUndef(t) => crate::limits::deep(|| NotUndef(t.clone())),
            Iterable(t) => crate::limits::deep(|| Iterable(t.clone())),
            Iterator(t) => crate::limits::deep(|| Iterator(t.clone())),
            Type(t) => crate::limits::deep(|| Type(t.clone())),
            Callable(c) => crate::limits::deep(|| Callable(c.clone())),
            Sensitive(t) => crate::limits::deep(|| Sensitive(t.clone())),
            Init(t, args) => crate::limits::deep(|| Init(t.clone(), args.clone())),
        }
    }
}

impl PartialEq for PType {
    /// Structural equality (used for hash keys). The language's `==` on types, which
    /// normalizes, is `types::equal`.
    fn eq(&self, other: &PType) -> bool {
        // Types nest as deeply as values: on more stack when needed.
        crate::limits::deep(|| self.eq_here(other))
    }
}

impl PType {
    fn eq_here(&self, other: &PType) -> bool {
        use PType::*;
        match (self, other) {
            (Integer(a), Integer(b)) => a == b,
            (Float(a1, a2), Float(b1, b2)) => a1 == b1 && a2 == b2,
            (String { size: a, value: av }, String { size: b, value: bv }) => a == b && av == bv,
            (
                Enum {
                    values: a,
                    case_insensitive: ai,
                },
                Enum {
                    values: b,
                    case_insensitive: bi,
                },
            ) => a == b && ai == bi,
            (Pattern(a), Pattern(b)) => a == b,
            (Boolean(a), Boolean(b)) => a == b,
            (Regexp(a), Regexp(b)) => a == b,
            (SemVer(a), SemVer(b)) => a == b,
            (Timespan(a1, a2), Timespan(b1, b2)) => a1 == b1 && a2 == b2,
            (Timestamp(a1, a2), Timestamp(b1, b2)) => a1 == b1 && a2 == b2,
            (Collection(a), Collection(b)) => a == b,
            (Array(a, s), Array(b, t)) => a == b && s == t,
            (Hash(ak, av, s), Hash(bk, bv, t)) => ak == bk && av == bv && s == t,
            (Tuple(a, s), Tuple(b, t)) => a == b && s == t,
            (Struct(a), Struct(b)) => a == b,
            (Variant(a), Variant(b)) => a == b,
            (Optional(a), Optional(b))
            | (NotUndef(a), NotUndef(b))
            | (Iterable(a), Iterable(b))
            | (Iterator(a), Iterator(b))
            | (Type(a), Type(b))
            | (Sensitive(a), Sensitive(b)) => a == b,
            (
                Resource {
                    type_name: a,
                    title: at,
                },
                Resource {
                    type_name: b,
                    title: bt,
                },
            ) => a == b && at == bt,
            (Class(a), Class(b)) => a == b,
            (Callable(a), Callable(b)) => a == b,
            (
                Runtime {
                    runtime: a,
                    name: an,
                },
                Runtime {
                    runtime: b,
                    name: bn,
                },
            ) => a == b && an == bn,
            (Init(a, aa), Init(b, ba)) => a == b && aa == ba,
            (Alias(a), Alias(b)) => a.name == b.name,
            (ObjectType(a), ObjectType(b)) => object::same(a, b),
            (ObjectExt(a), ObjectExt(b)) => a == b,
            (Uri(a), Uri(b)) => a == b,
            (TypeSetType(a), TypeSetType(b)) => {
                Rc::ptr_eq(a, b) || (a.name == b.name && a.version == b.version)
            }
            (TypeReference(a), TypeReference(b)) => a == b,
            _ => {
                std::mem::discriminant(self) == std::mem::discriminant(other)
                    && self.is_unit_variant()
            }
        }
    }
}

/// `Any`, for a reference that must outlive a temporary (`unwrap_or(ANY)`).
pub const ANY: &PType = &PType::Any;

impl PType {
    fn is_unit_variant(&self) -> bool {
        use PType::*;
        matches!(
            self,
            Any | Undef
                | Default
                | Data
                | RichData
                | Scalar
                | ScalarData
                | Numeric
                | SemVerRange
                | CatalogEntry
                | Object
                | TypeSet
                | Unit
                | Binary
        )
    }
}

impl Eq for PType {}

/// How many types (nested ones included) a type's hash covers, first to last and outside
/// in. Equal types have equal parts in the same places, so hashing a bounded walk agrees
/// with equality; it tells apart the many inferred types of like-shaped values (`Struct`s
/// that differ in one member's `Integer[n, n]`, which `unique` of `type()`s puts in one
/// hash map: one hash for all, each type compared with all the others, made it quadratic),
/// and stays cheap for big ones (the `Tuple` of a 100,000-element array).
const HASHED_TYPES: u32 = 24;

impl std::hash::Hash for PType {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hash_bounded(state, &mut { HASHED_TYPES });
    }
}

impl PType {
    /// Hashes this type's own fields and then its parts, while `budget` lasts (each type
    /// and each `Struct` member takes one). Aliases are hashed by name only (their target
    /// can change after they are used as keys), as equality compares them.
    fn hash_bounded<H: std::hash::Hasher>(&self, state: &mut H, budget: &mut u32) {
        use std::hash::Hash;
        std::mem::discriminant(self).hash(state);
        self.hash_own_fields(state);
        match self {
            PType::Array(e, _) => e.hash_part(state, budget),
            PType::Hash(k, v, _) => {
                k.hash_part(state, budget);
                v.hash_part(state, budget);
            }
            PType::Tuple(ts, _) | PType::Variant(ts) => {
                for t in ts {
                    if *budget == 0 {
                        break;
                    }
                    t.hash_part(state, budget);
                }
            }
            PType::Struct(Some(members)) => {
                members.len().hash(state);
                for m in members {
                    if *budget == 0 {
                        break;
                    }
                    m.key.hash(state);
                    m.key_kind.hash(state);
                    m.value.hash_part(state, budget);
                }
            }
            PType::Optional(Some(t))
            | PType::NotUndef(Some(t))
            | PType::Iterable(Some(t))
            | PType::Iterator(Some(t))
            | PType::Type(Some(t))
            | PType::Sensitive(Some(t))
            | PType::Init(Some(t), _) => t.hash_part(state, budget),
            _ => {}
        }
    }

    /// One part of a type: hashed if the budget allows, which it takes one of.
    fn hash_part<H: std::hash::Hasher>(&self, state: &mut H, budget: &mut u32) {
        if *budget > 0 {
            *budget -= 1;
            self.hash_bounded(state, budget);
        }
    }
}

impl PType {
    /// Hashes the fields of a type that are not themselves types (see `Hash`).
    fn hash_own_fields<H: std::hash::Hasher>(&self, state: &mut H) {
        use std::hash::Hash;
        match self {
            PType::Integer(r) => r.hash(state),
            // (0.0 and -0.0 are equal: one hash)
            PType::Float(a, b) => {
                (a + 0.0).to_bits().hash(state);
                (b + 0.0).to_bits().hash(state)
            }
            PType::String { value, size } => {
                value.hash(state);
                size.hash(state)
            }
            PType::Enum { values, .. } => values.hash(state),
            PType::Boolean(b) => b.hash(state),
            PType::Regexp(r) => r.hash(state),
            PType::Timespan(a, b) => (a, b).hash(state),
            PType::Timestamp(a, b) => (a, b).hash(state),
            PType::Collection(s) | PType::Array(_, s) | PType::Hash(_, _, s) => s.hash(state),
            PType::Tuple(t, _) | PType::Variant(t) => t.len().hash(state),
            PType::Alias(a) => a.name.hash(state),
            PType::Resource { type_name, title } => {
                type_name.hash(state);
                title.hash(state)
            }
            PType::Class(n) => n.hash(state),
            PType::ObjectType(o) => o.name.hash(state),
            PType::ObjectExt(e) => e.base.name.hash(state),
            _ => {}
        }
    }
}

impl PType {
    /// `String` (any string).
    pub fn string() -> PType {
        PType::String {
            size: IntRange::SIZE,
            value: None,
        }
    }
    /// The type of one particular string (as a Struct key or inferred).
    pub fn string_value(s: Rc<str>) -> PType {
        PType::String {
            size: IntRange::SIZE,
            value: Some(s),
        }
    }
    pub fn integer() -> PType {
        PType::Integer(IntRange::ANY)
    }
    pub fn float() -> PType {
        PType::Float(f64::NEG_INFINITY, f64::INFINITY)
    }
    pub fn array_of(t: PType) -> PType {
        PType::Array(Box::new(t), IntRange::SIZE)
    }
    pub fn hash_of(k: PType, v: PType) -> PType {
        PType::Hash(Box::new(k), Box::new(v), IntRange::SIZE)
    }
    /// The unparameterized `Callable`.
    pub fn callable() -> PType {
        PType::Callable(Box::new(CallableType {
            params: None,
            block: None,
            return_type: None,
        }))
    }
    /// `Variant[]`, the type without instances.
    pub fn nothing() -> PType {
        PType::Variant(Vec::new())
    }
    /// The alias target, or the type itself.
    pub fn resolved(&self) -> PType {
        match self {
            PType::Alias(a) => a.resolved(),
            t => t.clone(),
        }
    }

    /// `f` of [`PType::resolved`] without copying the type (an alias's target as
    /// [`TypeAlias::with_resolved`] lends it).
    #[inline]
    pub fn with_resolved<R>(&self, f: impl FnOnce(&PType) -> R) -> R {
        match self {
            PType::Alias(a) => a.with_resolved(f),
            t => f(t),
        }
    }
}

pub mod assignable;
pub mod common;
pub mod create;
mod create_catalog;
mod create_collections;
mod create_time;
pub mod display;
pub mod explain;
pub mod explain_assignable;
pub mod explanation;
pub mod infer;
mod infer_data;
pub mod init;
pub mod instance;
mod instance_memo;
pub mod iterable;
pub mod mismatch;
pub mod names;
pub mod normalize;
pub mod object;
pub mod object_extension;
pub mod object_instance;
pub mod pcore;
pub mod references;
pub mod sendable;
mod size;
#[cfg(test)]
mod testparse;
#[cfg(test)]
mod tests;
mod time_text;
pub mod type_text;
pub mod typeset;
pub mod typesrc;

pub use assignable::{compare, equal, equal_quiet, is_assignable};
pub use common::common_type;
pub use create::{parameterize, parameterize_as_written};
pub use create_catalog::empty_specialization;
pub use display::{alias_display, regexp_text, resolved_display};
pub use explain::explain_instance;
pub use explain_assignable::{explain_comparison, Comparison};
pub use explanation::{Explanation, Note};
pub use infer::generalize;
pub use infer::{infer, infer_fully, infer_generalized, infer_reduced, Fidelity};
pub use instance::is_instance;
pub use iterable::{iterable_values, TypeValues};
pub use mismatch::{base_name, describe_mismatch, describe_mismatches, short_name};
pub use names::{by_name, resource_type};
pub(crate) use size::kind_name;
