//! The reference's type mismatch descriptions, used for parameter checks and `assert_type`:
//! `expects an Integer value, got String`, `entry 'a' expects ...`, `index 1 expects ...`,
//! `expects size to be at least 2, got 1`, `unrecognized key 'b'`, ...
//!
//! The evaluator prefixes a description with e.g. `'f' parameter 'x' `. When there are several
//! (`describe_mismatches`), the reference lists each on a `rejected:` line.
use super::display::{alias_display, quote};
use super::infer::infer;
use super::instance::{is_instance, member_is_optional, tuple_size, tuple_type_at};
use super::normalize::{maybe_variant, normalize};
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

/// `{subject} has wrong type, {description}` as the reference's type assertions word it
/// (a function's returned value, a conversion's result): several descriptions (a `Variant`'s)
/// each on a line of its own with the subject, the first line after a space.
pub fn wrong_type(subject: &str, mismatches: &[String]) -> String {
    match mismatches {
        [] => format!("{subject} has wrong type, "),
        [one] => format!("{subject} has wrong type, {one}"),
        many => {
            let lines: Vec<String> = many
                .iter()
                .map(|m| format!("{subject} has wrong type, {m}"))
                .collect();
            format!(" {}", lines.join("\n  "))
        }
    }
}

/// The descriptions of a class's or define's parameter value that its type refuses, each a
/// line of the error. Where the reference describes nothing (a `Collection` of the wrong
/// size, a bare `Optional`), it lets the value through: prepl refuses it, as the type says
/// (docs/deviations.md), and says why.
pub fn describe_parameter_mismatches(expected: &PType, actual: &Value) -> Vec<String> {
    if is_instance(expected, actual) {
        return Vec::new();
    }
    let lines = found(expected, actual).lines;
    if !lines.is_empty() {
        return lines;
    }
    let strict = found_in(expected, actual, Cx::STRICT).lines;
    if !strict.is_empty() {
        return strict;
    }
    vec![root_mismatch(expected, actual, "")]
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

/// A value that no signature of a function takes, the parameter at its place typed `types[i]`
/// in signature `i`: the one mismatch the reference reports when every signature fails
/// with one type mismatch at the same place (`expects a value of type Undef or
/// Pattern[/^a/]`: the first signature's kind of mismatch, the types of all); `None` when
/// they fail otherwise (each signature is then listed).
pub fn merged_across_signatures(types: &[PType], actual: &Value) -> Option<String> {
    without_printing_errors(types, || merged_unguarded(types, actual))
}

fn merged_unguarded(types: &[PType], actual: &Value) -> Option<String> {
    let per: Vec<Vec<M>> = types
        .iter()
        .map(|t| describe(t, actual, &[], Cx::REFERENCE))
        .collect();
    let all: Vec<&M> = per.iter().flatten().collect();
    let typed: Vec<&M> = all
        .iter()
        .copied()
        .filter(|m| matches!(m.kind, Kind::Type(_) | Kind::Pattern(_)))
        .collect();
    if per.iter().any(Vec::is_empty)
        || typed.len() != types.len()
        || !typed.iter().all(|m| m.same_place(typed[0]))
    {
        return None;
    }
    let generic = typed[1..]
        .iter()
        .fold(typed[0].clone(), |acc, m| merge_two(acc, m));
    Some(generic.text())
}

fn found(expected: &PType, actual: &Value) -> Found {
    found_in(expected, actual, Cx::REFERENCE)
}

fn found_in(expected: &PType, actual: &Value, cx: Cx) -> Found {
    without_printing_errors(std::slice::from_ref(expected), || {
        found_unguarded(expected, actual, cx)
    })
}

/// `describe` of a value against `expected`, less the errors printing the value's type
/// deferred: the reference names a value by its generalized type, which holds no pattern
/// (`got Type[Regexp]`, `got Tuple`), so a pattern Ruby cannot compile in it is no error;
/// it prints the expected types in full, so one in them is (`Type[Regexp['[a-']]`). (An
/// error deferred before, by the check, is kept.)
fn without_printing_errors<R>(expected: &[PType], describe: impl FnOnce() -> R) -> R {
    let earlier = crate::limits::deferred_pending();
    let r = describe();
    if !earlier && crate::limits::deferred_pending() {
        crate::limits::take_deferred_error();
        for t in expected {
            // (printing it defers its pattern's error again)
            let _ = t.to_string();
        }
    }
    r
}

fn found_unguarded(expected: &PType, actual: &Value, cx: Cx) -> Found {
    let mut out = Found::default();
    if !is_instance(expected, actual) {
        // A type naming no type (`assert_type('Foo', 1)`) is described by that alone.
        if let Some(name) = super::references::first_reference(expected) {
            out.ty(format!("references an unresolved type '{name}'"));
            return out;
        }
        for m in describe(expected, actual, &[], cx) {
            let line = m.text();
            match m.kind {
                Kind::Type(_) | Kind::Pattern(_) => out.ty(line),
                Kind::Size(..) | Kind::Other(_) => out.other(line),
            }
        }
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

/// How deep a description is, and whether it is strict: where the reference says nothing of
/// a value its type refuses (a `Collection` or `Array[Any]` of the wrong size, anything but
/// undef for a bare `Optional`), a strict description says what is wrong.
#[derive(Clone, Copy)]
struct Cx {
    depth: usize,
    strict: bool,
}

impl Cx {
    const REFERENCE: Cx = Cx {
        depth: 0,
        strict: false,
    };
    const STRICT: Cx = Cx {
        depth: 0,
        strict: true,
    };

    fn deeper(self) -> Cx {
        Cx {
            depth: self.depth + 1,
            ..self
        }
    }

    /// The type in normal form: the reference's, or with its sizes for a strict description.
    fn normalize(self, t: &PType) -> PType {
        if self.strict {
            super::normalize::normalize_keeping_sizes(t)
        } else {
            normalize(t)
        }
    }
}

/// `path` is either empty or ends without a space (`index 1`); messages join with a space.
pub(super) fn at(path: &str, msg: &str) -> String {
    if path.is_empty() {
        msg.to_string()
    } else {
        format!("{path} {msg}")
    }
}

/// A step of a mismatch's place: which alternative of a Variant (dropped from the text
/// where the alternatives' mismatches merge), or an element (`index 1`, `entry 'a'`,
/// `key of entry 'a'`).
#[derive(Clone, PartialEq)]
enum Step {
    Variant(usize),
    At(String),
}

/// What is wrong, as the reference's mismatch classes tell it.
#[derive(Clone)]
enum Kind {
    /// `expects an Integer value, got String` (of the type as written there).
    Type(PType),
    /// `expects a match for Pattern[/a/], got 'x'`.
    Pattern(PType),
    /// `expects size to be between 1 and 2, got 3`.
    Size(IntRange, usize),
    /// A missing or unrecognized key (worded already).
    Other(String),
}

/// One mismatch: where, what, and the value found there.
#[derive(Clone)]
struct M {
    path: Vec<Step>,
    kind: Kind,
    value: Value,
}

impl M {
    /// (the expected type in normal form, as the reference keeps it)
    fn new(path: &[Step], kind: Kind, value: &Value) -> M {
        let kind = match kind {
            Kind::Type(t) => Kind::Type(normalize(&t)),
            Kind::Pattern(t) => Kind::Pattern(normalize(&t)),
            k => k,
        };
        M {
            path: path.to_vec(),
            kind,
            value: value.clone(),
        }
    }

    /// The place without the Variant alternatives taken to reach it.
    fn canonical(&self) -> impl Iterator<Item = &String> {
        self.path.iter().filter_map(|s| match s {
            Step::At(x) => Some(x),
            Step::Variant(_) => None,
        })
    }

    fn same_place(&self, other: &M) -> bool {
        self.canonical().eq(other.canonical())
    }

    fn text(&self) -> String {
        let path: Vec<String> = self
            .path
            .iter()
            .map(|s| match s {
                Step::Variant(i) => format!("variant {i}"),
                Step::At(x) => x.clone(),
            })
            .collect();
        let path = path.join(" ");
        match &self.kind {
            Kind::Type(e) => root_mismatch(e, &self.value, &path),
            Kind::Pattern(e) => {
                let (prefix, e) = match e {
                    PType::Optional(Some(inner)) => ("an undef value or ", &**inner),
                    e => ("", e),
                };
                let got = pattern_actual(&self.value);
                at(
                    &path,
                    &format!("expects {prefix}a match for {}, got {got}", expanded(e)),
                )
            }
            Kind::Size(size, got) => size_mismatch(*size, *got, &path),
            Kind::Other(msg) => at(&path, msg),
        }
    }
}

/// A type as the reference's mismatches show an expected type: aliases with their
/// definitions (in normal form), also inside Variants and Optionals.
fn expanded(t: &PType) -> String {
    fn write(t: &PType, seen: &mut Vec<usize>) -> String {
        match t {
            PType::Alias(a) => {
                let key = std::rc::Rc::as_ptr(a) as usize;
                if seen.contains(&key) {
                    return a.name.to_string();
                }
                let resolved = a.resolved();
                let normal = normalize(&resolved);
                if normal == super::normalize::normalize_keeping_sizes(&resolved) {
                    // (nested aliases shown as the reference's program form shows them)
                    return alias_display(t);
                }
                seen.push(key);
                let text = format!("{} = {}", a.name, write(&normal, seen));
                seen.pop();
                text
            }
            PType::Variant(ts) if ts.iter().any(has_alias) => {
                let parts: Vec<String> = ts.iter().map(|t| write(t, seen)).collect();
                format!("Variant[{}]", parts.join(", "))
            }
            PType::Optional(Some(inner)) if has_alias(inner) => {
                format!("Optional[{}]", write(inner, seen))
            }
            t => super::display::alias_expanded_display(t),
        }
    }
    fn has_alias(t: &PType) -> bool {
        match t {
            PType::Alias(_) => true,
            PType::Variant(ts) => ts.iter().any(has_alias),
            PType::Optional(Some(inner)) => has_alias(inner),
            _ => false,
        }
    }
    write(t, &mut Vec::new())
}

/// Why `v` is no `e`: `e` in normal form described, named as written.
fn describe(e: &PType, v: &Value, path: &[Step], cx: Cx) -> Vec<M> {
    let n = cx.normalize(e);
    described(&n, e, v, path, cx)
}

fn described(e: &PType, original: &PType, v: &Value, path: &[Step], cx: Cx) -> Vec<M> {
    let root = || vec![M::new(path, Kind::Type(original.clone()), v)];
    if cx.depth > MAX_DEPTH {
        return root();
    }
    let d = cx.deeper();
    let inner_path = |step: String| {
        let mut p = path.to_vec();
        p.push(Step::At(step));
        p
    };
    match e {
        PType::Alias(a) => described(&cx.normalize(&a.resolved()), e, v, path, d),
        // `Data` and `RichData` are aliases to the reference, described by their definitions.
        PType::Data | PType::RichData => {
            described(&cx.normalize(&builtin_definition(e)), e, v, path, d)
        }
        PType::Optional(Some(_)) if v.is_undef() => Vec::new(),
        PType::Optional(Some(inner)) => {
            let original = if is_alias(original) { original } else { e };
            described(inner, original, v, path, d)
        }
        PType::Variant(types) if !types.is_empty() => variant(types, original, v, path, d),
        PType::Enum { .. } | PType::Pattern(_) => {
            vec![M::new(path, Kind::Pattern(original.clone()), v)]
        }
        PType::Array(elem, size) => match v {
            Value::Array(a) => {
                if !size.contains(a.len() as i64) {
                    return vec![M::new(path, Kind::Size(*size, a.len()), v)];
                }
                let mut out = Vec::new();
                for (i, x) in a.iter().enumerate() {
                    if !is_instance(elem, x) {
                        out.extend(describe(elem, x, &inner_path(format!("index {i}")), d));
                    }
                }
                out
            }
            _ => root(),
        },
        PType::Tuple(types, size) if !types.is_empty() => match v {
            Value::Array(a) => {
                let range = tuple_size(types, *size);
                if !range.contains(a.len() as i64) {
                    return vec![M::new(path, Kind::Size(range, a.len()), v)];
                }
                let mut out = Vec::new();
                for (i, x) in a.iter().enumerate() {
                    if let Some(t) = tuple_type_at(types, i) {
                        if !is_instance(t, x) {
                            // (an element after the types, held to the last, is named by
                            // that type's index, as the reference names it)
                            let at = i.min(types.len() - 1);
                            out.extend(describe(t, x, &inner_path(format!("index {at}")), d));
                        }
                    }
                }
                out
            }
            _ => root(),
        },
        PType::Hash(kt, vt, size) => match v {
            Value::Hash(h) => {
                if !size.contains(h.len() as i64) {
                    return vec![M::new(path, Kind::Size(*size, h.len()), v)];
                }
                // Only a hash of non-empty string keys (a Struct to the reference) is
                // described entry by entry; any other is reported whole (`got Hash[Type[Integer], Integer[1, 1]]`).
                if !struct_like(h) {
                    return root();
                }
                let mut out = Vec::new();
                for (k, x) in h.iter() {
                    if !is_instance(kt, k) {
                        let p = inner_path(format!("key of entry {}", key_text(k)));
                        out.extend(describe(kt, k, &p, d));
                    }
                    if !is_instance(vt, x) {
                        let p = inner_path(format!("entry {}", key_text(k)));
                        out.extend(describe(vt, x, &p, d));
                    }
                }
                out
            }
            _ => root(),
        },
        PType::Struct(Some(members)) if !members.is_empty() => match v {
            // Empty hashes and hashes with other keys than non-empty strings are no Structs:
            // sizes compare.
            Value::Hash(h) if !struct_like(h) => {
                let size = struct_size(members);
                if size.contains(h.len() as i64) {
                    root()
                } else {
                    vec![M::new(path, Kind::Size(size, h.len()), v)]
                }
            }
            Value::Hash(h) => {
                let mut out = Vec::new();
                for m in members {
                    match h.get(&Value::String(m.key.clone())) {
                        None if !member_is_optional(m) => out.push(M::new(
                            path,
                            Kind::Other(format!("expects a value for key {}", quote(&m.key))),
                            v,
                        )),
                        Some(x) if !is_instance(&m.value, x) => out.extend(describe(
                            &m.value,
                            x,
                            &inner_path(format!("entry {}", quote(&m.key))),
                            d,
                        )),
                        _ => {}
                    }
                }
                for k in h.keys() {
                    if !is_struct_key(members, k) {
                        out.push(M::new(
                            path,
                            Kind::Other(format!("unrecognized key {}", key_text(k))),
                            v,
                        ));
                    }
                }
                out
            }
            _ => root(),
        },
        // An unparameterized Struct is `Struct[{}]`: a hash of string keys has each key
        // unrecognized, another hash the wrong size.
        PType::Struct(None) | PType::Struct(Some(_)) if matches!(v, Value::Hash(_)) => {
            let Value::Hash(h) = v else { return root() };
            if !struct_like(h) {
                return vec![M::new(path, Kind::Size(IntRange::new(0, 0), h.len()), v)];
            }
            h.keys()
                .map(|k| {
                    let text = format!("unrecognized key {}", key_text(k));
                    M::new(path, Kind::Other(text), v)
                })
                .collect()
        }
        // The reference gives no detail for a collection of the wrong size (its normal form
        // has no size), nor for a value an unparameterized Optional (Undef alone) refuses.
        PType::Collection(size) if cx.strict => match collection_len(v) {
            Some(n) if !size.contains(n as i64) => vec![M::new(path, Kind::Size(*size, n), v)],
            _ => root(),
        },
        PType::Optional(None) if !cx.strict => Vec::new(),
        PType::Optional(None) => vec![M::new(path, Kind::Type(PType::Undef), v)],
        // Nothing to describe where the value's type is one of the expected type's (as the
        // reference compares them: `Integer[-1, -1]` is an `Iterable`, a normalized
        // `Collection` takes a collection of any size).
        e if !cx.strict && super::is_assignable(e, &infer(v)) => Vec::new(),
        _ => root(),
    }
}

fn collection_len(v: &Value) -> Option<usize> {
    match v {
        Value::Array(a) => Some(a.len()),
        Value::Hash(h) => Some(h.len()),
        _ => None,
    }
}

/// Whether the reference sees a hash as a Struct: not empty, its keys non-empty strings.
fn struct_like(h: &crate::values::Map) -> bool {
    !h.is_empty()
        && h.keys()
            .all(|k| matches!(k, Value::String(s) if !s.is_empty()))
}

fn is_alias(t: &PType) -> bool {
    matches!(t, PType::Alias(_) | PType::Data | PType::RichData)
}

/// The definition of `Data` or `RichData` (another type is itself).
fn builtin_definition(t: &PType) -> PType {
    super::names::data_definition(t).unwrap_or(t).clone()
}

/// A Variant's alternatives each described; mismatches of the same kind at the same place
/// in every alternative merge into one (`expects a value of type Integer or String`); a
/// single mismatch left loses its `variant N`. An alias whose alternatives all fail so is
/// named itself.
fn variant(types: &[PType], original: &PType, v: &Value, path: &[Step], d: Cx) -> Vec<M> {
    let mut types = types.to_vec();
    if matches!(original, PType::Optional(_)) {
        types.insert(0, PType::Undef);
    }
    let mut per: Vec<Vec<M>> = Vec::with_capacity(types.len());
    for (i, t) in types.iter().enumerate() {
        let mut p = path.to_vec();
        p.push(Step::Variant(i));
        let found = describe(t, v, &p, d);
        if found.is_empty() {
            return Vec::new();
        }
        per.push(found);
    }
    let merged = merge(path.len(), per);
    if is_alias(original) && merged.len() == 1 {
        return vec![M::new(path, Kind::Type(original.clone()), v)];
    }
    merged
}

fn merge(position: usize, per: Vec<Vec<M>>) -> Vec<M> {
    let n = per.len();
    let mut all: Vec<M> = per.into_iter().flatten().collect();
    let is_size = |m: &M| matches!(m.kind, Kind::Size(..));
    let is_type = |m: &M| matches!(m.kind, Kind::Type(_) | Kind::Pattern(_));
    for class in [&is_size as &dyn Fn(&M) -> bool, &is_type] {
        let of_class: Vec<&M> = all.iter().filter(|m| class(m)).collect();
        if of_class.len() == n && of_class.iter().all(|m| m.same_place(of_class[0])) {
            let first = of_class[0].clone();
            let generic = of_class[1..].iter().fold(first, |acc, m| merge_two(acc, m));
            all = vec![generic];
            break;
        }
    }
    // (the reference's `uniq` keeps them all: its mismatches with an expected type or a
    // key never compare equal)
    if let [one] = all.as_mut_slice() {
        if matches!(one.path.get(position), Some(Step::Variant(_))) {
            one.path.remove(position);
        }
    }
    all
}

/// Two mismatches of one kind at one place as one: the first's kind and place, the types
/// of both (in normal form), the widest size.
fn merge_two(a: M, b: &M) -> M {
    let both = |x: &PType, y: &PType| normalize(&maybe_variant(vec![x.clone(), y.clone()]));
    let kind = match (&a.kind, &b.kind) {
        (Kind::Type(x) | Kind::Pattern(x), Kind::Type(y) | Kind::Pattern(y)) => {
            let t = both(x, y);
            if matches!(a.kind, Kind::Pattern(_)) {
                Kind::Pattern(t)
            } else {
                Kind::Type(t)
            }
        }
        (Kind::Size(x, got), Kind::Size(y, _)) => {
            Kind::Size(IntRange::new(x.from.min(y.from), x.to.max(y.to)), *got)
        }
        (k, _) => k.clone(),
    };
    M { kind, ..a }
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
        normalize(&kt.resolved()),
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
    let got = pattern_actual(v);
    at(path, &format!("expects a match for {name}, got {got}"))
}

/// The value a pattern mismatch names: a string as it is between single quotes (the
/// reference does not escape it: `got 'o'k'`), anything else by its type's short name.
fn pattern_actual(v: &Value) -> String {
    match v {
        Value::String(s) => format!("'{s}'"),
        other => short_name(&infer(other)),
    }
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

/// `expects an Integer value, got String`, `expects a value of type Undef or Integer, got
/// String`, with the actual type detailed when it is of the expected kind.
pub(super) fn root_mismatch(e: &PType, v: &Value, path: &str) -> String {
    root_type_mismatch(e, infer(v), path)
}

/// The description of a parameter of type `expected` whose value is a `Deferred` whose
/// function returns `returned`: as [`root_mismatch`] of a value of that type (the
/// reference's `describe` of the return type: `parameter 's' expects an Integer value, got
/// String`).
pub fn describe_returned_type_mismatch(expected: &PType, returned: &PType) -> String {
    root_type_mismatch(&normalize(expected), returned.clone(), "")
}

fn root_type_mismatch(e: &PType, actual: PType, path: &str) -> String {
    if let PType::Alias(a) = e {
        // (the definition as the reference keeps it, in normal form)
        let resolved = normalize(&a.resolved());
        let alternatives: Vec<&PType> = match &resolved {
            PType::Variant(ts) => ts.iter().collect(),
            t => vec![t],
        };
        // (the reference details the actual type when the alias's definition is of its kind
        // or takes its generalization, and else names its base type: `got Boolean`, `got
        // Type`)
        let detailed = same_kind(&resolved, &actual)
            || super::is_assignable(&resolved, &super::infer::generalize(&actual));
        let got = if detailed {
            detailed_actual(&alternatives, &actual)
        } else {
            base_name(&actual)
        };
        let name = expanded(e);
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
    // (alternatives that are aliases, `Data` and `RichData` too: always detailed, named with
    // their definitions, the actual type measured against the definitions)
    let any_alias = alternatives.iter().any(|t| is_alias(t));
    let resolved: Vec<PType> = alternatives
        .iter()
        .map(|t| match t {
            PType::Alias(a) => normalize(&a.resolved()),
            t => (*t).clone(),
        })
        .collect();
    let resolved: Vec<&PType> = resolved.iter().collect();
    let detailed = any_alias
        || resolved
            .iter()
            .any(|t| same_kind(t, &actual) || assignable_to_default(t, &actual));
    let (mut names, got): (Vec<String>, String) = if detailed {
        // The actual type in full when an expected one is of its kind or takes its
        // generalization, else its name (`Iterable[String]` vs `[1]`: `got Tuple`).
        let full = resolved.iter().any(|t| {
            same_kind(t, &actual) || super::is_assignable(t, &super::infer::generalize(&actual))
        });
        let got = if full {
            detailed_actual(&resolved, &actual)
        } else {
            // (the reference's simple name, with or without an alias among them)
            base_name(&actual)
        };
        let names = alternatives
            .iter()
            .map(|t| match t {
                PType::Alias(_) => expanded(t),
                t if contains_alias(t) => expanded(t),
                t => type_text(t),
            })
            .collect();
        (names, got)
    } else {
        let mut names: Vec<String> = Vec::new();
        for t in &alternatives {
            let n = short_name(t);
            if !names.contains(&n) {
                names.push(n);
            }
        }
        // (`Data` and `RichData`, aliases to the reference, name an iterator alone:
        // `got Iterator`; other types its element type: `got Iterator[Integer]`)
        let got = match actual {
            PType::Iterator(_)
                if alternatives
                    .iter()
                    .any(|t| matches!(t, PType::Data | PType::RichData)) =>
            {
                base_name(&actual)
            }
            _ => short_name(&actual),
        };
        (names, got)
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

/// Whether an alias is part of the type (`Array[P]`).
fn contains_alias(t: &PType) -> bool {
    match t {
        PType::Alias(_) => true,
        PType::Array(e, _) => contains_alias(e),
        PType::Hash(k, v, _) => contains_alias(k) || contains_alias(v),
        PType::Variant(ts) | PType::Tuple(ts, _) => ts.iter().any(contains_alias),
        PType::Optional(Some(x)) | PType::NotUndef(Some(x)) => contains_alias(x),
        PType::Struct(Some(ms)) => ms.iter().any(|m| contains_alias(&m.value)),
        _ => false,
    }
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
        // (an object type's default is `Object`)
        PType::ObjectType(_) | PType::ObjectExt(_) => super::is_assignable(&PType::Object, actual),
        PType::TypeSet => super::is_assignable(e, actual),
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
        // (the reference builds a new Hash type of the key and value types, which
        // normalizes them: `Integer[2, 2]` and `Integer[3, 3]` are `Integer[2, 3]`)
        // Against several alternatives merged, the first one's description's: a Hash or a
        // Struct describes the hash without its size, another type with it (`got
        // Hash[Integer[1, 2], Integer[2, 3], 2, 2]`).
        PType::Hash(k, v, s) if s.to != 0 && (strip || alternatives.len() > 1) => {
            let first_sizeless = matches!(alternatives[0], PType::Hash(..) | PType::Struct(_));
            let size = if alternatives.len() > 1 && !first_sizeless {
                *s
            } else {
                IntRange::SIZE
            };
            type_text(&PType::Hash(
                Box::new(normalize(k)),
                Box::new(normalize(v)),
                size,
            ))
        }
        PType::Array(e, s) if strip && s.to != 0 => {
            type_text(&PType::Array(e.clone(), IntRange::SIZE))
        }
        other => type_text(other),
    }
}

/// A type in a detailed mismatch: the object types and aliases in it show their
/// definitions, as the reference's detailed descriptions show them
/// (`Type[Object[{name => 'P', ...}]]`, `Type[A = Integer[1, 2]]`).
fn type_text(t: &PType) -> String {
    super::display::mismatch_display(t)
}

/// The reference's short name of a type: its base name, with the contained type's base name
/// for `Optional`, `NotUndef`, `Sensitive`, `Type` and `Iterable`.
pub fn short_name(t: &PType) -> String {
    let contained = match t {
        // (a `NotUndef` inside as the reference normalizes it: `Type[NotUndef[Numeric]]` is
        // `Type[Numeric]`, `Type[NotUndef[Optional[Integer]]]` `Type[Integer]`)
        PType::Type(Some(c)) if matches!(**c, PType::NotUndef(Some(_))) => {
            let c = super::normalize::normalize(c);
            return format!("{}[{}]", base_name(t), base_name(&c));
        }
        PType::Optional(c)
        | PType::NotUndef(c)
        | PType::Sensitive(c)
        | PType::Type(c)
        | PType::Iterable(c) => c.as_deref(),
        // An iterator's element type generalized (`Iterator[Integer]` for `[1, 2].reverse_each`).
        PType::Iterator(Some(elem)) => {
            let g = super::infer::generalize;
            let elem = match &**elem {
                // Distinct strings are an Enum in the reference (its Variant normalized):
                // `Iterator[Enum]` for `['a', 'b'].reverse_each`.
                PType::Variant(ts)
                    if ts.len() > 1
                        && ts
                            .iter()
                            .all(|t| matches!(t, PType::String { value: Some(_), .. })) =>
                {
                    return format!("{}[Enum]", base_name(t));
                }
                // (an Enum's generalization is `Enum`: `Iterator[Enum['a', 'b']]` is
                // `Iterator[Enum]`)
                PType::Enum { .. } => return format!("{}[Enum]", base_name(t)),
                // Values of one kind (`Integer[1, 1]`, `Integer[2, 2]`) are that kind.
                PType::Variant(ts) => {
                    let all: Vec<PType> = ts.iter().map(g).collect();
                    match all.split_first() {
                        Some((first, rest)) if rest.iter().all(|t| t == first) => first.clone(),
                        _ => (**elem).clone(),
                    }
                }
                e => g(e),
            };
            return match elem {
                PType::Any => base_name(t),
                e => format!("{}[{}]", base_name(t), base_name(&e)),
            };
        }
        _ => None,
    };
    match contained {
        Some(c) if !matches!(c, PType::Any) => format!("{}[{}]", base_name(t), base_name(c)),
        _ => base_name(t),
    }
}

/// The base name of a type (`Tuple` for `Tuple[Integer[1, 1]]`, an alias's or object
/// type's name), as the reference's descriptions of a mismatch name it: a resource type is
/// `Resource` whatever its type name (`expects a Resource value` for `Notify`,
/// `File['/x']`, a define's type; `got Type[Resource]` for a reference).
pub fn base_name(t: &PType) -> String {
    match t {
        PType::Alias(a) => a.name.to_string(),
        PType::Resource { .. } => "Resource".into(),
        PType::Struct(_) => "Struct".into(),
        PType::Object => "Object".into(),
        PType::ObjectType(o) => o.label().into(),
        PType::ObjectExt(e) => e.base.label().into(),
        // (the reference's `TypeSet` is its default type set, named so)
        PType::TypeSet => "DefaultTypeSet".into(),
        // (an expression's TypeSet without a name is named by its kind)
        PType::TypeSetType(ts) if ts.name.is_empty() => "TypeSet".into(),
        PType::TypeSetType(ts) => ts.name.to_string(),
        t => {
            let s = t.to_string();
            s.split('[').next().unwrap_or_default().to_string()
        }
    }
}
