//! The reference's type mismatch descriptions, used for parameter checks and `assert_type`:
//! `expects an Integer value, got String`, `entry 'a' expects ...`, `index 1 expects ...`,
//! `expects size to be at least 2, got 1`, `unrecognized key 'b'`, ...
//!
//! The evaluator prefixes a description with e.g. `'f' parameter 'x' `. When there are several
//! (`describe_mismatches`), the reference lists each on a `rejected:` line.
use super::display::{alias_display, quote};
use super::infer::infer;
use super::instance::{is_instance, member_is_optional, tuple_size, tuple_type_at};
use super::size::article;
use super::{IntRange, PType, StructMember};
use crate::values::Value;

/// The first (usually only) description of why `actual` is not an instance of `expected`;
/// empty when it is one.
pub fn describe_mismatch(expected: &PType, actual: &Value) -> String {
    describe_mismatches(expected, actual)
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// All descriptions, each with its path (`index 1 `, `entry 'a' `, `variant 0 `). Empty when
/// `actual` is an instance, and also where the reference gives no detail (a collection of the
/// wrong size for `Collection[...]`): it then reports only the signature.
pub fn describe_mismatches(expected: &PType, actual: &Value) -> Vec<String> {
    found(expected, actual).lines
}

/// The descriptions a function's signature error lists (`rejected: ...` lines): as
/// [`describe_mismatches`], except that when exactly one of them is a type mismatch (not a
/// missing or unrecognized key, not a size), the reference reports that one alone.
pub fn describe_signature_mismatches(expected: &PType, actual: &Value) -> Vec<String> {
    let found = found(expected, actual);
    match found.type_mismatch {
        Some(i) if found.type_mismatches == 1 => vec![found.lines[i].clone()],
        _ => found.lines,
    }
}

fn found(expected: &PType, actual: &Value) -> Found {
    let mut out = Found::default();
    if !is_instance(expected, actual) {
        describe(expected, actual, "", &mut out, 0);
    }
    out
}

/// The descriptions found, counting the type mismatches among them.
#[derive(Default)]
struct Found {
    lines: Vec<String>,
    type_mismatches: usize,
    /// The index of the (last) type mismatch.
    type_mismatch: Option<usize>,
}

impl Found {
    /// A type mismatch (`expects an Integer value, got String`, `expects a match for ...`).
    fn ty(&mut self, line: String) {
        self.type_mismatches += 1;
        self.type_mismatch = Some(self.lines.len());
        self.lines.push(line);
    }

    /// A missing or unrecognized key, or a size.
    fn other(&mut self, line: String) {
        self.lines.push(line);
    }
}

const MAX_DEPTH: usize = 200;

/// `path` is either empty or ends without a space (`index 1`); messages join with a space.
pub(super) fn at(path: &str, msg: &str) -> String {
    if path.is_empty() {
        msg.to_string()
    } else {
        format!("{path} {msg}")
    }
}

fn describe(e: &PType, v: &Value, path: &str, out: &mut Found, depth: usize) {
    if depth > MAX_DEPTH {
        out.ty(root_mismatch(e, v, path));
        return;
    }
    let d = depth + 1;
    match e {
        PType::Alias(a) => match alias_mismatch(e, &a.resolved(), v) {
            AliasMismatch::Root => out.ty(root_mismatch(e, v, path)),
            AliasMismatch::Match => out.ty(match_mismatch_named(&alias_display(e), v, path)),
            AliasMismatch::Definition(resolved) => describe(&resolved, v, path, out, d),
        },
        PType::Optional(Some(inner))
            if matches!(**inner, PType::Enum { .. } | PType::Pattern(_)) =>
        {
            let got = match v {
                Value::String(s) => quote(s),
                other => short_name(&infer(other)),
            };
            out.ty(at(
                path,
                &format!("expects an undef value or a match for {inner}, got {got}"),
            ));
        }
        PType::NotUndef(Some(inner)) if !v.is_undef() => describe(inner, v, path, out, d),
        PType::NotUndef(Some(inner)) => out.ty(root_mismatch(inner, v, path)),
        PType::Optional(Some(inner)) if !v.is_undef() && !is_simple_mismatch(inner, v) => {
            match &**inner {
                // `Optional[Variant[A, B]]` reads as `Undef, A, or B`.
                PType::Variant(types) => {
                    let mut all = vec![PType::Undef];
                    all.extend(types.iter().cloned());
                    describe_variant(e, &all, v, path, out, d)
                }
                inner => describe(inner, v, path, out, d),
            }
        }
        PType::Variant(types) => describe_variant(e, types, v, path, out, d),
        PType::Enum { .. } | PType::Pattern(_) => out.ty(match_mismatch(e, v, path)),
        PType::Array(elem, size) => match v {
            Value::Array(a) => {
                if !size.contains(a.len() as i64) {
                    out.other(size_mismatch(*size, a.len(), path));
                    return;
                }
                for (i, x) in a.iter().enumerate() {
                    if !is_instance(elem, x) {
                        describe(elem, x, &at(path, &format!("index {i}")), out, d);
                    }
                }
            }
            _ => out.ty(root_mismatch(e, v, path)),
        },
        PType::Tuple(types, size) if !types.is_empty() => match v {
            Value::Array(a) => {
                let range = tuple_size(types, *size);
                if !range.contains(a.len() as i64) {
                    out.other(size_mismatch(range, a.len(), path));
                    return;
                }
                for (i, x) in a.iter().enumerate() {
                    if let Some(t) = tuple_type_at(types, i) {
                        if !is_instance(t, x) {
                            describe(t, x, &at(path, &format!("index {i}")), out, d);
                        }
                    }
                }
            }
            _ => out.ty(root_mismatch(e, v, path)),
        },
        PType::Hash(kt, vt, size) => match v {
            Value::Hash(h) => {
                if !size.contains(h.len() as i64) {
                    out.other(size_mismatch(*size, h.len(), path));
                    return;
                }
                if h.keys().any(|k| !is_instance(kt, k)) && !keys_described(kt, h) {
                    out.ty(root_mismatch(e, v, path));
                    return;
                }
                for (k, x) in h.iter() {
                    if !is_instance(kt, k) {
                        let p = at(path, &format!("key of entry {}", key_text(k)));
                        describe(kt, k, &p, out, d);
                    }
                    if !is_instance(vt, x) {
                        describe(vt, x, &at(path, &format!("entry {}", key_text(k))), out, d);
                    }
                }
            }
            _ => out.ty(root_mismatch(e, v, path)),
        },
        PType::Struct(Some(members)) if !members.is_empty() => match v {
            // Empty hashes and hashes with non-String keys are no Structs: sizes compare.
            Value::Hash(h) if h.is_empty() || h.keys().any(|k| !matches!(k, Value::String(_))) => {
                let size = struct_size(members);
                if size.contains(h.len() as i64) {
                    out.ty(root_mismatch(e, v, path));
                } else {
                    out.other(size_mismatch(size, h.len(), path));
                }
            }
            Value::Hash(h) => {
                for m in members {
                    match h.get(&Value::String(m.key.clone())) {
                        None if !member_is_optional(m) => out.other(at(
                            path,
                            &format!("expects a value for key {}", quote(&m.key)),
                        )),
                        Some(x) if !is_instance(&m.value, x) => describe(
                            &m.value,
                            x,
                            &at(path, &format!("entry {}", quote(&m.key))),
                            out,
                            d,
                        ),
                        _ => {}
                    }
                }
                for k in h.keys() {
                    if !is_struct_key(members, k) {
                        out.other(at(path, &format!("unrecognized key {}", key_text(k))));
                    }
                }
            }
            _ => out.ty(root_mismatch(e, v, path)),
        },
        // The reference gives no detail for a collection of the wrong size.
        PType::Collection(_) if matches!(v, Value::Array(_) | Value::Hash(_)) => {}
        _ => out.ty(root_mismatch(e, v, path)),
    }
}

/// How the reference describes a value that is no instance of an alias.
pub(super) enum AliasMismatch {
    /// `expects an A = ... value, got ...`
    Root,
    /// `expects a match for A = Enum[...], got 'x'`
    Match,
    /// The definition's mismatches, in place of the alias's.
    Definition(PType),
}

pub(super) fn alias_mismatch(_alias: &PType, resolved: &PType, v: &Value) -> AliasMismatch {
    match resolved {
        PType::Enum { .. } | PType::Pattern(_) => AliasMismatch::Match,
        // A Variant whose every member fails at its root (a value of another kind, a string
        // no Pattern or Enum member matches) is reported on the alias, as the reference
        // merges its members' mismatches (`expects a Stdlib::Absolutepath = Variant[...]
        // value, got String`); otherwise member by member.
        PType::Variant(ts) if ts.iter().all(|t| fails_at_root(t, v)) => AliasMismatch::Root,
        PType::Variant(_) => AliasMismatch::Definition(resolved.clone()),
        r if is_simple_mismatch(r, v) => AliasMismatch::Root,
        r => AliasMismatch::Definition(r.clone()),
    }
}

/// Whether the reference describes a value that is no instance of `t` by one mismatch at
/// `t`'s own place (no index, key or member below it).
fn fails_at_root(t: &PType, v: &Value) -> bool {
    match t.resolved() {
        PType::Enum { .. } | PType::Pattern(_) => true,
        PType::Variant(ref ts) => ts.iter().all(|m| fails_at_root(m, v)),
        PType::Alias(_) | PType::Optional(_) | PType::NotUndef(_) => false,
        r => is_simple_mismatch(&r, v),
    }
}

/// Whether the reference describes a hash's bad keys one by one (`key of entry 'A' ...`):
/// when its keys are all strings and the key type is one of strings.
pub(super) fn keys_described(kt: &PType, h: &crate::values::Map) -> bool {
    let string_type = matches!(
        kt.resolved(),
        PType::String { .. } | PType::Enum { .. } | PType::Pattern(_)
    );
    string_type && h.keys().all(|k| matches!(k, Value::String(_)))
}

/// Whether a hash key is one of the Struct's.
pub(super) fn is_struct_key(members: &[StructMember], k: &Value) -> bool {
    matches!(k, Value::String(s) if members.iter().any(|m| *m.key == **s))
}

pub(super) fn struct_size(members: &[StructMember]) -> IntRange {
    let required = members.iter().filter(|m| !member_is_optional(m)).count();
    IntRange::new(required as i64, members.len() as i64)
}

pub(super) fn key_text(k: &Value) -> String {
    match k {
        Value::String(s) => quote(s),
        other => infer(other).to_string(),
    }
}

pub(super) fn size_mismatch(size: IntRange, got: usize, path: &str) -> String {
    let expected = if size.from == size.to {
        format!("{}", size.from)
    } else if size.to == i64::MAX {
        format!("at least {}", size.from)
    } else if size.from == 0 {
        format!("at most {}", size.to)
    } else {
        format!("between {} and {}", size.from, size.to)
    };
    at(path, &format!("expects size to be {expected}, got {got}"))
}

pub(super) fn match_mismatch(e: &PType, v: &Value, path: &str) -> String {
    match_mismatch_named(&e.to_string(), v, path)
}

/// `expects a match for NAME, got 'x'`.
pub(super) fn match_mismatch_named(name: &str, v: &Value, path: &str) -> String {
    let got = match v {
        Value::String(s) => quote(s),
        other => short_name(&infer(other)),
    };
    at(path, &format!("expects a match for {name}, got {got}"))
}

/// Whether the value's kind differs from the type's (no deeper description applies).
pub(super) fn is_simple_mismatch(e: &PType, v: &Value) -> bool {
    let kind_matches = match e {
        PType::Array(..) | PType::Tuple(..) => matches!(v, Value::Array(_)),
        PType::Hash(..) | PType::Struct(_) => matches!(v, Value::Hash(_)),
        PType::Collection(_) => matches!(v, Value::Hash(_) | Value::Array(_)),
        PType::Variant(_) | PType::Optional(_) | PType::NotUndef(_) | PType::Alias(_) => true,
        _ => false,
    };
    !kind_matches
}

fn describe_variant(e: &PType, types: &[PType], v: &Value, path: &str, out: &mut Found, d: usize) {
    // All Enum/Pattern alternatives: one merged "match" message.
    if !types.is_empty() && types.iter().all(|t| matches!(t, PType::Enum { .. })) {
        let mut values = Vec::new();
        for t in types {
            if let PType::Enum { values: vs, .. } = t {
                values.extend(vs.iter().cloned());
            }
        }
        out.ty(match_mismatch(&super::common::enum_of(values), v, path));
        return;
    }
    let is_match_type = |t: &PType| matches!(t, PType::Enum { .. } | PType::Pattern(_));
    if !types.is_empty()
        && types.iter().all(is_match_type)
        && !types.iter().all(|t| matches!(t, PType::Pattern(_)))
    {
        out.ty(match_mismatch(e, v, path));
        return;
    }
    if !types.is_empty() && types.iter().all(|t| matches!(t, PType::Pattern(_))) {
        let res = types
            .iter()
            .flat_map(|t| {
                if let PType::Pattern(r) = t {
                    r.clone()
                } else {
                    Vec::new()
                }
            })
            .collect();
        out.ty(match_mismatch(&PType::Pattern(res), v, path));
        return;
    }
    // Alternatives of the value's own kind get detailed, numbered descriptions.
    let detailed: Vec<usize> = (0..types.len())
        .filter(|&i| !is_simple_mismatch(&types[i], v))
        .collect();
    if detailed.is_empty() {
        out.ty(root_mismatch(e, v, path));
        return;
    }
    for (i, t) in types.iter().enumerate() {
        describe(t, v, &at(path, &format!("variant {i}")), out, d);
    }
}

/// `expects an Integer value, got String`, `expects a value of type Undef or Integer, got
/// String`, with the actual type detailed when it is of the expected kind.
pub(super) fn root_mismatch(e: &PType, v: &Value, path: &str) -> String {
    let actual = infer(v);
    if let PType::Alias(a) = e {
        let resolved = a.resolved();
        let alternatives: Vec<&PType> = match &resolved {
            PType::Variant(ts) => ts.iter().collect(),
            t => vec![t],
        };
        let detailed = !matches!(resolved, PType::Variant(_))
            && alternatives
                .iter()
                .any(|t| same_kind(t, &actual) || assignable_to_default(t, &actual));
        let got = if detailed {
            detailed_actual(&alternatives, &actual)
        } else {
            short_name(&actual)
        };
        let name = super::display::alias_display(e);
        return at(
            path,
            &format!("expects {} {name} value, got {got}", article(&name)),
        );
    }
    let (mut optional, e) = match e {
        PType::Optional(Some(inner)) => (true, &**inner),
        e => (false, e),
    };
    let alternatives: Vec<&PType> = match e {
        PType::Variant(ts) => ts
            .iter()
            .filter(|t| {
                let undef = matches!(t, PType::Undef);
                optional |= undef;
                !undef
            })
            .collect(),
        e => vec![e],
    };
    let detailed = alternatives
        .iter()
        .any(|t| same_kind(t, &actual) || assignable_to_default(t, &actual));
    let (mut names, got): (Vec<String>, String) = if detailed {
        // The actual type in full when an expected one is of its kind or takes its
        // generalization, else its name (`Iterable[String]` vs `[1]`: `got Tuple`).
        let full = alternatives.iter().any(|t| {
            same_kind(t, &actual) || super::is_assignable(t, &super::infer::generalize(&actual))
        });
        let got = if full {
            detailed_actual(&alternatives, &actual)
        } else {
            base_name(&actual)
        };
        (alternatives.iter().map(|t| type_text(t)).collect(), got)
    } else {
        let mut names: Vec<String> = Vec::new();
        for t in &alternatives {
            let n = short_name(t);
            if !names.contains(&n) {
                names.push(n);
            }
        }
        (names, short_name(&actual))
    };
    if optional {
        names.insert(0, "Undef".to_string());
    }
    let msg = match names.len() {
        0 => format!("expects a value, got {got}"),
        1 => format!(
            "expects {} {} value, got {got}",
            article(&names[0]),
            names[0]
        ),
        2 => format!(
            "expects a value of type {} or {}, got {got}",
            names[0], names[1]
        ),
        n => format!(
            "expects a value of type {}, or {}, got {got}",
            names[..n - 1].join(", "),
            names[n - 1]
        ),
    };
    at(path, &msg)
}

fn same_kind(e: &PType, a: &PType) -> bool {
    (std::mem::discriminant(e) == std::mem::discriminant(a)
        && !matches!(e, PType::Data | PType::RichData))
        || matches!((e, a), (PType::Struct(Some(_)), PType::Hash(..)))
}

/// Whether the unparameterized form of the expected type accepts the actual type.
fn assignable_to_default(e: &PType, actual: &PType) -> bool {
    match e {
        PType::Alias(_) | PType::Data | PType::RichData | PType::Iterator(_) => false,
        e => super::names::by_name(&base_name(e)).is_some_and(|d| super::is_assignable(&d, actual)),
    }
}

/// The actual type, without size constraints when the expected type has none.
fn detailed_actual(alternatives: &[&PType], actual: &PType) -> String {
    let no_size_limit = |t: &PType| match t {
        PType::Array(_, s) | PType::Hash(_, _, s) => *s == IntRange::SIZE,
        _ => false,
    };
    let strip = alternatives.iter().any(|t| {
        (std::mem::discriminant(*t) == std::mem::discriminant(actual) && no_size_limit(t))
            || matches!(t, PType::Struct(_))
    });
    match actual {
        PType::Hash(k, v, s) if strip && s.to != 0 => {
            PType::Hash(k.clone(), v.clone(), IntRange::SIZE).to_string()
        }
        PType::Array(e, s) if strip && s.to != 0 => {
            PType::Array(e.clone(), IntRange::SIZE).to_string()
        }
        other => type_text(other),
    }
}

/// A type in a detailed mismatch: an object type inside `Type[...]` shows its definition,
/// as the reference shows it there.
fn type_text(t: &PType) -> String {
    match t {
        PType::Type(Some(inner)) if matches!(**inner, PType::ObjectType(_)) => {
            format!("Type[{}]", super::display::alias_display(inner))
        }
        t => t.to_string(),
    }
}

/// The reference's short name of a type: its base name, with the contained type's base name
/// for `Optional`, `NotUndef`, `Sensitive`, `Type` and `Iterable`.
pub(super) fn short_name(t: &PType) -> String {
    let contained = match t {
        PType::Optional(c)
        | PType::NotUndef(c)
        | PType::Sensitive(c)
        | PType::Type(c)
        | PType::Iterable(c) => c.as_deref(),
        _ => None,
    };
    match contained {
        Some(c) if !matches!(c, PType::Any) => format!("{}[{}]", base_name(t), base_name(c)),
        _ => base_name(t),
    }
}

pub(super) fn base_name(t: &PType) -> String {
    match t {
        PType::Alias(a) => a.name.to_string(),
        PType::Resource {
            type_name: Some(n), ..
        } => n.to_string(),
        PType::Struct(_) => "Struct".into(),
        PType::Object => "Object".into(),
        PType::ObjectType(o) => o.label().into(),
        PType::TypeSet => "TypeSet".into(),
        PType::TypeSetType(ts) => ts.name.to_string(),
        t => {
            let s = t.to_string();
            s.split('[').next().unwrap_or_default().to_string()
        }
    }
}
