//! Type-to-format maps: the default formats, user maps checked against the reference's
//! `Formats` type, merging with the defaults, and the ordering by type specificity.

use super::spec::Format;
use crate::error::Error;
use crate::types::{self, IntRange, PType};
use crate::values::Value;
use std::rc::Rc;

/// Which values a map key matches.
#[derive(Debug, Clone)]
enum Matcher {
    /// One of the default keys, matched on the kind of value.
    Float,
    Numeric,
    Array,
    Hash,
    Binary,
    Any,
    /// A user given type.
    Type,
}

#[derive(Debug, Clone)]
pub struct Entry {
    key: PType,
    matcher: Matcher,
    pub format: Rc<Format>,
}

impl Entry {
    fn matches(&self, v: &Value) -> bool {
        match self.matcher {
            Matcher::Float => matches!(v, Value::Float(_)),
            Matcher::Numeric => matches!(v, Value::Float(_) | Value::Integer(_)),
            Matcher::Array => matches!(v, Value::Array(_)),
            Matcher::Hash => matches!(v, Value::Hash(_)),
            Matcher::Binary => matches!(v, Value::Binary(_)),
            Matcher::Any => true,
            Matcher::Type => types::is_instance(&self.key, v),
        }
    }
}

/// Type-to-format associations, most specific type first.
#[derive(Debug, Clone, Default)]
pub struct FormatMap {
    pub entries: Vec<Entry>,
}

impl FormatMap {
    /// The format of the first (most specific) type matching `v`, else `%s`.
    pub fn lookup(&self, v: &Value) -> Rc<Format> {
        self.entries
            .iter()
            .find(|e| e.matches(v))
            .map(|e| e.format.clone())
            .unwrap_or_else(|| {
                Rc::new(
                    Format::parse("%s").unwrap_or_else(|_| unreachable!("%s is a valid format")),
                )
            })
    }
}

fn array_any() -> PType {
    PType::Array(Box::new(PType::Any), IntRange::SIZE)
}

fn hash_any() -> PType {
    PType::Hash(Box::new(PType::Any), Box::new(PType::Any), IntRange::SIZE)
}

fn fixed(text: &str) -> Format {
    Format::parse(text).unwrap_or_else(|_| unreachable!("built-in formats are valid"))
}

fn container(text: &str, separator2: &str) -> Format {
    let mut format = fixed(text);
    format.separator = Some(", ".into());
    format.separator2 = Some(separator2.into());
    format.string_formats = Some(default_container_formats());
    format
}

/// `{Any => '%p'}`: how values inside containers are formatted by default.
pub fn default_container_formats() -> Rc<FormatMap> {
    thread_local! {
        static CONTAINER: Rc<FormatMap> = Rc::new(build_container_formats());
    }
    CONTAINER.with(Rc::clone)
}

fn build_container_formats() -> FormatMap {
    FormatMap {
        entries: vec![Entry {
            key: PType::Any,
            matcher: Matcher::Any,
            format: Rc::new(fixed("%p")),
        }],
    }
}

/// The default formats. The spec has floats default to `%p` (the reference uses `%f`).
/// The default formats, built once per thread.
pub fn default_formats() -> Rc<FormatMap> {
    thread_local! {
        static DEFAULTS: Rc<FormatMap> = Rc::new(build_default_formats());
    }
    DEFAULTS.with(Rc::clone)
}

fn build_default_formats() -> FormatMap {
    let entry = |key, matcher, format| Entry {
        key,
        matcher,
        format: Rc::new(format),
    };
    FormatMap {
        entries: vec![
            entry(
                PType::Float(f64::NEG_INFINITY, f64::INFINITY),
                Matcher::Float,
                fixed("%p"),
            ),
            entry(PType::Numeric, Matcher::Numeric, fixed("%d")),
            entry(array_any(), Matcher::Array, container("%a", ", ")),
            entry(hash_any(), Matcher::Hash, container("%h", " => ")),
            entry(PType::Binary, Matcher::Binary, fixed("%B")),
            entry(PType::Any, Matcher::Any, fixed("%s")),
        ],
    }
}

/// The matcher for a user key: the default keys keep their value based matching.
fn matcher_for(t: &PType) -> Matcher {
    if *t == PType::Any {
        Matcher::Any
    } else if *t == PType::Numeric {
        Matcher::Numeric
    } else if *t == PType::Float(f64::NEG_INFINITY, f64::INFINITY) {
        Matcher::Float
    } else if *t == array_any() {
        Matcher::Array
    } else if *t == hash_any() {
        Matcher::Hash
    } else {
        Matcher::Type
    }
}

/// A map with one user key (used for a format string given for an Array or Hash).
pub fn single(key: PType, format: Format) -> FormatMap {
    FormatMap {
        entries: vec![Entry {
            matcher: matcher_for(&key),
            key,
            format: Rc::new(format),
        }],
    }
}

/// The default key a format string given for an array or a hash is the format of
/// (`String([1], '%p')`: all arrays, nested ones too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContainerKey {
    Array,
    Hash,
}

impl ContainerKey {
    fn key(self) -> PType {
        match self {
            ContainerKey::Array => array_any(),
            ContainerKey::Hash => hash_any(),
        }
    }

    fn is_entry(self, e: &Entry) -> bool {
        matches!(
            (self, &e.matcher),
            (ContainerKey::Array, Matcher::Array) | (ContainerKey::Hash, Matcher::Hash)
        )
    }
}

/// `merge(&default_formats(), &single(key.key(), format))`, without comparing types at each
/// call: that merge keeps every default key (no other default type is an `Array` or a
/// `Hash`) and sorts by the keys alone, so its order is found once per thread (the defaults
/// merged with the key's own format) and only the key's format is made anew, the default's
/// merged with `format`.
pub fn defaults_with_container_format(key: ContainerKey, format: &Format) -> FormatMap {
    thread_local! {
        static ORDERED: [FormatMap; 2] = [ContainerKey::Array, ContainerKey::Hash].map(|k| {
            let defaults = default_formats();
            let own = defaults.entries.iter().find(|e| k.is_entry(e));
            let own = own.map_or_else(|| fixed("%s"), |e| (*e.format).clone());
            merge(&defaults, &single(k.key(), own))
        });
    }
    let defaults = default_formats();
    let merged = defaults
        .entries
        .iter()
        .find(|e| key.is_entry(e))
        .map(|e| Rc::new(e.format.merged_with(format)));
    let mut map = ORDERED.with(|o| o[key as usize].clone());
    for e in &mut map.entries {
        if key.is_entry(e) {
            if let Some(f) = &merged {
                e.format = f.clone();
            }
        }
    }
    map
}

/// Merges `higher` over `lower`: entries of `lower` whose type is covered by a different
/// type of `higher` are dropped, equal keys are merged, and the result is sorted.
pub fn merge_maps(
    lower: Option<&Rc<FormatMap>>,
    higher: Option<&Rc<FormatMap>>,
) -> Option<Rc<FormatMap>> {
    match (lower, higher) {
        (Some(l), Some(h)) => Some(Rc::new(merge(l, h))),
        (l, h) => l.or(h).cloned(),
    }
}

pub fn merge(lower: &FormatMap, higher: &FormatMap) -> FormatMap {
    let mut entries: Vec<Entry> = lower
        .entries
        .iter()
        .filter(|l| {
            !higher
                .entries
                .iter()
                .any(|h| h.key != l.key && types::is_assignable(&h.key, &l.key))
        })
        .cloned()
        .collect();
    for h in &higher.entries {
        match entries.iter_mut().find(|e| e.key == h.key) {
            Some(e) => e.format = Rc::new(e.format.merged_with(&h.format)),
            None => entries.push(h.clone()),
        }
    }
    sort(&mut entries);
    FormatMap { entries }
}

fn type_rank(t: &PType) -> u8 {
    match t {
        PType::Struct(_) => 1,
        PType::Hash(..) => 2,
        PType::Tuple(..) => 3,
        PType::Array(..) => 4,
        PType::Pattern(_) => 10,
        PType::Enum { .. } => 11,
        PType::String { .. } => 12,
        _ => 0,
    }
}

/// Most specific first; unrelated types by rank, else by name. An insertion sort: the
/// order is not total for unrelated types, and the maps are small.
fn sort(entries: &mut [Entry]) {
    let before = |a: &PType, b: &PType| -> bool {
        if a == b {
            return false;
        }
        let b_takes_a = types::is_assignable(b, a);
        let a_takes_b = types::is_assignable(a, b);
        match (b_takes_a, a_takes_b) {
            (true, false) => true,
            (false, true) => false,
            _ => {
                let (ra, rb) = (type_rank(a), type_rank(b));
                if ra == 0 || rb == 0 {
                    a.to_string() < b.to_string()
                } else {
                    ra < rb
                }
            }
        }
    };
    for i in 1..entries.len() {
        let mut j = i;
        while j > 0 && before(&entries[j].key, &entries[j - 1].key) {
            entries.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// `String.new`'s `Formats` parameter type, with the reference's alias names (`Formats`,
/// `TypeMap`, `Format`, `ContainerFormat`), for describing a value it does not take.
fn formats_type() -> PType {
    use std::cell::RefCell;
    use types::{KeyKind, StructMember, TypeAlias};
    let alias = |name: &str, t: PType| {
        PType::Alias(Rc::new(TypeAlias {
            name: Rc::from(name),
            target: RefCell::new(Some(t)),
            invalid: RefCell::new(None),
            remembered: Default::default(),
        }))
    };
    let pattern = types::typesrc::parse_type(
        "Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/]",
    )
    .expect("the Format pattern parses");
    let format = alias("Format", pattern);
    let member = |key: &str, value: PType| StructMember {
        key: Rc::from(key),
        key_kind: KeyKind::Optional,
        value,
    };
    let container = alias(
        "ContainerFormat",
        PType::Struct(Some(vec![
            member("format", format.clone()),
            member("separator", PType::string()),
            member("separator2", PType::string()),
            member(
                "string_formats",
                PType::hash_of(PType::Type(None), format.clone()),
            ),
        ])),
    );
    let type_map = alias(
        "TypeMap",
        PType::hash_of(PType::Type(None), PType::Variant(vec![format, container])),
    );
    let non_empty = types::typesrc::parse_type("String[1]").expect("String[1] parses");
    alias(
        "Formats",
        PType::Variant(vec![PType::Default, non_empty, type_map]),
    )
}

/// The message for an argument that is not a valid `Formats` value: the reference's
/// parameter check, one description, or the signature and each description on a
/// `rejected:` line.
fn formats_mismatch(got: &Value) -> Error {
    let formats = formats_type();
    let mut reasons = types::mismatch::describe_signature_mismatches(&formats, got);
    if reasons.len() <= 1 {
        let reason = reasons.pop().unwrap_or_else(|| {
            format!(
                "expects a {} value, got {}",
                types::alias_display(&formats),
                types::infer_generalized(got)
            )
        });
        return Error::eval(format!("'new_string' parameter 'string_formats' {reason}"));
    }
    let mut msg = format!(
        "'new_string' expects (Convertible = Any from, {} string_formats?)",
        types::alias_display(&formats)
    );
    for r in reasons {
        msg.push_str("\n  rejected: parameter 'string_formats' ");
        msg.push_str(&r);
    }
    Error::eval(msg)
}

fn is_format_text(s: &str) -> bool {
    super::spec::split(s).is_some()
}

/// Checks a user map against the `TypeMap` type, then builds it (unsorted keys sorted).
pub fn user_map(v: &Value, top: &Value) -> Result<FormatMap, Error> {
    let Value::Hash(h) = v else {
        return Err(formats_mismatch(top));
    };
    // Validate the shape first, as the reference's parameter check does.
    for (k, f) in h.iter() {
        let shape_ok = matches!(k, Value::Type(_))
            && match f {
                Value::String(s) => is_format_text(s),
                Value::Hash(opts) => opts.iter().all(|(ok, ov)| match (ok.as_str(), ov) {
                    (Some("format"), Value::String(s)) => is_format_text(s),
                    (Some("separator" | "separator2"), Value::String(_)) => true,
                    (Some("string_formats"), Value::Hash(sf)) => sf.iter().all(|(sk, sv)| matches!((sk, sv), (Value::Type(_), Value::String(s)) if is_format_text(s))),
                    _ => false,
                }),
                _ => false,
            };
        if !shape_ok {
            return Err(formats_mismatch(top));
        }
    }
    let mut entries = Vec::with_capacity(h.len());
    for (k, f) in h.iter() {
        let Value::Type(t) = k else {
            return Err(formats_mismatch(top));
        };
        let format = match f {
            Value::String(s) => Format::parse(s)?,
            Value::Hash(opts) => {
                let get = |name: &str| {
                    opts.get(&Value::from(name))
                        .and_then(|v| v.as_str())
                        .map(Rc::<str>::from)
                };
                let mut format = Format::parse(&get("format").unwrap_or_else(|| "".into()))?;
                format.separator = get("separator");
                format.separator2 = get("separator2");
                format.string_formats = match opts.get(&Value::from("string_formats")) {
                    Some(sf) => Some(Rc::new(user_map(sf, top)?)),
                    None => None,
                };
                format
            }
            _ => return Err(formats_mismatch(top)),
        };
        entries.push(Entry {
            key: (**t).clone(),
            matcher: matcher_for(t),
            format: Rc::new(format),
        });
    }
    sort(&mut entries);
    Ok(FormatMap { entries })
}

/// Checks the format argument: `default`, a non-empty string or a map.
pub fn check_formats_arg(v: &Value) -> Result<(), Error> {
    match v {
        Value::Default | Value::Hash(_) => Ok(()),
        Value::String(s) if !s.is_empty() => Ok(()),
        other => Err(formats_mismatch(other)),
    }
}
