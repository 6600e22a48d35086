//! How `sprintf` sees Puppet values: the reference hands them to Ruby's `Kernel#format`,
//! so `%s` is Ruby's `to_s`, `%p` Ruby's `inspect`, and numeric conversions go through
//! Ruby's `Integer()` / `Float()`.

use super::{float, quote, to_display};
use crate::convert::numbers;
use crate::error::Error;
use crate::values::Value;

/// Ruby's `to_s` of the value as the reference passes it to `format`.
pub fn to_s(v: &Value) -> String {
    match v {
        Value::Array(_) | Value::Hash(_) => inspect(v),
        _ => to_display(v),
    }
}

/// Whether the reference hands the value to Ruby as the string of its Puppet form: a
/// regexp (`/a/`), a version, a time value, a binary (`format`'s arguments, the older
/// function API's `Runtime3FunctionArgumentConverter`).
pub fn handed_as_string(v: &Value) -> bool {
    matches!(
        v,
        Value::Regexp(_)
            | Value::Timespan(_)
            | Value::Timestamp(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_)
            | Value::Binary(_)
    )
}

/// Ruby's `inspect`: strings double quoted, `nil`, `{"a"=>1}`; a regexp as the string
/// `format` is given (`"/a/"`).
pub fn inspect(v: &Value) -> String {
    let mut out = String::new();
    inspect_into(v, &mut out, 0, false);
    out
}

/// Ruby's `inspect` of a value as a function of the 4.x API holds it: a regexp is a
/// `Regexp` (`/a/`).
pub fn inspect_objects(v: &Value) -> String {
    let mut out = String::new();
    inspect_into(v, &mut out, 0, true);
    out
}

const MAX_DEPTH: usize = 512;

fn inspect_into(v: &Value, out: &mut String, depth: usize, regexps: bool) {
    if depth > MAX_DEPTH {
        out.push_str("[...]");
        return;
    }
    match v {
        Value::Undef => out.push_str("nil"),
        Value::String(s) => out.push_str(&quote::ruby_inspect(s)),
        Value::Float(f) => out.push_str(&float::ruby_float_to_s(*f)),
        Value::Array(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect_into(e, out, depth + 1, regexps);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect_into(k, out, depth + 1, regexps);
                out.push_str("=>");
                inspect_into(e, out, depth + 1, regexps);
            }
            out.push('}');
        }
        // The reference hands `default` to Ruby as a Symbol, a Sensitive as its Ruby object,
        // and regexps, time and version values as strings in their Puppet form.
        Value::Default => out.push_str(":default"),
        Value::Regexp(_) if regexps => out.push_str(&to_display(v)),
        Value::Sensitive(_) => out.push_str("#<Sensitive [value redacted]>"),
        _ if handed_as_string(v) => out.push_str(&quote::ruby_inspect(&to_display(v))),
        other => out.push_str(&to_display(other)),
    }
}

/// The Ruby class of a value as the reference holds it (`obj.class`): `Integer`, `NilClass`,
/// `Puppet::Pops::Types::PIntegerType`, `Puppet::Pops::Time::Timespan`.
pub fn class_name(v: &Value) -> String {
    match v {
        Value::Type(t) => type_class(t),
        // (the built-in `Error` is the reference's `Puppet::DataTypes::Error`)
        Value::Object(o) if o.typ.label() == "Error" => "Puppet::DataTypes::Error".to_string(),
        Value::Object(o) => o.typ.label().to_string(),
        other => crate::time::coerce::ruby_class(other).to_string(),
    }
}

/// The class name Ruby reports in "no implicit conversion of X into String": the class,
/// or `nil`, `true`, `false` for those.
pub fn conversion_class(v: &Value) -> String {
    match v {
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        other => ruby_class(other),
    }
}

/// The class name Ruby reports in "can't convert X into Integer".
fn ruby_class(v: &Value) -> String {
    match v {
        Value::Type(t) => type_class(t),
        other => value_class(other).to_string(),
    }
}

/// The reference's class for a type value: `Puppet::Pops::Types::PIntegerType` for
/// `Integer[1, 2]`, `PTypeAliasType` for `Data`, `RichData` and aliases.
pub fn type_class(t: &crate::types::PType) -> String {
    use crate::types::PType;
    let base = match t {
        PType::Data | PType::RichData | PType::Alias(_) => "TypeAlias".to_string(),
        PType::Resource { .. } => "Resource".to_string(),
        PType::ObjectType(_) => "Object".to_string(),
        t => {
            let shown = t.to_string();
            shown.split('[').next().unwrap_or_default().to_string()
        }
    };
    format!("Puppet::Pops::Types::P{base}Type")
}

fn value_class(v: &Value) -> &'static str {
    match v {
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        Value::Undef => "nil",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Regexp(_) => "Regexp",
        Value::Default => "Symbol",
        Value::SemVer(_) => "SemanticPuppet::Version",
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange",
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        _ => "Object",
    }
}

/// How Ruby's `NoMethodError` names its receiver (Ruby 3.1): `1:Integer`, `nil:NilClass`,
/// `[1, "a"]:Array`; an inspection longer than 65 characters is Ruby's default `#<Array:0x...>`
/// (an address, given here as zeros), and one starting with `#` has no class after it.
pub fn no_method_receiver(v: &Value) -> String {
    let class = class_name(v);
    if !matches!(
        v,
        Value::Undef
            | Value::Boolean(_)
            | Value::Integer(_)
            | Value::Float(_)
            | Value::String(_)
            | Value::Array(_)
            | Value::Hash(_)
            | Value::Regexp(_)
            | Value::Default
    ) {
        return format!("#<{class}:0x0000000000000000>");
    }
    let shown = inspect_objects(v);
    if shown.chars().count() > 65 {
        format!("#<{class}:0x0000000000000000>")
    } else {
        format!("{shown}:{class}")
    }
}

/// Ruby's `Integer(v)` as `%d %x %o %b %c` apply it.
pub fn to_integer(v: &Value) -> Result<i128, Error> {
    match v {
        Value::Integer(i) => Ok(*i as i128),
        Value::Float(f) => {
            if f.is_nan() {
                Err(Error::eval("NaN"))
            } else if f.is_infinite() {
                Err(Error::eval(if *f > 0.0 { "Infinity" } else { "-Infinity" }))
            } else if f.abs() >= 1.7e38 {
                Err(Error::eval(format!(
                    "{} is too large to format",
                    float::ruby_float_to_s(*f)
                )))
            } else {
                Ok(f.trunc() as i128)
            }
        }
        Value::String(s) => numbers::ruby_integer(s, None)
            .map(|i| i as i128)
            .ok_or_else(|| {
                Error::eval(format!(
                    "invalid value for Integer(): {}",
                    quote::ruby_inspect(s)
                ))
            }),
        Value::Timespan(_) | Value::Timestamp(_) => to_float(v).map(|f| f.trunc() as i128),
        // A regexp is converted in its `/.../` form, which is no number.
        Value::Regexp(_) => Err(Error::eval(format!(
            "invalid value for Integer(): {}",
            quote::ruby_inspect(&to_display(v))
        ))),
        other => Err(Error::eval(format!(
            "can't convert {} into Integer",
            ruby_class(other)
        ))),
    }
}

/// Ruby's `Float(v)` as `%f %e %g %a` apply it.
pub fn to_float(v: &Value) -> Result<f64, Error> {
    match v {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        // The reference shows the string's bytes here (`"\xC3\xBC"` for `ü`).
        Value::String(s) => numbers::ruby_float(s).ok_or_else(|| {
            Error::eval(format!(
                "invalid value for Float(): {}",
                bytes_escaped(&quote::ruby_inspect(s))
            ))
        }),
        Value::Regexp(_) => Err(Error::eval(format!(
            "invalid value for Float(): {}",
            bytes_escaped(&quote::ruby_inspect(&to_display(v)))
        ))),
        Value::Timespan(t) => Ok(t.nanos as f64 / 1e9),
        Value::Timestamp(t) => Ok(t.nanos as f64 / 1e9),
        other => Err(Error::eval(format!(
            "can't convert {} into Float",
            ruby_class(other)
        ))),
    }
}

/// `text` with each non-ASCII character written as its UTF-8 bytes (`\xC3\xBC`), as Ruby
/// inspects a binary string.
fn bytes_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02X}"));
            }
        }
    }
    out
}

/// The message of `%c` for a value that is no character and no number.
pub fn no_character(v: &Value) -> Error {
    match v {
        Value::Undef
        | Value::Regexp(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Timespan(_)
        | Value::Timestamp(_) => Error::eval("%c requires a character"),
        other => Error::eval(format!(
            "no implicit conversion of {} into Integer",
            ruby_class(other)
        )),
    }
}
