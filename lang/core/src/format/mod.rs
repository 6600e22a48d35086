//! Values to text: the `%s` form (interpolation, `notice`), the programmatic `%p` form
//! (results), `String(value, format)` with the full format engine, and `sprintf`.
//!
//! - [`printf`]: Ruby's `format` conversions (flags, width, precision) used by all others.
//! - [`spec`]: format specifications; [`maps`]: type-to-format maps; [`engine`]: the conversion
//!   of each kind of value under a map.
//! - [`sprintf`](mod@sprintf): the `sprintf` function's format strings.
//! - [`float`], [`quote`], [`timetext`], [`ruby`]: text forms of floats, strings, times,
//!   and Ruby's view of values.

mod dtoa_quick;
pub mod engine;
pub mod float;
pub mod maps;
pub mod printf;
pub mod quote;
pub mod ruby;
pub mod spec;
pub mod sprintf;
pub mod timetext;

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod testvalues;

use crate::error::Error;
use crate::types;
use crate::values::Value;
use engine::Indent;
use maps::FormatMap;
use spec::Format;

pub use sprintf::sprintf;

/// Appends the decimal digits of an integer (what `%s`, `%d` and interpolation show),
/// without the general formatting machinery: interpolation and the catalog's JSON text
/// write many.
pub fn push_integer(out: &mut String, i: i64) {
    out.push_str(integer_text(i, &mut [0u8; 20]));
}

/// The decimal digits of an integer (with its sign), written at the end of `digits`: the
/// text [`push_integer`] appends, for writers that do not write into a `String`.
#[inline]
pub fn integer_text(i: i64, digits: &mut [u8; 20]) -> &str {
    /// "00" to "99": two digits written at a time.
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    // 19 digits and a sign at most (i64::MIN is -9223372036854775808).
    let mut n = i.unsigned_abs();
    let mut at = digits.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        at -= 2;
        digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        at -= 2;
        digits[at..at + 2].copy_from_slice(&PAIRS[n as usize * 2..n as usize * 2 + 2]);
    } else {
        at -= 1;
        digits[at] = b'0' + n as u8;
    }
    if i < 0 {
        at -= 1;
        digits[at] = b'-';
    }
    // SAFETY: `digits[at..]` holds only ASCII digits and a minus sign.
    unsafe { std::str::from_utf8_unchecked(&digits[at..]) }
}

/// The form used by string interpolation (`"${v}"`) and by `notice`: strings verbatim,
/// undef empty, and the same inside arrays and hashes (`[1, a, ]`, `{a => 1}`). The
/// reference gives the same text for both uses.
///
/// A value too large to print within the memory limit gives the limit's message; use
/// [`try_display`] where that must be an error.
pub fn to_display(v: &Value) -> String {
    try_display(v).unwrap_or_else(|e| e.message)
}

/// [`to_display`], failing when the text would not fit in the memory limit (values that
/// share parts can expand enormously) or when interrupted.
pub fn try_display(v: &Value) -> Result<String, Error> {
    let mut out = String::new();
    if !matches!(v, Value::Array(_) | Value::Hash(_)) {
        display_into(v, &mut out, 0);
        return Ok(out);
    }
    crate::expansion::check_expansion(v, 1)?;
    display_into(v, &mut out, 0);
    crate::limits::check_interrupt()?;
    Ok(out)
}

fn display_into(v: &Value, out: &mut String, depth: usize) {
    if depth > crate::limits::MAX_VALUE_DEPTH {
        out.push_str("...");
        return;
    }
    crate::limits::deep(|| display_into_here(v, out, depth))
}

fn display_into_here(v: &Value, out: &mut String, depth: usize) {
    match v {
        Value::Undef => {}
        Value::Default => out.push_str("default"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => push_integer(out, *i),
        Value::Float(f) => out.push_str(&float::ruby_float_to_s(*f)),
        Value::String(s) => out.push_str(s),
        Value::Binary(b) => out.push_str(&crate::convert::binary::encode_strict(b)),
        Value::Regexp(re) => out.push_str(&crate::types::regexp_text(re.source())),
        // An interrupt leaves the flag set; the caller or the evaluator reports it.
        Value::Array(_) | Value::Hash(_) if crate::limits::interrupted() => {}
        Value::Array(items) => {
            out.push('[');
            for (i, e) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                display_into(e, out, depth + 1);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                display_into(k, out, depth + 1);
                out.push_str(" => ");
                display_into(e, out, depth + 1);
            }
            out.push('}');
        }
        Value::Type(t) => out.push_str(&crate::types::alias_display(t)),
        Value::Timespan(t) => out.push_str(&timetext::timespan(t)),
        Value::Timestamp(t) => out.push_str(&timetext::timestamp(t)),
        Value::SemVer(v) => out.push_str(&v.to_string()),
        Value::SemVerRange(r) => out.push_str(&r.text),
        Value::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
        Value::Object(_) => out.push_str(&to_programmatic(v)),
        Value::Uri(u) => out.push_str(&u.to_string()),
        Value::Iterator(_) => {
            out.push_str(&types::infer_generalized(v).to_string());
            out.push_str("-Value");
        }
    }
}

/// `String(v, '%p')`: the form every result is printed in. A value too large to print
/// within the memory limit gives the limit's message; use [`try_programmatic`] where that
/// must be an error.
pub fn to_programmatic(v: &Value) -> String {
    try_programmatic(v).unwrap_or_else(|e| e.message)
}

/// [`to_programmatic`], failing when the text would not fit in the memory limit or when
/// interrupted.
pub fn try_programmatic(v: &Value) -> Result<String, Error> {
    crate::expansion::check_expansion(v, 2)?;
    reserve_for_text(v)?;
    Ok(match v {
        Value::Timespan(t) => format!("Timespan('{}')", timetext::timespan(t)),
        Value::Timestamp(t) => format!("Timestamp('{}')", timetext::timestamp(t)),
        Value::SemVer(s) => format!("SemVer({})", quote::puppet_quote(&s.to_string())),
        Value::SemVerRange(r) => format!("SemVerRange({})", quote::puppet_quote(&r.text)),
        Value::Sensitive(_) => "#<Sensitive [value redacted]>".into(),
        _ => {
            let top = Format::parse("%p").unwrap_or_else(|_| unreachable!("%p is a valid format"));
            let map = maps::default_formats();
            match engine::convert_with(v, &top, &map, Indent::TOP, 0) {
                Ok(text) => text,
                Err(e) if e.kind == crate::ErrorKind::Interrupted => return Err(e),
                Err(e) => e.message,
            }
        }
    })
}

/// The error the reference's printing of `v` as a result (`String(v, '%p')`) raises: a
/// type holding a pattern Ruby cannot compile (`Regexp['(']`, `[Regexp['(']]`,
/// `Optional[Regexp['(']]`) compiles it to print it and fails with Ruby's message alone
/// (a `Puppet::Error`, no "Evaluation Error" prefix), also in a `Sensitive` result (whose
/// value it looks at at the top level only: `[Sensitive(Regexp['('])]` prints). `None` at
/// once unless the process made such a pattern.
pub fn printing_error(v: &Value) -> Option<Error> {
    if !crate::values::regexp::Regexp::invalid_made() {
        return None;
    }
    let v = match v {
        Value::Sensitive(inner) => &**inner,
        other => other,
    };
    // (display defers the pattern's error, see `types::display`)
    let earlier = crate::limits::take_deferred_error();
    let _ = try_programmatic(v);
    let found = crate::limits::take_deferred_error();
    if let Some(e) = earlier {
        crate::limits::defer_error(e);
    }
    found.map(|e| Error::new(crate::ErrorKind::Failed, e.message))
}

/// A long string printed is copied as it is quoted, then once more: checked first (the
/// measure of collections is `check_expansion`'s).
fn reserve_for_text(v: &Value) -> Result<(), Error> {
    match v {
        Value::String(s) if s.len() >= 4096 => crate::limits::reserve(s.len().saturating_mul(3)),
        _ => Ok(()),
    }
}

/// A format string parsed, kept by its text per thread (a conversion in a loop gives the
/// same text each time).
fn parsed_format(text: &str) -> Result<std::rc::Rc<Format>, Error> {
    use std::rc::Rc;
    thread_local! {
        static PARSED: std::cell::RefCell<rustc_hash::FxHashMap<Box<str>, Rc<Format>>> =
            Default::default();
    }
    if let Some(f) = PARSED.with(|p| p.borrow().get(text).cloned()) {
        return Ok(f);
    }
    let f = Rc::new(Format::parse(text)?);
    PARSED.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() >= 256 {
            p.clear();
        }
        p.insert(text.into(), f.clone());
    });
    Ok(f)
}

/// `String(value, format)`: `format` is `default`, a format string, or a map from types
/// to formats (strings or `{format, separator, separator2, string_formats}` hashes),
/// merged with the default formats.
pub fn format_value(v: &Value, format: &Value) -> Result<String, Error> {
    maps::check_formats_arg(format)?;
    crate::expansion::check_expansion(v, 1)?;
    reserve_for_text(v)?;
    let defaults = maps::default_formats();
    match format {
        Value::String(text) => {
            let f = parsed_format(text)?;
            // A format string applies to the value itself; for an array or hash it is the
            // format of all arrays (hashes) so that nested ones follow it.
            let key = match v {
                Value::Array(_) => Some(maps::ContainerKey::Array),
                Value::Hash(_) => Some(maps::ContainerKey::Hash),
                _ => None,
            };
            match key {
                Some(key) => {
                    let map = maps::defaults_with_container_format(key, &f);
                    engine::convert(v, &map, Indent::TOP, 0)
                }
                None => engine::convert_with(v, &f, &defaults, Indent::TOP, 0),
            }
        }
        Value::Hash(_) => {
            let user = maps::user_map(format, format)?;
            let map: FormatMap = maps::merge(&defaults, &user);
            engine::convert(v, &map, Indent::TOP, 0)
        }
        _ => engine::convert(v, &defaults, Indent::TOP, 0),
    }
}
