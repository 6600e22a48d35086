//! Assignability (`T1 >= T2`: every value of T2 is a T1), type equality and ordering.
//!
//! `Data` and `RichData` behave as the aliases the reference defines them as (unions that
//! refer to themselves); the guard below stops their recursion and that of user aliases by
//! assuming `true` for a pair that is already being checked.
use super::instance::{member_is_optional, tuple_size, tuple_type_at};
use super::{CallableType, IntRange, PType, StructMember};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::cmp::Ordering;

/// Whether every instance of `from` is an instance of `to`.
pub fn is_assignable(to: &PType, from: &PType) -> bool {
    Guard::default().assignable(to, from)
}

/// The language's `==` on types: structurally equal, or assignable both ways.
pub fn equal(a: &PType, b: &PType) -> bool {
    // (in the reference's order, `b` first: a check that fails, an `Init` of a type without
    // `new`, fails where the reference's does)
    a == b || (is_assignable(b, a) && is_assignable(a, b))
}

/// [`equal`] without the errors its checks defer (an `Init` of a type without `new`): types
/// inside values (`[String] == [Init[Default]]`) the reference compares by their structure
/// (Ruby's `==`), which works out no `Init`'s parts.
pub fn equal_quiet(a: &PType, b: &PType) -> bool {
    let earlier = crate::limits::deferred_pending();
    let eq = equal(a, b);
    if !earlier && crate::limits::deferred_pending() {
        crate::limits::take_deferred_error();
    }
    eq
}

/// `<`, `<=`, `>`, `>=` on types: `Less` when `a` is a strict subset of `b`, `Equal` when they
/// are equal, `Greater` for a strict superset, `None` when neither accepts the other.
pub fn compare(a: &PType, b: &PType) -> Option<Ordering> {
    if equal(a, b) {
        return Some(Ordering::Equal);
    }
    if is_assignable(b, a) {
        Some(Ordering::Less)
    } else if is_assignable(a, b) {
        Some(Ordering::Greater)
    } else {
        None
    }
}

/// Types nest as deeply as the values they were inferred from (`limits::MAX_VALUE_DEPTH`);
/// deeper (an alias that refers to itself without consuming any structure) is a mismatch.
const MAX_DEPTH: usize = crate::limits::MAX_VALUE_DEPTH;

#[derive(Default)]
struct Guard {
    /// (to, from) pairs involving aliases (or Data/RichData) under evaluation.
    visiting: Vec<(Side, Side)>,
    depth: usize,
    /// Without the structural answer for `Data` (tests compare the two).
    no_shortcut: bool,
}

/// One side of a pair being checked, as the guard against endless recursion through
/// aliases knows it: an alias (or Data/RichData) or a small type by value; a larger type by
/// address. Comparing large types structurally would walk the rest of two nested types for
/// each pair (cubic in their depth). A pair that comes back without consuming structure
/// comes back with the same object, or with a fresh copy of (a part of) an alias's
/// definition, which is small (up to `SMALL` parts; a cycle through a larger definition is
/// stopped by the depth limit instead).
enum Side {
    Is(PType),
    At(*const PType),
}

/// The parts (types) a type may have to be kept by value in the guard.
const SMALL: usize = 64;

impl Side {
    fn of(t: &PType) -> Side {
        let mut budget = SMALL;
        if is_alias_like(t) || fits(t, &mut budget) {
            Side::Is(t.clone())
        } else {
            Side::At(t)
        }
    }

    /// (Comparing with a small type stops within its size.)
    fn is(&self, t: &PType) -> bool {
        match self {
            Side::Is(a) => a == t,
            Side::At(p) => std::ptr::eq(*p, t),
        }
    }
}

/// Whether `t` has at most `budget` parts (counting down).
fn fits(t: &PType, budget: &mut usize) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let opt =
        |t: &Option<Box<PType>>, budget: &mut usize| t.as_ref().is_none_or(|t| fits(t, budget));
    match t {
        PType::Array(e, _) => fits(e, budget),
        PType::Hash(k, v, _) => fits(k, budget) && fits(v, budget),
        PType::Tuple(types, _) | PType::Variant(types) => types.iter().all(|t| fits(t, budget)),
        PType::Struct(Some(members)) => members.iter().all(|m| fits(&m.value, budget)),
        PType::Optional(t)
        | PType::NotUndef(t)
        | PType::Iterable(t)
        | PType::Iterator(t)
        | PType::Type(t)
        | PType::Sensitive(t) => opt(t, budget),
        PType::Init(t, args) => args.is_empty() && opt(t, budget),
        PType::Callable(c) => {
            c.params
                .as_ref()
                .is_none_or(|(types, _)| types.iter().all(|t| fits(t, budget)))
                && c.block.as_ref().is_none_or(|t| fits(t, budget))
                && c.return_type.as_ref().is_none_or(|t| fits(t, budget))
        }
        _ => true,
    }
}

/// How deep [`data_accepts`] follows a type (deeper ones take the general rules).
const DATA_WALK: usize = 64;

/// Whether `Data` accepts `t` by its structure alone: scalars of data, undef, and arrays,
/// hashes (by string keys), tuples, structs, variants and optionals of such types. The
/// general rules expand `Data` into its union (allocated anew at each level) and guard the
/// recursion with copies of both sides, some 5,000 instructions for a small record's
/// type, which `common_type` of inferred types asks for at each mixed value. `false`
/// means "not by this walk", and the general rules decide.
fn data_accepts(t: &PType, depth: usize) -> bool {
    if depth == 0 {
        return false;
    }
    let part = |t: &PType| data_accepts(t, depth - 1);
    match t {
        PType::Data | PType::Undef | PType::Unit => true,
        t if is_scalar_data(t) => true,
        PType::Array(e, _) => part(e),
        PType::Hash(k, v, _) => {
            matches!(
                **k,
                PType::String { .. } | PType::Enum { .. } | PType::Pattern(_) | PType::Unit
            ) && part(v)
        }
        PType::Tuple(types, _) | PType::Variant(types) => {
            !types.is_empty() && types.iter().all(part)
        }
        PType::Struct(Some(members)) => members.iter().all(|m| part(&m.value)),
        PType::Optional(Some(t)) => part(t),
        // (not NotUndef: the reference's rules do not find `NotUndef[Data]` in `Data`)
        _ => false,
    }
}

fn is_alias_like(t: &PType) -> bool {
    matches!(t, PType::Alias(_) | PType::Data | PType::RichData)
}

/// An alias (or Data/RichData) as the type it stands for; any other type as it is (not
/// copied: it may be nested deep).
fn expand(t: &PType) -> std::borrow::Cow<'_, PType> {
    use std::borrow::Cow;
    match t {
        PType::Alias(a) => Cow::Owned(a.resolved()),
        t => Cow::Borrowed(super::names::data_definition(t).unwrap_or(t)),
    }
}

fn in_range(outer: IntRange, inner: IntRange) -> bool {
    outer.from <= inner.from && inner.to <= outer.to
}

/// The (required, total) size range of a Struct's hashes.
fn struct_size(members: &[StructMember]) -> IntRange {
    let required = members.iter().filter(|m| !member_is_optional(m)).count();
    IntRange::new(required as i64, members.len() as i64)
}

impl Guard {
    fn assignable(&mut self, to: &PType, from: &PType) -> bool {
        if matches!(to, PType::Any | PType::Unit)
            || matches!(from, PType::Unit)
            || self.same(to, from)
        {
            return true;
        }
        if self.depth > MAX_DEPTH {
            return false;
        }
        if matches!(to, PType::Data) && !self.no_shortcut && data_accepts(from, DATA_WALK) {
            return true;
        }
        if is_alias_like(to) || is_alias_like(from) {
            if self.visiting.iter().any(|(t, f)| t.is(to) && f.is(from)) {
                return true;
            }
            self.visiting.push((Side::of(to), Side::of(from)));
            self.depth += 1;
            let r = crate::limits::deep(|| self.assignable(&expand(to), &expand(from)));
            self.depth -= 1;
            self.visiting.pop();
            return r;
        }
        self.depth += 1;
        let r = crate::limits::deep(|| self.assignable_resolved(to, from));
        self.depth -= 1;
        r
    }

    /// Whether `to` and `from` are the same type, which is then assignable. Below the top,
    /// types whose rule compares their parts skip this (it would walk the rest of two
    /// nested types at each level: quadratic in their depth); their rules accept equal
    /// types.
    fn same(&self, to: &PType, from: &PType) -> bool {
        if self.depth > 0
            && matches!(
                to,
                PType::Array(..)
                    | PType::Hash(..)
                    | PType::Tuple(..)
                    | PType::Struct(_)
                    | PType::Variant(_)
                    | PType::Optional(_)
                    | PType::NotUndef(_)
                    | PType::Iterable(_)
                    | PType::Iterator(_)
                    | PType::Type(_)
                    | PType::Sensitive(_)
            )
        {
            return std::ptr::eq(to, from);
        }
        // (an `Init` of a type without `new` fails where a check reaches it, equal or not:
        // the reference has no shortcut for equal types, `Init[Default] =~
        // Type[Init[Default]]` fails; its rule accepts an equal `Init`)
        to == from && !super::init::has_uninitializable(to)
    }

    fn assignable_resolved(&mut self, to: &PType, from: &PType) -> bool {
        // Unions on the right: every member must be accepted.
        match from {
            PType::Variant(types) => {
                if let PType::NotUndef(_) = to {
                    if types.is_empty() {
                        return true;
                    }
                }
                return types.iter().all(|t| self.assignable(to, t));
            }
            PType::Optional(inner) if !matches!(to, PType::Optional(_)) => {
                return self.assignable(to, &PType::Undef)
                    && inner.as_ref().is_none_or(|t| self.assignable(to, t));
            }
            // As the reference does: `NotUndef[T]` stands for `T` when `T` does not accept
            // undef; otherwise (`NotUndef[Any]`, `NotUndef[Data]`) the target's own rule
            // decides, with the NotUndef as it is (a Variant accepts it when a member
            // does, an `Optional` when its type does, a `NotUndef[U]` when U does).
            PType::NotUndef(Some(inner)) if !self.assignable(inner, &PType::Undef) => {
                return self.assignable(to, inner);
            }
            _ => {}
        }
        match to {
            PType::Any | PType::Unit => true,
            PType::Binary => matches!(from, PType::Binary),
            PType::Undef => matches!(from, PType::Undef),
            PType::Default => matches!(from, PType::Default),
            PType::Data | PType::RichData | PType::Alias(_) => false, // expanded by the caller
            // Only the same reference: nothing else is known about it.
            PType::TypeReference(name) => matches!(from, PType::TypeReference(n) if n == name),
            PType::ScalarData => is_scalar_data(from),
            PType::Scalar => is_scalar_data(from) || is_other_scalar(from),
            PType::Numeric => matches!(from, PType::Numeric | PType::Integer(_) | PType::Float(..)),
            PType::Integer(r) => matches!(from, PType::Integer(r2) if in_range(*r, *r2)),
            PType::Float(lo, hi) => matches!(from, PType::Float(l2, h2) if lo <= l2 && h2 <= hi),
            PType::String { size, value } => string_accepts(*size, value.as_deref(), from),
            PType::Enum {
                values,
                case_insensitive,
            } => enum_accepts(values, *case_insensitive, from),
            PType::Pattern(res) => match from {
                _ if res.is_empty() => matches!(
                    from,
                    PType::String { .. } | PType::Enum { .. } | PType::Pattern(_)
                ),
                PType::String { value: Some(s), .. } => res.iter().any(|r| r.matches(s)),
                PType::Enum { values, .. } => {
                    !values.is_empty() && values.iter().all(|v| res.iter().any(|r| r.matches(v)))
                }
                // Only the same set of patterns (the reference does not compare the
                // languages of two pattern sets).
                PType::Pattern(r2) => same_patterns(res, r2),
                _ => false,
            },
            PType::Boolean(b) => matches!(from, PType::Boolean(b2) if b.is_none() || b == b2),
            PType::Regexp(r) => matches!(from, PType::Regexp(r2) if r.is_none() || r == r2),
            PType::SemVer(ranges) => match from {
                // Every range of `from` within one of the ranges of `to`.
                PType::SemVer(r2) => {
                    ranges.is_empty()
                        || (!r2.is_empty()
                            && r2.iter().all(|o| ranges.iter().any(|r| o.is_covered_by(r))))
                }
                _ => false,
            },
            PType::SemVerRange => matches!(from, PType::SemVerRange),
            PType::Timespan(lo, hi) => match from {
                PType::Timespan(l2, h2) => bound_ok(lo, l2, true) && bound_ok(hi, h2, false),
                _ => false,
            },
            PType::Timestamp(lo, hi) => match from {
                PType::Timestamp(l2, h2) => bound_ok(lo, l2, true) && bound_ok(hi, h2, false),
                _ => false,
            },
            PType::Collection(size) => match collection_size(from) {
                Some(s) => in_range(*size, s),
                None => false,
            },
            PType::Array(elem, size) => self.array_accepts(elem, *size, from),
            PType::Hash(k, v, size) => self.hash_accepts(k, v, *size, from),
            PType::Tuple(types, size) => self.tuple_accepts(types, *size, from),
            PType::Struct(members) => self.struct_accepts(members.as_deref().unwrap_or(&[]), from),
            PType::Variant(types) => types.iter().any(|t| self.assignable(t, from)),
            PType::Optional(inner) => match (inner, from) {
                (_, PType::Undef) | (None, _) | (_, PType::Optional(None)) => true,
                // `Optional[Optional[T]]` is `Optional[T]`.
                (Some(_), PType::Optional(Some(f))) => self.assignable(to, f),
                (Some(t), f) => self.assignable(t, f),
            },
            PType::NotUndef(inner) => {
                !self.assignable(from, &PType::Undef)
                    && inner.as_deref().is_none_or(|t| self.assignable(t, from))
            }
            PType::Iterable(elem) => match super::iterable::element_type_of_type(from) {
                Some(e) => elem.as_ref().is_none_or(|t| self.assignable(t, &e)),
                None => false,
            },
            PType::Iterator(elem) => match from {
                PType::Iterator(e2) => match (elem, e2) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(t), Some(f)) => self.assignable(t, f),
                },
                _ => false,
            },
            PType::CatalogEntry => matches!(
                from,
                PType::CatalogEntry | PType::Resource { .. } | PType::Class(_)
            ),
            PType::Resource { type_name, title } => match from {
                PType::Resource {
                    type_name: n2,
                    title: t2,
                } => {
                    type_name.is_none()
                        || (n2.as_deref().is_some_and(|n2| {
                            type_name
                                .as_deref()
                                .is_some_and(|n| n.eq_ignore_ascii_case(n2))
                        }) && (title.is_none() || title == t2))
                }
                _ => false,
            },
            PType::Class(name) => matches!(from, PType::Class(n2) if name.is_none() || name == n2),
            PType::Type(t) => match from {
                PType::Type(t2) => match (t, t2) {
                    (None, _) => true,
                    // As in the reference, an unparameterized `Type` is wider than any
                    // `Type[T]`, `Type[Any]` included (`Type[Any] < Type`).
                    (Some(_), None) => false,
                    (Some(t), Some(f)) => self.assignable(t, f),
                },
                _ => false,
            },
            PType::Callable(c) => match from {
                PType::Callable(c2) => self.callable_accepts(c, c2),
                _ => false,
            },
            PType::Sensitive(t) => match from {
                PType::Sensitive(t2) => match (t, t2) {
                    (None, _) => true,
                    (Some(t), None) => matches!(**t, PType::Any),
                    (Some(t), Some(f)) => self.assignable(t, f),
                },
                _ => false,
            },
            PType::Runtime { runtime, name } => match from {
                PType::Runtime {
                    runtime: r2,
                    name: n2,
                } => runtime.is_none() || (runtime == r2 && (name.is_none() || name == n2)),
                _ => false,
            },
            PType::Init(t, args) => {
                if let Some(t) = t {
                    super::init::check_initializable(t, args);
                }
                match (t, from) {
                    // A bare Init is RichData.
                    (None, PType::Init(..)) => true,
                    (None, f) => self.assignable(&PType::RichData, f),
                    (Some(t), PType::Init(t2, args2)) => t2
                        .as_ref()
                        .is_some_and(|f| args == args2 && self.assignable(t, f)),
                    (Some(t), f) => self.assignable(t, f) || self.init_accepts(t, args, f),
                }
            }
            PType::Object => matches!(
                from,
                PType::Object | PType::ObjectType(_) | PType::ObjectExt(_)
            ),
            PType::ObjectType(o) => match from {
                PType::ObjectType(f) => super::object::inherits(f, o),
                PType::ObjectExt(f) => super::object::inherits(&f.base, o),
                _ => false,
            },
            PType::ObjectExt(e) => {
                super::object_extension::assignable_from(e, from, &mut |t, f| self.assignable(t, f))
            }
            PType::TypeSet => matches!(from, PType::TypeSet | PType::TypeSetType(_)),
            PType::TypeSetType(ts) => {
                matches!(from, PType::TypeSetType(f) if f.name == ts.name && f.version == ts.version)
            }
            PType::Uri(None) => matches!(from, PType::Uri(_)),
            PType::Uri(Some(params)) => match from {
                PType::Uri(Some(theirs)) => params.iter().all(|(k, v)| theirs.get(k) == Some(v)),
                _ => false,
            },
        }
    }

    fn array_accepts(&mut self, elem: &PType, size: IntRange, from: &PType) -> bool {
        match from {
            PType::Array(e2, s2) => {
                in_range(size, *s2) && (s2.to == 0 || self.assignable(elem, e2))
            }
            PType::Tuple(types, s2) => {
                if types.is_empty() {
                    let s = s2.unwrap_or(IntRange::new(0, 0));
                    return in_range(size, s) && (s.to == 0 || self.assignable(elem, &PType::Any));
                }
                let ts = tuple_size(types, *s2);
                in_range(size, ts) && types.iter().all(|t| self.assignable(elem, t))
            }
            _ => false,
        }
    }

    fn hash_accepts(&mut self, k: &PType, v: &PType, size: IntRange, from: &PType) -> bool {
        match from {
            PType::Hash(k2, v2, s2) => {
                in_range(size, *s2)
                    && (s2.to == 0 || (self.assignable(k, k2) && self.assignable(v, v2)))
            }
            PType::Struct(members) => {
                let members = members.as_deref().unwrap_or(&[]);
                let ss = struct_size(members);
                // Each key is checked as a value, as the reference does: the unparameterized
                // `Optional` accepts only undef, so `Hash[Optional, Any]` takes no Struct
                // with keys (though `String <= Optional`).
                in_range(size, ss)
                    && members.iter().all(|m| {
                        super::instance::is_instance(
                            k,
                            &crate::values::Value::String(m.key.clone()),
                        ) && self.assignable(v, &m.value)
                    })
            }
            _ => false,
        }
    }

    fn tuple_accepts(&mut self, types: &[PType], size: Option<IntRange>, from: &PType) -> bool {
        if types.is_empty() && size.is_none() {
            return collection_is_array(from);
        }
        let ts = tuple_size(types, size);
        match from {
            PType::Tuple(t2, s2) => {
                if t2.is_empty() && s2.is_none() && !types.is_empty() {
                    return false;
                }
                if t2.is_empty() {
                    // A bare `Tuple` is empty here. The arguments of `Callable[1, 2]` (a count
                    // without types) are `Unit`, as in the reference: every type accepts them.
                    let fs = s2.unwrap_or(IntRange::new(0, 0));
                    return in_range(ts, fs);
                }
                let fs = tuple_size(t2, *s2);
                if !in_range(ts, fs) {
                    return false;
                }
                if types.is_empty() {
                    return true;
                }
                let n = fs.to.min(types.len().max(t2.len()) as i64) as usize;
                (0..n).all(|i| match (tuple_type_at(types, i), tuple_type_at(t2, i)) {
                    (Some(t), Some(f)) => self.assignable(t, f),
                    _ => false,
                })
            }
            PType::Array(e, s) => {
                if !in_range(ts, *s) {
                    return false;
                }
                if s.to == 0 || types.is_empty() {
                    return true;
                }
                let n = s.to.min(types.len() as i64) as usize;
                (0..n.max(1))
                    .all(|i| tuple_type_at(types, i).is_some_and(|t| self.assignable(t, e)))
            }
            _ => false,
        }
    }

    fn struct_accepts(&mut self, members: &[StructMember], from: &PType) -> bool {
        match from {
            PType::Struct(m2) => {
                let m2 = m2.as_deref().unwrap_or(&[]);
                let by_key: HashMap<&str, &StructMember> =
                    members.iter().map(|m| (&*m.key, m)).collect();
                let from_keys: HashSet<&str> = m2.iter().map(|f| &*f.key).collect();
                let all_from_known = m2.iter().all(|f| match by_key.get(&*f.key) {
                    Some(m) => {
                        (member_is_optional(m) || !member_is_optional(f))
                            && self.assignable(&m.value, &f.value)
                    }
                    None => false,
                });
                all_from_known
                    && members
                        .iter()
                        .all(|m| member_is_optional(m) || from_keys.contains(&*m.key))
            }
            // The reference's rule: each required member's value type takes the hash's
            // value type and a string key (its key generalized) takes the hash's key type,
            // and the hash's size is within (required, all members).
            PType::Hash(k, v, s) => {
                let any_string = PType::String {
                    size: IntRange::SIZE,
                    value: None,
                };
                members
                    .iter()
                    .filter(|m| !member_is_optional(m))
                    .all(|m| self.assignable(&m.value, v) && self.assignable(&any_string, k))
                    && in_range(struct_size(members), *s)
            }
            _ => false,
        }
    }

    /// Whether `T.new` accepts a value of type `from` (alone, or as an argument list).
    // TODO(functions): derive from the `new` signatures; the numeric conversions for now.
    /// Whether `from` is assignable to `Init[t, args...]` other than to `t`
    /// (`types::init`): to the single value or the arguments of a signature of `t.new`.
    fn init_accepts(&mut self, t: &PType, args: &[crate::values::Value], from: &PType) -> bool {
        let Some(parts) = super::init::parts(t, args) else {
            return false;
        };
        parts.single[1..].iter().any(|s| self.assignable(s, from))
            || parts.other.as_ref().is_some_and(|o| {
                self.assignable(o, from)
                    || parts.optional_single
                        && self.assignable(o, &PType::Tuple(vec![from.clone()], None))
            })
    }

    fn callable_accepts(&mut self, to: &CallableType, from: &CallableType) -> bool {
        if let Some(r) = &to.return_type {
            if !self.assignable(r, from.return_type.as_ref().unwrap_or(&PType::Any)) {
                return false;
            }
        }
        let Some((types, size)) = &to.params else {
            return true;
        };
        let Some((t2, s2)) = &from.params else {
            return false;
        };
        // Contravariant: the callable must accept every argument list `to` describes.
        let to_args = PType::Tuple(types.clone(), *size);
        if !self.tuple_accepts(t2, *s2, &to_args) {
            return false;
        }
        let this_block = to.block.clone().unwrap_or(PType::Undef);
        let that_block = from.block.clone().unwrap_or(PType::Undef);
        self.assignable(&that_block, &this_block)
    }
}

/// Whether two pattern lists hold the same patterns, in any order.
fn same_patterns(
    a: &[std::rc::Rc<crate::values::Regexp>],
    b: &[std::rc::Rc<crate::values::Regexp>],
) -> bool {
    let sources = |rs: &[std::rc::Rc<crate::values::Regexp>]| -> HashSet<String> {
        rs.iter().map(|r| r.source().to_string()).collect()
    };
    !b.is_empty() && sources(a) == sources(b)
}

fn bound_ok<T: Ord>(outer: &Option<T>, inner: &Option<T>, lower: bool) -> bool {
    match (outer, inner) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(o), Some(i)) => {
            if lower {
                o <= i
            } else {
                i <= o
            }
        }
    }
}

fn is_scalar_data(t: &PType) -> bool {
    matches!(
        t,
        PType::ScalarData
            | PType::Numeric
            | PType::Integer(_)
            | PType::Float(..)
            | PType::String { .. }
            | PType::Enum { .. }
            | PType::Pattern(_)
            | PType::Boolean(_)
    )
}

fn is_other_scalar(t: &PType) -> bool {
    matches!(
        t,
        PType::Scalar
            | PType::Regexp(_)
            | PType::SemVer(_)
            | PType::Timespan(..)
            | PType::Timestamp(..)
    )
}

fn collection_is_array(t: &PType) -> bool {
    matches!(t, PType::Array(..) | PType::Tuple(..))
}

/// The size range of a collection type's instances.
fn collection_size(t: &PType) -> Option<IntRange> {
    match t {
        PType::Collection(s) | PType::Array(_, s) | PType::Hash(_, _, s) => Some(*s),
        PType::Tuple(types, s) => Some(if types.is_empty() {
            s.unwrap_or(IntRange::new(0, 0))
        } else {
            tuple_size(types, *s)
        }),
        PType::Struct(m) => Some(struct_size(m.as_deref().unwrap_or(&[]))),
        _ => None,
    }
}

fn string_accepts(size: IntRange, value: Option<&str>, from: &PType) -> bool {
    if let Some(v) = value {
        return match from {
            PType::String { value: Some(s), .. } => **s == *v,
            PType::Enum { values, .. } => values.len() == 1 && *values[0] == *v,
            _ => false,
        };
    }
    match from {
        PType::String { value: Some(s), .. } => size.contains(s.chars().count() as i64),
        PType::String { size: s2, .. } => in_range(size, *s2),
        PType::Enum { values, .. } => {
            if values.is_empty() {
                size == IntRange::SIZE
            } else {
                values
                    .iter()
                    .all(|v| size.contains(v.chars().count() as i64))
            }
        }
        PType::Pattern(_) => size == IntRange::SIZE,
        _ => false,
    }
}

fn enum_accepts(values: &[std::rc::Rc<str>], ci: bool, from: &PType) -> bool {
    let has = |s: &str| {
        if ci {
            let s = s.to_lowercase();
            values.iter().any(|v| v.to_lowercase() == s)
        } else {
            values.iter().any(|v| **v == *s)
        }
    };
    match from {
        _ if values.is_empty() => matches!(
            from,
            PType::String { .. } | PType::Enum { .. } | PType::Pattern(_)
        ),
        PType::String { value: Some(s), .. } => has(s),
        PType::Enum { values: v2, .. } => !v2.is_empty() && v2.iter().all(|v| has(v)),
        _ => false,
    }
}

#[cfg(test)]
mod data_tests {
    use super::*;
    use crate::types::testparse::ty;

    /// The structural answer for `Data` agrees with the general rules (the union `Data`
    /// stands for), on types written out and on the types of inferred values.
    #[test]
    fn data_by_structure_agrees_with_the_union() {
        let written = [
            "Integer[1, 1]",
            "Float",
            "Numeric",
            "String[2, 5]",
            "Enum['a', 'b']",
            "Pattern[/a/]",
            "Boolean",
            "ScalarData",
            "Undef",
            "Data",
            "RichData",
            "Scalar",
            "Any",
            "Default",
            "Regexp",
            "Array[Integer]",
            "Array[Array[Data, 2, 2]]",
            "Array[Any]",
            "Array[Collection]",
            "Hash[String, Data]",
            "Hash[Enum['a'], Array[Boolean]]",
            "Hash[Integer, String]",
            "Hash[Variant[String, Integer], String]",
            "Hash[String, Hash[String, Regexp]]",
            "Tuple[Integer, String]",
            "Tuple[Integer, Default]",
            "Tuple",
            "Struct[{a => Integer, Optional[b] => Array[String]}]",
            "Struct[{a => Integer, b => Sensitive}]",
            "Variant[Integer, Hash[String, String]]",
            "Variant[Integer, SemVer]",
            "Optional[Array[Float]]",
            "Optional[Timespan]",
            "NotUndef[String]",
            "NotUndef[Data]",
            "Array[NotUndef[Data]]",
            "Collection",
            "Sensitive[String]",
            "Type[Integer]",
            "Iterable[Integer]",
        ];
        let mut types: Vec<PType> = written.iter().map(|s| ty(s)).collect();
        let values = [
            "[]",
            "{}",
            "[1, 'a', undef]",
            "{'a' => [1, 2.5], 'b' => {'c' => [true]}}",
            "[[1, 'x'], [2, false]]",
            "{1 => 'a'}",
        ];
        for v in values {
            let value = crate::types::testparse::value(v).unwrap();
            types.push(super::super::infer::infer(&value));
            types.push(super::super::infer::infer_reduced(&value));
            types.push(super::super::infer::infer_generalized(&value));
        }
        for t in &types {
            let plain = Guard {
                no_shortcut: true,
                ..Guard::default()
            }
            .assignable(&PType::Data, t);
            assert_eq!(is_assignable(&PType::Data, t), plain, "Data >= {t}");
            if data_accepts(t, DATA_WALK) {
                assert!(plain, "Data >= {t} by structure, not by the rules");
            }
        }
    }
}
