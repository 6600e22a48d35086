//! The conversion of values to text under a format map: the reference's string
//! conversion rules for every kind of value, and the layout of arrays and hashes
//! (delimiters, separators, `#` indentation).

use super::maps::{default_container_formats, FormatMap};
use super::spec::Format;
use super::{float, quote, ruby, sprintf};
use crate::convert::iterate;
use crate::error::{Error, ErrorKind};
use crate::values::Value;

/// The deepest nesting of containers converted.
const MAX_DEPTH: usize = crate::limits::MAX_VALUE_DEPTH;

/// Where a value sits in an indented layout.
#[derive(Debug, Clone, Copy)]
pub struct Indent {
    level: usize,
    first: bool,
    indenting: bool,
}

impl Indent {
    pub const TOP: Indent = Indent {
        level: 0,
        first: true,
        indenting: false,
    };

    fn subsequent(self) -> Indent {
        Indent {
            first: false,
            ..self
        }
    }
    fn indenting(self, on: bool) -> Indent {
        Indent {
            indenting: on,
            ..self
        }
    }
    fn increase(self, on: bool) -> Indent {
        Indent {
            level: self.level + 1,
            first: true,
            indenting: on,
        }
    }
    fn breaks(self) -> bool {
        self.indenting && self.level > 0 && !self.first
    }
    fn padding(self) -> String {
        padding(self.level)
    }
}

/// Two spaces a level.
fn padding(level: usize) -> String {
    "  ".repeat(level)
}

fn illegal(type_name: &str, conv: char, expected: &str) -> Error {
    Error::eval(format!(
        "Illegal format '{conv}' specified for value of {type_name} type - expected one of the characters '{expected}'"
    ))
}

/// Converts `v` with the format the map selects for it.
pub fn convert(v: &Value, map: &FormatMap, ind: Indent, depth: usize) -> Result<String, Error> {
    let f = map.lookup(v);
    convert_with(v, &f, map, ind, depth)
}

/// Converts `v` with the format `f`; nested values use `map`.
pub fn convert_with(
    v: &Value,
    f: &Format,
    map: &FormatMap,
    ind: Indent,
    depth: usize,
) -> Result<String, Error> {
    if depth > MAX_DEPTH {
        return Err(Error::new(
            ErrorKind::Limit,
            "The value is nested too deeply to be converted to a String",
        ));
    }
    crate::limits::deep(|| convert_here(v, f, map, ind, depth))
}

fn convert_here(
    v: &Value,
    f: &Format,
    map: &FormatMap,
    ind: Indent,
    depth: usize,
) -> Result<String, Error> {
    let s = &f.spec;
    if matches!(v, Value::Array(_) | Value::Hash(_)) {
        crate::limits::check_interrupt()?;
    }
    Ok(match v {
        Value::Undef => s.string(match (f.conv, s.alt) {
            ('n', false) => "nil",
            ('n', true) => "null",
            ('u', false) => "undef",
            ('u', true) => "undefined",
            ('d' | 'x' | 'X' | 'o' | 'b' | 'B' | 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A', _) => {
                "NaN"
            }
            ('v', _) => "n/a",
            ('V', _) => "N/A",
            ('s', false) => "",
            ('s', true) => "\"\"",
            ('p', false) => "undef",
            ('p', true) => "\"undef\"",
            (c, _) => return Err(illegal("Undef", c, "nudxXobBeEfgGaAvVsp")),
        }),
        Value::Default => s.string(match (f.conv, s.alt) {
            ('d' | 's' | 'p', false) => "default",
            ('d' | 's' | 'p', true) => "\"default\"",
            ('D', false) => "Default",
            ('D', true) => "\"Default\"",
            (c, _) => return Err(illegal("Default", c, "dDsp")),
        }),
        Value::Boolean(b) => boolean(*b, f)?,
        Value::Integer(i) => integer(*i, f)?,
        Value::Float(x) => float_value(*x, f)?,
        Value::String(text) => string(text, f)?,
        Value::Regexp(re) => match (f.conv, f.ruby_spec()) {
            (_, Err(e)) if matches!(f.conv, 'p' | 's') => return Err(e),
            ('p', _) => s.string(&crate::types::regexp_text(re.source())),
            ('s', _) if s.alt => s.string(&quote::puppet_quote(&re.source().replace("\\/", "/"))),
            ('s', _) => s.string(&crate::types::regexp_text(re.source())),
            (c, _) => return Err(illegal("Regexp", c, "sp")),
        },
        Value::Type(t) => match f.conv {
            's' if s.alt => f
                .ruby_spec()?
                .string(&format!("\"{}\"", crate::types::alias_display(t))),
            's' | 'p' => f.ruby_spec()?.string(&crate::types::alias_display(t)),
            c => return Err(illegal("Type", c, "sp")),
        },
        Value::Timespan(_)
        | Value::Timestamp(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Sensitive(_) => runtime_object(v, f)?,
        Value::Binary(bytes) => binary(bytes, f)?,
        Value::Uri(u) => match f.conv {
            'p' => s.string(&format!("URI({})", quote::puppet_quote(&u.to_string()))),
            's' => s.string(&u.to_string()),
            c => return Err(illegal("URI", c, "sp")),
        },
        Value::Object(o) => match f.conv {
            's' | 'p' if s.alt || ind.indenting => {
                let mut out = String::new();
                expanded(v, ind.level, depth, &mut out)?;
                out
            }
            's' | 'p' => {
                let inner = hash(&o.init_hash(), f, map, ind, depth)?;
                format!("{}({inner})", o.typ.label())
            }
            c => return Err(illegal("Object", c, "sp")),
        },
        Value::Iterator(_) => match iterate::elements(v) {
            Some(items) => convert(&Value::array(items?), map, ind, depth + 1)?,
            None => s.string(&super::to_display(v)),
        },
        Value::Array(items) => array(items, f, map, ind, depth)?,
        Value::Hash(h) => match f.conv {
            'a' => {
                let pairs = h
                    .iter()
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                    .collect();
                convert(&Value::array(pairs), map, ind, depth + 1)?
            }
            'h' | 's' | 'p' => hash(h, f, map, ind, depth)?,
            c => return Err(illegal("Hash", c, "hasp")),
        },
    })
}

/// An Object in the alternate form (`%#p`), as the reference's type formatter expands it:
/// every entry of a hash on a line of its own, an array on lines only when it holds an
/// array or a hash, each closing bracket on a line of its own at its opening line's
/// indentation (`level`); other values in their programmatic form.
fn expanded(v: &Value, level: usize, depth: usize, out: &mut String) -> Result<(), Error> {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return Ok(());
    }
    match v {
        Value::Object(o) => {
            out.push_str(o.typ.label());
            out.push('(');
            expanded_entries(o.init_hash().iter(), level, depth, out)?;
            out.push(')');
        }
        Value::Hash(h) => expanded_entries(h.iter(), level, depth, out)?,
        Value::Array(items)
            if items
                .iter()
                .any(|e| matches!(e, Value::Array(_) | Value::Hash(_))) =>
        {
            out.push_str("[\n");
            for (i, e) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(",\n");
                }
                out.push_str(&padding(level + 1));
                expanded(e, level + 1, depth + 1, out)?;
            }
            out.push('\n');
            out.push_str(&padding(level));
            out.push(']');
        }
        _ => out.push_str(&super::try_programmatic(v)?),
    }
    Ok(())
}

/// A hash's entries for [`expanded`] (an empty one is still two lines, as the reference's).
fn expanded_entries<'a>(
    entries: impl Iterator<Item = (&'a Value, &'a Value)>,
    level: usize,
    depth: usize,
    out: &mut String,
) -> Result<(), Error> {
    out.push_str("{\n");
    let mut any = false;
    for (k, v) in entries {
        if any {
            out.push_str(",\n");
        }
        any = true;
        out.push_str(&padding(level + 1));
        out.push_str(&super::try_programmatic(k)?);
        out.push_str(" => ");
        expanded(v, level + 1, depth + 1, out)?;
    }
    if any {
        out.push('\n');
    }
    out.push_str(&padding(level));
    out.push('}');
    Ok(())
}

/// A Binary: `%B` strict base64 (the default), `%b` RFC 2045 base64, `%u` URL safe base64,
/// `%s` the bytes as UTF-8 text, `%p` `Binary("<base64>")`, `%t`/`%T` the type name. The
/// alternate flag quotes the text.
fn binary(bytes: &[u8], f: &Format) -> Result<String, Error> {
    use crate::convert::binary::{encode_relaxed, encode_strict, encode_urlsafe};
    let s = &f.spec;
    // (base64 is 4/3 of the bytes, copied once padded or quoted; the text of `%#s` may
    // escape each byte)
    let copies = if s.alt { 6 } else { 3 };
    crate::limits::reserve(bytes.len().saturating_mul(copies))?;
    let text = match f.conv {
        'p' => return Ok(format!("Binary(\"{}\")", s.string(&encode_strict(bytes)))),
        's' if s.alt => String::from_utf8_lossy(bytes).into_owned(),
        's' => match std::str::from_utf8(bytes) {
            Ok(text) => text.to_string(),
            Err(e) => {
                let bad = &bytes[e.valid_up_to()..];
                let bad = &bad[..e.error_len().unwrap_or(bad.len()).min(bad.len())];
                let shown: String = bad.iter().map(|b| format!("\\x{b:02X}")).collect();
                return Err(Error::eval(format!("\"{shown}\" from ASCII-8BIT to UTF-8")));
            }
        },
        'b' => encode_relaxed(bytes),
        'B' => encode_strict(bytes),
        'u' => encode_urlsafe(bytes),
        't' => "Binary".to_string(),
        'T' => "BINARY".to_string(),
        c => return Err(illegal("Binary", c, "bButTsp")),
    };
    Ok(if s.alt {
        s.string(&format!("{text:?}"))
    } else {
        s.string(&text)
    })
}

fn boolean(b: bool, f: &Format) -> Result<String, Error> {
    let s = &f.spec;
    let word = |long: &'static str| {
        if s.alt {
            long[..1].to_string()
        } else {
            long.to_string()
        }
    };
    Ok(match f.conv {
        't' => s.string(&word(if b { "true" } else { "false" })),
        'T' => s.string(&word(if b { "True" } else { "False" })),
        'y' => s.string(&word(if b { "yes" } else { "no" })),
        'Y' => s.string(&word(if b { "Yes" } else { "No" })),
        'd' | 'x' | 'X' | 'o' | 'b' | 'B' => integer(i64::from(b), f)?,
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => float_value(if b { 1.0 } else { 0.0 }, f)?,
        's' | 'p' => s.string(if b { "true" } else { "false" }),
        c => return Err(illegal("Boolean", c, "tTyYdxXobBeEfgGaAsp")),
    })
}

fn integer(i: i64, f: &Format) -> Result<String, Error> {
    // The conversion letter is checked before Ruby sees the flags.
    let s = || f.ruby_spec();
    Ok(match f.conv {
        'd' | 'x' | 'X' | 'o' | 'b' | 'B' => s()?.integer(f.conv, i128::from(i)),
        'p' => s()?.string(&i.to_string()),
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => s()?.float(f.conv, i as f64),
        'c' => {
            let c = u32::try_from(i)
                .ok()
                .and_then(char::from_u32)
                .ok_or_else(|| Error::eval("pack(U): value out of range"))?
                .to_string();
            s()?.string(&if f.spec.alt { format!("\"{c}\"") } else { c })
        }
        's' if f.spec.alt => s()?.string(&quote::ruby_inspect(&i.to_string())),
        's' => s()?.string(&i.to_string()),
        c => return Err(illegal("Integer", c, "dxXobBeEfgGaAspc")),
    })
}

fn float_value(x: f64, f: &Format) -> Result<String, Error> {
    // The conversion letter is checked before Ruby sees the flags.
    let s = || f.ruby_spec();
    Ok(match f.conv {
        'd' | 'x' | 'X' | 'o' | 'b' | 'B' => {
            s()?.integer(f.conv, ruby::to_integer(&Value::Float(x))?)
        }
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => s()?.float(f.conv, x),
        'p' => s()?.string(&float::ruby_float_to_s(x)),
        's' if f.spec.alt => s()?.string(&format!("\"{}\"", float::ruby_float_to_s(x))),
        's' => s()?.string(&float::ruby_float_to_s(x)),
        c => return Err(illegal("Float", c, "dxXobBeEfgGaAsp")),
    })
}

/// Ruby's `capitalize`: the first character upper case, the rest lower case.
fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c
            .to_uppercase()
            .chain(chars.flat_map(char::to_lowercase))
            .collect(),
        None => String::new(),
    }
}

fn string(text: &str, f: &Format) -> Result<String, Error> {
    let s = &f.spec;
    let changed = match f.conv {
        's' => return Ok(f.ruby_spec()?.string(text)),
        'p' => {
            return Ok(s.string(&if s.alt {
                quote::double_quote(text)
            } else {
                quote::puppet_quote(text)
            }))
        }
        'c' => capitalize(text),
        'C' => text
            .split("::")
            .map(capitalize)
            .collect::<Vec<_>>()
            .join("::"),
        'u' => text.to_uppercase(),
        'd' => text.to_lowercase(),
        't' => text
            .trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0')
            .to_string(),
        c => return Err(illegal("String", c, "cCudspt")),
    };
    Ok(if s.alt {
        s.string(&quote::puppet_quote(&changed))
    } else {
        f.ruby_spec()?.string(&changed)
    })
}

/// Values the reference formats with Ruby's `format` directly (Timespan, Timestamp,
/// SemVer, SemVerRange, Sensitive).
fn runtime_object(v: &Value, f: &Format) -> Result<String, Error> {
    // The programmatic form of time and version values ignores flags and width.
    if f.conv == 'p' && !matches!(v, Value::Sensitive(_)) {
        return Ok(super::to_programmatic(v));
    }
    let s = f.ruby_spec()?;
    Ok(match f.conv {
        's' => s.string(&super::to_display(v)),
        'p' => s.string(&super::to_programmatic(v)),
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' => {
            let n = match v {
                Value::Timespan(t) => i128::from(t.nanos.div_euclid(1_000_000_000) as i64),
                Value::Timestamp(t) => i128::from(t.nanos.div_euclid(1_000_000_000) as i64),
                other => ruby::to_integer(other)?,
            };
            s.integer(
                if matches!(f.conv, 'i' | 'u') {
                    'd'
                } else {
                    f.conv
                },
                n,
            )
        }
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => s.float(f.conv, ruby::to_float(v)?),
        'c' => s.string(&sprintf::character(v)?),
        c => return Err(Error::eval(format!("malformed format string - %{c}"))),
    })
}

fn is_container(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::Hash(_))
}

/// Converts an element: containers with the whole map, other values with the
/// container's `string_formats`.
fn element(
    v: &Value,
    map: &FormatMap,
    string_formats: &FormatMap,
    ind: Indent,
    depth: usize,
) -> Result<String, Error> {
    convert(
        v,
        if is_container(v) { map } else { string_formats },
        ind,
        depth + 1,
    )
}

fn array(
    items: &[Value],
    f: &Format,
    map: &FormatMap,
    ind: Indent,
    depth: usize,
) -> Result<String, Error> {
    if !matches!(f.conv, 'a' | 's' | 'p') {
        return Err(illegal("Array", f.conv, "asp"));
    }
    let sep = f.separator.as_deref().unwrap_or(", ");
    let defaults;
    let string_formats = match &f.string_formats {
        Some(m) => &**m,
        None => {
            defaults = default_container_formats();
            &*defaults
        }
    };
    let (open, close) = f.delimiters(("[", "]"));
    let ind = ind.indenting(f.spec.alt || ind.indenting);
    let mut buf = String::new();
    if ind.breaks() {
        buf.push('\n');
        buf.push_str(&ind.padding());
    }
    buf.push_str(open);
    let child = ind.increase(f.spec.alt).subsequent();
    let mapped = items
        .iter()
        .map(|v| element(v, map, string_formats, child, depth))
        .collect::<Result<Vec<_>, _>>()?;
    // With `#` and a width, runs of non-container elements longer than the width break.
    let size_break = match f.spec.width {
        Some(width) if f.spec.alt => {
            let mut widest = 0;
            let mut run = 0;
            for (v, text) in items.iter().zip(&mapped) {
                if is_container(v) {
                    run = 0;
                } else {
                    run += text.chars().count();
                    widest = widest.max(run);
                }
            }
            widest > width
        }
        _ => false,
    };
    let padding = ind.increase(f.spec.alt).padding();
    for (i, (v, text)) in items.iter().zip(&mapped).enumerate() {
        if i == 0 {
            if size_break && !is_container(v) {
                buf.push(' ');
            }
        } else {
            buf.push_str(sep);
            let after_container = f.spec.alt && is_container(&items[i - 1]) && !is_container(v);
            if (size_break && !is_container(v)) || after_container {
                if !buf.ends_with('\n') {
                    buf.truncate(buf.trim_end().len());
                }
                buf.push('\n');
                buf.push_str(&padding);
            }
        }
        if buf.ends_with(' ') && text.starts_with('\n') {
            buf.truncate(buf.trim_end().len());
        }
        buf.push_str(text);
    }
    buf.push_str(close);
    Ok(buf)
}

fn hash(
    h: &crate::values::Map,
    f: &Format,
    map: &FormatMap,
    ind: Indent,
    depth: usize,
) -> Result<String, Error> {
    let mut sep = f.separator.as_deref().unwrap_or(", ").to_string();
    let assoc = f.separator2.as_deref().unwrap_or(" => ");
    let defaults;
    let string_formats = match &f.string_formats {
        Some(m) => &**m,
        None => {
            defaults = default_container_formats();
            &*defaults
        }
    };
    let (open, close) = f.delimiters(("{", "}"));
    if f.spec.alt {
        if !sep.ends_with('\n') {
            sep.truncate(sep.trim_end().len());
        }
        sep.push('\n');
    }
    let ind = ind.indenting(f.spec.alt || ind.indenting);
    let mut buf = String::new();
    if ind.breaks() {
        buf.push('\n');
        buf.push_str(&ind.padding());
    }
    let child = ind.increase(false);
    let (cond_break, padding) = if f.spec.alt {
        ("\n", child.padding())
    } else {
        ("", String::new())
    };
    buf.push_str(open);
    buf.push_str(cond_break);
    for (i, (k, v)) in h.iter().enumerate() {
        if i > 0 {
            buf.push_str(&sep);
        }
        buf.push_str(&padding);
        buf.push_str(&element(k, map, string_formats, child, depth)?);
        buf.push_str(assoc);
        buf.push_str(&element(v, map, string_formats, child, depth)?);
    }
    if f.spec.alt {
        buf.push_str(cond_break);
        buf.push_str(&ind.padding());
    }
    buf.push_str(close);
    Ok(buf)
}
