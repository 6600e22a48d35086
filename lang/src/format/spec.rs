//! The format specifications of `String(value, format)`: one `%[flags][width][.prec]X`
//! directive, container options (`separator`, `separator2`, `string_formats`), and the
//! type-to-format maps, merged with the defaults and ordered most specific type first.

use super::printf::{Spec, MAX_WIDTH};
use crate::error::Error;
use crate::types::{self, IntRange, PType};
use crate::values::Value;
use std::rc::Rc;

/// One parsed format with its container options.
#[derive(Debug, Clone)]
pub struct Format {
    pub spec: Spec,
    /// The conversion letter.
    pub conv: char,
    /// `[ { ( < |` when given as a flag.
    pub delimiter: Option<char>,
    /// The text as written, for error messages.
    pub text: Rc<str>,
    pub separator: Option<Rc<str>>,
    pub separator2: Option<Rc<str>>,
    /// The formats for values inside a container this format applies to.
    pub string_formats: Option<Rc<FormatMap>>,
    /// What Ruby's `format` says of the flags when they hold a character it does not
    /// accept (a delimiter flag, white space other than a space).
    ruby_flag_error: Option<&'static str>,
}

/// The parts of a format matching the reference's format pattern: flags, width,
/// precision and conversion letter.
fn split(text: &str) -> Option<(&str, &str, Option<&str>, char)> {
    let rest = text.strip_prefix('%')?;
    let flags_end = rest
        .find(|c: char| {
            // Ruby's `\s` also covers the vertical tab.
            !(c.is_ascii_whitespace()
                || matches!(
                    c,
                    '\x0b' | '[' | '+' | '#' | '0' | '{' | '<' | '(' | '|' | '-'
                ))
        })
        .unwrap_or(rest.len());
    let (flags, rest) = rest.split_at(flags_end);
    let width_end = if rest.starts_with(|c: char| ('1'..='9').contains(&c)) {
        rest.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len())
    } else {
        0
    };
    let (width, rest) = rest.split_at(width_end);
    let (prec, rest) = match rest.strip_prefix('.') {
        Some(r) => {
            let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
            if end == 0 {
                return None;
            }
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    let mut conv_chars = rest.chars();
    match (conv_chars.next(), conv_chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some((flags, width, prec, c)),
        _ => None,
    }
}

impl Format {
    /// Parses `%[flags][width][.prec]X`.
    pub fn parse(text: &str) -> Result<Format, Error> {
        let (flags, width, prec, conv) = split(text).ok_or_else(|| {
            Error::eval(format!("The format '{text}' is not a valid format on the form '%<flags><width>.<prec><format>'"))
        })?;
        let mut seen = Vec::new();
        for c in flags.chars() {
            if seen.contains(&c) {
                return Err(Error::eval(format!(
                    "The same flag can only be used once, got '{text}'"
                )));
            }
            seen.push(c);
        }
        let mut delimiter = None;
        for d in ['[', '{', '(', '<', '|'] {
            if flags.contains(d) {
                if delimiter.is_some() {
                    return Err(Error::eval(format!(
                        "Only one of the delimiters [ {{ ( < | can be given in the format flags, got '{text}'"
                    )));
                }
                delimiter = Some(d);
            }
        }
        let number = |s: &str| -> Result<usize, Error> {
            s.parse::<usize>()
                .ok()
                .filter(|n| *n <= MAX_WIDTH)
                .ok_or_else(|| Error::eval(format!("width too big in '{text}'")))
        };
        let spec = Spec {
            minus: flags.contains('-'),
            plus: flags.contains('+'),
            // Only a space (not other white space) is the space flag.
            space: flags.contains(' '),
            zero: flags.contains('0'),
            alt: flags.contains('#'),
            width: if width.is_empty() {
                None
            } else {
                Some(number(width)?)
            },
            prec: prec.map(number).transpose()?,
        };
        let ruby_flag_error = flags
            .chars()
            .find(|c| !matches!(c, ' ' | '#' | '+' | '-' | '0'))
            .map(|c| match c {
                '[' => "malformed format string - %[",
                '(' => "malformed format string - %(",
                '|' => "malformed format string - %|",
                '{' | '<' => "malformed name - unmatched parenthesis",
                _ => "malformed format string",
            });
        Ok(Format {
            ruby_flag_error,
            spec,
            conv,
            delimiter,
            text: text.into(),
            separator: None,
            separator2: None,
            string_formats: None,
        })
    }

    /// The flags, width and precision for a conversion the reference leaves to Ruby's
    /// `format`, which rejects delimiter flags.
    pub fn ruby_spec(&self) -> Result<&Spec, Error> {
        match self.ruby_flag_error {
            Some(msg) => Err(Error::eval(msg)),
            None => Ok(&self.spec),
        }
    }

    /// The opening and closing delimiters of a container: the delimiter flag, none for the
    /// space flag, else the default.
    pub fn delimiters(
        &self,
        default: (&'static str, &'static str),
    ) -> (&'static str, &'static str) {
        match self.delimiter {
            Some('[') => ("[", "]"),
            Some('{') => ("{", "}"),
            Some('(') => ("(", ")"),
            Some('<') => ("<", ">"),
            Some('|') => ("|", "|"),
            _ if self.spec.space => ("", ""),
            _ => default,
        }
    }

    /// `self` overridden by `higher`: its format, and its container options where given.
    fn merged_with(&self, higher: &Format) -> Format {
        Format {
            separator: higher.separator.clone().or_else(|| self.separator.clone()),
            separator2: higher
                .separator2
                .clone()
                .or_else(|| self.separator2.clone()),
            string_formats: merge_maps(
                self.string_formats.as_ref(),
                higher.string_formats.as_ref(),
            ),
            ..higher.clone()
        }
    }
}

/// Which values a map key matches.
#[derive(Debug, Clone)]
enum Matcher {
    /// One of the default keys, matched on the kind of value.
    Float,
    Numeric,
    Array,
    Hash,
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
    Format {
        separator: Some(", ".into()),
        separator2: Some(separator2.into()),
        string_formats: Some(default_container_formats()),
        ..fixed(text)
    }
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

/// The message for an argument that is not a valid `Formats` value.
fn formats_mismatch(got: &Value) -> Error {
    const FMT: &str = "Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/]";
    Error::eval(format!(
        "'new_string' parameter 'string_formats' expects a Formats = Variant[Default, String[1], TypeMap = Hash[Type, \
         Variant[Format = {FMT}, ContainerFormat = Struct[{{Optional['format'] => Format = {FMT}, Optional['separator'] => \
         String, Optional['separator2'] => String, Optional['string_formats'] => Hash[Type, Format = {FMT}]}}]]]] value, got {}",
        types::infer_generalized(got)
    ))
}

fn is_format_text(s: &str) -> bool {
    split(s).is_some()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_flags_width_precision() {
        let f = Format::parse("%-#010.3x").unwrap();
        assert!(f.spec.minus && f.spec.alt && f.spec.zero);
        assert_eq!(
            (f.spec.width, f.spec.prec, f.conv),
            (Some(10), Some(3), 'x')
        );
        assert_eq!(
            Format::parse("%(a").unwrap().delimiters(("[", "]")),
            ("(", ")")
        );
        assert_eq!(
            Format::parse("% a").unwrap().delimiters(("[", "]")),
            ("", "")
        );
        assert_eq!(
            Format::parse("%+a").unwrap().delimiters(("[", "]")),
            ("[", "]")
        );
    }

    #[test]
    fn parse_errors_use_reference_wording() {
        let msg = |s: &str| Format::parse(s).unwrap_err().message;
        assert_eq!(
            msg("%-5d|"),
            "The format '%-5d|' is not a valid format on the form '%<flags><width>.<prec><format>'"
        );
        assert_eq!(
            msg("%"),
            "The format '%' is not a valid format on the form '%<flags><width>.<prec><format>'"
        );
        assert_eq!(
            msg("x"),
            "The format 'x' is not a valid format on the form '%<flags><width>.<prec><format>'"
        );
        assert_eq!(
            msg("%--d"),
            "The same flag can only be used once, got '%--d'"
        );
        assert_eq!(
            msg("%[(a"),
            "Only one of the delimiters [ { ( < | can be given in the format flags, got '%[(a'"
        );
    }
}
