//! The reference's wording when a constructor's arguments match none of its signatures.

use crate::error::Error;
use crate::values::{Map, Value};

/// One signature as the reference prints it, with its argument count range.
pub(crate) struct Signature {
    pub text: &'static str,
    pub min: usize,
    pub max: usize,
}

/// `expects 1 argument, got 2`, or `None` when the count fits.
pub(crate) fn arity_reason(sig: &Signature, got: usize) -> Option<String> {
    if (sig.min..=sig.max).contains(&got) {
        return None;
    }
    Some(if sig.min == sig.max {
        match sig.min {
            0 => format!("expects no arguments, got {got}"),
            1 => format!("expects 1 argument, got {got}"),
            n => format!("expects {n} arguments, got {got}"),
        }
    } else {
        format!(
            "expects between {} and {} arguments, got {got}",
            sig.min, sig.max
        )
    })
}

/// The error listing every signature with why it rejected the arguments. When every
/// signature rejects the argument count, the short form `'NAME' expects ...` is used.
pub(crate) fn mismatch(
    function: &str,
    sigs: &[Signature],
    args: &[Value],
    reasons: &[Vec<String>],
) -> Error {
    let got = args.len();
    if sigs.iter().all(|s| arity_reason(s, got).is_some()) {
        let min = sigs.iter().map(|s| s.min).min().unwrap_or(0);
        let max = sigs.iter().map(|s| s.max).max().unwrap_or(0);
        let got_text = if got == 0 {
            "none".to_string()
        } else {
            got.to_string()
        };
        let range = match (min, max) {
            (0, max) => format!("at most {max}"),
            (min, max) if min == max => format!("{min}"),
            (min, max) => format!("between {min} and {max}"),
        };
        let noun = if max == 1 { "argument" } else { "arguments" };
        return Error::eval(format!(
            "'{function}' expects {range} {noun}, got {got_text}"
        ));
    }
    let mut msg = format!("The function '{function}' was called with arguments it does not accept. It expects one of:");
    for (sig, why) in sigs.iter().zip(reasons) {
        msg.push_str(&format!("\n  ({})", sig.text));
        for r in why {
            msg.push_str(&format!("\n    rejected: {r}"));
        }
    }
    Error::eval(msg)
}

/// The name of a value's type as the reference shows it after `got`.
pub(crate) fn got(v: &Value) -> String {
    match v {
        Value::Undef => "Undef".into(),
        Value::Default => "Default".into(),
        Value::Boolean(_) => "Boolean".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regexp(_) => "Regexp".into(),
        Value::Array(_) => "Tuple".into(),
        Value::Hash(_) => "Struct".into(),
        Value::Type(_) => "Type".into(),
        Value::Timespan(_) => "Timespan".into(),
        Value::Timestamp(_) => "Timestamp".into(),
        Value::SemVer(_) => "SemVer".into(),
        Value::SemVerRange(_) => "SemVerRange".into(),
        Value::Sensitive(_) => "Sensitive".into(),
        Value::Iterator(_) => "Iterator".into(),
        Value::Binary(_) => "Binary".into(),
        Value::Object(o) => o.typ.label().into(),
        Value::Uri(_) => "URI".into(),
    }
}

/// A value's check as [`struct_reasons`]' `entry` gives it: `expects WHY` when refused.
pub(crate) fn expects<T>(check: Result<T, String>) -> Option<Vec<String>> {
    check.err().map(|why| vec![format!("expects {why}")])
}

/// Why a constructor's hash argument `param` is refused, worded as the reference describes a
/// Struct mismatch: the struct's keys (`keys`, in its order) first, a required one missing
/// or its value refused (`entry` gives the reasons after `entry 'KEY'`, none when the value
/// is fine), then the hash's keys the struct does not have, in the hash's order.
pub(crate) fn struct_reasons(
    param: &str,
    h: &Map,
    required: &[&str],
    keys: &[&str],
    entry: &dyn Fn(&str, &Value) -> Option<Vec<String>>,
) -> Vec<String> {
    let mut out = Vec::new();
    for key in keys {
        match h.get(&Value::from(*key)) {
            None if required.contains(key) => out.push(format!(
                "parameter '{param}' expects a value for key '{key}'"
            )),
            None => {}
            Some(v) => {
                for tail in entry(key, v).unwrap_or_default() {
                    out.push(format!("parameter '{param}' entry '{key}' {tail}"));
                }
            }
        }
    }
    for k in h.keys() {
        match k.as_str() {
            Some(key) if keys.contains(&key) => {}
            Some(key) => out.push(format!("parameter '{param}' unrecognized key '{key}'")),
            None => out.push(format!(
                "parameter '{param}' unrecognized key {}",
                crate::format::to_programmatic(k)
            )),
        }
    }
    out
}
