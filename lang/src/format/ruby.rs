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

/// Ruby's `inspect`: strings double quoted, `nil`, `{"a"=>1}`.
pub fn inspect(v: &Value) -> String {
    let mut out = String::new();
    inspect_into(v, &mut out, 0);
    out
}

const MAX_DEPTH: usize = 512;

fn inspect_into(v: &Value, out: &mut String, depth: usize) {
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
                inspect_into(e, out, depth + 1);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect_into(k, out, depth + 1);
                out.push_str("=>");
                inspect_into(e, out, depth + 1);
            }
            out.push('}');
        }
        other => out.push_str(&to_display(other)),
    }
}

/// The class name Ruby reports in "can't convert X into Integer".
fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        Value::Undef => "nil",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Regexp(_) => "Regexp",
        Value::Type(_) => "Puppet::Pops::Types::PAnyType",
        Value::Default => "Symbol",
        Value::SemVer(_) => "SemanticPuppet::Version",
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange",
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        _ => "Object",
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
        Value::String(s) => numbers::ruby_float(s).ok_or_else(|| {
            Error::eval(format!(
                "invalid value for Float(): {}",
                quote::ruby_inspect(s)
            ))
        }),
        Value::Timespan(t) => Ok(t.nanos as f64 / 1e9),
        Value::Timestamp(t) => Ok(t.nanos as f64 / 1e9),
        other => Err(Error::eval(format!(
            "can't convert {} into Float",
            ruby_class(other)
        ))),
    }
}
