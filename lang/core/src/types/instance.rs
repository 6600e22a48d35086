//! Instance-of: whether a value is an instance of a type (`=~`, `case`, parameter checks).
use super::{is_assignable, IntRange, KeyKind, PType, StructMember};
use crate::values::Value;

/// Values and types nest as deeply as printing follows them; deeper (a value nested by
/// iteration, or an alias that refers to itself without consuming any value structure)
/// is treated as a mismatch.
const MAX_DEPTH: usize = crate::limits::MAX_VALUE_DEPTH;

/// Inlined: the most frequent checks (a parameter's `Integer`, `Any`) are answered in the
/// caller, without a call of the general one.
#[inline]
pub fn is_instance(t: &PType, v: &Value) -> bool {
    match (t, v) {
        (PType::Any, _) => true,
        (PType::Integer(r), Value::Integer(i)) => r.contains(*i),
        _ => instance_at(t, v, 0),
    }
}

/// Whether a Struct member may be left out of a hash.
pub fn member_is_optional(m: &StructMember) -> bool {
    match m.key_kind {
        KeyKind::Optional => true,
        KeyKind::NotUndef => false,
        KeyKind::Plain => is_instance(&m.value, &Value::Undef),
    }
}

/// The size range a Tuple accepts: its size constraint, or exactly its types.
pub fn tuple_size(types: &[PType], size: Option<IntRange>) -> IntRange {
    size.unwrap_or(IntRange::new(types.len() as i64, types.len() as i64))
}

/// The type a Tuple position must have (the last type repeats).
pub fn tuple_type_at(types: &[PType], i: usize) -> Option<&PType> {
    types.get(i).or(types.last())
}

fn in_size(size: IntRange, n: usize) -> bool {
    size.contains(n as i64)
}

/// Whether `v` is an instance of `t`, `depth` levels down; on more stack when needed.
pub(super) fn instance_at(t: &PType, v: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        super::instance_memo::met_limit();
        return false;
    }
    crate::limits::deep(|| instance_here(t, v, depth + 1))
}

/// [`instance_at`] with a leaf's check ([`leaf`]), also of an alias of a leaf, made in
/// place: without a call, its frame and its stack check. The members of a Struct of aliases
/// (`deep_types.pp`) are mostly leaves and aliases of leaves, each of which was a call of
/// `instance_here` (two for an alias) costing more in its prologue than in its check.
#[inline(always)]
fn instance_in(t: &PType, v: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        super::instance_memo::met_limit();
        return false;
    }
    let found = match t {
        // (as `instance_here` of the alias calls `instance_at` of its target one level down)
        PType::Alias(a) if depth >= MAX_DEPTH => a.with_resolved(|t| {
            leaf(t, v).map(|_| {
                super::instance_memo::met_limit();
                false
            })
        }),
        PType::Alias(a) => a.with_resolved(|t| leaf(t, v)),
        t => leaf(t, v),
    };
    match found {
        Some(r) => r,
        None => crate::limits::deep(|| instance_here(t, v, depth + 1)),
    }
}

/// What `instance_here` answers for the scalar types most checks end in, `None` for
/// others (and for a string whose size takes counting its characters).
#[inline(always)]
fn leaf(t: &PType, v: &Value) -> Option<bool> {
    Some(match t {
        PType::Any => true,
        PType::Undef => v.is_undef(),
        PType::Integer(r) => matches!(v, Value::Integer(i) if r.contains(*i)),
        PType::Boolean(b) => matches!(v, Value::Boolean(x) if b.is_none_or(|b| b == *x)),
        PType::String { size, value: None } => match v {
            Value::String(s)
                if size.from <= s.len().div_ceil(4) as i64 && size.to >= s.len() as i64 =>
            {
                true
            }
            Value::String(_) => return None,
            _ => false,
        },
        PType::Enum {
            values,
            case_insensitive: false,
        } => match v {
            Value::String(s) => values.is_empty() || values.iter().any(|e| **e == **s),
            _ => false,
        },
        PType::Pattern(res) => match v {
            Value::String(s) => res.is_empty() || res.iter().any(|r| r.matches(s)),
            _ => false,
        },
        _ => return None,
    })
}

fn instance_here(t: &PType, v: &Value, d: usize) -> bool {
    match t {
        PType::Any | PType::Unit => true,
        PType::Binary => matches!(v, Value::Binary(_)),
        PType::Undef => v.is_undef(),
        PType::Default => matches!(v, Value::Default),
        PType::Data => is_data(v, d),
        PType::RichData => is_rich_data(v, d),
        PType::ScalarData => matches!(
            v,
            Value::Integer(_) | Value::Float(_) | Value::String(_) | Value::Boolean(_)
        ),
        PType::Scalar => matches!(
            v,
            Value::Integer(_)
                | Value::Float(_)
                | Value::String(_)
                | Value::Boolean(_)
                | Value::Regexp(_)
                | Value::SemVer(_)
                | Value::Timespan(_)
                | Value::Timestamp(_)
        ),
        PType::Numeric => matches!(v, Value::Integer(_) | Value::Float(_)),
        PType::Integer(r) => matches!(v, Value::Integer(i) if r.contains(*i)),
        PType::Float(lo, hi) => matches!(v, Value::Float(x) if lo <= x && x <= hi),
        PType::String { size, value } => match v {
            Value::String(s) => match value {
                Some(val) => **val == **s,
                // A string has at most as many characters as bytes and at least a
                // quarter as many (UTF-8): most sizes (`String[1]` of a non-empty string)
                // are decided without counting them.
                None if size.from <= s.len().div_ceil(4) as i64 && size.to >= s.len() as i64 => {
                    true
                }
                None => in_size(*size, s.chars().count()),
            },
            _ => false,
        },
        PType::Enum {
            values,
            case_insensitive,
        } => match v {
            Value::String(s) => {
                values.is_empty()
                    || if *case_insensitive {
                        let s = s.to_lowercase();
                        values.iter().any(|e| e.to_lowercase() == s)
                    } else {
                        values.iter().any(|e| **e == **s)
                    }
            }
            _ => false,
        },
        PType::Pattern(res) => match v {
            Value::String(s) => res.is_empty() || res.iter().any(|r| r.matches(s)),
            _ => false,
        },
        PType::Boolean(b) => matches!(v, Value::Boolean(x) if b.is_none_or(|b| b == *x)),
        PType::Regexp(r) => {
            // (a pattern Ruby cannot compile fails the check, as the reference's compiles
            // it there: the evaluation fails as it ends)
            if let Some(e) = r.as_ref().and_then(|r| r.compile_error()) {
                crate::limits::defer_error(e);
                return false;
            }
            match (r, v) {
                (None, Value::Regexp(_)) => true,
                (Some(r), Value::Regexp(x)) => r.source() == x.source(),
                _ => false,
            }
        }
        PType::SemVer(ranges) => match v {
            Value::SemVer(ver) => ranges.is_empty() || ranges.iter().any(|r| r.includes(ver)),
            _ => false,
        },
        PType::SemVerRange => matches!(v, Value::SemVerRange(_)),
        PType::Timespan(lo, hi) => match v {
            Value::Timespan(x) => {
                lo.is_none_or(|lo| lo.span <= *x) && hi.is_none_or(|hi| *x <= hi.span)
            }
            _ => false,
        },
        PType::Timestamp(lo, hi) => match v {
            Value::Timestamp(x) => lo.is_none_or(|lo| lo <= *x) && hi.is_none_or(|hi| *x <= hi),
            _ => false,
        },
        PType::Collection(size) => match v {
            Value::Array(a) => in_size(*size, a.len()),
            Value::Hash(h) => in_size(*size, h.len()),
            _ => false,
        },
        PType::Array(elem, size) => match v {
            Value::Array(a) => in_size(*size, a.len()) && a.iter().all(|e| instance_in(elem, e, d)),
            _ => false,
        },
        PType::Hash(kt, vt, size) => match v {
            Value::Hash(h) => {
                in_size(*size, h.len())
                    && h.iter()
                        .all(|(k, e)| instance_in(kt, k, d) && instance_in(vt, e, d))
            }
            _ => false,
        },
        PType::Tuple(types, size) => match v {
            Value::Array(a) => {
                if types.is_empty() {
                    return size.is_none_or(|s| in_size(s, a.len()));
                }
                in_size(tuple_size(types, *size), a.len())
                    && a.iter()
                        .enumerate()
                        .all(|(i, e)| tuple_type_at(types, i).is_some_and(|t| instance_in(t, e, d)))
            }
            _ => false,
        },
        PType::Struct(members) => match v {
            Value::Hash(h) => match members {
                None => h.is_empty(),
                Some(members) => struct_instance(members, h, d),
            },
            _ => false,
        },
        PType::Variant(types) => types.iter().any(|t| instance_in(t, v, d)),
        PType::Optional(t) => v.is_undef() || t.as_ref().is_some_and(|t| instance_in(t, v, d)),
        PType::NotUndef(t) => !v.is_undef() && t.as_ref().is_none_or(|t| instance_at(t, v, d)),
        PType::Iterable(t) => match (t, v) {
            (Some(t), Value::Array(a)) => a.iter().all(|e| instance_at(t, e, d)),
            (Some(t), Value::Hash(h)) if !h.is_empty() => h
                .iter()
                .all(|(k, e)| instance_at(t, &Value::array(vec![k.clone(), e.clone()]), d)),
            (None, v) => super::iterable::is_iterable_value(v),
            (Some(t), v) => super::iterable::element_type_of_value(v)
                .is_some_and(|elem| is_assignable(t, &elem)),
        },
        PType::Iterator(t) => match v {
            // (The element type of an iterator is its source's, down a chain of them.)
            Value::Iterator(_) => t.as_ref().is_none_or(|t| {
                super::iterable::element_type_of_value(v).is_some_and(|e| is_assignable(t, &e))
            }),
            _ => false,
        },
        // Instances are catalog resources, which are not values of the language.
        PType::CatalogEntry | PType::Resource { .. } | PType::Class(_) => false,
        PType::Type(t) => match v {
            Value::Type(u) => t.as_ref().is_none_or(|t| is_assignable(t, u)),
            _ => false,
        },
        PType::Callable(_) => false,
        PType::Sensitive(t) => match v {
            Value::Sensitive(inner) => t.as_ref().is_none_or(|t| instance_at(t, inner, d)),
            _ => false,
        },
        PType::Runtime { .. } => false,
        PType::Init(t, args) => match t {
            None => is_rich_data(v, d),
            Some(t) => {
                super::init::check_initializable(t, args);
                instance_at(t, v, d)
                    || match &t.resolved() {
                        PType::ObjectType(o) => super::object_instance::init_takes(o, args, v),
                        _ => init_instance(t, args, v, d),
                    }
            }
        },
        // (types are objects of the reference's type system: `Integer =~ Object`, though
        // `Type[Integer]` is not assignable to `Object`)
        PType::Object => matches!(v, Value::Object(_) | Value::Type(_)),
        PType::ObjectType(o) => match v {
            Value::Object(x) => super::object::inherits(&x.typ, o),
            _ => false,
        },
        PType::ObjectExt(e) => super::object_extension::is_instance(e, v),
        // (any TypeSet is an instance of `TypeSet` and of each TypeSet: the reference's
        // `PTypeSetType#instance?` is `o.is_a?(PTypeSetType)`)
        PType::TypeSet | PType::TypeSetType(_) => matches!(v, Value::Type(t)
            if matches!(t.resolved(), PType::TypeSet | PType::TypeSetType(_))),
        PType::Uri(params) => match v {
            Value::Uri(u) => params.as_ref().is_none_or(|p| uri_matches(p, u)),
            _ => false,
        },
        // (a hash checked against an alias again is answered by the first check)
        PType::Alias(a) => match v {
            Value::Hash(h) => {
                super::instance_memo::instance(a, h, || a.with_resolved(|t| instance_in(t, v, d)))
            }
            _ => a.with_resolved(|t| instance_in(t, v, d)),
        },
        PType::TypeReference(_) => false,
    }
}

fn struct_instance(members: &[StructMember], h: &crate::values::Map, d: usize) -> bool {
    let mut matched = 0;
    // Most hashes hold their keys in the Struct's order (a record literal written as its
    // type is): the entry after the one last found in place is tried first, without a
    // search comparing the key with those before it.
    let mut next = 0;
    for m in members {
        let entry = match h.get_index(next) {
            // (the same name's text is mostly one string, shared by the parser: compared
            // by address before by bytes)
            Some((Value::String(k), e)) if std::rc::Rc::ptr_eq(k, &m.key) || **k == *m.key => {
                next += 1;
                Some(e)
            }
            _ => h.get_string(&m.key),
        };
        match entry {
            Some(e) => {
                if !instance_in(&m.value, e, d) {
                    return false;
                }
                matched += 1;
            }
            None => {
                if !member_is_optional(m) {
                    return false;
                }
            }
        }
    }
    matched == h.len()
}

/// A value nested deeper than `MAX_DEPTH` (by iteration) cannot be checked: the evaluation
/// fails when it ends, rather than going on with a wrong `false`.
fn too_deep() {
    super::instance_memo::met_limit();
    crate::limits::defer_error(crate::error::Error::eval(format!(
        "The value is nested too deeply to match a type (more than {MAX_DEPTH} levels)"
    )));
}

fn is_data(v: &Value, d: usize) -> bool {
    if d > MAX_DEPTH {
        too_deep();
        return false;
    }
    crate::limits::deep(|| is_data_here(v, d))
}

fn is_data_here(v: &Value, d: usize) -> bool {
    match v {
        Value::Undef
        | Value::Integer(_)
        | Value::Float(_)
        | Value::String(_)
        | Value::Boolean(_) => true,
        Value::Array(a) => a.iter().all(|e| is_data(e, d + 1)),
        Value::Hash(h) => h
            .iter()
            .all(|(k, e)| matches!(k, Value::String(_)) && is_data(e, d + 1)),
        _ => false,
    }
}

fn is_rich_data(v: &Value, d: usize) -> bool {
    if d > MAX_DEPTH {
        too_deep();
        return false;
    }
    crate::limits::deep(|| is_rich_data_here(v, d))
}

fn is_rich_data_here(v: &Value, d: usize) -> bool {
    match v {
        Value::Iterator(_) => false,
        Value::Type(t) => !matches!(**t, PType::Runtime { .. }),
        Value::Array(a) => a.iter().all(|e| is_rich_data(e, d + 1)),
        Value::Hash(h) => h.iter().all(|(k, e)| {
            matches!(k, Value::String(_) | Value::Integer(_) | Value::Float(_))
                && is_rich_data(e, d + 1)
        }),
        Value::Sensitive(_) => true,
        _ => true,
    }
}

/// Whether `T.new(v)` would accept `v` (for `Init[T]`).
// TODO(functions): ask the `new` implementation; this covers the numeric and string types.
/// Whether `v` is an `Init[t, args...]` other than as a `t` (`types::init`): a value a
/// signature of `t.new` takes alone, or the arguments of another (or their first).
fn init_instance(t: &PType, args: &[Value], v: &Value, d: usize) -> bool {
    let Some(parts) = super::init::parts(t, args) else {
        return false;
    };
    parts.single[1..].iter().any(|s| instance_at(s, v, d))
        || parts.other.as_ref().is_some_and(|o| {
            instance_at(o, v, d)
                || parts.optional_single && instance_at(o, &Value::array(vec![v.clone()]), d)
        })
}

/// Whether a URI has the components a `URI[{...}]` type names: the reference matches each
/// component the URI object gives (`uri.send(name)`, see `Uri::component`) with the
/// parameter as `=~` matches in a `case`: a string equal ignoring case (never a port, which is
/// a number: `URI['ftp://c/d']`, whose port the type holds as the text `'21'`, has no
/// instance), an integer equal, a regexp matching, a type having it as an instance, undef
/// only a missing component.
pub fn uri_matches(params: &crate::values::Map, u: &crate::values::uri::Uri) -> bool {
    params.iter().all(|(k, v)| {
        let Some(have) = k.as_str().and_then(|name| u.component(name)) else {
            return false;
        };
        match (v, &have) {
            (Value::String(s), Value::String(h)) => h.eq_ignore_ascii_case(s),
            (Value::Integer(p), Value::Integer(h)) => p == h,
            (Value::Regexp(r), Value::String(h)) => r.matches(h),
            (Value::Type(t), _) => is_instance(t, &have),
            (Value::Undef, Value::Undef) => true,
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::IntRange;

    /// A string's size is its characters, whether or not the bytes decide it.
    #[test]
    fn string_sizes_count_characters() {
        let sized = |from, to| PType::String {
            size: IntRange {
                from,
                to,
                given: true,
            },
            value: None,
        };
        let s = |t: &str| Value::String(t.into());
        assert!(is_instance(&sized(1, i64::MAX), &s("x1")));
        assert!(!is_instance(&sized(1, i64::MAX), &s("")));
        // 'é' is two bytes, one character; '日本' six bytes, two characters
        assert!(!is_instance(&sized(2, i64::MAX), &s("é")));
        assert!(is_instance(&sized(1, 1), &s("é")));
        assert!(is_instance(&sized(2, 2), &s("日本")));
        assert!(is_instance(&sized(1, 6), &s("日本")));
        assert!(!is_instance(&sized(3, 6), &s("日本")));
        assert!(!is_instance(&sized(0, 1), &s("日本")));
        assert!(is_instance(&sized(2, 2), &s("𝄞𝄞")));
        assert!(!is_instance(&sized(3, 8), &s("𝄞𝄞")));
    }
}
